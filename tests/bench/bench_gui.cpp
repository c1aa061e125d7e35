// Main-thread CPU time per frame of muster-gui's workspace with EVERY panel open, each brought
// to the front in turn (a tab bar draws only the panel in front, so each is measured as the
// one drawn), on campaigns of 1,000 and 5,000 divisions (about 3 and 15 thousand brigades) that
// have fought a battle, hold prisoners, have an exchange on the table and a division due, so
// every panel has something to show. The navigator is drawn in every frame.
//
// Three paths: the steady frame (the model in memory); the frames after the campaign changed
// (the model read anew in one transaction on a worker thread while the frames go on, then each
// panel rebuilding what it derives from it when it is first in front); and the frames while the
// whole order of battle is written as a PDF on a worker. All against a floor measured in the same run: a
// frame that draws one line of text, the cost of the window system and the renderer alone.
// Under Xvfb with Mesa's software renderer (run through xvfb-run). MUSTER_BENCH_DIVISIONS sets
// the sizes ("1000,5000,33000" by default: 33,000 divisions is the largest campaign muster is held to).
#include "app/exports.hpp"
#include "app/model.hpp"
#include "app_support.hpp"
#include "bench/generated_forces.hpp"
#include "bench/model_heap.hpp"
#include "export/oob.hpp"
#include "gui_app.hpp"
#include "platform.hpp"
#include "windows/export_window.hpp"
#include "support.hpp"

#include <benchmark/benchmark.h>
#include <imgui.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <ctime>
#include <fstream>
#include <sstream>

using namespace muster;

namespace {

std::vector<int> sizes() {
    const char* env = std::getenv("MUSTER_BENCH_DIVISIONS");
    std::istringstream in(env ? env : "1000,5000,33000");
    std::vector<int> out;
    for (std::string n; std::getline(in, n, ',');) out.push_back(std::atoi(n.c_str()));
    return out;
}

double thread_cpu_ms() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

// A campaign of `n` generated divisions imported at once, half a side; 20 brigades a side
// fought a battle in which stands were captured, recovered; an exchange is proposed; a
// placeholder is due next turn.
void build_campaign(const std::string& db, int n, const std::string& dir) {
    auto s = test::bench_campaign(db, n, dir);
    s.forces().add_division("union army corps 0", "Newcomer", "");
    s.season().schedule_division("Newcomer", Turn::read(2), std::nullopt);
    battle::Report r;
    r.name = "First Battle";
    int per_side[2] = {0, 0};
    for (const auto& b : s.forces().brigades()) {
        int& k = per_side[b.side == "union" ? 0 : 1];
        if (k >= 20 || b.stands < 3) continue;
        ++k;
        r.brigades.push_back({b.ref(), 1, 1, b.side == "union" ? "Libby" : "Fort Delaware"});
    }
    s.battles().report_battle(r, app::Mode::apply);
    s.battles().recover("First Battle", {}, app::Mode::apply);
    app::ExchangeProposal p;
    p.from = "union";
    for (const auto& h : s.prisoners().held())
        if (h.holder == "union") {
            p.offer.push_back(h.spec + "=1");
            break;
        }
    s.prisoners().propose_exchange(p);
}

struct Workspace {
    gui::Platform platform{{1280, 800, "bench", "", false}};
    std::unique_ptr<gui::GuiApp> app;
    std::vector<gui::Window*> panels;
    explicit Workspace(const std::string& db) : app(std::make_unique<gui::GuiApp>(db)) {
        gui::register_windows(*app);
        for (const auto& a : app->actions())
            if (a.id.rfind("window.", 0) == 0) app->run(a.id);  // every panel open
        for (const char* title : {"Campaigns", "Order of battle", "Season", "Arrival", "Battle report", "Prisoners", "Leaders", "Export",
                                  "Tables", "Table side", "Journal"})
            panels.push_back(&app->window_titled(title));
        frame();
    }
    double frame() {
        const double started = thread_cpu_ms();
        platform.begin_frame();
        app->frame();
        platform.end_frame();
        return thread_cpu_ms() - started;
    }
    // The floor: a frame of one line of text, through the same window system and renderer.
    double floor_frame() {
        const double started = thread_cpu_ms();
        platform.begin_frame();
        ImGui::Begin("floor");
        ImGui::TextUnformatted("floor");
        ImGui::End();
        platform.end_frame();
        return thread_cpu_ms() - started;
    }
    // Brings a panel's tab to the front (a tab bar selects it in the frame after it is asked):
    // returns the CPU time of the frames until it was drawn in front, its first frame there.
    double bring(gui::Window& w) {
        app->show(w);
        double ms = 0;
        for (int i = 0; i < 3 && app->front() != &w; ++i) ms += frame();
        return ms;
    }
    static std::string key(const gui::Window* w) {
        std::string k = w->title();
        for (auto& ch : k)
            if (ch == ' ') ch = '_';
        return k;
    }
};

// The steady frame: each panel in front in turn (its first frame there not counted).
void bm_gui_frame_every_panel(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0));
    test::TempDir dir;
    const auto db = dir.file("c.db");
    build_campaign(db, n, dir.path());
    Workspace ws(db);
    std::vector<double> total(ws.panels.size(), 0.0);
    double floor = 0, worst = 0;
    long rounds = 0;
    for (auto _ : state) {
        for (size_t i = 0; i < ws.panels.size(); ++i) {
            ws.bring(*ws.panels[i]);
            const double ms = ws.frame();
            total[i] += ms;
            worst = std::max(worst, ms);
        }
        floor += ws.floor_frame();
        ++rounds;
    }
    const double r = static_cast<double>(rounds);
    double sum = 0;
    for (size_t i = 0; i < ws.panels.size(); ++i) {
        state.counters[Workspace::key(ws.panels[i]) + "_ms"] = total[i] / r;
        sum += total[i] / r;
    }
    state.counters["divisions"] = n;
    state.counters["mean_frame_ms"] = sum / static_cast<double>(ws.panels.size());
    state.counters["worst_frame_ms"] = worst;
    state.counters["floor_ms"] = floor / r;
    state.counters["worst_per_floor"] = worst / (floor / r);
}

// The slow path: the campaign changed. The model is read anew on a worker thread while the
// frames go on (their main-thread CPU is what the organiser feels); when it lands, the panel in
// front rebuilds what it derives from it, and each other panel when it is next in front.
void bm_gui_frames_after_a_change(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0));
    test::TempDir dir;
    const auto db = dir.file("c.db");
    build_campaign(db, n, dir.path());
    Workspace ws(db);
    ws.app->settle();
    // What the model holds in memory: the heap it takes, read once more through a session of its own.
    double model_mb = 0;
    {
        app::Session reader(db, app::Open::existing);
        model_mb = bench::model_heap_mb(reader);
    }
    double waiting = 0, worst_waiting = 0, landed = 0, read_wall = 0, worst_rebuild = 0, every = 0, floor = 0;
    std::vector<double> first_frame(ws.panels.size(), 0.0);  // each panel's worst first frame in front after a change
    long rounds = 0, waiting_frames = 0;
    for (auto _ : state) {
        ws.bring(*ws.panels[1]);
        const int revision = ws.app->revision();
        ws.app->changed();
        const auto started = std::chrono::steady_clock::now();
        double all = 0;
        // The frames while the model is read: the old model is drawn.
        for (;;) {
            const double ms = ws.frame();
            all += ms;
            if (ws.app->revision() != revision) {
                landed += ms;  // the frame the new model landed in: the panel in front rebuilds
                break;
            }
            waiting += ms;
            worst_waiting = std::max(worst_waiting, ms);
            ++waiting_frames;
        }
        read_wall += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
        for (size_t i = 0; i < ws.panels.size(); ++i) {
            if (i == 1) continue;
            const double ms = ws.bring(*ws.panels[i]);  // its first frame in front rebuilds what it shows
            worst_rebuild = std::max(worst_rebuild, ms);
            first_frame[i] = std::max(first_frame[i], ms);
            all += ms;
        }
        every += all;
        floor += ws.floor_frame();
        ++rounds;
    }
    const double r = static_cast<double>(rounds);
    state.counters["divisions"] = n;
    state.counters["brigades"] = static_cast<double>(ws.app->model().roster.brigades.size());
    state.counters["read_wall_ms"] = read_wall / r;
    state.counters["model_mb"] = model_mb;
    state.counters["waiting_frame_ms"] = waiting_frames ? waiting / static_cast<double>(waiting_frames) : 0;
    state.counters["worst_waiting_frame_ms"] = worst_waiting;
    state.counters["landing_frame_ms"] = landed / r;
    state.counters["worst_other_panel_ms"] = worst_rebuild;
    for (size_t i = 0; i < ws.panels.size(); ++i)
        if (i != 1) state.counters["first_" + Workspace::key(ws.panels[i]) + "_ms"] = first_frame[i];
    state.counters["every_panel_ms"] = every / r;
    state.counters["floor_ms"] = floor / r;
    state.counters["landing_per_floor"] = (landed / r) / (floor / r);
}

// The slow path of printing: the umpire's whole order of battle written as a PDF. It is written
// on a worker thread with its own connection while the frames go on (the Export panel in front,
// its progress at its foot); against it, the main-thread CPU the same export takes when written
// where the frames are drawn (as it was before the worker).
void bm_gui_frames_while_exporting(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0));
    test::TempDir dir;
    const auto db = dir.file("c.db");
    build_campaign(db, n, dir.path());
    Workspace ws(db);
    ws.app->settle();
    auto& exports = ws.app->window<gui::ExportWindow>();
    exports.path = dir.file("oob.pdf");
    ws.bring(exports);
    double frames_ms = 0, worst = 0, wall = 0, floor = 0, on_main = 0, bytes = 0;
    long rounds = 0, frames = 0;
    for (auto _ : state) {
        const auto started = std::chrono::steady_clock::now();
        if (!ws.app->run("export.write")) state.SkipWithError(exports.error.c_str());
        while (ws.app->work()) {
            const double ms = ws.frame();
            frames_ms += ms;
            worst = std::max(worst, ms);
            ++frames;
        }
        wall += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
        if (!exports.error.empty()) state.SkipWithError(exports.error.c_str());
        bytes = static_cast<double>(std::filesystem::file_size(exports.path));
        // The same export on the main thread.
        const double cpu = thread_cpu_ms();
        app::ExportRequest everything;
        benchmark::DoNotOptimize(ws.app->session()->exports().oob(everything, OobFormat::pdf).size());
        on_main += thread_cpu_ms() - cpu;
        floor += ws.floor_frame();
        ++rounds;
    }
    const double r = static_cast<double>(rounds);
    state.counters["divisions"] = n;
    state.counters["pdf_bytes"] = bytes;
    state.counters["export_wall_ms"] = wall / r;
    state.counters["frames_while_writing"] = static_cast<double>(frames) / r;
    state.counters["frame_ms"] = frames ? frames_ms / static_cast<double>(frames) : 0;
    state.counters["worst_frame_ms"] = worst;
    state.counters["same_export_on_main_thread_ms"] = on_main / r;
    state.counters["floor_ms"] = floor / r;
    state.counters["worst_per_floor"] = worst / (floor / r);
}

}  // namespace

int main(int argc, char** argv) {
    app::sessions_one_thread_each();  // as muster-gui runs
    for (int n : sizes())
        benchmark::RegisterBenchmark("bm_gui_frame_every_panel", bm_gui_frame_every_panel)->Arg(n)->Unit(benchmark::kMillisecond)->Iterations(5);
    for (int n : sizes())
        benchmark::RegisterBenchmark("bm_gui_frames_after_a_change", bm_gui_frames_after_a_change)
            ->Arg(n)
            ->Unit(benchmark::kMillisecond)
            ->Iterations(3);
    for (int n : sizes())
        benchmark::RegisterBenchmark("bm_gui_frames_while_exporting", bm_gui_frames_while_exporting)
            ->Arg(n)
            ->Unit(benchmark::kMillisecond)
            ->Iterations(2);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
}
