#pragma once
// The campaign model: what a front end that shows the campaign between changes (the GUI)
// draws from, read in one read transaction and kept in memory until the campaign changes.
// Nothing in it is read again while it is drawn.
#include "app/battles.hpp"
#include "app/picture.hpp"
#include "app/plans.hpp"
#include "app/prisoners.hpp"
#include "app/season.hpp"
#include "app/session.hpp"
#include "app/table_side.hpp"
#include "army/division.hpp"
#include "army/walk.hpp"
#include "journal/journal.hpp"

#include <cstdint>
#include <memory>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace muster::app {

/// What one viewer may read of the campaign (the umpire: everything), with what a front end
/// draws of it worked out once, where the model is read (off the thread that draws).
struct SeenModel {
    View viewer;
    std::vector<CampView> camps;
    std::vector<HeldItem> held;
    std::vector<ExchangeView> exchanges;
    std::vector<journal::Entry> journal;              ///< the newest entries it may read, oldest first
    RecordList<army::OutlineLine> outline;            ///< its view of the forces as a list of units shows them (a side's: the umpire's lines it sees)
    std::vector<size_t> leaders;                      ///< leaders_seen_at: places in the roster's leaders, by label
    std::map<size_t, army::Leader> held_leaders;      ///< of them, the enemy's it sees only as prisoners, as shown (held_as_seen)
    std::set<std::string> shared_labels;              ///< the labels two or more of them bear, as shown
    SeasonPicture picture;                            ///< season_picture
    std::string turn_report;                          ///< the report of the turn so far (turn_report_text), or why there is none
    std::vector<PlanView> plans;                      ///< the planned battles, open and reported, as it reads them (plans_seen)
};

/// Moved whole, never copied: its roster points at its order of battle's brigades and batteries.
struct CampaignModel {
    CampaignModel() = default;
    CampaignModel(const CampaignModel&) = delete;
    CampaignModel& operator=(const CampaignModel&) = delete;
    CampaignModel(CampaignModel&&) = default;
    CampaignModel& operator=(CampaignModel&&) = default;

    std::int64_t revision = -1;                       ///< the current campaign's newest journal entry
    std::vector<campaign::CampaignInfo> campaigns;    ///< every campaign in the file
    std::optional<campaign::CampaignInfo> current;    ///< none: the file has no campaign (or no current one)
    std::shared_ptr<const rules::RuleSet> rules;      ///< the current campaign's pinned rule set
    army::OrderOfBattle oob;                          ///< the umpire's whole order of battle
    campaign::Roster roster;                          ///< brigades, leaders, batteries, camps, battles...
    std::vector<SeenModel> views;                     ///< the umpire's, then each side's of the rule set
    int journal_size = 0;                             ///< entries in the whole journal (the umpire's)
    std::vector<Draft> drafts;                        ///< the umpire's draft battle reports, by battle
    TurnView turn;                                    ///< the turn, the date, what is due (the schedule is the umpire's)
    std::vector<Scheduled> schedule;                  ///< the umpire's whole schedule, by turn
    std::vector<FoughtBattle> battles;                ///< every recorded battle, in the order fought
    std::vector<campaign::PlannedBattle> plans;       ///< every planned battle, open and reported, in the order planned
    std::map<std::int64_t, int> fought_since_fall;   ///< each wounded leader's battles fought since he fell (Leaders::battles_since_fall)
    std::vector<campaign::PlayerInfo> players;        ///< the players and their links' last use (the umpire's)
    std::vector<campaign::MessageInfo> messages;      ///< what the players sent the umpire, oldest first
    std::vector<journal::Entry> undo_step;            ///< what undo would take back (the umpire's reading), newest first
    std::vector<journal::Entry> redo_step;            ///< what redo would do again, in that order; empty: nothing
    /// What `viewer` may read (nothing, for a viewer the model has no view for).
    const SeenModel& seen_by(const View& viewer) const;
};

/// How many of the newest journal entries the model holds.
inline constexpr int k_journal_page = 200;

/// Reads the model of the session's current campaign in one read transaction.
CampaignModel load_model(Session& session, int journal_page = k_journal_page);

}  // namespace muster::app
