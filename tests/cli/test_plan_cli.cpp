// A battle before it is fought, through the real binary on the Saratoga sample: planned,
// divisions deployed (a placeholder rolled up on the field, hidden from the enemy), reserves
// named and one brought on with dice typed at the table, a unit rolled for at the table side,
// the draft applied as the report that closes the plan; each refusal; each step undone.
#include "cli/campaign_file.hpp"
#include "db/db_support.hpp"

#include <catch2/catch.hpp>

using namespace muster;
using Catch::Matchers::Contains;

TEST_CASE("A battle planned, deployed, reinforced from its reserve, rolled at the table side and reported, then every step undone") {
    const test::CampaignFile c;
    const auto db = c.dir.file("c.db");
    const auto ok = [&](const std::string& args) { return c.ok(args); };
    const auto refused = [&](const std::string& args, int code) { return c.refused(args, code); };
    const std::string ff = "\"Freeman's Farm\"";
    ok("campaign new Saratoga --sample saratoga --seed 5");
    std::vector<std::string> before;  // the campaign before each step, to undo back to
    const auto step = [&](const std::string& args) {
        before.push_back(test::dump(db, false));
        return ok(args);
    };

    // Planned: every side reads its name, date and place.
    CHECK_THAT(step("battle plan " + ff + " --date 1777-09-19 --place \"Freeman's Farm, north of Saratoga\""),
               Contains("Planned the battle of Freeman's Farm, 1777-09-19"));
    CHECK_THAT(ok("battle list --as british"), Contains("Freeman's Farm") && Contains("planned"));
    CHECK_THAT(ok("journal --as american"), Contains("Planned the battle of Freeman's Farm"));
    CHECK_THAT(refused("battle plan \"freeman's farm\"", 1), Contains("a battle named \"Freeman's Farm\" is already planned"));
    CHECK_THAT(refused("battle plan X --date 1790-01-01", 2), Contains("outside rule set awi's years"));

    // Deployed: Breymann, a placeholder, is rolled up on the field; the others are placed.
    const auto deployed = step("battle deploy " + ff + " 'Advanced Corps' Hamilton Breymann Poor Morgan --show-rolls");
    CHECK_THAT(deployed, Contains("Deployed at Freeman's Farm: Advanced Corps, Hamilton, Breymann (rolled up on the field), Poor, Morgan"));
    CHECK_THAT(deployed, Contains("\nRolls:\n") && Contains("name of the commander of Breymann"));  // as arrive --show-rolls prints them
    CHECK_THAT(deployed, Contains("Breymann (Formed infantry, British, German") && Contains("arrived, hidden from the other side"));
    auto shown = ok("battle show " + ff);
    CHECK_THAT(shown, Contains("Planned battle of Freeman's Farm, 1777-09-19, Freeman's Farm, north of Saratoga (planned, not yet fought)"));
    CHECK_THAT(shown, Contains("Deployed on the field\n  American: Poor (hidden), Morgan (hidden)\n"
                               "  British: Advanced Corps (hidden), Hamilton (hidden), Breymann (hidden)\n"));
    // Each side its own whole, nothing of the enemy's hidden divisions.
    const auto american = ok("battle show " + ff + " --as american");
    CHECK_THAT(american, Contains("Deployed on the field\n  American: Poor, Morgan\nIn reserve"));
    CHECK(american.find("British") == std::string::npos);
    CHECK(ok("journal --as american").find("Breymann") == std::string::npos);
    CHECK_THAT(ok("battle show " + ff + " --as british"), Contains("British: Advanced Corps, Hamilton, Breymann\n"));

    // Reserves: named, nothing rolled.
    CHECK_THAT(step("battle reserve " + ff + " Learned Specht"), Contains("In reserve for Freeman's Farm: Learned, Specht"));
    CHECK_THAT(ok("battle show " + ff), Contains("In reserve off the field\n  American: Learned (placeholder, hidden)\n  British: Specht (placeholder, hidden)\n"));

    // Refused, naming what and what was expected; nothing written.
    CHECK_THAT(refused("battle arrive " + ff + " Poor", 1), Contains("brigade Poor is deployed at Freeman's Farm") &&
                                                                Contains("expected one of its reserves: Learned, Specht"));
    CHECK_THAT(refused("battle arrive " + ff + " Glover", 1), Contains("brigade Glover is not in reserve for Freeman's Farm"));
    CHECK_THAT(refused("battle deploy " + ff + " Specht", 1), Contains("brigade Specht is in reserve for Freeman's Farm"));
    CHECK_THAT(refused("battle deploy " + ff + " Glover Poor", 1), Contains("brigade Poor is already deployed at Freeman's Farm"));
    CHECK_THAT(refused("battle reserve " + ff + " Morgan", 1), Contains("brigade Morgan is already deployed at Freeman's Farm"));
    CHECK_THAT(refused("battle deploy " + ff + " Glover Glover", 2), Contains("brigade Glover is named twice"));
    CHECK_THAT(refused("battle deploy 'Freemans Farm' Glover", 2), Contains("no planned battle named \"Freemans Farm\": did you mean Freeman's Farm?"));
    CHECK_THAT(refused("battle deploy " + ff + " Glovr", 2), Contains("no brigade named \"Glovr\"") && Contains("did you mean Glover?"));
    refused("battle deploy " + ff, 2);
    CHECK_THAT(refused("battle show 'Bemis' --as american", 2), Contains("no battle named \"Bemis\" that the Americans fought"));
    step("battle plan 'Bemis Heights'");
    CHECK_THAT(refused("battle deploy 'Bemis Heights' Poor", 1),
               Contains("brigade Poor is already deployed at Freeman's Farm: a brigade is in one battle planned at a time"));
    CHECK_THAT(refused("battle reserve Bemis Learned", 1), Contains("brigade Learned is already in reserve for Freeman's Farm"));

    // A reserve arrives, rolled up with dice typed at the table, as arrive takes them.
    std::string fives;
    for (int i = 0; i < 60; ++i) fives += "5\n";
    before.push_back(test::dump(db, false));
    const auto rolled = test::run_muster("--db " + db + " battle arrive " + ff + " Learned --dice ask", c.env, fives);
    INFO(rolled.err);
    REQUIRE(rolled.code == 0);
    CHECK_THAT(rolled.out, Contains("Arrived on the field at Freeman's Farm from the reserve: Learned (rolled up)"));
    CHECK_THAT(rolled.out, Contains("Learned (Formed infantry, American, Continental), 1777"));
    CHECK_THAT(rolled.err, Contains("Dice for Learned:") && Contains("Roll 1 (percentile)"));
    CHECK_THAT(ok("battle show " + ff + " --as american"), Contains("Arrived from the reserve\n  American: Learned\n"));
    CHECK_THAT(refused("battle arrive " + ff + " Learned", 1), Contains("brigade Learned has already arrived on the field at Freeman's Farm: a reserve arrives once"));

    // Rolled for at the table side: the draft waits under the battle's name, which its plan mentions to the umpire only.
    step("table roll good_order --battle " + ff + " --unit 'Poor/1st New Hampshire' --column com --rolls 6");
    CHECK_THAT(ok("battle show " + ff), Contains("A draft report is waiting") && Contains("muster battle report --draft \"Freeman's Farm\""));
    CHECK(ok("battle show " + ff + " --as american").find("draft") == std::string::npos);

    // Poor alone, hidden from the British: the plan they read would close without their knowing
    // the battle was fought, and their divisions on its field with it. Refused, saying how.
    CHECK_THAT(refused("battle report --draft " + ff + " --preview", 2),
               Contains("the report of Freeman's Farm would close its plan, which every side reads, but the British side would not know it was fought") &&
               Contains("give one of the British side's brigades among the brigades that fought (--division NAME)"));
    // Revealing Poor would not do: a division seen fighting alone shows the battle to no one,
    // so the refusal does not offer it, and the draft shows what its report would need.
    const auto draft = ok("battle draft " + ff);
    CHECK_THAT(draft, Contains("As a report:\n  not yet: the report of Freeman's Farm would close its plan"));
    CHECK_THAT(draft, !Contains("reveal"));
    CHECK(draft.find("--keep-hidden") == std::string::npos);
    // Both sides there but kept hidden from each other: neither would read the plan closed.
    CHECK_THAT(refused("battle report --draft " + ff + " --division Hamilton --keep-hidden --preview", 2),
               Contains("brigades there are kept hidden from the enemy") && Contains("To report it, leave out --keep-hidden; or report the battle under another name"));
    // Divisions on the field the draft's rolls did not touch fought too where the umpire names
    // them beside it (one the draft names already is not named twice).
    CHECK_THAT(ok("battle report --draft " + ff + " --division Hamilton --division Poor --preview"), Contains("Battle of Freeman's Farm: 2 "));
    CHECK_THAT(refused("battle report --draft " + ff + " --division Hamiltn --preview", 2), Contains("Hamiltn"));
    // Poor, whom the British have not seen, is shown fighting by the report only: its own good
    // order roll was out of their sight.
    CHECK_THAT(refused("battle report --draft " + ff + " --division Hamilton --preview", 2),
               Contains("the American side's brigades there are kept hidden from the enemy") && Contains("name those kept hidden that fought (--division Poor)"));
    // The preview warns as the report will: of the plan it closes and the divisions on its field left out.
    CHECK_THAT(ok("battle report --draft " + ff + " --division Hamilton --division Poor --preview"),
               Contains("the plan of Freeman's Farm would be closed") &&
               Contains("on its field but not in the report, so not recorded as fighting there: Advanced Corps, Breymann") &&
               !Contains("in the report but not on its field"));
    // Reported from the draft: the plan is closed, its date and place the battle's, kept as its history.
    CHECK_THAT(step("battle report --draft " + ff + " --division Hamilton --division Poor"),
               Contains("the plan of Freeman's Farm is closed") &&
               Contains("on its field but not in the report, so not recorded as fighting there: Advanced Corps, Breymann, Morgan, Learned"));
    // Reported again from the draft it had: said to be reported, not unknown.
    CHECK_THAT(refused("battle report --draft " + ff, 1), Contains("battle Freeman's Farm is already reported, and a reported battle has no draft"));
    shown = ok("battle show " + ff);
    CHECK_THAT(shown, Contains("Battle of Freeman's Farm, 1777-09-19, Freeman's Farm, north of Saratoga (no casualties)"));
    CHECK_THAT(shown, Contains("As planned\n  Deployed on the field\n"));
    CHECK_THAT(ok("battle list"), Contains("Freeman's Farm, north of Saratoga  no casualties") && Contains("Bemis Heights") && Contains("planned"));
    // Hamilton fought there: the British read the battle, and the plan closed.
    CHECK_THAT(ok("battle list --as british"), Contains("Freeman's Farm  1777-09-19  Freeman's Farm, north of Saratoga  no casualties"));
    CHECK_THAT(refused("battle deploy " + ff + " Glover", 1), Contains("battle Freeman's Farm is already reported") && Contains("Bemis Heights"));
    CHECK_THAT(refused("battle plan " + ff, 1), Contains("is already recorded"));
    // Reported again under its name typed another way: said, for it may be the same battle.
    CHECK_THAT(ok("battle report --name 'freemans farm' --division Hamilton --preview"),
               Contains("a battle named Freeman's Farm is recorded already: if it is this one, amend it instead (muster battle amend \"Freeman's Farm\")"));
    CHECK_THAT(ok("battle report --name 'Bemis Farm' --division Hamilton --preview"), !Contains("recorded already"));
    CHECK_THAT(ok("check"), Contains(" battalions, ") && Contains("every ledger balances"));  // AWI's word for them

    // Undone step by step, each back to the campaign as it was before it (the journal aside).
    for (size_t i = before.size(); i-- > 0;) {
        INFO("undoing step " << i);
        CHECK_THAT(ok("undo"), Contains("Undid #"));
        CHECK(test::dump(db, false) == before[i]);
    }
    CHECK_THAT(ok("battle list"), !Contains("Freeman's Farm"));
    CHECK_THAT(ok("check"), Contains("every ledger balances"));
}

TEST_CASE("A planned battle's draft written out carries the plan's day and place, and a roll for a unit off its field, or in another plan, is refused") {
    const test::CampaignFile c;
    c.ok("campaign new G --sample grossbeeren --seed 3");
    c.ok("arrive --due");
    c.ok("battle plan Blankenfelde --date 1813-08-23 --place \"Blankenfelde, south of Berlin\"");
    c.ok("battle deploy Blankenfelde Durutte Borstell");
    CHECK_THAT(c.ok("table roll musketry --battle Blankenfelde --unit \"Durutte/Jarry's Brigade\" --points 6"), !Contains("does not put on its field"));
    // A unit of a division the plan leaves off its field (a unit mistyped, or not yet deployed)
    // is refused, changing nothing: its loss would take the division into the report.
    CHECK_THAT(c.refused("table roll musketry --battle Blankenfelde --unit Krafft/Colberg --points 6", 1),
               Contains("Krafft/Colberg Infantry Regiment is of Krafft, which the plan of Blankenfelde does not put on its field: "
                        "deploy it first with muster battle deploy Blankenfelde Krafft"));
    // A unit deployed in another open plan: a roll under this plan's name, or under a name that
    // is no plan (a slip: "Grossbeern"), is refused, naming the plan it is in, and no draft begins.
    c.ok("battle plan Grossbeeren");
    c.ok("battle deploy Grossbeeren Krafft");
    CHECK_THAT(c.refused("table roll musketry --battle Blankenfelde --unit Krafft/Colberg --points 6", 1),
               Contains("which the plan of Blankenfelde does not put on its field: it is in the plan of Grossbeeren") && Contains("give --battle Grossbeeren"));
    CHECK_THAT(c.refused("table roll musketry --battle Grossbeern --unit Krafft/Colberg --points 6", 1),
               Contains("Grossbeern is no battle planned: it is in the plan of Grossbeeren"));
    // A state set at the table is held to the plans as a roll is: no draft under a slip of the name.
    CHECK_THAT(c.refused("table state disordered=yes --battle Grossbeern --unit Krafft/Colberg", 1),
               Contains("Grossbeern is no battle planned: it is in the plan of Grossbeeren"));
    CHECK_THAT(c.refused("table state disordered=yes --battle Blankenfelde --unit Krafft/Colberg", 1),
               Contains("which the plan of Blankenfelde does not put on its field: it is in the plan of Grossbeeren"));
    CHECK_THAT(c.ok("battle draft"), !Contains("Grossbeern:"));
    const auto file = c.dir.file("draft.json");
    c.ok("battle draft Blankenfelde --write " + test::quote(file));
    CHECK_THAT(test::file_bytes(file), Contains("\"date\": \"1813-08-23\"") && Contains("\"place\": \"Blankenfelde, south of Berlin\""));
}

TEST_CASE("A side is not told which of the enemy's divisions are held in reserve, seen elsewhere or not, until one arrives on the field") {
    const test::CampaignFile c;
    const std::string ff = "\"Freeman's Farm\"";
    c.ok("campaign new Saratoga --sample saratoga --seed 5");
    c.ok("battle plan " + ff + " --date 1777-09-19");
    c.ok("battle deploy " + ff + " Poor Hamilton");
    c.ok("reveal Hamilton");
    c.ok("reveal 'Advanced Corps'");  // seen by the Americans, as their reserve is not
    const auto american = c.ok("battle show " + ff + " --as american");
    CHECK_THAT(american, Contains("British: Hamilton"));
    const auto american_list = c.ok("battle list --as american");
    c.ok("battle reserve " + ff + " 'Advanced Corps'");
    CHECK(c.ok("battle show " + ff + " --as american") == american);  // byte for byte
    CHECK(c.ok("battle list --as american") == american_list);
    CHECK_THAT(c.ok("battle show " + ff), Contains("British: Advanced Corps"));
    c.ok("battle arrive " + ff + " 'Advanced Corps'");
    CHECK_THAT(c.ok("battle show " + ff + " --as american"), Contains("Arrived from the reserve\n  British: Advanced Corps\n"));
}

TEST_CASE("Dice typed for a placeholder where the step rolls none up are refused with the step, as an arrival refuses dice it does not use") {
    const test::CampaignFile c;
    c.ok("campaign new Saratoga --sample saratoga --seed 5");
    c.ok("battle plan 'Bemis Heights'");
    c.ok("battle reserve 'Bemis Heights' Hamilton");
    const auto before = test::dump(c.dir.file("c.db"), false);
    CHECK_THAT(c.refused("battle deploy 'Bemis Heights' Poor Morgan --rolls 'not,dice,at,all'", 2),
               Contains("dice were typed in (--rolls) for a placeholder rolled up on the field, and each division named is no placeholder"));
    CHECK_THAT(c.refused("battle arrive 'Bemis Heights' Hamilton --rolls 50", 2),
               Contains("dice were typed in (--rolls) for a placeholder rolled up on the field, and Hamilton is no placeholder"));
    CHECK(test::dump(c.dir.file("c.db"), false) == before);
    c.ok("battle deploy 'Bemis Heights' Poor");
}

TEST_CASE("A unit of a division the plan keeps in reserve off the field is not rolled for at the table until it arrives there") {
    const test::CampaignFile c;
    c.ok("campaign new Saratoga --sample saratoga --seed 5");
    c.ok("battle plan FF");
    c.ok("battle deploy FF Poor Hamilton");
    c.ok("arrive Nixon");
    c.ok("battle reserve FF Nixon");
    // As the unit rolled for, its defender or its target's firer: refused, saying how to bring it on.
    for (const auto* roll : {"table roll good_order --battle FF --unit Nixon/1st --column com --rolls 6",
                             "table roll close_combat --battle FF --unit Hamilton/9th --defender Nixon/1st --rolls 3,2"})
        CHECK_THAT(c.refused(roll, 1), Contains("Nixon/1st Battalion is of Nixon, in reserve off the field at FF: bring it on first with muster battle arrive FF Nixon"));
    c.ok("battle arrive FF Nixon");
    CHECK_THAT(c.ok("table roll good_order --battle FF --unit Nixon/1st --column com --rolls 6"), Contains("Nixon/1st Battalion"));
    CHECK_THAT(c.refused("battle arrive FF Nixon", 1),
               Contains("a reserve arrives once (it has no reserve off the field: muster battle reserve FF DIVISION... names one)"));
}

TEST_CASE("A firer of a division the plan keeps in reserve off the field does not fire at the table until it arrives there") {
    const test::CampaignFile c;
    for (const auto* step : {"campaign new W --rules napoleonic --seed 7 --date 1809-07-05", "add army Armee --side french", "add corps IV --army Armee",
                             "add division Legrand --corps IV", "add army KK --side allies", "add corps I --army KK", "add division Fresnel --corps I",
                             "arrive Legrand", "arrive Fresnel", "battle plan Wagram", "battle deploy Wagram Fresnel", "battle reserve Wagram Legrand"})
        c.ok(step);
    const std::string fire = "table roll musketry --battle Wagram --unit 'Fresnel/1st Brigade' --firer 'Legrand/1st Brigade' --points 6 --rolls 7";
    CHECK_THAT(c.refused(fire, 1), Contains("Legrand/1st Brigade is of Legrand, in reserve off the field at Wagram: bring it on first with muster battle arrive Wagram Legrand"));
    c.ok("battle arrive Wagram Legrand");
    CHECK_THAT(c.ok(fire), Contains("Legrand/1st Brigade"));
}

TEST_CASE("A brigade merged already is refused a second merge, saying it is merged") {
    const test::CampaignFile c;
    c.ok("campaign new G --sample gettysburg --seed 1");
    c.ok("battle report --name Cemetery --loss \"Pickett/Armistead's Brigade=8\"");
    c.ok("battle recover Cemetery");
    c.ok("brigade merge \"Pickett/Armistead's Brigade\" --into \"Pickett/Garnett's Brigade\"");
    CHECK_THAT(c.refused("brigade merge \"Pickett/Armistead's Brigade\" --into \"Pickett/Kemper's Brigade\"", 1),
               Contains("has no stands to merge (it is merged already)"));
}

TEST_CASE("An AWI campaign speaks its rule set's words: brigades and battalions, its sides' names and grades, no despicable setting") {
    const test::CampaignFile c;
    c.ok("campaign new S --sample saratoga --seed 5");
    const auto acw = [](const std::string& out) {
        return out.find("division") != std::string::npos || out.find("Division") != std::string::npos || out.find("brigadier") != std::string::npos ||
               out.find("american") != std::string::npos || out.find("british") != std::string::npos || out.find("despicable") != std::string::npos;
    };
    const auto graded = c.refused("add brigade \"2nd Mass\" --division Glover --rating veteran --stands 8 --leader Lind", 2);
    CHECK_THAT(graded, Contains("battalion commander Lind needs a grade (--grade poltroon, cautious, competent, aggressive or exceptional)"));
    const auto turn = c.ok("turn");
    CHECK_THAT(turn, Contains("4 brigades are due and not yet arrived") && Contains("Breymann (British, turn 1"));
    CHECK_THAT(c.ok("schedule"), Contains("Turn  Date        Brigade   Side      Status\n1     1777-09-19  Breymann  British   due"));
    c.ok("campaign set --return-rate 40");
    const auto rolled = c.ok("arrive Nixon --show-rolls");
    CHECK_THAT(rolled, Contains("brigade: Battalions a brigade") && Contains("brigade leader: Commander rating"));
    CHECK_THAT(c.refused("arrive Nixon", 1), Contains("brigade Nixon has already arrived: a brigade arrives once"));
    CHECK_THAT(c.ok("rename division Nixon \"Nixon's Brigade\""), Contains("Renamed brigade Nixon to Nixon's Brigade"));
    CHECK_THAT(c.refused("exchange propose --from american --offer \"stands:Nixon's Brigade/1st=1\"", 2), Contains("held in the camps of the Americans"));
    for (const auto& out : {graded, turn, c.ok("schedule"), c.ok("journal"), c.ok("journal --as american")}) {
        INFO(out);
        CHECK_FALSE(acw(out));
    }
    // A campaign that gives no scale of its own reads the rule set's; AWI has no theaters.
    c.ok("campaign new Plain --rules awi --date 1777-09-01");
    CHECK_THAT(c.ok("campaign show"), Contains("Men per stand         40 (the rule set's scale)") && Contains("Theater               (the rule set has none)"));
}

TEST_CASE("Losses given beside a draft take their divisions as fighting, whether the draft's rolls are for a division the enemy has seen or not") {
    for (const bool seen : {false, true}) {
        INFO("the rolled division seen: " << seen);
        const test::CampaignFile c;
        c.ok("campaign new G --sample grossbeeren --seed 3");
        c.ok("arrive --due");
        c.ok("battle plan Blankenfelde");
        c.ok("battle deploy Blankenfelde Durutte Borstell");
        if (seen) c.ok("reveal Durutte");
        c.ok("table roll musketry --battle Blankenfelde --unit \"Durutte/Jarry's Brigade\" --points 6 --rolls 10");
        // Fire from no one named is the French side's own roll: Durutte, unseen, is shown
        // fighting where the report names it (else the Allies would not know the battle).
        const std::string report = "battle report --draft Blankenfelde --loss Krafft/Colberg=1 --leader Krafft:wounded";
        if (!seen) CHECK_THAT(c.refused(report, 2), Contains("(--division Durutte)"));
        const auto out = c.ok(report + (seen ? "" : " --division Durutte"));
        CHECK_THAT(out, Contains("Krafft/Colberg Infantry Regiment: from 5 to 4 stands (1 lost)") && Contains("in the report but not on its field: Krafft"));
        CHECK_THAT(c.ok("battle show Blankenfelde"), Contains("Krafft"));
    }
}
