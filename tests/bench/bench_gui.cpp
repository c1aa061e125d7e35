// Main-thread CPU time per frame of muster-gui with EVERY window open, per window, on a
// campaign of 1,000 and 5,000 divisions (about 3 and 15 thousand brigades) that has fought a
// battle, holds prisoners in camps and has an exchange on the table, so every window has
// something to show. Under Xvfb with Mesa's software renderer (run through xvfb-run).
// MUSTER_BENCH_DIVISIONS sets the sizes ("1000,5000" by default).
#include "app_support.hpp"
#include "gui_app.hpp"
#include "platform.hpp"
#include "support.hpp"
#include "windows/battle_window.hpp"
#include "windows/oob_window.hpp"
#include "windows/prisoners_window.hpp"

#include <benchmark/benchmark.h>
#include <imgui.h>

#include <cstdlib>
#include <ctime>
#include <sstream>

using namespace muster;

namespace {

std::vector<int> sizes() {
    const char* env = std::getenv("MUSTER_BENCH_DIVISIONS");
    std::istringstream in(env ? env : "1000,5000");
    std::vector<int> out;
    for (std::string n; std::getline(in, n, ',');) out.push_back(std::atoi(n.c_str()));
    return out;
}

double thread_cpu_ms() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

// A campaign of `n` divisions, half on each side, every one arrived; the first ten of each side
// fought a battle in which stands and a brigadier were captured; one exchange is proposed.
void build_campaign(const std::string& db, int n) {
    app::Session s(db, true, 5000, app::Catalog(""));
    app::NewCampaign c;
    c.name = "Bench";
    c.rules = "acw";
    c.seed = 9;
    s.create_campaign(c);
    s.forces().add_army("union", "Potomac", {});
    s.forces().add_army("confederate", "Northern Virginia", {});
    s.forces().add_corps("Potomac", "I Corps", {});
    s.forces().add_corps("Northern Virginia", "Third Corps", {});
    s.prisoners().add_camp("union", "Fort Delaware");
    s.prisoners().add_camp("confederate", "Libby");
    for (int i = 0; i < n; ++i) {
        const std::string name = (i % 2 ? "C" : "U") + std::to_string(i);
        s.forces().add_division(i % 2 ? "Third Corps" : "I Corps", name, "");
        app::ArrivalRequest a;
        a.division = name;
        a.year = 1863;
        a.theater = "east";
        s.arrivals().arrive(a);
    }
    battle::Report r;
    r.name = "First Battle";
    for (const auto& b : s.forces().brigades()) {
        if (r.brigades.size() >= 40) break;
        r.brigades.push_back({b.ref(), 1, 1, b.side == "union" ? "Libby" : "Fort Delaware"});
    }
    s.battles().report_battle(r, false);
    s.battles().recover("First Battle", {}, false);
    app::ExchangeProposal p;
    p.from = "union";
    for (const auto& h : s.prisoners().held())
        if (h.holder == "union") {
            p.offer.push_back(h.spec + "=1");
            break;
        }
    s.prisoners().propose_exchange(p);
}

// Every window open with the view state an organiser would have: the battle's divisions
// ticked, a side proposing, the order of battle fully expanded.
void open_every_window(gui::GuiApp& app, int n) {
    gui::register_windows(app);
    for (const auto& a : app.actions())
        if (a.id.rfind("window.", 0) == 0) app.run(a.id);
    auto& battle = app.window<gui::BattleWindow>();
    for (int i = 0; i < std::min(n, 20); ++i) battle.divisions.insert((i % 2 ? "C" : "U") + std::to_string(i));
    app.window<gui::PrisonersWindow>().from = "union";
}

void bm_gui_frame_every_window(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0));
    test::TempDir dir;
    const auto db = dir.file("c.db");
    build_campaign(db, n);

    gui::Platform platform({1280, 800, "bench", "", false});
    gui::GuiApp app(db);
    open_every_window(app, n);

    std::vector<gui::Window*> windows;
    for (const char* title : {"Campaigns", "Order of battle", "Arrival", "Battle report", "Prisoners", "Export", "Tables", "Journal"})
        windows.push_back(&app.window_titled(title));
    std::vector<double> total(windows.size(), 0.0);
    double frame_cpu = 0;
    // The first frame loads what the windows show; every later frame must draw from memory.
    platform.begin_frame();
    app.frame();
    platform.end_frame();
    long frames = 0;
    for (auto _ : state) {
        const double started = thread_cpu_ms();
        platform.begin_frame();
        app.frame();
        platform.end_frame();
        frame_cpu += thread_cpu_ms() - started;
        for (size_t i = 0; i < windows.size(); ++i) total[i] += windows[i]->draw_cpu_ms;
        ++frames;
    }
    state.counters["divisions"] = n;
    state.counters["frame_cpu_ms"] = frame_cpu / static_cast<double>(frames);
    for (size_t i = 0; i < windows.size(); ++i) {
        std::string key = windows[i]->title();
        for (auto& ch : key)
            if (ch == ' ') ch = '_';
        state.counters[key + "_ms"] = total[i] / static_cast<double>(frames);
    }
}

// The slow path: the frame after the campaign changed, which reads the model anew (one read
// transaction) and rebuilds what the windows derive from it, with every window open.
void bm_gui_frame_after_a_change(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0));
    test::TempDir dir;
    const auto db = dir.file("c.db");
    build_campaign(db, n);
    gui::Platform platform({1280, 800, "bench", "", false});
    gui::GuiApp app(db);
    open_every_window(app, n);
    platform.begin_frame();
    app.frame();
    platform.end_frame();
    double frame_cpu = 0;
    long frames = 0;
    for (auto _ : state) {
        app.changed();
        const double started = thread_cpu_ms();
        platform.begin_frame();
        app.frame();
        platform.end_frame();
        frame_cpu += thread_cpu_ms() - started;
        ++frames;
    }
    state.counters["divisions"] = n;
    state.counters["brigades"] = static_cast<double>(app.model().roster.brigades.size());
    state.counters["journal_entries"] = app.model().journal_size;
    state.counters["frame_cpu_ms"] = frame_cpu / static_cast<double>(frames);
}

}  // namespace

int main(int argc, char** argv) {
    for (int n : sizes())
        benchmark::RegisterBenchmark("bm_gui_frame_every_window", bm_gui_frame_every_window)
            ->Arg(n)
            ->Unit(benchmark::kMillisecond)
            ->Iterations(60);
    for (int n : sizes())
        benchmark::RegisterBenchmark("bm_gui_frame_after_a_change", bm_gui_frame_after_a_change)
            ->Arg(n)
            ->Unit(benchmark::kMillisecond)
            ->Iterations(10);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
}
