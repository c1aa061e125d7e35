// Defects found in play, each held by a test that failed before its fix.
#include "db/db_support.hpp"
#include "app/files.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>

#include <set>

using namespace muster;
using Catch::Matchers::Contains;

namespace {

// Every battery's name is unique within its owner (a division, a corps' or an army's reserve).
void check_battery_names_unique(const army::OrderOfBattle& oob) {
    auto unique = [](const std::string& owner, const std::vector<army::Battery>& list) {
        std::set<std::string> names;
        for (const auto& b : list) {
            INFO(owner << ": " << b.name);
            CHECK(names.insert(b.name).second);
        }
    };
    for (const auto& a : oob.armies) {
        unique(a.name, a.reserve);
        for (const auto& k : a.corps) {
            unique(k.name, k.reserve);
            for (const auto& d : k.divisions) unique(d.name, d.batteries);
        }
    }
}

}  // namespace

TEST_CASE("Reserve batteries are numbered on across arrivals, and the campaign's JSON export imports again") {
    for (const std::uint64_t seed : {1, 2, 3, 7, 11}) {
        INFO("seed " << seed);
        test::TempDir dir;
        auto s = test::make_campaign(dir.file("c.db"), seed);
        // A hand-entered reserve battery already there: numbering goes on past it.
        s.forces().add_battery({"Reserve 1", "", "", "Army of the Potomac"});
        s.forces().add_battery({"Reserve 1", "", "I Corps", ""});
        for (int i = 0; i < 6; ++i) {
            s.forces().add_division(i % 2 ? "I Corps" : "Third Corps", "D" + std::to_string(i), "");
            s.arrivals().arrive(test::arrival("D" + std::to_string(i)));
        }
        s.arrivals().arrive(test::arrival("Wadsworth"));
        s.arrivals().arrive(test::arrival("Heth"));
        const auto oob = s.forces().order_of_battle({});
        check_battery_names_unique(oob);
        int reserve = 0;
        for (const auto& a : oob.armies) {
            reserve += static_cast<int>(a.reserve.size());
            for (const auto& k : a.corps) reserve += static_cast<int>(k.reserve.size());
        }
        CHECK(reserve > 2);  // the arrivals did send batteries to the reserves

        const auto json = test::export_oob(s, {{std::nullopt, View::umpire(), std::nullopt, "2026-01-01"}, "json"});
        const auto file = dir.file("oob.json");
        app::write_file(file, json);
        auto t = test::make_campaign(dir.file("d.db"), seed);
        t.forces().rename(NamedKind::army, "Army of Northern Virginia", "Other");
        t.forces().rename(NamedKind::army, "Army of the Potomac", "Another");
        t.forces().rename(NamedKind::corps, "Third Corps", "Other Corps");
        t.forces().rename(NamedKind::corps, "I Corps", "Another Corps");
        for (const char* d : {"Heth", "Pender", "Wadsworth"}) t.forces().rename(NamedKind::division, d, std::string("X") + d);
        CHECK_NOTHROW(t.forces().import_oob(file));
    }
}
