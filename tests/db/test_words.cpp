// muster's own words in the database: the spellings its CHECK constraints allow are exactly the
// vocabulary's, and a stored word outside it is reported as damage.
#include "core/words.hpp"
#include "db/store.hpp"
#include "db/battles.hpp"
#include "db/forces.hpp"
#include "db/history.hpp"
#include "db/leaders.hpp"
#include "db/prisoners.hpp"
#include "db/roster.hpp"
#include "db/season.hpp"
#include "db/db_support.hpp"
#include "support.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <utility>
#include <set>

using namespace muster;
using Catch::Matchers::Contains;

namespace {

// The spellings a column's CHECK constraint allows, read from the schema muster creates.
std::set<std::string> check_list(SQLite::Database& db, const std::string& table, const std::string& column) {
    std::smatch m;
    const std::regex in("CHECK \\(" + column + " IN \\(([^)]*)\\)\\)");
    // The column's CHECK in its table's definition (SQLite folds a later ADD COLUMN into it).
    const std::string text = db.execAndGet("SELECT sql FROM sqlite_master WHERE name = '" + table + "'").getString();
    REQUIRE(std::regex_search(text, m, in));
    std::set<std::string> out;
    const std::string list = m[1];
    const std::regex quoted("'([^']*)'");
    for (auto it = std::sregex_iterator(list.begin(), list.end(), quoted); it != std::sregex_iterator(); ++it) out.insert((*it)[1]);
    return out;
}

template <class E>
std::set<std::string> spelled() {
    std::set<std::string> out;
    for (const auto& w : Vocabulary<E>::table) out.insert(std::string(w.text));
    return out;
}

}  // namespace

TEST_CASE("The database allows exactly the spellings of the vocabulary") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    { db::Store store(path, db::OpenMode::create); }
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    CHECK(check_list(db, "campaign", "rounding") == spelled<Rounding>());
    CHECK(check_list(db, "campaign", "despicable") == spelled<Despicable>());
    CHECK(check_list(db, "campaign", "dice") == spelled<DiceMode>());
    CHECK(check_list(db, "leader", "rank") == spelled<Rank>());
    CHECK(check_list(db, "leader", "status") == spelled<LeaderStatus>());
    CHECK(check_list(db, "division", "status") == spelled<DivisionStatus>());
    CHECK(check_list(db, "brigade", "status") == spelled<BrigadeStatus>());
    CHECK(check_list(db, "battery", "status") == spelled<BatteryStatus>());
    CHECK(check_list(db, "roll", "source") == spelled<DiceMode>());
    CHECK(check_list(db, "roll", "status") == spelled<RollStatus>());
    CHECK(check_list(db, "move", "kind") == spelled<MoveKind>());
    CHECK(check_list(db, "exchange", "status") == spelled<ExchangeStatus>());
    CHECK(check_list(db, "exchange_item", "direction") == spelled<Direction>());
    CHECK(check_list(db, "draft_line", "kind") == spelled<DraftKind>());
    CHECK(check_list(db, "plan_division", "role") == spelled<PlanRole>());
}

TEST_CASE("A stored word muster does not know is reported as damage, not trusted") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = test::make_campaign(path);
    const auto campaign = s.current().id;
    // The journal's kinds have no CHECK (later versions add kinds): a hostile or future one.
    test::raw_sql(path, "INSERT INTO operation (campaign_id, kind, summary, created_at) VALUES (" + std::to_string(campaign) +
                            ", 'teleport', 'x', '2026-01-01T00:00:00Z')");
    db::Store store(path, db::OpenMode::existing);
    CHECK_THROWS_WITH(db::History(store).journal_entries(campaign, View::umpire()),
                      Contains("damaged") && Contains("\"teleport\"") && Contains("kind of operation") && Contains("arrival"));
}
