// The journal's undo and the check, through the application: each operation undone exactly, a
// refusal when the campaign changed outside muster, a failed operation that changes nothing.
#include "core/error.hpp"
#include "db/store.hpp"
#include "db/battles.hpp"
#include "db/forces.hpp"
#include "db/history.hpp"
#include "db/leaders.hpp"
#include "db/prisoners.hpp"
#include "db/roster.hpp"
#include "db/season.hpp"
#include "db/db_support.hpp"
#include "export/oob.hpp"
#include "support.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>
#include <catch2/catch.hpp>
#include <fstream>

using namespace muster;
using Catch::Matchers::Contains;

TEST_CASE("Undo after each kind of operation restores the campaign exactly") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = test::make_campaign(path);
    const auto oob_file = dir.file("oob.json");

    const std::vector<std::pair<std::string, std::function<void()>>> operations = {
        {"add army", [&] { s.forces().add_army("union", "Army of the Shenandoah", {"Sheridan", "exceptional"}); }},
        {"add corps", [&] { s.forces().add_corps("Army of the Potomac", "II Corps", {"Hancock", "exceptional"}); }},
        {"add division", [&] { s.forces().add_division("I Corps", "Doubleday", "infantry"); }},
        {"add brigade", [&] { s.forces().add_brigade({"Wadsworth", "Iron Brigade", "veteran", 5, 6, "6/5/3", "", {"Meredith", "average"}}); }},
        {"add battery", [&] { s.forces().add_battery({"Battery B", "", "I Corps", ""}); }},
        {"arrival", [&] { s.arrivals().arrive(test::arrival("Heth")); }},
        {"reveal", [&] { s.forces().set_fog("Pender", Fog::seen); }},
        {"import", [&] {
             std::ofstream(oob_file) << R"({"format": "muster-oob/1", "armies": [{"name": "Army of the Cumberland", "side": "union",
                 "corps": [{"name": "XIV Corps", "divisions": [{"name": "Baird", "arm": "infantry", "status": "entered",
                 "brigades": [{"name": "Scribner", "rating": "veteran", "start_stands": 7, "stands": 5}]}]}]}]})";
             s.forces().import_oob(oob_file);
         }},
    };
    for (const auto& [name, op] : operations) {
        INFO(name);
        const auto before = test::dump(path, false);
        op();
        REQUIRE(test::dump(path, false) != before);
        CHECK(s.history().check().ok());
        const auto undone = s.history().undo();
        CHECK(test::dump(path, false) == before);
        REQUIRE(undone.size() == 1);
        CHECK(word(undone.front().kind) == "undo");
        CHECK(s.history().check().ok());
        op();  // do it again, so the next operation starts from a fuller campaign
    }
    // And undo walks back through all of them, newest first.
    for (size_t i = 0; i < operations.size(); ++i) s.history().undo();
    const auto journal = s.history().journal();
    CHECK(word(journal.back().kind) == "undo");
    CHECK_THAT(journal.back().summary, Contains("(add)"));
}

TEST_CASE("Undo says so when there is nothing left to undo") {
    test::TempDir dir;
    auto s = test::empty_campaign(dir.file("c.db"), "Empty");
    CHECK_THROWS_WITH(s.history().undo(), Contains("nothing to undo"));
}

TEST_CASE("Undo refuses when the campaign was changed outside muster") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = test::make_campaign(path);
    s.arrivals().arrive(test::arrival("Heth"));
    test::raw_sql(path, "UPDATE brigade SET name = 'Renamed' WHERE position = 0");
    const auto before = test::dump(path);
    CHECK_THROWS_WITH(s.history().undo(), Contains("exactly: the campaign was changed outside"));
    CHECK(test::dump(path) == before);
}

TEST_CASE("check passes a sound campaign and fails a hand-corrupted ledger") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = test::make_campaign(path);
    s.arrivals().arrive(test::arrival("Heth"));
    const auto ok = s.history().check();
    CHECK(ok.ok());
    CHECK(ok.brigades >= 2);
    CHECK(ok.stands > 0);
    test::raw_sql(path, "UPDATE brigade SET stands = stands - 1 WHERE position = 0");
    const auto bad = s.history().check();
    REQUIRE_FALSE(bad.ok());
    CHECK_THAT(bad.problems.front(), Contains("ledger: Test: Heth, 1st Brigade has"));
    CHECK_THAT(bad.problems.front(), Contains("but its recorded moves add up to"));
}

TEST_CASE("A failed operation leaves the file exactly as it was") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = test::make_campaign(path);
    s.arrivals().arrive(test::arrival("Heth"));
    const auto before = test::dump(path);
    auto typed = test::arrival("Pender");
    typed.rolls = {"50", "50"};  // runs out
    CHECK_THROWS_WITH(s.arrivals().arrive(typed), Contains("ran out"));
    CHECK_THROWS_WITH(s.arrivals().arrive(test::arrival("Heth")), Contains("a division arrives once"));
    CHECK_THROWS_WITH(s.arrivals().arrive(test::arrival("Nobody")), Contains("no division named \"Nobody\""));
    CHECK_THROWS_WITH(s.forces().add_army("prussia", "X", {}), Contains("unknown side \"prussia\""));
    CHECK_THROWS_WITH(s.forces().add_corps("Army of Northern Virginia", "Third Corps", {}), Contains("already exists"));
    CHECK_THROWS_WITH(s.forces().add_brigade({"Heth", "X", "veteran", 6, std::nullopt, "", "", {}}), Contains("generated on arrival"));
    CHECK_THROWS_WITH(s.forces().add_brigade({"Wadsworth", "X", "elite", 6, std::nullopt, "", "", {}}), Contains("unknown rating \"elite\""));
    CHECK_THROWS_WITH(s.forces().add_brigade({"Wadsworth", "X", "veteran", 7, 6, "", "", {}}), Contains("strength 7 is out of range"));
    CHECK_THROWS_WITH(s.forces().add_brigade({"Wadsworth", "X", "veteran", 6, std::nullopt, "6/7/2", "", {}}), Contains("Worn must be below"));
    CHECK_THROWS_WITH(s.forces().add_battery({"B", "Heth", "Third Corps", ""}), Contains("exactly one"));
    CHECK(test::dump(path) == before);
}

TEST_CASE("A page of the journal holds the newest so many entries, numbered as the view numbers them, and a page of none holds none") {
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    s.arrivals().arrive(test::arrival("Heth"));
    const auto all = s.history().journal();
    REQUIRE(all.size() > 2);
    const auto newest = s.history().journal(View::umpire(), 2);
    REQUIRE(newest.size() == 2);
    CHECK(newest.back().id == all.back().id);
    CHECK(newest.front().summary == all[all.size() - 2].summary);
    CHECK(s.history().journal(View::umpire(), 0).empty());
    CHECK(s.history().journal(View::umpire(), -3).empty());
}
