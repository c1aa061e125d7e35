// muster-gui's look: every panel, at a laptop's 1280x800 and a small 1024x700, in the light and
// the dark theme, as the umpire and as a side, with nothing cut off: text that does not fit ends
// in an ellipsis (whole on hover) or can be scrolled to.
#include "fixture.hpp"
#include "app_support.hpp"
#include "theme.hpp"

#include <imgui_internal.h>

namespace muster {

namespace {

// Every tab bar where its scrolling is going: ImGui sweeps a tab bar to its tab over about 0.3 s
// of real time, which a test's frames may or may not take (a tab caught half-way shows a glyph
// cut by the bar's edge), so each look is taken at rest, with one more frame.
void settle_tab_bars(test::Driver& d) {
    auto& tab_bars = ImGui::GetCurrentContext()->TabBars;
    for (int i = 0; i < tab_bars.GetMapSize(); ++i)
        if (auto* bar = tab_bars.TryGetMapData(i)) bar->ScrollingAnim = bar->ScrollingTarget;
    d.frame();
}

// Every panel in front in turn, each looked at for text clipped; a screenshot of each.
void walk_panels(test::Driver& d, const std::string& name) {
    for (const auto& a : d.app.actions()) {
        if (a.id.rfind("window.", 0) != 0) continue;
        const std::string title = a.id.substr(7);
        d.app.show(d.app.window_titled(title));
        d.frames(2);
        settle_tab_bars(d);  // the tab bar scrolls its tab into sight
        d.frame(test::shot("look_" + name + "_" + title));
        // Looked at with the panels a few pixels narrower too: a text cut exactly between two
        // glyphs shows no cut glyph, and is cut inside one at another width.
        auto cut = gui::clipped_glyphs();
        const float width = d.app.navigator_width;
        for (const float narrower : {3.f, 7.f}) {
            d.app.navigator_width = width + narrower;
            d.frames(2);
            settle_tab_bars(d);
            const auto more = gui::clipped_glyphs();
            cut.insert(cut.end(), more.begin(), more.end());
        }
        d.app.navigator_width = width;
        std::string where;
        for (const auto& c : cut) where += c.window + " at (" + std::to_string(int(c.at.x)) + ", " + std::to_string(int(c.at.y)) + ") cut at " + std::to_string(int(c.edge)) + "\n";
        INFO(name << ", the " << title << " panel: " << cut.size() << " glyphs cut\n" << where);
        CHECK(cut.empty());
    }
}

}  // namespace

TEST_CASE("Every panel at 1280x800 and 1024x700, light and dark, umpire and side: no text cut off without an ellipsis") {
    struct Size {
        int width, height;
        gui::Theme theme;
    };
    for (const Size size : {Size{1280, 800, gui::Theme::light}, Size{1024, 700, gui::Theme::dark}}) {
        test::TempDir dir;
        const auto db = dir.file("c.db");
        test::season_campaign(db);
        test::Driver d(db, {}, size.width, size.height);
        REQUIRE(d.app.run(size.theme == gui::Theme::dark ? "look.dark" : "look.light"));
        CHECK(gui::current_theme() == size.theme);
        for (const auto& a : d.app.actions())
            if (a.id.rfind("window.", 0) == 0) d.app.run(a.id);
        // Something in the panels that can be wide: a division's preview with its rolls, the
        // divisions that fought ticked, a proposing side chosen.
        d.show<gui::ArrivalWindow>();
        REQUIRE(d.click("Arrival/Division"));
        REQUIRE(d.click("Arrival/Division/Pender"));
        REQUIRE(d.click("Arrival/Preview"));
        d.show<gui::BattleWindow>();
        REQUIRE(d.click("Battle/Division/Heth"));
        d.show<gui::PrisonersWindow>();
        REQUIRE(d.click("Prisoners/From"));
        REQUIRE(d.click("Prisoners/From/union"));
        d.show<gui::SeasonWindow>();
        REQUIRE(d.click("Season/ScheduleHeader"));  // its row of fields, wider than a small panel
        const std::string name = std::to_string(size.width) + "x" + std::to_string(size.height);
        walk_panels(d, name);
        d.app.set_viewer(View::of_side("confederate"));
        walk_panels(d, name + "_confederate");
    }
    // The ACW's despicable leaders: its settings choose how they are played.
    test::TempDir dir;
    test::season_campaign(dir.file("c.db"));
    test::Driver d(dir.file("c.db"));
    d.show<gui::CampaignsWindow>();
    REQUIRE(d.click("Campaigns/Settings/Despicable"));
    CHECK(gui::marked("Campaigns/Settings/Despicable/expanded"));
}

TEST_CASE("The table side and the play tables of L'Ordre Mixte at 1024x700: a table's modifiers, long as they are, cut with an ellipsis") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::wagram(db);
    test::Driver d(db, {}, 1024, 700);
    d.show<gui::TablesWindow>();
    d.show<gui::TableSideWindow>();
    // Musketry first (three columns of modifiers), then the charge (four): each its own widths.
    REQUIRE(d.click("TableSide/Table"));
    REQUIRE(d.click("TableSide/Table/musketry"));
    d.frames(2);
    REQUIRE(d.click("TableSide/Table"));
    REQUIRE(d.click("TableSide/Table/charge"));
    walk_panels(d, "1024x700_lordre_mixte");
    // A charge named, its units' fields shown, and rolled into the battle's draft: its buttons shown.
    auto& side = d.show<gui::TableSideWindow>();
    side.battle = "Wagram";
    side.unit = "Legrand/Ledru";
    side.defender = "Fresnel/Kleist";
    side.dice = "11,3";
    d.frames(2);
    REQUIRE(d.click("TableSide/Roll"));
    d.frames(3);
    REQUIRE(gui::marked("TableSide/Apply"));
    walk_panels(d, "1024x700_lordre_mixte_draft");
    // L'Ordre Mixte has no despicable leaders: its settings say so, with nothing to choose.
    d.show<gui::CampaignsWindow>();
    d.frames(2);
    REQUIRE(d.click("Campaigns/Settings/Despicable"));
    CHECK_FALSE(gui::marked("Campaigns/Settings/Despicable/expanded"));  // a text, not a combo that opens
}

TEST_CASE("An AWI campaign's panels at 1280x800, in its own words (brigades of battalions), with nothing cut off") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    for (const auto& sample : app::samples())
        if (sample.id == "saratoga") test::sample_campaign(db, sample);
    test::Driver d(db, {}, 1280, 800);
    for (const auto& a : d.app.actions())
        if (a.id.rfind("window.", 0) == 0) d.app.run(a.id);
    d.show<gui::ArrivalWindow>();
    REQUIRE(d.click("Arrival/Division"));
    REQUIRE(d.click("Arrival/Division/Breymann"));
    REQUIRE(d.click("Arrival/Preview"));
    walk_panels(d, "1280x800_awi");
    d.app.set_viewer(View::of_side("american"));
    d.show<gui::JournalWindow>();
    d.frames(2);
    d.frame(test::shot("look_1280x800_awi_american_Journal"));
}

TEST_CASE("On a HiDPI screen (MUSTER_SCALE=1.5) the text and the spacing are drawn larger, and still nothing is cut off") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    setenv("MUSTER_SCALE", "1.5", 1);
    test::Driver d(db, {}, 1920, 1200);  // a 1280x800 screen's room, at 1.5 times its size
    unsetenv("MUSTER_SCALE");
    d.frame();
    CHECK(d.platform.scale() == 1.5f);
    CHECK(ImGui::GetFontSize() == 24.f);  // 16 px at 1
    CHECK(ImGui::GetStyle().ItemSpacing.x == 12.f);
    // The navigator is as wide for its larger text: 300 at 16 px is 450 at 24 (the splitter's
    // middle lies just past it).
    REQUIRE(gui::marked("Workspace/Splitter"));
    CHECK(gui::marked("Workspace/Splitter")->x == Approx(ImGui::GetStyle().WindowPadding.x + 450 + gui::px(8) / 2).margin(3));
    for (const auto& a : d.app.actions())
        if (a.id.rfind("window.", 0) == 0) d.app.run(a.id);
    walk_panels(d, "1920x1200_scale_1.5");
}

}  // namespace muster

namespace muster {

TEST_CASE("Text, hints and notes stand out from the page by 4.5:1 at least (WCAG AA), in both themes") {
    test::TempDir dir;
    test::Driver d(dir.file("c.db"));
    // The relative luminance of a colour and the contrast of two, as WCAG 2 defines them.
    const auto luminance = [](const ImVec4& c) {
        const auto channel = [](float v) { return v <= 0.03928f ? v / 12.92f : std::pow((v + 0.055f) / 1.055f, 2.4f); };
        return 0.2126f * channel(c.x) + 0.7152f * channel(c.y) + 0.0722f * channel(c.z);
    };
    const auto contrast = [&](const ImVec4& a, const ImVec4& b) {
        const float x = luminance(a), y = luminance(b);
        return (std::max(x, y) + 0.05f) / (std::min(x, y) + 0.05f);
    };
    for (const auto theme : {gui::Theme::light, gui::Theme::dark}) {
        gui::apply_theme(theme);
        const auto* c = ImGui::GetStyle().Colors;
        INFO((theme == gui::Theme::dark ? "dark" : "light"));
        CHECK(contrast(c[ImGuiCol_Text], c[ImGuiCol_WindowBg]) >= 4.5f);
        CHECK(contrast(c[ImGuiCol_TextDisabled], c[ImGuiCol_WindowBg]) >= 4.5f);
        CHECK(contrast(c[ImGuiCol_TextDisabled], c[ImGuiCol_FrameBg]) >= 4.5f);  // a hint in an empty field
    }
    gui::apply_theme(gui::Theme::light);
}

}  // namespace muster
