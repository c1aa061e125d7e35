#include "app/refs.hpp"

#include "core/error.hpp"
#include "core/text.hpp"

namespace muster::app {
namespace {

template <class T, class Ref>
const T& find_one(const std::vector<T>& items, const std::string& ref, Ref&& full_ref, const std::string& what,
                  const std::string& form) {
    for (const auto& x : items)
        if (full_ref(x) == ref) return x;
    std::vector<const T*> named;
    for (const auto& x : items)
        if (x.name == ref) named.push_back(&x);
    if (named.size() == 1) return *named.front();
    if (named.empty()) throw NotFoundError("no " + what + " \"" + ref + "\" in this campaign (give " + form + ")");
    std::vector<std::string> refs;
    for (const auto* x : named) refs.push_back(full_ref(*x));
    throw UsageError(what + " name \"" + ref + "\" is not unique (" + join(refs, ", ") + "): give " + form);
}

template <class T>
const T* by_id(const std::vector<T>& items, std::int64_t id) {
    for (const auto& x : items)
        if (x.id == id) return &x;
    return nullptr;
}

}  // namespace

const campaign::BrigadeInfo& Refs::brigade(const std::string& ref) const {
    return find_one(m.brigades, ref, [](const campaign::BrigadeInfo& b) { return b.ref(); }, "brigade",
                    "Division/Brigade, e.g. \"Heth/1st Brigade\"");
}

const campaign::LeaderInfo& Refs::leader(const std::string& ref) const {
    for (const auto& l : m.leaders)
        if (!l.commands.empty() && l.commands == ref) return l;
    std::vector<const campaign::LeaderInfo*> named;
    for (const auto& l : m.leaders)
        if (!l.name.empty() && l.name == ref) named.push_back(&l);
    if (named.size() == 1) return *named.front();
    if (named.size() > 1) throw UsageError("leader name \"" + ref + "\" is not unique: name the unit he commands instead");
    // An unnamed leader who commands nothing goes by the post he held: "former commander of Heth".
    for (const auto& l : m.leaders)
        if (l.name.empty() && l.commands.empty() && l.former_post && l.label() == ref) return l;
    // An unnamed leader who commands nothing goes by his number: "leader #12" or "#12".
    const std::string number = ref.rfind("leader #", 0) == 0 ? ref.substr(8) : ref.rfind('#', 0) == 0 ? ref.substr(1) : "";
    if (!number.empty() && number.find_first_not_of("0123456789") == std::string::npos && number.size() < 18)
        for (const auto& l : m.leaders)
            if (l.id == std::stoll(number)) return l;
    throw NotFoundError("no leader \"" + ref + "\" in this campaign (give his name, the unit he commands, e.g. \"Heth/1st Brigade\", "
                        "or the post he held, as muster leader list shows it, e.g. \"former commander of Heth/1st Brigade\")");
}

Refs::Unit Refs::unit(const std::string& ref) const {
    Unit u;
    const campaign::UnitInfo* found = nullptr;
    if (ref.find('/') == std::string::npos)
        for (auto kind : {UnitKind::division, UnitKind::corps, UnitKind::army})
            if (!found) found = find_unit(kind, ref);
    if (found) {
        u = {found->kind, found->id, found->side, nullptr, found->name};
    } else {
        const auto& b = brigade(ref);
        u = {UnitKind::brigade, b.id, b.side, nullptr, b.ref()};
    }
    for (const auto& l : m.leaders)
        if (l.unit_kind == u.kind && l.unit_id == u.id) u.commander = &l;
    return u;
}

const campaign::UnitInfo* Refs::find_unit(UnitKind kind, const std::string& name) const {
    for (const auto& u : m.units)
        if (u.kind == kind && u.name == name) return &u;
    return nullptr;
}

const campaign::UnitInfo& Refs::division(const std::string& name) const {
    if (const auto* d = find_unit(UnitKind::division, name)) return *d;
    throw NotFoundError("no division named \"" + name + "\" in this campaign");
}

const campaign::BatteryInfo& Refs::battery(const std::string& ref) const {
    return find_one(m.batteries, ref, [](const campaign::BatteryInfo& b) { return b.ref(); }, "battery",
                    "Owner/Battery, e.g. \"Heth/1st Battery\"");
}

const campaign::CampInfo& Refs::camp(const std::string& name) const {
    for (const auto& c : m.camps)
        if (c.name == name) return c;
    std::vector<std::string> names;
    for (const auto& c : m.camps) names.push_back(c.name);
    throw NotFoundError("no camp \"" + name + "\" (camps: " + (names.empty() ? "none yet: muster camp new NAME --side SIDE" : join(names, ", ")) + ")");
}

const campaign::BattleInfo& Refs::battle(const std::string& name) const {
    for (const auto& b : m.battles)
        if (b.name == name) return b;
    throw NotFoundError("no battle named \"" + name + "\" in this campaign");
}

const campaign::BrigadeInfo* Refs::brigade_by_id(std::int64_t id) const { return by_id(m.brigades, id); }
const campaign::LeaderInfo* Refs::leader_by_id(std::int64_t id) const { return by_id(m.leaders, id); }
const campaign::BatteryInfo* Refs::battery_by_id(std::int64_t id) const { return by_id(m.batteries, id); }
const campaign::CampInfo* Refs::camp_by_id(std::int64_t id) const { return by_id(m.camps, id); }

std::string Refs::side_of(HeldKind kind, std::int64_t unit_id) const {
    switch (kind) {
        case HeldKind::stands: return brigade_by_id(unit_id)->side;
        case HeldKind::leader: return leader_by_id(unit_id)->side;
        case HeldKind::battery: return battery_by_id(unit_id)->side;
    }
    return {};
}

std::string Refs::describe(HeldKind kind, std::int64_t unit_id, int stands) const {
    switch (kind) {
        case HeldKind::stands: {
            const auto* b = brigade_by_id(unit_id);
            return count_of(stands, "stand", "stands") + " of " + (b ? b->ref() : "?");
        }
        case HeldKind::leader: {
            const auto* l = leader_by_id(unit_id);
            if (!l) return "leader ?";
            return l->name.empty() && l->commands.empty() ? l->label() : "leader " + l->label();
        }
        case HeldKind::battery: {
            const auto* b = battery_by_id(unit_id);
            return "battery " + (b ? b->ref() : "?");
        }
    }
    return {};
}

}  // namespace muster::app
