// The validator refuses broken rule sets with the file, the JSON path and the reason.
#include "support.hpp"

#include "core/error.hpp"

#include <catch2/catch.hpp>

using namespace muster;
using Catch::Matchers::Contains;

namespace {

// The shipped ACW template with one piece of text replaced (which must be there once).
std::string acw_with(const std::string& from, const std::string& to) {
    std::string text = test::template_text("acw_fire_and_fury.json");
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    REQUIRE(text.find(from, at + 1) == std::string::npos);
    return text.replace(at, from.size(), to);
}

std::string refusal(const std::string& text) {
    try {
        rules::load_rule_set(text, "broken.json");
    } catch (const FileError& e) {
        return e.what();
    }
    FAIL("the rule set was accepted");
    return {};
}

}  // namespace

TEST_CASE("The shipped ACW template loads") { CHECK(test::acw().tables.size() == 6); }

TEST_CASE("A gap in a table is refused naming the rolls") {
    const auto msg = refusal(acw_with("[\"16-80\", 3]", "[\"17-80\", 3]"));
    CHECK_THAT(msg, Contains("broken.json: $.tables.brigades.blocks[0].rows: no row covers roll 16:"));
    CHECK_THAT(msg, Contains("every roll from 1 to 100"));
    const auto wide = refusal(acw_with("[\"16-80\", 3]", "[\"21-80\", 3]"));
    CHECK_THAT(wide, Contains("no row covers rolls 16-20"));
}

TEST_CASE("An overlap in a table is refused naming the rolls") {
    const auto msg = refusal(acw_with("[\"16-80\", 3]", "[\"14-80\", 3]"));
    CHECK_THAT(msg, Contains("$.tables.brigades.blocks[0].rows"));
    CHECK_THAT(msg, Contains("rows[0] \"01-15\" and rows[1] \"14-80\" overlap: rolls 14-15 are covered twice"));
}

TEST_CASE("A range outside 1-100 is refused") {
    const auto msg = refusal(acw_with("[\"81-00\", 4]", "[\"81-101\", 4]"));
    CHECK_THAT(msg, Contains("$.tables.brigades.blocks[0].rows[2][0]"));
    CHECK_THAT(msg, Contains("range \"81-101\" is outside 1-100"));
    CHECK_THAT(refusal(acw_with("[\"01-15\", 2]", "[\"0-15\", 2]")), Contains("range \"0-15\" is outside 1-100"));
    CHECK_THAT(refusal(acw_with("[\"01-15\", 2]", "[\"15-01\", 2]")), Contains("runs backwards"));
    CHECK_THAT(refusal(acw_with("[\"01-15\", 2]", "[\"01to15\", 2]")), Contains("is not a roll range"));
}

TEST_CASE("An unknown rating is refused") {
    const auto msg = refusal(acw_with("[\"88-00\", \"crack\"]", "[\"88-00\", \"elite\"]"));
    CHECK_THAT(msg, Contains("$.tables.brigade_morale.blocks[1].rows[2][1]"));
    CHECK_THAT(msg, Contains("unknown rating \"elite\" (defined: green, veteran, crack)"));
    const auto label = refusal(acw_with("\"crack\":   [", "\"elite\":   ["));
    CHECK_THAT(label, Contains("$.effectiveness.labels.elite: unknown rating \"elite\""));
}

TEST_CASE("A side missing from a table is refused") {
    const auto msg = refusal(acw_with(
        ",\n        {\"when\": {\"side\": \"confederate\"}, \"rows\": [[\"01-20\", 2], [\"21-85\", 3], [\"86-00\", 4]]}", ""));
    CHECK_THAT(msg, Contains("$.tables.brigades.blocks: no block for side=confederate"));
    const auto unknown = refusal(acw_with("{\"when\": {\"side\": \"confederate\"}, \"rows\": [[\"01-20\"",
                                          "{\"when\": {\"side\": \"rebel\"}, \"rows\": [[\"01-20\""));
    CHECK_THAT(unknown, Contains("unknown side \"rebel\" (defined: union, confederate)"));
}

TEST_CASE("Two blocks for one combination are refused") {
    const auto msg = refusal(acw_with("{\"when\": {\"side\": \"union\", \"year\": 1863}",
                                      "{\"when\": {\"side\": \"union\", \"year\": \"1862-1863\"}"));
    CHECK_THAT(msg, Contains("$.tables.brigade_morale.blocks: blocks[0] and blocks[1] both apply to side=union"));
}

TEST_CASE("Malformed JSON is refused with line and column") {
    const auto msg = refusal(acw_with("\"id\": \"acw\",", "\"id\": \"acw\""));
    CHECK_THAT(msg, Contains("broken.json: not valid JSON at line 4, column 3"));
    CHECK_THAT(refusal(""), Contains("not valid JSON at line 1, column 1"));
    CHECK_THAT(refusal("{\"format\": \"muster-rules/1\"}\n\n  x"), Contains("line 3, column 3"));
}

TEST_CASE("A wrong type is refused naming what was expected") {
    const auto msg = refusal(acw_with("[\"01-15\", 2]", "[\"01-15\", \"two\"]"));
    CHECK_THAT(msg, Contains("$.tables.brigades.blocks[0].rows[0][1]: expected a whole number, found a string"));
    CHECK_THAT(refusal("[]"), Contains("broken.json: $: expected an object, found an array"));
    CHECK_THAT(refusal(acw_with("\"keys\": [\"side\"],\n      \"sets\": [\"brigades\"]", "\"keys\": \"side\",\n      \"sets\": [\"brigades\"]")),
               Contains("$.tables.brigades.keys: expected an array, found a string"));
}

TEST_CASE("A typo'd key is refused rather than ignored") {
    const auto msg = refusal(acw_with("\"dice\": \"percentile\",\n      \"keys\": [\"side\"],\n      \"sets\": [\"brigades\"]",
                                      "\"die\": \"percentile\",\n      \"keys\": [\"side\"],\n      \"sets\": [\"brigades\"]"));
    CHECK_THAT(msg, Contains("$.tables.brigades: unknown key \"die\""));
}

TEST_CASE("A unit the generator can make must have an effectiveness label") {
    const auto msg = refusal(acw_with("\"10/7/5\", \"11/8/5\", ", "\"10/7/5\", "));
    CHECK_THAT(msg, Contains("$.effectiveness.labels.crack: no label for a Crack unit of 11 stands"));
}

TEST_CASE("Bad effectiveness labels are refused") {
    CHECK_THAT(refusal(acw_with("\"5/3/2\", \"6/4/2\"", "\"5/3/2\", \"6/7/2\"")), Contains("Worn must be below the start"));
    CHECK_THAT(refusal(acw_with("\"5/3/2\", \"6/4/2\"", "\"5/3/2\", \"6/2/4\"")), Contains("Spent must be below Worn"));
    CHECK_THAT(refusal(acw_with("\"5/3/2\", \"6/4/2\"", "\"5/3/2\", \"5/4/2\"")), Contains("a second label for 5 stands"));
    CHECK_THAT(refusal(acw_with("\"5/3/2\", \"6/4/2\"", "\"5/3/2\", \"6-4-2\"")), Contains("is not an effectiveness label"));
}

TEST_CASE("A generation step keyed by something not yet known is refused") {
    const auto msg = refusal(acw_with("\"division\": [\"year_theater\", \"brigades\"]", "\"division\": [\"brigades\", \"year_theater\"], \"x\": 1"));
    CHECK_THAT(msg, Contains("$.generation: unknown key \"x\""));
    const auto order = refusal(acw_with("\"brigade\": [\"brigade_stands\", \"brigade_morale\", \"leader_rating\"]",
                                        "\"brigade\": [\"brigade_stands\", \"leader_rating\"]"));
    CHECK_THAT(order, Contains("$.generation.brigade: no table in these steps sets rating"));
    CHECK_THAT(refusal(acw_with("\"division_leader\": [\"leader_rating\"]", "\"division_leader\": [\"nope\"]")),
               Contains("$.generation.division_leader[0]: unknown table \"nope\""));
}

TEST_CASE("A unit term that would break the name rule in the names it makes is refused") {
    // "1st Bri/gade" reads as a reference, a control character would reach the terminal, an empty
    // term makes brigades named "1st".
    for (const auto& [terms, says] : std::vector<std::pair<std::string, std::string>>{
             {R"("terms": {"brigade": "Bri/gade"},)", "$.terms.brigade: \"Bri/gade\" names units, so it keeps the name rule"},
             {R"("terms": {"division": "Div\u001b"},)", "$.terms.division: \"Div\\x1B\" names units"},
             {R"("terms": {"brigade": ""},)", "$.terms.brigade: \"\" names units"}}) {
        INFO(terms);
        CHECK_THAT(refusal(acw_with("\"id\": \"acw\",", "\"id\": \"acw\", " + terms)), Contains(says));
    }
}
