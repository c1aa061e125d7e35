// Divisions generated per second, against two floors measured in the same run from the same
// generator: the same throws of the same dice (what no generation can do without), and as many
// raw 64-bit draws (the dice's own cost taken out too). The ratios are what the tables, the roll
// log and the division's values cost. The roll log is kept as what each roll read, and the
// division as what the tables gave; both are put into words when read, which the second
// benchmark measures with the generation: an arrival journals them.
#include "generate/generate.hpp"
#include "support.hpp"

#include <benchmark/benchmark.h>
#include <fmt/core.h>

#include <map>
#include <string>
#include <vector>

#include <unistd.h>

using namespace muster;

namespace {

generate::Request union_request() {
    generate::Request r;
    r.side = "union";
    return r;
}

// The dice the generation throws, division by division, for 1,000 divisions.
struct Thrown {
    std::vector<rules::Die> dice;
    std::vector<size_t> starts;  ///< where each division's dice begin, and the end
    std::uint64_t draws = 0;     ///< the raw draws they took
};

const Thrown& thrown() {
    static const Thrown t = [] {
        Thrown t;
        dice::SeededSource dice(1);
        for (int i = 0; i < 1000; ++i) {
            t.starts.push_back(t.dice.size());
            const auto g = generate::generate_division(test::acw(), union_request(), dice);
            for (size_t k = 0; k < g.log.size(); ++k) t.dice.push_back(g.log[k].thrown.die);
        }
        t.starts.push_back(t.dice.size());
        t.draws = dice.counter();
        return t;
    }();
    return t;
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

// One division's throws a time (the 1,000 in turn), thrown as the generation throws them.
void bm_throws_per_division(benchmark::State& state) {
    const auto& t = thrown();
    dice::SeededSource dice(42);
    dice::Throw thrown;
    size_t division = 0;
    for (auto _ : state) {
        for (size_t k = t.starts[division]; k < t.starts[division + 1]; ++k) {
            dice.throw_into(t.dice[k], thrown);
            benchmark::DoNotOptimize(thrown);
        }
        if (++division + 1 == t.starts.size()) division = 0;
    }
    state.counters["throws"] = static_cast<double>(t.dice.size()) / 1000;
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(bm_throws_per_division);

void bm_raw_draws_per_division(benchmark::State& state) {
    const auto draws = static_cast<long>(static_cast<double>(thrown().draws) / 1000 + 0.5);
    dice::SeededSource dice(42);
    for (auto _ : state)
        for (long i = 0; i < draws; ++i) benchmark::DoNotOptimize(dice.next());
    state.counters["draws"] = static_cast<double>(draws);
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(bm_raw_draws_per_division);

// The console's rows, each run's time kept by name for the goal printed after them.
class Keeping : public benchmark::ConsoleReporter {
public:
    Keeping() : ConsoleReporter(isatty(STDOUT_FILENO) ? OO_ColorTabular : OO_Tabular) {}
    void ReportRuns(const std::vector<Run>& runs) override {
        ConsoleReporter::ReportRuns(runs);
        for (const auto& run : runs) ns[run.benchmark_name()] = run.GetAdjustedRealTime();
    }
    std::map<std::string, double> ns;
};

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    Keeping report;
    benchmark::RunSpecifiedBenchmarks(&report);
    benchmark::Shutdown();
    const auto& ns = report.ns;
    const auto ratio = [&](const char* what, const char* floor) {
        return ns.count(what) && ns.count(floor) && ns.at(floor) > 0 ? ns.at(what) / ns.at(floor) : 0.0;
    };
    const double throws = ratio("bm_generate_division", "bm_throws_per_division");
    const double draws = ratio("bm_generate_division", "bm_raw_draws_per_division");
    if (throws > 0 && draws > 0) {
        fmt::print("generation, x the same throws of the dice: {:.2f}x (goal 3x: {})\n", throws, throws <= 3 ? "met" : "NOT met");
        fmt::print("generation, x as many raw draws:          {:.2f}x (goal 3x: {})\n", draws, draws <= 3 ? "met" : "NOT met");
        fmt::print("the throws alone, x the raw draws:         {:.2f}x\n",
                   ratio("bm_throws_per_division", "bm_raw_draws_per_division"));
        fmt::print("generation with its rolls in words, x the throws: {:.2f}x\n",
                   ratio("bm_generate_division_with_rolls_in_words", "bm_throws_per_division"));
    }
}
