#!/usr/bin/env bash
# A private single-node Slurm for the `cluster` tests (docs/guide/regress.md "Slurm"): its own munge
# key and socket, its own slurm.conf, state, spool, logs and pid files in one folder of the
# build tree, unusual ports, so it touches no system configuration and no other Slurm.
#
#   scripts/slurm-private.sh start [DIR]   start munged, slurmctld, slurmd; wait for the node
#   scripts/slurm-private.sh stop  [DIR]   stop the three daemons by their PIDs
#   scripts/slurm-private.sh env   [DIR]   print the SLURM_CONF line for a shell
#
# DIR defaults to build/slurm. Needs root (slurmd runs the jobs as their user) and the Debian
# packages slurmd slurmctld slurm-client munge (scripts/bootstrap-slurm.sh installs them).
set -euo pipefail

action=${1:-}
dir=${2:-build/slurm}
case "$action" in start|stop|env) ;; *) echo "usage: $0 start|stop|env [DIR]" >&2; exit 2 ;; esac
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
conf=$dir/slurm.conf
host=$(hostname -s)
# Ports no Debian service uses by default (slurm's own are 6817/6818).
ctld_port=${GTSIM_SLURMCTLD_PORT:-26817}
slurmd_port=${GTSIM_SLURMD_PORT:-26818}

stop_pidfile() {
  local file=$1 pid
  [ -s "$file" ] || return 0
  pid=$(cat "$file")
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$file"
}

if [ "$action" = env ]; then
  echo "export SLURM_CONF=$conf"
  exit 0
fi

if [ "$action" = stop ]; then
  # Jobs first, while the controller is there to cancel them.
  if [ -s "$dir/slurmctld.pid" ] && kill -0 "$(cat "$dir/slurmctld.pid")" 2>/dev/null; then
    SLURM_CONF=$conf timeout 10 scancel --quiet --user "$(id -un)" 2>/dev/null || true
  fi
  stop_pidfile "$dir/slurmd.pid"
  stop_pidfile "$dir/slurmctld.pid"
  stop_pidfile "$dir/munged.pid"
  echo "slurm-private: stopped ($dir)"
  exit 0
fi

for tool in munged slurmctld slurmd sinfo srun; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "slurm-private: error: '$tool' not found (scripts/bootstrap-slurm.sh installs slurmd slurmctld slurm-client munge)" >&2
    exit 1
  fi
done
if [ "$(id -u)" -ne 0 ]; then
  echo "slurm-private: error: needs root (SlurmUser=root; slurmd starts the jobs)" >&2
  exit 1
fi
if [ -s "$dir/slurmctld.pid" ] && kill -0 "$(cat "$dir/slurmctld.pid")" 2>/dev/null; then
  echo "slurm-private: already running ($dir); '$0 stop $dir' first" >&2
  exit 1
fi
mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
chmod 0700 "$dir/munge"

# munge: its own key (1 KiB of random bytes, mode 0400) and socket.
key=$dir/munge/munge.key
if [ ! -s "$key" ]; then
  head -c 1024 /dev/urandom > "$key"
  chmod 0400 "$key"
fi
socket=$dir/munge/munge.socket
munged --force --socket="$socket" --key-file="$key" --pid-file="$dir/munged.pid" \
  --log-file="$dir/munged.log" --seed-file="$dir/munge/munge.seed"

cat > "$conf" <<CONF
# Private single-node cluster of scripts/slurm-private.sh (generated; see docs/guide/regress.md).
ClusterName=gtsim
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
ReturnToService=2
KillWait=5
InactiveLimit=0
MinJobAge=2
SlurmdTimeout=30
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=gtsim Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF

export SLURM_CONF=$conf
slurmctld -D -c > "$dir/slurmctld.out" 2>&1 &
echo $! > "$dir/slurmctld.pid.launch"
slurmd -D > "$dir/slurmd.out" 2>&1 &
echo $! > "$dir/slurmd.pid.launch"
# The daemons write their own pid files; keep the launch pids until they do.
cp "$dir/slurmctld.pid.launch" "$dir/slurmctld.pid"
cp "$dir/slurmd.pid.launch" "$dir/slurmd.pid"
rm -f "$dir/slurmctld.pid.launch" "$dir/slurmd.pid.launch"

for _ in $(seq 60); do
  state=$(timeout 5 sinfo -h -o %T 2>/dev/null | head -1 || true)
  case "$state" in idle*|mixed*|allocated*) echo "slurm-private: node $host $state ($conf)"; echo "export SLURM_CONF=$conf"; exit 0 ;; esac
  sleep 0.5
done
echo "slurm-private: error: node not idle after 30 s; logs in $dir" >&2
tail -n 5 "$dir/slurmctld.log" "$dir/slurmd.log" "$dir/slurmctld.out" "$dir/slurmd.out" >&2 2>/dev/null || true
"$0" stop "$dir" >/dev/null 2>&1 || true
exit 1
