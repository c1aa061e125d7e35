// Text as muster writes it (core/text.hpp): counts that agree with their nouns, possessives of
// names that end in s, lists split and joined.
#include "core/match.hpp"
#include "core/text.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>

using namespace muster;

TEST_CASE("Counts agree with their nouns, and a name ending in s takes a bare apostrophe") {
    CHECK(count_of(1, "campaign", "campaigns") == "1 campaign");
    CHECK(count_of(0, "campaign", "campaigns") == "0 campaigns");
    CHECK(count_of(2, "was given", "were given") == "2 were given");
    CHECK(count_of(1, "was given", "were given") == "1 was given");
    CHECK(possessive("Union") == "Union's");
    CHECK(possessive("Allies") == "Allies'");
    CHECK(possessive("") == "'s");
}

TEST_CASE("Two names are one as people type them when they differ only in the case of their letters") {
    CHECK(same_ignoring_case("Wheatfield", "wheatfield"));
    CHECK(same_ignoring_case("Freeman's Farm", "FREEMAN'S FARM"));
    CHECK_FALSE(same_ignoring_case("Wheatfield", "Wheatfields"));
    CHECK_FALSE(same_ignoring_case("Heth", "Hath"));
}

TEST_CASE("A list filtered as people type: the part anywhere in the name, the case aside") {
    for (const char* part : {"heth", "HETH", "Heth", "eth", "", "th's Div"})
        CHECK(contains_ignoring_case("Heth's Division", part));
    CHECK_FALSE(contains_ignoring_case("Heth's Division", "pender"));
    CHECK_FALSE(contains_ignoring_case("Heth", "Heth's"));
}

TEST_CASE("A list is split at its separator and joined again as it was") {
    CHECK(split("a,b,,c", ',') == std::vector<std::string>{"a", "b", "", "c"});
    CHECK(join(split("union,confederate", ','), ",") == "union,confederate");
}

TEST_CASE("A name printed in a command to paste is one shell word that reads back as the name, plain where it can be") {
    CHECK(shell_word("Heth/1st") == "Heth/1st");
    CHECK(shell_word("Freeman's Farm") == "\"Freeman's Farm\"");
    CHECK(shell_word("Gap Road") == "'Gap Road'");
    for (const std::string name : {"Freeman's Farm", "O'Hara's $HOME", "It's `id`", "Don't!", "a\\b's", "say \"hi\" it's", "Gap $(touch x) 'y'",
                                   "Großbeeren's", "-x", "*", "'", "\"", " lead and trail "}) {
        INFO(name);
        CHECK(test::shell("printf '%s' " + shell_word(name)) == name);
    }
}
