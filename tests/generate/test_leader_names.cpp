// Leader names: muster's lists as shipped, the fair draw, a taken name passing on, bad lists refused.
#include "app/catalog.hpp"
#include "generate/leader_names.hpp"

#include <catch2/catch.hpp>

#include <set>

using namespace muster;
using Catch::Matchers::Contains;

TEST_CASE("Every side of every built-in rule set draws from a list whose size divides 100, and every nationality has its own") {
    const auto& lists = app::leader_name_lists();
    REQUIRE(lists.size() == 13);
    const app::Catalog catalog("");
    for (const char* id : {"acw", "awi", "napoleonic"}) {
        const auto rules = catalog.load(id);
        for (const auto& side : rules.sides) {
            INFO(id << " " << side.id);
            size_t names = 0;
            for (const auto* l : generate::name_pool(lists, rules.id, side.id, "")) names += l->names.size();
            CHECK(names >= 20);
            CHECK(100 % names == 0);  // one percentile roll draws every name alike
        }
        for (const auto& n : rules.nationalities) {
            INFO(id << " " << n.id);
            size_t names = 0;
            for (const auto& side : rules.sides)
                for (const auto* l : generate::name_pool(lists, rules.id, side.id, n.id))
                    if (l->nationality == n.id) names += l->names.size();
            CHECK(names >= 20);
            CHECK(100 % names == 0);
        }
    }
    for (const auto& l : lists) {
        INFO(l.file);
        CHECK_FALSE(l.title.empty());
        CHECK((l.rules == "acw" || l.rules == "awi" || l.rules == "napoleonic"));
    }
}

TEST_CASE("A name is drawn with one percentile roll, a taken one passing to the next free name on the list") {
    const auto list = generate::parse_name_list("t.txt", "# Test officers\nrules: acw\nside: union\n\nAmes\nBuford\nCuster\nDevin\n");
    const std::vector<const generate::NameList*> pool = {&list};
    const auto draw = [&](const std::string& roll, const std::set<std::string>& taken) {
        dice::TypedSource dice({roll});
        std::vector<dice::RollRecord> rolls;
        const auto name = generate::draw_name(pool, [&](const std::string& n) { return taken.count(n) > 0; }, dice, rolls,
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
    CHECK(generate::draw_name({}, [](const std::string&) { return false; }, none, rolls, "x").empty());
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
}
