#!/usr/bin/env bash
# The README's second command, and what CI runs: installs, builds, runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh build gui test
bash scripts/build.sh -DMUSTER_BUILD_GUI=ON -DMUSTER_BUILD_TESTS=ON -DMUSTER_BUILD_BENCH=OFF
cd build
ctest --output-on-failure --parallel "$(nproc)"
