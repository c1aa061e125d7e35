#include "dice/dice.hpp"

#include "core/error.hpp"
#include "core/names.hpp"
#include "core/text.hpp"

#include <cctype>

namespace muster::dice {

std::string Throw::faces_text() const {
    std::vector<std::string> parts;
    for (int f : faces) parts.push_back(std::to_string(f));
    return join(parts, die == Die::two_d6 ? "+" : ",");
}

std::uint64_t SeededSource::stream_seed(std::uint64_t seed, std::string_view stream) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char ch : stream) h = (h ^ ch) * 0x100000001b3ull;
    SeededSource mix(seed ^ h);
    return mix.next();
}

Throw parse_typed(Die die, std::string_view raw, std::string_view what) {
    const std::string_view text = trim(raw);
    const int lo = rules::die_min(die), hi = rules::die_max(die);
    std::string expected = std::to_string(lo) + " to " + std::to_string(hi);
    if (die == Die::percentile) {
        expected += ", or 00 for 100";
        // The two dice as a roll's log shows them ("6,1"): read as one number.
        if (text.size() == 3 && std::isdigit(static_cast<unsigned char>(text[0])) && std::isdigit(static_cast<unsigned char>(text[2])) &&
            (text[1] == ',' || text[1] == ' '))
            expected += ": the two dice are typed as the number they read, " + std::string{text[0], text[2]} + " for " + std::string{text[0], text[1], text[2]} +
                        " (00 for 0,0)";
    }
    if (die == Die::two_d6) expected += ", or two dice such as 3+4";
    auto refuse = [&]() -> Throw {
        throw UsageError("typed roll \"" + visible(text) + "\" for " + std::string(what) + " (" +
                         std::string(rules::die_name(die)) + ") is not valid: expected " + expected);
    };
    Throw t;
    t.die = die;
    if (die == Die::two_d6 && text.find('+') != std::string_view::npos) {
        const auto parts = split(text, '+');
        int a = 0, b = 0;
        if (parts.size() != 2 || !parse_int(trim(parts[0]), a) || !parse_int(trim(parts[1]), b)) return refuse();
        for (const int f : {a, b})
            if (f < 1 || f > 6) {
                expected = "each die 1 to 6: " + std::to_string(f) + " is not a face of a d6";
                return refuse();
            }
        t.faces = {a, b};
        t.reading = a + b;
        return t;
    }
    if (text.empty() || text.find_first_not_of("0123456789") != std::string_view::npos || text.size() > 3)
        return refuse();
    int n = 0;
    parse_int(text, n);
    if (die == Die::percentile && text == "00") n = 100;
    else if (text.size() > 1 && text[0] == '0' && !(die == Die::percentile && text.size() == 2))
        return refuse();  // "007" is a typo, not a roll; "07" on percentile dice is how they read
    if (n < lo || n > hi) return refuse();
    t.reading = n;
    if (die == Die::percentile) t.faces = {n == 100 ? 0 : n / 10, n % 10};
    else t.faces = {n};
    return t;
}

Throw TypedSource::roll(Die die, std::string_view purpose) {
    const std::string what = "roll " + std::to_string(m_next + 1) + ", " + std::string(purpose);
    if (m_next >= m_rolls.size())
        throw RollNeeded("the typed-in rolls ran out at " + what + " (" + std::string(rules::die_name(die)) +
                             "): " + count_of(static_cast<int>(m_rolls.size()), "was given", "were given"),
                         die, std::string(purpose), m_next);
    m_last_two_d6 = die == Die::two_d6;
    return parse_typed(die, m_rolls[m_next++], what);
}

void TypedSource::require_all_used() const {
    if (m_next < m_rolls.size())
        throw UsageError(count_of(static_cast<int>(m_rolls.size()), "roll was typed in", "rolls were typed in") + " but only " + std::to_string(m_next) +
                         (m_next == 1 ? " was" : " were") + " needed; the first unused one is \"" + m_rolls[m_next] + "\" (roll " +
                         std::to_string(m_next + 1) + ")" + (m_last_two_d6 ? "; a 2d6 roll is typed as its two dice joined, 6+6, or as their sum" : ""));
}

std::vector<std::string> split_rolls(std::string_view text) {
    std::vector<std::string> out;
    if (trim(text).empty()) return out;
    for (auto& part : split(text, ',')) out.emplace_back(trim(part));
    return out;
}

}  // namespace muster::dice
