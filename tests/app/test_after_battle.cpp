// After the battle through the service layer: reports, recovery, camps, exchanges,
// liberation, fallen leaders, the fate of brigades; refusals that change nothing; the
// stand ledger balanced after every step of random campaigns.
#include "app/refs.hpp"
#include "app/session_state.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "db/db_support.hpp"
#include "db/roster.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>

#include <fstream>

using namespace muster;
using Catch::Matchers::Contains;

namespace {

struct Fixture {
    test::TempDir dir;
    std::string path = dir.file("c.db");
    app::Session s = test::make_campaign(path);
    Fixture() {
        s.forces().add_brigade({"Heth", "Archer", "veteran", 8, std::nullopt, "", "", {"Archer", "average"}});
        s.forces().add_brigade({"Heth", "Davis", "veteran", 7, std::nullopt, "", "", {"Davis", "despicable"}});
        s.forces().add_battery({"1st Battery", "Heth", "", ""});
        s.forces().add_brigade({"Wadsworth", "Iron Brigade", "veteran", 8, std::nullopt, "", "", {"Meredith", "average"}});
        s.forces().add_brigade({"Wadsworth", "Cutler", "green", 7, std::nullopt, "", "", {"Cutler", "average"}});
        s.prisoners().add_camp("union", "Fort Delaware");
        s.prisoners().add_camp("confederate", "Libby Prison");
    }
    int stands(const std::string& ref) {
        for (const auto& b : s.forces().brigades())
            if (b.ref() == ref) return b.stands;
        FAIL("no brigade " << ref);
        return -1;
    }
    std::string refusal(const std::function<void()>& f) {
        const auto before = test::dump(path);
        try {
            f();
        } catch (const Error& e) {
            CHECK(test::dump(path) == before);
            return e.what();
        }
        FAIL("accepted");
        return {};
    }
};

battle::Report gettysburg() {
    battle::Report r;
    r.name = "Gettysburg";
    battle::add_loss_spec(r, "Heth/Archer=3");
    battle::add_captured_spec(r, "Heth/Archer=1@Fort Delaware");
    return r;
}

}  // namespace

TEST_CASE("The seed's rule worked: 8 stands lose 3 and 1 captured - 4 - then 5 or 6 after recovery") {
    for (const auto& [roll, after] : std::vector<std::pair<std::string, int>>{{"50", 6}, {"51", 5}}) {
        Fixture f;
        f.s.battles().report_battle(gettysburg(), app::Mode::apply);
        CHECK(f.stands("Heth/Archer") == 4);
        const auto out = f.s.battles().recover("Gettysburg", {roll}, app::Mode::apply);
        CHECK(f.stands("Heth/Archer") == after);
        REQUIRE(out.rolls.size() == 1);
        // The prisoner does not come back with the casualties.
        const auto camps = f.s.prisoners().camps();
        CHECK(camps[0].holds == std::vector<std::string>{"1 stand of Heth/Archer"});
        const auto report = f.s.history().check();
        CHECK(report.ok());
        CHECK(report.held == 1);
    }
}

TEST_CASE("A report is previewed first and stores nothing") {
    Fixture f;
    const auto before = test::dump(f.path);
    const auto preview = f.s.battles().report_battle(gettysburg(), app::Mode::preview);
    CHECK(preview.preview);
    CHECK(preview.operation == 0);
    CHECK_THAT(preview.lines.front(), Contains("Heth/Archer: from 8 to 4 stands (3 lost, 1 captured to Fort Delaware)"));
    CHECK(test::dump(f.path) == before);
    const auto applied = f.s.battles().report_battle(gettysburg(), app::Mode::apply);
    CHECK(applied.lines == preview.lines);
    CHECK(applied.summary == preview.summary);
}

TEST_CASE("A battle report is checked as a whole and a bad one changes nothing") {
    Fixture f;
    auto report = [&](std::function<void(battle::Report&)> edit) {
        battle::Report r;
        r.name = "Bad";
        edit(r);
        return f.refusal([&] { f.s.battles().report_battle(r, app::Mode::apply); });
    };
    CHECK_THAT(report([](auto& r) { battle::add_loss_spec(r, "Heth/Nobody=1"); }), Contains("no brigade \"Heth/Nobody\""));
    CHECK_THAT(report([](auto& r) {
                   r.divisions = {"Heth", "Wadsworth", "Heth"};
                   battle::add_loss_spec(r, "Heth/Archer=1");
               }),
               Contains("division Heth is named twice among those that fought: name each division once"));
    CHECK_THAT(report([](auto& r) {
                   battle::add_loss_spec(r, "Heth/Archer=5");
                   battle::add_captured_spec(r, "Heth/Archer=4@Fort Delaware");
               }),
               Contains("brigade Heth/Archer loses 5 and has 4 captured, but has only 8 stands"));
    CHECK_THAT(report([](auto& r) { battle::add_captured_spec(r, "Heth/Archer=1@Libby Prison"); }),
               Contains("1 stand of brigade Heth/Archer is captured, but camp Libby Prison is a camp of their own side: prisoners go to a camp of the captor"));
    CHECK_THAT(report([](auto& r) { battle::add_captured_spec(r, "Heth/Archer=1@Andersonville"); }), Contains("no camp named \"Andersonville\""));
    CHECK_THAT(report([](auto& r) { battle::add_leader_spec(r, "Longstreet:killed"); }), Contains("no leader \"Longstreet\""));
    // A brigade that has no commander is named as such, not as no leader at all.
    f.s.forces().add_brigade({"Heth", "Leaderless", "veteran", 6, std::nullopt, "", "", {}});
    CHECK_THAT(report([](auto& r) { battle::add_leader_spec(r, "Heth/Leader:killed"); }),
               Contains("brigade Heth/Leaderless has no commander (muster leader replace Heth/Leader rolls one)"));
    CHECK_THAT(report([](auto& r) {
                   battle::add_leader_spec(r, "Archer:killed");
                   battle::add_leader_spec(r, "Heth/Archer:wounded/1");
               }),
               Contains("leader Archer is reported twice"));
    CHECK_THAT(report([](auto& r) { battle::add_battery_spec(r, "Heth/1st Battery:captured@Libby Prison"); }),
               Contains("camp Libby Prison is a camp of"));
    CHECK_THAT(report([](auto& r) {
                   r.divisions = {"Pender"};
                   battle::add_loss_spec(r, "Heth/Archer=1");
               }),
               Contains("division Pender has not arrived"));
    f.s.battles().report_battle(gettysburg(), app::Mode::apply);
    CHECK_THAT(f.refusal([&] { f.s.battles().report_battle(gettysburg(), app::Mode::apply); }), Contains("a battle named \"Gettysburg\" is already recorded"));
    battle::Report again;
    again.name = "Again";
    battle::add_leader_spec(again, "Archer:captured@Fort Delaware");
    f.s.battles().report_battle(again, app::Mode::apply);
    battle::Report twice;
    twice.name = "Twice";
    battle::add_leader_spec(twice, "Archer:killed");
    CHECK_THAT(f.refusal([&] { f.s.battles().report_battle(twice, app::Mode::apply); }), Contains("leader Archer is already captured"));
}

TEST_CASE("Casualties return once - a preview of the recovery keeps the dice") {
    Fixture f;
    f.s.battles().report_battle(gettysburg(), app::Mode::apply);
    const auto preview = f.s.battles().recover("Gettysburg", {}, app::Mode::preview);
    const auto real = f.s.battles().recover("Gettysburg", {}, app::Mode::apply);
    CHECK(preview.lines == real.lines);
    CHECK(word(f.s.history().journal()[f.s.history().journal().size() - 2].rolls.front().status) == "discarded");
    CHECK_THAT(f.refusal([&] { f.s.battles().recover("Gettysburg", {}, app::Mode::apply); }), Contains("have already returned"));
    CHECK_THAT(f.refusal([&] { f.s.battles().recover("Antietam", {}, app::Mode::apply); }), Contains("no battle named \"Antietam\""));
}

TEST_CASE("A held leader is named in an exchange as the camps call him, asked back by the unit he commands, never by his number") {
    Fixture f;
    battle::Report r = gettysburg();
    battle::add_leader_spec(r, "Meredith:captured@Libby Prison");
    f.s.battles().report_battle(r, app::Mode::apply);
    CHECK(f.s.prisoners().propose_exchange({"union", "", {}, {"leader:Wadsworth/Iron Brigade"}, ""}).ask == std::vector<std::string>{"leader Meredith"});
    std::int64_t id = 0;
    for (const auto& l : f.s.leaders().list(View::umpire()))
        if (l.name == "Meredith") id = l.id;
    REQUIRE(id > 0);
    CHECK_THAT(f.refusal([&] { f.s.prisoners().propose_exchange({"union", "", {}, {"leader:#" + std::to_string(id)}, ""}); }),
               Contains("no leader #" + std::to_string(id) + " held in the camps of the Confederates"));
}

TEST_CASE("Exchange by mutual consent end to end") {
    Fixture f;
    battle::Report r = gettysburg();
    battle::add_captured_spec(r, "Wadsworth/Iron Brigade=2@Libby Prison");
    battle::add_leader_spec(r, "Meredith:captured@Libby Prison");
    f.s.battles().report_battle(r, app::Mode::apply);
    app::CampaignSettings hundred;
    hundred.men_per_stand = 100;
    f.s.change_settings(hundred);

    const auto v = f.s.prisoners().propose_exchange({"union", "", {"stands:Heth/Archer=1"}, {"stands:Wadsworth/Iron Brigade=2", "leader:Meredith"}, "even?"});
    CHECK(v.row.counterpart == "confederate");
    CHECK(v.offer == std::vector<std::string>{"1 stand of Heth/Archer"});
    CHECK(v.ask == std::vector<std::string>{"2 stands of Wadsworth/Iron Brigade", "leader Meredith"});
    CHECK(v.balance == "Dix-Hill cartel of 1862 (muster's own values): offers 100 privates, asks 220: the proposer asks 120 more");
    CHECK(f.stands("Wadsworth/Iron Brigade") == 6);

    CHECK_THAT(f.refusal([&] { f.s.prisoners().answer_exchange(v.row.number, "union", app::Answer::accept); }),
               Contains("was proposed by the Union: only the Confederates may accept or refuse it"));
    CHECK_THAT(f.refusal([&] { f.s.prisoners().answer_exchange(99, "confederate", app::Answer::accept); }), Contains("no exchange #99"));
    CHECK_THAT(f.refusal([&] { f.s.prisoners().propose_exchange({"union", "", {"stands:Heth/Archer=2"}, {}, ""}); }),
               Contains("2 stands of Heth/Archer are not held by the Union (short by 1)"));
    // Found among what the union's camps hold, and nothing else: its own brigade is not there.
    CHECK_THAT(f.refusal([&] { f.s.prisoners().propose_exchange({"union", "", {"stands:Wadsworth/Iron Brigade=1"}, {}, ""}); }),
               Contains("no stands of Wadsworth/Iron Brigade held in the camps of the Union"));

    f.s.prisoners().answer_exchange(v.row.number, "confederate", app::Answer::accept);
    CHECK(f.stands("Wadsworth/Iron Brigade") == 8);
    CHECK(f.stands("Heth/Archer") == 5);
    for (const auto& camp : f.s.prisoners().camps()) CHECK(camp.holds.empty());
    for (const auto& l : f.s.leaders().list())
        if (l.name == "Meredith") CHECK(word(l.status) == "active");
    CHECK(f.s.history().check().ok());
    CHECK_THAT(f.refusal([&] { f.s.prisoners().answer_exchange(v.row.number, "confederate", app::Answer::accept); }), Contains("was already accepted"));

    // A refused proposal moves no one.
    f.s.battles().report_battle([] { battle::Report x; x.name = "Second"; battle::add_captured_spec(x, "Heth/Davis=2@Fort Delaware"); return x; }(), app::Mode::apply);
    const auto no = f.s.prisoners().propose_exchange({"confederate", "", {}, {"stands:Heth/Davis=2"}, ""});
    f.s.prisoners().answer_exchange(no.row.number, "union", app::Answer::refuse);
    CHECK(f.stands("Heth/Davis") == 5);
    CHECK(word(f.s.prisoners().exchanges().back().row.status) == "refused");
}

TEST_CASE("A proposer withdraws a proposal awaiting its answer: no one moves, both sides read it, and undo brings it back exactly") {
    Fixture f;
    f.s.battles().report_battle(gettysburg(), app::Mode::apply);
    const auto v = f.s.prisoners().propose_exchange({"union", "", {"stands:Heth/Archer=1"}, {}, ""});
    CHECK_THAT(f.refusal([&] { f.s.prisoners().answer_exchange(v.row.number, "confederate", app::Answer::withdraw); }),
               Contains("was proposed by the Union: only the Union may withdraw it (the Confederates may accept or refuse it)"));
    CHECK_THAT(f.refusal([&] { f.s.prisoners().answer_exchange(v.row.number, "union", app::Answer::refuse); }),
               Contains("only the Confederates may accept or refuse it (the Union may withdraw it)"));

    const auto before = test::dump(f.path, false);
    const auto done = f.s.prisoners().answer_exchange(v.row.number, "union", app::Answer::withdraw);
    CHECK(done.summary == "Exchange #1 withdrawn by the Union");
    CHECK(f.s.prisoners().exchanges().at(0).row.status == ExchangeStatus::withdrawn);
    CHECK(f.stands("Heth/Archer") == 4);  // 8, 3 lost and 1 held: the one offered stays held
    for (const auto* side : {"union", "confederate"}) {
        const auto journal = f.s.history().journal(View::of_side(side), 1);
        REQUIRE(journal.size() == 1);
        CHECK(journal.back().summary == "Exchange #1 withdrawn by the Union");
        CHECK(journal.back().kind == OperationKind::exchange_withdrawn);
    }
    CHECK(f.s.history().check().ok());
    CHECK_THAT(f.refusal([&] { f.s.prisoners().answer_exchange(v.row.number, "confederate", app::Answer::accept); }), Contains("was already withdrawn"));
    CHECK_THAT(f.refusal([&] { f.s.prisoners().answer_exchange(v.row.number, "union", app::Answer::withdraw); }), Contains("was already withdrawn"));

    const auto after = test::dump(f.path, false);
    f.s.history().undo();
    CHECK(test::dump(f.path, false) == before);
    CHECK(f.s.prisoners().exchanges().at(0).row.status == ExchangeStatus::proposed);
    f.s.history().redo();
    CHECK(test::dump(f.path, false) == after);

    // One that lapsed (its men freed since) can still be taken back: it is only cleared away.
    const auto lapsing = f.s.prisoners().propose_exchange({"union", "", {"stands:Heth/Archer=1"}, {}, "again"});
    f.s.prisoners().liberate("Fort Delaware");
    REQUIRE_FALSE(f.s.prisoners().exchanges().back().lapsed.empty());
    f.s.prisoners().answer_exchange(lapsing.row.id, "union", app::Answer::withdraw);
    CHECK(f.s.prisoners().exchanges().back().row.status == ExchangeStatus::withdrawn);
}

TEST_CASE("Liberating a camp sends everyone home - a liberated camp is refused, an empty one closed") {
    Fixture f;
    battle::Report r = gettysburg();
    battle::add_leader_spec(r, "Heth/Davis:captured@Fort Delaware");
    battle::add_battery_spec(r, "Heth/1st Battery:captured@Fort Delaware");
    f.s.battles().report_battle(r, app::Mode::apply);
    f.s.battles().disband_brigade("Heth/Archer");  // its captured stand has no brigade in service to return to
    CHECK_THAT(f.s.prisoners().liberate("Libby Prison").summary, Contains("Liberated Libby Prison (Confederate): it held no one, and takes no more prisoners"));
    const auto out = f.s.prisoners().liberate("Fort Delaware");
    CHECK(out.lines.size() == 3);
    CHECK_THAT(out.lines[0], Contains("the brigade is disbanded: they wait there until merged"));
    CHECK(f.stands("Heth/Archer") == 1);
    f.s.battles().merge_brigade("Heth/Archer", "Heth/Davis");
    CHECK(f.stands("Heth/Davis") == 8);
    // The merged brigade starts again at 8 stands, labelled for 8 by the effectiveness table.
    const auto& table = f.s.rules().effectiveness;
    for (const auto& b : f.s.forces().brigades())
        if (b.ref() == "Heth/Davis") {
            CHECK(b.start_stands == 8);
            CHECK(b.label.worn_at == table.find("veteran", 8)->worn_at);
            CHECK(b.label.spent_at == table.find("veteran", 8)->spent_at);
        }
    CHECK(f.s.history().check().ok());
    CHECK_THAT(f.refusal([&] { f.s.prisoners().liberate("Fort Delaware"); }), Contains("was already liberated"));
    battle::Report later;
    later.name = "Later";
    battle::add_captured_spec(later, "Heth/Davis=1@Fort Delaware");
    CHECK_THAT(f.refusal([&] { f.s.battles().report_battle(later, app::Mode::apply); }), Contains("camp Fort Delaware was liberated"));
}

TEST_CASE("An unnamed commander whose post was filled goes by the post he held, and can be named and brought back") {
    Fixture f;
    app::CampaignSettings unnamed;
    unnamed.leader_names = Switch::off;
    f.s.change_settings(unnamed);
    f.s.arrivals().arrive(test::arrival("Pender"));  // generated brigadiers are unnamed where the campaign draws no names
    battle::Report r;
    r.name = "Falling";
    battle::add_leader_spec(r, "Pender/1st Brigade:wounded/1");
    f.s.battles().report_battle(r, app::Mode::apply);
    f.s.leaders().replace_leader("Pender/1st Brigade", 1863, {"50"}, app::Mode::apply, app::Displace::keep);
    const auto leaders = f.s.leaders().list();
    const auto fallen = std::find_if(leaders.begin(), leaders.end(), [](const auto& l) { return l.status == LeaderStatus::wounded; });
    REQUIRE(fallen != leaders.end());
    const std::string post = "former commander of Pender/1st Brigade";
    CHECK(fallen->label() == post);
    // The second replaced there is told apart by his number among them.
    f.s.leaders().replace_leader("Pender/1st Brigade", 1863, {"50"}, app::Mode::apply, app::Displace::replace);
    const auto after = f.s.leaders().list();
    CHECK(std::count_if(after.begin(), after.end(), [&](const auto& l) { return l.label() == post + " (2)"; }) == 1);
    f.s.forces().rename(NamedKind::leader, post, "Pettigrew");
    battle::Report later;
    later.name = "Later";
    battle::add_loss_spec(later, "Pender/2nd Brigade=1");
    f.s.battles().report_battle(later, app::Mode::apply);
    CHECK_THAT(f.s.leaders().return_leader("Pettigrew").summary, Contains("Pettigrew"));
    CHECK_THAT(f.refusal([&] { f.s.forces().rename(NamedKind::leader, "#999999", "Nobody"); }),
               Contains("no leader #999999") && Contains("leader list shows every leader's number"));
    CHECK_THAT(f.refusal([&] { f.s.forces().rename(NamedKind::leader, "Nobody Atall", "Nobody"); }),
               Contains("or the post he held, as muster leader list shows them"));
    CHECK_THAT(f.refusal([&] { f.s.forces().rename(NamedKind::leader, "Pettigrew", "former commander of Heth"); }),
               Contains("begins as an unnamed leader is called"));
}

TEST_CASE("Fallen leaders: a despicable brigadier keeps his brigade until he falls") {
    Fixture f;
    CHECK_THAT(f.refusal([&] { f.s.leaders().replace_leader("Heth/Davis", 1863, {"50"}, app::Mode::apply, app::Displace::replace); }),
               Contains("is permanently in command: he cannot be replaced voluntarily"));
    CHECK_THAT(f.refusal([&] { f.s.leaders().replace_leader("Heth/Archer", 1863, {"95"}, app::Mode::apply, app::Displace::keep); }),
               Contains("is in command and sound: replacing him is the organiser's choice; give --force"));
    const auto chosen = f.s.leaders().replace_leader("Heth/Archer", 1863, {"95"}, app::Mode::apply, app::Displace::replace);  // a voluntary replacement
    CHECK_THAT(chosen.summary, Contains("by the organiser's choice"));
    battle::Report r;
    r.name = "Falling";
    battle::add_leader_spec(r, "Davis:killed");
    battle::add_leader_spec(r, "Meredith:wounded/1");
    f.s.battles().report_battle(r, app::Mode::apply);
    // Named by the fallen man, his unit (Confederate 1861-63: 73-00 exceptional).
    const auto replaced = f.s.leaders().replace_leader("Davis", 1863, {"90"}, app::Mode::apply, app::Displace::keep);
    CHECK_THAT(replaced.summary, Contains("New commander of Heth/Davis: ") && Contains(", Exceptional [EXC] (replacing Davis, killed)"));
    CHECK_THAT(f.refusal([&] { f.s.leaders().return_leader("Meredith"); }), Contains("out for 1 battle after Falling; 0 fought since"));
    // A battle the enemy fought alone is none of his side's: it does not count (his side may
    // not know of it, and whether he returned would tell them).
    battle::Report theirs;
    theirs.name = "Theirs alone";
    battle::add_loss_spec(theirs, "Heth/Archer=1");
    f.s.battles().report_battle(theirs, app::Mode::apply);
    CHECK_THAT(f.refusal([&] { f.s.leaders().return_leader("Meredith"); }), Contains("out for 1 battle after Falling; 0 fought since"));
    // Nor one recorded with no division at all, where only an enemy's corps commander fell: no
    // side's battle list has it.
    battle::Report above;
    above.name = "Above the divisions";
    battle::add_leader_spec(above, "Third Corps:killed");
    f.s.battles().report_battle(above, app::Mode::apply);
    CHECK_THAT(f.refusal([&] { f.s.leaders().return_leader("Meredith"); }), Contains("out for 1 battle after Falling; 0 fought since"));
    // Nor one his side fought alone, which the enemy, who saw him fall, did not fight (its
    // battle list has none of it, so his return would tell of it); one both fought does.
    battle::Report quiet;
    quiet.name = "Quiet";
    quiet.divisions = {"Wadsworth"};
    f.s.battles().report_battle(quiet, app::Mode::apply);
    CHECK_THAT(f.refusal([&] { f.s.leaders().return_leader("Meredith"); }), Contains("out for 1 battle after Falling; 0 fought since"));
    battle::Report both;
    both.name = "Both";
    both.divisions = {"Wadsworth", "Heth"};
    f.s.battles().report_battle(both, app::Mode::apply);
    f.s.leaders().return_leader("Meredith");
    CHECK_THAT(f.refusal([&] { f.s.leaders().return_leader("Meredith"); }), Contains("is active, not wounded"));
    CHECK_THAT(f.refusal([&] { f.s.leaders().return_leader("Davis"); }), Contains("is killed"));
}

TEST_CASE("By the book a despicable brigadier plays as average and may be replaced") {
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    app::CampaignSettings book;
    book.despicable = Despicable::book;
    s.change_settings(book);
    s.forces().add_brigade({"Heth", "Davis", "veteran", 7, std::nullopt, "", "", {"Davis", "average"}});
    CHECK_NOTHROW(s.leaders().replace_leader("Heth/Davis", 1863, {"03"}, app::Mode::apply, app::Displace::replace));  // rolls despicable, plays as average
    const auto leaders = s.leaders().list();
    CHECK(leaders.back().rolled_grade == "despicable");
    CHECK(leaders.back().grade == "average");
}

TEST_CASE("Brigades destroyed, disbanded and merged") {
    Fixture f;
    CHECK_THAT(f.refusal([&] { f.s.battles().destroy_brigade("Heth/Archer"); }), Contains("still has 8 stands"));
    battle::Report r;
    r.name = "Wiped out";
    battle::add_loss_spec(r, "Heth/Archer=8");
    f.s.battles().report_battle(r, app::Mode::apply);
    CHECK(f.s.history().check().awaiting == 8);  // Wiped out's casualties, not yet returned: not lost for good
    f.s.battles().destroy_brigade("Heth/Archer");
    CHECK_THAT(f.refusal([&] { f.s.battles().disband_brigade("Heth/Archer"); }), Contains("is already destroyed"));
    CHECK_THAT(f.refusal([&] { f.s.battles().merge_brigade("Heth/Davis", "Wadsworth/Cutler"); }), Contains("of different sides"));
    int largest = 0;
    for (int n = 1; n < 100; ++n)
        if (f.s.rules().effectiveness.find("veteran", n)) largest = n;
    f.s.forces().add_brigade({"Wadsworth", "Huge", "veteran", largest, std::nullopt, "", "", {"Huge", "average"}});
    CHECK_THAT(f.refusal([&] { f.s.battles().merge_brigade("Wadsworth/Cutler", "Wadsworth/Huge"); }),
               Contains("above its start of " + std::to_string(largest) + ", and the effectiveness table has no Veteran label") &&
                   Contains("a merge moves all of Wadsworth/Cutler's stands; merge it into a brigade with fewer"));
    f.s.battles().merge_brigade("Wadsworth/Cutler", "Wadsworth/Iron Brigade");
    CHECK(f.stands("Wadsworth/Iron Brigade") == 15);
    f.s.battles().disband_brigade("Heth/Davis");
    const auto report = f.s.history().check();
    CHECK(report.ok());
    CHECK(report.generated == report.stands + report.idle + report.lost + report.awaiting + report.held);
    CHECK(report.awaiting == 0);  // destroyed, Archer takes none of them back: lost for good
}

TEST_CASE("Undo reverses each after-battle operation exactly") {
    Fixture f;
    battle::Report r = gettysburg();
    battle::add_captured_spec(r, "Wadsworth/Iron Brigade=2@Libby Prison");
    battle::add_leader_spec(r, "Davis:wounded/1");
    const std::vector<std::pair<std::string, std::function<void()>>> operations = {
        {"camp", [&] { f.s.prisoners().add_camp("union", "Elmira"); }},
        {"battle", [&] { f.s.battles().report_battle(r, app::Mode::apply); }},
        {"recovery", [&] { f.s.battles().recover("Gettysburg", {}, app::Mode::apply); }},
        {"exchange proposed", [&] { f.s.prisoners().propose_exchange({"union", "", {"stands:Heth/Archer=1"}, {"stands:Wadsworth/Iron Brigade=1"}, ""}); }},
        {"exchange accepted", [&] { f.s.prisoners().answer_exchange(1, "confederate", app::Answer::accept); }},
        {"liberation", [&] { f.s.prisoners().liberate("Libby Prison"); }},
        {"replace", [&] { f.s.leaders().replace_leader("Heth/Davis", 1863, {}, app::Mode::apply, app::Displace::keep); }},
        {"settings",
         [&] {
             app::CampaignSettings c;
             c.return_rate = 30;
             c.rounding = Rounding::down;
             c.men_per_stand = 50;
             f.s.change_settings(c);
         }},
        {"merge", [&] { f.s.battles().merge_brigade("Wadsworth/Cutler", "Wadsworth/Iron Brigade"); }},
        {"disband", [&] { f.s.battles().disband_brigade("Heth/Davis"); }},
    };
    for (const auto& [name, op] : operations) {
        INFO(name);
        const auto before = test::dump(f.path, false);
        op();
        CHECK(f.s.history().check().ok());
        f.s.history().undo();
        CHECK(test::dump(f.path, false) == before);
        op();
    }
}

TEST_CASE("Random battle sequences never lose or make a stand") {
    Fixture f;
    f.s.arrivals().arrive([] { app::ArrivalRequest a; a.division = "Pender"; a.year = 1863; a.theater = "east"; return a; }());
    f.s.prisoners().add_camp("union", "Elmira");
    dice::SeededSource rng(20261129);
    auto pick = [&](int n) { return static_cast<int>(rng.next() % static_cast<std::uint64_t>(n)); };
    int battles = 0, applied = 0, refused = 0;
    for (int step = 0; step < 150; ++step) {
        const auto brigades = f.s.forces().brigades();
        const auto camps = f.s.prisoners().camps();
        const std::string before = test::dump(f.path);
        try {
            switch (pick(7)) {
                case 0:
                case 1: {
                    battle::Report r;
                    r.name = "Battle " + std::to_string(++battles);
                    for (const auto& b : brigades) {
                        if (!is_active(b.status) || pick(2)) continue;
                        // Now and then ask for more than the brigade has: that report must be refused whole.
                        const int lost = pick(b.stands + 2), captured = pick(3);
                        battle::add_loss_spec(r, b.ref() + "=" + std::to_string(lost));
                        if (captured) battle::add_captured_spec(r, b.ref() + "=" + std::to_string(captured) + "@" +
                                                                       (b.side == "union" ? "Libby Prison" : (pick(2) ? "Fort Delaware" : "Elmira")));
                    }
                    f.s.battles().report_battle(r, app::Mode::apply);
                    break;
                }
                case 2: f.s.battles().recover("Battle " + std::to_string(1 + pick(std::max(battles, 1))), {}, app::Mode::apply); break;
                case 3: {
                    const auto& b = brigades[pick(static_cast<int>(brigades.size()))];
                    const bool union_brigade = b.side == "union";
                    auto x = f.s.prisoners().propose_exchange({union_brigade ? "union" : "confederate", "", {},
                                                   {"stands:" + b.ref() + "=" + std::to_string(1 + pick(2))}, ""});
                    f.s.prisoners().answer_exchange(x.row.id, union_brigade ? "confederate" : "union", (pick(2)) ? app::Answer::accept : app::Answer::refuse);
                    break;
                }
                case 4:  // (none left to pick once every camp is liberated)
                    if (!camps.empty()) f.s.prisoners().liberate(camps[pick(static_cast<int>(camps.size()))].camp.name);
                    break;
                case 5: f.s.history().undo(); break;
                case 6: {
                    const auto& from = brigades[pick(static_cast<int>(brigades.size()))];
                    const auto& into = brigades[pick(static_cast<int>(brigades.size()))];
                    pick(3) ? f.s.battles().merge_brigade(from.ref(), into.ref()) : f.s.battles().disband_brigade(from.ref());
                    break;
                }
            }
            ++applied;
        } catch (const Error&) {
            ++refused;
            REQUIRE(test::dump(f.path) == before);  // a refusal changes nothing
        }
        const auto report = f.s.history().check();
        INFO("step " << step);
        INFO(join(report.problems, "\n"));
        REQUIRE(report.ok());
        REQUIRE(report.generated == report.stands + report.idle + report.lost + report.awaiting + report.held);
    }
    CHECK(applied > 40);
    CHECK(refused > 5);
}

TEST_CASE("With typed dice, a recovery that needs no roll is applied without rolls, and one that needs a roll names it") {
    struct Case {
        Rounding rounding;
        int lost;
        bool needs_a_roll;
    };
    for (const auto& [rounding, lost, needs_a_roll] : {Case{Rounding::down, 3, false}, Case{Rounding::half_up, 3, false},
                                                         Case{Rounding::roll, 2, false}, Case{Rounding::roll, 3, true}}) {
        INFO(word(rounding) << ", " << lost << " lost");
        test::TempDir dir;
        const auto path = dir.file("c.db");
        {
            app::Session s(path, app::Open::create);
            app::NewCampaign c;
            c.name = "Typed";
            c.rules = "acw";
            c.dice = DiceMode::typed;
            c.rounding = rounding;
            s.create_campaign(c);
            s.forces().add_army("union", "Army", {});
            s.forces().add_corps("Army", "I Corps", {});
            s.forces().add_division("I Corps", "Wadsworth", "");
            s.forces().add_brigade({"Wadsworth", "Iron Brigade", "veteran", 6, std::nullopt, "6/5/3", "", {}});
            battle::Report r;
            r.name = "Ridge";
            r.brigades.push_back({"Wadsworth/Iron Brigade", lost, 0, ""});
            s.battles().report_battle(r, app::Mode::apply);
        }
        app::Session s(path, app::Open::existing);
        if (!needs_a_roll) {
            const auto out = s.battles().recover("Ridge", {}, app::Mode::apply);
            CHECK(out.operation > 0);
            CHECK(s.battles().list().front().recovered);
            CHECK_THROWS_WITH(app::Session(path, app::Open::existing).battles().recover("Ridge", {"50"}, app::Mode::apply), Contains("already returned"));
        } else {
            const auto before = test::dump(path);
            CHECK_THROWS_WITH(s.battles().recover("Ridge", {}, app::Mode::apply),
                              Contains("roll 1") && Contains("Wadsworth/Iron Brigade returning stands") && Contains("percentile"));
            CHECK(test::dump(path) == before);
            CHECK(s.battles().recover("Ridge", {"40"}, app::Mode::apply).summary.find("2 stands of 3") != std::string::npos);
        }
    }
}

TEST_CASE("A wounded leader reported without a count of battles is out for one, in every form of report") {
    battle::Report cli;
    battle::add_leader_spec(cli, "Meredith:wounded");
    CHECK(cli.leaders.at(0).out_for == 1);
    battle::add_leader_spec(cli, "Cutler:wounded/3");
    CHECK(cli.leaders.at(1).out_for == 3);
    const auto file = battle::read_report(
        R"({"format": "muster-battle/1", "battle": {"name": "B"}, "leaders": [{"leader": "Meredith", "fate": "wounded"}]})", "r.json");
    CHECK(file.leaders.at(0).out_for == 1);

    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    s.forces().add_brigade({"Wadsworth", "Iron Brigade", "veteran", 6, std::nullopt, "6/5/3", "", {"Meredith", "average"}});
    battle::Report r;
    r.name = "Ridge";
    battle::add_leader_spec(r, "Meredith:wounded");
    s.battles().report_battle(r, app::Mode::apply);
    // Out for one battle: he cannot return before another battle is fought.
    CHECK_THROWS_WITH(s.leaders().return_leader("Meredith"), Contains("out for 1 battle"));
}

TEST_CASE("A report of only a fallen leader or a lost battery records the division that fought") {
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    s.arrivals().arrive(test::arrival("Heth"));
    battle::Report r;
    r.name = "Skirmish";
    battle::add_leader_spec(r, "Heth/1st Brigade:killed");
    const auto out = s.battles().report_battle(r, app::Mode::apply);
    CHECK_THAT(out.summary, Contains("1 division"));
    app::ExportRequest e;
    e.battle = "Skirmish";
    const auto text = s.exports().oob(e, OobFormat::text);
    CHECK_THAT(text, Contains("Heth"));
    CHECK(text.find("Pender") == std::string::npos);

    battle::Report guns;
    guns.name = "Cannonade";
    battle::add_battery_spec(guns, "Heth/1st Battery:wrecked");
    CHECK_THAT(s.battles().report_battle(guns, app::Mode::apply).summary, Contains("1 division"));
    // The order of battle counts the batteries in service, as its totals do, and names the wrecked apart.
    const auto after = s.exports().oob({}, OobFormat::text);
    CHECK_THAT(after, Contains("Artillery: 1 battery: 2nd Battery; out of service: 1st Battery (wrecked)"));
    // Divisions given: a fallen leader of another division is refused, as a brigade is.
    s.forces().add_brigade({"Pender", "Lane", "veteran", 6, std::nullopt, "6/5/3", "", {"Lane", "average"}});
    battle::Report lane;
    lane.name = "Elsewhere";
    lane.divisions = {"Heth"};
    battle::add_leader_spec(lane, "Pender/Lane:wounded");
    CHECK_THROWS_WITH(s.battles().report_battle(lane, app::Mode::preview), Contains("leader Lane, who commands Pender/Lane, is reported, but his division Pender is not among those that fought (Heth): add it with --division"));
}

TEST_CASE("A brigade's losses, or its stands captured to one camp, reported twice are refused, as a leader twice is") {
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    s.arrivals().arrive(test::arrival("Heth"));
    s.prisoners().add_camp("union", "Fort Delaware");
    s.prisoners().add_camp("union", "Point Lookout");
    const auto report = [](const std::string& json) {
        return battle::read_report(R"({"format": "muster-battle/1", "battle": {"name": "B"}, "brigades": [)" + json + "]}", "r.json");
    };
    // A loss of none is a loss given: a second would overrule it unseen, whichever comes first.
    for (const auto* twice : {R"({"brigade": "Heth/1st Brigade", "lost": 1}, {"brigade": "Heth/1st Brigade", "lost": 2})",
                              R"({"brigade": "Heth/1st Brigade", "lost": 0}, {"brigade": "Heth/1st Brigade", "lost": 2})",
                              R"({"brigade": "Heth/1st Brigade", "lost": 2}, {"brigade": "Heth/1st Brigade", "lost": 0})",
                              R"({"brigade": "Heth/1st Brigade"}, {"brigade": "Heth/1st Brigade"})",
                              R"({"brigade": "Heth/1st Brigade", "lost": 1, "captured": 1, "camp": "Fort Delaware"}, {"brigade": "Heth/1st Brigade", "lost": 0})"}) {
        INFO(twice);
        CHECK_THROWS_WITH(s.battles().report_battle(report(twice), app::Mode::preview), Contains("Heth/1st Brigade's stands lost are reported twice"));
    }
    CHECK_THROWS_WITH(s.battles().report_battle(report(R"({"brigade": "Heth/1st Brigade", "captured": 1, "camp": "Fort Delaware"},
                                                         {"brigade": "Heth/1st Brigade", "captured": 1, "camp": "Fort Delaware"})"), app::Mode::preview),
                      Contains("captured to Fort Delaware are reported twice"));
    // Losses once and captures to two camps: one brigade's whole loss, as the command line gives it.
    const auto ok = s.battles().report_battle(report(R"({"brigade": "Heth/1st Brigade", "lost": 1},
                                                      {"brigade": "Heth/1st Brigade", "captured": 1, "camp": "Fort Delaware"},
                                                      {"brigade": "Heth/1st Brigade", "captured": 1, "camp": "Point Lookout"})"), app::Mode::preview);
    CHECK_THAT(ok.summary, Contains("1 stand lost, 2 stands captured"));
}

TEST_CASE("A proposal whose prisoners were freed since lists as lapsed, saying why, and cannot be accepted") {
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    test::fight_and_propose(s);
    CHECK(s.prisoners().exchanges().at(0).lapsed.empty());
    s.prisoners().liberate("Libby Prison");
    const auto v = s.prisoners().exchanges().at(0);
    CHECK(v.row.status == ExchangeStatus::proposed);
    CHECK(v.lapsed == "1 stand of Wadsworth/Iron Brigade is not held by the Confederates (short by 1)");
    CHECK_THROWS_WITH(s.prisoners().answer_exchange(1, "confederate", app::Answer::accept), Contains("is not held by the Confederates"));
    // Each of its men no longer held is said, not the first alone; the other side may refuse it.
    s.prisoners().liberate("Fort Delaware");
    CHECK(s.prisoners().exchanges().at(0).lapsed ==
          "1 stand of Heth/1st Brigade is not held by the Union (short by 1); 1 stand of Wadsworth/Iron Brigade is not held by the Confederates (short by 1)");
    s.prisoners().answer_exchange(1, "confederate", app::Answer::refuse);
    CHECK(s.prisoners().exchanges().at(0).row.status == ExchangeStatus::refused);
}

TEST_CASE("A battle's name is one however it is cased: a second Wheatfield is refused, a draft is found as typed") {
    Fixture f;
    auto r = gettysburg();
    r.name = "Wheatfield";
    f.s.battles().report_battle(r, app::Mode::apply);
    r.name = "wheatfield";
    CHECK_THAT(f.refusal([&] { f.s.battles().report_battle(r, app::Mode::apply); }), Contains("a battle named \"Wheatfield\" is already recorded"));
    // One battle, found by any casing or a beginning.
    CHECK(f.s.battles().list().size() == 1);
    CHECK_THAT(f.s.battles().recover("WHEATFIELD", {"50"}, app::Mode::preview).summary, Contains("Wheatfield"));
}

TEST_CASE("A battle is dated: the campaign's date by default, and a date outside the rule set's years refused") {
    Fixture f;
    app::CampaignSettings c;
    c.date = Day::read("1863-07-02");
    f.s.change_settings(c);
    f.s.battles().report_battle(gettysburg(), app::Mode::apply);
    CHECK(f.s.battles().list().front().date == Day::read("1863-07-02"));
    auto r = gettysburg();
    r.name = "Long Ago";
    r.date = Day::read("1999-01-01");
    CHECK_THAT(f.refusal([&] { f.s.battles().report_battle(r, app::Mode::apply); }), Contains("battle date 1999-01-01 is outside rule set acw's years"));
}

TEST_CASE("A leader's own name is his, whoever commands the unit called so, and a name another leader bears is refused at add") {
    Fixture f;
    // Archer is wounded and replaced; the new commander of "Heth/Archer" is another leader. And a
    // division is named Meredith (by an older muster: by hand it is refused now, as a name a
    // leader bears): "Meredith" still names the leader Meredith.
    battle::Report r = gettysburg();
    battle::add_leader_spec(r, "Heth/Archer:wounded/1");
    f.s.battles().report_battle(r, app::Mode::apply);
    f.s.leaders().replace_leader("Heth/Archer", 1863, {"50"}, app::Mode::apply, app::Displace::keep);
    CHECK_THAT(f.refusal([&] { f.s.forces().add_division("Third Corps", "Meredith", ""); }), Contains("is the name of leader Meredith"));
    f.s.forces().add_division("Third Corps", "Meredith's", "");
    test::raw_sql(f.path, "UPDATE division SET name = 'Meredith' WHERE name = 'Meredith''s'");
    CHECK_THAT(f.refusal([&] { f.s.leaders().return_leader("Archer"); }), Contains("Archer") && !Contains("could be any of"));
    // A second Meredith, at any door a leader comes in by, is refused.
    CHECK_THAT(f.refusal([&] { f.s.forces().add_brigade({"Wadsworth", "Second", "veteran", 6, std::nullopt, "", "", {"Meredith", "average"}}); }),
               Contains("a leader named \"Meredith\" already exists"));
    CHECK_THAT(f.refusal([&] { f.s.forces().add_corps("Army of the Potomac", "II Corps", {"Meredith", "average"}); }),
               Contains("a leader named \"Meredith\" already exists"));
    CHECK_THAT(f.refusal([&] { f.s.forces().add_division("I Corps", "Doubleday", "", "Meredith"); }),
               Contains("a leader named \"Meredith\" already exists"));
}

TEST_CASE("The brigadier of a merged brigade commands nothing: he can be assigned another") {
    Fixture f;
    f.s.battles().merge_brigade("Wadsworth/Cutler", "Wadsworth/Iron Brigade");  // (Davis, Despicable, keeps his: despicable_cli's)
    bool commands_nothing = false;
    for (const auto& l : f.s.leaders().list())
        if (l.name == "Cutler") commands_nothing = l.command.unit.empty();
    CHECK(commands_nothing);
    CHECK_THAT(f.s.leaders().assign("Cutler", "Wadsworth/Iron Brigade", app::Displace::replace).summary, Contains("Cutler"));
}

TEST_CASE("Stands coming back above a brigade's start label it for its new strength, and the ledger holds") {
    Fixture f;
    // Archer (8, 8/6/4) loses 3 and has 1 captured; 4 of Cutler's stands merge in (8 again, no
    // relabel); then the captured stand is freed: 9, above the start.
    f.s.battles().report_battle(gettysburg(), app::Mode::apply);
    f.s.forces().add_brigade({"Heth", "Spare", "veteran", 4, std::nullopt, "4/3/2", "", {}});
    f.s.battles().merge_brigade("Heth/Spare", "Heth/Archer");
    REQUIRE(f.stands("Heth/Archer") == 8);
    const auto freed = f.s.prisoners().liberate("Fort Delaware");
    CHECK(f.stands("Heth/Archer") == 9);
    CHECK_THAT(join(freed.lines, "\n"), Contains("Heth/Archer is above its start of 8 with 9 stands: labelled"));
    for (const auto& b : f.s.forces().brigades())
        if (b.ref() == "Heth/Archer") CHECK(b.start_stands == 9);
    CHECK(f.s.history().check().ok());
}

TEST_CASE("A camp calls an unnamed leader it holds as the whole campaign does, though it reads only what it holds") {
    Fixture f;
    // An unnamed corps commander taken with nothing of his corps: he is called by his corps,
    // which no division the camp holds is in.
    f.s.forces().add_corps("Army of Northern Virginia", "Second Corps", {"", "average"});
    f.s.forces().add_division("Second Corps", "Rodes", "");
    f.s.forces().add_brigade({"Rodes", "Daniel", "veteran", 6, std::nullopt, "", "", {"Daniel", "average"}});
    battle::Report r = gettysburg();
    battle::add_leader_spec(r, "Second Corps:captured@Fort Delaware");
    f.s.battles().report_battle(r, app::Mode::apply);
    const auto whole = db::Rosters(f.s.state().store).roster(f.s.current().id);
    for (const auto& viewer : {View::umpire(), View::of_side("union"), View::of_side("confederate")}) {
        INFO(viewer.text());
        const auto expected = app::camps_of(app::Refs(whole), viewer);
        const auto camps = f.s.prisoners().camps(viewer);
        REQUIRE(camps.size() == expected.size());
        for (size_t i = 0; i < camps.size(); ++i) CHECK(camps[i].holds == expected[i].holds);
    }
    bool held = false;
    for (const auto& c : f.s.prisoners().camps(View::umpire()))
        for (const auto& h : c.holds) held = held || h.find("Second Corps") != std::string::npos;
    CHECK(held);
}

TEST_CASE("An amended loss is bounded by the stands the brigade had at the battle, and never passes below none on the way") {
    Fixture f;
    const auto report = [&](const std::string& name, const std::string& loss) {
        battle::Report r;
        r.name = name;
        battle::add_loss_spec(r, loss);
        f.s.battles().report_battle(r, app::Mode::apply);
    };
    // 8 stands: 2 lost at Seminary Ridge, half back (7); 6 lost at Culp's Hill (1 left).
    report("Seminary Ridge", "Wadsworth/Iron Brigade=2");
    f.s.battles().recover("Seminary Ridge", {}, app::Mode::apply);
    report("Culp's Hill", "Wadsworth/Iron Brigade=6");
    REQUIRE(f.stands("Wadsworth/Iron Brigade") == 1);
    report("Seminary Ridge: the second day", "Heth/Archer=1");  // its journal line begins "Battle of Seminary Ridge:" too
    // It had 8 at Seminary Ridge, whatever it has now: 9 is refused alike in a preview and for real.
    for (const auto mode : {app::Mode::preview, app::Mode::apply})
        CHECK_THAT(f.refusal([&] { f.s.battles().amend("Seminary Ridge", {"Wadsworth/Iron Brigade=9"}, {}, mode); }),
                   Contains("brigade Wadsworth/Iron Brigade had 8 stands at Seminary Ridge: it cannot have lost 9 (at most 8)"));
    // 4 lost there: 2 more lost, 1 more back, 1 - 2 + 1 = 0 left; the loss never makes it -1 on the way.
    const auto amended = f.s.battles().amend("Seminary Ridge", {"Wadsworth/Iron Brigade=4"}, {}, app::Mode::apply);
    CHECK_THAT(amended.lines.front(), Contains("lost 2 -> 4, returned 1 -> 2; from 1 to 0 stands"));
    CHECK(f.stands("Wadsworth/Iron Brigade") == 0);
    CHECK(f.s.history().check().ok());
}

TEST_CASE("An amended loss returns at the rate and rounding its recovery returned at, whatever the campaign's are by then") {
    struct Case {
        int rate;
        Rounding rounding;
        int later_rate;
        Rounding later_rounding;
        int returned_of_4;  // what the recovery's own rate gives for 4 lost
    };
    // 50% half_up of 4 is 2 (100% down would give 4); 100% down of 4 is 4 (50% half_up: 2);
    // 30% down of 4 is 1.2 -> 1 (80% half_up: 3.2 -> 3).
    for (const auto& k : {Case{50, Rounding::half_up, 100, Rounding::down, 2}, Case{100, Rounding::down, 50, Rounding::half_up, 4},
                          Case{30, Rounding::down, 80, Rounding::half_up, 1}}) {
        INFO(k.rate << "% " << word(k.rounding));
        Fixture f;
        app::CampaignSettings at;
        at.return_rate = k.rate;
        at.rounding = k.rounding;
        f.s.change_settings(at);
        battle::Report r;
        r.name = "Seminary Ridge";
        battle::add_loss_spec(r, "Wadsworth/Iron Brigade=3");
        f.s.battles().report_battle(r, app::Mode::apply);
        f.s.battles().recover("Seminary Ridge", {}, app::Mode::apply);
        const int after_recovery = f.stands("Wadsworth/Iron Brigade");
        app::CampaignSettings later;
        later.return_rate = k.later_rate;
        later.rounding = k.later_rounding;
        f.s.change_settings(later);
        const auto amended = f.s.battles().amend("Seminary Ridge", {"Wadsworth/Iron Brigade=4"}, {}, app::Mode::apply);
        CHECK_THAT(amended.lines.front(), Contains("-> " + std::to_string(k.returned_of_4) + ";"));
        CHECK(f.stands("Wadsworth/Iron Brigade") == 8 - 4 + k.returned_of_4);
        CHECK(f.stands("Wadsworth/Iron Brigade") <= after_recovery);
        CHECK(f.s.history().check().ok());
    }
}

TEST_CASE("A brigade out of service takes no stands back: its casualties stay lost, its loss is not amended, and check counts as the order of battle does") {
    Fixture f;
    battle::Report r;
    r.name = "Seminary Ridge";
    battle::add_loss_spec(r, "Wadsworth/Iron Brigade=4");
    battle::add_loss_spec(r, "Wadsworth/Cutler=2");
    battle::add_captured_spec(r, "Wadsworth/Cutler=1@Libby Prison");
    f.s.battles().report_battle(r, app::Mode::apply);
    f.s.battles().disband_brigade("Wadsworth/Iron Brigade");
    const auto recovered = f.s.battles().recover("Seminary Ridge", {}, app::Mode::apply);
    CHECK_THAT(join(recovered.lines, "\n"), Contains("Wadsworth/Iron Brigade: 4 lost; it is disbanded, so none return"));
    CHECK_THAT(recovered.summary, Contains("of 6 casualties returned"));
    CHECK(f.stands("Wadsworth/Iron Brigade") == 0);
    CHECK_THAT(f.refusal([&] { f.s.battles().amend("Seminary Ridge", {"Wadsworth/Iron Brigade=2"}, {}, app::Mode::apply); }),
               Contains("brigade Wadsworth/Iron Brigade is disbanded: its loss at Seminary Ridge can no longer be amended"));
    // Cutler is merged away, then its captured stand is freed: it comes home to a brigade out of
    // service, which check counts apart, as the order of battle leaves it out.
    f.s.forces().add_brigade({"Wadsworth", "Spare", "veteran", 8, std::nullopt, "", "", {}});
    f.s.battles().merge_brigade("Wadsworth/Cutler", "Wadsworth/Spare");
    f.s.prisoners().liberate("Libby Prison");
    const auto report = f.s.history().check();
    CHECK(report.ok());
    CHECK(report.idle == 1);
    long long in_oob = 0;
    for (const auto& b : f.s.forces().brigades())
        if (is_active(b.status)) in_oob += b.stands;
    CHECK(report.stands == in_oob);
    CHECK(report.generated == report.stands + report.idle + report.lost + report.awaiting + report.held);
}

TEST_CASE("A battle whose name says it is a battle is called by its name alone: no 'Battle of Third Battle'") {
    Fixture f;
    const std::vector<std::pair<std::string, std::string>> names = {
        {"Third Battle", "Third Battle: "},
        {"Battle of Bull Run", "Battle of Bull Run: "},
        {"First battle of Kernstown", "First battle of Kernstown: "},
        {"Battleford", "Battle of Battleford: "},
        {"Embattled Ridge", "Battle of Embattled Ridge: "},
        {"Gettysburg", "Battle of Gettysburg: "},
    };
    for (const auto& [name, title] : names) {
        battle::Report r;
        r.name = name;
        battle::add_loss_spec(r, "Wadsworth/Cutler=1");
        const auto reported = f.s.battles().report_battle(r, app::Mode::apply);
        INFO(reported.summary);
        CHECK(reported.summary.rfind(title, 0) == 0);
        const auto amended = f.s.battles().amend(name, {"Wadsworth/Cutler=0"}, {}, app::Mode::preview);
        CHECK(amended.summary.rfind(title.substr(0, title.size() - 2) + " amended: ", 0) == 0);
    }
    // Two battles are never called alike: "Battle of Gettysburg" after "Gettysburg" is refused.
    battle::Report again;
    again.name = "battle of gettysburg";
    battle::add_loss_spec(again, "Wadsworth/Cutler=1");
    CHECK_THAT(f.refusal([&] { f.s.battles().report_battle(again, app::Mode::apply); }),
               Contains("a battle named \"Gettysburg\" is already recorded, called Battle of Gettysburg as this one would be"));
}

TEST_CASE("Stands exchanged home to a brigade out of service are said to wait there, as a liberation says it") {
    Fixture f;
    f.s.battles().report_battle([] { battle::Report x; x.name = "First"; battle::add_captured_spec(x, "Heth/Davis=2@Fort Delaware"); return x; }(), app::Mode::apply);
    f.s.battles().disband_brigade("Heth/Davis");
    const auto v = f.s.prisoners().propose_exchange({"union", "", {"stands:Heth/Davis=2"}, {}, ""});
    const auto out = f.s.prisoners().answer_exchange(v.row.number, "confederate", app::Answer::accept);
    CHECK_THAT(out.summary, Contains("home: 2 stands of Heth/Davis (the brigade is disbanded: they wait there until merged into another)"));
    CHECK(f.stands("Heth/Davis") == 2);  // with the disbanded brigade, until it is merged into another
}

TEST_CASE("An exchange item is read as a person types it - its kind found as names are, spaces around the colon and the count") {
    const auto proposed = [](const std::string& typed) {
        Fixture f;
        f.s.battles().report_battle([] { battle::Report x; x.name = "First"; battle::add_captured_spec(x, "Heth/Davis=2@Fort Delaware"); return x; }(), app::Mode::apply);
        return f.s.prisoners().propose_exchange({"union", "", {typed}, {}, ""});
    };
    for (const auto* typed : {"Stands:Heth/Davis=1", " STANDS : Heth/Davis = 1", "stands:Heth/Davis= 1", "stand:Heth/Davis=1",
                              // as the camps list it, in words, or a line of the served page's list pasted whole
                              "1 stand of Heth/Davis", " 1 stands of Heth/Davis ", "stands:Heth/Davis=1  (1 stand of Heth/Davis)"}) {
        INFO(typed);
        const auto v = proposed(typed);
        REQUIRE(v.offer.size() == 1);
        CHECK_THAT(v.offer.front(), Contains("1 stand of Heth/Davis"));
    }
    for (const auto* typed : {"horse:Heth/Davis=1", "stands:Heth/Davis=0", "stands:Heth/Davis=x", "Heth/Davis=1", "0 stands of Heth/Davis",
                              "one stand of Heth/Davis", "1 stand of ", "stands:Heth/Davis=1  (nothing)", "1234567 stands of Heth/Davis"})
        CHECK_THROWS_WITH(proposed(typed), Contains("exchange item"));
}

TEST_CASE("A recovery or a new commander done for real rolls what its preview showed - other dice are refused, changing nothing") {
    Fixture f;
    f.s.battles().report_battle(gettysburg(), app::Mode::apply);
    using Roll = std::function<app::Outcome(const std::vector<std::string>&, app::Mode, app::Previewed)>;
    const Roll recovery = [&](const auto& rolls, app::Mode mode, app::Previewed p) { return f.s.battles().recover("Gettysburg", rolls, mode, p); };
    const Roll commander = [&](const auto& rolls, app::Mode mode, app::Previewed p) {
        return f.s.leaders().replace_leader("Heth/Archer", 1863, rolls, mode, app::Displace::replace, "", "", p);
    };
    for (const auto& [what, roll] : std::vector<std::pair<std::string, Roll>>{{"the recovery of Gettysburg", recovery}, {"the new commander of Heth/Archer", commander}}) {
        DYNAMIC_SECTION(what) {
            const auto shown = roll({"50"}, app::Mode::preview, app::Previewed::held);
            // Other dice typed, the seeded dice, or the preview given anew: refused, naming the roll.
            CHECK_THAT(f.refusal([&] { roll({"51"}, app::Mode::apply, app::Previewed::held); }),
                       Contains(what + " would not roll as its preview (journal #") && Contains("roll 1 (") && Contains("50") && Contains("51") &&
                           Contains("--discard-preview"));
            CHECK_THAT(f.refusal([&] { roll({}, app::Mode::apply, app::Previewed::held); }), Contains(what + " would not roll as its preview"));
            SECTION("the same dice: taken") { CHECK(roll({"50"}, app::Mode::apply, app::Previewed::held).summary == shown.summary); }
            SECTION("another preview: it binds instead") {
                const auto again = roll({"51"}, app::Mode::preview, app::Previewed::held);
                CHECK(roll({"51"}, app::Mode::apply, app::Previewed::held).summary == again.summary);
            }
            SECTION("an undo of a step made before it: its campaign is gone, and it binds no more") {
                f.s.history().undo();  // the battle report
                f.s.history().redo();
                CHECK(roll({"51"}, app::Mode::apply, app::Previewed::held).operation > 0);
            }
            SECTION("rolled anew on purpose, after which the preview binds no more") {
                CHECK(roll({"51"}, app::Mode::apply, app::Previewed::discarded).operation > 0);
                if (what == "the new commander of Heth/Archer") CHECK(roll({"07"}, app::Mode::apply, app::Previewed::held).operation > 0);
            }
        }
    }
}

TEST_CASE("Rolls that differ from a preview's are named by the first that differs, or the first beyond the shorter") {
    const auto thrown = [](const std::string& purpose, int reading, const std::string& result) {
        dice::RollRecord r;
        r.purpose = purpose;
        r.thrown.die = rules::Die::percentile;
        r.thrown.faces = {reading / 10, reading % 10};
        r.thrown.reading = reading;
        r.result = result;
        return r;
    };
    const auto shown = [](std::vector<dice::RollRecord> rolls) {
        std::vector<journal::Roll> out;
        for (auto& r : rolls) out.push_back({static_cast<int>(out.size()) + 1, std::move(r)});
        return out;
    };
    const auto grade = thrown("Heth/Archer new commander", 50, "Average");
    const auto name = thrown("name of the commander of Heth/Archer", 7, "Fry");
    CHECK_FALSE(app::rolls_differ(shown({grade, name}), {grade, name}));
    CHECK(app::rolls_differ(shown({grade}), {grade, name}) == "roll 2 (name of the commander of Heth/Archer): not thrown then, 7 (Fry) now");
    CHECK(app::rolls_differ(shown({grade, name}), {grade}) == "roll 2 (name of the commander of Heth/Archer): 7 (Fry) then, not thrown now");
    CHECK(app::rolls_differ(shown({grade}), {thrown("Heth/Archer new commander", 51, "Average")}) ==
          "roll 1 (Heth/Archer new commander): 50 (Average) then, 51 (Average) now");
    CHECK(app::rolls_differ(shown({grade}), {name}) == "roll 1 was for Heth/Archer new commander, now for name of the commander of Heth/Archer");
}
