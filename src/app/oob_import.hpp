#pragma once
#include "army/division.hpp"
#include "rules/rule_set.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace muster::app {

/// The largest OOB file muster reads.
inline constexpr size_t k_max_oob_bytes = 32 * 1024 * 1024;

/// Reads a muster-oob/1 JSON text and checks it whole against the rule set: sides, arms,
/// ratings, grades, labels, strengths, statuses, duplicate names. Throws FileError with the
/// JSON path; nothing is stored.
army::OrderOfBattle read_oob(std::string_view text, const std::string& file, const rules::RuleSet& rules);
army::OrderOfBattle read_oob_file(const std::string& path, const rules::RuleSet& rules);

}  // namespace muster::app
