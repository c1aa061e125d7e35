#include "app/season.hpp"

#include <algorithm>
#include <map>

#include "app/leaders.hpp"
#include "app/prisoners.hpp"
#include "app/session_state.hpp"
#include "core/match.hpp"
#include "core/names.hpp"
#include "core/text.hpp"
#include "db/battles.hpp"
#include "db/forces.hpp"
#include "db/history.hpp"
#include "db/prisoners.hpp"
#include "core/date.hpp"
#include "core/error.hpp"
#include "core/version.hpp"

namespace muster::app {
namespace {

using PastDates = std::map<int, std::optional<Day>>;

// The date turn `turn` begins: a past turn's as it was kept when it ended (`past`), the present
// turn's the campaign's, and a later one's counted on from it, turns of the campaign's length.
// A past turn that ended before muster kept them is counted back from the next turn whose date
// is known.
std::optional<Day> date_of(const campaign::CampaignInfo& c, Turn turn, const PastDates& past = {}) {
    if (turn < c.turn) {
        if (const auto kept = past.find(turn.number()); kept != past.end()) return kept->second;
        if (const auto later = past.upper_bound(turn.number()); later != past.end() && later->first < c.turn.number()) {
            if (!later->second || !c.turn_days) return std::nullopt;
            return later->second->plus((turn.number() - later->first) * *c.turn_days);
        }
    }
    if (turn == c.turn) return c.date;
    if (!c.date || !c.turn_days) return std::nullopt;
    return c.date->plus(turn.minus(c.turn) * *c.turn_days);
}

Scheduled with_date(const campaign::CampaignInfo& c, const PastDates& past, campaign::ScheduleEntry e) {
    const Turn turn = e.turn;
    return {std::move(e), date_of(c, turn, past)};
}

}  // namespace

std::optional<Day> Season::began(Turn turn) const {
    const auto c = m_session.current();
    return date_of(c, turn, db::Season(m_session.state().store).turn_dates(c.id));
}

TurnView Season::now() const {
    const auto c = m_session.current();
    TurnView v;
    v.turn = c.turn;
    v.date = c.date;
    v.turn_days = c.turn_days;
    const db::Season season(m_session.state().store);
    const auto past = season.turn_dates(c.id);
    for (auto& e : season.schedule(c.id)) {
        if (e.status != DivisionStatus::placeholder) continue;
        if (e.turn <= c.turn) v.due.push_back(with_date(c, past, e));
        else if (e.turn == c.turn.plus(1)) v.next.push_back(with_date(c, past, e));
    }
    return v;
}

std::vector<std::string> Season::open_work() const {
    const auto c = m_session.current();
    const auto& store = m_session.state().store;
    std::vector<std::string> out;
    std::vector<campaign::BattleInfo> battles;
    std::vector<campaign::PlannedBattle> plans;
    std::vector<campaign::DraftInfo> drafts;
    std::vector<std::pair<UnitKind, std::string>> uncommanded;
    std::vector<db::Forces::Idle> idle;
    store.read([&] {
        battles = db::Battles(store).battles(c.id);
        plans = db::Battles(store).plans(c.id);
        drafts = db::Battles(store).drafts(c.id);
        uncommanded = db::Forces(store).uncommanded(c.id);
        idle = db::Forces(store).idle_stands(c.id);
    });
    const auto turn_ends = c.turn_ends();
    std::vector<std::string> due;
    for (const auto& d : now().due) due.push_back(d.entry.division);
    if (!due.empty())
        out.push_back(count_of(static_cast<int>(due.size()), m_session.rules().division_noun() + " is", m_session.rules().division_noun() + "s are") +
                      " due and not yet arrived: " + join(due, ", ") +
                      " (muster arrive --due)");
    for (const auto& p : plans)
        if (p.plan.open() && !(p.plan.date && turn_ends && *p.plan.date > *turn_ends))  // one for a later turn waits for it
            out.push_back("battle " + p.plan.name + " is planned, not yet reported (muster battle report --name=" + shell_word(p.plan.name) + ")");
    for (const auto& d : drafts)
        out.push_back(std::any_of(battles.begin(), battles.end(), [&](const campaign::BattleInfo& b) { return same_ignoring_case(b.name, d.battle); })
                          // A player's losses sent in under a battle reported already (his side did not fight it, or it was reported first).
                          ? "a draft report of " + d.battle + " waits, but the battle is recorded already (muster battle draft " + shell_positional(d.battle) +
                                " shows it; muster battle draft --discard " + shell_positional(d.battle) + " throws it away)"
                          : "a draft report of " + d.battle + " waits (muster battle report " + shell_option("--draft", d.battle) + ")");
    for (const auto& b : battles)
        if (b.casualties && !b.recovered) out.push_back("the casualties of " + b.name + " have not returned (muster battle recover " + shell_positional(b.name) + ")");
    // A unit led by no one plays as one whose commander is lost (a table reads him MIA/KIA).
    const auto& rules = m_session.rules();
    for (const auto kind : {UnitKind::brigade, UnitKind::division, UnitKind::corps, UnitKind::army}) {
        std::vector<std::string> named;
        for (const auto& [k, name] : uncommanded)
            if (k == kind) named.push_back(name);
        if (named.empty()) continue;
        const auto noun = rules.noun_of(kind);
        const size_t shown = 5;
        const auto nouns = kind == UnitKind::corps ? noun : kind == UnitKind::army ? std::string("armies") : noun + "s";
        out.push_back(count_of(static_cast<int>(named.size()), noun + " has", nouns + " have") + " no commander, so " + (named.size() == 1 ? "it plays" : "each plays") + " as one whose commander is lost: " +
                      join({named.begin(), named.begin() + std::min(shown, named.size())}, ", ") +
                      (named.size() > shown ? " and " + std::to_string(named.size() - shown) + " more" : "") + " (muster leader replace " + shell_positional(named.front()) +
                      " rolls one; --name NAME names him, --grade GRADE gives his grade where it is known)");
    }
    // Stands come home (exchanged, freed) to a brigade out of service wait there, in no order of
    // battle's totals, until merged into one in the field.
    if (!idle.empty()) {
        int stands = 0;
        std::vector<std::string> where;
        for (const auto& b : idle) {
            stands += b.stands;
            where.push_back(b.ref + " (" + std::string(word(b.status)) + ", " + std::to_string(b.stands) + ")");
        }
        out.push_back(count_of(stands, "stand waits", "stands wait") + " in " + count_of(static_cast<int>(idle.size()), rules.brigade_noun(), rules.brigade_noun() + "s") +
                      " out of service: " + join(where, ", ") + " (muster brigade merge " + shell_positional(idle.front().ref) + " --into " + rules.term_division +
                      "/" + rules.term_brigade + " puts them back in the field)");
    }
    const auto leaders = m_session.leaders().list(View::umpire());
    const auto since = m_session.leaders().battles_since_fall(leaders);
    for (const auto& l : leaders)
        if (const auto it = since.find(l.id); l.status == LeaderStatus::wounded && it != since.end() && it->second >= l.out_battles)
            out.push_back("leader " + l.label() + " may return from his wounds (muster leader return '#" + std::to_string(l.id) + "')");  // two may share a name
        // A unit whose commander is dead, held or wounded is led by no one until he is replaced
        // (or back from his wounds); one the enemy did not see fall is in command to it, and his
        // replacement the organiser's choice.
        else if (!is_active(l.status) && l.command.kind) {
            // A brigade's Alternate in play leads it meanwhile, as its tables read it.
            const auto alternate = std::find_if(leaders.begin(), leaders.end(), [&](const army::Leader& a) {
                return is_active(a.status) && !a.command.kind && a.command.unit == l.command.unit + " (alternate)";
            });
            // One whose fall the enemy did not see, in a unit it reads, is in command and sound to it:
            // replacing him is the organiser's choice (--force), as leader replace asks.
            const bool sound_to_enemy = !l.fall_seen_then && db::Forces(m_session.state().store).read_by_enemy(*l.command.kind, l.command.unit_id);
            // One his grade keeps in command (a despicable brigadier) is replaced only when the enemy sees him fall.
            const auto* grade = rules.find_grade(l.grade);
            if (sound_to_enemy && *l.command.kind == UnitKind::brigade && grade && grade->keeps_brigade) {
                out.push_back(possessive(l.command.unit) + " " + grade->name + " commander" + (l.name.empty() ? "" : ", " + l.name + ",") + " is " + word(l.status) +
                              " out of the enemy's sight: it reads him in command, and he is replaced only when it sees him fall (" +
                              fall_to_record(l.command.unit, l.status) + ")");
                continue;
            }
            const auto replace = "muster leader replace " + shell_positional(l.command.unit) + (sound_to_enemy ? " --force" : "");
            const auto unseen = sound_to_enemy ? ": the enemy did not see him fall" : "";
            const std::string until = l.status == LeaderStatus::wounded ? " until he is back from his wounds or replaced" : " until he is replaced";
            out.push_back(possessive(l.command.unit) + " commander" + (l.name.empty() ? "" : ", " + l.name + ",") + " is " + word(l.status) +
                          (alternate == leaders.end()
                               ? ": it has none" + until + " (" + replace + unseen + ")"
                               : ": its Alternate " + alternate->label() + " leads it" + until + " (muster leader assign " +
                                     shell_word("#" + std::to_string(alternate->id)) + " " + shell_positional(l.command.unit) + " makes him its commander; " +
                                     replace + " rolls a new one" + unseen + ")"));
        }
    return out;
}

std::vector<Scheduled> Season::schedule() const {
    const auto c = m_session.current();
    const db::Season season(m_session.state().store);
    const auto past = season.turn_dates(c.id);
    std::vector<Scheduled> out;
    for (auto& e : season.schedule(c.id)) out.push_back(with_date(c, past, std::move(e)));
    return out;
}

Scheduled Season::schedule_division(const std::string& division, std::optional<Turn> turn, std::optional<Day> date) {
    const auto c = m_session.current();
    if (turn.has_value() == date.has_value())
        throw UsageError(std::string(turn ? "the turn and the date both given: give one, " : "give ") + "the turn the division is due (--turn N) or the date (--date YYYY-MM-DD)");
    if (date) {
        if (!c.date || !c.turn_days)
            throw UsageError("a division is scheduled by date only when the campaign has a date and a turn length "
                             "(muster campaign set --date YYYY-MM-DD --turn-length 7d): give --turn N instead");
        const int days = date->minus(*c.date);
        if (days < 0) throw UsageError("date " + date->text() + " is before the campaign's date, " + c.date->text() + ": that turn has passed");
        turn = c.turn.plus(days / *c.turn_days);
        if (!turn) throw UsageError("date " + date->text() + " is after the last turn muster counts (" + std::to_string(Turn::k_last) + ")");
    }
    if (*turn < c.turn)
        throw UsageError(turn->text() + " has passed: expected " + c.turn.text() + " (the campaign's turn) or later");
    // A turn past the rule set's years never comes (`turn next` stops at their end).
    if (const auto on = date_of(c, *turn)) require_in_years(m_session.rules(), *on, "the date of " + turn->text() + ",");
    auto& store = m_session.state().store;
    std::optional<Scheduled> out;
    store.run_operation(c.id, OperationKind::schedule, [&](std::int64_t) {
        const auto d = division_named(store, c, division);
        if (d.status != DivisionStatus::placeholder)
            throw Error(m_session.rules().division_noun() + " " + d.name + " has " + (d.status == DivisionStatus::arrived ? "arrived" : "been entered by hand") +
                        ": only a placeholder is scheduled to arrive");
        db::Season(store).set_schedule(d.id, turn);
        // Its entry read back in the same transaction: a damaged row the read finds refuses the
        // whole, not after it is written.
        for (auto& s : schedule())
            if (s.entry.division_id == d.id) out = std::move(s);
        if (!out) throw Damaged(m_session.rules().division_noun() + " " + d.name + " is not in the schedule after it was put there");
        const auto on = date_of(c, *turn);
        return "Scheduled " + d.name + " to arrive on " + turn->text() + (on ? " (" + on->text() + ")" : "");
    });
    return *out;
}

Outcome Season::unschedule(const std::string& division) {
    const auto c = m_session.current();
    auto& store = m_session.state().store;
    Outcome out;
    out.operation = store.run_operation(c.id, OperationKind::schedule, [&](std::int64_t) {
        const auto d = division_named(store, c, division);
        bool listed = false;
        for (const auto& e : db::Season(store).schedule(c.id)) listed = listed || e.division_id == d.id;
        if (!listed) throw Error(m_session.rules().division_noun() + " " + d.name + " is not in the schedule");
        db::Season(store).set_schedule(d.id, std::nullopt);
        out.summary = "Took " + d.name + " off the schedule";
        return out.summary;
    });
    return out;
}

TurnResult Season::next_turn(const ArriveFn& arrive) {
    TurnResult out;
    // One transaction: a division that cannot arrive stops the turn whole, the clock and every
    // arrival.
    m_session.state().store.together(m_session.current().id, [&] {
        out = begin_turn(arrive);
        out.open_work = open_work();
    });
    return out;
}

TurnResult Season::begin_turn(const ArriveFn& arrive) {
    // What is due this turn and has not arrived arrives first, on this turn and its date: the
    // schedule and the clock agree.
    auto overdue = arrive_due(arrive, m_session.current().turn, std::nullopt, "the turn does not begin");
    auto c = m_session.current();
    const auto turn = c.turn.plus(1);
    if (!turn) throw Error("the campaign is at " + c.turn.text() + ", the last muster counts");
    const auto date = date_of(c, *turn);
    campaign::CampaignInfo next = c;
    next.turn = *turn;
    next.date = date ? date : c.date;
    // The date the turn would reach, not one typed: past the rule set's years is a refusal, not a usage error.
    if (next.date && !m_session.rules().years.empty() && next.date->year() > m_session.rules().years.back())
        throw Error("turn " + std::to_string(turn->number()) + " would begin on " + next.date->text() + ", after rule set " + m_session.rules().id +
                    "'s last year, " + std::to_string(m_session.rules().years.back()) + ": the campaign's clock can go no further");
    check_date_and_theater(m_session.rules(), next);
    TurnResult out;
    out.turn = next.turn;
    out.date = next.date;
    out.arrivals = std::move(overdue.arrivals);
    out.waiting = std::move(overdue.waiting);
    auto& store = m_session.state().store;
    out.operation = store.run_operation(c.id, OperationKind::turn, [&](std::int64_t op) {
        store.set_audience(op, Audience::everyone());  // the turn and the date are every side's
        if (const auto now = store.campaign(c.id).turn; now != c.turn) throw Error("another muster has begun " + now.text() + " meanwhile: nothing was changed");
        db::Season(store).keep_turn_date(c.id, c.turn, c.date);  // the turn that ends keeps the date it began
        store.update_campaign_settings(next);
        return "Turn " + std::to_string(next.turn.number()) + " begins" + (date ? ": " + date->text() : "");
    });
    // Then the divisions due on the new turn arrive.
    auto due = arrive_due(arrive, next.turn, c.turn.plus(1), "the turn does not begin");
    for (auto& a : due.arrivals) out.arrivals.push_back(std::move(a));
    out.waiting.insert(out.waiting.end(), due.waiting.begin(), due.waiting.end());
    return out;
}

DueArrivals Season::arrive_due(const ArriveFn& arrive) {
    DueArrivals out;
    m_session.state().store.together(m_session.current().id, [&] {
        out = arrive_due(arrive, m_session.current().turn, std::nullopt, "none of the divisions due arrives");
    });
    return out;
}

// Every placeholder due from `from` (none: any earlier turn) to `up_to` arrives, each its own
// operation. One that cannot is refused naming it and what follows (`stops`): the caller's
// transaction takes back the others.
DueArrivals Season::arrive_due(const ArriveFn& arrive, Turn up_to, std::optional<Turn> from, const std::string& stops) {
    auto& store = m_session.state().store;
    DueArrivals out;
    for (const auto& e : db::Season(store).schedule(m_session.current().id)) {
        if (e.turn > up_to || (from && e.turn < *from) || e.status != DivisionStatus::placeholder) continue;
        ArrivalRequest r;
        r.division = e.division;
        try {
            auto arrived = arrive ? arrive(r) : m_session.arrivals().arrive(r);
            if (arrived) out.arrivals.push_back(std::move(*arrived));
            else out.waiting.push_back(e.division);
        } catch (const Damaged&) {
            throw;
        } catch (const Error& ex) {
            // Named, the kind kept: a usage error (typed rolls that ran out) stays one.
            std::string why = e.division + ", due on " + e.turn.text() + ", cannot arrive, so " + stops + " and nothing was changed: " + ex.what();
            if (dynamic_cast<const UsageError*>(&ex)) throw UsageError(why);
            throw Error(why);
        }
    }
    return out;
}

TurnReport Season::report(std::optional<Turn> asked, const View& viewer, std::optional<ReadCampaign> read) const {
    require_view(m_session.rules(), viewer);
    TurnReport out;
    auto& store = m_session.state().store;
    store.read([&] {
        const auto c = m_session.current();
        out.campaign = c.name;
        out.viewer = viewer;
        out.turn = asked.value_or(c.turn);
        if (c.turn < out.turn) throw UsageError(out.turn.text() + " has not begun: the campaign is at " + c.turn.text());
        out.current = out.turn == c.turn;
        out.date = date_of(c, out.turn, db::Season(store).turn_dates(c.id));
        const db::History history(store);
        const auto span = history.turn_span(c.id, out.turn);
        if (!span) throw Error("the journal holds no beginning of " + out.turn.text() + " (it began before muster kept turns, or was undone)");
        for (const auto& e : history.entries_in(c.id, viewer, *span)) {
            if (e.undone_by || e.kind == OperationKind::undo || e.kind == OperationKind::redo) continue;
            switch (e.kind) {
                case OperationKind::arrival:
                case OperationKind::import: out.arrived.push_back(e.summary); break;  // an import after the first: forces brought in during the turn
                case OperationKind::recovery: out.returned.push_back(e.summary); break;
                case OperationKind::amend: out.amended.push_back(e.summary); break;
                case OperationKind::fallen_leader:
                case OperationKind::replace:
                case OperationKind::assign:
                case OperationKind::attach:
                case OperationKind::penalty:
                case OperationKind::leader_return: out.leaders.push_back(e.summary); break;
                case OperationKind::merge:
                case OperationKind::disband:
                case OperationKind::destroy: out.brigades.push_back(e.summary); break;
                case OperationKind::add:
                case OperationKind::edit: out.by_hand.push_back(e.summary); break;  // stands in service may change with no other line
                case OperationKind::exchange:
                case OperationKind::exchange_accepted:
                case OperationKind::exchange_refused:
                case OperationKind::exchange_withdrawn:
                case OperationKind::liberation: out.exchanges.push_back(e.summary); break;
                default: break;
            }
        }
        // The battles of the turn and the proposals awaiting an answer, as the view reads them:
        // the whole roster is read (to know what the view fought and holds) only when there are
        // some, so a turn without either costs a few rows; the battles are summarized from one read.
        const auto battles = db::Battles(store).battles(c.id);
        if (std::any_of(battles.begin(), battles.end(), [&](const auto& b) { return b.turn == out.turn; })) {
            std::vector<campaign::BattleInfo> fought;
            for (auto& b : m_session.battles().list(viewer))
                if (b.turn == out.turn) fought.push_back(std::move(b));
            for (auto& summary : m_session.battles().summaries(fought, viewer, read))
                if (summary) out.battles.push_back(std::move(*summary));
        }
        const auto proposed = db::Prisoners(store).exchanges(c.id);
        if (std::any_of(proposed.begin(), proposed.end(), [](const auto& x) { return x.status == ExchangeStatus::proposed; }))
            for (const auto& x : m_session.prisoners().exchanges(viewer))
                if (x.awaiting())
                    out.awaiting.push_back("#" + std::to_string(x.row.number) + " from " + m_session.rules().the_side(x.row.proposer) + " to " +
                                           m_session.rules().the_side(x.row.counterpart) + ": offers " + (x.offer.empty() ? "nothing" : join(x.offer, ", ")) +
                                           "; asks " + (x.ask.empty() ? "nothing" : join(x.ask, ", ")) + x.lapsed_note());
        const auto stands = history.stands_in_service(c.id, *span);
        for (const auto& side : m_session.rules().sides)
            if (viewer.is_umpire() || viewer.side() == side.id) {
                const auto it = stands.find(side.id);
                out.stands.push_back({side.id, it == stands.end() ? 0 : it->second.before, it == stands.end() ? 0 : it->second.after});
            }
    });
    return out;
}

std::string turn_report_text(const rules::RuleSet& rules, const TurnReport& r) {
    const auto* side = r.viewer.is_umpire() ? nullptr : rules.find_side(r.viewer.side());
    std::string out = "The report of turn " + std::to_string(r.turn.number()) + ", campaign " + one_line(r.campaign) + (r.date ? ": from " + r.date->text() : "") +
                      (r.current ? " (under way)" : "") + "\n" + "Seen by " + (side ? rules.the_side(side->id) : "the umpire") +  // "as the British reads it" read badly
                      "\nPrinted by muster " + k_version + "\n";
    const auto section = [&](const std::string& title, const std::vector<std::string>& lines, const char* none) {
        out += "\n" + title + "\n";
        if (lines.empty()) out += std::string("  ") + none + "\n";
        for (const auto& l : lines) out += "  " + one_line(l) + "\n";
    };
    section("Arrived", r.arrived, "nothing");
    out += "\nBattles\n";
    if (r.battles.empty()) out += "  none fought\n";
    for (const auto& b : r.battles) {
        const auto text = summary_text(rules, b);
        for (size_t from = 0; from < text.size();) {
            const auto to = text.find('\n', from);
            out += "  " + text.substr(from, to == std::string::npos ? std::string::npos : to - from + 1);
            from = to == std::string::npos ? text.size() : to + 1;
        }
    }
    section("Battles amended", r.amended, "none");
    section("Casualties returned", r.returned, "none");
    section(rules.term_brigade + "s merged, disbanded and destroyed", r.brigades, "none");
    section("Leaders: Fallen Leaders rolls, leaders replaced, assigned, attached, downgraded and back from their wounds", r.leaders, "none");
    section("Entered and edited by hand", r.by_hand, "none");
    section("Exchanges proposed, answered and withdrawn, and camps liberated", r.exchanges, "none");
    section("Exchange proposals awaiting an answer now", r.awaiting, "none");
    out += "\nStands in service\n";
    for (const auto& s : r.stands) {
        const auto* sd = rules.find_side(s.side);
        const int change = s.after - s.before;
        out += "  " + (sd ? sd->name : s.side) + ": " + std::to_string(s.before) + " when the turn began, " + std::to_string(s.after) +
               (r.current ? " now" : " when it ended") + " (" + (change > 0 ? "+" : "") + std::to_string(change) + ")\n";
    }
    return out;
}

}  // namespace muster::app
