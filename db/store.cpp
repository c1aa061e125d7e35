// Opening, migrating, operations, undo and redo. The session extension records each operation's
// changes to the campaign tables as a changeset; undo applies its inverse. An operation that
// only adds rows (an import) records which rows it added instead; undo deletes them. An undo
// records its own changes too, and redo applies their inverse.
#define SQLITE_ENABLE_SESSION 1
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#include <sqlite3.h>

#include "store_impl.hpp"

#include "core/clock.hpp"
#include "core/names.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <sstream>
#include <cstdint>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <optional>
#include <map>
#include <set>
#include <mutex>
#include <thread>
#include <sys/stat.h>
#include <unistd.h>

namespace muster::embedded {
const std::vector<std::pair<std::string_view, std::string_view>>& migrations();
}

namespace muster::db {
namespace {

namespace fs = std::filesystem;

constexpr int k_application_id = 1836413812;

int session_table_filter(void*, const char* table) { return kept_outside_changes(table) ? 0 : 1; }

struct Session {
    explicit Session(sqlite3* db) {
        if (sqlite3session_create(db, "main", &s) != SQLITE_OK) throw Error("cannot start recording the operation");
        sqlite3session_table_filter(s, session_table_filter, nullptr);
        if (sqlite3session_attach(s, nullptr) != SQLITE_OK) throw Error("cannot start recording the operation");
    }
    ~Session() { sqlite3session_delete(s); }
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;
    std::string changeset() {
        int size = 0;
        void* data = nullptr;
        if (sqlite3session_changeset(s, &size, &data) != SQLITE_OK) throw Error("cannot record the operation's changes");
        std::string out(static_cast<const char*>(data), static_cast<size_t>(size));
        sqlite3_free(data);
        return out;
    }
    sqlite3_session* s = nullptr;
};

// Undo is exact or nothing: any row that is not as the operation left it aborts the undo.
int abort_on_conflict(void*, int, sqlite3_changeset_iter*) { return SQLITE_CHANGESET_ABORT; }

// The tables an operation's changes are recorded for: every table but the journal's and meta.
std::vector<std::string> recorded_tables(SQLite::Database& db) {
    SQLite::Statement q(db, "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name");
    std::vector<std::string> out;
    for (const Row row(q); q.executeStep();)
        if (const auto name = row.text("name"); session_table_filter(nullptr, name.c_str())) out.push_back(name);
    return out;
}

std::string sql_name(const std::string& table) {
    std::string out = "\"";
    for (const char c : table) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

// A 64-bit FNV-1a digest, fed a piece at a time.
struct Fnv1a {
    std::uint64_t h = 1469598103934665603ull;
    void operator()(const void* data, size_t n) {
        for (size_t i = 0; i < n; ++i) {
            h ^= static_cast<const unsigned char*>(data)[i];
            h *= 1099511628211ull;
        }
    }
};

// How many rows of `table` have rowids from `first` to `last`, and 64-bit FNV-1a digests of
// every value of theirs (each with its type), in rowid order: the first of every column, then
// of all but the last one, two... where those left out are NULL in every row, as the rows
// were digested by a muster whose schema had not yet added those columns (up to `older`).
struct RowsDigest {
    std::int64_t count = 0;
    std::vector<std::uint64_t> digests;  // [k]: of all columns but the last k
};
RowsDigest digest_rows(SQLite::Database& db, const std::string& table, std::int64_t first, std::int64_t last, int older = 0) {
    SQLite::Statement q(db, "SELECT rowid AS muster_rowid, * FROM " + sql_name(table) + " WHERE rowid BETWEEN ? AND ? ORDER BY rowid");
    bind_all(q, first, last);
    const int columns = q.getColumnCount();
    std::vector<Fnv1a> mix(static_cast<size_t>(std::clamp(older, 0, columns - 2) + 1));
    RowsDigest out;
    int last_value = -1;  // the last column holding a value in any row
    while (q.executeStep()) {
        ++out.count;
        for (int i = 0; i < columns; ++i) {
            const auto c = q.getColumn(i);
            const int type = c.getType();
            if (type != SQLITE_NULL) last_value = std::max(last_value, i);
            const auto each = [&](const void* data, size_t n) {
                for (size_t k = 0; k < mix.size() && i < columns - static_cast<int>(k); ++k) mix[k](data, n);
            };
            each(&type, sizeof type);
            if (type == SQLITE_INTEGER) {
                const std::int64_t v = c.getInt64();
                each(&v, sizeof v);
            } else if (type == SQLITE_FLOAT) {
                const double v = c.getDouble();
                each(&v, sizeof v);
            } else if (type != SQLITE_NULL) {
                const int n = c.getBytes();
                each(&n, sizeof n);
                each(c.getBlob(), static_cast<size_t>(n));
            }
        }
    }
    for (size_t k = 0; k < mix.size() && last_value < columns - static_cast<int>(k); ++k) out.digests.push_back(mix[k].h);
    return out;
}

// While an operation that may only add rows runs: every table's largest rowid before it, and
// the first change it makes to a row that was there before (which it must not make).
class InsertOnly {
public:
    explicit InsertOnly(SQLite::Database& db) : m_db(db) {
        for (auto& table : recorded_tables(db)) {
            const auto before = db.execAndGet("SELECT COALESCE(MAX(rowid), 0) FROM " + sql_name(table)).getInt64();
            m_tables.push_back({std::move(table), before});
        }
        sqlite3_preupdate_hook(db.getHandle(), hook, this);
    }
    ~InsertOnly() { sqlite3_preupdate_hook(m_db.getHandle(), nullptr, nullptr); }
    InsertOnly(const InsertOnly&) = delete;
    InsertOnly& operator=(const InsertOnly&) = delete;

    /// "TABLE FIRST LAST COUNT DIGEST" for each table the operation added rows to; refuses an
    /// operation that changed a row it did not add.
    std::string record() {
        if (!m_broken.empty()) throw Error("muster cannot record this import for undo: it " + m_broken + "; nothing was changed");
        std::string out;
        for (const auto& [table, before] : m_tables) {
            const auto last = m_db.execAndGet("SELECT COALESCE(MAX(rowid), 0) FROM " + sql_name(table)).getInt64();
            if (last <= before) continue;
            const auto rows = digest_rows(m_db, table, before + 1, last);
            out += table + " " + std::to_string(before + 1) + " " + std::to_string(last) + " " + std::to_string(rows.count) + " " +
                   std::to_string(rows.digests.front()) + "\n";
        }
        return out;
    }

private:
    static void hook(void* self, sqlite3*, int op, const char* db, const char* table, sqlite3_int64 old_key, sqlite3_int64 new_key) {
        auto& me = *static_cast<InsertOnly*>(self);
        if (!me.m_broken.empty() || std::string_view(db) != "main" || !session_table_filter(nullptr, table)) return;
        std::int64_t before = 0;
        bool known = false;
        for (const auto& t : me.m_tables)
            if (t.first == table) {
                before = t.second;
                known = true;
            }
        const bool touches_old = op == SQLITE_INSERT ? new_key <= before : old_key <= before || (op == SQLITE_UPDATE && new_key <= before);
        if (!known) me.m_broken = std::string("changed table ") + table + ", which was not there when it began";
        else if (touches_old) me.m_broken = std::string(op == SQLITE_DELETE ? "deleted" : "changed") + " a row of " + table + " it did not add";
    }
    SQLite::Database& m_db;
    std::vector<std::pair<std::string, std::int64_t>> m_tables;
    std::string m_broken;
};

}  // namespace

bool changeset_well_formed(std::string_view c) {
    size_t i = 0;
    // SQLite's varint: seven bits a byte while the top bit is set, the ninth byte whole.
    const auto varint = [&](std::uint64_t& v) {
        v = 0;
        for (int n = 0; n < 9 && i < c.size(); ++n) {
            const auto b = static_cast<unsigned char>(c[i++]);
            if (n == 8) {
                v = (v << 8) | b;
                return true;
            }
            v = (v << 7) | (b & 0x7F);
            if (!(b & 0x80)) return true;
        }
        return false;
    };
    // One value: 0 undefined (an update's column it did not change), 1 integer, 2 real,
    // 3 text, 4 blob, 5 NULL.
    const auto value = [&](bool may_be_undefined) {
        if (i >= c.size()) return false;
        switch (c[i++]) {
            case 0: return may_be_undefined;
            case 1:
            case 2:
                if (c.size() - i < 8) return false;
                i += 8;
                return true;
            case 3:
            case 4: {
                std::uint64_t n = 0;
                if (!varint(n) || n > c.size() - i) return false;
                i += n;
                return true;
            }
            case 5: return true;
            default: return false;
        }
    };
    if (c.empty()) return false;
    while (i < c.size()) {
        // A table: 'T', its columns, a primary-key flag a column, its name; then its changes.
        if (c[i++] != 'T') return false;
        std::uint64_t columns = 0;
        if (!varint(columns) || columns == 0 || columns > c.size() - i) return false;
        i += columns;
        const auto end = c.find('\0', i);
        if (end == std::string_view::npos || end == i) return false;
        i = end + 1;
        bool changed = false;
        while (i < c.size() && c[i] != 'T') {
            const int op = c[i++];
            if (i >= c.size() || static_cast<unsigned char>(c[i++]) > 1) return false;  // the indirect flag
            const int records = op == SQLITE_UPDATE ? 2 : op == SQLITE_INSERT || op == SQLITE_DELETE ? 1 : 0;
            if (records == 0) return false;
            for (int r = 0; r < records; ++r)
                for (std::uint64_t k = 0; k < columns; ++k)
                    if (!value(op == SQLITE_UPDATE)) return false;
            changed = true;
        }
        if (!changed) return false;
    }
    return true;
}

namespace {

// A record of changes as stored: "K", a 64-bit FNV-1a digest (little-endian) of its journal
// entry's id, its campaign's, its kind and the changeset, then the changeset (none: an entry that
// changed nothing). A record cut between two of its changes, a value in it changed, a record
// moved to another entry or campaign, or its entry made another kind, is told by the digest (a
// changeset keeps no length nor sum of its own, nor whose it is). Older records, which
// migration 42 reads to seal them again, were: "N", sealed with the entry's and campaign's ids;
// "M", with the changeset alone; and one stored before any digest begins 'T', a table's.
constexpr char k_sealed_kind = 'K', k_sealed = 'N', k_sealed_alone = 'M';
constexpr size_t k_seal_size = 9;

std::uint64_t digest_of(std::string_view changes, char format, const RecordOwner& owner) {
    Fnv1a digest;
    if (format != k_sealed_alone)
        for (const std::int64_t id : {owner.operation, owner.campaign}) digest(&id, sizeof id);
    if (format == k_sealed_kind) {
        digest(owner.kind.data(), owner.kind.size());
        digest("", 1);  // the kind's end
    }
    digest(changes.data(), changes.size());
    return digest.h;
}

// The changeset of a record as any muster stored it: sealed with its kind, with its ids only
// ("N"), with its changes only ("M"), or bare (beginning 'T'); none where a seal does not hold.
std::optional<std::string_view> unsealed_as_written(std::string_view stored, const RecordOwner& owner) {
    if (stored.empty() || (stored[0] != k_sealed_kind && stored[0] != k_sealed && stored[0] != k_sealed_alone)) return stored;
    if (stored.size() < k_seal_size) return std::nullopt;
    std::uint64_t digest = 0;
    for (int i = 0; i < 8; ++i) digest |= static_cast<std::uint64_t>(static_cast<unsigned char>(stored[1 + static_cast<size_t>(i)])) << (8 * i);
    const auto changes = stored.substr(k_seal_size);
    if (digest_of(changes, stored[0], owner) != digest) return std::nullopt;
    return changes;
}

}  // namespace

std::string sealed(const std::string& changes, const RecordOwner& owner) {
    std::string out(1, k_sealed_kind);
    const auto digest = digest_of(changes, k_sealed_kind, owner);
    for (int i = 0; i < 8; ++i) out += static_cast<char>((digest >> (8 * i)) & 0xFF);
    return out + changes;
}

std::optional<std::string_view> unsealed(std::string_view stored, const RecordOwner& owner) {
    // Since migration 42 sealed every record with its kind, one sealed otherwise, or bare, is
    // not as muster wrote it (a seal stripped, or another entry's record put in its place).
    if (stored.empty() || stored[0] != k_sealed_kind) return std::nullopt;
    return unsealed_as_written(stored, owner);
}

std::string changed_anything(std::string_view alias) {
    const std::string a = alias.empty() ? "" : std::string(alias) + ".";
    return "(" + a + "inserted IS NOT NULL OR COALESCE(length(CAST(" + a + "changeset AS BLOB)), 0) > " + std::to_string(k_seal_size) + ")";
}

bool record_lost(std::string_view kind, bool no_changeset, bool no_inserted, bool campaign_first) {
    const auto k = find_word<OperationKind>(kind);
    if (k == OperationKind::redo) return false;
    if (k == OperationKind::create) return !campaign_first;
    if (k == OperationKind::import) return no_changeset && no_inserted;
    return no_changeset;
}

bool changeset_reads(const std::string& stored, const RecordOwner& owner) {
    const auto unsealed_changes = unsealed(stored, owner);
    if (unsealed_changes && unsealed_changes->empty()) return true;  // sealed, of an entry that changed nothing
    if (!unsealed_changes || !changeset_well_formed(*unsealed_changes)) return false;
    const std::string changes(*unsealed_changes);
    sqlite3_changeset_iter* it = nullptr;
    if (sqlite3changeset_start(&it, static_cast<int>(changes.size()), const_cast<char*>(changes.data())) != SQLITE_OK) return false;
    int rc = SQLITE_ROW;
    while ((rc = sqlite3changeset_next(it)) == SQLITE_ROW) {
    }
    return sqlite3changeset_finalize(it) == SQLITE_OK && rc == SQLITE_DONE;
}

// A table an operation's record changed whose columns are not those it had then (fewer, or its
// key elsewhere: a file's table rebuilt); SQLite would pass over such a table's changes without a
// word. A table that has gained columns since takes them.
std::optional<std::string> record_unfit_table(SQLite::Database& db, const std::string& stored, const RecordOwner& owner) {
    std::string changes(*unsealed(stored, owner));
    sqlite3_changeset_iter* it = nullptr;
    if (sqlite3changeset_start(&it, static_cast<int>(changes.size()), changes.data()) != SQLITE_OK) return std::string("its record");
    std::set<std::string> checked;
    std::optional<std::string> unfit;
    while (!unfit && sqlite3changeset_next(it) == SQLITE_ROW) {
        const char* table = nullptr;
        int columns = 0, op = 0, indirect = 0;
        unsigned char* keys = nullptr;
        if (sqlite3changeset_op(it, &table, &columns, &op, &indirect) != SQLITE_OK || sqlite3changeset_pk(it, &keys, nullptr) != SQLITE_OK) break;
        if (!checked.insert(table).second) continue;
        SQLite::Statement info(db, "SELECT pk FROM pragma_table_info(?) ORDER BY cid");
        bind_all(info, std::string(table));
        int at = 0;
        bool fits = true;
        for (const Row row(info); info.executeStep(); ++at)
            if (at < columns && row.integer("pk") != keys[at]) fits = false;  // a key column at its place in the key, as the session recorded it
        if (at > 0 && (!fits || at < columns)) unfit = std::string(table);  // none at all: the filter says it is missing
    }
    sqlite3changeset_finalize(it);
    return unfit;
}

std::optional<std::vector<InsertedRows>> read_inserted(SQLite::Database& db, const std::string& record) {
    const auto tables = recorded_tables(db);
    std::vector<InsertedRows> out;
    std::istringstream in(record);
    for (std::string line; std::getline(in, line);) {
        std::istringstream fields(line);
        InsertedRows r;
        std::string rest;
        if (!(fields >> r.table >> r.first >> r.last >> r.count >> r.digest) || (fields >> rest) || r.first > r.last ||
            std::find(tables.begin(), tables.end(), r.table) == tables.end())
            return std::nullopt;
        out.push_back(std::move(r));
    }
    if (out.empty()) return std::nullopt;
    return out;
}

namespace {

// The most columns a table of muster's has gained since muster first recorded rows added.
constexpr int k_columns_added_since = 8;

// Undoes an operation that only added rows: each table's rows of the record, if they are still
// all there exactly as it left them. False if they are not (nothing is deleted then).
Damaged unreadable_inserts(std::int64_t operation) {
    return Damaged("journal entry #" + std::to_string(operation) + "'s record of the rows it added cannot be read; run muster check, or restore a backup");
}

bool undo_inserts(SQLite::Database& db, std::int64_t operation, const std::string& record) {
    const auto ranges = read_inserted(db, record);
    if (!ranges) throw unreadable_inserts(operation);
    // Digested by an earlier muster, the rows had none of the columns added since (NULL where
    // they were added to rows already there): a few trailing NULL columns are left out in turn.
    for (const auto& r : *ranges) {
        const auto now = digest_rows(db, r.table, r.first, r.last, k_columns_added_since);
        if (now.count != r.count || std::find(now.digests.begin(), now.digests.end(), r.digest) == now.digests.end()) return false;
    }
    // Rows refer to each other across tables: the references are checked once all are gone.
    db.exec("PRAGMA defer_foreign_keys = ON");
    for (const auto& r : *ranges) {
        SQLite::Statement q(db, "DELETE FROM " + sql_name(r.table) + " WHERE rowid BETWEEN ? AND ?");
        bind_all(q, r.first, r.last);
        q.exec();
    }
    return true;
}

int migration_number(std::string_view file) {
    int n = 0;
    for (size_t i = 0; i < 4 && i < file.size(); ++i) n = n * 10 + (file[i] - '0');
    return n;
}

// muster_sealed(changeset, operation, campaign, kind), for migration 42: an entry's record as this
// muster seals it, its kind sealed in; NULL, an entry that changed nothing: an empty record. A
// record that does not read as written for its entry is left as it is, for check to name.
void sealed_in_sql(sqlite3_context* context, int, sqlite3_value** args) {
    const auto* kind = reinterpret_cast<const char*>(sqlite3_value_text(args[3]));
    const RecordOwner owner{sqlite3_value_int64(args[1]), sqlite3_value_int64(args[2]), kind ? kind : ""};
    std::string stored;
    if (sqlite3_value_type(args[0]) != SQLITE_NULL) {
        const auto* bytes = static_cast<const char*>(sqlite3_value_blob(args[0]));
        stored.assign(bytes ? bytes : "", static_cast<size_t>(sqlite3_value_bytes(args[0])));
    }
    const auto changes = stored.empty() ? std::optional<std::string_view>("") : unsealed_as_written(stored, owner);
    const std::string out = changes && (changes->empty() || changeset_well_formed(*changes)) ? sealed(std::string(*changes), owner) : stored;
    sqlite3_result_blob64(context, out.data(), out.size(), SQLITE_TRANSIENT);
}

}  // namespace

void with_migration_functions(SQLite::Database& db) {
    if (sqlite3_create_function_v2(db.getHandle(), "muster_sealed", 4, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nullptr, sealed_in_sql, nullptr, nullptr, nullptr) !=
        SQLITE_OK)
        throw Error("cannot give the migrations their functions");
}

namespace {

// Every step from the file's version on, in one transaction: a step that fails (a file whose
// version says less than its tables hold) leaves the file as it was, not half brought up.
void migrate(SQLite::Database& db, int lock_wait_ms) {
    with_migration_functions(db);
    SQLite::Transaction t = write_transaction(db, lock_wait_ms);
    // Read under the write lock: another process may have migrated meanwhile.
    const int from = db.execAndGet("PRAGMA user_version").getInt();
    int to = from;
    for (const auto& [file, sql] : embedded::migrations()) {
        const int version = migration_number(file);
        if (version <= from) continue;
        try {
            db.exec(std::string(sql));
        } catch (const SQLite::Exception& e) {
            // Rows the older schema let by that this one refuses (two camps of one side named
            // alike, put there by hand): named, as the constraint SQLite says they break.
            if ((e.getErrorCode() & 0xff) == SQLITE_CONSTRAINT)
                throw Damaged("its rows cannot be brought up to schema " + std::to_string(version) + ", which refuses them (" + e.what() +
                              "); muster's own never wrote such rows; nothing was changed: mend them with the muster that wrote the file "
                              "(its check names them), or restore a backup");
            if ((e.getErrorCode() & 0xff) != SQLITE_ERROR) throw;  // busy, full, I/O: said as such
            throw Damaged("its schema says version " + std::to_string(from) + ", but bringing it up to " + std::to_string(version) + " failed (" +
                          e.what() + "): its tables are not those of version " + std::to_string(from) +
                          "; nothing was changed: restore a backup");
        }
        to = version;
    }
    if (to == from) return;
    db.exec("PRAGMA user_version = " + std::to_string(to));
    t.commit();
}

// What an SQLite file's own header (its first 100 bytes) says of it.
struct Header {
    int application_id = 0;  // bytes 68-71
    int user_version = 0;    // bytes 60-63
    std::uint32_t page_size = 0;  // bytes 16-17 (1 means 65536)
    std::optional<std::uint32_t> pages;  // bytes 28-31, when bytes 92-95 say they are current
    int write_version = 0, read_version = 0;  // bytes 18 and 19: 1 (legacy) or 2 (WAL)
    int payload[3] = {};  // bytes 21-23: the payload fractions, 64, 32 and 32 in every SQLite file
};

// The header, or none for a file too short or not SQLite.
std::optional<Header> header_of(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    char h[100] = {};
    if (!in.read(h, sizeof h) || std::string_view(h, 16) != std::string_view("SQLite format 3\0", 16)) return std::nullopt;
    const auto be = [&](int at, int bytes) {
        std::uint32_t v = 0;
        for (int i = 0; i < bytes; ++i) v = (v << 8) | static_cast<unsigned char>(h[at + i]);
        return v;
    };
    Header out;
    out.application_id = static_cast<int>(be(68, 4));
    out.user_version = static_cast<int>(be(60, 4));
    out.page_size = be(16, 2) == 1 ? 65536 : be(16, 2);
    if (be(24, 4) == be(92, 4) && be(28, 4) > 0) out.pages = be(28, 4);
    out.write_version = static_cast<int>(be(18, 1));
    out.read_version = static_cast<int>(be(19, 1));
    for (int i = 0; i < 3; ++i) out.payload[i] = static_cast<int>(be(21 + i, 1));
    return out;
}

// A file whose size disagrees with its header was cut short (a copy interrupted, a disk that
// filled): SQLite would read its missing bytes as zeros and answer from them without a word.
void require_whole(const std::string& path) {
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    if (ec || size == 0) return;
    const auto h = header_of(path);
    if (!h) return;  // not SQLite: refused below as another program's file
    const auto damaged = [&](const std::string& why) {
        return Error(path + ": the campaign database is damaged (" + why + "); it was not opened and not changed: restore a backup");
    };
    if (h->page_size < 512 || (h->page_size & (h->page_size - 1)) != 0)
        throw damaged("its header gives a page size of " + std::to_string(h->page_size));
    // Another file format version reads as a file SQLite may not write (every write would be
    // refused as though the file were read-only) or not read at all.
    for (const auto& [what, v] : {std::pair{"write", h->write_version}, std::pair{"read", h->read_version}})
        if (v != 1 && v != 2) throw damaged("its header gives file format " + std::string(what) + " version " + std::to_string(v) + ", not 1 or 2");
    if (h->payload[0] != 64 || h->payload[1] != 32 || h->payload[2] != 32)
        throw damaged("its header gives payload fractions " + std::to_string(h->payload[0]) + ", " + std::to_string(h->payload[1]) + " and " +
                      std::to_string(h->payload[2]) + ", not 64, 32 and 32");
    if (size % h->page_size != 0)
        throw damaged("the file is " + std::to_string(size) + " bytes, not a whole number of its " + std::to_string(h->page_size) +
                      "-byte pages: it was cut short, or something was added to its end");
    // A crash mid-checkpoint leaves the file shorter than its header says, the pages still in
    // the write-ahead log beside it, which SQLite replays: the size is held to the header only
    // with no log there.
    std::error_code no_log;
    const bool log = fs::file_size(path + "-wal", no_log) > 0 && !no_log;
    if (h->pages && !log && size < static_cast<std::uintmax_t>(*h->pages) * h->page_size)
        throw damaged("the file is " + std::to_string(size) + " bytes but its header says " +
                      std::to_string(static_cast<std::uintmax_t>(*h->pages) * h->page_size) + ": it was cut short");
}

// SQLite takes a -journal beside a database as a live (hot) one where it holds a first byte that
// is not zero, and any at all beside a database of no pages (or none): as the database is
// opened, by any connection and in either journal mode, it rolls a live one into the file,
// whatever file it was written for, and deletes one it cannot read as a journal; beside a file
// in rollback mode, the next write takes up even a spent one (its first byte zero). muster
// writes with a write-ahead log (write_ahead) and leaves none, so one there is another
// program's, another file's, or no journal: refused, changing nothing. A spent one beside a
// file in WAL mode, which SQLite never reads, is left alone.
void require_no_foreign_journal(const std::string& path) {
    std::ifstream in(path + "-journal", std::ios::binary);
    if (!in) return;
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    unsigned char head[8] = {};
    in.read(reinterpret_cast<char*>(head), sizeof head);
    const auto h = header_of(path);
    if (head[0] == 0 && !ec && size > 0 && h && h->write_version == 2) return;
    static constexpr unsigned char k_journal_magic[8] = {0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7};
    if (in.gcount() == sizeof head && std::equal(std::begin(head), std::end(head), std::begin(k_journal_magic)))
        throw Error(path + "-journal: a rollback journal lies beside the campaign, which muster leaves none of: opening the campaign would roll it "
                           "into the file, whatever file it was written for. Nothing was opened or changed: move it away, or, if another program "
                           "writing this very file left it, open the file once with that program to finish");
    throw Error(path + "-journal: a file lies beside the campaign where SQLite keeps a rollback journal, and muster leaves none there: opening or "
                       "writing the campaign would delete it or write over it. Nothing was opened or changed: move it away");
}

// What a path that is not a regular file is, for a refusal.
std::string kind_of(fs::file_type type) {
    switch (type) {
        case fs::file_type::directory: return "a folder";
        case fs::file_type::fifo: return "a pipe or FIFO";
        case fs::file_type::socket: return "a socket";
        case fs::file_type::block:
        case fs::file_type::character: return "a device";
        default: return "not a regular file";
    }
}

// "file:" URI of a path: the characters a URI gives meaning to, percent-encoded.
std::string file_uri(const std::string& path) {
    std::string out = "file:";
    for (char c : path) {
        if (c == '%' || c == '?' || c == '#') {
            static const char* digits = "0123456789ABCDEF";
            out += '%';
            out += digits[(static_cast<unsigned char>(c) >> 4) & 0xF];
            out += digits[static_cast<unsigned char>(c) & 0xF];
        } else {
            out += c;
        }
    }
    return out;
}

}  // namespace

void require_plain_companions(const std::string& path) {
    for (const char* beside : {"-wal", "-shm", "-journal"}) {
        std::error_code ec;
        const auto type = fs::symlink_status(path + beside, ec).type();
        if (!ec && type != fs::file_type::not_found && type != fs::file_type::regular)
            throw Error(path + beside + " beside the campaign is " + kind_of(type) + ", where SQLite keeps a file of its own: move it away; nothing was opened or changed");
    }
    require_no_foreign_journal(path);
}

// Identifies an existing file on a read-only connection before anything may write it: one
// of another program, of a newer muster, or with muster's mark but not muster's tables is
// refused with its -wal and -shm as they were (a read-only connection never checkpoints; with
// no -wal beside it, the file is opened immutable and nothing beside it is made).
// With a -wal beside it, it waits for no lock: a file another holds locked (in exclusive
// locking mode, say) is read from its header, and the writable open waits --lock-wait once, not twice.
void identify(const std::string& path, int busy_timeout_ms) {
    require_whole(path);
    std::error_code ec;
    const bool wal = fs::exists(path + "-wal", ec), shm = fs::exists(path + "-shm", ec);
    const auto refusal = [&]() -> std::string {
        int app = 0, version = 0, tables = 0, have = 0;
        try {
            SQLite::Database probe(file_uri(path) + "?mode=ro" + (wal ? "" : "&immutable=1"), SQLite::OPEN_READONLY | SQLite::OPEN_URI,
                                   wal ? 0 : busy_timeout_ms);
            app = probe.execAndGet("PRAGMA application_id").getInt();
            version = probe.execAndGet("PRAGMA user_version").getInt();
            tables = probe.execAndGet("SELECT count(*) FROM sqlite_master").getInt();
            // muster's mark: its tables must be there, as far as its schema has come.
            have = probe.execAndGet("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN "
                                    "('campaign', 'operation', 'roll', 'meta', 'army', 'corps', 'division', 'brigade')")
                       .getInt();
        } catch (const SQLite::Exception& e) {
            // A -wal its writer left unfinished (a crash) needs recovery, which a read-only
            // connection cannot do: the file's own header decides, and the writable open recovers it.
            const int code = e.getErrorCode() & 0xff;
            if ((code != SQLITE_BUSY && code != SQLITE_READONLY) || !wal) throw;
            const auto header = header_of(path);
            if (!header) throw;
            app = header->application_id;
            version = header->user_version;
            tables = 1;
            have = 8;
        }
        if (version > schema_version())
            return "written by a newer muster (schema " + std::to_string(version) + "; this muster knows up to " +
                   std::to_string(schema_version()) + "); it was not opened and not changed: upgrade muster";
        const bool empty = app == 0 && version == 0 && tables == 0;
        // An empty file is not made into a campaign database either: it may be something else
        // about to be written, and muster writes only files it made or its own.
        if (empty) {
            const auto size = fs::file_size(path, ec);
            return size == 0 || ec ? "not a muster campaign database (the file is empty); not changed"
                                   : "not a muster campaign database (its " + std::to_string(size) + (size == 1 ? " byte holds" : " bytes hold") +
                                         " no database); not changed";
        }
        if (app != k_application_id) return "not a muster campaign database (an SQLite database of another program); not changed";
        if (app == k_application_id && (version < 1 || have != 8))
            return "has muster's mark but not muster's tables (schema " + std::to_string(version) + "); it was not opened and not changed";
        return "";
    }();
    if (refusal.empty()) return;
    // Reading through a -wal needs a -shm: one this probe made goes again, leaving the files as they were.
    if (wal && !shm) fs::remove(path + "-shm", ec);
    throw Error(path + ": " + refusal);
}

bool kept_outside_changes(std::string_view t) {
    return t == "operation" || t == "roll" || t == "preview" || t == "rolled_for" || t == "operation_view" || t == "meta" || t == "player_use";  // layering: not a word (table names)
}

int schema_version() { return migration_number(embedded::migrations().back().first); }

namespace {
std::atomic<std::uint64_t> g_changes_saved{0};
}  // namespace

std::uint64_t changes_saved() { return g_changes_saved.load(); }
void forget_changes_saved_since(std::uint64_t count) { g_changes_saved = count; }

void write_ahead(SQLite::Database& db, int lock_wait_ms) {
    if (!sqlite3_get_autocommit(db.getHandle())) return;
    const auto mode = db.execAndGet("PRAGMA journal_mode").getString();
    if (mode == "wal") return;
    // SQLite gives a file its write-ahead log by rewriting its first page in a transaction its
    // rollback journal keeps, which a muster killed there would leave beside the file: the page
    // is written with no journal (a process killed writing it writes all of it or none).
    db.exec("PRAGMA journal_mode = OFF");
    // The switch reads the first page, then takes the write lock: SQLite waits for no lock
    // taken so (another might wait on this one), so it is asked again until the lock wait ends.
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(lock_wait_ms);
    std::string now;
    for (;;) {
        try {
            now = db.execAndGet("PRAGMA journal_mode = WAL").getString();
            break;
        } catch (const SQLite::Exception& e) {
            if ((e.getErrorCode() & 0xff) == SQLITE_BUSY && std::chrono::steady_clock::now() < until) {
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
                continue;
            }
            db.exec("PRAGMA journal_mode = " + mode);  // busy: the connection writes as before, with its journal
            throw;
        }
    }
    if (now != "wal") db.exec("PRAGMA journal_mode = " + mode);
}

SQLite::Transaction write_transaction(SQLite::Database& db, int lock_wait_ms) {
    write_ahead(db, lock_wait_ms);
    return SQLite::Transaction(db, SQLite::TransactionBehavior::IMMEDIATE);
}

void saved(SQLite::Transaction& t) {
    t.commit();
    ++g_changes_saved;
}

void connections_one_thread_each() {
    // Refused (SQLITE_MISUSE) once SQLite has started, or by a build without threads: the
    // defaults stay, which are safe, only slower.
    sqlite3_config(SQLITE_CONFIG_MULTITHREAD);
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

namespace {

// A schema's objects: name -> (type, sql), SQLite's own left out.
std::map<std::string, std::pair<std::string, std::string>> schema_objects(SQLite::Database& d) {
    std::map<std::string, std::pair<std::string, std::string>> out;
    SQLite::Statement q(d, "SELECT type, name, COALESCE(sql, '') AS sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'");
    for (const Row row(q); q.executeStep();) out[row.text("name")] = {row.text("type"), row.text("sql")};
    return out;
}

// What the migrations make, made afresh in memory.
std::unique_ptr<SQLite::Database> schema_made() {
    auto fresh = std::make_unique<SQLite::Database>(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    with_migration_functions(*fresh);
    for (const auto& [file, sql] : embedded::migrations()) fresh->exec(std::string(sql));
    return fresh;
}

}  // namespace

std::uint64_t schema_digest(SQLite::Database& db) {
    Fnv1a h;
    for (const auto& [name, object] : schema_objects(db))
        for (const auto* part : {&name, &object.first, &object.second}) h(part->c_str(), part->size() + 1);  // each with its NUL, so none runs into the next
    return h.h;
}

std::uint64_t schema_made_digest() { return schema_digest(*schema_made()); }

std::vector<std::string> schema_problems(SQLite::Database& db) {
    // Object by object against the file's.
    if (schema_digest(db) == k_schema_made_digest) return {};
    const auto want = schema_objects(*schema_made()), have = schema_objects(db);
    std::vector<std::string> problems;
    for (const auto& [name, object] : have) {
        const auto it = want.find(name);
        if (it == want.end())
            problems.push_back("schema: a " + object.first + " named \"" + visible(name) + "\" that muster does not make (remove it)");
        else if (it->second != object)
            problems.push_back("schema: the " + object.first + " " + name + " is not as muster makes it");
    }
    for (const auto& [name, object] : want)
        if (!have.count(name)) problems.push_back("schema: the " + object.first + " " + name + " is missing");
    return problems;
}

// Why SQLite could not open `path`, as the file system says: whom it lets read or write what.
std::string why_not_opened(const std::string& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path file(path);
    const auto folder = file.has_parent_path() ? file.parent_path() : fs::path(".");
    if (fs::exists(file, ec)) {
        if (::access(path.c_str(), R_OK) != 0) return ": permission denied, this user may not read it";
        if (::access(path.c_str(), W_OK) != 0) return ": this user may read it but not write it";
    } else if (!fs::is_directory(folder, ec)) {
        return ": its folder " + visible(folder.string()) + " does not exist";
    }
    if (::access(folder.c_str(), W_OK | X_OK) != 0) return ": this user may not write its folder, where SQLite keeps its journal";
    return "";
}

std::exception_ptr translate(const std::string& path, const SQLite::Exception& e) {
    const int code = e.getErrorCode() & 0xff;
    const std::string what = e.what();
    const auto error = [&](const std::string& message) { return std::make_exception_ptr(Error(path + ": " + message)); };
    switch (code) {
        case SQLITE_BUSY:
        case SQLITE_LOCKED:
            return std::make_exception_ptr(BusyError(path + ": the campaign database is busy (another muster is writing it) and no lock "
                                                             "could be had in time; nothing was changed, try again"));
        case SQLITE_READONLY:
            return error("cannot write the campaign database: the file or its folder is read-only");
        case SQLITE_FULL:
            return error("the disk is full (or the database reached its size limit); nothing was changed");
        case SQLITE_NOTADB:
            return error("not a muster campaign database (not an SQLite database at all)");
        case SQLITE_CORRUPT:
            return error("the campaign database is damaged (" + what + "); restore a backup");
        case SQLITE_CANTOPEN:
            return error("cannot open the campaign database (" + what + why_not_opened(path) + ")");
        case SQLITE_IOERR: {
            const int ext = e.getExtendedErrorCode();
            if (ext == SQLITE_IOERR_WRITE || ext == SQLITE_IOERR_FSYNC || ext == SQLITE_IOERR_TRUNCATE ||
                ext == SQLITE_IOERR_SHMSIZE)
                return error("writing the campaign database failed: the disk is full or the file reached a size limit; nothing was changed");
            return error("cannot read or write the campaign database (" + what + ")");
        }
        case SQLITE_CONSTRAINT:
            return error("refused by the campaign database's rules (" + what + "); nothing was changed");
        case SQLITE_ERROR:  // muster's statements are fixed: one SQLite cannot run meets a schema or a value not muster's
            if (what == "integer overflow")  // a sum (of stands, of moves) past the largest whole number
                return std::make_exception_ptr(Damaged::in(path, Damaged("a sum of its numbers runs past the largest whole number (integer overflow): "
                                                                         "it holds a count no muster writes; nothing was changed: run muster check, or restore a backup")));
            return std::make_exception_ptr(Damaged::in(path, Damaged("its tables are not as muster makes them (" + what +
                                                                     "); nothing was changed: run muster check, or restore a backup")));
        default:
            return error("database error: " + what);
    }
}

ReadSnapshot::ReadSnapshot(SQLite::Database& db) : m_db(db), m_own(sqlite3_get_autocommit(db.getHandle()) != 0) {
    if (m_own) m_db.exec("BEGIN DEFERRED");
}

ReadSnapshot::~ReadSnapshot() {
    if (!m_own) return;
    try {
        m_db.exec("COMMIT");  // a read-only transaction: committing only releases the snapshot
    } catch (...) {
    }
}

std::string now_utc() { return utc_now("%Y-%m-%dT%H:%M:%SZ"); }

std::int64_t to_sql(std::uint64_t v) { return static_cast<std::int64_t>(v); }
std::uint64_t from_sql(std::int64_t v) { return static_cast<std::uint64_t>(v); }

namespace {

// The files this process holds open through stores, by device and inode, with how many. A
// file's locks are the process's (POSIX): opening and closing the file by any other way (the
// header read that identify() makes) drops the locks every connection to it holds, and another
// muster, seeing none, would delete the write-ahead log under them. So a file this process
// holds open is identified once, by its first store, and never read around SQLite again.
// Whether one of them wrote is kept with the count: the last to close then takes the -wal into
// the file, though it wrote nothing itself (a server's reading connection closing after the one
// that took a player's form).
struct HeldFile {
    int open = 0;
    std::atomic<bool> wrote = false;  // set as a connection commits, read as another closes
};
std::mutex g_files_mutex;
std::map<std::pair<std::uint64_t, std::uint64_t>, HeldFile> g_files;

std::optional<std::pair<std::uint64_t, std::uint64_t>> file_key(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return std::nullopt;
    return std::pair<std::uint64_t, std::uint64_t>(st.st_dev, st.st_ino);
}

}  // namespace

bool held_open(const std::string& path) {
    const std::lock_guard lock(g_files_mutex);
    const auto held = [](const std::string& p) {
        const auto key = file_key(p);
        return key && g_files.count(*key);
    };
    if (held(path)) return true;
    const auto database = database_beside(path);
    return database && held(*database);
}

std::optional<std::string> database_beside(const std::string& path) {
    for (const std::string_view suffix : {"-wal", "-shm", "-journal"})
        if (path.size() > suffix.size() && path.compare(path.size() - suffix.size(), suffix.size(), suffix) == 0)
            return path.substr(0, path.size() - suffix.size());
    return std::nullopt;
}

Store::Impl::Impl(SQLite::Database database, int busy_timeout) : db(std::move(database)), busy_timeout_ms(busy_timeout) {
    sqlite3_commit_hook(db.getHandle(), [](void* p) {
        auto& impl = *static_cast<Impl*>(p);
        impl.wrote = true;
        if (impl.file_wrote) impl.file_wrote->store(true);
        return 0;
    }, this);
}

Store::Impl::~Impl() {
    // A connection that wrote nothing leaves the file and its -wal as it found them: SQLite's
    // last connection to close copies the -wal into the file and deletes it, so a refused
    // command (or a reading one) wrote into the file work another left in its -wal (a muster
    // killed while a reader held the file). An empty -wal (the one this connection made) is
    // still taken away on closing, as SQLite does; and so is one where another connection of this
    // process wrote: its work is this process's own to take in.
    bool ours = wrote;
    if (file) {
        const std::lock_guard lock(g_files_mutex);
        auto& held = g_files[*file];
        ours = ours || held.wrote;  // marked as each commits: a writer still open counts too
        if (--held.open <= 0) g_files.erase(*file);
    }
    std::error_code ec;
    const char* main = sqlite3_db_filename(db.getHandle(), "main");  // "" for a database in memory
    const auto wal = main && *main ? fs::file_size(std::string(main) + "-wal", ec) : 0;
    if (!ours && !ec && wal > 0) sqlite3_db_config(db.getHandle(), SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
}

Store::Store(const std::string& path, OpenMode mode, int busy_timeout_ms) : m_path(path) {
    std::error_code ec;
    // Only a regular file is opened: a FIFO or a device would keep muster waiting, and a link to
    // nothing would have SQLite create the file it points at.
    if (fs::is_symlink(fs::symlink_status(path, ec)) && !fs::exists(path, ec))
        throw Error(path + ": is a symbolic link to nothing; muster opens and creates only real files");
    const auto status = fs::status(path, ec);
    if (!fs::exists(status)) {
        if (mode == OpenMode::existing)
            throw Error(path + ": no campaign database here (create one with: muster campaign new NAME --rules ID)");
        const auto parent = fs::path(path).parent_path();
        if (!parent.empty() && !fs::exists(parent, ec) && !fs::create_directories(parent, ec))
            throw Error(path + ": cannot create the folder " + parent.string() + " (" + ec.message() + ")");
    } else if (!fs::is_regular_file(status)) {
        throw Error(path + ": is " + kind_of(status.type()) + ", not a campaign database");
    } else if ((status.permissions() & (fs::perms::owner_write | fs::perms::group_write | fs::perms::others_write)) == fs::perms::none &&
               ::access(path.c_str(), R_OK) == 0) {  // (one this user may not read is said so as it is opened)
        // Made read-only for everyone (chmod a-w): kept so, though the superuser, whom the
        // permissions do not stop, runs muster.
        throw Error(path + ": the file is read-only (no one may write it), and muster writes beside a campaign database even to read it (its "
                           "write-ahead log): copy it to a folder you may write to, or make it writable");
    }
    require_plain_companions(path);
    const std::lock_guard files(g_files_mutex);
    const auto key = file_key(path);
    if (fs::exists(status) && !(key && g_files.count(*key))) guarded(m_path, [&] { identify(path, busy_timeout_ms); });
    guarded(m_path, [&] {
        m_impl = std::make_unique<Impl>(
            SQLite::Database(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE, busy_timeout_ms), busy_timeout_ms);
        if ((m_impl->file = file_key(path))) {
            auto& held = g_files[*m_impl->file];
            ++held.open;
            m_impl->file_wrote = &held.wrote;  // the entry stays while this store holds the file
        }
        auto& db = m_impl->db;
        if (sqlite3_db_readonly(db.getHandle(), "main") == 1)
            throw Error(path + ": the file or its folder is read-only, and muster writes beside a campaign database even to read it (its "
                               "write-ahead log): copy it to a folder you may write to, or make it writable");
        db.exec("PRAGMA foreign_keys = ON");
        // A file of this muster's schema is only read here: readers never wait for a writer.
        // Only a new file, or one of an older schema, takes the write lock to be brought up.
        if (db.execAndGet("PRAGMA user_version").getInt() == schema_version()) return;
        migrate(db, busy_timeout_ms);
    });
}

Store::~Store() = default;

std::int64_t Store::last_operation(std::int64_t campaign) const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "SELECT COALESCE(MAX(id), 0) AS last FROM operation WHERE campaign_id = ?");
        bind_all(q, campaign);
        q.executeStep();
        return Row(q).id("last");
    });
}

void Store::read(const std::function<void()>& read) const {
    guarded(m_path, [&] {
        const ReadSnapshot snapshot(m_impl->db);
        read();
    });
}

std::int64_t Store::page_reads() const {
    std::int64_t pages = 0;
    for (int counter : {SQLITE_DBSTATUS_CACHE_HIT, SQLITE_DBSTATUS_CACHE_MISS}) {
        int now = 0, highest = 0;
        sqlite3_db_status(m_impl->db.getHandle(), counter, &now, &highest, 0);
        pages += now;
    }
    return pages;
}

// Inside the write transaction: nobody can slip in between this check and the change.
void Store::check_not_stale(std::int64_t campaign) const {
    if (!m_expected) return;
    const auto now = last_operation(campaign);
    if (now != *m_expected)
        throw StaleError("the campaign was changed by another muster since this window last looked (journal #" +
                         std::to_string(now) + "); nothing was changed: look at it again, then redo");
}

// Under the write lock, before each write: no trigger or view, looked at again each time
// (another program may make one while this one waits for the lock, or between two writes of a
// server that runs for days). And before the first write through this store, the schema as
// the migrations make it, and the first pages of every table and index read, so that a file
// damaged there is refused before anything is written into it, not only by the commands that
// read that table (a turn written into a file whose camps cannot be read). Damage deep in a
// table is found by a command that reads it, or by muster check, which reads every page:
// reading them all before each write would cost what the whole file holds.
void Store::require_sound_trees() const {
    auto& db = m_impl->db;
    // muster makes no trigger and no view: a trigger in the file would change the campaign behind
    // each write, a view would stand in for a table muster writes to (`check` names either among
    // the schema's foreign objects).
    SQLite::Statement foreign(db, "SELECT type, name FROM sqlite_schema WHERE type IN ('trigger', 'view') ORDER BY type, name LIMIT 1");
    if (foreign.executeStep()) {
        const Row row(foreign);
        throw Damaged("it holds a " + row.text("type") + ", \"" + visible(row.text("name")) + "\", which muster never makes and which would " +
                      (row.text("type") == "view" ? "stand in for a table every write reads" : "change the campaign behind every write") +
                      "; nothing was changed: run muster check, or restore a backup");
    }
    if (m_trees_sound) return;
    // The schema as the migrations make it, object by object: a table or column missing would
    // be found by a read after the change was written, a foreign index could refuse new rows.
    if (const auto problems = schema_problems(db); !problems.empty())
        throw Damaged(problems.front() + (problems.size() > 1 ? " (and " + std::to_string(problems.size() - 1) + " more)" : "") +
                      "; nothing was changed: run muster check, or restore a backup");
    struct Tree {
        std::string table, index, where;  // index empty: the table's own tree (NOT INDEXED); where: a partial index's
    };
    std::vector<Tree> trees;
    SQLite::Statement q(db, "SELECT tbl_name, CASE type WHEN 'index' THEN name ELSE '' END AS idx, COALESCE(sql, '') AS sql FROM sqlite_schema "
                            "WHERE type IN ('table', 'index') AND rootpage > 0");
    for (const Row row(q); q.executeStep();) {
        // A partial index is scanned only under its own condition: what follows its columns' ") WHERE ".
        const auto sql = row.text("sql");
        const auto where = sql.rfind(") WHERE ");
        trees.push_back({row.text("tbl_name"), row.text("idx"), where == std::string::npos ? "" : sql.substr(where + 2)});
    }
    const auto quoted = [](const std::string& name) {
        std::string out = "\"";
        for (const char c : name) out += c == '"' ? std::string("\"\"") : std::string(1, c);
        return out + "\"";
    };
    for (const auto& t : trees) {
        std::optional<SQLite::Statement> first;
        try {
            first.emplace(db, "SELECT 1 FROM " + quoted(t.table) + (t.index.empty() ? " NOT INDEXED" : " INDEXED BY " + quoted(t.index)) + " " +
                                  (t.index.empty() ? "" : t.where) + " LIMIT 1");
        } catch (const SQLite::Exception& e) {
            if ((e.getErrorCode() & 0xff) == SQLITE_ERROR) continue;  // not a tree a plain scan can take (another program's)
            throw;
        }
        first->executeStep();
    }
    m_trees_sound = true;
}

std::int64_t Store::run_operation(std::int64_t campaign, OperationKind kind,
                                          const std::function<std::string(std::int64_t)>& change) {
    return guarded(m_path, [&] {
        auto& db = m_impl->db;
        if (m_together) {  // looked at by together(), under the lock it holds
            db.exec("SAVEPOINT operation");
            try {
                const std::int64_t op = record_operation(campaign, kind, change);
                db.exec("RELEASE operation");
                if (!m_step) m_step = op;  // the step's first: the rest are part of it
                return op;
            } catch (...) {
                try {
                    db.exec("ROLLBACK TO operation");
                    db.exec("RELEASE operation");
                } catch (const SQLite::Exception&) {
                    // SQLite ended the whole transaction itself (a full disk, an I/O error):
                    // nothing of it is kept, and together()'s commit says so.
                }
                throw;
            }
        }
        SQLite::Transaction t = write_transaction(db, m_impl->busy_timeout_ms);
        require_sound_trees();
        check_not_stale(campaign);
        const std::int64_t op = record_operation(campaign, kind, change);
        saved(t);
        if (m_expected) m_expected = op;
        return op;
    });
}

void Store::together(std::int64_t campaign, const std::function<void()>& work) {
    if (m_together) return work();
    guarded(m_path, [&] {
        SQLite::Transaction t = write_transaction(m_impl->db, m_impl->busy_timeout_ms);
        require_sound_trees();
        check_not_stale(campaign);
        m_together = true;
        m_step.reset();
        try {
            work();
        } catch (...) {
            m_together = false;
            throw;
        }
        m_together = false;
        const bool changed = m_step.has_value();
        m_step.reset();
        if (changed) saved(t);
        else t.commit();  // nothing was written: no change to count as saved
    });
    if (m_expected) m_expected = last_operation(campaign);
}

void require_newest_entry(SQLite::Database& db, std::int64_t entry) {
    SQLite::Statement newest(db, "SELECT max(id) AS id FROM operation");
    newest.executeStep();
    if (const auto last = Row(newest).id("id"); last != entry)
        // The number this change drew is not said: past SQLite's largest, it draws one at random.
        throw Damaged("the journal holds entry #" + std::to_string(last) + ", numbered past the entry this change would make" +
                      (last == std::numeric_limits<std::int64_t>::max() ? " (it is the largest number an entry may have)" : "") +
                      ": its entries would be out of the order they were made, and undo would take back the wrong one; run muster check, or restore a backup");
}

// Inside a write transaction: the journal entry, and the change recorded into its changeset.
std::int64_t Store::record_operation(std::int64_t campaign, OperationKind kind,
                                             const std::function<std::string(std::int64_t)>& change) {
    auto& db = m_impl->db;
    // A player's link checked under the write lock: one revoked or replaced while his form waited
    // for its turn does nothing (the check before the wait is not the last word).
    if (m_player) {
        SQLite::Statement live(db, "SELECT 1 FROM player WHERE id = ? AND token_hash = ? AND NOT revoked");
        bind_all(live, *m_player, m_player_token);
        if (!live.executeStep()) throw NotFoundError("this link was revoked or replaced while its form waited: nothing was done");
    }
    SQLite::Statement add(db, "INSERT INTO operation (campaign_id, kind, summary, created_at, part_of, player_id) VALUES (?, ?, '', ?, ?, ?)");
    bind_all(add, campaign, kind, now_utc(), m_together ? m_step : std::nullopt, m_player);
    add.exec();
    const std::int64_t op = db.getLastInsertRowid();
    require_newest_entry(db, op);
    if (kind == OperationKind::import) {
        // An import only adds rows: the rows are its undo (see InsertOnly).
        InsertOnly inserts(db);
        const std::string summary = change(op);
        const std::string record = inserts.record();
        SQLite::Statement done(db, "UPDATE operation SET summary = ?, inserted = NULLIF(?, '') WHERE id = ?");
        bind_all(done, summary, record, op);
        done.exec();
        return op;
    }
    Session session(db.getHandle());
    const std::string summary = change(op);
    const std::string changes = session.changeset();
    SQLite::Statement done(db, "UPDATE operation SET summary = ?, changeset = ? WHERE id = ?");
    const auto record = sealed(changes, {op, campaign, spell(kind)});
    bind_all(done, summary, Blob{record}, op);
    done.exec();
    return op;
}

// A step's operations name its first (part_of), an earlier operation of the same campaign that
// is part of none: one that names anything else (a file edited by hand: itself, a later one, one
// naming another) would have undo take back together what was never made together.
constexpr const char* k_steps_astray =
    "SELECT count(*) AS astray FROM operation o LEFT JOIN operation f ON f.id = o.part_of WHERE o.part_of IS NOT NULL AND "
    "(f.id IS NULL OR f.id >= o.id OR f.campaign_id <> o.campaign_id OR f.part_of IS NOT NULL)";

int steps_astray(SQLite::Database& db, std::optional<std::int64_t> campaign) {
    SQLite::Statement q(db, std::string(k_steps_astray) + (campaign ? " AND o.campaign_id = ?" : ""));
    if (campaign) bind_all(q, *campaign);
    q.executeStep();
    return Row(q).count("astray");
}

std::optional<std::int64_t> reversal_astray(SQLite::Database& db, std::optional<std::int64_t> campaign, std::int64_t after) {
    SQLite::Statement q(db, std::string("SELECT e.id FROM operation e LEFT JOIN operation r ON r.id = e.undoes LEFT JOIN operation u ON u.id = e.undone_by "
                                        "WHERE e.id > ?3 AND (((e.kind IN (?1, ?2)) <> (e.undoes IS NOT NULL)) OR (e.undoes IS NOT NULL AND "
                                        "(r.id IS NULL OR r.id >= e.id OR r.campaign_id <> e.campaign_id OR r.kind IN (?1, ?2))) OR "
                                        "(e.undone_by IS NOT NULL AND (u.id IS NULL OR u.id <= e.id OR u.campaign_id <> e.campaign_id OR NOT "
                                        "((u.kind = ?1 AND u.undoes = e.id) OR (e.kind = ?1 AND u.kind = ?2 AND u.undoes = e.undoes)))))") +
                                " AND (?4 IS NULL OR e.campaign_id = ?4) ORDER BY e.id LIMIT 1");
    bind_all(q, OperationKind::undo, OperationKind::redo, after, campaign);
    if (!q.executeStep()) return std::nullopt;
    return Row(q).id("id");
}

std::optional<LostRow> claimed_lost(SQLite::Database& db, const std::string& table, std::optional<std::int64_t> id) {
    SQLite::Statement tables(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name");
    for (const Row t(tables); tables.executeStep();) {
        const auto child = t.text("name");
        SQLite::Statement keys(db, "SELECT \"from\" AS col FROM pragma_foreign_key_list(?1) WHERE \"table\" = ?2");
        bind_all(keys, child, table);
        for (const Row k(keys); keys.executeStep();) {
            const auto col = "\"" + k.text("col") + "\"";
            // Given `id`, by the column's index (the row may be there already: just added, in the
            // write that asks); else every row whose parent is not there.
            SQLite::Statement claimed(db, "SELECT " + col + " AS id FROM \"" + child + "\" WHERE " +
                                              (id ? col + " = ?" : "typeof(" + col + ") = 'integer' AND NOT EXISTS (SELECT 1 FROM \"" + table + "\" p WHERE p.rowid = " + col + ")") +
                                              " LIMIT 1");
            if (id) bind_all(claimed, *id);
            if (claimed.executeStep()) return LostRow{child, Row(claimed).id("id")};
        }
    }
    return std::nullopt;
}

void require_unclaimed(SQLite::Database& db, const std::string& table, std::int64_t id) {
    if (const auto lost = claimed_lost(db, table, id))
        throw Damaged("rows of the " + lost->child + " table belong to " + table + " #" + std::to_string(id) + ", which the file lost: a new " + table +
                      " would take them as its own; nothing was changed: run muster check, or restore a backup");
}

namespace {

// One operation of a step as undo or redo reads it.
struct StepOperation {
    std::int64_t id = 0;
    std::string kind, summary, changeset;
    std::optional<std::string> inserted;
    std::string seen_by;
    std::int64_t original = 0;  // for an undo entry: what it undid
    std::string player;         // the player who made it through his link ("": the organiser)
    /// Whose its record is: undo's the operation's, redo's the undo's it reverses.
    RecordOwner record_owner(std::int64_t campaign, bool redo) const {
        return {id, campaign, redo ? spell(OperationKind::undo) : std::string_view(kind)};
    }
};

// The step undo would take back (newest first): the newest operation not undone, with every
// operation made in the same step. Inside a transaction.
std::vector<StepOperation> undo_step(SQLite::Database& db, std::int64_t campaign) {
    SQLite::Statement q(db,
                        "WITH target AS (SELECT COALESCE(part_of, id) AS step FROM operation WHERE campaign_id = ?1 AND undone_by IS NULL AND "
                        "kind NOT IN (?2, ?3) AND " + changed_anything("") + " ORDER BY id DESC LIMIT 1) "
                        "SELECT o.id, kind, summary, changeset, inserted, seen_by, COALESCE(p.name, '') AS player FROM target, operation o "
                        "LEFT JOIN player p ON p.id = o.player_id WHERE o.campaign_id = ?1 AND (o.id = target.step OR part_of = target.step) "
                        "AND undone_by IS NULL AND kind NOT IN (?2, ?3) AND " + changed_anything("o") + " ORDER BY o.id DESC");
    bind_all(q, campaign, OperationKind::undo, OperationKind::redo);
    std::vector<StepOperation> out;
    for (const Row row(q); q.executeStep();)
        out.push_back({row.id("id"), std::string(spell(row.word<OperationKind>("kind"))), row.text("summary"), row.blob("changeset"),
                       row.null("inserted") ? std::nullopt : std::optional(row.text("inserted")), row.text("seen_by"), 0, row.text("player")});
    return out;
}

// The step redo would do again (newest undo first): the newest undo with no operation made
// since but undos, redos and previews (which change nothing: their rolls are kept, not drawn),
// with the undos of its step. Each names the operation it undid.
std::vector<StepOperation> redo_step(SQLite::Database& db, std::int64_t campaign) {
    SQLite::Statement q(db,
                        "WITH target AS (SELECT COALESCE(part_of, id) AS step FROM operation WHERE campaign_id = ?1 AND kind = ?2 AND "
                        "undone_by IS NULL AND id > (SELECT COALESCE(MAX(id), 0) FROM operation WHERE "
                        "campaign_id = ?1 AND kind NOT IN (?2, ?3, ?4)) ORDER BY id DESC LIMIT 1) "
                        "SELECT u.id, o.kind, o.summary, u.changeset, o.seen_by, o.id AS original, COALESCE(p.name, '') AS player FROM "
                        "operation u JOIN target ON u.id = target.step OR u.part_of = target.step JOIN operation o ON o.id = u.undoes "
                        "LEFT JOIN player p ON p.id = o.player_id "
                        "WHERE u.campaign_id = ?1 AND u.kind = ?2 AND u.undone_by IS NULL ORDER BY u.id DESC");
    bind_all(q, campaign, OperationKind::undo, OperationKind::redo, OperationKind::preview);
    std::vector<StepOperation> out;
    for (const Row row(q); q.executeStep();)
        out.push_back({row.id("id"), std::string(spell(row.word<OperationKind>("kind"))), row.text("summary"), row.blob("changeset"), std::nullopt, row.text("seen_by"),
                       row.id("original"), row.text("player")});
    return out;
}

Damaged unreadable_record(std::int64_t entry) {
    return Damaged("journal entry #" + std::to_string(entry) + "'s record of its changes cannot be read as made for that entry (its changes, or its kind, "
                   "were edited); nothing was changed: run muster check, or restore a backup");
}

// Undo passes over the entries after the step it takes that changed nothing: each must say so
// in a record of its own kind. One whose record was lost or edited may have changed something,
// and undo would take back an older step in its place.
void require_nothing_lost_since(SQLite::Database& db, std::int64_t campaign, std::int64_t step) {
    SQLite::Statement q(db, "SELECT id, kind, changeset, inserted, id = (SELECT min(id) FROM operation WHERE campaign_id = ?1) AS first FROM operation "
                            "WHERE campaign_id = ?1 AND id > ?2 AND undone_by IS NULL AND kind NOT IN (?3, ?4)");
    bind_all(q, campaign, step, OperationKind::undo, OperationKind::redo);
    for (const Row row(q); q.executeStep();) {
        const auto kind = row.text("kind");
        if (!row.null("changeset") && !changeset_reads(row.blob("changeset"), {row.id("id"), campaign, kind})) throw unreadable_record(row.id("id"));
        if (record_lost(kind, row.null("changeset"), row.null("inserted"), row.flag("first")))
            throw Damaged("journal entry #" + std::to_string(row.id("id")) + " (" + visible(kind) + ") has lost its record of its changes, so undo cannot " +
                          "tell whether it changed anything; nothing was changed: run muster check, or restore a backup");
    }
}

// The step undo (redo) takes, where the campaign's steps are sound.
std::vector<StepOperation> take_or_plan(SQLite::Database& db, std::int64_t campaign, bool redo) {
    if (const int astray = steps_astray(db, campaign))
        throw Damaged(std::to_string(astray) + " journal entr" + (astray == 1 ? "y is" : "ies are") +
                      " part of a step whose first is not an earlier entry of the campaign, so " + (redo ? "redo" : "undo") +
                      " cannot tell what was made together; nothing was changed: run muster check, or restore a backup");
    auto step = redo ? redo_step(db, campaign) : undo_step(db, campaign);
    if (!redo) require_nothing_lost_since(db, campaign, step.empty() ? 0 : step.front().id);
    // The entries since the step's first read as undo and redo wrote them: else what it picked
    // may not be what comes next (an entry passed over as undone by one that did not undo it).
    if (!step.empty())
        if (const auto astray = reversal_astray(db, campaign, step.back().id - 1))
            throw Damaged("journal entry #" + std::to_string(*astray) + " is not as undo and redo write it (what it reverses, or what reversed it), so " +
                          (redo ? "redo" : "undo") + " cannot tell what comes next; nothing was changed: run muster check, or restore a backup");
    return step;
}

// An operation of a step as a plan names it: the one undone (for an undo: the one it undid).
journal::Entry planned(const StepOperation& op) {
    journal::Entry e;
    e.id = op.original ? op.original : op.id;
    e.kind = find_word<OperationKind>(op.kind).value_or(OperationKind::edit);  // a kind damaged: check names it
    e.summary = op.summary;
    e.audience = Audience::parse(op.seen_by);
    e.player = op.player;
    return e;
}

// The tables a changeset names that the file lacks: SQLite passes over their changes without a
// word, which would take back part of an operation.
struct Absent {
    sqlite3* db;
    std::vector<std::string> tables;
};
int table_present(void* context, const char* table) {
    auto& absent = *static_cast<Absent*>(context);
    if (sqlite3_table_column_metadata(absent.db, "main", table, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr) == SQLITE_OK) return 1;
    absent.tables.emplace_back(table);
    return 0;
}

// Throws what keeps journal entry `entry`'s record from being reversed as it stands, where
// something does: it does not read, or it changed a table whose columns are not those it had
// then. Undo and redo ask before they change anything, and so do their previews.
void require_usable_record(SQLite::Database& db, const std::string& stored, const RecordOwner& owner) {
    if (!changeset_reads(stored, owner)) throw unreadable_record(owner.operation);
    if (const auto unfit = record_unfit_table(db, stored, owner))
        throw Damaged("journal entry #" + std::to_string(owner.operation) + " changed the table " + visible(*unfit) +
                      ", whose columns are not those it had then; nothing was changed: run muster check, or restore a backup");
}

// Applies `changes` in reverse, or throws `refused` if any row is not as they left it (inside the
// caller's transaction: a refusal leaves nothing of it).
void apply_inverse(SQLite::Database& db, const std::string& stored, const RecordOwner& owner, const std::function<Error()>& refused) {
    const std::int64_t entry = owner.operation;
    require_usable_record(db, stored, owner);
    const auto changes = *unsealed(stored, owner);
    int inverted_size = 0;
    void* inverted = nullptr;
    if (sqlite3changeset_invert(static_cast<int>(changes.size()), changes.data(), &inverted_size, &inverted) != SQLITE_OK) throw unreadable_record(entry);
    Absent absent{db.getHandle(), {}};
    const int rc = sqlite3changeset_apply(db.getHandle(), inverted_size, inverted, table_present, abort_on_conflict, &absent);
    sqlite3_free(inverted);
    if (!absent.tables.empty())
        throw Damaged("journal entry #" + std::to_string(entry) + " changed the table " + visible(absent.tables.front()) +
                      ", which the file no longer has; nothing was changed: run muster check, or restore a backup");
    if (rc != SQLITE_OK) throw refused();
}

}  // namespace

std::vector<journal::Entry> Store::step_plan(std::int64_t campaign, bool redo) const {
    std::vector<journal::Entry> out;
    read([&] {
        for (const auto& op : take_or_plan(m_impl->db, campaign, redo)) {
            // What would refuse the step refuses its preview, said alike.
            if (!op.inserted) require_usable_record(m_impl->db, op.changeset, op.record_owner(campaign, redo));
            else if (!read_inserted(m_impl->db, *op.inserted)) throw unreadable_inserts(op.id);
            out.push_back(planned(op));
        }
    });
    return out;
}

Error nothing_to_take(bool redo) {
    return Error(redo ? "nothing to redo: redo does again what undo took back, only until another operation is made (nothing was undone, "
                        "or an operation was made since)"
                      : "nothing to undo: every change of this campaign is already undone");
}

std::vector<journal::Entry> Store::undo_last(std::int64_t campaign, bool players_too) { return take_step(campaign, false, players_too); }
std::vector<journal::Entry> Store::redo_last(std::int64_t campaign) { return take_step(campaign, true, true); }

// Undo: each operation of the step reversed, newest first, the reversal recorded so that a redo
// can reverse it in turn. Redo: each undo of the step reversed, newest first (the operations
// done again in the order first made). Either way one journal entry an operation, read by
// whoever read the operation, and the step's entries a step of their own.
std::vector<journal::Entry> Store::take_step(std::int64_t campaign, bool redo, bool players_too) {
    return guarded(m_path, [&] {
        auto& db = m_impl->db;
        SQLite::Transaction t = write_transaction(db, m_impl->busy_timeout_ms);
        require_sound_trees();
        check_not_stale(campaign);
        const auto step = take_or_plan(db, campaign, redo);
        if (step.empty())
            throw nothing_to_take(redo);
        if (!players_too)
            for (const auto& op : step)
                if (!op.player.empty())
                    throw Error("#" + std::to_string(op.id) + " (" + op.kind + ") was made by player " + op.player + " through his link, " +
                                "who was told it was made: \"" + op.summary + "\"; undo --player takes it back (undo --preview lists the "
                                "step); nothing was changed");
        std::vector<journal::Entry> out;
        for (const auto& op : step) {
            const auto target = redo ? op.original : op.id;
            const auto what = "#" + std::to_string(target) + " (" + op.kind + ")";
            const auto changed_since = [&] {
                // Another campaign of the file written since may hold a row in the place one of this
                // step's would come back to (a row's id is the file's, not the campaign's): said so.
                SQLite::Statement other(db, "SELECT c.name FROM operation o JOIN campaign c ON c.id = o.campaign_id WHERE o.id > ?1 AND o.campaign_id <> ?2 "
                                            "ORDER BY o.id LIMIT 1");
                bind_all(other, op.id, campaign);
                if (redo && other.executeStep())
                    return Error(std::string("cannot redo ") + what + " exactly: campaign " + visible(Row(other).text("name")) +
                                 " of this file was changed since, and its rows may stand where this one's would come back; make it again instead; "
                                 "nothing was changed");
                return Error(std::string("cannot ") + (redo ? "redo " : "undo ") + what + " exactly: the campaign was changed outside "
                             "muster's operations since; nothing was changed");
            };
            std::string recorded;  // an undo's own changes, sealed once its entry has its id
            if (redo) {
                apply_inverse(db, op.changeset, op.record_owner(campaign, redo), changed_since);
            } else {
                Session recording(db.getHandle());
                if (op.inserted) {
                    if (!undo_inserts(db, target, *op.inserted)) throw changed_since();
                } else {
                    apply_inverse(db, op.changeset, op.record_owner(campaign, redo), changed_since);
                }
                recorded = recording.changeset();
            }
            journal::Entry entry;
            entry.kind = redo ? OperationKind::redo : OperationKind::undo;
            const auto prefix = std::string(redo ? "Redid " : "Undid ") + what + ": ";
            entry.summary = prefix + op.summary;
            entry.created_at = now_utc();
            entry.undoes = target;
            entry.audience = Audience::parse(op.seen_by);  // read by whoever read what it reverses
            const std::optional<std::int64_t> part_of = out.empty() ? std::nullopt : std::optional(out.front().id);
            SQLite::Statement add(db, "INSERT INTO operation (campaign_id, kind, summary, created_at, undoes, seen_by, part_of, changeset) "
                                      "VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
            bind_all(add, campaign, entry.kind, entry.summary, entry.created_at, target, entry.audience.text(), part_of, std::optional<Blob>());
            add.exec();
            entry.id = db.getLastInsertRowid();
            require_newest_entry(db, entry.id);
            if (!redo) exec(db, "UPDATE operation SET changeset = ?1 WHERE id = ?2", Blob{sealed(recorded, {entry.id, campaign, spell(OperationKind::undo)})}, entry.id);
            // Each side reads it as it read the operation.
            exec(db, "INSERT INTO operation_view (operation_id, side, summary) SELECT ?1, side, ?2 || summary FROM operation_view WHERE operation_id = ?3",
                 entry.id, prefix, target);
            if (redo) {
                exec(db, "UPDATE operation SET undone_by = ?1 WHERE id = ?2", entry.id, op.id);
                exec(db, "UPDATE operation SET undone_by = NULL WHERE id = ?1", target);
            } else {
                exec(db, "UPDATE operation SET undone_by = ?1 WHERE id = ?2", entry.id, target);
            }
            out.push_back(std::move(entry));
        }
        try {
            saved(t);
        } catch (const SQLite::Exception& e) {
            // A row outside the operation refers to a row it added (checked at commit).
            if (e.getExtendedErrorCode() == SQLITE_CONSTRAINT_FOREIGNKEY)
                throw Error(std::string("cannot ") + (redo ? "redo" : "undo") + " this step exactly: the campaign was changed outside muster's "
                            "operations since; nothing was changed");
            throw;
        }
        if (m_expected) m_expected = out.back().id;
        return out;
    });
}

}  // namespace muster::db
