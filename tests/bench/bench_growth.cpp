// How each operation grows with the campaign: import, one arrival, a battle report, its
// recovery, an exchange of its prisoners, a leader's replacement, a roll at the table side into a
// draft, the order of battle, the check, every export (with the peak memory of the exports, and
// the writer of each export goal alone, from memory) and,
// with a display, muster-gui's first frame, at 1,000, 10,000 and 33,000 divisions
// (MUSTER_GROWTH_SIZES, comma separated), each division about three brigades. Each
// is set against a floor measured in the same run: the import against the same rows inserted
// with raw prepared statements in one transaction, every other operation against every row
// read once with raw prepared statements. And the start-up of `muster generate` and `rules
// list` against `muster --version`. Wall time of one run each (the operations that touch a few
// rows: the median of eleven; the read floor and the exports: of three), and the heap
// muster-gui's model takes.
// Last, each goal of the work's cost (an operation's growth, an export against its floor, an
// export's peak memory, the GUI's model) printed as met or not: figures, not assertions.
#include "app_support.hpp"
#include "bench/raw_rows.hpp"
#include "bench/generated_forces.hpp"
#include "bench/model_heap.hpp"
#include "app/exports.hpp"
#include "app/files.hpp"
#include "app/model.hpp"
#include "app/table_side.hpp"
#include "play/play_support.hpp"
#include "core/error.hpp"
#include "export/oob.hpp"
#include "support.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>


#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <stdexcept>

#ifdef MUSTER_GROWTH_GUI
#include "gui_app.hpp"
#include "platform.hpp"
#endif

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

void new_campaign(app::Session& s) {
    app::NewCampaign c;
    c.name = "Growth";
    c.rules = "acw";
    c.seed = 1;
    s.create_campaign(c);
}

// How many runs an operation's median is of: a few milliseconds vary by half from run to run.
constexpr size_t k_runs = 11;

// The median time of k_runs runs of `run` (0, 1, ...), each after `prepare` for it (not timed).
// The median of three runs of `f` (each returning its seconds): one alone varied threefold (a
// read at 5,000 divisions took 0.05 s or 0.14 s, an export at 33,000 twice its next run).
double median_of_three(const std::function<double()>& f) {
    std::array<double, 3> times{f(), f(), f()};
    std::sort(times.begin(), times.end());
    return times[1];
}

double median_seconds(const std::function<void(int)>& prepare, const std::function<void(int)>& run) {
    std::vector<double> times;
    for (int i = 0; i < static_cast<int>(k_runs); ++i) {
        prepare(i);
        times.push_back(seconds([&] { run(i); }));
    }
    std::sort(times.begin(), times.end());
    return times[k_runs / 2];
}

// A visitor of a walk that keeps nothing of it.
struct Unheard final : army::OobVisitor {
    void army(const army::Army&) override {}
    void corps(const army::Corps&) override {}
    void division(const army::Division&) override {}
    void end_corps() override {}
    void end_army() override {}
};

// The floor: the rows an import writes (armies, corps, divisions and their contents), raw
// prepared statements, one transaction.
double raw_floor(const army::OrderOfBattle& oob, const std::string& path) {
    { app::Session s(path, app::Open::create, 5000, app::Catalog("")); new_campaign(s); }
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

// The floor of every read: each row of the campaign's forces, leaders and moves read once with
// raw prepared statements, every column fetched, no joins, no objects built.
double raw_read_floor(const std::string& path) {
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    long long sink = 0;
    const double s = seconds([&] {
        SQLite::Transaction t(db);
        for (const char* table : {"army", "corps", "division", "brigade", "battery", "leader", "move"}) {
            SQLite::Statement q(db, std::string("SELECT * FROM ") + table);
            while (q.executeStep())
                for (int i = 0; i < q.getColumnCount(); ++i) sink += q.getColumn(i).getBytes();
        }
    });
    if (sink == 0) throw std::runtime_error("the raw read floor read nothing");
    return s;
}

// The median wall time of a command of the real binary, over `runs` runs.
double command_seconds(const std::string& args, int runs = 9) {
    std::vector<double> times;
    for (int i = 0; i < runs; ++i) times.push_back(seconds([&] { test::run_muster(args, "XDG_DATA_HOME=/tmp/muster-growth-none"); }));
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

// The peak resident memory of a command of the real binary, in MB, as GNU time reports it. (A
// child forked from this process would report this process's own peak: Linux carries the
// high-water mark across fork and exec.)
double peak_mb(const std::string& args) {
    const auto out = test::shell("/usr/bin/time -f 'peak-kb %M' " MUSTER_BINARY " " + args + " 2>&1 >/dev/null");
    const auto at = out.rfind("peak-kb ");
    if (at == std::string::npos) throw std::runtime_error("muster " + args + ": no peak memory measured (" + out + ")");
    return std::stod(out.substr(at + 8)) / 1024.0;
}

#ifdef MUSTER_GROWTH_GUI
// Opening the campaign in muster-gui to the end of the first frame that shows it: the model
// read (on the GUI's worker, waited for), the panel in front built and drawn. With the panels
// a first run opens, or with every panel open.
double first_frame(const std::string& db, bool every_window) {
    gui::Platform platform({1280, 800, "bench", "", false});
    return seconds([&] {
        gui::GuiApp app(db);
        gui::register_windows(app);
        if (every_window)
            for (const auto& a : app.actions())
                if (a.id.rfind("window.", 0) == 0) app.run(a.id);
        for (int i = 0; i < 2; ++i) {  // the first frame starts the read; the second draws what it read
            platform.begin_frame();
            app.frame();
            platform.end_frame();
            app.settle();
        }
    });
}
#endif

}  // namespace

int main() {
    app::sessions_one_thread_each();  // as muster and muster-gui run
#ifdef MUSTER_GROWTH_GUI
    // For profiling: the first frame of a kept campaign (see MUSTER_GROWTH_KEEP), and nothing else.
    if (const char* open = std::getenv("MUSTER_GROWTH_OPEN")) {
        fmt::print("gui first frame {:.3f} s, all open {:.3f} s\n", first_frame(open, false), first_frame(open, true));
        return 0;
    }
#endif
    std::map<std::string, std::vector<double>> table;  // operation -> seconds per size
    std::vector<std::string> order;
    const auto record = [&](const std::string& what, double s) {
        if (!table.count(what)) order.push_back(what);
        table[what].push_back(s);
    };
    long brigades_at_top = 0;
    for (int n : sizes()) {
        test::TempDir dir;
        const auto oob = test::generated_forces(n);
        const auto file = dir.file("oob.json");
        std::ofstream(file) << exporter::in_memory(exporter::oob_json, test::acw(), oob, {Day::read("2026-01-01")});
        record("raw insert floor", raw_floor(oob, dir.file("floor.db")));
        app::Session s(dir.file("c.db"), app::Open::create, 5000, app::Catalog(""));
        new_campaign(s);
        record("import oob", seconds([&] { s.forces().import_oob(file); }));
        record("import / floor", table["import oob"].back() / table["raw insert floor"].back());
        // The operations that touch a few rows, each the median of k_runs, each of its own units.
        app::ArrivalRequest arrival;
        arrival.year = 1863;
        arrival.theater = "east";
        record("arrive (one division)", median_seconds([&](int i) {
                   arrival.division = "Newcomer " + std::to_string(i);
                   s.forces().add_division("union army corps 0", arrival.division, "");
               }, [&](int) { s.arrivals().arrive(arrival); }));
        // Battles of fixed size, 30 brigades a side, each its own: their cost should not grow with
        // the campaign.
        s.prisoners().add_camp("union", "Union camp");
        s.prisoners().add_camp("confederate", "Confederate camp");
        std::vector<std::string> sides[2];  // the brigades of each side, in the battles in turn
        for (const auto& b : s.forces().brigades())
            if (auto& side = sides[b.side == "union" ? 0 : 1]; side.size() < k_runs * 30) side.push_back(b.ref());
        // (fewer in a campaign too small for them all: the smoke test's)
        const size_t per_side = std::min<size_t>(30, std::min(sides[0].size(), sides[1].size()) / k_runs);
        std::vector<battle::Report> battles(k_runs);
        for (size_t i = 0; i < k_runs; ++i) {
            battles[i].name = "Growth battle " + std::to_string(i);
            for (size_t k = 0; k < per_side; ++k) {
                battles[i].brigades.push_back({sides[0].at(i * per_side + k), 2, 1, "Confederate camp"});
                battles[i].brigades.push_back({sides[1].at(i * per_side + k), 2, 1, "Union camp"});
            }
        }
        record("battle report (60 br.)", median_seconds([](int) {}, [&](int i) { s.battles().report_battle(battles[i], app::Mode::apply); }));
        record("recovery (60 br.)", median_seconds([](int) {}, [&](int i) { s.battles().recover(battles[i].name, {}, app::Mode::apply); }));
        // Exchanges of two brigades' captured stands (one each way), proposed and accepted.
        std::vector<std::int64_t> proposed;
        record("exchange proposed", median_seconds([](int) {}, [&](int i) {
                   app::ExchangeProposal x;
                   x.from = "union";
                   x.offer = {"stands:" + sides[1][i] + "=1"};  // a Confederate brigade the Union holds
                   x.ask = {"stands:" + sides[0][i] + "=1"};    // for a Union one held
                   proposed.push_back(s.prisoners().propose_exchange(x).row.id);
               }));
        record("exchange accepted", median_seconds([](int) {}, [&](int i) {
                   s.prisoners().answer_exchange(proposed[i], "confederate", app::Answer::accept);
               }));
        // A brigadier replaced from the leader table (a Despicable one, refused, is passed over).
        size_t next = 0;
        record("leader replacement", median_seconds([&](int) {
                   for (;; ++next) try {
                           s.leaders().replace_leader(sides[0].at(next), 1863, {}, app::Mode::preview, app::Displace::replace);
                           return;
                       } catch (const Error&) {
                       }
               }, [&](int) { s.leaders().replace_leader(sides[0].at(next++), 1863, {}, app::Mode::apply, app::Displace::replace); }));
        // A roll at the table side into a battle's draft, in a campaign of the
        // same size under L'Ordre Mixte: ACW has no play tables.
        {
            const auto tables_file = dir.file("nap.json");
            std::ofstream(tables_file) << exporter::in_memory(exporter::oob_json, test::nap(),
                                                              test::generated_forces(n, test::nap(), {"french", "allies"}, 1809, std::nullopt),
                                                              {Day::read("2026-01-01")});
            app::Session t(dir.file("nap.db"), app::Open::create, 5000, app::Catalog(""));
            app::NewCampaign c;
            c.name = "Tables";
            c.rules = "napoleonic";
            c.seed = 9;
            t.create_campaign(c);
            t.forces().import_oob(tables_file);
            app::CampaignRoll roll;
            roll.table = "musketry";
            roll.battle = "Growth table battle";
            roll.request.points = rules::parse_points("6");
            for (const auto& b : t.forces().brigades())
                if (b.side == "allies") {
                    roll.unit = b.ref();
                    break;
                }
            record("table roll into a draft", median_seconds([](int) {}, [&](int) { t.table_side().roll(roll, {}); }));
        }
        record("raw read floor", median_of_three([&] { return raw_read_floor(dir.file("c.db")); }));
        // What every export of the order of battle reads before it writes a byte: the walk of the
        // campaign a division at a time, each unit with its commanders, heard by a visitor that
        // keeps nothing. An export's ratio to the floor is this one's and its writer's.
        record("oob walk, nothing written", median_of_three([&] {
                   return seconds([&] {
                       Unheard nobody;
                       s.forces().walk_oob({}, nobody);
                   });
               }));
        record("open + oob text", seconds([&] {
                   app::Session fresh(dir.file("c.db"), app::Open::existing, 5000, app::Catalog(""));
                   test::Export e;
                   test::export_oob(fresh, e);
               }));
        record("check", seconds([&] { s.history().check(); }));
        // Each export written to its file as muster writes it (a PDF page by page), the median
        // of three as the floor is.
        app::ExportRequest request;
        const auto exports = s.exports();
        for (const auto format : {OobFormat::md, OobFormat::csv, OobFormat::html, OobFormat::json, OobFormat::pdf})
            record("export oob " + word(format), median_of_three([&] {
                       return seconds([&] {
                           app::write_file(dir.file("oob." + word(format)), [&](const Sink& out) { exports.oob(request, format, out); });
                       });
                   }));
        for (const auto format : {LabelFormat::html, LabelFormat::pdf})
            record("export labels " + word(format), median_of_three([&] {
                       return seconds([&] {
                           app::write_file(dir.file("labels." + word(format)),
                                           [&](const Sink& out) { exports.labels(request, format, exporter::LabelSheet{}, out); });
                       });
                   }));
        record("oob pdf size (MB)", static_cast<double>(std::filesystem::file_size(dir.file("oob.pdf"))) / 1e6);
        // Each writer of an export goal alone: the same order of battle held in memory, nothing
        // read from the campaign, written to its file. An export costs its read and this; where
        // this alone is past the goal, no read could meet it.
        const exporter::Provenance provenance{Day::read("2026-01-01")};
        const auto source = army::OobSource::of(oob);
        const auto alone = [&](const std::string& what, const std::function<void(const Sink&)>& write) {
            record(what + ", writer alone", median_of_three([&] { return seconds([&] { app::write_file(dir.file("alone"), write); }); }));
        };
        alone("export oob json", [&](const Sink& out) { exporter::oob_json(test::acw(), source, provenance, out); });
        alone("export oob csv", [&](const Sink& out) { exporter::oob_csv(test::acw(), source, provenance, out); });
        alone("export oob pdf", [&](const Sink& out) { exporter::oob_pdf(test::acw(), source, provenance, out); });
        record("oob pdf size alone (MB)", static_cast<double>(std::filesystem::file_size(dir.file("alone"))) / 1e6);
        alone("export labels pdf", [&](const Sink& out) { exporter::labels_pdf(test::acw(), source, provenance, exporter::LabelSheet{}, out); });
        // Peak memory of each export's command, whole process: each is written a division at a
        // time, so it should not grow with the campaign.
        const std::string db = "--db " + dir.file("c.db") + " ";
        for (const char* format : {"md", "csv", "html", "json", "pdf"})
            record(fmt::format("peak MB: oob {} (CLI)", format), peak_mb(db + "export oob -o " + dir.file(fmt::format("cli.{}", format))));
        for (const char* format : {"html", "pdf"})
            record(fmt::format("peak MB: labels {} (CLI)", format), peak_mb(db + "export labels -o " + dir.file(fmt::format("cli-labels.{}", format))));
        {
            // What muster-gui's model of the campaign holds, read through a session of its own.
            app::Session reader(dir.file("c.db"), app::Open::existing, 5000, app::Catalog(""));
            record("gui model MB", bench::model_heap_mb(reader));
        }
#ifdef MUSTER_GROWTH_GUI
        if (std::getenv("DISPLAY")) {
            record("gui first frame", first_frame(dir.file("c.db"), false));
            record("gui first frame, all open", first_frame(dir.file("c.db"), true));
        }
#endif
        brigades_at_top = static_cast<long>(s.forces().brigades().size());
        // For profiling: keep the largest campaign (KEEP), its L'Ordre Mixte one (KEEP.tables.db)
        // and the order of battle imported (KEEP.oob.json). A campaign is its file and its
        // write-ahead log.
        if (const char* keep = std::getenv("MUSTER_GROWTH_KEEP")) {
            const auto copy = [](const std::string& from, const std::string& to) {
                for (const char* part : {"", "-wal"}) {
                    std::filesystem::remove(to + part);
                    if (std::filesystem::exists(from + part)) std::filesystem::copy_file(from + part, to + part);
                }
            };
            copy(dir.file("c.db"), keep);
            copy(dir.file("nap.db"), std::string(keep) + ".tables.db");
            copy(file, std::string(keep) + ".oob.json");
        }
    }
    const auto ns = sizes();
    std::string head = fmt::format("{:<32}", "seconds, by divisions");
    for (int n : ns) head += fmt::format("{:>10}", n);
    for (size_t i = 1; i < ns.size(); ++i) head += fmt::format("{:>13}", fmt::format("{}/{}", ns[i], ns[i - 1]));
    fmt::print("{}\n", head);
    for (const auto& what : order) {
        std::string line = fmt::format("{:<32}", what);
        for (double v : table[what]) line += fmt::format("{:>10.3f}", v);
        for (size_t i = 1; i < table[what].size(); ++i) line += fmt::format("{:>13.2f}", table[what][i] / table[what][i - 1]);
        fmt::print("{}\n", line);
    }
    fmt::print("(growth columns: the ratio of the times; {} brigades at the largest size)\n\n", brigades_at_top);
    // Each operation against its floor in the same run: writes against the raw insert, reads
    // (the battle report reads the roster first) against the raw read.
    std::string ratio_head = fmt::format("{:<32}", "x its floor, by divisions");
    for (int n : ns) ratio_head += fmt::format("{:>10}", n);
    fmt::print("{}\n", ratio_head);
    for (const auto& what : order) {
        if (what.find("floor") != std::string::npos || what.find("MB") != std::string::npos) continue;
        const auto& floor = table[what.rfind("import", 0) == 0 ? "raw insert floor" : "raw read floor"];
        std::string line = fmt::format("{:<32}", what);
        for (size_t i = 0; i < table[what].size(); ++i) line += fmt::format("{:>10.2f}", table[what][i] / floor[i]);
        fmt::print("{}\n", line);
    }
    fmt::print("(import against the raw insert floor; every other operation against the raw read floor)\n\n");
    // The goals, each as met or not, at the largest size against the smallest.
    if (ns.size() > 1) {
        const auto at = [&](const std::string& what, size_t i) { return table.at(what).at(i); };
        const size_t top = ns.size() - 1;
        fmt::print("goals at {} divisions, against {}:\n", ns[top], ns[0]);
        const auto goal = [](const std::string& what, double value, double most, const char* unit) {
            fmt::print("  {:<44}{:>9.2f}{} (at most {:.1f}{})  {}\n", what, value, unit, most, unit, value <= most ? "met" : "NOT MET");
        };
        for (const char* op : {"arrive (one division)", "battle report (60 br.)", "recovery (60 br.)", "exchange proposed", "exchange accepted",
                               "leader replacement", "table roll into a draft"})
            goal(fmt::format("{}, growth", op), at(op, top) / at(op, 0), 1.5, "x");
        for (const auto& [what, most] : std::vector<std::pair<std::string, double>>{{"export oob pdf", 3}, {"export labels pdf", 3},
                                                                                    {"export oob json", 2}, {"export oob csv", 2}})
        {
            goal(what + ", x its floor", at(what, top) / at("raw read floor", top), most, "x");
            fmt::print("    (its writer alone, from memory: {:.2f}x the floor)\n", at(what + ", writer alone", top) / at("raw read floor", top));
        }
        for (const auto& what : order)
            if (what.rfind("peak MB", 0) == 0) goal(what + ", growth", at(what, top) / at(what, 0), 1.3, "x");
        goal("gui model", at("gui model MB", top), 100, " MB");
        fmt::print("  (the GUI's frames: bench_gui; generation against its dice: bench_generate)\n\n");
    }
    const double version = command_seconds("--version");
    const double generate = command_seconds("generate --rules acw --side union --year 1863 --theater east");
    const double list = command_seconds("rules list");
    fmt::print("start-up, median of 9 runs: --version {:.3f} s, generate {:.3f} s ({:.2f}x), rules list {:.3f} s ({:.2f}x)\n", version,
               generate, generate / version, list, list / version);
}
