// The organiser's everyday, through the binary. Undo you can see, and redo: a preview that
// changes nothing, an undo that names what it took back, a redo that does it again exactly (the
// same rolls), a turn and what it brought taken and done again as one step, and random
// sequences of operations undone and redone, the campaign byte for byte as it was at each step.
// The report of a turn, in the umpire's view and a side's.
#include "cli/campaign_file.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <random>
#include <regex>
#include <sstream>

using namespace muster;
using Catch::Matchers::Contains;

namespace {

// A campaign of two sides, each a corps of three divisions, two due on turn 2, camps on both sides.
struct Small : test::CampaignFile {
    Small(std::uint64_t seed = 1863) {
        ok("campaign new Test --rules acw --seed " + std::to_string(seed) + " --date 1863-06-15 --theater east --turn-length 7d");
        ok("add army 'Army of Northern Virginia' --side confederate --leader Lee --grade exceptional");
        ok("add corps 'Third Corps' --army 'Army of Northern Virginia' --leader Hill --grade average");
        ok("add army 'Army of the Potomac' --side union --leader Meade --grade average");
        ok("add corps 'I Corps' --army 'Army of the Potomac' --leader Reynolds --grade exceptional");
        for (const char* d : {"Heth", "Pender", "Rodes"}) ok(std::string("add division ") + d + " --corps 'Third Corps'");
        for (const char* d : {"Wadsworth", "Doubleday", "Robinson"}) ok(std::string("add division ") + d + " --corps 'I Corps'");
        ok("camp new 'Fort Delaware' --side union");
        ok("camp new 'Libby Prison' --side confederate");
        ok("schedule Heth --turn 2");
        ok("schedule Wadsworth --turn 2");
    }
    std::string campaign() const { return test::dump(dir.file("c.db"), false); }  // the campaign, not its journal
    std::string whole() const { return test::dump(dir.file("c.db")); }
    size_t entries() const {
        const auto journal = ok("journal");
        size_t n = journal.rfind('#', 0) == 0;
        for (size_t at = 0; (at = journal.find("\n#", at)) != std::string::npos; ++at) ++n;
        return n;
    }
};

}  // namespace

TEST_CASE("undo --preview says what it would take back, undo names it, redo does it again exactly until another operation is made") {
    const Small c;
    const auto before = c.campaign();
    c.ok("turn next");  // turn 2 begins, and Heth and Wadsworth arrive: one step
    const auto after = c.campaign();
    const auto oob = c.ok("oob");

    // The preview: the turn and both arrivals, newest first; nothing written, not a byte.
    const auto whole = c.whole();
    const auto preview = c.ok("undo --preview");
    CHECK_THAT(preview, Contains("undo would take back") && Contains("(turn): Turn 2 begins") && Contains("Heth arrived") &&
                            Contains("Wadsworth arrived"));
    CHECK(c.whole() == whole);

    // The undo takes the step whole and says so, one line an operation.
    const auto undone = c.ok("undo");
    CHECK(std::count(undone.begin(), undone.end(), '\n') == 3);
    CHECK_THAT(undone, Contains("Undid #") && Contains("(turn): Turn 2 begins") && Contains("Heth arrived"));
    CHECK(c.campaign() == before);
    CHECK_THAT(c.ok("turn"), Contains("Turn 1"));

    // Redo: previewed in the order first made, then done, with the same rolls: the same campaign.
    const auto undone_whole = c.whole();
    const auto again = c.ok("redo --preview");
    CHECK(again.find("Turn 2 begins") < again.find("Heth arrived"));
    CHECK(c.whole() == undone_whole);
    const auto redone = c.ok("redo");
    CHECK_THAT(redone, Contains("Redid #") && Contains("(turn): Turn 2 begins"));
    CHECK(c.campaign() == after);
    CHECK(c.ok("oob") == oob);
    const auto journal = c.ok("journal");
    CHECK_THAT(journal, Contains("  undo  Undid #") && Contains("  redo  Redid #") && Contains("[redone by #"));
    CHECK(c.run("check").code == 0);

    // Nothing more to redo: refused, in one line, changing nothing.
    CHECK_THAT(c.refused("redo", 1), Contains("nothing to redo"));
    CHECK_THAT(c.refused("redo --preview", 1), Contains("nothing to redo"));

    // A new operation ends the redo chain, as in every editor.
    c.ok("undo");
    c.ok("camp new Andersonville --side confederate");
    CHECK_THAT(c.refused("redo", 1), Contains("nothing to redo"));

    // Undo walks back to the start, then says there is nothing left.
    for (int i = 0; i < 40 && c.run("undo").code == 0;) ++i;
    CHECK_THAT(c.refused("undo", 1), Contains("nothing to undo"));
    CHECK_THAT(c.refused("undo --preview", 1), Contains("nothing to undo"));
    // ...and redo brings the last step undone back, not the ones before the chain was broken.
    CHECK(c.run("redo").code == 0);
}

TEST_CASE("A preview keeps the redo chain: redo after previews that roll dice does again what undo took back, and the preview still holds") {
    const Small c;
    c.ok("turn next");  // turn 2: Heth and Wadsworth arrive
    const auto after = c.campaign();
    c.ok("undo");
    // Previews that roll dice and keep their rolls: an arrival, a battle report, a leader's replacement.
    const auto previewed = c.ok("arrive Pender --preview");
    c.ok("undo --preview");
    c.ok("leader replace 'Third Corps' --force --preview");
    const auto redone = c.ok("redo");
    CHECK_THAT(redone, Contains("Redid #") && Contains("(turn): Turn 2 begins"));
    CHECK(c.campaign() == after);
    CHECK(c.run("check").code == 0);
    // Pender's preview read his own dice, which the turn's arrivals do not draw: he arrives as it showed.
    const auto division = [](const std::string& out) { return out.substr(out.find("Pender ("), out.find("\nJournal #") - out.find("Pender (")); };
    CHECK(division(c.ok("arrive Pender")) == division(previewed));
    // An operation made ends the chain, as before.
    c.ok("undo");
    c.ok("camp new Andersonville --side confederate");
    CHECK_THAT(c.refused("redo", 1), Contains("nothing to redo"));
}

TEST_CASE("A side reads an undo and a redo as it read what they reverse, numbered in its own view") {
    const Small c;
    c.ok("turn next");
    c.ok("undo");
    c.ok("redo");
    const auto union_journal = c.ok("journal --as union");
    // The Union read its own arrival, the turn, and their undo and redo; Heth's arrival is the
    // enemy's hidden business, undone or redone.
    CHECK_THAT(union_journal, Contains("Wadsworth arrived") && Contains("Undid #") && Contains("Redid #"));
    CHECK_THAT(union_journal, !Contains("Heth"));
    std::smatch m;
    REQUIRE(std::regex_search(union_journal, m, std::regex(R"(#(\d+) .* Wadsworth arrived)")));
    CHECK_THAT(union_journal, Contains("Undid #" + m[1].str() + " (arrival)") && Contains("Redid #" + m[1].str() + " (arrival)"));
}

TEST_CASE("Random sequences of operations, undone and redone step by step: the campaign byte for byte as it was at each step") {
    for (const std::uint64_t seed : {11u, 12u}) {
        INFO("seed " << seed);
        const Small c(seed);
        std::mt19937_64 rng(seed);
        const auto pick = [&](size_t n) { return static_cast<size_t>(rng() % n); };
        const std::vector<std::string> divisions = {"Heth", "Pender", "Rodes", "Wadsworth", "Doubleday", "Robinson"};
        int battles = 0, added = 0;
        const auto random_operation = [&]() -> std::string {
            const auto& d = divisions[pick(divisions.size())];
            switch (pick(8)) {
                case 0: return "turn next";
                case 1: return "arrive '" + d + "'";
                case 2: return (pick(2) ? "reveal '" : "hide '") + d + "'";
                case 3: return "battle report --name 'Battle " + std::to_string(++battles) + "' --loss '" + d + "/1st Brigade=1' --captured '" +
                               divisions[pick(divisions.size())] + "/2nd Brigade=1@" + (pick(2) ? "Fort Delaware" : "Libby Prison") + "'";
                case 4: return "battle recover 'Battle " + std::to_string(battles) + "'";
                case 5: return "add division 'New " + std::to_string(++added) + "' --corps '" + (pick(2) ? "I Corps" : "Third Corps") + "'";
                case 6: return "camp liberate '" + std::string(pick(2) ? "Fort Delaware" : "Libby Prison") + "'";
                default: return "arrive --due";
            }
        };
        // The campaign after each step made (states[0]: before any).
        std::vector<std::string> states{c.campaign()};
        int done = 0, refused = 0, undos = 0;
        for (int step = 0; step < 14; ++step) {
            const auto op = random_operation();
            const auto entries = c.entries();
            const auto r = c.run(op);
            INFO(op << "\n" << r.err);
            if (r.code != 0) {
                CHECK(c.campaign() == states.back());  // refused: nothing changed
                ++refused;
                continue;
            }
            if (c.entries() == entries) continue;  // nothing to do ("Nothing is due"): no step
            ++done;
            states.push_back(c.campaign());
            // Now and then, undo one to three steps and redo them: each undo restores the state
            // before its step, each redo the state after it.
            if (pick(3) == 0) {
                const auto k = std::min(states.size() - 1, 1 + pick(3));
                for (size_t i = 1; i <= k; ++i) {
                    c.ok("undo");
                    ++undos;
                    CHECK(c.campaign() == states[states.size() - 1 - i]);
                }
                for (size_t i = k; i >= 1; --i) {
                    c.ok("redo");
                    CHECK(c.campaign() == states[states.size() - i]);
                }
            }
        }
        // All the way back, and all the way forward again.
        for (size_t i = states.size() - 1; i > 0; --i) {
            c.ok("undo");
            CHECK(c.campaign() == states[i - 1]);
        }
        for (size_t i = 1; i < states.size(); ++i) {
            c.ok("redo");
            CHECK(c.campaign() == states[i]);
        }
        CHECK(c.run("check").code == 0);
        CHECK(done >= 6);
        WARN("seed " << seed << ": " << done << " operations done, " << refused << " refused, " << undos << " undone and redone on the way");
    }
}

TEST_CASE("turn report: what a sample brings was in service when turn 1 began, what arrives in it is the turn's") {
    for (const char* sample : {"gettysburg", "saratoga", "grossbeeren"}) {
        INFO(sample);
        test::CampaignFile c;
        c.ok(std::string("campaign new S --seed 5 --sample ") + sample);
        const std::regex line(R"(  ([^:\n]+): (\d+) when the turn began, (\d+) now \(([+-]?\d+)\))");
        const auto stands = [&] {
            const auto report = c.ok("turn report");
            std::vector<std::array<int, 3>> out;
            for (std::sregex_iterator it(report.begin(), report.end(), line), end; it != end; ++it)
                out.push_back({std::stoi((*it)[2]), std::stoi((*it)[3]), std::stoi((*it)[4])});
            return out;
        };
        const auto made = stands();
        REQUIRE(made.size() == 2);
        int brought = 0;
        for (const auto& [began, now, change] : made) {
            CHECK(began == now);  // nothing done yet in the turn
            CHECK(change == 0);
            brought += began;
        }
        CHECK(brought > 0);  // every sample brings some of its forces in service
        c.ok("arrive --due");
        const auto arrived = stands();
        REQUIRE(arrived.size() == 2);
        for (size_t i = 0; i < 2; ++i) {
            CHECK(arrived[i][0] == made[i][0]);  // when the turn began: as it was made
            CHECK(arrived[i][2] == arrived[i][1] - arrived[i][0]);
        }
        // An order of battle imported as a campaign's first step is what it is made with, though
        // another campaign of the file was made in between.
        c.ok("export oob -o " + test::quote(c.dir.file("oob.json")));
        c.ok("campaign new X --rules " + std::string(sample == std::string("gettysburg") ? "acw" : sample == std::string("saratoga") ? "awi" : "napoleonic"));
        c.ok("campaign new Y --rules acw");
        c.ok("campaign use X");
        c.ok("import oob " + test::quote(c.dir.file("oob.json")));
        const auto imported = stands();
        REQUIRE(imported.size() == 2);
        for (const auto& [began, now, change] : imported) CHECK(change == 0);
        CHECK_THAT(c.ok("turn report"), Contains("Arrived\n  nothing\n"));
        // One imported later in the turn is what the turn brought, and said so.
        c.ok("campaign use Y");
        c.ok("add army Early --side union");
        std::ofstream(c.dir.file("more.csv")) << "side,army,corps,division,name,rating,stands\nunion,AotP,I Corps,Wadsworth,Iron,veteran,6\n";
        c.ok("import oob " + test::quote(c.dir.file("more.csv")));
        CHECK_THAT(c.ok("turn report"), Contains("Arrived\n  Imported ") && Contains("more.csv: 1 army, 1 corps, 1 division, 1 brigade") && Contains("0 when the turn began, 6 now (+6)"));
        CHECK_THAT(c.ok("turn report --as confederate"), Contains("Arrived\n  nothing\n"));
        // The side it brought forces to reads what came of its own, not the file's path.
        CHECK_THAT(c.ok("turn report --as union"), Contains("Arrived\n  Imported 1 army, 1 corps, 1 division, 1 brigade for the Union\n") && !Contains("more.csv"));
    }
}

TEST_CASE("A new commander is never drawn the name of one the enemy holds or saw fall - no second Blucher while the first is in Wittenberg") {
    // The Army of the North draws its commanders from two names: each captured in turn, the
    // third drawn bears neither (the camp would hold two of one name, neither told apart).
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        INFO("seed " << seed);
        test::CampaignFile c;
        c.ok("campaign new G --sample grossbeeren --seed " + std::to_string(seed));
        c.ok("camp new Wittenberg --side french");
        c.ok("reveal Krafft");
        c.ok("reveal Durutte");
        std::set<std::string> fallen;
        for (int i = 1; i <= 3; ++i) {
            const auto replaced = c.ok("leader replace 'Army of the North' --force");
            std::smatch name;
            REQUIRE(std::regex_search(replaced, name, std::regex("New commander of Army of the North: ([^,]+),")));
            INFO(replaced);
            CHECK(fallen.count(name[1].str()) == 0);
            fallen.insert(name[1].str());
            c.ok("battle report --name B" + std::to_string(i) + " --division Krafft --division Durutte --leader 'Army of the North:" +
                 (i == 2 ? "killed" : "captured@Wittenberg") + "'");
        }
    }
}

TEST_CASE("turn says what waits on the umpire: divisions due, battles planned, casualties to return, leaders who may return or be replaced, and a side reads none of it") {
    const Small c;
    c.ok("schedule Heth --turn 1");
    CHECK_THAT(c.ok("turn"), Contains("Waiting on you:\n  1 division is due and not yet arrived: Heth (muster arrive --due)\n"));
    c.ok("arrive Heth");
    c.ok("arrive Wadsworth");
    CHECK_THAT(c.ok("turn"), Contains("Waiting on you: nothing\n"));
    c.ok("battle plan 'Seminary Ridge'");
    c.ok("battle plan 'Next Week' --date 1863-06-25");  // a battle of a later turn: not waiting yet
    c.ok("battle report --name -x --loss 'Heth/3rd Brigade=1'");  // a name that reads as an option, pasted
    c.ok("battle report --name Cashtown --loss 'Heth/1st Brigade=2' --leader 'Wadsworth/2nd Brigade:wounded/1'");
    // Out for a battle yet: his brigade has no commander meanwhile, as its tables read it.
    CHECK_THAT(c.ok("turn"), Contains("Wadsworth/2nd Brigade's commander, ") &&
                                 Contains(", is wounded: it has none until he is back from his wounds or replaced (muster leader replace 'Wadsworth/2nd Brigade')"));
    c.ok("battle report --name Fairfield --loss 'Wadsworth/1st Brigade=1' --loss 'Heth/2nd Brigade=1'");  // the battle the wounded man was out for
    c.ok("battle recover Fairfield");
    c.ok("battle report --name Skirmish --division Heth --division Wadsworth");  // no casualties: nothing to return
    const auto turn = c.ok("turn");
    CHECK_THAT(turn, Contains("Waiting on you:\n  battle Seminary Ridge is planned, not yet reported (muster battle report --name='Seminary Ridge')"));
    CHECK_THAT(turn, Contains("\n  the casualties of Cashtown have not returned (muster battle recover Cashtown)\n") && !Contains("of Fairfield") &&
                         !Contains("Skirmish"));
    CHECK_THAT(turn, Contains(" may return from his wounds (muster leader return ") && !Contains("Next Week"));
    CHECK_THAT(turn, Contains("the casualties of -x have not returned (muster battle recover -- -x)"));
    c.ok("battle recover -- -x");
    // A unit whose commander is killed or held, until he is replaced: where the enemy saw him
    // fall, and where it did not (Heth alone), the replacement then its choice.
    c.ok("battle report --name Gap --loss 'Heth/1st Brigade=1' --loss 'Wadsworth/1st Brigade=1' --leader 'Heth/1st Brigade:killed'");
    c.ok("battle report --name Solo --loss 'Heth/2nd Brigade=1' --leader 'Heth/2nd Brigade:killed'");
    const auto leaderless = c.ok("turn");
    CHECK_THAT(leaderless, Contains("  Heth/1st Brigade's commander, ") && Contains(", is killed: it has none until he is replaced (muster leader replace 'Heth/1st Brigade')\n"));
    CHECK_THAT(leaderless, Contains(", is killed: it has none until he is replaced (muster leader replace 'Heth/2nd Brigade' --force: the enemy did not see him fall)"));
    c.ok("leader replace 'Heth/1st Brigade'");
    c.ok("leader replace 'Heth/2nd Brigade' --force");
    CHECK_THAT(c.ok("turn"), !Contains("has none until"));
    CHECK_THAT(c.ok("turn --as union") + c.ok("turn --as confederate"), !Contains("Waiting on you"));
}

TEST_CASE("turn asks --force only to replace a commander the enemy reads in command: one fallen in a division it does not read is replaced without") {
    const Small c;
    c.ok("arrive Pender");  // hidden from the Union
    c.ok("battle report --name Hidden --loss 'Pender/1st Brigade=1' --leader 'Pender/1st Brigade:killed' --keep-hidden");
    const auto turn = c.ok("turn");
    CHECK_THAT(turn, Contains(", is killed: it has none until he is replaced (muster leader replace 'Pender/1st Brigade')\n"));
    c.ok("leader replace 'Pender/1st Brigade'");
    CHECK_THAT(c.ok("turn"), !Contains("has none until"));
}

TEST_CASE("turn lists a corps and an army led by no one, as it does a division and a brigade, and one given whole needs no date") {
    test::CampaignFile c;
    c.ok("campaign new Undated --rules acw");  // no date, so no year
    c.ok("add army 'Army of the Potomac' --side union");
    c.ok("add corps 'I Corps' --army 'Army of the Potomac'");
    c.ok("add corps 'II Corps' --army 'Army of the Potomac'");
    const auto turn = c.ok("turn");
    CHECK_THAT(turn, Contains("2 corps have no commander, so each plays as one whose commander is lost: I Corps, II Corps (muster leader replace 'I Corps' rolls one;"));
    CHECK_THAT(turn, Contains("1 army has no commander, so it plays as one whose commander is lost: Army of the Potomac (muster leader replace"));
    CHECK_THAT(c.ok("leader replace 'Army of the Potomac' --name Meade --grade average"), Contains("New commander of Army of the Potomac: Meade, Average"));
    CHECK_THAT(c.ok("turn"), !Contains("army has no commander") && Contains("2 corps have no commander"));
}

TEST_CASE("turn next says what the turn that ended left waiting on the umpire") {
    const Small c;
    c.ok("arrive Heth");
    c.ok("battle report --name Cashtown --loss 'Heth/1st Brigade=2'");
    CHECK_THAT(c.ok("turn next"), Contains("Still waiting on you:\n  the casualties of Cashtown have not returned (muster battle recover Cashtown)\n"));
    c.ok("battle recover Cashtown");
    CHECK_THAT(c.ok("turn next"), !Contains("Still waiting"));
}

TEST_CASE("turn next in a campaign whose turns have no length says its date stays, and how to give them one") {
    test::CampaignFile c;
    c.ok("campaign new T --rules acw --date 1862-05-01 --theater east");
    CHECK_THAT(c.ok("turn next"), Contains("Turn 2 begins: 1862-05-01") &&
                                      Contains("The date stays 1862-05-01: the campaign's turns have no length (muster campaign set --turn-length 7d gives them one)"));
    c.ok("campaign set --turn-length 7d");
    CHECK_THAT(c.ok("turn next"), Contains("Turn 3 begins: 1862-05-08") && !Contains("The date stays"));
}

TEST_CASE("A battle is not dated after the turn the campaign is at, nor the campaign's date put back before a battle fought") {
    const Small c;  // turn 1 from 1863-06-15, a turn of 7 days
    c.ok("arrive Heth");
    c.ok("arrive Wadsworth");
    const auto before = c.whole();
    CHECK_THAT(c.refused("battle report --name Cashtown --date 1863-06-22 --loss 'Heth/1st Brigade=1'", 2),
               Contains("battle date 1863-06-22 is after turn 1 (1863-06-15 to 1863-06-21)") && Contains("muster turn next"));
    CHECK(c.whole() == before);
    c.ok("battle report --name Cashtown --date 1863-06-21 --loss 'Heth/1st Brigade=1'");
    // The campaign's date is its turn's: not one that leaves the battle after the turn.
    const auto fought = c.whole();
    CHECK_THAT(c.refused("campaign set --date 1863-06-01", 2),
               Contains("date 1863-06-01 would put turn 1 (1863-06-01 to 1863-06-07) before the battle of Cashtown, fought 1863-06-21"));
    CHECK(c.whole() == fought);
    CHECK_THAT(c.refused("campaign set --turn-length 3d", 2), Contains("a turn of 3 days would put turn 1 (1863-06-15 to 1863-06-17) before the battle of Cashtown"));
    CHECK(c.whole() == fought);
    c.ok("campaign set --date 1863-06-20");  // the battle still within the turn
    c.ok("turn next");
    c.ok("battle report --name Gettysburg --date 1863-07-03 --loss 'Wadsworth/1st Brigade=1'");
}

TEST_CASE("turn report: brigades disbanded and leaders assigned are what the turn brought, each read by its side") {
    const Small c;
    c.ok("turn next");
    c.ok("battle report --name Cashtown --loss 'Wadsworth/1st Brigade=4' --leader 'Wadsworth:killed'");
    c.ok("battle recover Cashtown");
    c.ok("brigade disband 'Wadsworth/1st Brigade'");
    // Its brigadier, who commands nothing now, takes the division of the commander who fell.
    const auto leaders = c.ok("leader list");
    std::smatch free;
    REQUIRE(std::regex_search(leaders, free, std::regex(R"((#\d+) +(\S+) +Union +Brigade commander +\S+ +active +-)")));
    c.ok("leader assign '" + free[1].str() + "' Wadsworth");
    for (const char* as : {"", " --as union"}) {
        INFO(as);
        const auto report = c.ok(std::string("turn report") + as);
        CHECK_THAT(report, Contains("Brigades merged, disbanded and destroyed\n  Disbanded Wadsworth/1st Brigade"));
        CHECK_THAT(report, Contains("back from their wounds\n  ") && Contains(free[2].str()));
    }
    const auto enemy = c.ok("turn report --as confederate");
    CHECK_THAT(enemy, Contains("Brigades merged, disbanded and destroyed\n  none\n") && !Contains(free[2].str()));
}

TEST_CASE("turn report: stands that come home to a brigade out of service wait there, not counted in service, as the order of battle counts them") {
    const Small c;
    c.ok("turn next");
    c.ok("battle report --name Cashtown --loss 'Heth/2nd Brigade=1' --captured 'Heth/2nd Brigade=2@Fort Delaware'");
    c.ok("brigade disband 'Heth/2nd Brigade'");
    c.ok("turn next");
    const auto in_service = [&] {
        std::smatch m;
        const auto oob = c.ok("oob");
        REQUIRE(std::regex_search(oob, m, std::regex(R"(Confederate: \d+ brigades?, (\d+)/)")));
        return std::stoi(m[1]);
    };
    const int before = in_service();
    c.ok("exchange propose --from union --offer 'stands:Heth/2nd Brigade=2'");
    CHECK_THAT(c.ok("exchange accept 1 --side confederate"), Contains("wait there until merged into another"));
    CHECK(in_service() == before);
    const auto report = c.ok("turn report");
    CHECK_THAT(report, Contains("Confederate: " + std::to_string(before) + " when the turn began, " + std::to_string(before) + " now (0)"));
    // Merged into a brigade in service, they are in service, from that turn on.
    c.ok("brigade merge 'Heth/2nd Brigade' --into 'Heth/1st Brigade'");
    CHECK(in_service() == before + 2);
    CHECK_THAT(c.ok("turn report"), Contains("Confederate: " + std::to_string(before) + " when the turn began, " + std::to_string(before + 2) + " now (+2)"));
    // The turn before, when the brigade was disbanded: it ended with what the next began with.
    CHECK_THAT(c.ok("turn report 2"), Contains(", " + std::to_string(before) + " when it ended"));
}

TEST_CASE("turn report: what a turn brought, as the umpire and as a side reads it, in the handout too") {
    const Small c;
    c.ok("schedule Pender --turn 2");  // arrives hidden, never fights: the Union reads nothing of him
    c.ok("turn next");
    c.ok("battle report --name Cashtown --loss 'Heth/1st Brigade=2' --loss 'Wadsworth/1st Brigade=2' --captured 'Heth/2nd Brigade=1@Fort Delaware' "
         "--leader 'Wadsworth/2nd Brigade:killed'");
    c.ok("battle amend Cashtown --loss 'Wadsworth/1st Brigade=1'");
    c.ok("battle recover Cashtown");
    c.ok("leader replace 'Wadsworth/2nd Brigade'");
    c.ok("exchange propose --from union --offer 'stands:Heth/2nd Brigade=1' --note 'one for one'");
    c.ok("add brigade Daniel --division Rodes --rating veteran --stands 6");  // by hand, into a hidden placeholder

    const auto umpire = c.ok("turn report");
    CHECK_THAT(umpire, Contains("The report of turn 2, campaign Test: from 1863-06-22 (under way)") && Contains("Seen by the umpire"));
    CHECK_THAT(umpire, Contains("Heth arrived") && Contains("Pender arrived") && Contains("Wadsworth arrived"));
    CHECK_THAT(umpire, Contains("Cashtown") && Contains("Casualties returned\n  ") && !Contains("Casualties returned\n  none"));
    CHECK_THAT(umpire, Contains("Battles amended\n  Battle of Cashtown amended: Wadsworth/1st Brigade lost 1 (was 2)"));
    CHECK_THAT(umpire, Contains("awaiting an answer now\n  #1 from the Union to the Confederates"));
    CHECK_THAT(umpire, Contains("Exchanges proposed, answered and withdrawn, and camps liberated\n  Exchange #1 proposed by the Union to the Confederates"));
    // The brigadier who fell there is in the battle's summary, his replacement among the leaders.
    CHECK_THAT(umpire, Contains(": killed") && Contains("leaders replaced, assigned, attached, downgraded and back from their wounds\n  New commander of Wadsworth/2nd Brigade"));
    // Each side's stands: none in service when the turn began (nothing had arrived), and after
    // it what the order of battle holds.
    std::smatch m;
    REQUIRE(std::regex_search(umpire, m, std::regex(R"(Union: 0 when the turn began, (\d+) now \(\+(\d+)\))")));
    CHECK(m[1] == m[2]);
    CHECK(std::stoi(m[1]) > 0);
    CHECK_THAT(umpire, Contains("Confederate: 0 when the turn began"));
    // Stands entered by hand are in service with a line that says so; the enemy reads neither.
    CHECK_THAT(umpire, Contains("Entered and edited by hand\n  Added brigade Daniel (6 stands"));
    CHECK_THAT(c.ok("turn report --as confederate"), Contains("Entered and edited by hand\n  Added brigade Daniel"));

    // The Union's report: its own arrival, the battle as it saw it, not Pender, nor the enemy's stands.
    const auto side = c.ok("turn report --as union");
    CHECK_THAT(side, Contains("Seen by the Union") && Contains("Wadsworth arrived") && Contains("Cashtown") && Contains("Battles amended\n  Battle of Cashtown amended") &&
                         Contains("New commander of Wadsworth/2nd Brigade"));
    CHECK_THAT(side, !Contains("Pender") && !Contains("Confederate: 0 when") && !Contains("Daniel") && Contains("Entered and edited by hand\n  none"));
    // ...and its handout holds the same report.
    c.ok("handout --side union -o " + test::quote(c.dir.file("papers")));
    CHECK(test::file_bytes(c.dir.file("papers/turn.txt")) == side);
    // ...and the turn before's, which `turn next` ended, as the side reads it.
    CHECK(test::file_bytes(c.dir.file("papers/last-turn.txt")) == c.ok("turn report 1 --as union"));

    // Turn 1, ended: nothing arrived, nothing fought.
    const auto first = c.ok("turn report 1");
    CHECK_THAT(first, Contains("The report of turn 1") && !Contains("under way") && Contains("Arrived\n  nothing") &&
                          Contains("Battles\n  none fought") && Contains("Battles amended\n  none") && Contains("Union: 0 when the turn began, 0 when it ended (0)"));
    // A turn to come, or not a turn: refused, naming it.
    CHECK_THAT(c.refused("turn report 3", 2), Contains("turn 3 has not begun: the campaign is at turn 2"));
    CHECK_THAT(c.refused("turn report soon", 2), Contains("\"soon\" is not a turn"));
    CHECK_THAT(c.refused("turn report --as martians", 2), Contains("martians"));
    // Undone, the turn is gone from the reports: turn 2 has not begun.
    for (int i = 0; i < 7; ++i) c.ok("undo");
    CHECK_THAT(c.refused("turn report 2", 2), Contains("turn 2 has not begun"));
    c.ok("handout --side union -o " + test::quote(c.dir.file("papers")));
    CHECK(test::file_bytes(c.dir.file("papers/last-turn.txt")) == "No turn before turn 1: the campaign began with it.\nPrinted by muster 0.1.0\n");
}

TEST_CASE("battle amend corrects a brigade's loss as one operation: previewed, the ledger whole, the return worked out again, undone") {
    const Small c;
    c.ok("campaign set --rounding half_up");  // no dice for fractions: every return is worked out
    c.ok("arrive Heth");
    c.ok("arrive Wadsworth");
    c.ok("battle report --name Cashtown --loss 'Heth/1st Brigade=2' --loss 'Wadsworth/1st Brigade=3' --captured 'Heth/2nd Brigade=1@Fort Delaware'");
    // The preview says what would change and writes nothing.
    const auto whole = c.whole();
    CHECK_THAT(c.ok("battle amend Cashtown --loss 'Wadsworth/1st Brigade=1' --preview"),
               Contains("PREVIEW") && Contains("Wadsworth/1st Brigade: lost 3 -> 1"));
    CHECK(c.whole() == whole);
    const auto before = c.campaign();
    const auto amended = c.ok("battle amend Cashtown --loss 'Wadsworth/1st Brigade=1'");
    CHECK_THAT(amended, Contains("Battle of Cashtown amended: Wadsworth/1st Brigade lost 1 (was 3)"));
    CHECK_THAT(c.ok("check"), Contains("every ledger balances"));
    CHECK_THAT(c.ok("battle show Cashtown"), Contains("Wadsworth"));
    CHECK_THAT(c.ok("journal"), Contains("amend  Battle of Cashtown amended"));
    // Undone: the campaign as it was before the amendment.
    c.ok("undo");
    CHECK(c.campaign() == before);
    c.ok("redo");

    // After the recovery, the return is worked out again at the campaign's rate: 4 lost at 50%
    // is 2 back where 1 lost was none (half_up: 0.5 comes back as 1).
    c.ok("battle recover Cashtown");
    CHECK_THAT(c.ok("battle amend Cashtown --loss 'Wadsworth/1st Brigade=4'"), Contains("lost 1 -> 4, returned 1 -> 2"));
    CHECK_THAT(c.ok("check"), Contains("every ledger balances"));

    // Refused, changing nothing: a brigade that did not fight, the same loss, more than it has,
    // no loss given, an unknown battle.
    CHECK_THAT(c.refused("battle amend Cashtown --loss 'Pender/1st Brigade=1'", 2), Contains("no brigade") || Contains("did not fight"));
    CHECK_THAT(c.refused("battle amend Cashtown --loss 'Wadsworth/1st Brigade=4'", 2), Contains("already lost 4"));
    CHECK_THAT(c.refused("battle amend Cashtown --loss 'Wadsworth/1st Brigade=500'", 2), Contains("it cannot have lost 500"));
    CHECK_THAT(c.refused("battle amend Cashtown", 2), Contains("give what to amend"));
    CHECK_THAT(c.refused("battle amend Nowhere --loss 'Wadsworth/1st Brigade=1'", 2), Contains("Nowhere"));
    CHECK_THAT(c.refused("battle amend Cashtown --loss 'Wadsworth/1st Brigade=x'", 2), Contains("--loss"));
}

TEST_CASE("battle amend after a recovery that rolled: the same roll is read again, or the amendment is refused with the reason") {
    const Small c(7);
    c.ok("arrive Heth");
    c.ok("arrive Wadsworth");
    c.ok("battle report --name Cashtown --loss 'Heth/1st Brigade=3' --loss 'Wadsworth/1st Brigade=2'");
    c.ok("battle recover Cashtown");  // Heth: 1.5 stands, a roll for the half; Wadsworth: 1, no roll
    // Heth's loss of 5 is 2.5 at 50%: the half is read on the roll the recovery made, so what
    // comes back is one more than before, whatever that roll was (1.5 and 2.5 share the half).
    const auto amended = c.ok("battle amend Cashtown --loss 'Heth/1st Brigade=5'");
    std::smatch m;
    REQUIRE(std::regex_search(amended, m, std::regex(R"(lost 3 -> 5, returned (\d) -> (\d))")));
    CHECK(std::stoi(m[2]) == std::stoi(m[1]) + 1);
    CHECK_THAT(c.ok("check"), Contains("every ledger balances"));
    // Wadsworth's loss of 3 is 1.5: the half needs a roll the recovery never made.
    CHECK_THAT(c.refused("battle amend Cashtown --loss 'Wadsworth/1st Brigade=3'", 1),
               Contains("needs a roll for the fraction of a stand, which the recovery did not make") && Contains("undo back to the recovery and through it (muster undo --preview says what each undo takes back"));
}

TEST_CASE("Spreadsheets both ways: muster's CSV imports again whole, another's comes in through --columns, refusals name the row and column") {
    const Small c;
    c.ok("arrive Heth");
    c.ok("arrive Wadsworth");
    c.ok("battle report --name Cashtown --loss 'Heth/1st Brigade=2' --captured 'Wadsworth/2nd Brigade=1@Libby Prison'");
    c.ok("export oob --format csv -o " + test::quote(c.dir.file("oob.csv")));
    // Into a new file: the same order of battle, army by army (JSON compared, its header aside).
    const test::CampaignFile copy;
    copy.ok("campaign new Test --rules acw");
    CHECK_THAT(copy.ok("import oob " + test::quote(c.dir.file("oob.csv"))), Contains("Imported 2 armies, 2 corps, 6 divisions"));
    const auto armies = [](const std::string& json) { return json.substr(json.find("\"armies\"")); };
    CHECK(armies(copy.ok("oob --format json")) == armies(c.ok("oob --format json")));
    CHECK(copy.run("check").code == 0);
    // Piped in ("-") or under another name, each is read by what it holds, a spreadsheet by its
    // header and JSON by its "{"; --columns beside JSON is refused as such.
    for (const std::string format : {"csv", "json"}) {
        const test::CampaignFile piped;
        piped.ok("campaign new Test --rules acw");
        const auto text = c.ok("oob --format " + format);
        std::ofstream(piped.dir.file("oob.txt")) << text;
        const auto r = test::run_muster("--db " + piped.dir.file("c.db") + " import oob -", piped.env, text);
        CHECK(r.code == 0);
        CHECK_THAT(r.out, Contains("Imported 2 armies, 2 corps, 6 divisions"));
        CHECK_THAT(piped.refused("import oob " + test::quote(piped.dir.file("oob.txt")), 1), Contains("already"));
        CHECK(armies(piped.ok("oob --format json")) == armies(c.ok("oob --format json")));
        if (format == "json")
            CHECK_THAT(piped.refused("import oob " + test::quote(piped.dir.file("oob.txt")) + " --columns Brigade=name", 2),
                       Contains("oob.txt\" is read as muster-oob JSON (it opens with \"{\"), not as a spreadsheet"));
    }

    // A spreadsheet of its own: other headers, LF line ends, a byte order mark, a quoted comma,
    // a column muster does not read; a brigade a row.
    const auto sheet = c.dir.file("cumberland.csv");
    std::ofstream(sheet) << "\xEF\xBB\xBF" "Side,Army,Corps,Division,Brigade,Quality,Strength,General,Grade,Notes\n"
                            "union,Army of the Cumberland,XIV Corps,Baird,\"Scribner, Benjamin\",veteran,7,Scribner,average,at Chickamauga\n"
                            "union,Army of the Cumberland,XIV Corps,Baird,Starkweather,green,6,,,\n";
    const test::CampaignFile other;
    other.ok("campaign new Chickamauga --rules acw");
    CHECK_THAT(other.refused("import oob " + test::quote(sheet), 1), Contains("row 1: no column \"name\"") && Contains("--columns HEADER=name"));
    CHECK_THAT(other.refused("import oob " + test::quote(sheet) + " --columns Brigade=name", 1), Contains("no column \"rating\""));
    CHECK_THAT(other.refused("import oob " + test::quote(sheet) + " --columns Brigade=name,Quality=quality", 2),
               Contains("\"quality\", which is not a column muster reads"));
    CHECK_THAT(other.refused("import oob " + test::quote(sheet) + " --columns Brigadier=name", 2), Contains("has no column of"));
    CHECK_THAT(other.refused("import oob " + test::quote(sheet) + " --columns Brigade", 2), Contains("is not HEADER=COLUMN"));
    const std::string mapped = " --columns Brigade=name,Quality=rating --columns Strength=stands --columns General=commander";
    CHECK_THAT(other.ok("import oob " + test::quote(sheet) + mapped), Contains("Imported 1 army, 1 corps, 1 division, 2 brigades"));
    CHECK_THAT(other.ok("oob"), Contains("Scribner, Benjamin") && Contains("Starkweather") && Contains("Scribner, Average"));
    CHECK(other.run("check").code == 0);

    // A bad cell on the last row refuses the whole file, naming its row and column.
    const auto bad = c.dir.file("bad.csv");
    const auto refuse = [&](const std::string& rows, const std::string& says) {
        std::ofstream(bad, std::ios::trunc) << "side,army,corps,division,name,rating,stands,commander,grade\r\n"
                                               "union,Army of the Ohio,XXIII Corps,Cox,Reilly,veteran,6,Reilly,average\r\n" + rows;
        CHECK_THAT(other.refused("import oob " + test::quote(bad), 1), Contains(says));
    };
    refuse("union,Army of the Ohio,XXIII Corps,Cox,Casement,elite,6,,\r\n", "bad.csv: row 3, column \"rating\": unknown rating \"elite\"");
    refuse("union,Army of the Ohio,XXIII Corps,Cox,Casement,veteran,many,,\r\n", "row 3, column \"stands\": \"many\" is not a whole number");
    refuse("union,Army of the Ohio,XXIII Corps,Cox,Case\xffment,veteran,6,,\r\n", "row 3, column \"name\": \"Case\\xFFment\": byte \\xFF is not valid UTF-8 at character 5");
    // A sheet saved as a spreadsheet's "Unicode text" (UTF-16, little end first, with its mark).
    {
        std::string wide = "\xFF\xFE";
        for (const char ch : std::string("side,army,corps,division,name,rating,stands\r\nunion,A,C,D,B,veteran,6\r\n")) wide += std::string{ch, '\0'};
        std::ofstream(bad, std::ios::trunc | std::ios::binary) << wide;
        CHECK_THAT(other.refused("import oob " + test::quote(bad), 1), Contains("bad.csv: the file is written in UTF-16, not UTF-8") && Contains("save the sheet as \"CSV UTF-8 (comma delimited)\""));
    }
    refuse("union,Army of the Ohio,XXIII Corps,Cox,Casement,veteran,600,,\r\n", "row 3, column \"stands\": 600 is out of range");
    refuse("union,Army of the Ohio,XXIII Corps,Cox,Casement,veteran,,,\r\n", "row 3, column \"stands\": brigade Casement has no stands");
    refuse("union,Army of the Ohio,XXIII Corps,Cox,Reilly,veteran,6,,\r\n", "row 3, column \"name\": a second brigade named \"Reilly\"");
    refuse("union,Army of the Ohio,XXIII Corps,Cox,REILLY,veteran,6,,\r\n", "row 3, column \"name\": a second brigade named \"REILLY\" (names differ by more than case)");
    refuse("union,Army of the Ohio,XXIII Corps,Cox,Casement,veteran,6,Casement,\r\n", "row 3, column \"commander\": missing \"grade\"");
    refuse("martian,Army of Mars,I Corps,Red,Casement,veteran,6,,\r\n", "row 3, column \"side\": unknown side \"martian\"");
    refuse("confederate,Army of the Ohio,XXIII Corps,Cox,Casement,veteran,6,,\r\n", "row 3, column \"side\": army Army of the Ohio is of the union");
    refuse("union,Army of the Ohio,XXIII Corps,Cox,\"Casement,veteran,6,,\r\n", "row 3: a quoted field is never closed");
    refuse("union,Army of the Ohio,XXIII Corps,Cox,Casement,veteran,6,,,stray\r\n", "row 3: it has 10 fields, the header 9: field 10 (\"stray\") is under no column");
    refuse("union,Army of the Cumberland,XIV Corps,Baird,Casement,veteran,6,,\r\n", "already has an army named \"Army of the Cumberland\"");
}

TEST_CASE("battle amend --leader: a fall the report left out, a fate changed (camp and all), a fall taken back, or refused") {
    const Small c;
    c.ok("arrive Heth");
    c.ok("arrive Wadsworth");
    c.ok("battle report --name Cashtown --loss 'Heth/1st Brigade=1' --leader 'Heth/1st Brigade:captured@Fort Delaware'");
    const auto held = [&] { return c.ok("camp list"); };
    const auto brigadier = [&](const std::string& unit) {
        std::istringstream lines(c.ok("leader list"));
        for (std::string line; std::getline(lines, line);)
            if (line.size() > unit.size() && line.compare(line.size() - unit.size(), unit.size(), unit) == 0) {
                // "#12  J. B. Carr   Union ...": the name after the number, to the gap of the next column.
                const auto from = line.find_first_not_of(' ', line.find(' '));
                return line.substr(from, line.find("  ", from) - from);
            }
        return std::string();
    };
    const auto captured = brigadier("Heth/1st Brigade");
    REQUIRE_FALSE(captured.empty());
    CHECK_THAT(held(), Contains(captured));

    // Captured was wrong: he was wounded, out for 2 battles. The camp lets him go.
    const auto before = c.campaign();
    CHECK_THAT(c.ok("battle amend Cashtown --leader 'Heth/1st Brigade:wounded/2' --preview"), Contains("PREVIEW") && Contains("wounded, out for 2 battles (was captured)"));
    CHECK(c.campaign() == before);
    CHECK_THAT(c.ok("battle amend Cashtown --leader 'Heth/1st Brigade:wounded/2'"), Contains("wounded (was captured)"));
    CHECK_THAT(held(), !Contains(captured));
    CHECK_THAT(c.ok("battle show Cashtown"), Contains(captured));
    CHECK(c.run("check").code == 0);
    // His time out alone corrected: the journal says what changed, not "wounded (was wounded)".
    CHECK_THAT(c.ok("battle amend Cashtown --leader 'Heth/1st Brigade:wounded/1'"), Contains(captured + " wounded, out for 1 battle (was 2)"));
    CHECK_THAT(c.ok("journal"), Contains(captured + " wounded, out for 1 battle (was 2)"));
    // A fall the report left out: Heth's second brigadier was killed there, and his brigade lost a stand.
    const auto killed = brigadier("Heth/2nd Brigade");
    CHECK_THAT(c.ok("battle amend Cashtown --leader 'Heth/2nd Brigade:killed' --loss 'Heth/2nd Brigade=1'"),
               Contains("leader " + killed) && Contains("killed (was not fallen)"));
    CHECK(c.run("check").code == 0);
    // ...and taken back: he did not fall after all.
    CHECK_THAT(c.ok("battle amend Cashtown --leader '" + killed + ":none'"), Contains("not fallen (was killed)"));
    CHECK(c.run("check").code == 0);
    // Undone step by step: the campaign as the report left it.
    for (int i = 0; i < 4; ++i) c.ok("undo");
    CHECK(c.campaign() == before);
    CHECK_THAT(held(), Contains(captured));

    // Refused, changing nothing: the same fate again, a leader who did not fall taken back, one
    // whose division did not fight, a bad fate.
    CHECK_THAT(c.refused("battle amend Cashtown --leader 'Heth/1st Brigade:captured@Fort Delaware'", 2), Contains("already: nothing to amend"));
    CHECK_THAT(c.refused("battle amend Cashtown --leader 'Heth/2nd Brigade:none'", 2), Contains("is not among the fallen of Cashtown"));
    CHECK_THAT(c.refused("battle amend Cashtown --leader 'Heth/2nd Brigade:NONE'", 2), Contains("is not among the fallen of Cashtown"));  // in any case
    CHECK_THAT(c.refused("battle amend Cashtown --leader 'Heth/2nd Brigade:nonee'", 2), Contains("unknown fate \"nonee\" (expected killed, wounded, captured or none)"));
    CHECK_THAT(c.refused("battle amend Cashtown --leader 'Wadsworth/1st Brigade:killed'", 2), Contains("did not fight at Cashtown"));
    CHECK_THAT(c.refused("battle amend Cashtown --leader 'Heth/1st Brigade:eaten'", 2), Contains("--leader"));
    // Once he is freed (the camp liberated), his capture is no longer the report's to amend.
    c.ok("camp liberate 'Fort Delaware'");
    CHECK_THAT(c.refused("battle amend Cashtown --leader 'Heth/1st Brigade:wounded'", 1), Contains("is no longer captured from Cashtown"));
}

TEST_CASE("A brigade's leader and a prisoner's stands are found by a beginning of each part of Division/Brigade, as losses are") {
    const Small c;
    c.ok("rename division Heth \"Heth's Division\"");
    c.ok("turn next");
    // The loss, the leader and the capture all by the division's beginning.
    const auto reported = c.ok("battle report --name Cashtown --loss 'Heth/1st Brigade=1' --leader 'heth/1st:wounded' "
                               "--captured 'Heth/2nd Brigade=1@Fort Delaware'");
    CHECK_THAT(reported, Contains("1 leader fallen"));
    CHECK_THAT(c.ok("leader list"), Contains("wounded (out for 1 battle, 0 fought since)  Heth's Division/1st Brigade"));
    // The captor offers them as its camp calls them, by a beginning of each part too.
    CHECK_THAT(c.ok("exchange propose --from union --offer 'stands:heth/2nd=1'"), Contains("offers: 1 stand of Heth's Division/2nd Brigade"));
    // The same proposal again while the first awaits its answer (a form sent twice): refused.
    CHECK_THAT(c.refused("exchange propose --from union --offer \"stands:Heth's Division/2nd Brigade=1\" --note again", 1),
               Contains("exchange #1 proposes just this to the Confederates and awaits its answer"));
    // A part that names two: refused, naming both.
    c.ok("rename division Wadsworth \"Hethington\"");
    CHECK_THAT(c.refused("battle report --name Gettysburg --loss 'Heth/1st Brigade=1'", 2), Contains("could be any of 2"));
}

TEST_CASE("An army or corps added with its commander says who he is, with the grade given or the grade rolled") {
    const test::CampaignFile c;
    c.ok("campaign new Test --rules acw --seed 3 --date 1862-08-01");
    CHECK_THAT(c.ok("add army 'Army of Virginia' --side union --leader 'John Pope' --grade average"),
               Contains("Added army Army of Virginia (Union), commander John Pope (Average)"));
    CHECK_THAT(c.ok("add corps 'III Corps' --army 'Army of Virginia' --leader McDowell"), Contains("commander McDowell (rolled "));
    // A unit found by another case or a beginning is named as the campaign spells it.
    CHECK_THAT(c.ok("add corps 'II Corps' --army 'army of v'"), Contains("Added corps II Corps to Army of Virginia"));
    CHECK_THAT(c.ok("add division Ricketts --corps 'iii corps'"), Contains(") to III Corps"));
    CHECK_THAT(c.ok("add battery Tower --corps 'iii c'"), Contains("to the Artillery reserve of III Corps"));
}

TEST_CASE("An arm, a grade or a rating is found as muster's other words are, by its id or its name, any case or a beginning, or refused listing the rule set's with the nearest") {
    const Small c;
    CHECK_THAT(c.ok("add brigade Biddle --division Doubleday --rating VETERAN --stands 6 --leader Biddle --grade Exceptional"),
               Contains("Added brigade Biddle (6 stands") && Contains("Veteran"));
    CHECK_THAT(c.ok("oob"), Contains("Biddle, Exceptional"));
    CHECK_THAT(c.refused("add brigade Stone --division Doubleday --rating veteren --stands 6", 2),
               Contains("unknown rating \"veteren\" in rule set acw (expected one of: green, veteran, crack): did you mean veteran?"));
    CHECK_THAT(c.refused("add brigade Stone --division Doubleday --rating green --stands 6 --leader Stone --grade avrage", 2),
               Contains("unknown leader grade \"avrage\"") && Contains("did you mean average?"));
    CHECK_THAT(c.ok("generate --rules acw --side union --year 1863 --theater east --arm Cavalry --seed 1"), Contains("(Cavalry, Union)"));
    CHECK_THAT(c.ok("add division Buford --corps 'I Corps' --arm Cav"), Contains("Added division Buford (placeholder, Cavalry)"));
    CHECK_THAT(c.ok("add brigade Gamble --division Buford --rating veteran --stands 6 --arm INFANTRY"), Contains("Gamble"));
    CHECK_THAT(c.refused("add division Merritt --corps 'I Corps' --arm calvary", 2),
               Contains("unknown arm \"calvary\" in rule set acw (expected one of: infantry, cavalry): did you mean cavalry?"));
    CHECK_THAT(c.refused("add brigade Devin --division Buford --rating veteran --stands 6 --arm artilery", 2),
               Contains("unknown arm \"artilery\" in rule set acw (expected one of: infantry, cavalry)"));  // refused() proves nothing changed
}

TEST_CASE("leader list: a wounded leader's time out counts down with the battles his side fights, to when he may return") {
    const Small c;
    c.ok("turn next");
    c.ok("battle report --name Cashtown --loss 'Heth/1st Brigade=1' --loss 'Wadsworth/1st Brigade=1' --leader 'Heth/1st Brigade:wounded/2'");
    const auto state = [&](const std::string& as) {
        const auto list = c.ok("leader list" + as);
        const auto at = list.find("wounded");
        return at == std::string::npos ? std::string("none wounded") : list.substr(at, list.find(')', at) + 1 - at);
    };
    CHECK(state("") == "wounded (out for 2 battles, 0 fought since)");
    c.ok("battle report --name Fairfield --loss 'Heth/2nd Brigade=1' --loss 'Wadsworth/2nd Brigade=1'");
    CHECK(state("") == "wounded (out for 2 battles, 1 fought since)");
    CHECK(state(" --as confederate") == state(""));
    CHECK_THAT(c.refused("leader return 'Heth/1st Brigade'", 1), Contains("1 fought since"));
    c.ok("battle report --name Hagerstown --loss 'Heth/2nd Brigade=1' --loss 'Wadsworth/2nd Brigade=1'");
    CHECK(state("") == "wounded (out for 2 battles: may return)");
    CHECK(state(" --as union") == state(""));  // the Union saw him fall, and the battles since
    CHECK_THAT(c.ok("leader return 'Heth/1st Brigade'"), Contains("returns from his wounds"));
    CHECK(state("") == "none wounded");
}

TEST_CASE("leader list: a side reads every leader its order of battle names, the enemy's alternate commanders too") {
    // An alternate commands no unit of his own: he was read with none of the brigades the
    // enemy was shown, and left out of its list while its order of battle named him.
    const test::CampaignFile c;
    c.ok("campaign new S --sample saratoga --seed 11");
    c.ok("arrive Breymann");
    c.ok("reveal Breymann");
    for (const char* side : {"american", "british"}) {
        INFO(side);
        const auto oob = c.ok(std::string("oob --as ") + side), leaders = c.ok(std::string("leader list --as ") + side);
        // Each name the order of battle gives a leader: "NAME, grade..." after a brigade's
        // figures, and "alternate NAME, ..." after its commander.
        const std::regex named(R"((?:Fresh|Worn|Spent)\s+\S+\s+([A-Z][^,;\n]*),|alternate ([^,;\n]+),)");
        int alternates = 0;
        for (std::sregex_iterator it(oob.begin(), oob.end(), named), end; it != end; ++it) {
            const std::string name = (*it)[1].matched ? (*it)[1].str() : (*it)[2].str();
            alternates += (*it)[2].matched;
            INFO(name);
            CHECK_THAT(leaders, Contains("\n" + name + " "));
        }
        CHECK(alternates >= 2);  // Breymann's, which both sides read once he is revealed
    }
}

TEST_CASE("Spreadsheets both ways: unnamed leaders come back with their grades") {
    // A leader the lists did not name is written with his grade and no name: read back, he is
    // there, graded, not dropped with his empty name.
    const Small c;
    c.ok("campaign set --leader-names off");
    c.ok("arrive Heth");
    c.ok("arrive Wadsworth");
    const auto csv = c.ok("oob --format csv");
    REQUIRE(csv.find(",,average,") != std::string::npos);  // a row with no commander's name but his grade
    std::ofstream(c.dir.file("oob.csv")) << csv;
    const test::CampaignFile copy;
    copy.ok("campaign new Test --rules acw");
    copy.ok("import oob " + test::quote(c.dir.file("oob.csv")));
    const auto armies = [](const std::string& json) { return json.substr(json.find("\"armies\"")); };
    CHECK(armies(copy.ok("oob --format json")) == armies(c.ok("oob --format json")));
}

TEST_CASE("An unnamed leader is found as the lists and reminders call him, \"commander of\" his unit, in any case") {
    const Small c;
    c.ok("campaign set --leader-names off");
    c.ok("arrive Heth");
    c.ok("reveal Heth");
    CHECK_THAT(c.ok("leader list"), Contains("commander of Heth/1st Brigade"));
    CHECK_THAT(c.ok("leader reveal 'commander of Heth/1st Brigade'"), Contains("commander of Heth/1st Brigade"));
    CHECK_THAT(c.refused("leader reveal 'Commander of heth/1st'", 1), Contains("is revealed already"));  // the same leader, by a beginning
    CHECK_THAT(c.refused("leader reveal 'commander of Nosuch'", 2), Contains("no leader \"commander of Nosuch\""));
    // The leader now in command, not the one whose name the unit bears: Heth, replaced, is not
    // "commander of Heth".
    c.ok("rename leader 'commander of Heth' Heth");
    c.ok("leader replace Heth --force");
    CHECK_THAT(c.ok("leader reveal 'commander of Heth'"), Contains("Revealed the grade of commander of Heth:"));
    // Heth himself, who commands nothing now but is in play, and the commander of Heth: either may
    // be meant, and neither is taken unsaid; his number is his.
    CHECK_THAT(c.refused("leader reveal Heth", 2), Contains("leader \"Heth\" could be Heth (#") && Contains("), commanding nothing, or commander of Heth (#") &&
                                                    Contains("give his number as listed, with its #, or \"commander of Heth\""));
    const auto number = test::raw_sql_value(c.dir.file("c.db"), "SELECT id FROM leader WHERE name = 'Heth'");
    CHECK_THAT(c.refused("leader reveal '#" + number + "'", 1), Contains("leader Heth is not seen by the enemy"));
}

TEST_CASE("Spreadsheets as spreadsheets save them: semicolons or tabs between fields, rows of empty fields, an encoding not UTF-8 told how to save") {
    for (const auto& [sheet, separator] : std::vector<std::pair<std::string, std::string>>{
             {"\xEF\xBB\xBFside;army;corps;division;name;rating;stands\r\nunion;AotP;I Corps;Wadsworth;\"Iron; the\";veteran;6\r\n;;;;;;\r\n", "semicolons"},
             {"side\tarmy\tcorps\tdivision\tname\trating\tstands\nunion\tAotP\tI Corps\tWadsworth\tIron; the\tveteran\t6\n\t\t\t\t\t\t\n", "tabs"},
             {"side,army,corps,division,name,rating,stands\nunion,AotP,I Corps,Wadsworth,\"Iron; the\",veteran,6\n,,,,,,\n  ,  , ,,,,\n", "commas, a row of blank fields"},
             // The separator the header holds most of outside quotes, its first row not blank.
             {"\r\nside;army;corps;division;name;rating;stands;\"Notes, if any\"\r\nunion;AotP;I Corps;Wadsworth;\"Iron; the\";veteran;6;\"a, b\"\r\n",
              "semicolons, a comma quoted in the header, a blank line first"}}) {
        INFO(separator);
        const test::CampaignFile c;
        c.ok("campaign new T --rules acw");
        std::ofstream(c.dir.file("sheet.csv"), std::ios::binary) << sheet;
        CHECK_THAT(c.ok("import oob " + test::quote(c.dir.file("sheet.csv"))), Contains("Imported 1 army, 1 corps, 1 division, 1 brigade"));
        CHECK_THAT(c.ok("oob"), Contains("Iron; the"));
    }
    {
        // The rule set's words as muster prints them or in any case ("Union", "Veteran",
        // "AVERAGE"), as a person types them into a sheet.
        const test::CampaignFile c;
        c.ok("campaign new T --rules acw");
        std::ofstream(c.dir.file("sheet.csv")) << "side,army,corps,division,name,rating,stands,commander,grade\n"
                                                  "Union,AotP,I Corps,Wadsworth,Iron,Veteran,6,Meredith,AVERAGE\n"
                                                  "UNION,AotP,I Corps,Wadsworth,Second,veteran,6,,Average\n";
        c.ok("import oob " + test::quote(c.dir.file("sheet.csv")));
        CHECK_THAT(c.ok("oob"), Contains("Iron        6/6  6/4/3  Fresh  Veteran  Meredith, Average") && Contains("Second      6/6  6/4/3  Fresh  Veteran  Average"));
        CHECK_THAT(c.ok("oob --format csv"), Contains("union,AotP,I Corps,Wadsworth,brigade,Iron,infantry,6,6,6/4/3,Fresh,veteran,Meredith,average"));
    }
    {
        // A refusal names the row as the spreadsheet numbers it: rows of empty fields and blank
        // lines counted, a cell's own line breaks not.
        const test::CampaignFile c;
        c.ok("campaign new T --rules acw");
        std::ofstream(c.dir.file("sheet.csv")) << "side,army,corps,division,name,rating,stands,notes\n,,,,,,,\n\nunion,AotP,I Corps,Wadsworth,Iron,veteran,6,\"held\nthe ridge\"\n"
                                                  "union,AotP,I Corps,Wadsworth,Second,elite,6,\n";
        CHECK_THAT(c.refused("import oob " + test::quote(c.dir.file("sheet.csv")), 1), Contains("row 5, column \"rating\": unknown rating \"elite\""));
        // A row of a thousand fields and more is no sheet's: refused there, before it takes
        // memory for each of them.
        std::ofstream(c.dir.file("sheet.csv")) << "side,army,corps,division,name,rating,stands\n" << std::string(5000, ',') << "\n";
        CHECK_THAT(c.refused("import oob " + test::quote(c.dir.file("sheet.csv")), 1), Contains("row 2: more than 1000 fields"));
        // A number out of its field's range says the range, as a JSON file's does; one written
        // with leading zeros is the number.
        for (const auto& [stands, says] : std::vector<std::pair<std::string, std::string>>{
                 {"-3", "-3 is out of range: expected 1 to 99"}, {"99999999999999999999999", "a number far out of range: expected 1 to 99"},
                 {"1e3", "\"1e3\" is not a whole number"}}) {
            std::ofstream(c.dir.file("sheet.csv")) << "side,army,corps,division,name,rating,stands\nunion,AotP,I Corps,Wadsworth,Iron,veteran," << stands << "\n";
            CHECK_THAT(c.refused("import oob " + test::quote(c.dir.file("sheet.csv")), 1), Contains("row 2, column \"stands\": " + says));
        }
        // A row ending before the column blamed says so: a field left out shifts the rest left.
        std::ofstream(c.dir.file("sheet.csv")) << "side,army,corps,division,name,rating,stands\nunion,AotP,Wadsworth,Iron,veteran,6\n";
        CHECK_THAT(c.refused("import oob " + test::quote(c.dir.file("sheet.csv")), 1),
                   Contains("row 2, column \"stands\": brigade veteran has no stands") && Contains("(the row has 6 fields, the header 7: is one left out?)"));
        // Rows saved with another separator than the header's: said so, not read as empty cells.
        std::ofstream(c.dir.file("sheet.csv")) << "side;army;corps;division;name;rating;stands\nunion,AotP,I Corps,Wadsworth,Iron,veteran,6\n";
        CHECK_THAT(c.refused("import oob " + test::quote(c.dir.file("sheet.csv")), 1),
                   Contains("row 2: its fields are split by commas, the header's by semicolons: save the sheet with one separator"));
    }
    // A sheet saved in the computer's own encoding (Windows-1252's é) is told how to save it.
    const test::CampaignFile c;
    c.ok("campaign new T --rules acw");
    std::ofstream(c.dir.file("sheet.csv"), std::ios::binary) << "side,army,corps,division,name,rating,stands\nunion,AotP,I Corps,Wadsworth,Caf\xe9,veteran,6\n";
    CHECK_THAT(c.refused("import oob " + test::quote(c.dir.file("sheet.csv")), 1),
               Contains("row 2, column \"name\": \"Caf\\xE9\": byte \\xE9 is not valid UTF-8 at character 4") && Contains("save the sheet as CSV UTF-8"));
}

TEST_CASE("A preview says what it kept: a recovery's is in the journal as a preview, with its rolls as discarded where it rolled") {
    const Small c;
    c.ok("turn next");
    c.ok("battle report --name Cashtown --loss 'Heth/1st Brigade=3'");
    CHECK_THAT(c.ok("battle recover Cashtown --preview"), Catch::Matchers::StartsWith("PREVIEW (not applied; the journal keeps it as a preview, its rolls as discarded)\n"));
    c.ok("campaign set --rounding half_up");  // no dice: the journal keeps the preview alone
    CHECK_THAT(c.ok("battle recover Cashtown --preview"), Catch::Matchers::StartsWith("PREVIEW (not applied; the journal keeps it as a preview)\n"));
    CHECK_THAT(c.ok("journal"), Contains("Previewed (not applied): Recovery after Cashtown"));
}

TEST_CASE("A fall of a leader with no name is kept under his post, which check takes as names, however long the unit's names") {
    const test::CampaignFile c;
    c.ok("campaign new T --rules acw --date 1863-07-01 --theater east --seed 7 --leader-names off");
    c.ok("add army AoP --side union --leader Meade --grade average");
    c.ok("add corps \"I Corps\" --army AoP --leader Reynolds --grade average");
    const std::string division(200, 'W');
    c.ok("add division " + division + " --corps \"I Corps\"");
    c.ok("arrive " + division);
    c.ok("rename brigade \"" + division + "/1st Brigade\" \"" + std::string(200, 'B') + "\"");
    // "commander of WWW.../BBB...": longer than any one name.
    c.ok("battle report --name Fight --loss \"" + division + "/" + std::string(200, 'B') + "=1\" --leader \"" + division + "/" + std::string(200, 'B') + ":wounded/1\"");
    c.ok("battle report --name Skirmish --loss \"" + division + "/2nd Brigade=1\" --leader \"" + division + "/2nd Brigade:killed\"");
    CHECK_THAT(c.ok("check"), Contains("every ledger balances"));
    CHECK_THAT(c.ok("battle show Skirmish"), Contains("Leaders fallen: commander of " + division + "/2nd Brigade: killed"));
}

TEST_CASE("A brigade entered by hand with stands out of range is refused naming the option that gave them") {
    test::CampaignFile c;
    c.ok("campaign new T --rules awi --date 1777-09-01");
    c.ok("add army Howe --side british --leader Howe --grade cautious");
    c.ok("add corps Column --army Howe --leader Cornwallis --grade aggressive");
    c.ok("add division Rangers --corps Column");
    for (const char* stands : {"-1", "0", "100"})
        CHECK_THAT(c.refused(std::string("add brigade Hussars --division Rangers --rating crack --stands ") + stands, 2),
                   Contains(std::string("stands (--stands, the start strength where --start is not given) ") + stands + " is out of range: expected 1 to 99 stands"));
    CHECK_THAT(c.refused("add brigade Hussars --division Rangers --rating crack --stands 3 --start -2", 2),
               Contains("start strength (--start) -2 is out of range: expected 1 to 99 stands"));
    CHECK_THAT(c.refused("add brigade Hussars --division Rangers --rating crack --stands 6 --label 5/3/2", 2),
               Contains("label 5/3/2 is for 5 stands, but the battalion starts with 6"));
}

TEST_CASE("leader replace takes a unit's name given whole as the unit's, else a leader's as his, and may name a division's new commander after it") {
    const test::CampaignFile c;
    c.ok("campaign new R --rules napoleonic --date 1813-08-15 --leader-names off");
    c.ok("add army North --side allies --leader Bernadotte --grade average");
    c.ok("add corps \"III Corps\" --army North --leader Bulow --grade average");
    c.ok("add division Krafft --corps \"III Corps\" --leader Thumen");
    c.ok("add division \"Thümen\" --corps \"III Corps\" --leader Blucher");
    c.ok("add division Borstell --corps \"III Corps\" --leader Roder");
    c.ok("add division Oppen --corps \"III Corps\"");
    c.ok("add brigade Dobschutz --division Oppen --rating \"Average Line\" --stands 6 --leader Zieten --grade average");
    for (const auto* d : {"Krafft", "\"Thümen\"", "Borstell"}) c.ok(std::string("arrive ") + d);
    // Oppen/Dobschutz's brigadier bears the division Borstell's name, as a draw may give it (by
    // hand, the name is refused: a reference to it would name two leaders).
    CHECK_THAT(c.refused("rename leader Zieten Borstell", 1), Contains("Borstell"));
    test::raw_sql(c.dir.file("c.db"), "UPDATE leader SET name = 'Borstell' WHERE name = 'Zieten'");
    // Thumen given whole is the leader, not the division Thümen with its letters plain.
    CHECK_THAT(c.ok("leader replace Thumen --force --preview"), Contains("New commander of Krafft: ") && Contains("(replacing Thumen, "));
    // Borstell is the division, and the brigadier commanding Oppen/Dobschutz by his number.
    CHECK_THAT(c.ok("leader replace Borstell --force --preview"), Contains("New commander of Borstell: ") && Contains("(replacing Roder, "));
    const auto number = test::raw_sql_value(c.dir.file("c.db"), "SELECT id FROM leader WHERE name = 'Borstell'");
    CHECK_THAT(c.ok("leader replace \"#" + number + "\" --force --preview"), Contains("New commander of Oppen/Dobschutz: ") && Contains("(replacing Borstell, "));
    // Neither a unit nor a leader: the nearest of both.
    CHECK_THAT(c.refused("leader replace Dobschuts --force", 2), Contains("no unit or leader \"Dobschuts\" in this campaign") && Contains("did you mean Dobschutz?"));
    CHECK_THAT(c.refused("leader replace \"III Corpz\" --force", 2), Contains("did you mean III Corps?"));
    // A new commander may bear the name of the division he takes (not one a brigadier bears);
    // given whole, it is then the leader and the division at once: one and the same.
    CHECK_THAT(c.refused("leader replace Roder --force --name Borstell", 1), Contains("a leader named \"Borstell\" already exists"));
    CHECK_THAT(c.ok("leader replace Thumen --force --name Krafft"), Contains("New commander of Krafft: Krafft, "));
    CHECK_THAT(c.ok("leader replace Krafft --force --preview"), Contains("(replacing Krafft, "));
    // Leaders given whole by one name (as drawn names may repeat within a side): none is taken,
    // nor the division Thümen with its letters plain.
    test::raw_sql(c.dir.file("c.db"), "UPDATE leader SET name = 'Thumen' WHERE id IN (SELECT commander_id FROM brigade WHERE division_id = "
                                      "(SELECT id FROM division WHERE name = 'Thümen'))");
    CHECK_THAT(c.refused("leader replace Thumen --force", 2), Contains("leader \"Thumen\" could be any of "));
}

TEST_CASE("leader return takes a name two leaders bear as the one of them who is wounded, as drawn names may repeat within a side") {
    const test::CampaignFile c;
    c.ok("campaign new G --sample gettysburg --seed 5");
    c.ok("battle report --name Ridge --loss 'Wadsworth/Iron Brigade=1' --leader 'Meredith:wounded/1'");
    test::raw_sql(c.dir.file("c.db"), "UPDATE leader SET name = 'Meredith' WHERE name = 'Cutler'");  // as a draw may give a second Meredith
    // The wounded one is found, and refused for his time out: not "could be any of 2".
    CHECK_THAT(c.refused("leader return Meredith", 1), Contains("leader Meredith is out for 1 battle after Ridge; 0 fought since"));
    c.ok("battle report --name Ridge2 --loss \"Wadsworth/Cutler's Brigade=1\"");
    CHECK_THAT(c.ok("leader return Meredith"), Contains("Leader Meredith returns from his wounds to Wadsworth/Iron Brigade"));
}

TEST_CASE("A Division/Brigade whose division is mistyped suggests the nearest division, where no brigade's whole reference is near") {
    const test::CampaignFile c;
    c.ok("campaign new G --sample gettysburg --seed 5");
    CHECK_THAT(c.refused("rename brigade Wadswrth/Iron Irons", 2),
               Contains("no brigade \"Wadswrth/Iron\" in this campaign (give Division/Brigade, as the order of battle names it): no division \"Wadswrth\": did you mean Wadsworth?"));
    CHECK_THAT(c.refused("battle report --name X --loss Wadswrth/Iron=1", 2), Contains("did you mean Wadsworth?"));
}

TEST_CASE("A hand-entered division's commander named when it was added is said to want his grade until he has one") {
    const test::CampaignFile c;
    c.ok("campaign new T --rules awi --date 1777-09-01");
    c.ok("add army Howe --side british");
    c.ok("add corps K --army Howe");
    c.ok("add division Mathew --corps K --leader Mathew");
    c.ok("add division Grant --corps K --leader Grant");
    CHECK_THAT(c.ok("add brigade '1st Guards' --division Grant --rating elite --stands 10 --leader Howard --grade competent"),
               Contains("the brigade's commander Grant, named when it was added, is given his grade with muster leader replace Grant --name Grant"));
    // Given his grade before the first battalion was entered, he is told of no more.
    c.ok("leader replace Mathew --name Mathew --grade exceptional");
    CHECK_THAT(c.ok("add brigade '2nd Guards' --division Mathew --rating elite --stands 10 --leader Osborn --grade competent"), !Contains("is given his grade"));
}

TEST_CASE("Words a command does not take are named in the order typed, with the command that was given them and the options it has") {
    const Small c;
    CHECK_THAT(c.refused("add division Anderson --corps 'Third Corps' --leader Fry --grade average", 2),
               Contains("add division takes no option --grade (its options: --corps, --arm, --leader, --nationality)"));
    CHECK_THAT(c.refused("oob --sid union", 2), Contains("oob takes no option --sid: did you mean --side?"));
    CHECK_THAT(c.refused("oob extra words", 2), Contains("oob takes no word \"extra\" there (nor the 1 after it)"));
    CHECK_THAT(c.refused("battle recover Nowhere --rolls 50 --grade=3", 2), Contains("battle recover takes no option --grade"));
    // Named before what fails after it: a value it left to a positional, an option then missing.
    CHECK_THAT(c.refused("turn report --side x", 2), Contains("turn report takes no option --side"));
    CHECK_THAT(c.refused("export oob --bogus", 2), Contains("export oob takes no option --bogus"));
    CHECK_THAT(c.refused("add division --bogus", 2), Contains("add division takes no option --bogus"));
    CHECK_THAT(c.refused("oob --bogus --format xx", 2), Contains("oob takes no option --bogus"));
}
