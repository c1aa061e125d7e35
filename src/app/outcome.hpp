#pragma once
#include "dice/roll_record.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace muster::app {

/// An operation done, or only shown: a preview changes nothing; the journal may keep it as a
/// preview, with its rolls as discarded.
enum class Mode { apply, preview };

/// A roll done for real after its preview: held to what the preview showed, or (discarded,
/// --discard-preview) rolled anew.
enum class Previewed { held, discarded };

/// What an operation did, line by line, for the organiser to read (and to preview).
struct Outcome {
    std::int64_t operation = 0;  ///< its journal entry; 0 for a preview the journal does not keep
    bool preview = false;
    std::string summary;                           ///< as the umpire reads it
    std::map<std::string, std::string> read_by;    ///< as a side reads it, where that differs (the journal's)
    std::string acted_by;                          ///< the side that did it, where a side did (an exchange's answer): what it is told is its reading
    std::int64_t acted_by_entry = 0;               ///< its journal entry as that side numbers its own (read as it was written)
    std::vector<std::string> lines;
    std::vector<dice::RollRecord> rolls;
    /// What a preview kept: nothing, or its journal entry (with its rolls, as discarded).
    std::string preview_note() const {
        if (!operation) return "nothing stored";
        return rolls.empty() ? "not applied; the journal keeps it as a preview" : "not applied; the journal keeps it as a preview, its rolls as discarded";
    }
    /// As `side` reads it: its journal's words where they differ, else the umpire's.
    const std::string& read_as(const std::string& side) const {
        const auto it = read_by.find(side);
        return it == read_by.end() ? summary : it->second;
    }
};

}  // namespace muster::app
