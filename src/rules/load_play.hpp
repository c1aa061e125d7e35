#pragma once
#include "json/json.hpp"
#include "rules/rule_set.hpp"

namespace muster::rules {

/// Reads `play_tables` into the rule set (after its generation tables, which a result may
/// roll next) and checks them; throws FileError naming the JSON path and the problem.
void read_play_tables(const json::Value& tables, RuleSet& rules);

/// The index of the play table `v` names for a leader who may have fallen: one roll, in one
/// column, whose results decide a leader's fate. Throws FileError otherwise.
size_t fallen_leader_table(const json::Value& v, const RuleSet& rules);

}  // namespace muster::rules
