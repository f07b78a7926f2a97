#!/usr/bin/env bash
# Installs the Debian 12 packages of the `cluster` tests (a private single-node Slurm,
# scripts/slurm-private.sh), only those that are missing. Separate from scripts/bootstrap.sh:
# only CI's cluster step and people who run the cluster tests need them.
set -euo pipefail

packages=(
  slurmd        # the node daemon that runs the jobs
  slurmctld     # the controller
  slurm-client  # srun, sinfo, squeue, scancel
  munge         # Slurm's authentication (a private key and socket)
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "bootstrap-slurm: all ${#packages[@]} packages present"
  exit 0
fi
echo "bootstrap-slurm: installing ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo_cmd=(sudo -n)
  else
    echo "bootstrap-slurm: error: need root (or sudo) to install: ${missing[*]}" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
if ! "${sudo_cmd[@]}" apt-get update -qq; then
  echo "bootstrap-slurm: error: 'apt-get update' failed; check network access to the Debian mirrors" >&2
  exit 1
fi
# Debian's maintainer scripts would start the daemons with the system configuration; a
# policy-rc.d that refuses (101) keeps them stopped when the image has none.
policy=/usr/sbin/policy-rc.d
made_policy=0
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' | "${sudo_cmd[@]}" tee "$policy" >/dev/null
  "${sudo_cmd[@]}" chmod 0755 "$policy"
  made_policy=1
fi
status=0
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/tmp/gtsim-bootstrap-slurm.log 2>&1 || status=$?
if [ "$made_policy" -eq 1 ]; then
  "${sudo_cmd[@]}" rm -f "$policy"
fi
if [ "$status" -ne 0 ]; then
  tail -n 20 /tmp/gtsim-bootstrap-slurm.log >&2
  echo "bootstrap-slurm: error: could not install: ${missing[*]} (log: /tmp/gtsim-bootstrap-slurm.log)" >&2
  exit 1
fi
echo "bootstrap-slurm: installed ${missing[*]}"
