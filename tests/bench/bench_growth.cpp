// How each operation grows with the campaign: import, one arrival, the order of battle, the
// check and every export at 1,000, 10,000 and 33,000 divisions (MUSTER_GROWTH_SIZES, comma
// separated), each division about three brigades. The import is set against its floor measured
// in the same run: the same rows inserted with raw prepared statements in one transaction. And
// the start-up of `muster generate` and `rules list` against `muster --version`. Wall time of
// one run each; figures, not assertions.
#include "app_support.hpp"
#include "bench/raw_rows.hpp"
#include "dice/dice.hpp"
#include "export/oob.hpp"
#include "generate/generate.hpp"
#include "support.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>

using namespace muster;

namespace {

double seconds(const std::function<void()>& f) {
    const auto start = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::vector<int> sizes() {
    const char* env = std::getenv("MUSTER_GROWTH_SIZES");
    std::vector<int> out;
    std::stringstream in(env ? env : "1000,10000,33000");
    for (std::string part; std::getline(in, part, ',');) out.push_back(std::stoi(part));
    return out;
}

// `n` generated divisions, half a side, in corps of ten: the order of battle an import reads.
army::OrderOfBattle forces(int n) {
    army::OrderOfBattle oob;
    dice::SeededSource dice(1);
    for (const char* side : {"union", "confederate"}) {
        army::Army a;
        a.name = std::string(side) + " army";
        a.side = side;
        generate::Request r;
        r.side = side;
        r.year = 1863;
        r.theater = "east";
        for (int i = 0; i < n / 2; ++i) {
            if (i % 10 == 0) a.corps.push_back({0, a.name + " corps " + std::to_string(i / 10), {}, {}, {}});
            auto d = generate::generate_division(test::acw(), r, dice);
            d.name = std::string(side) + " division " + std::to_string(i);
            d.status = DivisionStatus::entered;
            d.rolls.clear();
            a.corps.back().divisions.push_back(std::move(d));
        }
        oob.armies.push_back(std::move(a));
    }
    return oob;
}

void new_campaign(app::Session& s) {
    app::NewCampaign c;
    c.name = "Growth";
    c.rules = "acw";
    c.seed = 1;
    s.create_campaign(c);
}

// The floor: the rows an import writes (armies, corps, divisions and their contents), raw
// prepared statements, one transaction.
double raw_floor(const army::OrderOfBattle& oob, const std::string& path) {
    { app::Session s(path, true, 5000, app::Catalog("")); new_campaign(s); }
    SQLite::Database db(path, SQLite::OPEN_READWRITE);
    db.exec("PRAGMA foreign_keys = ON");
    return seconds([&] {
        SQLite::Transaction t(db);
        db.exec("INSERT INTO operation (campaign_id, kind, summary, created_at) VALUES (1, 'import', '', '2026-01-01')");
        const auto op = db.getLastInsertRowid();
        SQLite::Statement army(db, "INSERT INTO army (campaign_id, side, name) VALUES (1, ?, ?)");
        SQLite::Statement corps(db, "INSERT INTO corps (campaign_id, army_id, name) VALUES (1, ?, ?)");
        SQLite::Statement division(db, "INSERT INTO division (campaign_id, corps_id, name, arm, status, commander_id) VALUES (1, ?, ?, 'infantry', 'entered', ?)");
        test::RawRows rows(db);
        for (const auto& a : oob.armies) {
            army.bind(1, a.side);
            army.bind(2, a.name);
            test::RawRows::run(army);
            const auto army_id = db.getLastInsertRowid();
            for (const auto& k : a.corps) {
                corps.bind(1, army_id);
                corps.bind(2, k.name);
                test::RawRows::run(corps);
                const auto corps_id = db.getLastInsertRowid();
                for (const auto& d : k.divisions) {
                    division.bind(1, corps_id);
                    division.bind(2, d.name);
                    division.bind(3, rows.leader(a.side, d.commander, "division"));
                    test::RawRows::run(division);
                    rows.contents(db.getLastInsertRowid(), op, a.side, d, army_id);
                }
            }
        }
        t.commit();
    });
}

// The median wall time of a command of the real binary, over `runs` runs.
double command_seconds(const std::string& args, int runs = 9) {
    std::vector<double> times;
    for (int i = 0; i < runs; ++i) times.push_back(seconds([&] { test::run_muster(args, "XDG_DATA_HOME=/tmp/muster-growth-none"); }));
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

}  // namespace

int main() {
    std::map<std::string, std::vector<double>> table;  // operation -> seconds per size
    std::vector<std::string> order;
    const auto record = [&](const std::string& what, double s) {
        if (!table.count(what)) order.push_back(what);
        table[what].push_back(s);
    };
    long brigades_at_top = 0;
    for (int n : sizes()) {
        test::TempDir dir;
        const auto oob = forces(n);
        const auto file = dir.file("oob.json");
        std::ofstream(file) << exporter::oob_json(test::acw(), oob, {"2026-01-01"});
        record("raw insert floor", raw_floor(oob, dir.file("floor.db")));
        app::Session s(dir.file("c.db"), true, 5000, app::Catalog(""));
        new_campaign(s);
        record("import oob", seconds([&] { s.forces().import_oob(file); }));
        record("import / floor", table["import oob"].back() / table["raw insert floor"].back());
        s.forces().add_division("union army corps 0", "Newcomer", "");
        app::ArrivalRequest arrival;
        arrival.division = "Newcomer";
        arrival.year = 1863;
        arrival.theater = "east";
        record("arrive (one division)", seconds([&] { s.arrivals().arrive(arrival); }));
        record("open + oob text", seconds([&] {
                   app::Session fresh(dir.file("c.db"), false, 5000, app::Catalog(""));
                   test::Export e;
                   e.request.date = "2026-01-01";
                   test::export_oob(fresh, e);
               }));
        record("check", seconds([&] { s.history().check(); }));
        for (const char* format : {"md", "csv", "html", "json", "pdf"}) {
            test::Export e;
            e.format = format;
            e.request.date = "2026-01-01";
            record(std::string("export oob ") + format, seconds([&] { test::export_oob(s, e); }));
        }
        for (const char* format : {"html", "pdf"}) {
            test::Export e;
            e.format = format;
            e.request.date = "2026-01-01";
            record(std::string("export labels ") + format, seconds([&] { test::export_labels(s, e, {}); }));
        }
        brigades_at_top = static_cast<long>(s.forces().brigades().size());
    }
    const auto ns = sizes();
    std::string head = fmt::format("{:<24}", "seconds, by divisions");
    for (int n : ns) head += fmt::format("{:>10}", n);
    for (size_t i = 1; i < ns.size(); ++i) head += fmt::format("{:>13}", fmt::format("{}/{}", ns[i], ns[i - 1]));
    fmt::print("{}\n", head);
    for (const auto& what : order) {
        std::string line = fmt::format("{:<24}", what);
        for (double v : table[what]) line += fmt::format("{:>10.3f}", v);
        for (size_t i = 1; i < table[what].size(); ++i) line += fmt::format("{:>13.2f}", table[what][i] / table[what][i - 1]);
        fmt::print("{}\n", line);
    }
    fmt::print("(growth columns: the ratio of the times; {} brigades at the largest size)\n\n", brigades_at_top);
    const double version = command_seconds("--version");
    const double generate = command_seconds("generate --rules acw --side union --year 1863 --theater east");
    const double list = command_seconds("rules list");
    fmt::print("start-up, median of 9 runs: --version {:.3f} s, generate {:.3f} s ({:.2f}x), rules list {:.3f} s ({:.2f}x)\n", version,
               generate, generate / version, list, list / version);
}
