#pragma once
// Names as people type them: a reference is found exactly, else ignoring case, else as the
// beginning or the last words of one name; a miss suggests the nearest names.
#include <string>
#include <string_view>
#include <vector>

namespace muster {

/// Whether two names are one as people type them: the same but for the case of ASCII letters
/// ("Wheatfield", "wheatfield"). A new name that is one with a name already there is refused.
bool same_ignoring_case(std::string_view a, std::string_view b);

/// Whether `text` holds `part` as people filter a list: anywhere, the case of ASCII letters aside
/// ("heth" in "Heth"). An empty part is in every text.
bool contains_ignoring_case(std::string_view text, std::string_view part);

/// The names among `names` that `typed` refers to, by the first rule that finds any: the name
/// itself; the name ignoring case (ASCII letters); the names it begins or ends as their last
/// words, ignoring case (a surname: "Jackson" for "T. J. Jackson", "Hill" for the Hill Army and
/// A. P. Hill alike); for
/// "Owner/Name", part by part: the owners (what comes before a name's first '/') it names by
/// these rules, then the rest among each one's ("heth/3rd" for "Heth's Division/3rd Brigade").
/// Indexes into `names`, in order; more than one is for the caller to call ambiguous.
std::vector<size_t> matching_names(std::string_view typed, const std::vector<std::string>& names);

/// The one name `typed` refers to, as an index into `names`; none: -1. Several: UsageError
/// naming `what` and the candidates.
long match_one(std::string_view typed, const std::vector<std::string>& names, std::string_view what);

/// Whether two names have the same letters and digits, in order, their case, marks, spaces and
/// punctuation aside ("Freemans Farm" and "Freeman's Farm"; "Grossbeeren" and "Großbeeren"):
/// likely one name typed two ways.
bool same_letters(std::string_view a, std::string_view b);

/// ": did you mean Robinson?" (up to three, nearest first, by edit distance ignoring case,
/// close enough to be a slip), or "" when none is near.
std::string did_you_mean(std::string_view typed, const std::vector<std::string>& names);

}  // namespace muster
