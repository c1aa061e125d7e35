// After the battle: the battle report, recovery of casualties, fallen leaders and the fate
// of brigades. Every change is one operation of the store.
#include "app/campaign_service.hpp"
#include "app/campaign_state.hpp"
#include "app/refs.hpp"
#include "battle/recovery.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "generate/generate.hpp"

#include <map>

namespace muster::app {
namespace {

std::string state_after(const db::BrigadeRow& b, int stands) {
    const rules::EffectivenessLabel label{b.start_stands, b.worn_at, b.spent_at};
    return std::string(rules::state_name(label.state_at(stands))) + " (" + label.text() + ")";
}

// The camp prisoners of `unit_side` go to: the one named, or the only open camp of another side.
const db::CampRow& captor_camp(const Refs& refs, const std::string& name, const std::string& unit_side,
                               const std::string& what) {
    const db::CampRow* camp = nullptr;
    if (!name.empty()) {
        camp = &refs.camp(name);
    } else {
        std::vector<const db::CampRow*> open;
        for (const auto& c : refs.camps())
            if (c.side != unit_side && !c.liberated) open.push_back(&c);
        if (open.size() != 1)
            throw UsageError(what + " is captured: name the camp that receives the prisoners (" +
                             (open.empty() ? std::string("the captor has no camp yet: muster camp new NAME --side SIDE")
                                           : std::to_string(open.size()) + " camps could") + ")");
        camp = open.front();
    }
    if (camp->side == unit_side)
        throw UsageError("camp " + camp->name + " belongs to " + unit_side + ", the side of " + what +
                         ": prisoners go to a camp of the captor");
    if (camp->liberated) throw UsageError("camp " + camp->name + " was liberated: it holds no more prisoners");
    return *camp;
}

}  // namespace

Outcome CampaignService::report_battle(const battle::Report& report, bool preview) {
    const auto c = current();
    if (trim(report.name).empty()) throw UsageError("the battle needs a name");
    Outcome out;
    out.preview = preview;
    const auto body = [&](std::int64_t op) {
        const Refs refs(m->store, c.id);
        for (const auto& b : m->store.battles(c.id))
            if (b.name == report.name) throw Error("a battle named \"" + report.name + "\" is already recorded");

        // Gather per brigade (a brigade may be named more than once: once for its losses, once
        // per camp its captured stands go to).
        struct Loss {
            const db::BrigadeRow* brigade;
            int lost = 0;
            std::vector<std::pair<const db::CampRow*, int>> captured;
            int captured_total = 0;
        };
        std::vector<Loss> losses;
        std::map<std::int64_t, size_t> index;
        for (const auto& l : report.brigades) {
            const auto& b = refs.brigade(l.brigade);
            if (b.status != "active") throw Error("brigade " + b.ref() + " is " + b.status + ": it fought no battle");
            auto [it, fresh] = index.emplace(b.id, losses.size());
            if (fresh) losses.push_back({&b, 0, {}, 0});
            auto& loss = losses[it->second];
            loss.lost += l.lost;
            if (l.captured > 0) {
                loss.captured.emplace_back(&captor_camp(refs, l.camp, b.side, "brigade " + b.ref()), l.captured);
                loss.captured_total += l.captured;
            }
        }
        for (const auto& l : losses)
            if (l.lost + l.captured_total > l.brigade->stands)
                throw UsageError("brigade " + l.brigade->ref() + " loses " + std::to_string(l.lost) + " and has " +
                                 std::to_string(l.captured_total) + " captured, but has only " +
                                 std::to_string(l.brigade->stands) + " stands");

        std::vector<std::pair<const db::LeaderRow*, const battle::LeaderFate*>> leaders;
        std::vector<const db::CampRow*> leader_camps;
        for (const auto& f : report.leaders) {
            const auto& l = refs.leader(f.leader);
            for (const auto& [seen, _] : leaders)
                if (seen->id == l.id) throw UsageError("leader " + l.label() + " is reported twice");
            if (l.status != "active") throw Error("leader " + l.label() + " is already " + l.status);
            leaders.emplace_back(&l, &f);
            leader_camps.push_back(f.fate == "captured" ? &captor_camp(refs, f.camp, l.side, "leader " + l.label()) : nullptr);
        }
        std::vector<std::pair<const db::BatteryRow*, const db::CampRow*>> batteries;
        std::vector<std::string> battery_fates;
        for (const auto& f : report.batteries) {
            const auto& t = refs.battery(f.battery);
            for (const auto& [seen, _] : batteries)
                if (seen->id == t.id) throw UsageError("battery " + t.ref() + " is reported twice");
            if (t.status != "active") throw Error("battery " + t.ref() + " is already " + t.status);
            batteries.emplace_back(&t, f.fate == "captured" ? &captor_camp(refs, f.camp, t.side, "battery " + t.ref()) : nullptr);
            battery_fates.push_back(f.fate);
        }

        // The divisions that fought: as given, and every division a reported brigade belongs to.
        std::vector<std::int64_t> divisions;
        for (const auto& name : report.divisions) {
            const auto d = m->store.find_division(c.id, name);
            if (!d) throw UsageError("no division named \"" + name + "\" in campaign " + c.name);
            if (d->status == "placeholder") throw Error("division " + name + " has not arrived: it cannot have fought");
            divisions.push_back(d->id);
        }
        for (const auto& l : losses) {
            if (std::find(divisions.begin(), divisions.end(), l.brigade->division_id) != divisions.end()) continue;
            if (!report.divisions.empty())
                throw UsageError("brigade " + l.brigade->ref() + " is reported but its division is not among those that fought");
            divisions.push_back(l.brigade->division_id);
        }

        int lost = 0, captured = 0;
        for (const auto& l : losses) {
            const int after = l.brigade->stands - l.lost - l.captured_total;
            std::string line = l.brigade->ref() + ": " + std::to_string(l.brigade->stands) + " -> " + std::to_string(after) +
                               " stands (" + std::to_string(l.lost) + " lost";
            for (const auto& [camp, n] : l.captured) line += ", " + std::to_string(n) + " captured to " + camp->name;
            out.lines.push_back(line + "), " + state_after(*l.brigade, after));
            lost += l.lost;
            captured += l.captured_total;
        }
        for (size_t i = 0; i < leaders.size(); ++i) {
            const auto& [l, f] = leaders[i];
            out.lines.push_back("leader " + l->label() + ": " + f->fate +
                                (leader_camps[i] ? " to " + leader_camps[i]->name : "") +
                                (f->fate == "wounded" ? ", out for " + count_of(f->out_for, "battle", "battles") : ""));
        }
        for (size_t i = 0; i < batteries.size(); ++i)
            out.lines.push_back("battery " + batteries[i].first->ref() + ": " + battery_fates[i] +
                                (batteries[i].second ? " to " + batteries[i].second->name : ""));
        out.summary = "Battle of " + report.name + ": " + count_of(static_cast<int>(divisions.size()), "division", "divisions") +
                      ", " + count_of(lost, "stand", "stands") + " lost, " + count_of(captured, "stand", "stands") +
                      " captured, " + count_of(static_cast<int>(leaders.size()), "leader", "leaders") + " fallen, " +
                      count_of(static_cast<int>(batteries.size()), "battery", "batteries") + " lost";
        if (preview) return out.summary;

        const auto battle = m->store.insert_battle(c.id, {0, report.name, report.date, report.place, false});
        for (auto d : divisions) m->store.insert_battle_division(battle, d);
        for (const auto& l : losses) {
            m->store.insert_loss(battle, l.brigade->id, l.lost, l.captured_total);
            m->store.change_stands(op, l.brigade->id, "casualty", -l.lost);
            m->store.change_stands(op, l.brigade->id, "captured", -l.captured_total);
            for (const auto& [camp, n] : l.captured) m->store.hold_stands(camp->id, l.brigade->id, n);
        }
        for (size_t i = 0; i < leaders.size(); ++i) {
            const auto& [l, f] = leaders[i];
            m->store.set_leader_status(l->id, f->fate, battle, f->fate == "wounded" ? std::optional<int>(f->out_for) : std::nullopt);
            if (leader_camps[i]) m->store.hold_leader(leader_camps[i]->id, l->id);
        }
        for (size_t i = 0; i < batteries.size(); ++i) {
            m->store.set_battery_status(batteries[i].first->id, battery_fates[i]);
            if (batteries[i].second) m->store.hold_battery(batteries[i].second->id, batteries[i].first->id);
        }
        return out.summary;
    };
    if (preview) {
        body(0);  // checks and describes; writes nothing
        return out;
    }
    out.operation = m->store.run_operation(c.id, "battle", body);
    return out;
}

Outcome CampaignService::rolled_operation(std::string_view kind, const std::vector<std::string>& typed, bool preview,
                                          const std::function<Planned(std::int64_t, dice::Source&)>& change) {
    const auto c = current();
    if (c.dice == "typed" && typed.empty())
        throw UsageError("campaign " + c.name + " uses typed-in dice: give the rolls (--rolls 34,78,...)");
    const std::string source = typed.empty() ? "seeded" : "typed";
    Outcome out;
    const auto op = m->store.run_operation(c.id, preview ? "preview" : kind, [&](std::int64_t operation) {
        // The dice are read under the write lock: two musters cannot roll the same numbers.
        const auto now = m->store.campaign(c.id);
        dice::SeededSource seeded(now.seed, now.dice_counter);
        dice::TypedSource own(typed);
        dice::Source& dice = typed.empty() ? static_cast<dice::Source&>(seeded) : own;
        Planned plan = change(operation, dice);
        out = std::move(plan.outcome);
        if (!typed.empty()) own.require_all_used();
        // The rolls are journaled before their results are written.
        m->store.insert_rolls(operation, out.rolls, source, preview ? "discarded" : "applied");
        if (!preview) {
            if (plan.apply) plan.apply();
            // A preview leaves the dice where they were: doing it for real rolls the same.
            if (typed.empty()) m->store.set_dice_counter(c.id, seeded.counter());
        }
        return (preview ? "Previewed (not applied): " : "") + out.summary;
    });
    out.preview = preview;
    out.operation = op;
    return out;
}

Outcome CampaignService::recover(const std::string& battle_name, const std::vector<std::string>& rolls, bool preview) {
    const auto c = current();
    const auto rounding = battle::parse_rounding(c.rounding);
    if (!rounding) throw Error("campaign " + c.name + " has an unknown rounding \"" + c.rounding + "\"");
    return rolled_operation("recovery", rolls, preview, [&](std::int64_t op, dice::Source& dice) {
        std::optional<db::BattleRow> battle;
        for (const auto& b : m->store.battles(c.id))
            if (b.name == battle_name) battle = b;
        if (!battle) throw UsageError("no battle named \"" + battle_name + "\" in campaign " + c.name);
        if (battle->recovered) throw Error("the casualties of " + battle_name + " have already returned");
        const Refs refs(m->store, c.id);
        Planned plan;
        auto& out = plan.outcome;
        struct Back {
            std::int64_t brigade;
            int stands;
        };
        auto backs = std::make_shared<std::vector<Back>>();
        int total = 0, casualties = 0;
        for (const auto& loss : m->store.losses(battle->id)) {
            if (loss.casualties == 0) continue;
            const auto* b = refs.brigade_by_id(loss.brigade_id);
            const auto r = battle::recover(loss.casualties, c.return_rate, *rounding, dice, b->ref() + " returning stands");
            if (r.roll) out.rolls.push_back(*r.roll);
            std::string line = b->ref() + ": " + std::to_string(loss.casualties) + " lost, " + std::to_string(c.return_rate) +
                               "% is " + std::to_string(r.whole) + (r.percent ? "." + std::to_string(r.percent / 10) : "") +
                               ": " + count_of(r.stands, "stand returns", "stands return") + "; " +
                               std::to_string(b->stands) + " -> " + std::to_string(b->stands + r.stands) + ", " +
                               state_after(*b, b->stands + r.stands);
            if (r.roll) line += " [" + r.roll->result + "]";
            out.lines.push_back(line);
            backs->push_back({loss.brigade_id, r.stands});
            total += r.stands;
            casualties += loss.casualties;
        }
        out.summary = "Recovery after " + battle_name + ": " + count_of(total, "stand", "stands") + " of " +
                      std::to_string(casualties) + " casualties returned at " + std::to_string(c.return_rate) +
                      "% (" + c.rounding + "); prisoners stay in their camps";
        const std::int64_t battle_id = battle->id;
        plan.apply = [this, backs, battle_id, op] {
            for (const auto& back : *backs) {
                m->store.change_stands(op, back.brigade, "returned", back.stands);
                m->store.set_returned(battle_id, back.brigade, back.stands);
            }
            m->store.set_battle_recovered(battle_id);
        };
        return plan;
    });
}

std::vector<db::BattleRow> CampaignService::battles() const { return m->store.battles(current().id); }

std::vector<db::LeaderRow> CampaignService::leaders() const { return m->store.leaders(current().id); }

std::vector<db::BrigadeRow> CampaignService::brigades() const { return m->store.brigades(current().id); }

Outcome CampaignService::replace_leader(const std::string& unit_ref, std::optional<int> year,
                                        const std::vector<std::string>& rolls, bool preview) {
    const auto c = current();
    const auto& r = rules();
    return rolled_operation("replace", rolls, preview, [&](std::int64_t, dice::Source& dice) {
        const Refs refs(m->store, c.id);
        const auto unit = refs.unit(unit_ref);
        const auto* old = unit.commander;
        if (old && old->status == "active") {
            const auto* grade = r.find_grade(old->grade);
            if (unit.kind == "brigade" && grade && grade->keeps_brigade)
                throw Error("the " + grade->name + " brigadier of " + unit_ref +
                            " is permanently in command: he cannot be replaced voluntarily, only when he falls");
        }
        // The leader table is keyed by side (and year): the year of the unit's division, unless given.
        generate::Request req;
        req.side = unit.side;
        req.year = year;
        if (!req.year && !r.years.empty()) {
            for (const auto& a : m->store.order_of_battle(c.id).armies)
                for (const auto& k : a.corps)
                    for (const auto& d : k.divisions) {
                        const bool here = (unit.kind == "division" && d.id == unit.id) || (unit.kind == "corps" && k.id == unit.id) ||
                                          (unit.kind == "army" && a.id == unit.id) ||
                                          (unit.kind == "brigade" &&
                                           std::any_of(d.brigades.begin(), d.brigades.end(), [&](const auto& b) { return b.id == unit.id; }));
                        if (here && d.year) req.year = std::max(req.year.value_or(0), d.year);
                    }
            if (!req.year) throw UsageError("which year is it? give --year (the leader table depends on it)");
        }
        req.despicable_by_the_book = c.despicable == "book";
        Planned plan;
        auto& out = plan.outcome;
        const auto leader = generate::roll_leader(r, req, dice, out.rolls, unit_ref + " new commander");
        const auto* grade = r.find_grade(leader.grade);
        out.summary = "New commander of " + unit_ref + ": " + (grade ? grade->name : leader.grade) +
                      (grade && !grade->mark.empty() ? " [" + grade->mark + "]" : "") +
                      (old ? " (replacing " + old->label() + ", " + old->status + ")" : "");
        const std::string rank = unit.kind == "brigade" ? "brigadier" : unit.kind;
        plan.apply = [this, c, unit, leader, rank] {
            const auto id = m->store.insert_leader(c.id, unit.side, rank, leader);
            m->store.set_commander(unit.kind, unit.id, id);
        };
        return plan;
    });
}

Outcome CampaignService::leader_casualty(const std::string& ref, int out_for, const std::vector<std::string>& rolls,
                                         bool preview) {
    const auto c = current();
    const auto& r = rules();
    if (!r.fallen_leaders) throw UsageError("rule set " + r.id + " has no Fallen Leaders table: report the leader's fate in a battle report");
    if (out_for < 0 || out_for > 100) throw UsageError("out for " + std::to_string(out_for) + " battles is out of range: expected 0 to 100");
    return rolled_operation("fallen leader", rolls, preview, [&](std::int64_t, dice::Source& dice) {
        const Refs refs(m->store, c.id);
        const auto& l = refs.leader(ref);
        if (l.status != "active") throw Error("leader " + l.label() + " is already " + l.status);
        const auto& table = r.tables[*r.fallen_leaders];
        rules::Context context;
        context.set(rules::Field::side, {0, l.side});
        const auto thrown = dice.roll(table.die, "fallen leader: " + l.label());
        const rules::Row* hit = nullptr;
        for (const auto& row : table.block_for(context).rows)
            if (row.range.contains(thrown.reading)) hit = &row;
        std::string fate = "none", outcome;
        for (size_t i = 0; i < table.sets.size(); ++i) {
            if (table.sets[i] == rules::Field::fate) fate = hit->values[i].id;
            if (table.sets[i] == rules::Field::outcome) outcome = hit->values[i].id;
        }
        Planned plan;
        auto& out = plan.outcome;
        out.rolls.push_back({"fallen leader: " + l.label(), table.id, thrown, outcome.empty() ? fate : outcome + ": " + fate});
        out.summary = "Leader " + l.label() + ": " + (outcome.empty() ? "" : outcome + ", ") +
                      (fate == "none" ? std::string("no effect") : fate) +
                      (fate == "wounded" ? ", out for " + count_of(out_for, "battle", "battles") : "");
        if (fate == "captured") throw Error("the Fallen Leaders table gave \"captured\": report it in a battle report with the camp");
        std::optional<std::int64_t> last_battle;
        for (const auto& b : m->store.battles(c.id)) last_battle = b.id;
        const auto id = l.id;
        if (fate != "none")
            plan.apply = [this, id, fate, last_battle, out_for] {
                m->store.set_leader_status(id, fate, last_battle, fate == "wounded" ? std::optional<int>(out_for) : std::nullopt);
            };
        return plan;
    });
}

Outcome CampaignService::named_operation(std::string_view kind,
                                         const std::function<void(std::int64_t, const Refs&, Outcome&)>& change) {
    const auto c = current();
    Outcome out;
    out.operation = m->store.run_operation(c.id, kind, [&](std::int64_t op) {
        const Refs refs(m->store, c.id);
        change(op, refs, out);
        return out.summary;
    });
    return out;
}

Outcome CampaignService::return_leader(const std::string& ref) {
    const auto battles = m->store.battles(current().id);
    return named_operation("return", [&](std::int64_t, const Refs& refs, Outcome& out) {
        const auto& l = refs.leader(ref);
        if (l.status != "wounded") throw Error("leader " + l.label() + " is " + l.status + ", not wounded");
        int since = 0;
        std::string fell;
        for (const auto& b : battles) {
            if (l.fell_in && b.id > *l.fell_in) ++since;
            if (l.fell_in && b.id == *l.fell_in) fell = b.name;
        }
        if (since < l.out_battles)
            throw Error("leader " + l.label() + " is out for " + count_of(l.out_battles, "battle", "battles") + " after " + fell +
                        "; " + std::to_string(since) + " fought since");
        m->store.set_leader_status(l.id, "active", std::nullopt, std::nullopt);
        out.summary = "Leader " + l.label() + " returns from his wounds" +
                      (l.commands.empty() ? " (no command: his post was filled)" : " to " + l.commands);
    });
}

Outcome CampaignService::disband_brigade(const std::string& ref) {
    return named_operation("disband", [&](std::int64_t op, const Refs& refs, Outcome& out) {
        const auto& b = refs.brigade(ref);
        if (b.status != "active") throw Error("brigade " + b.ref() + " is already " + b.status);
        m->store.change_stands(op, b.id, "disbanded", -b.stands);
        m->store.set_brigade_status(b.id, "disbanded");
        out.summary = "Disbanded " + b.ref() + " (" + count_of(b.stands, "stand", "stands") + " sent home)";
    });
}

Outcome CampaignService::destroy_brigade(const std::string& ref) {
    return named_operation("destroy", [&](std::int64_t, const Refs& refs, Outcome& out) {
        const auto& b = refs.brigade(ref);
        if (b.status != "active") throw Error("brigade " + b.ref() + " is already " + b.status);
        if (b.stands > 0)
            throw Error("brigade " + b.ref() + " still has " + count_of(b.stands, "stand", "stands") +
                        ": disband it or merge it instead");
        m->store.set_brigade_status(b.id, "destroyed");
        out.summary = "Brigade " + b.ref() + " is destroyed";
    });
}

Outcome CampaignService::merge_brigade(const std::string& from_ref, const std::string& into_ref) {
    return named_operation("merge", [&](std::int64_t op, const Refs& refs, Outcome& out) {
        const auto& from = refs.brigade(from_ref);
        const auto& into = refs.brigade(into_ref);
        if (from.id == into.id) throw UsageError("a brigade cannot merge into itself");
        if (into.status != "active") throw Error("brigade " + into.ref() + " is " + into.status + ": merge into an active brigade");
        if (from.side != into.side) throw Error("brigades " + from.ref() + " and " + into.ref() + " are of different sides");
        if (from.stands == 0) throw Error("brigade " + from.ref() + " has no stands to merge");
        m->store.change_stands(op, from.id, "merged", -from.stands);
        m->store.change_stands(op, into.id, "merged", from.stands);
        if (from.status == "active") m->store.set_brigade_status(from.id, "merged");
        out.summary = "Merged " + count_of(from.stands, "stand", "stands") + " of " + from.ref() + " into " + into.ref() +
                      " (now " + std::to_string(into.stands + from.stands) + ")";
    });
}

}  // namespace muster::app
