// Over many seeded divisions the outcomes follow the tables: a chi-square bound at p = 0.001
// with a fixed seed, so the test is repeatable and fails if a table is read wrongly.
#include "generate/generate.hpp"
#include "rules/load.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <optional>
#include <tuple>

using namespace muster;

namespace {

double chi_square(const std::map<std::string, int>& observed, const std::map<std::string, double>& expected_share, int n) {
    double chi = 0;
    for (const auto& [key, share] : expected_share) {
        const double e = share * n;
        const auto it = observed.find(key);
        const double o = it == observed.end() ? 0 : it->second;
        chi += (o - e) * (o - e) / e;
    }
    // Any outcome the tables cannot give makes the statistic enormous.
    for (const auto& [key, o] : observed)
        if (!expected_share.count(key)) chi += 1e9;
    return chi;
}

}  // namespace

TEST_CASE("Seeded divisions follow tables 1 3 4 and 5") {
    dice::SeededSource dice(20261129);
    generate::Request r;
    r.side = "union";
    constexpr int k_divisions = 20000;
    std::map<std::string, int> year_theater, brigades, stands, morale_1863_east;
    int brigade_count = 0, morale_count = 0;
    for (int i = 0; i < k_divisions; ++i) {
        const auto d = generate::generate_division(test::acw(), r, dice).division(test::acw());
        ++year_theater[std::to_string(d.year) + d.theater];
        ++brigades[std::to_string(d.brigades.size())];
        for (const auto& b : d.brigades) {
            ++stands[std::to_string(b.start_stands)];
            ++brigade_count;
            if (d.year == 1863 && d.theater == "east") {
                ++morale_1863_east[b.rating];
                ++morale_count;
            }
        }
    }
    // Critical values of chi-square at p = 0.001: df 2: 13.82, df 5: 20.52, df 9: 27.88.
    CHECK(chi_square(year_theater,
                     {{"1861east", .06}, {"1861west", .06}, {"1862east", .13}, {"1862west", .13}, {"1863east", .13},
                      {"1863west", .13}, {"1864east", .13}, {"1864west", .13}, {"1865east", .05}, {"1865west", .05}},
                     k_divisions) < 27.88);
    CHECK(chi_square(brigades, {{"2", .15}, {"3", .65}, {"4", .20}}, k_divisions) < 13.82);
    CHECK(chi_square(stands, {{"6", .10}, {"7", .55}, {"8", .25}, {"9", .05}, {"10", .02}, {"11", .03}}, brigade_count) <
          20.52);
    CHECK(chi_square(morale_1863_east, {{"green", .25}, {"veteran", .62}, {"crack", .13}}, morale_count) < 13.82);
}

TEST_CASE("The fractional battery comes in as often as its percentage says") {
    // Confederate 1863 East: count how often the fraction roll succeeds against its chance.
    dice::SeededSource dice(7);
    generate::Request r;
    r.side = "confederate";
    r.year = 1863;
    r.theater = "east";
    double expected = 0;
    int observed = 0, n = 0;
    for (int i = 0; i < 20000; ++i) {
        const auto d = generate::generate_division(test::acw(), r, dice).division(test::acw());
        if (d.artillery.fraction_percent == 0) continue;
        expected += d.artillery.fraction_percent / 100.0;
        observed += d.artillery.extra;
        ++n;
    }
    REQUIRE(n > 10000);
    // Binomial-ish bound: within 4 standard deviations of the expected count.
    const double sd = std::sqrt(expected * (1 - expected / n));
    CHECK(std::abs(observed - expected) < 4 * sd);
}

TEST_CASE("The exact odds match 100,000 rolled divisions: brigades, stands, batteries and the reserve's share") {
    struct Case {
        const rules::RuleSet* rules;
        generate::Request request;
    };
    std::vector<Case> cases;
    const auto request = [](std::string side, std::optional<int> year, std::optional<std::string> theater) {
        generate::Request r;
        r.side = std::move(side);
        r.year = year;
        r.theater = std::move(theater);
        return r;
    };
    const auto awi = rules::load_rule_set(test::template_text("awi_fire_and_fury.json"), "awi");
    const auto lom = rules::load_rule_set(test::template_text("napoleonic_lordre_mixte.json"), "napoleonic");
    cases.push_back({&test::acw(), request("union", 1863, "east")});
    cases.push_back({&test::acw(), request("confederate", std::nullopt, std::nullopt)});  // year and theater rolled too
    cases.push_back({&awi, request("british", 1777, std::nullopt)});
    cases.push_back({&lom, request("allies", 1813, std::nullopt)});
    for (const auto& c : cases) {
        INFO(c.rules->id << " " << c.request.side);
        const auto exact = generate::exact_odds(*c.rules, c.request);
        const int k_divisions = test::scaled(100000);
        generate::Distribution brigades, stands, batteries, division_batteries, reserve_batteries;
        dice::SeededSource dice(4242);
        for (int i = 0; i < k_divisions; ++i) {
            const auto d = generate::generate_division(*c.rules, c.request, dice).division(*c.rules);
            brigades[static_cast<int>(d.brigades.size())] += 1.0 / k_divisions;
            stands[d.stands()] += 1.0 / k_divisions;
            batteries[d.artillery.batteries] += 1.0 / k_divisions;
            division_batteries[d.artillery.batteries - d.artillery.to_reserve] += 1.0 / k_divisions;
            reserve_batteries[d.artillery.to_reserve] += 1.0 / k_divisions;
        }
        for (const auto& [name, want, got] : std::vector<std::tuple<std::string, const generate::Distribution*, generate::Distribution*>>{
                 {"brigades", &exact.brigades, &brigades},
                 {"stands", &exact.stands, &stands},
                 {"batteries", &exact.batteries, &batteries},
                 {"division batteries", &exact.division_batteries, &division_batteries},
                 {"reserve batteries", &exact.reserve_batteries, &reserve_batteries}}) {
            INFO(name);
            double total = 0;
            for (const auto& [v, p] : *want) total += p;
            CHECK(total == Approx(1.0).epsilon(1e-9));
            // Every value rolled is one the exact odds give; each share within five standard
            // errors of its chance (a fixed seed: the test is repeatable).
            for (const auto& [v, share] : *got) {
                INFO(v);
                CHECK(want->count(v) == 1);
            }
            for (const auto& [v, p] : *want) {
                INFO(v << ": exact " << p << ", rolled " << (*got)[v]);
                CHECK(std::abs((*got)[v] - p) <= 5 * std::sqrt(p * (1 - p) / k_divisions) + 1e-5);
            }
            // The mean within five standard errors too.
            double variance = 0;
            for (const auto& [v, p] : *want) variance += p * (v - generate::mean(*want)) * (v - generate::mean(*want));
            CHECK(std::abs(generate::mean(*got) - generate::mean(*want)) <= 5 * std::sqrt(variance / k_divisions) + 1e-9);
        }
    }
}

TEST_CASE("Exact odds refuse what the generator refuses") {
    generate::Request r;
    r.side = "prussia";
    CHECK_THROWS_WITH(generate::exact_odds(test::acw(), r), Catch::Matchers::Contains("unknown side \"prussia\""));
    r.side = "union";
    r.year = 1900;
    CHECK_THROWS_WITH(generate::exact_odds(test::acw(), r), Catch::Matchers::Contains("year 1900 is outside"));
}
