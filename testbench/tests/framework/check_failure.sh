#!/bin/sh
# Runs one test of a shim demo program alone and checks how it failed (or skipped).
#
# usage: check_failure.sh <program> <Suite.Name> <source.c> [check...]
#   --line KEY      the output has "<source>:<N>: Failure" (or ": Skipped"), N being
#                   the only line of <source.c> containing the marker "/* @line:KEY */"
#   --failures N    the output has exactly N "<source>:<line>: Failure" reports
#   --has TEXT      the output contains TEXT (fixed string)
#   --lacks TEXT    the output does not contain TEXT
#   --aborts        the test dies by a signal (no gtest FAILED line expected)
#   --startup       the program refuses to start: no test may run at all
#   --skips         the test is skipped, not failed: exit status 0, gtest SKIPPED
# Always: no output line says MUST-NOT-RUN. Unless --skips: the exit status is
# not 0. Unless --startup: the test ran, and gtest reported it FAILED (SKIPPED).
set -u

if [ $# -lt 3 ]; then
    echo "usage: $0 <program> <Suite.Name> <source.c> [check...]" >&2
    exit 2
fi
program=$1
test_name=$2
source=$3
shift 3
source_name=${source##*/}

output=$("$program" "--gtest_filter=$test_name" 2>&1)
rc=$?
printf '%s\n' "$output"
printf -- '--- %s exited with status %s ---\n' "$test_name" "$rc"

status=0
fail() {
    printf 'CHECK FAILED: %s\n' "$*"
    status=1
}
contains() {
    case $output in
        *"$1"*) return 0 ;;
    esac
    return 1
}

aborts=0
startup=0
skips=0
while [ $# -gt 0 ]; do
    option=$1
    case $option in
        --aborts) aborts=1; shift; continue ;;
        --startup) startup=1; shift; continue ;;
        --skips) skips=1; shift; continue ;;
    esac
    if [ $# -lt 2 ]; then
        echo "$0: $option needs an argument" >&2
        exit 2
    fi
    value=$2
    shift 2
    case $option in
        --line)
            lines=$(grep -n -F "/* @line:$value */" "$source" | cut -d: -f1)
            count=$(printf '%s' "$lines" | grep -c .)
            if [ "$count" -ne 1 ]; then
                fail "marker @line:$value is on $count lines of $source, expected 1"
            elif ! contains "$source_name:$lines: Failure" &&
                 ! contains "$source_name:$lines: Skipped"; then
                fail "no failure reported at $source_name:$lines (marker @line:$value)"
            fi
            ;;
        --failures)
            count=$(printf '%s\n' "$output" | grep -c -E "$source_name:[0-9]+: Failure")
            [ "$count" -eq "$value" ] || fail "$count failures reported, expected $value"
            ;;
        --has)
            contains "$value" || fail "output lacks: $value"
            ;;
        --lacks)
            contains "$value" && fail "output has: $value"
            ;;
        *)
            echo "$0: unknown check $option" >&2
            exit 2
            ;;
    esac
done

contains "MUST-NOT-RUN" && fail "code marked MUST-NOT-RUN ran"
if [ "$skips" -eq 1 ]; then
    [ "$rc" -eq 0 ] || fail "exit status is $rc, expected 0 for a skipped test"
else
    [ "$rc" -ne 0 ] || fail "exit status is 0"
fi
if [ "$startup" -eq 1 ]; then
    contains "[ RUN      ]" && fail "a test ran although the program must refuse to start"
else
    # A filter that matches nothing also exits 0 with no RUN line; catch typos.
    contains "[ RUN      ] $test_name" || fail "test $test_name did not run"
    if [ "$skips" -eq 1 ]; then
        contains "[  SKIPPED ] $test_name" || fail "gtest did not report $test_name as SKIPPED"
        contains "[  FAILED  ]" && fail "gtest reported a failure in a skipped test"
    elif [ "$aborts" -eq 1 ]; then
        [ "$rc" -gt 128 ] || fail "exit status $rc is not a death by signal"
    else
        contains "[  FAILED  ] $test_name" || fail "gtest did not report $test_name as FAILED"
    fi
fi
exit "$status"
