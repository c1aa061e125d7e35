#pragma once
#include "dice/roll_record.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace muster::app {

/// An operation done, or only shown: a preview stores nothing but its rolls (as discarded).
enum class Mode { apply, preview };

/// What an operation did, line by line, for the organiser to read (and to preview).
struct Outcome {
    std::int64_t operation = 0;  ///< its journal entry; 0 for a preview that rolled nothing
    bool preview = false;
    std::string summary;
    std::vector<std::string> lines;
    std::vector<dice::RollRecord> rolls;
};

}  // namespace muster::app
