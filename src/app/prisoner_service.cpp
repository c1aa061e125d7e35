// Prisoners of war: camps, exchanges by mutual consent, liberation; and campaign settings.
#include "app/campaign_service.hpp"
#include "app/campaign_state.hpp"
#include "app/refs.hpp"
#include "core/error.hpp"
#include "core/text.hpp"

#include <map>

namespace muster::app {
namespace {

std::string other_sides(const rules::RuleSet& r) {
    std::vector<std::string> ids;
    for (const auto& s : r.sides) ids.push_back(s.id);
    return join(ids, ", ");
}

void require_side(const rules::RuleSet& r, const std::string& side) {
    if (!r.find_side(side)) throw UsageError("unknown side \"" + side + "\" (rule set " + r.id + ": " + other_sides(r) + ")");
}

// The side a held thing belongs to (not its captor).
std::string side_of(const Refs& refs, const db::ExchangeItem& item) {
    if (item.kind == "stands") return refs.brigade_by_id(item.unit_id)->side;
    if (item.kind == "leader") return refs.leader_by_id(item.unit_id)->side;
    return refs.battery_by_id(item.unit_id)->side;
}

// "stands:Heth/1st Brigade=3", "leader:Archer", "battery:Heth/1st Battery".
db::ExchangeItem parse_item(const Refs& refs, const std::string& spec, const std::string& direction) {
    const auto colon = spec.find(':');
    const std::string kind = colon == std::string::npos ? "" : spec.substr(0, colon);
    const std::string rest = colon == std::string::npos ? "" : spec.substr(colon + 1);
    db::ExchangeItem item;
    item.direction = direction;
    item.kind = kind;
    if (kind == "stands") {
        const auto eq = rest.rfind('=');
        int n = 0;
        if (eq == std::string::npos || !parse_int(rest.substr(eq + 1), n) || n < 1)
            throw UsageError("exchange item \"" + spec + "\": expected stands:Division/Brigade=N with N at least 1");
        item.unit_id = refs.brigade(std::string(trim(rest.substr(0, eq)))).id;
        item.stands = n;
    } else if (kind == "leader") {
        item.unit_id = refs.leader(std::string(trim(rest))).id;
    } else if (kind == "battery") {
        item.unit_id = refs.battery(std::string(trim(rest))).id;
    } else {
        throw UsageError("exchange item \"" + spec + "\": expected stands:REF=N, leader:REF or battery:REF");
    }
    return item;
}

// The holdings that make up an item, in camps of `holder`; refuses what is not held there.
std::vector<std::pair<db::Holding, int>> take(const Refs& refs, const db::ExchangeItem& item, const std::string& holder) {
    std::map<std::int64_t, const db::CampRow*> camps;
    for (const auto& c : refs.camps()) camps[c.id] = &c;
    std::vector<std::pair<db::Holding, int>> out;
    int wanted = item.kind == "stands" ? item.stands : 1;
    for (const auto& h : refs.holdings()) {
        if (wanted == 0) break;
        if (h.kind != item.kind || h.unit_id != item.unit_id || camps.at(h.camp_id)->side != holder) continue;
        const int n = item.kind == "stands" ? std::min(wanted, h.stands) : 1;
        out.emplace_back(h, n);
        wanted -= n;
    }
    if (wanted > 0)
        throw Error(refs.describe(item) + " " + (item.kind == "stands" ? "are" : "is") + " not held by " + holder +
                    (item.kind == "stands" ? " (short by " + std::to_string(wanted) + ")" : ""));
    return out;
}

// Sends a held thing home: stands back to their brigade, a leader or battery back to duty.
void free_holding(db::CampaignStore& store, std::int64_t op, const db::Holding& h, int stands, std::string_view kind) {
    if (h.kind == "stands") store.change_stands(op, h.unit_id, kind, stands);
    else if (h.kind == "leader") store.set_leader_status(h.unit_id, "active", std::nullopt, std::nullopt);
    else store.set_battery_status(h.unit_id, "active");
    store.release(h, stands);
}

}  // namespace

void CampaignService::add_camp(const std::string& side, const std::string& name) {
    if (trim(name).empty() || name.size() > 200) throw UsageError("a camp needs a name of 1 to 200 characters");
    const auto c = current();
    require_side(rules(), side);
    m->store.run_operation(c.id, "camp", [&](std::int64_t) {
        for (const auto& camp : m->store.camps(c.id))
            if (camp.name == name) throw Error("a camp named \"" + name + "\" already exists");
        m->store.insert_camp(c.id, side, name);
        return "New POW camp " + name + " (" + side + ")";
    });
}

std::vector<CampView> CampaignService::camps() const {
    const Refs refs(m->store, current().id);
    std::vector<CampView> out;
    for (const auto& camp : refs.camps()) {
        CampView v{camp, {}};
        for (const auto& h : refs.holdings())
            if (h.camp_id == camp.id) v.holds.push_back(refs.describe(h));
        out.push_back(std::move(v));
    }
    return out;
}

std::vector<HeldItem> CampaignService::held() const {
    const Refs refs(m->store, current().id);
    std::vector<HeldItem> out;
    for (const auto& h : refs.holdings()) {
        const db::CampRow* camp = nullptr;
        for (const auto& c : refs.camps())
            if (c.id == h.camp_id) camp = &c;
        HeldItem item{camp->name, camp->liberated, camp->side, "", h.kind, "", refs.describe(h), h.stands};
        const db::ExchangeItem as_item{"", h.kind, h.unit_id, h.stands};
        item.owner = side_of(refs, as_item);
        if (h.kind == "stands") item.spec = "stands:" + refs.brigade_by_id(h.unit_id)->ref();
        else if (h.kind == "leader") {
            const auto* l = refs.leader_by_id(h.unit_id);
            item.spec = "leader:" + (l->name.empty() ? l->commands : l->name);
        } else {
            item.spec = "battery:" + refs.battery_by_id(h.unit_id)->ref();
        }
        out.push_back(std::move(item));
    }
    return out;
}

Outcome CampaignService::liberate(const std::string& camp_name) {
    return named_operation("liberation", [&](std::int64_t op, const Refs& refs, Outcome& out) {
        const auto& camp = refs.camp(camp_name);
        if (camp.liberated) throw Error("camp " + camp.name + " was already liberated");
        int freed = 0;
        for (const auto& h : refs.holdings()) {
            if (h.camp_id != camp.id) continue;
            std::string line = "home: " + refs.describe(h);
            if (h.kind == "stands") {
                const auto* b = refs.brigade_by_id(h.unit_id);
                if (b->status != "active")
                    line += " (the brigade is " + b->status + ": they wait there until merged into another)";
            }
            out.lines.push_back(line);
            free_holding(m->store, op, h, h.stands, "freed");
            ++freed;
        }
        if (freed == 0) throw Error("camp " + camp.name + " holds no one: there is nobody to liberate");
        m->store.set_camp_liberated(camp.id);
        out.summary = "Liberated " + camp.name + ": " + join(out.lines, "; ");
    });
}

ExchangeView CampaignService::propose_exchange(const ExchangeProposal& p) {
    const auto c = current();
    const auto& r = rules();
    require_side(r, p.from);
    std::string with = p.with;
    if (with.empty()) {
        if (r.sides.size() != 2) throw UsageError("give the other side of the exchange (--with SIDE)");
        with = r.sides[0].id == p.from ? r.sides[1].id : r.sides[0].id;
    }
    require_side(r, with);
    if (with == p.from) throw UsageError("an exchange is between two different sides");
    if (p.offer.empty() && p.ask.empty()) throw UsageError("the proposal offers nothing and asks nothing");
    ExchangeView view;
    m->store.run_operation(c.id, "exchange", [&](std::int64_t) {
        const Refs refs(m->store, c.id);
        db::ExchangeRow row{0, p.from, with, "proposed", p.note, {}};
        for (const auto& [specs, direction] : {std::pair{&p.offer, "offer"}, std::pair{&p.ask, "ask"}})
            for (const auto& spec : *specs) {
                auto item = parse_item(refs, spec, direction);
                // The proposer offers the other side's men it holds, and asks for its own.
                const std::string owner = std::string(direction) == "offer" ? with : p.from;
                const std::string holder = std::string(direction) == "offer" ? p.from : with;
                if (side_of(refs, item) != owner)
                    throw UsageError("exchange item \"" + spec + "\": " + refs.describe(item) + " is not of " + owner +
                                     (std::string(direction) == "offer" ? " (offer the other side's prisoners you hold)"
                                                                        : " (ask for your own men the other side holds)"));
                take(refs, item, holder);
                row.items.push_back(item);
            }
        row.id = m->store.insert_exchange(c.id, row);
        view = describe_exchange(refs, row);
        return "Exchange #" + std::to_string(row.id) + " proposed by " + p.from + " to " + with + ": offers " +
               (view.offer.empty() ? "nothing" : join(view.offer, ", ")) + "; asks " +
               (view.ask.empty() ? "nothing" : join(view.ask, ", "));
    });
    return view;
}

ExchangeView CampaignService::describe_exchange(const Refs& refs, const db::ExchangeRow& row) const {
    const auto& r = rules();
    ExchangeView v{row, {}, {}, {}};
    const auto c = current();
    const std::optional<int> men = c.men_per_stand ? c.men_per_stand : r.men_per_stand();
    std::optional<long> values[2] = {0, 0};
    for (const auto& item : row.items) {
        const int side = item.direction == "offer" ? 0 : 1;
        (side == 0 ? v.offer : v.ask).push_back(refs.describe(item));
        if (!r.cartel || !values[side]) continue;
        const auto& cartel = *r.cartel;
        if (item.kind == "stands") {
            if (!men) values[side].reset();
            else *values[side] += static_cast<long>(item.stands) * *men * cartel.find(cartel.stand_rank)->privates;
        } else if (item.kind == "leader") {
            const auto* rank = cartel.for_leader(refs.leader_by_id(item.unit_id)->rank);
            *values[side] += rank ? rank->privates : 0;
        }  // batteries are guns, not men: the cartel does not weigh them
    }
    if (!r.cartel) {
        v.balance = "rule set " + r.id + " has no exchange cartel";
    } else if (!values[0] || !values[1]) {
        v.balance = "stands cannot be weighed: set the campaign's men per stand (muster campaign set --men-per-stand N)";
    } else {
        const long diff = *values[0] - *values[1];
        v.balance = r.cartel->name + ": offers " + std::to_string(*values[0]) + " privates, asks " +
                    std::to_string(*values[1]) +
                    (diff == 0 ? ": balanced" : diff > 0 ? ": the proposer gives " + std::to_string(diff) + " more"
                                                         : ": the proposer asks " + std::to_string(-diff) + " more");
    }
    return v;
}

Outcome CampaignService::answer_exchange(std::int64_t id, const std::string& side, bool accept) {
    const auto c = current();
    require_side(rules(), side);
    return named_operation(accept ? "exchange accepted" : "exchange refused", [&](std::int64_t op, const Refs& refs, Outcome& out) {
        std::optional<db::ExchangeRow> row;
        for (auto& e : m->store.exchanges(c.id))
            if (e.id == id) row = e;
        if (!row) throw UsageError("no exchange #" + std::to_string(id) + " in campaign " + c.name);
        if (row->status != "proposed") throw Error("exchange #" + std::to_string(id) + " was already " + row->status);
        if (side == row->proposer)
            throw Error("exchange #" + std::to_string(id) + " was proposed by " + side + ": only " + row->counterpart +
                        " may accept or refuse it");
        if (side != row->counterpart)
            throw Error("exchange #" + std::to_string(id) + " is between " + row->proposer + " and " + row->counterpart);
        m->store.set_exchange_status(id, accept ? "accepted" : "refused");
        if (!accept) {
            out.summary = "Exchange #" + std::to_string(id) + " refused by " + side;
            return;
        }
        // Everything is checked before anything moves: all of it goes home, or none of it.
        std::vector<std::pair<db::Holding, int>> moves;
        for (const auto& item : row->items) {
            const auto parts = take(refs, item, item.direction == "offer" ? row->proposer : row->counterpart);
            moves.insert(moves.end(), parts.begin(), parts.end());
            out.lines.push_back("home: " + refs.describe(item));
        }
        for (const auto& [h, n] : moves) free_holding(m->store, op, h, n, "exchanged");
        out.summary = "Exchange #" + std::to_string(id) + " accepted by " + side + ": " + join(out.lines, "; ");
    });
}

std::vector<ExchangeView> CampaignService::exchanges() const {
    const Refs refs(m->store, current().id);
    std::vector<ExchangeView> out;
    for (const auto& e : m->store.exchanges(current().id)) out.push_back(describe_exchange(refs, e));
    return out;
}


}  // namespace muster::app
