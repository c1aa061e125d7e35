#pragma once
#include "core/words.hpp"
#include "dice/roll_record.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace muster::journal {

/// A roll as the journal keeps it.
struct Roll {
    int seq = 0;
    dice::RollRecord roll;
    DiceMode source = DiceMode::seeded;
    RollStatus status = RollStatus::applied;
};

/// One thing the organiser did, with the rolls it made.
struct Entry {
    std::int64_t id = 0;
    OperationKind kind = OperationKind::add;
    std::string summary;
    std::string created_at;
    bool undoable = false;                 ///< it changed the campaign and is not yet undone
    std::optional<std::int64_t> undoes;    ///< for an undo: the entry it reversed; for a redo: the entry it did again
    std::optional<std::int64_t> undone_by; ///< the undo that reversed it (for an undo: the redo)
    std::vector<Roll> rolls;
    Audience audience;                     ///< who may read it (and whose dice it rolled)
    std::string player;                    ///< in a plan of undo: the player who made it through his link ("" the organiser)
};

}  // namespace muster::journal
