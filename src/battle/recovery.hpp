#pragma once
#include "core/words.hpp"
#include "dice/dice.hpp"
#include "dice/roll_record.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace muster::battle {

/// What comes back of one brigade's casualties after a battle.
struct Return {
    int casualties = 0;
    int whole = 0;     ///< casualties x rate, whole stands
    int percent = 0;   ///< the fraction of one more stand, in percent (1.5 stands: 50)
    std::optional<dice::RollRecord> roll;  ///< the percentile roll, when the fraction is rolled
    int stands = 0;    ///< what returns
};

/// Casualties return at `rate_percent`; the fraction of a stand is dropped (down), kept at
/// 50% or more (half_up), or rolled on percentile dice, coming back on a roll equal to or
/// under the fraction (roll), as the ACW article rolls a fractional battery.
Return recover(int casualties, int rate_percent, Rounding rounding, dice::Source& dice, const std::string& purpose);

}  // namespace muster::battle
