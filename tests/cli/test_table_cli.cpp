// `muster table`: the play tables through the real binary, the sources' worked examples first.
#include "cli/campaign_file.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <unistd.h>

using namespace muster;
using test::k_env;
using Catch::Matchers::Contains;

namespace {

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
    // BROKEN: "must immediately roll on this table again. On a modified roll of 3 or less, the
    // unit is removed from play" -- rolled again at once, as in a campaign.
    const auto broken = table("roll --rules awi disordered --rolls 2,3");
    REQUIRE(broken.code == 0);
    CHECK_THAT(broken.out, Contains("Rolled again at once (BROKEN): 3 (d10: 3), score 3: 3 or less, removed from play"));
    CHECK_THAT(table("roll --rules awi disordered --rolls 2,4").out, Contains("score 4: above 3, stays in play, BROKEN"));
    CHECK(table("roll --rules awi disordered --rolls 2").code == 2);  // the second roll is asked for
}

TEST_CASE("A roll from the campaign names a leader by his post, and by his name after it only where he has one") {
    test::CampaignFile c;
    c.ok("campaign new S --sample saratoga --seed 3");
    c.ok("add brigade Pickets --division \"Advanced Corps\" --rating elite --stands 5 --grade competent");  // commander unnamed
    const auto rolled = c.ok("table roll disordered --battle T --unit \"Advanced Corps/Pickets\" --rolls 6");
    CHECK_THAT(rolled, Catch::Matchers::Contains("Advanced Corps/Pickets' superior is Competent"));
    CHECK_THAT(rolled, !Catch::Matchers::Contains("superior commander of") && !Catch::Matchers::Contains("commander commander"));
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
    CHECK_THAT(musketry.out, Contains("Fire Points  Desultory  Lively *  Telling  Deadly  Withering"));
    CHECK_THAT(musketry.out, Contains("15-19        0-2        3-5       6-8      9-11    12+"));
    CHECK_THAT(musketry.out, Contains("1/2 a fire point"));  // the reading of the garbled 12, marked
    const auto good = table("show --rules awi good_order");
    CHECK_THAT(good.out, Contains("EXC    AGG   COM   CAU    POL    NO *  Result"));
    CHECK_THAT(good.out, Contains("2-5 *"));  // the printed band muster reads otherwise, marked
    // Every reading of muster's is marked: L'Ordre Mixte's too, on what it is about.
    const auto manoeuvre = table("show --rules napoleonic manoeuvre");
    CHECK_THAT(manoeuvre.out, Contains("Manoeuvre Table *  [manoeuvre, 2d6]"));
    CHECK_THAT(manoeuvre.out, Contains("Attached exceptional corps/division leader *"));
    CHECK_THAT(manoeuvre.out, Contains("* exceptional_leader: muster's own reading"));
    CHECK_THAT(manoeuvre.out, Contains("Fresh [one of state] (campaign)"));
    CHECK_THAT(table("show --rules napoleonic musketry").out, Contains("* disordered: muster's own reading"));
    CHECK_THAT(table("show --rules napoleonic charge").out, Contains("* swept: muster's own reading: the leader captured"));
    // A result's text is the source's, word for word, its misprint too; the reading says how it is read.
    CHECK_THAT(table("show --rules awi disordered").out, Contains("may advance ld(8) inches") && Contains("RALLY is printed \"advance ld(8) inches\", and muster prints it so: it reads 1d(8)"));
    CHECK_THAT(table("show --rules awi close_combat").out, Contains("is killed on a roll of 1-6 on ld(10). Any attached higher-echelon commander is killed on a roll of 1-3 on 1d(10)."));
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
             // AWI lists each side's modifier apart, under one id: still the attacker's no more than the defender's
             {"roll --rules awi close_combat --modifier stand_lost=2 --rolls 5,5", "say whose roll \"stand_lost\" modifies, attacker:stand_lost or defender:stand_lost"},
             // A negation with nothing to negate: no Poltroon given
             {"roll --rules awi disordered --modifier exc --modifier negate_pol_exc --rolls 4", "modifier \"negate_pol_exc\" (Exceptional unit commander negating a Poltroon in radius) goes with pol, not given here"},
             {"roll --rules awi good_order --column com --modifier negate_pol_agg --rolls 7", "goes with pol, not given here: give it too, or leave negate_pol_agg out"},
             {"roll --rules acw anything --rolls 7", "rule set acw has no play tables"},
             // "no change for being out of command radius": no leader's modifier under NO, or with out of radius
             {"roll --rules awi good_order --column no --modifier exc --rolls 6", "of the leader modifiers, which do not apply with column \"no\" (NO)"},
             {"roll --rules awi disordered --modifier out_of_radius --modifier exc --rolls 4", "which do not apply with modifier \"out_of_radius\""},
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
    // The row's "Artillery wrecked" is a battery target's: not this brigade's effect.
    CHECK_THAT(fire, Contains("Effect: 2 stands lost, disordered, roll fallen_leaders for the leader\n") && !Contains("battery wrecked"));
    CHECK_THAT(fire, Contains("Result: Felled by sniper"));
    CHECK_THAT(fire, Contains("2 lines added to the draft report"));
    const auto charge = ok("table roll charge --battle Wagram --unit Legrand/3rd\\ Brigade --defender Fresnel/2nd\\ Brigade "
                           "--modifier attacker:fresh --modifier defender:disordered --rolls 11,2");
    // The campaign adds what it knows: Rusca exceptional (+1), both brigades Fresh (+2 each).
    CHECK_THAT(charge, Contains("attacker: Attached leader or exceptional brigade commander (not cumulative) +1  (from the campaign: Legrand/3rd Brigade's commander Rusca is Exceptional)"));
    CHECK_THAT(charge, Contains("Attacker 14, defender 3: difference +11"));
    CHECK_THAT(ok("battle draft"), Contains("Wagram: 5 lines"));
    const auto draft = ok("battle draft Wagram");
    CHECK_THAT(draft, Contains("Rolled for at the table: Fresnel/1st Brigade, Legrand/3rd Brigade, Fresnel/2nd Brigade"));
    CHECK_THAT(draft, Contains("Fresnel/2nd Brigade: 2 stands captured (Charge Table +11: Swept from the field)"));
    CHECK_THAT(draft, Contains("Fresnel/2nd Brigade: from 8 to 5 stands (1 lost, 2 captured to Vienna)"));
    CHECK_THAT(draft, Contains("Apply it with: muster battle report --draft Wagram"));
    const auto journal = ok("journal");
    CHECK_THAT(journal, Contains("table roll"));
    CHECK_THAT(journal, Contains("fallen leader: "));
    CHECK_THAT(ok("journal --as allies"), !Contains("table roll"));  // the umpire's rolls
    const auto preview = ok("battle report --draft Wagram --preview --out-for 3");
    CHECK_THAT(preview, Contains("PREVIEW"));
    // A leader wounded beside the draft, without /BATTLES, misses the --out-for too.
    CHECK_THAT(ok("battle report --draft Wagram --preview --out-for 3 --leader Rusca:wounded"), Contains("leader Rusca: wounded, out for 3 battles"));
    CHECK_THAT(ok("battle report --draft Wagram --preview --out-for 3 --leader Rusca:wounded/2"), Contains("leader Rusca: wounded, out for 2 battles"));
    // Written as a report file, it is the same report: what the organiser edits to change it.
    CHECK_THAT(ok("battle draft Wagram --write " + dir + "/wagram.json"), Contains("Wrote"));
    // Its preview says the same, and that the report replaces the draft, which it clears.
    const std::string replaces = "  the draft report of Wagram would be cleared: this report replaces it, its lines and all (to report the battle from "
                                 "the draft, muster battle report --draft Wagram or the Table side's Apply)\n";
    auto from_file = ok("battle report " + dir + "/wagram.json --preview");
    REQUIRE(from_file.find(replaces) != std::string::npos);
    CHECK(from_file.erase(from_file.find(replaces), replaces.size()) == preview);
    // Reported from the file, the draft is cleared with it (no draft left over, never applied);
    // undone, it is back.
    CHECK_THAT(ok("battle report " + dir + "/wagram.json"), Contains("the draft report of Wagram is cleared") && Contains("undo brings the draft back"));
    CHECK(test::run_muster("battle draft Wagram" + db, k_env).code != 0);
    ok("undo");
    CHECK_THAT(ok("battle draft Wagram"), Contains("Fresnel/2nd Brigade: 2 stands captured"));
    CHECK(test::run_muster("battle report --out-for 2 --name X --loss Legrand/1st\\ Brigade=1" + db, k_env).code == 2);
    // What the table side's rolls did not give, given beside the draft: a brigade's losses the
    // draft has already are refused as twice reported; prisoners of another are added.
    const auto twice = test::run_muster("battle report --draft Wagram --loss Fresnel/2nd\\ Brigade=1" + db, k_env);
    CHECK(twice.code == 2);
    CHECK_THAT(twice.err, Contains("Fresnel/2nd Brigade's stands lost are reported twice") &&
                              Contains("to change the draft's line, write the draft out with muster battle draft --write FILE Wagram"));
    CHECK_THAT(ok("battle report --draft Wagram --captured Fresnel/1st\\ Brigade=1@Vienna --date 1809-07-06 --place Deutsch-Wagram"),
               Contains("Battle of Wagram: 2 divisions") && Contains("3 stands captured"));
    CHECK_THAT(ok("battle list"), Contains("1809-07-06") && Contains("Deutsch-Wagram"));  // the date and place given beside the draft
    CHECK_THAT(ok("check"), Contains("every ledger balances"));
    CHECK_THAT(ok("battle draft"), Contains("No draft reports"));
    // Refused: the campaign's own rule set and dice; a battle already recorded.
    CHECK(test::run_muster("table roll charge --rules awi --battle X --unit Legrand/3rd\\ Brigade --rolls 3,4" + db, k_env).code == 2);
    const auto again = test::run_muster("table roll musketry --battle Wagram --unit Fresnel/3rd\\ Brigade --points 4 --rolls 7" + db, k_env);
    CHECK(again.code == 1);
    CHECK_THAT(again.err, Contains("battle Wagram is already recorded"));
    std::filesystem::remove_all(dir);
}

TEST_CASE("In a campaign, table list, show and roll read its rule set without --rules, and without one they ask for it") {
    test::TempDir dir;
    const auto db = "--db " + test::quote(dir.file("c.db")) + " ";
    REQUIRE(test::run_muster(db + "campaign new G --sample grossbeeren", k_env).code == 0);
    const auto list = test::run_muster(db + "table list", k_env);
    CHECK(list.code == 0);
    CHECK_THAT(list.out, Contains("charge"));
    const auto show = test::run_muster(db + "table show charge", k_env);
    CHECK(show.code == 0);
    CHECK_THAT(show.out, Contains("Charge"));
    // A roll at the table, outside any battle: the campaign's own tables, its dice as given.
    const auto before = test::file_bytes(dir.file("c.db"));
    const auto roll = test::run_muster(db + "table roll charge --rolls 6+6,1+1", k_env);
    CHECK(roll.code == 0);
    CHECK_THAT(roll.out, Contains("Charge"));
    CHECK(test::file_bytes(dir.file("c.db")) == before);  // rolled outside the campaign: nothing journaled
    for (const auto* command : {" table list", " table roll charge --rolls 6+6,1+1"}) {
        const auto none = test::run_muster("--db " + test::quote(dir.file("none.db")) + command, k_env);
        CHECK(none.code == 2);
        CHECK_THAT(none.err, Contains("give the rule set (--rules ID)"));
    }
}

TEST_CASE("The roll reads the campaign: the AWI examples from the units' own facts, refusals, the override journaled, states on the table") {
    test::TempDir dir;
    const std::string db = " --db " + test::quote(dir.file("c.db"));
    auto run = [&](const std::string& args) { return test::run_muster(args + db, k_env); };
    auto ok = [&](const std::string& args) {
        const auto r = run(args);
        INFO(args << "\n" << r.err);
        REQUIRE(r.code == 0);
        return r.out;
    };
    ok("campaign new Y --rules awi --seed 3 --date 1777-09-11");
    ok("add army Wash --side american");
    ok("add corps Main --army Wash");
    ok("add division Greene --corps Main");
    ok("add brigade Continentals --division Greene --rating regulars --stands 9 --leader Smith --grade cautious");
    ok("leader replace Greene --rolls 50");  // a Competent brigade commander
    ok("add army Howe --side british");
    ok("add corps K --army Howe");
    ok("add division Grey --corps K");
    ok("add brigade Grenadiers --division Grey --rating crack --stands 11 --leader Monck --grade aggressive");
    ok("leader replace Grey --rolls 99");  // an Exceptional one
    // The Continentals at 8 of 9/7/5 (Fresh), the Grenadiers at 7 of 11/8/5 (Worn).
    ok("battle report --name Monmouth --loss Greene/Continentals=1 --loss Grey/Grenadiers=4");

    // Good Order, out of radius: 6 + 2 (Fresh, from the campaign) = 8 under NO, HOLD GROUND, and no
    // leadership modifier (the Cautious line officer is not the higher element; NO has none).
    const auto good = ok("table roll good_order --battle Brandywine --unit Continentals --column no --rolls 6");
    CHECK_THAT(good, Contains("Fresh Troops +2  (from the campaign: Greene/Continentals is Fresh: 8 of 9 stands (9/7/5))"));
    CHECK_THAT(good, Contains("Score 8"));
    CHECK_THAT(good, Contains("Result: HOLD GROUND"));
    CHECK_THAT(good, !Contains("Cautious"));
    // In radius, the column is the brigade commander's grade, from the campaign.
    CHECK_THAT(ok("table roll good_order --battle Brandywine --unit Continentals --rolls 6"), Contains("Column COM, from the campaign: Greene/Continentals' superior"));

    // Refused, naming the fact, changing nothing: a leader's modifier under NO, Spent for a Fresh
    // unit, Elite for Regulars, a column of another grade.
    const auto journal = ok("journal");
    for (const auto& [args, why] : std::vector<std::pair<std::string, std::string>>{
             {"good_order --unit Continentals --column no --modifier cau --rolls 6", "which do not apply with column \"no\" (NO)"},
             {"good_order --unit Continentals --column no --modifier spent --rolls 6", "contradicts the campaign: Greene/Continentals is Fresh"},
             {"close_combat --unit Continentals --defender Grenadiers --modifier attacker:elite --rolls 5,5", "contradicts the campaign: Greene/Continentals is rated Regulars"},
             {"good_order --unit Continentals --column exc --rolls 6", "(the campaign reads column com)"}}) {
        const auto r = run("table roll " + args + " --battle Brandywine");
        INFO(args);
        CHECK(r.code == 1);
        CHECK_THAT(r.err, Contains(why));
        CHECK_THAT(r.err, Contains("give --override to roll it as you give it (in the GUI, tick Override the campaign;"));
    }
    CHECK(ok("journal") == journal);
    // The override rolls it as given, and the journal keeps it as the organiser's choice.
    const auto over = ok("table roll good_order --battle Brandywine --unit Continentals --column no --modifier cau --override --rolls 6");
    CHECK_THAT(over, Contains("Result: DISENGAGE"));
    CHECK_THAT(over, Contains("Left out by the override: modifier \"fresh\""));
    CHECK_THAT(ok("journal"), Contains("overriding the campaign's modifier \"fresh\""));
    // A column given over the campaign's is said with what the campaign reads, here and in the journal.
    const auto column = ok("table roll good_order --battle Brandywine --unit Continentals --column exc --override --rolls 6");
    CHECK_THAT(column, Contains("Given over the campaign's reading: column exc where") && Contains("(the campaign reads column com)"));
    CHECK_THAT(ok("journal"), Contains("given over the campaign's reading: column exc where"));

    // Disorder: the Grenadiers marked disordered, Worn (no modifier), the Exceptional brigade
    // commander +2: 4 + 2 = 6, SHAKEN, and the disorder is removed.
    CHECK_THAT(ok("table state --battle Brandywine --unit Grenadiers disordered=yes formation=line"), Contains("Grey/Grenadiers: disordered (on the table)"));
    // Disordered, it is refused the Good Order table, naming the fact, the journal untouched.
    const auto before_good = ok("journal");
    const auto in_disorder = run("table roll good_order --battle Brandywine --unit Grenadiers --rolls 6");
    CHECK(in_disorder.code == 1);
    CHECK_THAT(in_disorder.err, Contains("table good_order (Maneuver Table: Good Order) contradicts the campaign: Grey/Grenadiers is disordered on the table") &&
                                    Contains("--override"));
    CHECK(ok("journal") == before_good);
    CHECK_THAT(ok("table show good_order"), Contains("In a campaign: rolled where disordered is no"));
    const auto shaken = ok("table roll disordered --battle Brandywine --unit Grenadiers --rolls 4");
    CHECK_THAT(shaken, Contains("Exceptional (EXC) +2  (from the campaign: Grey/Grenadiers' superior"));
    CHECK_THAT(shaken, Contains("Score 6"));
    CHECK_THAT(shaken, Contains("Grey/Grenadiers: in good order (on the table)"));
    // BROKEN: a stand lost, the table rolled again at once, 3 or less: removed from play.
    ok("table state --battle Brandywine --unit Continentals disordered=yes");
    const auto broken = ok("table roll disordered --battle Brandywine --unit Continentals --rolls 1,1");
    CHECK_THAT(broken, Contains("Greene/Continentals: BROKEN, rolled again at once: 1, score 3, 3 or less: removed from play"));
    const auto gone = run("table roll good_order --battle Brandywine --unit Continentals --column no --rolls 6");
    CHECK(gone.code == 1);
    CHECK_THAT(gone.err, Contains("Greene/Continentals is removed from play on the table in Brandywine: it is not at the table"));
    ok("table state --battle Brandywine --unit Continentals off_field=no");
    // Fire records the firer: its rating is the campaign's, and both units are in the battle.
    const auto fire = ok("table roll command_casualty --battle Brandywine --unit Grenadiers --firer Continentals --rolls 8");
    CHECK_THAT(fire, Contains("Regulars +0  (from the campaign: Greene/Continentals is rated Regulars)"));
    // A charge driven back: the defender's line officer rolled for (killed on 1-5 on a d10).
    const auto charge = ok("table roll close_combat --battle Brandywine --unit Grenadiers --defender Continentals --rolls 10,7,4");
    CHECK_THAT(charge, Contains("difference +8"));
    CHECK_THAT(charge, Contains("leader Smith: killed (rolled 4)"));
    const auto draft = ok("battle draft Brandywine");
    CHECK_THAT(draft, Contains("Rolled for at the table: Greene/Continentals, Grey/Grenadiers"));
    CHECK_THAT(draft, Contains("Grey/Grenadiers: in line formation (set by the umpire)"));
    CHECK_THAT(draft, Contains("Greene/Continentals: BROKEN"));
    CHECK_THAT(draft, Contains("leader Smith: killed (d10 4, killed on 1-5"));
    // Bad states are refused.
    CHECK(run("table state --battle Brandywine --unit Grenadiers formation=square").code == 2);
    CHECK(run("table state --battle Brandywine --unit Grenadiers damaged=yes").code == 2);
    CHECK(run("table state --battle Brandywine --unit Grenadiers muddy=yes").code == 2);
    CHECK_THAT(ok("check"), Contains("every ledger balances"));
}

TEST_CASE("A unit with extra command fights under its Alternate while its Main is out of play, and its label says so") {
    test::TempDir dir;
    const std::string db = " --db " + test::quote(dir.file("c.db"));
    auto ok = [&](const std::string& args) {
        const auto r = test::run_muster(args + db, k_env);
        INFO(args << "\n" << r.err);
        REQUIRE(r.code == 0);
        return r.out;
    };
    ok("campaign new S --sample saratoga --seed 11");
    ok("arrive Breymann");
    const auto roll = [&] {
        return ok("table roll close_combat --battle Next --unit 'Breymann/1st Battalion' --defender 'Poor/1st New Hampshire' --rolls 5,5");
    };
    ok("battle plan Next");
    // In command: the Main.
    CHECK(roll().find("Alternate commander") == std::string::npos);
    // Killed where the Americans saw him fall (else he would stand on the table for them still).
    ok("battle report --name Clash --division Breymann --division Poor --loss 'Breymann/1st Battalion=1' --leader 'Breymann/1st Battalion:killed'");
    const auto line = roll();
    CHECK_THAT(line, Contains("Breymann/1st Battalion's Alternate commander") && Contains("in command: its Main commander") && Contains("is killed"));
    CHECK(line.find("MIA/KIA") == std::string::npos);
    // The label names him, with his grade's mark, where it named the Main.
    ok("export labels --brigadier -o " + test::quote(dir.file("labels.html")));
    std::ifstream in(dir.file("labels.html"));
    const std::string html((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto oob = ok("oob");
    const auto at = oob.find("; alternate ");
    REQUIRE(at != std::string::npos);
    const auto alternate = oob.substr(at + 12, oob.find(',', at) - at - 12);
    CHECK(std::regex_search(html, std::regex("name\">1st Battalion</div><div class=\"brigadier\"[^>]*>" + alternate + "</div>")));
}

TEST_CASE("A result that falls on a unit's leader falls on its Alternate where he is in command, as its modifiers read him") {
    const test::CampaignFile c;
    c.ok("campaign new S --sample saratoga --seed 5714375373056093832");
    c.ok("arrive --due");  // Breymann/4th Battalion: Lucke its Main, Speth its Alternate (Poltroon)
    // Swept from the field: Lucke killed, in this battle.
    CHECK_THAT(c.ok("table roll close_combat --battle X --unit 'Morgan/Light Infantry' --defender 'Breymann/4th Battalion' --rolls 10,1"),
               Contains("leader Lucke: killed"));
    // Its attack falters: the Alternate in command (his -2 counted) takes the line officer's d10.
    const auto r = c.run("table roll close_combat --battle X --unit 'Breymann/4th Battalion' --defender 'Poor/2nd New Hampshire' --rolls 5,5");
    CHECK(r.code == 2);
    CHECK_THAT(r.err, Contains("ran out at roll 3, d10 for Speth"));
    const auto faltered = c.ok("table roll close_combat --battle X --unit 'Breymann/4th Battalion' --defender 'Poor/2nd New Hampshire' --rolls 5,5,3");
    CHECK_THAT(faltered, Contains("Alternate commander Speth is Poltroon, in command") && Contains("leader Speth: killed (rolled 3)") && !Contains("fell in this battle already"));
    CHECK_THAT(c.ok("battle report --draft X"), Contains("leader Lucke: killed") && Contains("leader Speth: killed"));
    CHECK_THAT(c.ok("check"), Contains("every ledger balances"));
}

TEST_CASE("A roll for a planned battle reads the year it is fought in, not the campaign's - Prussians before 1809") {
    const test::CampaignFile c;
    const auto ok = [&](const std::string& args) { return c.ok(args); };
    ok("campaign new N --rules napoleonic --seed 3 --date 1808-12-30");
    ok("add army AA --side allies");
    ok("add corps K --army AA");
    // A division of Prussians a battle (a division is in one planned battle at a time): fought
    // in 1809 (the campaign's date still in 1808), in 1806, and with no date (the campaign's year).
    for (const std::string division : {"Pru", "Blu", "Yor"}) {
        ok("add division " + division + " --corps K");
        ok("add brigade Fus --division " + division + " --rating veteran_line --stands 6");
        ok("division nationality " + division + " Prussians");
    }
    ok("battle plan Abensberg --date 1809-04-20");
    ok("battle deploy Abensberg Pru");
    CHECK_THAT(ok("table roll manoeuvre --battle Abensberg --unit Pru/Fus --rolls 7"), !Contains("Prussian before 1809") && Contains("Score 9"));
    ok("battle plan Jena --date 1806-10-14");
    ok("battle deploy Jena Blu");
    CHECK_THAT(ok("table roll manoeuvre --battle Jena --unit Blu/Fus --rolls 7"),
               Contains("the battle of Jena is fought on 1806-10-14") && Contains("Score 8"));
    ok("battle plan Nameless");
    ok("battle deploy Nameless Yor");
    CHECK_THAT(ok("table roll manoeuvre --battle Nameless --unit Yor/Fus --rolls 7"), Contains("the campaign's year is 1808") && Contains("Score 8"));
}

TEST_CASE("A draft a report cannot yet take is shown whole, with what the report still needs, and exit 0") {
    test::TempDir dir;
    const auto db = "--db " + test::quote(dir.file("c.db")) + " ";
    const auto cli = [&](const std::string& args) { return test::run_muster(db + args, k_env); };
    REQUIRE(cli("campaign new G --sample grossbeeren --seed 8656049692630103885").code == 0);
    REQUIRE(cli("arrive --due").code == 0);
    REQUIRE(cli("battle plan P1").code == 0);
    // Swept from the field: stands and the brigade's leader captured, and the allies have no camp.
    REQUIRE(cli("table roll charge --battle P1 --unit Borstell/2nd --defender Sahr/1st --rolls 6+6,1+1").code == 0);
    const auto draft = cli("battle draft P1");
    INFO(draft.out << draft.err);
    CHECK(draft.code == 0);
    CHECK_THAT(draft.out, Contains("2 stands captured") && Contains("As a report:\n  not yet: ") && Contains("the captor has no open camp to take the prisoners"));
    CHECK_THAT(draft.out, !Contains("Apply it with"));
    REQUIRE(cli("camp new Spandau --side allies").code == 0);
    const auto ready = cli("battle draft P1");
    CHECK(ready.code == 0);
    CHECK_THAT(ready.out, !Contains("not yet") && Contains("Apply it with: muster battle report --draft P1"));
}

TEST_CASE("A draft's prisoners go to the camp the umpire names beside it, where their captor has more than one") {
    const test::CampaignFile c;
    c.ok("campaign new G --sample grossbeeren --seed 8656049692630103885");
    c.ok("arrive --due");
    c.ok("battle plan P1");
    c.ok("camp new Spandau --side allies");
    c.ok("camp new Küstrin --side allies");
    c.ok("camp new Torgau --side french");
    // Swept from the field: a brigade's stands and its leader captured by the Allies, who have two camps.
    c.ok("table roll charge --battle P1 --unit Borstell/2nd --defender Sahr/1st --rolls 6+6,1+1");
    CHECK_THAT(c.ok("battle draft P1"), Contains("not yet: 2 stands of brigade Sahr/1st Brigade are captured, and 2 camps could take the prisoners (Spandau, Küstrin)") &&
                                            Contains("--camp"));
    CHECK_THAT(c.refused("battle report --draft P1", 2), Contains("2 camps could take the prisoners (Spandau, Küstrin)"));
    // Refused, naming what is wrong, and nothing written.
    CHECK_THAT(c.refused("battle report --draft P1 --camp Küstrin --camp Spandau", 2),
               Contains("--camp names two camps of the Allies side, Küstrin and Spandau") && Contains("expected one camp a side"));
    CHECK_THAT(c.refused("battle report --draft P1 --camp Küstrin --camp Torgau", 2),
               Contains("--camp Torgau takes none of the draft's prisoners: it is a camp of the French side"));
    CHECK_THAT(c.refused("battle report --draft P1 --camp Hamburg", 2), Contains("no camp named \"Hamburg\""));
    CHECK_THAT(c.refused("battle report --name P1 --camp Küstrin", 2), Contains("--camp goes with --draft"));
    // Named: the stands and the leader go there, the other camp holds no one.
    CHECK_THAT(c.ok("battle report --draft P1 --camp küstrin"), Contains("2 captured to Küstrin") && Contains("leader Broussier: captured to Küstrin"));
    const auto camps = c.ok("camp list");
    CHECK_THAT(camps, Contains("Spandau (Allies): holds no one") && Contains("Küstrin (Allies): 2 holdings\n  2 stands of Sahr/1st Brigade\n  leader Broussier"));
    CHECK_THAT(c.ok("check"), Contains("every ledger balances"));
}

TEST_CASE("A formation only some arms take is refused for the others at the table: L'Ordre Mixte's column of attack is infantry's, a light brigade's only line") {
    test::CampaignFile c;
    c.ok("campaign new G --sample grossbeeren --seed 3");
    c.ok("arrive --due");
    c.ok("add division Cav --corps 'VII Corps' --arm cavalry");
    c.ok("add brigade Hussars --division Cav --rating average_line --stands 6 --leader Ney --grade average");
    c.ok("add division Leg --corps 'VII Corps' --arm light");
    c.ok("add brigade Voltigeurs --division Leg --rating average_line --stands 6 --leader Voltaire --grade average");
    c.ok("add battery 'Foot Battery' --division Durutte");
    const auto state = [&](const std::string& unit, const std::string& formation) { return "table state --battle B --unit '" + unit + "' formation=" + formation; };
    CHECK_THAT(c.refused(state("Cav/Hussars", "column_of_attack"), 2), Contains("formation=column_of_attack (column of attack) is for Infantry only: Cav/Hussars is Cavalry"));
    CHECK_THAT(c.refused(state("Leg/Voltigeurs", "column_of_attack"), 2), Contains("is for Infantry only: Leg/Voltigeurs is Light infantry"));
    CHECK_THAT(c.refused(state("Leg/Voltigeurs", "supported_line"), 2), Contains("is for Infantry and Cavalry only"));
    CHECK_THAT(c.refused(state("Durutte/Foot Battery", "line"), 2), Contains("is for Infantry and Light infantry (light brigade) only: Durutte/Foot Battery is a battery"));
    CHECK_THAT(c.refused("table state --battle B --unit 'Lecoq/1st Brigade' formation=line formation=column_of_attack", 2),
               Contains("formation is given twice (formation=line, formation=column_of_attack): give it once"));
    for (const auto& [unit, formation] : std::vector<std::pair<std::string, std::string>>{
             {"Leg/Voltigeurs", "line"}, {"Cav/Hussars", "column_of_route"}, {"Durutte/Foot Battery", "column_of_route"}, {"Lecoq/1st Brigade", "column_of_attack"}})
        CHECK_THAT(c.ok(state(unit, formation)), Contains(unit + ": in "));
    // The rule set says which arms take each, and where that is from.
    CHECK_THAT(c.ok("rules show napoleonic"), Contains("column of attack (column_of_attack; Infantry only)") && Contains("\"COLUMN OF ATTACK - two wide column. Infantry only.\""));
    CHECK_THAT(c.ok("rules show awi"), Contains("skirmish order (skirmish; Formed infantry and Light infantry and skirmishers only)"));
}
