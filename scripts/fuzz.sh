#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (build-fuzz/) and runs each for FUZZ_SECONDS
# (default 60) from the seed corpus in tests/fuzz/corpus/<target>/. New inputs go to a
# scratch folder, not the repository. A crash fails the run; its input is left in
# build-fuzz/crashes/ to become a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh build fuzz
seconds=${FUZZ_SECONDS:-60}
CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMUSTER_FUZZ=ON -DMUSTER_BUILD_GUI=OFF >/dev/null
cmake --build build-fuzz --parallel "$(nproc)"
mkdir -p build-fuzz/crashes
for target in rules oob report dice text; do
  scratch=$(mktemp -d)
  log=build-fuzz/fuzz_$target.log
  echo "fuzz_$target: ${seconds}s"
  if ! build-fuzz/tests/fuzz/fuzz_$target "$scratch" tests/fuzz/corpus/$target -max_total_time="$seconds" \
       -max_len=65536 -artifact_prefix=build-fuzz/crashes/$target- -print_final_stats=1 >"$log" 2>&1; then
    tail -40 "$log"
    echo "fuzz_$target found a crash: see build-fuzz/crashes/" >&2
    exit 1
  fi
  grep -E "^stat::number_of_executed_units|^Done" "$log" | sed "s/^/  /"
  rm -rf "$scratch"
done
