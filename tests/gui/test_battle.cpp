// The battle report panel: recovery with physical dice.
// The real windows under Xvfb, driven by mouse and keyboard; screenshots in build/tests/gui/screenshots/.
#include "fixture.hpp"

#include <chrono>
#include <fstream>
#include <thread>

using namespace muster;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using test::shot;

namespace {

// The season's campaign with the battle of Seminary Ridge reported: Heth's brigades named lost 3
// stands each (odd: half of them is rolled on recovery).
void seminary_ridge(const std::string& db, const std::vector<std::string>& brigades) {
    test::season_campaign(db);
    app::Session s(db, app::Open::create, 5000, app::Catalog(""));
    battle::Report r;
    r.name = "Seminary Ridge";
    for (const auto& b : brigades) r.brigades.push_back({b, 3, 0, ""});
    s.battles().report_battle(r, app::Mode::apply);
}

// Seminary Ridge reported (Heth's 2nd and 3rd Brigades 3 stands each), the battle panel open on
// its recovery, with physical dice.
struct PhysicalRecovery {
    test::TempDir dir;
    std::string db = [this] {
        auto path = dir.file("c.db");
        seminary_ridge(path, {"Heth/2nd Brigade", "Heth/3rd Brigade"});
        return path;
    }();
    test::Driver d{db};
    app::Session& s = *d.app.session();
    gui::BattleWindow& w = d.show<gui::BattleWindow>();
    PhysicalRecovery() {
        REQUIRE(d.click("Battle/RecoveryBattle"));
        REQUIRE(d.click("Battle/RecoveryBattle/Seminary Ridge"));
        CHECK(w.recovery_battle == "Seminary Ridge");
        REQUIRE(d.click("Battle/RecoveryPhysical"));
    }
};

}  // namespace

TEST_CASE("Recovery with physical dice: each brigade's roll asked by its purpose, taken back, then applied") {
    PhysicalRecovery f;
    auto &d = f.d;
    auto &s = f.s;
    auto &w = f.w;
    REQUIRE(d.click("Battle/RecoveryApply"));
    INFO(w.error);
    REQUIRE(w.dice.asking());
    const auto first = w.dice.purpose();
    CHECK_THAT(first, Contains("Heth/"));
    REQUIRE(d.click("recovery/Roll"));
    d.type("3");
    d.press_enter();
    REQUIRE(w.dice.asking());  // a roll a brigade with casualties
    CHECK(w.dice.purpose() != first);
    d.frame(shot("recovery_dice"));
    REQUIRE(d.click("recovery/TakeBack"));
    CHECK(w.dice.rolls().empty());
    CHECK(w.dice.purpose() == first);
    bool recovered = false;
    for (const auto& b : s.campaigns().empty() ? std::vector<campaign::BattleInfo>{} : d.app.model().roster.battles)
        recovered = recovered || (b.name == "Seminary Ridge" && b.recovered);
    CHECK_FALSE(recovered);  // nothing stored while the dice are asked
    CHECK(test::roll_threes(d, w.dice, "recovery") >= 2);
    REQUIRE_FALSE(w.dice.asking());
    REQUIRE(w.recovery);
    CHECK_FALSE(w.recovery->preview);
    d.frames(2);
    for (const auto& b : d.app.model().roster.battles) recovered = recovered || (b.name == "Seminary Ridge" && b.recovered);
    CHECK(recovered);
    d.frame(shot("recovery_applied"));
}

TEST_CASE("A recovery previewed with physical dice is applied with the same dice unasked, and with other dice only once the preview is discarded") {
    PhysicalRecovery f;
    auto &d = f.d;
    auto &s = f.s;
    auto &w = f.w;
    REQUIRE(d.click("Battle/RecoveryPreview"));
    CHECK(test::roll_threes(d, w.dice, "recovery") == 2);
    REQUIRE(w.recovery);
    REQUIRE(w.recovery->preview);
    const auto shown = w.recovery->lines;
    d.frame(shot("recovery_previewed_physical"));
    // Applied: the preview's dice, asked for no more (whatever the box says now), and what it
    // showed is what is done.
    REQUIRE(d.click("Battle/RecoveryPhysical"));
    REQUIRE_FALSE(w.physical.ticked);
    REQUIRE(d.click("Battle/RecoveryApply"));
    INFO(w.error);
    CHECK_FALSE(w.dice.asking());
    REQUIRE(w.recovery);
    CHECK_FALSE(w.recovery->preview);
    CHECK(w.recovery->lines == shown);
    const auto recovered = [&] {
        for (const auto& b : s.battles().list())
            if (b.name == "Seminary Ridge") return b.recovered;
        FAIL("no battle Seminary Ridge");
        return false;
    };
    CHECK(recovered());
    // Undone, then previewed again with the campaign's dice: applied with the Physical dice box
    // ticked, it is done with the campaign's dice as previewed, unasked (other dice would be refused).
    REQUIRE(s.history().undo().size() == 1);
    REQUIRE(d.click("Battle/RecoveryPreview"));  // the box unticked above
    REQUIRE(w.recovery);
    const auto seeded = w.recovery->lines;
    REQUIRE(d.click("Battle/RecoveryPhysical"));
    REQUIRE(w.physical.ticked);
    REQUIRE(d.click("Battle/RecoveryApply"));
    INFO(w.error);
    CHECK_FALSE(w.dice.asking());
    REQUIRE(w.recovery);
    CHECK_FALSE(w.recovery->preview);
    CHECK(w.recovery->lines == seeded);
    CHECK(recovered());
    // Discarded, a preview's dice are rolled anew.
    REQUIRE(s.history().undo().size() == 1);
    REQUIRE(d.click("Battle/RecoveryPreview"));
    CHECK(test::roll_threes(d, w.dice, "recovery") == 2);
    REQUIRE(d.click("Battle/RecoveryDiscard"));
    CHECK_FALSE(w.recovery);
    REQUIRE(d.click("Battle/RecoveryApply"));
    CHECK(test::roll_threes(d, w.dice, "recovery") == 2);  // asked anew
    REQUIRE(w.recovery);
    CHECK_FALSE(w.recovery->preview);
    CHECK(recovered());
}

TEST_CASE("A division's, corps' or army's commander falls in the report table as a brigadier does, on a row of his own") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    test::Driver d(db);
    auto& s = *d.app.session();
    d.frames(2);  // the model read
    std::int64_t commander = 0;
    for (const auto& a : d.app.model().oob.armies)
        for (const auto& k : a.corps)
            for (const auto& div : k.divisions)
                if (div.name == "Heth") commander = div.commander.id;
    REQUIRE(commander != 0);
    auto& battle = d.show<gui::BattleWindow>();
    REQUIRE(d.click("Battle/Name"));
    d.type("Seminary Ridge");
    REQUIRE(d.click("Battle/Division/Heth"));
    d.frames(2);
    REQUIRE(gui::marked("Battle/Fate/commander of Heth"));
    CHECK(gui::marked("Battle/Fate/commander of Third Corps"));  // A. P. Hill, above Heth
    CHECK(gui::marked("Battle/Fate/commander of Army of Northern Virginia"));
    CHECK_FALSE(gui::marked("Battle/Lost/commander of Heth"));  // he has no stands of his own
    REQUIRE(d.click("Battle/Fate/commander of Heth"));
    REQUIRE(d.click("Battle/Fate/commander of Heth/killed"));
    d.frames(2);
    d.frame(shot("battle_commander_falls"));
    REQUIRE(d.click("Battle/Apply"));
    INFO(battle.error);
    for (const auto& l : s.leaders().list(View::umpire()))
        if (l.id == commander) CHECK(l.status == LeaderStatus::killed);
}

TEST_CASE("Amending a report from the battle panel: previewed, applied as one operation, undone by Ctrl+Z") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    seminary_ridge(db, {"Heth/2nd Brigade"});
    test::Driver d(db);
    auto& w = d.show<gui::BattleWindow>();
    REQUIRE(d.click("Battle/AmendBattle"));
    REQUIRE(d.click("Battle/AmendBattle/Seminary Ridge"));
    REQUIRE(d.click("Battle/AmendBrigade"));
    d.type("Heth/2nd Brigade");
    REQUIRE(d.click("Battle/AmendLost"));
    d.ctrl_key('A');
    d.type("1");
    d.press_enter();
    const auto revision = d.app.revision();
    REQUIRE(d.click("Battle/AmendPreview"));
    INFO(w.error);
    REQUIRE(w.amendment);
    CHECK(w.amendment->preview);
    CHECK_THAT(w.amendment->lines.front(), Contains("Heth/2nd Brigade: lost 3 -> 1"));
    CHECK_THAT(w.note, StartsWith("Preview, not applied: "));  // not as though it were amended
    d.frames(2);
    CHECK(d.app.revision() == revision);  // a preview stores nothing
    d.frame(shot("battle_amend_preview"));
    REQUIRE(d.click("Battle/Amend"));
    REQUIRE(w.amendment);
    CHECK_FALSE(w.amendment->preview);
    d.frames(2);
    CHECK(d.app.revision() > revision);
    CHECK(d.app.seen().journal.back().kind == OperationKind::amend);
    CHECK(d.app.session()->history().check().ok());
    CHECK_THAT(w.note, Contains("amended"));
    d.ctrl_z();
    d.frames(2);
    CHECK(d.app.seen().journal.back().kind == OperationKind::undo);
    CHECK(w.note.empty());  // what it said of the amendment is undone with it
}

TEST_CASE("A battle planned in the battle panel, its divisions deployed and put in reserve there, as muster battle plan does") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    test::Driver d(db);
    auto& w = d.show<gui::BattleWindow>();
    d.frames(2);
    REQUIRE(d.click("Battle/PlanHeader"));
    REQUIRE(d.click("Battle/PlanIt"));  // no name: refused, and no plan made
    CHECK_FALSE(w.error.empty());
    CHECK(d.app.seen().plans.empty());
    REQUIRE(d.click("Battle/NewPlan"));
    d.type("Cemetery Ridge");
    REQUIRE(d.click("Battle/PlanIt"));
    INFO(w.error);
    d.frames(2);
    const auto plan = [&] {
        for (const auto& p : d.app.seen().plans)
            if (p.plan.name == "Cemetery Ridge") return p;
        FAIL("no plan of Cemetery Ridge in the model");
        return app::PlanView{};
    };
    REQUIRE(plan().deployed.empty());
    const auto place = [&](const std::string& division, const std::string& how) {
        REQUIRE(d.click("Battle/Plan/Division/Cemetery Ridge"));
        d.ctrl_key('A');  // over what a refusal left there
        d.type(division);
        REQUIRE(d.click("Battle/Plan/" + how + "/Cemetery Ridge"));
        d.frames(2);
    };
    place("Heth", "Deploy");
    REQUIRE(w.plan_step);
    place("Wadsworth", "In reserve");
    CHECK_FALSE(w.plan_step);  // Heth's deployment is not said under the reserve's step
    REQUIRE(plan().deployed.size() == 1);
    CHECK(plan().deployed.front().division == "Heth");
    REQUIRE(plan().reserve.size() == 1);
    CHECK(plan().reserve.front().division == "Wadsworth");
    // A division no campaign has: refused where it was asked, nothing placed.
    place("Nobody", "Deploy");
    CHECK_THAT(w.error, Contains("Nobody"));
    CHECK(plan().deployed.size() == 1);
    // A placeholder deployed with physical dice: rolled up there, its rolls asked one by one,
    // nothing stored before the last.
    REQUIRE(d.click("Battle/PlanPhysical"));
    place("Pender", "Deploy");
    REQUIRE(w.plan_dice.asking());
    CHECK(plan().deployed.size() == 1);
    d.frame(shot("battle_planned_here"));
    CHECK(test::roll_threes(d, w.plan_dice, "plan") > 5);
    d.frames(2);
    REQUIRE(plan().deployed.size() == 2);
    for (const auto& l : plan().deployed) CHECK(l.status == DivisionStatus::arrived);
}

TEST_CASE("A planned battle in the battle panel: its divisions by part, a reserve brought on with physical dice, undone by Ctrl+Z") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    {
        app::Session s(db, app::Open::existing, 5000, app::Catalog(""));
        s.plans().plan("Cemetery Ridge", Day::read("1863-07-02"), "Gettysburg");
        s.plans().deploy("Cemetery Ridge", {"Wadsworth", "Heth"});
        s.plans().reserve("Cemetery Ridge", {"Pender"});
    }
    test::Driver d(db);
    auto& w = d.show<gui::BattleWindow>();
    const auto plan = [&] {
        for (const auto& p : d.app.seen().plans)
            if (p.plan.name == "Cemetery Ridge") return p;
        FAIL("no plan of Cemetery Ridge in the model");
        return app::PlanView{};
    };
    REQUIRE(plan().reserve.size() == 1);
    d.frame(shot("battle_plan"));
    REQUIRE(d.click("Battle/PlanPhysical"));
    REQUIRE(d.click("Battle/Plan/Arrive/Pender"));
    INFO(w.error);
    REQUIRE(w.plan_dice.asking());  // nothing stored while the dice are asked
    d.frame(shot("battle_plan_dice"));
    CHECK(plan().arrived.empty());
    CHECK(test::roll_threes(d, w.plan_dice, "plan") > 5);
    REQUIRE_FALSE(w.plan_dice.asking());
    REQUIRE(w.plan_step);
    CHECK(w.plan_step->arrivals.size() == 1);
    d.frames(2);
    REQUIRE(plan().arrived.size() == 1);
    CHECK(plan().arrived.front().division == "Pender");
    CHECK(plan().arrived.front().status == DivisionStatus::arrived);
    CHECK(plan().reserve.empty());
    d.frame(shot("battle_plan_arrived"));
    // The report's form filled from the plan: its name, date, place and the divisions on the field.
    REQUIRE(d.click("Battle/Plan/Report/Cemetery Ridge"));
    CHECK(w.name == "Cemetery Ridge");
    CHECK(w.date == "1863-07-02");
    CHECK(w.divisions == std::set<std::string>{"Heth", "Pender", "Wadsworth"});
    // Its check says what the CLI's preview does: the plan it closes, a division on the field left out.
    d.frames(2);
    CHECK_THAT(w.check_text(), Contains("the plan of Cemetery Ridge would be closed"));
    w.divisions.erase("Pender");
    d.frames(2);
    CHECK_THAT(w.check_text(), Contains("on its field but not in the report, so not recorded as fighting there: Pender"));
    d.frame(shot("battle_plan_check"));
    w.divisions.insert("Pender");
    d.ctrl_z();  // the arrival's step, whole: Pender back in reserve, a placeholder
    d.frames(2);
    CHECK(plan().arrived.empty());
    REQUIRE(plan().reserve.size() == 1);
    CHECK(plan().reserve.front().status == DivisionStatus::placeholder);
    CHECK(d.app.session()->history().check().ok());
}

TEST_CASE("Fill the report takes the draft the table side's rolls left for the plan's battle, and applied it replaces the draft") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    {
        auto s = test::wagram(db, DiceMode::typed);
        s.plans().plan("Wagram", Day::read("1809-07-05"), "Marchfeld");
        s.plans().deploy("Wagram", {"Legrand", "Fresnel"});
        app::CampaignRoll r;
        r.table = "charge";
        r.battle = "Wagram";
        r.unit = "Legrand/Ledru";
        r.defender = "Fresnel/Kleist";
        s.table_side().roll(r, {"11", "3"});  // swept from the field: one stand flees, one captured, Kleist taken
        REQUIRE(s.table_side().drafts().size() == 1);
    }
    test::Driver d(db);
    auto& s = *d.app.session();
    auto& w = d.show<gui::BattleWindow>();
    d.frames(2);
    REQUIRE(d.click("Battle/Plan/Report/Wagram"));
    CHECK(w.name == "Wagram");
    CHECK(w.divisions == std::set<std::string>{"Fresnel", "Legrand"});
    REQUIRE(w.lines.count("Fresnel/Kleist"));
    CHECK(w.lines["Fresnel/Kleist"].lost == 1);
    CHECK(w.lines["Fresnel/Kleist"].captured == 1);
    CHECK(w.lines["Fresnel/Kleist"].fate == LeaderFate::captured);
    CHECK_THAT(w.note, Contains("Filled from the draft report of Wagram"));
    d.frames(2);
    CHECK_THAT(w.check_text(), Contains("1 stand lost, 1 stand captured, 1 leader fallen") && Contains("the draft report of Wagram would be cleared"));
    d.frame(shot("battle_fill_from_draft"));
    REQUIRE(d.click("Battle/Apply"));
    INFO(w.error);
    REQUIRE(s.battles().list().size() == 1);
    CHECK(s.table_side().drafts().empty());
    for (const auto& b : s.forces().brigades())
        if (b.ref() == "Fresnel/Kleist") CHECK(b.stands == 6 - 1 - 1);
    CHECK(s.history().check().ok());
}
