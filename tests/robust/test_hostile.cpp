// Hostile files: every reader refuses them with a clear message, and nothing is written.
#include "app/files.hpp"
#include "app/oob_import.hpp"
#include "battle/report.hpp"
#include "core/error.hpp"
#include "db/store.hpp"
#include "db/battles.hpp"
#include "db/forces.hpp"
#include "db/history.hpp"
#include "db/leaders.hpp"
#include "db/prisoners.hpp"
#include "db/roster.hpp"
#include "json/json.hpp"
#include "db/season.hpp"
#include "bench/generated_forces.hpp"
#include "db/db_support.hpp"
#include "rules/load.hpp"
#include "support.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>

using namespace muster;
using Catch::Matchers::Contains;

namespace {

// The hostile texts every JSON reader is given: what each is and its bytes.
std::vector<std::pair<std::string, std::string>> hostile_texts() {
    std::vector<std::pair<std::string, std::string>> out = {
        {"empty", ""},
        {"whitespace", "   \n\t "},
        {"deeply nested arrays", std::string(1'000'000, '[')},
        {"deeply nested objects", [] {
             std::string s;
             for (int i = 0; i < 200'000; ++i) s += "{\"a\":";
             return s;
         }()},
        {"a NUL byte", std::string("{\"format\": \"muster-rules/1\"\0}", 29)},
        {"a NUL in a string", std::string("{\"format\": \"mus\0ter\"}", 21)},
        {"invalid UTF-8", "{\"format\": \"\xff\xfe\xc3\x28\"}"},
        {"a lone surrogate", "{\"format\": \"\\ud800\"}"},
        {"wrong types", R"({"format": 7, "armies": "none", "battle": [], "id": {}, "sides": 3})"},
        {"a number too large", R"({"format": "muster-oob/1", "armies": [{"name": "A", "side": "union", "corps": [{"name": "K", "divisions": [{"name": "D", "arm": "infantry", "status": "entered", "brigades": [{"name": "B", "rating": "veteran", "start_stands": 99999999999999999999, "stands": 1}]}]}]}]})"},
        {"a negative number", R"({"format": "muster-battle/1", "battle": {"name": "X"}, "brigades": [{"brigade": "A/B", "lost": -5}]})"},
        {"NaN", R"({"format": "muster-battle/1", "battle": {"name": "X"}, "brigades": [{"brigade": "A/B", "lost": NaN}]})"},
        {"trailing garbage", R"({"format": "muster-oob/1", "armies": []} garbage)"},
        {"duplicate keys", R"({"format": "muster-oob/1", "armies": [], "armies": []})"},
        {"binary", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16)},
    };
    return out;
}

// The Gettysburg sample in `path`, its divisions due on the first day arrived.
void gettysburg_arrived(const std::string& path) {
    for (const char* command : {"campaign new G --sample gettysburg --seed 3", "arrive --due"})
        REQUIRE(test::run_muster("--db " + test::quote(path) + " " + command).code == 0);
}

}  // namespace

TEST_CASE("Rule sets - OOB imports - battle reports: every hostile text is refused") {
    const auto& rules = test::acw();
    int tried = 0;
    for (const auto& [what, text] : hostile_texts()) {
        INFO(what);
        CHECK_THROWS_AS(rules::load_rule_set(text, "hostile.json"), Error);
        CHECK_THROWS_AS(app::read_oob(text, "hostile.json", rules), Error);
        CHECK_THROWS_AS(battle::read_report(text, "hostile.json"), Error);
        tried += 3;
    }
    WARN("hostile JSON texts refused: " << tried);
    CHECK_THROWS_WITH(rules::load_rule_set(std::string(1'000'000, '['), "deep.json"), Contains("deep.json: not valid JSON"));
    CHECK_THROWS_WITH(battle::read_report("{\"format\": \"\xff\"}", "bad.json"), Contains("not valid JSON at line 1"));
    // A NUL byte ends the text for RapidJSON: what follows it must not pass unread, nor the NUL itself.
    for (const std::string& tail : {std::string(1, '\0'), std::string("\0{\"armies\": 7}", 15)}) {
        const std::string text = "{\"format\": \"muster-oob/1\", \"armies\": []}\n" + tail;
        CHECK_THROWS_WITH(app::read_oob(text, "nul.json", rules), Contains("nul.json: not valid JSON at line 2, column 1: a NUL byte"));
    }
}

TEST_CASE("Huge files are refused before they are read") {
    test::TempDir dir;
    const auto path = dir.file("huge.json");
    {
        std::ofstream out(path, std::ios::binary);
        const std::string chunk(1 << 20, ' ');
        for (int i = 0; i < 100; ++i) out << chunk;
    }
    CHECK_THROWS_WITH(rules::load_rule_set_file(path), Contains("the file is 104857600 bytes; muster reads at most"));
    // An order of battle may be larger (muster's own export of 100,000 brigades is ~90 MB):
    // one byte over its cap, as a sparse file.
    const auto oob = dir.file("huge_oob.json");
    std::ofstream(oob).close();
    std::filesystem::resize_file(oob, app::k_max_oob_bytes + 1);
    CHECK_THROWS_WITH(json::read_file(oob, app::k_max_oob_bytes), Contains("muster reads at most"));
    // A spreadsheet, read whole into a document of its rows, is held to less.
    auto s = test::make_campaign(dir.file("sheet.db"));
    const auto sheet = dir.file("huge.csv");
    std::ofstream(sheet).close();
    std::filesystem::resize_file(sheet, app::k_max_sheet_bytes + 1);
    CHECK_THROWS_WITH(s.forces().import_oob(sheet), Contains("is a spreadsheet of 67108865 bytes; muster reads one of at most 67108864"));
    // Refused as a file that does not load is (exit 1), as a JSON file past its cap: not as a
    // command mistyped (exit 2).
    try {
        s.forces().import_oob(sheet);
    } catch (const UsageError& e) {
        FAIL("refused as a usage error: " << e.what());
    } catch (const Error&) {
    }
    CHECK_THROWS_WITH(battle::read_report_file(path), Contains("muster reads at most"));
    CHECK_THROWS_WITH(rules::load_rule_set_file(dir.path()), Contains("is a folder, not a file"));
}

TEST_CASE("Hostile database files are refused and not changed") {
    test::TempDir dir;
    auto refused = [&](const std::string& name, const std::string& bytes, const std::string& expected) {
        const auto path = dir.file(name);
        if (!bytes.empty() || name == "empty.db") std::ofstream(path, std::ios::binary) << bytes;
        const auto before = test::file_bytes(path);
        std::string message;
        try {
            db::Store store(path, db::OpenMode::existing);
            db::History(store).check();
        } catch (const Error& e) {
            message = e.what();
        }
        INFO(name);
        CHECK_THAT(message, Contains(expected));
        CHECK(test::file_bytes(path) == before);
    };
    refused("zeros.db", std::string(65536, '\0'), "");  // all zeros: SQLite may read it as empty
    refused("random.db", [] {
        std::string s;
        dice::SeededSource r(3);
        for (int i = 0; i < 65536; ++i) s += static_cast<char>(r.next() & 0xff);
        return s;
    }(), "not a muster campaign database");
    refused("empty.db", "", "the file is empty");
    refused("one_byte.db", "S", "(its 1 byte holds no database)");
    refused("missing.db", "", "no campaign database here");
    std::string header = "SQLite format 3";
    header += '\0';
    refused("header_only.db", header + std::string(84, '\x01'), "");
    {
        const auto path = dir.file("other.db");
        test::raw_sql(path, "CREATE TABLE songs (id INTEGER PRIMARY KEY, title TEXT)");
        refused("other.db", "", "an SQLite database of another program");
    }
    {
        const auto path = dir.file("newer.db");
        { test::make_campaign(path); }
        test::raw_sql(path, "PRAGMA user_version = " + std::to_string(db::schema_version() + 1));
        refused("newer.db", "", "written by a newer muster");
    }
    {
        const auto path = dir.file("truncated.db");
        {
            auto s = test::make_campaign(path);
            app::ArrivalRequest a;
            a.division = "Heth";
            a.year = 1863;
            a.theater = "east";
            s.arrivals().arrive(a);
        }
        const auto bytes = test::file_bytes(path);
        std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes.substr(0, bytes.size() / 3);
        std::string message;
        try {
            db::Store store(path, db::OpenMode::existing);
            const auto report = db::History(store).check();
            if (!report.ok()) message = report.problems.front();
            else db::Rosters(store).order_of_battle(1);
        } catch (const Error& e) {
            message = e.what();
        }
        CHECK_FALSE(message.empty());
    }
}

TEST_CASE("A write is refused, writing nothing, when any table's or index's first page is damaged, not only one it reads") {
    test::TempDir dir;
    const auto good = dir.file("good.db");
    {
        auto s = test::make_campaign(good);
        s.prisoners().add_camp("union", "Fort Delaware");
    }
    std::vector<std::pair<std::string, int>> trees;  // every b-tree but the schema's own, by its root page
    int page_size = 0;
    {
        SQLite::Database db(good, SQLite::OPEN_READONLY);
        page_size = db.execAndGet("PRAGMA page_size").getInt();
        SQLite::Statement q(db, "SELECT name, rootpage FROM sqlite_schema WHERE rootpage > 1");
        while (q.executeStep()) trees.emplace_back(q.getColumn(0).getString(), q.getColumn(1).getInt());
    }
    REQUIRE(trees.size() > 40);
    const auto bytes = test::file_bytes(good);
    for (const auto& [name, root] : trees) {
        INFO(name << ", root page " << root);
        // Its page's type byte zeroed: SQLite finds it only when it reads that page.
        auto damaged = bytes;
        damaged[static_cast<size_t>(root - 1) * static_cast<size_t>(page_size)] = '\0';
        const auto path = dir.file("damaged.db");
        std::ofstream(path, std::ios::binary | std::ios::trunc) << damaged;
        // A division seen: its write reads neither the camps nor most of the indexes.
        const auto r = test::run_muster("--db " + test::quote(path) + " reveal Heth");
        CHECK(r.code == 1);
        CHECK_THAT(r.err, Contains("the campaign database is damaged"));
        CHECK(test::file_bytes(path) == damaged);
    }
}

TEST_CASE("A lookup by name that meets a malformed page in its step is refused in one line, never aborted, the file as it was") {
    // A cell pointer of an index or table page moved a few bytes: SQLite finds the page
    // malformed part way through a step of a cached lookup (a division or leader by name), whose
    // reset then said so again from a destructor while the first error unwound.
    test::TempDir dir;
    const auto good = dir.file("good.db");
    gettysburg_arrived(good);
    const auto bytes = test::file_bytes(good);
    int page_size = 0;
    std::map<std::string, int> roots;
    {
        SQLite::Database db(good, SQLite::OPEN_READONLY);
        page_size = db.execAndGet("PRAGMA page_size").getInt();
        for (const char* tree : {"leader", "sqlite_autoindex_division_1"})
            roots[tree] = db.execAndGet(std::string("SELECT rootpage FROM sqlite_schema WHERE name = '") + tree + "'").getInt();
    }
    int refused = 0;
    for (const auto& [tree, command] : std::vector<std::pair<std::string, std::string>>{
             {"leader", "turn next"}, {"sqlite_autoindex_division_1", "reveal Heth"}, {"sqlite_autoindex_division_1", "arrive Caldwell"}}) {
        for (size_t cell = 0; cell < 30; ++cell) {
            INFO(tree << ", cell " << cell << ": " << command);
            auto damaged = bytes;
            auto& low = damaged[static_cast<size_t>(roots.at(tree) - 1) * static_cast<size_t>(page_size) + 8 + 2 * cell + 1];
            low = static_cast<char>(static_cast<unsigned char>(low) + 4);
            const auto path = dir.file("damaged.db");
            std::filesystem::remove(path + "-wal");
            std::filesystem::remove(path + "-shm");
            std::ofstream(path, std::ios::binary | std::ios::trunc) << damaged;
            const auto r = test::run_muster("--db " + test::quote(path) + " " + command);
            CHECK((r.code == 0 || r.code == 1));
            CHECK(r.err.find("terminate called") == std::string::npos);
            if (r.code == 1) {
                ++refused;
                CHECK_THAT(r.err, Contains("the campaign database is damaged"));
                CHECK(test::file_bytes(path) == damaged);
            }
        }
    }
    CHECK(refused > 0);
}

TEST_CASE("A unit whose commander is not in the leader table is damage: every command that reads it refuses, none shows a vacancy or fills one") {
    // Where a page of the leader table is damaged, a lookup of one leader by id may find no row
    // rather than fail: the same as a row gone. It read as a unit without a commander (the order
    // of battle showed "-", and replace put a new one in the file).
    test::TempDir dir;
    const auto path = dir.file("g.db");
    const auto muster = [&](const std::string& args) { return test::run_muster("--db " + test::quote(path) + " " + args); };
    gettysburg_arrived(path);
    test::raw_sql(path, "PRAGMA foreign_keys = OFF; DELETE FROM leader WHERE id = (SELECT commander_id FROM brigade WHERE name = 'Archer''s Brigade')");
    const auto bytes = test::file_bytes(path);
    for (const std::string& command : std::vector<std::string>{"oob", "export oob -o " + test::quote(dir.file("o.json")), "export labels -o " + test::quote(dir.file("l.html")),
                                      "leader list", "leader replace \"Heth/Archer's Brigade\"", "leader replace \"Heth/Archer's Brigade\" --force",
                                      "battle report --name Held --loss \"Heth/Archer's Brigade=2\""}) {
        INFO(command);
        const auto r = muster(command);
        CHECK(r.code == 1);
        CHECK_THAT(r.err, Contains(path + ": the campaign database is damaged: leader #") && Contains("is not in the leader table"));
        CHECK(test::file_bytes(path) == bytes);
    }
    CHECK_FALSE(std::filesystem::exists(dir.file("o.json")));
    // The Union's view does not read the hidden Confederate division's brigades.
    CHECK(muster("oob --as union").code == 0);
}

TEST_CASE("check reports a page SQLite cannot read, a problem a line, and the rest of the file it could check - it does not stop at the first") {
    test::TempDir dir;
    const auto path = dir.file("g.db");
    gettysburg_arrived(path);
    for (const char* table : {"brigade", "operation", "leader"}) {
        INFO(table);
        const auto copy = dir.file(std::string(table) + ".db");
        std::filesystem::copy_file(path, copy);
        int page_size = 0, root = 0;
        {
            SQLite::Database db(copy, SQLite::OPEN_READONLY);
            page_size = db.execAndGet("PRAGMA page_size").getInt();
            root = db.execAndGet(std::string("SELECT rootpage FROM sqlite_schema WHERE name = '") + table + "'").getInt();
        }
        // Its cell pointers out of the page: SQLite's own check stops on some such pages.
        auto bytes = test::file_bytes(copy);
        for (size_t i = 0; i < 40; i += 2) bytes.replace(static_cast<size_t>(root - 1) * static_cast<size_t>(page_size) + 8 + i, 2, "\xff\xf0");
        std::ofstream(copy, std::ios::binary | std::ios::trunc) << bytes;
        const auto r = test::run_muster("--db " + test::quote(copy) + " check");
        CHECK(r.code == 1);
        CHECK_THAT(r.out, Contains("PROBLEM: integrity: "));
        CHECK(r.out.find("\\x0A") == std::string::npos);  // SQLite's lines, one a problem
        CHECK_THAT(r.err, Contains("failed its check"));
        CHECK(test::file_bytes(copy) == bytes);
    }
}

TEST_CASE("muster serve does not start on a damaged file, as no other command works on one") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    { auto s = test::make_campaign(path); }
    int page_size = 0, root = 0;
    {
        SQLite::Database db(path, SQLite::OPEN_READONLY);
        page_size = db.execAndGet("PRAGMA page_size").getInt();
        root = db.execAndGet("SELECT rootpage FROM sqlite_schema WHERE name = 'brigade'").getInt();
    }
    auto bytes = test::file_bytes(path);
    bytes[static_cast<size_t>(root - 1) * static_cast<size_t>(page_size)] = '\0';
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
    // timeout: a server that started would serve until killed.
    const auto out = test::shell("timeout 20 " MUSTER_BINARY " --db " + test::quote(path) + " serve --listen 127.0.0.1:0 2>&1; echo \"exit $?\"");
    CHECK_THAT(out, Contains("the campaign database is damaged") && Contains("muster serve did not start") && Contains("exit 1"));
    CHECK(out.find("Serving") == std::string::npos);
    CHECK(test::file_bytes(path) == bytes);

    // A campaign whose pinned rule set does not read: no page of it could be made.
    const auto unreadable = dir.file("rules.db");
    { auto s = test::make_campaign(unreadable); }
    test::raw_sql(unreadable, "UPDATE campaign SET rules_json = '{not json'");
    const auto refused = test::shell("timeout 20 " MUSTER_BINARY " --db " + test::quote(unreadable) + " serve --listen 127.0.0.1:0 2>&1; echo \"exit $?\"");
    CHECK_THAT(refused, Contains("the rule set pinned by campaign") && Contains("not valid JSON") && Contains("exit 1"));
    CHECK(refused.find("Serving") == std::string::npos);

    // Damaged where only a page reads (a prisoner held in a camp not there): refused at the start,
    // not answered 500 page by page once the players come.
    const auto held = dir.file("held.db");
    const auto muster = std::string(MUSTER_BINARY) + " --db " + test::quote(held) + " ";
    REQUIRE(test::shell(muster + "campaign new G --sample gettysburg >/dev/null && " + muster + "camp new Elmira --side union >/dev/null && " + muster +
                        "battle report --name Skirmish --captured 'Heth/Archer'\\''s Brigade=1@Elmira' >/dev/null; echo $?") == "0\n");
    test::raw_sql(held, "PRAGMA foreign_keys = OFF; UPDATE prisoner SET camp_id = 999");
    const auto before = test::file_bytes(held);
    const auto lost = test::shell("timeout 20 " + muster + "serve --listen 127.0.0.1:0 2>&1; echo \"exit $?\"");
    CHECK_THAT(lost, Contains("is held in camp #999, which is not there") && Contains("exit 1"));
    CHECK(lost.find("Serving") == std::string::npos);
    CHECK(test::file_bytes(held) == before);
}

TEST_CASE("A refused file is never touched - with its -wal and -shm, nothing is checkpointed, created or deleted") {
    test::TempDir dir;
    namespace fs = std::filesystem;
    // Every file of the database as it is: the file, its -wal and its -shm (or their absence).
    const auto files = [](const std::string& path) {
        std::string all;
        for (const char* suffix : {"", "-wal", "-shm"})
            all += std::string(suffix) + "=" + (fs::exists(path + suffix) ? test::file_bytes(path + suffix) : std::string("(none)")) + "|";
        return all;
    };
    const auto refused = [&](const std::string& path, const std::string& expected) {
        const auto before = files(path);
        std::string message;
        try {
            db::Store store(path, db::OpenMode::existing);
        } catch (const Error& e) {
            message = e.what();
        }
        INFO(path);
        CHECK_THAT(message, Contains(expected));
        CHECK(files(path) == before);
    };
    // A database left with a -wal of its own (as a SIGKILL leaves it): copied while its writer is open.
    const auto with_pending_wal = [&](const std::string& from, const std::string& to, const std::string& sql) {
        SQLite::Database writer(from, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        writer.exec("PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0");
        writer.exec(sql);
        fs::copy_file(from, to, fs::copy_options::overwrite_existing);
        fs::copy_file(from + "-wal", to + "-wal", fs::copy_options::overwrite_existing);
    };
    {  // A muster file beside a stray -wal of another program's database.
        const auto path = dir.file("stray.db");
        { test::make_campaign(path); }
        with_pending_wal(dir.file("songs.db"), dir.file("songs-copy.db"),
                         "CREATE TABLE songs (title TEXT); INSERT INTO songs VALUES ('a'), ('b'), ('c')");
        fs::copy_file(dir.file("songs-copy.db-wal"), path + "-wal");
        refused(path, "an SQLite database of another program");
    }
    {  // A newer muster's file with its latest change still in the -wal.
        const auto source = dir.file("newer-source.db");
        { test::make_campaign(source); }
        with_pending_wal(source, dir.file("newer.db"), "PRAGMA user_version = 99");
        refused(dir.file("newer.db"), "written by a newer muster (schema 99");
    }
    {  // muster's mark without muster's tables: not adopted, not switched to WAL.
        const auto path = dir.file("marked.db");
        test::raw_sql(path, "PRAGMA application_id = 1836413812; CREATE TABLE notes (text TEXT)");
        refused(path, "has muster's mark but not muster's tables");
        test::raw_sql(dir.file("marked-versioned.db"), "PRAGMA application_id = 1836413812; PRAGMA user_version = 2; CREATE TABLE campaign (x)");
        refused(dir.file("marked-versioned.db"), "has muster's mark but not muster's tables (schema 2)");
    }
}

TEST_CASE("A command that changes nothing (a reading one, a refused one) leaves the file and its -wal as it found them - work left in the -wal is not copied into the file") {
    test::TempDir dir;
    namespace fs = std::filesystem;
    const auto path = dir.file("c.db"), left = dir.file("left.db");
    { test::make_campaign(path); }
    {
        // A reader holds the file while muster writes, so the change stays in the -wal; the
        // three files are copied as a process killed then would leave them.
        SQLite::Database reader(path, SQLite::OPEN_READONLY);
        reader.exec("BEGIN");
        reader.execAndGet("SELECT count(*) FROM brigade");
        REQUIRE(test::run_muster("--db " + test::quote(path) + " camp new Elmira --side union").code == 0);
        for (const char* suffix : {"", "-wal", "-shm"}) fs::copy_file(path + suffix, left + suffix);
    }
    REQUIRE(fs::file_size(left + "-wal") > 0);
    // The file and its -wal; the -shm is SQLite's memory shared between connections, which a
    // reader writes its place into, and is only checked to be there.
    const auto files = [&] {
        std::string all;
        for (const char* suffix : {"", "-wal"})
            all += std::string(suffix) + "=" + (fs::exists(left + suffix) ? test::file_bytes(left + suffix) : std::string("(none)")) + "|";
        return all + (fs::exists(left + "-shm") ? "-shm" : "");
    };
    const auto before = files();
    for (const auto& [command, code] : std::vector<std::pair<std::string, int>>{
             {"oob", 0}, {"camp list", 0}, {"journal", 0}, {"check", 0}, {"camp liberate Nowhere", 2}, {"reveal Nobody", 2},
             {"battle report --name Held --loss Heth/Nobody=2", 2}}) {
        INFO(command);
        const auto r = test::run_muster("--db " + test::quote(left) + " " + command);
        CHECK(r.code == code);
        // The -wal's work is read (Elmira), never copied into the file.
        if (command == "camp list") CHECK_THAT(r.out, Contains("Elmira"));
        CHECK(files() == before);
    }
    // A change made: the -wal's work and the new one both kept, and the -wal folded into the file.
    REQUIRE(test::run_muster("--db " + test::quote(left) + " camp new Andersonville --side confederate").code == 0);
    CHECK_FALSE(fs::exists(left + "-wal"));
    CHECK_THAT(test::run_muster("--db " + test::quote(left) + " camp list").out, Contains("Elmira") && Contains("Andersonville"));
}

TEST_CASE("A full disk: the operation fails with a clear message and the campaign is unchanged") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    { test::make_campaign(path); }
    const auto before = test::dump(path);
    const auto bytes = test::file_bytes(path);
    // No file may grow now, as on a full disk: a shell with a file size limit of one block runs
    // muster, which ignores SIGXFSZ itself, so the write fails instead of killing it (after its
    // commit, as it did: the change made, the organiser told it was not).
    const auto limited = [&](const std::string& db, const std::string& op) {
        const std::string command = "(ulimit -f 1; " + std::string(MUSTER_BINARY) + " --db " + db + " " + op + " >/dev/null 2>" + dir.file("err.txt") +
                                    "; echo $? > " + dir.file("rc.txt") + ")";
        std::system(command.c_str());
    };
    for (const std::string op : {"arrive Heth --year 1863 --theater east", "add division Big --corps 'Third Corps'",
                                 "camp new Elmira --side union"}) {
        limited(path, op);
        INFO(op);
        CHECK(test::file_bytes(dir.file("rc.txt")) == "1\n");
        CHECK_THAT(test::file_bytes(dir.file("err.txt")), Contains("the disk is full or the file reached a size limit; nothing was changed"));
        CHECK(test::dump(path) == before);
    }
    CHECK(test::file_bytes(path) == bytes);
    db::Store store(path, db::OpenMode::existing);
    CHECK(db::History(store).check().ok());
    // A first campaign in a new file: refused, and nothing left behind (no file, no part of one).
    const auto fresh = dir.file("new/c.db");
    limited(fresh, "campaign new Q --sample gettysburg");
    CHECK(test::file_bytes(dir.file("rc.txt")) == "1\n");
    CHECK_THAT(test::file_bytes(dir.file("err.txt")), Contains("the file reached a size limit; nothing was changed"));
    CHECK(std::filesystem::is_empty(dir.file("new")));
}

TEST_CASE("A full disk under an export: refused with a clear message, the file it would replace as it was and no part of the new one left") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    {
        // Exports past the limit below, which lets the campaign itself be opened (its -shm is 32 KB).
        auto s = test::make_campaign(path);
        for (int i = 0; i < 150; ++i) {
            const auto name = "Division " + std::to_string(i);
            s.forces().add_division("I Corps", name, "infantry");
            s.forces().add_brigade({name, "1st Brigade", "veteran", 7, std::nullopt, "", "", {}});
        }
    }
    for (const char* format : {"json", "pdf"}) {
        INFO(format);
        const auto out = dir.file(std::string("oob.") + format);
        std::ofstream(out) << "last turn's order of battle";
        const auto r = test::shell("(ulimit -f 64; " + std::string(MUSTER_BINARY) + " --db " + path + " export oob -o " + out + " >/dev/null; echo rc=$?) 2>&1");
        CHECK_THAT(r, Contains(out + ": writing failed (is the disk full?); nothing was written") && Contains("rc=1"));
        CHECK(test::file_bytes(out) == "last turn's order of battle");
        size_t files = 0;
        for (const auto& e : std::filesystem::directory_iterator(dir.path())) files += e.path().filename().string().rfind("oob.", 0) == 0 ? 1 : 0;
        CHECK(files == (std::string(format) == "json" ? 1 : 2));  // no .part- beside it
    }
}

TEST_CASE("A file where SQLite keeps a rollback journal, another file's journal or none at all, is refused beside a campaign in either journal mode, not rolled into it nor deleted") {
    namespace fs = std::filesystem;
    test::TempDir scratch;
    // Another database in the middle of a write larger than its cache, which SQLite has begun
    // writing into the file: its live journal (marked hot).
    const auto live = [&] {
        const auto other = scratch.file("other.db");
        SQLite::Database db(other, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        db.exec("PRAGMA journal_mode = DELETE; CREATE TABLE t(x); WITH n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200) "
                "INSERT INTO t SELECT zeroblob(3000) FROM n");
        db.exec("PRAGMA cache_size = 2; BEGIN; UPDATE t SET x = zeroblob(3500)");
        REQUIRE(fs::file_size(other + "-journal") > 0);
        auto bytes = test::file_bytes(other + "-journal");
        db.exec("ROLLBACK");
        return bytes;
    }();
    struct Beside {
        const char* what;
        std::string bytes;
        const char* said;
    };
    const Beside journals[] = {{"another file's live journal", live, "c.db-journal: a rollback journal lies beside the campaign"},
                               {"bytes that are no journal", "\x07" + std::string(3000, 'x'), "c.db-journal: a file lies beside the campaign where SQLite keeps a rollback journal"}};
    for (const bool wal : {true, false})
        for (const auto& journal : journals) {
            INFO((wal ? "as muster leaves it (WAL), " : "in rollback mode, ") << journal.what);
            test::TempDir dir;
            const auto path = dir.file("c.db");
            { test::make_campaign(path); }
            if (!wal) test::raw_sql(path, "PRAGMA journal_mode = DELETE");  // as another program may leave it
            std::ofstream(path + "-journal", std::ios::binary) << journal.bytes;
            const auto before = test::file_bytes(path);
            for (const char* command : {"campaign list", "oob", "check", "camp new Elmira --side union"}) {
                INFO(command);
                const auto r = test::run_muster("--db " + test::quote(path) + " " + command);
                CHECK(r.code == 1);
                CHECK_THAT(r.err, Contains(journal.said) && Contains("Nothing was opened or changed"));
                CHECK(test::file_bytes(path) == before);
                CHECK(test::file_bytes(path + "-journal") == journal.bytes);
            }
            // Moved away, the campaign opens as it was.
            fs::remove(path + "-journal");
            CHECK(test::run_muster("--db " + test::quote(path) + " check").code == 0);
        }
    // One SQLite reads as spent (its first byte zero) it leaves alone beside a file in WAL mode,
    // and so does muster, writing or not; beside one in rollback mode a write would take it up.
    test::TempDir dir;
    const auto path = dir.file("c.db");
    { test::make_campaign(path); }
    const std::string spent(512, '\0');
    std::ofstream(path + "-journal", std::ios::binary) << spent;
    CHECK(test::run_muster("--db " + test::quote(path) + " check").code == 0);
    CHECK(test::run_muster("--db " + test::quote(path) + " camp new Elmira --side union").code == 0);
    CHECK(test::file_bytes(path + "-journal") == spent);
    test::raw_sql(path, "PRAGMA journal_mode = DELETE");
    std::ofstream(path + "-journal", std::ios::binary) << spent;
    const auto before = test::file_bytes(path);
    const auto spent_refused = test::run_muster("--db " + test::quote(path) + " camp new Libby --side confederate");
    CHECK(spent_refused.code == 1);
    CHECK_THAT(spent_refused.err, Contains("c.db-journal: a file lies beside the campaign where SQLite keeps a rollback journal"));
    CHECK(test::file_bytes(path) == before);
    CHECK(test::file_bytes(path + "-journal") == spent);
    // Beside a campaign not made yet, SQLite would delete any: a new one is not made there.
    const auto fresh = dir.file("new.db");
    std::ofstream(fresh + "-journal", std::ios::binary) << spent;
    const auto r = test::run_muster("--db " + test::quote(fresh) + " campaign new N --rules acw");
    CHECK(r.code == 1);
    CHECK_THAT(r.err, Contains("new.db-journal: a file lies beside the campaign where SQLite keeps a rollback journal"));
    CHECK(!fs::exists(fresh));
    CHECK(test::file_bytes(fresh + "-journal") == spent);
}

TEST_CASE("A campaign another program left in rollback mode is read as it is and written with a write-ahead log from its first change - muster leaves no rollback journal of its own") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    { test::make_campaign(path); }
    test::raw_sql(path, "PRAGMA journal_mode = DELETE");
    const auto mode = [&] {
        SQLite::Database db(path, SQLite::OPEN_READONLY);
        return db.execAndGet("PRAGMA journal_mode").getString();
    };
    REQUIRE(mode() == "delete");
    // Read: not a byte changed, the mode as it was.
    const auto before = test::file_bytes(path);
    CHECK(test::run_muster("--db " + test::quote(path) + " oob").code == 0);
    CHECK(test::file_bytes(path) == before);
    CHECK(mode() == "delete");
    // Written: in WAL mode from then on, so that a muster killed mid-write leaves a -wal, which
    // the next one takes in, never a rollback journal it would refuse as another's.
    CHECK(test::run_muster("--db " + test::quote(path) + " camp new Elmira --side union").code == 0);
    CHECK(mode() == "wal");
    CHECK(!std::filesystem::exists(path + "-journal"));
    CHECK_THAT(test::run_muster("--db " + test::quote(path) + " camp list").out, Contains("Elmira"));
}

TEST_CASE("A folder or a link where SQLite keeps a file beside the campaign is refused, naming it, and nothing is made beside it") {
    namespace fs = std::filesystem;
    for (const char* beside : {"-wal", "-shm", "-journal"})
        for (const bool folder : {true, false}) {
            INFO(beside << (folder ? " a folder" : " a link"));
            test::TempDir dir;
            const auto path = dir.file("c.db");
            { test::make_campaign(path); }
            if (folder) fs::create_directory(path + beside);
            else fs::create_symlink(dir.file("elsewhere"), path + beside);
            const auto before = test::file_bytes(path);
            for (const char* command : {"campaign list", "oob", "camp new Elmira --side union"}) {
                INFO(command);
                const auto r = test::run_muster("--db " + test::quote(path) + " " + command);
                CHECK(r.code == 1);
                CHECK_THAT(r.err, Contains(std::string("c.db") + beside + " beside the campaign is " + (folder ? "a folder" : "not a regular file")) &&
                                      Contains("nothing was opened or changed"));
                CHECK(test::file_bytes(path) == before);
                size_t files = 0;
                for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path())) ++files;
                CHECK(files == 2);  // the campaign and what lies beside it: nothing made
            }
        }
    // Beside a campaign still to be made, as beside one made: no campaign is made to be refused after.
    test::TempDir dir;
    const auto path = dir.file("new.db");
    fs::create_directory(path + "-wal");
    const auto r = test::run_muster("--db " + test::quote(path) + " campaign new G --rules acw");
    CHECK(r.code == 1);
    CHECK_THAT(r.err, Contains("new.db-wal beside the campaign is a folder"));
    CHECK_FALSE(fs::exists(path));
}

TEST_CASE("An export killed while it writes leaves the file it replaces as it was, and nothing beside it") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    { test::bench_campaign(db, 4000, dir.path()); }
    std::filesystem::create_directory(dir.file("out"));
    const auto out = dir.file("out/oob.pdf");
    int killed = 0;
    for (const char* after : {"0.02", "0.04", "0.06", "0.08", "0.1", "0.15"}) {
        INFO("killed after " << after << " s");
        app::write_file(out, std::string_view("last turn's order of battle"));
        const auto rc = test::shell("timeout -s KILL " + std::string(after) + " " MUSTER_BINARY " --db " + test::quote(db) + " export oob -o " +
                                    test::quote(out) + " >/dev/null 2>&1; echo $?");
        killed += rc == "137\n";
        const auto now = test::file_bytes(out);
        CHECK((now == "last turn's order of battle" || now.rfind("%PDF-", 0) == 0));
        std::vector<std::string> beside;
        for (const auto& e : std::filesystem::directory_iterator(dir.file("out"))) beside.push_back(e.path().filename().string());
        CHECK(beside == std::vector<std::string>{"oob.pdf"});
    }
    CHECK(killed > 0);  // some kill came while it wrote
}

TEST_CASE("Two writers: a stale edit is refused, not silently overwritten") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto gui = test::make_campaign(path);
    app::Session cli(path, app::Open::existing);
    gui.seen(gui.last_operation());  // the window shows the campaign as it is now
    cli.forces().add_division("Third Corps", "Anderson", "");
    const auto before = test::dump(path);
    CHECK_THROWS_AS(gui.forces().add_division("Third Corps", "Rodes", ""), StaleError);
    CHECK_THROWS_WITH(gui.history().undo(), Contains("changed by another muster since this window last looked"));
    CHECK(test::dump(path) == before);
    gui.seen(gui.last_operation());  // it looks again
    gui.forces().add_division("Third Corps", "Rodes", "");
    gui.forces().add_division("Third Corps", "Early", "");  // its own changes do not make it stale
    CHECK(gui.forces().order_of_battle({}).armies.front().corps.front().divisions.size() == 5);
}
