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

# Debian's maintainer scripts would start the daemons with the system configuration: --no-start.
# shellcheck source=scripts/apt-install.sh
. "$(dirname "$0")/apt-install.sh"
apt_install_missing bootstrap-slurm --no-start "${packages[@]}" || exit 1
