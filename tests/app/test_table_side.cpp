// A battle played at the table side of a campaign: each roll journaled, what it costs added to
// the battle's draft report, the draft reviewed and applied as the usual report, `check` whole.
#include "app/players.hpp"
#include "app/table_side.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "db/db_support.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>

using namespace muster;
using Catch::Matchers::Contains;

namespace {

struct Wagram {
    test::TempDir dir;
    std::string path = dir.file("c.db");
    app::Session s = test::wagram(path, DiceMode::typed);
    app::CampaignRolled roll(const std::string& table, std::vector<std::string> modifiers, const std::string& unit, const std::string& defender,
                             std::vector<std::string> dice, const std::string& points = "") {
        app::CampaignRoll r;
        r.table = table;
        r.battle = "Wagram";
        r.unit = unit;
        r.defender = defender;
        for (const auto& m : modifiers) r.request.modifiers.push_back(play::parse_choice(m));
        if (!points.empty()) r.request.points = rules::parse_points(points);
        return s.table_side().roll(r, dice);
    }
    /// Fire at `unit` by `firer` in Wagram, of `points` fire points.
    static app::CampaignRoll fire(const std::string& unit, const std::string& firer, const std::string& points) {
        app::CampaignRoll r;
        r.table = "musketry";
        r.battle = "Wagram";
        r.unit = unit;
        r.firer = firer;
        r.request.points = rules::parse_points(points);
        return r;
    }
    int stands(const std::string& ref) {
        for (const auto& b : s.forces().brigades())
            if (b.ref() == ref) return b.stands;
        FAIL("no brigade " << ref);
        return -1;
    }
    /// Klenau fired on Deadly at the table, and a player Karl of the Allies: the stands it lost.
    int klenau_fired_on() {
        roll("musketry", {}, "Fresnel/Klenau", "", {"12", "2"}, "6");
        const int rolled = s.table_side().draft("Wagram").report.brigades.at(0).lost;
        REQUIRE(rolled > 0);
        s.players().add("Karl", "allies");
        return rolled;
    }
};

}  // namespace

TEST_CASE("A leader the draft has already fallen is gone for the rest of the battle - no second roll for him, no second fate") {
    Wagram w;
    const auto fire = w.roll("musketry", {}, "Fresnel/Klenau", "", {"12", "2"}, "6");
    REQUIRE(fire.fallen);
    // Fired at again: its leader fell already in this draft, so nothing more falls on him (no
    // second Fallen Leaders roll, no second fate), and a roll reading its commander reads none.
    const auto again = w.roll("musketry", {}, "Fresnel/Klenau", "", {"12"}, "6");
    CHECK(!again.fallen);
    bool said = false;
    for (const auto& line : again.outcome.lines) said = said || (line.find("but its leader") != std::string::npos && line.find("fell in this battle already") != std::string::npos);
    CHECK(said);
    int fates = 0;
    for (const auto& l : w.s.table_side().draft("Wagram").lines) fates += l.rfind("leader ", 0) == 0;
    CHECK(fates == 1);
}

TEST_CASE("A battle played at the table side: rolls journaled, the draft previewed and applied, check whole") {
    Wagram w;
    // Fire at Klenau: 6 points, a 12 before adjustment: Deadly (two bases) and the Fallen Leaders
    // table rolled for his leader in the same operation: a 2, Felled by sniper.
    const auto fire = w.roll("musketry", {}, "Fresnel/Klenau", "", {"12", "2"}, "6");
    CHECK(fire.roll.result->name == "Deadly");
    REQUIRE(fire.fallen);
    CHECK(fire.fallen->result->text == "Felled by sniper");
    CHECK_THAT(fire.outcome.summary, Contains("2 lines added to the draft report"));
    // A charge: Ledru (Fresh +2) against Kleist (Disordered -1, typed; and from the campaign Fresh
    // +2, Militia -1): 11 + 2 - (2 + 2 - 1 - 1) = +11, swept: one stand lost, one captured and one
    // more for the difference over 10, leader captured.
    const auto charge = w.roll("charge", {"attacker:fresh", "defender:disordered"}, "Legrand/Ledru", "Fresnel/Kleist", {"11", "2"});
    std::vector<std::string> mods;
    for (const auto& a : charge.roll.applied) mods.push_back(a.text() + (a.from.empty() ? "" : " (" + a.from + ")"));
    CHECK(mods == std::vector<std::string>{"defender: Fresh +2 (Fresnel/Kleist is Fresh: 6 of 6 stands (6/-/5))",
                                              "defender: Militia -1 (Fresnel/Kleist is rated Raw Militia)",
                                              "attacker: Fresh +2 (Legrand/Ledru is Fresh: 6 of 6 stands (6/4/2))", "defender: Disordered -1"});
    CHECK(charge.roll.score == 11);
    CHECK(charge.roll.defender_effects.stands_captured == 2);
    // Fire that costs nothing adds nothing.
    CHECK_THAT(w.roll("musketry", {"hard_cover"}, "Legrand/Lobau", "", {"5"}, "2").outcome.summary, Contains("nothing for the draft report"));

    // The journal has every roll, the umpire's alone: the sides read the battle's report.
    const auto journal = w.s.history().journal();
    std::vector<std::string> purposes;
    for (const auto& e : journal)
        if (e.kind == OperationKind::table_roll) {
            CHECK(e.audience.text().empty());
            for (const auto& r : e.rolls) purposes.push_back(r.roll.purpose);
        }
    CHECK(purposes == std::vector<std::string>{"Musketry & Cannonade table: Fresnel/Klenau", "fallen leader: Klenau",
                                               "attacker's 2d6 for Charge Table: Legrand/Ledru against Fresnel/Kleist",
                                               "defender's 2d6 for Charge Table: Legrand/Ledru against Fresnel/Kleist",
                                               "Musketry & Cannonade table: Legrand/Lobau"});
    for (const auto& e : w.s.history().journal(View::of_side("french"))) CHECK((e.kind != OperationKind::table_roll && e.kind != OperationKind::table_state));

    // The draft, line by line, and as the report it makes.
    const auto draft = w.s.table_side().draft("Wagram");
    CHECK(draft.lines == std::vector<std::string>{
                             "Fresnel/Klenau: 2 stands lost (Musketry & Cannonade table 12: Deadly)",
                             "leader Klenau: killed (Fallen Leaders 2: Felled by sniper (after Musketry & Cannonade table 12: Deadly))",
                             "Fresnel/Kleist: 1 stand lost (Charge Table +11: Swept from the field)",
                             "Fresnel/Kleist: 2 stands captured (Charge Table +11: Swept from the field)",
                             "leader Kleist: captured (Charge Table +11: Swept from the field)"});
    // Every unit rolled for fought, lost or not: its division is in the battle.
    CHECK(draft.engaged == std::vector<std::string>{"Fresnel/Klenau", "Legrand/Ledru", "Fresnel/Kleist", "Legrand/Lobau"});
    CHECK(draft.report.divisions == std::vector<std::string>{"Fresnel", "Legrand"});
    const auto before = test::dump(w.path);
    const auto preview = w.s.battles().report_draft("Wagram", app::DraftReport{}, app::Mode::preview);
    CHECK(preview.preview);
    CHECK(test::dump(w.path) == before);  // a preview stores nothing
    CHECK_THAT(preview.summary, Contains("3 stands lost, 2 stands captured, 2 leaders fallen"));

    const auto applied = w.s.battles().report_draft("Wagram", app::DraftReport{}, app::Mode::apply);
    CHECK(applied.operation > 0);
    CHECK(w.stands("Fresnel/Klenau") == 6);
    CHECK(w.stands("Fresnel/Kleist") == 3);
    CHECK(w.s.table_side().drafts().empty());  // applied: the draft is gone
    CHECK(w.s.history().check().ok());
    // The leaders' fates and the prisoners, as a typed report would have left them.
    bool klenau_killed = false, kleist_held = false;
    for (const auto& l : w.s.leaders().list())
        if (l.name == "Klenau") klenau_killed = l.status == LeaderStatus::killed;
    for (const auto& c : w.s.prisoners().camps())
        for (const auto& held : c.holds) kleist_held = kleist_held || (c.camp.name == "Vienna" && held.find("Kleist") != std::string::npos);
    CHECK(klenau_killed);
    CHECK(kleist_held);

    // Undo takes the battle back and the draft with it; undo again takes back the last rolls.
    w.s.history().undo();
    CHECK(w.s.table_side().draft("Wagram").lines.size() == 5);
    w.s.history().undo();  // the third roll: Lobau fought and lost nothing
    CHECK(w.s.table_side().draft("Wagram").engaged == std::vector<std::string>{"Fresnel/Klenau", "Legrand/Ledru", "Fresnel/Kleist"});
    w.s.history().undo();  // the charge
    CHECK(w.s.table_side().draft("Wagram").lines.size() == 2);
    CHECK(w.s.history().check().ok());
}

TEST_CASE("A roll for a battle refuses what it cannot draft, and changes nothing") {
    Wagram w;
    auto refused = [&](const std::function<void()>& f, const char* says) {
        const auto before = test::dump(w.path);
        CHECK_THROWS_WITH(f(), Contains(says));
        CHECK(test::dump(w.path) == before);
    };
    refused([&] { w.roll("charge", {}, "Legrand/Ledru", "Legrand/Lobau", {"7", "7"}); }, "both of side french");
    refused([&] { w.roll("musketry", {}, "Legrand/Ledru", "Fresnel/Kleist", {"7"}, "4"); }, "--defender applies to a table both sides roll");
    refused([&] { w.roll("musketry", {}, "", "", {"7"}, "4"); }, "names the unit it is for");
    refused([&] { w.roll("musketry", {}, "Fresnel/Nobody", "", {"7"}, "4"); }, "nor a battery of that name");
    refused([&] { w.roll("movement", {}, "Fresnel/Klenau", "", {"7"}); }, "for reference, not rolled");
    refused([&] { w.roll("musketry", {}, "Fresnel/Klenau", "", {}, "4"); }, "ran out");  // typed dice, none given
    // A draft cannot take more stands than a brigade has: the rest is said, not drafted.
    w.roll("musketry", {}, "Legrand/Lobau", "", {"10"}, "30");  // Withering: 3 of 5
    const auto second = w.roll("musketry", {}, "Legrand/Lobau", "", {"10"}, "30");
    CHECK_THAT(second.outcome.lines.at(0), Contains("2 stands lost (of 3: it has no more)"));
    // With no stands left it is not at the table: it is not fired on, charges, nor fires.
    refused([&] { w.roll("musketry", {}, "Legrand/Lobau", "", {"10"}, "30"); }, "Legrand/Lobau has no stands left (5 in the campaign, and the draft of Wagram takes 5)");
    refused([&] { w.roll("charge", {}, "Legrand/Lobau", "Fresnel/Klenau", {"7", "7"}); }, "Legrand/Lobau has no stands left");
    refused([&] { w.s.table_side().roll(Wagram::fire("Fresnel/Klenau", "Legrand/Lobau", "6"), {"12", "2"}); }, "Legrand/Lobau has no stands left");
    // A battle already reported takes no draft.
    w.s.battles().report_draft("Wagram", app::DraftReport{}, app::Mode::apply);
    refused([&] { w.roll("musketry", {}, "Fresnel/Klenau", "", {"7"}, "4"); }, "already recorded");
    // A battery target takes a battery's fate.
    app::CampaignRoll r;
    r.table = "musketry";
    r.battle = "Aspern";
    r.unit = "Legrand/Horse Battery";
    r.request.points = rules::parse_points("6");
    const auto gun = w.s.table_side().roll(r, {"12"});  // Deadly: wrecked; the 12's fallen-leader roll finds no leader
    CHECK_THAT(join(gun.outcome.lines, "\n"), Contains("Legrand/Horse Battery: the result falls on its leader, but it has no leader in command"));
    const auto d = w.s.table_side().draft("Aspern");
    CHECK(d.report.batteries.size() == 1);
    CHECK(d.report.batteries.at(0).fate == BatteryFate::wrecked);
}

TEST_CASE("A battery under fire takes the artillery's part of a result, silenced not disordered, silenced fires not till --override, and wrecked is out of the battle") {
    Wagram w;
    const auto hit = w.roll("musketry", {}, "Legrand/Horse Battery", "", {"4+3"}, "6");  // Lively: "Target disordered, Artillery silenced"
    REQUIRE(hit.roll.result->heading() == "Lively");
    const auto said = join(hit.outcome.lines, "\n");
    CHECK_THAT(said, Contains("Legrand/Horse Battery: silenced (on the table)") && !Contains("disordered"));
    CHECK_FALSE(hit.roll.effects.disordered);
    // A brigade hit alike is disordered, and not silenced.
    const auto brigade = w.roll("musketry", {}, "Fresnel/Klenau", "", {"4+3"}, "6");
    CHECK_THAT(join(brigade.outcome.lines, "\n"), Contains("Fresnel/Klenau: disordered (on the table)") && !Contains("silenced"));
    // Silenced, the battery limbers up and moves back: its fire is refused, and rolled only with
    // --override (not halved as if disordered), the draft as it was till then.
    auto r = Wagram::fire("Fresnel/Klenau", "Legrand/Horse Battery", "6");
    const auto before = w.s.table_side().draft("Wagram").report.brigades;
    CHECK_THROWS_WITH(w.s.table_side().roll(r, {"3+3"}), Contains("Legrand/Horse Battery is silenced") && Contains("silenced=no") && Contains("--override"));
    CHECK(w.s.table_side().draft("Wagram").report.brigades.size() == before.size());
    r.override = true;
    CHECK(w.s.table_side().roll(r, {"3+3"}).roll.result);
    CHECK_FALSE(w.s.table_side().draft("Wagram").states.empty());
    for (const auto& st : w.s.table_side().draft("Wagram").states) CHECK_THAT(st, !Contains("Horse Battery: disordered"));
    // Wrecked, it is out of the battle: it neither fires nor is fired on, --override or not.
    const auto wreck = w.roll("musketry", {}, "Legrand/Horse Battery", "", {"5+5"}, "14");
    REQUIRE(wreck.roll.effects.battery);
    CHECK_THROWS_WITH(w.s.table_side().roll(r, {"3+3"}), Contains("Legrand/Horse Battery is wrecked in the draft of Wagram: it is out of the battle"));
    CHECK_THROWS_WITH(w.roll("musketry", {}, "Legrand/Horse Battery", "", {"3+3"}, "6"), Contains("is wrecked in the draft of Wagram"));
}

TEST_CASE("A player's losses submitted to a draft begun by rolls for the enemy's units - his division fought too") {
    Wagram w;
    w.roll("musketry", {}, "Fresnel/Klenau", "", {"12", "2"}, "6");  // the umpire's roll: Fresnel engaged
    w.s.players().add("Pierre", "french");
    const auto pierre = w.s.players().list().at(0);
    w.s.players().submit_losses(pierre, "wagram", {"Legrand/Ledru=1"});
    const auto preview = w.s.battles().report_draft("Wagram", {}, app::Mode::preview);
    CHECK_THAT(preview.summary, Contains("Battle of Wagram: 2 divisions"));
    w.s.battles().report_draft("Wagram", {}, app::Mode::apply);
    CHECK(w.stands("Legrand/Ledru") == 5);
    const auto battles = w.s.battles().list(View::of_side("french"));
    REQUIRE(battles.size() == 1);
    CHECK(battles[0].name == "Wagram");
}

TEST_CASE("A brigade's losses rolled at the table and submitted by a player are not added: the report of the draft is refused, naming both") {
    Wagram w;
    w.roll("musketry", {}, "Fresnel/Klenau", "", {"12", "2"}, "6");  // Deadly: Klenau loses stands at the table
    const int rolled = w.s.table_side().draft("Wagram").report.brigades.at(0).lost;
    REQUIRE(rolled > 0);
    w.s.players().add("Karl", "allies");
    const int submitted = rolled + 1;  // his brigade's whole loss, as he saw it: not what was rolled
    w.s.players().submit_losses(w.s.players().list().at(0), "Wagram", {"Fresnel/Klenau=" + std::to_string(submitted)});
    const auto before = test::dump(w.path);
    for (const auto mode : {app::Mode::preview, app::Mode::apply}) {
        try {
            w.s.battles().report_draft("Wagram", {}, mode);
            FAIL("a doubled loss was reported");
        } catch (const UsageError& e) {
            CHECK_THAT(e.what(), Contains("(Fresnel/Klenau: " + count_of(rolled, "stand", "stands") + " lost rolled at the table, " + std::to_string(submitted) +
                                          " submitted by Karl (Allies))") &&
                                     Contains("muster battle draft --write FILE Wagram (it gives the larger)"));
        }
    }
    CHECK(test::dump(w.path) == before);
    // The draft is still shown, and written out with the larger of the two (not their sum), named
    // for the umpire to check.
    const auto d = w.s.table_side().draft("Wagram");
    CHECK(d.report.brigades.at(0).lost == submitted);
    CHECK(d.doubled == std::vector<std::string>{"Fresnel/Klenau: " + count_of(rolled, "stand", "stands") + " lost rolled at the table, " + std::to_string(submitted) +
                                                " submitted by Karl (Allies)"});
}

TEST_CASE("A division given beside a draft's lines fought beside the divisions of those lines, not instead of them") {
    Wagram w;
    w.s.players().add("Pierre", "french");
    w.s.players().submit_losses(w.s.players().list().at(0), "Wagram", {"Legrand/Ledru=1"});  // Legrand's, and no division named
    app::DraftReport how;
    how.beside.divisions = {"Fresnel"};
    CHECK_THAT(w.s.battles().report_draft("Wagram", how, app::Mode::preview).summary, Contains("Battle of Wagram: 2 divisions"));
    w.s.battles().report_draft("Wagram", how, app::Mode::apply);
    CHECK(w.stands("Legrand/Ledru") == 5);
    for (const auto* side : {"french", "allies"}) CHECK(w.s.battles().list(View::of_side(side)).size() == 1);  // each side's division fought
}

TEST_CASE("A draft report is one battle however its name is typed: rolls join it, and it is found as people type it") {
    Wagram w;
    w.roll("musketry", {}, "Fresnel/Klenau", "", {"12", "2"}, "6");
    app::CampaignRoll r;
    r.table = "musketry";
    r.battle = "WAGRAM";  // the same battle, typed another way
    r.unit = "Fresnel/Klenau";
    r.request.points = rules::parse_points("6");
    w.s.table_side().roll(r, {"12"});  // Klenau fell at the first: no Fallen Leaders roll for him again
    const auto drafts = w.s.table_side().drafts();
    REQUIRE(drafts.size() == 1);
    CHECK(drafts.front().battle == "Wagram");
    CHECK(w.s.table_side().draft("wagram").battle == "Wagram");
    CHECK(w.s.table_side().draft("wag").battle == "Wagram");
    // A roll for a beginning only it has joins it too, not a draft of its own.
    r.battle = "wagr";
    w.s.table_side().roll(r, {"12"});
    REQUIRE(w.s.table_side().drafts().size() == 1);
    CHECK(w.s.table_side().drafts().front().battle == "Wagram");
    CHECK_THROWS_WITH(w.s.table_side().draft("Wagrm"), Contains("no draft report for battle \"Wagrm\"") && Contains("did you mean Wagram?"));
    // Reported, it is called as the umpire names it whole then: the first spelling is of whoever
    // began the draft (a roll for a unit the enemy has not seen, perhaps), and a beginning, with
    // no plan to spell it, names nothing.
    CHECK_THAT(w.s.battles().report_draft("wagram", {}, app::Mode::preview).summary, Contains("Battle of wagram:"));
    CHECK_THROWS_WITH(w.s.battles().report_draft("wag", {}, app::Mode::preview),
                      Contains("\"wag\" begins the name of the draft of Wagram: give its whole name to report it"));
    CHECK_THAT(w.s.battles().report_draft("WAGRAM", {}, app::Mode::apply).summary, Contains("Battle of WAGRAM:"));
    CHECK(w.s.table_side().drafts().empty());
    // A battle planned is the draft's by a beginning of its name, before any roll is drafted for it.
    w.s.plans().plan("Aspern-Essling", std::nullopt, "");
    r.battle = "aspern";
    w.s.table_side().roll(r, {"7"});
    REQUIRE(w.s.table_side().drafts().size() == 1);
    CHECK(w.s.table_side().drafts().front().battle == "Aspern-Essling");
    // A place given beside it keeps the rule of every place.
    app::DraftReport odd;
    odd.beside.place = "Lobau\x1B[2J";
    CHECK_THROWS_WITH(w.s.battles().report_draft("Aspern-Essling", odd, app::Mode::preview), Contains("place") && Contains("control character"));
    // A beginning of a planned battle's name reports it as the plan spells it.
    // (Legrand fought there too: the French know the battle, and it may close the plan they read;
    // Fresnel, whom the French have not seen, is shown fighting only where the report names it.)
    app::DraftReport both;
    both.beside.divisions = {"Legrand", "Fresnel"};
    CHECK_THAT(w.s.battles().report_draft("asp", both, app::Mode::preview).summary, Contains("Battle of Aspern-Essling:"));
    // Reported by name, not from its draft, the report replaces the draft; a roll for the battle
    // recorded is refused, as the umpire types its name.
    battle::Report plain;
    plain.name = "Aspern-Essling";
    plain.divisions = {"Fresnel", "Legrand"};
    CHECK_THAT(join(w.s.battles().report_battle(plain, app::Mode::apply).lines, "\n"), Contains("the draft report of Aspern-Essling is cleared"));
    CHECK(w.s.table_side().drafts().empty());
    r.battle = "aspern-ESSLING";
    CHECK_THROWS_WITH(w.s.table_side().roll(r, {"7"}), Contains("battle Aspern-Essling is already recorded"));
}

TEST_CASE("A battle reported by name beside a draft it leaves waiting says so: the lines it did not take are not found later by chance") {
    Wagram w;
    w.s.players().add("Pierre", "french");
    w.s.players().submit_losses(w.s.players().list().at(0), "Wagram", {"Legrand/Ledru=1"});
    const int ledru = w.stands("Legrand/Ledru");
    battle::Report r;  // the Allies' losses alone: the French fought none of it, so their player's draft is not cleared
    r.name = "Wagram";
    battle::add_loss_spec(r, "Fresnel/Klenau=1");
    const auto out = w.s.battles().report_battle(r, app::Mode::apply);
    CHECK_THAT(join(out.lines, "\n"), Contains("the draft report of Wagram is left holding 1 line this report does not take, losses submitted by a side that fought none of it (muster battle draft Wagram shows them"));
    CHECK(w.stands("Legrand/Ledru") == ledru);  // not taken
    CHECK(w.s.table_side().draft("Wagram").report.brigades.size() == 1);
}

TEST_CASE("A player's loss counts the stands captured at the table too: the same total is one loss told twice, another the umpire settles, the larger taken") {
    // Swept from the field at the table: Kleist loses 1 stand and 2 are captured, 3 off the table.
    const auto kleist_after = [](int submitted, bool submitted_first = false) {
        Wagram w;
        const auto charge = [&] { w.roll("charge", {"attacker:fresh", "defender:disordered"}, "Legrand/Ledru", "Fresnel/Kleist", {"11", "2"}); };
        const int before = w.stands("Fresnel/Kleist");
        if (!submitted_first) charge();
        w.s.players().add("Karl", "allies");
        w.s.players().submit_losses(w.s.players().list().at(0), "Wagram", {"Fresnel/Kleist=" + std::to_string(submitted)});
        if (submitted_first) charge();
        const auto draft = w.s.table_side().draft("Wagram");
        const auto& kleist = draft.report.brigades.at(0);
        REQUIRE(kleist.brigade == "Fresnel/Kleist");
        return std::tuple{draft.doubled, kleist.lost + kleist.captured, before};
    };
    // The 3 he took off the table: the table's 1 lost and 2 captured, nothing added.
    const auto [same, same_taken, stands] = kleist_after(3);
    CHECK(same.empty());
    CHECK(same_taken == 3);
    // Another number: for the umpire to settle; the draft as a report takes the larger in all.
    const auto [more, more_taken, unused] = kleist_after(5);
    REQUIRE(more.size() == 1);
    CHECK_THAT(more[0], Contains("Fresnel/Kleist: 3 stands lost and captured (1 and 2) rolled at the table, 5 submitted by Karl"));
    CHECK(more_taken == 5);
    CHECK(std::get<1>(kleist_after(2)) == 3);  // fewer than the table took: the table's
    CHECK(stands == 6);
    // Submitted before the roll: the roll reads the brigade as the table left it, not as the
    // player's number does, and the draft is the same.
    CHECK(kleist_after(3, true) == kleist_after(3));
    CHECK(kleist_after(5, true) == kleist_after(5));
}

TEST_CASE("A player's loss counts the prisoners the umpire gives beside the draft too: one loss told twice, not added") {
    Wagram w;
    const int before = w.stands("Fresnel/Kleist");
    w.s.players().add("Karl", "allies");
    w.s.players().submit_losses(w.s.players().list().at(0), "Wagram", {"Fresnel/Kleist=3"});  // "captured ones too"
    w.s.prisoners().add_camp("french", "Vincennes");
    app::DraftReport how;
    battle::add_captured_spec(how.beside, "Fresnel/Kleist=1@Vincennes");
    const auto preview = w.s.battles().report_draft("Wagram", how, app::Mode::preview);
    CHECK_THAT(preview.summary + join(preview.lines, "\n"), Contains("2 lost, 1 captured"));
    w.s.battles().report_draft("Wagram", how, app::Mode::apply);
    CHECK(w.stands("Fresnel/Kleist") == before - 3);
    CHECK_THAT(join(preview.lines, "\n"), !Contains("more than"));
    // More prisoners than he gave: the umpire's, none lost besides, and said so (in the preview
    // and the report alike), for the two numbers disagree.
    w.s.history().undo();
    app::DraftReport more;
    battle::add_captured_spec(more.beside, "Fresnel/Kleist=4@Vincennes");
    const std::string said = "Fresnel/Kleist: 4 stands captured given with the report, more than the 3 lost (captured ones too) submitted by Karl (Allies): "
                             "the prisoners taken, no stand lost besides";
    CHECK_THAT(join(w.s.battles().report_draft("Wagram", more, app::Mode::preview).lines, "\n"), Contains(said));
    CHECK_THAT(join(w.s.battles().report_draft("Wagram", more, app::Mode::apply).lines, "\n"), Contains(said));
    CHECK(w.stands("Fresnel/Kleist") == before - 4);
}

TEST_CASE("A player's loss counts the table's and the umpire's prisoners beside the draft together - the same total is reported, not refused as doubled") {
    Wagram w;
    const int before = w.stands("Fresnel/Klenau");
    const int rolled = w.klenau_fired_on();
    // He took the table's stands off and one more, taken prisoner: his whole loss.
    w.s.players().submit_losses(w.s.players().list().at(0), "Wagram", {"Fresnel/Klenau=" + std::to_string(rolled + 1)});
    w.s.prisoners().add_camp("french", "Vincennes");
    app::DraftReport how;
    battle::add_captured_spec(how.beside, "Fresnel/Klenau=1@Vincennes");
    const auto preview = w.s.battles().report_draft("Wagram", how, app::Mode::preview);
    CHECK_THAT(preview.summary + join(preview.lines, "\n"), Contains(std::to_string(rolled) + " lost, 1 captured"));
    w.s.battles().report_draft("Wagram", how, app::Mode::apply);
    CHECK(w.stands("Fresnel/Klenau") == before - rolled - 1);
    // Another total is still the umpire's to settle.
    w.s.history().undo();
    app::DraftReport two;
    battle::add_captured_spec(two.beside, "Fresnel/Klenau=2@Vincennes");
    CHECK_THROWS_WITH(w.s.battles().report_draft("Wagram", two, app::Mode::preview),
                      Contains("Fresnel/Klenau: " + std::to_string(rolled + 2) + " stands lost and captured"));
}

TEST_CASE("A brigade's loss rolled at the table and submitted by a player as the same number is one loss told twice: the draft is reported with it") {
    Wagram w;
    const int before = w.stands("Fresnel/Klenau");
    const int rolled = w.klenau_fired_on();
    w.s.players().submit_losses(w.s.players().list().at(0), "Wagram", {"Fresnel/Klenau=" + std::to_string(rolled)});
    CHECK(w.s.table_side().draft("Wagram").doubled.empty());
    w.s.battles().report_draft("Wagram", {}, app::Mode::apply);
    CHECK(w.stands("Fresnel/Klenau") == before - rolled);
}

TEST_CASE("A draft asked for that is not there says what fills one in this campaign - the table side's rolls only where the rule set has play tables") {
    test::TempDir dir;
    auto acw = test::make_campaign(dir.file("acw.db"));
    CHECK_THROWS_WITH(acw.table_side().draft("Nope"), Contains("the losses a player submits through his link fill one; rule set acw has no play tables") &&
                                                          !Contains("table roll"));
    auto napoleonic = test::empty_campaign(dir.file("n.db"), "1809", "napoleonic");
    CHECK_THROWS_WITH(napoleonic.table_side().draft("Nope"), Contains("muster table roll ... --battle NAME --unit REF fills one"));
}

TEST_CASE("A battery in column of route is fired on as limbered artillery as well as in column of route, from the campaign") {
    Wagram w;
    const auto applied = [&] {
        const auto fire = w.roll("musketry", {}, "Legrand/Horse Battery", "", {"6"}, "4");
        std::vector<std::string> texts;
        for (const auto& a : fire.roll.applied) texts.push_back(a.text());
        return join(texts, "\n");
    };
    CHECK_FALSE(Catch::Matchers::Contains("limbered artillery").match(applied()));
    w.s.history().undo();
    w.s.table_side().set_state("Wagram", "Legrand/Horse Battery", {app::parse_state_change("formation=column_of_route")});
    CHECK(w.s.history().journal().back().kind == OperationKind::table_state);  // a state set, not a roll: undo says so
    CHECK_THAT(applied(), Contains("Firing at cavalry, limbered artillery. +1") && Contains("in column of route x2"));
}
