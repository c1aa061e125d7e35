// A battle report for 500 brigades and its recovery, through the service layer (one
// operation each: checks, moves, camps, journal, changeset), against the floor: the same
// rows written with raw prepared statements in one transaction.
#include "app_support.hpp"
#include "support.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <benchmark/benchmark.h>

#include <cstdlib>

using namespace muster;

namespace {

int target_brigades() {
    const char* env = std::getenv("MUSTER_BENCH_BRIGADES");
    return env ? std::atoi(env) : 500;
}

// A Union and a Confederate army whose divisions arrive until there are `n` brigades.
std::vector<army::BrigadeRecord> build(app::Session& s, int n) {
    app::NewCampaign c;
    c.name = "Bench";
    c.rules = "acw";
    c.seed = 5;
    s.create_campaign(c);
    for (const char* side : {"union", "confederate"}) {
        s.forces().add_army(side, std::string(side) + " army", {});
        s.forces().add_corps(std::string(side) + " army", std::string(side) + " corps", {});
    }
    s.prisoners().add_camp("union", "Union camp");
    s.prisoners().add_camp("confederate", "Confederate camp");
    int brigades = 0;
    for (int i = 0; brigades < n; ++i) {
        const std::string side = i % 2 ? "confederate" : "union";
        const std::string name = "D" + std::to_string(i);
        s.forces().add_division(side + " corps", name, "");
        app::ArrivalRequest a;
        a.division = name;
        a.year = 1863;
        a.theater = "east";
        brigades += static_cast<int>(s.arrivals().arrive(a).division.brigades.size());
    }
    return s.forces().brigades();
}

battle::Report report_for(const std::vector<army::BrigadeRecord>& brigades) {
    battle::Report r;
    r.name = "Big battle";
    for (size_t i = 0; i < brigades.size(); ++i) {
        const auto& b = brigades[i];
        r.brigades.push_back({b.ref(), 1 + static_cast<int>(i % 2), 1, b.side == "union" ? "Confederate camp" : "Union camp"});
    }
    return r;
}

void bm_battle_and_recovery_through_service(benchmark::State& state) {
    size_t count = 0;
    for (auto _ : state) {
        state.PauseTiming();
        test::TempDir dir;
        app::Session s(dir.file("c.db"), app::Open::create, 5000, app::Catalog(""));
        const auto report = report_for(build(s, target_brigades()));
        count = report.brigades.size();
        state.ResumeTiming();
        s.battles().report_battle(report, app::Mode::apply);
        s.battles().recover(report.name, {}, app::Mode::apply);
    }
    state.counters["brigades"] = static_cast<double>(count);
}
BENCHMARK(bm_battle_and_recovery_through_service)->Iterations(3)->Unit(benchmark::kMillisecond);

void bm_battle_and_recovery_raw_sql(benchmark::State& state) {
    size_t count = 0;
    for (auto _ : state) {
        state.PauseTiming();
        test::TempDir dir;
        const auto path = dir.file("c.db");
        std::vector<army::BrigadeRecord> brigades;
        {
            app::Session s(path, app::Open::create, 5000, app::Catalog(""));
            brigades = build(s, target_brigades());
        }
        count = brigades.size();
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        db.exec("PRAGMA foreign_keys = ON");
        state.ResumeTiming();
        {
            SQLite::Transaction t(db);
            db.exec("INSERT INTO operation (campaign_id, kind, summary, created_at) VALUES (1, 'battle', '', '')");
            const auto op = db.getLastInsertRowid();
            db.exec("INSERT INTO battle (campaign_id, name) VALUES (1, 'Big battle')");
            const auto battle = db.getLastInsertRowid();
            SQLite::Statement loss(db, "INSERT INTO battle_loss (battle_id, brigade_id, casualties, captured) VALUES (?, ?, ?, 1)");
            SQLite::Statement move(db, "INSERT INTO move (operation_id, brigade_id, kind, stands) VALUES (?, ?, ?, ?)");
            SQLite::Statement update(db, "UPDATE brigade SET stands = stands + ? WHERE id = ?");
            SQLite::Statement hold(db, "INSERT INTO prisoner (camp_id, brigade_id, stands) VALUES (?, ?, 1) "
                                       "ON CONFLICT (camp_id, brigade_id) DO UPDATE SET stands = stands + 1");
            auto change = [&](std::int64_t brigade, const char* kind, int delta) {
                move.bind(1, op);
                move.bind(2, brigade);
                move.bind(3, kind);
                move.bind(4, delta);
                move.exec();
                move.reset();
                update.bind(1, delta);
                update.bind(2, brigade);
                update.exec();
                update.reset();
            };
            for (size_t i = 0; i < brigades.size(); ++i) {
                const int lost = 1 + static_cast<int>(i % 2);
                loss.bind(1, battle);
                loss.bind(2, brigades[i].id);
                loss.bind(3, lost);
                loss.exec();
                loss.reset();
                change(brigades[i].id, "casualty", -lost);
                change(brigades[i].id, "captured", -1);
                hold.bind(1, brigades[i].side == "union" ? 2 : 1);
                hold.bind(2, brigades[i].id);
                hold.exec();
                hold.reset();
            }
            SQLite::Statement returned(db, "UPDATE battle_loss SET returned = ? WHERE battle_id = ? AND brigade_id = ?");
            for (size_t i = 0; i < brigades.size(); ++i) {
                const int back = (1 + static_cast<int>(i % 2)) / 2;
                if (back) change(brigades[i].id, "returned", back);
                returned.bind(1, back);
                returned.bind(2, battle);
                returned.bind(3, brigades[i].id);
                returned.exec();
                returned.reset();
            }
            db.exec("UPDATE battle SET recovered = 1");
            t.commit();
        }
    }
    state.counters["brigades"] = static_cast<double>(count);
}
BENCHMARK(bm_battle_and_recovery_raw_sql)->Iterations(3)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
    muster::app::sessions_one_thread_each();  // as muster runs
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
}
