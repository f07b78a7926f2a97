#!/bin/sh
# The `cluster` test (docs/guide/regress.md "Slurm"): the smoke suite through `--launcher slurm` on
# a running private Slurm (scripts/slurm-private.sh) gives the same jobs, seeds and verdicts,
# JUnit test cases and merged coverage as the local run; a failed job's log and waveform and
# a job's coverage come back through the output directory; a job that hangs past its timeout
# ends as TIMEOUT and leaves no allocation (squeue empty), and so does an interrupted run. Exit 77 (skipped) when no private
# Slurm is running.
#   regress_slurm_test.sh GTSIM PROJECT_LIST CLUSTER_LIST SLURM_CONF SCRATCH
set -u
gtsim=$1 list=$2 cluster_list=$3 conf=${SLURM_CONF:-$4} scratch=$5
if [ ! -f "$conf" ] || ! command -v srun >/dev/null 2>&1; then
  echo "no private Slurm (scripts/slurm-private.sh start; $conf): skipped"
  exit 77
fi
export SLURM_CONF="$conf"
if ! timeout 5 sinfo -h -o %T 2>/dev/null | grep -qE 'idle|mixed|allocated'; then
  echo "the Slurm of $conf does not answer: skipped"
  exit 77
fi
rm -rf "$scratch" && mkdir -p "$scratch" && cd "$scratch" || exit 1
failures=0
check() { # check DESCRIPTION COMMAND...
  what=$1; shift
  if "$@"; then echo "ok: $what"; else echo "FAILED: $what"; failures=$((failures + 1)); fi
}
job_lines() { # STATE ID seed S, sorted, time dropped
  grep -E '^(PASS|FAIL|TIMEOUT|NOT RUN) ' "$1" | sed -E 's/ +[0-9]+\.[0-9]+ s / /; s/  \((exit|signal|killed).*//' | sort
}
junit_cases() {
  python3 -c "import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); print('\n'.join(sorted(s.get('name') + '|' + c.get('classname') + '|' + c.get('name') + '|' + str(c.find('failure') is not None) for s in r.iter('testsuite') for c in s.iter('testcase'))))" "$1"
}

"$gtsim" regress "$list" --suite smoke -j 2 --seed 1234 --out local --junit local.xml > local.txt 2>&1
local_status=$?
start=$(date +%s)
"$gtsim" regress "$list" --suite smoke -j 2 --seed 1234 --out slurm --junit slurm.xml --launcher slurm \
  --slurm-args "--partition=gtsim" > slurm.txt 2>&1
slurm_status=$?
echo "smoke: local exit $local_status, slurm exit $slurm_status ($(( $(date +%s) - start )) s through Slurm)"
job_lines local.txt > local.jobs
job_lines slurm.txt > slurm.jobs
check "smoke ran jobs" test -s local.jobs
check "the same exit status" test "$local_status" = "$slurm_status"
check "every job, seed and verdict the same" cmp local.jobs slurm.jobs
junit_cases local.xml > local.cases
junit_cases slurm.xml > slurm.cases
check "the same JUnit test cases and failures" cmp local.cases slurm.cases
check "the same merged coverage" cmp local/coverage.txt slurm/coverage.txt
check "the run said it used Slurm" grep -q 'launcher slurm' slurm.txt

"$gtsim" regress "$cluster_list" -j 2 --seed 7 --out c-local > c-local.txt 2>&1
start=$(date +%s)
"$gtsim" regress "$cluster_list" -j 2 --seed 7 --out c-slurm --junit c.xml --launcher slurm > c-slurm.txt 2>&1
check "a failing run exits 1" test $? -eq 1
took=$(( $(date +%s) - start ))
job_lines c-local.txt > c-local.jobs
job_lines c-slurm.txt > c-slurm.jobs
check "cluster list: every job, seed and verdict the same" cmp c-local.jobs c-slurm.jobs
check "the hung job timed out" grep -q '^TIMEOUT .* cluster/hangs ' c-slurm.txt
check "the hung job ended within its timeout and the grace period ($took s)" test "$took" -lt 30
check "the failed job's waveform came back" test -s "$(sed -n 's/^ *waveform: //p' c-slurm.txt | head -1)"
check "the failed job's log came back" grep -q 'failing with <markup> & a wave' c-slurm/logs/cluster-*keeps-wave-0.log
check "its log tail is in the JUnit file" grep -q 'failing with &lt;markup&gt; &amp; a wave' c.xml
check "coverage came back" cmp c-local/coverage.txt c-slurm/coverage.txt
# No allocation left behind: the hung job's srun cancelled it on SIGTERM.
left=1
for _ in $(seq 20); do
  if [ -z "$(squeue -h -o %i 2>/dev/null)" ]; then left=0; break; fi
  sleep 0.5
done
check "squeue empty after the timeout" test "$left" -eq 0
squeue -h 2>/dev/null

# SIGINT to the runner: each running srun gets SIGTERM (not SIGKILL), so no allocation stays.
printf 'suite s\ntest sleeps seeds 2 -- sleep 300\n' > interrupt.list
"$gtsim" regress interrupt.list -j 2 --out int --launcher slurm > int.txt 2>&1 &
runner=$!
running=0
for _ in $(seq 40); do
  if [ "$(squeue -h -t R -o %i 2>/dev/null | wc -l)" -ge 1 ]; then running=1; break; fi
  sleep 0.25
done
check "the jobs got an allocation" test "$running" -eq 1
kill -INT "$runner"
wait "$runner"
check "an interrupted run exits 1" test $? -eq 1
check "its jobs are NOT RUN" grep -q '^NOT RUN ' int.txt
left=1
for _ in $(seq 40); do
  if [ -z "$(squeue -h -o %i 2>/dev/null)" ]; then left=0; break; fi
  sleep 0.5
done
check "squeue empty after the interrupt" test "$left" -eq 0
if [ "$left" -ne 0 ]; then squeue -h -o '%i %t %M %j' 2>/dev/null; cat int.txt; fi
if [ "$failures" -ne 0 ]; then
  echo "--- slurm.txt (tail)"; tail -n 30 slurm.txt; echo "--- c-slurm.txt"; cat c-slurm.txt
  exit 1
fi
echo "cluster: all checks passed"
