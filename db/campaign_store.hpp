#pragma once
// db/: the only place that speaks SQL. The campaign store over one SQLite file.
#include "army/division.hpp"
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

/// A campaign's row: its settings, the pinned rule set and where its dice stand.
struct CampaignRow {
    std::int64_t id = 0;
    std::string name;
    std::string rules_id;
    std::string rules_json;
    int return_rate = 50;
    std::string rounding = "roll";       ///< down, half_up, roll
    std::string despicable = "expanded"; ///< expanded or book
    std::string dice = "seeded";         ///< seeded or typed
    std::uint64_t seed = 0;
    std::uint64_t dice_counter = 0;
    std::string created_at;
    std::optional<int> men_per_stand;    ///< for cartel values; none: the rule set's scale
};

/// A division as the store finds it by name, with where it sits.
struct DivisionRef {
    std::int64_t id = 0;
    std::string name;
    std::string arm;
    std::string status;  ///< placeholder, arrived, entered
    std::int64_t corps_id = 0;
    std::int64_t army_id = 0;
    std::string side;
};

/// Where a generated division's reserve batteries go.
struct ReserveTarget {
    std::int64_t corps_id = 0;  ///< one of the two is set
    std::int64_t army_id = 0;
};

/// A brigade with where it sits, as the battle commands find it.
struct BrigadeRow {
    std::int64_t id = 0;
    std::string name;
    std::string division;
    std::int64_t division_id = 0;
    std::string side;
    std::string rating;
    std::string status;  ///< active, destroyed, disbanded, merged
    int stands = 0;
    int start_stands = 0;
    std::optional<std::int64_t> commander_id;
    std::optional<int> worn_at;
    std::optional<int> spent_at;
    std::string ref() const { return division + "/" + name; }
};

/// A leader with the unit he commands (if any).
struct LeaderRow {
    std::int64_t id = 0;
    std::string name;
    std::string side;
    std::string rank;  ///< brigadier, division, corps, army
    std::string grade;
    std::string rolled_grade;
    std::string status;  ///< active, killed, wounded, captured
    std::optional<std::int64_t> fell_in;
    int out_battles = 0;
    std::string commands;       ///< "Heth/1st Brigade", "Heth", a corps or army name; empty: none
    std::string unit_kind;      ///< brigade, division, corps, army; empty: none
    std::int64_t unit_id = 0;
    std::string label() const { return name.empty() ? "commander of " + (commands.empty() ? "nothing" : commands) : name; }
};

/// A battery with its owner (a division, or a corps' or army's reserve).
struct BatteryRow {
    std::int64_t id = 0;
    std::string name;
    std::string owner;
    std::string side;
    std::string status;  ///< active, wrecked, captured
    std::string ref() const { return owner + "/" + name; }
};

struct CampRow {
    std::int64_t id = 0;
    std::string name;
    std::string side;  ///< the captor
    bool liberated = false;
};

/// One thing a camp holds: stands of a brigade, a leader or a battery.
struct Holding {
    std::int64_t prisoner_id = 0;
    std::int64_t camp_id = 0;
    std::string kind;  ///< stands, leader, battery
    std::int64_t unit_id = 0;
    int stands = 0;
};

struct BattleRow {
    std::int64_t id = 0;
    std::string name;
    std::string date;
    std::string place;
    bool recovered = false;
};

struct LossRow {
    std::int64_t brigade_id = 0;
    int casualties = 0;
    int captured = 0;
    int returned = 0;
};

/// One line of an exchange: stands of a brigade, a leader or a battery.
struct ExchangeItem {
    std::string direction;  ///< offer (held by the proposer) or ask (held by the counterpart)
    std::string kind;       ///< stands, leader, battery
    std::int64_t unit_id = 0;
    int stands = 0;
};

struct ExchangeRow {
    std::int64_t id = 0;
    std::string proposer;
    std::string counterpart;
    std::string status;  ///< proposed, accepted, refused
    std::string note;
    std::vector<ExchangeItem> items;
};

/// What `muster check` found. Empty problems: the file is whole and every ledger balances.
struct CheckReport {
    std::vector<std::string> problems;
    int campaigns = 0;
    int brigades = 0;
    long long stands = 0;      ///< in service now
    long long generated = 0;   ///< ever generated or entered (with edits)
    long long lost = 0;        ///< casualties not returned, and disbanded
    long long held = 0;        ///< prisoners in camps
    int moves = 0;
    bool ok() const { return problems.empty(); }
};

/// A change refused because another muster changed the campaign since this one looked.
class StaleError : public Error {
public:
    using Error::Error;
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
    std::int64_t run_operation(std::int64_t campaign, std::string_view kind,
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
    /// Creates a campaign and its first journal entry ("created"), in one transaction.
    std::int64_t create_campaign(const CampaignRow& row);
    std::vector<CampaignRow> campaigns() const;
    std::optional<CampaignRow> find_campaign(std::string_view name) const;
    CampaignRow campaign(std::int64_t id) const;
    void set_dice_counter(std::int64_t campaign, std::uint64_t counter);
    /// Small settings of the file itself (not undoable): e.g. the current campaign.
    std::optional<std::string> meta(std::string_view key) const;
    void set_meta(std::string_view key, std::string_view value);

    // --- forces (call inside run_operation) --------------------------------------------
    std::int64_t insert_leader(std::int64_t campaign, std::string_view side, std::string_view rank,
                               const army::Leader& leader);
    std::int64_t insert_army(std::int64_t campaign, std::string_view side, std::string_view name,
                             std::optional<std::int64_t> commander);
    std::int64_t insert_corps(std::int64_t campaign, std::int64_t army, std::string_view name,
                              std::optional<std::int64_t> commander);
    std::int64_t insert_division(std::int64_t campaign, std::int64_t corps, std::string_view name, std::string_view arm);
    /// Stores a division's contents (brigades with their 'generated' moves, commanders,
    /// batteries, the reserve's share) and sets its status, year, theater and commander.
    void store_division_contents(std::int64_t campaign, std::int64_t operation, const DivisionRef& where,
                                 const army::Division& division, const ReserveTarget& reserve, std::string_view status);
    /// Adds one brigade (and its 'generated' move, and 'edited' move when stands differ from start).
    std::int64_t insert_brigade(std::int64_t campaign, std::int64_t operation, std::int64_t division,
                                std::string_view side, const army::Brigade& brigade);
    std::int64_t insert_battery(std::int64_t campaign, const ReserveTarget& reserve, std::int64_t division,
                                const army::Battery& battery);
    void set_division_status(std::int64_t division, std::string_view status);
    /// Renames an army, corps, division, brigade or leader (`table` is the kind).
    void rename(std::string_view table, std::int64_t id, std::string_view name);
    void set_hidden(std::int64_t division, bool hidden);
    /// Writes rolls of an operation in order (before their results are stored).
    void insert_rolls(std::int64_t operation, const std::vector<dice::RollRecord>& rolls, std::string_view source,
                      std::string_view status);

    /// Changes a brigade's strength by `delta` as a recorded move of `kind`.
    void change_stands(std::int64_t operation, std::int64_t brigade, std::string_view kind, int delta);
    void set_brigade_status(std::int64_t brigade, std::string_view status);
    /// Puts a leader in command of a brigade, division, corps or army.
    void set_commander(std::string_view unit_kind, std::int64_t unit, std::int64_t leader);
    void set_leader_status(std::int64_t leader, std::string_view status, std::optional<std::int64_t> fell_in,
                           std::optional<int> out_battles);
    void set_battery_status(std::int64_t battery, std::string_view status);
    void update_campaign_settings(const CampaignRow& row);

    // --- battles, camps, prisoners, exchanges (call inside run_operation) ---------------
    std::int64_t insert_battle(std::int64_t campaign, const BattleRow& battle);
    void insert_battle_division(std::int64_t battle, std::int64_t division);
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
    void release(const Holding& holding, int stands);
    std::int64_t insert_exchange(std::int64_t campaign, const ExchangeRow& exchange);
    void set_exchange_status(std::int64_t exchange, std::string_view status);

    // --- finding -------------------------------------------------------------------------
    std::optional<DivisionRef> find_division(std::int64_t campaign, std::string_view name) const;
    std::optional<std::pair<std::int64_t, std::string>> find_army(std::int64_t campaign, std::string_view name) const;
    /// (corps id, army id, side)
    std::optional<std::tuple<std::int64_t, std::int64_t, std::string>> find_corps(std::int64_t campaign,
                                                                                  std::string_view name) const;

    std::vector<BrigadeRow> brigades(std::int64_t campaign) const;
    std::vector<LeaderRow> leaders(std::int64_t campaign) const;
    std::vector<BatteryRow> batteries(std::int64_t campaign) const;
    std::vector<CampRow> camps(std::int64_t campaign) const;
    std::vector<Holding> holdings(std::int64_t campaign) const;
    std::vector<BattleRow> battles(std::int64_t campaign) const;
    std::vector<LossRow> losses(std::int64_t battle) const;
    std::vector<std::int64_t> battle_divisions(std::int64_t battle) const;
    std::vector<ExchangeRow> exchanges(std::int64_t campaign) const;

    // --- reading -----------------------------------------------------------------------
    /// The whole tree of a campaign, every division (hidden ones included).
    army::OrderOfBattle order_of_battle(std::int64_t campaign) const;
    std::vector<journal::Entry> journal_entries(std::int64_t campaign) const;
    /// integrity_check, foreign_key_check, the stand ledger of every brigade, and that each
    /// row's campaign matches its parent's.
    CheckReport check() const;
    /// A consistent copy via SQLite's online backup, written beside `dest` and renamed into
    /// place; refuses an existing `dest`.
    void backup(const std::string& dest) const;

private:
    void check_not_stale(std::int64_t campaign) const;
    struct Impl;
    std::unique_ptr<Impl> m_impl;
    std::string m_path;
    std::optional<std::int64_t> m_expected;
};

}  // namespace muster::db
