#!/bin/sh
# Temporal decoupling changes nothing a run shows (docs/reference/cs.md "Temporal decoupling"):
# each scenario runs with every engine's quantum forced to 0 (GTSIM_CS_QUANTUM=0: one kernel
# event per command, the reference) and with the default quantum, verbose (every statement with
# its sim time), every log line down to debug, and a VCD of every traced row (engine heads,
# states, commands and registers, interrupt lines, bus transactions) — and the two runs must
# give the same exit status, the same output and the same waveform, byte for byte.
# With --no-wave the runs write no waveform and only the output is compared: an untraced kernel
# is where an engine runs simple commands without the general path's bookkeeping
# (docs/reference/cs.md "Simple commands"), so this compares that path with the reference.
# usage: check_decoupling.sh GTSIM WORKDIR [--no-wave] [--mode "GTSIM OPTIONS"]... SCENARIO...
set -u
gtsim=$1
work=$2
shift 2
modes=""
wave="--wave run.vcd"
while [ "${1:-}" = "--mode" ] || [ "${1:-}" = "--no-wave" ]; do
  if [ "$1" = "--no-wave" ]; then
    wave=""
    shift
    continue
  fi
  modes="$modes$2|" # each mode ends with a separator, so a lone empty mode is one mode
  shift 2
done
[ -n "$modes" ] || modes="|"
failed=0
compared=0
mkdir -p "$work/reference" "$work/decoupled"
for scenario in "$@"; do
  oldifs=$IFS
  IFS='|'
  for mode in $modes; do
    IFS=$oldifs
    rm -f "$work/reference/run.vcd" "$work/decoupled/run.vcd"
    # shellcheck disable=SC2086 # the mode and the wave option are lists of options
    (cd "$work/reference" && GTSIM_CS_QUANTUM=0 "$gtsim" run -v --log-level debug $wave $mode "$scenario" \
       >out.txt 2>&1; echo "exit $?" >>out.txt)
    # shellcheck disable=SC2086
    (cd "$work/decoupled" && env -u GTSIM_CS_QUANTUM "$gtsim" run -v --log-level debug $wave $mode "$scenario" \
       >out.txt 2>&1; echo "exit $?" >>out.txt)
    if ! cmp -s "$work/reference/out.txt" "$work/decoupled/out.txt"; then
      echo "FAIL: $scenario ${mode:-(C models)}: output differs:"
      diff "$work/reference/out.txt" "$work/decoupled/out.txt" | head -20
      failed=$((failed + 1))
    elif [ -z "$wave" ]; then
      if [ -e "$work/decoupled/run.vcd" ]; then
        echo "FAIL: $scenario ${mode:-(C models)}: a waveform was written without --wave"
        failed=$((failed + 1))
      fi
    elif ! cmp -s "$work/reference/run.vcd" "$work/decoupled/run.vcd"; then
      echo "FAIL: $scenario ${mode:-(C models)}: waveform differs:"
      diff "$work/reference/run.vcd" "$work/decoupled/run.vcd" | head -20
      failed=$((failed + 1))
    elif [ "$(wc -l <"$work/decoupled/run.vcd")" -lt 20 ]; then
      echo "FAIL: $scenario ${mode:-(C models)}: no waveform to compare"
      failed=$((failed + 1))
    fi
    compared=$((compared + 1))
    IFS='|'
  done
  IFS=$oldifs
done
echo "$compared runs compared, $failed differ"
[ "$failed" -eq 0 ] && [ "$compared" -gt 0 ]
