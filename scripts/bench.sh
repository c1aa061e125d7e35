#!/usr/bin/env bash
# Builds and runs every benchmark in tests/bench/, printing their figures.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh build gui test
bash scripts/build.sh -DMUSTER_BUILD_GUI=ON -DMUSTER_BUILD_TESTS=ON -DMUSTER_BUILD_BENCH=ON
for b in build/tests/bench/bench_*; do
  [ -x "$b" ] || continue
  case "$b" in
    *bench_gui|*bench_growth) xvfb-run -a -s "-screen 0 1280x800x24" "$b" "$@" ;;  # needs a display
    *) "$b" "$@" ;;
  esac
done
