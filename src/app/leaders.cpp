// Leaders. Each rolled operation reads top to bottom: the unit and the dice read under the
// write lock, the rolls, the rolls journaled, the change, the journal entry, the outcome.
#include "app/leaders.hpp"
#include "battle/report.hpp"

#include "app/refs.hpp"
#include "app/session_state.hpp"
#include "db/battles.hpp"
#include "db/forces.hpp"
#include "db/roster.hpp"
#include "army/view.hpp"
#include "core/error.hpp"
#include "core/match.hpp"
#include "core/names.hpp"
#include "core/text.hpp"
#include "generate/generate.hpp"
#include "play/roll.hpp"

#include <algorithm>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace muster::app {
namespace {

// The year a unit's leader table is read for: the latest year of the divisions under it.
std::optional<int> year_of(const std::vector<std::pair<int, std::string>>& divisions) {
    std::optional<int> year;
    for (const auto& d : divisions)
        if (d.first) year = std::max(year.value_or(0), d.first);
    return year;
}

// The nationality a unit's new commander is named for: the one all the divisions under it share.
std::string nationality_of(const std::vector<std::pair<int, std::string>>& divisions) {
    std::set<std::string> all;
    for (const auto& d : divisions) all.insert(d.second);
    return all.size() == 1 ? *all.begin() : "";
}

// A brigade out of service (merged, disbanded, destroyed) is commanded by no one: none is given it.
void require_in_service(const Refs& refs, const Refs::Unit& unit) {
    if (unit.kind != UnitKind::brigade) return;
    if (const auto* b = refs.brigade_by_id(unit.id); b && !is_active(b->status))
        throw Error(refs.brigade_noun() + " " + unit.ref + " is " + word(b->status) + ": a " + refs.brigade_noun() + " out of service is commanded by no one");
}

// Whether the unit's commander is sound (replacing him then is the organiser's choice, `force`,
// and only if his grade allows it: a despicable brigadier keeps his brigade); else Error. Where
// the enemy reads the unit (or will again, once it is revealed), as it reads him: one who fell
// out of its sight is sound to it, and his replacement would tell of the fall.
bool require_replaceable(const db::Store& store, const rules::RuleSet& r, const Refs::Unit& unit, bool force) {
    const auto* old = unit.commander;
    if (!old || (!is_active(old->status) && (old->fall_seen_then || !db::Forces(store).read_by_enemy(unit.kind, unit.id)))) return false;
    // One who fell out of the enemy's sight: said, for the umpire reads him fallen.
    const auto unseen = is_active(old->status) ? std::string() : " (he was " + word(old->status) + " out of the enemy's sight, and it reads him in command)";
    const auto* grade = r.find_grade(old->grade);
    if (unit.kind == UnitKind::brigade && grade && grade->keeps_brigade)
        throw Error("the " + grade->name + " commander of " + unit.ref + " is permanently in command" + unseen +
                    ": he cannot be replaced voluntarily, only when he falls" +
                    (unseen.empty() ? "" : " where the enemy sees it (" + fall_to_record(unit.ref, old->status) + ")"));
    // Attached as his side reads it, or as the enemy does (one of the two fell out of its sight):
    // displaced, the attachment would end before its eyes.
    if (const auto& company = old->company ? old->company : old->enemy_company)
        throw Error("the commander of " + unit.ref + ", " + old->label() + ", is " + company->text + ": the two stay together until one of them falls");
    if (!force && !unseen.empty())
        throw Error("the commander of " + unit.ref + ", " + old->label() + " (" + (grade ? grade->name : old->grade.str()) + "), was " + word(old->status) +
                    " out of the enemy's sight, and it reads him in command and sound: replacing him shows it a new commander, as a sound one's "
                    "replacement would; give --force to make it (in the GUI, tick Replace a sound commander too)");
    if (!force)
        throw Error("the commander of " + unit.ref + ", " + old->label() + " (" + (grade ? grade->name : old->grade.str()) +
                    "), is in command and sound: replacing him is the organiser's choice; give --force to make it (in the GUI, tick Replace a sound commander too)");
    return true;
}

// The unit to give a new commander: as named, or the one the leader named commands (his own
// name typed for his unit's: "Cilley" for Poor/1st New Hampshire); else the unit's refusal.
// A unit's name given whole is the unit's (Heth, though a brigadier elsewhere was drawn that
// name); else a leader's name given whole is his: "Thumen", a leader beside the division
// Thümen, is not read as the division with its letters plain.
Refs::Unit unit_or_commanded(const Refs& refs, const std::string& ref) {
    if (std::any_of(refs.units().begin(), refs.units().end(), [&](const army::Unit& u) { return u.name == ref; })) return refs.unit(ref);
    // Refs::leader takes a whole name its one bearer has as his, and refuses one several bear.
    if (std::any_of(refs.leaders().begin(), refs.leaders().end(), [&](const army::Leader& l) { return !l.name.empty() && l.name == ref; }))
        if (const auto& bearer = refs.leader(ref); bearer.command.kind && !bearer.command.unit.empty()) return refs.unit(bearer.command.unit);
    try {
        return refs.unit(ref);
    } catch (const NotFoundError&) {
        const army::Leader* l = nullptr;
        try {
            l = &refs.leader(ref);
        } catch (const NotFoundError&) {  // a name two leaders bear is refused as such
        }
        if (l && l->command.kind && !l->command.unit.empty()) return refs.unit(l->command.unit);
        if (ref.find('/') != std::string::npos || l) throw;  // "Division/Brigade": the brigade's refusal says what is near
        // Neither a unit nor a leader's: the nearest of both.
        std::vector<std::string> names;
        for (const auto& u : refs.units()) names.push_back(u.name);
        for (const auto& b : refs.brigades()) names.push_back(b.name);
        for (const auto& x : refs.leaders())
            if (!x.name.empty()) names.push_back(x.name);
        throw NotFoundError("no unit or leader \"" + visible(ref) + "\" in this campaign (give a " + refs.division_noun() + ", corps or army, " + refs.form() +
                            ", or the name of the commander replaced)" + did_you_mean(ref, names));
    }
}

Rank rank_of(UnitKind kind) {
    switch (kind) {
        case UnitKind::brigade: return Rank::brigadier;
        case UnitKind::division: return Rank::division;
        case UnitKind::corps: return Rank::corps;
        case UnitKind::army: return Rank::army;
    }
    return Rank::brigadier;
}

}  // namespace

std::string fall_to_record(const std::string& unit, LeaderStatus status) {
    return "record his fall in the next battle it sees: --leader " + shell_word(unit + ":" + word(status));
}

namespace {

// The battles that count toward a wounded leader's return: those his side fought (muster's
// reading: those a division of his side fought, as his side's battle list has them), never one
// his side did not fight, which it may not know of. Where the enemy saw him fall, only battles it
// saw a division of his side fight: back after one that hidden divisions fought alone, he would
// tell the enemy of that battle, and of them. So too where it saw him fall and his division has
// been hidden again since (it reads him in play meanwhile, and fallen once it sees it again).
std::set<std::int64_t> battles_counting(const db::Store& store, std::int64_t campaign, const army::Leader& l) {
    if (l.fall_seen_then) return db::Battles(store).battles_seen_fought_by(campaign, l.side);
    std::set<std::int64_t> fought;
    for (const auto& b : db::Battles(store).battles_fought_by(campaign, l.side)) fought.insert(b.id);
    return fought;
}

// Of those, the ones fought since he fell (fallen before any battle was fought, on a Fallen
// Leaders roll of the umpire's: every one).
int battles_since(const army::Leader& l, const std::vector<campaign::BattleInfo>& battles, const std::set<std::int64_t>& counting) {
    return static_cast<int>(std::count_if(battles.begin(), battles.end(),
                                          [&](const campaign::BattleInfo& b) { return (!l.fell_in || b.id > *l.fell_in) && counting.count(b.id); }));
}

template <class List>
std::map<std::int64_t, int> since_fall(const db::Store& store, std::int64_t c, const List& leaders) {
    std::map<std::int64_t, int> out;
    store.read([&] {
        std::optional<std::vector<campaign::BattleInfo>> battles;
        std::map<std::pair<std::string, bool>, std::set<std::int64_t>> counting;  // by side and whether the fall was seen
        for (const auto& l : leaders) {
            if (l.status != LeaderStatus::wounded) continue;
            if (!battles) battles = db::Battles(store).battles(c);
            auto it = counting.find({l.side, l.fall_seen_then});
            if (it == counting.end()) it = counting.emplace(std::pair{l.side, l.fall_seen_then}, battles_counting(store, c, l)).first;
            out[l.id] = battles_since(l, *battles, it->second);
        }
    });
    return out;
}

}  // namespace

std::map<std::int64_t, int> Leaders::battles_since_fall(const std::vector<army::Leader>& leaders) const {
    return since_fall(m_session.state().store, m_session.current().id, leaders);
}

std::map<std::int64_t, int> Leaders::battles_since_fall(const RecordList<army::Leader>& leaders) const {
    return since_fall(m_session.state().store, m_session.current().id, leaders);
}

std::string Leaders::state_text(const army::Leader& l, const std::map<std::int64_t, int>& since_fall) {
    if (l.status != LeaderStatus::wounded) return word(l.status);
    const auto fought = since_fall.find(l.id);
    if (fought == since_fall.end()) return word(l.status);  // a wounded leader of no list's: his state alone
    return "wounded (out for " + count_of(l.out_battles, "battle", "battles") +
           (fought->second >= l.out_battles ? ": may return)" : ", " + std::to_string(fought->second) + " fought since)");
}

std::vector<army::Leader> Leaders::list(const View& viewer) const {
    require_view(m_session.rules(), viewer);
    const auto& store = m_session.state().store;
    const auto id = m_session.current().id;
    if (viewer.is_umpire()) return db::Leaders(store).leaders(id);
    campaign::Roster roster;
    army::OrderOfBattle all;
    store.read([&] {
        roster = db::Rosters(store).roster(id);
        all = db::Rosters(store).order_of_battle(id);
    });
    return leaders_seen_by(roster, all, viewer);
}

std::vector<army::Leader> leaders_seen_by(const campaign::Roster& roster, const army::OrderOfBattle& all,
                                                  const View& viewer) {
    std::vector<army::Leader> out;
    std::map<size_t, army::Leader> held_only;
    for (const auto i : leaders_seen_at(roster, all, viewer, &held_only)) {
        const auto held = held_only.find(i);
        out.push_back(held != held_only.end() ? held->second : viewer.owns(roster.leaders[i].side) ? roster.leaders[i] : roster.leaders[i].as_enemy_sees());
    }
    // A side's list by name, not by number: numbers count the enemy's leaders, when each was
    // made, hidden ones too (a prisoner would sit where his hidden division arrived).
    if (viewer.is_umpire()) return out;
    std::vector<std::pair<std::string, size_t>> by_label;  // each label made once, not at every comparison
    for (size_t i = 0; i < out.size(); ++i) by_label.emplace_back(out[i].label(), i);
    std::sort(by_label.begin(), by_label.end());
    std::vector<army::Leader> sorted;
    for (const auto& [label, i] : by_label) sorted.push_back(std::move(out[i]));
    return sorted;
}

army::Leader held_as_seen(const army::Leader& leader, const std::string& known_as) {
    auto out = leader.as_enemy_sees();
    out.name = known_as.empty() ? leader.label() : known_as;  // a row of an earlier muster: his label now
    out.command = {};
    out.former_post.reset();
    out.company.reset();
    return out;
}

std::vector<size_t> leaders_seen_at(const campaign::Roster& roster, const army::OrderOfBattle& all, const View& viewer,
                                    std::map<size_t, army::Leader>* held_only) {
    std::vector<size_t> out;
    if (viewer.is_umpire()) {
        for (size_t i = 0; i < roster.leaders.size(); ++i) out.push_back(i);
        return out;
    }
    // The viewer's own leaders are all read; of the enemy's, those of the units it has seen.
    std::set<std::string> enemies;
    for (const auto& a : all.armies)
        if (!viewer.owns(a.side)) enemies.insert(a.side);
    // A unit's kind and id as one key: ids are far below 2^56.
    const auto key = [](UnitKind kind, std::int64_t id) { return static_cast<std::int64_t>(kind) << 56 | id; };
    std::unordered_set<std::int64_t> shown;
    for (const auto& enemy : enemies) {
        for (const auto& a : army::view_of(all, enemy, viewer).armies) {
            shown.insert(key(UnitKind::army, a.id));
            for (const auto& k : a.corps) {
                shown.insert(key(UnitKind::corps, k.id));
                for (const auto& d : k.divisions) {
                    if (d.status == DivisionStatus::placeholder) continue;  // a name only: no commander seen
                    shown.insert(key(UnitKind::division, d.id));
                    for (const auto& b : d.brigades) shown.insert(key(UnitKind::brigade, b.id));
                }
            }
        }
    }
    // An alternate commands no unit (his command names none): he is read with the brigade he
    // sits on, as the order of battle shows him.
    std::unordered_set<std::int64_t> alternates_shown;
    for (const auto& b : roster.brigades)
        if (b.alternate_id && shown.count(key(UnitKind::brigade, b.id))) alternates_shown.insert(b.alternate_id);
    std::unordered_map<std::int64_t, const std::string*> held;  // leader -> what the camp calls him
    for (const auto& h : roster.holdings)
        for (const auto& camp : roster.camps)
            if (h.kind == HeldKind::leader && camp.id == h.camp_id && viewer.owns(camp.side)) held[h.unit_id] = &h.known_as;
    for (size_t i = 0; i < roster.leaders.size(); ++i) {
        const auto& l = roster.leaders[i];
        const bool own = viewer.owns(l.side),
                   commands_shown = (l.command.kind && shown.count(key(*l.command.kind, l.command.unit_id))) || alternates_shown.count(l.id);
        const auto camp = held.find(l.id);
        if (own || commands_shown || camp != held.end()) out.push_back(i);
        if (!own && !commands_shown && camp != held.end() && held_only) (*held_only)[i] = held_as_seen(l, *camp->second);
    }
    return out;
}

Outcome Leaders::replace_leader(const std::string& unit_ref, std::optional<int> year, const std::vector<std::string>& rolls, Mode mode,
                                Displace sound, const std::string& name, const std::string& grade, Previewed previewed) {
    const bool preview = mode == Mode::preview, force = sound == Displace::replace;
    const auto given_name = name.empty() ? std::string() : checked_leader_name(name);
    if (!name.empty() && given_name.empty()) throw UsageError("the new commander's name is empty: give a name, or none");
    const auto c = m_session.current();
    const auto& r = m_session.rules();
    // A grade given (a historical commander's, known) is his, not rolled.
    const auto* given_grade = grade.empty() ? nullptr : &rules::typed_word(r, r.grades, grade, "leader grade");
    if (given_grade && !rolls.empty()) throw UsageError("--grade gives the new commander's grade, which is then not rolled: give --grade or rolls, not both");
    auto& store = m_session.state().store;
    Outcome out;
    out.operation = store.run_operation(c.id, kind_or_preview(OperationKind::replace, mode), [&](std::int64_t op) {
        // A new commander's name is checked against every leader; else the unit is found among
        // its division's units where the reference names the division.
        const auto roster = given_name.empty() ? roster_naming(store, c.id, {unit_ref}, [&](const Refs& refs) { unit_or_commanded(refs, unit_ref); })
                                               : db::Rosters(store).roster(c.id);
        const Refs refs(roster, m_session.rules());
        const auto unit = unit_or_commanded(refs, unit_ref);
        require_in_service(refs, unit);
        const auto* old = unit.commander;
        const bool sound = require_replaceable(store, r, unit, force);
        if (!given_name.empty()) refs.require_free_leader_name(given_name, 0, old ? old->id : 0);
        // The leader table is keyed by side (and year): the year given, else the unit's division's,
        // else the campaign's.
        const auto divisions = db::Forces(store).divisions_under(unit.kind, unit.id);
        generate::Request req;
        req.side = unit.side;
        req.year = year;
        if (!req.year && !r.years.empty()) {
            req.year = year_of(divisions);
            if (!req.year) req.year = c.year();
            // (Not for a leader given whole, his grade and name: nothing is rolled or drawn.)
            if (!req.year && !(given_grade && !given_name.empty()))
                throw UsageError("which year is it? give --year or set the campaign's date (muster campaign set --date YYYY-MM-DD): "
                                 "the leader table depends on it");
        }
        req.despicable_by_the_book = c.despicable == Despicable::book;
        // The unit's dice since it was last revealed (seen_since).
        OperationDice dice(m_session.state(), c, op, Audience::side(unit.side), unit.ref + seen_since(store, unit.kind, unit.id),
                           word(unit.kind) + " " + std::to_string(unit.id), rolls);
        army::Leader leader;
        if (given_grade) {
            leader.grade = leader.rolled_grade = given_grade->id;
            if (req.despicable_by_the_book && !given_grade->by_the_book_as.empty()) leader.grade = given_grade->by_the_book_as;
        } else {
            leader = generate::roll_leader(r, req, dice.source(), out.rolls, unit.ref + " new commander");
        }
        leader.name = given_name;
        // A division's first commander, known by name since it was a placeholder (entered by
        // hand since): the leader rolled is he, as on its arrival; none is drawn.
        if (leader.name.empty() && !old && unit.kind == UnitKind::division)
            if (const auto d = db::Forces(store).find_division(c.id, unit.ref); d && d->status == DivisionStatus::entered) leader.name = d->leader_name;
        // Never a name the man he replaces bears, nor one of those above him (a second Oudinot
        // under Oudinot), nor, in a division, one its units or their leaders bear ("Specht" for a
        // brigadier beside brigade Specht): two of one name in one command make every reference
        // to either ambiguous. (Each is read as the enemy reads the new commander: with him.)
        std::vector<std::string> beside = db::Forces(store).commanders_above(unit.kind, unit.id);
        if (old) beside.push_back(old->name);
        const auto* brigade = unit.kind == UnitKind::brigade ? refs.brigade_by_id(unit.id) : nullptr;
        if (const auto division = brigade ? std::optional(brigade->division_id) : unit.kind == UnitKind::division ? std::optional(unit.id) : std::nullopt) {
            beside.push_back(brigade ? brigade->division : unit.ref);
            for (const auto& b : refs.brigades())
                if (b.division_id == *division) {
                    beside.push_back(b.name);
                    for (const auto id : {b.commander_id, b.alternate_id})
                        if (const auto* l = refs.leader_by_id(id)) beside.push_back(l->name);
                }
        }
        const auto names = dice.name_leaders(store, c, r, unit.side, nationality_of(divisions), req.year.value_or(0),
                                             {{&leader, unit.ref, rank_of(unit.kind)}}, beside);
        const auto* grade = r.find_grade(leader.grade);
        out.summary = "New commander of " + unit.ref + ": " + (leader.name.empty() ? "" : leader.name + ", ") + (grade ? grade->name : leader.grade.str()) +
                      (grade && !grade->mark.empty() ? " [" + grade->mark + "]" : "") +
                      (old ? " (replacing " + old->label() + ", " + word(old->status) + (sound ? ", by the organiser's choice" : "") + ")"
                           : "");
        dice.record_previewed(store, op, out.rolls, mode, word(unit.kind) + " " + std::to_string(unit.id), "the new commander of " + unit.ref, previewed);
        out.rolls.insert(out.rolls.end(), names.begin(), names.end());
        if (preview) return "Previewed (not applied): " + out.summary;
        db::Leaders(store).set_commander(unit.kind, unit.id, db::Leaders(store).insert_leader(c.id, unit.side, rank_of(unit.kind), leader), rank_of(unit.kind), unit.ref);
        return out.summary;
    });
    out.preview = preview;
    return out;
}

Outcome Leaders::leader_casualty(const std::string& ref, int out_for, const std::vector<std::string>& rolls, Mode mode, Previewed previewed) {
    const bool preview = mode == Mode::preview;
    const auto c = m_session.current();
    const auto& r = m_session.rules();
    // What was typed first (a usage error), then what the rule set cannot do.
    battle::require_out_for(out_for);
    if (!r.fallen_leaders) throw Error("rule set " + r.id + " has no Fallen Leaders table: report the leader's fate in a battle report");
    auto& store = m_session.state().store;
    Outcome out;
    out.operation = store.run_operation(c.id, kind_or_preview(OperationKind::fallen_leader, mode), [&](std::int64_t op) {
        const auto roster = db::Rosters(store).roster(c.id);
        const Refs refs(roster, m_session.rules());
        const auto& l = refs.leader(ref);
        if (!is_active(l.status)) throw Error("leader " + l.label() + " is already " + word(l.status));
        const auto& table = r.play_tables[*r.fallen_leaders];
        // Named by him and his post: two leaders drawn one name roll apart (and each counts his own).
        const bool above = l.command.kind == UnitKind::corps || l.command.kind == UnitKind::army;
        const auto since = above ? seen_since(store, *l.command.kind, l.command.unit_id) : seen_since(store, refs.division_of(l));
        OperationDice dice(m_session.state(), c, op, Audience::side(l.side), l.label() + "|" + l.command.unit + since,
                           "leader " + std::to_string(l.id), rolls);
        play::Request request;
        request.purpose = "fallen leader: " + l.label();
        const auto rolled = play::roll(table, request, dice.source());
        const auto fate = rolled.effects.leader;
        out.rolls.push_back({"fallen leader: " + l.label(), table.id, rolled.throws.at(0), rolled.result->text});
        out.summary = "Leader " + l.label() + ": " + rolled.result->heading() + ", " + (fate ? word(*fate) : std::string("no effect")) +
                      (fate == LeaderFate::wounded ? ", out for " + count_of(out_for, "battle", "battles") : "");
        if (fate == LeaderFate::captured)
            throw Error("the Fallen Leaders table gave \"captured\": report it in a battle report with the camp");
        dice.record_previewed(store, op, out.rolls, mode, "leader " + std::to_string(l.id), "the Fallen Leaders roll for " + l.label(), previewed);
        if (preview) return "Previewed (not applied): " + out.summary;
        if (fate) {
            std::optional<std::int64_t> last_battle;
            for (const auto& b : refs.battles()) last_battle = b.id;
            db::Leaders(store).set_leader_status(l.id, status_after(*fate), last_battle,
                                    fate == LeaderFate::wounded ? std::optional<int>(out_for) : std::nullopt, true);
        }
        return out.summary;
    });
    out.preview = preview;
    return out;
}

Outcome Leaders::assign(const std::string& leader_ref, const std::string& unit_ref, Displace sound) {
    const bool force = sound == Displace::replace;
    auto& store = m_session.state().store;
    const auto& r = m_session.rules();
    return named_operation(m_session, OperationKind::assign, [&](std::int64_t op, const Refs& refs, Outcome& out) {
        const auto& l = refs.leader(leader_ref);
        const auto unit = refs.unit(unit_ref);
        store.set_audience(op, Audience::side(l.side));
        if (l.side != unit.side)
            throw Error("leader " + l.label() + " is of " + r.the_side(l.side) + " and " + unit.ref + " of " + r.the_side(unit.side) +
                        ": a leader commands his own side's units");
        if (!is_active(l.status))
            throw Error("leader " + l.label() + " is " + word(l.status) +
                        (l.status == LeaderStatus::wounded ? ": he returns first (muster leader return)" : ": he cannot command"));
        // A brigade's Alternate takes its command (its commander fallen, or by choice): it has
        // no Alternate after. Any other post he holds is given another commander first.
        const auto* brigade = unit.kind == UnitKind::brigade ? refs.brigade_by_id(unit.id) : nullptr;
        const bool alternate = brigade && brigade->alternate_id == l.id;
        if (!l.command.unit.empty() && !alternate)
            throw Error("leader " + l.label() + " commands " + l.command.unit + ": a leader commands one unit; give " + l.command.unit +
                        " another commander first");
        require_in_service(refs, unit);
        const auto* old = unit.commander;
        const bool sound = require_replaceable(store, r, unit, force);
        out.summary = "Leader " + l.label() + (alternate ? ", its Alternate," : "") + " takes command of " + unit.ref +
                      (old ? " (replacing " + old->label() + ", " + word(old->status) + (sound ? ", by the organiser's choice" : "") + ")" : "");
        if (alternate) db::Leaders(store).promote_alternate(unit.id, unit.ref);
        else db::Leaders(store).set_commander(unit.kind, unit.id, l.id, rank_of(unit.kind), unit.ref);
    });
}

namespace {

// Each side's leaders as its enemy's leader list shows them: those it may be named to.
std::vector<army::Leader> seen_by_the_enemy(const Refs& refs, const army::OrderOfBattle& all, const rules::RuleSet& rules) {
    std::vector<army::Leader> out;
    for (const auto& side : rules.sides)
        for (const auto i : leaders_seen_at(refs.roster(), all, View::of_side(side.id)))
            if (refs.leaders()[i].side != side.id) out.push_back(refs.leaders()[i]);
    return out;
}

}  // namespace

Outcome Leaders::reveal_grade(const std::string& ref) {
    auto& store = m_session.state().store;
    return named_operation(m_session, OperationKind::reveal, [&](std::int64_t op, const Refs& refs, Outcome& out) {
        const auto& l = refs.leader(ref);
        if (!l.present()) throw Error("leader " + l.label() + " has no grade to reveal");
        if (l.grade_revealed) throw Error("the grade of leader " + l.label() + " is revealed already: nothing to do");
        // Every side reads the reveal: a leader the enemy has not seen (his division hidden, or
        // commanding nothing it saw) would be named to it.
        const auto seen = seen_by_the_enemy(refs, db::Rosters(store).order_of_battle(m_session.current().id), m_session.rules());
        if (std::none_of(seen.begin(), seen.end(), [&](const army::Leader& x) { return x.id == l.id; }))
            throw Error("leader " + l.label() + " is not seen by the enemy " +
                        (l.command.unit.empty() ? std::string("(he commands nothing it sees): give him a command first (muster leader assign)")
                                                : "(his division hidden, or commanding nothing it saw): reveal his division first (muster reveal)"));
        store.set_audience(op, Audience::everyone());  // revealed to every side
        db::Leaders(store).reveal_grade(l.id);
        const auto* grade = m_session.rules().find_grade(l.grade);
        out.summary = "Revealed the grade of " + l.label() + ": " + (grade ? grade->name : l.grade.str());
    });
}

Outcome Leaders::attach(const std::string& corps_ref, const std::string& division_ref) {
    auto& store = m_session.state().store;
    const auto& r = m_session.rules();
    return named_operation(m_session, OperationKind::attach, [&](std::int64_t op, const Refs& refs, Outcome& out) {
        const auto& k = refs.leader(corps_ref);
        const auto& d = refs.leader(division_ref);
        store.set_audience(op, Audience::side(k.side));
        if (m_session.current().despicable == Despicable::book)
            throw Error("this campaign plays despicable leaders by the book, as average: no corps leader seeks company");
        const auto* grade = r.find_grade(k.grade);
        if (!grade || !grade->corps_leader_attaches)
            throw Error("leader " + k.label() + " is " + (grade ? grade->name : "without a grade") +
                        ": only a corps leader whose grade seeks company is attached to a division leader");
        if (k.command.kind != UnitKind::corps) throw Error("leader " + k.label() + " does not command a corps: only a corps leader is attached");
        // In play as the enemy reads them: one who fell out of its sight is attached as though he
        // had not (the attachment shows to it alone), for a refusal would tell it of the fall.
        if (!k.in_play_to_enemy()) throw Error("leader " + k.label() + " is " + word(k.status) + ": he is not in play");
        if (const auto& company = k.company ? k.company : k.enemy_company)
            throw Error("leader " + k.label() + " is " + company->text + " already, until one of the two falls");
        if (d.command.kind != UnitKind::division || !d.in_play_to_enemy())
            throw Error("leader " + d.label() + " is not an active division leader: a corps leader is attached to a division leader of his corps");
        const auto oob = db::Rosters(store).order_of_battle(m_session.current().id);
        bool in_corps = false;
        for (const auto& a : oob.armies)
            for (const auto& corps : a.corps)
                if (corps.id == k.command.unit_id)
                    for (const auto& division : corps.divisions) in_corps = in_corps || division.id == d.command.unit_id;
        if (!in_corps) throw Error("leader " + d.label() + " commands " + d.command.unit + ", not a division of " + k.command.unit);
        db::Leaders(store).attach(k.id, d.id);
        out.summary = "Corps leader " + k.label() + " (" + grade->name + ") is attached to " + d.label() + ", commanding " + d.command.unit +
                      ", until one of the two falls";
    });
}

Outcome Leaders::penalty(const std::string& ref) {
    auto& store = m_session.state().store;
    const auto& r = m_session.rules();
    return named_operation(m_session, OperationKind::penalty, [&](std::int64_t op, const Refs& refs, Outcome& out) {
        if (m_session.current().despicable == Despicable::book)
            throw Error("this campaign plays despicable leaders by the book, as average: forgetting to reveal one has no penalty");
        // The opponent chooses among the leaders he has seen, as his leader list shows them: he
        // is looked for among those alone, so that one hidden from him (his name, his number)
        // is refused as no leader at all, and nothing of him is told.
        campaign::Roster seen;
        seen.leaders = seen_by_the_enemy(refs, db::Rosters(store).order_of_battle(m_session.current().id), r);
        const auto& l = refs.leader_at([&] {
            try {
                return Refs(seen).leader(ref).id;
            } catch (const NotFoundError&) {  // the same words for one hidden from him as for none
                throw NotFoundError("no leader \"" + visible(ref) + "\" that the other side has seen: the opponent chooses among the leaders it has "
                                    "seen (muster leader list --as SIDE shows them)");
            }
        }(), "a penalty");
        // Out of play as the opponent reads him (a fall he saw) before anything of his grade.
        if (const auto as_seen = l.as_enemy_sees(); !is_active(as_seen.status))
            throw Error("leader " + l.label() + " is " + word(as_seen.status) + ": the penalty downgrades a leader in play");
        // The grade a penalty turns him into: one whose owner must reveal it, and which may
        // downgrade his grade.
        const rules::LeaderGrade* to = nullptr;
        std::vector<std::string> from;
        for (const auto& g : r.grades)
            for (const auto& id : g.penalty_downgrades) {
                if (id == l.grade && !to) to = &g;
                const auto* f = r.find_grade(id);
                from.push_back(f ? f->name : id);
            }
        const auto* grade = r.find_grade(l.grade);
        if (from.empty()) throw Error("the rule set has no penalty for forgetting to reveal a leader's grade");
        // His grade named only where the opponent may read it.
        if (!to)
            throw Error("leader " + l.label() + " is " +
                        (!l.grade_revealed && l.present() ? "not " + join(from, " or ") : grade ? grade->name : l.present() ? l.grade.str() : "without a grade") +
                        ": the penalty downgrades only a leader who is " + join(from, " or ") + ", never one of another grade");
        // A fall the opponent did not see does not spare him: refused, the penalty would tell of it.
        // Every side reads the penalty.
        store.set_audience(op, Audience::everyone());
        db::Leaders(store).set_grade(l.id, to->id);
        out.summary = "Penalty for a despicable leader not revealed: " + l.label() + " is downgraded from " + (grade ? grade->name : l.grade.str()) +
                      " to " + to->name + (to->mark.empty() ? "" : " [" + to->mark + "]") + ", at the opponent's choice" +
                      (to->corps_leader_attaches && l.command.kind == UnitKind::corps
                           ? "; he seeks the company of a division leader of his corps (muster leader attach)"
                           : "");
    });
}

namespace {

// Why a leader commands nothing: his brigade went out of service, or his post is another's.
std::string without_command(const army::Leader& l, const Refs& refs, const rules::RuleSet& rules) {
    if (l.former_post)
        for (const auto& b : refs.brigades())
            if (b.ref() == l.former_post->unit && b.status != BrigadeStatus::active)
                return " (no command: his " + rules.brigade_noun() + ", " + b.ref() + ", is " + std::string(word(b.status)) + ")";
    return " (no command: his post was filled)";
}

}  // namespace

Outcome Leaders::return_leader(const std::string& ref) {
    auto& store = m_session.state().store;
    return named_operation(m_session, OperationKind::leader_return, [&](std::int64_t op, const Refs& refs, Outcome& out) {
        // A name given whole that the one wounded leader of it bears is his: a drawn name may
        // repeat within a side, and only the wounded may return.
        const army::Leader* wounded = nullptr;
        int bearers = 0;
        for (const auto& x : refs.leaders())
            if (x.status == LeaderStatus::wounded && !x.name.empty() && x.name == ref) {
                wounded = &x;
                ++bearers;
            }
        const auto& l = bearers == 1 ? *wounded : refs.leader(ref);
        store.set_audience(op, Audience::side(l.side));
        if (l.status != LeaderStatus::wounded) throw Error("leader " + l.label() + " is " + word(l.status) + ", not wounded");
        const int since = battles_since(l, refs.battles(), battles_counting(store, m_session.current().id, l));
        std::string fell;
        for (const auto& b : refs.battles())
            if (l.fell_in && b.id == *l.fell_in) fell = b.name;
        if (since < l.out_battles)
            throw Error("leader " + l.label() + " is out for " + count_of(l.out_battles, "battle", "battles") +
                        (fell.empty() ? " from when he fell" : " after " + fell) + "; " + std::to_string(since) + " fought since" +
                        (l.fall_seen ? " that the enemy saw (a battle of hidden divisions alone does not count: his return would tell of it)" : ""));
        db::Leaders(store).set_leader_status(l.id, LeaderStatus::active, std::nullopt, std::nullopt);
        if (l.fall_seen) db::Leaders(store).end_attachments(l.id);  // the enemy saw the attachment end at his fall
        out.summary = "Leader " + l.label() + " returns from his wounds" + (l.command.unit.empty() ? without_command(l, refs, m_session.rules()) : " to " + l.command.unit);
    });
}

}  // namespace muster::app
