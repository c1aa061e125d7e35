#include "battle/recovery.hpp"

namespace muster::battle {

std::optional<Rounding> parse_rounding(std::string_view text) {
    if (text == "down") return Rounding::down;
    if (text == "half_up") return Rounding::half_up;
    if (text == "roll") return Rounding::roll;
    return std::nullopt;
}

Return recover(int casualties, int rate_percent, Rounding rounding, dice::Source& dice, const std::string& purpose) {
    Return r;
    r.casualties = casualties;
    r.whole = casualties * rate_percent / 100;
    r.percent = casualties * rate_percent % 100;
    r.stands = r.whole;
    if (r.percent == 0) return r;
    switch (rounding) {
        case Rounding::down: break;
        case Rounding::half_up: r.stands += r.percent >= 50 ? 1 : 0; break;
        case Rounding::roll: {
            const auto thrown = dice.roll(rules::Die::percentile, purpose);
            const bool back = thrown.reading <= r.percent;
            r.stands += back ? 1 : 0;
            r.roll = dice::RollRecord{purpose, "", thrown,
                                      std::string(back ? "one more stand returns" : "no more stands return") + " (" +
                                          std::to_string(thrown.reading) + (back ? " <= " : " > ") +
                                          std::to_string(r.percent) + ")"};
            break;
        }
    }
    return r;
}

}  // namespace muster::battle
