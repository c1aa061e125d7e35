#pragma once
// The table side outside a campaign: a rule set's play tables, rolled with seeded or typed dice.
#include "play/roll.hpp"
#include "rules/rule_set.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace muster::app {

/// A play table by id; refuses an unknown one naming the tables there are.
const rules::PlayTable& play_table(const rules::RuleSet& rules, const std::string& id);

struct TableRollRequest {
    std::string table;
    play::Request request;
    std::optional<std::uint64_t> seed;     ///< none and no typed rolls: a fresh random seed
    std::vector<std::string> typed_rolls;  ///< the organiser's own dice, used in order
    bool typed = false;                    ///< typed dice even when none are given yet (asked for)
};

struct TableRolled {
    play::Roll roll;                    ///< points into the rule set it was rolled from
    std::optional<std::uint64_t> seed;  ///< the seed used; none when the dice were typed in
};

/// Rolls a play table. Typed rolls must all be used, as everywhere.
TableRolled roll_play_table(const rules::RuleSet& rules, const TableRollRequest& request);

}  // namespace muster::app
