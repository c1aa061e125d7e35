#pragma once
// Laying out the forces: armies, corps, placeholder divisions, hand-entered brigades and
// batteries, names, what the other side has seen, imported orders of battle; and reading them.
#include "app/outcome.hpp"
#include "app/session.hpp"
#include "army/walk.hpp"

#include <optional>
#include <map>
#include <string>
#include <vector>

namespace muster::app {

/// A leader entered by hand: grade empty means none.
struct LeaderEntry {
    std::string name;
    std::string grade;
};

/// A brigade entered by hand (a historical unit).
struct BrigadeEntry {
    std::string division;
    std::string name;
    std::string rating;
    int stands = 0;
    std::optional<int> start;  ///< start strength when not `stands`
    std::string label;         ///< "6/5/3"; empty: from the rule set's effectiveness table
    std::string arm;           ///< empty: the division's
    LeaderEntry commander;
    LeaderEntry alternate{};  ///< its Alternate commander, in a rule set that has them; none: no grade given
};

/// Where a hand-entered battery goes: exactly one of these.
struct BatteryEntry {
    std::string name;
    std::string division;
    std::string corps;  ///< the corps' reserve
    std::string army;   ///< the army's reserve
};

/// Which forces, as whom: `side` filters the armies; `viewer` is the umpire or a side.
struct OobRequest {
    std::optional<std::string> side;
    View viewer;
};

/// The forces of the current campaign.
class Forces {
public:
    explicit Forces(Session& session) : m_session(session) {}

    // Each says what it added, as the journal does (a commander's grade rolled, what is left to do).
    std::string add_army(const std::string& side, const std::string& name, const LeaderEntry& commander);
    std::string add_corps(const std::string& army, const std::string& name, const LeaderEntry& commander);
    /// A placeholder division; `leader`: its commander, known by name (his grade is rolled when
    /// it arrives), or empty.
    /// `nationality`: one of the rule set's, as set_nationality takes it; empty: none.
    std::string add_division(const std::string& corps, const std::string& name, const std::string& arm, const std::string& leader = {},
                             const std::string& nationality = {});
    std::string add_brigade(const BrigadeEntry& entry);
    std::string add_battery(const BatteryEntry& entry);
    /// Renames an army, corps, division or brigade ("Division/Brigade"), or names a leader
    /// (by his name or the unit he commands).
    Outcome rename(NamedKind kind, const std::string& ref, const std::string& new_name);
    /// Labels a brigade for a start strength of `stands` (its rating's label for that many in the
    /// rule set's effectiveness table); the stands it has stay as they are.
    Outcome relabel_brigade(const std::string& brigade, int stands);
    /// A division's nationality, where the rule set has nationalities (empty: none).
    Outcome set_nationality(const std::string& division, const std::string& nationality);
    /// Shows a division to the other side (Fog::seen), or hides it again (Fog::hidden).
    Outcome set_fog(const std::string& division, Fog fog);
    /// Adds the armies of an OOB file, all or nothing; returns a summary. A .csv file is a
    /// spreadsheet (read_oob_csv, its headers mapped by `columns`), a .json file muster-oob/1
    /// JSON; any other ("-": standard input) is JSON if it opens with "{", else a spreadsheet.
    std::string import_oob(const std::string& file, const std::map<std::string, std::string>& columns = {});

    /// The order of battle as `request.viewer` may see it.
    army::OrderOfBattle order_of_battle(const OobRequest& request) const;
    /// The same walked for `v` a division at a time (what the exports write), of it only the
    /// divisions in `only` where given.
    void walk_oob(const OobRequest& request, army::OobVisitor& v, const std::optional<std::vector<std::int64_t>>& only = std::nullopt) const;
    /// Every brigade with its division, side, strength and status (the battle report's rows).
    std::vector<army::BrigadeRecord> brigades() const;

private:
    Session& m_session;
};

/// The request with its side and viewer as the rule set spells them ("Union", "conf" typed);
/// an unknown side refused.
OobRequest checked(const rules::RuleSet& rules, const OobRequest& request);
/// The order of battle as a viewer may see it, checking the sides named.
army::OrderOfBattle view_of(const rules::RuleSet& rules, const army::OrderOfBattle& all, const OobRequest& request);

}  // namespace muster::app
