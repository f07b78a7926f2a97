#!/usr/bin/env bash
# Builds the libFuzzer harnesses of testbench/fuzz/ with clang, ASan and UBSan in their own
# build tree and runs each for a bounded time (docs/guide/testing.md "Fuzzing").
#
# usage: scripts/fuzz.sh [--time SECONDS] [--jobs N] [--build DIR] [HARNESS...]
#   --time SECONDS  per harness (default 60, or $GTSIM_FUZZ_SECONDS)
#   --jobs N        parallel fuzzing processes per harness (default 1: libFuzzer -fork=N above 1)
#   --build DIR     build tree (default build-fuzz)
#   HARNESS...      scenario scenario_parse commands regress_list coverage engine (default: all)
# The working corpus of each harness starts from its seeds (testbench/fuzz/corpus/NAME/) and
# grows in DIR/corpus/NAME/, so a long campaign resumes where it left. A finding (crash, leak,
# sanitizer report, timeout) leaves its input in DIR/findings/NAME/ and makes the script exit 1:
# copy the input into testbench/fuzz/corpus/NAME/ with the fix, and ctest replays it for ever.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${GTSIM_FUZZ_SECONDS:-60}
jobs=1
build=build-fuzz
harnesses=()
while [ $# -gt 0 ]; do
  case "$1" in
    --time) seconds=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "fuzz.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *) harnesses+=("$1"); shift ;;
  esac
done
if [ ${#harnesses[@]} -eq 0 ]; then
  harnesses=(scenario scenario_parse commands regress_list coverage engine)
fi
case "$seconds" in ''|*[!0-9]*) echo "fuzz.sh: --time '$seconds': expected whole seconds" >&2; exit 2 ;; esac
for h in "${harnesses[@]}"; do
  [ -d "testbench/fuzz/corpus/$h" ] || { echo "fuzz.sh: no harness '$h'" >&2; exit 2; }
done
command -v clang >/dev/null || { echo "fuzz.sh: clang is missing (scripts/bootstrap.sh installs it)" >&2; exit 1; }

CC=clang CXX=clang++ scripts/build.sh "$build" fuzzers -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGTSIM_SANITIZE=ON \
  -DGTSIM_FUZZ=ON -DGTSIM_BUILD_BENCHMARKS=OFF

# Every report is fatal; leaks are findings too.
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
status=0
summary=()
for h in "${harnesses[@]}"; do
  corpus="$build/corpus/$h"
  findings="$build/findings/$h"
  mkdir -p "$corpus" "$findings"
  log="$build/fuzz-$h.log"
  fork=()
  [ "$jobs" -gt 1 ] && fork=(-fork="$jobs" -ignore_crashes=0)
  echo "== fuzz $h: ${seconds} s =="
  # -timeout: an input slower than 10 s is a finding (the harnesses bound their own runs to 1 s).
  # -rss_limit_mb: an input that makes the code under test allocate 2 GiB is a finding.
  if "$build/testbench/fuzz/fuzz_$h" "${fork[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
      -max_len=65536 -print_final_stats=1 -artifact_prefix="$findings/" "$corpus" "testbench/fuzz/corpus/$h" \
      >"$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    summary+=("$h: ${runs:-?} inputs, ${rate:-?} per second, no finding")
  else
    status=1
    tail -n 40 "$log" >&2
    summary+=("$h: FINDING (log $log; input in $findings/)")
  fi
done
echo "== fuzz summary (${seconds} s each) =="
printf '  %s\n' "${summary[@]}"
exit $status
