#include "core/date.hpp"

#include "core/error.hpp"
#include "core/names.hpp"

#include <cstdio>

namespace muster {
namespace {

// Howard Hinnant's days_from_civil and civil_from_days.
long days_from_civil(int y, int m, int d) {
    y -= m <= 2;
    const long era = (y >= 0 ? y : y - 399) / 400;
    const long yoe = y - era * 400;
    const long doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    const long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

struct Civil {
    int y, m, d;
};

Civil civil_from_days(long z) {
    z += 719468;
    const long era = (z >= 0 ? z : z - 146096) / 146097;
    const long doe = z - era * 146097;
    const long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const long mp = (5 * doy + 2) / 153;
    const int d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
    const int m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
    return {static_cast<int>(yoe + era * 400) + (m <= 2), m, d};
}

}  // namespace

std::optional<Day> Day::parse(std::string_view t) {
    if (t.size() != 10 || t[4] != '-' || t[7] != '-') return std::nullopt;
    for (size_t i = 0; i < t.size(); ++i)
        if (i != 4 && i != 7 && (t[i] < '0' || t[i] > '9')) return std::nullopt;
    const auto number = [&](size_t at, size_t n) {
        int v = 0;
        for (size_t i = at; i < at + n; ++i) v = v * 10 + (t[i] - '0');
        return v;
    };
    const int y = number(0, 4), m = number(5, 2), d = number(8, 2);
    const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    const int days[] = {31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (m < 1 || m > 12 || d < 1 || d > days[m - 1]) return std::nullopt;
    return Day(days_from_civil(y, m, d));
}

std::string Day::text() const {
    const auto c = civil_from_days(m_days);
    char buf[16];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", c.y, c.m, c.d);
    return buf;
}

int Day::year() const { return civil_from_days(m_days).y; }
int Day::month() const { return static_cast<int>(civil_from_days(m_days).m); }

Day Day::read(std::string_view text, std::string_view what) {
    if (auto day = parse(text)) return *day;
    throw UsageError(std::string(what) + " \"" + visible(std::string(text)) +
                     "\" is not a day of the calendar: expected YYYY-MM-DD, e.g. 1863-07-01");
}

std::optional<Turn> Turn::of(long long number) {
    if (number < 1 || number > k_last) return std::nullopt;
    return Turn(static_cast<int>(number));
}

Turn Turn::read(long long number) {
    if (auto turn = of(number)) return *turn;
    throw UsageError("turn " + std::to_string(number) + " is out of range: expected 1 to " + std::to_string(k_last));
}

}  // namespace muster
