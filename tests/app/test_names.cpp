// The one name rule, at every door a name comes in by: the services the CLI and the GUI call,
// the order-of-battle import and the battle report. Every refusal names the field and where
// the offending character is, and changes nothing.
#include "app/files.hpp"
#include "core/match.hpp"
#include "core/names.hpp"
#include "core/text.hpp"
#include "db/db_support.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>

using namespace muster;
using Catch::Matchers::Contains;


TEST_CASE("Every door refuses a bad name, naming the field and the place, and changes nothing") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = test::make_campaign(path);
    s.forces().add_brigade({"Wadsworth", "Iron Brigade", "veteran", 6, std::nullopt, "", "", {"Meredith", "average"}});
    s.prisoners().add_camp("union", "Fort Delaware");
    const auto before = test::dump(path);
    int refusals = 0;
    for (const auto& bad : test::bad_names()) {
        const std::string& n = bad.name;
        const std::vector<std::pair<std::string, std::function<void()>>> doors = {
            {"campaign name", [&] { app::NewCampaign c;
                 c.name = n;
                 c.rules = "acw";
                 s.create_campaign(c); }},
            {"army name", [&] { s.forces().add_army("union", n, {}); }},
            {"corps name", [&] { s.forces().add_corps("Army of the Potomac", n, {}); }},
            {"division name", [&] { s.forces().add_division("I Corps", n, ""); }},
            {"brigade name", [&] { s.forces().add_brigade({"Wadsworth", n, "veteran", 6, std::nullopt, "", "", {}}); }},
            {"battery name", [&] { s.forces().add_battery({n, "Wadsworth", "", ""}); }},
            {"leader name", [&] { s.forces().add_army("union", "Army of the James", {n, "average"}); }},
            // Named without a grade: his grade is rolled, on dice named by him.
            {"leader name", [&] { s.forces().add_army("union", "Army of the James", {n, ""}); }},
            {"leader name", [&] { s.forces().add_corps("Army of the Potomac", "XX Corps", {n, ""}); }},
            {"brigade name", [&] { s.forces().rename(NamedKind::brigade, "Wadsworth/Iron Brigade", n); }},
            {"division name", [&] { s.forces().rename(NamedKind::division, "Wadsworth", n); }},
            {"leader name", [&] { s.forces().rename(NamedKind::leader, "Meredith", n); }},
            {"camp name", [&] { s.prisoners().add_camp("confederate", n); }},
            {"battle name", [&] {
                 battle::Report r;
                 r.name = n;
                 battle::add_loss_spec(r, "Wadsworth/Iron Brigade=1");
                 s.battles().report_battle(r, app::Mode::apply);
             }},
        };
        for (const auto& [field, door] : doors) {
            INFO(field << ": " << visible(n));
            // An empty leader name is an unnamed leader where one may be unnamed (a rename needs a name).
            const bool unnamed = n.empty() && field == "leader name";
            if (unnamed && (&door == &doors[6].second || &door == &doors[7].second || &door == &doors[8].second)) continue;
            try {
                door();
                FAIL("accepted");
            } catch (const UsageError& e) {
                ++refusals;
                const std::string what = e.what();
                CHECK_THAT(what, Contains(field));
                if (!unnamed) CHECK_THAT(what, Contains(bad.says));
                CHECK(what.find('\x1b') == std::string::npos);
                CHECK(what.find('\n') == std::string::npos);
            }
        }
    }
    CHECK(test::dump(path) == before);
    CHECK(refusals > 200);
}

TEST_CASE("An imported order of battle keeps the name rule, naming the JSON path") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = test::make_campaign(path);
    const auto before = test::dump(path);
    for (const auto& [json_name, says] : std::vector<std::pair<std::string, std::string>>{
             {"Heth\\u0000", "a NUL character at character 5"},
             {"A\\u001b[31mRed", "control character U+001B at character 2"},
             {"Left\\u202eThgir", "bidirectional control U+202E at character 5"},
             {"Army/Corps", "a \\\"/\\\" at character 5"},
             {"  ", "it is empty"}}) {
        INFO(json_name);
        const std::string oob = R"({"format": "muster-oob/1", "armies": [{"name": ")" + json_name +
                                R"(", "side": "union", "corps": []}]})";
        app::write_file(dir.file("oob.json"), oob);
        CHECK_THROWS_WITH(s.forces().import_oob(dir.file("oob.json")), Contains("$.armies[0].name") && Contains("army name"));
        const std::string leader = R"({"format": "muster-oob/1", "armies": [{"name": "New", "side": "union", "commander": {"name": ")" +
                                   json_name + R"(", "grade": "average"}, "corps": []}]})";
        app::write_file(dir.file("oob.json"), leader);
        CHECK_THROWS_WITH(s.forces().import_oob(dir.file("oob.json")), Contains("$.armies[0].commander.name"));
    }
    CHECK(test::dump(path) == before);
}

TEST_CASE("No rename lets one reference name two leaders") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = test::make_campaign(path);
    app::CampaignSettings unnamed;
    unnamed.leader_names = Switch::off;
    s.change_settings(unnamed);
    s.arrivals().arrive(test::arrival("Heth"));  // an unnamed division commander, "commander of Heth"
    s.forces().add_brigade({"Wadsworth", "Iron Brigade", "veteran", 6, std::nullopt, "", "", {"Meredith", "average"}});
    s.forces().add_brigade({"Wadsworth", "Cutler's Brigade", "veteran", 6, std::nullopt, "", "", {"Cutler", "average"}});
    const auto before = test::dump(path);
    CHECK_THROWS_WITH(s.forces().rename(NamedKind::leader, "Meredith", "Cutler"), Contains("a leader named \"Cutler\" already exists"));
    CHECK_THROWS_WITH(s.forces().rename(NamedKind::leader, "Meredith", "Heth"), Contains("\"Heth\" is what leader commander of Heth commands"));
    CHECK_THROWS_WITH(s.forces().rename(NamedKind::division, "Pender", "Meredith"),
                      Contains("\"Meredith\" is the name of leader Meredith, who does not command it"));
    CHECK(test::dump(path) == before);
    // What is no conflict goes through: the commander of Heth named Heth.
    s.forces().rename(NamedKind::leader, "Heth", "Heth");
    CHECK(s.leaders().list().size() > 2);
}

TEST_CASE("At every door that takes a reference, names are taken as people type them - a miss suggests the nearest") {
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    test::fight_and_propose(s);
    CHECK(s.arrivals().arrive(test::arrival("pend")).division.name == "Pender");
    CHECK_THROWS_WITH(s.arrivals().arrive(test::arrival("Pendr")), Contains("no division named \"Pendr\"") && Contains("did you mean Pender?"));
    s.forces().add_division("third corps", "Anderson", "");  // a corps ignoring case
    CHECK_THROWS_WITH(s.forces().add_division("Thrid Corps", "Rodes", ""), Contains("did you mean Third Corps?"));
    CHECK_THAT(s.battles().recover("mcpherson ridge", {}, app::Mode::apply).summary, Contains("McPherson Ridge"));
    CHECK_THROWS_WITH(s.battles().recover("McPhersen Ridge", {}, app::Mode::apply), Contains("did you mean McPherson Ridge?"));
    CHECK(s.prisoners().camps(s.view("Union")).size() == 2);  // a side ignoring case: its camp, and the one holding its men
    CHECK_THROWS_WITH(s.prisoners().add_camp("unoin", "Elmira"), Contains("unknown side") && Contains("did you mean union?"));
    CHECK_THAT(s.prisoners().liberate("fort del").summary, Contains("Liberated Fort Delaware"));
    CHECK_THROWS_WITH(s.battles().disband_brigade("heth/"), Contains("could be any of") && Contains("Heth/1st Brigade"));
    CHECK_THAT(s.battles().disband_brigade("wadsworth/iron").summary, Contains("Disbanded Wadsworth/Iron Brigade"));
    // Each part of a reference by its beginning: the division, then the brigade among its own.
    s.forces().rename(NamedKind::division, "Heth", "Heth's Division");
    CHECK(s.forces().brigades().size() > 0);
    CHECK_THAT(s.battles().disband_brigade("heth/2nd").summary, Contains("Disbanded Heth's Division/2nd Brigade"));
    CHECK_THROWS_WITH(s.battles().disband_brigade("heth/1sd brigade"), Contains("did you mean Heth's Division/1st Brigade,"));
    CHECK_THROWS_WITH(s.battles().disband_brigade("heth/9th"), Contains("no brigade \"heth/9th\"") &&
                                                                 Contains(": Heth's Division has Heth's Division/1st Brigade, Heth's Division/2nd Brigade"));
    CHECK_THROWS_WITH(s.leaders().return_leader("Meredth"), Contains("did you mean Meredith?"));
    app::CampaignSettings east;
    east.theater = "East";
    s.change_settings(east);
    CHECK(s.current().theater == "east");
    s.select_campaign("test");
    CHECK(s.current().name == "Test");
    CHECK(s.history().check().ok());
}

TEST_CASE("No unit or leader added by hand takes a name that would name two leaders, as no rename does") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = test::make_campaign(path);
    s.forces().add_brigade({"Wadsworth", "Iron Brigade", "veteran", 6, std::nullopt, "", "", {"Meredith", "average"}});
    const auto before = test::dump(path);
    // A unit named as a leader who would not command it, in any case.
    CHECK_THROWS_WITH(s.forces().add_division("I Corps", "meredith", ""),
                      Contains("\"meredith\" is the name of leader Meredith, who would not command it: a reference to \"meredith\" would name two leaders"));
    CHECK_THROWS_WITH(s.forces().add_corps("Army of the Potomac", "Meredith", {}), Contains("is the name of leader Meredith, who would not command it"));
    CHECK_THROWS_WITH(s.forces().add_army("union", "Meredith", {}), Contains("is the name of leader Meredith, who would not command it"));
    // A leader named as a unit he would not command.
    CHECK_THROWS_WITH(s.forces().add_brigade({"Wadsworth", "Cutler's Brigade", "veteran", 6, std::nullopt, "", "", {"pender", "average"}}),
                      Contains("\"pender\" is the name of division Pender, which he would not command: a reference to \"pender\" would name two leaders"));
    CHECK_THROWS_WITH(s.forces().add_corps("Army of the Potomac", "II Corps", {"Wadsworth", "average"}), Contains("is the name of division Wadsworth"));
    CHECK_THROWS_WITH(s.forces().add_division("I Corps", "Doubleday", "", "Heth"), Contains("is the name of division Heth"));
    CHECK(test::dump(path) == before);
    // A unit named after its own commander goes through, as a division's first commander may bear its name.
    s.forces().add_division("I Corps", "Doubleday", "", "Doubleday");
    s.forces().add_corps("Army of the Potomac", "Hancock", {"Hancock", "average"});
    CHECK(s.history().check().ok());
}

namespace {

// The test campaign with Heth's and Pender's divisions arrived, their leaders drawn.
app::Session heth_and_pender_arrived(const std::string& path) {
    auto s = test::make_campaign(path);
    s.arrivals().arrive(test::arrival("Heth"));
    s.arrivals().arrive(test::arrival("Pender"));
    return s;
}

}  // namespace

TEST_CASE("A name a brigadier was drawn that a division commanded by another bears names either leader: refused naming both, each found by his number or post") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = heth_and_pender_arrived(path);
    // As a draw may give it: Heth/1st Brigade's commander bears the name of the division Pender.
    test::raw_sql(path, "UPDATE leader SET name = 'Pender' WHERE id = (SELECT commander_id FROM brigade WHERE name = '1st Brigade' AND division_id = "
                        "(SELECT id FROM division WHERE name = 'Heth'))");
    const auto brigadier = std::stoll(test::raw_sql_value(path, "SELECT id FROM leader WHERE name = 'Pender'"));
    const auto division_leader = std::stoll(test::raw_sql_value(path, "SELECT commander_id FROM division WHERE name = 'Pender'"));
    REQUIRE(brigadier != division_leader);
    battle::Report r;
    r.name = "Cashtown";
    r.leaders.push_back({"Pender", LeaderFate::killed, "", 1});
    const auto before = test::dump(path);
    CHECK_THROWS_WITH(s.battles().report_battle(r, app::Mode::preview),
                      Contains("leader \"Pender\" could be Pender (#" + std::to_string(brigadier) + "), commander of Heth/1st Brigade, or ") &&
                          Contains("(#" + std::to_string(division_leader) + "), commander of Pender") && Contains("\"commander of Pender\""));
    CHECK(test::dump(path) == before);
    // Each is found by his number, or by the post he holds; the battle takes only his division.
    r.leaders[0].leader = "#" + std::to_string(brigadier);
    CHECK_THAT(s.battles().report_battle(r, app::Mode::preview).summary, Contains("1 leader fallen"));
    r.leaders[0].leader = "commander of Pender";
    const auto other = s.battles().report_battle(r, app::Mode::preview);
    CHECK_THAT(join(other.lines, "\n"), !Contains("leader Pender:"));
    r.leaders[0].leader = "Heth/1st Brigade";
    CHECK_THAT(join(s.battles().report_battle(r, app::Mode::preview).lines, "\n"), Contains("leader Pender:"));
}

TEST_CASE("A leader named by his battalion's short reference is its Main commander, as by its whole name, though it has an Alternate") {
    test::TempDir dir;
    auto s = test::empty_campaign(dir.file("c.db"), "Alternates", "awi", 4242);
    s.forces().add_army("british", "A", {});
    s.forces().add_corps("A", "A1", {});
    std::string alternate_of;  // a battalion with an Alternate, as the leader list names his post
    for (int i = 1; i <= 12 && alternate_of.empty(); ++i) {
        const auto name = "D" + std::to_string(i);
        s.forces().add_division("A1", name, "");
        app::ArrivalRequest a;
        a.division = name;
        a.year = 1777;
        s.arrivals().arrive(a);
        for (const auto& l : s.leaders().list())
            if (l.command.unit.size() > 12 && l.command.unit.ends_with(" (alternate)")) alternate_of = l.command.unit.substr(0, l.command.unit.size() - 12);
    }
    REQUIRE_FALSE(alternate_of.empty());
    std::string main;
    for (const auto& l : s.leaders().list())
        if (l.command.unit == alternate_of) main = l.name;
    REQUIRE_FALSE(main.empty());
    const auto slash = alternate_of.find('/');
    const auto short_ref = alternate_of.substr(0, slash + 1) + alternate_of.substr(slash + 1, 3);  // "D3/4th"
    for (const auto& ref : {alternate_of, short_ref, "commander of " + short_ref}) {
        INFO(ref);
        battle::Report r;
        r.name = "Skirmish";
        r.leaders.push_back({ref, LeaderFate::wounded, "", 1});
        CHECK_THAT(join(s.battles().report_battle(r, app::Mode::preview).lines, "\n"), Contains("leader " + main + ": wounded"));
    }
}

TEST_CASE("An import, a brigade's name and a unit's that begins as a leader's reference each keep one name to one leader") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = test::make_campaign(path);
    s.forces().add_brigade({"Wadsworth", "Iron Brigade", "veteran", 6, std::nullopt, "", "", {"Meredith", "average"}});
    s.forces().add_brigade({"Wadsworth", "Second", "veteran", 6, std::nullopt, "", "", {"Cutler", "average"}});
    s.forces().add_division("I Corps", "Doubleday", "", "Qz");  // a placeholder's commander known by name
    const auto before = test::dump(path);
    const auto import = [&](const std::string& division, const std::string& commander, const std::string& brigadier) {
        app::write_file(dir.file("oob.json"), R"({"format": "muster-oob/1", "armies": [{"name": "New", "side": "union", "corps": [{"name": "N1",
            "divisions": [{"name": ")" + division + R"(", "arm": "infantry", "status": "arrived", "commander": {"name": ")" + commander + R"(", "grade": "average"},
            "brigades": [{"name": "B1", "rating": "veteran", "start_stands": 6, "stands": 6, "commander": {"name": ")" + brigadier + R"(", "grade": "average"}},
                         {"name": "B2", "rating": "veteran", "start_stands": 6, "stands": 6, "commander": {"name": ")" + brigadier + R"(", "grade": "average"}}]}]}]}]})");
        return s.forces().import_oob(dir.file("oob.json"));
    };
    CHECK_THROWS_WITH(import("Meredith", "Ames", "Foo"), Contains("the file's division \"Meredith\" bears the name of the campaign's leader Meredith"));
    CHECK_THROWS_WITH(import("D1", "meredith", "Foo"), Contains("the file's commander of D1 \"meredith\" bears the name of the campaign's leader Meredith"));
    CHECK_THROWS_WITH(import("D1", "Ames", "heth"), Contains("bears the name of the campaign's division Heth"));
    CHECK_THROWS_WITH(import("D1", "Ames", "Qz"), Contains("bears the name of the campaign's leader Qz"));
    CHECK_THROWS_WITH(import("D1", "Ames", "Iron Brigade"), Contains("bears the name of the campaign's brigade Wadsworth/Iron Brigade"));
    CHECK_THROWS_WITH(import("#64", "Ames", "Foo"), Contains("division name \"#64\" is refused: it begins as a leader's number does"));
    CHECK(test::dump(path) == before);
    // Names may repeat within the file, as drawn ones do (an export imports again).
    CHECK_THAT(import("D1", "Ames", "Foo"), Contains("1 army, 1 corps, 1 division, 2 brigades"));
    // By hand: a brigade named as a leader who does not command it, a leader as a brigade he does
    // not command, a unit as a leader's reference, a placeholder's commander twice.
    const auto after = test::dump(path);
    CHECK_THROWS_WITH(s.forces().add_brigade({"Heth", "Meredith", "veteran", 6, std::nullopt, "", "", {"Pettigrew", "average"}}),
                      Contains("\"Meredith\" is the name of leader Meredith, who would not command it"));
    CHECK_THROWS_WITH(s.forces().rename(NamedKind::brigade, "Wadsworth/Second", "Meredith"), Contains("is the name of leader Meredith, who does not command it"));
    CHECK_THROWS_WITH(s.forces().rename(NamedKind::leader, "Cutler", "iron brigade"), Contains("is the name of brigade Wadsworth/Iron Brigade, which he does not command"));
    CHECK_THROWS_WITH(s.forces().add_brigade({"Heth", "Third", "veteran", 6, std::nullopt, "", "", {"Second", "average"}}),
                      Contains("\"Second\" is the name of brigade Wadsworth/Second, which he would not command"));
    for (const auto* name : {"#64", "leader #3", "Commander of Heth", "former commander of Heth"})
        CHECK_THROWS_WITH(s.forces().add_division("I Corps", name, ""), Contains("would be read as a leader's"));
    CHECK_THROWS_WITH(s.forces().rename(NamedKind::corps, "I Corps", "#1"), Contains("would be read as a leader's"));
    CHECK_THROWS_WITH(s.forces().add_division("I Corps", "Robinson", "", "qz"), Contains("a leader named \"Qz\" already exists"));
    CHECK(test::dump(path) == after);
    // What is one leader's goes through: a brigade named after its own commander.
    s.forces().rename(NamedKind::brigade, "Wadsworth/Iron Brigade", "Meredith");
    CHECK(s.history().check().ok());
}

TEST_CASE("A division's first commander back from his wounds, his post filled, is refused as either leader by his name alone") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = heth_and_pender_arrived(path);
    s.forces().set_fog("Heth", Fog::seen);
    s.forces().set_fog("Pender", Fog::seen);
    // As the samples have it, the division bears its first commander's name.
    test::raw_sql(path, "UPDATE leader SET name = 'Pender' WHERE id = (SELECT commander_id FROM division WHERE name = 'Pender')");
    const auto first = test::raw_sql_value(path, "SELECT id FROM leader WHERE name = 'Pender'");
    battle::Report r;
    r.name = "Cashtown";
    battle::add_loss_spec(r, "Pender/1st Brigade=1");
    r.leaders.push_back({"Pender", LeaderFate::wounded, "", 1});
    s.battles().report_battle(r, app::Mode::apply);
    s.leaders().replace_leader("Pender", 1863, {}, app::Mode::apply, app::Displace::replace);  // wounded out of the enemy's sight
    battle::Report again;
    again.name = "Gettysburg";
    battle::add_loss_spec(again, "Heth/1st Brigade=1");
    s.battles().report_battle(again, app::Mode::apply);
    s.leaders().return_leader("Pender");  // the wounded one: only he may return
    battle::Report third;
    third.name = "Falling Waters";
    third.leaders.push_back({"Pender", LeaderFate::killed, "", 1});
    CHECK_THROWS_WITH(s.battles().report_battle(third, app::Mode::preview),
                      Contains("leader \"Pender\" could be Pender (#" + first + "), commanding nothing, or ") && Contains(", commander of Pender: give his number"));
    third.leaders[0].leader = "#" + first;
    CHECK_THAT(join(s.battles().report_battle(third, app::Mode::preview).lines, "\n"), Contains("leader Pender: killed"));
}
