#pragma once
// A battle before it is fought (the ACW generation tables): the divisions already on the
// battlefield are rolled up before the battle and may stay hidden from the enemy; the reserves
// off the table are rolled up only when they arrive on the field. A plan is made by name (with
// a date and a place), its divisions deployed on the field or named as reserves, each reserve
// brought on when it arrives; the report of the battle of its name closes it, and it stays as
// that battle's history.
#include "app/arrivals.hpp"
#include "app/outcome.hpp"
#include "app/session.hpp"
#include "army/division.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace muster::app {

/// A division in a planned battle, as a view reads it.
struct PlanLine {
    std::string division;
    std::string side;
    DivisionStatus status = DivisionStatus::placeholder;
    std::optional<Fog> fog;  ///< the umpire's view only: whether the enemy has seen it
};

/// A planned battle as a view reads it. Its name, date and place are every side's (a battle is
/// announced); of its divisions, the viewer's own whole and of the enemy's only those it has
/// seen: nothing counts or hints at the enemy's hidden ones.
struct PlanView {
    campaign::PlanInfo plan;
    std::vector<PlanLine> deployed;  ///< on the field when it begins
    std::vector<PlanLine> reserve;   ///< off the table, not yet arrived
    std::vector<PlanLine> arrived;   ///< come on the field from the reserve
    std::optional<int> draft_lines;  ///< the umpire's only: a draft report waiting under its name, its lines
    bool reported() const { return !plan.open(); }
};

/// What a plan's step did: its own operation, and each division rolled up in it (an arrival
/// operation each, taken with it as one step by undo and redo).
struct PlanStep {
    Outcome outcome;
    std::vector<Arrival> arrivals;
};

/// The planned battles as `viewer` reads them, in the order planned, from one snapshot: `all`
/// the umpire's whole order of battle, `seen` what the viewer has seen of it (divisions_seen),
/// `drafts` the draft reports waiting (read by the umpire only), `known` the battles a side knows
/// were fought (ignored for the umpire): a plan closed by another is still planned to it;
/// `seen_there` the (battle, division) pairs of divisions the enemy saw fight in the battle
/// (Battles::fought_seen): of the enemy's, a closed plan shows it those alone, revealed since or not.
/// A division a plan names that is not in `all` is damage.
std::vector<PlanView> plans_seen(const std::vector<campaign::PlannedBattle>& plans, const army::OrderOfBattle& all,
                                 const std::set<std::int64_t>& seen, const std::vector<campaign::DraftInfo>& drafts,
                                 const std::set<std::int64_t>& known, const std::set<std::pair<std::int64_t, std::int64_t>>& seen_there,
                                 const View& viewer);

/// A planned battle as text (`battle show` of a plan): its name, date and place, whether it is
/// still planned or reported, its divisions deployed, in reserve and arrived, side by side, and
/// for the umpire a draft report waiting.
std::string plan_text(const rules::RuleSet& rules, const PlanView& plan);
/// A part of a plan, side by side in the rule set's order: "Union: Wadsworth (hidden), Doubleday".
std::vector<std::string> by_side(const rules::RuleSet& rules, const std::vector<PlanLine>& lines);
/// The battle planned under `name` (in any case, trimmed) and not yet fought, or nullptr.
const campaign::PlannedBattle* open_plan_named(const std::vector<campaign::PlannedBattle>& plans, std::string_view name);
const campaign::PlannedBattle* open_plan_named(std::vector<campaign::PlannedBattle>&&, std::string_view) = delete;  // it points into them

class Plans {
public:
    explicit Plans(Session& session) : m_session(session) {}
    /// How a placeholder is rolled up on the field: by default Arrivals::arrive; a front end that
    /// asks for the organiser's dice wraps it.
    using ArriveFn = std::function<Arrival(const ArrivalRequest&)>;

    /// Plans a battle, as one operation read by every side. Refused for a name a recorded battle
    /// or another open plan has (ignoring case).
    Outcome plan(const std::string& name, std::optional<Day> date, const std::string& place);
    /// Puts divisions on the field of an open plan: a placeholder is rolled up there, as it
    /// arrives (hidden from the enemy, unless revealed), one already generated is placed. One
    /// step: the plan's operation and one arrival operation a placeholder, all or none.
    /// `dice_typed`: the organiser typed dice for a placeholder; refused where none is rolled up,
    /// as an arrival refuses dice it does not use.
    PlanStep deploy(const std::string& battle, const std::vector<std::string>& divisions, const ArriveFn& arrive = {}, bool dice_typed = false);
    /// Names divisions off-table reserves of an open plan: nothing is rolled (one operation).
    Outcome reserve(const std::string& battle, const std::vector<std::string>& divisions);
    /// A reserve arrives on the field: rolled up then if it is a placeholder (one step, as deploy).
    PlanStep arrive(const std::string& battle, const std::string& division, const ArriveFn& arrive = {}, bool dice_typed = false);

    /// Every planned battle, open and reported, as `viewer` reads it.
    std::vector<PlanView> list(const View& viewer = View::umpire()) const;
    /// What `battle show NAME` prints for `viewer`: a battle it fought, as summary_text gives it
    /// (with its plan, when it was planned), or a planned battle (plan_text). One it may not read
    /// is refused as one that does not exist, suggestions only among what it may read.
    std::string show(const std::string& battle, const View& viewer = View::umpire()) const;

private:
    Session& m_session;
};

}  // namespace muster::app
