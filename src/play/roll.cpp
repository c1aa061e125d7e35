#include "play/roll.hpp"

#include "core/error.hpp"
#include "core/match.hpp"
#include "core/text.hpp"

#include <algorithm>
#include <cstdlib>

namespace muster::play {

std::vector<std::string> column_ids(const rules::PlayTable& t) {
    std::vector<std::string> ids;
    for (const auto& c : t.columns) ids.push_back(c.id);
    return ids;
}

namespace {

using rules::Party;
using rules::PlayModifier;
using rules::PlayTable;

std::string signed_text(int v) { return (v >= 0 ? "+" : "") + std::to_string(v); }

std::string modifier_ids(const PlayTable& t) {
    std::vector<std::string> ids;
    for (const auto& m : t.modifiers)
        ids.push_back((t.difference && m.party != Party::either ? std::string(spell(m.party)) + ":" : std::string()) + m.id);
    return ids.empty() ? "none" : join(ids, ", ");
}

const rules::PlayColumn& choose_column(const PlayTable& t, const Request& r) {
    if (t.by_points()) {
        if (!r.column.empty())
            throw UsageError("table " + t.id + " is read by fire points, not by a column: give --points, not --column \"" + r.column + "\"");
        if (!r.points) throw UsageError("table " + t.id + " is read by fire points: give them with --points, e.g. --points 6 or --points 1/2");
        return t.columns.front();  // replaced once the factors are applied
    }
    if (r.points) throw UsageError("table " + t.id + " is not read by fire points: --points does not apply");
    if (t.columns.size() == 1) {
        if (!r.column.empty() && r.column != t.columns.front().id)
            throw UsageError("table " + t.id + " has no columns to choose from: --column \"" + r.column + "\" does not apply");
        return t.columns.front();
    }
    const auto ids = column_ids(t);
    if (r.column.empty())
        throw UsageError("table " + t.id + " is read in one of its columns (" + t.column_name + "): give --column, one of " + join(ids, ", "));
    if (const auto* c = t.find_column(r.column)) return *c;
    throw UsageError("table " + t.id + " has no column \"" + r.column + "\": expected one of " + join(ids, ", ") + did_you_mean(r.column, ids));
}

Applied apply(const PlayTable& t, const Choice& c) {
    std::vector<std::string> ids;
    for (const auto& m : t.modifiers) ids.push_back(m.id);
    const PlayModifier* m = t.find_modifier(c.modifier, c.party);
    if (!m) {
        if (t.find_modifier(c.modifier, Party::either))
            throw UsageError("modifier \"" + c.modifier + "\" of table " + t.id + " is not for the " + std::string(spell(c.party)) +
                             "'s roll (modifiers: " + modifier_ids(t) + ")");
        throw UsageError("table " + t.id + " has no modifier \"" + c.modifier + "\" (modifiers: " + modifier_ids(t) + ")" + did_you_mean(c.modifier, ids));
    }
    Applied a{m, m->party == Party::either ? c.party : m->party, 1, m->value, c.from};
    // One given without its side, where both sides' rolls have one of that id (AWI lists each
    // side's apart), is no more the attacker's than the defender's.
    const auto* attacker = t.find_modifier(c.modifier, Party::attacker);
    const auto* defender = t.find_modifier(c.modifier, Party::defender);
    const bool both_have = c.party == Party::either && attacker && defender && attacker != defender;
    if (t.difference && (a.party == Party::either || both_have))
        throw UsageError("table " + t.id + " is rolled by both sides: say whose roll \"" + c.modifier + "\" modifies, attacker:" + c.modifier +
                         " or defender:" + c.modifier);
    if (!t.difference && c.party != Party::either)
        throw UsageError("table " + t.id + " is one roll: modifier \"" + c.modifier + "\" takes no attacker: or defender:");
    const std::string named = "modifier \"" + c.modifier + "\" (" + m->text + ", " + m->value_text() + ")";
    if (m->choose) {
        if (!c.n) throw UsageError(named + " takes a value you choose: give " + c.modifier + "=N, N from " + signed_text(m->choose->first) + " to " + signed_text(m->choose->second));
        if (*c.n < m->choose->first || *c.n > m->choose->second)
            throw UsageError(named + ": " + std::to_string(*c.n) + " is outside " + signed_text(m->choose->first) + " to " + signed_text(m->choose->second));
        a.value = *c.n;
    } else if (m->each) {
        const int times = c.n.value_or(1);
        if (times < 1 || times > rules::k_most_each)
            throw UsageError(named + ": counted " + std::to_string(times) + " times; expected 1 to " + std::to_string(rules::k_most_each));
        a.times = times;
        a.value = m->value * times;
    } else if (c.n) {
        throw UsageError(named + " is taken once and takes no value: give " + c.modifier + " without =" + std::to_string(*c.n));
    }
    if (m->is_factor()) a.value = 0;
    return a;
}

void check_together(const PlayTable& t, const std::vector<Applied>& applied) {
    // A modifier that acts on another (a negation, on the Poltroon's) is given with it.
    for (const auto& a : applied)
        if (!a.modifier->needs.empty() && std::none_of(applied.begin(), applied.end(), [&](const Applied& b) {
                return b.party == a.party && std::find(a.modifier->needs.begin(), a.modifier->needs.end(), b.modifier->id) != a.modifier->needs.end();
            }))
            throw UsageError("modifier \"" + a.modifier->id + "\" (" + a.modifier->text + ") goes with " + join(a.modifier->needs, " or ") +
                             ", not given here: give " + (a.modifier->needs.size() == 1 ? "it" : "one of them") + " too, or leave " + a.modifier->id + " out");
    for (size_t i = 0; i < applied.size(); ++i)
        for (size_t j = i + 1; j < applied.size(); ++j) {
            const auto &a = applied[i], &b = applied[j];
            if (a.party != b.party) continue;
            const std::string whose = t.difference ? " on the " + std::string(spell(a.party)) + "'s roll" : "";
            if (a.modifier == b.modifier)
                throw UsageError("modifier \"" + a.modifier->id + "\" is given twice" + whose + (a.modifier->each ? ": count it once, " + a.modifier->id + "=N" : ""));
            if (!a.modifier->group.empty() && a.modifier->group == b.modifier->group)
                throw UsageError("modifiers \"" + a.modifier->id + "\" and \"" + b.modifier->id + "\"" + whose + " are of one group (" + a.modifier->group +
                                 "): only one of them applies");
        }
}

rules::PlayEffects with_extra_captures(rules::PlayEffects e, int score) {
    if (e.captured_each_over) e.stands_captured += std::max(0, std::abs(score) - e.captured_each_over);
    e.captured_each_over = 0;  // counted in
    return e;
}

void add(rules::PlayEffects& into, const rules::PlayEffects& e) {
    into.stands_lost += e.stands_lost;
    into.stands_captured += e.stands_captured;
    into.disordered = into.disordered || e.disordered;
    if (e.leader) into.leader = e.leader;
    if (!e.leader_roll.empty() && !into.leader) into.leader_roll = e.leader_roll;
    if (e.battery) into.battery = e.battery;
    into.rallied = into.rallied || e.rallied;
    into.low_ammo = into.low_ammo || e.low_ammo;
    into.silenced = into.silenced || e.silenced;
    into.damaged = into.damaged || e.damaged;
    into.removed = into.removed || e.removed;
    into.broken_reroll = std::max(into.broken_reroll, e.broken_reroll);
    into.leader_checks.insert(into.leader_checks.end(), e.leader_checks.begin(), e.leader_checks.end());
}

}  // namespace

Choice parse_choice(std::string_view text) {
    Choice c;
    std::string_view s = text;
    auto bad = [&](const std::string& why) {
        return UsageError("--modifier \"" + std::string(text) + "\": " + why + "; expected ID, ID=N, attacker:ID or defender:ID");
    };
    if (auto colon = s.find(':'); colon != std::string_view::npos) {
        const auto who = find_word<Party>(s.substr(0, colon));
        if (!who || *who == Party::either) throw bad("\"" + std::string(s.substr(0, colon)) + "\" is not attacker or defender");
        c.party = *who;
        s.remove_prefix(colon + 1);
    }
    if (auto eq = s.find('='); eq != std::string_view::npos) {
        int n = 0;
        std::string_view num = s.substr(eq + 1);
        const bool negative = !num.empty() && (num.front() == '-' || num.front() == '+');
        const bool minus = !num.empty() && num.front() == '-';
        if (negative) num.remove_prefix(1);
        if (num.empty() || num.size() > 3 || num.find_first_not_of("0123456789") != std::string_view::npos || !parse_int(num, n))
            throw bad("\"" + std::string(s.substr(eq + 1)) + "\" is not a whole number");
        c.n = minus ? -n : n;
        s = s.substr(0, eq);
    }
    if (s.empty()) throw bad("no modifier id");
    c.modifier = std::string(s);
    return c;
}

std::string Applied::text() const {
    std::string out = (party != Party::either ? std::string(spell(party)) + ": " : std::string()) + modifier->text + " ";
    if (modifier->is_factor()) return out + modifier->value_text();
    if (modifier->each) return out + signed_text(modifier->value) + (times > 1 ? " x" + std::to_string(times) + " = " + signed_text(value) : "");
    return out + signed_text(value);
}

void check_excluded(const rules::PlayColumn& column, const std::vector<Applied>& applied) {
    for (const auto& a : applied) {
        const auto& m = *a.modifier;
        if (m.group.empty()) continue;
        const auto refuse = [&](const std::string& by) {
            return UsageError("modifier \"" + m.id + "\" (" + m.text + ") is of the " + m.group + " modifiers, which do not apply with " + by);
        };
        if (std::find(column.excludes.begin(), column.excludes.end(), m.group) != column.excludes.end())
            throw refuse("column \"" + column.id + "\" (" + column.name + ")");
        for (const auto& b : applied)
            if (b.party == a.party && std::find(b.modifier->excludes.begin(), b.modifier->excludes.end(), m.group) != b.modifier->excludes.end())
                throw refuse("modifier \"" + b.modifier->id + "\" (" + b.modifier->text + ")");
    }
}

Request spelled_as_table(const PlayTable& t, Request r) {
    for (const auto& c : t.columns)
        if (same_ignoring_case(c.id, r.column)) r.column = c.id;
    for (auto& choice : r.modifiers)
        for (const auto& m : t.modifiers)
            if (same_ignoring_case(m.id, choice.modifier)) choice.modifier = m.id;
    return r;
}

Roll roll(const PlayTable& t, const Request& typed, dice::Source& dice) {
    const auto r = spelled_as_table(t, typed);
    if (t.kind != rules::PlayKind::roll)
        throw UsageError("table " + t.id + " (" + t.title + ") is for reference, not rolled: muster table show " + t.id);
    Roll out;
    out.table = &t;
    out.column = &choose_column(t, r);
    out.column_from = r.column_from;
    for (const auto& c : r.modifiers) out.applied.push_back(apply(t, c));
    check_together(t, out.applied);
    if (t.by_points()) {
        out.points_given = r.points;
        // Factors multiply the points exactly, in quarters; what falls below a quarter is dropped.
        int quarters = r.points->quarters;
        for (const auto& a : out.applied)
            if (a.modifier->is_factor()) quarters = quarters * a.modifier->factor_num / a.modifier->factor_den;
        out.points = rules::Points{quarters};
        out.column = t.column_for(*out.points);
        if (!out.column)
            throw UsageError(r.points->text() + " fire points" + (*out.points == *r.points ? "" : " (" + out.points->text() + " after the factors)") +
                             " are fewer than table " + t.id + "'s lowest row, " + t.columns.front().points_from->text() + ": there is no fire to roll");
    }
    const std::string title = r.purpose.empty() ? "on " + t.title : "for " + r.purpose;
    auto throw_for = [&](std::string purpose) {
        out.throws.push_back(dice.roll(t.die, purpose));
        out.purposes.push_back(std::move(purpose));
    };
    if (t.difference) {
        throw_for("attacker's " + std::string(rules::die_name(t.die)) + " " + title);
        throw_for("defender's " + std::string(rules::die_name(t.die)) + " " + title);
        out.attacker = out.throws[0].reading;
        out.defender = out.throws[1].reading;
        for (const auto& a : out.applied) (a.party == Party::attacker ? out.attacker : out.defender) += a.value;
        out.natural = out.throws[0].reading - out.throws[1].reading;
        out.score = out.attacker - out.defender;
    } else {
        throw_for(r.purpose.empty() ? std::string(rules::die_name(t.die)) + " " + title : r.purpose);
        out.natural = out.throws[0].reading;
        out.score = out.natural;
        for (const auto& a : out.applied) out.score += a.value;
    }
    out.read_at = t.read_score(out.score);
    out.row = t.row_for(*out.column, out.score);
    if (!out.row)  // the loader checked every reachable score; this guards a hand-built table
        throw Error("table " + t.id + " has no row for a score of " + std::to_string(out.score));
    out.result = &t.results[out.row->result];
    out.effects = with_extra_captures(out.result->effects, out.read_at);
    out.attacker_effects = with_extra_captures(out.result->attacker_effects, out.read_at);
    out.defender_effects = with_extra_captures(out.result->defender_effects, out.read_at);
    if (!t.difference)
        for (const auto& n : t.natural)
            if (n.band.contains(out.natural)) {
                out.natural_rolls.push_back(&n);
                add(out.effects, n.effects);
                add(out.firer_effects, n.firer_effects);
            }
    return out;
}

}  // namespace muster::play
