// Frame time of muster-gui with the order of battle of a 5,000-brigade campaign open, every
// node expanded, under Xvfb with Mesa's software renderer (run through xvfb-run).
// MUSTER_BENCH_DIVISIONS sets the size (default 1650 divisions, about 5,000 brigades).
#include "app/campaign_service.hpp"
#include "gui_app.hpp"
#include "platform.hpp"
#include "support.hpp"
#include "windows/journal_window.hpp"
#include "windows/campaigns_window.hpp"
#include "windows/oob_window.hpp"

#include <benchmark/benchmark.h>
#include <imgui.h>

#include <cstdlib>

using namespace muster;

namespace {

int divisions() {
    const char* env = std::getenv("MUSTER_BENCH_DIVISIONS");
    return env ? std::atoi(env) : 1650;
}

void bm_gui_frame_with_oob(benchmark::State& state) {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    int brigades = 0;
    {
        app::CampaignService s(db, true, 5000, app::Catalog(""));
        app::NewCampaign c;
        c.name = "Bench";
        c.rules = "acw";
        c.seed = 9;
        s.create_campaign(c);
        s.add_army("union", "Army", {});
        s.add_corps("Army", "Corps", {});
        for (int i = 0; i < divisions(); ++i) {
            s.add_division("Corps", "D" + std::to_string(i), "");
            app::ArrivalRequest a;
            a.division = "D" + std::to_string(i);
            a.year = 1863;
            a.theater = "east";
            brigades += static_cast<int>(s.arrive(a).division.brigades.size());
        }
    }
    gui::Platform platform({1280, 800, "bench", "", false});
    gui::GuiApp app(db);
    gui::register_windows(app);
    app.window<gui::CampaignsWindow>().open = false;
    app.window<gui::JournalWindow>().open = false;
    auto& oob = app.window<gui::OobWindow>();
    oob.open = true;
    // The first frame builds the flattened tree (5,000 rows); the clipper draws what shows.
    platform.begin_frame();
    app.frame();
    platform.end_frame();
    for (auto _ : state) {
        platform.begin_frame();
        app.frame();
        platform.end_frame();
    }
    state.counters["brigades"] = brigades;
    state.counters["rows"] = static_cast<double>(oob.rows().size());
}
BENCHMARK(bm_gui_frame_with_oob)->Unit(benchmark::kMillisecond)->MinTime(2.0);

}  // namespace

BENCHMARK_MAIN();
