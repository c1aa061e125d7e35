#!/usr/bin/env bash
# The test suite built with clang's AddressSanitizer and UndefinedBehaviorSanitizer
# (build-check/); any report fails the run. The same build holds the libFuzzer targets
# (scripts/fuzz.sh runs them). Not in CI, for its time (docs/development.md). Benchmarks are
# not built, nor the GUI (its tests run in the release build, under Xvfb); the long
# statistical and crash series run a fifth of their length (MUSTER_TEST_SCALE_DOWN): here they
# are there for memory errors on the way.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh build test fuzz
CXX=clang++ cmake -S . -B build-check -G Ninja -DCMAKE_BUILD_TYPE=Check -DMUSTER_SANITIZE=ON -DMUSTER_FUZZ=ON \
  -DMUSTER_BUILD_GUI=OFF -DMUSTER_BUILD_TESTS=ON -DMUSTER_BUILD_BENCH=OFF -DCMAKE_CXX_FLAGS_CHECK="-O1 -gline-tables-only" >/dev/null
cmake --build build-check --parallel "$(nproc)"
cd build-check
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export ASAN_OPTIONS=abort_on_error=1:strict_string_checks=1
export MUSTER_TEST_SCALE_DOWN=${MUSTER_TEST_SCALE_DOWN:-5}
# The damaged-file series runs one quarter here (the other three run in the release build):
# under the sanitizers it is there for memory errors on the way, which one quarter's commands
# meet as well as four. Left to the release build too: the statistical series, the random
# battle and undo/redo sequences and the season played through (their code runs in every other
# test) and the browser (Chromium's time, not muster's).
ctest --output-on-failure --parallel "$(nproc)" -LE 'bench|gui' \
  -E 'damaged in turn \((second|third|fourth) quarter\)|exact odds match|follow tables 1 3 4|fractional battery comes in|In a real browser|undone and redone step by step|Random battle sequences|A season through the command line|SIGKILL at random moments|check verifies the database itself'
