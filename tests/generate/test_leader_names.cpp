// Leader names: muster's lists as shipped, the fair draw, a taken name passing on, bad lists refused.
#include "app/catalog.hpp"
#include "generate/leader_names.hpp"

#include <catch2/catch.hpp>

#include <map>
#include <set>

using namespace muster;
using Catch::Matchers::Contains;

namespace {

// A season's brigadiers for one side, whatever the year: 30 divisions of 3 or 4 brigades
// (an AWI brigade of 3 to 5 battalions; L'Ordre Mixte's divisions of 2 to 4 brigades).
const std::map<std::string, size_t> k_season_brigadiers = {{"acw", 100}, {"awi", 60}, {"napoleonic", 80}};
const std::map<std::string, std::pair<int, int>> k_war_years = {{"acw", {1861, 1865}}, {"awi", {1776, 1781}}, {"napoleonic", {1799, 1815}}};

}  // namespace

TEST_CASE("Every side of every built-in rule set has names for a season in every year, at every rank, and every nationality its own") {
    const auto& lists = app::leader_name_lists();
    REQUIRE(lists.size() == 13);
    const app::Catalog catalog("");
    // How many names of `pool` fit a post of `rank` in `year`.
    const auto fitting = [](const std::vector<const generate::NameList*>& pool, Rank rank, int year) {
        size_t n = 0;
        for (const auto* l : pool)
            for (const auto& name : l->names) n += name.fits({rank, year, 0});
        return n;
    };
    for (const char* id : {"acw", "awi", "napoleonic"}) {
        const auto rules = catalog.load(id);
        for (const auto& side : rules.sides) {
            const auto pool = generate::name_pool(lists, rules, side.id, "");
            // The years its war was fought in earnest (the lists hold fewer before and after:
            // the Hessians came in 1776, the allies of 1792-98 fielded few generals).
            for (int year = k_war_years.at(id).first; year <= k_war_years.at(id).second; ++year) {
                INFO(id << " " << side.id << " " << year);
                // A season's brigadiers (a side's 30 divisions of 3 or 4), its division and corps leaders.
                CHECK(fitting(pool, Rank::brigadier, year) >= k_season_brigadiers.at(id));
                CHECK(fitting(pool, Rank::division, year) >= 20);
                CHECK(fitting(pool, Rank::corps, year) >= 4);
            }
        }
        for (const auto& n : rules.nationalities) {
            INFO(id << " " << n.id);
            size_t names = 0;
            for (const auto& side : rules.sides)
                for (const auto* l : generate::name_pool(lists, rules, side.id, n.id))
                    if (l->nationality == n.id) names += l->names.size();
            CHECK(names >= 40);
        }
    }
    for (const auto& l : lists) {
        INFO(l.file);
        CHECK_FALSE(l.title.empty());
        CHECK((l.rules == "acw" || l.rules == "awi" || l.rules == "napoleonic"));
        for (const auto& name : l.names) CHECK(!name.spans.empty());  // every name says where it fits
    }
}

TEST_CASE("A name is drawn among those that fit the post and the date: no marshal as a brigadier, no general after he fell") {
    const auto list = generate::parse_name_list(
        "t.txt", "# Test officers\nrules: napoleonic\nside: french\n\nMassena | 1796..1811 | corps army\nLasalle | 1805..1809-07 | brigadier division\n"
                 "Colbert | 1805..1809-05 | brigadier\nFriant | 1795..1815 | brigadier division\n");
    const std::vector<const generate::NameList*> pool = {&list};
    const auto draw = [&](const generate::NameFit& when, const std::vector<std::string>& typed) {
        dice::TypedSource dice(typed);
        std::vector<dice::RollRecord> rolls;
        const auto name = generate::draw_name(pool, when, [](const std::string&) { return false; }, dice, rolls, "name");
        return std::make_pair(name, rolls);
    };
    // Brigadiers in July 1809: Lasalle and Friant fit (Colbert fell in May); two names, one roll.
    std::set<std::string> drawn;
    for (int roll = 1; roll <= 100; ++roll) {
        const auto [name, rolls] = draw({Rank::brigadier, 1809, 7}, {std::to_string(roll)});
        CHECK(rolls.size() == 1);
        drawn.insert(name);
    }
    CHECK(drawn == std::set<std::string>{"Lasalle", "Friant"});
    // Both taken: a brigadier of another year before a marshal; all taken, numbered.
    dice::TypedSource one({"1"});
    std::vector<dice::RollRecord> rolls;
    const auto taken = [](std::set<std::string> names) { return [names](const std::string& n) { return names.count(n) > 0; }; };
    CHECK(generate::draw_name(pool, {Rank::brigadier, 1809, 7}, taken({"Lasalle", "Friant"}), one, rolls, "n") == "Colbert");
    CHECK_THAT(rolls.back().result, Contains("every name that fits is taken"));
    dice::TypedSource again({"1"});
    CHECK(generate::draw_name(pool, {Rank::brigadier, 1809, 7}, taken({"Lasalle", "Friant", "Colbert", "Massena"}), again, rolls, "n") == "Lasalle II");
    // A corps in 1812: none fits (Massena's command ended in 1811): drawn from all, and said so.
    const auto none = draw({Rank::corps, 1812, 0}, {"1"});
    CHECK(none.first == "Massena");
    CHECK_THAT(none.second.back().result, Contains("no name on the lists fits"));
    // Only the year known: Colbert fits 1809 as a brigadier.
    CHECK(draw({Rank::brigadier, 1809, 0}, {"1", "2"}).first == "Colbert");
    // Three fit (1808, brigadiers): 3 does not divide 100, so two rolls make 1 to 10,000.
    const auto two = draw({Rank::brigadier, 1808, 0}, {"2", "2"});  // (2 - 1) * 100 + 2 = 102: 102 - 1 mod 3 = 2: Friant
    REQUIRE(two.second.size() == 2);
    CHECK(two.first == "Friant");
    CHECK_THAT(two.second.front().result, Contains("first of two rolls over 3 names"));
}

TEST_CASE("A general listed span by span of his career fits each span's ranks in its years only, Blücher no brigadier in 1813") {
    const auto list = generate::parse_name_list(
        "t.txt", "rules: napoleonic\nside: allies\n\nBlücher | 1792..1805 | brigadier division | 1806..1812 | corps | 1813-03..1815 | army\n");
    const auto& b = list.names.at(0);
    REQUIRE(b.spans.size() == 3);
    CHECK(b.fits({Rank::brigadier, 1794, 0}));
    CHECK(b.fits({Rank::division, 1805, 12}));
    CHECK_FALSE(b.fits({Rank::brigadier, 1806, 1}));
    CHECK(b.fits({Rank::corps, 1806, 10}));
    CHECK_FALSE(b.fits({Rank::army, 1813, 2}));  // the army from March 1813
    CHECK(b.fits({Rank::army, 1813, 3}));
    CHECK(b.fits({Rank::army, 1813, 0}));  // only the year known: a span that touches it
    for (const auto rank : {Rank::brigadier, Rank::division, Rank::corps}) CHECK_FALSE(b.fits({rank, 1815, 6}));
    // Every name that fits taken: a brigadier of another time who leads nothing now comes before
    // one who leads an army at this date.
    const auto three = generate::parse_name_list("t.txt", "rules: napoleonic\nside: allies\n\nBlücher | 1792..1805 | brigadier | 1813..1815 | army\n"
                                                          "Young | 1813..1815 | brigadier\nOld | 1792..1805 | brigadier\n");
    const std::vector<const generate::NameList*> pool = {&three};
    const auto taken = [](std::set<std::string> names) { return [names](const std::string& n) { return names.count(n) > 0; }; };
    for (int roll = 1; roll <= 100; roll += 33) {
        dice::TypedSource dice({std::to_string(roll)});
        std::vector<dice::RollRecord> rolls;
        CHECK(generate::draw_name(pool, {Rank::brigadier, 1813, 8}, taken({"Young"}), dice, rolls, "n") == "Old");
        dice::TypedSource again({std::to_string(roll)});
        CHECK(generate::draw_name(pool, {Rank::brigadier, 1813, 8}, taken({"Young", "Old"}), again, rolls, "n") == "Blücher");
    }
    // The shipped Prussian list: Blücher leads armies from 1813, and nothing smaller.
    const app::Catalog catalog("");
    const auto rules = catalog.load("napoleonic");
    for (const auto* l : generate::name_pool(app::leader_name_lists(), rules, "allies", "prussian"))
        for (const auto& name : l->names)
            if (name.name == "Blücher")
                for (int year = 1813; year <= 1815; ++year) {
                    INFO(year);
                    CHECK(name.fits({Rank::army, year, 0}));
                    for (const auto rank : {Rank::brigadier, Rank::division, Rank::corps}) CHECK_FALSE(name.fits({rank, year, 0}));
                }
}

TEST_CASE("A name is drawn with one percentile roll, a taken one passing to the next free name on the list") {
    const auto list = generate::parse_name_list("t.txt", "# Test officers\nrules: acw\nside: union\n\nAmes\nBuford\nCuster\nDevin\n");
    const std::vector<const generate::NameList*> pool = {&list};
    const auto draw = [&](const std::string& roll, const std::set<std::string>& taken) {
        dice::TypedSource dice({roll});
        std::vector<dice::RollRecord> rolls;
        const auto name = generate::draw_name(pool, {}, [&](const std::string& n) { return taken.count(n) > 0; }, dice, rolls,
                                              "name of the commander of X");
        REQUIRE(rolls.size() == 1);
        CHECK(rolls[0].table == "names: Test officers");
        return std::make_pair(name, rolls[0].result);
    };
    // Four names: 1, 5, 9 ... read Ames; 4, 8 ... 100 read Devin.
    CHECK(draw("1", {}).first == "Ames");
    CHECK(draw("5", {}).first == "Ames");
    CHECK(draw("2", {}).first == "Buford");
    CHECK(draw("00", {}).first == "Devin");
    const auto passed = draw("4", {"Devin"});
    CHECK(passed.first == "Ames");  // past the end, round to the first
    CHECK_THAT(passed.second, Contains("Devin is taken"));
    CHECK(draw("2", {"Buford", "Custer"}).first == "Devin");
    // All taken: the list again, numbered, from the name drawn; then the third time round.
    const std::set<std::string> all = {"Ames", "Buford", "Custer", "Devin"};
    const auto numbered = draw("3", all);
    CHECK(numbered.first == "Custer II");
    CHECK_THAT(numbered.second, Contains("Custer is taken"));
    auto twice = all;
    for (const auto& n : all) twice.insert(n + " II");
    twice.erase("Ames II");
    CHECK(draw("3", twice).first == "Ames II");
    twice.insert("Ames II");
    CHECK(draw("3", twice).first == "Custer III");
    // However many leaders a side has, no two draws give one name.
    std::set<std::string> given;
    for (int i = 0; i < 60; ++i) {
        const auto name = draw(std::to_string(i % 100 + 1), given).first;
        CHECK(given.insert(name).second);
    }
    CHECK(given.count("Devin XV"));
    dice::TypedSource none({});
    std::vector<dice::RollRecord> rolls;
    CHECK(generate::draw_name({}, {}, [](const std::string&) { return false; }, none, rolls, "x").empty());
    CHECK(rolls.empty());
}

TEST_CASE("A malformed name list is refused naming the file and the line") {
    const auto refused = [](const std::string& text) {
        try {
            generate::parse_name_list("bad.txt", text);
        } catch (const FileError& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    CHECK_THAT(refused("rules: acw\nside: union\n\nAmes\nAmes\n"), Contains("bad.txt: line 5: \"Ames\" is listed twice"));
    CHECK_THAT(refused("rules: acw\ncolour: blue\n\nAmes\n"), Contains("line 2") && Contains("is not a header"));
    CHECK_THAT(refused("side: union\n\nAmes\n"), Contains("needs rules: ID and side: ID"));
    CHECK_THAT(refused("rules: acw\nside: union\n\n"), Contains("lists no names"));
    CHECK_THAT(refused("rules: acw\nside: union\n\ncommander of Heth\n"), Contains("bad.txt: line 4"));
    CHECK_THAT(refused("rules: acw\nside: union\n\nAmes | 1863\n"), Contains("line 4") && Contains("is not NAME or NAME | FROM..TO | RANKS"));
    CHECK_THAT(refused("rules: acw\nside: union\n\nAmes | 1863 | brigadier\n"), Contains("is not FROM..TO"));
    CHECK_THAT(refused("rules: acw\nside: union\n\nAmes | 1865..1863 | brigadier\n"), Contains("ends before it begins"));
    CHECK_THAT(refused("rules: acw\nside: union\n\nAmes | 1863-13..1865 | brigadier\n"), Contains("is not YYYY or YYYY-MM"));
    CHECK_THAT(refused("rules: acw\nside: union\n\nAmes | 1863..1865 | colonel\n"), Contains("\"colonel\" is not a rank"));
    CHECK_THAT(refused("rules: acw\nside: union\n\nAmes | 1863..1865 |\n"), Contains("gives no rank"));
    CHECK_THAT(refused("rules: acw\nside: union\n\n | 1863..1865 | army\n"), Contains("has no name"));
    // A second span of his career, malformed as a first would be.
    CHECK_THAT(refused("rules: acw\nside: union\n\nAmes | 1861..1862 | brigadier | 1863..1865\n"), Contains("line 4") && Contains("is not NAME or NAME | FROM..TO | RANKS"));
    CHECK_THAT(refused("rules: acw\nside: union\n\nAmes | 1861..1862 | brigadier | 1863..1865 | colonel\n"), Contains("\"colonel\" is not a rank"));
    CHECK_THAT(refused("rules: acw\nside: union\n\nAmes | 1861..1862 | brigadier | 1865..1863 | army\n"), Contains("ends before it begins"));
    CHECK_THAT(refused("rules: acw\nside: union\n\nAmes | 1861..1862 | brigadier | 1863..1865 | \n"), Contains("gives no rank for 1863..1865"));
}
