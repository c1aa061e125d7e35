// The one name rule, at every door a name comes in by: the services the CLI and the GUI call,
// the order-of-battle import and the battle report. Every refusal names the field and where
// the offending character is, and changes nothing.
#include "app/files.hpp"
#include "core/match.hpp"
#include "core/names.hpp"
#include "db/db_support.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>

using namespace muster;
using Catch::Matchers::Contains;

namespace {

struct Bad {
    std::string name;
    std::string says;  // what the refusal says of it
};

// The class of bad names: bytes that are not UTF-8, NUL and control characters (C0, DEL, C1),
// terminal escapes, line breaks, bidi controls, the reference separator, blank and overlong.
std::vector<Bad> bad_names() {
    return {
        {std::string("Heth\0Evil", 9), "a NUL character at character 5"},
        {"Heth\xff", "byte \\xFF is not valid UTF-8 at character 5"},
        {"\xc0\xafHeth", "byte \\xC0 is not valid UTF-8 at character 1"},        // an overlong "/"
        {"He\xed\xa0\x80th", "byte \\xED is not valid UTF-8 at character 3"},     // a surrogate
        {"Heth\xe2\x82", "byte \\xE2 is not valid UTF-8 at character 5"},         // cut short
        {"\x1b]0;PWNED\x07Heth", "control character U+001B at character 1"},
        {"Heth\nPender", "control character U+000A at character 5"},
        {"Heth\rPender", "control character U+000D at character 5"},
        {"He\tth", "control character U+0009 at character 3"},
        {"Heth\x7f", "control character U+007F at character 5"},
        {"Heth\xc2\x85", "control character U+0085 at character 5"},
        {"Heth\xe2\x80\xae" "evil", "bidirectional control U+202E at character 5"},
        {"\xe2\x81\xa6Heth", "bidirectional control U+2066 at character 1"},
        {"Heth/2nd Brigade", "a \"/\" at character 5"},
        {"", "it is empty"},
        {"   ", "it is empty"},
        {std::string(201, 'x'), "201 characters, at most 200"},
        {std::string(67, 'x') + "\xc3\xa9\xc3\xa9" + std::string(132, 'x'), "201 characters, at most 200"},
    };
}

}  // namespace

TEST_CASE("The name rule: what it refuses, and what it keeps") {
    for (const auto& bad : bad_names()) {
        INFO(visible(bad.name));
        CHECK_THAT(name_problem(bad.name), Catch::Matchers::StartsWith(bad.says));
        CHECK(visible(bad.name).find('\x1b') == std::string::npos);
    }
    for (const char* good : {"Heth", "Archer's Brigade", "Prinz Karl von Mecklenburg-Strelitz", "Légion de la Vistule", "第一旅",
                             "1st Brigade (Iron)"})
        CHECK(name_problem(good).empty());
    CHECK(name_problem(std::string(200, 'x')).empty());
    CHECK(checked_name("division name", "  Heth  ") == "Heth");
    CHECK_THROWS_WITH(checked_leader_name("#12"), Contains("begins as a leader's number does"));
    CHECK_THROWS_WITH(checked_leader_name("leader #3"), Contains("begins as a leader's number does"));
    CHECK(checked_leader_name("").empty());
}

TEST_CASE("Every door refuses a bad name, naming the field and the place, and changes nothing") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = test::make_campaign(path);
    s.forces().add_brigade({"Wadsworth", "Iron Brigade", "veteran", 6, std::nullopt, "", "", {"Meredith", "average"}});
    s.prisoners().add_camp("union", "Fort Delaware");
    const auto before = test::dump(path);
    int refusals = 0;
    for (const auto& bad : bad_names()) {
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
            if (unnamed && &door == &doors[6].second) continue;
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

TEST_CASE("Names as people type them: exactly, ignoring case, or a unique beginning - a miss suggests the nearest") {
    // The rule itself, on the class of inputs.
    const std::vector<std::string> names{"Robinson", "Rodes", "Heth", "heth's reserve", "Iron Brigade"};
    CHECK(matching_names("Heth", names) == std::vector<size_t>{2});           // exact wins over a longer name it begins
    CHECK(matching_names("HETH", names) == std::vector<size_t>{2});           // ignoring case
    CHECK(matching_names("rob", names) == std::vector<size_t>{0});            // a unique beginning
    CHECK(matching_names("ro", names) == std::vector<size_t>{0, 1});          // two: the caller calls it ambiguous
    CHECK(matching_names("", names).empty());
    CHECK(matching_names("Zouaves", names).empty());
    CHECK_THROWS_WITH(match_one("ro", names, "division"), Contains("could be any of 2 (Robinson, Rodes)"));
    CHECK(did_you_mean("robinsn", names) == ": did you mean Robinson?");
    CHECK(did_you_mean("Rhodes", names) == ": did you mean Rodes?");
    CHECK(did_you_mean("Longstreet", names).empty());  // nothing near: no guess

    // And at every door that takes a reference.
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
    CHECK_THROWS_WITH(s.leaders().return_leader("Meredth"), Contains("did you mean Meredith?"));
    app::CampaignSettings east;
    east.theater = "East";
    s.change_settings(east);
    CHECK(s.current().theater == "east");
    s.select_campaign("test");
    CHECK(s.current().name == "Test");
    CHECK(s.history().check().ok());
}
