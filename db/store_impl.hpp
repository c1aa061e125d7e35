#pragma once
// Private to db/: the SQLite connection behind Store, and the translation of
// SQLite's errors into messages for the organiser.
#include "db/store.hpp"
#include "core/error.hpp"
#include "core/words.hpp"
#include "army/division.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <memory>
#include <utility>
#include <vector>
#include <string>
#include <unordered_map>

#include <concepts>
#include <exception>
#include <optional>
#include <string>
#include <string_view>

namespace muster::db {

struct Store::Impl {
    Impl(SQLite::Database database, int busy_timeout) : db(std::move(database)), busy_timeout_ms(busy_timeout) {}
    SQLite::Database db;
    int busy_timeout_ms;

    /// A statement prepared once for the store's life and unbound for each use: an import or a
    /// long operation writes thousands of rows and looks up thousands of names, and preparing
    /// each statement again cost more than running it. A write is run to completion by exec();
    /// a lookup is reset as it ends (`Lookup`), so none holds a read open between uses.
    SQLite::Statement& cached(const char* sql) {
        auto& s = m_cached[sql];
        if (!s) s = std::make_unique<SQLite::Statement>(db, sql);
        s->reset();
        s->clearBindings();
        return *s;
    }
    /// A cached statement for a lookup, reset when the lookup ends, however it ends.
    class Lookup {
    public:
        Lookup(Impl& impl, const char* sql) : q(impl.cached(sql)) {}
        ~Lookup() { q.reset(); }
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

/// Refuses, without writing anything, an existing file that is not a muster campaign database
/// this muster may open (see store.cpp).
void identify(const std::string& path, OpenMode mode, int busy_timeout_ms);

/// How the file's schema differs from what the migrations make: objects added (a trigger, a
/// view, an index), missing or changed; one line each.
std::vector<std::string> schema_problems(SQLite::Database& db);

/// The current time, UTC, ISO 8601 to the second.
std::string now_utc();

/// A 64-bit unsigned value stored in SQLite's signed INTEGER by its bit pattern.
std::int64_t to_sql(std::uint64_t v);
std::uint64_t from_sql(std::int64_t v);

/// A word of muster's vocabulary, or any other value a statement takes.
template <class E>
concept Word = requires { Vocabulary<E>::table; };

inline void bind_one(SQLite::Statement& q, int i, std::int64_t v) { q.bind(i, v); }
inline void bind_one(SQLite::Statement& q, int i, int v) { q.bind(i, v); }
inline void bind_one(SQLite::Statement& q, int i, bool v) { q.bind(i, v ? 1 : 0); }
inline void bind_one(SQLite::Statement& q, int i, const std::string& v) { q.bind(i, v); }
inline void bind_one(SQLite::Statement& q, int i, std::string_view v) { q.bind(i, std::string(v)); }
inline void bind_one(SQLite::Statement& q, int i, const char* v) { q.bind(i, v); }
inline void bind_one(SQLite::Statement& q, int i, std::nullopt_t) { q.bind(i); }
/// Bytes stored as a BLOB; none stored as NULL.
struct Blob {
    std::string_view bytes;
};
inline void bind_one(SQLite::Statement& q, int i, Blob v) {
    if (v.bytes.empty()) q.bind(i);
    else q.bind(i, v.bytes.data(), static_cast<int>(v.bytes.size()));
}
template <Word E>
void bind_one(SQLite::Statement& q, int i, E v) { q.bind(i, std::string(spell(v))); }
template <class T>
void bind_one(SQLite::Statement& q, int i, const std::optional<T>& v) {
    if (v) bind_one(q, i, *v);
    else q.bind(i);
}

/// Binds the statement's `?` parameters in the order they are written: no index is written
/// anywhere, so adding a parameter cannot shift the others.
template <class... Values>
void bind_all(SQLite::Statement& q, const Values&... values) {
    int i = 0;
    (bind_one(q, ++i, values), ...);
}

/// One row of a result, read by column name (the SELECT's names or `AS` aliases), so a
/// column added to a SELECT moves nothing else. A stored word that is not in muster's
/// vocabulary is reported as damage, never trusted.
class Row {
public:
    explicit Row(const SQLite::Statement& q) : m_q(const_cast<SQLite::Statement&>(q)) {}
    std::int64_t id(const char* column) const { return at(column).getInt64(); }
    int integer(const char* column) const { return at(column).getInt(); }
    std::string text(const char* column) const { return at(column).getString(); }
    bool flag(const char* column) const { return at(column).getInt() != 0; }
    bool null(const char* column) const { return at(column).isNull(); }
    std::string blob(const char* column) const {
        const auto c = at(column);
        return std::string(static_cast<const char*>(c.getBlob()), static_cast<size_t>(c.getBytes()));
    }
    std::optional<std::int64_t> optional_id(const char* column) const {
        if (null(column)) return std::nullopt;
        return id(column);
    }
    std::optional<int> optional_integer(const char* column) const {
        if (null(column)) return std::nullopt;
        return integer(column);
    }
    template <Word E>
    E word(const char* column) const {
        const std::string t = text(column);
        if (auto w = find_word<E>(t)) return *w;
        throw Error("the campaign database is damaged: column " + std::string(column) + " holds \"" + t + "\", not a " +
                    std::string(Vocabulary<E>::what) + " (expected " + spellings<E>() + ")");
    }

private:
    // A column by its name, found once a statement: a Row lives as long as its loop over the
    // rows, and each name a loop asks for is one string literal, so its address is its key.
    SQLite::Column at(const char* column) const {
        for (const auto& [name, index] : m_columns)
            if (name == column) return m_q.getColumn(index);
        const int index = m_q.getColumnIndex(column);
        m_columns.emplace_back(column, index);
        return m_q.getColumn(index);
    }
    SQLite::Statement& m_q;
    mutable std::vector<std::pair<const char*, int>> m_columns;
};

/// Runs one statement with its parameters bound in order.
template <class... Values>
void exec(SQLite::Database& db, const char* sql, const Values&... values) {
    SQLite::Statement q(db, sql);
    bind_all(q, values...);
    q.exec();
}

/// How many rows of `table` the campaign has: what to reserve before reading them all (a vector
/// grown row by row moved 130,000 leaders a dozen times, and faulted in every new block).
size_t rows_of(SQLite::Database& db, const char* table, std::int64_t campaign);

// Each row type is mapped once, by name: its columns (a SELECT's list, the table's alias
// given) and the function that reads them.
/// A brigade's own columns (alias b).
extern const char* const k_brigade_columns;
/// A brigade as its row holds it: its commander and alternate by id only, where it sits by
/// division id only.
army::Brigade read_brigade(const Row& row);
/// A battery's own columns (alias t).
extern const char* const k_battery_columns;
army::Battery read_battery(const Row& row);
/// Every leader of the campaign, by id, each as his row holds him (what he commands not yet given).
std::vector<army::Leader> read_leaders(SQLite::Database& db, std::int64_t campaign);

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
