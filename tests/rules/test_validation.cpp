// The validator refuses broken rule sets with the file, the JSON path and the reason.
#include "support.hpp"
#include "play/play_support.hpp"

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
             {R"("terms": {"division": "Div\u001b"},)", "$.terms.division: text refused: control character U+001B at character 4"},
             {R"("terms": {"brigade": ""},)", "$.terms.brigade: \"\" names units"}}) {
        INFO(terms);
        CHECK_THAT(refusal(acw_with("\"id\": \"acw\",", "\"id\": \"acw\", " + terms)), Contains(says));
    }
}

TEST_CASE("A rule set's text that reaches a terminal or a page is refused with a control or bidirectional character, a note's line breaks kept") {
    // Names, marks and titles are one line each: a grade named "Average\r\nFAKE" forged a line of
    // generate's header, a side's name an escape sequence in the order of battle's totals.
    for (const auto& [from, to, says] : std::vector<std::tuple<std::string, std::string, std::string>>{
             {R"("name": "Union")", R"("name": "Uni\non")", "$.sides[0].name: text refused: control character U+000A at character 4"},
             {R"("name": "Union")", R"("name": "Union\u001b[31m")", "$.sides[0].name: text refused: control character U+001B at character 6"},
             {R"("name": "Average")", R"("name": "Average\r\nFAKE")", "$.leader_grades[1].name: text refused: control character U+000D at character 8"},
             {R"("mark": "EXC")", R"("mark": "E\u202eXC")", "$.leader_grades[2].mark: text refused: bidirectional control U+202E at character 2"},
             {R"("name": "Fire and Fury: American Civil War, variable unit generation")", R"("name": "F\u0085ire")", "$.name: text refused: control character U+0085 at character 2"},
             {R"("note": "Roll when the division arrives on the tabletop battlefield.")", R"("note": "Roll\u0007 when")", "control character U+0007 at character 5"}}) {
        INFO(to);
        CHECK_THAT(refusal(acw_with(from, to)), Contains(says));
    }
    // A note may run to lines; its length is counted in characters, not bytes.
    CHECK_NOTHROW(rules::load_rule_set(acw_with(R"("note": "Roll when the division arrives on the tabletop battlefield.")",
                                                R"("note": "Roll when the division\narrives on the tabletop battlefield.")"),
                                       "ok.json"));
    CHECK_NOTHROW(rules::load_rule_set(acw_with(R"("name": "Union")", "\"name\": \"" + std::string(1000, 'x') + "\""), "ok.json"));
    CHECK_THAT(refusal(acw_with(R"("name": "Union")", "\"name\": \"" + std::string(2001, 'x') + "\"")), Contains("text of 2001 characters; at most 2000"));
    std::string accents;
    for (int i = 0; i < 2000; ++i) accents += "\xC3\xA9";  // é, two bytes each: 2,000 characters
    CHECK_NOTHROW(rules::load_rule_set(acw_with(R"("name": "Union")", "\"name\": \"" + accents + "\""), "ok.json"));
}

TEST_CASE("A loaded rule set's codes and rows by reading answer as its texts and ranges do, for every value of every table of every template") {
    for (const auto* file : {"acw_fire_and_fury.json", "awi_fire_and_fury.json", "napoleonic_lordre_mixte.json"}) {
        INFO(file);
        const auto rules = rules::load_rule_set(test::template_text(file), file);
        for (const auto& t : rules.tables) {
            // Each reading's row, as a scan of the ranges finds it, its values the row's; one past
            // the die, none.
            CHECK(t.row_at.size() == t.blocks.size() * (static_cast<size_t>(rules::die_max(t.die)) + 1));
            for (size_t b = 0; b < t.blocks.size(); ++b)
                for (int reading = rules::die_min(t.die) - 1; reading <= rules::die_max(t.die) + 1; ++reading) {
                    INFO(t.id << " block " << b << " reading " << reading);
                    const auto& rows = t.blocks[b].rows;
                    size_t scanned = 0;
                    while (scanned < rows.size() && !rows[scanned].range.contains(reading)) ++scanned;
                    const size_t number = t.row_number(b, reading);
                    if (scanned == rows.size()) {
                        CHECK(number == std::string::npos);
                        continue;
                    }
                    REQUIRE(number != std::string::npos);
                    for (size_t i = 0; i < t.sets.size(); ++i) CHECK(t.values_of(number)[i] == rows[scanned].values[i]);
                    CHECK(number == t.blocks[b].first + scanned);
                }
            for (const auto& block : t.blocks) {
                INFO(t.id);
                // Each condition, for every value of its field with its code and by its text alone.
                for (const auto& c : block.when) {
                    if (c.field == rules::Field::year) continue;
                    CHECK(c.coded);
                    const auto domain = rules.domain(c.field);  // a value's code is its place here
                    for (size_t i = 0; i < domain.size(); ++i) {
                        rules::Context coded, text;
                        coded.set(c.field, {0, domain[i].id, static_cast<int>(i)});
                        text.set(c.field, {0, domain[i].id});
                        CHECK(c.matches(coded) == c.matches(text));
                    }
                }
                // Each value a row sets, coded as its place among its field's values.
                for (const auto& row : block.rows)
                    for (size_t i = 0; i < t.sets.size(); ++i) {
                        if (rules::is_numeric(t.sets[i])) continue;
                        const auto domain = rules.domain(t.sets[i]);
                        REQUIRE(row.values[i].code >= 0);
                        CHECK(domain[static_cast<size_t>(row.values[i].code)].id == row.values[i].id);
                }
            }
        }
    }
}

TEST_CASE("A table's block found by its index is the one its conditions choose, for every combination of its keys' values, coded, by text alone or unknown") {
    for (const auto* file : {"acw_fire_and_fury.json", "awi_fire_and_fury.json", "napoleonic_lordre_mixte.json"}) {
        INFO(file);
        const auto rules = rules::load_rule_set(test::template_text(file), file);
        for (const auto& t : rules.tables) {
            INFO(t.id);
            CHECK(!t.block_at.empty());  // the shipped tables are all indexed
            // Each key's values: every one of its field's, coded and by its text alone, and one
            // outside them (an unknown id, a year either side of the rule set's).
            std::vector<std::vector<rules::FieldRef>> values;
            for (rules::Field f : t.keys) {
                auto& v = values.emplace_back();
                if (f == rules::Field::year) {
                    for (int y = rules.years.front() - 1; y <= rules.years.back() + 1; ++y) v.push_back({y, {}});
                    continue;
                }
                const auto domain = rules.domain(f);
                for (size_t i = 0; i < domain.size(); ++i) {
                    v.push_back({0, domain[i].id, static_cast<int>(i)});
                    v.push_back({0, domain[i].id});
                }
                v.push_back({0, "no_such_value"});
            }
            size_t combinations = 1;
            for (const auto& v : values) combinations *= v.size();
            for (size_t at = 0; at < combinations; ++at) {
                rules::Context context;
                size_t rest = at;
                for (size_t k = 0; k < values.size(); ++k) {
                    context.set(t.keys[k], values[k][rest % values[k].size()]);
                    rest /= values[k].size();
                }
                const rules::Block* chosen = nullptr;
                for (const auto& block : t.blocks)
                    if (!chosen && block.matches(context)) chosen = &block;
                if (chosen) CHECK(&t.block_for(context) == chosen);
                else CHECK_THROWS_WITH(t.block_for(context), Contains("has no block"));
            }
        }
    }
}

TEST_CASE("A side is named in a sentence by its men together where the rule set gives them, else by its name, and its artillery reserve where it sits") {
    for (const auto* rules : {&test::acw(), &test::awi(), &test::nap()})
        for (const auto& side : rules->sides) {
            const auto the = rules->the_side(side.id);
            CHECK(the == "the " + (side.collective.empty() ? side.name : side.collective));
            for (const auto level : {ReserveLevel::army, ReserveLevel::corps})
                CHECK(rules->reserve_name(side.id, level) == (level == side.reserve_level ? side.reserve : "Artillery reserve"));
        }
    // The built-in ones read as English does: a name that is an adjective takes its men's plural.
    CHECK(test::awi().the_side("american") == "the Americans");
    CHECK(test::awi().the_side("british") == "the British");
    CHECK(test::acw().the_side("confederate") == "the Confederates");
    CHECK(test::acw().the_side("union") == "the Union");
    // Given, it is text as a name is: a control character in it is refused.
    const auto given = rules::load_rule_set(acw_with(R"("name": "Union", )", R"("name": "Union", "collective": "Federals", )"), "own.json");
    CHECK(given.the_side("union") == "the Federals");
    CHECK_THAT(refusal(acw_with(R"("name": "Union", )", "\"name\": \"Union\", \"collective\": \"Fed\\u001berals\", ")), Contains("collective"));
    // A name a sentence reads shows something, and tells the two sides apart.
    for (const std::string bad : {"", "   ", " Federals", "Federals ", "\\u200b", "Fed\\u200berals", "\\u00a0Federals", "Federals\\u00a0"}) {
        INFO(bad);
        CHECK_THAT(refusal(acw_with(R"("name": "Union", )", "\"name\": \"Union\", \"collective\": \"" + bad + "\", ")),
                   Contains("sides[0].collective") && Contains("text refused"));
        CHECK_THAT(refusal(acw_with(R"("reserve": "Army Artillery Reserve")", "\"reserve\": \"" + bad + "\"")), Contains("sides[0].reserve"));
        CHECK_THAT(refusal(acw_with(R"("name": "Union")", "\"name\": \"" + bad + "\"")), Contains("sides[0].name"));
    }
    CHECK_THAT(refusal(acw_with(R"("name": "Union", )", R"("name": "Union", "collective": "confederates", )")),
               Contains("are both called \"the confederates\""));
    CHECK_THAT(refusal(acw_with(R"("name": "Union")", R"("name": "CONFEDERATE")")), Contains("are both called \"CONFEDERATE\""));
}
