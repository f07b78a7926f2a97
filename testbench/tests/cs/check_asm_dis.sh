#!/bin/sh
# Assembles SOURCE, disassembles the dwords and compares with EXPECTED (the golden listing),
# then assembles that listing again and checks that it gives the same bytes: the text form and
# the binary form round-trip through `gtsim asm` and `gtsim dis`.
#
# usage: check_asm_dis.sh GTSIM PROFILE[/ENGINE] SOURCE EXPECTED [check...]
#   ENGINE (default rcs) is the engine the golden listing is disassembled for
#   --first-bytes "B0 B1 B2 B3"   the file starts with these bytes (little-endian dwords)
#   --engine-has ENGINE TEXT      `gtsim dis --engine ENGINE` prints TEXT (fixed string)
#   --engine-lacks ENGINE TEXT    ... and does not print TEXT
#   --same-as FILE                the assembled bytes equal FILE (a committed binary)
set -u
if [ $# -lt 4 ]; then
    echo "usage: $0 GTSIM PROFILE SOURCE EXPECTED [check...]" >&2
    exit 2
fi
gtsim=$1 profile=${2%/*} source=$3 expected=$4
engine=rcs
case $2 in */*) engine=${2#*/} ;; esac
shift 4
dir=$(mktemp -d) || exit 2
trap 'rm -rf "$dir"' EXIT
status=0
fail() {
    printf 'CHECK FAILED: %s\n' "$*"
    status=1
}

"$gtsim" asm --profile "$profile" "$source" -o "$dir/a.bin" 2>"$dir/err" || { cat "$dir/err"; fail "asm $source"; }
[ -s "$dir/err" ] && { cat "$dir/err"; fail "asm wrote to stderr"; }
"$gtsim" dis --profile "$profile" --engine "$engine" "$dir/a.bin" >"$dir/a.dis" 2>"$dir/err" || { cat "$dir/err"; fail "dis"; }
if ! diff -u "$expected" "$dir/a.dis"; then
    fail "disassembly differs from $expected"
fi
"$gtsim" asm --profile "$profile" "$dir/a.dis" -o "$dir/b.bin" 2>"$dir/err" || { cat "$dir/err"; fail "asm of the listing"; }
cmp "$dir/a.bin" "$dir/b.bin" || fail "asm(dis(asm(SOURCE))) differs from asm(SOURCE)"

while [ $# -gt 0 ]; do
    case $1 in
        --first-bytes)
            got=$(od -An -tx1 -N4 "$dir/a.bin" | tr -s ' ' | sed 's/^ //; s/ $//')
            [ "$got" = "$2" ] || fail "first bytes '$got', expected '$2'"
            shift 2 ;;
        --engine-has|--engine-lacks)
            "$gtsim" dis --profile "$profile" --engine "$2" "$dir/a.bin" >"$dir/e.dis" 2>&1 || fail "dis --engine $2"
            if grep -qF -e "$3" "$dir/e.dis"; then
                [ "$1" = --engine-lacks ] && fail "dis --engine $2 has: $3"
            else
                [ "$1" = --engine-has ] && fail "dis --engine $2 lacks: $3"
            fi
            shift 3 ;;
        --same-as)
            cmp "$dir/a.bin" "$2" || fail "asm(SOURCE) differs from $2"
            shift 2 ;;
        *) echo "$0: unknown check '$1'" >&2; exit 2 ;;
    esac
done
[ $status -eq 0 ] && echo "all checks held"
exit $status
