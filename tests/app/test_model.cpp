// The campaign model the GUI draws from: what it holds is what the application's own queries
// say, read in one go; the journal comes as its newest page.
#include "db/db_support.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>

using namespace muster;

TEST_CASE("The campaign model holds what the application's queries return") {
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    test::fight_and_propose(s);

    const auto m = app::load_model(s);
    REQUIRE(m.current);
    CHECK(m.current->name == s.current().name);
    CHECK(m.revision == s.last_operation());
    CHECK(m.rules == &s.rules());
    CHECK(m.campaigns.size() == s.campaigns().size());
    const auto p = exporter::Provenance{"2026-01-01"};
    CHECK(exporter::oob_json(s.rules(), m.oob, p) == exporter::oob_json(s.rules(), s.forces().order_of_battle({}), p));
    CHECK(m.roster.brigades.size() == s.forces().brigades().size());
    CHECK(m.roster.leaders.size() == s.leaders().list().size());
    CHECK(m.roster.battles.size() == 1);
    const auto held = s.prisoners().held();
    REQUIRE(m.held.size() == held.size());
    for (size_t i = 0; i < held.size(); ++i) {
        CHECK(m.held[i].spec == held[i].spec);
        CHECK(m.held[i].text == held[i].text);
        CHECK(m.held[i].owner == held[i].owner);
    }
    const auto camps = s.prisoners().camps();
    REQUIRE(m.camps.size() == camps.size());
    for (size_t i = 0; i < camps.size(); ++i) CHECK(m.camps[i].holds == camps[i].holds);
    const auto exchanges = s.prisoners().exchanges();
    REQUIRE(m.exchanges.size() == 1);
    CHECK(m.exchanges[0].offer == exchanges[0].offer);
    CHECK(m.exchanges[0].balance == exchanges[0].balance);
    // A battle checked against the model says what the service's preview says.
    battle::Report next;
    next.name = "Seminary Ridge";
    next.brigades.push_back({"Heth/2nd Brigade", 2, 0, ""});
    CHECK(app::describe_battle(m.roster, next, s.rules()).summary == s.battles().report_battle(next, true).summary);
}

TEST_CASE("The model's journal is its newest page, oldest first, with the whole journal's size") {
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    for (int i = 0; i < 12; ++i) s.forces().add_division("I Corps", "D" + std::to_string(i), "");
    s.arrivals().arrive(test::arrival("D3"));
    const auto all = s.history().journal();
    const auto m = app::load_model(s, 5);
    CHECK(m.journal_size == static_cast<int>(all.size()));
    REQUIRE(m.journal.size() == 5);
    for (size_t i = 0; i < 5; ++i) {
        const auto& want = all[all.size() - 5 + i];
        CHECK(m.journal[i].id == want.id);
        CHECK(m.journal[i].summary == want.summary);
        CHECK(m.journal[i].rolls.size() == want.rolls.size());
    }
    CHECK_FALSE(m.journal.back().rolls.empty());  // the arrival's rolls come with it
}

TEST_CASE("A file with no campaign gives an empty model, not an error") {
    test::TempDir dir;
    app::Session s(dir.file("new.db"), true);
    const auto m = app::load_model(s);
    CHECK_FALSE(m.current);
    CHECK(m.campaigns.empty());
    CHECK(m.rules == nullptr);
}
