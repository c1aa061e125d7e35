#pragma once
// The campaign's clock: a day of the (proleptic Gregorian) calendar, and a turn. Each is parsed
// once, where it comes in (a command line, a form, a file, a row), and travels as its type.
#include <optional>
#include <string>
#include <string_view>
#include <string>

namespace muster {

class Day {
public:
    /// "YYYY-MM-DD" that names a real day, else nullopt.
    static std::optional<Day> parse(std::string_view text);
    /// The same, else UsageError naming `what` and the text ("date \"1863-13-45\" is not a day
    /// of the calendar: expected YYYY-MM-DD, e.g. 1863-07-01").
    static Day read(std::string_view text, std::string_view what = "date");
    /// "YYYY-MM-DD".
    std::string text() const;
    int year() const;
    int month() const;  ///< 1 to 12
    Day plus(int days) const { return Day(m_days + days); }
    /// Days from `earlier` to this day (negative when this one is earlier).
    int minus(const Day& earlier) const { return static_cast<int>(m_days - earlier.m_days); }
    auto operator<=>(const Day&) const = default;

private:
    explicit Day(long days) : m_days(days) {}
    long m_days;  // since 1970-01-01
};

/// A day's text, or `none` when there is no day.
inline std::string text_or(const std::optional<Day>& day, std::string none) { return day ? day->text() : none; }

/// A turn of a campaign's clock: 1, 2, ... up to k_last.
class Turn {
public:
    static constexpr int k_last = 100000;
    /// Turn `number`, or nullopt when it is not 1 to k_last.
    static std::optional<Turn> of(long long number);
    /// The same, else UsageError naming it ("turn 0 is out of range: expected 1 to 100000").
    static Turn read(long long number);
    static Turn first() { return Turn(1); }
    int number() const { return m_number; }
    /// "turn 3".
    std::string text() const { return "turn " + std::to_string(m_number); }
    /// The turn `turns` later (or earlier), or nullopt outside 1 to k_last.
    std::optional<Turn> plus(long long turns) const { return of(m_number + turns); }
    /// Turns from `earlier` to this one.
    int minus(Turn earlier) const { return m_number - earlier.m_number; }
    auto operator<=>(const Turn&) const = default;

private:
    explicit Turn(int number) : m_number(number) {}
    int m_number;
};

}  // namespace muster
