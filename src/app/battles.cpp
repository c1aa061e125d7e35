// After the battle. A battle report, top to bottom: the request, the roster read under the
// write lock, the plan (everything checked before anything is written), the writes, the
// journal entry, the outcome. A preview makes the same plan from one read snapshot.
#include "app/battles.hpp"

#include "app/plans.hpp"
#include "app/season.hpp"
#include "app/refs.hpp"
#include "db/history.hpp"
#include "app/table_side.hpp"
#include "app/session_state.hpp"
#include "army/view.hpp"
#include "export/text_table.hpp"
#include "core/names.hpp"
#include "battle/recovery.hpp"
#include "core/error.hpp"
#include "core/match.hpp"
#include "core/text.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <set>

namespace muster::app {
namespace {

// How a battle is called in the journal and its summaries: "Battle of Gettysburg"; a name that
// says it is a battle already ("Third Battle", "Battle of Bull Run") as it is.
std::string battle_title(const std::string& name) {
    const auto words = lower(name);
    for (size_t at = words.find("battle"); at != std::string::npos; at = words.find("battle", at + 1)) {
        const bool starts = at == 0 || !std::isalpha(static_cast<unsigned char>(words[at - 1]));
        const bool ends = at + 6 == words.size() || !std::isalpha(static_cast<unsigned char>(words[at + 6]));
        if (starts && ends) return name;
    }
    return "Battle of " + name;
}

// A whole and hundredths as a decimal: (1, 50) "1.5", (0, 99) "0.99", (2, 5) "2.05", (3, 0) "3".
std::string decimal(int whole, int hundredths) {
    if (hundredths == 0) return std::to_string(whole);
    std::string digits = std::to_string(100 + hundredths).substr(1);
    if (digits.back() == '0') digits.pop_back();
    return std::to_string(whole) + "." + digits;
}

std::string state_after(const army::BrigadeRecord& b, int stands) {
    return std::string(army::state_text(b.label, stands)) + " (" + b.label.text() + ")";
}

// The camp prisoners of `unit_side` go to: the one named, or the only open camp of another side.
// `taken`: what was captured, with its verb ("2 stands of battalion Guards/1st are captured").
const campaign::CampInfo& captor_camp(const Refs& refs, const std::string& name, const std::string& unit_side,
                                      const std::string& taken) {
    const campaign::CampInfo* camp = nullptr;
    if (!name.empty()) {
        camp = &refs.camp(name, unit_side);
    } else {
        std::vector<const campaign::CampInfo*> open;
        for (const auto& c : refs.camps())
            if (c.side != unit_side && !c.liberated) open.push_back(&c);
        if (open.empty())
            throw Error(taken + ", and the captor has no open camp to take the prisoners (a liberated camp takes no more): open one with muster camp new NAME --side SIDE (in the GUI, the Prisoners panel's New camp)");
        if (open.size() > 1) {
            std::vector<std::string> names;
            for (const auto* c : open) names.push_back(c->name);
            throw UsageError(taken + ", and " + std::to_string(open.size()) + " camps could take the prisoners (" + join(names, ", ") +
                             "): name the one that receives them, after an @ in a report (...@" + names.front() + "; in a report file, its \"camp\"; in the GUI, the report's Camp column), or with --camp beside a draft (the Table side's camp choice)");
        }
        camp = open.front();
    }
    if (camp->side == unit_side)
        throw UsageError(taken + ", but camp " + camp->name + " is a camp of their own side: prisoners go to a camp of the captor");
    if (camp->liberated)
        throw UsageError("camp " + camp->name + " was liberated: it takes no more prisoners; send them to another camp of the captor's (muster camp new NAME --side " +
                         camp->side + " opens one; in the GUI, the Prisoners panel's New camp)");  // an argument that does not fit what it names, as a camp of their own side
    return *camp;
}

// Each capture of a report that names no camp: `send(camp, side of the unit taken)`.
void each_without_camp(battle::Report& report, const Refs& refs, const std::function<void(std::string&, const std::string&)>& send) {
    for (auto& b : report.brigades)
        if (b.captured > 0) send(b.camp, refs.brigade(b.brigade).side);
    for (auto& l : report.leaders)
        if (l.fate == LeaderFate::captured) send(l.camp, refs.leader(l.leader).side);
    for (auto& g : report.batteries)
        if (g.fate == BatteryFate::captured) send(g.camp, refs.battery(g.battery).side);
}

}  // namespace

std::map<std::string, std::vector<std::string>> camps_to_choose(battle::Report report, const Refs& refs) {
    std::map<std::string, std::vector<std::string>> out;
    each_without_camp(report, refs, [&](std::string& camp, const std::string& unit_side) {
        if (!camp.empty()) return;
        std::map<std::string, std::vector<std::string>> open;
        for (const auto& c : refs.camps())
            if (c.side != unit_side && !c.liberated) open[c.side].push_back(refs.camp_ref(c));
        for (auto& [side, names] : open)
            if (names.size() > 1) out[side] = std::move(names);
    });
    return out;
}

namespace {

// The camps named beside a draft (DraftReport::camps) given to the prisoners of its lines that
// name none: each takes what its side captured. One a side; each must take some.
void send_to_camps(battle::Report& report, const std::vector<std::string>& typed, const Refs& refs, const rules::RuleSet& rules) {
    if (typed.empty()) return;
    std::map<std::string, const campaign::CampInfo*> by_side;
    for (const auto& t : typed) {
        const auto& camp = refs.camp(t);
        if (const auto [it, fresh] = by_side.emplace(camp.side, &camp); !fresh && it->second != &camp)
            throw UsageError("--camp names two camps of the " + rules.side_name(camp.side) + " side, " + it->second->name + " and " + camp.name +
                             ": the draft's prisoners taken by a side go to one camp (expected one camp a side)");
    }
    std::set<const campaign::CampInfo*> used;
    each_without_camp(report, refs, [&](std::string& camp, const std::string& unit_side) {
        if (!camp.empty()) return;
        const campaign::CampInfo* captor = nullptr;
        for (const auto& [side, c] : by_side)
            if (side != unit_side) captor = captor ? nullptr : c;  // the captor's, where only one is named
        if (!captor) return;
        camp = captor->name;
        used.insert(captor);
    });
    for (const auto& [side, c] : by_side)
        if (!used.count(c))
            throw UsageError("--camp " + c->name + " takes none of the draft's prisoners: it is a camp of the " + rules.side_name(side) +
                             " side, and the draft names no prisoner they took without a camp (expected a camp of the side that took them)");
}

// The corps or army a leader or a battery above the divisions is of, which the enemy must have
// seen a division of in a battle to read what it lost there. Neither (a leader who commands no
// unit): the enemy reads nothing of it, for his post or his name may be all it would learn of a
// unit it never saw; but a fall an earlier muster kept without them (schema 36 and before, its
// leader displaced since) is read as it was then, where any division of his side was seen.
struct Above {
    std::optional<std::int64_t> corps, army;
    bool of_side = false;
    bool known() const { return corps || army || of_side; }
    static Above of(const army::Leader& l) {
        if (l.command.kind == UnitKind::corps) return {l.command.unit_id, std::nullopt};
        if (l.command.kind == UnitKind::army) return {std::nullopt, l.command.unit_id};
        return {};
    }
    static Above of(const army::Battery& t) {
        return {t.corps_id ? std::optional(t.corps_id) : std::nullopt, t.army_id ? std::optional(t.army_id) : std::nullopt};
    }
    bool holds(std::int64_t division_corps, std::int64_t division_army) const {
        return (!corps || *corps == division_corps) && (!army || *army == division_army);
    }
    bool holds(const db::DivisionFog& d) const { return holds(d.corps_id, d.army_id); }
};

// A battle report checked whole against the roster: what each unit loses and where its
// prisoners go. Points into the roster it was made from.
struct BattlePlan {
    struct Loss {
        const army::BrigadeRecord* brigade;
        int lost = 0;
        std::vector<std::pair<const campaign::CampInfo*, int>> captured;
        int captured_total = 0;
        bool lost_given = false;  // its losses were given (none, too: "=0")
    };
    struct Fall {
        const army::Leader* leader;
        const battle::FallenLeader* fate;
        const campaign::CampInfo* camp;  // where a captured leader goes
        std::optional<std::int64_t> division = std::nullopt;  // the one he fought with; none above the divisions
    };
    struct Gun {
        const army::Battery* battery;
        BatteryFate fate;
        const campaign::CampInfo* camp;
    };
    std::vector<Loss> losses;
    std::vector<Fall> leaders;
    std::vector<Gun> batteries;
    std::vector<std::int64_t> divisions;  // that fought
    std::set<std::string> sides;          // that fought, or hold its prisoners: who reads the report
    std::set<std::string> captors;        // whose camps take its prisoners
    Outcome outcome;
};

// The sides a battle shows itself to, as the report leaves the fog: each whose division fought
// there and is seen (`shown`), and each whose camp takes its prisoners. A division kept hidden
// shows nothing: its enemy may not read what its presence would shape (the enemy's own divisions
// seen there, a plan closed, its wounded leaders' time out).
template <class Divisions, class Shown>
std::set<std::string> sides_shown(const BattlePlan& plan, const Divisions& divisions, Shown&& shown) {
    auto out = plan.captors;
    for (const auto& d : divisions)
        if (const auto [side, is_shown] = shown(d); is_shown) out.insert(side);
    return out;
}

// The journal's line for a battle, counting what belongs to the divisions `counted` says its
// reader has seen, and the leaders and batteries above the divisions (a corps' leader, a
// reserve's battery) that `counted_above` says: the umpire's line counts everything.
std::string battle_line(const rules::RuleSet& rules, const std::string& name, const BattlePlan& plan,
                        const std::function<bool(std::int64_t division)>& counted,
                        const std::function<bool(const std::string& side, const Above& above)>& counted_above, const std::string& reader = {}) {
    int divisions = 0, lost = 0, captured = 0, leaders = 0, batteries = 0;
    for (const auto d : plan.divisions) divisions += counted(d);
    for (const auto& l : plan.losses)
        if (counted(l.brigade->division_id)) {
            lost += l.lost;
            captured += l.captured_total;
        }
    for (const auto& f : plan.leaders) leaders += f.division ? counted(*f.division) : counted_above(f.leader->side, Above::of(*f.leader));
    // A reserve's battery its captor holds is the captor's to count, as its camp lists it.
    for (const auto& g : plan.batteries)
        batteries += g.battery->division_id ? counted(*g.battery->division_id)
                                            : counted_above(g.battery->side, Above::of(*g.battery)) || (g.camp && g.camp->side == reader);
    return battle_title(name) + ": " + rules.count_divisions(divisions) + ", " + count_of(lost, "stand", "stands") + " lost, " +
           count_of(captured, "stand", "stands") + " captured, " + count_of(leaders, "leader", "leaders") + " fallen, " +
           count_of(batteries, "battery", "batteries") + " lost";
}

// What the enemy calls a reserve battery lost in a battle: the enemy never reads a reserve, and
// its batteries are numbered across every arrival into it, hidden ones too ("Third Corps/2nd
// Battery" would tell of a first), so it is named by the battle it was lost in and, where the
// reserve lost more than one there, its place among them in the report.
std::string reserve_battery_as_enemy_reads(const std::string& owner, const std::string& battle, int nth, int lost_there) {
    return owner + "/" + (lost_there > 1 ? ordinal(nth) + " " : "") + "reserve battery lost at " + battle;
}

// The name each battery lost in a battle is read by (none: a battery not in the roster read): for
// one of a reserve that `enemy_reads`, the name above.
std::vector<std::string> lost_battery_names(const std::vector<const army::Battery*>& lost, const std::string& battle,
                                            const std::function<bool(const army::Battery&)>& enemy_reads) {
    std::map<std::pair<std::string, std::string>, int> in_reserve, nth;  // by the reserve's side and name
    for (const auto* t : lost)
        if (t && !t->division_id) ++in_reserve[{t->side, t->owner}];
    std::vector<std::string> names;
    for (const auto* t : lost) {
        if (!t) names.emplace_back();
        else if (const std::pair reserve{t->side, t->owner}; !t->division_id && enemy_reads(*t))
            names.push_back(reserve_battery_as_enemy_reads(t->owner, battle, ++nth[reserve], in_reserve[reserve]));
        else names.push_back(t->ref());
    }
    return names;
}

// What a side has seen of the divisions `fog` holds: its own, and the enemy's not hidden.
struct SideSight {
    const std::map<std::int64_t, db::DivisionFog>& fog;
    std::string reader;
    bool counted(std::int64_t division) const {
        const auto& f = fog.at(division);
        return f.side == reader || !f.hidden;
    }
    /// What a side loses above the divisions there (a corps' leader fallen, a reserve's battery)
    /// is read by the enemy that has seen among `there` one of the divisions of that corps or
    /// army: not where only hidden ones fought, whose presence would show through it, nor where
    /// it saw only others, which would name a corps it may never have read.
    bool counted_above(const std::string& side, const Above& above, const std::vector<std::int64_t>& there) const {
        return side == reader ||
               (above.known() && std::any_of(there.begin(), there.end(), [&](std::int64_t d) { return fog.at(d).side == side && above.holds(fog.at(d)) && counted(d); }));
    }
};

// A grade its owner must reveal (source 003's despicable leader): each such leader of the
// divisions that fought who is not revealed yet and was in play when it fought (not one fallen
// in an earlier battle, who did not fight), named to the umpire with what forgetting costs. A
// corps leader whose grade seeks company, attached to none of his division leaders, is with one
// muster cannot name: where a division of his corps fought, the umpire is asked.
void remind_unrevealed(const Refs& refs, const rules::RuleSet& rules, const std::vector<std::int64_t>& divisions,
                       std::vector<std::string>& lines) {
    std::map<std::string, std::vector<std::string>> unrevealed;  // side -> "Grade leader"
    std::map<std::string, std::set<std::string>> downgrades;     // side -> grades a penalty may downgrade
    const auto corps_fought = [&](std::int64_t corps) {
        return std::any_of(divisions.begin(), divisions.end(), [&](std::int64_t d) {
            const auto* division = refs.division_by_id(d);
            return division && division->parent == corps;
        });
    };
    for (const auto& l : refs.leaders()) {
        const auto* grade = rules.find_grade(l.grade);
        if (!grade || !grade->must_reveal() || l.grade_revealed || !is_active(l.status)) continue;
        // A corps leader attached to a division leader (his grade seeks company) fights with his
        // division, while the two are together (the attachment ends when either falls).
        auto division = refs.division_of(l);
        const auto* with = !division && l.attached_to ? refs.leader_by_id(*l.attached_to) : nullptr;
        if (with && is_active(with->status)) division = refs.division_of(*with);
        else if (!division && grade->corps_leader_attaches && l.command.kind == UnitKind::corps && corps_fought(l.command.unit_id))
            lines.push_back("reminder: " + grade->name + " " + l.label() + " commands " + l.command.unit + ", a division of which fought, and " +
                            (with ? "was attached to " + with->label() + ", out of play since" : std::string("is attached to none of its division leaders")) +
                            ": attach him (muster leader attach " + shell_word(l.name) + " DIVISION), and if he was with one that fought, reveal him");
        if (!division || std::find(divisions.begin(), divisions.end(), *division) == divisions.end()) continue;
        unrevealed[l.side].push_back(grade->name + " " + l.label());
        for (const auto& g : grade->penalty_downgrades) {
            const auto* down = rules.find_grade(g);
            downgrades[l.side].insert(down ? down->name : g);
        }
    }
    for (const auto& [side, names] : unrevealed) {
        const auto* found = rules.find_side(side);
        const auto side_name = found ? found->name : side;
        lines.push_back("reminder: " + join(names, ", ") + " fought unrevealed (" + side_name + "): reveal " +
                        (names.size() == 1 ? "him" : "each") + " (muster leader reveal LEADER); a side that forgets gets a " +
                        "penalty: the opponent downgrades one " + join({downgrades[side].begin(), downgrades[side].end()}, " or ") +
                        " leader of it (muster leader penalty LEADER)");
    }
}

// A brigade's losses or prisoners to a camp, a leader or a battery given twice in a report.
class ReportedTwice : public UsageError {
public:
    using UsageError::UsageError;
};

BattlePlan plan_battle(const Refs& refs, const battle::Report& report, const rules::RuleSet& rules) {
    if (trim(report.name).empty()) throw UsageError("the battle needs a name");
    if (report.divisions.empty() && report.brigades.empty() && report.leaders.empty() && report.batteries.empty())
        throw UsageError("the report of " + report.name + " names no one who fought there: give the divisions that fought (--division), "
                         "their losses (--loss, --captured), fallen leaders (--leader) or lost batteries (--battery); in the GUI, the losses, "
                         "captures and fates in the Battle report's table, or the divisions ticked as fought");
    // Named, or called (the journal's "Battle of Gettysburg" for "Gettysburg"), as one recorded.
    for (const auto& b : refs.battles())
        if (same_ignoring_case(b.name, report.name) || same_ignoring_case(battle_title(b.name), battle_title(report.name)))
            throw Error("a battle named \"" + b.name + "\" is already recorded" +
                        (same_ignoring_case(b.name, report.name) ? "" : ", called " + battle_title(b.name) + " as this one would be"));
    BattlePlan plan;
    // Per brigade: a brigade may be named more than once, once for its losses and once per camp
    // its captured stands go to (as --loss and --captured give them); the same losses or the
    // same camp twice is refused, as a leader reported twice is.
    std::map<std::int64_t, size_t> index;
    for (const auto& l : report.brigades) {
        const auto& b = refs.brigade(l.brigade);
        if (!is_active(b.status)) throw Error(rules.brigade_noun() + " " + b.ref() + " is " + word(b.status) + ": it fought no battle");
        auto [it, fresh] = index.emplace(b.id, plan.losses.size());
        if (fresh) plan.losses.push_back({&b, 0, {}, 0});
        auto& loss = plan.losses[it->second];
        // Its losses are given by an entry that captures none (a loss of 0 too, which a second
        // loss would silently overrule), or by one losing stands beside those captured.
        if (l.lost > 0 || (l.captured == 0 && l.camp.empty())) {
            if (loss.lost_given) throw ReportedTwice(rules.brigade_noun() + " " + possessive(b.ref()) + " stands lost are reported twice: give them once");
            loss.lost_given = true;
        }
        loss.lost += l.lost;
        if (l.captured > 0) {
            const auto* camp = &captor_camp(refs, l.camp, b.side,
                                            count_of(l.captured, "stand", "stands") + " of " + rules.brigade_noun() + " " + b.ref() + (l.captured == 1 ? " is" : " are") + " captured");
            for (const auto& [seen, _] : loss.captured)
                if (seen == camp)
                    throw ReportedTwice(rules.brigade_noun() + " " + possessive(b.ref()) + " stands captured to " + camp->name + " are reported twice: give them once");
            loss.captured.emplace_back(camp, l.captured);
            loss.captured_total += l.captured;
        }
    }
    for (const auto& l : plan.losses)
        if (l.lost + l.captured_total > l.brigade->stands)
            throw UsageError(rules.brigade_noun() + " " + l.brigade->ref() + " loses " + std::to_string(l.lost) + " and has " +
                             std::to_string(l.captured_total) + " captured, but has only " +
                             std::to_string(l.brigade->stands) + " stands");
    for (const auto& f : report.leaders) {
        const auto& l = refs.leader(f.leader);
        for (const auto& seen : plan.leaders)
            if (seen.leader->id == l.id) throw ReportedTwice("leader " + l.label() + " is reported twice");
        if (!l.may_fall()) throw Error("leader " + l.label() + " is already " + word(l.status));
        if (f.fate == LeaderFate::wounded) battle::require_out_for(f.out_for);
        plan.leaders.push_back(
            {&l, &f, f.fate == LeaderFate::captured ? &captor_camp(refs, f.camp, l.side, "leader " + l.label() + " is captured") : nullptr});
    }
    for (const auto& f : report.batteries) {
        const auto& t = refs.battery(f.battery);
        for (const auto& seen : plan.batteries)
            if (seen.battery->id == t.id) throw ReportedTwice("battery " + t.ref() + " is reported twice");
        if (!is_active(t.status)) throw Error("battery " + t.ref() + " is already " + word(t.status));
        plan.batteries.push_back(
            {&t, f.fate, f.fate == BatteryFate::captured ? &captor_camp(refs, f.camp, t.side, "battery " + t.ref() + " is captured") : nullptr});
    }
    // The divisions that fought: as given, and every division a reported brigade belongs to.
    for (const auto& name : report.divisions) {
        const auto& d = refs.division(name);
        if (d.status == DivisionStatus::placeholder) throw Error(rules.division_noun() + " " + name + " has not arrived: it cannot have fought");
        if (std::find(plan.divisions.begin(), plan.divisions.end(), d.id) != plan.divisions.end())
            throw UsageError(rules.division_noun() + " " + d.name + " is named twice among those that fought: name each " + rules.division_noun() + " once");
        plan.divisions.push_back(d.id);
        plan.sides.insert(d.side);
    }
    // ... and the division of every reported brigade, fallen leader and lost battery, so a
    // report of only a fallen leader still says which division fought.
    // A refusal names the division and those given, and what was reported as found ("leader
    // Borstell, who commands Hessen-Homburg/3rd Brigade": the name typed may be another's too).
    const auto fought = [&](std::optional<std::int64_t> division, const std::string& what, const char* whose) {
        if (!division || std::find(plan.divisions.begin(), plan.divisions.end(), *division) != plan.divisions.end()) return;
        if (!report.divisions.empty() && !report.divisions_planned) {
            const auto* d = refs.division_by_id(*division);
            throw UsageError(what + " is reported, but " + whose + " " + rules.division_noun() + " " + (d ? visible(d->name) : "#" + std::to_string(*division)) +
                             " is not among those that fought (" + visible(join(report.divisions, ", ")) + "): add it with --division, or report whom you meant");
        }
        plan.divisions.push_back(*division);
    };
    for (const auto& l : plan.losses) fought(l.brigade->division_id, rules.brigade_noun() + " " + l.brigade->ref(), "its");
    for (auto& f : plan.leaders) {
        f.division = refs.division_of(*f.leader);
        fought(f.division, "leader " + f.leader->label() + (f.leader->command.unit.empty() ? "" : ", who commands " + f.leader->command.unit + ","), "his");
    }
    for (const auto& g : plan.batteries) fought(g.battery->division_id, "battery " + g.battery->ref(), "its");
    for (const auto& l : plan.losses) {
        plan.sides.insert(l.brigade->side);
        for (const auto& [camp, _] : l.captured) plan.captors.insert(camp->side);
    }
    for (const auto& f : plan.leaders) {
        plan.sides.insert(f.leader->side);
        if (f.camp) plan.captors.insert(f.camp->side);
    }
    for (const auto& g : plan.batteries) {
        plan.sides.insert(g.battery->side);
        if (g.camp) plan.captors.insert(g.camp->side);
    }
    plan.sides.insert(plan.captors.begin(), plan.captors.end());

    auto& out = plan.outcome;
    for (const auto& l : plan.losses) {
        const int after = l.brigade->stands - l.lost - l.captured_total;
        std::string line = l.brigade->ref() + ": from " + std::to_string(l.brigade->stands) + " to " + count_of(after, "stand", "stands") +
                           " (" + std::to_string(l.lost) + " lost";
        for (const auto& [camp, n] : l.captured) line += ", " + std::to_string(n) + " captured to " + camp->name;
        out.lines.push_back(line + "), " + state_after(*l.brigade, after));
    }
    for (const auto& f : plan.leaders)
        out.lines.push_back("leader " + f.leader->label() + ": " + word(f.fate->fate) + (f.camp ? " to " + f.camp->name : "") +
                            (f.fate->fate == LeaderFate::wounded ? ", out for " + count_of(f.fate->out_for, "battle", "battles") : ""));
    for (const auto& g : plan.batteries)
        out.lines.push_back("battery " + g.battery->ref() + ": " + word(g.fate) + (g.camp ? " to " + g.camp->name : ""));
    out.summary = battle_line(rules, report.name, plan, [](std::int64_t) { return true; }, [](const std::string&, const Above&) { return true; });
    remind_unrevealed(refs, rules, plan.divisions, out.lines);
    return plan;
}

}  // namespace

namespace {

// A division on a plan's field or among those that fought, as the report reads it: its name (none:
// not in the campaign, damage), its side, and whether the enemy has seen it.
struct FieldDivision {
    std::string name, side;
    bool seen = false;
};
using FieldLookup = std::function<FieldDivision(std::int64_t)>;

// A report that names no division that fought, of a battle planned under its name: the divisions
// on its field (deployed, or arrived from the reserve) that the enemy has seen fought there,
// beside those of what it reports; the organiser need not name them again. One kept hidden is
// named to fight (it would be seen fighting): left out, the report says so.
// `rolled_hidden`: divisions hidden from the enemy that a draft's rolls alone name: they fought,
// beside the divisions named or the field's, without standing for who fought.
void fight_on_planned_field(battle::Report& report, const std::vector<campaign::PlannedBattle>& plans, const FieldLookup& division,
                            const std::vector<std::string>& rolled_hidden = {}) {
    const auto* planned = report.divisions.empty() ? open_plan_named(plans, report.name) : nullptr;
    std::vector<std::string> hidden;
    if (planned) {
        for (const auto& d : planned->divisions)
            if (d.role != PlanRole::reserve) {
                auto f = division(d.division_id);
                if (!f.name.empty()) (f.seen ? report.divisions : hidden).push_back(std::move(f.name));  // none: not in the campaign (damage), left out
            }
        report.divisions_planned = !report.divisions.empty();
    }
    for (const auto& name : rolled_hidden)
        if (std::find(report.divisions.begin(), report.divisions.end(), name) == report.divisions.end()) report.divisions.push_back(name);
    if (!rolled_hidden.empty()) report.divisions_planned = true;  // beside the divisions of what it reports, as rolls are
    if (planned && report.divisions.empty() && report.brigades.empty() && report.leaders.empty() && report.batteries.empty() && !hidden.empty())
        throw UsageError("the report of " + report.name + " names no one who fought there, and its planned field holds only divisions hidden from the enemy (" +
                         join(hidden, ", ") + "): give each that fought with --division (it is seen fighting, unless --keep-hidden)");
}

// Prisoners the report takes from a division it keeps hidden (--keep-hidden): the captor's camp
// names them all the same (it holds them), though its reading of the battle counts nothing of
// that division. The umpire is told, who may let the division be seen instead.
void say_prisoners_named(const battle::Report& report, const BattlePlan& plan, const FieldLookup& division, std::vector<std::string>& lines) {
    if (report.engaged == Fog::seen && report.kept_hidden.empty()) return;
    const auto hidden = [&](std::optional<std::int64_t> d) { return d && !division(*d).seen && report.keeps_hidden(*d); };
    std::vector<std::string> named;
    for (const auto& l : plan.losses)
        for (const auto& [camp, n] : l.captured)
            if (hidden(l.brigade->division_id)) named.push_back(count_of(n, "stand", "stands") + " of " + l.brigade->ref() + " to " + camp->name);
    for (const auto& f : plan.leaders)
        if (f.camp && hidden(f.division)) named.push_back("leader " + f.leader->label() + " to " + f.camp->name);
    for (const auto& g : plan.batteries)
        if (g.camp && hidden(g.battery->division_id)) named.push_back("battery " + g.battery->ref() + " to " + g.camp->name);
    if (!named.empty())
        lines.push_back("kept hidden, yet taken prisoner, so named in the captor's camps though its reading of the battle counts none of them: " +
                        join(named, ", ") + " (for the captor to read them in the battle too, " +
                        (report.engaged == Fog::hidden ? std::string("report it without --keep-hidden") : "give the division with --division") + ")");
}

// Stands lost in a division the enemy has seen, in a battle it does not read that division fight
// (one side's alone, or kept hidden): the enemy reads the division's strength now, so the loss
// shows in its order of battle, the battle not. Said, that the umpire knows it.
void say_losses_shown(const rules::RuleSet& rules, const battle::Report& report, const BattlePlan& plan, const FieldLookup& division,
                      std::vector<std::string>& lines) {
    const bool enemy_there = plan.sides.size() > 1;
    std::map<std::string, std::vector<std::string>> shown;  // enemy side -> "Division/Brigade N"
    for (const auto& l : plan.losses) {
        if (l.lost <= 0 || (enemy_there && !report.keeps_hidden(l.brigade->division_id))) continue;
        const auto d = division(l.brigade->division_id);
        if (!d.seen) continue;
        for (const auto& side : rules.sides)
            if (side.id != d.side) shown[side.id].push_back(l.brigade->ref() + " " + std::to_string(l.lost));
    }
    for (const auto& [enemy, losses] : shown)
        lines.push_back("shown to " + rules.the_side(enemy) + " all the same: stands lost here by divisions they have seen, but do not read fighting " +
                        "here, for they read those divisions' strength in their order of battle (" + join(losses, ", ") + ")");
}

// A battle reported by name, not from the draft report waiting under its name (the table side's
// rolls, a player's submitted losses): the report replaces the draft, as when the draft was
// written out as a file, edited and reported; it is cleared with it, which `lines` says (a
// preview, `mode`, warns of it: the draft's lines are not the report's), but for the losses the
// players of a side that fought none of the report submitted (a battle it may not know of would
// clear what they sent, which their next submission would tell). What stays of a side's lines
// turns on that side alone, never on what another side sent. Returns the draft's name, if one
// waits.
std::optional<std::string> draft_replaced(const std::string& name, const std::vector<campaign::DraftInfo>& drafts, const BattlePlan& plan, Mode mode,
                                          std::vector<std::string>& lines) {
    for (const auto& d : drafts) {
        if (!same_ignoring_case(d.battle, trim(name))) continue;
        int left = 0;
        std::vector<std::string> dropped;  // a fighting side's submitted losses the report gives none for
        for (const auto& l : d.submitted)
            if (!plan.sides.count(l.side)) ++left;
            else if (std::none_of(plan.losses.begin(), plan.losses.end(), [&](const BattlePlan::Loss& x) { return x.brigade->id == l.brigade_id; }))
                dropped.push_back(l.brigade + ": " + count_of(l.stands, "stand", "stands") + " lost, " + l.why);
        const std::string is = mode == Mode::preview ? " would be" : " is";
        if (!dropped.empty())
            lines.push_back("not in this report, though a player of a side that fought it submitted them: " + join(dropped, "; ") +
                            (mode == Mode::preview ? " (give them with --loss to take them: else they go with the draft)"
                                                   : " (cleared with the draft: muster battle amend " + shell_positional(d.battle) + " --loss REF=N takes one)"));
        if (left)
            lines.push_back("the draft report of " + d.battle + is + " left holding " + count_of(left, "line", "lines") +
                            " this report does not take, losses submitted by a side that fought none of it (muster battle draft " + shell_positional(d.battle) +
                            " shows them; muster battle draft --discard " + shell_positional(d.battle) + " throws them away)");
        else
            lines.push_back("the draft report of " + d.battle + is + " cleared: this report replaces it, its lines and all (to report the battle from the draft, muster battle report " +
                            shell_option("--draft", d.battle) + " or the Table side's Apply" + (mode == Mode::preview ? ")" : "; undo brings the draft back)"));
        return d.battle;
    }
    return std::nullopt;
}

// A battle recorded under the report's name typed another way ("Freemans Farm" beside
// "Freeman's Farm"): said, for it may be the same battle reported twice.
void say_if_recorded_as(const std::string& name, const std::vector<campaign::BattleInfo>& battles, Mode mode, std::vector<std::string>& lines) {
    for (const auto& b : battles)
        if (same_letters(b.name, name) && !same_ignoring_case(b.name, name))
            lines.push_back("a battle named " + b.name + " is recorded already: if it is this one, " + (mode == Mode::preview ? "" : "undo this and ") +
                            "amend it instead (muster battle amend " + shell_word(b.name) + ")");
}

// The battle planned under the report's name, if one is open: reporting the battle closes it
// (it stays as the battle's history), which `lines` says, naming the divisions on its field the
// report leaves out, as a preview of the report (`mode`) says it too. Returns the plan's id.
// `plans`: the campaign's.
//
// Every side read the plan announced, and reads it closed only where it knows the battle was
// fought (Battles::battles_known_to): a division of its own fought, or one it saw fight there. A battle
// a side would not know of is refused its plan: else the side would read the plan open still,
// while the umpire could no longer deploy into it and could deploy its divisions there
// elsewhere, which without the enemy's hidden divisions he could not.
std::optional<std::int64_t> plan_closed_by(const rules::RuleSet& rules, const std::vector<campaign::PlannedBattle>& plans, const FieldLookup& division,
                                           const battle::Report& report, const BattlePlan& plan, Mode mode, std::vector<std::string>& lines) {
    const bool preview = mode == Mode::preview;
    const auto* planned = open_plan_named(plans, report.name);
    if (!planned) return std::nullopt;
    const auto& p = *planned;
    const auto division_name = [&](std::int64_t id) {
        auto name = division(id).name;
        return name.empty() ? rules.division_noun() + " #" + std::to_string(id) : name;
    };
    std::vector<std::pair<std::int64_t, FieldDivision>> fought;
    for (const auto d : plan.divisions) fought.emplace_back(d, division(d));
    // As write_battle keeps it: a side knows of the battle where it shows itself to it.
    const bool enemy_there = plan.sides.size() > 1;
    const auto shown = sides_shown(plan, fought, [&](const auto& f) {
        return std::pair{f.second.side, (enemy_there && !report.keeps_hidden(f.first)) || f.second.seen};
    });
    // Unaware: a side that fought none there, and one whose divisions there are all hidden from
    // the enemy (the enemy may not read a plan closed by them).
    std::vector<std::string> absent, unseen;
    for (const auto& side : rules.sides)
        if (!shown.count(side.id))
            (std::any_of(fought.begin(), fought.end(), [&](const auto& f) { return f.second.side == side.id; }) ? unseen : absent).push_back(side.name);
    if (!absent.empty() || !unseen.empty()) {
        // What would let each side know: a division of each absent side's among those that
        // fought (with two sides there, each sees the other's, but a division seen fighting
        // alone shows the battle to no one), and its divisions not kept hidden (those only a
        // draft's lines kept hidden, shown where the report names them).
        const auto& noun = rules.division_noun();
        std::string remedy = absent.empty() ? "" : "give one of the " + join(absent, " side's and one of the ") + " side's " + noun + "s among the " + noun + "s that fought (--division NAME)";
        // (A side alone there is unseen for want of an enemy, which no report changes.)
        const bool kept_hidden = !unseen.empty() && (report.engaged != Fog::seen || !report.kept_hidden.empty());
        if (kept_hidden) {
            std::vector<std::string> kept;
            for (const auto d : report.kept_hidden) kept.push_back("--division " + shell_word(division_name(d)));
            remedy += std::string(absent.empty() ? "" : ", and ") +
                      (report.engaged != Fog::seen ? "leave out --keep-hidden" : "name those kept hidden that fought (" + join(kept, " ") + ")");
        }
        throw UsageError("the report of " + report.name + " would close its plan, which every side reads, but " +
                         (absent.empty() ? "" : "the " + join(absent, " side and the ") + " side would not know it was fought: no " + noun + " of theirs fought there") +
                         (kept_hidden ? std::string(absent.empty() ? "" : "; and ") + "the " + join(unseen, " side's and the ") + " side's " + noun +
                                            "s there are kept hidden from the enemy, which may not read a plan closed by them"
                                      : "") +
                         ". To report it, " + remedy + "; or report the battle under another name (its plan stays open; a draft is renamed in its file: muster battle draft --write FILE " +
                         shell_positional(report.name) + ", then muster battle report FILE)");
    }
    lines.push_back("the plan of " + report.name + (preview ? " would be" : " is") + " closed: it stays as the battle's history (muster battle show)");
    std::vector<std::string> left_out;
    for (const auto& d : p.divisions)
        if (d.role != PlanRole::reserve && std::find(plan.divisions.begin(), plan.divisions.end(), d.division_id) == plan.divisions.end())
            left_out.push_back(division_name(d.division_id));
    if (!left_out.empty())
        lines.push_back("on its field but not in the report, so not recorded as fighting there: " + join(left_out, ", ") +
                        (preview ? " (to record them, give each among the divisions that fought)"
                                 : " (to record them, undo and report the battle again with each among the divisions that fought)"));
    // ...and those the report names that were not on it (a player's losses for a
    // division of his that was never deployed): recorded as fighting, seen by the enemy.
    std::vector<std::string> not_there;
    for (const auto d : plan.divisions)
        if (std::none_of(p.divisions.begin(), p.divisions.end(), [&](const auto& x) { return x.division_id == d && x.role != PlanRole::reserve; }))
            not_there.push_back(division_name(d));
    if (!not_there.empty())
        lines.push_back("in the report but not on its field: " + join(not_there, ", ") + " (recorded as fighting there all the same; if it did not, " +
                        (preview ? "leave it out)" : "undo and report the battle without it)"));
    return p.plan.id;
}

// A battle is fought on the date the report gives, else the date and place it was planned for
// (a plan of its name still open), else on the campaign's date; on a day of the rule set's years.
void date_battle(const std::vector<campaign::PlannedBattle>& plans, battle::Report& report, const campaign::CampaignInfo& c, const rules::RuleSet& rules) {
    if (const auto* p = open_plan_named(plans, report.name)) {
        if (!report.date) report.date = p->plan.date;
        if (trim(report.place).empty()) report.place = p->plan.place;
    }
    if (!report.date) report.date = c.date;
    if (report.date) require_in_years(rules, *report.date, "battle date");
    // Not after the turn the campaign is at, where its turns have a length: a battle is fought
    // before it is recorded.
    if (report.date && c.turn_ends() && *report.date > *c.turn_ends())
        throw UsageError("battle date " + report.date->text() + " is after " + c.turn_and_days() +
                         ": a battle is recorded once it is fought; give the day it was fought on, or begin its turn first (muster turn next)");
}

}  // namespace

Outcome describe_battle(const campaign::CampaignInfo& c, const campaign::Roster& roster, const std::vector<campaign::PlannedBattle>& plans,
                        const army::OrderOfBattle& oob, const std::vector<campaign::DraftInfo>& drafts, const battle::Report& given,
                        const rules::RuleSet& rules) {
    const Refs refs(roster, rules);
    const auto division = [&](std::int64_t id) {
        for (const auto& a : oob.armies)
            for (const auto& k : a.corps)
                for (const auto& d : k.divisions)
                    if (d.id == id) return FieldDivision{d.name, d.side, !d.hidden};
        return FieldDivision{};
    };
    auto report = given;
    date_battle(plans, report, c, rules);
    fight_on_planned_field(report, plans, division);
    const auto plan = plan_battle(refs, report, rules);
    auto out = plan.outcome;
    out.preview = true;
    plan_closed_by(rules, plans, division, report, plan, Mode::preview, out.lines);
    say_prisoners_named(report, plan, division, out.lines);
    say_losses_shown(rules, report, plan, division, out.lines);
    draft_replaced(report.name, drafts, plan, Mode::preview, out.lines);
    return out;
}

namespace {

int gravity(LeaderStatus s) { return s == LeaderStatus::killed ? 3 : s == LeaderStatus::captured ? 2 : s == LeaderStatus::wounded ? 1 : 0; }

// What a leader about to fall in a battle was, where he had fallen already (out of the enemy's
// sight: else he could not fall again): kept with the fall, to be given back were it taken back.
std::optional<campaign::BattleRecord::Prior> prior_of(const army::Leader& l) {
    if (is_active(l.status)) return std::nullopt;
    return campaign::BattleRecord::Prior{l.status, l.fell_in, l.out_battles, !l.fall_seen};
}

// A leader's fall in `battle`, `prior` what he was before it: his status as the battle leaves
// him. One who fell out of the enemy's sight before and falls again here (its fire struck him
// where he still stood for it) keeps the graver fate: a dead man is not wounded back to life
// (muster's own reading; the enemy, who saw this fall, reads the graver one). False where he
// kept it: no camp takes him.
bool fall_in_battle(db::Store& store, std::int64_t leader, const std::optional<campaign::BattleRecord::Prior>& prior, LeaderFate fate,
                    std::int64_t battle, int out_for) {
    if (prior && gravity(prior->status) > gravity(status_after(fate))) {
        db::Leaders(store).set_leader_status(leader, prior->status, battle, prior->status == LeaderStatus::wounded ? std::optional<int>(prior->out_battles) : std::nullopt);
        return false;
    }
    db::Leaders(store).set_leader_status(leader, status_after(fate), battle, fate == LeaderFate::wounded ? std::optional<int>(out_for) : std::nullopt);
    return true;
}

// A division as the report reads it, from the campaign as it stands: each read once, however
// often it is asked for (the plan's field, the divisions that fought, their prisoners).
FieldLookup field_division_in(const db::Store& store) {
    auto read = std::make_shared<std::map<std::int64_t, FieldDivision>>();
    return [&store, read](std::int64_t id) {
        if (const auto it = read->find(id); it != read->end()) return it->second;
        const auto fog = db::Forces(store).division_fog({id}).at(id);
        return read->emplace(id, FieldDivision{db::Forces(store).division_name(id), fog.side, !fog.hidden}).first->second;
    };
}

// What a report would do, said and changing nothing: as the report says it.
Outcome preview_battle(const db::Store& store, const rules::RuleSet& rules, std::int64_t campaign, const battle::Report& report, const BattlePlan& plan) {
    auto out = plan.outcome;
    out.preview = true;
    const auto division = field_division_in(store);
    plan_closed_by(rules, db::Battles(store).plans(campaign), division, report, plan, Mode::preview, out.lines);
    say_prisoners_named(report, plan, division, out.lines);
    say_losses_shown(rules, report, plan, division, out.lines);
    return out;
}

// Writes a battle checked whole against the roster it was planned on, inside the operation,
// closing the battle planned under its name (plan_closed_by).
void write_battle(db::Store& store, const rules::RuleSet& rules, std::int64_t campaign, std::int64_t op, const campaign::Roster& roster,
                  const battle::Report& report, const BattlePlan& plan, std::vector<std::string>& lines) {
    const auto battle = db::Battles(store).insert_battle(campaign, op, {0, report.name, report.date, report.place, false});
    const auto division = field_division_in(store);  // as the campaign stands before the battle's fog is written
    if (const auto planned = plan_closed_by(rules, db::Battles(store).plans(campaign), division, report, plan, Mode::apply, lines)) db::Battles(store).close_plan(*planned, battle);
    say_prisoners_named(report, plan, division, lines);
    say_losses_shown(rules, report, plan, division, lines);
    store.set_audience(op, Audience::sides(plan.sides));
    // The stands each division engaged, before its losses; a division that fought has been
    // seen by the enemy it fought, unless the report says to keep it hidden. A battle of one
    // side alone (losses on the march, say) had no enemy there to see it: nothing is shown, not
    // even of a division the enemy has seen elsewhere (its leaders' falls there, the plan closed).
    const bool enemy_there = plan.sides.size() > 1;
    const auto seen = [&](std::int64_t d) { return enemy_there && !report.keeps_hidden(d); };
    std::map<std::int64_t, int> engaged;  // by division, in one pass over the brigades
    for (auto d : plan.divisions) engaged[d] = 0;
    for (const auto& b : roster.brigades)
        if (const auto it = engaged.find(b.division_id); it != engaged.end() && is_active(b.status)) it->second += b.stands;
    // Whether the enemy saw each there is kept with the battle: what a side reads of it later
    // follows that, not a reveal after it (which would tell what the division did while hidden).
    const auto before = db::Forces(store).division_fog(plan.divisions);
    const auto shown = sides_shown(plan, plan.divisions, [&](std::int64_t d) { return std::pair{before.at(d).side, seen(d) || !before.at(d).hidden}; });
    for (auto d : plan.divisions) {
        const auto& fog = before.at(d);
        const bool enemy_shown = std::any_of(shown.begin(), shown.end(), [&](const std::string& side) { return side != fog.side; });
        db::Battles(store).insert_battle_division(battle, d, engaged[d], enemy_shown && (seen(d) || !fog.hidden));
        if (seen(d)) db::Forces(store).set_fog(d, Fog::seen);
    }
    for (const auto& l : plan.losses) {
        db::Battles(store).insert_loss(battle, l.brigade->id, l.lost, l.captured_total);
        db::Forces(store).change_stands(op, l.brigade->id, MoveKind::casualty, -l.lost);
        db::Forces(store).change_stands(op, l.brigade->id, MoveKind::captured, -l.captured_total);
        for (const auto& [camp, n] : l.captured) db::Prisoners(store).hold_stands(camp->id, l.brigade->id, n, l.brigade->ref());
    }
    for (const auto& f : plan.leaders) {
        const auto fate = f.fate->fate;
        const auto prior = prior_of(*f.leader);
        const auto above = Above::of(*f.leader);
        db::Battles(store).set_fallen(battle, f.leader->id, fate, f.division, f.leader->label(), above.corps, above.army, prior);
        if (fall_in_battle(store, f.leader->id, prior, fate, battle, f.fate->out_for) && f.camp) db::Prisoners(store).hold_leader(f.camp->id, f.leader->id, f.leader->label());
    }
    // The captor holds a battery by the name it reads it under: numbered among the batteries of
    // its reserve lost there that the captor reads (those it took, and every one where it saw a
    // division of their side there), not one it did not see wrecked.
    auto fog = before;  // as it stands now: those that fought seen, where the report shows them
    for (auto& [id, division] : fog) division.hidden = division.hidden && !seen(id);
    for (size_t i = 0; i < plan.batteries.size(); ++i) {
        const auto& g = plan.batteries[i];
        db::Forces(store).set_battery_status(g.battery->id, status_after(g.fate));
        db::Battles(store).insert_battle_gun(battle, g.battery->id, g.fate);
        if (!g.camp) continue;
        const SideSight captor{fog, g.camp->side};
        std::vector<const army::Battery*> read;
        for (const auto& other : plan.batteries)
            read.push_back(other.camp || captor.counted_above(other.battery->side, Above::of(*other.battery), plan.divisions) ? other.battery : nullptr);
        db::Prisoners(store).hold_battery(g.camp->id, g.battery->id, lost_battery_names(read, report.name, [](const army::Battery&) { return true; })[i]);
    }
    // Each side reads the battle's line as far as it has seen the battle: nothing of an enemy
    // division kept hidden is counted, its losses, fallen leaders and lost guns.
    for (const auto& side : plan.sides) {
        const SideSight sight{fog, side};
        const auto line = battle_line(rules, report.name, plan, [&](std::int64_t d) { return sight.counted(d); },
                                      [&](const std::string& owner, const Above& above) { return sight.counted_above(owner, above, plan.divisions); }, side);
        if (line != plan.outcome.summary) store.set_side_summary(op, side, line);
    }
}

}  // namespace

namespace {

// A battle dated before the turn the campaign is at, recorded late: taken (muster's own
// reading), with a line saying in which turn it counts.
void say_if_late(Session& session, const battle::Report& report, const campaign::CampaignInfo& c, Outcome& out) {
    if (!report.date || !c.turn_ends() || !(*report.date < *c.date)) return;
    // Before the day the campaign's first turn began there is no turn to go back to.
    const auto first = session.season().began(Turn::first());
    const bool before_all = first && *report.date < *first;
    out.lines.push_back("dated " + report.date->text() + ", before " + c.turn_and_days() + ": it is recorded in " + c.turn.text() +
                        ", and its losses are counted in that turn's report" +
                        (before_all ? " (it is dated before the campaign's first turn)"
                                    : " (to have it in its own turn, undo back to that turn and report it there)"));
}

}  // namespace

namespace {

// The divisions a report names, where it names every unit by a reference that holds its
// division ("Heth/1st Brigade", a division by its name, a battery "Heth/2nd Battery") and each
// of those names a division: the report is then checked against those divisions alone, and
// finds what it would find in the whole campaign (a reference holding "/" matches only units
// of the division named before it). Otherwise none: the whole campaign is read.
std::optional<std::vector<std::int64_t>> named_divisions(const db::Store& store, std::int64_t campaign, const battle::Report& r) {
    std::set<std::string> names(r.divisions.begin(), r.divisions.end());
    std::vector<std::string> refs;
    for (const auto& b : r.brigades) refs.push_back(b.brigade);
    for (const auto& l : r.leaders) refs.push_back(l.leader);
    for (const auto& g : r.batteries) refs.push_back(g.battery);
    for (const auto& ref : refs) {
        const auto slash = ref.find('/');
        if (slash == std::string::npos || slash == 0) return std::nullopt;
        names.insert(ref.substr(0, slash));
    }
    std::vector<std::int64_t> ids;
    for (const auto& name : names) {
        const auto found = db::Forces(store).divisions_named(campaign, name);
        if (found.empty()) return std::nullopt;  // the whole campaign's search says what is wrong
        ids.insert(ids.end(), found.begin(), found.end());
    }
    return ids;
}

// Plans a battle against the divisions it names where it can, else against the whole roster
// (`parts` of it), and hands the plan and the roster it points into to `then`. Whatever the
// narrow check refuses is checked again against the whole campaign, whose words the refusal
// takes: the same report is refused the same way however it was read.
template <class Then>
auto with_plan(const db::Store& store, std::int64_t campaign, const battle::Report& report, const db::RosterParts& parts,
               const rules::RuleSet& rules, Then&& then) {
    if (const auto ids = named_divisions(store, campaign, report)) {
        const auto roster = db::Rosters(store).roster_of(campaign, *ids);
        std::optional<BattlePlan> plan;
        try {
            plan = plan_battle(Refs(roster, rules), report, rules);
        } catch (const Error&) {
        }
        if (plan) return then(roster, *plan);
    }
    const auto roster = db::Rosters(store).roster(campaign, parts);
    return then(roster, plan_battle(Refs(roster, rules), report, rules));
}

}  // namespace

Outcome Battles::report_battle(const battle::Report& given, Mode mode) {
    const bool preview = mode == Mode::preview;
    battle::Report report = given;
    report.name = require_name("battle", given.name);
    report.place = require_place(given.place);
    const auto c = m_session.current();
    auto& store = m_session.state().store;
    date_battle(db::Battles(store).plans(c.id), report, c, m_session.rules());
    fight_on_planned_field(report, db::Battles(store).plans(c.id), field_division_in(store));
    // What the report can name: brigades always (they give each division its engaged stands),
    // leaders always (the reminder names those who must reveal their grades), batteries and
    // divisions only when it names some. Each kind of name is found in its own list, so the
    // rest need not be read.
    const db::RosterParts parts{true, true, !report.batteries.empty(), !report.divisions.empty()};
    // The draft of its name, which the report replaces (draft_replaced says what stays of it).
    const auto replace_draft = [&](const BattlePlan& plan, std::vector<std::string>& lines) {
        if (const auto d = draft_replaced(report.name, db::Battles(store).drafts(c.id), plan, mode, lines); d && !preview)
            db::Battles(store).clear_draft_but(c.id, *d, plan.sides);
    };
    if (preview) {
        auto out = with_plan(store, c.id, report, parts, m_session.rules(), [&](const campaign::Roster& roster, const BattlePlan& plan) {
            auto previewed = preview_battle(store, m_session.rules(), c.id, report, plan);
            replace_draft(plan, previewed.lines);
            say_if_recorded_as(report.name, roster.battles, mode, previewed.lines);
            return previewed;
        });
        say_if_late(m_session, report, c, out);
        return out;
    }
    Outcome out;
    out.operation = store.run_operation(c.id, OperationKind::battle, [&](std::int64_t op) {
        return with_plan(store, c.id, report, parts, m_session.rules(), [&](const campaign::Roster& roster, const BattlePlan& plan) {
            out = plan.outcome;
            write_battle(store, m_session.rules(), c.id, op, roster, report, plan, out.lines);
            replace_draft(plan, out.lines);
            say_if_recorded_as(report.name, roster.battles, mode, out.lines);
            return out.summary;
        });
    });
    say_if_late(m_session, report, c, out);
    return out;
}

Outcome Battles::report_draft(const std::string& typed, const DraftReport& how, Mode mode) {
    battle::require_out_for(how.wounded_out_for);
    const auto c = m_session.current();
    auto& store = m_session.state().store;
    // The draft is read in the operation's own snapshot, so what is applied is what was checked.
    std::string battle;
    battle::Report reported;  // as the report of the draft reads, once made
    std::vector<std::string> kept;  // the divisions it keeps hidden that the report does not name
    std::vector<std::string> past_submitted;  // prisoners given beyond a player's loss (prisoners_past_submitted)
    const auto say_notes = [&](Outcome& out) {
        out.lines.insert(out.lines.end(), past_submitted.begin(), past_submitted.end());
        if (!kept.empty())
            out.lines.push_back("fought as the draft's lines say, but kept hidden from the enemy, which has not seen " + std::string(kept.size() == 1 ? "it" : "them") + ": " +
                                join(kept, ", ") + " (to show " + (kept.size() == 1 ? "it" : "them") + " fighting, give " + (kept.size() == 1 ? "it" : "each") + " with --division)");
    };
    auto report_of = [&](const Refs& refs) {
        battle = draft_named(store, m_session.rules(), c.id, typed);
        auto lines = db::Battles(store).draft(c.id, battle);
        // Prisoners given beside the draft are among the stands a player's submitted loss gives.
        std::map<std::int64_t, int> captured_beside;
        for (const auto& b : how.beside.brigades)
            if (b.captured > 0) captured_beside[refs.brigade(b.brigade).id] += b.captured;
        require_no_doubled_loss(m_session.rules(), battle, lines, refs, captured_beside);
        past_submitted = prisoners_past_submitted(lines, refs, captured_beside);
        // Its states on the table go with it (they are the table's, not the report's): read as
        // `battle draft` reads them, so one the file has lost the unit of is refused here too.
        for (const auto& st : db::Battles(store).draft_states(c.id, battle)) {
            if (st.brigade_id) refs.brigade_at(*st.brigade_id, "a state on the table");
            else refs.battery_at(st.battery_id.value_or(0), "a state on the table");
        }
        const auto plans = db::Battles(store).plans(c.id);
        const auto field = field_division_in(store);
        // A division the enemy has not seen that the draft's lines name only by its own side's
        // rolls and losses (out of the enemy's sight: a good order roll, fire from no one named,
        // its player's losses) is shown fighting only where the report names it: else the enemy
        // would read what it never saw done. It fights kept hidden, as --keep-hidden keeps every
        // one. A roll naming units of two sides (a close combat, fire with its firer) was made
        // against the enemy at the table: the divisions it names fought in its sight.
        std::set<std::int64_t> named, hidden, shown;
        for (const auto& typed : how.beside.divisions) named.insert(refs.division(typed).id);
        std::map<std::int64_t, std::set<std::string>> sides_of;  // by operation: the sides its lines name
        std::vector<std::pair<std::int64_t, std::int64_t>> divisions_of;  // operation, division
        for (const auto& l : lines) {
            std::optional<std::int64_t> division;
            std::string side;
            if (l.brigade_id) {
                const auto& b = refs.brigade_at(*l.brigade_id, "a line of the draft");
                division = b.division_id, side = b.side;
            } else if (l.leader_id) {
                const auto& leader = refs.leader_at(*l.leader_id, "a line of the draft");
                division = refs.division_of(leader), side = leader.side;
            } else if (l.battery_id) {
                const auto& g = refs.battery_at(*l.battery_id, "a line of the draft");
                division = g.division_id, side = g.side;
            }
            sides_of[l.operation].insert(side);
            if (division) divisions_of.emplace_back(l.operation, *division);
        }
        for (const auto& [op, division] : divisions_of)
            if (how.engaged == Fog::seen && !named.count(division) && !field(division).seen) (sides_of[op].size() > 1 ? shown : hidden).insert(division);
        for (const auto d : shown) hidden.erase(d);
        kept.clear();
        for (const auto d : hidden) kept.push_back(field(d).name);
        // Rolls at the table name who fought on a planned field only where they name a division
        // the enemy has seen: rolls for hidden divisions alone (its own side's secret work) leave
        // the draft read as one of losses, the planned field's seen divisions fighting beside
        // them, so that the battle the enemy reads is the one it would be without them.
        std::vector<std::string> rolled_hidden;
        if (open_plan_named(plans, battle)) {
            bool rolled_seen = false;
            for (const auto& l : lines) {
                if (l.kind != DraftKind::engaged) continue;
                const auto* b = l.brigade_id ? refs.brigade_by_id(*l.brigade_id) : nullptr;
                const auto* g = l.battery_id ? refs.battery_by_id(*l.battery_id) : nullptr;
                const auto division = b ? std::optional(b->division_id) : g ? g->division_id : std::nullopt;
                if (!division) continue;
                const auto f = field(*division);
                if (f.seen) rolled_seen = true;
                else if (!f.name.empty()) rolled_hidden.push_back(f.name);
            }
            if (rolled_seen) rolled_hidden.clear();
            else std::erase_if(lines, [](const campaign::DraftLine& l) { return l.kind == DraftKind::engaged; });
        }
        auto report = report_from_draft(battle, lines, refs, how.wounded_out_for, captured_beside);
        send_to_camps(report, how.camps, refs, m_session.rules());
        // Called as its plan spells it, which every side reads; with none, as the umpire names it
        // here: the draft keeps the spelling of whoever began it (a player, a roll for a unit the
        // enemy has not seen). A beginning finds the draft, but names it only where a plan does.
        if (const auto* plan = open_plan_named(plans, battle)) report.name = plan->plan.name;
        else if (same_ignoring_case(trim(typed), battle)) report.name = std::string(trim(typed));
        else throw UsageError("\"" + visible(typed) + "\" begins the name of the draft of " + battle + ": give its whole name to report it, as the battle is to be called");
        report.engaged = how.engaged;
        // Divisions given beside the draft's, once each: one its lines name already is not named
        // twice. Losses, prisoners, leaders and batteries beside its own: a brigade's losses or a
        // leader given again is refused as in any report.
        for (const auto& typed : how.beside.divisions) {
            const auto& d = refs.division(typed);
            if (std::none_of(report.divisions.begin(), report.divisions.end(), [&](const std::string& n) { return n == d.name; }))
                report.divisions.push_back(d.name);
            report.divisions_planned = true;  // beside the divisions of the draft's lines, not instead
        }
        report.brigades.insert(report.brigades.end(), how.beside.brigades.begin(), how.beside.brigades.end());
        report.leaders.insert(report.leaders.end(), how.beside.leaders.begin(), how.beside.leaders.end());
        report.batteries.insert(report.batteries.end(), how.beside.batteries.begin(), how.beside.batteries.end());
        // Their divisions fought too, as a report naming none takes those of its losses: whether
        // the draft's lines name the divisions (a roll for a seen one) or leave them to the
        // field (hidden ones only) is not the organiser's to track.
        if (!how.beside.brigades.empty() || !how.beside.leaders.empty() || !how.beside.batteries.empty()) report.divisions_planned = true;
        // Its date and place as given (else its plan's, else the campaign's date), as in any report.
        if (how.beside.date) report.date = how.beside.date;
        if (!trim(how.beside.place).empty()) report.place = require_place(how.beside.place);
        date_battle(db::Battles(store).plans(c.id), report, c, m_session.rules());
        fight_on_planned_field(report, plans, field, rolled_hidden);
        report.kept_hidden = hidden;
        return reported = report;
    };
    // A line given beside the draft's that the draft gives already: refused, saying how the
    // draft's own line is changed.
    const auto plan_of = [&](const Refs& refs, const battle::Report& report) {
        try {
            return plan_battle(refs, report, m_session.rules());
        } catch (const ReportedTwice& e) {
            if (how.beside.brigades.empty() && how.beside.leaders.empty() && how.beside.batteries.empty()) throw;
            throw UsageError(std::string(e.what()) + " (the draft of " + battle + " may give it already: to change the draft's line, write the draft out with muster battle draft --write FILE " +
                             shell_positional(battle) + ", edit it and report the file)");
        }
    };
    if (mode == Mode::preview) {
        const auto roster = db::Rosters(store).roster(c.id);
        const Refs refs(roster, m_session.rules());
        const auto report = report_of(refs);
        auto out = preview_battle(store, m_session.rules(), c.id, report, plan_of(refs, report));
        say_notes(out);
        say_if_late(m_session, report, c, out);
        return out;
    }
    Outcome out;
    out.operation = store.run_operation(c.id, OperationKind::battle, [&](std::int64_t op) {
        const auto roster = db::Rosters(store).roster(c.id);
        const Refs refs(roster, m_session.rules());
        const auto report = report_of(refs);
        const auto plan = plan_of(refs, report);
        out = plan.outcome;
        say_notes(out);
        write_battle(store, m_session.rules(), c.id, op, roster, report, plan, out.lines);
        db::Battles(store).clear_draft(c.id, battle);
        return out.summary;
    });
    say_if_late(m_session, reported, c, out);
    return out;
}

Outcome Battles::recover(const std::string& battle_name, const std::vector<std::string>& rolls, Mode mode, Previewed previewed) {
    const bool preview = mode == Mode::preview;
    const auto c = m_session.current();
    auto& store = m_session.state().store;
    Outcome out;
    const auto op = store.run_operation(c.id, kind_or_preview(OperationKind::recovery, mode), [&](std::int64_t op) {
        // The divisions that fought are read, not the whole campaign: unless a loss's brigade
        // is not among them (a battle of an earlier muster), when the whole campaign is.
        campaign::Roster battles;
        battles.battles = db::Battles(store).battles(c.id);
        const auto named = Refs(battles).battle(battle_name);
        const auto losses = db::Battles(store).losses(named.id);
        auto roster = db::Rosters(store).roster_of(c.id, db::Battles(store).battle_divisions(named.id));
        for (const auto& loss : losses)
            if (!Refs(roster).brigade_by_id(loss.brigade_id)) {
                roster = db::Rosters(store).roster(c.id);
                break;
            }
        const Refs refs(roster, m_session.rules());
        const auto& battle = refs.battle(battle_name);
        if (battle.recovered) throw Error("the casualties of " + battle.name + " have already returned");
        // Read by the sides whose casualties return (they fought): their own dice.
        std::set<std::string> sides;
        for (const auto& loss : losses) sides.insert(refs.brigade_at(loss.brigade_id, "a battle's loss").side);
        OperationDice dice(m_session.state(), c, op, Audience::sides(sides), "recovery", "operation " + std::to_string(op), rolls);
        // Told of it: every side that saw casualties there (its own, or the enemy's it saw lose).
        std::set<std::string> viewers;
        for (const auto& side : m_session.rules().sides) viewers.insert(side.id);
        std::vector<std::int64_t> divisions;
        for (const auto& loss : losses)
            divisions.push_back(refs.brigade_at(loss.brigade_id, "a battle's loss").division_id);
        const auto fog = db::Forces(store).division_fog(divisions, battle.id);
        std::map<std::string, int> seen_back;  // by side: the stands returned that it has seen
        std::map<std::string, int> seen_lost;
        struct Back {
            std::int64_t brigade;
            int stands;
        };
        std::vector<Back> backs;
        int total = 0, casualties = 0;
        for (const auto& loss : losses) {
            if (loss.casualties == 0) continue;
            const auto* b = &refs.brigade_at(loss.brigade_id, "a battle's loss");
            // A brigade out of service since (destroyed, disbanded, merged) takes none back: its
            // casualties stay lost, as the order of battle, which counts only brigades in service, has them.
            if (!is_active(b->status)) {
                out.lines.push_back(b->ref() + ": " + std::to_string(loss.casualties) + " lost; it is " + word(b->status) + ", so none return");
                for (const auto& side : viewers)
                    if (SideSight{fog, side}.counted(b->division_id)) seen_lost[side] += loss.casualties;
                casualties += loss.casualties;
                continue;
            }
            // Each brigade's dice are its own in this battle (a stream of its side, the battle and
            // its name, counted for it alone), read by its side: what the enemy's hidden brigades
            // roll moves nothing a side sees, nor does a recovery of another battle (one fought hidden).
            const auto r = battle::recover(loss.casualties, c.return_rate, c.rounding,
                                           dice.source_for(b->side + "|recovery|" + battle.name + "|" + b->ref(), "brigade " + std::to_string(b->id), b->division_id),
                                           b->ref() + " returning stands");
            if (r.roll) {
                out.rolls.push_back(*r.roll);
                out.rolls.back().seen_by = Audience::side(b->side);
            }
            for (const auto& side : viewers)
                if (SideSight{fog, side}.counted(b->division_id)) {
                    seen_back[side] += r.stands;
                    seen_lost[side] += loss.casualties;
                }
            std::string line = b->ref() + ": " + std::to_string(loss.casualties) + " lost, " + std::to_string(c.return_rate) +
                               "% is " + decimal(r.whole, r.percent) +
                               ": " + count_of(r.stands, "stand returns", "stands return") + "; " +
                               "from " + std::to_string(b->stands) + " to " + count_of(b->stands + r.stands, "stand", "stands") + ", " +
                               state_after(*b, b->stands + r.stands);
            if (r.roll) line += " [" + r.roll->result + "]";
            out.lines.push_back(line);
            backs.push_back({loss.brigade_id, r.stands});
            total += r.stands;
            casualties += loss.casualties;
        }
        const auto line = [&](int back, int lost) {
            return "Recovery after " + battle.name + ": " + count_of(back, "stand", "stands") + " of " + count_of(lost, "casualty", "casualties") +
                   " returned at " + std::to_string(c.return_rate) + "% (" + word(c.rounding) + "); prisoners stay in their camps";
        };
        out.summary = line(total, casualties);
        dice.record_previewed(store, op, out.rolls, mode, "battle " + std::to_string(battle.id), "the recovery of " + battle.name, previewed);
        // Read by the sides that see casualties return there (their own, or the enemy's they saw
        // lose there, as their reading of the battle counts them): one that saw none lost is not
        // told of a recovery that returns only what it did not see. A preview's entry is read as the recovery would be.
        const std::string previewed = preview ? "Previewed (not applied): " : "";
        std::set<std::string> readers;
        for (const auto& side : viewers)
            if (seen_lost[side] > 0) readers.insert(side);
        store.set_audience(op, Audience::sides(readers));
        for (const auto& side : readers)
            if (const auto seen = line(seen_back[side], seen_lost[side]); seen != out.summary) store.set_side_summary(op, side, previewed + seen);
        if (preview) return previewed + out.summary;
        // What the enemy read return now (the divisions in its sight), it reads so ever after.
        for (const auto& [division, f] : fog)
            if (!f.hidden) db::Battles(store).set_returns_read(battle.id, division);
        for (const auto& back : backs) {
            db::Forces(store).change_stands(op, back.brigade, MoveKind::returned, back.stands);
            db::Battles(store).set_returned(battle.id, back.brigade, back.stands);
            relabel_above_start(store, m_session.rules(), back.brigade, refs.brigade_at(back.brigade, "a battle's loss").ref(), out);
        }
        db::Battles(store).set_battle_recovered(battle.id, c.return_rate, c.rounding);
        return out.summary;
    });
    out.preview = preview;
    out.operation = op;
    return out;
}

namespace {

// The roll a recovery made for one brigade, thrown again: a return worked out anew reads the
// same dice, and one that needs a roll the recovery did not make is refused.
class RecoveryRoll : public dice::Source {
public:
    RecoveryRoll(std::optional<dice::Throw> made, std::string refused) : m_made(std::move(made)), m_refused(std::move(refused)) {}
    dice::Throw roll(rules::Die, std::string_view) override {
        if (!m_made) throw Error(m_refused);
        return *m_made;
    }

private:
    std::optional<dice::Throw> m_made;
    std::string m_refused;
};

}  // namespace

Outcome Battles::amend(const std::string& battle_name, const std::vector<std::string>& loss_specs, const std::vector<std::string>& leader_specs,
                       Mode mode) {
    battle::Report asked;
    for (const auto& spec : loss_specs) battle::add_loss_spec(asked, spec);
    // A leader wrongly reported fallen: REF:none.
    std::vector<std::string> not_fallen;
    for (const auto& spec : leader_specs) {
        const auto colon = spec.rfind(':');
        if (colon != std::string::npos && same_ignoring_case(trim(spec.substr(colon + 1)), "none")) not_fallen.emplace_back(trim(spec.substr(0, colon)));
        else {
            try {
                battle::add_leader_spec(asked, spec);
            } catch (const UsageError& e) {  // the fates a report knows, and the amendment's own
                std::string what = e.what(), fates;
                for (const auto& w : Vocabulary<LeaderFate>::table) fates += std::string(w.text) + ", ";
                if (const auto at = what.find("(expected " + spellings<LeaderFate>() + ")"); what.find("unknown fate") != std::string::npos && at != std::string::npos)
                    what.replace(at, what.size() - at, "(expected " + fates.substr(0, fates.size() - 2) + " or none)");
                throw UsageError(what);
            }
        }
    }
    if (asked.brigades.empty() && asked.leaders.empty() && not_fallen.empty())
        throw UsageError("give what to amend: --loss \"" + m_session.rules().term_division + "/" + m_session.rules().term_brigade +
                         "=N\", the stands it lost there, or --leader \"REF:FATE\" (or REF:none)");
    const auto c = m_session.current();
    auto& store = m_session.state().store;
    Outcome out;
    // What changes, worked out against one reading of the campaign (in the operation, or for a
    // preview in a snapshot of its own).
    struct Change {
        const army::BrigadeRecord* brigade;
        campaign::LossInfo before, after;
    };
    struct LeaderChange {
        const army::Leader* leader;
        std::optional<LeaderFate> before, after;  // none: not among the fallen
        int out_for = 1;
        const campaign::CampInfo* camp = nullptr;  // where he is taken, captured
        std::optional<campaign::Holding> held;     // where he is held, captured as reported
        std::optional<std::int64_t> division;
        std::optional<campaign::BattleRecord::Prior> prior;  // what he was before his fall there (none: in play)
        std::string known_as;  // the name or post he fell under there, as the enemy read it ("": none)
    };
    std::vector<Change> changes;
    std::vector<LeaderChange> leaders;
    std::vector<std::string> parts;  // the journal's words, with the division each is of
    std::vector<std::string> enemy_parts;  // ...as the enemy reads them: a leader by the name he fell under
    std::vector<std::optional<std::int64_t>> part_divisions;
    std::optional<campaign::BattleInfo> battle;
    std::vector<std::int64_t> fought;                // the battle's divisions...
    std::map<std::int64_t, db::DivisionFog> fog;      // ...as the enemy saw them there
    campaign::Roster roster;
    const auto plan = [&] {
        changes.clear();
        leaders.clear();
        parts.clear();
        part_divisions.clear();
        out.lines.clear();
        roster = db::Rosters(store).roster(c.id);
        const Refs refs(roster, m_session.rules());
        battle = refs.battle(battle_name);
        fought = db::Battles(store).battle_divisions(battle->id);
        const auto did_fight = [&](std::optional<std::int64_t> d) { return !d || std::find(fought.begin(), fought.end(), *d) != fought.end(); };
        std::map<std::int64_t, campaign::LossInfo> losses;
        for (const auto& l : db::Battles(store).losses(battle->id)) losses[l.brigade_id] = l;
        // The rolls of the recovery that stands, by what each was for.
        std::map<std::string, dice::Throw> rolled;
        if (battle->recovered)
            for (const auto& e : db::History(store).journal_entries(c.id, View::umpire()))
                if (e.kind == OperationKind::recovery && !e.undone_by && e.summary.rfind("Recovery after " + battle->name + ":", 0) == 0)
                    for (const auto& r : e.rolls) rolled[r.roll.purpose] = r.roll.thrown;
        for (const auto& typed : asked.brigades) {
            const auto& b = refs.brigade(typed.brigade);
            // Out of service since, it holds no stands to give or take: an amended loss would put
            // stands in a brigade the order of battle no longer counts.
            if (!is_active(b.status))
                throw Error(m_session.rules().brigade_noun() + " " + b.ref() + " is " + word(b.status) + ": its loss at " + battle->name +
                            " can no longer be amended (it has no stands in service to give or take); to amend it, undo what took it "
                            "out of service first (muster undo, while that is the last step)");
            if (!did_fight(b.division_id))
                throw UsageError(m_session.rules().brigade_noun() + " " + b.ref() + " did not fight at " + battle->name + ": its " + m_session.rules().division_noun() + " is not among those that fought");
            for (const auto& seen : changes)
                if (seen.brigade->id == b.id) throw UsageError(m_session.rules().brigade_noun() + " " + b.ref() + " is amended twice: give its loss once");
            auto before = losses.count(b.id) ? losses.at(b.id) : campaign::LossInfo{b.id, 0, 0, 0};
            auto after = before;
            after.casualties = typed.lost;
            // No more than it had when the battle was reported, as a report is checked (a battle
            // of an earlier muster this file cannot place is not).
            if (const auto had = battle->operation ? std::optional(db::Battles(store).stands_when_reported(*battle->operation, b.id)) : std::nullopt;
                had && after.casualties + after.captured > *had)
                throw UsageError(m_session.rules().brigade_noun() + " " + b.ref() + " had " + count_of(*had, "stand", "stands") + " at " + battle->name + ": it cannot have lost " +
                                 std::to_string(after.casualties) + (after.captured ? " and had " + std::to_string(after.captured) + " captured" : "") +
                                 " (at most " + std::to_string(*had - after.captured) + ")");
            if (battle->recovered) {
                const auto purpose = b.ref() + " returning stands";
                RecoveryRoll dice(rolled.count(purpose) ? std::optional(rolled.at(purpose)) : std::nullopt,
                                  "the casualties of " + battle->name + " have returned: with " + possessive(b.ref()) + " loss amended to " +
                                      std::to_string(typed.lost) + ", its return needs a roll for the fraction of a stand, which the "
                                      "recovery did not make; to amend it, undo back to the recovery and through it (muster undo --preview says what each undo "
                                      "takes back, the operations after it too), amend, then recover again");
                // At the rate and rounding its recovery returned them at.
                const auto at = battle->returned_at.value_or(campaign::BattleInfo::ReturnedAt{c.return_rate, c.rounding});
                after.returned = after.casualties ? battle::recover(after.casualties, at.rate, at.rounding, dice, purpose).stands : 0;
            }
            const int stands = b.stands - (after.casualties - before.casualties) + (after.returned - before.returned);
            if (stands < 0)
                throw UsageError(m_session.rules().brigade_noun() + " " + b.ref() + " has " + count_of(b.stands, "stand", "stands") + ": it cannot have lost " +
                                 std::to_string(after.casualties) + " at " + battle->name + " (" + std::to_string(before.casualties) + " as reported)");
            if (after.casualties == before.casualties) throw UsageError(m_session.rules().brigade_noun() + " " + b.ref() + " already lost " + std::to_string(before.casualties) +
                                                                        " at " + battle->name + ": nothing to amend");
            changes.push_back({&b, before, after});
            out.lines.push_back(b.ref() + ": lost " + std::to_string(before.casualties) + " -> " + std::to_string(after.casualties) +
                                (battle->recovered ? ", returned " + std::to_string(before.returned) + " -> " + std::to_string(after.returned) : "") +
                                "; from " + std::to_string(b.stands) + " to " + count_of(stands, "stand", "stands") + ", " + state_after(b, stands));
            parts.push_back(b.ref() + " lost " + std::to_string(after.casualties) + " (was " + std::to_string(before.casualties) + ")");
            enemy_parts.push_back(parts.back());
            part_divisions.push_back(b.division_id);
        }
        // Leaders: one the report left out falls now; one it reported changes his fate, or
        // did not fall at all (none), provided nothing has happened to him since.
        const auto record = db::Battles(store).battle_record(battle->id);
        std::vector<std::pair<std::string, const battle::FallenLeader*>> typed_leaders;
        for (const auto& f : asked.leaders) typed_leaders.emplace_back(f.leader, &f);
        for (const auto& n : not_fallen) typed_leaders.emplace_back(n, nullptr);
        for (const auto& [ref, f] : typed_leaders) {
            const auto& l = refs.leader(ref);
            for (const auto& seen : leaders)
                if (seen.leader->id == l.id) throw UsageError("leader " + l.label() + " is amended twice: give him once");
            LeaderChange ch{&l, std::nullopt, std::nullopt};
            for (const auto& fallen : record.fallen)
                if (fallen.leader_id == l.id) {
                    ch.before = fallen.fate;
                    ch.division = fallen.division_id;
                    ch.prior = fallen.prior;
                    ch.known_as = fallen.known_as;
                }
            if (!ch.before) {
                ch.division = refs.division_of(l);
                ch.prior = prior_of(l);
            }
            if (f) {
                ch.after = f->fate;
                ch.out_for = f->out_for;
                if (f->fate == LeaderFate::captured) ch.camp = &captor_camp(refs, f->camp, l.side, "leader " + l.label() + " is captured");
            }
            if (!ch.before) {
                if (!ch.after) throw UsageError("leader " + l.label() + " is not among the fallen of " + battle->name + ": nothing to take back");
                if (!l.may_fall()) throw Error("leader " + l.label() + " is already " + word(l.status));
                if (!did_fight(ch.division))
                    throw UsageError("leader " + l.label() + " did not fight at " + battle->name + ": his division is not among those that fought");
            } else {
                // As the report left him: fallen there (a graver fate he met out of the enemy's sight
                // kept), and (captured) still held.
                const auto left = ch.prior && gravity(ch.prior->status) > gravity(status_after(*ch.before)) ? ch.prior->status : status_after(*ch.before);
                if (l.fell_in != battle->id || l.status != left)
                    throw Error("leader " + l.label() + " is no longer " + word(*ch.before) + " from " + battle->name + " (he is " + word(l.status) +
                                " now): undo what has happened to him since, then amend");
                if (*ch.before == LeaderFate::captured) {
                    for (const auto& h : refs.holdings())
                        if (h.kind == HeldKind::leader && h.unit_id == l.id) ch.held = h;
                    if (!ch.held) throw Error("leader " + l.label() + " is no longer held in a camp: undo his release, then amend");
                }
                const bool same_camp = !ch.camp || (ch.held && ch.held->camp_id == ch.camp->id);
                if (ch.after == ch.before && (ch.after != LeaderFate::wounded || ch.out_for == l.out_battles) && same_camp)
                    throw UsageError("leader " + l.label() + " is " + word(*ch.before) + " from " + battle->name + " already: nothing to amend");
            }
            const auto fate_text = [&](std::optional<LeaderFate> fate, int out_for, const campaign::CampInfo* camp) {
                if (!fate) return std::string("not fallen");
                return word(*fate) + (camp ? " to " + camp->name : "") + (fate == LeaderFate::wounded ? ", out for " + count_of(out_for, "battle", "battles") : "");
            };
            out.lines.push_back("leader " + l.label() + ": " + fate_text(ch.after, ch.out_for, ch.camp) + " (was " + fate_text(ch.before, l.out_battles, nullptr) + ")");
            const auto part = [&](const std::string& called) {
                if (ch.after == LeaderFate::wounded && ch.before == LeaderFate::wounded)  // his time out alone changed
                    return "leader " + called + " wounded, out for " + count_of(ch.out_for, "battle", "battles") + " (was " + std::to_string(l.out_battles) + ")";
                return "leader " + called + " " + (ch.after ? word(*ch.after) : std::string("not fallen")) + " (was " +
                       (ch.before ? word(*ch.before) : std::string("not fallen")) + ")";
            };
            parts.push_back(part(l.label()));
            enemy_parts.push_back(part(ch.known_as.empty() ? l.label() : ch.known_as));
            part_divisions.push_back(ch.division);
            leaders.push_back(ch);
        }
        // The battle's divisions and those amended (a fall an earlier muster kept with another)
        // as the enemy saw them there. One it saw fight there, hidden from it again since: amended
        // now, it would read the amended record once it is revealed, never told of the change.
        auto read = fought;
        for (const auto& d : part_divisions)
            if (d) read.push_back(*d);
        fog = db::Forces(store).division_fog(read, battle->id);
        for (const auto& d : part_divisions)
            if (const auto id = d.value_or(0); d && fog.at(id).hidden_again)
                throw Error("the enemy saw " + db::Forces(store).division_name(id) + " fight at " + battle->name + ", and it is hidden from the enemy again: reveal it (muster reveal " +
                            shell_word(db::Forces(store).division_name(id)) + "), then amend, and the enemy is told of the amendment as of any");
        out.summary = battle_title(battle->name) + " amended: " + join(parts, "; ");
    };
    if (mode == Mode::preview) {
        store.read(plan);
        out.preview = true;
        return out;
    }
    out.operation = store.run_operation(c.id, OperationKind::amend, [&](std::int64_t op) {
        plan();
        // Read by each side that counts what was amended: the side it belongs to, and the enemy
        // once the division is seen there (a leader above the divisions: where it saw one of his
        // corps' or army's there, as it reads his fall), each reading only what it counts.
        std::vector<std::string> owners;
        for (const auto& ch : changes) owners.push_back(ch.brigade->side);
        for (const auto& ch : leaders) owners.push_back(ch.leader->side);
        const auto counts = [&](const std::string& side, size_t i) {
            if (part_divisions[i]) return SideSight{fog, side}.counted(*part_divisions[i]);
            return SideSight{fog, side}.counted_above(owners[i], Above::of(*leaders[i - changes.size()].leader), fought);
        };
        std::set<std::string> readers;
        for (const auto& side : m_session.rules().sides)
            for (size_t i = 0; i < parts.size(); ++i)
                if (counts(side.id, i)) readers.insert(side.id);
        store.set_audience(op, Audience::sides(readers));
        for (const auto& side : readers) {
            std::vector<std::string> seen;
            for (size_t i = 0; i < parts.size(); ++i)
                if (counts(side, i)) seen.push_back(owners[i] == side ? parts[i] : enemy_parts[i]);
            if (const auto line = battle_title(battle->name) + " amended: " + join(seen, "; "); line != out.summary) store.set_side_summary(op, side, line);
        }
        for (const auto& ch : changes) {
            db::Battles(store).set_loss(battle->id, ch.after);
            // The move that adds stands first: the brigade never passes below none on the way.
            const int casualty = ch.before.casualties - ch.after.casualties, returned = ch.after.returned - ch.before.returned;
            if (casualty < 0) db::Forces(store).change_stands(op, ch.brigade->id, MoveKind::returned, returned);
            db::Forces(store).change_stands(op, ch.brigade->id, MoveKind::casualty, casualty);
            if (casualty >= 0) db::Forces(store).change_stands(op, ch.brigade->id, MoveKind::returned, returned);
            relabel_above_start(store, m_session.rules(), ch.brigade->id, ch.brigade->ref(), out);
        }
        for (const auto& ch : leaders) {
            if (ch.held) db::Prisoners(store).release(*ch.held, 0);
            const auto& l = *ch.leader;
            if (ch.after) {
                // Moved to another camp, he keeps the name he was taken under; taken after a fall
                // there, the name he fell under.
                if (fall_in_battle(store, l.id, ch.prior, *ch.after, battle->id, ch.out_for) && ch.camp)
                    db::Prisoners(store).hold_leader(ch.camp->id, l.id,
                                                     ch.held && !ch.held->known_as.empty() ? ch.held->known_as : !ch.known_as.empty() ? ch.known_as : l.label());
            } else if (ch.prior) {
                // Taken back: what he was before it, out of the enemy's sight again.
                db::Leaders(store).set_leader_status(l.id, ch.prior->status, ch.prior->fell_in,
                                                     ch.prior->status == LeaderStatus::wounded ? std::optional<int>(ch.prior->out_battles) : std::nullopt, ch.prior->by_roll);
            } else {
                db::Leaders(store).set_leader_status(l.id, LeaderStatus::active, std::nullopt, std::nullopt);
            }
            const auto above = Above::of(*ch.leader);
            db::Battles(store).set_fallen(battle->id, ch.leader->id, ch.after, ch.division, ch.leader->label(), above.corps, above.army, ch.prior);
        }
        return out.summary;
    });
    return out;
}

std::vector<campaign::BattleInfo> Battles::list(const View& viewer) const {
    require_view(m_session.rules(), viewer);
    const auto& store = m_session.state().store;
    const auto campaign = m_session.current().id;
    // The side's battles are those a division of it fought: read from the battles, not the campaign.
    return viewer.is_umpire() ? db::Battles(store).battles(campaign) : db::Battles(store).battles_fought_by(campaign, viewer.side());
}

campaign::BattleInfo Battles::named(const std::string& typed, const View& viewer) const {
    const auto battles = list(viewer);
    std::vector<std::string> names;
    for (const auto& b : battles) names.push_back(b.name);
    const auto i = match_one(typed, names, "battle");
    if (i < 0)
        throw NotFoundError("no battle named \"" + visible(typed) + "\"" + (viewer.is_umpire() ? "" : " that " + m_session.rules().the_side(viewer.side()) + " fought") +
                            did_you_mean(typed, names));
    return battles[static_cast<size_t>(i)];
}

BattleSummary Battles::summary(const std::string& name, const View& viewer) const {
    require_view(m_session.rules(), viewer);
    auto out = summaries({named(name, viewer)}, viewer).front();
    if (!out) throw NotFoundError("no battle named \"" + visible(name) + "\" that " + m_session.rules().the_side(viewer.side()) + " fought");
    return *out;
}

std::vector<std::optional<BattleSummary>> Battles::summaries(const std::vector<campaign::BattleInfo>& battles, const View& viewer,
                                                               std::optional<ReadCampaign> read) const {
    if (battles.empty()) return {};
    const auto c = m_session.current();
    const auto& store = m_session.state().store;
    campaign::Roster roster;
    army::OrderOfBattle all;
    std::vector<FoughtBattle> fought;
    store.read([&] {
        if (!read) {
            roster = db::Rosters(store).roster(c.id);
            all = db::Rosters(store).order_of_battle(c.id);
        }
        for (const auto& b : battles) fought.push_back({b, db::Battles(store).battle_record(b.id), db::Battles(store).losses(b.id)});
    });
    const auto& r = read ? read->roster : roster;
    const auto seen = divisions_seen(read ? read->all : all, viewer);
    std::vector<std::optional<BattleSummary>> out;
    for (const auto& f : fought) out.push_back(summarize(m_session.rules(), r, seen, f, viewer));
    return out;
}

std::set<std::int64_t> divisions_seen(const army::OrderOfBattle& all, const View& viewer) {
    // What view_of would keep, heard through its filter, not copied into an order of battle.
    struct Seen final : army::OobVisitor {
        std::set<std::int64_t> ids;
        void army(const army::Army&) override {}
        void corps(const army::Corps&) override {}
        void division(const army::Division& d) override {
            if (d.status != DivisionStatus::placeholder) ids.insert(d.id);
        }
        void end_corps() override {}
        void end_army() override {}
    } seen;
    army::OobFilter filter(seen, std::nullopt, viewer);
    army::walk(all, filter);
    return std::move(seen.ids);
}

std::optional<BattleSummary> summarize(const rules::RuleSet& rules, const campaign::Roster& roster, const std::set<std::int64_t>& seen,
                                       const FoughtBattle& battle, const View& viewer) {
    const auto& record = battle.record;
    const auto& losses = battle.losses;
    BattleSummary out;
    out.battle = battle.battle;
    const Refs refs(roster, rules);
    bool fought = viewer.is_umpire();
    std::map<std::int64_t, std::pair<std::string, SideInBattle::Division>> divisions;  // by id: side, line
    std::set<std::int64_t> unseen_there;  // the enemy's the viewer did not see in the battle (revealed since or not)
    std::set<std::int64_t> returns_unread;  // the enemy's hidden at the recovery, and since: their returns are not the viewer's
    for (const auto& e : record.divisions) {
        const army::Unit* unit = nullptr;
        for (const auto& u : roster.units)
            if (u.kind == UnitKind::division && u.id == e.division_id) unit = &u;
        if (!unit)
            throw Damaged("the battle of " + visible(battle.battle.name) + " names a division the campaign does not have; run muster check, or restore a backup");
        fought = fought || viewer.owns(unit->side);
        // The enemy's: as seen there, whatever since (one revealed since does not tell that
        // battle, one hidden again does not take it back).
        if (!e.seen && !viewer.is_umpire() && !viewer.owns(unit->side)) {
            unseen_there.insert(unit->id);
            continue;
        }
        if (!viewer.is_umpire() && !viewer.owns(unit->side) && !seen.count(unit->id) && !e.returns_read) returns_unread.insert(unit->id);
        divisions[unit->id] = {unit->side, {unit->name, e.stands, 0, 0, 0}};
    }
    if (!fought) return std::nullopt;
    bool casualties_seen = false, returns_seen = false;
    for (const auto& l : losses) {
        const auto it = divisions.find(refs.brigade_at(l.brigade_id, "a battle's loss").division_id);
        if (it == divisions.end()) continue;
        const bool returns = !returns_unread.count(it->first);
        it->second.second.lost += l.casualties;
        it->second.second.captured += l.captured;
        if (returns) it->second.second.returned += l.returned;
        casualties_seen = casualties_seen || l.casualties > 0;
        returns_seen = returns_seen || (returns && l.casualties > 0);
    }
    out.battle.casualties = casualties_seen;
    // That its casualties returned is read where it read casualties return there (as
    // Battles::list has it): a recovery of only what it did not see tells it nothing.
    if (!returns_seen && !viewer.is_umpire()) {
        out.battle.recovered = false;
        out.battle.returned_at.reset();
    }
    std::vector<const army::Battery*> lost;
    for (const auto& g : record.guns) lost.push_back(&refs.battery_at(g.battery_id, "the battle of " + visible(battle.battle.name)));
    for (const auto& sd : rules.sides) {
        SideInBattle side;
        side.side = sd.id;
        for (const auto& [id, line] : divisions)
            if (line.first == sd.id) side.divisions.push_back(line.second);
        // A fallen leader or a lost battery of a division the viewer has seen, or above the
        // divisions where it saw there one of the divisions of his corps or army: nothing of a
        // division hidden from it, nor what tells that one fought, nor a corps it never read, nor
        // a leader who commanded nothing.
        // The enemy reads a leader by the name or post he fell under: a rename or a replacement
        // out of its sight since does not change what it read.
        const bool all = viewer.is_umpire() || viewer.owns(sd.id);
        const auto shown = [&](const std::optional<std::int64_t>& division, const Above& above) {
            if (division) return (divisions.count(*division) > 0 || seen.count(*division) > 0) && !unseen_there.count(*division);
            return all || (above.known() && std::any_of(record.divisions.begin(), record.divisions.end(), [&](const campaign::BattleRecord::Engaged& e) {
                       const auto it = divisions.find(e.division_id);
                       return it != divisions.end() && it->second.first == sd.id && above.holds(e.corps_id, e.army_id);
                   }));
        };
        for (const auto& f : record.fallen)
            if (const auto* l = &refs.leader_at(f.leader_id, "the battle of " + visible(battle.battle.name)); l->side == sd.id && shown(f.division_id, {f.corps_id, f.army_id, f.known_as.empty()}))
                side.fallen.push_back((all || f.known_as.empty() ? l->label() : f.known_as) + ": " + word(f.fate));
        // The side's guns the viewer reads: where it read the division or its corps or army there,
        // and a reserve's its captor took (as its camp holds it), each reserve's numbered among
        // those read, as the camp numbered it.
        std::vector<const army::Battery*> read;
        for (size_t i = 0; i < record.guns.size(); ++i) {
            const auto* t = lost[i];
            const bool taken = !t->division_id && record.guns[i].fate == BatteryFate::captured && !all;
            read.push_back(t->side == sd.id && (shown(t->division_id, {record.guns[i].corps_id, record.guns[i].army_id}) || taken) ? t : nullptr);
        }
        const auto gun_names = lost_battery_names(read, battle.battle.name, [&](const army::Battery&) { return !all; });
        for (size_t i = 0; i < record.guns.size(); ++i)
            if (read[i]) side.batteries.push_back(gun_names[i] + ": " + word(record.guns[i].fate));
        if (!side.divisions.empty() || !side.fallen.empty() || !side.batteries.empty()) out.sides.push_back(std::move(side));
    }
    return out;
}

std::string return_state(const campaign::BattleInfo& b) {
    if (!b.casualties) return "no casualties";
    return b.recovered ? "casualties returned" : "casualties not yet returned";
}

std::string summary_text(const rules::RuleSet& rules, const BattleSummary& s) {
    // Each name kept to one line: one a damaged file holds with a line break forges none.
    std::string out = one_line(battle_title(s.battle.name)) + (s.battle.date ? ", " + s.battle.date->text() : "") +
                      (s.battle.place.empty() ? "" : ", " + one_line(s.battle.place)) +
                      " (" + return_state(s.battle) + ")\n";
    for (const auto& side : s.sides) {
        const auto* sd = rules.find_side(side.side);
        out += (sd ? sd->name : side.side) + "\n";
        exporter::TextTable t;
        t.add({rules.term_division, "Engaged", "Lost", "Captured", "Returned"});
        for (const auto& d : side.divisions)
            t.add({one_line(d.name), d.engaged ? std::to_string(*d.engaged) : "-", std::to_string(d.lost), std::to_string(d.captured),
                   std::to_string(d.returned)});
        for (const auto& line : split(t.render(), '\n'))
            if (!line.empty()) out += "  " + line + "\n";
        out += "  Leaders fallen: " + (side.fallen.empty() ? std::string("none") : one_line(join(side.fallen, "; "))) + "\n";
        out += "  Batteries lost: " + (side.batteries.empty() ? std::string("none") : one_line(join(side.batteries, "; "))) + "\n";
    }
    return out;
}

namespace {

// The brigade's casualties of battles not yet recovered ("4 stands lost at Antietam"), and the
// first such battle.
struct Waiting {
    std::vector<std::string> lines;
    std::string first_battle;
    int stands = 0;
};
Waiting casualties_waiting(const db::Store& store, const Refs& refs, const army::BrigadeRecord& b) {
    Waiting out;
    for (const auto& battle : refs.battles())
        if (!battle.recovered)
            for (const auto& loss : db::Battles(store).losses(battle.id))
                if (loss.brigade_id == b.id && loss.casualties > 0) {
                    out.lines.push_back(count_of(loss.casualties, "stand", "stands") + " lost at " + battle.name);
                    out.stands += loss.casualties;
                    if (out.first_battle.empty()) out.first_battle = battle.name;
                }
    return out;
}

// A brigade taken out of service (disbanded, destroyed) takes none of its casualties back: those
// of battles not yet recovered are said, so that the organiser may recover them first
// ("Pickett/Kemper's: 4 stands lost at Gettysburg not yet returned ...").
void say_casualties_lost(const db::Store& store, const Refs& refs, const army::BrigadeRecord& b, const std::string& done, Outcome& out) {
    const auto waiting = casualties_waiting(store, refs, b);
    if (!waiting.lines.empty())
        out.lines.push_back(b.ref() + ": " + join(waiting.lines, ", ") + " not yet returned; " + done +
                            ", it takes none of them back (to have them, undo this and recover those battles first)");
}

// What a brigade taken out of service leaves: its men held in camps, who come back to it out of
// service (to be merged into one in the field), and its commanders, who command nothing after.
void say_left_behind(const Refs& refs, const army::BrigadeRecord& b, const std::string& done, Outcome& out) {
    int held = 0;
    for (const auto& h : refs.holdings())
        if (h.kind == HeldKind::stands && h.unit_id == b.id) held += h.stands;
    if (held)
        out.lines.push_back(b.ref() + ": " + count_of(held, "stand", "stands") + " of it held in camps " + (held == 1 ? "comes" : "come") + " back to it " + done +
                            ", once freed or exchanged (muster brigade merge puts them back in the field)");
    // A commander killed is said nothing of; one wounded or taken is given another command once back.
    for (const auto& l : refs.leaders())
        if ((l.command.unit == b.ref() || l.command.unit == b.ref() + " (alternate)") && l.status != LeaderStatus::killed)
            out.lines.push_back(b.ref() + ": its " + (l.name.empty() ? "unnamed " : "") + (l.command.kind ? "commander" : "Alternate") + (l.name.empty() ? "" : " " + l.label()) +
                                (is_active(l.status) ? " commands nothing after (muster leader assign gives him another)"
                                                     : " (" + word(l.status) + ") comes back to no command (muster leader assign gives him another once he is back)"));
}

}  // namespace

Outcome Battles::disband_brigade(const std::string& ref, Mode mode) {
    auto& store = m_session.state().store;
    return named_operation(m_session, OperationKind::disband, mode, [&](std::int64_t op, const Refs& refs, Outcome& out) {
        const auto& b = refs.brigade(ref);
        if (!is_active(b.status)) throw Error(m_session.rules().brigade_noun() + " " + b.ref() + " is already " + word(b.status));
        say_casualties_lost(store, refs, b, "disbanded", out);
        say_left_behind(refs, b, "disbanded", out);
        if (mode == Mode::apply) {
            store.set_audience(op, Audience::side(b.side));
            db::Forces(store).change_stands(op, b.id, MoveKind::disbanded, -b.stands);
            db::Forces(store).take_out_of_service(b.id, BrigadeStatus::disbanded, op);
            db::Leaders(store).leave_brigade(b.id, b.ref());
        }
        out.summary = "Disbanded " + b.ref() + " (" + count_of(b.stands, "stand", "stands") + " sent home)";
    });
}

Outcome Battles::destroy_brigade(const std::string& ref, Mode mode) {
    auto& store = m_session.state().store;
    return named_operation(m_session, OperationKind::destroy, mode, [&](std::int64_t op, const Refs& refs, Outcome& out) {
        const auto& b = refs.brigade(ref);
        if (!is_active(b.status)) throw Error(m_session.rules().brigade_noun() + " " + b.ref() + " is already " + word(b.status));
        if (b.stands > 0)
            throw Error(m_session.rules().brigade_noun() + " " + b.ref() + " still has " + count_of(b.stands, "stand", "stands") +
                        ": disband it or merge it instead");
        say_casualties_lost(store, refs, b, "destroyed", out);
        say_left_behind(refs, b, "destroyed", out);
        if (mode == Mode::apply) {
            store.set_audience(op, Audience::side(b.side));
            db::Forces(store).take_out_of_service(b.id, BrigadeStatus::destroyed, op);
            db::Leaders(store).leave_brigade(b.id, b.ref());
        }
        out.summary = m_session.rules().term_brigade + " " + b.ref() + " is destroyed";
    });
}

Outcome Battles::merge_brigade(const std::string& from_ref, const std::string& into_ref, Mode mode) {
    auto& store = m_session.state().store;
    const bool preview = mode == Mode::preview;
    // Checked and said alike in a preview, which writes nothing (op: none).
    return named_operation(m_session, OperationKind::merge, mode, [&](std::int64_t op, const Refs& refs, Outcome& out) {
        const auto& r = m_session.rules();
        const auto& from = refs.brigade(from_ref);
        const auto& into = refs.brigade(into_ref);
        if (from.id == into.id) throw UsageError("a " + r.brigade_noun() + " cannot merge into itself");
        if (!is_active(into.status)) throw Error(r.brigade_noun() + " " + into.ref() + " is " + word(into.status) + ": merge into an active " + r.brigade_noun());
        if (from.side != into.side) throw Error(r.brigade_noun() + "s " + from.ref() + " and " + into.ref() + " are of different sides");
        // Across the fog (one's division hidden from the enemy, the other's seen, or seen before
        // and hidden again since), a merge would show the enemy what it never saw, at once or
        // once it sees the division again: stands from nowhere in the one it sees, or that one
        // merged into a brigade it cannot read.
        if (const auto fog = db::Forces(store).division_fog({from.division_id, into.division_id});
            fog.at(from.division_id).hidden != fog.at(into.division_id).hidden || fog.at(from.division_id).seen_ever != fog.at(into.division_id).seen_ever) {
            const auto& f = fog.at(from.division_id);
            const bool from_hidden = f.hidden != fog.at(into.division_id).hidden ? f.hidden : !f.seen_ever;
            const auto& hidden = from_hidden ? from : into;
            const auto& seen = from_hidden ? into : from;
            const bool seen_now = !fog.at(seen.division_id).hidden;
            throw Error(r.brigade_noun() + " " + hidden.ref() + " is of a " + r.division_noun() + (seen_now ? " hidden from the enemy" : " the enemy has never seen") +
                        ", and " + seen.ref() + " of one it has seen" + (seen_now ? "" : " (hidden again since)") + ": merged, the enemy would read" +
                        (seen_now ? "" : ", once it sees " + seen.division + " again,") + " " +
                        (from_hidden ? seen.ref() + " grow by stands it never saw" : seen.ref() + " merged into a " + r.brigade_noun() + " it cannot read") +
                        " (" + (seen_now ? "reveal " + hidden.division + " first, or " : "") + "merge " + r.brigade_noun() + "s the enemy has seen alike)");
        }
        // Merged away, its commander would leave it: one his grade keeps in command (a despicable
        // brigadier, by the expanded rule) cannot be replaced voluntarily, only when he falls.
        if (const auto* commander = from.commander_id ? refs.leader_by_id(from.commander_id) : nullptr; commander && is_active(commander->status))
            if (const auto* grade = r.find_grade(commander->grade); grade && grade->keeps_brigade)
                throw Error("the " + grade->name + " commander of " + from.ref() + ", " + commander->label() + ", is permanently in command: his " + r.brigade_noun() +
                            " cannot be merged away while he commands it, only once he falls (merge another into it instead)");
        if (!preview) store.set_audience(op, Audience::side(into.side));
        if (from.stands == 0)
            throw Error(r.brigade_noun() + " " + from.ref() + " has no stands to merge" + (is_active(from.status) ? "" : " (it is " + std::string(word(from.status)) + " already)"));
        // Its men are the other's now: casualties still to return would return to no brigade (one
        // out of service, disbanded or destroyed, gave them up then).
        if (const auto waiting = casualties_waiting(store, refs, from); is_active(from.status) && !waiting.lines.empty())
            throw Error(r.brigade_noun() + " " + from.ref() + " has " + join(waiting.lines, ", ") + " not yet returned: recover first (muster battle recover " +
                        shell_word(waiting.first_battle) + "), then merge, so they come back to it");
        const auto named = [&](const std::string& id) { return rules::name_or_id(r.find_rating(id), id); };
        // A brigade merged above its start strength starts again at the new one, labelled for it.
        // Its own stands that may still come back to it (casualties not yet returned, men held in
        // camps) count too: back, they would take it past what any label fields.
        const int strength = into.stands + from.stands;
        const auto into_waiting = casualties_waiting(store, refs, into);
        int into_held = 0;
        for (const auto& h : refs.holdings())
            if (h.kind == HeldKind::stands && h.unit_id == into.id) into_held += h.stands;
        const int in_all = strength + into_waiting.stands + into_held;
        const rules::EffectivenessLabel* label = nullptr;
        if (strength > into.start_stands) label = r.effectiveness.find(into.rating, strength);
        if ((strength > into.start_stands && !label) || (in_all > strength && in_all > into.start_stands && !r.effectiveness.find(into.rating, in_all))) {
            std::vector<std::string> back = into_waiting.lines;
            for (auto& line : back) line += " not yet returned";
            if (into_held) back.push_back(count_of(into_held, "stand", "stands") + " held in camps");
            throw Error(r.brigade_noun() + " " + into.ref() + " would have " + std::to_string(strength) + " stands" +
                        (back.empty() ? ", above its start of " + std::to_string(into.start_stands)
                                      : ", and more of its own may come back to it (" + join(back, ", ") + "): " + std::to_string(in_all) + " in all") +
                        ", and the effectiveness table has no " + named(into.rating) + " label for that many: a merge moves all of " + possessive(from.ref()) +
                        " stands; " + (into_waiting.lines.empty() ? "" : "recover first (muster battle recover " + shell_word(into_waiting.first_battle) + "), or ") +
                        "merge it into a " + r.brigade_noun() + " with fewer");
        }
        if (is_active(from.status)) say_left_behind(refs, from, "merged", out);
        if (!preview) {
            if (label) db::Forces(store).relabel_brigade(into.id, *label, db::LabelledBy::merge);
            db::Forces(store).change_stands(op, from.id, MoveKind::merged, -from.stands);
            db::Forces(store).change_stands(op, into.id, MoveKind::merged, from.stands);
            if (is_active(from.status)) {
                db::Forces(store).take_out_of_service(from.id, BrigadeStatus::merged, op);
                db::Leaders(store).leave_brigade(from.id, from.ref());
            }
        }
        out.summary = "Merged " + count_of(from.stands, "stand", "stands") + " of " + from.ref() + " into " + into.ref() +
                      " (now " + std::to_string(strength) + (label ? ", labelled " + label->text() : std::string()) + ")";
        // Its stands serve at the rating of the one they join: said where that is another.
        if (from.rating != into.rating) {
            out.lines.push_back("the stands of " + from.ref() + " (" + named(from.rating) + ") are " + named(into.rating) + " in " + into.ref() +
                                " now: the " + r.brigade_noun() + " merged into keeps its rating");
        }
    });
}

}  // namespace muster::app
