#pragma once
// A day of the (proleptic Gregorian) calendar, as a campaign's clock counts them.
#include <optional>
#include <string>
#include <string_view>

namespace muster {

class Day {
public:
    /// "YYYY-MM-DD" that names a real day, else nullopt.
    static std::optional<Day> parse(std::string_view text);
    /// "YYYY-MM-DD".
    std::string text() const;
    int year() const;
    Day plus(int days) const { return Day(m_days + days); }
    /// Days from `earlier` to this day (negative when this one is earlier).
    int minus(const Day& earlier) const { return static_cast<int>(m_days - earlier.m_days); }
    auto operator<=>(const Day&) const = default;

private:
    explicit Day(long days) : m_days(days) {}
    long m_days;  // since 1970-01-01
};

}  // namespace muster
