#pragma once
// db/: the only place that speaks SQL. The core of the campaign store over one SQLite file:
// the connection, operations (one transaction, one journal entry, undoable), undo, read
// snapshots, the campaigns the file holds, their dice streams and rolls. Each concern's rows
// are a module of their own over a Store (forces, leaders, battles, prisoners, season,
// history, roster).
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

/// The refusal of an undo (a redo) with nothing to take back (do again).
Error nothing_to_take(bool redo);

/// The schema version this muster writes (the number of the last migration).
int schema_version();
/// Whether a table is kept outside an operation's changes: the journal (operations, their rolls,
/// what a preview was asked for, what a roll was for), the file's settings and when each
/// player's link was last used record what happened, and must survive the undo of it.
bool kept_outside_changes(std::string_view table);

/// How many times this process has saved a change to a campaign database (a transaction of
/// operations committed, a campaign created, an undo or a redo): what fails after one did so
/// after the change was made.
std::uint64_t changes_saved();
/// The changes saved since `count` (changes_saved) were to a file since thrown away, unseen:
/// they count as none.
void forget_changes_saved_since(std::uint64_t count);

/// Whether this process holds `path` open as a campaign database, or `path` is the -wal, -shm
/// or -journal beside one it holds: such a file is never opened around SQLite (closing any
/// handle on it drops every lock the process's connections hold on it).
bool held_open(const std::string& path);

/// For the -wal, -shm or -journal beside a database, that database's path; else none.
std::optional<std::string> database_beside(const std::string& path);

/// Before any file is opened, for a process that uses each connection from one thread at a time:
/// SQLite then takes no lock on each call (it does by default, in case one is shared), and keeps
/// no count of its memory (a lock on each allocation).
void connections_one_thread_each();

/// Refuses (Error) a folder, a link or a pipe where SQLite keeps a file beside the database at
/// `path` (its -wal, -shm or -journal), made or to be made: SQLite would make another beside it,
/// then fail as if the file were read-only. Refuses too a -journal SQLite would roll into the
/// database or delete as it opens it: muster leaves none.
void require_plain_companions(const std::string& path);

enum class OpenMode {
    existing,  ///< the file must already be a muster database
    create,    ///< create the file (and its folder) when it is missing
};

/// One campaign database file: schema migrations at open, WAL, foreign keys, busy timeout.
/// Every change goes through run_operation, which makes it one transaction and one
/// journal entry that undo_last can reverse exactly. SQLite errors come out as muster::Error.
class Store {
public:
    /// Opens (or creates) the file. Refuses, leaving it untouched, a file that is not a muster
    /// database, one from a newer muster, one that cannot be written, or a corrupt one.
    Store(const std::string& path, OpenMode mode, int busy_timeout_ms = 5000);
    ~Store();
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    const std::string& path() const { return m_path; }

    // --- operations -------------------------------------------------------------------
    /// Runs `change` inside one IMMEDIATE transaction with its changes recorded (SQLite session
    /// extension) into a new journal entry of `kind`. `change` gets the entry's id and returns
    /// its summary. Any exception rolls everything back and is rethrown.
    std::int64_t run_operation(std::int64_t campaign, OperationKind kind,
                               const std::function<std::string(std::int64_t operation)>& change);
    /// Runs `work`, whose operations stay each its own journal entry, in one transaction and as
    /// one step for undo and redo: an operation that throws is rolled back alone (and its error
    /// is `work`'s to handle), but if `work` throws, none of them is kept.
    void together(std::int64_t campaign, const std::function<void()>& work);
    /// The id of the campaign's newest journal entry (0 when none).
    std::int64_t last_operation(std::int64_t campaign) const;
    /// From now on, refuse any operation (StaleError) if the campaign's newest journal entry is
    /// not `last`: what the caller shows was read at `last`. Each of this store's own
    /// operations moves the expectation on. nullopt: no check (the CLI, which reads and
    /// writes in one transaction).
    void expect_last_operation(std::optional<std::int64_t> last) { m_expected = last; }
    /// Reverses the campaign's last step that is not undone (an operation, or the operations
    /// made together() as one, such as a turn and its arrivals), exactly: one new journal entry
    /// an operation, newest first. Refused when there is nothing to undo or the campaign changed
    /// underneath it, or when the step holds an operation a player made and not `players_too`.
    std::vector<journal::Entry> undo_last(std::int64_t campaign, bool players_too);
    /// Does again, exactly (the same rolls, the same rows), the step undone last, provided no
    /// other operation was made since: one new journal entry an operation, in the order they
    /// were first made. Refused when there is nothing to redo.
    std::vector<journal::Entry> redo_last(std::int64_t campaign);
    /// What undo_last (or redo_last) would take back (do again), as the umpire reads it: each
    /// operation's id, kind, summary and audience; empty when there is nothing.
    std::vector<journal::Entry> step_plan(std::int64_t campaign, bool redo) const;
    /// The operations made from now on are `player`'s, through his link (`token_hash`, the
    /// link's; nullopt: the organiser's): each refused (NotFoundError), nothing written, once
    /// the link is revoked or replaced.
    void set_player(std::optional<std::int64_t> player, std::string token_hash = "") {
        m_player = player;
        m_player_token = std::move(token_hash);
    }
    std::optional<std::int64_t> player() const { return m_player; }
    /// Who may read an operation (inside run_operation; an operation is the umpire's until set).
    void set_audience(std::int64_t operation, const Audience& audience);
    /// What `side` reads as the operation's summary, where it differs from the umpire's (the
    /// operation counted what the side has not seen). Journal: kept through undo.
    void set_side_summary(std::int64_t operation, const std::string& side, const std::string& summary);
    /// Writes rolls of an operation in order (before their results are stored).
    void insert_rolls(std::int64_t operation, const std::vector<dice::RollRecord>& rolls, DiceMode source, RollStatus status);
    /// Runs `read` in one read transaction (unless inside an operation already): every read in
    /// it sees the same snapshot while other processes write. It must not write.
    void read(const std::function<void()>& read) const;
    /// Database pages this connection has fetched since it opened (from its cache or the file):
    /// what a caller read, counted by SQLite itself. A front end drawing from memory reads none.
    std::int64_t page_reads() const;

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
    /// A campaign's settings (return rate ... turn, date, dice), as the row gives them.
    void update_campaign_settings(const campaign::CampaignInfo& row);
    /// Where a stream of the campaign's seeded dice stands ("*", every side's: the campaign's
    /// dice_counter; else an audience, or an audience and a subject: "union|Heth", kept for its
    /// owner after k_owner_mark: "union|Heth\x1F" "division 12").
    std::uint64_t dice_counter(std::int64_t campaign, std::string_view stream) const;
    /// What parts a stream's name from its owner where a counter is kept: a control character,
    /// which no name holds.
    static constexpr std::string_view k_owner_mark = "\x1f";
    void set_dice_counter(std::int64_t campaign, std::string_view stream, std::uint64_t counter);
    /// Small settings of the file itself (not undoable): e.g. the current campaign.
    std::optional<std::string> meta(std::string_view key) const;
    void set_meta(std::string_view key, std::string_view value);

    /// The connection, for db/'s own modules (its type is private to db/: store_impl.hpp).
    struct Impl;
    Impl& impl() const { return *m_impl; }
    /// Refuses a file that would change behind a write (a trigger or a view muster never makes)
    /// or, at the first write through this store, whose schema is not the migrations' or is
    /// damaged where a write would read. Every write calls it under the write lock, once it holds
    /// it (another program may make a trigger while it waits): those outside an operation (the
    /// current campaign, a link's last use) too.
    void require_sound_trees() const;

private:
    void check_not_stale(std::int64_t campaign) const;
    std::vector<journal::Entry> take_step(std::int64_t campaign, bool redo, bool players_too);
    std::int64_t record_operation(std::int64_t campaign, OperationKind kind,
                                  const std::function<std::string(std::int64_t operation)>& change);
    std::unique_ptr<Impl> m_impl;
    std::string m_path;
    std::optional<std::int64_t> m_expected;
    bool m_together = false;  ///< inside together(): operations are savepoints
    mutable bool m_trees_sound = false;  ///< every table's and index's first pages read (require_sound_trees)
    std::optional<std::int64_t> m_step;  ///< inside together(): the first operation made, which the others are part of
    std::optional<std::int64_t> m_player;  ///< whose operations these are (set_player)
    std::string m_player_token;            ///< the hash of the link he acts by
};

}  // namespace muster::db
