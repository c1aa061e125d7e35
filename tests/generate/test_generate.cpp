#include "core/error.hpp"
#include "core/text.hpp"
#include "export/division_text.hpp"
#include "generate/generate.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>

using namespace muster;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {

army::Division typed(const generate::Request& req, std::vector<std::string> rolls) {
    dice::TypedSource dice(std::move(rolls));
    auto d = generate::generate_division(test::acw(), req, dice).with_rolls(test::acw());
    dice.require_all_used();
    return d;
}

generate::Request confederate_1863_east() {
    generate::Request r;
    r.side = "confederate";
    r.year = 1863;
    r.theater = "east";
    return r;
}

}  // namespace

TEST_CASE("The seed's worked example: 7 7 and 8 stands at 1 battery per 9 is 2.44 batteries") {
    // brigades 50 -> 3; per brigade stands/morale/brigadier; division leader 90; ratio 50 -> 1 per 9;
    // then the fractional battery roll.
    const std::vector<std::string> rolls{"50", "50", "50", "50", "50", "50", "50", "80", "50", "50", "90", "50"};

    SECTION("a roll of 44 or under gives the third battery; two to the division, one to the corps reserve") {
        auto with = rolls;
        with.push_back("44");
        const auto d = typed(confederate_1863_east(), with);
        REQUIRE(d.brigades.size() == 3);
        CHECK(d.brigades[0].stands == 7);
        CHECK(d.brigades[1].stands == 7);
        CHECK(d.brigades[2].stands == 8);
        CHECK(d.stands() == 22);
        CHECK(d.artillery.stands_per_battery == 9);
        CHECK(d.artillery.whole == 2);
        CHECK(d.artillery.fraction_percent == 44);
        CHECK(d.artillery.extra);
        CHECK(d.artillery.batteries == 3);
        CHECK(d.artillery.to_reserve == 1);
        CHECK(d.artillery.reserve_percent == 0);  // a third of 3 is exactly 1: no roll
        REQUIRE(d.batteries.size() == 3);
        CHECK_FALSE(d.batteries[0].reserve);
        CHECK_FALSE(d.batteries[1].reserve);
        CHECK(d.batteries[2].reserve);
        CHECK(d.rolls.size() == 13);
        CHECK(d.rolls.back().result == "one more battery (44 <= 44)");
        CHECK_THAT(exporter::division_text(test::acw(), d), Contains("Corps Artillery Reserve: 1 battery (3rd Battery)"));
    }
    SECTION("a roll of 45 gives no third battery; the reserve's 2/3 of a battery is rolled for") {
        auto with = rolls;
        with.push_back("45");
        with.push_back("67");  // over 66: the fractional battery stays with the division
        const auto d = typed(confederate_1863_east(), with);
        CHECK_FALSE(d.artillery.extra);
        CHECK(d.artillery.batteries == 2);
        CHECK(d.artillery.reserve_percent == 66);
        CHECK(d.artillery.to_reserve == 0);
        with.back() = "66";
        const auto r = typed(confederate_1863_east(), with);
        CHECK(r.artillery.to_reserve == 1);
    }
}

TEST_CASE("Typed rolls give the division the tables say") {
    // Union 1863 East: brigades 81 -> 4; stands 01 -> 6, 65 -> 7, 66 -> 8, 00 -> 11;
    // morale 25 green, 26 veteran, 88 crack, 87 veteran; brigadiers 10 DP, 11 avg, 91 EXC, 90 avg.
    generate::Request r;
    r.side = "union";
    r.year = 1863;
    r.theater = "east";
    const auto d = typed(r, {"81", "01", "25", "10", "65", "26", "11", "66", "88", "91", "00", "87", "90", "91",
                             "71", "50"});
    REQUIRE(d.brigades.size() == 4);
    CHECK(d.brigades[0].stands == 6);
    CHECK(d.brigades[0].rating == "green");
    CHECK(d.brigades[0].label.text() == "6/-/5");
    CHECK(d.brigades[0].commander.grade == "despicable");
    CHECK(d.brigades[1].stands == 7);
    CHECK(d.brigades[1].rating == "veteran");
    CHECK(d.brigades[1].commander.grade == "average");
    CHECK(d.brigades[2].stands == 8);
    CHECK(d.brigades[2].rating == "crack");
    CHECK(d.brigades[2].label.text() == "8/5/3");
    CHECK(d.brigades[2].commander.grade == "exceptional");
    CHECK(d.brigades[3].stands == 11);
    CHECK(d.brigades[3].rating == "veteran");
    CHECK(d.commander.grade == "exceptional");
    // 32 stands at 1 per 8 (roll 71) is exactly 4 batteries: no fraction roll; a third of 4 is
    // 1.33, so one to the Army reserve and a 33% roll (50: missed) for a second.
    CHECK(d.artillery.stands_per_battery == 8);
    CHECK(d.artillery.batteries == 4);
    CHECK(d.artillery.fraction_percent == 0);
    CHECK(d.artillery.reserve_percent == 33);
    CHECK(d.artillery.to_reserve == 1);
}

TEST_CASE("Year and theater are rolled on table 1 when not given") {
    generate::Request r;
    r.side = "union";
    // 52 -> 1863 West; brigades 01 -> 2; ...
    const auto d = typed(r, {"52", "01", "50", "50", "50", "50", "50", "50", "50", "50", "50", "50"});
    CHECK(d.year == 1863);
    CHECK(d.theater == "west");
    CHECK(d.rolls[0].table == "year_theater");
    CHECK(d.rolls[0].result == "1863, Western Theater of Operations");
}

TEST_CASE("By the book a despicable leader plays as average but the roll is kept") {
    auto r = confederate_1863_east();
    r.despicable_by_the_book = true;
    // brigades 01 -> 2; brigadier rolls 01 -> despicable
    const auto d = typed(r, {"01", "50", "50", "01", "50", "50", "50", "50", "50", "50", "50"});
    CHECK(d.brigades[0].commander.rolled_grade == "despicable");
    CHECK(d.brigades[0].commander.grade == "average");
    CHECK(exporter::leader_text(test::acw(), d.brigades[0].commander) == "Average (rolled Despicable, by the book)");
}

TEST_CASE("The same seed rolls the same division - another seed another") {
    generate::Request r;
    r.side = "confederate";
    auto json_for = [&](std::uint64_t seed) {
        dice::SeededSource dice(seed);
        return exporter::division_json(test::acw(), generate::generate_division(test::acw(), r, dice).with_rolls(test::acw()), true);
    };
    CHECK(json_for(1863) == json_for(1863));
    int differing = 0;
    for (std::uint64_t s = 1; s <= 10; ++s) differing += json_for(s) != json_for(s + 100);
    CHECK(differing >= 8);
}

// Seeded dice asked through the Source interface alone, as any other source is: what generation
// throws directly (SeededSource::throw_into) must be the same throws.
class ThroughSource : public dice::Source {
public:
    explicit ThroughSource(std::uint64_t seed) : m_seeded(seed) {}
    dice::Throw roll(rules::Die die, std::string_view purpose) override { return m_seeded.roll(die, purpose); }
    std::uint64_t counter() const { return m_seeded.counter(); }

private:
    dice::SeededSource m_seeded;
};

TEST_CASE("Seeded dice thrown directly roll the same divisions as through the dice interface, for every rule set and side") {
    for (const auto* file : {"acw_fire_and_fury.json", "awi_fire_and_fury.json", "napoleonic_lordre_mixte.json"}) {
        const auto rules = rules::load_rule_set(test::template_text(file), file);
        for (const auto& side : rules.sides)
            for (std::uint64_t seed = 1; seed <= 40; ++seed) {
                INFO(file << " " << side.id << " seed " << seed);
                generate::Request r;
                r.side = side.id;
                dice::SeededSource direct(seed);
                ThroughSource through(seed);
                const auto a = generate::generate_division(rules, r, direct).with_rolls(rules);
                const auto b = generate::generate_division(rules, r, through).with_rolls(rules);
                CHECK(exporter::division_json(rules, a, true) == exporter::division_json(rules, b, true));
                CHECK(direct.counter() == through.counter());
            }
    }
}

TEST_CASE("Bad requests are refused before any dice are used") {
    dice::TypedSource dice({"50"});
    generate::Request r;
    r.side = "prussia";
    CHECK_THROWS_WITH(generate::generate_division(test::acw(), r, dice),
                      Contains("unknown side \"prussia\" in rule set acw (expected one of: union, confederate)"));
    r.side = "union";
    r.year = 1870;
    CHECK_THROWS_WITH(generate::generate_division(test::acw(), r, dice), Contains("year 1870 is outside rule set acw's years 1861-1865"));
    r.year = 1863;
    CHECK_THROWS_WITH(generate::generate_division(test::acw(), r, dice),
                      Contains("table year_theater (1.) Year and Theater of Operations) rolls --year and --theater together: give both, or neither to have them rolled"));
    r.year.reset();
    r.theater = "east";
    CHECK_THROWS_WITH(generate::generate_division(test::acw(), r, dice), Contains("rolls --year and --theater together: give both, or neither"));
    r.year = 1863;
    r.theater = "north";
    CHECK_THROWS_WITH(generate::generate_division(test::acw(), r, dice), Contains("unknown theater \"north\""));
    r.theater = "east";
    r.arm = "navy";
    CHECK_THROWS_WITH(generate::generate_division(test::acw(), r, dice), Contains("unknown arm \"navy\""));
    CHECK(dice.used() == 0);
}

TEST_CASE("A division's heading names its side, then a nationality called otherwise") {
    generate::Request r = confederate_1863_east();
    dice::SeededSource dice(7);
    auto d = generate::generate_division(test::acw(), r, dice).with_rolls(test::acw());
    d.name = "Krafft";
    d.nationality = "irish";
    CHECK_THAT(exporter::division_text(test::acw(), d), StartsWith("Krafft (Infantry, Confederate, irish), 1863"));
    d.nationality = "Confederate";  // called as its side is: said once
    CHECK_THAT(exporter::division_text(test::acw(), d), StartsWith("Krafft (Infantry, Confederate), 1863"));
}

TEST_CASE("A division of more brigades and rolls than are kept in place comes out whole, each roll for its brigade in order") {
    // Every Union division of 20 brigades: more than Generated keeps in place (8 brigades, 48 rolls).
    std::string text = test::template_text("acw_fire_and_fury.json");
    const std::string rows = R"([["01-15", 2], ["16-80", 3], ["81-00", 4]])";
    REQUIRE(text.find(rows) != std::string::npos);
    text.replace(text.find(rows), rows.size(), R"([["01-00", 20]])");
    const auto rules = rules::load_rule_set(text, "twenty.json");
    generate::Request r;
    r.side = "union";
    dice::SeededSource dice(7);
    const auto generated = generate::generate_division(rules, r, dice);
    REQUIRE(generated.log.size() > 48);
    const auto d = generated.with_rolls(rules);
    REQUIRE(d.brigades.size() == 20);
    REQUIRE(d.rolls.size() == generated.log.size());
    // The rolls after the division's own: each brigade's stands, morale and brigadier, in turn,
    // and what each decided is what the brigade has.
    size_t at = 2;  // year and theater, brigades
    int stands = 0;
    for (size_t i = 0; i < d.brigades.size(); ++i) {
        const auto& b = d.brigades[i];
        INFO(b.name);
        CHECK(b.name == ordinal(static_cast<int>(i) + 1) + " Brigade");
        for (const char* table : {"brigade_stands", "brigade_morale", "leader_rating"}) {
            REQUIRE(at < d.rolls.size());
            CHECK_THAT(d.rolls[at].purpose, StartsWith(b.name + ": "));
            CHECK(d.rolls[at].table == table);
            ++at;
        }
        CHECK(d.rolls[at - 3].result == std::to_string(b.start_stands) + " stands");
        CHECK(b.commander.present());
        stands += b.start_stands;
    }
    CHECK_THAT(d.rolls[at].purpose, StartsWith("division leader: "));
    CHECK(d.artillery.total_stands == stands);
    CHECK(d.stands() == stands);
}
