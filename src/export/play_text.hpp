#pragma once
// Play tables as text: the list, a table laid out as its source prints it, and a roll.
#include "play/roll.hpp"
#include "rules/rule_set.hpp"

#include <string>

namespace muster::exporter {

/// Every play table of a rule set: id, kind, dice, columns, title.
std::string play_tables_text(const rules::RuleSet& rules);
/// One table as the source prints it, then its modifiers, what is rolled before adjustment,
/// the source's notes and muster's readings (each marked).
std::string play_table_text(const rules::PlayTable& table);
/// A roll: the dice, each modifier by name with its value, the score, the row, the whole result
/// and what it does.
std::string play_roll_text(const play::Roll& roll);
/// BROKEN's roll again at once, after the roll that gave it: "  Rolled again at once (BROKEN):
/// 3 (d6: 3), score 3: 3 or less, removed from play".
std::string broken_again_text(const play::Roll& first, const play::Roll& again);
/// The same as JSON.
std::string play_roll_json(const play::Roll& roll, const std::string& rules_id, const play::Roll* broken_again = nullptr);
/// What a result does, in words: "defender: 1 stand lost, disordered"; empty when nothing.
std::string effects_text(const rules::PlayEffects& effects);

}  // namespace muster::exporter
