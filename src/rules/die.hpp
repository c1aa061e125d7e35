#pragma once
#include <optional>
#include <string_view>

namespace muster::rules {

/// The dice a table is read with.
enum class Die { d6, d10, two_d6, percentile };
/// "d6", "d10", "2d6", "percentile".
std::string_view die_name(Die die);
/// The lowest and highest reading of a die: 1–6, 1–10, 2–12, 1–100.
constexpr int die_min(Die die) { return die == Die::two_d6 ? 2 : 1; }
constexpr int die_max(Die die) {
    switch (die) {
        case Die::d6: return 6;
        case Die::d10: return 10;
        case Die::two_d6: return 12;
        case Die::percentile: return 100;
    }
    return 0;
}
std::optional<Die> parse_die(std::string_view text);

}  // namespace muster::rules
