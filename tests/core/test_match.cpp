// Names as people type them (core/match.hpp): exactly, ignoring case, or a unique beginning; a
// miss suggests the nearest by edit distance, and nothing when nothing is near.
#include "core/match.hpp"

#include <catch2/catch.hpp>

using namespace muster;
using Catch::Matchers::Contains;

TEST_CASE("Names as people type them: exactly, ignoring case, or a unique beginning - a miss suggests the nearest") {
    const std::vector<std::string> names{"Robinson", "Rodes", "Heth", "heth's reserve", "Iron Brigade"};
    CHECK(matching_names("Heth", names) == std::vector<size_t>{2});           // exact wins over a longer name it begins
    CHECK(matching_names("HETH", names) == std::vector<size_t>{2});           // ignoring case
    CHECK(matching_names("rob", names) == std::vector<size_t>{0});            // a unique beginning
    CHECK(matching_names("ro", names) == std::vector<size_t>{0, 1});          // two: the caller calls it ambiguous
    CHECK(matching_names("", names).empty());
    CHECK(matching_names("Zouaves", names).empty());
    CHECK_THROWS_WITH(match_one("ro", names, "division"), Contains("could be any of 2 (Robinson, Rodes)"));
    CHECK(did_you_mean("robinsn", names) == ": did you mean Robinson?");
    CHECK(did_you_mean("Rhodes", names) == ": did you mean Rodes?");
    CHECK(did_you_mean("Longstreet", names).empty());  // nothing near: no guess
}
