#pragma once
#include "rules/rule_set.hpp"

#include <string>

namespace muster::exporter {

/// What a rule set holds: sides, years, ratings, grades, tables, generation order.
std::string rule_set_summary(const rules::RuleSet& rules);
/// A table laid out as its source prints it: results across, keys down, roll ranges in the cells.
std::string table_text(const rules::RuleSet& rules, const rules::RangeTable& table);
/// The effectiveness labels, one column a rating, one row a start strength.
std::string effectiveness_text(const rules::RuleSet& rules);

}  // namespace muster::exporter
