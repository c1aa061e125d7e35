// A campaign from start to finish through the windows, and a refusal that changes nothing.
// The real windows under Xvfb, driven by mouse and keyboard; screenshots in build/tests/gui/screenshots/.
#include "fixture.hpp"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <thread>

using namespace muster;
using Catch::Matchers::Contains;
using test::shot;

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
    REQUIRE(arrival.physical.ticked);
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
    CHECK(test::count_brigades(s) == 1);  // nothing stored while the dice are asked
    d.frame(shot("arrival_physical_dice"));
    REQUIRE(d.click("arrival/Abandon"));
    CHECK_FALSE(arrival.dice.asking());
    CHECK(test::count_brigades(s) == 1);

    // Arrival with the campaign's dice: preview, then accept.
    REQUIRE(d.click("Arrival/Physical"));
    REQUIRE_FALSE(arrival.physical.ticked);
    REQUIRE(d.click("Arrival/Division"));
    REQUIRE(d.click("Arrival/Division/Heth"));
    REQUIRE(d.click("Arrival/Preview"));
    REQUIRE(arrival.shown);
    CHECK(arrival.shown->preview);
    CHECK(test::count_brigades(s) == 1);  // a preview stores nothing
    d.frame(shot("arrival_preview"));
    REQUIRE(d.click("Arrival/Accept"));
    const int brigades = test::count_brigades(s);
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
    // Not chosen, the captor's only camp takes the prisoners, and the field says so where there are any.
    CHECK(gui::shown("Battle/Camp/Heth/1st Brigade") == "");
    cell("Captured", "Heth/1st Brigade", "1");
    CHECK(gui::shown("Battle/Camp/Heth/1st Brigade") == "Fort Delaware");
    CHECK(gui::shown("Battle/Camp/Heth/2nd Brigade") == "");
    choose("Battle/Camp/Heth/1st Brigade", "Fort Delaware");
    cell("Lost", "Wadsworth/Iron Brigade", "1");
    cell("Captured", "Wadsworth/Iron Brigade", "2");
    // A Union brigade's captured stands go to the Confederates' camps: the Union's own is not offered.
    REQUIRE(d.click("Battle/Camp/Wadsworth/Iron Brigade"));
    CHECK_FALSE(gui::marked("Battle/Camp/Wadsworth/Iron Brigade/Fort Delaware"));
    REQUIRE(d.click("Battle/Camp/Wadsworth/Iron Brigade/Libby Prison"));
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
    // The form, emptied, says what to do next, not that it is wrong: nothing of this battle is
    // carried into the next (its divisions ticked, its date).
    d.frame();
    CHECK(gui::marked("Battle/Blank"));
    CHECK(battle.divisions.empty());
    CHECK((battle.name.empty() && battle.date.empty() && battle.lines.empty()));
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
    prisoners.exchange_note = "Even swap";
    REQUIRE(d.click("Prisoners/Propose"));
    INFO(prisoners.error);
    REQUIRE(s.prisoners().exchanges().size() == 1);
    d.frame(shot("prisoners"));
    CHECK(gui::marked("Prisoners/Note/1"));  // the proposal's note, shown with it
    CHECK(prisoners.exchange_note.empty());  // and not left for the next proposal
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
    REQUIRE(d.click("OOB/BrigadierGrade"));
    REQUIRE(d.click("OOB/BrigadierGrade/average"));
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
    // The sheet's preview sets a long line smaller, or cuts it with "...": no letter cut at a label's edge.
    for (const auto& g : gui::clipped_glyphs()) FAIL_CHECK("a glyph cut at " << g.edge << " in " << g.window);
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

TEST_CASE("The Arrival panel offers to roll a theater only in a rule set that has them, and says when no division is left to arrive") {
    test::TempDir dir;
    test::make_campaign(dir.file("acw.db"));
    {
        test::Driver d(dir.file("acw.db"));
        d.show<gui::ArrivalWindow>();
        CHECK(gui::marked("Arrival/RollYearTheater"));
    }
    const auto db = dir.file("n.db");
    for (const auto* command : {"campaign new T --rules napoleonic --date 1813-08-23 --seed 2", "add army Nord --side allies --leader Bernadotte --grade average",
                                "add corps III --army Nord --leader Bulow --grade average", "add division Borstell --corps III", "arrive Borstell"})
        REQUIRE(test::run_muster("--db " + test::quote(db) + " " + command).code == 0);
    test::Driver d(db);
    auto& arrival = d.show<gui::ArrivalWindow>();
    CHECK_FALSE(gui::marked("Arrival/RollYearTheater"));  // L'Ordre Mixte has no theaters
    const auto before = test::dump(db);
    REQUIRE(d.click("Arrival/Preview"));
    CHECK_THAT(arrival.error, Contains("no division is left to arrive") && Contains("muster add division"));
    CHECK(test::dump(db) == before);
}

TEST_CASE("An AWI battalion entered by hand in the order of battle takes its Alternate commander, named and graded") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    {
        app::Session s(db, app::Open::create, 5000, app::Catalog(""));
        app::NewCampaign n;
        n.name = "Brandywine";
        n.rules = "awi";
        n.date = Day::read("1777-09-11");
        n.seed = 1;
        s.create_campaign(n);
        s.forces().add_army("british", "Howe", {});
        s.forces().add_corps("Howe", "Knyphausen's Column", {});
        s.forces().add_division("Knyphausen's Column", "Hessians", "", {}, "german");
    }
    test::Driver d(db);
    auto& s = *d.app.session();
    auto& oob = d.show<gui::OobWindow>();
    d.frames(2);
    REQUIRE(d.click("OOB/Line/Hessians"));
    REQUIRE(oob.selected_open);
    REQUIRE(d.click("OOB/EntryName"));
    d.type("Leib Regiment");
    REQUIRE(d.click("OOB/Rating"));
    REQUIRE(d.click("OOB/Rating/veteran"));
    REQUIRE(d.click("OOB/EntryStands"));
    d.type("9");
    d.press_enter();
    // A leader typed into his field, his grade picked from its list.
    const auto leader = [&](const std::string& field, const std::string& name, const std::string& grade) {
        REQUIRE(d.click("OOB/" + field));
        d.type(name);
        REQUIRE(d.click("OOB/" + field + "Grade"));
        REQUIRE(d.click("OOB/" + field + "Grade/" + grade));
    };
    leader("Brigadier", "Specht", "competent");
    leader("Alternate", "Lentz", "cautious");
    d.frame(shot("oob_alternate_entry"));
    REQUIRE(d.click("OOB/AddBrigade"));
    INFO(oob.error);
    bool added = false;
    for (const auto& b : s.forces().brigades())
        if (b.ref() == "Hessians/Leib Regiment") {
            added = true;
            const auto leaders = s.leaders().list();
            const auto alternate = std::find_if(leaders.begin(), leaders.end(), [&](const army::Leader& l) { return l.id == b.alternate_id; });
            REQUIRE(alternate != leaders.end());
            CHECK(alternate->name == "Lentz");
            CHECK(alternate->grade == "cautious");
        }
    CHECK(added);
    d.frames(2);
    d.frame(shot("oob_alternate_added"));
}
