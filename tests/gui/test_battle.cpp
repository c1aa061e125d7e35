// The battle report panel: recovery with physical dice.
// The real windows under Xvfb, driven by mouse and keyboard; screenshots in build/tests/gui/screenshots/.
#include "fixture.hpp"

#include <chrono>
#include <fstream>
#include <thread>

using namespace muster;
using Catch::Matchers::Contains;
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

}  // namespace

TEST_CASE("Recovery with physical dice: each brigade's roll asked by its purpose, taken back, then applied") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    seminary_ridge(db, {"Heth/2nd Brigade", "Heth/3rd Brigade"});
    test::Driver d(db);
    auto& s = *d.app.session();
    auto& w = d.show<gui::BattleWindow>();
    REQUIRE(d.click("Battle/RecoveryBattle"));
    REQUIRE(d.click("Battle/RecoveryBattle/Seminary Ridge"));
    CHECK(w.recovery_battle == "Seminary Ridge");
    REQUIRE(d.click("Battle/RecoveryPhysical"));
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
    d.ctrl_z();
    d.frames(2);
    CHECK(d.app.seen().journal.back().kind == OperationKind::undo);
}
