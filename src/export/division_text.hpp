#pragma once
#include "army/division.hpp"
#include "rules/rule_set.hpp"

#include <string>
#include <vector>

namespace muster::exporter {

/// A generated division as the organiser reads it: leader, brigades with labels, artillery working.
std::string division_text(const rules::RuleSet& rules, const army::Division& division);
/// The roll log: number, purpose, dice, reading, result.
std::string rolls_text(const std::vector<dice::RollRecord>& rolls);
/// A leader's grade as printed: "Exceptional [EXC]", "Average (rolled Despicable, by the book)".
std::string leader_text(const rules::RuleSet& rules, const army::Leader& leader);
/// A division as JSON (cereal), with its roll log when `with_rolls`.
std::string division_json(const rules::RuleSet& rules, const army::Division& division, bool with_rolls);

}  // namespace muster::exporter
