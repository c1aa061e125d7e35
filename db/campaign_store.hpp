#pragma once
// db/: the only place that speaks SQL. The campaign store over one SQLite file.
#include "army/division.hpp"
#include "campaign/records.hpp"
#include "dice/roll_record.hpp"
#include "journal/journal.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace muster::db {

/// The schema version this muster writes (the number of the last migration).
int schema_version();

/// A division as the store finds it by name, with where it sits.
struct DivisionRef {
    std::int64_t id = 0;
    std::string name;
    std::string arm;
    DivisionStatus status = DivisionStatus::placeholder;
    std::int64_t corps_id = 0;
    std::int64_t army_id = 0;
    std::string side;
    bool hidden = true;  ///< not yet seen by the other side
    std::string nationality;  ///< a nationality of the rule set, or empty
};

/// Where a generated division's reserve batteries go.
struct ReserveTarget {
    std::int64_t corps_id = 0;  ///< one of the two is set
    std::int64_t army_id = 0;
};

enum class OpenMode {
    existing,  ///< the file must already be a muster database
    create,    ///< create the file (and its folder) when it is missing
};

/// One campaign database file: schema migrations at open, WAL, foreign keys, busy timeout.
/// Every change goes through run_operation, which makes it one transaction and one
/// journal entry that undo_last can reverse exactly. SQLite errors come out as muster::Error.
class CampaignStore {
public:
    /// Opens (or creates) the file. Refuses, leaving it untouched, a file that is not a muster
    /// database, one from a newer muster, one that cannot be written, or a corrupt one.
    CampaignStore(const std::string& path, OpenMode mode, int busy_timeout_ms = 5000);
    ~CampaignStore();
    CampaignStore(const CampaignStore&) = delete;
    CampaignStore& operator=(const CampaignStore&) = delete;

    const std::string& path() const { return m_path; }

    // --- operations -------------------------------------------------------------------
    /// Runs `change` inside one IMMEDIATE transaction with its changes recorded (SQLite session
    /// extension) into a new journal entry of `kind`. `change` gets the entry's id and returns
    /// its summary. Any exception rolls everything back and is rethrown.
    std::int64_t run_operation(std::int64_t campaign, OperationKind kind,
                               const std::function<std::string(std::int64_t operation)>& change);
    /// The id of the campaign's newest journal entry (0 when none).
    std::int64_t last_operation(std::int64_t campaign) const;
    /// From now on, refuse any operation (StaleError) if the campaign's newest journal entry is
    /// not `last`: what the caller shows was read at `last`. Each of this store's own
    /// operations moves the expectation on. nullopt: no check (the CLI, which reads and
    /// writes in one transaction).
    void expect_last_operation(std::optional<std::int64_t> last) { m_expected = last; }
    /// Reverses the campaign's last operation that is not undone, exactly, as a new journal
    /// entry. Refused when there is nothing to undo or the campaign changed underneath it.
    journal::Entry undo_last(std::int64_t campaign);

    // --- campaigns ---------------------------------------------------------------------
    /// What a new campaign starts with: an operation run as run_operation's `change` (one
    /// undoable journal entry), given the new campaign's id and the entry's id.
    struct FirstOperation {
        OperationKind kind;
        std::function<std::string(std::int64_t campaign, std::int64_t operation)> change;
    };
    /// Creates a campaign, its journal's first entry ("created"), and `first` when given, and
    /// makes it the file's current one (the meta `current_key`): one transaction, so a campaign
    /// is created whole or not at all. Refuses a name the file already has.
    std::int64_t create_campaign(const campaign::CampaignInfo& row, std::string_view current_key,
                                 const std::optional<FirstOperation>& first = std::nullopt);
    std::vector<campaign::CampaignInfo> campaigns() const;
    std::optional<campaign::CampaignInfo> find_campaign(std::string_view name) const;
    campaign::CampaignInfo campaign(std::int64_t id) const;
    /// Where a stream of the campaign's seeded dice stands ("*", every side's: the campaign's
    /// dice_counter; else an audience, or an audience and a subject: "union|Heth").
    std::uint64_t dice_counter(std::int64_t campaign, std::string_view stream) const;
    /// Whether one of a side's leaders bears `name`, or an army, corps or division of the side
    /// is called so (a leader is also found by what he commands).
    bool leader_name_taken(std::int64_t campaign, std::string_view side, std::string_view name) const;
    void set_dice_counter(std::int64_t campaign, std::string_view stream, std::uint64_t counter);
    /// Who may read an operation (inside run_operation; an operation is the umpire's until set).
    void set_audience(std::int64_t operation, const Audience& audience);
    /// Small settings of the file itself (not undoable): e.g. the current campaign.
    std::optional<std::string> meta(std::string_view key) const;
    void set_meta(std::string_view key, std::string_view value);

    // --- forces (call inside run_operation) --------------------------------------------
    std::int64_t insert_leader(std::int64_t campaign, std::string_view side, Rank rank,
                               const army::Leader& leader);
    std::int64_t insert_army(std::int64_t campaign, std::string_view side, std::string_view name,
                             std::optional<std::int64_t> commander);
    std::int64_t insert_corps(std::int64_t campaign, std::int64_t army, std::string_view name,
                              std::optional<std::int64_t> commander);
    std::int64_t insert_division(std::int64_t campaign, std::int64_t corps, std::string_view name, std::string_view arm);
    /// Stores a division's contents (brigades with their 'generated' moves, commanders,
    /// batteries, the reserve's share) and sets its status, year, theater and commander.
    void store_division_contents(std::int64_t campaign, std::int64_t operation, const DivisionRef& where,
                                 const army::Division& division, const ReserveTarget& reserve, DivisionStatus status);
    /// Adds one brigade (and its 'generated' move, and 'edited' move when stands differ from start).
    std::int64_t insert_brigade(std::int64_t campaign, std::int64_t operation, std::int64_t division,
                                std::string_view side, const army::Brigade& brigade);
    std::int64_t insert_battery(std::int64_t campaign, const ReserveTarget& reserve, std::int64_t division,
                                const army::Battery& battery);
    void set_division_status(std::int64_t division, DivisionStatus status);
    /// Renames an army, corps, division, brigade or leader.
    void rename(NamedKind kind, std::int64_t id, std::string_view name);
    /// A division's nationality (empty: none).
    void set_nationality(std::int64_t division, std::string_view nationality);
    void set_hidden(std::int64_t division, bool hidden);
    /// Writes rolls of an operation in order (before their results are stored).
    void insert_rolls(std::int64_t operation, const std::vector<dice::RollRecord>& rolls, DiceMode source,
                      RollStatus status);

    /// Changes a brigade's strength by `delta` as a recorded move of `kind`.
    void change_stands(std::int64_t operation, std::int64_t brigade, MoveKind kind, int delta);
    void set_brigade_status(std::int64_t brigade, BrigadeStatus status);
    /// Gives a brigade a new start strength and label: after a merge (the ledger counts the
    /// stands merged in as part of its start), or as the organiser chose (`by_organiser`: the
    /// ledger takes his start strength as it is, until a merge relabels it again).
    void relabel_brigade(std::int64_t brigade, const rules::EffectivenessLabel& label, bool by_organiser);
    /// Puts a leader in command of a brigade, division, corps or army.
    /// Puts `leader` in command of the unit, at the post's `rank`; the leader he replaces keeps
    /// `post` (the unit as named now) as his former post.
    void set_commander(UnitKind unit_kind, std::int64_t unit, std::int64_t leader, Rank rank, const std::string& post);
    void set_leader_status(std::int64_t leader, LeaderStatus status, std::optional<std::int64_t> fell_in,
                           std::optional<int> out_battles);
    void set_battery_status(std::int64_t battery, BatteryStatus status);
    void update_campaign_settings(const campaign::CampaignInfo& row);

    /// A division's turn in the reinforcement schedule; none: off the schedule.
    void set_schedule(std::int64_t division, std::optional<int> turn);
    /// The reinforcement schedule, by turn.
    std::vector<campaign::ScheduleEntry> schedule(std::int64_t campaign) const;

    // --- battles, camps, prisoners, exchanges (call inside run_operation) ---------------
    std::int64_t insert_battle(std::int64_t campaign, const campaign::BattleInfo& battle);
    void insert_battle_division(std::int64_t battle, std::int64_t division, int engaged);
    void insert_battle_fallen(std::int64_t battle, std::int64_t leader, LeaderFate fate);
    void insert_battle_gun(std::int64_t battle, std::int64_t battery, BatteryFate fate);
    /// Adds a line to a battle's draft report (inside run_operation: the roll that gave it).
    void insert_draft_line(std::int64_t campaign, const campaign::DraftLine& line);
    /// A battle's draft report, in the order the rolls added it.
    std::vector<campaign::DraftLine> draft(std::int64_t campaign, const std::string& battle) const;
    /// The battles with a draft report waiting, by name.
    std::vector<campaign::DraftInfo> drafts(std::int64_t campaign) const;
    /// Removes a battle's draft report (applied or discarded).
    void clear_draft(std::int64_t campaign, const std::string& battle);
    void insert_loss(std::int64_t battle, std::int64_t brigade, int casualties, int captured);
    void set_returned(std::int64_t battle, std::int64_t brigade, int returned);
    void set_battle_recovered(std::int64_t battle);
    std::int64_t insert_camp(std::int64_t campaign, std::string_view side, std::string_view name);
    void set_camp_liberated(std::int64_t camp);
    /// Adds stands of a brigade to what a camp holds.
    void hold_stands(std::int64_t camp, std::int64_t brigade, int stands);
    void hold_leader(std::int64_t camp, std::int64_t leader);
    void hold_battery(std::int64_t camp, std::int64_t battery);
    /// Takes `stands` (all, for a leader or battery) out of a holding; removes it when empty.
    void release(const campaign::Holding& holding, int stands);
    std::int64_t insert_exchange(std::int64_t campaign, const campaign::ExchangeInfo& exchange);
    void set_exchange_status(std::int64_t exchange, ExchangeStatus status);

    // --- finding -------------------------------------------------------------------------
    /// Found by the exact name (a name a person typed is matched by app's *_named first).
    std::optional<DivisionRef> find_division(std::int64_t campaign, std::string_view name) const;
    /// The names of a campaign's divisions, corps or armies, oldest first.
    std::vector<std::string> unit_names(std::int64_t campaign, UnitKind kind) const;
    std::optional<std::pair<std::int64_t, std::string>> find_army(std::int64_t campaign, std::string_view name) const;
    /// (corps id, army id, side)
    std::optional<std::tuple<std::int64_t, std::int64_t, std::string>> find_corps(std::int64_t campaign,
                                                                                  std::string_view name) const;

    std::vector<campaign::BrigadeInfo> brigades(std::int64_t campaign) const;
    std::vector<campaign::LeaderInfo> leaders(std::int64_t campaign) const;
    std::vector<campaign::BatteryInfo> batteries(std::int64_t campaign) const;
    std::vector<campaign::CampInfo> camps(std::int64_t campaign) const;
    std::vector<campaign::Holding> holdings(std::int64_t campaign) const;
    std::vector<campaign::BattleInfo> battles(std::int64_t campaign) const;
    std::vector<campaign::LossInfo> losses(std::int64_t battle) const;
    std::vector<std::int64_t> battle_divisions(std::int64_t battle) const;
    /// The divisions that fought with the stands they engaged, the leaders and batteries lost.
    campaign::BattleRecord battle_record(std::int64_t battle) const;
    std::vector<campaign::ExchangeInfo> exchanges(std::int64_t campaign) const;
    /// Armies, then corps, then divisions, each by id.
    std::vector<campaign::UnitInfo> units(std::int64_t campaign) const;
    /// The names of the batteries in a corps' or an army's reserve.
    std::vector<std::string> reserve_battery_names(const ReserveTarget& reserve) const;
    /// All of the above for one campaign, in one snapshot; of the brigades, leaders, batteries
    /// and units, those `parts` asks for (the rest left empty: a reader that names none of them
    /// need not read a whole campaign's worth).
    struct RosterParts {
        bool brigades = true, leaders = true, batteries = true, units = true;
    };
    campaign::Roster roster(std::int64_t campaign, RosterParts parts) const;
    campaign::Roster roster(std::int64_t campaign) const { return roster(campaign, RosterParts{}); }
    /// The order of battle and the roster together, in one snapshot: the roster's brigades,
    /// batteries, units and commands are taken from the order of battle's rows, not read twice.
    struct Whole {
        army::OrderOfBattle oob;
        campaign::Roster roster;
    };
    Whole whole(std::int64_t campaign) const;

    // --- reading -----------------------------------------------------------------------
    /// The whole tree of a campaign, every division (hidden ones included).
    army::OrderOfBattle order_of_battle(std::int64_t campaign) const;
    /// The journal as `viewer` may read it (the newest so many entries, or all), numbered for
    /// that view: a side's entries count 1, 2, ... over what it may read.
    std::vector<journal::Entry> journal_entries(std::int64_t campaign, const View& viewer, std::optional<int> newest = std::nullopt) const;
    /// The campaign's newest preview whose summary begins with `summary_prefix` (byte for byte), with its rolls.
    std::optional<journal::Entry> newest_preview(std::int64_t campaign, std::string_view summary_prefix) const;
    /// How many entries the campaign's journal has.
    int journal_size(std::int64_t campaign) const;
    /// Database pages this connection has fetched since it opened (from its cache or the file):
    /// what a caller read, counted by SQLite itself. A front end drawing from memory reads none.
    std::int64_t page_reads() const;
    /// Runs `read` in one read transaction (unless inside an operation already): every read in
    /// it sees the same snapshot while other processes write. It must not write.
    void read(const std::function<void()>& read) const;
    /// integrity_check, foreign_key_check, the stand ledger of every brigade, and that each
    /// row's campaign matches its parent's.
    campaign::CheckReport check() const;
    /// The ids a rule set knows, by what they name.
    struct KnownIds {
        std::vector<std::string> sides, arms, theaters, ratings, grades;
    };
    /// A value a campaign's row holds that its rule set does not know.
    struct UnknownId {
        std::string owner;  ///< "army", "division", "brigade" or "leader"
        std::string name;   ///< the owner's name ("Division/Brigade" for a brigade)
        std::string what;   ///< "the side", "the arm", "the theater", "the rating", "the grade", "the rolled grade"
        std::string value;
    };
    /// Every side, arm, theater, rating and leader's grade of the campaign's rows that is not
    /// among `known`, in SQL: the check reads no order of battle.
    std::vector<UnknownId> unknown_ids(std::int64_t campaign, const KnownIds& known) const;
    /// A consistent copy via SQLite's online backup, written beside `dest` and renamed into
    /// place; refuses an existing `dest`.
    void backup(const std::string& dest) const;

private:
    void check_not_stale(std::int64_t campaign) const;
    std::int64_t record_operation(std::int64_t campaign, OperationKind kind,
                                  const std::function<std::string(std::int64_t operation)>& change);
    struct Impl;
    std::unique_ptr<Impl> m_impl;
    std::string m_path;
    std::optional<std::int64_t> m_expected;
};

}  // namespace muster::db
