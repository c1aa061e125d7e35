#include "app/campaign_service.hpp"

#include "app/campaign_state.hpp"
#include "app/oob_import.hpp"
#include "app/refs.hpp"
#include "app/paths.hpp"
#include "army/view.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "generate/generate.hpp"
#include "rules/load.hpp"

#include <random>

namespace muster::app {
namespace {

constexpr const char* k_current = "current_campaign";

std::uint64_t fresh_seed() {
    std::random_device rd;
    return (std::uint64_t{rd()} << 32) | rd();
}

void require_name(const std::string& what, const std::string& name) {
    if (trim(name).empty()) throw UsageError(what + " name is empty");
    if (name.size() > 200) throw UsageError(what + " name is " + std::to_string(name.size()) + " characters; at most 200");
}

void require_one_of(const std::string& what, const std::string& value, std::initializer_list<const char*> allowed) {
    std::string list;
    for (const char* a : allowed) {
        if (value == a) return;
        list += (list.empty() ? "" : ", ") + std::string(a);
    }
    throw UsageError(what + " \"" + value + "\" is not valid: expected one of " + list);
}

army::Leader leader_from(const rules::RuleSet& rules, const LeaderEntry& e, const std::string& what) {
    army::Leader l;
    if (e.grade.empty()) {
        if (!e.name.empty()) throw UsageError(what + " " + e.name + " needs a grade (e.g. --grade average)");
        return l;
    }
    if (!rules.find_grade(e.grade)) {
        std::vector<std::string> ids;
        for (const auto& g : rules.grades) ids.push_back(g.id);
        throw UsageError("unknown leader grade \"" + e.grade + "\" (rule set " + rules.id + ": " + join(ids, ", ") + ")");
    }
    l.name = e.name;
    l.grade = l.rolled_grade = e.grade;
    return l;
}

std::string division_summary(const rules::RuleSet& rules, const army::Division& d) {
    int to_reserve = 0;
    for (const auto& b : d.batteries) to_reserve += b.reserve;
    const auto* side = rules.find_side(d.side);
    return count_of(static_cast<int>(d.brigades.size()), "brigade", "brigades") + ", " +
           count_of(d.stands(), "stand", "stands") + ", " +
           count_of(static_cast<int>(d.batteries.size()) - to_reserve, "battery", "batteries") +
           (to_reserve ? " and " + count_of(to_reserve, "battery", "batteries") + " to the " +
                             (side ? side->reserve : std::string("reserve"))
                       : "");
}

// The settings a campaign may hold, checked the same way when it is created and changed.
void check_settings(const db::CampaignRow& c) {
    if (c.return_rate < 0 || c.return_rate > 100)
        throw UsageError("return rate " + std::to_string(c.return_rate) + " is out of range: expected 0 to 100 (percent)");
    require_one_of("rounding", c.rounding, {"down", "half_up", "roll"});
    require_one_of("despicable", c.despicable, {"expanded", "book"});
    require_one_of("dice", c.dice, {"seeded", "typed"});
    if (c.men_per_stand && (*c.men_per_stand < 1 || *c.men_per_stand > 10000))
        throw UsageError("men per stand " + std::to_string(*c.men_per_stand) + " is out of range: expected 1 to 10000");
}

// What the generator is asked for when a placeholder division arrives.
generate::Request division_request(const db::DivisionRef& d, const ArrivalRequest& request, const db::CampaignRow& c) {
    generate::Request g;
    g.side = d.side;
    g.arm = d.arm;
    g.year = request.year;
    g.theater = request.theater;
    g.name = d.name;
    g.despicable_by_the_book = c.despicable == "book";
    return g;
}

}  // namespace

std::string default_db_path() { return data_dir() + "/campaigns.db"; }

CampaignService::CampaignService(std::string db_path, bool create, int lock_wait_ms, Catalog catalog)
    : m(std::make_unique<State>(db_path.empty() ? default_db_path() : db_path, create, lock_wait_ms, std::move(catalog))) {}

CampaignService::~CampaignService() = default;
CampaignService::CampaignService(CampaignService&&) noexcept = default;
CampaignService& CampaignService::operator=(CampaignService&&) noexcept = default;

const std::string& CampaignService::db_path() const { return m->store.path(); }

db::CampaignRow CampaignService::create_campaign(const NewCampaign& r) {
    require_name("campaign", r.name);
    db::CampaignRow row;
    row.name = r.name;
    row.return_rate = r.return_rate;
    row.rounding = r.rounding;
    row.despicable = r.despicable;
    row.dice = r.dice;
    row.men_per_stand = r.men_per_stand;
    check_settings(row);
    if (m->store.find_campaign(r.name)) throw Error("a campaign named \"" + r.name + "\" already exists in " + db_path());
    const rules::RuleSet rules = m->catalog.load(r.rules);
    row.rules_id = rules.id;
    row.rules_json = rules.text;
    row.seed = r.seed ? *r.seed : fresh_seed();
    m->store.create_campaign(row);
    m->store.set_meta(k_current, r.name);
    return *m->store.find_campaign(r.name);
}

void CampaignService::change_settings(const CampaignSettings& s) {
    auto c = current();
    if (s.return_rate) c.return_rate = *s.return_rate;
    if (s.rounding) c.rounding = *s.rounding;
    if (s.despicable) c.despicable = *s.despicable;
    if (s.men_per_stand) c.men_per_stand = *s.men_per_stand;
    check_settings(c);
    m->store.run_operation(c.id, "settings", [&](std::int64_t) {
        m->store.update_campaign_settings(c);
        return "Settings: return rate " + std::to_string(c.return_rate) + "%, rounding " + c.rounding + ", despicable " +
               c.despicable + (c.men_per_stand ? ", " + std::to_string(*c.men_per_stand) + " men per stand" : "");
    });
}

std::vector<db::CampaignRow> CampaignService::campaigns() const { return m->store.campaigns(); }

void CampaignService::select_campaign(const std::string& name) {
    if (!m->store.find_campaign(name)) {
        std::vector<std::string> names;
        for (const auto& c : m->store.campaigns()) names.push_back(c.name);
        throw UsageError("no campaign named \"" + name + "\" in " + db_path() +
                         (names.empty() ? " (it has none)" : " (campaigns: " + join(names, ", ") + ")"));
    }
    m->selected = name;
}

void CampaignService::use_campaign(const std::string& name) {
    select_campaign(name);
    m->store.set_meta(k_current, name);
}

db::CampaignRow CampaignService::current() const {
    if (m->selected) return *m->store.find_campaign(*m->selected);
    if (auto name = m->store.meta(k_current))
        if (auto c = m->store.find_campaign(*name)) return *c;
    const auto all = m->store.campaigns();
    if (all.size() == 1) return all.front();
    if (all.empty()) throw UsageError(db_path() + " holds no campaign yet: muster campaign new NAME --rules ID");
    std::vector<std::string> names;
    for (const auto& c : all) names.push_back(c.name);
    throw UsageError("which campaign? give --campaign NAME (" + join(names, ", ") + ")");
}

void CampaignService::seen() { m->store.expect_last_operation(last_operation()); }

std::int64_t CampaignService::last_operation() const { return m->store.last_operation(current().id); }

const rules::RuleSet& CampaignService::rules() const {
    const auto c = current();
    if (!m->rules || m->rules_campaign != c.id) {
        m->rules = rules::load_rule_set(c.rules_json, "the rule set pinned by campaign " + c.name);
        m->rules_campaign = c.id;
    }
    return *m->rules;
}

void CampaignService::add_army(const std::string& side, const std::string& name, const LeaderEntry& commander) {
    require_name("army", name);
    const auto c = current();
    const auto& r = rules();
    if (!r.find_side(side)) {
        std::vector<std::string> ids;
        for (const auto& s : r.sides) ids.push_back(s.id);
        throw UsageError("unknown side \"" + side + "\" (rule set " + r.id + ": " + join(ids, ", ") + ")");
    }
    const auto leader = leader_from(r, commander, "army commander");
    m->store.run_operation(c.id, "add", [&](std::int64_t) {
        if (m->store.find_army(c.id, name)) throw Error("an army named \"" + name + "\" already exists");
        std::optional<std::int64_t> lid;
        if (leader.present()) lid = m->store.insert_leader(c.id, side, "army", leader);
        m->store.insert_army(c.id, side, name, lid);
        return "Added army " + name + " (" + side + ")";
    });
}

void CampaignService::add_corps(const std::string& army, const std::string& name, const LeaderEntry& commander) {
    require_name("corps", name);
    const auto c = current();
    const auto leader = leader_from(rules(), commander, "corps commander");
    m->store.run_operation(c.id, "add", [&](std::int64_t) {
        const auto a = m->store.find_army(c.id, army);
        if (!a) throw UsageError("no army named \"" + army + "\" in campaign " + c.name);
        if (m->store.find_corps(c.id, name)) throw Error("a corps named \"" + name + "\" already exists");
        std::optional<std::int64_t> lid;
        if (leader.present()) lid = m->store.insert_leader(c.id, a->second, "corps", leader);
        m->store.insert_corps(c.id, a->first, name, lid);
        return "Added corps " + name + " to " + army;
    });
}

void CampaignService::add_division(const std::string& corps, const std::string& name, const std::string& arm) {
    require_name("division", name);
    const auto c = current();
    const auto& r = rules();
    const std::string a = arm.empty() ? r.arms.front().id : arm;
    if (!r.find_arm(a)) throw UsageError("unknown arm \"" + a + "\" in rule set " + r.id);
    m->store.run_operation(c.id, "add", [&](std::int64_t) {
        const auto k = m->store.find_corps(c.id, corps);
        if (!k) throw UsageError("no corps named \"" + corps + "\" in campaign " + c.name);
        if (m->store.find_division(c.id, name)) throw Error("a division named \"" + name + "\" already exists");
        m->store.insert_division(c.id, std::get<0>(*k), name, a);
        return "Added division " + name + " (placeholder, " + a + ") to " + corps;
    });
}

void CampaignService::add_brigade(const BrigadeEntry& e) {
    require_name("brigade", e.name);
    const auto c = current();
    const auto& r = rules();
    army::Brigade b;
    b.name = e.name;
    b.rating = e.rating;
    if (!r.find_rating(e.rating)) {
        std::vector<std::string> ids;
        for (const auto& x : r.ratings) ids.push_back(x.id);
        throw UsageError("unknown rating \"" + e.rating + "\" (rule set " + r.id + ": " + join(ids, ", ") + ")");
    }
    b.stands = e.stands;
    b.start_stands = e.start.value_or(e.stands);
    if (b.start_stands < 1 || b.start_stands > 99)
        throw UsageError("start strength " + std::to_string(b.start_stands) + " is out of range: expected 1 to 99 stands");
    if (const auto* rating = r.find_rating(e.rating); rating->max_stands && b.start_stands > *rating->max_stands)
        throw UsageError("a " + rating->name + " unit has at most " + std::to_string(*rating->max_stands) + " stands in rule set " +
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
            throw UsageError("label " + e.label + " is for " + std::to_string(b.label.stands) + " stands, but the brigade starts with " +
                             std::to_string(b.start_stands));
    } else if (const auto* l = r.effectiveness.find(e.rating, b.start_stands)) {
        b.label = *l;
    } else {
        throw UsageError("rule set " + r.id + " has no effectiveness label for a " + e.rating + " brigade of " +
                         std::to_string(b.start_stands) + " stands: give --label start/worn/spent");
    }
    b.commander = leader_from(r, e.commander, "brigadier");
    m->store.run_operation(c.id, "add", [&](std::int64_t op) {
        const auto d = m->store.find_division(c.id, e.division);
        if (!d) throw UsageError("no division named \"" + e.division + "\" in campaign " + c.name);
        if (d->status == "arrived")
            throw Error("division " + d->name + " was generated on arrival; add hand-entered brigades to a placeholder or hand-entered division");
        b.arm = e.arm.empty() ? d->arm : e.arm;
        if (!r.find_arm(b.arm)) throw UsageError("unknown arm \"" + b.arm + "\" in rule set " + r.id);
        m->store.insert_brigade(c.id, op, d->id, d->side, b);
        if (d->status == "placeholder") m->store.set_division_status(d->id, "entered");
        return "Added brigade " + b.name + " (" + std::to_string(b.stands) + " stands, " + b.label.text() + ", " + b.rating +
               ") to " + d->name;
    });
}

void CampaignService::add_battery(const BatteryEntry& e) {
    require_name("battery", e.name);
    const int owners = !e.division.empty() + !e.corps.empty() + !e.army.empty();
    if (owners != 1) throw UsageError("a battery goes to exactly one of a division, a corps' reserve or an army's reserve");
    const auto c = current();
    m->store.run_operation(c.id, "add", [&](std::int64_t) {
        army::Battery bat;
        bat.name = e.name;
        db::ReserveTarget reserve;
        std::int64_t division = 0;
        std::string owner;
        if (!e.division.empty()) {
            const auto d = m->store.find_division(c.id, e.division);
            if (!d) throw UsageError("no division named \"" + e.division + "\" in campaign " + c.name);
            division = d->id;
            owner = d->name;
        } else if (!e.corps.empty()) {
            const auto k = m->store.find_corps(c.id, e.corps);
            if (!k) throw UsageError("no corps named \"" + e.corps + "\" in campaign " + c.name);
            reserve.corps_id = std::get<0>(*k);
            owner = e.corps + "'s reserve";
        } else {
            const auto a = m->store.find_army(c.id, e.army);
            if (!a) throw UsageError("no army named \"" + e.army + "\" in campaign " + c.name);
            reserve.army_id = a->first;
            owner = e.army + "'s reserve";
        }
        m->store.insert_battery(c.id, reserve, division, bat);
        return "Added battery " + e.name + " to " + owner;
    });
}

void CampaignService::rename(const std::string& kind, const std::string& ref, const std::string& new_name) {
    require_name(kind, new_name);
    named_operation("rename", [&](std::int64_t, const Refs& refs, Outcome& out) {
        const auto c = current();
        std::int64_t id = 0;
        if (kind == "army") {
            const auto a = m->store.find_army(c.id, ref);
            if (!a) throw UsageError("no army named \"" + ref + "\"");
            if (m->store.find_army(c.id, new_name)) throw Error("an army named \"" + new_name + "\" already exists");
            id = a->first;
        } else if (kind == "corps") {
            const auto k = m->store.find_corps(c.id, ref);
            if (!k) throw UsageError("no corps named \"" + ref + "\"");
            if (m->store.find_corps(c.id, new_name)) throw Error("a corps named \"" + new_name + "\" already exists");
            id = std::get<0>(*k);
        } else if (kind == "division") {
            const auto d = m->store.find_division(c.id, ref);
            if (!d) throw UsageError("no division named \"" + ref + "\"");
            if (m->store.find_division(c.id, new_name)) throw Error("a division named \"" + new_name + "\" already exists");
            id = d->id;
        } else if (kind == "brigade") {
            const auto& b = refs.brigade(ref);
            for (const auto& other : m->store.brigades(c.id))
                if (other.division_id == b.division_id && other.name == new_name)
                    throw Error("division " + b.division + " already has a brigade named \"" + new_name + "\"");
            id = b.id;
        } else if (kind == "leader") {
            id = refs.leader(ref).id;
        } else {
            throw UsageError("kind \"" + kind + "\" cannot be renamed: expected army, corps, division, brigade or leader");
        }
        m->store.rename(kind, id, new_name);
        out.summary = "Renamed " + kind + " " + ref + " to " + new_name;
    });
}

Arrival CampaignService::arrive(const ArrivalRequest& request) {
    const auto c = current();
    const auto& r = rules();
    Arrival out;
    const auto outcome = rolled_operation("arrival", request.rolls, request.preview, [&](std::int64_t op, dice::Source& dice) {
        const auto d = m->store.find_division(c.id, request.division);
        if (!d) throw UsageError("no division named \"" + request.division + "\" in campaign " + c.name);
        if (d->status != "placeholder")
            throw Error("division " + d->name + " has already " +
                        (d->status == "arrived" ? std::string("arrived") : std::string("been entered by hand")) +
                        ": a division arrives once");
        out.division = generate::generate_division(r, division_request(*d, request, c), dice);
        Planned plan;
        plan.outcome.rolls = out.division.rolls;
        plan.outcome.summary = d->name + " arrived: " + division_summary(r, out.division);
        const auto* side = r.find_side(d->side);
        db::ReserveTarget reserve;
        if (side->reserve_level == "corps") reserve.corps_id = d->corps_id;
        else reserve.army_id = d->army_id;
        plan.apply = [this, c, op, d = *d, reserve, &out] {
            m->store.store_division_contents(c.id, op, d, out.division, reserve, "arrived");
        };
        return plan;
    });
    out.preview = request.preview;
    out.operation = outcome.operation;
    return out;
}

army::Division CampaignService::dry_run_arrival(const ArrivalRequest& request) const {
    const auto c = current();
    const auto d = m->store.find_division(c.id, request.division);
    if (!d) throw UsageError("no division named \"" + request.division + "\" in campaign " + c.name);
    if (d->status != "placeholder") throw Error("division " + d->name + " has already arrived: a division arrives once");
    dice::TypedSource dice(request.rolls);
    auto division = generate::generate_division(rules(), division_request(*d, request, c), dice);
    dice.require_all_used();
    return division;
}

void CampaignService::reveal(const std::string& division, bool hidden) {
    const auto c = current();
    m->store.run_operation(c.id, hidden ? "hide" : "reveal", [&](std::int64_t) {
        const auto d = m->store.find_division(c.id, division);
        if (!d) throw UsageError("no division named \"" + division + "\" in campaign " + c.name);
        m->store.set_hidden(d->id, hidden);
        return (hidden ? "Hid " : "Revealed ") + d->name + (hidden ? " from the other side" : " to the other side");
    });
}

army::OrderOfBattle CampaignService::order_of_battle(const OobRequest& request) const {
    const auto& r = rules();
    for (const auto* s : {request.side ? &*request.side : nullptr, request.viewer == "umpire" ? nullptr : &request.viewer})
        if (s && !r.find_side(*s)) {
            std::vector<std::string> ids;
            for (const auto& x : r.sides) ids.push_back(x.id);
            throw UsageError("unknown side \"" + *s + "\" (rule set " + r.id + ": " + join(ids, ", ") + ")");
        }
    return army::view_of(m->store.order_of_battle(current().id), request.side, request.viewer);
}

std::vector<journal::Entry> CampaignService::journal() const { return m->store.journal_entries(current().id); }

journal::Entry CampaignService::undo() { return m->store.undo_last(current().id); }

db::CheckReport CampaignService::check() const { return m->store.check(); }

void CampaignService::backup(const std::string& dest) const { m->store.backup(dest); }

std::string CampaignService::import_oob(const std::string& file) {
    const auto c = current();
    const auto& r = rules();
    const army::OrderOfBattle oob = read_oob_file(file, r);
    std::string summary;
    m->store.run_operation(c.id, "import", [&](std::int64_t op) {
        summary = store_imported_oob(m->store, c.id, op, oob);
        return "Imported " + file + ": " + summary;
    });
    return summary;
}

}  // namespace muster::app
