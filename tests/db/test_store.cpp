// The campaign store: migrations, refusing files, undo, the check, failures that change nothing.
#include "app/players.hpp"
#include "core/error.hpp"
#include "db/store.hpp"
#include "db/battles.hpp"
#include "db/forces.hpp"
#include "db/history.hpp"
#include "db/leaders.hpp"
#include "db/prisoners.hpp"
#include "db/roster.hpp"
#include "db/season.hpp"
#include "db/db_support.hpp"
#include "db/store_impl.hpp"
#include "export/oob.hpp"
#include "support.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>
#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <fstream>
#include <thread>

namespace muster::embedded {
const std::vector<std::pair<std::string_view, std::string_view>>& migrations();
}

using namespace muster;
using Catch::Matchers::Contains;

namespace {

int pragma(const std::string& path, const std::string& name) {
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    return db.execAndGet("PRAGMA " + name).getInt();
}

std::string refusal(const std::string& path, db::OpenMode mode = db::OpenMode::existing) {
    try {
        db::Store store(path, mode);
    } catch (const Error& e) {
        return e.what();
    }
    FAIL("the file was opened");
    return {};
}

}  // namespace

TEST_CASE("Migrations are numbered 0001 upwards without gaps") {
    const auto& steps = embedded::migrations();
    REQUIRE_FALSE(steps.empty());
    for (size_t i = 0; i < steps.size(); ++i) {
        char expected[24];
        std::snprintf(expected, sizeof expected, "%04zu_", i + 1);
        CHECK(std::string(steps[i].first).substr(0, 5) == expected);
    }
    CHECK(db::schema_version() == static_cast<int>(steps.size()));
}

TEST_CASE("A new file gets every migration - WAL and the muster application id") {
    test::TempDir dir;
    const auto path = dir.file("new/campaigns.db");  // the folder is created too
    { db::Store store(path, db::OpenMode::create); }
    CHECK(pragma(path, "user_version") == db::schema_version());
    CHECK(pragma(path, "application_id") == 1836413812);
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    CHECK(db.execAndGet("PRAGMA journal_mode").getString() == "wal");
}

TEST_CASE("Each earlier schema version migrates to the current one") {
    const auto& steps = embedded::migrations();
    for (size_t from = 0; from < steps.size(); ++from) {
        test::TempDir dir;
        const auto path = dir.file("old.db");
        if (from > 0) {  // from 0: no file yet (an empty one is refused as perhaps another program's)
            SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
            db::with_migration_functions(db);
            for (size_t i = 0; i < from; ++i) {
                db.exec(std::string(steps[i].second));
                db.exec("PRAGMA user_version = " + std::to_string(i + 1));
            }
        }
        INFO("from version " << from);
        db::Store store(path, db::OpenMode::create);
        CHECK(pragma(path, "user_version") == db::schema_version());
        CHECK(db::History(store).check().ok());
    }
}

TEST_CASE("A file whose schema version says less than its tables hold is refused whole, not brought up halfway") {
    // The steps after it fail on what is there already (a column added twice).
    for (const int said : {2, 22, 25, 30}) {
        INFO("version said " << said);
        test::TempDir dir;
        const auto path = dir.file("c.db");
        { test::make_campaign(path); }
        test::raw_sql(path, "PRAGMA user_version = " + std::to_string(said));
        const auto before = test::file_bytes(path);
        CHECK_THAT(refusal(path), Contains("damaged: its schema says version " + std::to_string(said) + ", but bringing it up to ") &&
                                      Contains("nothing was changed"));
        CHECK(test::file_bytes(path) == before);
        CHECK(pragma(path, "user_version") == said);
    }
}

TEST_CASE("A file of schema 44 holding two camps of one side of one name, put there by hand, is refused naming the rule it breaks, and left as it was") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    { test::make_campaign(path); }
    // The camp table as schema 44 made it, but for its UNIQUE, and two Elmiras in it.
    test::raw_sql(path, "PRAGMA foreign_keys = OFF; CREATE TABLE camp_old (id INTEGER PRIMARY KEY, campaign_id INTEGER NOT NULL REFERENCES campaign(id), "
                        "side TEXT NOT NULL, name TEXT NOT NULL, liberated INTEGER NOT NULL DEFAULT 0); INSERT INTO camp_old SELECT * FROM camp; "
                        "DROP TABLE camp; ALTER TABLE camp_old RENAME TO camp; INSERT INTO camp (campaign_id, side, name) VALUES (1, 'union', 'Elmira'), "
                        "(1, 'union', 'Elmira'); PRAGMA user_version = 44");
    const auto before = test::file_bytes(path);
    CHECK_THAT(refusal(path), Contains("its rows cannot be brought up to schema 45, which refuses them (UNIQUE constraint failed: camp.campaign_id, camp.side, camp.name)") &&
                                  Contains("nothing was changed"));
    CHECK(test::file_bytes(path) == before);
    CHECK(pragma(path, "user_version") == 44);
}

TEST_CASE("A database from a newer muster is refused and left untouched") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    { test::make_campaign(path); }
    test::raw_sql(path, "PRAGMA user_version = " + std::to_string(db::schema_version() + 1));
    const auto before = test::file_bytes(path);
    CHECK_THAT(refusal(path), Contains("written by a newer muster (schema " + std::to_string(db::schema_version() + 1)));
    CHECK(test::file_bytes(path) == before);
}

TEST_CASE("Files that are not muster databases are refused and left untouched") {
    test::TempDir dir;
    const auto garbage = dir.file("garbage.db");
    std::ofstream(garbage) << std::string(5000, 'x');
    CHECK_THAT(refusal(garbage, db::OpenMode::create), Contains("not a muster campaign database (not an SQLite database at all)"));
    CHECK(test::file_bytes(garbage) == std::string(5000, 'x'));

    const auto other = dir.file("other.db");
    test::raw_sql(other, "CREATE TABLE IF NOT EXISTS photos (id INTEGER PRIMARY KEY)");
    const auto before = test::file_bytes(other);
    CHECK_THAT(refusal(other, db::OpenMode::create), Contains("an SQLite database of another program"));
    CHECK(test::file_bytes(other) == before);

    const auto empty = dir.file("empty.db");
    std::ofstream{empty};
    CHECK_THAT(refusal(empty), Contains("not a muster campaign database (the file is empty)"));
    CHECK(test::file_bytes(empty).empty());

    CHECK_THAT(refusal(dir.file("missing.db")), Contains("no campaign database here"));
    CHECK_THAT(refusal(dir.path(), db::OpenMode::create), Contains("is a folder"));
}

TEST_CASE("A truncated database is reported as damaged") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    {
        auto s = test::make_campaign(path);
        s.arrivals().arrive(test::arrival("Heth"));
    }
    auto bytes = test::file_bytes(path);
    REQUIRE(bytes.size() > 8192);
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes.substr(0, 8192);
    std::string message;
    try {
        app::Session s(path, app::Open::existing);
        s.forces().order_of_battle({});
    } catch (const Error& e) {
        message = e.what();
    }
    CHECK_THAT(message, Contains("damaged"));
}

TEST_CASE("A header whose format bytes are changed is damage, and a trigger or a view in the file stops every write") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    {
        auto s = test::make_campaign(path);
        s.arrivals().arrive(test::arrival("Heth"));
        s.players().add("Meade", "union");
        s.history().backup(dir.file("whole.db"));
    }
    const auto whole = test::file_bytes(dir.file("whole.db"));
    // Byte 18 (write version), 19 (read version), 21-23 (payload fractions): SQLite read 18 = 7
    // as a file it may not write, and every write was refused as though the file were read-only.
    for (const auto& [at, value, says] : std::vector<std::tuple<size_t, char, std::string>>{
             {18, 7, "file format write version 7, not 1 or 2"}, {19, 9, "file format read version 9"}, {21, 65, "payload fractions 65, 32 and 32"}}) {
        auto bytes = whole;
        bytes[at] = value;
        std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
        std::string message;
        try {
            app::Session s(path, app::Open::existing);
            s.prisoners().add_camp("union", "Fort Delaware");
        } catch (const Error& e) {
            message = e.what();
        }
        CHECK_THAT(message, Contains("damaged") && Contains(says));
        CHECK(test::file_bytes(path) == bytes);
    }
    // A trigger: reads go on, writes are refused and change nothing.
    std::ofstream(path, std::ios::binary | std::ios::trunc) << whole;
    test::raw_sql(path, "CREATE TRIGGER evil AFTER INSERT ON camp BEGIN DELETE FROM move; END");
    const auto before = test::dump(path, false);
    std::string message;
    try {
        app::Session s(path, app::Open::existing);
        CHECK(!s.forces().order_of_battle({}).armies.empty());
        s.prisoners().add_camp("union", "Fort Delaware");
    } catch (const Error& e) {
        message = e.what();
    }
    CHECK_THAT(message, Contains("damaged: it holds a trigger, \"evil\", which muster never makes"));
    CHECK(test::dump(path, false) == before);
    // Nor do the writes outside an operation: the current campaign chosen, a link's use noted.
    std::ofstream(path, std::ios::binary | std::ios::trunc) << whole;
    test::raw_sql(path, "CREATE TRIGGER zap AFTER UPDATE ON meta BEGIN DELETE FROM move; END");
    test::raw_sql(path, "CREATE TRIGGER zap2 AFTER INSERT ON player_use BEGIN DELETE FROM move; END");
    const auto armed = test::dump(path, false);
    {
        app::Session s(path, app::Open::existing);
        CHECK_THROWS_WITH(s.use_campaign(s.current().name), Contains("damaged: it holds a trigger, \"zap\""));
        s.players().used(s.players().list().front());  // no note taken: the file would change behind it
    }
    CHECK(test::dump(path, false) == armed);
    // A view standing in for a table: writes refused, the file as it was.
    std::ofstream(path, std::ios::binary | std::ios::trunc) << whole;
    test::raw_sql(path, "ALTER TABLE camp RENAME TO camp_real");
    test::raw_sql(path, "CREATE VIEW camp AS SELECT id, campaign_id, side, 'FAKE ' || name AS name, liberated FROM camp_real");
    const auto viewed = test::dump(path, false);
    {
        app::Session s(path, app::Open::existing);
        CHECK_THROWS_WITH(s.prisoners().add_camp("union", "Elmira"), Contains("damaged: it holds a view, \"camp\", which muster never makes"));
    }
    CHECK(test::dump(path, false) == viewed);
}

namespace {

// Imports an army: corps, division, brigades with their brigadiers and moves, a battery, a
// division commander.
void import_army(app::Session& s, const std::string& oob_file) {
    std::ofstream(oob_file) << R"({"format": "muster-oob/1", "armies": [{"name": "Army of the Cumberland", "side": "union",
        "corps": [{"name": "XIV Corps", "divisions": [{"name": "Baird", "arm": "infantry", "status": "entered",
        "commander": {"name": "Absalom Baird", "grade": "average"},
        "brigades": [{"name": "Scribner", "rating": "veteran", "start_stands": 7, "stands": 5, "commander": {"name": "Scribner", "grade": "average"}},
                     {"name": "Starkweather", "rating": "green", "start_stands": 6, "stands": 6}],
        "batteries": [{"name": "Battery A"}]}]}]}]})";
    s.forces().import_oob(oob_file);
}

}  // namespace

TEST_CASE("An import made before a column was added to its tables is undone, the column NULL in its rows, and refused where the column holds a value") {
    for (const bool valued : {false, true}) {
        INFO((valued ? "a value in the new column" : "the new column NULL"));
        test::TempDir dir;
        const auto path = dir.file("c.db");
        auto s = test::make_campaign(path);
        const auto before = test::dump(path, false);
        import_army(s, dir.file("oob.json"));
        // As a later schema adds a column (schema 36 gave brigade out_at) to the rows the
        // import's record digested.
        test::raw_sql(path, "ALTER TABLE brigade ADD COLUMN added_since INTEGER");
        if (valued) test::raw_sql(path, "UPDATE brigade SET added_since = 1 WHERE name = 'Scribner'");
        if (!valued) {
            s.history().undo();
            test::raw_sql(path, "ALTER TABLE brigade DROP COLUMN added_since");
            CHECK(test::dump(path, false) == before);
        } else {
            CHECK_THROWS_WITH(s.history().undo(), Contains("changed outside muster"));
        }
    }
}

TEST_CASE("An import's undo deletes exactly the rows it added, and refuses if one changed or anything refers to them") {
    {
        test::TempDir dir;
        const auto path = dir.file("c.db");
        auto s = test::make_campaign(path);
        const auto before = test::dump(path, false);
        import_army(s, dir.file("oob.json"));
        // Recorded as the rows it added, not as a changeset of their values.
        SQLite::Database db(path, SQLite::OPEN_READONLY);
        const auto record = db.execAndGet("SELECT inserted FROM operation WHERE kind = 'import'").getString();
        CHECK_THAT(record, Contains("brigade ") && Contains("leader ") && Contains("move ") && Contains("battery ") && Contains("division "));
        CHECK(db.execAndGet("SELECT changeset IS NULL FROM operation WHERE kind = 'import'").getInt() == 1);
        CHECK(s.history().journal().back().undoable);
        s.history().undo();
        CHECK(test::dump(path, false) == before);
        CHECK(s.history().check().ok());
    }
    struct Case {
        std::string sql, says;
    };
    for (const auto& [sql, says] : std::vector<Case>{
             {"UPDATE brigade SET stands = 4 WHERE name = 'Scribner'", "was changed outside muster's operations"},
             {"UPDATE leader SET name = 'Somebody' WHERE name = 'Absalom Baird'", "was changed outside muster's operations"},
             {"DELETE FROM battery WHERE name = 'Battery A'", "was changed outside muster's operations"},
             // A row added since, outside the import, refers to one of its brigades.
             {"INSERT INTO move (operation_id, brigade_id, kind, stands) SELECT id, (SELECT id FROM brigade WHERE name = 'Scribner'), "
              "'edited', 1 FROM operation WHERE kind = 'import'",
              "was changed outside muster's operations"},
             {"UPDATE operation SET inserted = 'brigade; DROP TABLE campaign 1 2 3 4' WHERE kind = 'import'", "record of the rows it added cannot be read"},
             {"UPDATE operation SET inserted = 'operation 1 9 9 0' WHERE kind = 'import'", "record of the rows it added cannot be read"},
             {"UPDATE operation SET inserted = 'campaign 1 1 1 0' WHERE kind = 'import'", "was changed outside muster's operations"},
         }) {
        INFO(sql);
        test::TempDir dir;
        const auto path = dir.file("c.db");
        auto s = test::make_campaign(path);
        import_army(s, dir.file("oob.json"));
        test::raw_sql(path, sql);
        const auto before = test::dump(path);
        CHECK_THROWS_WITH(s.history().undo(), Contains(says));
        CHECK(test::dump(path) == before);
    }
}

TEST_CASE("An import that would change a row it did not add (a hostile trigger) is refused whole") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = test::make_campaign(path);
    // Made after this session's first write: found under the write lock of the next.
    test::raw_sql(path, "CREATE TRIGGER touch AFTER INSERT ON brigade BEGIN UPDATE campaign SET turn = turn; END");
    const auto before = test::dump(path);
    CHECK_THROWS_WITH(import_army(s, dir.file("oob.json")), Contains("it holds a trigger, \"touch\", which muster never makes"));
    CHECK(test::dump(path) == before);
}

TEST_CASE("Undo still reaches an operation recorded before a later migration added columns") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = test::make_campaign(path);
    s.arrivals().arrive(test::arrival("Heth"));
    // What a later migration may do: add columns with defaults.
    test::raw_sql(path, "ALTER TABLE brigade ADD COLUMN nickname TEXT NOT NULL DEFAULT ''; "
                        "ALTER TABLE division ADD COLUMN note TEXT");
    s.history().undo();
    CHECK(s.forces().brigades().empty());
    // The ledger balances; check names the two tables this muster's migrations did not make so.
    const auto report = s.history().check();
    CHECK(report.problems == std::vector<std::string>{"schema: the table brigade is not as muster makes it",
                                                      "schema: the table division is not as muster makes it"});
    CHECK(word(s.forces().order_of_battle({}).armies.front().corps.front().divisions.front().status) == "placeholder");
}

TEST_CASE("Undo of an operation whose table the file lacks is refused whole, not applied to the tables left") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    {
        auto s = test::make_campaign(path);
        s.arrivals().arrive(test::arrival("Heth"));  // brigades, leaders, batteries and their moves
    }
    const auto whole = test::file_bytes(path);
    {
        // The table dropped under a session that has written already (its schema was sound then):
        // the undo finds it gone.
        app::Session s(path, app::Open::existing);
        s.prisoners().add_camp("union", "Elmira");
        s.history().undo();
        test::raw_sql(path, "DROP TABLE move");
        const auto before = test::dump(path);
        CHECK_THROWS_WITH(s.history().undo(), Contains("damaged: journal entry #") && Contains("changed the table move, which the file no longer has; nothing was changed"));
        CHECK(test::dump(path) == before);
    }
    {
        // A session that has not: its first write finds the schema is not muster's.
        app::Session s(path, app::Open::existing);
        const auto before = test::dump(path);
        CHECK_THROWS_WITH(s.history().undo(), Contains("damaged: schema: the table move is missing") && Contains("nothing was changed"));
        CHECK(test::dump(path) == before);
    }
    // The table there, rebuilt with its key elsewhere or a column short: SQLite would pass over it too.
    // The key's columns in another order, too.
    for (const auto& [table, rebuilt] : std::vector<std::pair<std::string, std::string>>{
             {"move", "CREATE TABLE move (id INTEGER, operation_id INTEGER PRIMARY KEY, brigade_id INTEGER, kind TEXT, stands INTEGER)"},
             {"move", "CREATE TABLE move (id INTEGER PRIMARY KEY, operation_id INTEGER, brigade_id INTEGER, kind TEXT)"},
             {"dice_stream", "CREATE TABLE dice_stream (campaign_id INTEGER, stream TEXT, counter INTEGER, PRIMARY KEY (stream, campaign_id))"}}) {
        INFO(rebuilt);
        std::ofstream(path, std::ios::binary | std::ios::trunc) << whole;
        test::raw_sql(path, "DROP TABLE " + table);
        test::raw_sql(path, rebuilt);
        const auto unfit = test::dump(path);
        {
            app::Session s(path, app::Open::existing);
            CHECK_THROWS_WITH(s.history().undo(), Contains("damaged: schema: the table " + table + " is not as muster makes it") && Contains("nothing was changed"));
        }
        CHECK(test::dump(path) == unfit);
    }
}

namespace {

// What the schemas after N added, taken out again: the tables as schema N left them.
void drop_since_43(const std::string& path) { test::raw_sql(path, "DROP INDEX battle_division_by_division; ALTER TABLE battle_division DROP COLUMN returns_read"); }

void drop_since_42(const std::string& path) {
    test::raw_sql(path, "DROP TABLE rolled_for");
    drop_since_43(path);
}

void drop_since_41(const std::string& path) {
    test::raw_sql(path, "DROP INDEX exchange_number; ALTER TABLE exchange DROP COLUMN number");
    drop_since_42(path);
}

void drop_since_40(const std::string& path) {
    test::raw_sql(path, "ALTER TABLE exchange DROP COLUMN weighed_offer; ALTER TABLE exchange DROP COLUMN weighed_ask");
    drop_since_41(path);
}

void drop_since_39(const std::string& path) {
    test::raw_sql(path, "DROP TABLE turn_date");
    drop_since_40(path);
}

void drop_since_37(const std::string& path) {
    for (const auto* column : {"known_as", "corps_id", "army_id"}) test::raw_sql(path, std::string("ALTER TABLE battle_fallen DROP COLUMN ") + column);
    test::raw_sql(path, "ALTER TABLE division DROP COLUMN seen_whole");
    drop_since_39(path);
}

}  // namespace

TEST_CASE("Battles of a file from before schema 28 take whether the enemy saw each division there from its fog as it stands") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    {
        auto s = test::make_campaign(path);
        test::fight_and_propose(s);  // McPherson Ridge: Heth and Wadsworth, both seen
    }
    // As schema 27 left it, Heth hidden since (the one thing that file still knows).
    test::raw_sql(path, "ALTER TABLE battle_division DROP COLUMN seen");
    test::raw_sql(path, "ALTER TABLE division DROP COLUMN reveals");
    test::raw_sql(path, "DROP INDEX leader_by_name");  // schema 30's
    test::raw_sql(path, "ALTER TABLE leader DROP COLUMN fell_by_roll");  // schema 31's
    test::raw_sql(path, "ALTER TABLE battle DROP COLUMN operation_id");  // schema 32's
    for (const auto* column : {"prior_status", "prior_fell_in", "prior_out_battles", "prior_by_roll"})  // schema 33's
        test::raw_sql(path, std::string("ALTER TABLE battle_fallen DROP COLUMN ") + column);
    test::raw_sql(path, "UPDATE division SET hidden = 1 WHERE name = 'Heth'");
    test::raw_sql(path, "ALTER TABLE brigade DROP COLUMN out_at");  // schema 36's
    drop_since_37(path);
    test::raw_sql(path, "PRAGMA user_version = 27");
    { db::Store store(path, db::OpenMode::create); }
    CHECK(pragma(path, "user_version") == db::schema_version());
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    SQLite::Statement q(db, "SELECT d.name, bd.seen FROM battle_division bd JOIN division d ON d.id = bd.division_id ORDER BY d.name");
    std::vector<std::pair<std::string, int>> seen;
    while (q.executeStep()) seen.emplace_back(q.getColumn(0).getString(), q.getColumn(1).getInt());
    CHECK(seen == std::vector<std::pair<std::string, int>>{{"Heth", 0}, {"Wadsworth", 1}});
}

TEST_CASE("A file from before schema 31 tells a fall by roll from one in battle, and places each battle at its operation") {
    // Grossbeeren: Jarry wounded in battle A, then a battle named "A: B" (its report's summary
    // begins as A's would), then O. K. Pirch killed on a Fallen Leaders roll; then the columns schemas
    // 31 and 32 add are taken out again.
    test::TempDir dir;
    const auto path = dir.file("c.db");
    for (const auto* command : {"campaign new N --sample grossbeeren --seed 3", "arrive --due",
                                "battle report --name A --division Durutte --division Borstell --leader Jarry:wounded/1",
                                "battle report --name \"A: B\" --division Durutte --division Borstell", "leader casualty \"Borstell/1st Brigade\" --rolls 2+2"})
        REQUIRE(test::run_muster("--db " + test::quote(path) + " " + command).code == 0);
    const auto read = [&](const std::string& sql) {
        SQLite::Database db(path, SQLite::OPEN_READONLY);
        SQLite::Statement q(db, sql);
        std::vector<std::string> out;
        while (q.executeStep()) out.push_back(q.getColumn(0).getString());
        return out;
    };
    const auto rolled = read("SELECT name FROM leader WHERE fell_by_roll ORDER BY name");
    const auto placed = read("SELECT name || '@' || operation_id FROM battle ORDER BY id");
    REQUIRE(rolled == std::vector<std::string>{"O. K. Pirch"});
    test::raw_sql(path, "ALTER TABLE leader DROP COLUMN fell_by_roll");
    test::raw_sql(path, "ALTER TABLE battle DROP COLUMN operation_id");
    for (const auto* column : {"prior_status", "prior_fell_in", "prior_out_battles", "prior_by_roll"})  // schema 33's
        test::raw_sql(path, std::string("ALTER TABLE battle_fallen DROP COLUMN ") + column);
    test::raw_sql(path, "ALTER TABLE brigade DROP COLUMN out_at");  // schema 36's
    drop_since_37(path);
    test::raw_sql(path, "PRAGMA user_version = 30");
    { db::Store store(path, db::OpenMode::create); }
    CHECK(pragma(path, "user_version") == db::schema_version());
    CHECK(read("SELECT name FROM leader WHERE fell_by_roll ORDER BY name") == rolled);
    CHECK(read("SELECT name || '@' || operation_id FROM battle ORDER BY id") == placed);
}

TEST_CASE("A file from before schema 34 lets a brigade out of service go of the leader given another unit since") {
    // Gettysburg: Kemper's Brigade disbanded, Kemper given Garnett's; Armistead's merged into
    // Garnett's... as an earlier muster left it, each brigade out of service still naming him.
    test::TempDir dir;
    const auto path = dir.file("c.db");
    for (const auto* command : {"campaign new G --sample gettysburg --seed 1", "brigade disband \"Pickett/Kemper's Brigade\"",
                                "brigade disband \"Pickett/Armistead's Brigade\""})
        REQUIRE(test::run_muster("--db " + test::quote(path) + " " + command).code == 0);
    test::raw_sql(path, "UPDATE brigade SET commander_id = (SELECT commander_id FROM brigade WHERE name = 'Garnett''s Brigade') "
                        "WHERE name IN ('Kemper''s Brigade', 'Armistead''s Brigade')");
    test::raw_sql(path, "ALTER TABLE brigade DROP COLUMN out_at");  // schema 36's
    drop_since_37(path);
    test::raw_sql(path, "PRAGMA user_version = 33");
    const auto commanders_of_two = [&] {
        SQLite::Database db(path, SQLite::OPEN_READONLY);
        return db.execAndGet("SELECT count(*) FROM (SELECT commander_id FROM brigade WHERE commander_id IS NOT NULL "
                             "GROUP BY commander_id HAVING count(*) > 1)").getInt();
    };
    REQUIRE(commanders_of_two() == 1);
    { db::Store store(path, db::OpenMode::create); }
    CHECK(commanders_of_two() == 0);
    CHECK(pragma(path, "user_version") == db::schema_version());
    const auto r = test::run_muster("--db " + test::quote(path) + " check");
    INFO(r.out << r.err);
    CHECK(r.code == 0);
}

TEST_CASE("A file from before schema 35 keeps its exchanges and their items as the table is made anew to take withdrawn, and undoes them after") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    {
        auto s = test::make_campaign(path);
        test::fight_and_propose(s);  // exchange #1, with an item offered and one asked
    }
    drop_since_37(path);
    // The table as schema 2 made it (no foreign keys enforced on this connection, as on none a
    // tool opens by default).
    test::raw_sql(path, "CREATE TABLE exchange_was AS SELECT * FROM exchange; DROP TABLE exchange; "
                        "CREATE TABLE exchange (id INTEGER PRIMARY KEY, campaign_id INTEGER NOT NULL REFERENCES campaign(id), proposer TEXT NOT NULL, "
                        "counterpart TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'proposed' CHECK (status IN ('proposed', 'accepted', 'refused')), "
                        "note TEXT NOT NULL DEFAULT '', CHECK (proposer <> counterpart)); "
                        "INSERT INTO exchange SELECT * FROM exchange_was; DROP TABLE exchange_was; ALTER TABLE brigade DROP COLUMN out_at");
    test::raw_sql(path, "PRAGMA user_version = 34");
    const auto rows = [&] {
        SQLite::Database db(path, SQLite::OPEN_READONLY);
        std::vector<std::string> out;
        for (const char* q : {"SELECT id || ':' || proposer || ':' || status FROM exchange ORDER BY id",
                              "SELECT exchange_id || ':' || direction || ':' || brigade_id || ':' || stands FROM exchange_item ORDER BY id"})
            for (SQLite::Statement st(db, q); st.executeStep();) out.push_back(st.getColumn(0).getString());
        return out;
    };
    const auto before = rows();
    REQUIRE(before.size() == 3);
    { db::Store store(path, db::OpenMode::create); }
    CHECK(pragma(path, "user_version") == db::schema_version());
    CHECK(rows() == before);
    {
        app::Session s(path, app::Open::existing);
        CHECK(s.history().check().ok());
        s.prisoners().answer_exchange(1, "union", app::Answer::withdraw);
        CHECK(s.prisoners().exchanges().at(0).row.status == ExchangeStatus::withdrawn);
        s.history().undo();
        s.history().undo();  // the proposal, made before the file was brought up
        CHECK(s.prisoners().exchanges().empty());
        CHECK(s.history().check().ok());
    }
}

TEST_CASE("A file from before schema 36 takes when each brigade went out of service from the move that sent its stands away") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    for (const auto* command : {"campaign new G --sample gettysburg --seed 1", "brigade disband \"Pickett/Kemper's Brigade\"",
                                "battle report --name Cemetery --loss \"Pickett/Armistead's Brigade=8\"", "battle recover Cemetery",
                                "brigade merge \"Pickett/Armistead's Brigade\" --into \"Pickett/Garnett's Brigade\"",
                                // all lost, then destroyed or disbanded with none a turn later: out at the battle
                                "battle report --name Ridge --loss \"Heth/Brockenbrough's Brigade=5\" --loss \"Heth/Archer's Brigade=6\"",
                                "turn next", "brigade destroy \"Heth/Brockenbrough's Brigade\"", "brigade disband \"Heth/Archer's Brigade\""})
        REQUIRE(test::run_muster("--db " + test::quote(path) + " " + command).code == 0);
    const auto reports = [&] {
        return test::run_muster("--db " + test::quote(path) + " turn report 1").out + test::run_muster("--db " + test::quote(path) + " turn report").out;
    };
    const auto reported = reports();
    const auto out_at = [&] {
        SQLite::Database db(path, SQLite::OPEN_READONLY);
        std::vector<std::string> out;
        for (SQLite::Statement q(db, "SELECT b.name || ':' || b.out_at || ':' || o.kind FROM brigade b JOIN operation o ON o.id = b.out_at ORDER BY b.name");
             q.executeStep();)
            out.push_back(q.getColumn(0).getString());
        return out;
    };
    const auto made = out_at();
    REQUIRE(made.size() == 4);
    CHECK_THAT(made[0], Contains("Archer's Brigade:") && Contains(":disband"));
    CHECK_THAT(made[1], Contains("Armistead's Brigade:") && Contains(":merge"));
    CHECK_THAT(made[2], Contains("Brockenbrough's Brigade:") && Contains(":destroy"));
    CHECK_THAT(made[3], Contains("Kemper's Brigade:") && Contains(":disband"));
    drop_since_37(path);
    test::raw_sql(path, "ALTER TABLE brigade DROP COLUMN out_at; PRAGMA user_version = 35");
    { db::Store store(path, db::OpenMode::create); }
    CHECK(pragma(path, "user_version") == db::schema_version());
    const auto migrated = out_at();  // those that sent none away: taken from the battle that left them none
    REQUIRE(migrated.size() == 4);
    CHECK_THAT(migrated[0], Contains("Archer's Brigade:") && Contains(":battle"));
    CHECK(migrated[1] == made[1]);
    CHECK_THAT(migrated[2], Contains("Brockenbrough's Brigade:") && Contains(":battle"));
    CHECK(migrated[3] == made[3]);
    CHECK(reports() == reported);  // each turn's stands in service as they were
}

TEST_CASE("A file from before schema 37 takes the corps or army a leader above the divisions fell commanding from the command he holds") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    for (const auto* command : {"campaign new G --sample gettysburg --seed 1",
                                "battle report --name Cemetery --loss \"Pickett/Armistead's Brigade=2\" --leader Longstreet:wounded/1 "
                                "--leader \"Pickett/Armistead's Brigade:killed\"",
                                // beside Heth, whom the Union sees; then replaced, so he commands nothing when the file is brought up
                                "reveal Heth",
                                "battle report --name Ridge --division Wadsworth --division Heth --loss \"Heth/Archer's Brigade=1\" --leader Hill:killed",
                                "leader replace \"Third Corps\""})
        REQUIRE(test::run_muster("--db " + test::quote(path) + " " + command).code == 0);
    const auto shown = [&] {
        std::string out;
        for (const auto* args : {" battle show Cemetery", " battle show Cemetery --as union", " battle show Ridge --as union", " leader list --as union"})
            out += test::run_muster("--db " + test::quote(path) + args).out;
        return out;
    };
    const auto falls = [&] {
        SQLite::Database db(path, SQLite::OPEN_READONLY);
        std::vector<std::string> out;
        for (SQLite::Statement q(db, "SELECT l.name || ':' || COALESCE(f.known_as, '-') || ':' || COALESCE(k.name, '-') || ':' || COALESCE(f.army_id, '-') "
                                     "FROM battle_fallen f JOIN leader l ON l.id = f.leader_id LEFT JOIN corps k ON k.id = f.corps_id ORDER BY l.name");
             q.executeStep();)
            out.push_back(q.getColumn(0).getString());
        return out;
    };
    const auto before = shown();
    CHECK(falls() == std::vector<std::string>{"Armistead:Armistead:-:-", "Hill:Hill:Third Corps:-", "Longstreet:Longstreet:First Corps:-"});
    CHECK_THAT(before, Contains("Leaders fallen: Hill: killed"));  // seen: his corps' Heth was there
    drop_since_37(path);
    test::raw_sql(path, "PRAGMA user_version = 36");
    { db::Store store(path, db::OpenMode::create); }
    CHECK(pragma(path, "user_version") == db::schema_version());
    // His name now, his corps; Hill, displaced, commands none: his fall read as the file read it.
    CHECK(falls() == std::vector<std::string>{"Armistead:-:-:-", "Hill:-:-:-", "Longstreet:-:First Corps:-"});
    CHECK(shown() == before);
}

TEST_CASE("Creating a campaign is one transaction: the campaign, its journal and becoming current, or nothing") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = test::make_campaign(path);
    // A trigger that would make the last write of the three fail (as on a damaged file) is found
    // under the write lock, before the first: nothing of the campaign stays.
    test::raw_sql(path, "CREATE TRIGGER refuse_meta BEFORE UPDATE ON meta BEGIN SELECT RAISE(ABORT, 'meta is damaged'); END");
    const auto before = test::dump(path);
    app::NewCampaign c;
    c.name = "Second";
    c.rules = "acw";
    CHECK_THROWS_WITH(s.create_campaign(c), Contains("it holds a trigger, \"refuse_meta\"") && Contains("nothing was changed"));
    CHECK(test::dump(path) == before);
    CHECK(s.campaigns().size() == 1);
}

namespace {

// Every field of a roster's brigades, leaders, batteries and units, one line each.
std::string roster_text(const campaign::Roster& r) {
    const auto opt = [](const auto& v) { return v ? std::to_string(*v) : std::string("-"); };
    std::string out;
    for (const auto& b : r.brigades)
        out += fmt::format("brigade {} {} {} {} {} {} {} {} {} {} {} {} {}\n", b.id, b.name, b.division, b.division_id, b.side, b.rating,
                           word(b.status), b.stands, b.start_stands, b.commander_id, b.alternate_id, opt(b.label.worn_at), opt(b.label.spent_at));
    for (const auto& l : r.leaders)
        out += fmt::format("leader {} {} {} {} {} {} {} {} {} [{}] {} {} {}\n", l.id, l.name, l.side, word(l.rank), l.grade, l.rolled_grade,
                           word(l.status), opt(l.fell_in), l.out_battles, l.command.unit, l.command.kind ? word(*l.command.kind) : "-", l.command.unit_id,
                           l.label());
    for (const auto& t : r.batteries)
        out += fmt::format("battery {} {} {} {} {} {}\n", t.id, t.name, t.owner, t.side, word(t.status), opt(t.division_id));
    for (const auto& u : r.units) out += fmt::format("unit {} {} {} {} {}\n", word(u.kind), u.id, u.name, u.side, u.status ? word(*u.status) : "-");
    out += fmt::format("{} camps, {} holdings, {} battles, {} exchanges\n", r.camps.size(), r.holdings.size(), r.battles.size(), r.exchanges.size());
    return out;
}

void same_roster_both_ways(const std::string& path) {
    db::Store store(path, db::OpenMode::existing);
    for (const auto& c : store.campaigns()) {
        const auto whole = db::Rosters(store).whole(c.id);
        CHECK_FALSE(whole.oob.armies.empty());
        const auto own = roster_text(db::Rosters(store).roster(c.id));
        CHECK(own.size() > 200);  // a campaign with forces, not two empty rosters agreeing
        CHECK(roster_text(whole.roster) == own);
    }
}

}  // namespace

TEST_CASE("The whole campaign read at once gives the roster its own queries give, field by field") {
    SECTION("a fought campaign: prisoners, an exchange, a replaced leader, reserve batteries") {
        test::TempDir dir;
        const auto path = dir.file("c.db");
        {
            auto s = test::make_campaign(path);
            test::fight_and_propose(s);
            s.forces().add_battery({"Battery B", "", "I Corps", ""});
            s.leaders().replace_leader("Wadsworth/Iron Brigade", 1863, {}, app::Mode::apply, app::Displace::replace, "Cutler");
        }
        same_roster_both_ways(path);
    }
    SECTION("every sample (alternate commanders, army and corps reserves)") {
        for (const auto& sample : app::samples()) {
            INFO(sample.id);
            test::TempDir dir;
            test::sample_campaign(dir.file("c.db"), sample);
            same_roster_both_ways(dir.file("c.db"));
        }
    }
}

TEST_CASE("Many stores on one file in one process keep their locks: another muster never deletes the log under them") {
    // A server holds a store a thread; opening the next must not read the file around SQLite,
    // which would drop the locks the first holds (POSIX), so that a muster in another process,
    // closing, would think itself the last and delete the write-ahead log the first writes to.
    test::TempDir dir;
    const auto path = dir.file("c.db");
    REQUIRE(test::run_muster("--db " + path + " campaign new A --rules acw").code == 0);
    db::Store first(path, db::OpenMode::existing);
    const auto campaign = first.last_operation(1) ? 1 : 0;
    REQUIRE(campaign == 1);
    for (int i = 0; i < 3; ++i) {
        db::Store another(path, db::OpenMode::existing);  // opened and closed while `first` is open
        REQUIRE(test::run_muster("--db " + path + " camp new C" + std::to_string(i) + " --side union").code == 0);
    }
    first.run_operation(1, OperationKind::add, [&](std::int64_t) { return std::string("written by the first store"); });
    // Another process reads what the first store wrote: the log it wrote to is the file's.
    CHECK(test::run_muster("--db " + path + " journal").out.find("written by the first store") != std::string::npos);
}

TEST_CASE("A file this process holds open as a campaign, with its log and index, is known without reading it") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    const auto other = dir.file("other.db");
    {
        const db::Store store(path, db::OpenMode::create);
        for (const auto& held : {path, path + "-wal", path + "-shm", path + "-journal"}) {
            INFO(held);
            CHECK(db::held_open(held));
        }
        CHECK_FALSE(db::held_open(other));
        CHECK_FALSE(db::held_open(path + ".bak"));
        { const db::Store second(other, db::OpenMode::create); CHECK(db::held_open(other)); }
        CHECK_FALSE(db::held_open(other));  // closed again
        CHECK(db::held_open(path));         // the first still open
    }
    CHECK_FALSE(db::held_open(path));
}

TEST_CASE("A file from before schema 38 takes a division it reads whole now as read whole, and one hidden as never read") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    {
        auto s = test::make_campaign(path);
        test::fight_and_propose(s);  // McPherson Ridge: Heth and Wadsworth, both seen; Pender a placeholder
        s.forces().set_fog("Pender", Fog::seen);  // by name alone
    }
    test::raw_sql(path, "UPDATE division SET hidden = 1 WHERE name = 'Wadsworth'");
    test::raw_sql(path, "ALTER TABLE division DROP COLUMN seen_whole");
    drop_since_39(path);
    test::raw_sql(path, "PRAGMA user_version = 37");
    { db::Store store(path, db::OpenMode::create); }
    CHECK(pragma(path, "user_version") == db::schema_version());
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    SQLite::Statement q(db, "SELECT name, seen_whole FROM division ORDER BY name");
    std::vector<std::pair<std::string, int>> read;
    while (q.executeStep()) read.emplace_back(q.getColumn(0).getString(), q.getColumn(1).getInt());
    CHECK(read == std::vector<std::pair<std::string, int>>{{"Heth", 1}, {"Pender", 0}, {"Wadsworth", 0}});
}

TEST_CASE("A file from before schema 39 takes each past turn's date from its journal, as this muster keeps it, and counts back to the first") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    const auto muster = [&](const std::string& args) {
        const auto r = test::run_muster("--db " + test::quote(path) + " " + args);
        INFO(args << "\n" << r.out << r.err);
        REQUIRE(r.code == 0);
        return r.out;
    };
    muster("campaign new R --rules acw --date 1863-06-01 --theater east --turn-length 7d --seed 1");
    muster("turn next");  // turn 2: 1863-06-08
    muster("turn next");  // turn 3: 1863-06-15, undone, and begun again on 1863-06-16
    muster("undo");
    muster("campaign set --date 1863-06-09");
    muster("campaign set --date 1863-06-12");
    muster("undo");  // turn 2 began 1863-06-09, as set
    muster("turn next");
    muster("turn next");  // turn 4
    muster("campaign set --date 1863-08-01");
    const auto dates = [&] {
        std::string out;
        for (int turn = 1; turn <= 4; ++turn) out += muster("turn report " + std::to_string(turn)).substr(0, 60) + "\n";
        return out;
    };
    const auto kept = dates();
    CHECK_THAT(kept, Contains("turn 1, campaign R: from 1863-06-01") && Contains("turn 2, campaign R: from 1863-06-09") &&
                         Contains("turn 3, campaign R: from 1863-06-16") && Contains("turn 4, campaign R: from 1863-08-01"));
    // As an earlier muster left it: no dates kept, a turn's in its "Turn N begins: DATE" alone.
    drop_since_39(path);
    test::raw_sql(path, "PRAGMA user_version = 38");
    { db::Store store(path, db::OpenMode::create); }
    CHECK(pragma(path, "user_version") == db::schema_version());
    // Turn 2 took the date set during it (1863-06-09), as this muster keeps it; turn 1 is counted
    // back from it; the undone beginning of turn 3 (and the undone settings) are not taken.
    CHECK(dates() == kept);
    CHECK_THAT(muster("check"), Contains("ok: 1 campaign"));
    // A beginning whose date is no day of the calendar is not taken: the turn began a turn's
    // length before the next began (1863-06-23).
    drop_since_39(path);
    test::raw_sql(path, "UPDATE operation SET summary = 'Turn 3 begins: 1863-02-30' WHERE summary = 'Turn 3 begins: 1863-06-16'; PRAGMA user_version = 38");
    { db::Store store(path, db::OpenMode::create); }
    CHECK_THAT(muster("turn report 2").substr(0, 60), Contains("from 1863-06-09"));
    CHECK_THAT(muster("turn report 3").substr(0, 60), Contains("from 1863-06-16"));
    // Such a date kept is damage that check names.
    test::raw_sql(path, "UPDATE turn_date SET date = '1863-02-30' WHERE turn = 2");
    const auto r = test::run_muster("--db " + test::quote(path) + " check");
    CHECK(r.code == 1);
    CHECK_THAT(r.out, Contains("dates: turn 2 of campaign #1 has the date \"1863-02-30\", not a day of the calendar"));
}

TEST_CASE("The schema digest a write checks the file against is that of what the migrations make") {
    // A migration added changes it: store.cpp's k_schema_made_digest is then this value.
    INFO("schema_made_digest() = 0x" << std::hex << db::schema_made_digest());
    test::TempDir dir;
    app::Session s(dir.file("c.db"), app::Open::create);
    SQLite::Database file(dir.file("c.db"), SQLite::OPEN_READONLY);
    CHECK(db::schema_problems(file).empty());
    CHECK(db::schema_made_digest() == db::k_schema_made_digest);
    CHECK(db::schema_digest(file) == db::k_schema_made_digest);
    // A file whose schema is not muster's is found by its digest, and named.
    SQLite::Database changed(dir.file("c.db"), SQLite::OPEN_READWRITE);
    changed.exec("DROP TABLE operation_view");
    CHECK(db::schema_digest(changed) != db::k_schema_made_digest);
    CHECK(db::schema_problems(changed) == std::vector<std::string>{"schema: the table operation_view is missing"});
}

TEST_CASE("A journal entry's record of its changes is its own: moved to another entry or campaign, check names it and undo refuses it") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    std::int64_t first = 0, second = 0;
    {
        auto s = test::make_campaign(path);
        s.prisoners().add_camp("union", "Elmira");
        first = s.last_operation();
        s.prisoners().add_camp("union", "Point Lookout");
        second = s.last_operation();
    }
    const auto whole = test::file_bytes(path);
    const auto record = [&](std::int64_t op) {
        return "(SELECT changeset FROM operation WHERE id = " + std::to_string(op) + ")";
    };
    for (const auto& sql : std::vector<std::string>{
             // The first entry's record given the second: undo would take back Elmira, saying Point Lookout.
             "UPDATE operation SET changeset = " + record(first) + " WHERE id = " + std::to_string(second),
             // The entry given to another campaign in the file.
             "INSERT INTO campaign (name, rules_id, rules_json, return_rate, rounding, despicable, dice, seed, dice_counter, created_at) "
             "SELECT 'Other', rules_id, rules_json, return_rate, rounding, despicable, dice, seed, 0, created_at FROM campaign; "
             "UPDATE operation SET campaign_id = 2 WHERE id = " + std::to_string(second)}) {
        INFO(sql);
        std::ofstream(path, std::ios::binary | std::ios::trunc) << whole;
        test::raw_sql(path, sql);
        app::Session s(path, app::Open::existing);
        const auto problems = s.history().check().problems;
        CHECK(std::find(problems.begin(), problems.end(),
                        "journal: entry #" + std::to_string(second) + "'s record of its changes does not read as made for an entry of its kind, camp (its changes or its kind were edited: undo and redo cannot use it)") != problems.end());
        if (sql.find("campaign_id = 2") != std::string::npos) s.use_campaign("Other");
        const auto before = test::dump(path);
        CHECK_THROWS_WITH(s.history().undo(), Contains("journal entry #" + std::to_string(second) + "'s record of its changes cannot be read"));
        CHECK(test::dump(path) == before);
    }
    // A record sealed before the entry's ids and kind were (its changeset's digest alone, 'M'), in
    // a file of schema 41, is sealed again with them and undoes as then; in a file of this
    // schema, it is not as muster writes it.
    std::ofstream(path, std::ios::binary | std::ios::trunc) << whole;
    {
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        SQLite::Statement q(db, "SELECT changeset FROM operation WHERE id = ?");
        q.bind(1, second);
        REQUIRE(q.executeStep());
        const auto stored = q.getColumn("changeset").getString();
        REQUIRE(stored.front() == 'K');
        const auto changes = stored.substr(9);
        std::uint64_t h = 1469598103934665603ull;
        for (const unsigned char c : changes) h = (h ^ c) * 1099511628211ull;
        std::string old(1, 'M');
        for (int i = 0; i < 8; ++i) old += static_cast<char>((h >> (8 * i)) & 0xFF);
        SQLite::Statement u(db, "UPDATE operation SET changeset = ? WHERE id = ?");
        u.bind(1, (old + changes).data(), static_cast<int>(old.size() + changes.size()));
        u.bind(2, second);
        u.exec();
    }
    const auto as_m = test::file_bytes(path);
    {
        app::Session s(path, app::Open::existing);
        CHECK_FALSE(s.history().check().problems.empty());
        CHECK_THROWS_WITH(s.history().undo(), Contains("cannot be read as made for that entry"));
    }
    std::ofstream(path, std::ios::binary | std::ios::trunc) << as_m;
    drop_since_42(path);
    test::raw_sql(path, "PRAGMA user_version = 41");
    app::Session s(path, app::Open::existing);
    CHECK(s.history().check().problems.empty());
    CHECK_THAT(s.history().undo().front().summary, Contains("Point Lookout"));
    CHECK(s.prisoners().camps().size() == 1);
}

TEST_CASE("A file from before schema 42 has its records sealed with their kinds, an entry that changed nothing given an empty one, and undoes as before") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    {
        auto s = test::make_campaign(path);
        s.prisoners().add_camp("union", "Elmira");
        s.prisoners().add_camp("union", "Point Lookout");
    }
    // As schema 41 kept them: records sealed with their entry's ids alone ('N'), none for an entry
    // that changed nothing.
    {
        SQLite::Database db(path, SQLite::OPEN_READWRITE);
        SQLite::Statement q(db, "SELECT id, campaign_id, changeset FROM operation WHERE changeset IS NOT NULL");
        std::vector<std::tuple<std::int64_t, std::int64_t, std::string>> records;
        while (q.executeStep()) records.emplace_back(q.getColumn(0).getInt64(), q.getColumn(1).getInt64(), q.getColumn(2).getString());
        REQUIRE(records.size() >= 2);
        for (const auto& [id, campaign, stored] : records) {
            REQUIRE(stored.front() == 'K');
            const auto changes = stored.substr(9);
            if (changes.empty()) {  // an entry that changed nothing: none
                db.exec("UPDATE operation SET changeset = NULL WHERE id = " + std::to_string(id));
                continue;
            }
            std::uint64_t h = 1469598103934665603ull;
            const auto feed = [&](const void* data, size_t n) {
                for (size_t i = 0; i < n; ++i) h = (h ^ static_cast<const unsigned char*>(data)[i]) * 1099511628211ull;
            };
            feed(&id, sizeof id);
            feed(&campaign, sizeof campaign);
            feed(changes.data(), changes.size());
            std::string old(1, 'N');
            for (int i = 0; i < 8; ++i) old += static_cast<char>((h >> (8 * i)) & 0xFF);
            SQLite::Statement u(db, "UPDATE operation SET changeset = ? WHERE id = ?");
            u.bind(1, (old + changes).data(), static_cast<int>(old.size() + changes.size()));
            u.bind(2, id);
            u.exec();
        }
        // An entry that changed nothing, as schema 41 kept it.
        db.exec("INSERT INTO operation (campaign_id, kind, summary, created_at) SELECT campaign_id, 'settings', 'Settings: no change', created_at FROM operation "
                "WHERE id = 1");
        db.exec("PRAGMA user_version = 41");
    }
    drop_since_42(path);
    app::Session s(path, app::Open::existing);
    CHECK(s.history().check().problems.empty());
    {
        SQLite::Database db(path);
        CHECK(db.execAndGet("SELECT count(*) FROM operation WHERE changeset IS NOT NULL AND hex(substr(changeset, 1, 1)) <> '4B'").getInt() == 0);
        CHECK(db.execAndGet("SELECT count(*) FROM operation WHERE changeset IS NULL AND kind NOT IN ('create', 'import', 'redo')").getInt() == 0);
        CHECK(db.execAndGet("SELECT length(changeset) FROM operation WHERE kind = 'settings' AND summary = 'Settings: no change'").getInt() == 9);
    }
    // Undo passes over the entry that changed nothing, as before, and takes back the newest camp.
    CHECK_THAT(s.history().undo().front().summary, Contains("Point Lookout"));
    CHECK(s.prisoners().camps().size() == 1);
    // The kind is sealed in now: a camp made a battle is named.
    test::raw_sql(path, "UPDATE operation SET kind = 'battle' WHERE summary LIKE '%Elmira%' AND kind = 'camp'");
    app::Session again(path, app::Open::existing);
    CHECK_FALSE(again.history().check().problems.empty());
    CHECK_THROWS_WITH(again.history().undo(), Contains("cannot be read as made for that entry"));
}

TEST_CASE("Exchanges of a file from before schema 41 keep their ids as their numbers, and a new one takes its campaign's next") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    {
        auto s = test::make_campaign(path);
        test::fight_and_propose(s);  // exchange id 1
        test::raw_sql(path, "INSERT INTO exchange (campaign_id, proposer, counterpart, number) SELECT campaign_id, proposer, counterpart, 2 FROM exchange");
        test::raw_sql(path, "INSERT INTO exchange_item (exchange_id, direction, brigade_id, stands) SELECT 2, direction, brigade_id, stands FROM exchange_item");
        // The file's third, of another campaign: as an older muster numbered it, by its id.
        test::raw_sql(path, "INSERT INTO campaign (name, rules_id, rules_json, seed, created_at) SELECT 'Other', rules_id, rules_json, seed, created_at FROM campaign");
        test::raw_sql(path, "INSERT INTO exchange (campaign_id, proposer, counterpart, number) SELECT (SELECT max(id) FROM campaign), proposer, counterpart, 3 "
                            "FROM exchange WHERE id = 1");
    }
    drop_since_41(path);
    test::raw_sql(path, "PRAGMA user_version = 40");
    app::Session s(path, app::Open::existing);
    CHECK(pragma(path, "user_version") == db::schema_version());
    CHECK(test::raw_sql_value(path, "SELECT group_concat(id || ':' || number, ' ') FROM exchange") == "1:1 2:2 3:3");
    // The first campaign's next is its third; the other campaign's is its fourth (after #3).
    CHECK(s.prisoners().propose_exchange({"union", "", {"stands:Heth/1st Brigade=1"}, {}, ""}).row.number == 3);
    CHECK(test::raw_sql_value(path, "SELECT number FROM exchange WHERE id = 4") == "3");
}

namespace {

// The default VFS, each file it opens named in `opened`: what SQLite makes beside a database.
std::vector<std::string> g_opened;
sqlite3_vfs g_watching;
int open_watched(sqlite3_vfs* vfs, const char* name, sqlite3_file* file, int flags, int* out_flags) {
    if (name) g_opened.emplace_back(name);
    auto* real = static_cast<sqlite3_vfs*>(vfs->pAppData);
    return real->xOpen(real, name, file, flags, out_flags);
}
const char* watching_vfs() {
    static const bool registered = [] {
        sqlite3_vfs* real = sqlite3_vfs_find(nullptr);
        g_watching = *real;
        g_watching.zName = "muster-watching";
        g_watching.pAppData = real;
        g_watching.xOpen = open_watched;
        return sqlite3_vfs_register(&g_watching, 0) == SQLITE_OK;
    }();
    REQUIRE(registered);
    return g_watching.zName;
}

}  // namespace

TEST_CASE("A file in rollback mode is given its write-ahead log with no rollback journal made - a muster killed there leaves none behind") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    { test::make_campaign(path); }
    test::raw_sql(path, "PRAGMA journal_mode = DELETE");
    SQLite::Database db(path, SQLite::OPEN_READWRITE, 0, watching_vfs());
    g_opened.clear();
    db::write_ahead(db, 0);
    CHECK(db.execAndGet("PRAGMA journal_mode").getString() == "wal");
    for (const auto& name : g_opened) CHECK(name.find("-journal") == std::string::npos);
    // Where another connection reads the file, the switch waits for it as long as the lock
    // wait says (SQLite itself waits for no lock the switch takes)...
    test::raw_sql(path, "PRAGMA journal_mode = DELETE");
    SQLite::Database other(path, SQLite::OPEN_READONLY);
    other.exec("BEGIN");
    other.execAndGet("SELECT count(*) FROM campaign");
    SQLite::Database waiting(path, SQLite::OPEN_READWRITE, 0, watching_vfs());
    std::thread reader([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        other.exec("COMMIT");
    });
    db::write_ahead(waiting, 10000);
    reader.join();
    CHECK(waiting.execAndGet("PRAGMA journal_mode").getString() == "wal");
    // ...and past it, the connection keeps its rollback journal: never a write with none.
    test::raw_sql(path, "PRAGMA journal_mode = DELETE");
    other.exec("BEGIN");
    other.execAndGet("SELECT count(*) FROM campaign");
    SQLite::Database busy(path, SQLite::OPEN_READWRITE, 0, watching_vfs());
    CHECK_THROWS(db::write_ahead(busy, 100));
    CHECK(busy.execAndGet("PRAGMA journal_mode").getString() == "delete");
    other.exec("COMMIT");
}
