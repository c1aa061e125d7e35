#include "rules/load.hpp"
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

TEST_CASE("Every rule set says why a brigade may start below Fresh where its effectiveness table has one that does") {
    for (const char* file : {"acw_fire_and_fury.json", "awi_fire_and_fury.json", "napoleonic_lordre_mixte.json"}) {
        INFO(file);
        const auto r = rules::load_rule_set(test::template_text(file), file);
        bool below_fresh = false;
        for (const auto& column : r.effectiveness.columns)
            for (const auto& l : column.labels) below_fresh = below_fresh || l.text().rfind("-/", 0) == 0;
        REQUIRE(below_fresh);  // each of the three has such a row (Green 5, Levy, Raw 5)
        CHECK_THAT(r.effectiveness.note, Catch::Matchers::Contains("below Fresh"));
    }
}

TEST_CASE("A label that is none is refused whole, its bytes shown: a NUL or an escape in it does not cut the message short") {
    for (const auto& [text, shows] : std::vector<std::pair<std::string, std::string>>{
             {std::string("6/\0/3", 5), "\"6/\\x00/3\" is not an effectiveness label (\"\\x00\" is not a number"},
             {"6/\x1b[2J/3", "\"6/\\x1B[2J/3\" is not an effectiveness label (\"\\x1B[2J\" is not a number"},
             {"6/5", "\"6/5\" is not an effectiveness label (three parts separated by /)"}}) {
        INFO(text);
        CHECK_THROWS_WITH(rules::parse_label(text), Catch::Matchers::Contains(shows) && Catch::Matchers::EndsWith("a state that never occurs"));
    }
}
