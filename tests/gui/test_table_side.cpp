// The table side panel: play tables rolled with ticked modifiers and typed or asked dice, filling a draft.
// The real windows under Xvfb, driven by mouse and keyboard; screenshots in build/tests/gui/screenshots/.
#include "fixture.hpp"

#include <chrono>
#include <fstream>
#include <thread>

using namespace muster;
using Catch::Matchers::Contains;
using test::shot;

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
// ...rolled from the charge table with the dice typed 11,3 (Kleist swept from the field), which
// fills the battle's draft.
void sweep_kleist(test::Driver& d, const gui::TableSideWindow& w) {
    choose_table(d, "charge");
    name_the_charge(d);
    REQUIRE(d.click("TableSide/Dice"));
    d.type("11,3");
    REQUIRE(d.click("TableSide/Roll"));
    INFO(w.error);
    REQUIRE(d.app.session()->table_side().drafts().size() == 1);
    d.frames(3);
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
    const auto& charge = *d.app.model().rules->find_play_table("charge");
    auto at = [&](const char* id) {
        for (size_t i = 0; i < charge.modifiers.size(); ++i)
            if (charge.modifiers[i].id == id) return i;
        FAIL("no modifier " << id);
        return size_t{0};
    };
    // Naming the battle and the units ticks what the campaign knows, marked: both brigades
    // Fresh, Kleist's Raw Militia.
    name_the_charge(d);
    d.frames(2);
    CHECK(w.ticked[at("fresh")]);
    CHECK_THAT(w.from_campaign[at("fresh")], Contains("Legrand/Ledru is Fresh"));
    CHECK(w.ticked_defender[at("fresh")]);
    CHECK(w.ticked_defender[at("militia")]);
    CHECK_THAT(w.from_campaign_defender[at("militia")], Contains("Raw Militia"));
    // The campaign's tick cannot be taken off without the override; the organiser's own can be added.
    REQUIRE(d.click("TableSide/Mod/defender:fresh"));
    CHECK(w.ticked_defender[at("fresh")]);
    REQUIRE(d.click("TableSide/Mod/defender:disordered"));
    CHECK(w.ticked_defender[at("disordered")]);
    REQUIRE(d.click("TableSide/Dice"));
    d.type("11,3");
    d.frame(shot("table_side_campaign"));
    REQUIRE(d.click("TableSide/Roll"));
    INFO(w.error);
    CHECK_THAT(w.result.text, Contains("difference +10"));  // 11 + 2 - (3 + 2 - 1 - 1)
    CHECK_THAT(w.result.text, Contains("defender: Fresh +2  (from the campaign: Fresnel/Kleist is Fresh"));
    CHECK_THAT(w.result.text, Contains("Swept from the field."));
    REQUIRE(s.table_side().drafts().size() == 1);
    d.frames(3);
    d.frame(shot("table_side_draft"));
    // The draft shows in the window, from the model, its states on the table too; applying it records the battle.
    REQUIRE(d.click("TableSide/Apply"));
    INFO(w.error);
    REQUIRE(s.battles().list().size() == 1);
    for (const auto& b : s.forces().brigades())
        if (b.ref() == "Fresnel/Kleist") CHECK(b.stands == 6 - 1 - 1);  // one flees, one captured
    CHECK(s.history().check().ok());
    CHECK(w.log.size() == 2);
    // Reported, the battle is no more the panel's: nothing tells of a draft for a battle recorded.
    d.frames(2);
    CHECK(w.battle.empty());
    CHECK(w.campaign_note.empty());

    // A new battle: Kleist, down to 4 stands of 6/-/5, is Spent now. With the override the
    // campaign's tick comes off, and the journal keeps the choice.
    w.battle = "Aspern";
    d.frames(2);
    CHECK(w.ticked_defender[at("spent")]);
    CHECK_FALSE(w.ticked_defender[at("fresh")]);
    REQUIRE(d.click("TableSide/Override"));
    d.frames(2);
    d.frame(shot("table_side_override"));
    REQUIRE(d.click("TableSide/Mod/defender:spent"));
    CHECK_FALSE(w.ticked_defender[at("spent")]);
    REQUIRE(d.click("TableSide/Dice"));
    d.type("6,6");
    REQUIRE(d.click("TableSide/Roll"));
    INFO(w.error);
    CHECK_THAT(w.result.text, Contains("Left out by the override: modifier \"defender:spent\""));
    CHECK_THAT(s.history().journal().back().summary, Contains("overriding the campaign's modifier \"defender:spent\""));
    REQUIRE(d.click("TableSide/Override"));
    w.battle = "Wagram";
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
    // A refusal to come is said whole, wrapped, not cut at the panel's edge.
    w.battle = "Legrand/Ledru";
    d.frames(2);
    CHECK_THAT(w.campaign_note, Contains("is refused"));
    d.frame(shot("table_side_refused_battle_name"));
    const auto cut = gui::clipped_glyphs();
    CHECK(cut.empty());
    w.battle.clear();

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
    CHECK(s.table_side().drafts().size() == 1);  // Aspern's, of the override's roll: none added
    CHECK_FALSE(w.result.umpire);
    CHECK_FALSE(w.result.text.empty());  // a plain roll, the side's to make
    CHECK(w.error.empty());
    d.frame(shot("table_side_french_view"));
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
    d.app.navigator_width = 700;  // a narrow panel: the prompt's heading wraps, not cut
    d.frame(test::shot("table_side_asking_narrow"));
    d.app.navigator_width = 300;
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

TEST_CASE("The table side finds a draft begun in another spelling, and the battle is called as the umpire types it") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::wagram(db);
    test::Driver d(db);
    auto& s = *d.app.session();
    // Begun as "wAGRAM" (a player's submission, a roll for a unit the enemy has not seen).
    s.table_side().set_state("wAGRAM", "Legrand/Ledru", {app::parse_state_change("disordered=yes")});
    auto& w = d.show<gui::TableSideWindow>();
    sweep_kleist(d, w);
    d.frame(shot("table_side_other_spelling"));
    REQUIRE(d.click("TableSide/Apply"));
    INFO(w.error);
    REQUIRE(s.battles().list().size() == 1);
    CHECK(s.battles().list().front().name == "Wagram");
}

TEST_CASE("The table side's draft: where the captor has two open camps, the umpire chooses the one its prisoners go to, then applies it") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::wagram(db).prisoners().add_camp("french", "Schönbrunn");
    test::Driver d(db);
    auto& s = *d.app.session();
    auto& w = d.show<gui::TableSideWindow>();
    sweep_kleist(d, w);
    // Kleist's men swept from the field, captured: the French hold two camps. Applied without a
    // choice, refused, naming both; nothing recorded.
    REQUIRE(gui::marked("TableSide/Camp/french"));
    CHECK_FALSE(gui::marked("TableSide/Camp/allies"));
    REQUIRE(d.click("TableSide/Apply"));
    CHECK_THAT(w.error, Contains("2 camps could take the prisoners (Vienna, Schönbrunn)"));
    CHECK(s.battles().list().empty());
    REQUIRE(d.click("TableSide/Camp/french"));
    d.frame(shot("table_side_camp_open"));
    REQUIRE(d.click("TableSide/Camp/french/Schönbrunn"));
    d.frames(2);
    d.frame(shot("table_side_camp"));
    REQUIRE(d.click("TableSide/Apply"));
    INFO(w.error);
    REQUIRE(s.battles().list().size() == 1);
    std::string held;
    for (const auto& c : s.prisoners().camps(View::umpire()))
        if (c.camp.name == "Schönbrunn")
            for (const auto& h : c.holds) held += h + "; ";
    CHECK_THAT(held, Contains("1 stand of Fresnel/Kleist"));
    CHECK(s.history().check().ok());
}

TEST_CASE("A draft filed under a mistyped battle is discarded from the table side, and undo brings it back") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::wagram(db);
    test::Driver d(db);
    auto& s = *d.app.session();
    s.table_side().set_state("Wagramm", "Legrand/Ledru", {app::parse_state_change("disordered=yes")});
    auto& w = d.show<gui::TableSideWindow>();
    choose_table(d, "charge");
    w.battle = "Wagramm";
    d.frames(2);
    REQUIRE(d.click("TableSide/Discard"));
    INFO(w.error);
    CHECK(s.table_side().drafts().empty());
    CHECK(s.battles().list().empty());
    d.frame(shot("table_side_draft_discarded"));
    s.history().undo();
    CHECK(s.table_side().drafts().size() == 1);
}
