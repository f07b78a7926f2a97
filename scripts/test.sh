#!/usr/bin/env bash
# Installs what is missing, builds everything and runs every test twice: a normal build
# (build/) and an ASan+UBSan build (build-asan/). `--quick` runs the normal build only.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0
for arg in "$@"; do
  case "$arg" in
    --quick) quick=1 ;;
    -h|--help) echo "usage: scripts/test.sh [--quick]"; exit 0 ;;
    *) echo "test.sh: unknown argument '$arg' (usage: scripts/test.sh [--quick])" >&2; exit 2 ;;
  esac
done
scripts/bootstrap.sh

run_suite() {
  local dir=$1; shift
  scripts/build.sh "$dir" all "$@"
  ctest --test-dir "$dir" -j "$(nproc)" --output-on-failure --timeout 300
}

if [ "$quick" -eq 0 ]; then
  echo "== ASan+UBSan build =="
  run_suite build-asan -DCMAKE_BUILD_TYPE=Debug -DGTSIM_SANITIZE=ON -DGTSIM_BUILD_BENCHMARKS=OFF
fi
echo "== normal build =="
run_suite build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGTSIM_BUILD_BENCHMARKS=ON
