#pragma once
#include "dice/dice.hpp"

#include <string>

namespace muster::dice {

/// One roll as the journal keeps it: what it was for, the dice, and what it decided.
struct RollRecord {
    std::string purpose;  ///< "2nd Brigade stands"
    std::string table;    ///< the table read, or empty for a chance roll (a battery's fraction)
    Throw thrown;
    std::string result;   ///< "7 stands", "third battery (31 <= 44)"
};

}  // namespace muster::dice
