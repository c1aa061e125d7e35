// The campaign's clock (core/date.hpp): a Day is a day of the proleptic Gregorian calendar,
// parsed once from YYYY-MM-DD and refused by name otherwise; a Turn is 1 to Turn::k_last.
#include "core/date.hpp"
#include "core/error.hpp"

#include <catch2/catch.hpp>

#include <string>

using namespace muster;
using Catch::Matchers::Contains;

TEST_CASE("A day is read from YYYY-MM-DD only when the calendar has it, and written back the same") {
    for (const char* good : {"1863-07-01", "1600-02-29", "2000-02-29", "1863-12-31", "0001-01-01", "9999-12-31"}) {
        INFO(good);
        REQUIRE(Day::parse(good));
        CHECK(Day::parse(good)->text() == good);
    }
    // The class of bad dates: days no calendar has, leap years wrongly, the wrong shape.
    for (const char* bad : {"1863-02-29", "1900-02-29", "1863-13-01", "1863-00-10", "1863-04-31", "1863-01-00", "1863-7-1",
                            "1863-07-01 ", " 1863-07-01", "1863/07/01", "July 4", "yesterday", "", "18630701", "1863-07-0x",
                            "-863-07-01", "1863-07-011"}) {
        INFO(bad);
        CHECK_FALSE(Day::parse(bad));
        CHECK_THROWS_AS(Day::read(bad), UsageError);
        CHECK_THROWS_WITH(Day::read(bad, "battle date"),
                          Contains("battle date \"") && Contains("is not a day of the calendar: expected YYYY-MM-DD"));
    }
    // A hostile text is named visibly, never as a control sequence.
    CHECK_THROWS_WITH(Day::read("\x1b[2J"), Contains("\\x1B[2J"));
}

TEST_CASE("Days count across months, leap years and centuries, and know their year") {
    const auto d = *Day::parse("1863-07-01");
    CHECK(d.plus(30).text() == "1863-07-31");
    CHECK(d.plus(31).text() == "1863-08-01");
    CHECK(d.plus(-1).text() == "1863-06-30");
    CHECK(d.plus(184).text() == "1864-01-01");
    CHECK(Day::parse("1864-02-28")->plus(1).text() == "1864-02-29");
    CHECK(Day::parse("1900-02-28")->plus(1).text() == "1900-03-01");
    CHECK(Day::parse("2000-02-28")->plus(1).text() == "2000-02-29");
    CHECK(Day::parse("1864-01-01")->minus(d) == 184);
    CHECK(d.minus(*Day::parse("1864-01-01")) == -184);
    CHECK(d.year() == 1863);
    CHECK(Day::parse("1862-12-31")->year() == 1862);
    CHECK(*Day::parse("1863-07-01") < *Day::parse("1863-07-02"));
    CHECK(text_or(std::nullopt, "none") == "none");
    CHECK(text_or(d, "none") == "1863-07-01");
}

TEST_CASE("A turn is 1 to the last muster counts, and refused outside it by name") {
    CHECK(Turn::first().number() == 1);
    CHECK(Turn::read(3).text() == "turn 3");
    CHECK(Turn::of(Turn::k_last));
    for (long long bad : {0LL, -1LL, Turn::k_last + 1LL, 999999999999LL, -999999999999LL}) {
        INFO(bad);
        CHECK_FALSE(Turn::of(bad));
        CHECK_THROWS_WITH(Turn::read(bad), Contains("turn " + std::to_string(bad) + " is out of range: expected 1 to 100000"));
    }
    const auto t = Turn::read(5);
    CHECK(t.plus(2) == Turn::read(7));
    CHECK(t.plus(-4) == Turn::first());
    CHECK_FALSE(t.plus(-5));
    CHECK_FALSE(Turn::read(Turn::k_last).plus(1));
    CHECK(Turn::read(7).minus(t) == 2);
    CHECK(t < Turn::read(6));
}
