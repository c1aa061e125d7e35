#pragma once
#include "army/division.hpp"
#include "rules/rule_set.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace muster::app {

/// The largest OOB file muster reads.
/// muster's own export of 33,000 divisions (100,000 brigades) is about 90 MB.
inline constexpr size_t k_max_oob_bytes = 256 * 1024 * 1024;
/// The largest spreadsheet it reads: muster's own of 33,000 divisions is 52 MB, and a sheet is
/// read whole into a document of its rows first (about 45 bytes of memory a byte of the sheet).
inline constexpr size_t k_max_sheet_bytes = 64 * 1024 * 1024;

/// Reads a muster-oob/1 JSON text and checks it whole against the rule set: sides, arms,
/// ratings, grades, labels, strengths, statuses, duplicate names. Throws FileError with the
/// JSON path; nothing is stored.
army::OrderOfBattle read_oob(std::string_view text, const std::string& file, const rules::RuleSet& rules);
/// Reads a spreadsheet's order of battle (CSV, RFC 4180): muster's own CSV export, or another's
/// whose headers `columns` maps onto muster's (its header -> muster's column). A row per unit
/// (army, corps, division, brigade, battery; totals ignored), or without a "unit" column a
/// brigade a row, its army, corps and division made from their names. Checked as read_oob
/// checks; a refusal names the row and the column.
army::OrderOfBattle read_oob_csv(std::string_view text, const std::string& file, const rules::RuleSet& rules,
                                 const std::map<std::string, std::string>& columns = {});

}  // namespace muster::app
