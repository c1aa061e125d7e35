#include "dice/dice.hpp"

#include "core/error.hpp"

#include <catch2/catch.hpp>

using namespace muster;
using dice::Die;
using Catch::Matchers::Contains;

TEST_CASE("The seeded generator is SplitMix64: the reference sequence for seed 1234567") {
    dice::SeededSource s(1234567);
    CHECK(s.next() == 6457827717110365317ull);
    CHECK(s.next() == 3203168211198807973ull);
    CHECK(s.next() == 9817491932198370423ull);
    CHECK(s.next() == 4593380528125082431ull);
    CHECK(s.next() == 16408922859458223821ull);
    CHECK(s.counter() == 5);
}

TEST_CASE("A seed and a counter resume the sequence exactly") {
    dice::SeededSource a(99);
    for (int i = 0; i < 7; ++i) a.roll(Die::percentile, "warm up");
    dice::SeededSource b(99, a.counter());
    for (int i = 0; i < 50; ++i) CHECK(a.roll(Die::percentile, "x").reading == b.roll(Die::percentile, "x").reading);
}

TEST_CASE("Seeded dice read within their faces - percentile 0 0 reads 100") {
    dice::SeededSource s(7);
    bool saw_100 = false;
    for (int i = 0; i < 5000; ++i) {
        const auto p = s.roll(Die::percentile, "p");
        REQUIRE(p.reading >= 1);
        REQUIRE(p.reading <= 100);
        REQUIRE(p.faces.size() == 2);
        const int expected = p.faces[0] == 0 && p.faces[1] == 0 ? 100 : p.faces[0] * 10 + p.faces[1];
        REQUIRE(p.reading == expected);
        saw_100 = saw_100 || p.reading == 100;
        const auto d6 = s.roll(Die::d6, "d6");
        REQUIRE((d6.reading >= 1 && d6.reading <= 6));
        const auto two = s.roll(Die::two_d6, "2d6");
        REQUIRE(two.reading == two.faces[0] + two.faces[1]);
        REQUIRE((two.reading >= 2 && two.reading <= 12));
        const auto d10 = s.roll(Die::d10, "d10");
        REQUIRE((d10.reading >= 1 && d10.reading <= 10));
    }
    CHECK(saw_100);
}

TEST_CASE("Typed percentile rolls: 1-100 and 00 - anything else refused with the roll named") {
    CHECK(dice::parse_typed(Die::percentile, "44", "x").reading == 44);
    CHECK(dice::parse_typed(Die::percentile, "07", "x").reading == 7);
    CHECK(dice::parse_typed(Die::percentile, " 1 ", "x").reading == 1);
    const auto hundred = dice::parse_typed(Die::percentile, "00", "x");
    CHECK(hundred.reading == 100);
    CHECK(hundred.faces == dice::Faces{0, 0});
    CHECK(dice::parse_typed(Die::percentile, "100", "x").reading == 100);
    for (const char* bad : {"0", "101", "-5", "abc", "", "4.5", "000", "1e2"}) {
        INFO(bad);
        CHECK_THROWS_AS(dice::parse_typed(Die::percentile, bad, "roll 3, brigade stands"), UsageError);
    }
    CHECK_THROWS_WITH(dice::parse_typed(Die::percentile, "101", "roll 3, 1st Brigade stands"),
                      Contains("typed roll \"101\" for roll 3, 1st Brigade stands (percentile) is not valid: expected 1 to 100, or 00 for 100"));
    // The two dice as a roll's log shows them: refused (the design takes the number they read),
    // saying how they are typed.
    CHECK_THROWS_WITH(dice::parse_typed(Die::percentile, "6,1", "x"), Contains("the two dice are typed as the number they read, 61 for 6,1"));
    CHECK_THROWS_WITH(dice::parse_typed(Die::percentile, "0 7", "x"), Contains("07 for 0 7"));
}

TEST_CASE("Typed d6 d10 and 2d6 rolls") {
    CHECK(dice::parse_typed(Die::d6, "6", "x").reading == 6);
    CHECK_THROWS_AS(dice::parse_typed(Die::d6, "7", "x"), UsageError);
    CHECK_THROWS_AS(dice::parse_typed(Die::d6, "06", "x"), UsageError);
    CHECK(dice::parse_typed(Die::d10, "10", "x").reading == 10);
    CHECK_THROWS_AS(dice::parse_typed(Die::d10, "0", "x"), UsageError);
    CHECK(dice::parse_typed(Die::two_d6, "3+4", "x").reading == 7);
    CHECK(dice::parse_typed(Die::two_d6, "12", "x").reading == 12);
    CHECK_THROWS_AS(dice::parse_typed(Die::two_d6, "1", "x"), UsageError);
    CHECK_THROWS_AS(dice::parse_typed(Die::two_d6, "7+1", "x"), UsageError);
    // A face out of range is named: the sum alone (8) would pass.
    for (const auto& [typed, face] : {std::pair{"1+7", "7"}, {"0+5", "0"}, {"6 + 9", "9"}})
        CHECK_THROWS_WITH(dice::parse_typed(Die::two_d6, typed, "x"), Catch::Matchers::Contains(std::string("each die 1 to 6: ") + face + " is not a face of a d6"));
    CHECK_THROWS_WITH(dice::parse_typed(Die::two_d6, "3+x", "x"), Catch::Matchers::Contains("or two dice such as 3+4"));
}

TEST_CASE("Typed rolls run out with a message naming the roll") {
    dice::TypedSource t({"12", "00"});
    CHECK(t.roll(Die::percentile, "a").reading == 12);
    CHECK(t.roll(Die::percentile, "b").reading == 100);
    CHECK_THROWS_WITH(t.roll(Die::percentile, "2nd Brigade stands"),
                      Contains("the typed-in rolls ran out at roll 3, 2nd Brigade stands (percentile): 2 were given"));
    dice::TypedSource extra({"1", "2", "3"});
    extra.roll(Die::percentile, "a");
    CHECK_THROWS_WITH(extra.require_all_used(), Contains("3 rolls were typed in but only 1 was needed") && !Contains("2d6"));
    // A 2d6 roll's two dice typed apart ("6,6"): the first read as the sum, and said how to type them.
    dice::TypedSource apart({"6", "6"});
    CHECK(apart.roll(Die::two_d6, "fallen leader").reading == 6);
    CHECK_THROWS_WITH(apart.require_all_used(), Contains("a 2d6 roll is typed as its two dice joined, 6+6, or as their sum"));
    CHECK(dice::split_rolls(" 34, 78 ,00") == std::vector<std::string>{"34", "78", "00"});
}
