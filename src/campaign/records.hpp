#pragma once
// What a campaign holds, as plain values: what db/ reads and writes and src/app hands up to
// the CLI and the GUI. No SQL here, and nothing above src/app needs to know db/ exists.
#include "army/division.hpp"
#include "core/record_list.hpp"
#include "core/date.hpp"
#include "core/words.hpp"
#include "journal/journal.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace muster::campaign {

/// A campaign: its settings, the pinned rule set and where its dice stand.
struct CampaignInfo {
    std::int64_t id = 0;
    std::string name;
    std::string rules_id;
    std::string rules_json;
    int return_rate = 50;
    Rounding rounding = Rounding::roll;
    Despicable despicable = Despicable::expanded;
    DiceMode dice = DiceMode::seeded;
    std::uint64_t seed = 0;
    std::uint64_t dice_counter = 0;      ///< draws of the dice every side reads
    std::uint64_t draws = 0;             ///< draws of all the campaign's dice, each side's own too (the umpire's to read)
    std::string created_at;
    std::optional<int> men_per_stand;    ///< for cartel values; none: the rule set's scale
    std::optional<Day> date;             ///< the campaign's date; none: not set
    std::optional<std::string> theater;  ///< the theater of operations (a rule set theater id)
    Turn turn = Turn::first();           ///< the campaign's turn
    std::optional<int> turn_days;        ///< how many days a turn lasts; none: turns have no length
    bool leader_names = true;            ///< unnamed leaders the tables roll get a name drawn from muster's lists
    /// The year of the campaign's date.
    std::optional<int> year() const { return date ? std::optional<int>(date->year()) : std::nullopt; }
    /// The last day of the turn it is at; none where it has no date or its turns no length.
    std::optional<Day> turn_ends() const { return date && turn_days ? std::optional<Day>(date->plus(*turn_days - 1)) : std::nullopt; }
    /// "turn 2 (1863-07-02 to 1863-07-08)", where turn_ends() is known.
    std::string turn_and_days() const { return turn.text() + " (" + date->text() + " to " + turn_ends()->text() + ")"; }
};

/// A camp of the captor side.
struct CampInfo {
    std::int64_t id = 0;
    std::string name;
    std::string side;  ///< the captor
    bool liberated = false;
};

/// One thing a camp holds: stands of a brigade, a leader or a battery.
struct Holding {
    std::int64_t prisoner_id = 0;
    std::int64_t camp_id = 0;
    HeldKind kind = HeldKind::stands;
    std::int64_t unit_id = 0;
    int stands = 0;
    std::string known_as;  ///< what the captor calls it: its name when taken ("" for rows of an earlier muster)
};

/// A battle as recorded.
struct BattleInfo {
    std::int64_t id = 0;
    std::string name;
    std::optional<Day> date;
    std::string place;
    bool recovered = false;
    std::optional<Turn> turn;  ///< the turn it was fought on (none: recorded by an earlier muster)
    /// The rate and rounding its casualties returned at (none: not returned, or returned under
    /// an earlier muster, which did not keep them).
    struct ReturnedAt {
        int rate = 0;
        Rounding rounding = Rounding::roll;
    };
    std::optional<ReturnedAt> returned_at;
    /// The operation that recorded it (none: an earlier muster's battle this file cannot place).
    std::optional<std::int64_t> operation;
    /// Casualties there that its reader sees (a side: its own, or the enemy's it saw); none:
    /// nothing there returns, and no state of a return is told (return_state).
    bool casualties = false;
};

/// What a battle's record holds beyond its losses: the stands each division engaged (none for a
/// battle of an earlier muster), and the leaders and batteries lost there.
struct BattleRecord {
    struct Engaged {
        std::int64_t division_id = 0;
        std::optional<int> stands;
        bool seen = true;  ///< the enemy saw the division there (as the battle was recorded)
        std::int64_t corps_id = 0, army_id = 0;  ///< the corps and army it is of
        bool returns_read = false;  ///< the enemy read its casualties return (in its sight then, or revealed since)
    };
    /// What a leader was before a fall, where he had fallen already out of the enemy's sight.
    struct Prior {
        LeaderStatus status = LeaderStatus::killed;
        std::optional<std::int64_t> fell_in;
        int out_battles = 0;
        bool by_roll = false;
    };
    struct Fallen {
        std::int64_t leader_id = 0;
        LeaderFate fate = LeaderFate::killed;
        std::optional<std::int64_t> division_id;  ///< the division he fought with; none above the divisions
        std::optional<Prior> prior;               ///< none: he was in play (a fall taken back restores this)
        std::string known_as;                     ///< his name or post when he fell, as the enemy read it ("": a fall of an earlier muster)
        /// Above the divisions: the corps or army he commanded when he fell (the enemy reads the
        /// fall where it saw one of its divisions there).
        std::optional<std::int64_t> corps_id, army_id;
    };
    struct Gun {
        std::int64_t battery_id = 0;
        BatteryFate fate = BatteryFate::wrecked;
        std::optional<std::int64_t> corps_id, army_id;  ///< a reserve battery's corps or army
    };
    std::vector<Engaged> divisions;
    std::vector<Fallen> fallen;
    std::vector<Gun> guns;
};

/// What one brigade lost in a battle, and what of it has returned.
struct LossInfo {
    std::int64_t brigade_id = 0;
    int casualties = 0;
    int captured = 0;
    int returned = 0;
};

/// One line of an exchange: stands of a brigade, a leader or a battery.
struct ExchangeItem {
    Direction direction = Direction::offer;  ///< offer: held by the proposer; ask: by the counterpart
    HeldKind kind = HeldKind::stands;
    std::int64_t unit_id = 0;
    int stands = 0;
    std::string known_as;  ///< what the captor calls it, as its camp did ("" for rows of an earlier muster)
};

/// A proposal to exchange prisoners.
struct ExchangeInfo {
    std::int64_t id = 0;
    std::int64_t number = 0;  ///< within its campaign: how its players read and answer it ("#3"); the id counts the file's
    std::string proposer;
    std::string counterpart;
    ExchangeStatus status = ExchangeStatus::proposed;
    std::string note;
    std::vector<ExchangeItem> items;
    /// Privates offered and asked as the cartel weighed them when it was answered; none: weighed
    /// as it reads now (open, or not weighed then).
    std::optional<std::pair<long, long>> weighed;
};

/// A division's place in the reinforcement schedule.
struct ScheduleEntry {
    std::int64_t division_id = 0;
    std::string division;
    std::string side;
    DivisionStatus status = DivisionStatus::placeholder;
    Turn turn = Turn::first();
};

/// One line of a draft battle report, filled by a roll at the table side.
struct DraftLine {
    std::string battle;
    std::int64_t operation = 0;  ///< the roll that gave it
    DraftKind kind = DraftKind::lost;
    std::optional<std::int64_t> brigade_id;  ///< engaged, lost, captured
    std::optional<std::int64_t> leader_id;   ///< leader
    std::optional<std::int64_t> battery_id;  ///< engaged, battery
    int stands = 0;                          ///< lost, captured
    std::optional<LeaderFate> leader_fate;   ///< leader
    std::optional<BatteryFate> battery_fate; ///< battery
    std::string why;                         ///< the roll and result that gave it
    bool submitted = false;                  ///< a player's, sent through his link (not a roll at the table side)
};

/// A change of a unit's state on the table, in a battle's draft: the latest for a unit and a
/// state is its state now.
struct DraftState {
    std::string battle;
    std::int64_t operation = 0;
    std::optional<std::int64_t> brigade_id;  ///< the unit: a brigade or a battery
    std::optional<std::int64_t> battery_id;
    TableState state = TableState::disordered;
    std::string value;  ///< yes or no; a formation's id
    std::string why;
};

/// A battle with a draft report waiting, and how many lines of losses and fates it has.
struct DraftInfo {
    std::string battle;
    int lines = 0;  ///< not counting the units only marked as engaged
    /// A loss a side's player submitted: its brigade ("Division/Brigade"), that side, the stands
    /// and who sent it.
    struct Submitted {
        std::int64_t brigade_id = 0;
        std::string brigade, side;
        int stands = 0;
        std::string why;
    };
    std::vector<Submitted> submitted;
};

/// A battle planned before it is fought: open until the battle of its name is reported, then
/// kept as that battle's history.
struct PlanInfo {
    std::int64_t id = 0;
    std::string name;
    std::optional<Day> date;
    std::string place;
    std::optional<std::int64_t> battle_id;  ///< the battle reported that closed it; none: open
    bool open() const { return !battle_id; }
};

/// A division's part in a planned battle, in the order the plan was given it.
struct PlanDivision {
    std::int64_t division_id = 0;
    PlanRole role = PlanRole::deployed;
};

/// A planned battle and its divisions.
struct PlannedBattle {
    PlanInfo plan;
    std::vector<PlanDivision> divisions;
};

/// Everything an operation finds by name, read in one snapshot: the brigades, leaders,
/// batteries and units, the camps and what they hold, the battles and the exchanges. A
/// brigade's commanders are by id: the leaders are the roster's `leaders`. Its brigades,
/// batteries and leaders are its own, or (Rosters::whole) those of the order of battle read with
/// it, each given there what a roster says of it.
struct Roster {
    RecordList<army::BrigadeRecord> brigades;
    RecordList<army::Leader> leaders;
    RecordList<army::Battery> batteries;
    std::vector<army::Unit> units;
    std::vector<CampInfo> camps;
    std::vector<Holding> holdings;
    std::vector<BattleInfo> battles;
    std::vector<ExchangeInfo> exchanges;
    /// Read for a few divisions (Rosters::roster_of): the camps hold units not in it.
    bool narrow = false;
};

/// What an arrival was asked for: kept with its preview, compared field by field when the
/// division arrives for real.
struct ArrivalAsked {
    std::optional<int> year;
    std::optional<std::string> theater;
    bool roll_year_theater = false;
    std::vector<std::string> rolls;  ///< typed-in dice
    bool operator==(const ArrivalAsked&) const = default;
};

/// A division's newest preview: its journal entry (with the rolls it showed) and what it was asked.
struct Preview {
    journal::Entry entry;
    ArrivalAsked asked;
};

/// A player at his own screen (`muster serve`): a side's, or the umpire's, known by a secret
/// link (stored only as its hash).
struct PlayerInfo {
    std::int64_t id = 0;
    std::int64_t campaign_id = 0;
    std::string name;
    std::string side;     ///< the side he plays (the umpire's link: empty)
    bool umpire = false;
    bool revoked = false;
    std::string created_at;
    std::string last_used;  ///< when his link was last used; empty: never
    std::string token_hash; ///< signed in: the hash of the link he came by (his operations are refused once it is not his)
};

/// Orders or a message a player sent the umpire for a turn.
struct MessageInfo {
    std::int64_t id = 0;
    std::string player;
    std::string side;
    Turn turn = Turn::first();
    std::string text;
    std::string created_at;
};

/// What `muster check` found. Empty problems: the file is whole and every ledger balances.
struct CheckReport {
    std::vector<std::string> problems;
    int campaigns = 0;
    int brigades = 0;
    long long stands = 0;      ///< in service now (in brigades in service, as the order of battle counts them)
    long long idle = 0;        ///< in brigades out of service (destroyed, disbanded, merged) that took stands back since
    long long generated = 0;   ///< ever generated or entered (with edits)
    long long lost = 0;        ///< casualties that did not return, and disbanded
    long long awaiting = 0;    ///< casualties of battles whose casualties have not yet returned (battle recover)
    long long held = 0;        ///< prisoners in camps
    int moves = 0;
    bool counted = true;       ///< the stands were counted (not where a number column holds something else)
    bool ok() const { return problems.empty(); }
};

}  // namespace muster::campaign
