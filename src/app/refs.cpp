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
    if (named.empty()) throw UsageError("no " + what + " \"" + ref + "\" in this campaign (give " + form + ")");
    std::vector<std::string> refs;
    for (const auto* x : named) refs.push_back(full_ref(*x));
    throw UsageError(what + " name \"" + ref + "\" is not unique (" + join(refs, ", ") + "): give " + form);
}

}  // namespace

Refs::Refs(const db::CampaignStore& store, std::int64_t campaign)
    : m_store(store),
      m_campaign(campaign),
      m_brigades(store.brigades(campaign)),
      m_leaders(store.leaders(campaign)),
      m_batteries(store.batteries(campaign)),
      m_camps(store.camps(campaign)),
      m_holdings(store.holdings(campaign)) {}

const db::BrigadeRow& Refs::brigade(const std::string& ref) const {
    return find_one(m_brigades, ref, [](const db::BrigadeRow& b) { return b.ref(); }, "brigade",
                    "Division/Brigade, e.g. \"Heth/1st Brigade\"");
}

const db::LeaderRow& Refs::leader(const std::string& ref) const {
    for (const auto& l : m_leaders)
        if (!l.commands.empty() && l.commands == ref) return l;
    std::vector<const db::LeaderRow*> named;
    for (const auto& l : m_leaders)
        if (!l.name.empty() && l.name == ref) named.push_back(&l);
    if (named.size() == 1) return *named.front();
    if (named.size() > 1) throw UsageError("leader name \"" + ref + "\" is not unique: name the unit he commands instead");
    throw UsageError("no leader \"" + ref + "\" in this campaign (give his name or the unit he commands, e.g. \"Heth/1st Brigade\")");
}

Refs::Unit Refs::unit(const std::string& ref) const {
    Unit u;
    if (ref.find('/') != std::string::npos) {
        const auto& b = brigade(ref);
        u = {"brigade", b.id, b.side, nullptr};
        if (b.commander_id) u.commander = leader_by_id(*b.commander_id);
        return u;
    }
    if (auto d = m_store.find_division(m_campaign, ref)) {
        u = {"division", d->id, d->side, nullptr};
    } else if (auto k = m_store.find_corps(m_campaign, ref)) {
        u = {"corps", std::get<0>(*k), std::get<2>(*k), nullptr};
    } else if (auto a = m_store.find_army(m_campaign, ref)) {
        u = {"army", a->first, a->second, nullptr};
    } else {
        const auto& b = brigade(ref);
        u = {"brigade", b.id, b.side, nullptr};
    }
    for (const auto& l : m_leaders)
        if (l.unit_kind == u.kind && l.unit_id == u.id) u.commander = &l;
    return u;
}

const db::BatteryRow& Refs::battery(const std::string& ref) const {
    return find_one(m_batteries, ref, [](const db::BatteryRow& b) { return b.ref(); }, "battery",
                    "Owner/Battery, e.g. \"Heth/1st Battery\"");
}

const db::CampRow& Refs::camp(const std::string& name) const {
    for (const auto& c : m_camps)
        if (c.name == name) return c;
    std::vector<std::string> names;
    for (const auto& c : m_camps) names.push_back(c.name);
    throw UsageError("no camp \"" + name + "\" (camps: " + (names.empty() ? "none yet: muster camp new NAME --side SIDE" : join(names, ", ")) + ")");
}

const db::BrigadeRow* Refs::brigade_by_id(std::int64_t id) const {
    for (const auto& b : m_brigades)
        if (b.id == id) return &b;
    return nullptr;
}

const db::LeaderRow* Refs::leader_by_id(std::int64_t id) const {
    for (const auto& l : m_leaders)
        if (l.id == id) return &l;
    return nullptr;
}

const db::BatteryRow* Refs::battery_by_id(std::int64_t id) const {
    for (const auto& b : m_batteries)
        if (b.id == id) return &b;
    return nullptr;
}

std::string Refs::describe(const db::Holding& h) const {
    return describe(db::ExchangeItem{"", h.kind, h.unit_id, h.stands});
}

std::string Refs::describe(const db::ExchangeItem& item) const {
    if (item.kind == "stands") {
        const auto* b = brigade_by_id(item.unit_id);
        return count_of(item.stands, "stand", "stands") + " of " + (b ? b->ref() : "?");
    }
    if (item.kind == "leader") {
        const auto* l = leader_by_id(item.unit_id);
        return l ? "leader " + l->label() + " (" + l->rank + ")" : "leader ?";
    }
    const auto* b = battery_by_id(item.unit_id);
    return "battery " + (b ? b->ref() : "?");
}

}  // namespace muster::app
