// A battle before it is fought. Each change reads the plans under the write lock, refuses what
// the plan cannot take before anything is written, writes the divisions' parts, and then rolls
// up the placeholders that come on the field, each its own arrival operation, in one step.
#include "app/plans.hpp"

#include "app/battles.hpp"
#include "app/session_state.hpp"
#include "core/error.hpp"
#include "core/match.hpp"
#include "core/names.hpp"
#include "core/text.hpp"

#include <algorithm>
#include <map>

namespace muster::app {
namespace {

// Where a division stands in the open plans.
struct Place {
    const campaign::PlannedBattle* plan = nullptr;
    PlanRole role = PlanRole::deployed;
};

std::map<std::int64_t, Place> open_places(const std::vector<campaign::PlannedBattle>& plans) {
    std::map<std::int64_t, Place> out;
    for (const auto& p : plans)
        if (p.plan.open())
            for (const auto& d : p.divisions) out[d.division_id] = {&p, d.role};
    return out;
}

// "deployed at Freeman's Farm", "in reserve for Freeman's Farm", "arrived at Freeman's Farm".
std::string part_in(PlanRole role, const std::string& battle) {
    switch (role) {
        case PlanRole::deployed: return "deployed at " + battle;
        case PlanRole::reserve: return "in reserve for " + battle;
        case PlanRole::arrived: return "arrived on the field at " + battle;
    }
    return battle;
}

// The open plan a person named for a change. A battle reported (its plan closed) or recorded
// without a plan is refused as such; an unknown name suggests among the open plans.
const campaign::PlannedBattle& open_plan(const std::vector<campaign::PlannedBattle>& plans, const std::vector<campaign::BattleInfo>& battles,
                                         const std::string& typed) {
    std::vector<std::string> names;
    std::vector<const campaign::PlannedBattle*> open;
    for (const auto& p : plans)
        if (p.plan.open()) {
            names.push_back(p.plan.name);
            open.push_back(&p);
        }
    const auto i = match_one(typed, names, "planned battle");
    if (i >= 0) return *open[static_cast<size_t>(i)];
    const std::string expected = names.empty() ? "no battle is planned now (muster battle plan NAME)" : "a battle still planned: " + join(names, ", ");
    for (const auto& b : battles)
        if (same_ignoring_case(b.name, typed))
            throw Error("battle " + b.name + " is already reported: nothing is deployed, put in reserve or brought on there any more (expected " +
                        expected + ")");
    throw NotFoundError("no planned battle named \"" + visible(typed) + "\"" +
                        (names.empty() ? " (muster battle plan NAME plans one)" : did_you_mean(typed, names)));
}

// The divisions a person named, each once.
std::vector<db::DivisionRef> divisions_named(const db::Store& store, const campaign::CampaignInfo& c, const rules::RuleSet& r,
                                            const std::vector<std::string>& typed) {
    std::vector<db::DivisionRef> out;
    for (const auto& t : typed) {
        auto d = division_named(store, c, t);
        for (const auto& seen : out)
            if (seen.id == d.id) throw UsageError(r.division_noun() + " " + d.name + " is named twice: name each " + r.division_noun() + " once");
        out.push_back(std::move(d));
    }
    return out;
}

// The year a placeholder rolled up for a plan is rolled for: the battle's, when it has a date
// (and the rule set rolls by year); else the arrival's own default, the campaign's.
std::optional<int> year_of(const rules::RuleSet& rules, const campaign::PlanInfo& plan) {
    if (!plan.date || rules.years.empty()) return std::nullopt;
    return plan.date->year();
}

// The operation's line, read by the sides whose divisions it names, each reading only its own
// (the umpire: all of them). Returns the umpire's.
std::string journal_line(db::Store& store, std::int64_t op, const std::string& head, const std::vector<std::pair<std::string, std::string>>& parts) {
    std::set<std::string> sides;
    for (const auto& [side, _] : parts) sides.insert(side);
    store.set_audience(op, Audience::sides(sides));
    const auto line_for = [&](const std::string* side) {
        std::vector<std::string> shown;
        for (const auto& [owner, text] : parts)
            if (!side || *side == owner) shown.push_back(text);
        return head + join(shown, ", ");
    };
    const auto all = line_for(nullptr);
    for (const auto& side : sides)
        if (const auto line = line_for(&side); line != all) store.set_side_summary(op, side, line);
    return all;
}

}  // namespace

std::vector<PlanView> plans_seen(const std::vector<campaign::PlannedBattle>& plans, const army::OrderOfBattle& all,
                                 const std::set<std::int64_t>& seen, const std::vector<campaign::DraftInfo>& drafts,
                                 const std::set<std::int64_t>& known, const std::set<std::pair<std::int64_t, std::int64_t>>& seen_there,
                                 const View& viewer) {
    std::vector<PlanView> out;
    if (plans.empty()) return out;
    std::map<std::int64_t, const army::Division*> divisions;
    for (const auto& a : all.armies)
        for (const auto& k : a.corps)
            for (const auto& d : k.divisions) divisions[d.id] = &d;
    for (const auto& p : plans) {
        PlanView v;
        v.plan = p.plan;
        // Closed by a battle the side neither fought nor saw fought (only the enemy's hidden
        // divisions did): that it was fought is not the side's to know.
        if (!viewer.is_umpire() && v.plan.battle_id && !known.count(*v.plan.battle_id)) v.plan.battle_id.reset();
        for (const auto& e : p.divisions) {
            const auto it = divisions.find(e.division_id);
            if (it == divisions.end())
                throw Damaged("the planned battle " + visible(p.plan.name) + " names a division that is not there; run muster check, or restore a backup");
            const auto& d = *it->second;
            // Its own whole, of the enemy only what it sees on the field (and, the plan fought,
            // what it saw fight there, hidden again since or not: one on the field that did not
            // fight, or fought out of its sight, it may not have seen then, revealed since or
            // not): nothing else, not even a count. A reserve is off the table: which of the
            // enemy's divisions it holds back, seen elsewhere or not, shows when one arrives.
            const bool read = p.plan.battle_id ? seen_there.count({*p.plan.battle_id, d.id}) > 0 : seen.count(d.id) > 0;
            if (!viewer.owns(d.side) && (e.role == PlanRole::reserve || !read)) continue;
            PlanLine line{d.name, d.side, d.status, std::nullopt};
            if (viewer.is_umpire()) line.fog = d.hidden ? Fog::hidden : Fog::seen;
            (e.role == PlanRole::deployed ? v.deployed : e.role == PlanRole::reserve ? v.reserve : v.arrived).push_back(std::move(line));
        }
        // The table side's draft is the umpire's (its rolls are): a side is not told of it.
        if (viewer.is_umpire() && p.plan.open())
            for (const auto& d : drafts)
                if (same_ignoring_case(d.battle, p.plan.name)) v.draft_lines = d.lines;
        out.push_back(std::move(v));
    }
    return out;
}

const campaign::PlannedBattle* open_plan_named(const std::vector<campaign::PlannedBattle>& plans, std::string_view name) {
    const auto it = std::find_if(plans.begin(), plans.end(), [&](const campaign::PlannedBattle& p) { return p.plan.open() && same_ignoring_case(p.plan.name, trim(name)); });
    return it == plans.end() ? nullptr : &*it;
}

std::vector<std::string> by_side(const rules::RuleSet& rules, const std::vector<PlanLine>& lines) {
    std::vector<std::string> out;
    for (const auto& side : rules.sides) {
        std::vector<std::string> names;
        for (const auto& l : lines) {
            if (l.side != side.id) continue;
            std::vector<std::string> marks;
            if (l.status == DivisionStatus::placeholder) marks.emplace_back("placeholder");
            if (l.fog == Fog::hidden) marks.emplace_back("hidden");
            names.push_back(l.division + (marks.empty() ? "" : " (" + join(marks, ", ") + ")"));
        }
        if (!names.empty()) out.push_back(side.name + ": " + join(names, ", "));
    }
    return out;
}

namespace {

// The parts of a plan, a heading each, its divisions side by side (in the rule set's order),
// each line after `indent`.
std::string plan_parts(const rules::RuleSet& rules, const PlanView& p, const std::string& indent = "") {
    std::string out;
    const auto part = [&](const std::string& heading, const std::vector<PlanLine>& lines) {
        out += indent + heading + "\n";
        if (lines.empty()) out += indent + "  none\n";
        for (const auto& line : by_side(rules, lines)) out += indent + "  " + one_line(line) + "\n";
    };
    part("Deployed on the field", p.deployed);
    part("In reserve off the field", p.reserve);
    part("Arrived from the reserve", p.arrived);
    return out;
}

}  // namespace

std::string plan_text(const rules::RuleSet& rules, const PlanView& p) {
    std::string out = "Planned battle of " + one_line(p.plan.name) + (p.plan.date ? ", " + p.plan.date->text() : "") +
                      (p.plan.place.empty() ? "" : ", " + one_line(p.plan.place)) + (p.reported() ? " (reported)" : " (planned, not yet fought)") + "\n";
    out += plan_parts(rules, p);
    if (p.draft_lines)
        out += "A draft report is waiting, " + count_of(*p.draft_lines, "line", "lines") + " of losses and fates (muster battle draft " + shell_positional(p.plan.name) +
               "; apply it with muster battle report " + shell_option("--draft", p.plan.name) + ")\n";
    return out;
}

Outcome Plans::plan(const std::string& typed, std::optional<Day> date, const std::string& given_place) {
    const auto name = require_name("battle", typed);
    const auto place = require_place(given_place);
    const auto c = m_session.current();
    if (date) require_in_years(m_session.rules(), *date, "battle date");
    auto& store = m_session.state().store;
    Outcome out;
    out.operation = store.run_operation(c.id, OperationKind::plan, [&](std::int64_t op) {
        for (const auto& b : db::Battles(store).battles(c.id))
            if (same_ignoring_case(b.name, name))
                throw Error("a battle named \"" + b.name + "\" is already recorded: a battle is planned before it is fought (expected a new name)");
        const auto plans = db::Battles(store).plans(c.id);
        if (const auto* p = open_plan_named(plans, name))
            throw Error("a battle named \"" + p->plan.name + "\" is already planned (expected a new name, or deploy into it: muster battle deploy " +
                        shell_word(p->plan.name) + " DIVISION...)");
        db::Battles(store).insert_plan(c.id, {0, name, date, place, std::nullopt});
        // A battle is announced: every side reads its name, date and place (not who is there).
        store.set_audience(op, Audience::everyone());
        out.summary = "Planned the battle of " + name + (date ? ", " + date->text() : "") + (place.empty() ? "" : ", " + place);
        return out.summary;
    });
    return out;
}

namespace {

// Dice typed for a placeholder the step does not roll up: refused, and the step with them.
void require_rolled_up(bool dice_typed, bool rolled_up, const std::string& divisions) {
    if (dice_typed && !rolled_up)
        throw UsageError("dice were typed in (--rolls) for a placeholder rolled up on the field, and " + divisions +
                         " is no placeholder (generated already): nothing is rolled; leave --rolls out");
}

}  // namespace

PlanStep Plans::deploy(const std::string& battle, const std::vector<std::string>& typed, const ArriveFn& arrive, bool dice_typed) {
    if (typed.empty()) throw UsageError("name the divisions on the field of " + battle);
    const auto c = m_session.current();
    auto& store = m_session.state().store;
    PlanStep out;
    store.together(c.id, [&] {
        std::vector<std::string> roll_up;
        std::string named;  // the division named, as the campaign spells it (one named)
        std::optional<int> year;
        out.outcome.operation = store.run_operation(c.id, OperationKind::plan, [&](std::int64_t op) {
            const auto plans = db::Battles(store).plans(c.id);
            const auto& plan = open_plan(plans, db::Battles(store).battles(c.id), battle);
            const auto places = open_places(plans);
            std::vector<std::pair<std::string, std::string>> parts;
            for (const auto& d : divisions_named(store, c, m_session.rules(), typed)) {
                if (const auto it = places.find(d.id); it != places.end()) {
                    const auto& [where, role] = it->second;
                    if (where == &plan && role == PlanRole::reserve)
                        throw Error(m_session.rules().division_noun() + " " + d.name + " is " + part_in(role, plan.plan.name) + ": a reserve comes on the field when it arrives (muster battle arrive " +
                                    shell_word(plan.plan.name) + " " + shell_word(d.name) + ")");
                    throw Error(m_session.rules().division_noun() + " " + d.name + " is already " + part_in(role, where->plan.name) +
                                ": a " + m_session.rules().division_noun() + " is in one battle planned at a time (expected one in no open plan)");
                }
                db::Battles(store).set_plan_division(plan.plan.id, d.id, PlanRole::deployed);
                named = d.name;
                const bool placeholder = d.status == DivisionStatus::placeholder;
                if (placeholder) roll_up.push_back(d.name);
                parts.emplace_back(d.side, d.name + (placeholder ? " (rolled up on the field)" : ""));
                out.outcome.lines.push_back(d.name + (placeholder ? ": a placeholder, rolled up on the field (below), hidden from the enemy until revealed"
                                                                  : ": on the field as it stands"));
            }
            year = year_of(m_session.rules(), plan.plan);
            out.outcome.summary = journal_line(store, op, "Deployed at " + plan.plan.name + ": ", parts);
            return out.outcome.summary;
        });
        require_rolled_up(dice_typed, !roll_up.empty(), typed.size() == 1 ? named : "each division named");
        for (const auto& name : roll_up) {
            ArrivalRequest r;
            r.division = name;
            r.year = year;
            out.arrivals.push_back(arrive ? arrive(r) : m_session.arrivals().arrive(r));
        }
    });
    return out;
}

Outcome Plans::reserve(const std::string& battle, const std::vector<std::string>& typed) {
    if (typed.empty()) throw UsageError("name the divisions in reserve for " + battle);
    const auto c = m_session.current();
    auto& store = m_session.state().store;
    Outcome out;
    out.operation = store.run_operation(c.id, OperationKind::plan, [&](std::int64_t op) {
        const auto plans = db::Battles(store).plans(c.id);
        const auto& plan = open_plan(plans, db::Battles(store).battles(c.id), battle);
        const auto places = open_places(plans);
        std::vector<std::pair<std::string, std::string>> parts;
        for (const auto& d : divisions_named(store, c, m_session.rules(), typed)) {
            if (const auto it = places.find(d.id); it != places.end()) {
                const auto& [where, role] = it->second;
                throw Error(m_session.rules().division_noun() + " " + d.name + " is already " + part_in(role, where->plan.name) +
                            (where == &plan ? ": a " + m_session.rules().division_noun() + " is in reserve or on the field, not both (expected one not in the plan)"
                                            : ": a " + m_session.rules().division_noun() + " is in one battle planned at a time (expected one in no open plan)"));
            }
            db::Battles(store).set_plan_division(plan.plan.id, d.id, PlanRole::reserve);
            parts.emplace_back(d.side, d.name);
            out.lines.push_back(d.name + (d.status == DivisionStatus::placeholder ? ": a placeholder, rolled up when it arrives on the field"
                                                                                  : ": off the table until it arrives"));
        }
        out.summary = journal_line(store, op, "In reserve for " + plan.plan.name + ": ", parts);
        return out.summary;
    });
    return out;
}

PlanStep Plans::arrive(const std::string& battle, const std::string& typed, const ArriveFn& arrive, bool dice_typed) {
    const auto c = m_session.current();
    auto& store = m_session.state().store;
    PlanStep out;
    store.together(c.id, [&] {
        std::optional<std::string> roll_up;
        std::string named;  // the division, as the campaign spells it
        std::optional<int> year;
        out.outcome.operation = store.run_operation(c.id, OperationKind::plan, [&](std::int64_t op) {
            const auto plans = db::Battles(store).plans(c.id);
            const auto& plan = open_plan(plans, db::Battles(store).battles(c.id), battle);
            const auto d = division_named(store, c, typed);
            named = d.name;
            std::optional<PlanRole> role;
            for (const auto& e : plan.divisions)
                if (e.division_id == d.id) role = e.role;
            // What it could have named: the plan's reserves still off the field.
            const auto expected = [&] {
                std::vector<std::string> reserves;
                const auto units = db::Rosters(store).roster(c.id, {false, false, false, true}).units;
                for (const auto& e : plan.divisions)
                    for (const auto& u : units)
                        if (e.role == PlanRole::reserve && u.kind == UnitKind::division && u.id == e.division_id) reserves.push_back(u.name);
                return reserves.empty() ? "it has no reserve off the field: muster battle reserve " + shell_word(plan.plan.name) + " DIVISION... names one"
                                        : "expected one of its reserves: " + join(reserves, ", ");
            };
            if (role == PlanRole::arrived)
                throw Error(m_session.rules().division_noun() + " " + d.name + " has already arrived on the field at " + plan.plan.name + ": a reserve arrives once (" + expected() + ")");
            if (role == PlanRole::deployed)
                throw Error(m_session.rules().division_noun() + " " + d.name + " is deployed at " + plan.plan.name + ", on the field from the start: only a reserve arrives (" + expected() + ")");
            if (!role) throw Error(m_session.rules().division_noun() + " " + d.name + " is not in reserve for " + plan.plan.name + " (" + expected() + ")");
            db::Battles(store).set_plan_division(plan.plan.id, d.id, PlanRole::arrived);
            const bool placeholder = d.status == DivisionStatus::placeholder;
            if (placeholder) roll_up = d.name;
            year = year_of(m_session.rules(), plan.plan);
            out.outcome.summary = journal_line(store, op, "Arrived on the field at " + plan.plan.name + " from the reserve: ",
                                               {{d.side, d.name + (placeholder ? " (rolled up)" : "")}});
            return out.outcome.summary;
        });
        require_rolled_up(dice_typed, roll_up.has_value(), named);
        if (roll_up) {
            ArrivalRequest r;
            r.division = *roll_up;
            r.year = year;
            out.arrivals.push_back(arrive ? arrive(r) : m_session.arrivals().arrive(r));
        }
    });
    return out;
}

std::vector<PlanView> Plans::list(const View& viewer) const {
    require_view(m_session.rules(), viewer);
    const auto c = m_session.current();
    const auto& store = m_session.state().store;
    std::vector<campaign::PlannedBattle> plans;
    army::OrderOfBattle all;
    std::vector<campaign::DraftInfo> drafts;
    std::set<std::int64_t> known;
    std::set<std::pair<std::int64_t, std::int64_t>> seen_there;
    store.read([&] {
        plans = db::Battles(store).plans(c.id);
        if (plans.empty()) return;
        all = db::Rosters(store).order_of_battle(c.id);
        if (viewer.is_umpire()) drafts = db::Battles(store).drafts(c.id);
        else {
            known = db::Battles(store).battles_known_to(c.id, viewer.side());
            seen_there = db::Battles(store).fought_seen(c.id);
        }
    });
    return plans_seen(plans, all, plans.empty() ? std::set<std::int64_t>{} : divisions_seen(all, viewer), drafts, known, seen_there, viewer);
}

std::string Plans::show(const std::string& typed, const View& viewer) const {
    const auto& rules = m_session.rules();
    const auto battles = m_session.battles().list(viewer);
    const auto plans = list(viewer);
    // What the viewer may name: the battles it fought (with the plan each closed, if any), and
    // the plans every side reads whose battle it did not fight.
    struct Named {
        std::string name;
        const campaign::BattleInfo* battle = nullptr;
        const PlanView* plan = nullptr;
    };
    std::vector<Named> named;
    for (const auto& b : battles) {
        Named n{b.name, &b, nullptr};
        for (const auto& p : plans)
            if (p.plan.battle_id == b.id) n.plan = &p;
        named.push_back(n);
    }
    for (const auto& p : plans) {
        const bool fought = std::any_of(battles.begin(), battles.end(), [&](const auto& b) { return p.plan.battle_id == b.id; });
        if (!fought) named.push_back({p.plan.name, nullptr, &p});
    }
    std::vector<std::string> names;
    for (const auto& n : named) names.push_back(n.name);
    const auto i = match_one(typed, names, "battle");
    if (i < 0)
        throw NotFoundError("no battle named \"" + visible(typed) + "\"" + (viewer.is_umpire() ? "" : " that " + rules.the_side(viewer.side()) + " fought") +
                            did_you_mean(typed, names));
    const auto& n = named[static_cast<size_t>(i)];
    if (!n.battle) return plan_text(rules, *n.plan);
    auto out = summary_text(rules, m_session.battles().summary(n.battle->name, viewer));
    if (n.plan) out += "As planned\n" + plan_parts(rules, *n.plan, "  ");
    return out;
}

}  // namespace muster::app
