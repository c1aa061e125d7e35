#pragma once
#include "rules/rule_set.hpp"

#include <string>
#include <string_view>

namespace muster::rules {

/// The largest rule set file muster reads.
inline constexpr size_t k_max_rule_set_bytes = 4 * 1024 * 1024;

/// Parses and validates a rule set. `file` names it in errors, which say the JSON path and
/// the problem (a gap or overlap in a table, an unknown rating, a missing key...). Throws FileError.
RuleSet load_rule_set(std::string_view text, const std::string& file);

/// Reads and loads a rule set file.
RuleSet load_rule_set_file(const std::string& path);

/// A rule set a campaign pinned, loaded as it was taken: a rule added since that it breaks (a
/// unit term's name rule) is for check to report, not a reason to refuse the campaign.
RuleSet load_pinned_rule_set(std::string_view text, const std::string& file);

/// The checks that span tables: every key combination has one block, every value a table
/// or the generator can produce is defined, every brigade the generator can make has a label.
/// Called by load_rule_set; throws FileError.
void validate_rule_set(const RuleSet& rules, const std::string& file);

}  // namespace muster::rules
