// A campaign of ~5,000 brigades built through the service layer (one operation per arrival:
// transaction, session changeset, journal, rolls), against the floor: the same rows inserted
// with raw prepared statements. Also opening that campaign and printing its order of battle.
// MUSTER_BENCH_DIVISIONS sets the size (default 1650 divisions, about 5,000 brigades).
#include "app_support.hpp"
#include "bench/raw_rows.hpp"
#include "dice/dice.hpp"
#include "export/oob.hpp"
#include "generate/generate.hpp"
#include "support.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>

using namespace muster;

namespace {

int divisions() {
    const char* env = std::getenv("MUSTER_BENCH_DIVISIONS");
    return env ? std::atoi(env) : 1650;
}

std::string division_name(int i) { return "Division " + std::to_string(i); }

// A campaign with one Union army and corps holding `n` placeholder divisions.
void lay_out(app::Session& s, int n) {
    app::NewCampaign c;
    c.name = "Bench";
    c.rules = "acw";
    c.seed = 1;
    s.create_campaign(c);
    s.forces().add_army("union", "Army", {});
    s.forces().add_corps("Army", "Corps", {});
    for (int i = 0; i < n; ++i) s.forces().add_division("Corps", division_name(i), "");
}

app::ArrivalRequest arrival(int i) {
    app::ArrivalRequest r;
    r.division = division_name(i);
    r.year = 1863;
    r.theater = "east";
    return r;
}

const std::string& built_campaign() {
    static const std::string path = [] {
        static test::TempDir dir;
        const auto p = dir.file("built.db");
        app::Session s(p, app::Open::create, 5000, app::Catalog(""));
        lay_out(s, divisions());
        for (int i = 0; i < divisions(); ++i) s.arrivals().arrive(arrival(i));
        return p;
    }();
    return path;
}

void bm_arrivals_through_service(benchmark::State& state) {
    const int n = divisions();
    long brigades = 0;
    for (auto _ : state) {
        state.PauseTiming();
        test::TempDir dir;
        app::Session s(dir.file("c.db"), app::Open::create, 5000, app::Catalog(""));
        lay_out(s, n);
        state.ResumeTiming();
        brigades = 0;
        for (int i = 0; i < n; ++i) brigades += static_cast<long>(s.arrivals().arrive(arrival(i)).division.brigades.size());
    }
    state.counters["divisions"] = n;
    state.counters["brigades"] = static_cast<double>(brigades);
    state.counters["per_arrival_us"] = benchmark::Counter(static_cast<double>(n), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(bm_arrivals_through_service)->Iterations(1)->Unit(benchmark::kMillisecond);

// The floor: the same kind of rows (division update, leaders, brigades, moves, batteries, rolls)
// with prepared statements, either all in one transaction or one transaction per division.
void raw_floor(benchmark::State& state, bool one_transaction) {
    const int n = divisions();
    const auto& rules = test::acw();
    std::vector<army::Division> generated;
    dice::SeededSource dice(1);
    generate::Request req;
    req.side = "union";
    req.year = 1863;
    req.theater = "east";
    for (int i = 0; i < n; ++i) generated.push_back(generate::generate_division(rules, req, dice).with_rolls(rules));
    for (auto _ : state) {
        state.PauseTiming();
        test::TempDir dir;
        const auto path = dir.file("raw.db");
        { app::Session s(path, app::Open::create, 5000, app::Catalog("")); lay_out(s, n); }
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        db.exec("PRAGMA foreign_keys = ON");
        state.ResumeTiming();
        test::RawRows rows(db);
        SQLite::Statement operation(db, "INSERT INTO operation (campaign_id, kind, summary, created_at) VALUES (1, 'arrival', ?, '2026-01-01')");
        SQLite::Statement roll(db, "INSERT INTO roll (operation_id, seq, purpose, table_id, dice, faces, reading, result, source, status) VALUES (?, ?, ?, ?, 'percentile', ?, ?, ?, 'seeded', 'applied')");
        SQLite::Statement division(db, "UPDATE division SET status = 'arrived', year = 1863, theater = 'east', commander_id = ? WHERE id = ?");
        auto insert = [&](const army::Division& d, std::int64_t division_id) {
            operation.bind(1, d.name);
            test::RawRows::run(operation);
            const auto op = db.getLastInsertRowid();
            for (size_t r = 0; r < d.rolls.size(); ++r) {
                roll.bind(1, op);
                roll.bind(2, static_cast<int>(r + 1));
                roll.bind(3, d.rolls[r].purpose);
                roll.bind(4, d.rolls[r].table);
                roll.bind(5, d.rolls[r].thrown.faces_text());
                roll.bind(6, d.rolls[r].thrown.reading);
                roll.bind(7, d.rolls[r].result);
                test::RawRows::run(roll);
            }
            rows.contents(division_id, op, "union", d, 1);
            division.bind(1, rows.leader("union", d.commander, "division"));
            division.bind(2, division_id);
            test::RawRows::run(division);
        };
        if (one_transaction) {
            SQLite::Transaction t(db);
            for (int i = 0; i < n; ++i) insert(generated[i], i + 1);
            t.commit();
        } else {
            for (int i = 0; i < n; ++i) {
                SQLite::Transaction t(db);
                insert(generated[i], i + 1);
                t.commit();
            }
        }
    }
    state.counters["divisions"] = n;
}

void bm_raw_sql_one_transaction(benchmark::State& state) { raw_floor(state, true); }
BENCHMARK(bm_raw_sql_one_transaction)->Iterations(1)->Unit(benchmark::kMillisecond);

void bm_raw_sql_transaction_per_division(benchmark::State& state) { raw_floor(state, false); }
BENCHMARK(bm_raw_sql_transaction_per_division)->Iterations(1)->Unit(benchmark::kMillisecond);

void bm_open_and_print_oob(benchmark::State& state) {
    const auto& path = built_campaign();
    size_t bytes = 0;
    for (auto _ : state) {
        app::Session s(path, app::Open::existing, 5000, app::Catalog(""));
        const auto text = exporter::in_memory(exporter::oob_text, s.rules(), s.forces().order_of_battle({}), {Day::read("2026-01-01")});
        bytes = text.size();
        benchmark::DoNotOptimize(text);
    }
    state.counters["oob_bytes"] = static_cast<double>(bytes);
}
BENCHMARK(bm_open_and_print_oob)->Unit(benchmark::kMillisecond);

// Exporting the whole campaign in each format: time, and output size as a counter.
void bm_export(benchmark::State& state, const std::string& format, bool labels) {
    app::Session s(built_campaign(), app::Open::existing, 5000, app::Catalog(""));
    test::Export r;
    r.format = format;
    size_t bytes = 0;
    for (auto _ : state) {
        const auto out = labels ? test::export_labels(s, r, {}) : test::export_oob(s, r);
        bytes = out.size();
        benchmark::DoNotOptimize(out);
    }
    state.counters["bytes"] = static_cast<double>(bytes);
}
BENCHMARK_CAPTURE(bm_export, text, std::string("text"), false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(bm_export, md, std::string("md"), false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(bm_export, csv, std::string("csv"), false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(bm_export, html, std::string("html"), false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(bm_export, json, std::string("json"), false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(bm_export, pdf, std::string("pdf"), false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(bm_export, labels_html, std::string("html"), true)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(bm_export, labels_pdf, std::string("pdf"), true)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
    muster::app::sessions_one_thread_each();  // as muster runs
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
}
