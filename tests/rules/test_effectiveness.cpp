#include "support.hpp"

#include <catch2/catch.hpp>

using namespace muster;
using rules::State;

TEST_CASE("A 6/5/3 brigade is Fresh at 6 Worn at 5 and 4 Spent at 3 or fewer") {
    rules::EffectivenessLabel archer{6, 5, 3};
    CHECK(archer.text() == "6/5/3");
    CHECK(archer.state_at(6) == State::fresh);
    CHECK(archer.state_at(5) == State::worn);
    CHECK(archer.state_at(4) == State::worn);
    CHECK(archer.state_at(3) == State::spent);
    CHECK(archer.state_at(0) == State::spent);
}

TEST_CASE("Dashes: never Worn already Worn already Spent") {
    const auto& eff = test::acw().effectiveness;
    const auto* green6 = eff.find("green", 6);  // 6/-/5: Fresh straight to Spent
    REQUIRE(green6);
    CHECK_FALSE(green6->worn_at);
    CHECK(green6->state_at(6) == State::fresh);
    CHECK(green6->state_at(5) == State::spent);
    const auto* green5 = eff.find("green", 5);  // -/5/4: starts already Worn
    REQUIRE(green5);
    CHECK(green5->stands == 5);
    CHECK(green5->state_at(5) == State::worn);
    CHECK(green5->state_at(4) == State::spent);
}
