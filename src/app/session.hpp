#pragma once
// The application layer's entry point: one campaign database, the campaign acted on, and the
// use cases grouped by concern (forces, arrivals, battles, leaders, prisoners, exports,
// history). The CLI and the GUI see only src/app's types and muster's error family
// (core/error.hpp): never a db:: type.
#include "app/catalog.hpp"
#include "app/outcome.hpp"
#include "campaign/records.hpp"
#include "core/words.hpp"
#include "rules/rule_set.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace muster::app {

class Forces;
class Arrivals;
class Battles;
class Plans;
class Leaders;
class Prisoners;
class Exports;
class History;
class Season;
class TableSide;
class Players;

/// Whether a session's file must exist already, or is made when missing.
enum class Open { existing, create };

/// The default campaign database: <data dir>/campaigns.db.
std::string default_db_path();
/// Refuses what lies beside a campaign database where SQLite keeps its own files (a folder, a
/// link, a rollback journal it would take up): checked before a new file is made and linked
/// into that place.
void require_plain_companions(const std::string& path);

/// Called first by a program whose sessions are each used by one thread at a time (the CLI,
/// whose server keeps a session per thread): SQLite then does not lock on every call.
void sessions_one_thread_each();

/// How many times this process has saved a change to a campaign database: an error after one
/// is no refusal (the change was made), whatever it says.
std::uint64_t changes_saved();
/// See db::forget_changes_saved_since.
void forget_changes_saved_since(std::uint64_t count);

/// Settings of a new campaign.
struct NewCampaign {
    std::string name;
    std::string rules;                  ///< rule set id or .json path; a copy is pinned
    int return_rate = 50;               ///< percent of casualties that return after a battle
    Rounding rounding = Rounding::roll;
    Despicable despicable = Despicable::expanded;
    DiceMode dice = DiceMode::seeded;
    std::optional<std::uint64_t> seed;  ///< none: a fresh one
    std::optional<int> men_per_stand;   ///< none: the rule set's scale, if it has one
    std::optional<Day> date;            ///< arrivals and the leader table take its year
    std::optional<std::string> theater; ///< a theater of the rule set: arrivals take it
    std::optional<int> turn_days;       ///< how many days a turn lasts (`muster turn next` moves the date on)
    Switch leader_names = Switch::on;   ///< draw names from muster's lists for the leaders the tables roll
    /// Start from a built-in sample (app/samples.hpp): its armies and schedule, and its rule
    /// set, date, theater, turn length and men per stand where the fields above leave them unset.
    std::optional<std::string> sample;
};

/// A campaign's settings that may change mid-campaign (each change is an undoable operation).
struct CampaignSettings {
    std::optional<int> return_rate;
    std::optional<Rounding> rounding;
    std::optional<Despicable> despicable;
    std::optional<int> men_per_stand;
    std::optional<Day> date;
    std::optional<std::string> theater;  ///< a theater id of the rule set
    std::optional<int> turn_days;        ///< how many days a turn lasts
    std::optional<Switch> leader_names;  ///< draw names for the leaders the tables roll
    std::optional<DiceMode> dice;        ///< seeded by muster, or typed in by the organiser
};

/// A campaign's pinned rule set (`rules_json`), read and checked once a process for each text.
std::shared_ptr<const rules::RuleSet> pinned_rules(const std::string& text, const std::string& campaign);

/// One campaign database opened, and the campaign its use cases act on. Every change is one
/// operation of the store: one transaction, one journal entry, undoable.
class Session {
public:
    /// Opens `db_path` (empty: the default database). `create` makes the file if missing;
    /// `lock_wait_ms` is how long to wait for another muster's write lock before BusyError.
    Session(std::string db_path, Open open, int lock_wait_ms = 5000, Catalog catalog = default_catalog());
    ~Session();
    Session(Session&&) noexcept;
    Session& operator=(Session&&) noexcept;

    const std::string& db_path() const;

    /// Creates a campaign (pinning its rule set) and makes it the file's current one; from a
    /// sample, its order of battle and schedule come in as one undoable operation, created
    /// with the campaign in one transaction. The session acts on it from then on.
    campaign::CampaignInfo create_campaign(const NewCampaign& request);
    std::vector<campaign::CampaignInfo> campaigns() const;
    /// Acts on this campaign from now on (the CLI's --campaign).
    void select_campaign(const std::string& name);
    /// Makes a campaign the file's current one (what commands act on without --campaign).
    std::string use_campaign(const std::string& name);
    /// The campaign commands act on: the selected one, else the file's current one, else the only one.
    campaign::CampaignInfo current() const;
    /// The campaign acted on, or nullopt when the file has none or it is ambiguous.
    std::optional<campaign::CampaignInfo> current_if_any() const;
    /// Changes the current campaign's settings as one operation; refused when they change nothing.
    Outcome change_settings(const CampaignSettings& settings);
    /// The rule set the current campaign pinned when it was created (loaded once per campaign).
    const rules::RuleSet& rules() const;
    /// The same, shared: it stays whole for whoever holds it after the session moves to
    /// another campaign (the GUI's model).
    std::shared_ptr<const rules::RuleSet> shared_rules() const;
    /// A view as typed: "umpire", or a side of the rule set (else UsageError listing them).
    View view(std::string_view text) const;

    /// For a front end that shows the campaign between changes (the GUI): what it shows was read
    /// at journal entry `revision`; a later change is refused (StaleError) if the campaign has
    /// moved on since (another muster wrote).
    void seen(std::int64_t revision);
    /// The organiser rolls his own dice in this session: every rolled operation takes typed-in
    /// rolls (a front end asks for them one by one, see dice::RollNeeded), even in a campaign
    /// of seeded dice.
    void roll_own_dice(Switch own_dice);
    /// The current campaign's newest journal entry (to notice another muster's changes).
    std::int64_t last_operation() const;
    /// The newest journal entry of the campaign with this id, whichever is current.
    std::int64_t last_operation(std::int64_t campaign) const;

    Forces forces();
    Arrivals arrivals();
    Battles battles();
    Plans plans();
    Leaders leaders();
    TableSide table_side();
    Prisoners prisoners();
    Exports exports();
    History history();
    Season season();
    Players players();

    /// src/app's own access to the store behind the session (app/session_state.hpp).
    struct State;
    State& state() const { return *m; }

private:
    std::unique_ptr<State> m;
};

}  // namespace muster::app
