// Laying out the forces: every change is one operation of the store.
#include "app/forces.hpp"
#include "json/json.hpp"

#include "app/oob_import.hpp"
#include "app/refs.hpp"
#include "app/session_state.hpp"
#include "army/view.hpp"
#include "core/error.hpp"
#include "core/match.hpp"
#include "core/names.hpp"
#include "core/text.hpp"
#include "generate/generate.hpp"

#include <set>

namespace muster::app {

// Why a name is refused that another army, corps or division has, as the rule set calls them
// (though the other is in another army, or of the other side, or a unit of another kind).
std::string names_shared(const rules::RuleSet& r) {
    return " in this campaign (no two armies, corps or " + r.division_noun() + "s are called alike, on either side: commands find them by name)";
}
namespace {

// A new army's, corps' or division's name: no army, corps or division bears it, in any case.
void require_unit_name_unused(const db::Store& store, std::int64_t campaign, const rules::RuleSet& r, const std::string& name) {
    for (const auto kind : {UnitKind::army, UnitKind::corps, UnitKind::division})
        if (const auto taken = db::Forces(store).unit_named_ignoring_case(campaign, kind, name))
            throw Error(std::string(kind == UnitKind::army ? "an " : "a ") + r.noun_of(kind) + " named \"" + *taken + "\" already exists" + names_shared(r));
}

// The rule set's arm a person typed (rules::typed_word).
std::string arm_named(const rules::RuleSet& r, const std::string& typed) { return rules::typed_word(r, r.arms, typed, "arm").id; }

// The rule set's leader grades, as --grade takes them: "competent, aggressive or cautious".
std::string grade_ids(const rules::RuleSet& rules) {
    std::vector<std::string> ids;
    for (const auto& g : rules.grades) ids.push_back(g.id);
    if (ids.size() < 2) return join(ids, "");
    const auto last = ids.back();
    ids.pop_back();
    return join(ids, ", ") + " or " + last;
}

// A leader as entered, his grade played by the book where the campaign says so. Without a grade
// he is absent, unless he is named and `may_roll` (an army or corps commander, whose grade the
// rule set's leader table rolls when it has one).
army::Leader leader_from(const rules::RuleSet& rules, const LeaderEntry& e, const std::string& what, Despicable despicable,
                         bool may_roll = false) {
    army::Leader l;
    if (e.grade.empty()) {
        if (!e.name.empty() && (!may_roll || rules.generation.division_leader.empty()))
            throw UsageError(what + " " + e.name + " needs a grade (--grade " + grade_ids(rules) + ")" +
                             (may_roll ? ": rule set " + rules.id + " has no leader table to roll it" : ""));
        return l;
    }
    const auto& grade = rules::typed_word(rules, rules.grades, e.grade, "leader grade");
    l.name = checked_leader_name(e.name);
    l.grade = l.rolled_grade = grade.id;
    if (const auto& as = grade.by_the_book_as; despicable == Despicable::book && !as.empty()) l.grade = as;
    return l;
}

// A hand-entered brigade checked against the rule set: rating, strength, cap, label.
army::Brigade brigade_from(const rules::RuleSet& r, const BrigadeEntry& e, Despicable despicable) {
    army::Brigade b;
    b.name = e.name;
    const auto* rating = &rules::typed_word(r, r.ratings, e.rating, "rating");
    b.rating = rating->id;
    b.stands = e.stands;
    b.start_stands = e.start.value_or(e.stands);
    if (b.start_stands < 1 || b.start_stands > 99)
        throw UsageError((e.start ? "start strength (--start) " : "stands (--stands, the start strength where --start is not given) ") +
                         std::to_string(b.start_stands) + " is out of range: expected 1 to 99 stands");
    if (rating->max_stands && b.start_stands > *rating->max_stands)
        throw UsageError(a_or_an(rating->name) + " " + r.brigade_noun() + " has at most " + count_of(*rating->max_stands, "stand", "stands") + " in rule set " +
                         r.id + "; " + std::to_string(b.start_stands) + " is over the cap");
    if (b.stands < 0 || b.stands > b.start_stands)
        throw UsageError("strength " + std::to_string(b.stands) + " is out of range: expected 0 to the start strength " +
                         std::to_string(b.start_stands));
    if (!e.label.empty()) {
        try {
            b.label = rules::parse_label(e.label);
        } catch (const Error& err) {
            throw UsageError(err.what());
        }
        if (b.label.stands != b.start_stands)
            throw UsageError("label " + e.label + " is for " + std::to_string(b.label.stands) + " stands, but the " + r.brigade_noun() + " starts with " +
                             std::to_string(b.start_stands));
    } else if (const auto* l = r.effectiveness.find(rating->id, b.start_stands)) {
        b.label = *l;
    } else {
        throw UsageError("rule set " + r.id + " has no effectiveness label for " + a_or_an(rating->name) + " " + r.brigade_noun() + " of " +
                         count_of(b.start_stands, "stand", "stands") + ": give --label start/worn/spent");
    }
    b.commander = leader_from(r, e.commander, r.brigade_noun() + " commander", despicable);
    if (!e.alternate.name.empty() || !e.alternate.grade.empty()) {
        if (r.generation.alternate.empty())
            throw UsageError("rule set " + r.id + " gives no " + r.brigade_noun() + " an Alternate commander: leave out --alternate and --alternate-grade");
        if (e.alternate.grade.empty())
            throw UsageError(r.brigade_noun() + " alternate commander " + e.alternate.name + " needs a grade (--alternate-grade " + grade_ids(r) + ")");
        b.alternate = leader_from(r, e.alternate, r.brigade_noun() + " alternate commander", despicable);
    }
    return b;
}

// An army or corps commander named without a grade: rolled on the rule set's leader table for
// his side and the campaign's year, the rolls journaled with the operation.
army::Leader rolled_commander(Session& session, db::Store& store, const campaign::CampaignInfo& c, std::int64_t operation,
                              const std::string& side, const std::string& unit, const LeaderEntry& e, const std::string& what) {
    const auto& r = session.rules();
    const auto name = checked_leader_name(e.name);  // before his name names the dice
    // Counted for the unit and the name: not for the name alone, which a leader of a unit the
    // enemy never reads may have borne before (renamed since), moving what this one rolls.
    OperationDice dice(session.state(), c, operation, Audience::side(side), what + "|" + unit + "|" + name, "name", {});
    if (dice.typed())
        throw UsageError(what + " " + e.name + " needs a grade (--grade " + grade_ids(r) + "): this campaign's dice are typed in, so muster does "
                         "not roll it here");
    generate::Request req;
    req.side = side;
    req.year = c.year();
    if (!req.year && rules::keys_of(r, {r.generation.division_leader}).count(rules::Field::year))
        throw UsageError(what + " " + e.name + " has no grade, and the leader table that would roll it needs the year: give --grade, "
                         "or set the campaign's date (muster campaign set --date YYYY-MM-DD)");
    req.despicable_by_the_book = c.despicable == Despicable::book;
    std::vector<dice::RollRecord> rolls;
    auto leader = generate::roll_leader(r, req, dice.source(), rolls, what + " " + e.name);
    dice.record(store, operation, rolls, Mode::apply);
    leader.name = name;
    return leader;
}

// A leader's name given by hand names him alone, as a rename to it is refused (every later
// reference to it would name two leaders): no other leader's, no brigade's, and no army's,
// corps' or division's but `own`, the new unit he commands.
void require_new_leader_name(const db::Store& store, const campaign::CampaignInfo& c, const rules::RuleSet& r, std::string_view name, std::string_view own = {}) {
    if (name.empty()) return;
    if (const auto taken = db::Leaders(store).leader_named(c.id, name))
        throw Error("a leader named \"" + *taken + "\" already exists: give this one another name");
    const auto refused = [&](const std::string& unit) {
        throw Error("\"" + std::string(name) + "\" is the name of " + unit + ", which he would not command: a reference to \"" + std::string(name) +
                    "\" would name two leaders; give him another name");
    };
    if (const auto brigade = db::Forces(store).brigade_called(c.id, name)) refused(r.brigade_noun() + " " + *brigade);
    if (same_ignoring_case(name, own)) return;
    for (const auto kind : {UnitKind::army, UnitKind::corps, UnitKind::division})
        if (const auto unit = db::Forces(store).unit_named_ignoring_case(c.id, kind, std::string(name)))
            refused(r.noun_of(kind) + " " + *unit);
}

// A new unit's name is no leader's but its own commander's (`its_leader`), as a rename is refused.
void require_unit_name_free(const db::Store& store, std::int64_t campaign, const std::string& name, std::string_view its_leader) {
    if (same_ignoring_case(name, its_leader)) return;
    if (const auto taken = db::Leaders(store).leader_named(campaign, name))
        throw Error("\"" + name + "\" is the name of leader " + *taken + ", who would not command it: a reference to \"" + name +
                    "\" would name two leaders; give it another name");
}

// A nationality of the rule set as typed: its id (any case, a unique beginning) or its name as
// rules show prints it ("Russians"); empty: none. Refused where the rule set has none.
std::string nationality_id(const rules::RuleSet& r, const std::string& typed) {
    if (r.nationalities.empty()) throw UsageError("rule set " + r.id + " has no nationalities");
    if (typed.empty()) return {};
    std::vector<std::string> ids;
    for (const auto& n : r.nationalities) ids.push_back(n.id);
    auto i = match_one(typed, ids, "nationality");
    for (size_t k = 0; i < 0 && k < r.nationalities.size(); ++k)
        if (same_ignoring_case(r.nationalities[k].name, trim(typed))) i = static_cast<long>(k);
    if (i < 0) throw UsageError("nationality \"" + visible(typed) + "\" is not one of rule set " + r.id + "'s: expected " + join(ids, ", ") + did_you_mean(typed, ids));
    return ids[static_cast<size_t>(i)];
}

// Whether an order of battle to import is a spreadsheet: a .csv file is and a .json file is
// not; any other (standard input, "-", or a .txt) by what it holds: JSON opens with "{" (after
// a byte-order mark and white space), a spreadsheet with its header row.
bool named(std::string_view file, std::string_view ext) {
    return file.size() > ext.size() && same_ignoring_case(file.substr(file.size() - ext.size()), ext);
}
bool spreadsheet(const std::string& file, std::string_view text) {
    if (named(file, ".csv")) return true;
    if (named(file, ".json")) return false;
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    const auto first = text.find_first_not_of(" \t\r\n");
    return first != std::string_view::npos && text[first] != '{';
}

// ", commander Meade (rolled Average)" for the journal, or "(Average)" where the grade was given.
std::string commander_text(const rules::RuleSet& r, const LeaderEntry& e, const army::Leader& l) {
    if (!l.present()) return "";
    const auto* grade = r.find_grade(l.grade);
    return ", commander " + l.name + " (" + (e.grade.empty() ? "rolled " : "") + (grade ? grade->name : l.grade.str()) + ")";
}

}  // namespace

OobRequest checked(const rules::RuleSet& r, const OobRequest& request) {
    OobRequest out;
    if (request.side) out.side = side_id(r, *request.side);
    out.viewer = request.viewer.is_umpire() ? request.viewer : View::of_side(side_id(r, request.viewer.side()));
    return out;
}

army::OrderOfBattle view_of(const rules::RuleSet& r, const army::OrderOfBattle& all, const OobRequest& request) {
    const auto c = checked(r, request);
    return army::view_of(all, c.side, c.viewer);
}

std::string Forces::add_army(const std::string& typed_side, const std::string& given_name, const LeaderEntry& commander) {
    const auto name = require_unit_name("army", given_name);
    const auto c = m_session.current();
    const auto& r = m_session.rules();
    const auto side = side_id(r, typed_side);
    auto leader = leader_from(r, commander, "army commander", c.despicable, true);
    auto& store = m_session.state().store;
    std::string summary;
    store.run_operation(c.id, OperationKind::add, [&](std::int64_t op) {
        require_unit_name_unused(store, c.id, m_session.rules(), name);
        store.set_audience(op, Audience::side(side));
        if (!leader.present() && !commander.name.empty()) leader = rolled_commander(m_session, store, c, op, side, name, commander, "army commander");
        std::optional<std::int64_t> lid;
        require_new_leader_name(store, c, r, leader.name, name);
        require_unit_name_free(store, c.id, name, leader.name);
        if (leader.present()) lid = db::Leaders(store).insert_leader(c.id, side, Rank::army, leader);
        db::Forces(store).insert_army(c.id, side, name, lid);
        return summary = "Added army " + name + " (" + r.side_name(side) + ")" + commander_text(r, commander, leader);
    });
    return summary;
}

std::string Forces::add_corps(const std::string& army, const std::string& given_name, const LeaderEntry& commander) {
    const auto name = require_unit_name("corps", given_name);
    const auto c = m_session.current();
    auto leader = leader_from(m_session.rules(), commander, "corps commander", c.despicable, true);
    auto& store = m_session.state().store;
    std::string summary;
    store.run_operation(c.id, OperationKind::add, [&](std::int64_t op) {
        const auto a = army_named(store, c, army);
        require_unit_name_unused(store, c.id, m_session.rules(), name);
        store.set_audience(op, Audience::side(a.side));
        if (!leader.present() && !commander.name.empty())
            leader = rolled_commander(m_session, store, c, op, a.side, name, commander, "corps commander");
        std::optional<std::int64_t> lid;
        require_new_leader_name(store, c, m_session.rules(), leader.name, name);
        require_unit_name_free(store, c.id, name, leader.name);
        if (leader.present()) lid = db::Leaders(store).insert_leader(c.id, a.side, Rank::corps, leader);
        db::Forces(store).insert_corps(c.id, a.id, name, lid);
        return summary = "Added corps " + name + " to " + a.name + commander_text(m_session.rules(), commander, leader);
    });
    return summary;
}

std::string Forces::add_division(const std::string& corps, const std::string& given_name, const std::string& arm, const std::string& given_leader,
                                 const std::string& nationality) {
    const auto& r = m_session.rules();
    const auto name = require_unit_name(r.division_noun(), given_name);
    const auto leader = checked_leader_name(given_leader);
    const auto nation = nationality.empty() ? std::string() : nationality_id(r, nationality);
    const auto c = m_session.current();
    const std::string a = arm.empty() ? r.arms.front().id : arm_named(r, arm);
    auto& store = m_session.state().store;
    std::string summary;
    store.run_operation(c.id, OperationKind::add, [&](std::int64_t op) {
        const auto k = corps_named(store, c, corps);
        require_unit_name_unused(store, c.id, m_session.rules(), name);
        store.set_audience(op, Audience::side(k.side));
        require_new_leader_name(store, c, r, leader, name);
        require_unit_name_free(store, c.id, name, leader);
        const auto id = db::Forces(store).insert_division(c.id, k.id, name, a, leader);
        if (!nation.empty()) db::Forces(store).set_nationality(id, nation);
        return summary = "Added " + r.division_noun() + " " + name + " (placeholder, " + rules::name_or_id(r.find_arm(a), a) +
                         (nation.empty() ? "" : ", " + r.find_nationality(nation)->name) + (leader.empty() ? "" : ", commanded by " + leader) + ") to " + k.name;
    });
    // Said, not journalled: where its leaders' names will come from.
    if (!r.nationalities.empty() && c.leader_names && nation.empty())
        summary += "\nIt has no nationality: its leaders' names are drawn from every list of its side (muster division nationality " +
                   shell_word(name) + " NATIONALITY, or --nationality when it is added, gives it one)";
    return summary;
}

std::string Forces::add_brigade(const BrigadeEntry& given) {
    BrigadeEntry e = given;
    const auto& r = m_session.rules();
    e.name = require_unit_name(r.brigade_noun(), given.name);
    const auto c = m_session.current();
    army::Brigade b = brigade_from(r, e, c.despicable);
    auto& store = m_session.state().store;
    std::string summary, division;
    store.run_operation(c.id, OperationKind::add, [&](std::int64_t op) {
        const auto d = division_named(store, c, e.division);
        division = d.name;
        store.set_audience(op, Audience::side(d.side));
        if (d.status == DivisionStatus::arrived)
            throw Error(m_session.rules().division_noun() + " " + d.name + " was generated on arrival; add hand-entered " + m_session.rules().brigade_noun() + "s to a placeholder or one entered by hand");
        b.arm = e.arm.empty() ? d.arm : arm_named(r, e.arm);
        if (const auto taken = db::Forces(store).brigade_named(d.id, b.name))
            throw Error(m_session.rules().division_noun() + " " + d.name + " already has a " + m_session.rules().brigade_noun() + " named \"" + *taken + "\"");
        require_new_leader_name(store, c, r, b.commander.name);
        require_unit_name_free(store, c.id, b.name, b.commander.name);
        const auto& alternate = b.alternate.value_or_default();
        require_new_leader_name(store, c, r, alternate.name);
        if (!b.commander.name.empty() && same_ignoring_case(b.commander.name, alternate.name))
            throw Error("the commander and the alternate are both named \"" + b.commander.name + "\": give each his own name");
        db::Forces(store).insert_brigade(c.id, op, d.id, d.side, b);
        if (d.status == DivisionStatus::placeholder) db::Forces(store).set_division_status(d.id, DivisionStatus::entered);
        return summary = "Added " + r.brigade_noun() + " " + b.name + " (" + std::to_string(b.stands) + " stands, " + b.label.text() + ", " + rules::name_or_id(r.find_rating(b.rating), b.rating) +
               ") to " + d.name +
               (d.status == DivisionStatus::placeholder && !d.leader_name.empty() && !d.commanded
                    ? "; the " + r.division_noun() + "'s commander " + d.leader_name + ", named when it was added, is given his grade with muster leader replace " +
                          shell_word(d.name) + " --name " + shell_word(d.leader_name) + " (rolled; --grade GRADE gives it where it is known)"
                    : "");
    });
    // Said, not journalled: a label given that the rule set's table gives otherwise (a slip,
    // or the historical unit's own), and a unit led by no one, which plays as one whose
    // commander is lost.
    if (const auto* table = r.effectiveness.find(b.rating, b.start_stands); table && table->text() != b.label.text())
        summary += "\nIts label " + b.label.text() + " is as given: rule set " + r.id + " labels " + a_or_an(rules::name_or_id(r.find_rating(b.rating), b.rating)) + " " +
                   r.brigade_noun() + " of " + count_of(b.start_stands, "stand", "stands") + " " + table->text() + " (muster brigade relabel " +
                   shell_word(division + "/" + b.name) + " --stands " + std::to_string(b.start_stands) + " gives it that one)";
    if (b.commander.grade.empty())
        summary += "\nIt has no commander, and plays as one whose commander is lost until it has one (muster leader replace " +
                   shell_word(division + "/" + b.name) + " rolls one; --name NAME names him, --grade GRADE gives his grade where it is known)";
    return summary;
}

std::string Forces::add_battery(const BatteryEntry& given) {
    BatteryEntry e = given;
    e.name = require_name("battery", given.name);
    const int owners = !e.division.empty() + !e.corps.empty() + !e.army.empty();
    if (owners != 1) throw UsageError("a battery goes to exactly one of a division, a corps' reserve or an army's reserve");
    const auto c = m_session.current();
    auto& store = m_session.state().store;
    std::string summary;
    store.run_operation(c.id, OperationKind::add, [&](std::int64_t op) {
        army::Battery bat;
        bat.name = e.name;
        db::ReserveTarget reserve;
        std::int64_t division = 0;
        std::string owner;
        if (!e.division.empty()) {
            const auto d = division_named(store, c, e.division);
            division = d.id;
            owner = d.name;
            store.set_audience(op, Audience::side(d.side));
        } else if (!e.corps.empty()) {
            const auto k = corps_named(store, c, e.corps);
            reserve.corps_id = k.id;
            owner = "the " + m_session.rules().reserve_name(k.side, ReserveLevel::corps) + " of " + k.name;
            store.set_audience(op, Audience::side(k.side));
        } else {
            const auto a = army_named(store, c, e.army);
            reserve.army_id = a.id;
            owner = "the " + m_session.rules().reserve_name(a.side, ReserveLevel::army) + " of " + a.name;
            store.set_audience(op, Audience::side(a.side));
        }
        if (const auto taken = db::Forces(store).battery_named(division, reserve, bat.name))
            throw Error(owner + " already has a battery named \"" + *taken + "\"");
        db::Forces(store).insert_battery(c.id, reserve, division, bat);
        return summary = "Added battery " + e.name + " to " + owner;
    });
    return summary;
}

Outcome Forces::rename(NamedKind kind, const std::string& ref, const std::string& given_name) {
    const auto new_name = kind == NamedKind::leader    ? checked_leader_name(given_name)
                          : kind == NamedKind::battery ? require_name(word(kind), given_name)
                                                       : require_unit_name(word(kind), given_name);
    if (new_name.empty()) throw UsageError("leader name is empty: a rename gives a name");
    auto& store = m_session.state().store;
    return named_operation(m_session, OperationKind::rename, [&](std::int64_t op, const Refs& refs, Outcome& out) {
        std::int64_t id = 0;
        std::string side, old;  // whose it is, and its name as the campaign spelled it
        // The enemy reads a division it has read (by name as a placeholder, whole, or in a battle)
        // by what it read, hidden again or not, as its battles there show it: a new name in it
        // would tell it of what it may not see (its side's own rename, unread by it, would still show).
        const auto unread_while_hidden = [&](std::int64_t division, const std::string& name) {
            if (db::Forces(store).read_while_hidden(division))
                throw Error(m_session.rules().noun_of(kind) + " " + (kind == NamedKind::division ? name : visible(ref)) + (kind == NamedKind::division ? " is" : " is of " + name + ",") +
                            " hidden from the enemy, which has read it (its name, or it whole, or in a battle): a new name would show it a change it may "
                            "not see; reveal the " + m_session.rules().division_noun() + " first (muster reveal), or keep the name");
        };
        // A leader is found by his name or by the unit he commands: no rename may let one
        // reference name two leaders.
        const auto unit = [&](UnitKind unit_kind) {
            const auto* u = &refs.unit_named(unit_kind, ref);
            if (u->name == new_name) throw Error(m_session.rules().noun_of(kind) + " " + u->name + " is already named so: nothing to rename");
            if (unit_kind == UnitKind::division) unread_while_hidden(u->id, u->name);
            // A corps or army read through such divisions alone: its name is what the enemy read there too.
            if ((unit_kind == UnitKind::corps || unit_kind == UnitKind::army) && db::Forces(store).read_while_hidden_only(unit_kind, u->id))
                throw Error(m_session.rules().noun_of(kind) + " " + u->name + " is read by the enemy only through what it read of it before (" +
                            m_session.rules().division_noun() + "s of it hidden from it now, or a battery of its reserve it took): a new name would show it a "
                            "change it may not see; reveal one of its " + m_session.rules().division_noun() + "s first (muster reveal), or keep the name");
            for (const auto& other : refs.units())
                if ((other.kind != unit_kind || other.id != u->id) && same_ignoring_case(other.name, new_name))
                    throw Error((other.kind == UnitKind::army ? "an " : "a ") + m_session.rules().noun_of(other.kind) +
                                " named \"" + other.name + "\" already exists" + names_shared(m_session.rules()));
            for (const auto& l : refs.leaders())
                if (same_ignoring_case(l.name, new_name) && !(l.command.kind == unit_kind && l.command.unit_id == u->id))
                    throw Error("\"" + new_name + "\" is the name of leader " + l.label() +
                                ", who does not command it: a reference to \"" + new_name + "\" would name two leaders");
            side = u->side;
            old = u->name;
            return u->id;
        };
        switch (kind) {
            case NamedKind::army: id = unit(UnitKind::army); break;
            case NamedKind::corps: id = unit(UnitKind::corps); break;
            case NamedKind::division: id = unit(UnitKind::division); break;
            case NamedKind::brigade: {
                const auto& b = refs.brigade(ref);
                if (b.name == new_name) throw Error(m_session.rules().brigade_noun() + " " + b.ref() + " is already named so: nothing to rename");
                unread_while_hidden(b.division_id, b.division);
                for (const auto& other : refs.brigades())
                    if (other.division_id == b.division_id && other.id != b.id && same_ignoring_case(other.name, new_name))
                        throw Error(m_session.rules().division_noun() + " " + b.division + " already has a " + m_session.rules().brigade_noun() + " named \"" + other.name + "\"");
                for (const auto& l : refs.leaders())
                    if (same_ignoring_case(l.name, new_name) && l.id != b.commander_id)
                        throw Error("\"" + new_name + "\" is the name of leader " + l.label() + ", who does not command it: a reference to \"" + new_name +
                                    "\" would name two leaders");
                id = b.id;
                side = b.side;
                old = b.ref();
                break;
            }
            case NamedKind::battery: {
                const auto& b = refs.battery(ref);
                if (b.name == new_name) throw Error("battery " + b.ref() + " is already named so: nothing to rename");
                if (b.division_id) unread_while_hidden(*b.division_id, b.owner);
                for (const auto& other : refs.batteries())
                    if (other.owner == b.owner && other.side == b.side && other.id != b.id && same_ignoring_case(other.name, new_name))
                        throw Error(b.owner + " already has a battery named \"" + other.name + "\"");
                id = b.id;
                side = b.side;
                old = b.ref();
                break;
            }
            case NamedKind::leader: {
                id = refs.leader(ref).id;
                side = refs.leader(ref).side;
                old = refs.leader(ref).label();
                refs.require_free_leader_name(new_name, id);
                break;
            }
        }
        db::Forces(store).rename(kind, id, new_name);
        // A rename is read by the side it belongs to: the other side learns a name only by a reveal.
        store.set_audience(op, Audience::side(side));
        const auto& r = m_session.rules();
        out.summary = "Renamed " + r.noun_of(kind) +
                      " " + old + " to " + new_name;
    });
}

Outcome Forces::relabel_brigade(const std::string& ref, int stands) {
    auto& store = m_session.state().store;
    const auto& r = m_session.rules();
    return named_operation(m_session, OperationKind::edit, [&](std::int64_t op, const Refs& refs, Outcome& out) {
        const auto& b = refs.brigade(ref);
        store.set_audience(op, Audience::side(b.side));
        if (stands < b.stands)
            throw UsageError("a start strength of " + count_of(stands, "stand", "stands") + " is below the " + std::to_string(b.stands) +
                             " " + b.ref() + " has: expected " + std::to_string(b.stands) + " or more");
        const auto* label = r.effectiveness.find(b.rating, stands);
        const auto* rating = r.find_rating(b.rating);
        if (!label)
            throw UsageError("rule set " + r.id + " has no label for " + a_or_an(rating ? rating->name : b.rating.str()) + " " + r.brigade_noun() +
                             " of " + count_of(stands, "stand", "stands") + ": expected a strength its effectiveness table lists");
        const rules::EffectivenessLabel was = b.label;
        // Nothing to change is refused, not journalled: undo would pass over it to the operation before.
        if (was.text() == label->text() && b.start_stands == stands)
            throw UsageError(r.brigade_noun() + " " + b.ref() + " starts at " + count_of(stands, "stand", "stands") + ", labelled " + was.text() +
                             " already: expected another start strength");
        db::Forces(store).relabel_brigade(b.id, *label, db::LabelledBy::as_given);
        out.summary = "Relabelled " + b.ref() + ": " + was.text() + " -> " + label->text() + " (" + std::to_string(b.stands) + "/" +
                      std::to_string(label->stands) + " stands)";
    });
}

Outcome Forces::set_nationality(const std::string& division, const std::string& nationality) {
    auto& store = m_session.state().store;
    const auto& r = m_session.rules();
    const auto id = nationality_id(r, nationality);
    const auto c = m_session.current();
    Outcome out;
    out.operation = store.run_operation(c.id, OperationKind::edit, [&](std::int64_t op) {
        const auto d = division_named(store, c, division);
        store.set_audience(op, Audience::side(d.side));
        db::Forces(store).set_nationality(d.id, id);
        out.summary = "Nationality of " + d.name + ": " + (id.empty() ? "none" : r.find_nationality(id)->name);
        return out.summary;
    });
    return out;
}

Outcome Forces::set_fog(const std::string& division, Fog fog) {
    const bool hidden = fog == Fog::hidden;
    const auto c = m_session.current();
    auto& store = m_session.state().store;
    Outcome out;
    out.operation = store.run_operation(c.id, hidden ? OperationKind::hide : OperationKind::reveal, [&](std::int64_t op) {
        const auto d = division_named(store, c, division);
        store.set_audience(op, hidden ? Audience::side(d.side) : Audience::everyone());
        if (d.hidden == hidden)
            throw Error(m_session.rules().division_noun() + " " + d.name + (hidden ? " is hidden from the other side already" : " is seen by the other side already") +
                        ": nothing to do");
        db::Forces(store).set_fog(d.id, fog);
        out.summary = (hidden ? "Hid " : "Revealed ") + d.name + (hidden ? " from the other side" : " to the other side");
        return out.summary;
    });
    return out;
}

std::string Forces::import_oob(const std::string& file, const std::map<std::string, std::string>& columns) {
    const auto c = m_session.current();
    const auto text = json::read_file(file, k_max_oob_bytes);
    const bool csv = spreadsheet(file, text);
    if (csv && text.size() > k_max_sheet_bytes)
        throw Error("\"" + visible(file) + "\" is a spreadsheet of " + std::to_string(text.size()) + " bytes; muster reads one of at most " +
                         std::to_string(k_max_sheet_bytes) + " (its own of 33,000 divisions is 52 MB): split it, or import muster's JSON");
    if (!csv && !columns.empty())
        throw UsageError("--columns maps a spreadsheet's headers: \"" + visible(file) + "\" is read as muster-oob JSON (" +
                         (named(file, ".json") ? "its name ends .json" : "it opens with \"{\"") + "), not as a spreadsheet");
    const army::OrderOfBattle oob = csv ? read_oob_csv(text, file, m_session.rules(), columns) : read_oob(text, file, m_session.rules());
    // Nothing to import is said as such, not journalled as an import of nothing.
    if (oob.armies.empty()) throw UsageError("\"" + visible(file) + "\" holds no army: nothing to import");
    auto& store = m_session.state().store;
    std::string summary;
    store.run_operation(c.id, OperationKind::import, [&](std::int64_t op) {
        summary = store_imported_oob(store, c.id, op, oob, m_session.rules());
        // Each side reads what came of its own (its journal, its turn report's arrivals), not the
        // enemy's nor the file it came from.
        const auto& r = m_session.rules();
        std::set<std::string> sides;
        for (const auto& a : oob.armies) sides.insert(a.side);
        store.set_audience(op, Audience::sides(sides));
        for (const auto& side : sides)
            store.set_side_summary(op, side, "Imported " + forces_count(oob, r, side) + " for " + r.the_side(side));
        return "Imported " + file + ": " + summary;
    });
    // An attachment is an act of the campaign (leader attach), not a fact of the forces: said, not made again.
    int attached = 0;
    for (const auto& a : oob.armies)
        for (const auto& k : a.corps) attached += k.commander.company && k.commander.company->text.starts_with("attached to ") ? 1 : 0;
    if (attached > 0)
        summary += "\nThe file has " + std::to_string(attached) + " corps leader" + (attached == 1 ? "" : "s") +
                   " attached to a division leader; attachments are not imported: attach again with muster leader attach CORPS_LEADER DIVISION_LEADER";
    return summary;
}

army::OrderOfBattle Forces::order_of_battle(const OobRequest& request) const {
    const auto& r = m_session.rules();
    return view_of(r, db::Rosters(m_session.state().store).order_of_battle(m_session.current().id), request);
}

void Forces::walk_oob(const OobRequest& request, army::OobVisitor& v, const std::optional<std::vector<std::int64_t>>& only) const {
    const auto c = checked(m_session.rules(), request);
    army::OobFilter filter(v, c.side, c.viewer, only);
    db::Rosters(m_session.state().store).walk_oob(m_session.current().id, filter);
}

std::vector<army::BrigadeRecord> Forces::brigades() const { return db::Forces(m_session.state().store).brigades(m_session.current().id); }

}  // namespace muster::app
