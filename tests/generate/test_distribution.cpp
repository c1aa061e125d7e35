// Over many seeded divisions the outcomes follow the tables: a chi-square bound at p = 0.001
// with a fixed seed, so the test is repeatable and fails if a table is read wrongly.
#include "generate/generate.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>

#include <map>

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
        const auto d = generate::generate_division(test::acw(), r, dice);
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
        const auto d = generate::generate_division(test::acw(), r, dice);
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
