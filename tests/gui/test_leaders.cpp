// The leaders panel: replacement, the Fallen Leaders roll, return and assignment.
// The real windows under Xvfb, driven by mouse and keyboard; screenshots in build/tests/gui/screenshots/.
#include "fixture.hpp"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <map>
#include <thread>

using namespace muster;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using test::shot;

TEST_CASE("The leaders panel: a sound commander is kept unless forced, then replaced with physical dice, and a side sees its own") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
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
    REQUIRE(d.click("Leaders/Force"));
    // Previewed, it says so: what it shows is not done.
    REQUIRE(d.click("Leaders/Preview"));
    INFO(w.error);
    CHECK_THAT(w.note, StartsWith("Preview, not applied: New commander of Wadsworth/Iron Brigade"));
    REQUIRE(gui::marked("Leaders/Discard"));
    // Done with the Physical dice box ticked since: with the campaign's dice the preview threw,
    // unasked, and what it showed.
    const auto journal = s.history().journal().size();
    const std::string shown = w.note.substr(std::string("Preview, not applied: ").size());
    REQUIRE(d.click("Leaders/Physical"));
    REQUIRE(d.click("Leaders/Replace"));
    CHECK(w.error.empty());
    CHECK_FALSE(w.dice.asking());
    CHECK(s.history().journal().size() == journal + 1);
    CHECK(w.note == shown);
    // Undone, and previewed with physical dice: discarded, the new commander is rolled anew.
    REQUIRE(s.history().undo().size() == 1);
    d.app.changed();
    REQUIRE(d.click("Leaders/Preview"));
    CHECK(test::roll_threes(d, w.dice, "leader") >= 1);
    REQUIRE(d.click("Leaders/Discard"));
    CHECK_THAT(w.note, StartsWith("Discarded"));
    const auto discarded = s.history().journal().size();
    REQUIRE(d.click("Leaders/Replace"));
    INFO(w.error);
    REQUIRE(w.dice.asking());
    CHECK(s.history().journal().size() == discarded);  // nothing stored while the dice are asked
    d.frame(shot("leaders_dice"));
    CHECK(test::roll_threes(d, w.dice, "leader") >= 1);
    REQUIRE_FALSE(w.dice.asking());
    CHECK(s.history().journal().size() == discarded + 1);
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

TEST_CASE("The leaders panel: a Fallen Leaders roll with physical dice, a return refused before its time, a displaced leader assigned back") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    {
        app::Session s(db, app::Open::create, 5000, app::Catalog(""));
        app::NewCampaign n;
        n.name = "Grossbeeren";
        n.sample = "grossbeeren";
        n.seed = 3;  // the same draws every run: the test finds its leaders by name
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
    // His time out counts down in the panel, as the CLI's list shows it: no battle fought yet.
    CHECK(gui::marked("Leaders/Oudinot: wounded (out for 2 battles, 0 fought since)"));
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

TEST_CASE("An action chosen from the Actions menu brings its panel to the front, where what it did or why it was refused shows") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    test::Driver d(db);
    auto& leaders = d.show<gui::LeadersWindow>();
    auto& oob = d.show<gui::OobWindow>();
    d.frames(2);
    REQUIRE(d.app.front() == &oob);
    REQUIRE(d.click("Menu/Actions"));
    REQUIRE(d.click("Menu/Actions/leader.replace"));  // no unit chosen: refused
    d.frames(2);
    CHECK(d.app.front() == &leaders);
    CHECK_FALSE(leaders.error.empty());
    CHECK(gui::marked("Leaders/Said"));
}

TEST_CASE("The leaders panel tells two leaders of one name apart by their numbers, for the umpire, and acts on the one clicked") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    // Names drawn from muster's lists may repeat within a side: the last named leader of a side
    // with two takes the name of the first.
    const std::string pairs = "FROM leader a JOIN leader b ON b.side = a.side AND b.id > a.id WHERE a.name <> '' AND b.name <> '' ORDER BY b.id DESC, a.id LIMIT 1";
    test::raw_sql(db, "UPDATE leader SET name = (SELECT a.name " + pairs + ") WHERE id = (SELECT b.id " + pairs + ")");
    test::Driver d(db);
    auto& w = d.show<gui::LeadersWindow>();
    d.frame(shot("leaders_one_name"));
    std::map<std::string, std::vector<std::int64_t>> by_name;
    for (const auto* l : w.leaders()) by_name[l->name].push_back(l->id);
    const auto twice = std::find_if(by_name.begin(), by_name.end(), [](const auto& n) { return n.second.size() == 2; });
    REQUIRE(twice != by_name.end());
    const auto& [name, lowrey] = *twice;
    REQUIRE(d.click("Leaders/" + name));  // the one drawn last of the two
    CHECK((w.leader == "#" + std::to_string(lowrey[0]) || w.leader == "#" + std::to_string(lowrey[1])));
    // Acted on by that number, the action finds him alone.
    REQUIRE(d.click("Leaders/Return"));
    CHECK_THAT(w.error, !Contains("could be any of"));
}

TEST_CASE("The leaders panel in a side's view reads an enemy leader who fell out of its sight as in play") {
    // Borstell, whose division the French have seen, is grievously wounded on a Fallen Leaders
    // roll in no battle, and his 1st Brigade's O. K. Pirch killed: the French read both as before.
    test::TempDir dir;
    const auto db = dir.file("c.db");
    for (const auto* command : {"campaign new G --sample grossbeeren --seed 3", "arrive --due", "reveal Borstell", "leader casualty Borstell --rolls 3+3 --out-for 2",
                                "leader casualty \"Borstell/1st Brigade\" --rolls 2+2"})
        REQUIRE(test::run_muster("--db " + test::quote(db) + " " + command).code == 0);
    test::Driver d(db);
    auto& w = d.show<gui::LeadersWindow>();
    const auto status_of = [&](const std::string& name) {
        for (const auto* l : w.leaders())
            if (l->name == name) return word(l->status) + "/" + std::to_string(l->out_battles);
        return std::string("not listed");
    };
    CHECK(status_of("Borstell") == "wounded/2");  // the umpire's view
    REQUIRE(d.click("Menu/View"));
    REQUIRE(d.click("Menu/View/french"));
    d.frames(2);
    CHECK(status_of("Borstell") == "active/0");
    CHECK(status_of("O. K. Pirch") == "active/0");
    d.frame(shot("leaders_fallen_unseen"));
}

TEST_CASE("The leader clicked stays the one acted on when his post is filled, though the words that named him name another now") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    test::raw_sql(db, "UPDATE leader SET name = '' WHERE name = 'Meredith'");  // unnamed: "commander of Wadsworth/Iron Brigade"
    REQUIRE(test::run_muster("--db " + test::quote(db) + " battle report --name Ridge --division Wadsworth --leader \"Wadsworth/Iron Brigade:wounded/1\"").code == 0);
    test::Driver d(db);
    auto& w = d.show<gui::LeadersWindow>();
    d.frames(2);
    REQUIRE(d.click("Leaders/commander of Wadsworth/Iron Brigade"));
    REQUIRE(w.leader == "commander of Wadsworth/Iron Brigade");
    w.force = true;  // he fell out of the enemy's sight
    const bool replaced = d.app.run("leader.replace");  // his post filled: "commander of ..." is the new man
    INFO(w.error);
    REQUIRE(replaced);
    d.frames(3);
    CHECK(w.leader == "former commander of Wadsworth/Iron Brigade");
    // Acted on, it is he, not the new commander.
    REQUIRE(d.click("Leaders/Return"));
    CHECK_THAT(w.error, Contains("former commander of Wadsworth/Iron Brigade"));
    // Typed over, the field is the organiser's: left as typed.
    w.leader = "Cutler";
    d.app.changed();
    d.frames(3);
    CHECK(w.leader == "Cutler");
}
