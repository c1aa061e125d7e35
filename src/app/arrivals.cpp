// An arrival, top to bottom: the request, the placeholder and the dice read under the write
// lock, the rolls, the rolls journaled, the division stored, the journal entry, the result.
#include "app/arrivals.hpp"

#include "app/session_state.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "generate/generate.hpp"

#include <algorithm>

namespace muster::app {
namespace {

std::string division_summary(const rules::RuleSet& rules, const army::Division& d) {
    int to_reserve = 0;
    for (const auto& b : d.batteries) to_reserve += b.reserve;
    return rules.count_brigades(static_cast<int>(d.brigades.size())) + ", " +
           count_of(d.stands(), "stand", "stands") + ", " +
           count_of(static_cast<int>(d.batteries.size()) - to_reserve, "battery", "batteries") +
           (to_reserve ? " and " + count_of(to_reserve, "battery", "batteries") + " to the " + rules.reserve_name(d.side)
                       : "");
}

// The year and theater an arrival is rolled for: those asked for, else the campaign's; table 1
// (a table that rolls them) is rolled only when the organiser asks for it.
ArrivalRequest with_campaign_defaults(const rules::RuleSet& rules, const campaign::CampaignInfo& c, ArrivalRequest r) {
    if (r.roll_year_theater) {
        if (r.year || r.theater) throw UsageError("give --year and --theater, or roll them on the table: not both");
        return r;
    }
    if (!r.year && !rules.years.empty()) r.year = c.year();
    if (r.theater) r.theater = theater_id(rules, *r.theater);
    if (!r.theater && !rules.theaters.empty()) {
        require_stored_theater(rules, c);
        r.theater = c.theater;
    }
    std::vector<std::string> missing, given;
    if (!rules.years.empty() && !r.year) missing.emplace_back("year"), given.emplace_back("--year N");
    if (!rules.theaters.empty() && !r.theater) missing.emplace_back("theater"), given.emplace_back("--theater ID");
    // Said so a division due (turn next, arrive --due) may follow it too: its own arrival's options by name.
    if (!missing.empty())
        throw UsageError(rules.division_noun() + " " + r.division + " needs a " + join(missing, " and a ") + " to arrive in: set the campaign's (muster campaign set --date YYYY-MM-DD" +
                         (rules.theaters.empty() ? "" : " --theater ID") + "), or give its own (muster arrive " + join(given, " ") + " " + shell_positional(r.division) +
                         (rules.theaters.empty() ? "" : ", or --roll-year-theater to roll them on the rule set's table") + ")");
    return r;
}

// What the generator is asked for when a placeholder division arrives.
generate::Request division_request(const std::string& name, const std::string& side, const std::string& arm,
                                   const ArrivalRequest& request, const campaign::CampaignInfo& c) {
    generate::Request g;
    g.side = side;
    g.arm = arm;
    g.year = request.year;
    g.theater = request.theater;
    g.name = name;
    g.despicable_by_the_book = c.despicable == Despicable::book;
    return g;
}

// The reserve's new batteries are numbered on from those it has, so every battery's name is
// unique within its owner (a division's are numbered within the division).
void number_reserve_batteries(army::Division& d, std::vector<std::string> taken) {
    int next = static_cast<int>(taken.size());
    for (auto& b : d.batteries) {
        if (!b.reserve) continue;
        do b.name = ordinal(++next) + " Battery";
        while (std::find(taken.begin(), taken.end(), b.name) != taken.end());
        taken.push_back(b.name);
    }
}

campaign::ArrivalAsked asked_of(const ArrivalRequest& r) { return {r.year, r.theater, r.roll_year_theater, r.rolls}; }

// What an arrival was asked for, in words: "year 1863, theater east".
std::string asked_text(const campaign::ArrivalAsked& a) {
    std::vector<std::string> parts;
    if (a.year) parts.push_back("year " + std::to_string(*a.year));
    if (a.theater) parts.push_back("theater " + *a.theater);
    if (a.roll_year_theater) parts.emplace_back("year and theater rolled on the table");
    if (!a.rolls.empty()) parts.push_back("typed rolls " + join(a.rolls, ","));
    return "[" + join(parts, ", ") + "]";
}

// Accepting a preview rolls the division it showed, or is refused naming the difference: the
// division's newest preview (found by its id, whatever it is called now) must have been asked
// for the same, field by field, and have thrown exactly these dice.
void require_previewed(const db::Store& store, std::int64_t campaign, const db::DivisionRef& d, const ArrivalRequest& request,
                       const std::vector<dice::RollRecord>& rolls) {
    const auto preview = db::History(store).newest_preview(campaign, d.id);
    if (!preview) return;
    const bool same = !rolls_differ(preview->entry.rolls, rolls);
    const auto now = asked_of(request);
    if (same && preview->asked == now) return;
    throw UsageError("division " + d.name + " would not arrive as its preview (journal #" + std::to_string(preview->entry.id) +
                     ") showed: " +
                     (preview->asked != now ? "the preview was asked for " + asked_text(preview->asked) + ", this arrival for " + asked_text(now)
                                            : std::string("the dice have moved since (other rolls were applied after it)")) +
                     ". Ask for the same, preview again, or discard the preview (--discard-preview) to roll anew");
}

void require_placeholder(const rules::RuleSet& rules, const std::string& name, DivisionStatus status) {
    const auto noun = rules.division_noun();
    if (status == DivisionStatus::arrived) throw Error(noun + " " + name + " has already arrived: a " + noun + " arrives once");
    if (status == DivisionStatus::entered)
        throw Error(noun + " " + name + " was entered by hand: a " + noun + " arrives once, as a placeholder");
}

}  // namespace

Arrival Arrivals::arrive(const ArrivalRequest& asked) {
    const auto c = m_session.current();
    const auto& rules = m_session.rules();
    auto& store = m_session.state().store;
    Arrival out;
    out.preview = asked.mode == Mode::preview;
    out.operation = store.run_operation(c.id, kind_or_preview(OperationKind::arrival, asked.mode), [&](std::int64_t op) {
        const auto d = division_named(store, c, asked.division);
        require_placeholder(rules, d.name, d.status);
        db::Forces(store).require_empty(d);
        if (const auto due = db::Season(store).due_turn(d.id); due && *due > c.turn)
            out.note = d.name + " is due on " + due->text() + " (this is " + c.turn.text() + "): it arrives early";
        const auto request = with_campaign_defaults(rules, c, asked);
        OperationDice dice(m_session.state(), c, op, Audience::side(d.side), d.name, "division " + std::to_string(d.id), request.rolls);
        out.division = generate::generate_division(rules, division_request(d.name, d.side, d.arm, request, c), dice.source()).with_rolls(rules);
        out.division.nationality = d.nationality;  // the placeholder's, which it keeps (and the names drawn read)
        // A commander known by name before the division arrived keeps it: none is drawn for him.
        if (out.division.commander.present() && !d.leader_name.empty()) out.division.commander.name = d.leader_name;
        std::vector<OperationDice::Unnamed> leaders = {{&out.division.commander, d.name, Rank::division}};
        for (auto& b : out.division.brigades) {
            leaders.push_back({&b.commander, d.name + "/" + b.name, Rank::brigadier});
            if (b.alternate) leaders.push_back({&*b.alternate, d.name + "/" + b.name + " (alternate)", Rank::brigadier});
        }
        const auto names = dice.name_leaders(store, c, rules, d.side, d.nationality, out.division.year, leaders);
        auto shown = out.division.rolls;  // what a preview showed: the game's rolls, then the names drawn
        shown.insert(shown.end(), names.begin(), names.end());
        if (request.mode == Mode::apply && !request.discard_preview) require_previewed(store, c.id, d, request, shown);
        dice.record(store, op, out.division.rolls, request.mode);
        out.division.rolls = std::move(shown);
        // The reserve's share goes to the corps or the army, as the rule set says for the side.
        db::ReserveTarget reserve;
        if (stored_side(rules, d.side).reserve_level == ReserveLevel::corps) reserve.corps_id = d.corps_id;
        else reserve.army_id = d.army_id;
        number_reserve_batteries(out.division, db::Forces(store).reserve_battery_names(reserve));
        const std::string summary = d.name + " arrived: " + division_summary(rules, out.division);
        if (request.mode == Mode::preview) {
            db::History(store).record_preview(op, d.id, asked_of(request));
            return "Previewed (not applied): " + summary + " " + asked_text(asked_of(request));
        }
        db::Forces(store).store_division_contents(c.id, op, d, out.division, reserve, DivisionStatus::arrived);
        return summary;
    });
    return out;
}

}  // namespace muster::app
