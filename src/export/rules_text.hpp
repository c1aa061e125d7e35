#pragma once
#include "generate/generate.hpp"
#include "rules/rule_set.hpp"

#include <string>

namespace muster::exporter {

/// What a rule set holds: sides, years, ratings, grades, tables, generation order.
std::string rule_set_summary(const rules::RuleSet& rules);
/// A table laid out as its source prints it: results across, keys down, roll ranges in the cells.
std::string table_text(const rules::RuleSet& rules, const rules::RangeTable& table);
/// The effectiveness labels, one column a rating, one row a start strength.
std::string effectiveness_text(const rules::RuleSet& rules);
/// The exchange cartel: each rank's value in privates, what a stand's men and each leader count
/// as, and its note (whose values they are). Empty where the rule set has none.
std::string cartel_text(const rules::RuleSet& rules);

/// A division's exact odds for a request of rule set `rules_id`: per measure, each value's
/// chance in percent with a bar, and the mean.
std::string odds_text(const generate::ExactOdds& odds, const rules::RuleSet& rules, const generate::Request& request);
/// The same as JSON: the request's fields, then per measure {"mean": m, "chance": {"3": p, ...}}.
std::string odds_json(const generate::ExactOdds& odds, const std::string& rules_id, const generate::Request& request);

}  // namespace muster::exporter
