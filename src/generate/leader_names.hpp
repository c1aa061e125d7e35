#pragma once
// Names for the leaders the tables roll: muster's own lists of historical officers' surnames,
// per rule set and side (and nationality, where the rule set has them), drawn with the dice.
#include "core/words.hpp"
#include "dice/dice.hpp"
#include "dice/roll_record.hpp"
#include "rules/rule_set.hpp"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace muster::generate {

/// When a leader is named: the rank of his post, and the campaign's year and month (0: not known).
struct NameFit {
    Rank rank = Rank::brigadier;
    int year = 0;
    int month = 0;
};

/// One officer of a list: his name, and when he could hold a command at which ranks, span by
/// span (a general who led a brigade, then an army, fits a brigade only in the first).
struct ListedName {
    /// A span of his career: its first and last months (year * 100 + month, the months 1 and
    /// 12 where only years are given) and the ranks of the posts he fits in it.
    struct Span {
        int from = 0;
        int to = 999912;
        std::vector<Rank> ranks;
    };
    std::string name;
    std::vector<Span> spans;  ///< none: any post at any date

    bool fits(const NameFit& when) const;
};

/// One list: what it is, whose officers, and the names in order.
struct NameList {
    std::string file;         ///< "acw_union.txt"
    std::string title;        ///< its first comment line
    std::string rules;        ///< the rule set id it names leaders for
    std::string side;         ///< the side
    std::string nationality;  ///< a nationality of the rule set, or empty
    std::vector<ListedName> names;
};

/// Reads a list: "#" comment lines, header lines "rules: ID", "side: ID", "nationality: ID",
/// a blank line, then one name a line: "NAME", or "NAME | FROM..TO | RANKS" where FROM and TO
/// are YYYY or YYYY-MM and RANKS the words brigadier, division, corps, army, more spans of his
/// career following as "| FROM..TO | RANKS". Each name follows the leader name rule; none
/// twice. A malformed list is a FileError naming the line.
NameList parse_name_list(const std::string& file, std::string_view text);

/// The names a leader of `side` (of `nationality`, if some list has it) is drawn from: the
/// lists of the rule set and side, in the order given; for a rule set no list names that has
/// the very sides of one that lists have (the organiser's copy of a built-in one, its id
/// changed), that one's.
std::vector<const NameList*> name_pool(const std::vector<NameList>& lists, const rules::RuleSet& rules, const std::string& side,
                                       const std::string& nationality);

/// Draws a name from the names of `pool` that fit `when` (none fitting: from them all), with
/// percentile rolls journaled in `rolls` for `purpose`: the n names read 1..n; where n divides
/// 100, one roll picks ((roll - 1) mod n) + 1, else two make a reading of 1 to 10,000 that
/// does (every name alike, within one part in 10,000 / n). A name `taken` says is taken passes
/// to the next free one that fits; all taken, to the first free one of the rest of the lists;
/// all of those taken, the fitting names are gone through again, numbered ("Ames II", then
/// "Ames III"), so no two leaders share a name. Empty when the pool is.
std::string draw_name(const std::vector<const NameList*>& pool, const NameFit& when, const std::function<bool(const std::string&)>& taken,
                      dice::Source& dice, std::vector<dice::RollRecord>& rolls, const std::string& purpose);

}  // namespace muster::generate
