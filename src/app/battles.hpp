#pragma once
// After the battle: the report of what was lost, the return of the casualties, and the fate
// of brigades (disbanded, destroyed, merged).
#include "app/outcome.hpp"
#include "app/session.hpp"
#include "army/division.hpp"
#include "battle/report.hpp"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace muster::app {

class Refs;

/// One side in a battle's summary: each division that fought with the stands it engaged,
/// lost, had captured and got back; the leaders and batteries it lost there.
struct SideInBattle {
    struct Division {
        std::string name;
        std::optional<int> engaged;  ///< none: a battle recorded by an earlier muster
        int lost = 0, captured = 0, returned = 0;
    };
    std::string side;
    std::vector<Division> divisions;
    std::vector<std::string> fallen;     ///< "Archer: captured"
    std::vector<std::string> batteries;  ///< "Heth/1st Battery: wrecked"
};

struct BattleSummary {
    campaign::BattleInfo battle;
    std::vector<SideInBattle> sides;  ///< in the rule set's order
};

/// The campaign as already read, in the caller's read snapshot (the GUI's model holds it): what
/// a battle's summary reads of it.
struct ReadCampaign {
    const campaign::Roster& roster;
    const army::OrderOfBattle& all;  ///< the umpire's whole order of battle
};

/// A recorded battle as stored: what was engaged, lost and returned there.
struct FoughtBattle {
    campaign::BattleInfo battle;
    campaign::BattleRecord record;
    std::vector<campaign::LossInfo> losses;
    /// The stands each army (by id) has moved from the operation that recorded it on: what it had
    /// in service just before is what it has now less these. Empty where the battle has no
    /// operation (an earlier muster's it cannot place).
    std::map<std::int64_t, std::int64_t> moved_since;  // (summed wide: a damaged file's moves may be far out)
};

/// How a draft report is applied: the divisions that fought seen by the enemy or kept hidden,
/// and how many battles a wounded leader of the draft misses.
struct DraftReport {
    Fog engaged = Fog::seen;
    int wounded_out_for = 1;
    /// What fought or fell beside what the draft's lines name: divisions, stands lost and
    /// captured, leaders, batteries (as a report of its own gives them), and its date and place
    /// (none: its plan's, else the campaign's date); its name is the draft's.
    battle::Report beside;
    /// Camps that take the draft's prisoners whose lines name none (a roll's capture, where the
    /// captor has more than one open camp): one a side, each taking what its side captured.
    std::vector<std::string> camps;
};

class Battles {
public:
    explicit Battles(Session& session) : m_session(session) {}
    /// Records a battle and everything lost in it, checked as a whole, as one operation.
    /// A preview checks and describes it against one snapshot and stores nothing.
    Outcome report_battle(const battle::Report& report, Mode mode);
    /// Records a battle from its draft report (what the table side's rolls added), as one
    /// operation that also clears the draft; a preview describes it and stores nothing.
    /// A wounded leader of the draft is out for `wounded_out_for` battles.
    Outcome report_draft(const std::string& battle, const DraftReport& how, Mode mode);
    /// Corrects a battle's report, as one new operation. Each of `losses` ("Division/Brigade=N",
    /// as `--loss` gives them) sets what that brigade lost there to N, its stands and ledger
    /// moved by the difference; where the casualties have returned, the return is worked out
    /// again for the changed brigades at the campaign's rate and rounding with the roll the
    /// recovery made for each, or refused with the reason where it would need a roll the
    /// recovery did not make. Each of `leaders` ("REF:FATE[/N|@CAMP]" as `--leader` gives them,
    /// or "REF:none") makes a leader the report left out fall there, or changes the fate of one
    /// it reported (his camp, his battles out) or takes his fall back, provided nothing has
    /// happened to him since. A preview describes it and stores nothing.
    Outcome amend(const std::string& battle, const std::vector<std::string>& losses, const std::vector<std::string>& leaders, Mode mode);
    /// Casualties of a battle return at the campaign's rate and rounding; prisoners do not.
    /// Done for real, it rolls what its waiting preview showed, or is refused, unless it was discarded.
    Outcome recover(const std::string& battle, const std::vector<std::string>& rolls, Mode mode, Previewed previewed = Previewed::held);
    /// The battles `viewer` fought (the umpire: all of them), oldest first.
    std::vector<campaign::BattleInfo> list(const View& viewer = View::umpire()) const;
    /// A battle by its name as typed, among those `viewer` fought (the umpire: all of them). One
    /// the viewer did not fight is refused exactly as one that does not exist: the same words,
    /// suggestions only among the viewer's own battles, the same exit code.
    campaign::BattleInfo named(const std::string& battle, const View& viewer = View::umpire()) const;
    /// A battle as `viewer` may read it: a side, one it fought, its own part whole and of the
    /// enemy the divisions it has seen with their fallen leaders and lost guns, and the enemy's
    /// above the divisions where it saw one of the enemy's divisions there.
    BattleSummary summary(const std::string& battle, const View& viewer = View::umpire()) const;
    /// Several battles of list(viewer) summarized from one read of the campaign (none where the
    /// view fought none of its divisions), or from the campaign `read` already.
    std::vector<std::optional<BattleSummary>> summaries(const std::vector<campaign::BattleInfo>& battles, const View& viewer,
                                                        std::optional<ReadCampaign> read = std::nullopt) const;

    Outcome disband_brigade(const std::string& brigade, Mode mode = Mode::apply);
    Outcome destroy_brigade(const std::string& brigade, Mode mode = Mode::apply);
    /// Moves all of a brigade's stands into another of the same side.
    Outcome merge_brigade(const std::string& from, const std::string& into, Mode mode = Mode::apply);

private:
    Session& m_session;
};

/// A battle's summary as text: its name, date and place, then per side a table of its divisions
/// and the leaders and batteries it lost.
/// Whether a battle's casualties returned, as its reader sees them: "casualties returned",
/// "casualties not yet returned", or "no casualties" where it sees none there.
std::string return_state(const campaign::BattleInfo& battle);
std::string summary_text(const rules::RuleSet& rules, const BattleSummary& summary);

/// The divisions `viewer` sees whole in the umpire's order of battle `all` (worked out once for
/// every battle it summarizes).
std::set<std::int64_t> divisions_seen(const army::OrderOfBattle& all, const View& viewer);

/// A battle as `viewer` may read it, from one snapshot (`seen`: divisions_seen): of the enemy,
/// the divisions it has seen, and the fallen only where it saw every division. None: a side
/// that did not fight there.
std::optional<BattleSummary> summarize(const rules::RuleSet& rules, const campaign::Roster& roster, const std::set<std::int64_t>& seen,
                                       const FoughtBattle& battle, const View& viewer);

/// The camps to choose among for a report's prisoners that name none (a draft's): by the
/// captor's side, its open camps, where it has more than one.
std::map<std::string, std::vector<std::string>> camps_to_choose(battle::Report report, const Refs& refs);

/// What a battle report would do to the campaign as `roster`, its `plans` and `oob` (which
/// divisions are hidden) hold it, line by line (the plan of its name it would close, as the
/// CLI's preview says it), or the error that refuses it. Reads nothing else: the GUI checks a
/// report as it is typed with it.
/// `drafts`: the draft reports waiting (one of them is not reported by name, and what it keeps is said).
Outcome describe_battle(const campaign::CampaignInfo& campaign, const campaign::Roster& roster, const std::vector<campaign::PlannedBattle>& plans,
                        const army::OrderOfBattle& oob, const std::vector<campaign::DraftInfo>& drafts, const battle::Report& report,
                        const rules::RuleSet& rules);

}  // namespace muster::app
