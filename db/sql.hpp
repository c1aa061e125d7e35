#pragma once
// Private to db/: binding a statement's parameters in order and reading a row's columns by
// name, so no index is written anywhere.
#include "core/date.hpp"
#include "core/error.hpp"
#include "core/interned.hpp"
#include "core/names.hpp"
#include "core/words.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace muster::db {

/// A word of muster's vocabulary, or any other value a statement takes.
template <class E>
concept Word = requires { Vocabulary<E>::table; };

inline void bind_one(SQLite::Statement& q, int i, std::int64_t v) { q.bind(i, v); }
inline void bind_one(SQLite::Statement& q, int i, int v) { q.bind(i, v); }
inline void bind_one(SQLite::Statement& q, int i, bool v) { q.bind(i, v ? 1 : 0); }
inline void bind_one(SQLite::Statement& q, int i, const std::string& v) { q.bind(i, v); }
inline void bind_one(SQLite::Statement& q, int i, std::string_view v) { q.bind(i, std::string(v)); }
inline void bind_one(SQLite::Statement& q, int i, const char* v) { q.bind(i, v); }
inline void bind_one(SQLite::Statement& q, int i, const Interned& v) { q.bind(i, v.str()); }
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
inline void bind_one(SQLite::Statement& q, int i, const Day& v) { q.bind(i, v.text()); }
inline void bind_one(SQLite::Statement& q, int i, Turn v) { q.bind(i, v.number()); }
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
    std::int64_t id(const char* column) const { return whole(column).getInt64(); }
    /// A count or a number that fits an int; one that does not is damage, never cut short.
    int integer(const char* column) const {
        const auto n = id(column);
        if (n < std::numeric_limits<int>::min() || n > std::numeric_limits<int>::max())
            throw Damaged(place(column) + " holds " + std::to_string(n) + ", far out of any range; run muster check, or restore a backup");
        return static_cast<int>(n);
    }
    /// A number within the range the schema checks: one outside it (a check bypassed) is damage.
    int integer_in(const char* column, int lo, int hi) const {
        const int n = integer(column);
        if (n < lo || n > hi)
            throw Damaged(place(column) + " holds " + std::to_string(n) + " (expected " + std::to_string(lo) + " to " + std::to_string(hi) +
                          "); run muster check, or restore a backup");
        return n;
    }
    std::optional<int> optional_integer_in(const char* column, int lo, int hi) const {
        if (null(column)) return std::nullopt;
        return integer_in(column, lo, hi);
    }
    /// A count (of stands, of casualties): an int, never below zero nor above `most` (where the
    /// schema bounds it); one that is is damage.
    int count(const char* column, int most = std::numeric_limits<int>::max()) const {
        const int n = integer(column);
        if (n < 0) throw Damaged(place(column) + " holds " + std::to_string(n) + ", a count below zero; run muster check, or restore a backup");
        if (n > most)
            throw Damaged(place(column) + " holds " + std::to_string(n) + ", more than the " + std::to_string(most) +
                          " the schema allows; run muster check, or restore a backup");
        return n;
    }
    std::optional<int> optional_count(const char* column) const {
        if (null(column)) return std::nullopt;
        return count(column);
    }
    std::string text(const char* column) const { return at(column).getString(); }
    /// Text a row always holds (a word of the rule set: an arm, a rating): NULL is damage, never
    /// read as an empty word.
    std::string given_text(const char* column) const {
        if (null(column)) throw Damaged(place(column) + " holds nothing (NULL), not a word of the rule set; run muster check, or restore a backup");
        return text(column);
    }
    /// A name, which every row that has one holds (1 to 200 letters, as the schema checks): an
    /// empty one (a check bypassed) is damage, never printed as a blank.
    std::string name(const char* column) const {
        auto t = text(column);
        if (t.empty()) throw Damaged(place(column) + " holds an empty name (expected 1 to 200 letters); run muster check, or restore a backup");
        // Letters as SQLite's length() counts them: every byte that does not continue one.
        const auto letters = std::count_if(t.begin(), t.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
        if (letters > 200)
            throw Damaged(place(column) + " holds a name of " + std::to_string(letters) + " letters (expected 1 to 200 letters); run muster check, or restore a backup");
        return t;
    }
    /// A yes or no, stored as 1 or 0: any other number is damage, never read as yes (a hidden
    /// division's "seen by name" of 7 would name it to the enemy).
    bool flag(const char* column) const {
        const auto n = id(column);
        if (n != 0 && n != 1) throw Damaged(place(column) + " holds " + std::to_string(n) + ", not 0 or 1; run muster check, or restore a backup");
        return n == 1;
    }
    bool null(const char* column) const { return at(column).isNull(); }
    std::string blob(const char* column) const { return at(column).getString(); }
    std::optional<std::int64_t> optional_id(const char* column) const {
        if (null(column)) return std::nullopt;
        return id(column);
    }
    std::optional<int> optional_integer(const char* column) const {
        if (null(column)) return std::nullopt;
        return integer(column);
    }
    /// A day stored as YYYY-MM-DD; none for NULL or empty.
    std::optional<Day> day(const char* column) const {
        if (null(column)) return std::nullopt;
        const std::string t = text(column);
        if (t.empty()) return std::nullopt;
        if (auto d = Day::parse(t)) return d;
        throw Damaged(place(column) + " holds \"" + visible(t) +
                    "\", not a day (YYYY-MM-DD); run muster check, or restore a backup");
    }
    Turn turn(const char* column) const {
        const auto n = id(column);
        if (auto t = Turn::of(n)) return *t;
        throw Damaged(place(column) + " holds turn " + std::to_string(n) +
                    ", not 1 to " + std::to_string(Turn::k_last) + "; run muster check, or restore a backup");
    }
    template <Word E>
    E word(const char* column) const {
        const std::string t = text(column);
        if (auto w = find_word<E>(t)) return *w;
        const std::string_view what = Vocabulary<E>::what;
        throw Damaged(place(column) + " holds \"" + visible(t) + "\", not " + (what.find_first_of("aeiou") == 0 ? "an " : "a ") + std::string(what) +
                      " (expected " + spellings<E>() + "); run muster check, or restore a backup");
    }

private:
    // A column as damage names it: as the file keeps it ("column stands"), not by the
    // statement's alias for it; a value the statement works out (a count) by its alias.
    std::string place(const char* column) const {
        const char* origin = m_q.getColumnOriginName(m_q.getColumnIndex(column));
        return std::string("column ") + (origin ? origin : column);
    }
    // A column that must hold a whole number: anything else (text, which the schema's range
    // checks let by, for text sorts above every number; a real; NULL) is damage, never read as 0.
    const SQLite::Column& whole(const char* column) const {
        const auto& c = at(column);
        if (c.getType() != SQLite::INTEGER)
            throw Damaged(place(column) + " holds " + (c.isNull() ? std::string("nothing (NULL)") : "\"" + visible(c.getString()) + "\"") +
                          ", not a whole number; run muster check, or restore a backup");
        return c;
    }
    // A column by its name, found once a statement: a Row lives as long as its loop over the
    // rows, and each name a loop asks for is one string literal, so its address is its key. A
    // column found is kept (it reads the statement's current row), not made again each row:
    // each one made counts a shared reference to the statement. A loop reads its columns in the
    // same order each row, so the search starts at the column read last: one or two
    // comparisons a column, not half the columns found so far.
    const SQLite::Column& at(const char* column) const {
        for (size_t n = 0, i = m_last; n < m_columns.size(); ++n, i = i + 1 == m_columns.size() ? 0 : i + 1)
            if (m_columns[i].first == column) {
                m_last = i;
                return m_columns[i].second;
            }
        m_last = m_columns.size();
        return m_columns.emplace_back(column, m_q.getColumn(m_q.getColumnIndex(column))).second;
    }
    SQLite::Statement& m_q;
    mutable std::vector<std::pair<const char*, SQLite::Column>> m_columns;
    mutable size_t m_last = 0;  ///< where the next search starts
};

/// Runs one statement with its parameters bound in order.
template <class... Values>
void exec(SQLite::Database& db, const char* sql, const Values&... values) {
    SQLite::Statement q(db, sql);
    bind_all(q, values...);
    q.exec();
}

}  // namespace muster::db
