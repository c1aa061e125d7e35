// A season played through the command line as an organiser plays it: five turns, scheduled
// arrivals, three battles with their reports and recoveries, an exchange and a liberation, each
// side's handout after every battle. After every step the campaign passes `check`, and no
// handout holds anything of a division the enemy keeps hidden.
#include "cli/campaign_file.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>

using namespace muster;
using Catch::Matchers::Contains;

namespace {

struct Season : test::CampaignFile {
    // A step of the season: it succeeds, and the campaign passes its check after it.
    std::string step(const std::string& args) const {
        const auto r = run(args);
        INFO(args << "\n" << r.out << r.err);
        REQUIRE(r.code == 0);
        const auto check = run("check");
        INFO("check after: " << args << "\n" << check.out << check.err);
        REQUIRE(check.code == 0);
        return r.out;
    }
    // The names of the leaders who command a division or its brigades, from the umpire's list.
    std::set<std::string> leaders_of(const std::string& division) const {
        std::set<std::string> out;
        std::istringstream lines(run("leader list").out);
        std::string line;
        while (std::getline(lines, line)) {
            std::istringstream words(line);
            std::string number, name;
            words >> number >> name;
            // The last column: what he commands, "Rodes" or "Rodes/1st Brigade".
            const auto commands = line.rfind("  ");
            const auto unit = line.substr(commands + 2);
            if (unit == division || unit.rfind(division + "/", 0) == 0) out.insert(name);
        }
        return out;
    }
    // Each side's handout, with what the enemy keeps hidden from it nowhere in it.
    void handouts(const std::string& when, const std::map<std::string, std::set<std::string>>& hidden_from) const {
        for (const auto& [side, hidden] : hidden_from) {
            // Into papers/, which the first handout makes (as the example in docs/campaign.md does).
            const auto folder = dir.file("papers/" + when + "_" + side);
            step("handout --side " + side + " -o " + folder);
            const auto packet = test::pdf_text(folder + "/oob.pdf") + test::pdf_text(folder + "/labels.pdf") +
                                test::file_bytes(folder + "/papers.txt");
            CHECK_THAT(packet, Contains("Papers of the") && Contains("The last battle"));
            for (const auto& division : hidden) {
                INFO(when << ": " << side << "'s handout and " << division);
                CHECK_FALSE(std::regex_search(packet, std::regex("\\b" + division + "\\b")));
                for (const auto& leader : leaders_of(division)) {
                    INFO("its leader " << leader);
                    CHECK_FALSE(std::regex_search(packet, std::regex("\\b" + leader + "\\b")));
                }
            }
        }
    }
};

}  // namespace

TEST_CASE("A season through the command line: five turns, three battles, an exchange, a liberation, handouts that keep the secrets") {
    const Season s;
    s.step("campaign new 'Pennsylvania 1863' --rules acw --seed 1863 --date 1863-06-15 --theater east --turn-length 7d");
    s.step("add army 'Army of Northern Virginia' --side confederate --leader Lee --grade exceptional");
    s.step("add corps 'Third Corps' --army 'Army of Northern Virginia' --leader Hill --grade average");
    for (const char* d : {"Heth", "Pender", "Rodes"}) s.step(std::string("add division ") + d + " --corps 'Third Corps'");
    s.step("add army 'Army of the Potomac' --side union --leader Meade --grade average");
    s.step("add corps 'I Corps' --army 'Army of the Potomac' --leader Reynolds --grade exceptional");
    for (const char* d : {"Wadsworth", "Doubleday", "Robinson"}) s.step(std::string("add division ") + d + " --corps 'I Corps'");
    s.step("camp new 'Fort Delaware' --side union");
    s.step("camp new 'Libby Prison' --side confederate");
    s.step("schedule heth --turn 2");
    s.step("schedule Wadsworth --date 1863-06-22");
    s.step("schedule Pender --turn 3");
    s.step("schedule Doubleday --turn 3");
    s.step("schedule Rodes --turn 4");
    s.step("schedule Robinson --turn 5");
    CHECK_THAT(s.step("turn"), Contains("Turn 1") && Contains("Due next turn: Heth (Confederate), Wadsworth (Union)"));

    // Turn 2: Heth and Wadsworth arrive and meet at Cashtown.
    CHECK_THAT(s.step("turn next --show-rolls"), Contains("Turn 2 begins: 1863-06-22") && Contains("Heth (Infantry, Confederate)") &&
                                                     Contains("Wadsworth (Infantry, Union)") && Contains("\nRolls:\n") && Contains("name of the commander of Heth"));
    s.step("battle report --name Cashtown --date 1863-06-23 --loss 'Heth/1st Brigade=2' --loss 'Wadsworth/1st Brigade=2' "
           "--captured 'Heth/2nd Brigade=1@Fort Delaware'");
    s.step("battle recover cashtown");
    CHECK_THAT(s.step("battle show Cashtown --as union"), Contains("Heth") && Contains("Wadsworth"));
    s.handouts("cashtown", {{"union", {"Pender", "Rodes"}}, {"confederate", {"Doubleday", "Robinson"}}});

    // Turn 3: Pender and Doubleday arrive and fight on Oak Ridge; then an exchange.
    CHECK_THAT(s.step("turn next"), Contains("Turn 3 begins: 1863-06-29") && Contains("Pender (") && Contains("Doubleday ("));
    s.step("battle report --name 'Oak Ridge' --date 1863-06-30 --loss 'Pender/1st Brigade=1' --captured 'Doubleday/1st Brigade=2@Libby Prison'");
    s.step("battle recover 'oak ridge'");
    s.handouts("oak_ridge", {{"union", {"Rodes"}}, {"confederate", {"Robinson"}}});
    CHECK_THAT(s.step("exchange propose --from confederate --offer 'stands:Doubleday/1st Brigade=1' --ask 'stands:Heth/2nd Brigade=1'"),
               Contains("Exchange"));
    CHECK_THAT(s.step("exchange accept 1 --side union"), Contains("accepted by the Union"));

    // Turn 4: Rodes arrives (and stays hidden: he never fights); Seminary Ridge; Fort Delaware liberated.
    CHECK_THAT(s.step("turn next"), Contains("Turn 4 begins: 1863-07-06") && Contains("Rodes ("));
    s.step("battle report --name 'Seminary Ridge' --date 1863-07-07 --loss 'Heth/1st Brigade=1' --loss 'Wadsworth/2nd Brigade=1' "
           "--captured 'Pender/2nd Brigade=1@Fort Delaware'");
    s.step("battle recover 'Seminary Ridge'");
    s.handouts("seminary_ridge", {{"union", {"Rodes"}}, {"confederate", {"Robinson"}}});
    CHECK_THAT(s.step("camp liberate 'Fort Delaware'"), Contains("Pender/2nd Brigade"));

    // Turn 5: Robinson arrives; the last handouts still keep Rodes and Robinson from the enemy.
    CHECK_THAT(s.step("turn next"), Contains("Turn 5 begins: 1863-07-13") && Contains("Robinson ("));
    CHECK(s.leaders_of("Rodes").size() >= 3);  // their commanders' names are looked for too
    CHECK(s.leaders_of("Robinson").size() >= 3);
    s.handouts("turn5", {{"union", {"Rodes"}}, {"confederate", {"Robinson"}}});
    // What a side has seen is in its packet: the enemy divisions it fought.
    CHECK_THAT(test::pdf_text(s.dir.file("papers/turn5_union/oob.pdf")), Contains("Heth") && Contains("Pender") && Contains("Robinson"));
    CHECK_THAT(s.step("battle list"), Contains("Cashtown") && Contains("Oak Ridge") && Contains("Seminary Ridge"));
    const auto journal = s.step("journal");
    CHECK_THAT(journal, Contains("turn  Turn 5 begins") && Contains("liberation") && Contains("exchange accepted"));
    CHECK_THAT(s.step("turn"), Contains("Turn 5 of campaign Pennsylvania 1863: 1863-07-13") && Contains("Due now: nothing"));
}

TEST_CASE("A unit entered by hand with no commander is said to have none, when it is added and by turn until one is given") {
    const Season c;
    c.step("campaign new S --rules awi --date 1777-09-01");
    c.step("add army Howe --side british --leader Howe --grade cautious");
    c.step("add corps Column --army Howe --leader Cornwallis --grade aggressive");
    c.step("add division Rangers --corps Column");
    CHECK_THAT(c.step("add brigade Hussars --division Rangers --rating crack --stands 6"),
               Contains("It has no commander, and plays as one whose commander is lost until it has one (muster leader replace Rangers/Hussars rolls one; --name NAME names him, --grade GRADE gives his grade where it is known)"));
    CHECK(c.step("add brigade Foot --division Rangers --rating crack --stands 6 --leader Simcoe --grade competent").find("no commander") == std::string::npos);
    CHECK_THAT(c.step("turn"), Contains("1 battalion has no commander, so it plays as one whose commander is lost: Rangers/Hussars (muster leader replace Rangers/Hussars rolls one; --name NAME names him, --grade GRADE gives his grade where it is known)") &&
                                   Contains("1 brigade has no commander, so it plays as one whose commander is lost: Rangers (muster leader replace Rangers rolls one"));
    c.step("leader replace Rangers/Hussars --name Tarleton");
    // His grade given where it is known: not rolled; one the rule set has not, or given with rolls, refused.
    CHECK_THAT(c.refused("leader replace Rangers --name Rawdon --grade brilliant", 2), Contains("leader grade") && Contains("brilliant"));
    CHECK_THAT(c.refused("leader replace Rangers --name Rawdon --grade exceptional --rolls 5", 2), Contains("give --grade or rolls, not both"));
    CHECK_THAT(c.step("leader replace Rangers --name Rawdon --grade exc --show-rolls"), Contains("New commander of Rangers: Rawdon, Exceptional [EXC]") && !Contains("Rolls"));
    CHECK_THAT(c.step("journal"), Contains("New commander of Rangers: Rawdon, Exceptional [EXC]"));
    CHECK_THAT(c.step("turn"), Contains("Waiting on you: nothing"));
    CHECK(c.step("turn --as british").find("no commander") == std::string::npos);  // the umpire's list alone
}

TEST_CASE("A battle dated before the turn the campaign is at is taken, saying it counts in this turn, in its preview and its report, from a draft too") {
    const test::CampaignFile c;
    c.ok("campaign new G --sample gettysburg --seed 3");
    c.ok("arrive --due");
    c.ok("turn next");  // turn 2: 1863-07-02
    const std::string late = "dated 1863-07-01, before turn 2 (1863-07-02 to 1863-07-02): it is recorded in turn 2";
    CHECK_THAT(c.ok("battle report --name 'Late Fight' --date 1863-07-01 --division Robinson --preview"), Contains(late));
    CHECK_THAT(c.ok("battle report --name 'Late Fight' --date 1863-07-01 --division Robinson"), Contains(late));
    CHECK(c.ok("battle report --name 'Fight Today' --division Robinson").find("before turn") == std::string::npos);
    CHECK_THAT(c.ok("battle report --name 'Old Fight' --date 1863-06-20 --division Robinson --preview"),
               Contains("dated 1863-06-20, before turn 2") && Contains("(it is dated before the campaign's first turn)") && !Contains("undo back"));
    CHECK_THAT(c.ok("battle report --name 'Late Fight 2' --date 1863-07-01 --division Robinson --preview"), Contains("undo back to that turn"));
    // A draft the table side filled, reported with the day it was fought.
    const test::CampaignFile s;
    s.ok("campaign new S --sample saratoga --seed 5");
    s.ok("turn next");  // turn 2: 1777-09-20
    s.ok("table roll good_order --battle 'Drafted Fight' --unit 'Poor/1st New Hampshire' --column com --rolls 6");
    CHECK_THAT(s.ok("battle report --draft 'Drafted Fight' --date 1777-09-19 --preview"), Contains("dated 1777-09-19, before turn 2"));
    CHECK_THAT(s.ok("battle report --draft 'Drafted Fight' --date 1777-09-19"), Contains("dated 1777-09-19, before turn 2"));
}

TEST_CASE("A past turn keeps the date it began: setting the date or the turn's length moves the present turn and those to come, not those gone, and undo takes it back") {
    const test::CampaignFile c;
    c.ok("campaign new R --rules acw --date 1863-06-01 --theater east --turn-length 7d --seed 1");
    c.ok("add army A --side union --leader Meade --grade average");
    c.ok("add corps 'I Corps' --army A --leader Reynolds --grade average");
    for (const auto* d : {"Wadsworth", "Robinson", "Doubleday"}) c.ok(std::string("add division ") + d + " --corps 'I Corps'");
    c.ok("schedule Wadsworth --turn 2");
    c.ok("schedule Robinson --turn 3");
    c.ok("schedule Doubleday --turn 5");
    c.ok("turn next");  // turn 2: 1863-06-08, Wadsworth arrives
    c.ok("turn next");  // turn 3: 1863-06-15, Robinson arrives
    const auto report_dates = [&] {
        return c.ok("turn report 1").substr(0, 60) + c.ok("turn report 2").substr(0, 60) + c.ok("turn report 3").substr(0, 60);
    };
    const auto before = c.ok("schedule");
    CHECK_THAT(before, Contains("2     1863-06-08  Wadsworth") && Contains("3     1863-06-15  Robinson") && Contains("5     1863-06-29  Doubleday"));
    c.ok("campaign set --date 1863-07-01 --turn-length 10d");
    const auto after = c.ok("schedule");
    CHECK_THAT(after, Contains("2     1863-06-08  Wadsworth") && Contains("3     1863-07-01  Robinson") && Contains("5     1863-07-21  Doubleday"));
    CHECK_THAT(report_dates(), Contains("turn 1, campaign R: from 1863-06-01") && Contains("turn 2, campaign R: from 1863-06-08") &&
                                   Contains("turn 3, campaign R: from 1863-07-01"));
    // A battle is dated against the turns as they began: one before 1863-06-01 is before them all.
    CHECK_THAT(c.ok("battle report --name Early --date 1863-06-03 --division Wadsworth --preview"), Contains("undo back to that turn"));
    CHECK_THAT(c.ok("battle report --name Earlier --date 1863-05-31 --division Wadsworth --preview"), Contains("dated before the campaign's first turn"));
    c.ok("undo");  // the settings
    CHECK(c.ok("schedule") == before);
    c.ok("undo");  // turn 3 ends no more: its date is the campaign's again
    c.ok("campaign set --date 1863-06-20");
    CHECK_THAT(c.ok("schedule"), Contains("2     1863-06-20  Wadsworth") && Contains("3     1863-06-27  Robinson"));
    CHECK_THAT(c.ok("turn report 1").substr(0, 60), Contains("from 1863-06-01"));
}

TEST_CASE("A draft of the table side's rolls alone is the umpire's: discarding it tells no side") {
    const test::CampaignFile s;
    s.ok("campaign new S --sample saratoga --seed 5");
    s.ok("table roll good_order --battle 'Drafted Fight' --unit 'Poor/1st New Hampshire' --column com --rolls 6");
    const auto american = s.ok("journal --as american"), british = s.ok("journal --as british");
    CHECK_THAT(s.ok("battle draft 'Drafted Fight' --discard"), Contains("Discarded the draft report of Drafted Fight"));
    CHECK(s.ok("journal --as american") == american);
    CHECK(s.ok("journal --as british") == british);
}

TEST_CASE("A draft's lines of losses and fates are counted alike where it is listed, shown and discarded, not the lines saying who fought") {
    const test::CampaignFile c;
    c.ok("campaign new G --sample grossbeeren --seed 3");
    c.ok("arrive --due");
    // Firer and target engaged (a line each), the target's loss: one line of losses.
    c.ok("table roll musketry --battle Foo --unit \"Durutte/Jarry's Brigade\" --firer Krafft/Colberg --points 6 --rolls 10");
    CHECK_THAT(c.ok("battle draft"), Contains("Foo: 1 line\n"));
    CHECK_THAT(c.ok("battle draft Foo --discard"), Contains("Discarded the draft report of Foo (1 line of losses and fates)"));
}

TEST_CASE("Divisions due now arrive by themselves: arrive --due, turn next brings what is due first, an early arrival is said") {
    const test::CampaignFile c;
    c.ok("campaign new G --sample gettysburg --seed 3");
    // The sample begins with divisions due on turn 1: arrive --due brings them on turn 1.
    const auto due = c.ok("turn");
    CHECK_THAT(due, Contains("Due now: Robinson"));
    const auto arrived = c.ok("arrive --due --show-rolls");  // each with its rolls, as one division's arrival shows them
    CHECK_THAT(arrived, Contains("Robinson") && Contains("arrived, hidden from the other side"));
    CHECK_THAT(arrived, Contains("Rolls:\n") && Contains("1st Brigade: 4.) Brigade Strength: Number of Stands"));
    CHECK_THAT(c.ok("turn"), Contains("Due now: nothing"));
    CHECK_THAT(c.ok("arrive --due"), Contains("Nothing is due"));
    // A placeholder keeps its historical commander: Robinson's division is commanded by Robinson.
    CHECK_THAT(c.ok("oob"), Contains("Robinson") && !Contains("Robinson (Sheridan"));
    // ...and so does one added by hand with --leader.
    c.ok("add division Newcomer --corps 'I Corps' --leader 'Abner Doubleday'");
    c.ok("arrive Newcomer");
    CHECK_THAT(c.ok("oob"), Contains("(Abner Doubleday, "));
    c.ok("schedule Newton --turn 5");  // to arrive early below
    // What is due on turn 2 is left undone when turn 3 begins: turn next brings it on turn 2
    // first (at turn 2's date), then the clock moves on.
    c.ok("turn next");
    const std::string late = "Latecomer";
    c.ok("add division Latecomer --corps 'I Corps'");
    c.ok("schedule Latecomer --turn 2");  // due now, and not come
    CHECK_THAT(c.ok("turn"), Contains("Due now: " + late));
    c.ok("turn next");
    const auto journal = c.ok("journal");
    const auto arrival = journal.rfind(late + " arrived"), turn = journal.find("Turn 3 begins");
    REQUIRE(arrival != std::string::npos);
    REQUIRE(turn != std::string::npos);
    CHECK(arrival < turn);  // on turn 2, before the clock moved on
    CHECK_THAT(c.ok("turn"), Contains("Turn 3"));
    // An arrival ahead of its turn is said so.
    const auto early = c.run("arrive Newton");
    CHECK(early.code == 0);
    CHECK_THAT(early.err, Contains("Newton is due on turn 5") && Contains("it arrives early"));
    CHECK(c.run("check").code == 0);
    // DIVISION or --due, one of them.
    CHECK(c.run("arrive").code == 2);
    CHECK(c.run("arrive Wright --due").code == 2);
    // --due with what is one division's: refused, nothing stored (a preview had arrived them all).
    CHECK_THAT(c.refused("arrive --due --preview", 2), Contains("--due takes no --preview"));
    CHECK_THAT(c.refused("arrive --due --year 1863", 2), Contains("--due takes no --year"));
    // A turn past the rule set's years never comes: refused, by turn or by date.
    CHECK_THAT(c.refused("schedule Wright --turn 100000", 2), Contains("outside rule set acw's years: expected 1861 to 1865"));
    CHECK_THAT(c.refused("schedule Wright --date 1870-01-01", 2), Contains("1870-01-01 is outside rule set acw's years"));
}

TEST_CASE("A division due, previewed with dice typed in, passes check and arrives on its turn with --discard-preview, as the refusal says") {
    const test::CampaignFile c;
    c.ok("campaign new T --rules napoleonic --date 1813-08-23 --seed 1");
    c.ok("add army Armee --side french --leader Ney --grade average");
    c.ok("add corps \"IV Corps\" --army Armee --leader Bertrand --grade average");
    for (const char* d : {"Fournier", "Morand"}) {
        c.ok(std::string("add division ") + d + " --corps \"IV Corps\"");
        c.ok(std::string("schedule ") + d + " --turn 2");
        c.ok(std::string("arrive ") + d + " --preview --rolls 50,45,30,20,10,5,99,88,77,66,55");
    }
    // Its typed rolls kept a line each: what muster writes, check reads as sound.
    CHECK_THAT(c.ok("check"), Contains("every ledger balances"));
    CHECK_THAT(c.refused("turn next", 2), Contains("discard the preview (--discard-preview) to roll anew"));
    CHECK_THAT(c.ok("turn next --discard-preview"), Contains("Turn 2 begins") && Contains("Fournier") && Contains("Morand"));
    CHECK_THAT(c.ok("turn"), Contains("Due now: nothing"));
    // arrive --due takes it as each division's.
    c.ok("undo");  // the turn with its arrivals, as one
    c.ok("schedule Fournier --turn 1");
    c.ok("schedule Morand --turn 1");
    CHECK_THAT(c.refused("arrive --due", 2), Contains("discard the preview (--discard-preview) to roll anew"));
    CHECK_THAT(c.ok("arrive --due --discard-preview"), Contains("Fournier") && Contains("Morand"));
    CHECK_THAT(c.ok("check"), Contains("every ledger balances"));
}

TEST_CASE("An enemy leader's grade is his side's secret until revealed: every view, every format, undone with the reveal") {
    const test::CampaignFile c;
    c.ok("campaign new G --sample gettysburg --seed 3");
    // A grade is revealed to every side: not one of a division the enemy has not seen.
    CHECK_THAT(c.run("leader reveal Heth").err, Contains("leader Heth is not seen by the enemy") && Contains("reveal his division first"));
    {  // ...nor one who commands nothing (back from his wounds, his brigade given another): a command first, not a reveal
        const test::CampaignFile w;
        w.ok("campaign new G --sample gettysburg --seed 3");
        w.ok("battle report --name X --loss 'Wadsworth/Iron Brigade=1' --leader Meredith:wounded/1");
        w.ok("leader replace 'Wadsworth/Iron Brigade'");
        w.ok("battle report --name Y --loss 'Wadsworth/Iron Brigade=1'");
        w.ok("leader return Meredith");
        CHECK_THAT(w.run("leader reveal Meredith").err, Contains("(he commands nothing it sees): give him a command first (muster leader assign)"));
    }
    c.ok("reveal Heth");  // the Union has seen Heth's division: its units, not its leaders' grades
    const auto union_oob = c.ok("oob --as union");
    CHECK_THAT(union_oob, Contains("(Heth, grade not revealed)") && Contains("Pettigrew, grade not revealed"));
    CHECK_THAT(union_oob, Contains("(Meade, Average)"));  // its own leaders whole
    CHECK_THAT(c.ok("oob --as confederate"), Contains("(Heth, Average)"));
    CHECK_THAT(c.ok("oob"), Contains("(Heth, Average)"));
    // No format and no list of the Union's tells the grade of a Confederate it has not been told.
    const auto confederate_grades = [&] {
        std::string all = c.ok("oob --as union") + c.ok("leader list --as union");
        for (const std::string format : {"md", "csv", "html", "json"}) {
            const auto file = c.dir.file("oob." + format);
            std::filesystem::remove(file);
            c.ok("export oob --as union -o " + test::quote(file));
            all += test::file_bytes(file);
        }
        return all;
    };
    const auto before = confederate_grades();
    CHECK_THAT(before, Contains("not revealed"));
    CHECK_FALSE(std::regex_search(before, std::regex("(Heth|Pettigrew|Lee|Hill)[^\\n]{0,40}(Average|Exceptional|Despicable)")));
    // Revealed: every side reads it, and the journal says so to every side.
    CHECK_THAT(c.ok("leader reveal Heth"), Contains("Revealed the grade of Heth: Average"));
    CHECK_THAT(c.ok("oob --as union"), Contains("(Heth, Average)") && Contains("Pettigrew, grade not revealed"));
    CHECK_THAT(c.ok("journal --as union"), Contains("Revealed the grade of Heth: Average"));
    CHECK(c.run("leader reveal Heth").code == 1);  // once
    c.ok("undo");
    CHECK(confederate_grades() == before);
}

TEST_CASE("Typed rolls are one division's dice: divisions due together, or deployed together, are refused them, not all rolled up on them") {
    const test::CampaignFile c;
    c.ok("campaign new T --sample gettysburg --dice typed");
    const std::string rolls = " --rolls 50,50,50,50,50,50,50,50,50,50,50,50,50,50";
    CHECK_THAT(c.refused("arrive --due" + rolls, 2), Contains("--rolls gives the dice of one division, and more than one is rolled up here") &&
                                                         Contains("give --dice ask to roll each at the table"));
    c.ok("battle plan Field");
    CHECK_THAT(c.refused("battle deploy Field Robinson Rowley" + rolls, 2), Contains("--rolls gives the dice of one division, and more than one is rolled up here (Rowley too)"));
    // One division by name takes them.
    CHECK_THAT(c.ok("arrive Robinson" + rolls), Contains("Robinson"));  // 14 rolls: its brigades, leaders, artillery and reserve
}
