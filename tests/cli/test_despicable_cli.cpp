// Source 003's despicable leaders, played by the article's expansion: a grade its owner must
// reveal (a reminder at the battle report, the opponent's penalty for forgetting), the corps
// leader attached to one of his division leaders, the division leader's radius; by the book,
// none of it.
#include "cli/campaign_file.hpp"

#include <catch2/catch.hpp>

#include <regex>

using namespace muster;
using Catch::Matchers::Contains;

namespace {

// Two sides with hand-entered brigades of known grades: the Union's I Corps under a despicable
// Reynolds, its 1st Division's brigadier Burnside despicable; the Confederates' Heth.
struct Leaders : test::CampaignFile {
    explicit Leaders(const std::string& despicable = "expanded") {
        ok("campaign new D --rules acw --seed 11 --date 1863-07-01 --theater east --despicable " + despicable);
        ok("add army Potomac --side union --leader Meade --grade average");
        ok("add corps \"I Corps\" --army Potomac --leader Reynolds --grade despicable");
        ok("add army ANV --side confederate --leader Lee --grade average");
        ok("add corps \"III Corps\" --army ANV --leader Hill --grade average");
        for (const auto& [division, corps, brigade, leader, grade] :
             {std::tuple{"Wadsworth", "I Corps", "Iron", "Burnside", "despicable"}, {"Wadsworth", "I Corps", "Second", "Cutler", "average"},
              {"Doubleday", "I Corps", "Vermont", "Stannard", "exceptional"}, {"Heth", "III Corps", "Davis", "Archer", "average"}}) {
            if (run(std::string("add division ") + division + " --corps \"" + corps + "\"").code != 0) {}  // once a division
            ok(std::string("add brigade ") + brigade + " --division " + division + " --rating veteran --stands 6 --leader " + leader +
               " --grade " + grade);
        }
        ok("leader replace Wadsworth --name Wadsworth --rolls 50");  // 50: Average
        ok("leader replace Heth --name Heth --rolls 50");
    }
};

}  // namespace

TEST_CASE("A despicable leader who fought unrevealed is named at the report, with the penalty for forgetting") {
    const Leaders c;
    const auto report = c.ok("battle report --name Seminary --loss \"Wadsworth/Iron=1\" --loss \"Heth/Davis=1\"");
    CHECK_THAT(report, Contains("reminder: Despicable Burnside fought unrevealed (Union)") &&
                           Contains("the opponent downgrades one Average leader of it (muster leader penalty LEADER)"));
    CHECK_THAT(report, !Contains("Archer") && !Contains("Despicable Burnside, "));  // average; one reminder for Burnside alone
    // Reynolds, despicable, attached to none of his division leaders as the rule has him: a
    // division of his corps fought, and he may have been with it, which muster cannot know.
    CHECK_THAT(report, Contains("reminder: Despicable Reynolds commands I Corps, a division of which fought, and is attached to none of its division "
                                "leaders: attach him (muster leader attach Reynolds DIVISION), and if he was with one that fought, reveal him"));
    CHECK_THAT(c.ok("battle report --name Ridge --loss \"Heth/Davis=1\" --preview"), !Contains("Reynolds"));  // none of his corps fought
    {
        // Attached to Wadsworth, Reynolds fights where Wadsworth's division does.
        const Leaders attached;
        attached.ok("leader attach Reynolds Wadsworth");
        CHECK_THAT(attached.ok("battle report --name Seminary --loss \"Wadsworth/Iron=1\" --preview"),
                   Contains("reminder: Despicable ") && Contains("Despicable Reynolds") && Contains("fought unrevealed (Union)"));
        CHECK_THAT(attached.ok("battle report --name Seminary --loss \"Doubleday/Vermont=1\" --preview"), !Contains("Reynolds"));  // with another division
        // Wadsworth fallen, the attachment ends: Reynolds fights with no division of his.
        attached.ok("battle report --name First --loss \"Doubleday/Vermont=1\" --leader \"Wadsworth:killed\"");
        CHECK_THAT(attached.ok("battle report --name Later --loss \"Wadsworth/Iron=1\" --preview"),
                   Contains("Burnside") && Contains("Reynolds commands I Corps, a division of which fought, and was attached to Wadsworth, out of play since: "
                                                    "attach him (muster leader attach Reynolds DIVISION)"));
    }
    // Fallen in a battle (the one he falls in still reminds), he fights no later one.
    for (const std::string fate : {"killed", "wounded/2", "captured@Libby"}) {
        INFO(fate);
        const Leaders fallen;
        fallen.ok("camp new Libby --side confederate");
        CHECK_THAT(fallen.ok("battle report --name First --loss \"Wadsworth/Iron=1\" --leader \"Burnside:" + fate + "\""),
                   Contains("reminder: Despicable Burnside fought unrevealed"));
        CHECK_THAT(fallen.ok("battle report --name Later --loss \"Wadsworth/Second=1\""), !Contains("Burnside"));
    }
    // Revealed, he is no reminder; the reminder is the umpire's (no side's journal reads it).
    c.ok("leader reveal Burnside");
    c.ok("leader reveal Reynolds");
    CHECK_THAT(c.ok("battle report --name Again --loss \"Wadsworth/Iron=1\" --preview"), !Contains("reminder"));
    CHECK_THAT(c.ok("journal --as union") + c.ok("journal --as confederate"), !Contains("reminder"));
}

TEST_CASE("The penalty for forgetting downgrades one average leader the opponent has seen, never an exceptional one") {
    const Leaders c;
    // Chosen among the leaders the opponent has seen: one in a hidden division is no leader at
    // all to him, by name or by number, as one that does not exist.
    const auto unseen = [](const std::string& ref) {
        return "muster: no leader \"" + ref + "\" that the other side has seen: the opponent chooses among the leaders it has seen "
               "(muster leader list --as SIDE shows them)\n";
    };
    CHECK(c.refused("leader penalty Cutler", 2) == unseen("Cutler"));
    CHECK(c.refused("leader penalty Nobody", 2) == unseen("Nobody"));
    std::smatch number;
    const auto list = c.ok("leader list");
    REQUIRE(std::regex_search(list, number, std::regex(R"((#\d+) +Cutler)")));
    CHECK(c.refused("leader penalty '" + number[1].str() + "'", 2) == unseen(number[1].str()));
    c.ok("reveal Wadsworth");
    c.ok("reveal Doubleday");
    // A grade the opponent may not read is not told: only that it is not the one downgraded.
    CHECK_THAT(c.refused("leader penalty Stannard", 1), Contains("Stannard is not Average: the penalty downgrades only a leader who is Average"));
    CHECK_THAT(c.refused("leader penalty Burnside", 1), Contains("Burnside is not Average"));
    c.ok("leader reveal Stannard");
    CHECK_THAT(c.refused("leader penalty Stannard", 1), Contains("Stannard is Exceptional: the penalty downgrades only a leader who is Average"));
    CHECK_THAT(c.refused("leader penalty Nobody", 2), Contains("Nobody"));
    CHECK_THAT(c.ok("leader penalty Cutler"), Contains("Cutler is downgraded from Average to Despicable [DP], at the opponent's choice"));
    // Every side reads it: his grade is no secret now.
    CHECK_THAT(c.ok("oob --as confederate"), Contains("Cutler, Despicable [DP]"));
    CHECK_THAT(c.ok("journal --as confederate"), Contains("Cutler is downgraded from Average to Despicable"));
    CHECK_THAT(c.ok("journal --as union"), Contains("Cutler is downgraded from Average to Despicable"));
    // Despicable now, he keeps his brigade (a despicable brigadier is not replaced voluntarily).
    CHECK_THAT(c.refused("leader replace \"Wadsworth/Second\" --force", 1), Contains("permanently in command"));
    c.ok("undo");
    CHECK_THAT(c.ok("oob --as confederate"), Contains("Cutler, grade not revealed"));
}

TEST_CASE("A despicable brigadier's brigade is not merged away from him by the expanded rule, but is by the book or once he falls") {
    const Leaders c;
    // Burnside (Despicable) commands Wadsworth/Iron: merged away, he would be out of command.
    for (const char* merge : {"brigade merge Wadsworth/Iron --into Wadsworth/Second", "brigade merge Wadsworth/Iron --into Wadsworth/Second --preview"})
        CHECK_THAT(c.refused(merge, 1), Contains("the Despicable commander of Wadsworth/Iron, Burnside") && Contains("cannot be merged away while he commands it"));
    CHECK_THAT(c.ok("brigade merge Wadsworth/Second --into Wadsworth/Iron --preview"), Contains("Merged 6 stands of Wadsworth/Second into Wadsworth/Iron"));
    c.ok("battle report --name Seminary --loss \"Wadsworth/Iron=1\" --leader \"Wadsworth/Iron:killed\"");
    c.ok("battle recover Seminary");
    CHECK_THAT(c.ok("brigade merge Wadsworth/Iron --into Wadsworth/Second --preview"), Contains(" stands of Wadsworth/Iron into Wadsworth/Second"));
    const Leaders book("book");
    CHECK_THAT(book.ok("brigade merge Wadsworth/Iron --into Wadsworth/Second --preview"), Contains("Merged 6 stands of Wadsworth/Iron into Wadsworth/Second"));
}

TEST_CASE("A despicable corps leader is attached to one division leader of his corps until he falls, and the enemy reads it once he is revealed") {
    const Leaders c;
    CHECK_THAT(c.refused("leader attach Hill Heth", 1), Contains("Hill is Average: only a corps leader whose grade seeks company"));
    CHECK_THAT(c.refused("leader attach Reynolds Heth", 1), Contains("not a division of I Corps"));
    CHECK_THAT(c.refused("leader attach Burnside Wadsworth", 1), Contains("does not command a corps"));
    CHECK_THAT(c.ok("leader attach Reynolds Wadsworth"), Contains("Corps leader Reynolds (Despicable) is attached to Wadsworth, commanding Wadsworth"));
    // Doubleday's division has no commander: its name names none of its brigadiers.
    CHECK_THAT(c.refused("leader attach Reynolds Doubleday", 2), Contains("division Doubleday has no commander"));
    c.ok("leader replace Doubleday --name Doubleday --rolls 50");
    CHECK_THAT(c.refused("leader attach Reynolds Doubleday", 1), Contains("attached to Wadsworth already"));
    // Neither is displaced meanwhile.
    CHECK_THAT(c.refused("leader replace Wadsworth --force", 1), Contains("the two stay together"));
    CHECK_THAT(c.refused("leader replace \"I Corps\" --force", 1), Contains("the two stay together"));
    // His side reads it on both leaders, in the order of battle and on the leaders' labels.
    const auto own = c.ok("oob --as union");
    CHECK_THAT(own, Contains("(Reynolds, Despicable [DP]; attached to Wadsworth)") &&
                        Contains("(Wadsworth, Average; with corps leader Reynolds attached)"));
    const auto labels = c.dir.file("labels.html");
    c.ok("export labels --as union -o " + labels);
    CHECK_THAT(test::file_bytes(labels), Contains("Corps commander, I Corps; attached to Wadsworth") && Contains("Despicable  DP"));
    // Its JSON, which says the company for readers, is imported again: the attachment not made
    // again (an act of the campaign), and the import says so.
    const auto json = c.dir.file("oob.json");
    c.ok("export oob -o " + json);
    const auto again = test::run_muster("--db " + test::quote(c.dir.file("again.db")) + " campaign new Again --rules acw");
    REQUIRE(again.code == 0);
    const auto imported = test::run_muster("--db " + test::quote(c.dir.file("again.db")) + " import oob " + test::quote(json));
    CHECK(imported.code == 0);
    CHECK_THAT(imported.out, Contains("The file has 1 corps leader attached to a division leader; attachments are not imported: attach again with muster leader attach"));
    // The enemy, who has seen the division, reads neither until Reynolds' grade is revealed: the
    // attachment tells it.
    c.ok("reveal Wadsworth");
    CHECK_THAT(c.ok("oob --as confederate"), !Contains("attached"));
    c.ok("leader reveal Reynolds");
    CHECK_THAT(c.ok("oob --as confederate"), Contains("attached to Wadsworth") && Contains("with corps leader Reynolds attached"));
    // He falls: the attachment ends.
    c.ok("battle report --name Seminary --loss \"Wadsworth/Iron=1\" --leader \"Reynolds:killed\"");
    CHECK_THAT(c.ok("oob --as union"), !Contains("attached"));
    CHECK(c.ok("check").find("attached") == std::string::npos);
    c.ok("undo");
    CHECK_THAT(c.ok("oob --as union"), Contains("attached to Wadsworth"));
}

TEST_CASE("A damaged attachment across the sides, or to himself, is none: never an enemy grade told") {
    for (const std::string to : {"(SELECT id FROM leader WHERE name = 'Heth')", "id"}) {
        INFO((to == "id" ? "to himself" : "to Heth, the enemy's"));
        const Leaders c;
        c.ok("reveal Heth");
        c.ok("reveal Wadsworth");
        test::raw_sql(c.dir.file("c.db"), "UPDATE leader SET attached_to = " + to + " WHERE name = 'Reynolds'");
        for (const char* view : {"oob --as confederate", "oob --as union", "oob"}) {
            INFO(view);
            const auto oob = c.ok(view);
            CHECK_THAT(oob, !Contains("attached"));
        }
        CHECK_THAT(c.ok("oob --as confederate"), !Contains("Despicable"));
    }
}

TEST_CASE("A division leader of a despicable grade carries the radius rule on his line and his label") {
    const Leaders c;
    c.ok("reveal Wadsworth");
    c.ok("leader penalty Wadsworth");
    const auto note = "must remain in command radius of at least one brigade of his own division";
    CHECK_THAT(c.ok("oob --as union"), Contains(std::string("(Wadsworth, Despicable [DP]; ") + note));
    const auto labels = c.dir.file("labels.html");
    c.ok("export labels --as confederate -o " + labels);
    CHECK_THAT(test::file_bytes(labels), Contains(note));
}

TEST_CASE("By the book, despicable leaders play as average: no reminder, no penalty, no attachment") {
    const Leaders c("book");
    CHECK_THAT(c.ok("oob"), Contains("Reynolds, Average (rolled Despicable, by the book)"));
    CHECK_THAT(c.ok("battle report --name Seminary --loss \"Wadsworth/Iron=1\""), !Contains("reminder"));
    CHECK_THAT(c.refused("leader penalty Cutler", 1), Contains("by the book, as average"));
    CHECK_THAT(c.refused("leader attach Reynolds Wadsworth", 1), Contains("by the book, as average"));
}

TEST_CASE("A leader the enemy never saw is named to it by neither a reveal nor a penalty, though his brigade was disbanded out of sight") {
    const Leaders c;
    // Wadsworth is hidden; Cutler's brigade is disbanded there: he commands nothing now.
    c.ok("brigade disband Wadsworth/Second");
    CHECK_THAT(c.refused("leader reveal Cutler", 1), Contains("leader Cutler is not seen by the enemy"));
    CHECK_THAT(c.refused("leader penalty Cutler", 2), Contains("no leader \"Cutler\" that the other side has seen"));
    CHECK(c.ok("journal --as confederate").find("Cutler") == std::string::npos);
    // Seen, wounded where the enemy saw it: refused as out of play before his grade is weighed.
    c.ok("reveal Wadsworth");
    c.ok("battle report --name Seminary --loss \"Wadsworth/Iron=1\" --loss \"Heth/Davis=1\" --leader \"Burnside:wounded/1\"");
    CHECK_THAT(c.refused("leader penalty Burnside", 1), Contains("leader Burnside is wounded: the penalty downgrades a leader in play"));
}

TEST_CASE("A despicable brigadier who fell out of the enemy's sight stays in command to it until it sees him fall, as turn and the refusal say") {
    const Leaders c;
    c.ok("reveal Wadsworth");
    c.ok("reveal Wadsworth --hide");
    c.ok("battle report --name Mill --loss \"Wadsworth/Iron=1\" --loss \"Heth/Davis=1\" --leader \"Wadsworth/Iron:killed\" --keep-hidden");
    // Replaced, he would tell the enemy he fell: neither turn nor the refusal offers a command refused.
    const auto turn = c.ok("turn");
    CHECK_THAT(turn, Contains("Wadsworth/Iron's Despicable commander, Burnside, is killed out of the enemy's sight") &&
                         Contains("record his fall in the next battle it sees: --leader 'Wadsworth/Iron:killed'"));
    CHECK(turn.find("leader replace Wadsworth/Iron") == std::string::npos);
    CHECK_THAT(c.refused("leader replace Wadsworth/Iron --force --name Hays --grade average", 1),
               Contains("only when he falls where the enemy sees it (record his fall in the next battle it sees: --leader 'Wadsworth/Iron:killed')"));
    // As they say: seen to fall, he is replaced.
    c.ok("reveal Wadsworth");
    CHECK_THAT(c.ok("oob --as confederate --side union"), Contains("Burnside, grade not revealed"));  // the enemy reads him in command
    c.ok("battle report --name Ridge --loss \"Wadsworth/Iron=1\" --loss \"Heth/Davis=1\" --leader \"Wadsworth/Iron:killed\"");
    CHECK_THAT(c.ok("leader replace Wadsworth/Iron --name Hays --grade average"), Contains("Hays"));
    CHECK_THAT(c.ok("oob --as confederate --side union"), Contains("Hays, grade not revealed"));
    c.ok("check");
}
