#include "app/refs.hpp"

#include "core/error.hpp"
#include "db/forces.hpp"
#include "db/roster.hpp"
#include "core/match.hpp"
#include "core/names.hpp"
#include "core/text.hpp"

#include <algorithm>
#include <functional>
#include <unordered_set>

namespace muster::app {
namespace {

const std::string& owner_of(const army::BrigadeRecord& b) { return b.division; }
const std::string& owner_of(const army::Battery& b) { return b.owner; }

// What a person typed, found among `keys` (each naming items[owner[k]]): exactly, ignoring
// case, or by a beginning, the first rule that finds any; several items: UsageError.
template <class Items, class T = typename Items::value_type>
const T* found(const Items& items, const std::vector<std::string>& keys, const std::vector<size_t>& owner,
               const std::string& typed, const std::string& what, const std::string& form,
               const std::function<std::string(const T&)>& shown) {
    std::vector<size_t> hits;
    for (const auto k : matching_names(typed, keys))
        if (std::find(hits.begin(), hits.end(), owner[k]) == hits.end()) hits.push_back(owner[k]);
    if (hits.empty()) return nullptr;
    if (hits.size() == 1) return &items[hits.front()];
    std::vector<std::string> candidates;
    for (size_t i = 0; i < hits.size() && i < 6; ++i) candidates.push_back(visible(shown(items[hits[i]])));
    throw UsageError(what + " \"" + visible(typed) + "\" could be any of " + std::to_string(hits.size()) + " (" + join(candidates, ", ") +
                     (hits.size() > candidates.size() ? ", ..." : "") + "): give " + form);
}

// Whether `ref` is "Owner/Name" exactly, without building the string.
bool is_ref(std::string_view ref, std::string_view owner, std::string_view name) {
    return ref.size() == owner.size() + 1 + name.size() && ref.substr(0, owner.size()) == owner && ref[owner.size()] == '/' &&
           ref.substr(owner.size() + 1) == name;
}

// The one item `exact` finds, else nullptr (none, or several: the full search says which).
// The full search's first rule is the exact one, so where this finds one item it finds the
// same: a reference typed in full costs a scan, not a string built for every item.
template <class Items, class Exact, class T = typename Items::value_type>
const T* exactly_one(const Items& items, Exact&& exact) {
    const T* hit = nullptr;
    for (const auto& x : items)
        if (exact(x)) {
            if (hit) return nullptr;
            hit = &x;
        }
    return hit;
}

// An item by its full reference ("Heth/1st Brigade") or, failing that, by its own name.
// (`owners_noun`: what owns them, as a refusal names it: "division", "division, corps or army".)
template <class Items, class Ref, class T = typename Items::value_type>
const T& find_one(const Items& items, const std::string& ref, Ref&& full_ref, const std::string& what,
                  const std::string& form, const std::string& owners_noun) {
    if (const auto* x = exactly_one(items, [&](const T& item) { return is_ref(ref, owner_of(item), item.name); })) return *x;
    std::vector<std::string> refs, names;
    std::vector<size_t> owner;
    for (size_t i = 0; i < items.size(); ++i) {
        refs.push_back(full_ref(items[i]));
        names.push_back(items[i].name);
        owner.push_back(i);
    }
    const std::function<std::string(const T&)> shown = full_ref;
    if (const auto* x = found(items, refs, owner, ref, what, form, shown)) return *x;
    if (const auto* x = found(items, names, owner, ref, what, form, shown)) return *x;
    // None (the references were found part by part too: "heth/1st" for "Heth's Division/1st
    // Brigade"): the nearest among the owner's items where the owner is found, else among all.
    std::string typed = ref, owners_name;  // for a refusal's nearest: with the owner found, his name in full
    std::vector<std::string> near;  // ...among the owner's items, else every reference
    if (const auto slash = ref.find('/'); slash != std::string::npos) {
        std::vector<std::string> owners;  // each once, in the order first met (a set: a miss costs the items, not items x owners)
        std::unordered_set<std::string_view> met;
        for (const auto& item : items)
            if (met.insert(owner_of(item)).second) owners.push_back(owner_of(item));
        const auto typed_owner = ref.substr(0, slash);
        const auto hits = matching_names(typed_owner, owners);
        if (hits.size() > 1) match_one(typed_owner, owners, owners_noun);  // refused, naming them
        if (hits.empty())  // the owner mistyped ("Pendr/2nd"): the nearest owners
            if (const auto near_owner = did_you_mean(typed_owner, owners); !near_owner.empty())
                throw NotFoundError("no " + what + " \"" + visible(ref) + "\" in this campaign (give " + form + "): no " + owners_noun + " \"" +
                                    visible(typed_owner) + "\"" + near_owner);
        if (hits.size() == 1) {
            for (size_t i = 0; i < items.size(); ++i)
                if (owner_of(items[i]) == owners[hits.front()]) near.push_back(refs[i]);
            owners_name = owners[hits.front()];
            typed = owners_name + ref.substr(slash);
        }
    }
    auto nearest = did_you_mean(typed, near.empty() ? refs : near);
    if (nearest.empty() && !near.empty())  // none near: the owner's, that he may pick
        nearest = ": " + visible(owners_name) + " has " + join(std::vector(near.begin(), near.begin() + static_cast<long>(std::min<size_t>(near.size(), 6))), ", ") +
                  (near.size() > 6 ? ", ..." : "");
    throw NotFoundError("no " + what + " \"" + visible(ref) + "\" in this campaign (give " + form + ")" + nearest);
}

// A camp, battle or unit by its name, with the nearest names when there is none.
template <class T>
const T& by_name(const std::vector<T>& items, const std::string& typed, const std::string& what, const std::string& none) {
    std::vector<std::string> names;
    std::vector<size_t> owner;
    for (size_t i = 0; i < items.size(); ++i) {
        names.push_back(items[i].name);
        owner.push_back(i);
    }
    const std::function<std::string(const T&)> shown = [](const T& x) { return x.name; };
    if (const auto* x = found(items, names, owner, typed, what, "more of the name", shown)) return *x;
    const auto near = did_you_mean(typed, names);
    throw NotFoundError("no " + what + " named \"" + visible(typed) + "\" in this campaign" + (near.empty() ? none : near));
}

// By id: the roster's lists come in id order, so a binary search finds it; a list out of order
// (never read so) is searched whole before an item is said to be missing.
template <class Items, class T = typename Items::value_type>
const T* by_id(const Items& items, std::int64_t id) {
    size_t low = 0, high = items.size();
    while (low < high) {
        const size_t mid = low + (high - low) / 2;
        if (items[mid].id < id) low = mid + 1;
        else high = mid;
    }
    if (low < items.size() && items[low].id == id) return &items[low];
    for (const auto& x : items)
        if (x.id == id) return &x;
    return nullptr;
}

}  // namespace

const army::BrigadeRecord& Refs::brigade(const std::string& ref) const {
    return find_one(m.brigades, ref, [](const army::BrigadeRecord& b) { return b.ref(); }, m_brigade, m_form + ", as the order of battle names it",
                    m_division);
}

// A unit `ref` names (`whole`, named so exactly; else found as units are: any case, a unique
// beginning), which has no commander to find: refused saying so. Nothing, where it names none.
void Refs::refuse_commanderless(const army::Unit* whole, const std::string& ref) const {
    const army::Unit* unit = whole;
    const army::BrigadeRecord* brigade = nullptr;
    for (const auto kind : {UnitKind::division, UnitKind::corps, UnitKind::army})
        if (!unit && ref.find('/') == std::string::npos) try {
                unit = &unit_named(kind, ref);
            } catch (const Error&) {
            }
    if (!unit && ref.find('/') != std::string::npos) try {
            brigade = &this->brigade(ref);  // "Krafft/Colberg" for its regiment
        } catch (const Error&) {
        }
    if (unit && unit->status == DivisionStatus::placeholder)
        throw NotFoundError(m_division + " " + unit->name + " has no commander yet: a placeholder's is rolled when it arrives");
    if (unit || brigade)
        throw NotFoundError((unit ? noun(unit->kind) + " " + unit->name : m_brigade + " " + brigade->ref()) +
                            " has no commander (muster leader replace " + shell_word(visible(ref)) + " rolls one)");
}

const army::Leader& Refs::leader(const std::string& ref) const {
    // Any leader goes by his number, as the umpire's leader list shows it: "#12" or "leader #12".
    const std::string number = ref.rfind("leader #", 0) == 0 ? ref.substr(8) : ref.rfind('#', 0) == 0 ? ref.substr(1) : "";
    if (!number.empty() && number.find_first_not_of("0123456789") == std::string::npos && number.size() < 18) {
        for (const auto& l : m.leaders)
            if (l.id == std::stoll(number)) return l;
        throw NotFoundError("no leader " + visible(ref) + " in this campaign (muster leader list shows every leader's number)");
    }
    // Two leaders of one name are told apart by their numbers.
    const std::function<std::string(const army::Leader&)> shown = [](const army::Leader& l) {
        return l.label() + " (#" + std::to_string(l.id) + ")";
    };
    // A brigade by its short reference ("Webster/4th"), as brigades are found: its commander, not
    // its Alternate, as its whole reference names him.
    const auto main_of = [&](const std::string& brigade_ref) -> const army::Leader* {
        if (brigade_ref.find('/') == std::string::npos) return nullptr;
        try {
            const auto whole = brigade(brigade_ref).ref();
            return exactly_one(m.leaders, [&](const army::Leader& x) { return x.command.unit == whole; });
        } catch (const Error&) {  // none or several: the search says which
            return nullptr;
        }
    };
    // An unnamed leader as the lists and reminders call him, "commander of Heth": the leader in
    // command of that unit, found among the units commanded alone (not Heth himself, wounded,
    // whose name it holds; no leader's name begins so: the name rule keeps it for this).
    // A brigade's post ("Smith/1st Brigade") is found by a reference that reaches it (holds a
    // '/'): "Smith" begins its division's name, not its brigadiers' posts.
    const auto reaches = [](const std::string& typed, const std::string& post) {
        return typed.find('/') != std::string::npos || post.find('/') == std::string::npos;
    };
    // The army, corps or division of exactly this name, if any.
    const auto named_whole = [&](const std::string& name) -> const army::Unit* {
        const auto it = std::find_if(m.units.begin(), m.units.end(), [&](const army::Unit& u) { return u.name == name; });
        return it == m.units.end() ? nullptr : &*it;
    };
    constexpr std::string_view commander_of = "commander of ";
    if (ref.size() > commander_of.size() && same_ignoring_case(std::string_view(ref).substr(0, commander_of.size()), commander_of)) {
        const auto unit = ref.substr(commander_of.size());
        if (const auto* l = main_of(unit)) return *l;
        // A unit named whole is that one, not another its name begins (Smith, not Smithson).
        if (const auto* whole = named_whole(unit)) {
            if (const auto* l = exactly_one(m.leaders, [&](const army::Leader& x) { return x.command.unit == unit; })) return *l;
            refuse_commanderless(whole, unit);
        }
        std::vector<std::string> posts;
        std::vector<size_t> owner;
        for (size_t i = 0; i < m.leaders.size(); ++i)
            if (!m.leaders[i].command.unit.empty() && reaches(unit, m.leaders[i].command.unit)) {
                posts.push_back(m.leaders[i].command.unit);
                owner.push_back(i);
            }
        if (const auto* l = found(m.leaders, posts, owner, unit, "leader", "the unit he commands in full", shown)) return *l;
        refuse_commanderless(nullptr, unit);
    }
    // A leader's own name, given whole, is his: not the unit another commands that bears it
    // (Heth, wounded, is not Elzey who now commands Heth's division).
    const army::Leader* named = nullptr;
    int bearing = 0;
    for (const auto& l : m.leaders)
        if (!l.name.empty() && l.name == ref) {
            named = &l;
            ++bearing;
        }
    if (bearing == 1) {
        // ...unless a unit bears it too, another leader commands it, and he is in play himself (a
        // name drawn for a brigadier that a division elsewhere bears; a division's first commander
        // back from his wounds, his post filled): either may be meant. One out of play (Heth,
        // wounded) is not the other's.
        if (!named->command.unit.empty() || named->status == LeaderStatus::active)
            for (const auto& l : m.leaders)
                if (&l != named && l.command.unit == ref) {
                    // Each as the leader list has him: his number, and his post where his name does not say it.
                    const auto post = [](const army::Leader& x) {
                        return x.name.empty() ? std::string() : x.command.unit.empty() ? ", commanding nothing" : ", commander of " + x.command.unit;
                    };
                    throw UsageError("leader \"" + visible(ref) + "\" could be " + shown(*named) + post(*named) + ", or " + shown(l) + post(l) +
                                     ": give his number as listed, with its #" +
                                     (named->command.unit.empty() ? "" : ", \"" + named->command.unit + "\" for " + named->label()) + ", or \"commander of " +
                                     l.command.unit + "\"" + (l.name.empty() ? "" : " for " + l.label()));
                }
        return *named;
    }
    // Given exactly (the first rule of the search below), one leader is found by a scan.
    if (const auto* l = ref.empty() ? nullptr : exactly_one(m.leaders, [&](const army::Leader& x) {
            return x.command.unit == ref || (!x.name.empty() && x.name == ref) ||
                   (x.name.empty() && x.command.unit.empty() && x.former_post && x.label() == ref);
        }))
        return *l;
    if (const auto* l = main_of(ref)) return *l;
    // A unit's name given whole (its commander none: the exact search above found none) is the
    // unit's, not the beginning of a leader's name ("Smith" for division Smith, not Smith Jones).
    const auto* whole = named_whole(ref);
    // By the unit he commands, his name, or (unnamed, commanding nothing) the post he held:
    // "former commander of Heth". Every one is a suggestion where none is found.
    std::vector<std::string> keys, every;
    std::vector<size_t> owner;
    for (size_t i = 0; i < m.leaders.size(); ++i) {
        const auto& l = m.leaders[i];
        const bool former = l.name.empty() && l.command.unit.empty() && l.former_post;
        const std::pair<std::string, bool> named[] = {{l.command.unit, true}, {l.name, false}, {former ? l.label() : std::string(), true}};
        for (const auto& [key, post] : named) {
            if (key.empty()) continue;
            every.push_back(key);
            if (post && !reaches(ref, key)) continue;  // a brigade's post by its division's name alone
            keys.push_back(key);
            owner.push_back(i);
        }
    }
    if (!whole)
        if (const auto* l = found(m.leaders, keys, owner, ref, "leader", "his number as listed, with its #, the unit he commands, or more of a name only he has", shown))
            return *l;
    refuse_commanderless(whole, ref);
    const auto near = did_you_mean(ref, every);
    throw NotFoundError("no leader \"" + visible(ref) + "\" in this campaign" +
                        (near.empty() ? " (give his name, the unit he commands (" + m_form + ", a " + m_division + ", a corps or an army), "
                                        "or the post he held, as muster leader list shows them, e.g. \"former commander of " + m_form + "\")"
                                      : near));
}

void Refs::require_free_leader_name(const std::string& name, std::int64_t except, std::int64_t handing_over) const {
    for (const auto& l : m.leaders) {
        if (l.id == except) continue;
        // One as people type it (case aside): "pickett" would name Pickett's commander and him.
        if (same_ignoring_case(l.name, name)) throw Error("a leader named \"" + l.name + "\" already exists: give this one another name");
        if (l.id != handing_over && same_ignoring_case(l.command.unit, name))
            throw Error("\"" + name + "\" is what leader " + l.label() + " commands: a reference to it would name two leaders");
    }
    // A brigade is found by its name alone too: one he does not command may not bear his.
    for (const auto& b : m.brigades)
        if (same_ignoring_case(b.name, name) && !(b.commander_id != 0 && (b.commander_id == except || b.commander_id == handing_over)))
            throw Error("\"" + name + "\" is the name of " + m_brigade + " " + b.ref() + ", which he does not command: a reference to it would name two leaders");
}

Refs::Unit Refs::unit(const std::string& ref) const {
    Unit u;
    // A division, corps or army by its name; else a brigade.
    const auto* unit = ref.find('/') == std::string::npos ? exactly_one(m.units, [&](const army::Unit& x) { return x.name == ref; }) : nullptr;
    if (unit) return with_commander({unit->kind, unit->id, unit->side, nullptr, unit->name});
    std::vector<std::string> names;
    std::vector<size_t> owner;
    for (size_t i = 0; i < m.units.size(); ++i) {
        names.push_back(m.units[i].name);
        owner.push_back(i);
    }
    const std::function<std::string(const army::Unit&)> shown = [this](const army::Unit& x) { return noun(x.kind) + " " + x.name; };
    unit = ref.find('/') == std::string::npos ? found(m.units, names, owner, ref, "unit", "more of the name, or " + m_form + " for a " + m_brigade, shown)
                                              : nullptr;
    if (unit) {
        u = {unit->kind, unit->id, unit->side, nullptr, unit->name};
    } else {
        const auto& b = brigade(ref);
        u = {UnitKind::brigade, b.id, b.side, nullptr, b.ref()};
    }
    return with_commander(u);
}

std::string Refs::noun(UnitKind kind) const { return kind == UnitKind::division ? m_division : kind == UnitKind::brigade ? m_brigade : word(kind); }

Refs::Unit Refs::with_commander(Unit u) const {
    for (const auto& l : m.leaders)
        if (l.command.kind == u.kind && l.command.unit_id == u.id) u.commander = &l;
    return u;
}

const army::Unit* Refs::find_unit(UnitKind kind, const std::string& name) const {
    for (const auto& u : m.units)
        if (u.kind == kind && u.name == name) return &u;
    return nullptr;
}

const army::Unit& Refs::unit_named(UnitKind kind, const std::string& name) const {
    std::vector<army::Unit> of_kind;
    for (const auto& u : m.units)
        if (u.kind == kind) of_kind.push_back(u);
    const auto& u = by_name(of_kind, name, noun(kind), "");
    return *find_unit(kind, u.name);
}

const army::Unit& Refs::division(const std::string& name) const { return unit_named(UnitKind::division, name); }

const army::Battery& Refs::battery(const std::string& ref) const {
    return find_one(m.batteries, ref, [](const army::Battery& b) { return b.ref(); }, "battery",
                    "Owner/Battery, as the order of battle names it", m_division + ", corps or army");
}

std::string camp_with_side(const std::string& name, const std::string& side, const rules::RuleSet& rules) { return name + " (" + rules.side_name(side) + ")"; }

std::string Refs::camp_of_side(const campaign::CampInfo& camp) const {
    return m_rules ? camp_with_side(camp.name, camp.side, *m_rules) : camp.name + " (" + camp.side + ")";
}

std::string Refs::camp_ref(const campaign::CampInfo& camp) const {
    const bool shared = std::any_of(m.camps.begin(), m.camps.end(), [&](const auto& c) { return c.id != camp.id && same_ignoring_case(c.name, camp.name); });
    return shared ? camp_of_side(camp) : camp.name;
}

const campaign::CampInfo& Refs::camp(const std::string& name, std::string_view prisoners_of) const {
    // Each camp by its name, then as "Name (Side)"; the captor's camps alone first, where the
    // prisoners' side is known (a camp of their own that the name fits better is no captor's).
    const auto found = [&](bool captors_only) {
        std::vector<std::string> keys;
        std::vector<size_t> owner;
        for (const bool of_side : {false, true})
            for (size_t i = 0; i < m.camps.size(); ++i)
                if (!captors_only || m.camps[i].side != prisoners_of) {
                    keys.push_back(of_side ? camp_of_side(m.camps[i]) : m.camps[i].name);
                    owner.push_back(i);
                }
        std::vector<size_t> hits;
        for (const auto k : matching_names(name, keys))
            if (std::find(hits.begin(), hits.end(), owner[k]) == hits.end()) hits.push_back(owner[k]);
        return hits;
    };
    auto hits = prisoners_of.empty() ? std::vector<size_t>() : found(true);
    if (hits.empty()) hits = found(false);
    if (hits.size() == 1) return m.camps[hits.front()];
    std::vector<std::string> refs;
    for (const auto& c : m.camps) refs.push_back(camp_ref(c));
    if (hits.empty()) {
        const auto near = did_you_mean(name, refs);
        throw NotFoundError("no camp named \"" + visible(name) + "\" in this campaign" +
                            (!near.empty()     ? near
                             : refs.empty() ? " (camps: none yet: muster camp new NAME --side SIDE, or in the GUI the Prisoners panel's New camp)"
                                            : " (camps: " + join(refs, ", ") + ")"));
    }
    std::vector<std::string> candidates;
    for (size_t i = 0; i < hits.size() && i < 6; ++i) candidates.push_back(visible(refs[hits[i]]));
    throw UsageError("camp \"" + visible(name) + "\" could be any of " + std::to_string(hits.size()) + " (" + join(candidates, ", ") +
                     (hits.size() > candidates.size() ? ", ..." : "") + "): give the camp as muster camp list names it, \"" + candidates.front() + "\"");
}

const campaign::BattleInfo& Refs::battle(const std::string& name) const { return by_name(m.battles, name, "battle", ""); }

const army::BrigadeRecord* Refs::brigade_by_id(std::int64_t id) const { return by_id(m.brigades, id); }
const army::Leader* Refs::leader_by_id(std::int64_t id) const { return by_id(m.leaders, id); }
const army::Battery* Refs::battery_by_id(std::int64_t id) const { return by_id(m.batteries, id); }
const campaign::CampInfo* Refs::camp_by_id(std::int64_t id) const { return by_id(m.camps, id); }
const army::Unit* Refs::unit_by_id(UnitKind kind, std::int64_t id) const {
    const auto it = std::find_if(m.units.begin(), m.units.end(), [&](const army::Unit& u) { return u.kind == kind && u.id == id; });
    return it == m.units.end() ? nullptr : &*it;
}

namespace {

template <class T>
const T& present(const T* found, std::string_view kind, std::int64_t id, std::string_view by) {
    if (found) return *found;
    throw Damaged(std::string(by) + " points at " + std::string(kind) + " " + std::to_string(id) +
                ", which is not there, or not of this campaign; run muster check, or restore a backup");
}

}  // namespace

std::optional<std::int64_t> Refs::division_of(const army::Leader& l) const {
    if (l.command.kind == UnitKind::division) return l.command.unit_id;
    if (l.command.kind == UnitKind::brigade) return brigade_at(l.command.unit_id, "a leader's command").division_id;
    // An alternate commands no unit: he fights with the brigade he sits on (else a fall of his
    // in a division kept hidden read as one any division of his side saw).
    for (const auto& b : m.brigades)
        if (b.alternate_id == l.id) return b.division_id;
    return std::nullopt;
}

const army::BrigadeRecord& Refs::brigade_at(std::int64_t id, std::string_view by) const { return present(brigade_by_id(id), "brigade", id, by); }
const army::Leader& Refs::leader_at(std::int64_t id, std::string_view by) const { return present(leader_by_id(id), "leader", id, by); }
const army::Battery& Refs::battery_at(std::int64_t id, std::string_view by) const { return present(battery_by_id(id), "battery", id, by); }
const campaign::CampInfo& Refs::camp_at(std::int64_t id, std::string_view by) const { return present(camp_by_id(id), "camp", id, by); }

std::string Refs::side_of(HeldKind kind, std::int64_t unit_id) const {
    switch (kind) {
        case HeldKind::stands: return brigade_at(unit_id, "a prisoner").side;
        case HeldKind::leader: return leader_at(unit_id, "a prisoner").side;
        case HeldKind::battery: return battery_at(unit_id, "a prisoner").side;
    }
    return {};
}

std::string Refs::describe(HeldKind kind, std::int64_t unit_id, int stands) const {
    // A holding of a unit the campaign does not hold (a file edited by hand) is damage, never "?".
    switch (kind) {
        case HeldKind::stands: return count_of(stands, "stand", "stands") + " of " + brigade_at(unit_id, "a prisoner").ref();
        case HeldKind::leader: {
            const auto& l = leader_at(unit_id, "a prisoner");
            return l.name.empty() && l.command.unit.empty() ? l.label() : "leader " + l.label();
        }
        case HeldKind::battery: return "battery " + battery_at(unit_id, "a prisoner").ref();
    }
    return {};
}

campaign::Roster roster_naming(const db::Store& store, std::int64_t campaign, const std::vector<std::string>& refs,
                               const std::function<void(const Refs&)>& check) {
    std::vector<std::int64_t> ids;
    for (const auto& ref : refs) {
        if (ref.empty()) continue;
        const auto slash = ref.find('/');
        const auto found = slash == std::string::npos || slash == 0 ? std::vector<std::int64_t>{}
                                                                    : db::Forces(store).divisions_named(campaign, ref.substr(0, slash));
        if (found.empty()) return db::Rosters(store).roster(campaign);
        ids.insert(ids.end(), found.begin(), found.end());
    }
    auto roster = db::Rosters(store).roster_of(campaign, ids);
    try {
        check(Refs(roster));
    } catch (const Error&) {
        return db::Rosters(store).roster(campaign);
    }
    return roster;
}

}  // namespace muster::app
