#!/usr/bin/env bash
# Runs each libFuzzer target of the clang build (build-check/, made by scripts/sanitize.sh if
# it is not there) for FUZZ_SECONDS (default 60) from the seed corpus in
# tests/fuzz/corpus/<target>/. New inputs go to a scratch folder, not the repository. A crash
# fails the run; its input is left in build-check/crashes/ to become a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
targets=(rules oob report dice text)
if [ ! -x build-check/tests/fuzz/fuzz_rules ]; then
  bash scripts/deps.sh build gui test fuzz
  CXX=clang++ cmake -S . -B build-check -G Ninja -DCMAKE_BUILD_TYPE=Check -DMUSTER_SANITIZE=ON -DMUSTER_FUZZ=ON \
    -DMUSTER_BUILD_GUI=ON -DMUSTER_BUILD_TESTS=ON -DMUSTER_BUILD_BENCH=OFF -DCMAKE_CXX_FLAGS_CHECK="-O1 -gline-tables-only" >/dev/null
  cmake --build build-check --parallel "$(nproc)" --target "${targets[@]/#/fuzz_}"
fi
mkdir -p build-check/crashes
# One fuzzer a core at a time; each is one process.
fuzz() {
  local target=$1 scratch log=build-check/fuzz_$1.log
  scratch=$(mktemp -d)
  if ! build-check/tests/fuzz/fuzz_$target "$scratch" tests/fuzz/corpus/$target -max_total_time="$seconds" \
       -max_len=65536 -artifact_prefix=build-check/crashes/$target- -print_final_stats=1 >"$log" 2>&1; then
    rm -rf "$scratch"
    return 1
  fi
  rm -rf "$scratch"
}
failed=()
jobs=$(nproc)
for ((i = 0; i < ${#targets[@]}; i += jobs)); do
  batch=("${targets[@]:i:jobs}")
  pids=()
  for target in "${batch[@]}"; do
    echo "fuzz_$target: ${seconds}s"
    fuzz "$target" &
    pids+=($!)
  done
  for j in "${!pids[@]}"; do
    wait "${pids[$j]}" || failed+=("${batch[$j]}")
  done
done
for target in "${targets[@]}"; do
  grep -E "^stat::number_of_executed_units|^Done" build-check/fuzz_$target.log | sed "s/^/  fuzz_$target: /"
done
for target in "${failed[@]}"; do
  tail -40 build-check/fuzz_$target.log
  echo "fuzz_$target found a crash: see build-check/crashes/" >&2
done
[ ${#failed[@]} -eq 0 ]
