#!/usr/bin/env bash
# Configures and builds one build tree quietly, printing the log only when a step fails.
# usage: scripts/build.sh BUILD_DIR [TARGET|all] [cmake -D options...]
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=$1
target=${2:-all}
shift $(( $# >= 2 ? 2 : 1 ))
mkdir -p "$build_dir"
log="$build_dir/gtsim-build.log"
if ! cmake -S . -B "$build_dir" "$@" >"$log" 2>&1; then
  cat "$log" >&2
  echo "build: configuring $build_dir failed (log: $log)" >&2
  exit 1
fi
if ! cmake --build "$build_dir" --target "$target" -j "$(nproc)" >>"$log" 2>&1; then
  tail -n 60 "$log" >&2
  echo "build: building $target in $build_dir failed (log: $log)" >&2
  exit 1
fi
echo "build: $target built in $build_dir"
