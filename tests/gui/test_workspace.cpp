// The workspace: every panel drawn from the model, the view, the navigator, the layout kept, sorting, outside changes.
// The real windows under Xvfb, driven by mouse and keyboard; screenshots in build/tests/gui/screenshots/.
#include "fixture.hpp"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <thread>

using namespace muster;
using Catch::Matchers::Contains;
using test::shot;

TEST_CASE("With every window open, a frame draws from the campaign model and reads nothing from the database") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    {
        auto s = test::make_campaign(db);
        s.arrivals().arrive(test::arrival("Heth"));
        s.forces().add_brigade({"Wadsworth", "Iron Brigade", "veteran", 6, std::nullopt, "6/5/3", "", {"Meredith", "average"}});
        s.prisoners().add_camp("union", "Fort Delaware");
        battle::Report r;
        r.name = "McPherson Ridge";
        r.brigades.push_back({"Heth/1st Brigade", 1, 1, "Fort Delaware"});
        s.battles().report_battle(r, app::Mode::apply);
    }
    test::Driver d(db);
    for (const auto& a : d.app.actions())
        if (a.id.rfind("window.", 0) == 0) d.app.run(a.id);
    // Something in every panel: the divisions that fought ticked, a proposing side chosen.
    d.show<gui::BattleWindow>();
    REQUIRE(d.click("Battle/Division/Heth"));
    REQUIRE(d.click("Battle/Division/Wadsworth"));
    d.show<gui::PrisonersWindow>();
    REQUIRE(d.click("Prisoners/From"));
    REQUIRE(d.click("Prisoners/From/union"));
    CHECK(d.app.window<gui::BattleWindow>().divisions.size() == 2);
    CHECK(d.app.window<gui::PrisonersWindow>().from == "union");
    // Each panel in front once: the model is read once, each panel derives what it shows.
    const auto every_panel_in_front = [&] {
        for (const auto& a : d.app.actions()) {
            if (a.id.rfind("window.", 0) != 0) continue;
            const std::string title = a.id.substr(7);
            d.app.show(d.app.window_titled(title));
            d.frames(2);
            CHECK(d.app.front() == &d.app.window_titled(title));
        }
    };
    every_panel_in_front();
    int panels = 0;
    for (const auto& a : d.app.actions()) panels += a.id.rfind("window.", 0) == 0;
    CHECK(panels == 12);  // every panel the registry has, Season, Leaders and Players among them
    REQUIRE(d.app.model().current);
    CHECK(d.app.seen().held.size() == 1);
    const auto& store = d.app.session()->state().store;
    const auto& reader = d.app.reader()->state().store;  // the model's own connection
    // What one look for another muster's changes reads: the journal's newest entry.
    const auto look_before = store.page_reads();
    d.app.session()->last_operation();
    const auto one_look = store.page_reads() - look_before;
    const double started = ImGui::GetTime();
    const auto before = store.page_reads() + reader.page_reads();
    every_panel_in_front();
    every_panel_in_front();
    const auto read = store.page_reads() + reader.page_reads() - before;
    // Once a second the app asks the journal's newest entry (another muster may have written).
    // Everything else is drawn from memory.
    const auto looks = static_cast<std::int64_t>(ImGui::GetTime() - started) + 1;
    INFO(read << " pages read in " << looks << " looks of " << one_look << " pages");
    CHECK(read <= one_look * looks);
    // A change through an action reads the model anew, once.
    REQUIRE(d.app.run("camp.new") == false);  // no name given: refused, and nothing read again
    const auto revision = d.app.revision();
    d.app.session()->prisoners().add_camp("confederate", "Libby Prison");
    const auto reader_before = reader.page_reads();
    d.app.changed();
    d.frames(2);
    CHECK(d.app.revision() == revision + 1);
    CHECK(reader.page_reads() > reader_before);  // read on the reader's connection, not the one that writes
    CHECK(d.app.seen().camps.size() == 2);
    d.frame(shot("every_window"));
}

TEST_CASE("The menu bar's view: chosen by mouse, the journal and prisoners windows show only what that side may read") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    {
        auto s = test::make_campaign(db);
        test::fight_and_propose(s);                     // Heth fought the Union: seen by it
        s.arrivals().arrive(test::arrival("Pender"));  // hidden from the Union, rolls and all
    }
    test::Driver d(db);
    d.show<gui::JournalWindow>();
    const auto mentions = [](const std::vector<journal::Entry>& journal, const std::string& text) {
        return std::any_of(journal.begin(), journal.end(), [&](const auto& e) { return e.summary.find(text) != std::string::npos; });
    };
    CHECK(d.app.viewer().is_umpire());
    CHECK(mentions(d.app.seen().journal, "Pender"));
    REQUIRE(d.click("Menu/View"));
    REQUIRE(d.click("Menu/View/union"));
    CHECK(d.app.viewer() == View::of_side("union"));
    const auto& seen = d.app.seen();
    CHECK_FALSE(mentions(seen.journal, "Pender"));
    CHECK(mentions(seen.journal, "McPherson Ridge"));  // the battle it fought
    for (const auto& e : seen.journal)
        for (const auto& r : e.rolls) CHECK(r.roll.purpose.find("Pender") == std::string::npos);
    // A side's entries are numbered 1, 2, ... in its view: no gap betrays what it may not read.
    for (size_t i = 0; i < seen.journal.size(); ++i) CHECK(seen.journal[i].id == static_cast<std::int64_t>(i + 1));
    CHECK(seen.journal.size() < d.app.model().seen_by(View::umpire()).journal.size());
    d.show<gui::PrisonersWindow>();
    d.frame(shot("prisoners_union_view"));
    // A side's view acts as that side alone: it answers no proposal made to the enemy, frees no
    // camp (the umpire does), and takes nothing back (undo would take back, and name, what it
    // may not read).
    const auto undo = [&] {
        for (const auto& a : d.app.actions())
            if (a.id == "undo") return a.can_run();
        FAIL("no undo action");
        return false;
    };
    CHECK_FALSE(gui::marked("Prisoners/Accept/1"));  // proposed by the Union to the Confederates
    CHECK_FALSE(gui::marked("Prisoners/Liberate/Fort Delaware"));
    CHECK_FALSE(undo());
    // ...and another muster's change to what it may not read is no news to it.
    const auto shown = d.app.model().revision;
    {
        app::Session other(db, app::Open::existing, 5000, app::Catalog(""));
        other.forces().rename(NamedKind::brigade, "Pender/1st Brigade", "Scales' Brigade");
    }
    const auto started = std::chrono::steady_clock::now();
    while (d.app.model().revision == shown && std::chrono::steady_clock::now() - started < std::chrono::seconds(10)) {
        d.frame();
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    REQUIRE(d.app.model().revision != shown);
    d.frame();
    CHECK_THAT(d.app.status(), !Contains("changed outside"));
    d.show<gui::JournalWindow>();
    d.frame(shot("journal_union_view"));
    // Back to the umpire: everything again, his answers and undo too.
    REQUIRE(d.click("Menu/View"));
    REQUIRE(d.click("Menu/View/umpire"));
    CHECK(mentions(d.app.seen().journal, "Pender"));
    d.show<gui::PrisonersWindow>();
    d.frame();
    CHECK(gui::marked("Prisoners/Accept/1"));
    CHECK(gui::marked("Prisoners/Liberate/Fort Delaware"));
    CHECK(undo());
}

TEST_CASE("A side's view withdraws its own proposal with a click: the enemy's view offers no Withdraw, and no one moves") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    {
        auto s = test::make_campaign(db);
        test::fight_and_propose(s);  // exchange #1, proposed by the Union to the Confederates
    }
    test::Driver d(db);
    d.show<gui::PrisonersWindow>();
    REQUIRE(d.click("Menu/View"));
    REQUIRE(d.click("Menu/View/confederate"));
    d.frame();
    CHECK_FALSE(gui::marked("Prisoners/Withdraw/1"));  // not the Confederates' to take back
    CHECK(gui::marked("Prisoners/Accept/1"));
    REQUIRE(d.click("Menu/View"));
    REQUIRE(d.click("Menu/View/union"));
    d.frame(shot("prisoners_withdraw"));
    const auto held = d.app.seen().held.size();
    REQUIRE(d.click("Prisoners/Withdraw/1"));
    const auto exchanges = d.app.session()->prisoners().exchanges();
    REQUIRE(exchanges.size() == 1);
    CHECK(exchanges[0].row.status == ExchangeStatus::withdrawn);
    d.frames(2);
    CHECK(d.app.seen().held.size() == held);
    CHECK_FALSE(gui::marked("Prisoners/Withdraw/1"));  // taken back once
    CHECK_THAT(d.app.session()->history().journal(View::of_side("confederate"), 1).back().summary, Contains("Exchange #1 withdrawn by the Union"));
}

TEST_CASE("The navigator: Ctrl+F and a typed filter find a brigade, a click shows it in the order of battle, and a side's view hides the enemy's") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    test::Driver d(db);
    d.show<gui::JournalWindow>();
    d.ctrl_key('F');
    d.type("iron");
    d.frames(2);
    const auto& rows = d.app.navigator().rows();
    REQUIRE(rows.size() == 4);  // the Army of the Potomac, I Corps, Wadsworth, the Iron Brigade
    CHECK(rows.back().ref() == "Wadsworth/Iron Brigade");
    d.frame(shot("navigator_filter"));
    REQUIRE(d.click("Navigator/Wadsworth/Iron Brigade"));
    auto& oob = d.app.window<gui::OobWindow>();
    CHECK(d.app.front() == &oob);
    CHECK(oob.selected_ref == "Wadsworth/Iron Brigade");
    d.frame(shot("navigator_oob"));
    // The Union's view: Pender, a placeholder hidden from it, is not in its navigator, nor is
    // the umpire's search for him.
    REQUIRE(d.click("Navigator/Filter"));
    d.backspace(4);
    d.type("Pend");
    d.frames(2);
    REQUIRE(d.app.navigator().rows().size() == 3);  // the Army of Northern Virginia, Third Corps, Pender
    REQUIRE(d.click("Menu/View"));
    REQUIRE(d.click("Menu/View/union"));
    d.frames(2);
    CHECK(d.app.navigator().filter.empty());
    for (const auto& r : d.app.navigator().rows()) CHECK(*r.name != "Pender");
    CHECK(d.app.navigator().rows().size() > 0);
    d.frame(shot("navigator_union_view"));
    // Ctrl+Z in a side's view says undo is the umpire's, and undoes nothing.
    const auto revision = d.app.revision();
    d.ctrl_z();
    d.frames(2);
    CHECK(d.app.revision() == revision);
    CHECK_THAT(d.app.status(), Contains("Undo is the umpire's work"));
    // A panel's action done since says its piece there: the status bar's old word goes.
    CHECK(d.app.run("arrival.discard"));
    CHECK(d.app.status().empty());
    // Without a filter, divisions start closed: a division's arrow lists its brigades, and again
    // closes it (Heth has arrived and is seen).
    const auto lines = [&] {
        std::vector<std::string> out;
        for (const auto& r : d.app.navigator().rows()) out.push_back(r.ref());
        return out;
    };
    const std::vector<std::string> closed{"Army of Northern Virginia", "Third Corps", "Heth", "Army of the Potomac", "I Corps", "Wadsworth"};
    CHECK(lines() == closed);
    REQUIRE(d.click("Navigator/Open/Wadsworth"));
    d.frames(2);
    auto opened = closed;
    opened.push_back("Wadsworth/Iron Brigade");
    CHECK(lines() == opened);
    const auto& tree = d.app.navigator().rows();
    CHECK(d.app.navigator().parents(tree.back()) == std::vector<std::string>{tree[3].key(), tree[4].key(), tree[5].key()});
    d.frame(shot("navigator_division_open"));
    REQUIRE(d.click("Navigator/Open/Wadsworth"));
    d.frames(2);
    CHECK(lines() == closed);
}

TEST_CASE("The workspace keeps its layout between runs: the tabs open and their order, the one in front, the navigator's width and the view") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    const auto ini = dir.file("imgui.ini");
    float width = 0;
    {
        test::Driver d(db, ini);
        d.frames(2);
        REQUIRE(d.click("Menu/Panels"));
        REQUIRE(d.click("Menu/Panels/Prisoners"));
        CHECK(d.app.front() == &d.app.window<gui::PrisonersWindow>());
        const float before = d.app.navigator_width;
        REQUIRE(d.drag("Workspace/Splitter", 80, 0));
        CHECK(d.app.navigator_width > before + 40);
        width = d.app.navigator_width;
        // The Journal's tab dragged to the far left.
        REQUIRE(d.drag("Tab/Journal", -600, 0, 12));
        d.frames(2);
        CHECK(gui::marked("Tab/Journal")->x < gui::marked("Tab/Campaigns")->x);
        REQUIRE(d.click("Tab/Prisoners"));
        REQUIRE(d.click("Menu/View"));
        REQUIRE(d.click("Menu/View/confederate"));
        d.frame(shot("workspace_before_restart"));
    }
    test::Driver d(db, ini);
    d.frames(3);
    CHECK(d.app.window<gui::PrisonersWindow>().open);
    CHECK(d.app.front() == &d.app.window<gui::PrisonersWindow>());
    CHECK(d.app.navigator_width == Approx(width).margin(1));
    CHECK(d.app.viewer() == View::of_side("confederate"));
    CHECK(gui::marked("Tab/Journal")->x < gui::marked("Tab/Campaigns")->x);
    CHECK(gui::marked("Tab/Campaigns")->x < gui::marked("Tab/Prisoners")->x);
    d.frame(shot("workspace_after_restart"));
}

TEST_CASE("Tables sort by a click on a header: the camps' prisoners, the campaigns, the leaders") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    {
        app::Session s(db, app::Open::create, 5000, app::Catalog(""));
        app::NewCampaign n;
        n.name = "Another";
        n.rules = "acw";
        s.create_campaign(n);
        s.use_campaign("Test");
    }
    test::Driver d(db);
    // The prisoners held, by stands: fewest first, then most first; what is not stands last.
    auto& p = d.show<gui::PrisonersWindow>();
    REQUIRE(p.held().size() >= 2);
    REQUIRE(d.click("Prisoners/Held/Stands"));
    CHECK(p.held().front()->stands <= p.held().back()->stands);
    REQUIRE(d.click("Prisoners/Held/Stands"));
    CHECK(p.held().front()->stands >= p.held().back()->stands);
    CHECK(p.held().front()->stands > p.held().back()->stands);
    d.frame(shot("prisoners_sorted"));
    // The campaigns, by name: a click turns the order; the rows are drawn in it.
    d.show<gui::CampaignsWindow>();
    const auto above = [&](const std::string& a, const std::string& b) {
        const auto ya = gui::marked("Campaigns/Row/" + a), yb = gui::marked("Campaigns/Row/" + b);
        REQUIRE(ya);
        REQUIRE(yb);
        return ya->y < yb->y;
    };
    CHECK(above("Another", "Test"));
    REQUIRE(d.click("Campaigns/Table/Campaign"));
    CHECK(above("Test", "Another"));
    d.frame(shot("campaigns_sorted"));
    // The leaders, by side: the Confederates first, then the Union; the other way after a second click.
    auto& l = d.show<gui::LeadersWindow>();
    REQUIRE(d.click("Leaders/Table/Side"));
    CHECK(l.leaders().front()->side == "confederate");
    CHECK(l.leaders().back()->side == "union");
    REQUIRE(d.click("Leaders/Table/Side"));
    CHECK(l.leaders().front()->side == "union");
    // The battle report's brigades, by stands: the rows move, and each line's entry with its row.
    d.show<gui::BattleWindow>();
    REQUIRE(d.click("Battle/Division/Heth"));
    const auto row_y = [&](const std::string& brigade) {
        const auto at = gui::marked("Battle/Lost/" + brigade);
        REQUIRE(at);
        return at->y;
    };
    std::vector<std::pair<int, std::string>> heth;
    for (const auto& b : d.app.session()->forces().brigades())
        if (b.division == "Heth") heth.emplace_back(b.stands, b.ref());
    std::sort(heth.begin(), heth.end());
    REQUIRE(heth.size() == 3);
    REQUIRE(heth.front().first < heth.back().first);
    REQUIRE(d.click("Battle/Table/Stands"));
    CHECK(row_y(heth.front().second) < row_y(heth.back().second));
    REQUIRE(d.click("Battle/Table/Stands"));
    CHECK(row_y(heth.front().second) > row_y(heth.back().second));
    d.frame(shot("battle_sorted"));
}

TEST_CASE("Another muster's change is noticed within a second or two, looked for off the frame, and the panels show it") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    test::Driver d(db);
    d.show<gui::PrisonersWindow>();
    const auto camps = d.app.seen().camps.size();
    {
        app::Session other(db, app::Open::existing, 5000, app::Catalog(""));
        other.prisoners().add_camp("union", "Point Lookout");
    }
    // Frames go on as a person watches; the look is once a second, on the reader's thread.
    const auto started = std::chrono::steady_clock::now();
    while (d.app.seen().camps.size() == camps && std::chrono::steady_clock::now() - started < std::chrono::seconds(10)) {
        d.frame();
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    CHECK(d.app.seen().camps.size() == camps + 1);
    CHECK_THAT(d.app.status(), Contains("changed outside this window"));
    d.frame();
    CHECK(gui::marked("Prisoners/Liberate/Point Lookout"));
    d.frame(shot("outside_change"));
}

TEST_CASE("Actions are data: only one that writes has the model read again, and shortcuts come from the table") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    test::Driver d(db);
    d.frames(2);
    // Opening a panel, cancelling dice, taking one back: nothing written, nothing read again.
    const auto revision = d.app.revision();
    for (const char* id : {"window.Leaders", "window.Journal", "arrival.cancel", "turn.take_back", "navigator.find"}) {
        INFO(id);
        CHECK(d.app.run(id));
        d.frames(2);
        CHECK(d.app.revision() == revision);
    }
    // Every action that may write is marked so; those that only look are not.
    for (const auto& a : d.app.actions()) {
        INFO(a.id);
        const bool looks = a.id.rfind("window.", 0) == 0 || a.id.find("take_back") != std::string::npos ||
                           a.id.find("cancel") != std::string::npos || a.id == "navigator.find" || a.id == "export.write" ||
                           a.id == "export.handout" || a.id == "tables.odds" || a.id.ends_with(".discard") || a.id == "welcome.open" || a.id == "battle.amend_preview" ||
                           a.id.rfind("look.", 0) == 0;
        CHECK((a.effect == gui::Effect::view) == looks);
    }
    // An action that writes: the model is read again, once.
    auto& season = d.show<gui::SeasonWindow>();
    REQUIRE(d.click("Season/NextTurn"));
    INFO(season.error);
    CHECK(d.app.revision() > revision);
    CHECK(d.app.model().current->turn == Turn::read(2));
    // The Season panel shows the report of the turn so far.
    CHECK_THAT(d.app.seen().turn_report, Contains("The report of turn 2") && Contains("Stands in service"));
    REQUIRE(d.click("Season/ReportHeader"));
    d.frames(2);
    CHECK(gui::marked("Season/Report"));
    d.frame(shot("season_turn_report"));
    // Undo and redo are the table's, in the Edit menu, named for the step each would take: Ctrl+Z
    // takes the turn back whole, Ctrl+Shift+Z and Ctrl+Y do it again.
    const auto title = [&](const std::string& id) {
        for (const auto& a : d.app.actions())
            if (a.id == id) return a.menu + ": " + (a.title ? a.title() : a.label) + " " + a.shortcut.text() + " " + a.also.text();
        return std::string("none");
    };
    CHECK_THAT(title("undo"), Contains("Edit: Undo Turn 2 begins") && Contains("Ctrl+Z"));
    CHECK(title("redo") == "Edit: Redo Ctrl+Shift+Z Ctrl+Y");  // nothing to redo: no name
    CHECK_FALSE(d.app.run("redo"));
    const auto entries = d.app.model().journal_size;
    d.ctrl_z();
    d.frames(2);
    CHECK(d.app.model().current->turn == Turn::read(1));
    CHECK(d.app.model().journal_size > entries);
    CHECK(d.app.seen().journal.back().kind == OperationKind::undo);
    CHECK_THAT(title("redo"), Contains("Edit: Redo Turn 2 begins"));
    CHECK_THAT(d.app.status(), Contains("Undid: Turn 2 begins"));
    REQUIRE(d.click("Menu/Edit"));
    d.frame(shot("edit_menu"));
    d.ctrl_key('Z', true);
    d.frames(2);
    CHECK(d.app.model().current->turn == Turn::read(2));
    CHECK(d.app.seen().journal.back().kind == OperationKind::redo);
    d.ctrl_z();
    d.ctrl_key('Y');
    d.frames(2);
    CHECK(d.app.model().current->turn == Turn::read(2));
    // In a side's view the menu names nothing (the step may hold what the side may not read), and
    // undo is the umpire's: it is off there.
    d.app.set_viewer(View::of_side("union"));
    d.frames(2);
    CHECK(title("undo") == "Edit: Undo (the umpire's view) Ctrl+Z ");
    CHECK_FALSE(d.app.run("undo"));
}

TEST_CASE("The campaign's settings: the form shows what the campaign has, saves only a change, and the status bar forgets old news") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    test::Driver d(db);
    auto& s = *d.app.session();
    app::CampaignSettings men;
    men.men_per_stand = 200;
    s.change_settings(men);
    d.app.set_status("Created campaign Test long ago");
    auto& w = d.show<gui::CampaignsWindow>();
    d.frames(2);
    // The form holds the campaign's settings, not the defaults.
    CHECK(w.settings.date == "1863-07-01");
    CHECK(w.settings.men_per_stand == 200);
    CHECK(w.settings.theater == "east");
    CHECK(w.settings.turn_days == 7);
    // Nothing changed: Save does nothing, and journals nothing.
    const auto journal = s.history().journal().size();
    d.click("Campaigns/SaveSettings");
    d.frames(2);
    CHECK(s.history().journal().size() == journal);
    // One field changed: that alone is saved, as one operation, and the old news leaves the status bar.
    REQUIRE(d.click("Campaigns/Settings/Date"));
    d.backspace(2);
    d.type("04");
    d.press_enter();
    REQUIRE(d.click("Campaigns/SaveSettings"));
    d.frames(2);
    INFO(w.error);
    CHECK(s.history().journal().size() == journal + 1);
    const auto c = s.current();
    CHECK(c.date == Day::read("1863-07-04"));
    CHECK(c.men_per_stand == 200);
    CHECK(c.turn_days == 7);
    CHECK_THAT(d.app.status(), !Contains("Created campaign"));
    d.frame(shot("campaign_settings"));
}

TEST_CASE("In a side's view the umpire's actions do not run, by menu, shortcut or name, and what they would say is not shown - the side's own acts do") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    test::Driver d(db);
    d.frames(2);
    REQUIRE(d.click("Menu/View"));
    REQUIRE(d.click("Menu/View/confederate"));
    const auto entries = d.app.model().journal_size;
    const auto turn = d.app.model().current->turn;
    // The Actions menu greys them: a click on one does nothing.
    REQUIRE(d.click("Menu/Actions"));
    d.frame(shot("actions_menu_side_view"));
    REQUIRE(d.click("Menu/Actions/turn.next"));
    d.frames(2);
    CHECK(d.app.model().current->turn == turn);
    // Run by name (a button, a test): refused, saying whose work it is, and nothing written.
    for (const char* id : {"turn.next", "arrival.accept", "arrival.preview", "battle.apply", "recovery.apply", "leader.replace", "players.add", "oob.rename",
                           "schedule.add", "campaign.create"}) {
        INFO(id);
        CHECK_FALSE(d.app.run(id));
    }
    auto& season = d.show<gui::SeasonWindow>();
    CHECK_FALSE(d.app.run("turn.next"));
    CHECK_THAT(season.error, Contains("the umpire's work"));
    d.frames(2);
    CHECK(d.app.model().journal_size == entries);
    CHECK(d.app.model().current->turn == turn);
    // A side's own act runs in its view: a camp of its own.
    auto& prisoners = d.show<gui::PrisonersWindow>();
    prisoners.camp_name = "Belle Isle";
    CHECK(d.app.run("camp.new"));
    d.frames(2);
    CHECK(d.app.model().journal_size > entries);
}

TEST_CASE("The order of battle's edit bar lets go of a unit the campaign no longer has by that name (an undone rename)") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    test::Driver d(db);
    auto& oob = d.show<gui::OobWindow>();
    d.frames(2);
    oob.selected_kind = NamedKind::division;
    oob.selected_ref = "Wadsworth";
    oob.new_name = "First Division";
    REQUIRE(d.app.run("oob.rename"));
    d.frames(2);
    CHECK(oob.selected_ref == "First Division");  // it follows the unit it renamed
    REQUIRE(oob.selected_kind);
    REQUIRE(d.app.run("undo"));
    d.frames(2);
    CHECK_FALSE(oob.selected_kind);  // "First Division" is Wadsworth again: nothing to rename by that name
    CHECK_FALSE(gui::marked("OOB/Rename"));
}

TEST_CASE("The order of battle's edit bar reveals and hides a division, and merges, disbands and destroys a brigade, by clicks") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    app::Session(db, app::Open::existing).forces().add_brigade({"Wadsworth", "Cutler's Brigade", "veteran", 1, std::nullopt, "1/-/-", "", {"Cutler", "average"}});
    test::Driver d(db);
    auto& oob = d.show<gui::OobWindow>();
    d.frames(2);
    const auto division = [&](const std::string& name) -> const army::Division& {
        for (const auto& a : d.app.model().oob.armies)
            for (const auto& k : a.corps)
                for (const auto& v : k.divisions)
                    if (v.name == name) return v;
        FAIL("no division " << name);
        throw;
    };
    const auto heth = [&]() -> const army::Division& { return division("Heth"); };
    const auto brigade = [&](const std::string& ref) -> const army::Brigade& {
        const auto slash = ref.find('/');
        for (const auto& b : division(ref.substr(0, slash)).brigades)
            if (b.name == ref.substr(slash + 1)) return b;
        FAIL("no brigade " << ref);
        throw;
    };
    const auto status = [&](const std::string& name) { return brigade("Heth/" + name).status; };
    // A division the enemy saw in battle: hidden from it again, then shown to it again.
    REQUIRE_FALSE(heth().hidden);
    REQUIRE(d.click("OOB/Line/Heth"));
    REQUIRE(d.click("OOB/Fog"));
    INFO(oob.error);
    CHECK(heth().hidden);
    CHECK_THAT(oob.note, Contains("Heth"));
    d.frame(shot("oob_division_hidden"));
    REQUIRE(d.click("OOB/Fog"));
    CHECK_FALSE(heth().hidden);
    // A brigade merged into another of its division, chosen from the list: refused where the
    // merged one would be too strong, done where not.
    REQUIRE(d.click("OOB/Line/Heth/2nd Brigade"));
    CHECK_FALSE(gui::marked("OOB/Fog"));
    REQUIRE(d.click("OOB/Merge"));  // into none yet: refused, saying what to choose
    CHECK_THAT(oob.error, Contains("choose the brigade of Heth"));
    REQUIRE(d.click("OOB/MergeInto"));
    CHECK_FALSE(gui::marked("OOB/MergeInto/2nd Brigade"));  // not into itself
    REQUIRE(d.click("OOB/MergeInto/3rd Brigade"));
    REQUIRE(d.click("OOB/Merge"));
    CHECK_THAT(oob.error, Contains("would have"));
    CHECK(status("2nd Brigade") == BrigadeStatus::active);
    d.frame(shot("oob_brigade_merge_refused"));
    const int iron = brigade("Wadsworth/Iron Brigade").stands;
    REQUIRE(d.click("OOB/Line/Wadsworth/Cutler's Brigade"));
    CHECK(oob.merge_into.empty());  // the choice made for another brigade is not kept
    REQUIRE(d.click("OOB/MergeInto"));
    REQUIRE(d.click("OOB/MergeInto/Iron Brigade"));
    REQUIRE(d.click("OOB/Merge"));
    INFO(oob.error);
    CHECK(brigade("Wadsworth/Cutler's Brigade").status == BrigadeStatus::merged);
    CHECK(brigade("Wadsworth/Iron Brigade").stands == iron + 1);
    CHECK_THAT(oob.note, Contains("into Wadsworth/Iron Brigade"));
    // Destroyed with stands left: refused where it was asked, nothing changed; disbanded; undone.
    REQUIRE(d.click("OOB/Line/Heth/3rd Brigade"));
    const auto entries = d.app.model().journal_size;
    REQUIRE(d.click("OOB/Destroy"));
    CHECK_THAT(oob.error, Contains("stands"));
    CHECK(d.app.model().journal_size == entries);
    CHECK(status("3rd Brigade") == BrigadeStatus::active);
    REQUIRE(d.click("OOB/Disband"));
    CHECK(status("3rd Brigade") == BrigadeStatus::disbanded);
    CHECK_FALSE(gui::marked("OOB/Disband"));  // out of service: nothing more to do to it
    d.frame(shot("oob_brigade_disbanded"));
    d.ctrl_z();
    d.frames(2);
    CHECK(status("3rd Brigade") == BrigadeStatus::active);
}

TEST_CASE("Escape closes a popup, though tapped faster than a frame, and the next click does what it says") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    test::Driver d(db);
    d.show<gui::OobWindow>();
    REQUIRE(d.click("OOB/Line/Heth/2nd Brigade"));
    REQUIRE(d.click("OOB/MergeInto"));
    REQUIRE(gui::marked("OOB/MergeInto/3rd Brigade"));
    // Pressed and released within one batch of events, before a frame reads the keys.
    d.platform.key_event(GLFW_KEY_ESCAPE, 0, GLFW_PRESS, 0);
    d.platform.key_event(GLFW_KEY_ESCAPE, 0, GLFW_RELEASE, 0);
    d.frames(2);
    CHECK_FALSE(gui::marked("OOB/MergeInto/3rd Brigade"));
    REQUIRE(d.click("OOB/Disband"));
    for (const auto& b : d.app.session()->forces().brigades())
        if (b.ref() == "Heth/2nd Brigade") CHECK(b.status == BrigadeStatus::disbanded);
}

TEST_CASE("Ctrl+F finds in the navigator from a field being typed in, whose own keys (Ctrl+Z) stay the field's") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    test::Driver d(db);
    auto& battle = d.show<gui::BattleWindow>();
    REQUIRE(d.click("Battle/Name"));
    d.type("Seminary");
    const auto revision = d.app.revision();
    d.ctrl_z();  // the typing's undo, not the campaign's
    d.frames(2);
    CHECK(d.app.revision() == revision);
    d.ctrl_key('F');
    d.type("iron");
    d.frames(2);
    CHECK(d.app.navigator().filter == "iron");
    CHECK(battle.name.find("iron") == std::string::npos);
}

TEST_CASE("A panel brought to the front by its tab takes the keyboard - Tab goes to its first field, with no click inside it") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    test::Driver d(db);
    auto& arrival = d.show<gui::ArrivalWindow>();
    d.show<gui::JournalWindow>();
    REQUIRE(d.click("Tab/Arrival"));
    REQUIRE(d.app.front() == &arrival);
    REQUIRE(d.hover("Workspace/Splitter"));  // the pointer away from the panel
    d.keys_from_platform = true;
    d.platform.key_event(GLFW_KEY_TAB, 0, GLFW_PRESS, 0);
    d.platform.key_event(GLFW_KEY_TAB, 0, GLFW_RELEASE, 0);
    d.frames(2);
    d.type("1864");
    d.platform.key_event(GLFW_KEY_ENTER, 0, GLFW_PRESS, 0);
    d.platform.key_event(GLFW_KEY_ENTER, 0, GLFW_RELEASE, 0);
    d.frames(2);
    CHECK(arrival.year == 1864);
}

namespace {

// A workspace with the Journal's and the Season's tabs open, the Season's in front.
struct TwoTabs {
    test::TempDir dir;
    test::Driver d;
    TwoTabs() : d(campaign(dir)) {
        d.show<gui::JournalWindow>();
        d.show<gui::SeasonWindow>();
    }
    static std::string campaign(const test::TempDir& dir) {
        test::season_campaign(dir.file("c.db"));
        return dir.file("c.db");
    }
};

}  // namespace

TEST_CASE("A tab clicked as the pointer comes to it from another tab, as the window system sends it, is brought to the front") {
    // xdotool's move and press in one batch, its release in a later one: the press, held a
    // frame for its move, is not read meanwhile from GLFW's buttons as they are now.
    TwoTabs w;
    auto& d = w.d;
    d.mouse_from_platform = true;
    auto window = test::shell("xdotool search --name '^muster test$' 2>/dev/null | head -1");
    window.erase(std::remove(window.begin(), window.end(), '\n'), window.end());
    REQUIRE(!window.empty());
    const auto at = [&](const std::string& mark) {
        const auto p = gui::marked(mark);
        REQUIRE(p);
        return "--window " + window + " " + std::to_string(static_cast<int>(p->x)) + " " + std::to_string(static_cast<int>(p->y));
    };
    const auto season = at("Tab/Season"), journal = at("Tab/Journal");
    const std::vector<std::pair<std::string, gui::Window*>> targets{{journal, &d.app.window<gui::JournalWindow>()}, {season, &d.app.window<gui::SeasonWindow>()}};
    for (int round = 0; round < 3; ++round)
        for (const auto& [to, expected] : targets) {
            test::shell("xdotool mousemove " + to + " mousedown 1");
            d.frames(1);
            test::shell("xdotool mouseup 1");
            d.frames(3);
            CHECK(d.app.front() == expected);
        }
}

TEST_CASE("A window larger than the screen opens within it, where asked to fit it, as muster-gui asks") {
    for (const bool fit : {true, false}) {
        gui::Platform platform({.width = 4000, .height = 3000, .title = "muster test", .fit_screen = fit});
        platform.begin_frame();
        const auto size = ImGui::GetIO().DisplaySize;
        platform.end_frame();
        CAPTURE(fit, size.x, size.y);
        int screen_x = 0, screen_y = 0, screen_width = 0, screen_height = 0;
        glfwGetMonitorWorkarea(glfwGetPrimaryMonitor(), &screen_x, &screen_y, &screen_width, &screen_height);
        REQUIRE(screen_width < 4000);
        CHECK((size.x <= static_cast<float>(screen_width) && size.y <= static_cast<float>(screen_height)) == fit);
    }
}

TEST_CASE("On a HiDPI screen muster-gui's window opens as large as its text is, so its panels have the room they are laid out for") {
    setenv("MUSTER_SCALE", "1.5", 1);
    gui::Platform platform({.width = 640, .height = 400, .title = "muster test", .fit_screen = true});
    unsetenv("MUSTER_SCALE");
    platform.begin_frame();
    const auto size = ImGui::GetIO().DisplaySize;
    platform.end_frame();
    CHECK(size.x == 960);
    CHECK(size.y == 600);
}

TEST_CASE("A tab not in front clicked at its right end comes to the front, not closed - the one in front closes there") {
    TwoTabs w;
    auto& d = w.d;
    auto& journal = d.app.window<gui::JournalWindow>();
    REQUIRE(d.click("TabEnd/Journal"));
    CHECK(journal.open);
    CHECK(d.app.front() == &journal);
    REQUIRE(d.click("TabEnd/Journal"));  // in front, its close button is there
    CHECK(!journal.open);
}

TEST_CASE("A tab clicked as the pointer comes to it, in one batch of events, is brought to the front") {
    TwoTabs w;
    auto& d = w.d;
    const auto journal = gui::marked("Tab/Journal"), season = gui::marked("Tab/Season");
    REQUIRE((journal && season));
    d.mouse_from_platform = true;
    // The pointer on the Season tab (an item hovered the frame before), then moved onto the
    // Journal's and clicked there, all before the next frame.
    d.platform.move_pointer(season->x, season->y);
    d.frames(3);
    REQUIRE(d.app.front() == &d.app.window<gui::SeasonWindow>());
    d.platform.move_pointer(journal->x, journal->y);
    d.platform.mouse_button_event(GLFW_MOUSE_BUTTON_LEFT, GLFW_PRESS, 0);
    d.platform.mouse_button_event(GLFW_MOUSE_BUTTON_LEFT, GLFW_RELEASE, 0);
    d.frames(4);
    CHECK(d.app.front() == &d.app.window<gui::JournalWindow>());
}

TEST_CASE("Keys as a window takes them in batches - Ctrl let go in the batch that brought its Z, or before its Z is let go, undoes, a key tapped five times in one batch counts five, Ctrl+A then typing replaces") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    test::Driver d(db);
    d.show<gui::JournalWindow>();
    auto& s = *d.app.session();
    REQUIRE(d.click("Navigator/Filter"));
    d.type("abcdefgh");
    d.frames(2);
    REQUIRE(d.app.navigator().filter == "abcdefgh");
    d.keys_from_platform = true;
    for (int i = 0; i < 5; ++i) {
        d.platform.key_event(GLFW_KEY_BACKSPACE, 0, GLFW_PRESS, 0);
        d.platform.key_event(GLFW_KEY_BACKSPACE, 0, GLFW_RELEASE, 0);
    }
    d.frames(12);
    CHECK(d.app.navigator().filter == "abc");
    // Ctrl+A and what replaces the selection, typed in one batch: the characters wait for the keys.
    d.platform.key_event(GLFW_KEY_LEFT_CONTROL, 0, GLFW_PRESS, GLFW_MOD_CONTROL);
    d.platform.key_event(GLFW_KEY_A, 0, GLFW_PRESS, GLFW_MOD_CONTROL);
    d.platform.key_event(GLFW_KEY_A, 0, GLFW_RELEASE, GLFW_MOD_CONTROL);
    d.platform.key_event(GLFW_KEY_LEFT_CONTROL, 0, GLFW_RELEASE, 0);
    for (const char ch : std::string("iron")) d.platform.char_event(static_cast<unsigned>(ch));
    d.frames(8);
    CHECK(d.app.navigator().filter == "iron");
    // Out of the field: Ctrl held in one batch; Z tapped and Ctrl let go in the next.
    d.keys_from_platform = false;
    d.backspace(3);
    REQUIRE(d.click("Journal/Undo"));  // a step undone by the button, to have one more to undo by the keys
    d.keys_from_platform = true;
    const auto entries = s.history().journal().size();
    d.platform.key_event(GLFW_KEY_LEFT_CONTROL, 0, GLFW_PRESS, GLFW_MOD_CONTROL);
    d.frame();
    d.platform.key_event(GLFW_KEY_Z, 0, GLFW_PRESS, GLFW_MOD_CONTROL);
    d.platform.key_event(GLFW_KEY_Z, 0, GLFW_RELEASE, GLFW_MOD_CONTROL);
    d.platform.key_event(GLFW_KEY_LEFT_CONTROL, 0, GLFW_RELEASE, 0);
    d.frames(4);
    CHECK(s.history().journal().size() == entries + 1);
    CHECK(s.history().journal().back().kind == OperationKind::undo);
    // Z pressed and Ctrl let go in one batch (a tap faster than a frame): the press is read with Ctrl held.
    d.platform.key_event(GLFW_KEY_LEFT_CONTROL, 0, GLFW_PRESS, GLFW_MOD_CONTROL);
    d.frame();
    d.platform.key_event(GLFW_KEY_Z, 0, GLFW_PRESS, GLFW_MOD_CONTROL);
    d.platform.key_event(GLFW_KEY_LEFT_CONTROL, 0, GLFW_RELEASE, 0);
    d.platform.key_event(GLFW_KEY_Z, 0, GLFW_RELEASE, 0);
    d.frames(4);
    CHECK(s.history().journal().size() == entries + 2);
    CHECK(s.history().journal().back().kind == OperationKind::undo);
}

TEST_CASE("A refusal of one line at a panel's foot moves none of its controls, so a click aimed at one lands on it") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    test::Driver d(db);
    auto& oob = d.show<gui::OobWindow>();
    REQUIRE(d.click("OOB/Line/Heth/2nd Brigade"));
    d.frames(2);
    const auto before = gui::marked("OOB/Rename");
    REQUIRE(before);
    oob.error = "refused: one line";
    d.frames(2);
    REQUIRE(gui::marked("Order of battle/Said"));
    const auto after = gui::marked("OOB/Rename");
    REQUIRE(after);
    CHECK(after->y == Approx(before->y));
    CHECK(after->x == Approx(before->x));
}

TEST_CASE("A long name does not push the order of battle's Rename nor an exchange's count of stands off the panel") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    const std::string longest = "The Iron Brigade of the West (2nd, 6th and 7th Wisconsin, 19th Indiana, 24th Michigan), Army of the Potomac";
    app::Session(db, app::Open::existing).forces().rename(NamedKind::brigade, "Wadsworth/Iron Brigade", longest);
    test::Driver d(db);
    d.show<gui::OobWindow>();
    const float right = ImGui::GetIO().DisplaySize.x;
    REQUIRE(right > 0);
    REQUIRE(d.click("OOB/Line/Wadsworth/" + longest));
    REQUIRE(gui::marked("OOB/Rename"));
    CHECK(gui::marked("OOB/Rename")->x < right);
    d.frame(shot("oob_long_name"));
    auto& prisoners = d.show<gui::PrisonersWindow>();
    REQUIRE(d.click("Prisoners/From"));
    REQUIRE(d.click("Prisoners/From/confederate"));
    REQUIRE(d.click("Prisoners/Pick/stands:Wadsworth/" + longest));
    REQUIRE(gui::marked("Prisoners/Stands/stands:Wadsworth/" + longest));
    CHECK(gui::marked("Prisoners/Stands/stands:Wadsworth/" + longest)->x < right);
    CHECK(prisoners.picked["stands:Wadsworth/" + longest] == 1);  // every stand held
    d.frame(shot("exchange_long_name"));
}
