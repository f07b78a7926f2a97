#!/bin/sh
# Runs the register generator on one bad source and checks that it fails the way the source
# says: exit status 2, exactly the "# expect: " lines of the file on stderr (in order), nothing
# on stdout, and no generated file left behind.
#   check_bad_source.sh PYTHON REGGEN SOURCE.toml SCRATCH_DIR
# A "# args: ..." line in the source adds generator options (word-split).
set -u
python=$1 reggen=$2 source=$3 scratch=$4

dir=$(dirname "$source")
name=$(basename "$source")
expected=$(sed -n 's/^# expect: //p' "$source")
args=$(sed -n 's/^# args: //p' "$source")
if [ -z "$expected" ]; then
    echo "FAIL: $source has no '# expect: ' line"
    exit 1
fi

rm -rf "$scratch"
mkdir -p "$scratch"
# shellcheck disable=SC2086 # args is a word list on purpose
actual=$(cd "$dir" && "$python" "$reggen" $args --out-dir "$scratch/out" "$name" 2>&1 >"$scratch/stdout")
status=$?

failed=0
if [ "$status" -ne 2 ]; then
    echo "FAIL: exit status $status, expected 2"
    failed=1
fi
if [ "$actual" != "$expected" ]; then
    echo "FAIL: messages differ"
    printf '%s\n' "$expected" >"$scratch/expected"
    printf '%s\n' "$actual" >"$scratch/actual"
    diff -u "$scratch/expected" "$scratch/actual"
    failed=1
fi
if [ -s "$scratch/stdout" ]; then
    echo "FAIL: unexpected output on stdout:"
    cat "$scratch/stdout"
    failed=1
fi
if [ -e "$scratch/out" ]; then
    echo "FAIL: the generator wrote outputs for a bad source:"
    ls "$scratch/out"
    failed=1
fi
[ "$failed" -eq 0 ] && echo "ok: $name rejected with $(printf '%s\n' "$expected" | wc -l) expected message(s)"
exit "$failed"
