// Every row of every ACW table against the seed article's numbers, written out here
// independently of templates/acw_fire_and_fury.json.
#include "support.hpp"

#include <catch2/catch.hpp>

using namespace muster;
using rules::Context;
using rules::Field;

namespace {

// The rows of the block that applies to a context, as "range value[ value]".
std::vector<std::string> rows(const std::string& table, const Context& c) {
    const auto* t = test::acw().find_table(table);
    REQUIRE(t);
    std::vector<std::string> out;
    for (const auto& row : t->block_for(c).rows) {
        std::string s = row.range.text;
        for (const auto& v : row.values) s += " " + (v.id.empty() ? std::to_string(v.number) : v.id);
        out.push_back(s);
    }
    return out;
}

// A context reads its ids in place: these are string literals, which outlive it.
Context ctx(std::string_view side = "", int year = 0, std::string_view theater = "") {
    Context c;
    if (!side.empty()) c.set(Field::side, {0, side});
    if (year) c.set(Field::year, {year, {}});
    if (!theater.empty()) c.set(Field::theater, {0, theater});
    return c;
}

using V = std::vector<std::string>;

}  // namespace

TEST_CASE("ACW table 1 year and theater of operations is the seed's") {
    CHECK(rows("year_theater", ctx()) == V{"01-06 1861 east", "07-12 1861 west", "13-25 1862 east", "26-38 1862 west",
                                           "39-51 1863 east", "52-64 1863 west", "65-77 1864 east", "78-90 1864 west",
                                           "91-95 1865 east", "96-00 1865 west"});
    CHECK(test::acw().find_table("year_theater")->blocks.size() == 1);
}

TEST_CASE("ACW table 2 leader rating is the seed's") {
    const V union_early{"01-10 despicable", "11-90 average", "91-00 exceptional"};
    const V union_late{"01-05 despicable", "06-83 average", "84-00 exceptional"};
    const V rebel_early{"01-05 despicable", "06-72 average", "73-00 exceptional"};
    const V rebel_late{"01-05 despicable", "06-83 average", "84-00 exceptional"};
    for (int y : {1861, 1862, 1863}) {
        CHECK(rows("leader_rating", ctx("union", y)) == union_early);
        CHECK(rows("leader_rating", ctx("confederate", y)) == rebel_early);
    }
    for (int y : {1864, 1865}) {
        CHECK(rows("leader_rating", ctx("union", y)) == union_late);
        CHECK(rows("leader_rating", ctx("confederate", y)) == rebel_late);
    }
}

TEST_CASE("ACW table 3 brigades per division is the seed's") {
    CHECK(rows("brigades", ctx("union")) == V{"01-15 2", "16-80 3", "81-00 4"});
    CHECK(rows("brigades", ctx("confederate")) == V{"01-20 2", "21-85 3", "86-00 4"});
}

TEST_CASE("ACW table 4 stands per brigade is the seed's") {
    // Union has no 5-stand row ("-" in the seed).
    CHECK(rows("brigade_stands", ctx("union")) == V{"01-10 6", "11-65 7", "66-90 8", "91-95 9", "96-97 10", "98-00 11"});
    CHECK(rows("brigade_stands", ctx("confederate")) ==
          V{"01-05 5", "06-20 6", "21-73 7", "74-90 8", "91-95 9", "96-98 10", "99-00 11"});
}

TEST_CASE("ACW table 5 brigade morale is the seed's") {
    auto morale = [](std::string side, int year, std::string theater) {
        return rows("brigade_morale", ctx(side, year, theater));
    };
    for (std::string th : {"east", "west"}) {
        // The Union row does not depend on the theater.
        for (int y : {1861, 1862}) CHECK(morale("union", y, th) == V{"01-40 green", "41-95 veteran", "96-00 crack"});
        CHECK(morale("union", 1863, th) == V{"01-25 green", "26-87 veteran", "88-00 crack"});
        for (int y : {1864, 1865}) CHECK(morale("union", y, th) == V{"01-15 green", "16-81 veteran", "82-00 crack"});
    }
    for (int y : {1861, 1862}) {
        CHECK(morale("confederate", y, "east") == V{"01-24 green", "25-81 veteran", "82-00 crack"});
        CHECK(morale("confederate", y, "west") == V{"01-30 green", "31-90 veteran", "91-00 crack"});
    }
    CHECK(morale("confederate", 1863, "east") == V{"01-10 green", "11-76 veteran", "77-00 crack"});
    CHECK(morale("confederate", 1863, "west") == V{"01-15 green", "16-80 veteran", "81-00 crack"});
    for (int y : {1864, 1865}) {
        CHECK(morale("confederate", y, "east") == V{"01-10 green", "11-80 veteran", "81-00 crack"});
        CHECK(morale("confederate", y, "west") == V{"01-20 green", "21-80 veteran", "81-00 crack"});
    }
}

TEST_CASE("ACW table 6 divisional artillery ratio is the seed's") {
    CHECK(rows("artillery_ratio", ctx("union")) == V{"1-70 9", "71-100 8"});
    CHECK(rows("artillery_ratio", ctx("confederate")) == V{"1-80 9", "81-100 8"});
    const auto& g = test::acw().generation;
    CHECK(g.reserve_num == 1);
    CHECK(g.reserve_den == 3);
}

TEST_CASE("ACW ranges read as percentile dice: 00 is 100") {
    const auto* t = test::acw().find_table("brigades");
    const auto& last = t->block_for(ctx("union")).rows.back();
    CHECK(last.range.lo == 81);
    CHECK(last.range.hi == 100);
    const auto& art = test::acw().find_table("artillery_ratio")->block_for(ctx("union")).rows.back();
    CHECK(art.range.lo == 71);
    CHECK(art.range.hi == 100);
}

TEST_CASE("ACW leader grades: despicable is DP average by the book") {
    const auto* dp = test::acw().find_grade("despicable");
    REQUIRE(dp);
    CHECK(dp->mark == "DP");
    CHECK(dp->by_the_book_as == "average");
    CHECK(dp->modifiers == std::vector<std::pair<std::string, int>>{{"maneuver", 0}, {"melee", -1}});
    CHECK(test::acw().find_grade("exceptional")->mark == "EXC");
    CHECK(test::acw().find_grade("average")->mark.empty());
}

TEST_CASE("ACW effectiveness is the marked default stand-in: the 000 table's Crack Veteran Green columns") {
    const auto& eff = test::acw().effectiveness;
    CHECK(eff.is_default);
    CHECK(eff.note.find("DEFAULT") != std::string::npos);
    auto column = [&](const std::string& rating) {
        V out;
        for (int n = 1; n <= 20; ++n)
            if (const auto* l = eff.find(rating, n)) out.push_back(l->text());
        return out;
    };
    CHECK(column("crack") == V{"5/3/2", "6/4/2", "7/4/3", "8/5/3", "9/6/3", "10/7/5", "11/8/5", "12/9/6"});
    CHECK(column("veteran") == V{"5/4/2", "6/4/3", "7/5/4", "8/6/4", "9/7/4", "10/7/6", "11/9/6", "12/9/7", "13/10/8",
                                 "14/11/9", "15/11/9"});
    CHECK(column("green") == V{"-/5/4", "6/-/5", "7/-/6", "8/7/6", "9/8/7", "10/9/8", "11/10/9", "12/11/10"});
}

TEST_CASE("What the ACW article does not give is marked as muster's own in the template") {
    const auto& text = test::acw().text;
    // The note of a JSON object: the first "note" after its key.
    auto note_after = [&](const std::string& key) {
        const auto at = text.find("\"" + key + "\"");
        REQUIRE(at != std::string::npos);
        const auto note = text.find("\"note\"", at);
        return text.substr(note, text.find('\n', note) - note);
    };
    CHECK_THAT(note_after("cartel"), Catch::Matchers::Contains("MUSTER'S OWN") && Catch::Matchers::Contains("no cartel"));
    CHECK_THAT(note_after("artillery_ratio"), Catch::Matchers::Contains("MUSTER'S OWN") && Catch::Matchers::Contains("33% or 66%"));
    CHECK(test::acw().effectiveness.is_default);
}
