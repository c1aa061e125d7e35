#include "battle/recovery.hpp"

namespace muster::battle {


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
                                      std::string(back ? "the fraction brings a stand back" : "the fraction brings none back") + " (" +
                                          std::to_string(thrown.reading) + (back ? " <= " : " > ") +
                                          std::to_string(r.percent) + ")"};
            break;
        }
    }
    return r;
}

}  // namespace muster::battle
