#include "app/table_side.hpp"

#include "app/plans.hpp"
#include "app/refs.hpp"
#include "app/session_state.hpp"
#include "core/error.hpp"
#include "core/match.hpp"
#include "core/names.hpp"
#include "core/text.hpp"

#include "db/forces.hpp"
#include "play/campaign.hpp"

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <tuple>

namespace muster::app {

namespace {

// A stream of the table side's dice: of the battle as the umpire typed it (case aside), then of
// what rolls (a table and its units, a leader's check), so no roll of one battle moves another's.
// Not as the draft spells it: a draft begun out of the enemy's sight ("SKIRMISH", a hidden unit's
// roll) would move the dice of a unit it sees, rolled after under "Skirmish".
std::string table_stream(std::string_view typed, const std::string& what) { return "table|" + lower(trim(typed)) + "|" + what; }
// A leader in a stream's name: his side, his label and his post.
std::string leader_key(const army::Leader& l) { return l.side + "|" + l.label() + "|" + l.command.unit; }

}  // namespace

const rules::PlayTable& play_table(const rules::RuleSet& rules, const std::string& id) {
    if (const auto* t = rules.find_play_table(id)) return *t;
    for (const auto& t : rules.play_tables)  // ids are lower case: "GOOD_ORDER" is one only
        if (same_ignoring_case(t.id, id)) return t;
    if (rules.play_tables.empty())
        throw UsageError("rule set " + rules.id + " has no play tables: add your own to a copy (muster rules copy " + rules.id + " FILE)");
    std::vector<std::string> ids;
    for (const auto& t : rules.play_tables) ids.push_back(t.id);
    throw UsageError("rule set " + rules.id + " has no play table \"" + id + "\" (play tables: " + join(ids, ", ") + ")" + did_you_mean(id, ids));
}

TableRolled roll_play_table(const rules::RuleSet& rules, const TableRollRequest& request) {
    if (request.seed && !request.typed_rolls.empty()) throw UsageError("give a seed or typed-in rolls, not both");
    const auto& table = play_table(rules, request.table);
    const auto rolled = [&](dice::Source& dice) {
        TableRolled out{play::roll(table, request.request, dice), std::nullopt, std::nullopt};
        play::check_excluded(*out.roll.column, out.roll.applied);
        if (out.roll.effects.broken_reroll) {
            auto again = request.request;
            again.purpose = table.title + " again (BROKEN)";
            out.again = play::roll(table, again, dice);
        }
        return out;
    };
    if (request.typed || !request.typed_rolls.empty()) {
        dice::TypedSource dice(request.typed_rolls);
        auto out = rolled(dice);
        dice.require_all_used();
        return out;
    }
    // A fresh seed is printed, so the roll can be made again.
    const std::uint64_t seed = request.seed ? *request.seed : (std::uint64_t{std::random_device{}()} << 32 | std::random_device{}());
    dice::SeededSource dice(seed);
    auto out = rolled(dice);
    out.seed = seed;
    return out;
}

namespace {

// The unit a roll is for: a brigade or a battery of the campaign.
struct Target {
    const army::BrigadeRecord* brigade = nullptr;
    const army::Battery* battery = nullptr;
    std::string ref() const { return brigade ? brigade->ref() : battery->ref(); }
    std::string side() const { return brigade ? brigade->side : battery->side; }
    std::string key() const { return brigade ? "b" + std::to_string(brigade->id) : "g" + std::to_string(battery->id); }
    std::optional<std::int64_t> brigade_id() const { return brigade ? std::optional(brigade->id) : std::nullopt; }
    std::optional<std::int64_t> battery_id() const { return battery ? std::optional(battery->id) : std::nullopt; }
    std::optional<std::int64_t> division() const { return brigade ? std::optional(brigade->division_id) : battery->division_id; }
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
        throw UsageError(option + " \"" + ref + "\" names both " + refs.brigade_noun() + " " + t.brigade->ref() + " and battery " + t.battery->ref() + ": give the one meant in full");
    if (!t.brigade && !t.battery) throw NotFoundError(brigade_error + " (nor a battery of that name)");
    if (t.brigade && !is_active(t.brigade->status)) throw Error(refs.brigade_noun() + " " + t.brigade->ref() + " is " + word(t.brigade->status) + ": it is not at the table");
    if (t.battery && t.battery->status != BatteryStatus::active) throw Error("battery " + t.battery->ref() + " is " + word(t.battery->status) + ": it is not at the table");
    return t;
}

// The units a roll or a state at the table side names (none: nullptr), held to the battles
// planned. Not a division its plan keeps in reserve off the field, until it arrives there, nor
// one a plan that lays out its field does not name (a slip of the unit typed, as often as a
// division not yet deployed): its loss would take it into the report, seen by the enemy. A plan
// with nothing deployed yet has no field to hold to: said only (in `lines`).
void hold_to_plans(const db::Store& store, std::int64_t campaign, const Refs& refs, const std::string& battle,
                   std::initializer_list<const Target*> targets, std::vector<std::string>& lines) {
    // A division is in one battle planned at a time: a roll for it under another battle's name
    // (a slip of the name: "Freemans Farm") would take its losses into that battle's report.
    const auto plans = db::Battles(store).plans(campaign);
    const auto* plan = open_plan_named(plans, battle);
    const auto planned_elsewhere = [&](std::int64_t division) -> const campaign::PlannedBattle* {
        for (const auto& p : plans)
            if (p.plan.open() && &p != plan)
                for (const auto& d : p.divisions)
                    if (d.division_id == division) return &p;
        return nullptr;
    };
    for (const auto* t : targets)
        if (const auto division = t ? t->division() : std::nullopt) {
            const auto* u = refs.division_by_id(*division);
            if (!u) throw Damaged(t->ref() + " is of division " + std::to_string(*division) + ", which is not there; run muster check, or restore a backup");
            const auto* elsewhere = planned_elsewhere(*division);
            const auto there = elsewhere ? "it is in the plan of " + elsewhere->plan.name + " (a division is in one battle planned at a time: give --battle " +
                                               shell_word(elsewhere->plan.name) + ")"
                                         : std::string();
            if (!plan) {
                if (elsewhere) throw Error(t->ref() + " is of " + u->name + ", and " + battle + " is no battle planned: " + there);
                continue;
            }
            const auto at = std::find_if(plan->divisions.begin(), plan->divisions.end(), [&](const campaign::PlanDivision& d) { return d.division_id == *division; });
            if (at != plan->divisions.end() && at->role == PlanRole::reserve)
                throw Error(t->ref() + " is of " + u->name + ", in reserve off the field at " + battle +
                            ": bring it on first with muster battle arrive " + shell_word(battle) + " " + shell_word(u->name));
            if (at == plan->divisions.end()) {
                const auto deploy = "muster battle deploy " + shell_word(battle) + " " + shell_word(u->name);
                const auto said = t->ref() + " is of " + u->name + ", which the plan of " + battle + " does not put on its field";
                if (elsewhere) throw Error(said + ": " + there);
                if (!plan->divisions.empty()) throw Error(said + ": deploy it first with " + deploy);
                lines.push_back(said + " (" + deploy + " puts it there)");
            }
        }
}

std::string signed_text(int v) { return (v >= 0 ? "+" : "") + std::to_string(v); }

// Worse fates first: a leader killed and captured in one battle was killed; a battery
// captured and wrecked was captured.
int severity(LeaderFate f) { return f == LeaderFate::killed ? 2 : f == LeaderFate::captured ? 1 : 0; }
int severity(BatteryFate f) { return f == BatteryFate::captured ? 1 : 0; }

// A state's default where the draft says nothing: in good order, with ammunition, a battery
// whole, on the field. A formation has none: the campaign does not know it until it is set.
std::optional<std::string> default_state(TableState s) {
    if (s == TableState::formation) return std::nullopt;
    return std::string(rules::k_no);
}

// How a state reads: "disordered", "in good order", "in line formation", "removed from play".
std::string state_text(TableState s, const std::string& value, const rules::RuleSet& rules) {
    const bool yes = value == rules::k_yes;
    switch (s) {
        case TableState::formation:
            for (const auto& f : rules.formations)
                if (f.id == value) return "in " + f.name;
            return "formation " + value;
        case TableState::disordered: return yes ? "disordered" : "in good order";
        case TableState::low_ammo: return yes ? "low on ammunition" : "not low on ammunition";
        case TableState::damaged: return yes ? "damaged" : "not damaged";
        case TableState::silenced: return yes ? "silenced" : "not silenced";
        case TableState::broken: return yes ? "BROKEN" : "not BROKEN";
        case TableState::off_field: return yes ? "removed from play" : "in play";
    }
    return value;
}

// A battle's states on the table: per unit ("b<id>", "g<id>"), each state's latest value and why.
class TableStates {
public:
    TableStates(const std::vector<campaign::DraftState>& rows) {
        for (const auto& r : rows) m[key(r.brigade_id, r.battery_id)][r.state] = {r.value, r.why};
    }
    static std::string key(std::optional<std::int64_t> brigade, std::optional<std::int64_t> battery) {
        return brigade ? "b" + std::to_string(*brigade) : "g" + std::to_string(*battery);
    }
    std::optional<std::string> value(const std::string& unit, TableState s) const {
        if (auto it = m.find(unit); it != m.end())
            if (auto st = it->second.find(s); st != it->second.end()) return st->second.first;
        return default_state(s);
    }
    const std::map<TableState, std::pair<std::string, std::string>>* of(const std::string& unit) const {
        auto it = m.find(unit);
        return it == m.end() ? nullptr : &it->second;
    }
    void set(const std::string& unit, TableState s, const std::string& value, const std::string& why) { m[unit][s] = {value, why}; }

private:
    std::map<std::string, std::map<TableState, std::pair<std::string, std::string>>> m;
};

// What the campaign knows of a unit at the table, each fact with how it knows it.
// The year a battle is fought in, and how it is known: its plan's date, else the campaign's.
struct BattleYear {
    int year = 0;
    std::string why;
};
std::optional<BattleYear> year_of_battle(const db::Store& store, const campaign::CampaignInfo& c, const std::string& battle) {
    const auto plans = db::Battles(store).plans(c.id);
    if (const auto* plan = open_plan_named(plans, battle); plan && plan->plan.date)
        return BattleYear{plan->plan.date->year(), "the battle of " + plan->plan.name + " is fought on " + plan->plan.date->text()};
    if (const auto year = c.year()) return BattleYear{*year, "the campaign's year is " + std::to_string(*year)};
    return std::nullopt;
}

play::Facts facts_of(const Target& t, const Refs& refs, const rules::RuleSet& rules, std::int64_t campaign,
                     const std::optional<BattleYear>& year, const db::Store& store, int drafted, const TableStates& states, const std::set<std::int64_t>& fallen) {
    play::Facts f;
    const std::string ref = t.ref();
    auto know = [&](Fact fact, const std::string& value, const std::string& why) { f.known[fact] = {value, why}; };
    know(Fact::unit, t.brigade ? rules::k_brigade_unit : rules::k_battery_unit, ref + " is a " + (t.brigade ? rules.brigade_noun() : "battery"));
    if (year) know(Fact::year, std::to_string(year->year), year->why);
    for (const auto s : {TableState::disordered, TableState::low_ammo, TableState::formation, TableState::broken, TableState::off_field, TableState::damaged,
                         TableState::silenced}) {
        if (t.brigade && (s == TableState::damaged || s == TableState::silenced)) continue;
        if (const auto v = states.value(t.key(), s)) know(*find_word<Fact>(spell(s)), *v, ref + " is " + state_text(s, *v, rules) + " on the table");
    }
    if (!t.brigade) return f;
    const auto& b = *t.brigade;
    if (const auto* r = rules.find_rating(b.rating)) know(Fact::rating, b.rating, ref + " is rated " + r->name);
    if (const auto* a = rules.find_arm(b.arm)) know(Fact::arm, b.arm, ref + " is " + a->name);
    const int now = std::max(0, b.stands - drafted);
    const auto state = b.label.state_at(now);
    know(Fact::state, lower(word(state)),
         ref + " is " + std::string(word(state)) + ": " + std::to_string(now) + " of " + std::to_string(b.start_stands) + " stands (" + b.label.text() + ")" +
             (drafted ? ", after the " + std::to_string(drafted) + " the draft takes" : ""));
    // A leader in command as the enemy at the table reads him: one fallen out of its sight still
    // commands there, or what both sides roll would tell it of the fall.
    // His name after his post ("its commander Pike"); an unnamed one is his post alone.
    const auto named = [](const army::Leader& l) { return l.name.empty() ? std::string() : " " + l.label(); };
    auto grade_of = [&](const army::Leader* l, Fact fact, const std::string& whose) {
        if (!l || !l->in_play_to_enemy() || !l->present()) {
            know(fact, rules::k_no_leader, ref + " has no " + whose + " in command");
            return;
        }
        if (fallen.count(l->id)) {
            know(fact, rules::k_no_leader, possessive(ref) + " " + whose + named(*l) + " fell in this battle (the draft has him)");
            return;
        }
        const auto* g = rules.find_grade(l->grade);
        know(fact, l->grade, possessive(ref) + " " + whose + named(*l) + " is " + (g ? g->name : l->grade.str()));
    };
    // A unit with extra command (source 000's Main and Alternate) fights under its Alternate
    // while its Main is out of play (muster's own reading: the source names the two, not when
    // the Alternate takes over).
    const auto* main = b.commander_id ? refs.leader_by_id(b.commander_id) : nullptr;
    const auto* alternate = b.alternate_id ? refs.leader_by_id(b.alternate_id) : nullptr;
    const auto in_command = [&](const army::Leader* l) { return l && l->present() && l->in_play_to_enemy() && !fallen.count(l->id); };
    if (!in_command(main) && in_command(alternate)) {
        const auto* g = rules.find_grade(alternate->grade);
        know(Fact::commander, alternate->grade,
             possessive(ref) + " Alternate commander" + named(*alternate) + " is " + (g ? g->name : alternate->grade.str()) + ", in command: its Main commander" +
                 (!main ? std::string(" is none") : named(*main) + (fallen.count(main->id) ? " fell in this battle" : " is " + std::string(word(main->status)))));
    } else {
        grade_of(main, Fact::commander, "commander");
    }
    // The superior: the division's commander, or a leader who outranks him attached to him.
    const army::Leader* superior = nullptr;
    std::string whose = "superior";
    if (const auto* d = refs.find_unit(UnitKind::division, b.division)) {
        superior = refs.unit(d->name).commander;
        if (superior)
            for (const auto& l : refs.leaders())
                if (l.attached_to && *l.attached_to == superior->id && is_active(l.status) && l.present()) {
                    superior = &l;
                    whose = "superior (attached to his " + rules.division_noun() + "'s commander)";
                }
    }
    grade_of(superior, Fact::superior, whose);
    if (const auto d = db::Forces(store).find_division(campaign, b.division); d && !d->nationality.empty()) {
        const auto* n = rules.find_nationality(d->nationality);
        know(Fact::nationality, d->nationality, ref + " is " + (n ? n->name : d->nationality));
    }
    return f;
}

// What a battle's draft holds so far: the stands it takes from each brigade, the leaders and
// batteries it has falling, the units it has fighting, and their states on the table.
struct DraftSoFar {
    std::map<std::int64_t, int> drafted;
    std::set<std::int64_t> fallen;  // the leaders it has falling
    std::map<std::int64_t, BatteryFate> batteries_lost;  // by battery: wrecked or captured there
    std::set<std::string> engaged;  // "b<brigade id>", "g<battery id>": the units it has fighting
    TableStates states;
    std::int64_t campaign;
    std::optional<BattleYear> year;
    DraftSoFar(const db::Store& store, const campaign::CampaignInfo& c, const std::string& battle)
        : states(db::Battles(store).draft_states(c.id, battle)), campaign(c.id), year(year_of_battle(store, c, battle)) {
        for (const auto& l : db::Battles(store).draft(c.id, battle)) {
            // The table's own lines: a player's submitted loss is his account of the same
            // stands, set against the rolls when the draft is reported (doubled_losses), so a roll
            // made after it reads the brigade as the rolls before it left it.
            if (l.brigade_id && !l.submitted) drafted[*l.brigade_id] += l.stands;
            if (l.kind == DraftKind::leader && l.leader_id) fallen.insert(*l.leader_id);
            if (l.kind == DraftKind::battery && l.battery_id && l.battery_fate) batteries_lost.emplace(*l.battery_id, *l.battery_fate);
            if (l.kind == DraftKind::engaged) engaged.insert(TableStates::key(l.brigade_id, l.battery_id));
        }
    }
    /// What the campaign knows of a unit now, the draft's losses and states counted in.
    play::Facts facts(const Target& t, const Refs& refs, const rules::RuleSet& rules, const db::Store& store) const {
        const auto it = t.brigade ? drafted.find(t.brigade->id) : drafted.end();
        return facts_of(t, refs, rules, campaign, year, store, it == drafted.end() ? 0 : it->second, states, fallen);
    }
};

// Adds a result's effects on one unit to the draft, line by line; what the draft cannot carry
// (a battery named on a brigade's result) is said in the outcome.
// Whether a result names what befalls artillery (silenced, damaged, a battery's fate): then a
// battery takes that, not what the result says of its target.
bool artillery_part(const rules::PlayEffects& e) { return e.silenced || e.damaged || e.battery; }

class DraftWriter {
public:
    DraftWriter(db::Store& store, const campaign::CampaignInfo& c, std::int64_t op, const std::string& battle, std::string_view typed, const Refs& refs,
                const rules::RuleSet& rules, bool difference, OperationDice& dice, CampaignRolled& out)
        : m_store(store), m_campaign(c), m_op(op), m_battle(battle), m_typed(typed), m_refs(refs), m_rules(rules), m_difference(difference), m_dice(dice), m_out(out),
          m_so_far(store, c, battle) {}

    /// What the campaign knows of a unit now.
    play::Facts facts(const Target& t) const { return m_so_far.facts(t, m_refs, m_rules, m_store); }
    /// A brigade's stands now, with what the draft takes (none: a battery's, not counted in stands), and what the draft takes.
    std::optional<std::pair<int, int>> stands(const Target& t) const {
        if (!t.brigade) return std::nullopt;
        const auto it = m_so_far.drafted.find(t.brigade->id);
        const int drafted = it == m_so_far.drafted.end() ? 0 : it->second;
        return std::pair{std::max(0, t.brigade->stands - drafted), drafted};
    }
    /// What befell a battery earlier in the battle (wrecked, captured): none, in the fight still.
    std::optional<BatteryFate> lost(const Target& t) const {
        const auto it = t.battery ? m_so_far.batteries_lost.find(t.battery->id) : m_so_far.batteries_lost.end();
        return it == m_so_far.batteries_lost.end() ? std::nullopt : std::optional(it->second);
    }

    /// The unit fought, whatever it lost: its division is in the battle. A line each roll it is
    /// named in (`each_roll`): a roll naming units of both sides is read by its own lines as made
    /// in the enemy's sight, whatever rolls named them before; a state set, once a battle.
    void engaged(const Target& t, const std::string& why, bool each_roll = true) {
        if ((each_roll || !m_so_far.engaged.count(t.key())) && m_engaged_now.insert(t.key()).second)
            m_engaged_lines.push_back({m_battle, m_op, DraftKind::engaged, t.brigade_id(), {}, t.battery_id(), 0, {}, {}, why});
    }

    void add(const Target& t, const rules::PlayEffects& e, const std::string& why) {
        engaged(t, why);
        if (t.brigade) {
            stands(t, DraftKind::lost, e.stands_lost, why);
            stands(t, DraftKind::captured, e.stands_captured, why);
        } else if (e.stands_lost || e.stands_captured) {
            m_out.outcome.lines.push_back(t.ref() + ": a battery loses no stands (the result's stands are for a " + m_rules.brigade_noun() + ")");
        }
        if (e.leader || !e.leader_roll.empty()) leader(t, e, why);
        for (const auto& check : e.leader_checks) leader_check(t, check, why);
        if (e.battery) {
            if (t.battery) line({m_battle, m_op, DraftKind::battery, {}, {}, t.battery->id, 0, {}, e.battery, why}, "battery " + t.ref() + ": " + word(*e.battery));
            else if (m_difference) m_out.outcome.lines.push_back(t.ref() + ": the result also says battery " + word(*e.battery) + "; if one was with the " + m_rules.brigade_noun() + ", add it to the report");
        }
        // A result tells the target and artillery apart ("Target disordered, Artillery
        // silenced"): a battery takes the artillery's part where the result has one.
        if (e.disordered && !(t.battery && artillery_part(e))) state(t, TableState::disordered, rules::k_yes, why);
        if (e.rallied) {
            state(t, TableState::disordered, rules::k_no, why);
            state(t, TableState::broken, rules::k_no, why);
        }
        if (e.low_ammo) state(t, TableState::low_ammo, rules::k_yes, why);
        for (const auto& [flag, s] : {std::pair{e.silenced, TableState::silenced}, std::pair{e.damaged, TableState::damaged}}) {
            if (!flag) continue;
            if (t.battery) state(t, s, rules::k_yes, why);
            else if (m_difference) m_out.outcome.lines.push_back(t.ref() + ": the result also says artillery " + std::string(spell(s)) + "; if a battery was with it, mark it (muster table state)");
        }
        if (e.removed) state(t, TableState::off_field, rules::k_yes, why);
        if (e.broken_reroll) state(t, TableState::broken, rules::k_yes, why);
    }

    /// A state on the table, written where it changes.
    void state(const Target& t, TableState s, const std::string& value, const std::string& why) {
        if (m_so_far.states.value(t.key(), s) == value) return;
        m_so_far.states.set(t.key(), s, value, why);
        m_new_states.push_back({m_battle, m_op, t.brigade_id(), t.battery_id(), s, value, why});
        m_out.outcome.lines.push_back(t.ref() + ": " + state_text(s, value, m_rules) + " (on the table)");
    }

private:
    void stands(const Target& t, DraftKind kind, int n, const std::string& why) {
        if (n <= 0) return;
        auto& drafted = m_so_far.drafted[t.brigade->id];
        const int left = t.brigade->stands - drafted;
        const int take = std::min(n, left);
        const std::string what = kind == DraftKind::lost ? "lost" : "captured";
        if (take <= 0) {
            m_out.outcome.lines.push_back(t.ref() + ": " + count_of(n, "stand", "stands") + " " + what + ", but the draft already takes every stand it has");
            return;
        }
        drafted += take;
        line({m_battle, m_op, kind, t.brigade->id, {}, {}, take, {}, {}, why},
             t.ref() + ": " + count_of(take, "stand", "stands") + " " + what + (take < n ? " (of " + std::to_string(n) + ": it has no more)" : ""));
    }

    // The leader in command of the unit, as its facts read him: its commander, or where he is
    // out of play (fallen in this battle too) its Alternate; none, said why.
    const army::Leader* commander(const Target& t, const std::string& what) {
        const auto by_id = [&](std::int64_t id) { return id ? m_refs.leader_by_id(id) : nullptr; };
        const auto* main = t.brigade ? by_id(t.brigade->commander_id) : nullptr;
        const auto* alternate = t.brigade ? by_id(t.brigade->alternate_id) : nullptr;
        const auto in_command = [&](const army::Leader* l) { return l && l->present() && l->in_play_to_enemy() && !m_so_far.fallen.count(l->id); };
        if (in_command(main)) return main;
        if (in_command(alternate)) return alternate;
        const auto* fell = main && m_so_far.fallen.count(main->id) ? main : alternate && m_so_far.fallen.count(alternate->id) ? alternate : nullptr;
        m_out.outcome.lines.push_back(t.ref() + ": " + what + (fell ? ", but its leader " + fell->label() + " fell in this battle already (the draft has him)"
                                                                    : ", but it has no leader in command"));
        return nullptr;
    }

    void leader(const Target& t, const rules::PlayEffects& e, const std::string& why) {
        const auto* l = commander(t, "the result falls on its leader");
        if (!l) return;
        auto fate = e.leader;
        std::string reason = why;
        if (!fate) {
            // The result calls for the fallen-leader table: rolled now, in the same operation.
            const auto& table = play_table(m_rules, e.leader_roll);
            play::Request request;
            request.purpose = "fallen leader: " + l->label();
            m_out.fallen = play::roll(table, request, m_dice.source_for(table_stream(m_typed, table.id + "|" + leader_key(*l)),
                                                                        "leader " + std::to_string(l->id), t.division()));
            const auto& r = *m_out.fallen;
            m_out.outcome.rolls.push_back({request.purpose, table.id, r.throws.at(0), r.result->text});
            fate = r.effects.leader;
            reason = table.title + " " + std::to_string(r.score) + ": " + r.result->text + " (after " + why + ")";
            if (!fate) {
                m_out.outcome.lines.push_back("leader " + l->label() + ": " + r.result->text + ", no effect");
                return;
            }
        }
        m_so_far.fallen.insert(l->id);
        line({m_battle, m_op, DraftKind::leader, {}, l->id, {}, 0, fate, {}, reason}, "leader " + l->label() + ": " + word(*fate));
    }

    // "The line officer is killed on a roll of 1-5 on 1d(10)": rolled now for the unit's own leader.
    void leader_check(const Target& t, const rules::LeaderCheck& check, const std::string& why) {
        const auto* l = commander(t, "the result rolls for its leader");
        if (!l) return;
        const std::string purpose = "d10 for " + l->label() + ": " + word(check.fate) + " on " + check.band.text;
        const auto th = m_dice.source_for(table_stream(m_typed, "check|" + leader_key(*l)), "leader " + std::to_string(l->id), t.division())
                            .roll(rules::Die::d10, purpose);
        const bool falls = check.band.contains(th.reading);
        m_out.outcome.rolls.push_back({purpose, "d10", th, falls ? std::string(word(check.fate)) : "unharmed"});
        if (!falls) {
            m_out.outcome.lines.push_back("leader " + l->label() + ": rolled " + std::to_string(th.reading) + " (" + word(check.fate) + " on " + check.band.text + "), unharmed");
            return;
        }
        m_so_far.fallen.insert(l->id);
        line({m_battle, m_op, DraftKind::leader, {}, l->id, {}, 0, check.fate, {},
              "d10 " + std::to_string(th.reading) + ", " + word(check.fate) + " on " + check.band.text + " (after " + why + ")"},
             "leader " + l->label() + ": " + word(check.fate) + " (rolled " + std::to_string(th.reading) + ")");
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
        for (const auto& s : m_new_states) db::Battles(m_store).insert_draft_state(m_campaign.id, s);
    }
    size_t count() const { return m_lines.size(); }
    size_t states() const { return m_new_states.size(); }

private:
    db::Store& m_store;
    const campaign::CampaignInfo& m_campaign;
    std::int64_t m_op;
    const std::string& m_battle;
    std::string_view m_typed;  ///< the battle as typed for the roll: its dice's stream
    const Refs& m_refs;
    const rules::RuleSet& m_rules;
    bool m_difference;  // a charge: a battery may have been with the brigade; fire names one or the other
    OperationDice& m_dice;
    CampaignRolled& m_out;
    DraftSoFar m_so_far;
    std::vector<campaign::DraftLine> m_engaged_lines;  // the units this roll names (not counted as lines)
    std::set<std::string> m_engaged_now;               // their keys ("b<brigade id>", "g<battery id>")
    std::vector<campaign::DraftLine> m_lines;
    std::vector<campaign::DraftState> m_new_states;
};

// The units a roll names, found in the campaign: the unit (or attacker), the defender, the firer.
std::tuple<std::optional<Target>, std::optional<Target>, std::optional<Target>> targets(const Refs& refs, const CampaignRoll& r) {
    std::optional<Target> unit, defender, firer;
    if (!r.unit.empty()) unit = find_target(refs, r.unit, "--unit");
    if (!r.defender.empty()) defender = find_target(refs, r.defender, "--defender");
    if (!r.firer.empty()) firer = find_target(refs, r.firer, "--firer");
    if (unit && defender && unit->side() == defender->side())
        throw UsageError(unit->ref() + " and " + defender->ref() + " are both of side " + unit->side() + ": a charge is between enemies");
    if (unit && firer && unit->side() == firer->side())
        throw UsageError(firer->ref() + " and its target " + unit->ref() + " are both of side " + unit->side() + ": fire is at the enemy");
    return {unit, defender, firer};
}

// The roster of a roll at the table naming `refs`: each of them found there (roster_naming).
campaign::Roster table_roster(const db::Store& store, std::int64_t campaign, const std::vector<std::string>& refs) {
    return roster_naming(store, campaign, refs, [&](const Refs& found) {
        for (const auto& ref : refs)
            if (!ref.empty()) find_target(found, ref, "");
    });
}

// The battle a draft is for: a battle planned or a draft under way as it spells it, found as
// names are (exactly, ignoring case, or by a beginning only it has); else a new draft of the
// name typed. Refused once it is reported.
std::string draft_battle(const db::Store& store, std::int64_t campaign, const Refs& refs, const std::string& typed) {
    const auto recorded = [&](const std::string& name) {
        for (const auto& b : refs.battles())
            if (same_ignoring_case(b.name, name)) return &b;
        return static_cast<const campaign::BattleInfo*>(nullptr);
    };
    const auto refuse = [](const campaign::BattleInfo& b) {
        return Error("battle " + b.name + " is already recorded: a draft report is for a battle still to be reported");
    };
    const auto typed_name = require_name("battle", typed);
    if (const auto* b = recorded(typed_name)) throw refuse(*b);
    std::vector<std::string> under_way;
    for (const auto& p : db::Battles(store).plans(campaign))
        if (p.plan.open()) under_way.push_back(p.plan.name);
    for (const auto& d : db::Battles(store).drafts(campaign))
        if (std::find(under_way.begin(), under_way.end(), d.battle) == under_way.end()) under_way.push_back(d.battle);
    const auto found = match_one(typed_name, under_way, "battle planned or drafted");
    const auto battle = found < 0 ? typed_name : under_way[static_cast<size_t>(found)];
    // A draft left behind by a battle reported without it is found by its beginning too: refused alike.
    if (const auto* b = recorded(battle)) throw refuse(*b);
    return battle;
}

}  // namespace

StateChange parse_state_change(const std::string& text) {
    const auto eq = text.find('=');
    const auto state = eq == std::string::npos ? std::nullopt : find_word<TableState>(std::string_view(text).substr(0, eq));
    if (!state || eq + 1 >= text.size())
        throw UsageError("\"" + visible(text) + "\" is not a state on the table: expected STATE=VALUE, STATE one of " + spellings<TableState>() +
                         " (disordered=yes, formation=line)");
    return {*state, text.substr(eq + 1)};
}

CampaignRolled TableSide::roll(const CampaignRoll& r, const std::vector<std::string>& rolls) {
    const auto c = m_session.current();
    const auto& rules = m_session.rules();
    const auto& table = play_table(rules, r.table);
    if (r.unit.empty() && r.defender.empty()) throw UsageError("a roll for a battle names the unit it is for: --unit REF (a brigade or a battery)");
    if (!table.difference && !r.defender.empty())
        throw UsageError("table " + table.id + " is one roll: --defender applies to a table both sides roll; name the unit with --unit");
    if (!table.fire && !r.firer.empty())
        throw UsageError("table " + table.id + " is no fire table: --firer applies to a table rolled for fire (the unit rolled for being its target)");
    if (table.fire && r.unit.empty()) throw UsageError("table " + table.id + " is rolled for fire: name its target with --unit");
    auto& store = m_session.state().store;
    CampaignRolled out;
    out.outcome.operation = store.run_operation(c.id, OperationKind::table_roll, [&](std::int64_t op) {
        const auto roster = table_roster(store, c.id, {r.unit, r.defender, r.firer});
        const Refs refs(roster, m_session.rules());
        const auto battle = draft_battle(store, c.id, refs, r.battle);
        const auto [unit, defender, firer] = targets(refs, r);
        // The umpire's roll: the sides read its outcome in the battle's report.
        OperationDice dice(m_session.state(), c, op, Audience::umpire_only(), "table side", "operation " + std::to_string(op), rolls);
        DraftWriter draft(store, c, op, battle, r.battle, refs, rules, table.difference, dice, out);

        // What the campaign knows of the units decides the column and modifiers it can.
        auto facts = [&](const std::optional<Target>& t) { return t ? std::optional(draft.facts(*t)) : std::nullopt; };
        const auto unit_facts = facts(unit), defender_facts = facts(defender), firer_facts = facts(firer);
        for (const auto* f : {&unit_facts, &defender_facts, &firer_facts})
            if (*f)
                if (const auto* off = (*f)->find(Fact::off_field); off && off->value == rules::k_yes)
                    throw Error(off->why + " in " + battle + ": it is not at the table (muster table state --battle " + shell_word(battle) + " --unit REF off_field=no brings it back)");
        // A brigade with no stands left, or a battery wrecked or captured earlier in the battle,
        // is out of it: it neither fires, charges nor is fired on.
        for (const auto* t : {&unit, &defender, &firer})
            if (*t)
                if (const auto s = draft.stands(**t); s && s->first == 0)
                    throw Error((*t)->ref() + " has no stands left (" + std::to_string((*t)->brigade->stands) + " in the campaign" +
                                (s->second ? ", and the draft of " + battle + " takes " + std::to_string(s->second) : "") + "): it is not at the table");
        for (const auto* t : {&unit, &defender, &firer})
            if (*t)
                if (const auto fate = draft.lost(**t))
                    throw Error((*t)->ref() + " is " + word(*fate) + " in the draft of " + battle + ": it is out of the battle (muster battle draft " +
                                shell_positional(battle) + " shows the roll that took it)");
        // A silenced battery limbers up and moves back: it fires once it is no longer silenced.
        if (firer_facts && !r.override)
            if (const auto* silenced = firer_facts->find(Fact::silenced); silenced && silenced->value == rules::k_yes)
                throw Error(silenced->why + " in " + battle + ": a silenced battery limbers up and moves back, and fires once it is no longer silenced (muster table state --battle " +
                            shell_word(battle) + " --unit " + shell_word(firer->ref()) + " silenced=no; --override rolls it all the same)");
        hold_to_plans(store, c.id, refs, battle, {unit ? &*unit : nullptr, defender ? &*defender : nullptr, firer ? &*firer : nullptr}, out.outcome.lines);
        auto ptr = [](const std::optional<play::Facts>& f) { return f ? &*f : nullptr; };
        const auto resolved = play::with_campaign(table, r.request, {ptr(unit_facts), ptr(defender_facts), ptr(firer_facts)}, r.override);
        auto request = resolved.request;
        std::vector<std::string> named, keys, streams;
        for (const auto* t : {&firer, &unit, &defender})
            if (*t) {
                named.push_back((*t)->ref());
                keys.push_back((*t)->key());
                streams.push_back(named.back() + seen_since(store, (*t)->division()));  // its dice since its division was last revealed
            }
        const std::string against = join(named, table.fire ? " firing at " : " against ");
        request.purpose = table.title + ": " + against;
        // The roll's dice are the units' own in this battle (a stream of the battle, the table and
        // the units' names, counted for them alone): a roll on one unit, a hidden one least of all,
        // never moves another's, nor a roll of another battle (a plan's draft thrown away) the next's.
        out.roll = play::roll(table, request, dice.source_for(table_stream(r.battle, table.id + "|" + join(streams, "|")), join(keys, ",")));
        const auto& result = *out.roll.result;
        const std::string score = table.difference ? "difference " + signed_text(out.roll.score) : "score " + std::to_string(out.roll.score);
        for (size_t i = 0; i < out.roll.throws.size(); ++i)
            out.outcome.rolls.push_back({out.roll.purposes[i], table.id, out.roll.throws[i], score + ": " + result.text});
        const std::string why = table.title + " " + (table.difference ? signed_text(out.roll.score) : std::to_string(out.roll.score)) + ": " +
                                result.heading();
        if (table.difference) {
            if (unit) draft.add(*unit, out.roll.attacker_effects, why);
            if (defender) draft.add(*defender, out.roll.defender_effects, why);
            if (!unit && out.roll.attacker_effects.any()) out.outcome.lines.push_back("the attacker's losses are not drafted: no --unit named it");
            if (!defender && out.roll.defender_effects.any()) out.outcome.lines.push_back("the defender's losses are not drafted: no --defender named it");
        } else {
            draft.add(*unit, out.roll.effects, why);
            if (firer) draft.add(*firer, out.roll.firer_effects, why);
            else if (out.roll.firer_effects.any()) out.outcome.lines.push_back("the firer's part is not drafted: no --firer named it");
            // BROKEN: the table rolled again at once, the unit removed from play at or below the score given.
            if (const int at_most = out.roll.effects.broken_reroll) {
                auto again = request;
                again.purpose = table.title + " again (BROKEN): " + against;
                const auto second = play::roll(table, again, dice.source_for(table_stream(r.battle, table.id + "|again|" + join(streams, "|")), join(keys, ",")));
                out.outcome.rolls.push_back({second.purposes[0], table.id, second.throws[0], "score " + std::to_string(second.score)});
                const std::string why_again = table.title + " again " + std::to_string(second.score) + " (after BROKEN)";
                const bool removed = second.score <= at_most;
                out.outcome.lines.push_back(unit->ref() + ": BROKEN, rolled again at once: " + second.throws[0].faces_text() + ", score " +
                                            std::to_string(second.score) + (removed ? ", " : ", above ") + std::to_string(at_most) +
                                            (removed ? " or less: removed from play" : ": stays in play, BROKEN"));
                if (removed) draft.state(*unit, TableState::off_field, rules::k_yes, why_again + ": " + std::to_string(at_most) + " or less");
            }
            // The effect shown is what befalls the target: stands lost are a brigade's; wrecked,
            // damaged and silenced a battery's (as the draft takes them).
            auto& e = out.roll.effects;
            if (unit->brigade) {
                e.battery.reset();
                e.damaged = e.silenced = false;
            } else {
                e.stands_lost = e.stands_captured = 0;
                if (artillery_part(e)) e.disordered = false;
            }
        }
        dice.record(store, op, out.outcome.rolls, Mode::apply);
        draft.write();
        std::string overridden;
        if (r.override)
            overridden = (resolved.overridden.empty() ? "; the organiser's modifiers, as given (override)"
                                                      : "; the organiser's modifiers, overriding the campaign's " + join(resolved.overridden, "; ")) +
                         (resolved.given_over.empty() ? "" : "; given over the campaign's reading: " + join(resolved.given_over, "; "));
        out.outcome.summary = table.title + " for " + battle + " (" + against + "): " + score + ", " + result.heading() + "; " +
                              (draft.count() ? count_of(static_cast<int>(draft.count()), "line", "lines") + " added to the draft report" : "nothing for the draft report") +
                              (draft.states() ? "; " + count_of(static_cast<int>(draft.states()), "state", "states") + " on the table" : "") + overridden;
        out.overridden = resolved.overridden;
        out.given_over = resolved.given_over;
        return out.outcome.summary;
    });
    return out;
}

play::Resolved TableSide::campaign_choices(const CampaignRoll& r) const {
    const auto c = m_session.current();
    const auto& rules = m_session.rules();
    const auto& table = play_table(rules, r.table);
    auto& store = m_session.state().store;
    play::Resolved out;
    store.read([&] {
        const auto roster = table_roster(store, c.id, {r.unit, r.defender, r.firer});
        const Refs refs(roster, m_session.rules());
        const DraftSoFar so_far(store, c, draft_battle(store, c.id, refs, r.battle));
        const auto [unit, defender, firer] = targets(refs, r);
        auto facts = [&](const std::optional<Target>& t) { return t ? std::optional(so_far.facts(*t, refs, rules, store)) : std::nullopt; };
        const auto unit_facts = facts(unit), defender_facts = facts(defender), firer_facts = facts(firer);
        auto ptr = [](const std::optional<play::Facts>& f) { return f ? &*f : nullptr; };
        out = play::with_campaign(table, r.request, {ptr(unit_facts), ptr(defender_facts), ptr(firer_facts)}, r.override);
    });
    return out;
}

Outcome TableSide::set_state(const std::string& typed, const std::string& ref, const std::vector<StateChange>& changes) {
    const auto c = m_session.current();
    const auto& rules = m_session.rules();
    if (changes.empty()) throw UsageError("give at least one state: disordered=yes, low_ammo=no, formation=line...");
    // A state given twice is two answers to one question: the last would win unsaid.
    for (size_t i = 0; i < changes.size(); ++i)
        for (size_t j = i + 1; j < changes.size(); ++j)
            if (changes[i].state == changes[j].state)
                throw UsageError(std::string(word(changes[i].state)) + " is given twice (" + word(changes[i].state) + "=" + visible(changes[i].value) + ", " +
                                 word(changes[j].state) + "=" + visible(changes[j].value) + "): give it once");
    auto& store = m_session.state().store;
    Outcome out;
    out.operation = store.run_operation(c.id, OperationKind::table_state, [&](std::int64_t op) {
        const auto roster = table_roster(store, c.id, {ref});
        const Refs refs(roster, m_session.rules());
        const auto battle = draft_battle(store, c.id, refs, typed);
        const auto unit = find_target(refs, ref, "--unit");
        CampaignRolled scratch;
        hold_to_plans(store, c.id, refs, battle, {&unit}, scratch.outcome.lines);
        OperationDice dice(m_session.state(), c, op, Audience::umpire_only(), "table side", "operation " + std::to_string(op), {});
        DraftWriter draft(store, c, op, battle, typed, refs, rules, false, dice, scratch);
        draft.engaged(unit, "state on the table set by the umpire", false);
        for (const auto& ch : changes) {
            std::vector<std::string> allowed{rules::k_yes, rules::k_no};
            if (ch.state == TableState::formation) {
                allowed.clear();
                for (const auto& f : rules.formations) allowed.push_back(f.id);
                if (allowed.empty()) throw UsageError("rule set " + rules.id + " names no formations: formation= does not apply");
            }
            if (std::find(allowed.begin(), allowed.end(), ch.value) == allowed.end())
                throw UsageError(word(ch.state) + "=" + visible(ch.value) + ": expected " + word(ch.state) + "=" + join(allowed, ", or " + word(ch.state) + "="));
            // A formation only some arms take (L'Ordre Mixte's column of attack: "Infantry only").
            if (ch.state == TableState::formation) {
                const auto& f = *std::find_if(rules.formations.begin(), rules.formations.end(), [&](const rules::Formation& x) { return x.id == ch.value; });
                const std::string arm = unit.brigade ? std::string(unit.brigade->arm) : std::string(k_artillery);
                if (!f.open_to(arm))
                    throw UsageError("formation=" + f.id + " (" + f.name + ") is for " + f.arms_text(rules) + " only: " + unit.ref() + " is " +
                                     (unit.brigade ? rules::name_or_id(rules.find_arm(arm), arm) : std::string("a battery")) + " (muster rules show " + rules.id + ")");
            }
            if (unit.brigade && (ch.state == TableState::damaged || ch.state == TableState::silenced))
                throw UsageError(std::string(spell(ch.state)) + " is a battery's state: " + unit.ref() + " is a " + rules.brigade_noun());
            draft.state(unit, ch.state, ch.value, "set by the umpire");
        }
        draft.write();
        out.lines = scratch.outcome.lines;
        // What it set, as the lines say it of the unit ("disordered (on the table)").
        std::vector<std::string> set;
        for (const auto& line : out.lines) set.push_back(line.rfind(unit.ref() + ": ", 0) == 0 ? line.substr(unit.ref().size() + 2) : line);
        out.summary = "State on the table in " + battle + " for " + unit.ref() + ": " + (set.empty() ? std::string("no change") : join(set, "; "));
        return out.summary;
    });
    return out;
}

battle::Report report_from_draft(const std::string& battle, const std::vector<campaign::DraftLine>& lines, const Refs& refs,
                                 int wounded_out_for, const std::map<std::int64_t, int>& captured_beside) {
    battle::Report report;
    report.name = battle;
    std::map<std::int64_t, size_t> brigade_at;
    std::map<std::int64_t, LeaderFate> leader_fate;
    std::map<std::int64_t, BatteryFate> battery_fate;
    auto fought = [&](const std::string& division) {
        if (std::find(report.divisions.begin(), report.divisions.end(), division) == report.divisions.end()) report.divisions.push_back(division);
    };
    const auto fought_id = [&](std::int64_t division) {
        if (const auto* d = refs.division_by_id(division)) fought(d->name);
    };
    std::vector<std::string> losing;  // the divisions of the brigades that lost stands
    std::map<size_t, std::pair<int, int>> lost;  // per brigade of the report: stands lost rolled, and submitted
    for (const auto& l : lines) {
        switch (l.kind) {
            case DraftKind::engaged: {
                if (l.brigade_id) {
                    const auto* b = refs.brigade_by_id(*l.brigade_id);
                    if (!b) throw Error("the draft report of " + battle + " names a brigade the campaign no longer has");
                    fought(b->division);
                } else if (const auto* g = refs.battery_by_id(*l.battery_id); g && g->division_id) {
                    fought_id(*g->division_id);
                }
                break;
            }
            case DraftKind::lost:
            case DraftKind::captured: {
                const auto* b = refs.brigade_by_id(*l.brigade_id);
                if (!b) throw Error("the draft report of " + battle + " names a brigade the campaign no longer has");
                auto [it, fresh] = brigade_at.emplace(b->id, report.brigades.size());
                if (fresh) {
                    report.brigades.push_back({b->ref(), 0, 0, ""});
                    losing.push_back(b->division);
                }
                if (l.kind == DraftKind::captured) report.brigades[it->second].captured += l.stands;
                else (l.submitted ? lost[it->second].second : lost[it->second].first) += l.stands;
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
    // A player gives the stands his brigade took off the table, captured ones too: beside the
    // table's rolls (lost and captured) and the prisoners the umpire gives beside the draft, the
    // two are one loss told twice, the larger taken.
    std::map<size_t, int> also_captured;
    for (const auto& [brigade, stands] : captured_beside)
        if (const auto it = brigade_at.find(brigade); it != brigade_at.end()) also_captured[it->second] = stands;
    for (const auto& [at, n] : lost) {
        const int captured = report.brigades[at].captured + (also_captured.count(at) ? also_captured.at(at) : 0);
        report.brigades[at].lost = n.second > 0 && n.first + captured > 0 ? std::max(n.first, n.second - captured) : n.first + n.second;
    }
    // Where rolls name the units engaged, the division of each unit that lost or fell fought
    // too: losses a player submitted beside another's rolls (none engaged: the report takes them
    // from what was lost, as any report does).
    if (!report.divisions.empty()) {
        for (const auto& division : losing) fought(division);
        for (const auto& [id, fate] : leader_fate)
            if (const auto* l = refs.leader_by_id(id))
                if (const auto division = refs.division_of(*l)) fought_id(*division);
        for (const auto& [id, fate] : battery_fate)
            if (const auto* g = refs.battery_by_id(id); g && g->division_id) fought_id(*g->division_id);
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

namespace {

// A brigade's stands in a draft: rolled at the table (lost, captured), the umpire's prisoners
// given beside it, and what a player submitted (by whom).
struct Taken {
    int lost = 0, captured = 0, beside = 0, submitted = 0;
    std::string by;
};

std::map<std::int64_t, Taken> taken_by_brigade(const std::vector<campaign::DraftLine>& lines, const std::map<std::int64_t, int>& captured_beside) {
    std::map<std::int64_t, Taken> taken;
    for (const auto& l : lines) {
        if (!l.brigade_id || (l.kind != DraftKind::lost && l.kind != DraftKind::captured)) continue;
        auto& t = taken[*l.brigade_id];
        if (l.kind == DraftKind::captured) t.captured += l.stands;
        else if (!l.submitted) t.lost += l.stands;
        else {
            t.submitted += l.stands;
            t.by = l.why;
        }
    }
    for (auto& [id, t] : taken)
        if (const auto it = captured_beside.find(id); it != captured_beside.end()) t.beside = it->second;
    return taken;
}

}  // namespace

std::vector<std::string> doubled_losses(const std::vector<campaign::DraftLine>& lines, const Refs& refs, const std::map<std::int64_t, int>& captured_beside) {
    std::vector<std::string> out;
    for (const auto& [id, t] : taken_by_brigade(lines, captured_beside)) {
        // The umpire's prisoners beside the draft, where the table took stands too, are among them.
        const int captured = t.captured + (t.lost + t.captured > 0 ? t.beside : 0);
        // The same: one loss told twice, as the draft reads it (the larger of the two).
        if (const int rolled = t.lost + captured; rolled > 0 && t.submitted > 0 && rolled != t.submitted)
            out.push_back(refs.brigade_at(id, "a draft line").ref() + ": " + count_of(rolled, "stand", "stands") +
                          (captured ? " lost and captured (" + std::to_string(t.lost) + " and " + std::to_string(captured) + ")" : std::string(" lost")) +
                          " rolled at the table, " + std::to_string(t.submitted) + " " + t.by);
    }
    return out;
}

std::vector<std::string> prisoners_past_submitted(const std::vector<campaign::DraftLine>& lines, const Refs& refs, const std::map<std::int64_t, int>& captured_beside) {
    std::vector<std::string> out;
    for (const auto& [id, t] : taken_by_brigade(lines, captured_beside))
        if (t.lost + t.captured == 0 && t.submitted > 0 && t.beside > t.submitted)
            out.push_back(refs.brigade_at(id, "a draft line").ref() + ": " + count_of(t.beside, "stand", "stands") + " captured given with the report, more than the " +
                          std::to_string(t.submitted) + " lost (captured ones too) " + t.by + ": the prisoners taken, no stand lost besides");
    return out;
}

void require_no_doubled_loss(const rules::RuleSet& rules, const std::string& battle, const std::vector<campaign::DraftLine>& lines, const Refs& refs,
                             const std::map<std::int64_t, int>& captured_beside) {
    if (const auto doubled = doubled_losses(lines, refs, captured_beside); !doubled.empty())
        throw UsageError("stands lost both rolled at the table and submitted by a player (" + join(doubled, "; ") + "): a player gives his " +
                         rules.brigade_noun() + "'s whole loss, so the two are not added. Write the draft out with muster battle draft --write FILE " +
                         shell_positional(battle) + " (it gives the larger), give the stands each lost in all, and report the file");
}

std::string draft_named(const db::Store& store, const rules::RuleSet& rules, std::int64_t campaign, const std::string& typed) {
    std::vector<std::string> names;
    for (const auto& d : db::Battles(store).drafts(campaign)) names.push_back(d.battle);
    const auto i = match_one(typed, names, "draft report");
    if (i < 0) {
        // A battle reported from its draft has none left: said so, not as a name unknown.
        std::vector<std::string> fought;
        for (const auto& b : db::Battles(store).battles(campaign)) fought.push_back(b.name);
        if (const auto f = match_one(typed, fought, "battle"); f >= 0)
            throw Error("battle " + fought[static_cast<size_t>(f)] + " is already reported, and a reported battle has no draft (muster battle show " +
                        shell_word(fought[static_cast<size_t>(f)]) + "; muster battle amend changes it)");
        // What fills one in this campaign: the table side's rolls where the rule set has play
        // tables, else only the players' losses sent in.
        const std::string fills = rules.play_tables.empty()
                                      ? " (the losses a player submits through his link fill one; rule set " + rules.id + " has no play tables to roll at the table side)"
                                      : " (muster table roll ... --battle NAME --unit REF fills one, as do the losses a player submits)";
        throw NotFoundError("no draft report for battle \"" + visible(typed) + "\"" + (names.empty() ? fills : did_you_mean(typed, names)));
    }
    return names[static_cast<size_t>(i)];
}

Draft TableSide::draft(const std::string& typed) const {
    const auto c = m_session.current();
    auto& store = m_session.state().store;
    Draft out;
    store.read([&] {
        const auto battle = draft_named(store, m_session.rules(), c.id, typed);
        out = make_draft(battle, db::Battles(store).draft(c.id, battle), db::Battles(store).draft_states(c.id, battle), Refs(db::Rosters(store).roster(c.id), m_session.rules()),
                         m_session.rules());
        // A planned battle's day and place, as its report takes them: in the file written out too.
        const auto plans = db::Battles(store).plans(c.id);
        if (const auto* plan = open_plan_named(plans, battle)) {
            out.report.date = plan->plan.date;
            out.report.place = plan->plan.place;
        }
    });
    return out;
}

Draft make_draft(const std::string& battle, const std::vector<campaign::DraftLine>& lines, const std::vector<campaign::DraftState>& states,
                 const Refs& refs, const rules::RuleSet& rules) {
    Draft out{battle, {}, {}, {}, report_from_draft(battle, lines, refs), doubled_losses(lines, refs)};
    for (const auto& l : lines)
        if (l.submitted && l.kind == DraftKind::lost && l.brigade_id) {
            const auto& b = refs.brigade_at(*l.brigade_id, "a draft line");
            out.submitted.push_back({b.id, b.ref(), b.side, l.stands, l.why});
        }
    // Each unit's states now, where they differ from the default (in good order, on the field).
    const TableStates now(states);
    std::set<std::string> done;
    for (const auto& s : states) {
        const auto key = TableStates::key(s.brigade_id, s.battery_id);
        if (!done.insert(key).second) continue;
        const auto name = s.brigade_id ? refs.brigade_at(*s.brigade_id, "a state on the table").ref() : refs.battery_at(*s.battery_id, "a state on the table").ref();
        for (const auto& [state, value] : *now.of(key))
            if (value.first != rules::k_no) out.states.push_back(name + ": " + state_text(state, value.first, rules) + " (" + value.second + ")");
    }
    for (const auto& l : lines) {
        std::string what;
        switch (l.kind) {
            case DraftKind::engaged: {
                auto unit = l.brigade_id ? refs.brigade_at(*l.brigade_id, "a draft line").ref() : refs.battery_at(*l.battery_id, "a draft line").ref();
                if (std::find(out.engaged.begin(), out.engaged.end(), unit) == out.engaged.end()) out.engaged.push_back(std::move(unit));
                continue;
            }
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
    out.operation = store.run_operation(c.id, OperationKind::draft_discarded, [&](std::int64_t op) {
        const auto battle = draft_named(store, m_session.rules(), c.id, typed);
        const auto lines = db::Battles(store).draft(c.id, battle);
        db::Battles(store).clear_draft(c.id, battle);
        // Its lines of losses and fates, counted as the list of drafts counts them (not those saying who fought).
        const auto counted = std::count_if(lines.begin(), lines.end(), [](const campaign::DraftLine& l) { return l.kind != DraftKind::engaged; });
        out.summary = "Discarded the draft report of " + battle + " (" + count_of(static_cast<int>(counted), "line", "lines") + " of losses and fates)";
        // A side whose players' losses waited in it is told they were set aside: its own lines as
        // they sent them, not the draft's name (another may have spelled it first) nor its size.
        // (A battle of its name it fought took them, from the draft written out as a file and
        // edited: nothing is said. One only the enemy fought is not the side's to know of.)
        std::map<std::string, std::vector<std::string>> set_aside;
        if (std::any_of(lines.begin(), lines.end(), [](const campaign::DraftLine& l) { return l.submitted; })) {
            const auto roster = db::Rosters(store).roster(c.id, {true, false, false, false});
            const Refs refs(roster, m_session.rules());
            for (const auto& l : lines)
                if (l.submitted && l.kind == DraftKind::lost && l.brigade_id) {
                    const auto& b = refs.brigade_at(*l.brigade_id, "a draft line");
                    set_aside[b.side].push_back(b.ref() + ": " + count_of(l.stands, "stand", "stands") + " lost");
                }
            std::erase_if(set_aside, [&](const auto& told) {
                const auto fought = db::Battles(store).battles_fought_by(c.id, told.first);
                return std::any_of(fought.begin(), fought.end(), [&](const campaign::BattleInfo& b) { return same_ignoring_case(b.name, battle); });
            });
        }
        if (!set_aside.empty()) {
            std::vector<std::string> sides;
            for (const auto& [side, _] : set_aside) sides.push_back(side);
            store.set_audience(op, Audience::sides(sides));
            for (const auto& [side, told] : set_aside)
                store.set_side_summary(op, side, "The umpire set aside the losses your players submitted, not reported: " + join(told, ", ") +
                                                     " (send them again under the battle's name if they belong to one)");
        }
        return out.summary;
    });
    return out;
}

}  // namespace muster::app
