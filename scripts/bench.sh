#!/usr/bin/env bash
# Builds and runs every benchmark in tests/bench/, printing their figures.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh build test
bash scripts/build.sh -DMUSTER_BUILD_TESTS=ON
for b in build/tests/bench/bench_*; do
  [ -x "$b" ] && "$b" "$@"
done
