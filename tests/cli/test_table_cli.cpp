// `muster table`: the play tables through the real binary, the sources' worked examples first.
#include "support.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <unistd.h>

using namespace muster;
using Catch::Matchers::Contains;

namespace {
const std::string k_env = "XDG_DATA_HOME=/tmp/muster-test-data-none";

test::Run table(const std::string& args, const std::string& input = "") { return test::run_muster("table " + args, k_env, input); }
}  // namespace

TEST_CASE("muster table roll: the AWI source's worked examples come out as it says") {
    // Good Order: rolled 6, +2 Fresh, 8 under the NO column: HOLD GROUND.
    const auto a = table("roll --rules awi good_order --column no --modifier fresh --rolls 6");
    REQUIRE(a.code == 0);
    CHECK_THAT(a.out, Contains("Rolled 6 (d10: 6)"));
    CHECK_THAT(a.out, Contains("Fresh Troops +2"));
    CHECK_THAT(a.out, Contains("Score 8"));
    CHECK_THAT(a.out, Contains("Result: HOLD GROUND: The unit remains in place; it may not change formation."));
    // Disorder: rolled 4, Exceptional Brigade Commander +2: 6, SHAKEN.
    const auto b = table("roll --rules awi disordered --modifier exc --rolls 4");
    REQUIRE(b.code == 0);
    CHECK_THAT(b.out, Contains("Score 6"));
    CHECK_THAT(b.out, Contains("Result: SHAKEN: The unit rallies in place."));
}

TEST_CASE("muster table list and show: each rule set's play tables, laid out as the source prints them") {
    const auto nap = table("list --rules napoleonic");
    REQUIRE(nap.code == 0);
    for (const char* id : {"movement", "manoeuvre", "ranges", "musketry", "charge"}) CHECK_THAT(nap.out, Contains(id));
    const auto awi = table("list --rules awi");
    for (const char* id : {"good_order", "disordered", "rally", "movement", "ranges", "fire_modifiers", "command_casualty", "close_combat"})
        CHECK_THAT(awi.out, Contains(id));
    const auto acw = table("list --rules acw");
    CHECK(acw.code == 0);
    CHECK_THAT(acw.out, Contains("has no play tables. Add your own to a copy: muster rules copy acw FILE"));

    const auto musketry = table("show --rules napoleonic musketry");
    REQUIRE(musketry.code == 0);
    CHECK_THAT(musketry.out, Contains("Fire Points  Desultory  Lively  Telling  Deadly  Withering"));
    CHECK_THAT(musketry.out, Contains("15-19        0-2        3-5     6-8      9-11    12+"));
    CHECK_THAT(musketry.out, Contains("1/2 a fire point"));  // the reading of the garbled 12, marked
    const auto good = table("show --rules awi good_order");
    CHECK_THAT(good.out, Contains("EXC    AGG   COM   CAU    POL    NO    Result"));
    CHECK_THAT(good.out, Contains("2-5 *"));  // the printed band muster reads otherwise, marked
    const auto all = table("show --rules awi all");
    CHECK_THAT(all.out, Contains("Close Combat Resolution"));
    CHECK_THAT(all.out, Contains("Ranges and Fire Point Totals Table"));
}

TEST_CASE("muster table roll: seeded dice repeat, JSON carries each modifier and the effects, asked dice come one by one") {
    const auto one = table("roll --rules napoleonic charge --modifier attacker:fresh --modifier defender:stand_lost=2 --seed 42");
    const auto two = table("roll --rules napoleonic charge --modifier attacker:fresh --modifier defender:stand_lost=2 --seed 42");
    REQUIRE(one.code == 0);
    CHECK(one.out == two.out);
    CHECK_THAT(one.out, Contains("Seed 42 (--seed 42 rolls these dice again)"));
    CHECK_THAT(one.out, Contains("defender: Each stand lost during fire phase or desperate struggle -1 x2 = -2"));
    std::set<std::string> results;
    for (int seed = 1; seed <= 40; ++seed) results.insert(table("roll --rules napoleonic charge --seed " + std::to_string(seed)).out);
    CHECK(results.size() > 10);  // the seed is used

    const auto json = table("roll --rules napoleonic musketry --points 7 --modifier disordered --rolls 12 --format json");
    REQUIRE(json.code == 0);
    CHECK_THAT(json.out, Contains("\"points\": \"7\""));
    CHECK_THAT(json.out, Contains("\"points_after_factors\": \"3 1/2\""));
    CHECK_THAT(json.out, Contains("\"result\": \"telling\""));
    CHECK_THAT(json.out, Contains("\"stands_lost\": 1"));
    CHECK_THAT(json.out, Contains("\"leader_roll\": \"fallen_leaders\""));  // 12 before adjustment

    // Asked: a bad answer is asked again, "back" takes the last one back, the defender's die comes second.
    const auto asked = table("roll --rules napoleonic charge --dice ask", "13\n5\nback\n9\n3+1\n");
    REQUIRE(asked.code == 0);
    CHECK_THAT(asked.err, Contains("Roll 1 (2d6) for attacker's 2d6 on Charge Table?"));
    CHECK_THAT(asked.err, Contains("Roll 2 (2d6) for defender's 2d6 on Charge Table?"));
    CHECK_THAT(asked.err, Contains("took back roll 1 (5)"));
    CHECK_THAT(asked.out, Contains("Attacker rolled 9 (9), defender 4 (3+1)"));
    CHECK_THAT(asked.out, Contains("difference +5"));
    CHECK_THAT(asked.out, Contains("Driven Back."));
    const auto ended = table("roll --rules napoleonic charge --dice ask", "6\n");
    CHECK(ended.code == 2);
    CHECK_THAT(ended.err, Contains("when standard input ended"));
}

TEST_CASE("muster table: bad input is one clear line and exit code 2") {
    struct Case {
        const char* args;
        const char* says;
    };
    for (const auto& c : std::vector<Case>{
             {"roll --rules napoleonic nosuch --rolls 7", "has no play table \"nosuch\""},
             {"roll --rules napoleonic manouvre --rolls 7", "did you mean manoeuvre?"},
             {"roll --rules nosuch manoeuvre --rolls 7", "unknown rule set \"nosuch\""},
             {"roll --rules napoleonic manoeuvre --column good_order --modifier fresh --modifier spent --rolls 7", "one group (state)"},
             {"roll --rules napoleonic musketry --points seven --rolls 7", "--points \"seven\" is not a number of fire points"},
             {"roll --rules napoleonic musketry --points 5 --column 5 --rolls 7", "read by fire points, not by a column"},
             {"roll --rules napoleonic manoeuvre --column disorder --rolls 13", "typed roll \"13\""},
             {"roll --rules napoleonic manoeuvre --column disorder --rolls 7 --seed 3", "give a seed or typed-in rolls, not both"},
             {"roll --rules napoleonic charge --modifier fresh --rolls 7,7", "say whose roll \"fresh\" modifies"},
             {"roll --rules acw anything --rolls 7", "rule set acw has no play tables"},
             {"show --rules awi nosuch", "has no play table \"nosuch\""},
         }) {
        INFO(c.args);
        const auto r = table(c.args);
        CHECK(r.code == 2);
        CHECK(r.out.empty());
        CHECK_THAT(r.err, Contains(c.says));
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    }
}

TEST_CASE("An organiser adds a play table of their own to a copy of the ACW rule set, and rolls it") {
    const std::string dir = "/tmp/muster-test-table-" + std::to_string(::getpid());
    std::filesystem::create_directories(dir);
    const std::string copy = dir + "/mine.json";
    std::filesystem::remove(copy);
    REQUIRE(test::run_muster("rules copy acw " + copy, k_env).code == 0);
    std::string text = test::file_bytes(copy);
    text.replace(text.find("\"id\": \"acw\""), 11, "\"id\": \"mine\"");
    text.insert(text.find('{') + 1, R"(
  "play_tables": {
    "example_morale": {"kind": "roll", "title": "EXAMPLE ONLY: a made-up morale check, not from any rulebook", "dice": "d10",
      "modifiers": [{"id": "fresh", "text": "Fresh", "value": 1, "group": "state"}, {"id": "spent", "text": "Spent", "value": -1, "group": "state"}],
      "results": {"hold": {"text": "Holds"}, "falls_back": {"text": "Falls back", "effects": {"disordered": true}}},
      "rows": [["5 or less", "falls_back"], ["6+", "hold"]]}
  },)");
    {
        std::ofstream out(copy, std::ios::binary);
        out << text;
    }
    CHECK(test::run_muster("rules validate " + copy, k_env).code == 0);
    const auto rolled = table("roll --rules " + copy + " example_morale --modifier fresh --rolls 5");
    REQUIRE(rolled.code == 0);
    CHECK_THAT(rolled.out, Contains("Score 6"));
    CHECK_THAT(rolled.out, Contains("Result: Holds"));
    // A gap is refused with the file, the JSON path and the scores.
    const std::string row = "[\"6+\", \"hold\"]";
    text.replace(text.find(row), row.size(), "[\"7+\", \"hold\"]");
    {
        std::ofstream out(copy, std::ios::binary);
        out << text;
    }
    const auto bad = test::run_muster("rules validate " + copy, k_env);
    CHECK(bad.code == 1);
    CHECK_THAT(bad.err, Contains("mine.json: $.play_tables.example_morale.rows: no row covers 6"));
    std::filesystem::remove_all(dir);
}

TEST_CASE("A battle played at the table side through the command line: rolls journaled, the draft reviewed and applied, check passing") {
    const std::string dir = "/tmp/muster-test-tableside-" + std::to_string(::getpid());
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string db = " --db " + dir + "/c.db";
    auto ok = [&](const std::string& args, const std::string& input = "") {
        const auto r = test::run_muster(args + db, k_env, input);
        INFO(args << "\n" << r.err);
        REQUIRE(r.code == 0);
        return r.out;
    };
    ok("campaign new Wagram --rules napoleonic --seed 7 --date 1809-07-05");
    ok("add army Armee --side french");
    ok("add corps IV --army Armee");
    ok("add division Legrand --corps IV");
    ok("add army KK --side allies");
    ok("add corps I --army KK");
    ok("add division Fresnel --corps I");
    ok("arrive Legrand");
    ok("arrive Fresnel");
    ok("camp new Vienna --side french");
    // Fire with a 12 before adjustment: Deadly, and the Fallen Leaders roll asked for next.
    const auto fire = ok("table roll musketry --battle Wagram --unit Fresnel/1st\\ Brigade --points 6 --dice ask", "12\n2\n");
    CHECK_THAT(fire, Contains("Result: Deadly Target disordered & two bases lost."));
    CHECK_THAT(fire, Contains("Result: Felled by sniper"));
    CHECK_THAT(fire, Contains("2 lines added to the draft report"));
    const auto charge = ok("table roll charge --battle Wagram --unit Legrand/3rd\\ Brigade --defender Fresnel/2nd\\ Brigade "
                           "--modifier attacker:fresh --modifier defender:disordered --rolls 11,3");
    CHECK_THAT(charge, Contains("difference +11"));
    CHECK_THAT(ok("battle draft"), Contains("Wagram: 5 lines"));
    const auto draft = ok("battle draft Wagram");
    CHECK_THAT(draft, Contains("Engaged: Fresnel/1st Brigade, Legrand/3rd Brigade, Fresnel/2nd Brigade"));
    CHECK_THAT(draft, Contains("Fresnel/2nd Brigade: 2 stands captured (Charge Table +11: Swept from the field)"));
    CHECK_THAT(draft, Contains("Fresnel/2nd Brigade: from 8 to 5 stands (1 lost, 2 captured to Vienna)"));
    CHECK_THAT(draft, Contains("Apply it with: muster battle report --draft \"Wagram\""));
    const auto journal = ok("journal");
    CHECK_THAT(journal, Contains("table roll"));
    CHECK_THAT(journal, Contains("fallen leader: "));
    CHECK_THAT(ok("journal --as allies"), !Contains("table roll"));  // the umpire's rolls
    const auto preview = ok("battle report --draft Wagram --preview --out-for 3");
    CHECK_THAT(preview, Contains("PREVIEW"));
    // Written as a report file, it is the same report: what the organiser edits to change it.
    CHECK_THAT(ok("battle draft Wagram --write " + dir + "/wagram.json"), Contains("Wrote"));
    CHECK(ok("battle report " + dir + "/wagram.json --preview") == preview);
    CHECK(test::run_muster("battle report --out-for 2 --name X --loss Legrand/1st\\ Brigade=1" + db, k_env).code == 2);
    CHECK_THAT(ok("battle report --draft Wagram"), Contains("Battle of Wagram: 2 divisions"));
    CHECK_THAT(ok("check"), Contains("every ledger balances"));
    CHECK_THAT(ok("battle draft"), Contains("No draft reports"));
    // Refused: the campaign's own rule set and dice; a battle already recorded.
    CHECK(test::run_muster("table roll charge --rules awi --battle X --unit Legrand/3rd\\ Brigade --rolls 3,4" + db, k_env).code == 2);
    const auto again = test::run_muster("table roll musketry --battle Wagram --unit Fresnel/3rd\\ Brigade --points 4 --rolls 7" + db, k_env);
    CHECK(again.code == 1);
    CHECK_THAT(again.err, Contains("battle Wagram is already recorded"));
    std::filesystem::remove_all(dir);
}

TEST_CASE("In a campaign, table list and table show read its rule set without --rules, and without one they ask for it") {
    test::TempDir dir;
    const auto db = "--db " + test::quote(dir.file("c.db")) + " ";
    REQUIRE(test::run_muster(db + "campaign new G --sample grossbeeren", k_env).code == 0);
    const auto list = test::run_muster(db + "table list", k_env);
    CHECK(list.code == 0);
    CHECK_THAT(list.out, Contains("charge"));
    const auto show = test::run_muster(db + "table show charge", k_env);
    CHECK(show.code == 0);
    CHECK_THAT(show.out, Contains("Charge"));
    const auto none = test::run_muster("--db " + test::quote(dir.file("none.db")) + " table list", k_env);
    CHECK(none.code == 2);
    CHECK_THAT(none.err, Contains("give the rule set (--rules ID)"));
}
