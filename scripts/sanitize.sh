#!/usr/bin/env bash
# The test suite built with AddressSanitizer and UndefinedBehaviorSanitizer (build-asan/);
# any report fails the run. Benchmarks are left out.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh build gui test
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DMUSTER_SANITIZE=ON -DMUSTER_BUILD_GUI=ON -DMUSTER_BUILD_TESTS=ON >/dev/null
cmake --build build-asan --parallel "$(nproc)"
cd build-asan
# Mesa's software renderer keeps allocations for the life of the process: leaks are not
# checked in the GUI test alone (ASan's other checks still run there).
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export ASAN_OPTIONS=abort_on_error=1:strict_string_checks=1
export LSAN_OPTIONS=suppressions=$PWD/../tests/lsan.supp:print_suppressions=0
ctest --output-on-failure --parallel "$(nproc)" -LE bench -E gui_under_xvfb
ASAN_OPTIONS=abort_on_error=1:detect_leaks=0 ctest --output-on-failure -R gui_under_xvfb
