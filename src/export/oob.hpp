#pragma once
#include "army/division.hpp"
#include "journal/journal.hpp"
#include "rules/rule_set.hpp"

#include <string>
#include <vector>

namespace muster::exporter {

/// What every exported file says about itself: muster's version, campaign, date and view.
struct Provenance {
    std::string date;  ///< YYYY-MM-DD
};

/// The order of battle as text: army -> corps -> division -> brigades and batteries, with
/// strength now/start, label, Fresh/Worn/Spent, rating and leaders.
std::string oob_text(const rules::RuleSet& rules, const army::OrderOfBattle& oob, const Provenance& p);
/// The interchange format muster-oob/1 (cereal JSON); `muster import oob` reads it back.
std::string oob_json(const rules::RuleSet& rules, const army::OrderOfBattle& oob, const Provenance& p);
/// The journal: every operation and, under it, every roll.
std::string journal_text(const std::vector<journal::Entry>& entries);
/// Today's date, UTC, YYYY-MM-DD.
std::string today();

}  // namespace muster::exporter
