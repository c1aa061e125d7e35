#pragma once
#include "core/words.hpp"
#include "dice/dice.hpp"

#include <optional>
#include <string>

namespace muster::dice {

/// One roll as the journal keeps it: what it was for, the dice, and what it decided.
struct RollRecord {
    std::string purpose;  ///< "2nd Brigade stands"
    std::string table;    ///< the table read, or empty for a chance roll (a battery's fraction)
    Throw thrown;
    std::string result;   ///< "7 stands", "third battery (31 <= 44)"
    /// Who may read it, where fewer than read its operation (a hidden brigade's roll is its own
    /// side's); none: whoever reads the operation.
    std::optional<Audience> seen_by = std::nullopt;
};

}  // namespace muster::dice
