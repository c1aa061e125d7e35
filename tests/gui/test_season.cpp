// The season panel: turns with physical dice, the battles summarized and charted, the schedule.
// The real windows under Xvfb, driven by mouse and keyboard; screenshots in build/tests/gui/screenshots/.
#include "fixture.hpp"

#include <chrono>
#include <fstream>
#include <thread>

using namespace muster;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;
using test::shot;

TEST_CASE("The season panel: Next turn with physical dice asks each roll of the division due by its purpose, with take-back") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    test::Driver d(db);
    auto& s = *d.app.session();
    auto& w = d.show<gui::SeasonWindow>();
    REQUIRE(d.click("Season/Physical"));
    REQUIRE(w.physical.ticked);
    REQUIRE(d.click("Season/NextTurn"));
    INFO(w.error);
    d.frames(2);
    CHECK(d.app.model().current->turn == Turn::read(2));
    CHECK(d.app.model().current->date == Day::read("1863-07-08"));
    REQUIRE(w.dice.asking());
    CHECK_THAT(w.dice.purpose(), !Contains("Heth"));
    const std::string first = w.dice.purpose();
    // A value no die shows is refused where it was typed, naming the roll; nothing is taken.
    REQUIRE(d.click("turn/Roll"));
    d.type("x");
    d.press_enter();
    CHECK_THAT(w.error, Contains(first));
    CHECK(w.dice.rolls().empty());
    d.frame();  // the field keeps the keyboard, the refused value selected: typed straight over
    d.type("3");
    d.press_enter();
    REQUIRE(w.dice.rolls().size() == 1);
    d.frame(shot("season_dice"));
    // Taken back: the same roll is asked again.
    const std::string second = w.dice.purpose();
    REQUIRE(d.click("turn/TakeBack"));
    CHECK(w.dice.rolls().empty());
    CHECK(w.dice.purpose() == first);
    // Every roll typed as asked, the field taking the keyboard again once a roll is taken back,
    // and keeping it after each Enter; nothing is stored until the last is in.
    int typed = 0;
    while (w.dice.asking() && typed < 200) {
        CHECK(s.forces().brigades().size() == 4);  // Heth's three and the Iron Brigade: Pender is not in yet
        const auto before = w.dice.rolls().size();
        d.frame();  // the focus asked for in one frame is taken in the next
        d.type("3");
        d.press_enter();
        INFO("roll " << typed);
        REQUIRE((w.dice.rolls().size() == before + 1 || !w.dice.asking()));
        ++typed;
    }
    REQUIRE_FALSE(w.dice.asking());
    CHECK(typed > 1);
    CHECK_THAT(w.note, Contains("Pender arrived"));
    const auto brigades = s.forces().brigades();
    CHECK(std::count_if(brigades.begin(), brigades.end(), [](const auto& b) { return b.division == "Pender"; }) > 0);
    // The journal holds the rolls as typed, under the arrival.
    const auto journal = s.history().journal(View::umpire());
    bool typed_rolls = false;
    for (const auto& e : journal)
        if (e.summary.find("Pender") != std::string::npos)
            for (const auto& r : e.rolls) typed_rolls = typed_rolls || r.roll.purpose.find(second) != std::string::npos;
    CHECK(typed_rolls);
    d.frames(2);
    CHECK(d.app.model().turn.due.empty());
    d.frame(shot("season_arrived"));
}

TEST_CASE("The season panel brings in every division due now, the turn staying") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    {
        app::Session s(db, app::Open::existing);
        s.season().schedule_division("Pender", Turn::first(), std::nullopt);  // due now
    }
    test::Driver d(db);
    auto& w = d.show<gui::SeasonWindow>();
    REQUIRE(d.app.model().turn.due.size() == 1);
    REQUIRE(d.click("Season/ArriveDue"));
    INFO(w.error);
    d.frames(2);
    CHECK_THAT(w.note, Contains("Pender arrived"));
    CHECK(d.app.model().turn.due.empty());
    CHECK(d.app.model().current->turn == Turn::first());
    // Nothing due: said so, nothing written.
    const auto entries = d.app.model().journal_size;
    REQUIRE(d.click("Season/ArriveDue"));
    CHECK_THAT(w.error, Contains("no division is due now"));
    d.frames(2);
    CHECK(d.app.model().journal_size == entries);
    d.frame(shot("season_arrive_due"));
}

TEST_CASE("In a campaign whose dice are typed, a preview and the divisions due ask each roll, the Physical dice boxes ticked and fixed") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    {
        app::Session s(db, app::Open::existing);
        s.season().schedule_division("Pender", Turn::first(), std::nullopt);  // due now
        app::CampaignSettings typed;
        typed.dice = DiceMode::typed;
        s.change_settings(typed);
    }
    test::Driver d(db);
    // The arrival panel previews with the organiser's dice: asked, not refused as having run out.
    auto& arrival = d.show<gui::ArrivalWindow>();
    REQUIRE(d.click("Arrival/Division"));
    REQUIRE(d.click("Arrival/Division/Pender"));
    CHECK_FALSE(arrival.physical.ticked);
    REQUIRE(d.click("Arrival/Preview"));
    INFO(arrival.error);
    CHECK(arrival.error.empty());
    REQUIRE(arrival.dice.asking());
    CHECK_THAT(arrival.dice.purpose(), Contains("Divisional Strength"));
    d.frame();  // the first roll asked takes the keyboard: typed straight in, no click
    d.type("50");
    d.press_enter();
    CHECK(arrival.dice.rolls() == std::vector<std::string>{"50"});
    REQUIRE(d.click("arrival/Abandon"));
    // So do the divisions due, from the season panel.
    auto& w = d.show<gui::SeasonWindow>();
    REQUIRE(d.click("Season/ArriveDue"));
    INFO(w.error);
    CHECK(w.error.empty());
    REQUIRE(w.dice.asking());
    CHECK_THAT(w.dice.purpose(), Contains("Divisional Strength"));
    d.frame(shot("season_typed_campaign"));
    REQUIRE(d.click("Season/Physical"));  // fixed: a click changes nothing
    CHECK_FALSE(w.physical.ticked);
    CHECK(w.physical.on(d.app));
    REQUIRE(d.click("turn/Roll"));
    CHECK(test::roll_threes(d, w.dice, "turn") > 1);
    CHECK_FALSE(w.dice.asking());
    d.frames(2);
    CHECK(d.app.model().turn.due.empty());
}

TEST_CASE("The season panel: each battle summarized in a sortable table, and charts read by hovering, in every view") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    {
        app::Session s(db, app::Open::create, 5000, app::Catalog(""));
        battle::Report r;
        r.name = "Seminary Ridge";
        r.brigades.push_back({"Heth/3rd Brigade", 2, 0, ""});
        s.battles().report_battle(r, app::Mode::apply);
    }
    test::Driver d(db);
    auto& w = d.show<gui::SeasonWindow>();
    const auto picture = app::season_picture(d.app.model(), View::umpire());
    REQUIRE(picture.battles == std::vector<std::string>{"McPherson Ridge", "Seminary Ridge"});
    // The Confederates lost 1 + 2 captured, then 2: their army's stands, now and before.
    REQUIRE(picture.losses.size() == 2);
    for (const auto& side : picture.losses)
        CHECK(side.values == (side.side == "confederate" ? std::vector<int>{3, 2} : std::vector<int>{1, 0}));
    REQUIRE(picture.stands.size() == 2);
    for (const auto& army : picture.stands) {
        REQUIRE(army.values.size() == 3);
        // Back through the battles: the Confederates lost 3 then 2, the Union 1 then none.
        CHECK(army.values[0] - army.values[1] == (army.side == "confederate" ? 3 : 1));
        CHECK(army.values[1] - army.values[2] == (army.side == "confederate" ? 2 : 0));
    }
    // Its points named for when each was counted: just before each battle, and now.
    REQUIRE(d.hover("Chart/stands"));
    CHECK(w.stands_chart().points == std::vector<std::string>{"McPherson Ridge", "Seminary Ridge", "now"});
    CHECK(w.stands_chart().title == "Stands in service just before each battle, and now");
    // Hovering the losses chart reads the battle under the mouse.
    REQUIRE(d.hover("Chart/losses"));
    CHECK(w.losses_chart().value_text(1) == "1 stand");  // as its tooltip reads a value
    CHECK(w.losses_chart().value_text(3) == "3 stands");
    d.frame(shot("season_charts"));
    // A click on the Lost header sorts the rows by it, a second click the other way.
    const auto lost = [&] {
        std::vector<int> out;
        for (const auto& r : w.rows()) out.push_back(r.side->casualties);
        return out;
    };
    REQUIRE(d.click("Season/Battles/Lost"));
    CHECK(lost() == std::vector<int>{0, 1, 2});  // the Union lost none (one captured), the Confederates 1 then 2
    REQUIRE(d.click("Season/Battles/Lost"));
    CHECK(lost() == std::vector<int>{2, 1, 0});
    // In the Union's view: only its own side's losses and armies, and no due division.
    REQUIRE(d.click("Menu/View"));
    REQUIRE(d.click("Menu/View/union"));
    const auto union_picture = app::season_picture(d.app.model(), View::of_side("union"));
    REQUIRE(union_picture.losses.size() == 1);
    CHECK(union_picture.losses[0].side == "union");
    CHECK(union_picture.battles == std::vector<std::string>{"McPherson Ridge"});  // Seminary Ridge: no Union division there
    for (const auto& army : union_picture.stands) CHECK(army.side == "union");
    d.frame(shot("season_union_view"));
    CHECK_FALSE(gui::marked("Season/NextTurn"));
}

TEST_CASE("The schedule in the season panel: a division taken off, put back by a typed date, a date no calendar has refused") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    test::Driver d(db);
    auto& s = *d.app.session();
    auto& w = d.show<gui::SeasonWindow>();
    REQUIRE(d.click("Season/ScheduleHeader"));
    d.frame();
    REQUIRE(gui::marked("Season/Unschedule/Pender"));
    REQUIRE(d.click("Season/Unschedule/Pender"));
    INFO(w.error);
    CHECK(s.season().schedule().empty());
    d.frame();
    CHECK(d.app.model().schedule.empty());
    CHECK(d.app.model().turn.next.empty());
    CHECK_FALSE(gui::marked("Season/Unschedule/Pender"));
    // Put back by date: a week after the campaign's date is turn 2's, two weeks turn 3's.
    REQUIRE(d.click("Season/Division"));
    REQUIRE(d.click("Season/Division/Pender"));
    CHECK(w.to_schedule == "Pender");
    REQUIRE(d.click("Season/ByDate"));
    REQUIRE(w.by_date);
    REQUIRE(d.click("Season/Date"));
    d.type("1863-02-30");
    d.frame();
    const auto journal = s.history().journal().size();
    REQUIRE(d.click("Season/Schedule"));
    CHECK_THAT(w.error, Contains("1863-02-30"));
    CHECK(s.season().schedule().empty());
    CHECK(s.history().journal().size() == journal);
    d.frame(shot("schedule_refused"));
    REQUIRE(d.click("Season/Date"));  // a click selects what is there: typing replaces it
    d.type("1863-07-15");
    d.frame();
    REQUIRE(d.click("Season/Schedule"));
    INFO(w.error);
    const auto schedule = s.season().schedule();
    REQUIRE(schedule.size() == 1);
    CHECK(schedule[0].entry.division == "Pender");
    CHECK(schedule[0].entry.turn.number() == 3);
    CHECK(schedule[0].date == Day::read("1863-07-15"));
    CHECK_THAT(w.note, Contains("turn 3"));
    CHECK(s.history().journal().size() == journal + 1);
    d.frame(shot("schedule"));
    REQUIRE(gui::marked("Season/Unschedule/Pender"));
    // By turn: typed into the turn field.
    REQUIRE(d.click("Season/Division"));
    REQUIRE(d.click("Season/Division/Pender"));
    d.frame();
    REQUIRE_FALSE(gui::marked("Season/Turn"));
    REQUIRE(d.click("Season/ByTurn"));
    CHECK_FALSE(w.by_date);
    REQUIRE(d.click("Season/Turn"));
    d.type("5");
    d.press_enter();
    REQUIRE(d.click("Season/Schedule"));
    REQUIRE(s.season().schedule().size() == 1);
    CHECK(s.season().schedule()[0].entry.turn.number() == 5);
    // Arrived early, he stays on the schedule as arrived, with nothing to take off.
    s.arrivals().arrive(test::arrival("Pender"));
    d.app.changed();
    d.app.settle();
    d.frame();
    CHECK_FALSE(gui::marked("Season/Unschedule/Pender"));
    d.frame(shot("schedule_arrived"));
    // A side is not told who is coming.
    REQUIRE(d.click("Menu/View"));
    REQUIRE(d.click("Menu/View/union"));
    CHECK_FALSE(gui::marked("Season/ScheduleHeader"));
    CHECK_FALSE(gui::marked("Season/Unschedule/Pender"));
}

TEST_CASE("Next turn with physical dice rolls up what is due now before the turn begins, and abandoned, the turn waits") {
    // Pender is due on turn 1 (now): his dice are asked while it is still turn 1; abandoned, the
    // turn has not begun and he stays due; Next turn again asks them again, and once he is in,
    // the turn begins.
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    { app::Session(db, app::Open::existing).season().schedule_division("Pender", Turn::first(), std::nullopt); }
    test::Driver d(db);
    auto& w = d.show<gui::SeasonWindow>();
    REQUIRE(d.click("Season/Physical"));
    REQUIRE(d.click("Season/NextTurn"));
    d.frames(2);
    REQUIRE(w.dice.asking());
    CHECK(d.app.model().current->turn == Turn::first());
    REQUIRE(d.click("turn/Abandon"));
    d.frames(2);
    CHECK_FALSE(w.dice.asking());
    CHECK(d.app.model().current->turn == Turn::first());
    CHECK_THAT(w.note, Contains("1 division stays due: Pender") && Contains("the turn has not begun"));
    REQUIRE(d.app.model().turn.due.size() == 1);
    REQUIRE(d.click("Season/NextTurn"));
    d.frames(2);
    REQUIRE(w.dice.asking());
    CHECK(test::roll_threes(d, w.dice, "turn") > 1);
    d.frames(2);
    CHECK(d.app.model().current->turn == Turn::read(2));
    CHECK(d.app.model().turn.due.empty());
    CHECK_THAT(w.note, Contains("Pender arrived") && Contains("Turn 2 begins"));
    // Pender arrived on turn 1, before the turn began, as muster's own dice would have him.
    const auto journal = d.app.session()->history().journal(View::umpire());
    size_t arrived = 0, turn = 0;
    for (size_t i = 0; i < journal.size(); ++i) {
        if (journal[i].kind == OperationKind::arrival) arrived = i;
        if (journal[i].kind == OperationKind::turn) turn = i;
    }
    CHECK(arrived < turn);
}

TEST_CASE("Next turn says what that turn brought, not what the panel said before it") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    test::Driver d(db);
    auto& w = d.show<gui::SeasonWindow>();
    REQUIRE(d.click("Season/NextTurn"));
    INFO(w.error);
    CHECK_THAT(w.note, Contains("Turn 2 begins"));
    d.frames(2);
    REQUIRE(d.click("Season/NextTurn"));
    CHECK_THAT(w.note, StartsWith("Turn 3 begins") && !Contains("Turn 2"));
}
