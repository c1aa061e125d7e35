#!/usr/bin/env bash
# Runs each libFuzzer target of a clang build under AddressSanitizer and
# UndefinedBehaviorSanitizer for FUZZ_SECONDS (default 60) from the seed corpus in
# tests/fuzz/corpus/<target>/: scripts/sanitize.sh's build ($build/, -O1) if there is one,
# or else the fuzz targets alone and what they link, built here (build-fuzz/, -O0: it compiles in
# half the time, which a short run does not win back). New inputs go to a scratch folder, not the
# repository. A crash fails the run; its input is left in crashes/ of that build to become a
# regression test.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
targets=(rules oob report dice text pdf)
build=build-check
if [ ! -x $build/tests/fuzz/fuzz_rules ]; then
  build=build-fuzz
  bash scripts/deps.sh build test fuzz
  CXX=clang++ cmake -S . -B $build -G Ninja -DCMAKE_BUILD_TYPE=Check -DMUSTER_SANITIZE=ON -DMUSTER_FUZZ=ON \
    -DMUSTER_BUILD_GUI=OFF -DMUSTER_BUILD_TESTS=ON -DMUSTER_BUILD_BENCH=OFF -DCMAKE_CXX_FLAGS_CHECK="-O0 -gline-tables-only" >/dev/null
  cmake --build $build --parallel "$(nproc)" --target "${targets[@]/#/fuzz_}"
fi
mkdir -p $build/crashes
# One fuzzer a core at a time; each is one process.
fuzz() {
  local target=$1 scratch log=$build/fuzz_$1.log
  scratch=$(mktemp -d)
  if ! $build/tests/fuzz/fuzz_$target "$scratch" tests/fuzz/corpus/$target -max_total_time="$seconds" \
       -max_len=65536 -artifact_prefix=$build/crashes/$target- -print_final_stats=1 >"$log" 2>&1; then
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
  grep -E "^stat::number_of_executed_units|^Done" $build/fuzz_$target.log | sed "s/^/  fuzz_$target: /"
done
for target in "${failed[@]}"; do
  tail -40 $build/fuzz_$target.log
  echo "fuzz_$target found a crash: see $build/crashes/" >&2
done
[ ${#failed[@]} -eq 0 ]
