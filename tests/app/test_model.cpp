// The campaign model the GUI draws from: what it holds is what the application's own queries
// say, read in one go; the journal comes as its newest page.
#include "app/picture.hpp"
#include "db/db_support.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

using namespace muster;

TEST_CASE("The campaign model holds what the application's queries return") {
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    test::fight_and_propose(s);
    // A hand-entered division the Union has not seen, and its brigadier.
    s.forces().add_division("Third Corps", "Secret", "");
    s.forces().add_brigade({"Secret", "Armistead's", "veteran", 6, std::nullopt, "", "", {"Lewis A. Armistead", "average"}});

    const auto m = app::load_model(s);
    REQUIRE(m.current);
    CHECK(m.current->name == s.current().name);
    CHECK(m.revision == s.last_operation());
    CHECK(m.rules.get() == &s.rules());
    CHECK(m.campaigns.size() == s.campaigns().size());
    const auto p = exporter::Provenance{Day::read("2026-01-01")};
    CHECK(exporter::in_memory(exporter::oob_json, s.rules(), m.oob, p) == exporter::in_memory(exporter::oob_json, s.rules(), s.forces().order_of_battle({}), p));
    CHECK(m.roster.brigades.size() == s.forces().brigades().size());
    CHECK(m.roster.leaders.size() == s.leaders().list().size());
    CHECK(m.roster.battles.size() == 1);
    // Every view of the model is what the services give that viewer.
    for (const auto& viewer : {View::umpire(), View::of_side("union"), View::of_side("confederate")}) {
        INFO(viewer.text());
        const auto& seen = m.seen_by(viewer);
        const auto held = s.prisoners().held(viewer);
        REQUIRE(seen.held.size() == held.size());
        for (size_t i = 0; i < held.size(); ++i) {
            CHECK(seen.held[i].spec == held[i].spec);
            CHECK(seen.held[i].text == held[i].text);
            CHECK(seen.held[i].owner == held[i].owner);
        }
        const auto camps = s.prisoners().camps(viewer);
        REQUIRE(seen.camps.size() == camps.size());
        for (size_t i = 0; i < camps.size(); ++i) CHECK(seen.camps[i].holds == camps[i].holds);
        const auto exchanges = s.prisoners().exchanges(viewer);
        REQUIRE(seen.exchanges.size() == 1);
        CHECK(seen.exchanges[0].offer == exchanges[0].offer);
        CHECK(seen.exchanges[0].balance == exchanges[0].balance);
        // What a front end draws of the view, worked out with the model: the forces as the
        // service shows them to it, its leaders (by name), its season.
        std::vector<army::OutlineLine> outline;
        army::OutlineCollector lines(outline);
        army::walk(s.forces().order_of_battle({std::nullopt, viewer}), lines);
        CHECK(seen.outline == outline);
        auto leaders = s.leaders().list(viewer);
        REQUIRE(seen.leaders.size() == leaders.size());
        std::vector<std::string> names, model_names;
        for (const auto& l : leaders) names.push_back(l.label());
        for (const auto i : seen.leaders) model_names.push_back(m.roster.leaders[i].label());
        std::sort(names.begin(), names.end());
        CHECK(model_names == names);
        CHECK(seen.picture.battles == app::season_picture(m, viewer).battles);
        CHECK(seen.picture.losses.size() == app::season_picture(m, viewer).losses.size());
    }
    CHECK(m.seen_by(View::of_side("union")).leaders.size() < m.seen_by(View::umpire()).leaders.size());
    CHECK(s.leaders().list(View::of_side("union")).size() < s.leaders().list().size());
    // The battles a side fought: a Confederate division's skirmish alone is not the Union's.
    battle::Report skirmish;
    skirmish.name = "Skirmish";
    battle::add_loss_spec(skirmish, "Heth/1st Brigade=1");
    s.battles().report_battle(skirmish, app::Mode::apply);
    CHECK(s.battles().list(View::of_side("union")).size() == 1);
    CHECK(s.battles().list(View::of_side("confederate")).size() == 2);
    CHECK(s.battles().list().size() == 2);
    // A battle checked against the model says what the service's preview says.
    battle::Report next;
    next.name = "Seminary Ridge";
    next.brigades.push_back({"Heth/2nd Brigade", 2, 0, ""});
    CHECK(app::describe_battle(*m.current, m.roster, m.plans, m.oob, {}, next, s.rules()).summary == s.battles().report_battle(next, app::Mode::preview).summary);
}

TEST_CASE("A report checked against the model says what the service's preview says of the battle planned under its name") {
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    test::ready_to_fight(s);
    s.plans().plan("Seminary Ridge", Day::read("1863-07-01"), "Gettysburg");
    s.plans().deploy("Seminary Ridge", {"Heth", "Wadsworth"});
    battle::Report r;
    r.name = "seminary ridge";  // as the organiser types it
    r.brigades.push_back({"Wadsworth/Iron Brigade", 2, 0, ""});
    r.divisions = {"Wadsworth"};
    // Wadsworth alone, hidden, no Confederate there: the plan they read would close without their
    // knowing the battle was fought. Refused alike.
    const auto unseen = app::load_model(s);
    const auto refused = Contains("would close its plan, which every side reads, but the Confederate side would not know it was fought");
    CHECK_THROWS_WITH(app::describe_battle(*unseen.current, unseen.roster, unseen.plans, unseen.oob, {}, r, s.rules()), refused);
    CHECK_THROWS_WITH(s.battles().report_battle(r, app::Mode::preview), refused);
    // Seen, and losing a stand to the Confederates' camp: they were there, and know the battle.
    s.forces().set_fog("Wadsworth", Fog::seen);
    r.brigades = {{"Wadsworth/Iron Brigade", 2, 1, "Libby Prison"}};
    const auto m = app::load_model(s);
    const auto model = app::describe_battle(*m.current, m.roster, m.plans, m.oob, {}, r, s.rules());
    const auto service = s.battles().report_battle(r, app::Mode::preview);
    CHECK(model.lines == service.lines);
    CHECK(model.summary == service.summary);
    CHECK_THAT(join(model.lines, "\n"), Contains("the plan of seminary ridge would be closed") &&
                                            Contains("on its field but not in the report, so not recorded as fighting there: Heth"));
    // Dated after the turn the campaign is at (its turns a week long): refused alike, as typed.
    app::CampaignSettings week;
    week.date = Day::read("1863-07-01");
    week.turn_days = 7;
    s.change_settings(week);
    r.date = Day::read("1863-07-20");
    const auto later = app::load_model(s);
    const auto after = Contains("battle date 1863-07-20 is after turn 1");
    CHECK_THROWS_WITH(app::describe_battle(*later.current, later.roster, later.plans, later.oob, {}, r, s.rules()), after);
    CHECK_THROWS_WITH(s.battles().report_battle(r, app::Mode::preview), after);
}

TEST_CASE("The model's journal is its newest page, oldest first, with the whole journal's size - for every view") {
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    for (int i = 0; i < 12; ++i) s.forces().add_division("I Corps", "D" + std::to_string(i), "");
    s.arrivals().arrive(test::arrival("D3"));
    s.arrivals().arrive(test::arrival("Heth"));  // the Confederacy's: not in the Union's journal
    const auto m = app::load_model(s, 5);
    CHECK(m.journal_size == static_cast<int>(s.history().journal().size()));
    for (const auto& viewer : {View::umpire(), View::of_side("union"), View::of_side("confederate")}) {
        INFO(viewer.text());
        const auto all = s.history().journal(viewer);
        const auto& page = m.seen_by(viewer).journal;
        REQUIRE(page.size() == 5);
        for (size_t i = 0; i < 5; ++i) {
            const auto& want = all[all.size() - 5 + i];
            CHECK(page[i].id == want.id);
            CHECK(page[i].summary == want.summary);
            CHECK(page[i].rolls.size() == want.rolls.size());
        }
        CHECK_FALSE(page.back().rolls.empty());  // the newest arrival of its own, with its rolls
    }
    // A side's entries are numbered in its own view: 1, 2, ... with no gap.
    const auto union_journal = s.history().journal(View::of_side("union"));
    for (size_t i = 0; i < union_journal.size(); ++i) CHECK(union_journal[i].id == static_cast<std::int64_t>(i + 1));
    CHECK(m.seen_by(View::of_side("prussia")).journal.empty());  // no view of a side the rules lack: nothing
}

TEST_CASE("A file with no campaign gives an empty model, not an error") {
    test::TempDir dir;
    app::Session s(dir.file("new.db"), app::Open::create);
    const auto m = app::load_model(s);
    CHECK_FALSE(m.current);
    CHECK(m.campaigns.empty());
    CHECK(m.rules == nullptr);
}

TEST_CASE("The season picture counts a brigade disbanded after a battle in service before it, and not the stands that came home to it since") {
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    test::ready_to_fight(s);
    const auto in_service = [&] {  // as the order of battle counts them
        std::map<std::string, int> out;
        for (const auto& b : s.forces().brigades())
            if (is_active(b.status)) out[b.side] += b.stands;
        return out;
    };
    const auto before = in_service();
    test::fight(s);  // Heth/1st Brigade: 1 lost, 2 captured to Fort Delaware
    s.battles().disband_brigade("Heth/1st Brigade");
    s.prisoners().propose_exchange({"union", "", {"stands:Heth/1st Brigade=2"}, {}, ""});
    s.prisoners().answer_exchange(s.prisoners().exchanges(View::umpire()).front().row.id, "confederate", app::Answer::accept);
    const auto now = in_service();
    const auto m = app::load_model(s);
    for (const auto& viewer : {View::umpire(), View::of_side("confederate")}) {
        const auto picture = app::season_picture(m, viewer);
        for (const auto& army : picture.stands)
            if (army.side == "confederate") CHECK(army.values == std::vector<int>{before.at("confederate"), now.at("confederate")});
    }
}

TEST_CASE("The season picture counts each camp's own prisoners, two sides' camps of one name told apart by their sides") {
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    test::ready_to_fight(s);
    test::fight(s);  // Heth/1st Brigade: 2 captured to Fort Delaware (the Union's)
    s.prisoners().add_camp("confederate", "Fort Delaware");
    const auto m = app::load_model(s);
    const auto picture = app::season_picture(m, View::umpire());
    std::map<std::string, int> held;
    for (const auto& camp : picture.prisoners) held[camp.name] = camp.values.at(0);
    CHECK(held.at("Fort Delaware (Union)") == 2);
    CHECK(held.at("Fort Delaware (Confederate)") == 0);
    // A side that sees one camp of the name (the enemy's holds none of its men) reads it by its
    // name alone: nothing says there is another.
    for (const auto& camp : app::season_picture(m, View::of_side("union")).prisoners) CHECK(camp.name.find('(') == std::string::npos);
}

TEST_CASE("The season picture's stands in service before a battle are those the armies had then, not today's less its losses") {
    // After McPherson Ridge, Pender arrives and the prisoners are exchanged home: neither was in
    // service before the battle, and neither is counted there.
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    test::ready_to_fight(s);
    const auto in_service = [&] {
        std::map<std::string, int> out;
        for (const auto& b : s.forces().brigades()) out[b.side] += b.stands;
        return out;
    };
    const auto before = in_service();
    test::fight(s);
    s.prisoners().propose_exchange({"union", "", {"stands:Heth/1st Brigade=1"}, {"stands:Wadsworth/Iron Brigade=1"}, ""});
    s.prisoners().answer_exchange(s.prisoners().exchanges(View::umpire()).front().row.id, "confederate", app::Answer::accept);
    s.arrivals().arrive(test::arrival("Pender"));
    const auto now = in_service();
    REQUIRE(now.at("confederate") > before.at("confederate"));  // Pender's stands came after
    const auto m = app::load_model(s);
    for (const auto& viewer : {View::umpire(), View::of_side("union"), View::of_side("confederate")}) {
        const auto picture = app::season_picture(m, viewer);
        REQUIRE_FALSE(picture.stands.empty());
        for (const auto& army : picture.stands) {
            INFO(viewer.text() << ": " << army.name);
            CHECK(army.values == std::vector<int>{before.at(army.side), now.at(army.side)});
        }
    }
}
