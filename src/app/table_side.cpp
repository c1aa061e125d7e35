#include "app/table_side.hpp"

#include "app/refs.hpp"
#include "app/session_state.hpp"
#include "core/error.hpp"
#include "core/match.hpp"
#include "core/names.hpp"
#include "core/text.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <random>

namespace muster::app {

const rules::PlayTable& play_table(const rules::RuleSet& rules, const std::string& id) {
    if (const auto* t = rules.find_play_table(id)) return *t;
    if (rules.play_tables.empty())
        throw UsageError("rule set " + rules.id + " has no play tables: add your own to a copy (muster rules copy " + rules.id + " FILE)");
    std::vector<std::string> ids;
    for (const auto& t : rules.play_tables) ids.push_back(t.id);
    throw UsageError("rule set " + rules.id + " has no play table \"" + id + "\" (play tables: " + join(ids, ", ") + ")" + did_you_mean(id, ids));
}

TableRolled roll_play_table(const rules::RuleSet& rules, const TableRollRequest& request) {
    if (request.seed && !request.typed_rolls.empty()) throw UsageError("give a seed or typed-in rolls, not both");
    const auto& table = play_table(rules, request.table);
    if (request.typed || !request.typed_rolls.empty()) {
        dice::TypedSource dice(request.typed_rolls);
        TableRolled out{play::roll(table, request.request, dice), std::nullopt};
        dice.require_all_used();
        return out;
    }
    // A fresh seed is printed, so the roll can be made again.
    const std::uint64_t seed = request.seed ? *request.seed : (std::uint64_t{std::random_device{}()} << 32 | std::random_device{}());
    dice::SeededSource dice(seed);
    return {play::roll(table, request.request, dice), seed};
}

namespace {

// The unit a roll is for: a brigade or a battery of the campaign.
struct Target {
    const army::Brigade* brigade = nullptr;
    const army::Battery* battery = nullptr;
    std::string ref() const { return brigade ? brigade->ref() : battery->ref(); }
    std::string side() const { return brigade ? brigade->side : battery->side; }
};

Target find_target(const Refs& refs, const std::string& ref, const std::string& option) {
    Target t;
    std::string brigade_error;
    try {
        t.brigade = &refs.brigade(ref);
    } catch (const NotFoundError& e) {
        brigade_error = e.what();
    }
    try {
        t.battery = &refs.battery(ref);
    } catch (const NotFoundError&) {
    }
    if (t.brigade && t.battery)
        throw UsageError(option + " \"" + ref + "\" names both brigade " + t.brigade->ref() + " and battery " + t.battery->ref() + ": give the one meant in full");
    if (!t.brigade && !t.battery) throw NotFoundError(brigade_error + " (nor a battery of that name)");
    if (t.brigade && !is_active(t.brigade->status)) throw Error("brigade " + t.brigade->ref() + " is " + word(t.brigade->status) + ": it is not at the table");
    if (t.battery && t.battery->status != BatteryStatus::active) throw Error("battery " + t.battery->ref() + " is " + word(t.battery->status) + ": it is not at the table");
    return t;
}

std::string signed_text(int v) { return (v >= 0 ? "+" : "") + std::to_string(v); }

// Worse fates first: a leader killed and captured in one battle was killed; a battery
// captured and wrecked was captured.
int severity(LeaderFate f) { return f == LeaderFate::killed ? 2 : f == LeaderFate::captured ? 1 : 0; }
int severity(BatteryFate f) { return f == BatteryFate::captured ? 1 : 0; }

// Adds a result's effects on one unit to the draft, line by line; what the draft cannot carry
// (disorder, a battery named on a brigade's result) is said in the outcome.
class DraftWriter {
public:
    DraftWriter(db::Store& store, const campaign::CampaignInfo& c, std::int64_t op, const std::string& battle, const Refs& refs,
                const rules::RuleSet& rules, bool difference, OperationDice& dice, CampaignRolled& out)
        : m_store(store), m_campaign(c), m_op(op), m_battle(battle), m_refs(refs), m_rules(rules), m_difference(difference), m_dice(dice), m_out(out) {
        // What the draft already takes from each brigade (it cannot lose more than it has), and
        // the units it already has as engaged.
        for (const auto& l : db::Battles(store).draft(c.id, battle)) {
            if (l.brigade_id) m_drafted[*l.brigade_id] += l.stands;
            if (l.kind == DraftKind::engaged) m_engaged.insert(l.brigade_id ? "b" + std::to_string(*l.brigade_id) : "g" + std::to_string(*l.battery_id));
        }
    }

    void add(const Target& t, const rules::PlayEffects& e, const std::string& why) {
        // The unit fought, whatever it lost: its division is in the battle.
        if (m_engaged.insert(t.brigade ? "b" + std::to_string(t.brigade->id) : "g" + std::to_string(t.battery->id)).second)
            m_engaged_lines.push_back({m_battle, m_op, DraftKind::engaged, t.brigade ? std::optional(t.brigade->id) : std::nullopt, {},
                                       t.battery ? std::optional(t.battery->id) : std::nullopt, 0, {}, {}, why});
        if (t.brigade) {
            stands(t, DraftKind::lost, e.stands_lost, why);
            stands(t, DraftKind::captured, e.stands_captured, why);
        } else if (e.stands_lost || e.stands_captured) {
            m_out.outcome.lines.push_back(t.ref() + ": a battery loses no stands (the result's stands are for a brigade)");
        }
        if (e.leader || !e.leader_roll.empty()) leader(t, e, why);
        if (e.battery) {
            if (t.battery) line({m_battle, m_op, DraftKind::battery, {}, {}, t.battery->id, 0, {}, e.battery, why}, "battery " + t.ref() + ": " + word(*e.battery));
            else if (m_difference) m_out.outcome.lines.push_back(t.ref() + ": the result also says battery " + word(*e.battery) + "; if one was with the brigade, add it to the report");
        }
        if (e.disordered) m_out.outcome.lines.push_back(t.ref() + ": disordered (stays on the table)");
    }

private:
    void stands(const Target& t, DraftKind kind, int n, const std::string& why) {
        if (n <= 0) return;
        const int left = t.brigade->stands - m_drafted[t.brigade->id];
        const int take = std::min(n, left);
        const std::string what = kind == DraftKind::lost ? "lost" : "captured";
        if (take <= 0) {
            m_out.outcome.lines.push_back(t.ref() + ": " + count_of(n, "stand", "stands") + " " + what + ", but the draft already takes every stand it has");
            return;
        }
        m_drafted[t.brigade->id] += take;
        line({m_battle, m_op, kind, t.brigade->id, {}, {}, take, {}, {}, why},
             t.ref() + ": " + count_of(take, "stand", "stands") + " " + what + (take < n ? " (of " + std::to_string(n) + ": it has no more)" : ""));
    }

    void leader(const Target& t, const rules::PlayEffects& e, const std::string& why) {
        const army::Leader* l = t.brigade && t.brigade->commander.id ? m_refs.leader_by_id(t.brigade->commander.id) : nullptr;
        if (!l || !is_active(l->status)) {
            m_out.outcome.lines.push_back(t.ref() + ": the result falls on its leader, but it has no leader in command");
            return;
        }
        auto fate = e.leader;
        std::string reason = why;
        if (!fate) {
            // The result calls for the fallen-leader table: rolled now, in the same operation.
            const auto& table = play_table(m_rules, e.leader_roll);
            play::Request request;
            request.purpose = "fallen leader: " + l->label();
            m_out.fallen = play::roll(table, request, m_dice.source_for("table|" + table.id + "|" + l->side + "|" + l->label()));
            const auto& r = *m_out.fallen;
            m_out.outcome.rolls.push_back({request.purpose, table.id, r.throws.at(0), r.result->text});
            fate = r.effects.leader;
            reason = table.title + " " + std::to_string(r.score) + ": " + r.result->text + " (after " + why + ")";
            if (!fate) {
                m_out.outcome.lines.push_back("leader " + l->label() + ": " + r.result->text + ", no effect");
                return;
            }
        }
        line({m_battle, m_op, DraftKind::leader, {}, l->id, {}, 0, fate, {}, reason}, "leader " + l->label() + ": " + word(*fate));
    }

    void line(const campaign::DraftLine& l, const std::string& text) {
        m_lines.push_back(l);
        m_out.outcome.lines.push_back(text);
    }

public:
    // Written after the rolls are journaled: a roll is logged before its result is used.
    void write() {
        for (const auto* lines : {&m_engaged_lines, &m_lines})
            for (const auto& l : *lines) db::Battles(m_store).insert_draft_line(m_campaign.id, l);
    }
    size_t count() const { return m_lines.size(); }

private:
    db::Store& m_store;
    const campaign::CampaignInfo& m_campaign;
    std::int64_t m_op;
    const std::string& m_battle;
    const Refs& m_refs;
    const rules::RuleSet& m_rules;
    bool m_difference;  // a charge: a battery may have been with the brigade; fire names one or the other
    OperationDice& m_dice;
    CampaignRolled& m_out;
    std::map<std::int64_t, int> m_drafted;
    std::set<std::string> m_engaged;                  // "b<brigade id>", "g<battery id>"
    std::vector<campaign::DraftLine> m_engaged_lines;  // units new to the battle (not counted as lines)
    std::vector<campaign::DraftLine> m_lines;
};

}  // namespace

CampaignRolled TableSide::roll(const CampaignRoll& r, const std::vector<std::string>& rolls) {
    const auto c = m_session.current();
    const auto& rules = m_session.rules();
    const auto& table = play_table(rules, r.table);
    auto battle = require_name("battle", r.battle);
    if (r.unit.empty() && r.defender.empty()) throw UsageError("a roll for a battle names the unit it is for: --unit REF (a brigade or a battery)");
    if (!table.difference && !r.defender.empty())
        throw UsageError("table " + table.id + " is one roll: --defender applies to a table both sides roll; name the unit with --unit");
    auto& store = m_session.state().store;
    CampaignRolled out;
    out.outcome.operation = store.run_operation(c.id, OperationKind::table_roll, [&](std::int64_t op) {
        const auto roster = db::Rosters(store).roster(c.id);
        const Refs refs(roster);
        for (const auto& b : refs.battles())
            if (same_ignoring_case(b.name, battle))
                throw Error("battle " + b.name + " is already recorded: a draft report is for a battle still to be reported");
        // A draft under way is added to as it is spelled, however the battle is typed now.
        for (const auto& d : db::Battles(store).drafts(c.id))
            if (same_ignoring_case(d.battle, battle)) battle = d.battle;
        std::optional<Target> unit, defender;
        if (!r.unit.empty()) unit = find_target(refs, r.unit, "--unit");
        if (!r.defender.empty()) defender = find_target(refs, r.defender, "--defender");
        if (unit && defender && unit->side() == defender->side())
            throw UsageError(unit->ref() + " and " + defender->ref() + " are both of side " + unit->side() + ": a charge is between enemies");
        // The umpire's roll: the sides read its outcome in the battle's report.
        OperationDice dice(m_session.state(), c, op, Audience::umpire_only(), "table side", rolls);
        auto request = r.request;
        std::vector<std::string> named;
        for (const auto* t : {&unit, &defender})
            if (*t) named.push_back((*t)->ref());
        request.purpose = table.title + ": " + join(named, " against ");
        // The roll's dice are the units' own (a stream of the table and the units' names): a roll
        // on one unit, a hidden one least of all, never moves another's.
        out.roll = play::roll(table, request, dice.source_for("table|" + table.id + "|" + join(named, "|")));
        const auto& result = *out.roll.result;
        const std::string score = table.difference ? "difference " + signed_text(out.roll.score) : "score " + std::to_string(out.roll.score);
        for (size_t i = 0; i < out.roll.throws.size(); ++i)
            out.outcome.rolls.push_back({out.roll.purposes[i], table.id, out.roll.throws[i], score + ": " + result.text});
        const std::string why = table.title + " " + (table.difference ? signed_text(out.roll.score) : std::to_string(out.roll.score)) + ": " +
                                result.heading();
        DraftWriter draft(store, c, op, battle, refs, rules, table.difference, dice, out);
        if (table.difference) {
            if (unit) draft.add(*unit, out.roll.attacker_effects, why);
            if (defender) draft.add(*defender, out.roll.defender_effects, why);
            if (!unit && out.roll.attacker_effects.any()) out.outcome.lines.push_back("the attacker's losses are not drafted: no --unit named it");
            if (!defender && out.roll.defender_effects.any()) out.outcome.lines.push_back("the defender's losses are not drafted: no --defender named it");
        } else {
            draft.add(*unit, out.roll.effects, why);
        }
        dice.record(store, op, out.outcome.rolls, Mode::apply);
        draft.write();
        out.outcome.summary = table.title + " for " + battle + " (" + join(named, " against ") + "): " + score + ", " +
                              result.heading() + "; " +
                              (draft.count() ? count_of(static_cast<int>(draft.count()), "line", "lines") + " added to the draft report" : "nothing for the draft report");
        return out.outcome.summary;
    });
    return out;
}

battle::Report report_from_draft(const std::string& battle, const std::vector<campaign::DraftLine>& lines, const Refs& refs,
                                 int wounded_out_for) {
    battle::Report report;
    report.name = battle;
    std::map<std::int64_t, size_t> brigade_at;
    std::map<std::int64_t, LeaderFate> leader_fate;
    std::map<std::int64_t, BatteryFate> battery_fate;
    auto fought = [&](const std::string& division) {
        if (std::find(report.divisions.begin(), report.divisions.end(), division) == report.divisions.end()) report.divisions.push_back(division);
    };
    for (const auto& l : lines) {
        switch (l.kind) {
            case DraftKind::engaged: {
                if (l.brigade_id) {
                    const auto* b = refs.brigade_by_id(*l.brigade_id);
                    if (!b) throw Error("the draft report of " + battle + " names a brigade the campaign no longer has");
                    fought(b->division);
                } else if (const auto* g = refs.battery_by_id(*l.battery_id); g && g->division_id) {
                    for (const auto& u : refs.units())
                        if (u.kind == UnitKind::division && u.id == *g->division_id) fought(u.name);
                }
                break;
            }
            case DraftKind::lost:
            case DraftKind::captured: {
                const auto* b = refs.brigade_by_id(*l.brigade_id);
                if (!b) throw Error("the draft report of " + battle + " names a brigade the campaign no longer has");
                auto [it, fresh] = brigade_at.emplace(b->id, report.brigades.size());
                if (fresh) report.brigades.push_back({b->ref(), 0, 0, ""});
                (l.kind == DraftKind::lost ? report.brigades[it->second].lost : report.brigades[it->second].captured) += l.stands;
                break;
            }
            case DraftKind::leader: {
                auto [f, fresh] = leader_fate.emplace(*l.leader_id, *l.leader_fate);
                if (!fresh && severity(*l.leader_fate) > severity(f->second)) f->second = *l.leader_fate;
                break;
            }
            case DraftKind::battery: {
                auto [f, fresh] = battery_fate.emplace(*l.battery_id, *l.battery_fate);
                if (!fresh && severity(*l.battery_fate) > severity(f->second)) f->second = *l.battery_fate;
                break;
            }
        }
    }
    for (const auto& [id, fate] : leader_fate) {
        const auto* l = refs.leader_by_id(id);
        if (!l) throw Error("the draft report of " + battle + " names a leader the campaign no longer has");
        // By the unit he commands (unique, and readable in a report file), else by his number.
        report.leaders.push_back({l->command.unit.empty() ? "#" + std::to_string(id) : l->command.unit, fate, "", wounded_out_for});
    }
    for (const auto& [id, fate] : battery_fate) {
        const auto* b = refs.battery_by_id(id);
        if (!b) throw Error("the draft report of " + battle + " names a battery the campaign no longer has");
        report.batteries.push_back({b->ref(), fate, ""});
    }
    return report;
}

std::string draft_named(const db::Store& store, std::int64_t campaign, const std::string& typed) {
    std::vector<std::string> names;
    for (const auto& d : db::Battles(store).drafts(campaign)) names.push_back(d.battle);
    const auto i = match_one(typed, names, "draft report");
    if (i < 0)
        throw NotFoundError("no draft report for battle \"" + visible(typed) + "\"" +
                            (names.empty() ? " (muster table roll ... --battle NAME --unit REF fills one)" : did_you_mean(typed, names)));
    return names[static_cast<size_t>(i)];
}

Draft TableSide::draft(const std::string& typed) const {
    const auto c = m_session.current();
    auto& store = m_session.state().store;
    Draft out;
    store.read([&] {
        const auto battle = draft_named(store, c.id, typed);
        out = make_draft(battle, db::Battles(store).draft(c.id, battle), Refs(db::Rosters(store).roster(c.id)));
    });
    return out;
}

Draft make_draft(const std::string& battle, const std::vector<campaign::DraftLine>& lines, const Refs& refs) {
    Draft out{battle, {}, {}, report_from_draft(battle, lines, refs)};
    for (const auto& l : lines) {
        std::string what;
        switch (l.kind) {
            case DraftKind::engaged:
                out.engaged.push_back(l.brigade_id ? refs.brigade_at(*l.brigade_id, "a draft line").ref()
                                                   : refs.battery_at(*l.battery_id, "a draft line").ref());
                continue;
            case DraftKind::lost: what = refs.brigade_at(*l.brigade_id, "a draft line").ref() + ": " + count_of(l.stands, "stand", "stands") + " lost"; break;
            case DraftKind::captured:
                what = refs.brigade_at(*l.brigade_id, "a draft line").ref() + ": " + count_of(l.stands, "stand", "stands") + " captured";
                break;
            case DraftKind::leader: what = "leader " + refs.leader_at(*l.leader_id, "a draft line").label() + ": " + word(*l.leader_fate); break;
            case DraftKind::battery: what = "battery " + refs.battery_at(*l.battery_id, "a draft line").ref() + ": " + word(*l.battery_fate); break;
        }
        out.lines.push_back(what + " (" + l.why + ")");
    }
    return out;
}

std::vector<campaign::DraftInfo> TableSide::drafts() const { return db::Battles(m_session.state().store).drafts(m_session.current().id); }

Outcome TableSide::discard(const std::string& typed) {
    auto& store = m_session.state().store;
    const auto c = m_session.current();
    Outcome out;
    out.operation = store.run_operation(c.id, OperationKind::draft_discarded, [&](std::int64_t) {
        const auto battle = draft_named(store, c.id, typed);
        const auto lines = db::Battles(store).draft(c.id, battle);
        db::Battles(store).clear_draft(c.id, battle);
        out.summary = "Discarded the draft report of " + battle + " (" + count_of(static_cast<int>(lines.size()), "line", "lines") + ")";
        return out.summary;
    });
    return out;
}

}  // namespace muster::app
