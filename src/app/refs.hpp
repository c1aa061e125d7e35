#pragma once
// Finding the units, leaders, batteries, camps and battles the organiser names, with errors
// that say what to write instead. Works over one roster read in one snapshot: inside an
// operation (read under the write lock) or from the GUI's campaign model.
#include "campaign/records.hpp"
#include "rules/rule_set.hpp"

#include <functional>
#include <string>
#include <vector>

namespace muster::db {
class Store;
}

namespace muster::app {

/// A camp named with its side, "Elmira (Union)": as `camp list` names it, as Refs::camp finds one
/// of two sides' camps of one name, and as a view that sees both shows it.
std::string camp_with_side(const std::string& name, const std::string& side, const rules::RuleSet& rules);

class Refs {
public:
    /// Its refusals name the units as the rule set does ("battalion Poor/1st New Hampshire"); with
    /// none given, as most rule sets do (division, brigade).
    explicit Refs(const campaign::Roster& roster) : m(roster) {}
    Refs(const campaign::Roster& roster, const rules::RuleSet& rules)
        : m(roster), m_rules(&rules), m_division(rules.division_noun()), m_brigade(rules.brigade_noun()), m_form(rules.term_division + "/" + rules.term_brigade) {}

    /// What the rule set calls a brigade ("battalion"), for a refusal that names one.
    const std::string& brigade_noun() const { return m_brigade; }
    const std::string& division_noun() const { return m_division; }
    /// How a brigade is referred to in full, in the rule set's words: "Division/Brigade".
    const std::string& form() const { return m_form; }
    /// "Division/Brigade", or a brigade name unique in the campaign.
    const army::BrigadeRecord& brigade(const std::string& ref) const;
    /// A leader's name, or the unit he commands ("Heth/1st Brigade", "Heth", a corps or army).
    const army::Leader& leader(const std::string& ref) const;
    /// Refuses to give a leader (other than `except`) a name another leader bears or a name of
    /// what a leader commands: a reference to it would name two leaders. The command of
    /// `handing_over` (the man a new commander replaces) is the new man's: he may bear its name,
    /// as a division's first commander may (Durutte commanding Durutte).
    void require_free_leader_name(const std::string& name, std::int64_t except = 0, std::int64_t handing_over = 0) const;
    /// A unit that has a commander: "Heth/1st Brigade", a division, a corps or an army.
    struct Unit {
        UnitKind kind = UnitKind::brigade;
        std::int64_t id = 0;
        std::string side;
        const army::Leader* commander = nullptr;
        std::string ref;  ///< as the campaign names it: "Heth/1st Brigade", "Heth", a corps or an army
    };
    Unit unit(const std::string& ref) const;
    /// A division by its name.
    const army::Unit& division(const std::string& name) const;
    /// An army, corps or division as a person named it (exactly, ignoring case, or a unique
    /// beginning), else NotFoundError with the nearest names.
    const army::Unit& unit_named(UnitKind kind, const std::string& name) const;
    /// An army, corps or division by its kind and exact name, or nullptr.
    const army::Unit* find_unit(UnitKind kind, const std::string& name) const;
    /// "Owner/Battery", or a battery name unique in the campaign.
    const army::Battery& battery(const std::string& ref) const;
    /// A camp by its name (exactly, ignoring case, or a unique beginning). Two sides' camps may
    /// bear one name: either is found as camp_ref names it ("Elmira (Union)"). Given the side
    /// whose men it takes (`prisoners_of`), the captor's camps are looked among first: "Belle"
    /// for Belle Isle, though the prisoners' own side has a camp "Belle".
    const campaign::CampInfo& camp(const std::string& name, std::string_view prisoners_of = {}) const;
    /// How a camp is named to be found: its name, or "Name (Side)" where another side's bears it.
    std::string camp_ref(const campaign::CampInfo& camp) const;
    const campaign::BattleInfo& battle(const std::string& name) const;

    const army::BrigadeRecord* brigade_by_id(std::int64_t id) const;
    const army::Leader* leader_by_id(std::int64_t id) const;
    const army::Battery* battery_by_id(std::int64_t id) const;
    const campaign::CampInfo* camp_by_id(std::int64_t id) const;
    const army::Unit* division_by_id(std::int64_t id) const { return unit_by_id(UnitKind::division, id); }
    /// An army, corps or division by its kind and number (each kind numbered on its own), or nullptr.
    const army::Unit* unit_by_id(UnitKind kind, std::int64_t id) const;
    /// The same, where the campaign's rows say it is there: one that is not is damage, refused
    /// naming what pointed at it (`by`: "a prisoner") and pointing at muster check.
    const army::BrigadeRecord& brigade_at(std::int64_t id, std::string_view by) const;
    /// The division a leader commands, or commands a brigade of (as its Main or its Alternate);
    /// none above the divisions or commanding nothing.
    std::optional<std::int64_t> division_of(const army::Leader& leader) const;
    const army::Leader& leader_at(std::int64_t id, std::string_view by) const;
    const army::Battery& battery_at(std::int64_t id, std::string_view by) const;
    const campaign::CampInfo& camp_at(std::int64_t id, std::string_view by) const;
    const std::vector<campaign::CampInfo>& camps() const { return m.camps; }
    const std::vector<campaign::Holding>& holdings() const { return m.holdings; }
    const std::vector<campaign::BattleInfo>& battles() const { return m.battles; }
    const std::vector<campaign::ExchangeInfo>& exchanges() const { return m.exchanges; }
    const RecordList<army::BrigadeRecord>& brigades() const { return m.brigades; }
    const RecordList<army::Battery>& batteries() const { return m.batteries; }
    const RecordList<army::Leader>& leaders() const { return m.leaders; }
    const std::vector<army::Unit>& units() const { return m.units; }
    const campaign::Roster& roster() const { return m; }
    /// Read for a few divisions: a held unit of another is not in it (Roster::narrow).
    bool narrow() const { return m.narrow; }
    /// The side a held thing belongs to (not its captor).
    std::string side_of(HeldKind kind, std::int64_t unit_id) const;
    /// How a held thing reads: "3 stands of Heth/1st Brigade", "leader Archer (brigadier)".
    std::string describe(HeldKind kind, std::int64_t unit_id, int stands) const;
    std::string describe(const campaign::Holding& h) const { return describe(h.kind, h.unit_id, h.stands); }
    std::string describe(const campaign::ExchangeItem& i) const { return describe(i.kind, i.unit_id, i.stands); }

private:
    void refuse_commanderless(const army::Unit* whole, const std::string& ref) const;
    Unit with_commander(Unit u) const;  // the leader in command of it, if any
    std::string noun(UnitKind kind) const;  // "division", "brigade", as the rule set calls them
    std::string camp_of_side(const campaign::CampInfo& camp) const;  // "Name (Side)"
    const campaign::Roster& m;
    const rules::RuleSet* m_rules = nullptr;
    std::string m_division = "division", m_brigade = "brigade", m_form = "Division/Brigade";
};

/// The roster a command naming the units `refs` reads. Where every one is "Division/Unit" and
/// each division is found, those divisions alone (Rosters::roster_of): the same units the whole
/// campaign's search finds, for a reference holding "/" matches only its division's units.
/// Otherwise, or where `check` refuses what the command names there, the whole campaign, whose
/// search says what is wrong: a command is refused the same way however it was read.
campaign::Roster roster_naming(const db::Store& store, std::int64_t campaign, const std::vector<std::string>& refs,
                               const std::function<void(const Refs&)>& check);

}  // namespace muster::app
