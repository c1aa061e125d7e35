// The AWI template against the MWAN #111 article, written out here independently.
#include "core/error.hpp"
#include "generate/generate.hpp"
#include "support.hpp"

#include "play/play_support.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <set>

using namespace muster;
using test::awi;
using Catch::Matchers::Contains;

namespace {

using V = std::vector<std::string>;

}  // namespace

TEST_CASE("AWI: the seven ratings and their caps") {
    V ids;
    for (const auto& r : awi().ratings) ids.push_back(r.name);
    CHECK(ids == V{"Elite", "Crack", "Veteran", "Regulars", "Militia", "Green", "Levy"});
    CHECK(awi().find_rating("elite")->max_stands == 12);
    CHECK(awi().find_rating("crack")->max_stands == 12);
    CHECK(awi().find_rating("levy")->max_stands == 10);
    // The article states the Elite, Veteran, Regulars and Militia caps; Crack's and Levy's are
    // muster's reading of where the table stops, and marked so.
    CHECK_THAT(awi().find_rating("crack")->note, Catch::Matchers::Contains("MUSTER'S OWN"));
    CHECK_THAT(awi().find_rating("levy")->note, Catch::Matchers::Contains("MUSTER'S OWN"));
    CHECK(awi().find_rating("elite")->note.find("MUSTER'S OWN") == std::string::npos);
    // Every detached leader has the 12-inch radius, not only the Exceptional.
    CHECK_THAT(awi().text, Catch::Matchers::Contains("every detached leader, of any grade, has a command radius of 12 inches"));
    CHECK(awi().text.find("\"note\": \"Detached leaders have a command radius") == std::string::npos);
    for (const char* r : {"veteran", "regulars", "militia"}) CHECK(awi().find_rating(r)->max_stands == 15);
}

TEST_CASE("AWI: the whole Unit Effectiveness Table, dashes included") {
    // Row by row as the article prints it: stands 5 to 15, columns Elite .. Levy; "-" no unit.
    const std::vector<V> table = {
        {"5/3/2", "5/3/2", "5/4/2", "5/4/3", "5/4/-", "-/5/4", "-/-/5"},
        {"6/3/2", "6/4/2", "6/4/3", "6/5/3", "6/5/4", "6/-/5", "-/6/5"},
        {"7/4/2", "7/4/3", "7/5/4", "7/6/4", "7/6/5", "7/-/6", "-/7/6"},
        {"8/4/3", "8/5/3", "8/6/4", "8/6/5", "8/7/5", "8/7/6", "-/8/7"},
        {"9/5/3", "9/6/3", "9/7/4", "9/7/5", "9/8/6", "9/8/7", "-/9/8"},
        {"10/6/4", "10/7/5", "10/7/6", "10/8/6", "10/8/7", "10/9/8", "-/10/9"},
        {"11/7/4", "11/8/5", "11/9/6", "11/9/7", "11/10/8", "11/10/9", "-"},
        {"12/8/5", "12/9/6", "12/9/7", "12/10/8", "12/10/9", "12/11/10", "-"},
        {"-", "-", "13/10/8", "13/11/9", "13/11/10", "-", "-"},
        {"-", "-", "14/11/9", "14/12/9", "14/12/11", "-", "-"},
        {"-", "-", "15/11/9", "15/12/10", "15/12/11", "-", "-"},
    };
    const V columns{"elite", "crack", "veteran", "regulars", "militia", "green", "levy"};
    for (int stands = 5; stands <= 15; ++stands)
        for (size_t c = 0; c < columns.size(); ++c) {
            INFO(columns[c] << " at " << stands);
            const auto* label = awi().effectiveness.find(columns[c], stands);
            const auto& expected = table[static_cast<size_t>(stands - 5)][c];
            CHECK((label ? label->text() : std::string("-")) == expected);
        }
    CHECK_FALSE(awi().effectiveness.is_default);
}

TEST_CASE("AWI worked examples - Continentals 9/7/5 at 8 stands are Fresh - Grenadiers 11/8/5 at 7 are Worn") {
    const auto* continentals = awi().effectiveness.find("regulars", 9);
    REQUIRE(continentals);
    CHECK(continentals->text() == "9/7/5");
    CHECK(continentals->state_at(8) == rules::State::fresh);
    const auto* grenadiers = awi().effectiveness.find("crack", 11);
    REQUIRE(grenadiers);
    CHECK(grenadiers->text() == "11/8/5");
    CHECK(grenadiers->state_at(7) == rules::State::worn);
    CHECK(*grenadiers->spent_at == 7 - 2);  // two above Spent
}

TEST_CASE("AWI: five leader grades with their modifiers") {
    const std::vector<std::tuple<std::string, std::string, int>> grades = {
        {"poltroon", "POL", -2}, {"cautious", "CAU", -1}, {"competent", "COM", 0}, {"aggressive", "AGG", 1}, {"exceptional", "EXC", 2}};
    REQUIRE(awi().grades.size() == grades.size());
    for (size_t i = 0; i < grades.size(); ++i) {
        const auto& g = awi().grades[i];
        CHECK(g.id == std::get<0>(grades[i]));
        CHECK(g.mark == std::get<1>(grades[i]));
        CHECK(g.modifiers == std::vector<std::pair<std::string, int>>{{"leadership", std::get<2>(grades[i])}});
    }
}

TEST_CASE("AWI: unit types, two-gun batteries, 10 men a figure and 4 figures a stand") {
    V types;
    for (const auto& u : awi().unit_types) types.push_back(u.name + (u.guns ? ":" + std::to_string(*u.guns) : ""));
    CHECK(types == V{"Light infantry and skirmishers", "Formed infantry", "Cavalry", "Light artillery:2", "Field artillery:2"});
    REQUIRE(awi().scales.size() == 1);
    CHECK(awi().scales[0].men_per_figure == 10);
    CHECK(awi().scales[0].figures_per_stand == 4);
    CHECK(awi().men_per_stand() == 40);
    CHECK(awi().term_brigade == "Battalion");
}

TEST_CASE("AWI: generated battalions never exceed the caps - and some get an Alternate commander") {
    dice::SeededSource dice(1776);
    int alternates = 0, units = 0;
    for (const char* side : {"british", "american"}) {
        generate::Request r;
        r.side = side;
        r.year = 1777;
        for (int i = 0; i < 3000; ++i)
            for (const auto& b : generate::generate_division(awi(), r, dice).division(awi()).brigades) {
                const auto* rating = awi().find_rating(b.rating);
                REQUIRE(b.start_stands >= 5);
                if (rating->max_stands) REQUIRE(b.start_stands <= *rating->max_stands);
                REQUIRE(b.name.find("Battalion") != std::string::npos);
                alternates += b.alternate.value_or_default().present();
                ++units;
            }
    }
    CHECK(alternates > units / 10);
    CHECK(alternates < units);
}

TEST_CASE("AWI: the unit rating table gives each side's arm only ratings the article lists for such troops") {
    // "Crack: Light Infantry (Jaegers, British, Continentals); Rangers ... Regulars: ... British
    // Dragoons; American Cavalry ... Militia: ... Loyalist Infantry; Other American Cavalry; Mounted
    // Militia": no Veteran light infantry or cavalry, no Elite but the British Guards and Grenadiers.
    const std::map<std::pair<std::string, std::string>, std::set<std::string>> listed{
        {{"british", "infantry"}, {"elite", "crack", "veteran", "regulars", "militia", "green", "levy"}},
        {{"british", "light"}, {"crack", "militia"}},
        {{"british", "cavalry"}, {"regulars", "militia"}},
        {{"american", "infantry"}, {"crack", "veteran", "regulars", "militia", "green", "levy"}},
        {{"american", "light"}, {"crack", "militia"}},
        {{"american", "cavalry"}, {"regulars", "militia"}}};
    const auto* table = awi().find_table("unit_rating");
    REQUIRE(table);
    size_t blocks = 0;
    for (const auto& block : table->blocks) {
        std::string side, arm;
        for (const auto& c : block.when) (c.field == rules::Field::side ? side : arm) = c.ids.at(0);
        INFO(side << " " << arm);
        REQUIRE(listed.count({side, arm}));
        for (const auto& row : block.rows) CHECK(listed.at({side, arm}).count(row.values.at(0).id));
        ++blocks;
    }
    CHECK(blocks == listed.size());
}

TEST_CASE("AWI: a rule set whose tables break a cap is refused") {
    auto text = test::template_text("awi_fire_and_fury.json");
    const std::string from = R"({"when": {"rating": "levy"}, "rows": [["01-20", 5], ["21-40", 6], ["41-60", 7], ["61-75", 8], ["76-90", 9], ["91-00", 10]]})";
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), R"({"when": {"rating": "levy"}, "rows": [["01-20", 5], ["21-40", 6], ["41-60", 7], ["61-75", 8], ["76-90", 9], ["91-00", 11]]})");
    CHECK_THROWS_WITH(rules::load_rule_set(text, "mine.json"), Contains("the tables can make a Levy unit of 11 stands, over its cap of 10"));
    auto over = test::template_text("awi_fire_and_fury.json");
    const std::string label = R"("12/8/5"])";
    over.replace(over.find(label), label.size(), R"("12/8/5", "13/9/6"])");
    CHECK_THROWS_WITH(rules::load_rule_set(over, "mine.json"), Contains("$.effectiveness.labels.elite[8]: a label for 13 stands, over the Elite cap of 12"));
}
