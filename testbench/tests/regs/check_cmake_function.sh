#!/bin/sh
# Tests gtsim_add_register_block() on cmake_project/:
#   1. a bad source fails the configure and shows the generator's message;
#   2. a good source configures, sets every property and a STATIC <block>_regs;
#   3. editing the source, then building, re-runs the generator.
#   check_cmake_function.sh CMAKE GTSIM_SOURCE_DIR SCRATCH_DIR
set -u
cmake=$1 root=$2 scratch=$3
here=$root/testbench/tests/regs
project=$here/cmake_project
rm -rf "$scratch"
mkdir -p "$scratch"
fail() {
    echo "FAIL: $*"
    exit 1
}

# 1. Bad source: configure fails with the generator's own message.
if "$cmake" -S "$project" -B "$scratch/bad" -DGTSIM_SOURCE_DIR="$root" -DREGS_BLOCK=bad \
    -DREGS_SOURCE="$here/bad/overlapping_fields.toml" >"$scratch/bad.log" 2>&1; then
    cat "$scratch/bad.log"
    fail "configure succeeded on a bad source"
fi
tr -s "[:space:]" " " <"$scratch/bad.log" | grep -qF "Register generator failed on ../bad/overlapping_fields.toml (exit status 2)" ||
    { cat "$scratch/bad.log"; fail "no 'Register generator failed' line"; }
grep -qxF "../bad/overlapping_fields.toml: register A.G: bits 4:3 overlap field F (bits 3:0)" "$scratch/bad.log" ||
    { cat "$scratch/bad.log"; fail "the generator's message is missing"; }

# 2. Good source (a copy, so step 3 can edit it).
mkdir -p "$scratch/src"
cp "$here/regtest_regs.toml" "$scratch/src/regtest_regs.toml"
"$cmake" -S "$project" -B "$scratch/good" -DGTSIM_SOURCE_DIR="$root" -DREGS_BLOCK=regtest \
    -DREGS_SOURCE="$scratch/src/regtest_regs.toml" >"$scratch/good.log" 2>&1 ||
    { cat "$scratch/good.log"; fail "configure failed on a good source"; }
out=$scratch/good/generated/regs/regtest
for line in "GTSIM_REGS_regtest_DIR=$out" "GTSIM_REGS_regtest_PREFIX=REGTEST" \
    "GTSIM_REGS_regtest_SV_PACKAGE=$out/regtest_regs_pkg.sv" "GTSIM_REGS_regtest_SV_TABLE=$out/regtest_regs_table.sv" \
    "GTSIM_REGS_regtest_MARKDOWN=$out/regtest_regs.md" "regtest_regs TYPE=STATIC_LIBRARY"; do
    grep -qxF -- "-- $line" "$scratch/good.log" || { cat "$scratch/good.log"; fail "missing '-- $line'"; }
done
for file in regtest_regs.h regtest_regs.c regtest_regs_pkg.sv regtest_regs_table.sv regtest_regs.md; do
    [ -s "$out/$file" ] || fail "$out/$file was not generated"
done

# 3. An edit of the source regenerates at the next build.
grep -q "REGTEST_DATA_RESET 0xDEADBEEFu" "$out/regtest_regs.h" || fail "unexpected DATA reset before the edit"
sed 's/reset = 0xDEADBEEF/reset = 0xFEEDF00D/' "$scratch/src/regtest_regs.toml" >"$scratch/src/edited" &&
    mv "$scratch/src/edited" "$scratch/src/regtest_regs.toml"
"$cmake" --build "$scratch/good" --target noop >"$scratch/rebuild.log" 2>&1 ||
    { cat "$scratch/rebuild.log"; fail "build after the edit failed"; }
grep -q "REGTEST_DATA_RESET 0xFEEDF00Du" "$out/regtest_regs.h" ||
    { cat "$scratch/rebuild.log"; fail "editing the source did not regenerate the header"; }
echo "ok: gtsim_add_register_block fails on bad input, sets its outputs and regenerates on edit"
