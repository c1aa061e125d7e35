#pragma once
// The table side: a rule set's play tables rolled with seeded or typed dice, outside a campaign
// or in one, where a roll for a battle adds what its result costs to that battle's draft report.
#include "app/outcome.hpp"
#include "battle/report.hpp"
#include "campaign/records.hpp"
#include "play/campaign.hpp"
#include "play/roll.hpp"
#include "rules/rule_set.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace muster::app {

/// A play table by id; refuses an unknown one naming the tables there are.
const rules::PlayTable& play_table(const rules::RuleSet& rules, const std::string& id);

struct TableRollRequest {
    std::string table;
    play::Request request;
    std::optional<std::uint64_t> seed;     ///< none and no typed rolls: a fresh random seed
    std::vector<std::string> typed_rolls;  ///< the organiser's own dice, used in order
    bool typed = false;                    ///< typed dice even when none are given yet (asked for)
};

struct TableRolled {
    play::Roll roll;                    ///< points into the rule set it was rolled from
    std::optional<std::uint64_t> seed;  ///< the seed used; none when the dice were typed in
    /// BROKEN: the table rolled again at once (the unit removed from play at or below the
    /// result's score), as in a campaign.
    std::optional<play::Roll> again;
};

/// Rolls a play table. Typed rolls must all be used, as everywhere.
TableRolled roll_play_table(const rules::RuleSet& rules, const TableRollRequest& request);

class Session;
class Refs;

/// A roll at the table side for a battle of the campaign.
struct CampaignRoll {
    std::string table;
    play::Request request;
    std::string battle;    ///< the battle (not yet reported) whose draft report takes the result
    std::string unit;      ///< the brigade or battery rolled for (fire: the target); both sides rolling: the attacker
    std::string defender;  ///< both sides rolling: the defender's brigade or battery
    std::string firer;     ///< a fire table: the brigade or battery that fires
    /// The organiser's modifiers and column stand as given, where the campaign's facts say
    /// otherwise (journaled as his choice).
    bool override = false;
};

/// A unit's state on the table to set: "disordered=yes", "formation=line".
struct StateChange {
    TableState state = TableState::disordered;
    std::string value;
};
/// Reads "STATE=VALUE"; throws UsageError naming the text.
StateChange parse_state_change(const std::string& text);

struct CampaignRolled {
    Outcome outcome;                  ///< the rolls journaled, and the draft report's new lines
    play::Roll roll;                  ///< points into the campaign's rule set
    std::optional<play::Roll> fallen; ///< the leader's roll a result called for
    std::vector<std::string> overridden;  ///< with the override: the campaign's modifiers left out, and why
    std::vector<std::string> given_over;  ///< with the override: the column and modifiers given that the campaign contradicts, and why
};

/// A battle's draft report: the lines the rolls added, and the report they make.
struct Draft {
    std::string battle;
    std::vector<std::string> engaged;  ///< the units rolled for, in the order they came: "Heth/1st Brigade"
    std::vector<std::string> lines;    ///< what they lost: "Heth/1st Brigade: 1 stand lost (Musketry & Cannonade table 9: Telling)"
    std::vector<std::string> states;   ///< each unit's state on the table now: "Heth/1st Brigade: disordered (Musketry & Cannonade table 9: Telling)"
    battle::Report report;
    /// Brigades with stands lost both rolled at the table and submitted by a player (see
    /// doubled_losses): the report gives the larger, for the umpire to check.
    std::vector<std::string> doubled;
    std::vector<campaign::DraftInfo::Submitted> submitted;  ///< the losses players submitted (DraftInfo's)
};

/// A battle's draft as its lines, its states on the table and the campaign name them.
Draft make_draft(const std::string& battle, const std::vector<campaign::DraftLine>& lines, const std::vector<campaign::DraftState>& states,
                 const Refs& refs, const rules::RuleSet& rules);

/// The report a battle's draft lines make: stands lost and captured summed per brigade (where a
/// brigade's loss was both rolled at the table and submitted by a player, the larger: a player
/// gives its whole loss, so the two are not added), each
/// leader's and battery's worst fate (killed over captured over wounded; captured over wrecked),
/// a wounded leader out for `wounded_out_for` battles; a leader named by the unit he commands.
/// `captured_beside`: stands the umpire gives as captured beside the draft, by brigade id, which a
/// player's submitted loss counts too (they are not in the report it returns).
battle::Report report_from_draft(const std::string& battle, const std::vector<campaign::DraftLine>& lines, const Refs& refs,
                                 int wounded_out_for = 1, const std::map<std::int64_t, int>& captured_beside = {});

/// The brigades of a draft with stands lost both rolled at the table and submitted by a player
/// otherwise than the table's and the umpire's `captured_beside` (report_from_draft's) come to,
/// each in words: "Dobschutz/Landwehr: 1 stand lost rolled at the table, 2 submitted by P
/// (Allies)".
std::vector<std::string> doubled_losses(const std::vector<campaign::DraftLine>& lines, const Refs& refs,
                                        const std::map<std::int64_t, int>& captured_beside = {});

/// The brigades of a draft whose only loss is a player's, given fewer stands than the prisoners
/// the umpire gives beside the draft: the umpire's word is taken (the prisoners, no stand lost
/// besides), each said in words for him to see the two disagreed.
std::vector<std::string> prisoners_past_submitted(const std::vector<campaign::DraftLine>& lines, const Refs& refs,
                                                  const std::map<std::int64_t, int>& captured_beside);

/// Refuses (UsageError) a draft in which a brigade has stands lost both rolled at the table and
/// submitted by a player (doubled_losses, every one named): a player gives his brigade's whole
/// loss, so the two are not added; the umpire writes the draft out and gives the loss in the file.
void require_no_doubled_loss(const rules::RuleSet& rules, const std::string& battle, const std::vector<campaign::DraftLine>& lines, const Refs& refs,
                             const std::map<std::int64_t, int>& captured_beside);

/// The table side in a campaign: rolls for a battle, and its draft report.
class TableSide {
public:
    explicit TableSide(Session& session) : m_session(session) {}
    /// Rolls a play table of the campaign's rule set for a unit in a battle, as one operation
    /// (the umpire's): the dice journaled, and what the result costs (stands lost and captured,
    /// a leader's fate, with the fallen-leader roll it calls for, a battery's) added to the draft.
    CampaignRolled roll(const CampaignRoll& request, const std::vector<std::string>& rolls);
    /// What the campaign decides of a roll before it is made (the column and the modifiers its
    /// facts give, each with why; refused as the roll would be), read from one snapshot: the
    /// table side's window shows them ticked.
    play::Resolved campaign_choices(const CampaignRoll& request) const;
    /// Sets a unit's states on the table in a battle's draft, as one operation (the umpire's).
    Outcome set_state(const std::string& battle, const std::string& unit, const std::vector<StateChange>& changes);
    /// A battle's draft report as it stands.
    Draft draft(const std::string& battle) const;
    /// The battles with a draft waiting.
    std::vector<campaign::DraftInfo> drafts() const;
    /// Throws a battle's draft away (one operation: undo brings it back).
    Outcome discard(const std::string& battle);

private:
    Session& m_session;
};

}  // namespace muster::app
