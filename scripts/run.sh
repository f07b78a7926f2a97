#!/usr/bin/env bash
# The main job: installs what is missing, builds gtsim and runs the embedded default scenario.
# Arguments are passed to gtsim.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
scripts/build.sh build gtsim -DCMAKE_BUILD_TYPE=RelWithDebInfo
exec build/gtsim "$@"
