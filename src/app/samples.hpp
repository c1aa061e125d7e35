#pragma once
// The sample campaigns built into muster (assets/samples): historical orders of battle in the
// muster-oob/1 format, each with the settings and schedule a campaign starts from.
#include "core/date.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace muster::app {

/// One sample campaign: what it is, where its order of battle comes from, and how it starts.
struct Sample {
    std::string id;      ///< "gettysburg": `muster campaign new NAME --sample gettysburg`
    std::string title;   ///< "Gettysburg, July 1863"
    std::string about;   ///< what the campaign holds and how it unfolds
    std::string source;  ///< where the order of battle comes from, and what is muster's own
    std::string rules;   ///< the rule set id it is written for
    std::string file;    ///< "assets/samples/gettysburg.json": named in errors
    std::string text;    ///< the whole muster-oob/1 file
    std::optional<Day> date;  ///< the campaign's date
    std::optional<std::string> theater;
    std::optional<int> turn_days;
    std::optional<int> men_per_stand;
    /// Placeholder divisions by name and the turn each is due, in the file's order.
    std::vector<std::pair<std::string, Turn>> schedule;
};

/// Reads a sample file: its "sample" and "rules" keys (the armies are read on import, against
/// the rule set). Throws FileError naming the file and the JSON path.
Sample parse_sample(std::string_view text, const std::string& file);

/// The built-in samples, by id.
const std::vector<Sample>& samples();

/// The sample with this id (exact, or as typed: a unique beginning); else UsageError listing them.
const Sample& find_sample(std::string_view id);

}  // namespace muster::app
