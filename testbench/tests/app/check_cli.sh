#!/bin/sh
# Runs a command once (gtsim) and checks its exit status and output.
#
# usage: check_cli.sh [check...] -- <program> [argument...]
#   --exit N                the exit status is N
#   --stdout-has TEXT       stdout contains TEXT (fixed string); --stderr-has likewise
#   --stdout-lacks TEXT     stdout does not contain TEXT; --stderr-lacks likewise
#   --stdout-empty          nothing on stdout; --stderr-empty likewise
#   --last-line TEXT        the last line of stdout is exactly TEXT
#   --last-line-matches RE  the last line of stdout matches the extended regular expression RE
#   --skip-if TEXT          if stderr contains TEXT, exit 77 (ctest SKIP_RETURN_CODE) instead:
#                           for modes the simulated system does not offer yet
set -u

checks_file=$(mktemp) || exit 2
out=$(mktemp) || exit 2
err=$(mktemp) || exit 2
trap 'rm -f "$checks_file" "$out" "$err"' EXIT

# Checks are kept (NUL-free, one per line pair) until the command has run.
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    case $1 in
        --stdout-empty|--stderr-empty) printf '%s\n%s\n' "$1" "" >>"$checks_file"; shift ;;
        --exit|--stdout-has|--stderr-has|--stdout-lacks|--stderr-lacks|--last-line|--last-line-matches|--skip-if)
            if [ $# -lt 2 ]; then
                echo "$0: $1 needs an argument" >&2
                exit 2
            fi
            printf '%s\n%s\n' "$1" "$2" >>"$checks_file"
            shift 2 ;;
        *) echo "$0: unknown check '$1'" >&2; exit 2 ;;
    esac
done
if [ $# -lt 2 ]; then
    echo "usage: $0 [check...] -- <program> [argument...]" >&2
    exit 2
fi
shift

"$@" >"$out" 2>"$err"
rc=$?
printf -- '--- command: %s\n--- exit status: %s\n--- stdout:\n' "$*" "$rc"
cat "$out"
printf -- '--- stderr:\n'
cat "$err"
printf -- '---\n'

status=0
fail() {
    printf 'CHECK FAILED: %s\n' "$*"
    status=1
}
has() { # file text
    grep -qF -e "$2" "$1"
}
last_line=$(tail -n 1 "$out")

while IFS= read -r check && IFS= read -r value; do
    case $check in
        --skip-if)
            if has "$err" "$value"; then
                echo "SKIPPED: stderr says '$value'"
                exit 77
            fi ;;
    esac
done <"$checks_file"

while IFS= read -r check && IFS= read -r value; do
    case $check in
        --exit) [ "$rc" -eq "$value" ] || fail "exit status $rc, expected $value" ;;
        --stdout-has) has "$out" "$value" || fail "stdout lacks: $value" ;;
        --stderr-has) has "$err" "$value" || fail "stderr lacks: $value" ;;
        --stdout-lacks) has "$out" "$value" && fail "stdout has: $value" ;;
        --stderr-lacks) has "$err" "$value" && fail "stderr has: $value" ;;
        --stdout-empty) [ -s "$out" ] && fail "stdout is not empty" ;;
        --stderr-empty) [ -s "$err" ] && fail "stderr is not empty" ;;
        --last-line) [ "$last_line" = "$value" ] || fail "last line is '$last_line', expected '$value'" ;;
        --last-line-matches)
            printf '%s\n' "$last_line" | grep -qE -e "$value" || fail "last line '$last_line' does not match $value" ;;
    esac
done <"$checks_file"

[ $status -eq 0 ] && echo "all checks held"
exit $status
