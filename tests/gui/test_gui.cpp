// The real windows under Xvfb, driven through actions and ImGui input, checked against the
// database; a screenshot of each window is saved for a person to look at
// (build/tests/gui/screenshots/).
#include "app/session_state.hpp"
#include "db/db_support.hpp"
#include "driver.hpp"
#include "navigator.hpp"
#include "support.hpp"
#include "windows/arrival_window.hpp"
#include "windows/battle_window.hpp"
#include "windows/campaigns_window.hpp"
#include "windows/export_window.hpp"
#include "windows/journal_window.hpp"
#include "windows/oob_window.hpp"
#include "windows/prisoners_window.hpp"
#include "windows/season_window.hpp"
#include "windows/leaders_window.hpp"
#include "app/picture.hpp"
#include "windows/table_side_window.hpp"
#include "windows/tables_window.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <chrono>
#include <fstream>
#include <thread>

using namespace muster;
using Catch::Matchers::Contains;


namespace {

std::string shot(const std::string& name) {
    const std::string dir = std::string(MUSTER_GUI_SCREENSHOTS);
    std::filesystem::create_directories(dir);
    return dir + "/" + name + ".png";
}

int count_brigades(app::Session& s) { return static_cast<int>(s.forces().brigades().size()); }

}  // namespace

TEST_CASE("The GUI creates a campaign, makes a division arrive, records a battle, exchanges prisoners and undoes") {
    test::TempDir dir;
    const std::string db = dir.file("campaigns.db");
    test::Driver d(db);
    auto& s = *d.app.session();

    // Create a campaign by typing its name and clicking Create (on the welcome: the file is new).
    auto& campaigns = d.show<gui::CampaignsWindow>();
    REQUIRE(d.click("Campaigns/Seed"));
    d.type("1863");
    REQUIRE(d.click("Campaigns/Name"));
    d.type("Gettysburg 1863");
    REQUIRE(d.click("Campaigns/Date"));
    d.type("1863-07-01");
    REQUIRE(d.click("Campaigns/Theater"));
    d.type("east");
    REQUIRE(d.click("Campaigns/Create"));
    INFO(campaigns.error);
    REQUIRE(s.campaigns().size() == 1);
    CHECK(s.campaigns()[0].name == "Gettysburg 1863");
    CHECK(s.campaigns()[0].date == Day::read("1863-07-01"));  // what arrivals and the leader table take
    CHECK(s.campaigns()[0].theater == "east");
    CHECK(s.campaigns()[0].seed == 1863);
    d.frame(shot("campaigns"));

    // The armies are laid out (not what this test is about).
    s.forces().add_army("confederate", "Army of Northern Virginia", {"R. E. Lee", "exceptional"});
    s.forces().add_corps("Army of Northern Virginia", "Third Corps", {"A. P. Hill", "average"});
    s.forces().add_division("Third Corps", "Heth", "");
    s.forces().add_division("Third Corps", "Pender", "");
    s.forces().add_army("union", "Army of the Potomac", {"Meade", "average"});
    s.forces().add_corps("Army of the Potomac", "I Corps", {"Reynolds", "exceptional"});
    s.forces().add_division("I Corps", "Wadsworth", "");
    s.forces().add_brigade({"Wadsworth", "Iron Brigade", "veteran", 6, std::nullopt, "6/5/3", "", {"Meredith", "average"}});
    s.prisoners().add_camp("union", "Fort Delaware");
    s.prisoners().add_camp("confederate", "Libby Prison");
    d.app.changed();

    // Arrival with physical dice: each roll asked by its purpose; a bad value is refused where
    // it was typed, a good one taken; abandoned, nothing is stored.
    auto& arrival = d.show<gui::ArrivalWindow>();
    REQUIRE(d.click("Arrival/Division"));
    REQUIRE(d.click("Arrival/Division/Pender"));
    CHECK(arrival.division == "Pender");
    REQUIRE(d.click("Arrival/Physical"));
    REQUIRE(arrival.physical);
    REQUIRE(d.click("Arrival/Accept"));
    INFO(arrival.error);
    REQUIRE(arrival.dice.asking());
    CHECK_THAT(arrival.dice.purpose(), Contains("Divisional Strength"));
    REQUIRE(d.click("arrival/Roll"));
    d.type("101");
    d.press_enter();
    CHECK_THAT(arrival.error, Contains("101"));
    CHECK(arrival.dice.rolls().empty());
    // The field keeps the keyboard with the refused value selected: typed straight over.
    d.frame();
    d.type("50");
    d.press_enter();
    CHECK(arrival.dice.rolls() == std::vector<std::string>{"50"});
    CHECK(arrival.dice.asking());
    CHECK(count_brigades(s) == 1);  // nothing stored while the dice are asked
    d.frame(shot("arrival_physical_dice"));
    REQUIRE(d.click("arrival/Abandon"));
    CHECK_FALSE(arrival.dice.asking());
    CHECK(count_brigades(s) == 1);

    // Arrival with the campaign's dice: preview, then accept.
    REQUIRE(d.click("Arrival/Physical"));
    REQUIRE_FALSE(arrival.physical);
    REQUIRE(d.click("Arrival/Division"));
    REQUIRE(d.click("Arrival/Division/Heth"));
    REQUIRE(d.click("Arrival/Preview"));
    REQUIRE(arrival.shown);
    CHECK(arrival.shown->preview);
    CHECK(count_brigades(s) == 1);  // a preview stores nothing
    d.frame(shot("arrival_preview"));
    REQUIRE(d.click("Arrival/Accept"));
    const int brigades = count_brigades(s);
    CHECK(brigades > 1);
    CHECK(word(s.history().journal().back().kind) == "arrival");

    // A battle, entered in the bulk table.
    auto& battle = d.show<gui::BattleWindow>();
    REQUIRE(d.click("Battle/Name"));
    d.type("McPherson Ridge");
    REQUIRE(d.click("Battle/Division/Heth"));
    REQUIRE(d.click("Battle/Division/Wadsworth"));
    CHECK(battle.divisions == std::set<std::string>{"Heth", "Wadsworth"});
    // A cell takes what is typed after its 0: "02" is 2.
    const auto cell = [&](const std::string& what, const std::string& ref, const std::string& typed) {
        REQUIRE(d.click("Battle/" + what + "/" + ref));
        d.type(typed);
        d.press_enter();
    };
    const auto choose = [&](const std::string& combo, const std::string& item) {
        REQUIRE(d.click(combo));
        REQUIRE(d.click(combo + "/" + item));
    };
    cell("Lost", "Heth/1st Brigade", "2");
    cell("Captured", "Heth/1st Brigade", "1");
    choose("Battle/Camp/Heth/1st Brigade", "Fort Delaware");
    cell("Lost", "Wadsworth/Iron Brigade", "1");
    cell("Captured", "Wadsworth/Iron Brigade", "2");
    choose("Battle/Camp/Wadsworth/Iron Brigade", "Libby Prison");
    choose("Battle/Fate/Wadsworth/Iron Brigade", "wounded");
    const auto& typed_heth = battle.lines["Heth/1st Brigade"];
    CHECK((typed_heth.lost == 2 && typed_heth.captured == 1 && typed_heth.camp == "Fort Delaware"));
    const auto& typed_iron = battle.lines["Wadsworth/Iron Brigade"];
    CHECK((typed_iron.lost == 1 && typed_iron.captured == 2 && typed_iron.camp == "Libby Prison" && typed_iron.fate == LeaderFate::wounded));
    d.frames(3);
    d.frame(shot("battle_report"));
    REQUIRE(d.click("Battle/Apply"));
    INFO(battle.error);
    REQUIRE(s.battles().list().size() == 1);
    for (const auto& b : s.forces().brigades())
        if (b.ref() == "Wadsworth/Iron Brigade") CHECK(b.stands == 3);
    REQUIRE(d.click("Battle/RecoveryPreview"));
    REQUIRE(battle.recovery);
    d.frame(shot("battle_recovery_preview"));
    REQUIRE(d.click("Battle/RecoveryApply"));
    CHECK(s.battles().list()[0].recovered);

    // An exchange: the Union offers its Confederate prisoner for its own two men.
    auto iron = [&] {
        for (const auto& b : s.forces().brigades())
            if (b.ref() == "Wadsworth/Iron Brigade") return b.stands;
        return -1;
    };
    const int iron_before = iron();
    auto& prisoners = d.show<gui::PrisonersWindow>();
    REQUIRE(d.click("Prisoners/From"));
    REQUIRE(d.click("Prisoners/From/union"));
    CHECK(prisoners.from == "union");
    // Ticked, a line offers (or asks for) every stand held.
    REQUIRE(d.click("Prisoners/Pick/stands:Heth/1st Brigade"));
    REQUIRE(d.click("Prisoners/Pick/stands:Wadsworth/Iron Brigade"));
    CHECK(prisoners.picked["stands:Heth/1st Brigade"] == 1);
    CHECK(prisoners.picked["stands:Wadsworth/Iron Brigade"] == 2);
    REQUIRE(d.click("Prisoners/Propose"));
    INFO(prisoners.error);
    REQUIRE(s.prisoners().exchanges().size() == 1);
    d.frame(shot("prisoners"));
    REQUIRE(d.click("Prisoners/Accept/1"));
    CHECK(word(s.prisoners().exchanges()[0].row.status) == "accepted");
    CHECK(iron() == iron_before + 2);

    // Undo with Ctrl+Z: the exchange is reversed.
    d.show<gui::JournalWindow>();
    d.ctrl_z();
    CHECK(word(s.prisoners().exchanges()[0].row.status) == "proposed");
    CHECK(iron() == iron_before);
    CHECK(s.history().check().ok());
    d.frame(shot("journal"));

    // The order of battle: rename a brigade, enter a historical brigade by hand.
    auto& oob = d.show<gui::OobWindow>();
    d.frames(2);
    CHECK(oob.rows().size() > 8);
    REQUIRE(d.click("OOB/Line/Heth/2nd Brigade"));
    CHECK(oob.selected_ref == "Heth/2nd Brigade");
    REQUIRE(d.click("OOB/NewName"));
    d.type("Davis's Brigade");
    REQUIRE(d.click("OOB/Rename"));
    INFO(oob.error);
    bool renamed = false;
    for (const auto& b : s.forces().brigades()) renamed = renamed || b.ref() == "Heth/Davis's Brigade";
    CHECK(renamed);
    REQUIRE(d.click("OOB/Line/Wadsworth"));
    REQUIRE(oob.selected_open);  // a hand-entered division takes brigades by hand
    REQUIRE(d.click("OOB/EntryName"));
    d.type("Cutler's Brigade");
    REQUIRE(d.click("OOB/Rating"));
    REQUIRE(d.click("OOB/Rating/veteran"));
    REQUIRE(d.click("OOB/EntryStands"));
    d.type("7");  // after its 0: "07"
    d.press_enter();
    REQUIRE(d.click("OOB/Brigadier"));
    d.type("Cutler");
    REQUIRE(d.click("OOB/Grade"));
    REQUIRE(d.click("OOB/Grade/average"));
    CHECK(oob.entry.stands == 7);
    REQUIRE(d.click("OOB/AddBrigade"));
    INFO(oob.error);
    bool added = false;
    for (const auto& b : s.forces().brigades()) added = added || b.ref() == "Wadsworth/Cutler's Brigade";
    CHECK(added);
    d.frames(2);
    d.frame(shot("order_of_battle"));
    auto& tables = d.show<gui::TablesWindow>();
    REQUIRE(d.click("Tables/Odds"));
    REQUIRE(tables.odds);
    CHECK(generate::mean(tables.odds->stands) > 15);
    // Over the histogram, the bar under the mouse says its value and chance.
    REQUIRE(d.click("Tables/Histogram"));
    CHECK_THAT(tables.hovered, Contains(" stands: ") && Contains("%"));
    d.frame(shot("tables"));
    auto& exports = d.show<gui::ExportWindow>();
    exports.labels = true;
    exports.path = dir.file("labels.pdf");
    REQUIRE(d.click("Export/Export"));
    CHECK(std::filesystem::file_size(dir.file("labels.pdf")) > 1000);
    d.frame(shot("export_labels"));
}

TEST_CASE("A GUI refusal shows in its window and changes nothing") {
    test::TempDir dir;
    test::make_campaign(dir.file("c.db"));
    test::Driver d(dir.file("c.db"));
    auto& arrival = d.show<gui::ArrivalWindow>();
    arrival.division = "Nobody";
    const auto before = test::dump(dir.file("c.db"));
    REQUIRE(d.click("Arrival/Accept"));
    CHECK_THAT(arrival.error, Contains("no division named \"Nobody\""));
    CHECK(test::dump(dir.file("c.db")) == before);
    CHECK_FALSE(d.app.run("no.such.action"));
    d.frame(shot("refusal"));
}

TEST_CASE("A database that is not muster's: the welcome names it with the reason, and another file is opened from it") {
    test::TempDir dir;
    {
        std::ofstream(dir.file("junk.db")) << std::string(4096, 'x');
    }
    test::Driver d(dir.file("junk.db"));
    CHECK(d.app.session() == nullptr);
    CHECK_THAT(d.app.status(), Contains("not a muster campaign database") && Contains("junk.db"));
    CHECK_FALSE(d.app.run("undo"));
    d.frames(3);
    CHECK(d.app.welcoming());
    CHECK(gui::marked("Welcome/Refused"));
    d.frame(shot("welcome_refused"));

    // Another file, typed into the welcome and opened with its button: a new one is created.
    REQUIRE(d.click("Welcome/Path"));
    d.type(dir.file("new.db"));
    REQUIRE(d.click("Welcome/Open"));
    REQUIRE(d.app.session() != nullptr);
    CHECK(d.app.db_path() == dir.file("new.db"));
    d.frames(2);
    CHECK(d.app.welcoming());  // it holds no campaign yet
    CHECK_FALSE(gui::marked("Welcome/Refused"));
}

TEST_CASE("On an empty database muster-gui opens on the welcome, and a campaign is created through it") {
    test::TempDir dir;
    test::Driver d(dir.file("first.db"));
    d.frames(3);
    REQUIRE(d.app.session() != nullptr);
    CHECK(d.app.welcoming());
    // Only the welcome: no window waits behind it for a campaign that does not exist.
    CHECK(gui::marked("Campaigns/Create"));
    CHECK(gui::marked("Campaigns/StartSample"));
    CHECK_FALSE(gui::marked("Campaigns/Use"));
    d.frame(shot("welcome"));

    REQUIRE(d.click("Campaigns/Name"));
    d.type("Chancellorsville");
    REQUIRE(d.click("Campaigns/Date"));
    d.type("1863-05-01");
    REQUIRE(d.click("Campaigns/Create"));
    auto& s = *d.app.session();
    REQUIRE(s.campaigns().size() == 1);
    CHECK(s.campaigns()[0].name == "Chancellorsville");
    CHECK(s.campaigns()[0].rules_id == "acw");
    CHECK(s.campaigns()[0].date == Day::read("1863-05-01"));
    d.frames(2);
    CHECK_FALSE(d.app.welcoming());
    CHECK(gui::marked("Campaigns/Use"));  // the windows are back
    d.frame(shot("welcome_created"));
}

TEST_CASE("From the welcome, a sample campaign starts with its armies and schedule, as one operation undone by Ctrl+Z") {
    test::TempDir dir;
    test::Driver d(dir.file("first.db"));
    REQUIRE(d.click("Campaigns/Sample/saratoga"));
    REQUIRE(d.click("Campaigns/SampleName"));
    d.type("Saratoga 1777");
    d.frame(shot("welcome_sample"));
    REQUIRE(d.click("Campaigns/StartSample"));
    auto& s = *d.app.session();
    INFO(d.app.window<gui::CampaignsWindow>().error);
    REQUIRE(s.campaigns().size() == 1);
    CHECK(s.campaigns()[0].name == "Saratoga 1777");
    CHECK(s.campaigns()[0].rules_id == "awi");
    CHECK(s.campaigns()[0].date == Day::read("1777-09-19"));
    CHECK(count_brigades(s) == 14);  // Fraser 3, Hamilton 4, Poor 5, Morgan 2
    CHECK(s.history().check().ok());
    d.frames(2);
    CHECK_FALSE(d.app.welcoming());
    CHECK_THAT(d.app.status(), Contains("from sample saratoga"));
    d.show<gui::OobWindow>();
    d.frame(shot("sample_oob"));
    d.ctrl_z();
    CHECK(count_brigades(s) == 0);
    CHECK(s.campaigns().size() == 1);  // the campaign stays, empty: the welcome does not return
}

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
        for (const char* title : {"Campaigns", "Order of battle", "Arrival", "Battle report", "Prisoners", "Export", "Tables", "Table side", "Journal"}) {
            d.app.show(d.app.window_titled(title));
            d.frames(2);
            CHECK(d.app.front() == &d.app.window_titled(title));
        }
    };
    every_panel_in_front();
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
    d.show<gui::JournalWindow>();
    d.frame(shot("journal_union_view"));
    // Back to the umpire: everything again.
    REQUIRE(d.click("Menu/View"));
    REQUIRE(d.click("Menu/View/umpire"));
    CHECK(mentions(d.app.seen().journal, "Pender"));
}

namespace {
// The table side's table, chosen from its combo with the mouse.
void choose_table(test::Driver& d, const std::string& id) {
    REQUIRE(d.click("TableSide/Table"));
    REQUIRE(d.click("TableSide/Table/" + id));
    d.frames(2);
}
// The Wagram test campaign's charge: Legrand/Ledru against Fresnel/Kleist, typed in.
void name_the_charge(test::Driver& d) {
    REQUIRE(d.click("TableSide/Battle"));
    d.type("Wagram");
    REQUIRE(d.click("TableSide/Unit"));
    d.type("Legrand/Ledru");
    REQUIRE(d.click("TableSide/Defender"));
    d.type("Fresnel/Kleist");
}
}  // namespace

TEST_CASE("The table side: a charge rolled with ticked modifiers and typed dice fills the battle's draft, applied from the window") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::wagram(db);
    test::Driver d(db);
    auto& s = *d.app.session();
    auto& w = d.show<gui::TableSideWindow>();
    choose_table(d, "charge");
    // Fresh for the attacker, Spent for the defender, ticked with the mouse.
    REQUIRE(d.click("TableSide/Mod/attacker:fresh"));
    REQUIRE(d.click("TableSide/Mod/defender:spent"));
    CHECK(w.ticked[1]);
    CHECK(w.ticked_defender[2]);
    REQUIRE(d.click("TableSide/Dice"));
    d.type("11,3");
    name_the_charge(d);
    REQUIRE(d.click("TableSide/Roll"));
    INFO(w.error);
    CHECK_THAT(w.result.text, Contains("difference +12"));  // 11 + 2 - (3 - 2)
    CHECK_THAT(w.result.text, Contains("Swept from the field."));
    REQUIRE(s.table_side().drafts().size() == 1);
    d.frames(3);
    d.frame(shot("table_side_draft"));
    // The draft shows in the window, from the model; applying it records the battle.
    REQUIRE(d.click("TableSide/Apply"));
    INFO(w.error);
    REQUIRE(s.battles().list().size() == 1);
    for (const auto& b : s.forces().brigades())
        if (b.ref() == "Fresnel/Kleist") CHECK(b.stands == 6 - 1 - 3);  // one flees, one and two more captured
    CHECK(s.history().check().ok());
    CHECK(w.log.size() == 2);
    // A reference table shows as the source prints it; a roll with no battle is not recorded.
    choose_table(d, "musketry");
    REQUIRE(d.click("TableSide/Points"));
    d.type("7");
    REQUIRE(d.click("TableSide/Mod/disordered"));
    w.battle.clear();
    REQUIRE(d.click("TableSide/Dice"));
    d.type("9");
    const auto journal = s.history().journal().size();
    REQUIRE(d.click("TableSide/Roll"));
    INFO(w.error);
    CHECK_THAT(w.result.text, Contains("3 1/2 after the factors (row 3)"));
    CHECK_THAT(w.result.text, Contains("not recorded"));
    CHECK(s.history().journal().size() == journal);
    d.frame(shot("table_side_fire"));

    // In a side's view the window shows none of the umpire's rolls, and rolls nothing for the campaign.
    w.battle = "Aspern";
    w.unit = "Fresnel/Klenau";
    REQUIRE(d.click("Menu/View"));
    REQUIRE(d.click("Menu/View/french"));
    CHECK_FALSE(gui::marked("TableSide/Battle"));
    REQUIRE(d.click("TableSide/Dice"));
    d.type("7");
    REQUIRE(d.click("TableSide/Roll"));
    INFO(w.error);
    CHECK(s.history().journal().size() == journal);  // not the campaign's
    CHECK(s.table_side().drafts().empty());
    CHECK_FALSE(w.result.umpire);
    d.frame(shot("table_side_french_view"));
}

namespace {

// The test campaign with a date, a theater and turns of a week; Heth and Wadsworth fought at
// McPherson Ridge; Pender is due on turn 2.
void season_campaign(const std::string& db) {
    auto s = test::make_campaign(db);
    app::CampaignSettings c;
    c.date = Day::read("1863-07-01");
    c.theater = "east";
    c.turn_days = 7;
    s.change_settings(c);
    test::fight_and_propose(s);
    s.season().schedule_division("Pender", Turn::read(2), std::nullopt);
}

}  // namespace

TEST_CASE("The season panel: Next turn with physical dice asks each roll of the division due by its purpose, with take-back") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    season_campaign(db);
    test::Driver d(db);
    auto& s = *d.app.session();
    auto& w = d.show<gui::SeasonWindow>();
    REQUIRE(d.click("Season/Physical"));
    REQUIRE(w.physical);
    REQUIRE(d.click("Season/NextTurn"));
    INFO(w.error);
    d.frames(2);
    CHECK(d.app.model().current->turn == Turn::read(2));
    CHECK(d.app.model().current->date == Day::read("1863-07-08"));
    REQUIRE(w.dice.asking());
    CHECK_THAT(w.dice.purpose(), !Contains("Heth"));
    const std::string first = w.dice.purpose();
    // A value no die shows is refused where it was typed, naming the roll; nothing is taken.
    REQUIRE(d.click("turn/Roll"));
    d.type("x");
    d.press_enter();
    CHECK_THAT(w.error, Contains(first));
    CHECK(w.dice.rolls().empty());
    d.frame();  // the field keeps the keyboard, the refused value selected: typed straight over
    d.type("3");
    d.press_enter();
    REQUIRE(w.dice.rolls().size() == 1);
    d.frame(shot("season_dice"));
    // Taken back: the same roll is asked again.
    const std::string second = w.dice.purpose();
    REQUIRE(d.click("turn/TakeBack"));
    CHECK(w.dice.rolls().empty());
    CHECK(w.dice.purpose() == first);
    // Every roll typed as asked, the field keeping the keyboard after each Enter; nothing is
    // stored until the last is in.
    REQUIRE(d.click("turn/Roll"));
    int typed = 0;
    while (w.dice.asking() && typed < 200) {
        CHECK(s.forces().brigades().size() == 4);  // Heth's three and the Iron Brigade: Pender is not in yet
        const auto before = w.dice.rolls().size();
        d.frame();  // the focus asked for in one frame is taken in the next
        d.type("3");
        d.press_enter();
        INFO("roll " << typed);
        REQUIRE((w.dice.rolls().size() == before + 1 || !w.dice.asking()));
        ++typed;
    }
    REQUIRE_FALSE(w.dice.asking());
    CHECK(typed > 1);
    CHECK_THAT(w.note, Contains("Pender arrived"));
    const auto brigades = s.forces().brigades();
    CHECK(std::count_if(brigades.begin(), brigades.end(), [](const auto& b) { return b.division == "Pender"; }) > 0);
    // The journal holds the rolls as typed, under the arrival.
    const auto journal = s.history().journal(View::umpire());
    bool typed_rolls = false;
    for (const auto& e : journal)
        if (e.summary.find("Pender") != std::string::npos)
            for (const auto& r : e.rolls) typed_rolls = typed_rolls || r.roll.purpose.find(second) != std::string::npos;
    CHECK(typed_rolls);
    d.frames(2);
    CHECK(d.app.model().turn.due.empty());
    d.frame(shot("season_arrived"));
}

TEST_CASE("The season panel: each battle summarized in a sortable table, and charts read by hovering, in every view") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    season_campaign(db);
    {
        app::Session s(db, app::Open::create, 5000, app::Catalog(""));
        battle::Report r;
        r.name = "Seminary Ridge";
        r.brigades.push_back({"Heth/3rd Brigade", 2, 0, ""});
        s.battles().report_battle(r, app::Mode::apply);
    }
    test::Driver d(db);
    auto& w = d.show<gui::SeasonWindow>();
    const auto picture = app::season_picture(d.app.model(), View::umpire());
    REQUIRE(picture.battles == std::vector<std::string>{"McPherson Ridge", "Seminary Ridge"});
    // The Confederates lost 1 + 2 captured, then 2: their army's stands, now and before.
    REQUIRE(picture.losses.size() == 2);
    for (const auto& side : picture.losses)
        CHECK(side.values == (side.side == "confederate" ? std::vector<int>{3, 2} : std::vector<int>{1, 0}));
    REQUIRE(picture.stands.size() == 2);
    for (const auto& army : picture.stands) {
        REQUIRE(army.values.size() == 3);
        // Back through the battles: the Confederates lost 3 then 2, the Union 1 then none.
        CHECK(army.values[0] - army.values[1] == (army.side == "confederate" ? 3 : 1));
        CHECK(army.values[1] - army.values[2] == (army.side == "confederate" ? 2 : 0));
    }
    // Hovering the losses chart reads the battle under the mouse.
    REQUIRE(d.hover("Chart/losses"));
    d.frame(shot("season_charts"));
    // A click on the Lost header sorts the rows by it, a second click the other way.
    const auto lost = [&] {
        std::vector<int> out;
        for (const auto& r : w.rows()) out.push_back(r.side->casualties);
        return out;
    };
    REQUIRE(d.click("Season/Battles/Lost"));
    CHECK(lost() == std::vector<int>{0, 1, 2});  // the Union lost none (one captured), the Confederates 1 then 2
    REQUIRE(d.click("Season/Battles/Lost"));
    CHECK(lost() == std::vector<int>{2, 1, 0});
    // In the Union's view: only its own side's losses and armies, and no due division.
    REQUIRE(d.click("Menu/View"));
    REQUIRE(d.click("Menu/View/union"));
    const auto union_picture = app::season_picture(d.app.model(), View::of_side("union"));
    REQUIRE(union_picture.losses.size() == 1);
    CHECK(union_picture.losses[0].side == "union");
    CHECK(union_picture.battles == std::vector<std::string>{"McPherson Ridge"});  // Seminary Ridge: no Union division there
    for (const auto& army : union_picture.stands) CHECK(army.side == "union");
    d.frame(shot("season_union_view"));
    CHECK_FALSE(gui::marked("Season/NextTurn"));
}

TEST_CASE("The navigator: Ctrl+F and a typed filter find a brigade, a click shows it in the order of battle, and a side's view hides the enemy's") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    season_campaign(db);
    test::Driver d(db);
    d.show<gui::JournalWindow>();
    d.ctrl_key('F');
    d.type("iron");
    d.frames(2);
    const auto& rows = d.app.navigator().rows();
    REQUIRE(rows.size() == 4);  // the Army of the Potomac, I Corps, Wadsworth, the Iron Brigade
    CHECK(rows.back().ref == "Wadsworth/Iron Brigade");
    d.frame(shot("navigator_filter"));
    REQUIRE(d.click("Navigator/Wadsworth/Iron Brigade"));
    auto& oob = d.app.window<gui::OobWindow>();
    CHECK(d.app.front() == &oob);
    CHECK(oob.selected_ref == "Wadsworth/Iron Brigade");
    d.frame(shot("navigator_oob"));
    // The Union's view: Pender, a placeholder hidden from it, is not in its navigator.
    REQUIRE(d.click("Navigator/Filter"));
    d.backspace(4);
    CHECK(d.app.navigator().filter.empty());
    REQUIRE(d.click("Menu/View"));
    REQUIRE(d.click("Menu/View/union"));
    d.frames(2);
    for (const auto& r : d.app.navigator().rows()) CHECK(*r.name != "Pender");
    CHECK(d.app.navigator().rows().size() > 0);
    d.frame(shot("navigator_union_view"));
}

TEST_CASE("The workspace keeps its layout between runs: the tabs open and their order, the one in front, the navigator's width and the view") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    season_campaign(db);
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

namespace {
// Types "3" into a dice prompt's field until it asks no more (at most `most` rolls).
int roll_threes(test::Driver& d, const gui::DicePrompt& dice, const std::string& id, int most = 200) {
    int typed = 0;
    while (dice.asking() && typed < most) {
        REQUIRE(d.click(id + "/Roll"));
        d.type("3");
        d.press_enter();
        ++typed;
    }
    return typed;
}
}  // namespace

TEST_CASE("Recovery with physical dice: each brigade's roll asked by its purpose, taken back, then applied") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    season_campaign(db);
    {
        app::Session s(db, app::Open::create, 5000, app::Catalog(""));
        battle::Report r;
        r.name = "Seminary Ridge";
        r.brigades.push_back({"Heth/2nd Brigade", 3, 0, ""});  // odd: half of them is rolled
        r.brigades.push_back({"Heth/3rd Brigade", 3, 0, ""});
        s.battles().report_battle(r, app::Mode::apply);
    }
    test::Driver d(db);
    auto& s = *d.app.session();
    auto& w = d.show<gui::BattleWindow>();
    REQUIRE(d.click("Battle/RecoveryBattle"));
    REQUIRE(d.click("Battle/RecoveryBattle/Seminary Ridge"));
    CHECK(w.recovery_battle == "Seminary Ridge");
    REQUIRE(d.click("Battle/RecoveryPhysical"));
    REQUIRE(d.click("Battle/RecoveryApply"));
    INFO(w.error);
    REQUIRE(w.dice.asking());
    const auto first = w.dice.purpose();
    CHECK_THAT(first, Contains("Heth/"));
    REQUIRE(d.click("recovery/Roll"));
    d.type("3");
    d.press_enter();
    REQUIRE(w.dice.asking());  // a roll a brigade with casualties
    CHECK(w.dice.purpose() != first);
    d.frame(shot("recovery_dice"));
    REQUIRE(d.click("recovery/TakeBack"));
    CHECK(w.dice.rolls().empty());
    CHECK(w.dice.purpose() == first);
    bool recovered = false;
    for (const auto& b : s.campaigns().empty() ? std::vector<campaign::BattleInfo>{} : d.app.model().roster.battles)
        recovered = recovered || (b.name == "Seminary Ridge" && b.recovered);
    CHECK_FALSE(recovered);  // nothing stored while the dice are asked
    CHECK(roll_threes(d, w.dice, "recovery") >= 2);
    REQUIRE_FALSE(w.dice.asking());
    REQUIRE(w.recovery);
    CHECK_FALSE(w.recovery->preview);
    d.frames(2);
    for (const auto& b : d.app.model().roster.battles) recovered = recovered || (b.name == "Seminary Ridge" && b.recovered);
    CHECK(recovered);
    d.frame(shot("recovery_applied"));
}

TEST_CASE("The leaders panel: a sound commander is kept unless forced, then replaced with physical dice, and a side sees its own") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    season_campaign(db);
    test::Driver d(db);
    auto& s = *d.app.session();
    auto& w = d.show<gui::LeadersWindow>();
    REQUIRE(d.click("Leaders/Meredith"));
    CHECK(w.unit == "Wadsworth/Iron Brigade");
    REQUIRE(d.click("Leaders/Replace"));
    // Refused where it was asked, and nothing changed.
    CHECK_FALSE(w.error.empty());
    CHECK(gui::marked("Leaders/Said"));
    d.frame(shot("leaders_refused"));
    const auto journal = s.history().journal().size();
    REQUIRE(d.click("Leaders/Force"));
    REQUIRE(d.click("Leaders/Physical"));
    REQUIRE(d.click("Leaders/Replace"));
    INFO(w.error);
    REQUIRE(w.dice.asking());
    CHECK(s.history().journal().size() == journal);  // nothing stored while the dice are asked
    d.frame(shot("leaders_dice"));
    CHECK(roll_threes(d, w.dice, "leader") >= 1);
    REQUIRE_FALSE(w.dice.asking());
    CHECK(s.history().journal().size() == journal + 1);
    for (const auto& l : s.leaders().list())
        if (l.name == "Meredith") CHECK(l.command.unit != "Wadsworth/Iron Brigade");
    d.frame(shot("leaders_replaced"));
    // The Union's view: no Confederate it has not seen, and no replacing; what was said to the
    // umpire (the new commander) is not said to it.
    CHECK_FALSE(w.note.empty());
    REQUIRE(d.click("Menu/View"));
    REQUIRE(d.click("Menu/View/union"));
    CHECK(w.note.empty());
    CHECK_FALSE(gui::marked("Leaders/Said"));
    const auto seen = app::leaders_seen_by(d.app.model().roster, d.app.model().oob, View::of_side("union"));
    for (const auto& l : s.leaders().list())
        if (l.side == "confederate" && std::none_of(seen.begin(), seen.end(), [&](const auto& x) { return x.id == l.id; }))
            CHECK_FALSE(gui::marked("Leaders/" + l.label()));
    CHECK_FALSE(gui::marked("Leaders/Replace"));
    d.frame(shot("leaders_union_view"));
}

TEST_CASE("The table side with each die asked: the attacker's and the defender's dice asked by purpose, one taken back, the draft filled") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::wagram(db);
    test::Driver d(db);
    auto& s = *d.app.session();
    auto& w = d.show<gui::TableSideWindow>();
    choose_table(d, "charge");
    REQUIRE(d.click("TableSide/Physical"));
    REQUIRE(w.physical);
    name_the_charge(d);
    const auto journal = s.history().journal().size();
    REQUIRE(d.click("TableSide/Roll"));
    INFO(w.error);
    REQUIRE(w.asked.asking());
    const auto first = w.asked.purpose();
    CHECK_THAT(first, Contains("attacker"));
    const auto enter = [&](const char* roll) {
        REQUIRE(d.click("tableside.dice/Roll"));
        d.type(roll);
        d.press_enter();
    };
    enter("11");  // the attacker's 2d6, as they lay
    INFO(w.error);
    REQUIRE(w.asked.rolls().size() == 1);
    CHECK_THAT(w.asked.purpose(), Contains("defender"));
    REQUIRE(d.click("tableside.dice/TakeBack"));
    CHECK(w.asked.rolls().empty());
    CHECK(w.asked.purpose() == first);
    enter("11");
    REQUIRE(w.asked.asking());
    d.frame(shot("table_side_dice"));
    // A campaign roll's dice name both sides' units: a side's view does not see them asked.
    REQUIRE(d.click("Menu/View"));
    REQUIRE(d.click("Menu/View/french"));
    CHECK_FALSE(gui::marked("tableside.dice/Roll"));
    REQUIRE(d.click("Menu/View"));
    REQUIRE(d.click("Menu/View/umpire"));
    REQUIRE(gui::marked("tableside.dice/Roll"));
    CHECK(s.history().journal().size() == journal);  // nothing recorded while the dice are asked
    enter("3");
    // A chained fallen-leader roll, if the result calls for one, is asked too.
    for (int more = 0; w.asked.asking() && more < 5; ++more) enter("3");
    REQUIRE_FALSE(w.asked.asking());
    CHECK_THAT(w.result.text, Contains("Attacker rolled 11"));
    CHECK(s.table_side().drafts().size() == 1);
    CHECK(s.history().journal().size() > journal);
}

TEST_CASE("The schedule in the season panel: a division taken off, put back by a typed date, a date no calendar has refused") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    season_campaign(db);
    test::Driver d(db);
    auto& s = *d.app.session();
    auto& w = d.show<gui::SeasonWindow>();
    REQUIRE(d.click("Season/ScheduleHeader"));
    d.frame();
    REQUIRE(gui::marked("Season/Unschedule/Pender"));
    REQUIRE(d.click("Season/Unschedule/Pender"));
    INFO(w.error);
    CHECK(s.season().schedule().empty());
    d.frame();
    CHECK(d.app.model().schedule.empty());
    CHECK(d.app.model().turn.next.empty());
    CHECK_FALSE(gui::marked("Season/Unschedule/Pender"));
    // Put back by date: a week after the campaign's date is turn 2's, two weeks turn 3's.
    REQUIRE(d.click("Season/Division"));
    REQUIRE(d.click("Season/Division/Pender"));
    CHECK(w.to_schedule == "Pender");
    REQUIRE(d.click("Season/ByDate"));
    REQUIRE(w.by_date);
    REQUIRE(d.click("Season/Date"));
    d.type("1863-02-30");
    d.frame();
    const auto journal = s.history().journal().size();
    REQUIRE(d.click("Season/Schedule"));
    CHECK_THAT(w.error, Contains("1863-02-30"));
    CHECK(s.season().schedule().empty());
    CHECK(s.history().journal().size() == journal);
    d.frame(shot("schedule_refused"));
    REQUIRE(d.click("Season/Date"));  // a click selects what is there: typing replaces it
    d.type("1863-07-15");
    d.frame();
    REQUIRE(d.click("Season/Schedule"));
    INFO(w.error);
    const auto schedule = s.season().schedule();
    REQUIRE(schedule.size() == 1);
    CHECK(schedule[0].entry.division == "Pender");
    CHECK(schedule[0].entry.turn.number() == 3);
    CHECK(schedule[0].date == Day::read("1863-07-15"));
    CHECK_THAT(w.note, Contains("turn 3"));
    CHECK(s.history().journal().size() == journal + 1);
    d.frame(shot("schedule"));
    REQUIRE(gui::marked("Season/Unschedule/Pender"));
    // By turn: typed into the turn field.
    REQUIRE(d.click("Season/Division"));
    REQUIRE(d.click("Season/Division/Pender"));
    d.frame();
    REQUIRE_FALSE(gui::marked("Season/Turn"));
    REQUIRE(d.click("Season/ByTurn"));
    CHECK_FALSE(w.by_date);
    REQUIRE(d.click("Season/Turn"));
    d.type("5");
    d.press_enter();
    REQUIRE(d.click("Season/Schedule"));
    REQUIRE(s.season().schedule().size() == 1);
    CHECK(s.season().schedule()[0].entry.turn.number() == 5);
    // A side is not told who is coming.
    REQUIRE(d.click("Menu/View"));
    REQUIRE(d.click("Menu/View/union"));
    CHECK_FALSE(gui::marked("Season/ScheduleHeader"));
    CHECK_FALSE(gui::marked("Season/Unschedule/Pender"));
}

TEST_CASE("Exports and handouts are written on a worker: the frames go on showing how far it has got, and the result lands in the panel") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    season_campaign(db);
    test::Driver d(db);
    auto& w = d.show<gui::ExportWindow>();
    REQUIRE(d.click("Export/File"));  // a click selects what is there: typing replaces it
    d.type(dir.file("oob.pdf"));
    REQUIRE(d.click("Export/HandoutSide"));
    REQUIRE(d.click("Export/HandoutSide/union"));
    REQUIRE(d.click("Export/HandoutFolder"));  // a click selects what is there: typing replaces it
    const std::string folder = dir.file("union papers");
    d.type(folder);
    // Held at its start: the frames go on, the panel and the status bar say it is under way,
    // and no more work is started meanwhile.
    gui::hold_work(true);
    d.wait_for_work = false;
    REQUIRE(d.click("Export/Handout"));
    d.frames(3);
    REQUIRE(d.app.work());
    CHECK_THAT(d.app.work()->what, Contains("Union") && Contains(folder));
    CHECK(gui::marked("Export/Working"));
    CHECK(gui::marked("Status/Working"));
    d.frame(shot("export_working"));
    REQUIRE(d.click("Export/Export"));  // disabled while the handout is written
    CHECK_THAT(d.app.work()->what, Contains("handout"));
    CHECK_FALSE(std::filesystem::exists(dir.file("oob.pdf")));
    gui::hold_work(false);
    for (int i = 0; i < 3000 && d.app.work(); ++i) d.frame();
    REQUIRE_FALSE(d.app.work());
    INFO(w.error);
    CHECK_THAT(w.note, Contains("papers.txt") && Contains("oob.pdf") && Contains("labels.pdf"));
    CHECK_FALSE(gui::marked("Export/Working"));
    d.frame(shot("export_handout"));
    // The papers are the Union's, and tell it nothing of what it has not seen: the same bytes as
    // the command line's handout, and no Pender (a Confederate placeholder).
    const auto papers = test::file_bytes(folder + "/papers.txt");
    CHECK_THAT(papers, Contains("Papers of the Union"));
    const auto cli = test::run_muster("--db " + test::quote(db) + " handout --side union -o " + test::quote(dir.file("cli")));
    REQUIRE(cli.code == 0);
    CHECK(papers == test::file_bytes(dir.file("cli") + "/papers.txt"));
    CHECK_THAT(test::pdf_text(folder + "/oob.pdf"), !Contains("Pender") && Contains("Iron Brigade"));
    // A folder that is a file is refused, naming it; nothing is written.
    d.wait_for_work = true;
    REQUIRE(d.click("Export/HandoutFolder"));
    d.type(db);
    REQUIRE(d.click("Export/Handout"));
    CHECK_THAT(w.error, Contains(db) && Contains("folder"));
    // Work started in the umpire's view and finished in a side's does not say what it wrote
    // (its size would say how much the umpire's order of battle holds).
    REQUIRE(d.click("Export/Export"));
    CHECK_THAT(w.note, Contains("bytes"));
    CHECK(std::filesystem::file_size(dir.file("oob.pdf")) > 1000);
    gui::hold_work(true);
    d.wait_for_work = false;
    REQUIRE(d.click("Export/Export"));
    REQUIRE(d.app.work());
    REQUIRE(d.click("Menu/View"));
    REQUIRE(d.click("Menu/View/union"));
    gui::hold_work(false);
    d.app.finish_work();
    d.frame();
    CHECK_THAT(w.note, Contains("done, in the view it was started in") && !Contains("bytes"));
    // In a side's view the handout is its own: no side to choose.
    CHECK_FALSE(gui::marked("Export/HandoutSide"));
    CHECK(gui::marked("Export/Handout"));
}

TEST_CASE("The leaders panel: a Fallen Leaders roll with physical dice, a return refused before its time, a displaced leader assigned back") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    {
        app::Session s(db, app::Open::create, 5000, app::Catalog(""));
        app::NewCampaign n;
        n.name = "Grossbeeren";
        n.sample = "grossbeeren";
        s.create_campaign(n);
    }
    test::Driver d(db);
    auto& s = *d.app.session();
    auto& w = d.show<gui::LeadersWindow>();
    const auto leader = [&](const std::string& name) {
        for (const auto& l : s.leaders().list())
            if (l.name == name) return l;
        FAIL("no leader " << name);
        return army::Leader{};
    };
    // Oudinot's Fallen Leaders roll, the organiser's 2d6 asked by its purpose: 3+3, grievously wounded.
    REQUIRE(d.click("Leaders/Oudinot"));
    CHECK(w.leader == "Oudinot");
    REQUIRE(d.click("Leaders/OutFor"));
    d.type("2");
    REQUIRE(d.click("Leaders/Physical"));
    const auto journal = s.history().journal().size();
    REQUIRE(d.click("Leaders/Casualty"));
    INFO(w.error);
    REQUIRE(w.dice.asking());
    CHECK_THAT(w.dice.purpose(), Contains("Oudinot"));
    CHECK(s.history().journal().size() == journal);  // nothing stored while the dice are asked
    REQUIRE(d.click("leader/Roll"));
    d.type("3+3");
    d.press_enter();
    REQUIRE_FALSE(w.dice.asking());
    CHECK_THAT(w.note, Contains("Grievously wounded") && Contains("out for 2 battles"));
    CHECK(s.history().journal().size() == journal + 1);
    CHECK(leader("Oudinot").status == LeaderStatus::wounded);
    CHECK(leader("Oudinot").out_battles == 2);
    d.frame(shot("leaders_fallen"));
    // No battle fought since: his return is refused, saying why, and nothing is stored.
    REQUIRE(d.click("Leaders/Return"));
    CHECK_THAT(w.error, Contains("Oudinot") && Contains("out for 2 battles"));
    CHECK(s.history().journal().size() == journal + 1);
    CHECK(leader("Oudinot").status == LeaderStatus::wounded);
    // Reynier displaced by a new commander (the organiser's choice), then put back in command.
    REQUIRE(d.click("Leaders/Physical"));
    REQUIRE(d.click("Leaders/Reynier"));
    CHECK(w.unit == "VII Corps");
    REQUIRE(d.click("Leaders/Force"));
    REQUIRE(d.click("Leaders/Replace"));
    INFO(w.error);
    CHECK(leader("Reynier").command.unit.empty());
    d.frames(2);
    REQUIRE(d.click("Leaders/Reynier"));
    CHECK(w.unit == "VII Corps");  // a leader who commands nothing: the post he held
    REQUIRE(d.click("Leaders/Assign"));
    CHECK(leader("Reynier").command.unit == "VII Corps");
    CHECK_THAT(w.note, Contains("Reynier"));
    d.frame(shot("leaders_assigned"));
    CHECK(s.history().check().ok());
}

TEST_CASE("Tables sort by a click on a header: the camps' prisoners, the campaigns, the leaders") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    season_campaign(db);
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
    season_campaign(db);
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
