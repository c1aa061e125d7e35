#pragma once
// Names for the leaders the tables roll: muster's own lists of historical officers' surnames,
// per rule set and side (and nationality, where the rule set has them), drawn with the dice.
#include "dice/dice.hpp"
#include "dice/roll_record.hpp"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace muster::generate {

/// One list: what it is, whose officers, and the names in order.
struct NameList {
    std::string file;         ///< "acw_union.txt"
    std::string title;        ///< its first comment line
    std::string rules;        ///< the rule set id it names leaders for
    std::string side;         ///< the side
    std::string nationality;  ///< a nationality of the rule set, or empty
    std::vector<std::string> names;
};

/// Reads a list: "#" comment lines, header lines "rules: ID", "side: ID", "nationality: ID",
/// a blank line, then one name a line. Each name follows the leader name rule; none twice.
/// A malformed list is a FileError naming the line.
NameList parse_name_list(const std::string& file, std::string_view text);

/// The names a leader of `side` (of `nationality`, if some list has it) is drawn from: the
/// lists of the rule set and side, in the order given.
std::vector<const NameList*> name_pool(const std::vector<NameList>& lists, const std::string& rules, const std::string& side,
                                       const std::string& nationality);

/// Draws a name from `pool` with one percentile roll (journaled in `rolls` for `purpose`): the
/// n names read 1..n, and the roll picks ((roll - 1) mod n) + 1 (a pool of 100, 50, 25 or 20
/// names is drawn fairly). A name `taken` says is taken passes to the next free one on the
/// list; if all are taken, the list is gone through again with each name numbered ("Ames II",
/// then "Ames III"), so no two leaders share a name. Empty when the pool is.
std::string draw_name(const std::vector<const NameList*>& pool, const std::function<bool(const std::string&)>& taken,
                      dice::Source& dice, std::vector<dice::RollRecord>& rolls, const std::string& purpose);

}  // namespace muster::generate
