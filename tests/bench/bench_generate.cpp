// Divisions generated per second, against the same number of raw dice draws from the same
// generator: the ratio is what the tables, the roll log and the division values cost. The roll
// log is kept as what each roll read; its words (what each roll was for, what it decided) are
// built when it is read, which the second benchmark measures with the generation: an arrival
// journals them.
#include "generate/generate.hpp"
#include "support.hpp"

#include <benchmark/benchmark.h>

using namespace muster;

namespace {

generate::Request union_request() {
    generate::Request r;
    r.side = "union";
    return r;
}

// Average raw draws per division, measured once so the dice benchmark draws as many.
double draws_per_division() {
    dice::SeededSource dice(1);
    constexpr int n = 10000;
    for (int i = 0; i < n; ++i) generate::generate_division(test::acw(), union_request(), dice);
    return static_cast<double>(dice.counter()) / n;
}

void bm_generate_division(benchmark::State& state) {
    const auto& rules = test::acw();
    const auto request = union_request();
    dice::SeededSource dice(42);
    for (auto _ : state) benchmark::DoNotOptimize(generate::generate_division(rules, request, dice));
    state.counters["draws_per_division"] = static_cast<double>(dice.counter()) / static_cast<double>(state.iterations());
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(bm_generate_division);

void bm_generate_division_with_rolls_in_words(benchmark::State& state) {
    const auto& rules = test::acw();
    const auto request = union_request();
    dice::SeededSource dice(42);
    for (auto _ : state) benchmark::DoNotOptimize(generate::generate_division(rules, request, dice).with_rolls(rules));
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(bm_generate_division_with_rolls_in_words);

void bm_raw_draws_per_division(benchmark::State& state) {
    static const auto draws = static_cast<long>(draws_per_division() + 0.5);
    dice::SeededSource dice(42);
    for (auto _ : state)
        for (long i = 0; i < draws; ++i) benchmark::DoNotOptimize(dice.next());
    state.counters["draws"] = static_cast<double>(draws);
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(bm_raw_draws_per_division);

}  // namespace

BENCHMARK_MAIN();
