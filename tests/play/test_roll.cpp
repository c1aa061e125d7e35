// A play table rolled (play::roll): the sources' worked examples come out as printed, and a bad
// request is refused, naming what is wrong, before any die is thrown.
#include "play/play_support.hpp"

#include <catch2/catch.hpp>

using namespace muster;
using Catch::Matchers::Contains;
using test::awi;
using test::nap;
using test::roll;
using test::table;

TEST_CASE("AWI worked examples come out as the source says") {
    // Good Order: Continentals, Fresh, out of command radius: 6 + 2 = 8 under NO, HOLD GROUND.
    const auto a = roll(table(awi(), "good_order"), {"6"}, {"fresh"}, "no");
    CHECK(a.score == 8);
    CHECK(a.result->name == "HOLD GROUND");
    // Disorder: Grenadiers, two stands above Spent (no modifier), Exceptional brigade commander:
    // 4 + 2 = 6, SHAKEN.
    const auto b = roll(table(awi(), "disordered"), {"4"}, {"exc"});
    CHECK(b.score == 6);
    CHECK(b.result->text.rfind("SHAKEN:", 0) == 0);
    // A two-gun stand of Light Artillery: 4 points a gun at canister range, 8 for the stand.
    const auto& light = table(awi(), "ranges").weapons.at(2);
    CHECK(light.name == "Light Artillery*");
    CHECK(light.per == "gun");
    CHECK(light.bands.at(0).points.quarters * 2 == 8 * 4);
}

TEST_CASE("A roll names what is wrong with its request before any die is thrown") {
    const auto& t = table(nap(), "manoeuvre");
    // No dice are given: each request must be refused before a roll is asked for.
    auto refused = [&](std::vector<std::string> mods, std::string column, const char* says) {
        INFO(says);
        CHECK_THROWS_WITH(roll(t, {}, mods, column), Catch::Contains(says));
    };
    refused({}, "", "give --column, one of good_order, disorder");
    refused({}, "bad", "has no column \"bad\"");
    refused({"fresh", "spent"}, "good_order", "one group (state)");
    refused({"fresh", "fresh"}, "good_order", "given twice");
    refused({"fresh=2"}, "good_order", "takes no value");
    refused({"leader=0"}, "good_order", "counted 0 times");
    refused({"leader=13"}, "good_order", "counted 13 times");
    refused({"attacker:fresh"}, "good_order", "takes no attacker: or defender:");
    refused({"unknown"}, "good_order", "has no modifier \"unknown\"");
    CHECK_THROWS_WITH(play::parse_choice("general:fresh"), Catch::Contains("not attacker or defender"));
    CHECK_THROWS_WITH(play::parse_choice("fresh=x"), Catch::Contains("not a whole number"));
    CHECK_THROWS_WITH(play::parse_choice("=2"), Catch::Contains("no modifier id"));
    CHECK_THROWS_AS(roll(t, {}, {}, "good_order"), dice::RollNeeded);  // a good request asks for its die
    CHECK_THROWS_WITH(roll(table(nap(), "movement"), {"7"}), Catch::Contains("for reference, not rolled"));
}
