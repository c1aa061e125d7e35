#pragma once
#include "army/division.hpp"
#include "rules/rule_set.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace muster::app {

/// The largest OOB file muster reads.
/// muster's own export of 33,000 divisions (100,000 brigades) is about 90 MB.
inline constexpr size_t k_max_oob_bytes = 256 * 1024 * 1024;

/// Reads a muster-oob/1 JSON text and checks it whole against the rule set: sides, arms,
/// ratings, grades, labels, strengths, statuses, duplicate names. Throws FileError with the
/// JSON path; nothing is stored.
army::OrderOfBattle read_oob(std::string_view text, const std::string& file, const rules::RuleSet& rules);
army::OrderOfBattle read_oob_file(const std::string& path, const rules::RuleSet& rules);

}  // namespace muster::app
