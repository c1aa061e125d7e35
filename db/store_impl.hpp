#pragma once
// Private to db/: the SQLite connection behind Store, and the translation of
// SQLite's errors into messages for the organiser.
#include "army/division.hpp"
#include "core/error.hpp"
#include "core/words.hpp"
#include "db/sql.hpp"
#include "db/store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <exception>
#include <memory>
#include <optional>
#include <atomic>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace muster::db {

struct Store::Impl {
    Impl(SQLite::Database database, int busy_timeout);
    ~Impl();
    Impl(const Impl&) = delete;
    Impl& operator=(const Impl&) = delete;
    SQLite::Database db;
    int busy_timeout_ms;
    /// The file (device, inode) while this store holds it open: see Store::Store.
    std::optional<std::pair<std::uint64_t, std::uint64_t>> file;
    /// A write transaction committed through this connection (SQLite's commit hook).
    bool wrote = false;
    /// ...or through any of this process's connections to the file (see Store::Impl::~Impl).
    std::atomic<bool>* file_wrote = nullptr;

    /// A statement prepared once for the store's life and unbound for each use: an import or a
    /// long operation writes thousands of rows and looks up thousands of names, and preparing
    /// each statement again cost more than running it. A write is run to completion by exec();
    /// a lookup is reset as it ends (`Lookup`), so none holds a read open between uses.
    SQLite::Statement& cached(const char* sql) {
        auto& s = m_cached[sql];
        if (!s) s = std::make_unique<SQLite::Statement>(db, sql);
        s->tryReset();  // a step that failed last time was reported then: its error is not this use's
        s->clearBindings();
        return *s;
    }
    /// A cached statement for a lookup, reset when the lookup ends, however it ends: a step that
    /// failed (a damaged page) is being reported, and its reset, which says so again, must not
    /// throw from a destructor while that error unwinds.
    class Lookup {
    public:
        Lookup(Impl& impl, const char* sql) : q(impl.cached(sql)) {}
        ~Lookup() { q.tryReset(); }
        Lookup(const Lookup&) = delete;
        Lookup& operator=(const Lookup&) = delete;
        SQLite::Statement& q;
    };

private:
    std::unordered_map<std::string, std::unique_ptr<SQLite::Statement>> m_cached;  // destroyed before db
};

/// The muster::Error for a SQLite error on `path` (BusyError when locked; read-only, full,
/// not a database...), ready to rethrow with its type.
std::exception_ptr translate(const std::string& path, const SQLite::Exception& e);

/// Runs `f`, turning SQLite exceptions into muster errors naming the file.
template <class F>
auto guarded(const std::string& path, F&& f) -> decltype(f()) {
    try {
        return f();
    } catch (const SQLite::Exception& e) {
        std::rethrow_exception(translate(path, e));
    } catch (const Damaged& e) {
        throw Damaged::in(path, e);
    }
}

/// The first of a campaign's moves that holds more stands than any brigade does (a damaged
/// file's), named as damage; nothing where none does.
void require_moves_in_range(SQLite::Database& db, std::int64_t campaign);

/// Runs `f`, which sums a campaign's moves: where the sum is refused (out of range, or past the
/// largest whole number), a move out of any range is named, rather than the sum it spoils.
/// `campaign` is asked for only then.
template <class F, class Campaign>
auto summing_moves(SQLite::Database& db, Campaign&& campaign, F&& f) -> decltype(f()) {
    try {
        return f();
    } catch (const Damaged&) {
        require_moves_in_range(db, campaign());
        throw;
    } catch (const SQLite::Exception&) {
        require_moves_in_range(db, campaign());
        throw;
    }
}

/// A read of several statements that must see one snapshot: a transaction of its own, unless
/// it runs inside an operation's transaction already.
class ReadSnapshot {
public:
    explicit ReadSnapshot(SQLite::Database& db);
    ~ReadSnapshot();
    ReadSnapshot(const ReadSnapshot&) = delete;
    ReadSnapshot& operator=(const ReadSnapshot&) = delete;

private:
    SQLite::Database& m_db;
    bool m_own;
};

/// Commits `t`, counted among the changes this process saved (changes_saved).
void saved(SQLite::Transaction& t);

/// Before a write transaction: a file another program left in rollback mode is given a
/// write-ahead log first (outside a transaction; inside one, it was given it as that began),
/// waiting up to `lock_wait_ms` for another connection's lock. muster's writes so leave no
/// rollback journal beside a campaign, and one there is never its own
/// (require_no_foreign_journal refuses it).
void write_ahead(SQLite::Database& db, int lock_wait_ms);
/// A write transaction begun (BEGIN IMMEDIATE, waiting as the connection's busy timeout says),
/// the file given its write-ahead log first (write_ahead).
SQLite::Transaction write_transaction(SQLite::Database& db, int lock_wait_ms);

/// Refuses, without writing anything, an existing file that is not a muster campaign database
/// this muster may open (see store.cpp).
void identify(const std::string& path, int busy_timeout_ms);

/// The functions the migrations call (muster_sealed), given to a connection that runs them.
void with_migration_functions(SQLite::Database& db);
/// How the file's schema differs from what the migrations make: objects added (a trigger, a
/// view, an index), missing or changed; one line each.
std::vector<std::string> schema_problems(SQLite::Database& db);
/// Where SQLite says only "CHECK constraint failed in brigade": each constraint of `table` that
/// rows break, with the first of them ("in brigade, 1 row breaks CHECK (stands >= 0): row 4").
/// Read only.
std::vector<std::string> broken_checks(SQLite::Database& db, const std::string& table);
/// A digest of the file's schema, object by object; and that of what the migrations make.
std::uint64_t schema_digest(SQLite::Database& db);
std::uint64_t schema_made_digest();
/// A prisoner row `p` joined to its camp `c` and to the side of what it holds (brigade,
/// leader or battery, above its division where it has one): `held_side`.
inline constexpr const char* k_prisoner_sides =
    "FROM prisoner p JOIN camp c ON c.id = p.camp_id "
    "LEFT JOIN brigade b ON b.id = p.brigade_id LEFT JOIN division d ON d.id = b.division_id LEFT JOIN corps k ON k.id = d.corps_id "
    "LEFT JOIN army a ON a.id = k.army_id LEFT JOIN leader l ON l.id = p.leader_id LEFT JOIN battery t ON t.id = p.battery_id "
    "LEFT JOIN division td ON td.id = t.division_id LEFT JOIN corps tk ON tk.id = COALESCE(t.corps_id, td.corps_id) "
    "LEFT JOIN army ta ON ta.id = COALESCE(t.army_id, tk.army_id) ";
/// The side of what a prisoner row of k_prisoner_sides holds.
inline constexpr const char* k_held_side = "COALESCE(a.side, l.side, ta.side)";

/// schema_made_digest(), kept: a file whose schema digests to it is as muster makes it, found at
/// the cost of reading its schema (making the schema afresh to compare takes longer than many a
/// command). A migration added changes it; a test holds it to the migrations.
inline constexpr std::uint64_t k_schema_made_digest = 0xd8243cfd096126cd;
/// Whether the roll `r` holds its faces as muster writes them for its dice and reading
/// (dice::Throw::faces_text: "3,2" reads 32 on percentile dice, "3+5" or "8" reads 8 on 2d6): an
/// SQL expression, 1 or 0. A damaged file's would be shown, and held against a preview, as faces
/// never thrown.
inline constexpr const char* k_faces_as_written =
    "(CASE r.dice "
    "WHEN 'percentile' THEN r.faces GLOB '[0-9],[0-9]' AND r.reading = CASE r.faces WHEN '0,0' THEN 100 ELSE substr(r.faces, 1, 1) * 10 + substr(r.faces, 3, 1) END "
    "WHEN 'd6' THEN r.faces GLOB '[1-6]' AND r.reading = CAST(r.faces AS INTEGER) "
    "WHEN 'd10' THEN (r.faces GLOB '[1-9]' OR r.faces = '10') AND r.reading = CAST(r.faces AS INTEGER) "
    "WHEN '2d6' THEN (r.faces GLOB '[1-6]+[1-6]' AND r.reading = substr(r.faces, 1, 1) + substr(r.faces, 3, 1)) OR "
    "((r.faces GLOB '[2-9]' OR r.faces IN ('10', '11', '12')) AND r.reading = CAST(r.faces AS INTEGER)) "
    "ELSE 0 END)";
/// How many operations (of `campaign`, or of every campaign) are part of a step whose first is
/// not an earlier operation of their campaign that is part of none.
int steps_astray(SQLite::Database& db, std::optional<std::int64_t> campaign = std::nullopt);
/// The first journal entry (of `campaign` after entry `after`, or of the file) whose undo record
/// is not as undo and redo write it: an undo or redo names the entry it reverses (an earlier one
/// of its campaign, no undo or redo) and nothing else does; an entry undone is undone by an undo
/// of it, and an undo by a redo of what it undid. None: all are.
std::optional<std::int64_t> reversal_astray(SQLite::Database& db, std::optional<std::int64_t> campaign = std::nullopt, std::int64_t after = 0);
/// A row of another table (`child`) naming a row of `table` that is not there, by its `id`.
struct LostRow {
    std::string child;
    std::int64_t id = 0;
};
/// The first row of the file that names a row of `table` that is not there; given `id`, one that
/// names that row, there or not (one just added).
std::optional<LostRow> claimed_lost(SQLite::Database& db, const std::string& table, std::optional<std::int64_t> id = std::nullopt);
/// Inside a write, a row of `table` just added as `id`: refused (Damaged) where rows of the file
/// name that id already (left when a row once there was deleted by hand), which it would take
/// as its own. For the rows that own much (a campaign, a camp), each added seldom.
void require_unclaimed(SQLite::Database& db, const std::string& table, std::int64_t id);
/// Inside a write: the journal entry just added is the newest by number, as undo reads them. One
/// numbered at SQLite's largest id makes it number new ones at random, below it: damage.
void require_newest_entry(SQLite::Database& db, std::int64_t entry);

/// One line of an operation's record of the rows it added (schema 9): a table's rowids from
/// `first` to `last`, how many, and the digest of their values as the operation left them.
struct InsertedRows {
    std::string table;
    std::int64_t first = 0, last = 0, count = 0;
    std::uint64_t digest = 0;
};
/// The record read, or none if it is damaged (a line that does not read, an unknown table).
std::optional<std::vector<InsertedRows>> read_inserted(SQLite::Database& db, const std::string& record);
/// Whose a record of changes is: its journal entry, the entry's campaign and its kind as spelled
/// (an undo's record: "undo").
struct RecordOwner {
    std::int64_t operation = 0;
    std::int64_t campaign = 0;
    std::string_view kind;
};
/// Whether an operation's record of its changes (a session changeset, sealed with its digest)
/// reads whole, as written for its owner.
bool changeset_reads(const std::string& stored, const RecordOwner& owner);
/// A table an operation's record (one that reads: changeset_reads) changed whose columns are not
/// those it had then (fewer, or its key elsewhere: a table rebuilt), which undo would refuse.
std::optional<std::string> record_unfit_table(SQLite::Database& db, const std::string& stored, const RecordOwner& owner);
/// A changeset as stored for its owner: sealed with its digest and the owner's, also where it
/// is empty (an entry that changed nothing says so: a record lost is told from one).
std::string sealed(const std::string& changes, const RecordOwner& owner);
/// The changeset of a record as stored, or none where its digest says it is not as written for
/// that owner.
std::optional<std::string_view> unsealed(std::string_view stored, const RecordOwner& owner);
/// SQL: whether an entry of table `alias` changed anything undo would reverse (rows it added, or
/// a record longer than an empty one's seal). Empty records (and those of entries that changed
/// nothing before their kind was sealed: 0 bytes) are passed over; one lost (NULL) is damage.
std::string changed_anything(std::string_view alias);
/// Whether a journal entry of this kind (as spelled) has lost the record of its changes that it
/// keeps: every entry keeps one but a redo, a campaign's creation (its first entry: a second is
/// one made so by hand) and an import, which keeps the rows it added instead.
bool record_lost(std::string_view kind, bool no_changeset, bool no_inserted, bool campaign_first);
/// Whether `changes` has the shape of a changeset as SQLite's sessions write it (tables, each
/// with its columns, key flags, name and changes; every value whole), read by muster to its end
/// before SQLite is given it: SQLite 3.40's reader spins for ever on some cut short.
bool changeset_well_formed(std::string_view changes);

/// The current time, UTC, ISO 8601 to the second.
std::string now_utc();

/// A 64-bit unsigned value stored in SQLite's signed INTEGER by its bit pattern.
std::int64_t to_sql(std::uint64_t v);
std::uint64_t from_sql(std::int64_t v);

/// A reference to a row that is not there: damage, said so.
Damaged missing_parent(const std::string& child, const std::string& what, std::int64_t id);
/// A placeholder division (not yet arrived) that holds brigades: read with none, their stands
/// would be gone from every total, and its arrival would make them twice.
Damaged placeholder_holding(std::int64_t division, size_t brigades);

/// A row's parent as read, by id: a reference to a row that is not there is damage, said so.
template <class Map>
auto parent(const Map& map, std::int64_t id, const char* child, const char* what) {
    const auto it = map.find(id);
    if (it == map.end()) throw missing_parent(child, what, id);
    return it->second;
}

/// How many rows of `table` the campaign has: what to reserve before reading them all (a vector
/// grown row by row moved 130,000 leaders a dozen times, and faulted in every new block).
size_t rows_of(SQLite::Database& db, const char* table, std::int64_t campaign);

/// Reads one row of `table`, damage found in it said of that row: "brigade row 12: column stands
/// holds -3, ...". By its id only, not its name: a player's refused form may show the damage,
/// and the row may be a unit hidden from him. Its id (column `id`) is an INTEGER PRIMARY KEY,
/// which SQLite keeps a whole number whatever a file holds.
template <class Read>
decltype(auto) read_row(const char* table, const Row& row, const char* id, Read&& read) {
    try {
        return read();
    } catch (const Damaged& damage) {
        throw Damaged::of(std::string(table) + " row " + std::to_string(row.id(id)), damage);
    }
}

// Each row type is mapped once, by name: its columns (a SELECT's list, the table's alias
// given) and the function that reads them (rows.cpp).
/// A brigade's own columns (alias b).
extern const char* const k_brigade_columns;
/// A brigade as its row holds it: its commander and alternate by id only, where it sits by
/// division id only.
army::BrigadeRecord read_brigade(const Row& row);
/// A battery's own columns (alias t).
extern const char* const k_battery_columns;
army::Battery read_battery(const Row& row);
/// The division a fall of `fallen` (a battle_fallen row's alias) was fought with: as stored, or,
/// for an alternate commander's fall stored before muster gave it one, his brigade's.
std::string fallen_division(const std::string& fallen);
/// How a fall the enemy saw is read: as it reads the battle now (the division he fell with not
/// hidden again since: `and_since`), or as it saw it then, whatever the fog now (`then`).
enum class Sight { and_since, then };
/// Whether the enemy saw leader `alias` (a leader row's alias) fall: true for one in play.
std::string fall_seen(const std::string& alias, Sight sight = Sight::and_since);
/// Whether the enemy saw the fall `fall` (a battle_fallen row's alias) of a leader of side `side`
/// (an SQL expression) in its battle.
std::string fall_row_seen(const std::string& fall, const std::string& side, Sight sight = Sight::and_since);
/// A campaign's leaders, in id order; given `ids` (a JSON array), only those.
std::vector<army::Leader> read_leaders(SQLite::Database& db, std::int64_t campaign, const std::string* ids = nullptr);
/// Damaged: leader `id`, whom a row of the campaign names, is not in the leader table. A
/// reference the schema's keys should have kept, or the leader table's pages damaged where a
/// lookup passes: SQLite may find no row there rather than fail.
[[noreturn]] void missing_leader(std::int64_t id);
/// missing_leader, where a leader `named` is not among those `read` (by id, as read_leaders gives them).
void require_leaders_found(const std::vector<army::Leader>& read, const std::vector<std::int64_t>& named);
/// A leader's columns in a SELECT, from the table aliased `alias` and named after it ("c_name"),
/// so that a unit's row can carry its commander; with `company`, his attachment as both
/// leaders print it (read_leaders gives the campaign's all at once).
class LeaderColumns {
public:
    LeaderColumns(const std::string& alias, bool company);
    /// "c.id AS c_id, c.name AS c_name, ...".
    const std::string& select() const { return m_select; }
    /// The leader of a row; none (an empty leader) where the id is NULL.
    army::Leader read(const Row& row) const;
    /// The leader of a row joined on `named`, the id its unit names (0: none): one it names that
    /// the join did not find is damage (the schema's keys allow no such row), not a vacancy.
    army::Leader read(const Row& row, std::int64_t named) const;

private:
    std::vector<std::string> m_names;
    std::string m_select;
    bool m_company;
};

/// The unit each leader commands, offered unit by unit in this order of precedence: a brigade
/// (named with its division), a brigade as its alternate, a division, a corps, an army; of two
/// units of one rank (the schema does not forbid it), the one offered first, which is the
/// first by id.
struct CommandOffer {
    static constexpr int k_brigade = 0, k_alternate = 1;
    static constexpr int rank_of(UnitKind kind) { return kind == UnitKind::division ? 2 : kind == UnitKind::corps ? 3 : 4; }
    std::string text;  ///< the unit named: "Heth/1st Brigade", "Heth/1st Brigade (alternate)", "Heth"
    int text_rank = 99;
    std::optional<UnitKind> kind;  ///< the unit he commands (an alternate commands none)
    std::int64_t unit_id = 0;
    int unit_rank = 99;
    void offer(int rank, std::string_view name, std::optional<UnitKind> unit, std::int64_t id);
};
using CommandOffers = std::unordered_map<std::int64_t, CommandOffer>;  // by the leader's id
/// Gives each leader the unit the offers say he commands.
void give_commands(std::vector<army::Leader>& leaders, CommandOffers offers);

}  // namespace muster::db
