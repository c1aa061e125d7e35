#include "rules/play_table.hpp"

#include "core/text.hpp"

#include <algorithm>
#include <climits>

namespace muster::rules {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    return s;
}

bool ends_with(std::string_view s, std::string_view tail) {
    return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

// A whole score, signed ("+6", "-10"), small enough that no sum of them overflows.
std::optional<int> score(std::string_view s) {
    s = trim(s);
    bool negative = false;
    if (!s.empty() && (s.front() == '+' || s.front() == '-')) {
        negative = s.front() == '-';
        s.remove_prefix(1);
    }
    int n = 0;
    if (s.empty() || s.size() > 4 || s.find_first_not_of("0123456789") != std::string_view::npos || !parse_int(s, n))
        return std::nullopt;
    return negative ? -n : n;
}

}  // namespace

std::optional<ScoreBand> parse_score_band(std::string_view text) {
    const std::string_view s = trim(text);
    ScoreBand band;
    band.text = std::string(s);
    auto open_end = [&](std::string_view head, bool up) -> std::optional<ScoreBand> {
        auto n = score(head);
        if (!n) return std::nullopt;
        (up ? band.lo : band.hi) = *n;
        return band;
    };
    for (std::string_view tail : {" or more", "+", ">"})
        if (ends_with(s, tail) && s.size() > tail.size()) return open_end(s.substr(0, s.size() - tail.size()), true);
    for (std::string_view tail : {" or less", "<", "(-)"})
        if (ends_with(s, tail) && s.size() > tail.size()) return open_end(s.substr(0, s.size() - tail.size()), false);
    auto closed = [&](std::optional<int> a, std::optional<int> b) -> std::optional<ScoreBand> {
        if (!a || !b) return std::nullopt;
        band.lo = std::min(*a, *b);  // "-1 to -3" is written from the smaller difference outward
        band.hi = std::max(*a, *b);
        return band;
    };
    if (auto to = s.find(" to "); to != std::string_view::npos) return closed(score(s.substr(0, to)), score(s.substr(to + 4)));
    if (s.find(',') != std::string_view::npos) {
        // "8,9,10": consecutive scores, in order.
        const auto parts = split(s, ',');
        std::optional<int> first, last;
        for (const auto& p : parts) {
            auto n = score(p);
            if (!n || (last && *n != *last + 1)) return std::nullopt;
            if (!first) first = n;
            last = n;
        }
        return closed(first, last);
    }
    // "0-10", "12-14": a dash after the first digit joins two whole scores.
    if (auto dash = s.find('-', 1); dash != std::string_view::npos && s.front() != '-' && s.front() != '+') {
        auto a = score(s.substr(0, dash)), b = score(s.substr(dash + 1));
        if (!a || !b || *a > *b) return std::nullopt;
        return closed(a, b);
    }
    return closed(score(s), score(s));
}

std::string Points::text() const {
    const int whole = quarters / 4, part = quarters % 4;
    static constexpr std::string_view k_parts[] = {"", "1/4", "1/2", "3/4"};
    if (part == 0) return std::to_string(whole);
    return (whole ? std::to_string(whole) + " " : std::string()) + std::string(k_parts[part]);
}

std::optional<Points> parse_points(std::string_view text) {
    std::string_view s = trim(text);
    int whole = 0, quarters = 0;
    auto digits = [](std::string_view d) { return !d.empty() && d.size() <= 3 && d.find_first_not_of("0123456789") == std::string_view::npos; };
    auto fraction = [&](std::string_view f) -> bool {
        if (f == "1/2" || f == "2/4") quarters = 2;
        else if (f == "1/4") quarters = 1;
        else if (f == "3/4") quarters = 3;
        else return false;
        return true;
    };
    if (auto dot = s.find('.'); dot != std::string_view::npos) {
        const auto head = s.substr(0, dot), tail = s.substr(dot + 1);
        if ((!head.empty() && !digits(head)) || !parse_int(head.empty() ? "0" : head, whole)) return std::nullopt;
        if (tail == "5" || tail == "50") quarters = 2;
        else if (tail == "25") quarters = 1;
        else if (tail == "75") quarters = 3;
        else if (tail != "0" && tail != "") return std::nullopt;
    } else if (auto space = s.find(' '); space != std::string_view::npos) {
        if (!digits(s.substr(0, space)) || !parse_int(s.substr(0, space), whole) || !fraction(trim(s.substr(space + 1))))
            return std::nullopt;
    } else if (s.find('/') != std::string_view::npos) {
        if (!fraction(s)) return std::nullopt;
    } else if (!digits(s) || !parse_int(s, whole)) {
        return std::nullopt;
    }
    if (whole > 999) return std::nullopt;
    return Points{whole * 4 + quarters};
}

std::string PlayModifier::value_text() const {
    auto signed_text = [](int v) { return (v >= 0 ? "+" : "") + std::to_string(v); };
    if (is_factor()) return "x" + std::to_string(factor_num) + (factor_den == 1 ? "" : "/" + std::to_string(factor_den));
    if (choose) return signed_text(choose->first) + " to " + signed_text(choose->second);
    return signed_text(value) + (each ? " each" : "");
}

std::string PlayResult::heading() const {
    if (!name.empty()) return name;
    // The text to its first full stop or colon, never one inside brackets (a heading keeps its
    // brackets balanced).
    int depth = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '(') ++depth;
        else if (c == ')' && depth > 0) --depth;
        else if ((c == '.' || c == ':') && depth == 0) return text.substr(0, i);
    }
    return text;
}

const PlayColumn* PlayTable::find_column(std::string_view id) const {
    for (const auto& c : columns)
        if (c.id == id) return &c;
    return nullptr;
}

const PlayColumn* PlayTable::column_for(Points points) const {
    const PlayColumn* found = nullptr;
    for (const auto& c : columns)
        if (c.points_from && *c.points_from <= points) found = &c;
    return found;
}

const PlayModifier* PlayTable::find_modifier(std::string_view id, Party party) const {
    for (const auto& m : modifiers)
        if (m.id == id && (m.party == Party::either || party == Party::either || m.party == party)) return &m;
    return nullptr;
}

std::pair<int, int> PlayTable::reachable() const {
    // One roll's extremes: the die, plus for each group its lowest and highest modifier once,
    // plus every ungrouped modifier that lowers or raises it (counted ones k_most_each times).
    auto extremes = [&](Party party) {
        int lo = die_min(die), hi = die_max(die);
        std::vector<std::pair<std::string, std::pair<int, int>>> groups;
        for (const auto& m : modifiers) {
            if (m.is_factor() || (difference && m.party != Party::either && m.party != party)) continue;
            int a = m.choose ? m.choose->first : m.value, b = m.choose ? m.choose->second : m.value;
            if (m.each) a *= k_most_each, b *= k_most_each;
            const int down = std::min({a, b, 0}), up = std::max({a, b, 0});
            if (m.group.empty()) {
                lo += down;
                hi += up;
                continue;
            }
            auto g = std::find_if(groups.begin(), groups.end(), [&](const auto& x) { return x.first == m.group; });
            if (g == groups.end()) groups.push_back({m.group, {down, up}});
            else g->second = {std::min(g->second.first, down), std::max(g->second.second, up)};
        }
        for (const auto& g : groups) lo += g.second.first, hi += g.second.second;
        return std::pair{lo, hi};
    };
    if (!difference) return extremes(Party::either);
    const auto a = extremes(Party::attacker), d = extremes(Party::defender);
    return {a.first - d.second, a.second - d.first};
}

const PlayRow* PlayTable::row_for(const PlayColumn& column, int score) const {
    const int s = read_score(score);
    for (const auto& row : column.rows)
        if (row.band.contains(s)) return &row;
    return nullptr;
}

}  // namespace muster::rules
