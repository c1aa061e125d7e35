#pragma once
// Private to db/: the SQLite connection behind CampaignStore, and the translation of
// SQLite's errors into messages for the organiser.
#include "campaign_store.hpp"
#include "core/error.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <string>

namespace muster::db {

struct CampaignStore::Impl {
    explicit Impl(SQLite::Database database) : db(std::move(database)) {}
    SQLite::Database db;
};

/// A muster::Error for a SQLite error on `path`: busy, read-only, full, not a database...
Error translate(const std::string& path, const SQLite::Exception& e);

/// Runs `f`, turning SQLite exceptions into muster errors naming the file.
template <class F>
auto guarded(const std::string& path, F&& f) -> decltype(f()) {
    try {
        return f();
    } catch (const SQLite::Exception& e) {
        throw translate(path, e);
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

/// The current time, UTC, ISO 8601 to the second.
std::string now_utc();

/// A 64-bit unsigned value stored in SQLite's signed INTEGER by its bit pattern.
std::int64_t to_sql(std::uint64_t v);
std::uint64_t from_sql(std::int64_t v);

}  // namespace muster::db
