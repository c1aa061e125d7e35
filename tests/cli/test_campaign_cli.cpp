// The campaign commands end to end against temp databases: output, exit codes, files
// unchanged after refusals, two processes at once, a held lock.
#include "app/catalog.hpp"
#include "db/store.hpp"
#include "db/db_support.hpp"
#include "support.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <sstream>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace muster;
using Catch::Matchers::Contains;

namespace {

struct Cli {
    test::TempDir dir;
    std::string db = dir.file("campaigns.db");
    std::string env = "XDG_DATA_HOME=" + dir.file("data");
    /// `input`: standard input (asked dice), else /dev/null.
    test::Run operator()(const std::string& args, const std::string& input = "") const {
        return test::run_muster("--db " + test::quote(db) + " " + args, env, input);
    }
    void ok(const std::string& args) const {
        const auto r = (*this)(args);
        INFO(args << "\n" << r.err);
        REQUIRE(r.code == 0);
    }
    // A refused command: one line on stderr, the code, and the database exactly as before.
    std::string refused(const std::string& args, int code) const {
        const auto before = snapshot();
        const auto r = (*this)(args);
        INFO(args << "\n" << r.out << r.err);
        CHECK(r.code == code);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK(snapshot() == before);
        return r.err;
    }
    // The database's content, or its bytes when it is not one.
    std::string snapshot() const {
        try {
            return test::dump(db);
        } catch (const std::exception&) {
            return test::file_bytes(db);
        }
    }
    void layout() const {
        ok("campaign new 'Virginia 1863' --rules acw --seed 11");
        ok("add army 'Army of Northern Virginia' --side confederate --leader 'R. E. Lee' --grade exceptional");
        ok("add corps 'Third Corps' --army 'Army of Northern Virginia'");
        ok("add division Heth --corps 'Third Corps'");
        ok("add division Pender --corps 'Third Corps'");
        ok("add army 'Army of the Potomac' --side union");
        ok("add corps 'I Corps' --army 'Army of the Potomac'");
        ok("add division Wadsworth --corps 'I Corps'");
    }
};

}  // namespace

TEST_CASE("Campaign commands end to end") {
    Cli cli;
    const auto created = cli("campaign new 'Virginia 1863' --rules acw --seed 11");
    REQUIRE(created.code == 0);
    CHECK_THAT(created.out, Contains("Created campaign \"Virginia 1863\""));
    CHECK_THAT(created.out, Contains("seeded: 11, 0 draws so far"));
    cli.ok("campaign new 'Georgia 1864' --rules acw --return-rate 40 --rounding down --despicable book --dice typed");
    const auto list = cli("campaign list");
    CHECK_THAT(list.out, Contains("Virginia 1863"));
    CHECK_THAT(list.out, Contains("Georgia 1864"));
    CHECK_THAT(cli("campaign show").out, Contains("Georgia 1864"));  // the newest is current
    const auto current = [&](const std::string& name) {
        const auto out = cli("campaign list").out;
        const auto at = out.find(name);
        return at != std::string::npos && out.substr(at, out.find('\n', at) - at).find("current") != std::string::npos;
    };
    CHECK(current("Georgia 1864"));
    CHECK_FALSE(current("Virginia 1863"));
    cli.ok("campaign use 'Virginia 1863'");
    CHECK(current("Virginia 1863"));
    CHECK_FALSE(current("Georgia 1864"));
    CHECK_THAT(cli("campaign show").out, Contains("Virginia 1863"));
    CHECK_THAT(cli("--campaign 'Georgia 1864' campaign show").out, Contains("40%") && Contains("by the book (as average)"));
    // A rule set with no grade played otherwise by the book has nothing for the setting to choose.
    CHECK_THAT(cli("campaign new 'Saratoga 1777' --sample saratoga").out, Contains("Despicable leaders    (the rule set has none)"));
    // Asked to play them by the book, it refuses, naming the setting and the rule set: nothing made, nothing changed.
    for (const auto& asked : {"campaign new 'Minden 1759' --rules awi --despicable book", "campaign set --despicable book",
                              "campaign new 'Leipzig' --sample grossbeeren --despicable book"})
        CHECK_THAT(cli.refused(asked, 2), Contains("despicable leaders \"book\": rule set ") && Contains("has no grade played otherwise by the book"));
    cli.ok("campaign use 'Virginia 1863'");

    cli.ok("add army 'Army of the Potomac' --side union --leader Meade --grade average");
    cli.ok("add corps 'I Corps' --army 'Army of the Potomac' --leader Reynolds --grade exceptional");
    cli.ok("add division Wadsworth --corps 'I Corps'");
    // A label given where the rule set's table gives another: taken as given, and said (a slip, or the unit's own).
    CHECK_THAT(cli("add brigade 'Iron Brigade' --division Wadsworth --rating veteran --stands 6 --label 6/5/3 --leader Meredith --grade average").out,
               Contains("Its label 6/5/3 is as given: rule set acw labels a Veteran brigade of 6 stands 6/4/3 (muster brigade relabel "
                        "'Wadsworth/Iron Brigade' --stands 6 gives it that one)"));
    cli.ok("add battery 'Battery B' --division Wadsworth");
    // A unit's brigades and batteries are told apart by their names: a second of one is refused.
    CHECK_THAT(cli.refused("add battery 'Battery B' --division Wadsworth", 1), Contains("Wadsworth already has a battery named \"Battery B\""));
    CHECK_THAT(cli.refused("add brigade 'Iron Brigade' --division Wadsworth --rating green --stands 5", 1),
               Contains("division Wadsworth already has a brigade named \"Iron Brigade\""));
    cli.ok("add battery 'Reserve A' --corps 'I Corps'");
    CHECK_THAT(cli.refused("add battery 'Reserve A' --corps 'I Corps'", 1), Contains("the Artillery reserve of I Corps already has a battery named \"Reserve A\""));
    cli.ok("add battery 'Reserve A' --army 'Army of the Potomac'");  // another unit's reserve: its own names
    cli.ok("add army 'Army of Northern Virginia' --side confederate");
    cli.ok("add corps 'Third Corps' --army 'Army of Northern Virginia'");
    cli.ok("add division Heth --corps 'Third Corps'");

    const auto preview = cli("arrive Heth --year 1863 --theater east --preview --show-rolls");
    REQUIRE(preview.code == 0);
    CHECK_THAT(preview.out, Contains("PREVIEW"));
    CHECK_THAT(preview.out, Contains("3.) Divisional Strength"));
    const auto arrived = cli("arrive Heth --year 1863 --theater east");
    REQUIRE(arrived.code == 0);
    CHECK_THAT(arrived.out, Contains("hidden from the other side"));
    // The preview showed exactly what arrived.
    CHECK(preview.out.substr(preview.out.find("Heth"), 300) == arrived.out.substr(arrived.out.find("Heth"), 300));
    // The umpire reads every draw of the campaign's dice, each side's own stream too (the
    // arrival drew on the Confederates').
    CHECK_THAT(cli("campaign show").out, Contains("seeded: 11, ") && !Contains(" 0 draws so far"));
    const auto year = cli("arrive Heth --year 99999999999999999999");
    CHECK(year.code == 2);
    CHECK_THAT(year.err, Contains("--year \"99999999999999999999\" is far out of range: above any value --year takes"));
    // A number in decimal digits only, as every file and form of muster's takes it: not hex, octal or binary.
    for (const std::string number : {"0x763", "0b11", "0o17", "1e3", "1863.0", " 1863"}) {
        INFO(number);
        CHECK_THAT(cli.refused("arrive Heth --year " + test::quote(number), 2), Contains("\"" + number + "\" is not a whole number"));
        CHECK_THAT(cli.refused("--lock-wait " + test::quote(number) + " arrive Heth", 2),
                   Contains("--lock-wait: \"" + number + "\" is not a whole number: expected one from 0 to 600000"));
    }
    // Leading zeros are no octal: "010" is ten, as a person writes it (CLI11 alone read it as 8).
    CHECK_THAT(cli("campaign set --return-rate 010").out, Contains("Casualties returning  10%"));
    CHECK_THAT(cli("campaign set --return-rate 09").out, Contains("Casualties returning  9%"));
    CHECK_THAT(cli("campaign set --men-per-stand 0100").out, Contains("Men per stand         100"));
    CHECK(cli("--lock-wait 010 oob").code == 0);
    // A whole number outside an option's range is said to be out of it, however far.
    for (const std::string number : {"-1", "600001", "99999999999999999999"})
        CHECK_THAT(cli.refused("--lock-wait " + number + " arrive Heth", 2), Contains("--lock-wait: \"" + number + "\" is out of range: expected 0 to 600000"));
    CHECK_THAT(cli.refused("brigade relabel 'Heth/1st Brigade' --stands 0", 2), Contains("--stands: \"0\" is out of range: expected 1 to 1000"));

    const auto umpire = cli("oob");
    CHECK_THAT(umpire.out, Contains("Iron Brigade     6/6  6/5/3  Fresh  Veteran  Meredith, Average"));
    CHECK_THAT(umpire.out, Contains("Heth (Infantry, 1863, Eastern Theater of Operations, hidden)"));
    CHECK_THAT(umpire.out, Contains("| umpire's view"));
    CHECK(cli("oob --side confederate --as union").out.find("Heth") == std::string::npos);
    cli.ok("reveal Heth");
    CHECK_THAT(cli("oob --side confederate --as union").out, Contains("Heth"));
    CHECK_THAT(cli("oob --side union --as side").out, Contains("Iron Brigade"));
    CHECK_THAT(cli("oob --format json").out, Contains("\"format\": \"muster-oob/1\""));

    cli.ok("rename brigade 'Wadsworth/Iron Brigade' 'The Iron Brigade'");
    cli.ok("rename leader Meade 'George G. Meade'");
    CHECK_THAT(cli("oob").out, Contains("The Iron Brigade"));
    CHECK_THAT(cli("oob").out, Contains("George G. Meade"));
    CHECK_THAT(cli.refused("rename division Heth Wadsworth", 1), Contains("a division named \"Wadsworth\" already exists"));
    CHECK_THAT(cli.refused("rename brigade 'Nowhere/Nobody' X", 2), Contains("no brigade"));
    cli.ok("undo");
    cli.ok("undo");

    const auto journal = cli("journal");
    CHECK_THAT(journal.out, Contains("preview  Previewed (not applied): Heth arrived"));
    CHECK_THAT(journal.out, Contains("rolls (seeded dice, discarded preview)"));
    CHECK_THAT(journal.out, Contains("arrival  Heth arrived"));

    const auto undo = cli("undo");
    CHECK_THAT(undo.out, Contains("Undid"));
    CHECK_THAT(undo.out, Contains("(reveal)"));
    CHECK(cli("oob --side confederate --as union").out.find("Heth") == std::string::npos);

    const auto check = cli("check");
    CHECK(check.code == 0);
    CHECK_THAT(check.out, Contains("every ledger balances"));

    const auto copy = cli.dir.file("backup.db");
    cli.ok("backup " + copy);
    CHECK(test::run_muster("--db " + copy + " check", cli.env).code == 0);
    CHECK_THAT(test::run_muster("--db " + copy + " oob", cli.env).out, Contains("Iron Brigade"));

    cli.ok("oob --format json > " + cli.dir.file("oob.json"));
    cli.ok("campaign new Copy --rules acw");
    const auto imported = cli("import oob " + cli.dir.file("oob.json"));
    CHECK(imported.code == 0);
    CHECK_THAT(imported.out, Contains("Imported 2 armies, 2 corps, 2 divisions, 4 brigades"));
}

TEST_CASE("Commands refuse bad input with one line and change nothing") {
    Cli cli;
    CHECK_THAT(cli.refused("oob", 1), Contains("no campaign database here"));
    cli.layout();
    CHECK_THAT(cli.refused("arrive", 2), Contains("name the DIVISION that arrives, or give --due"));
    CHECK_THAT(cli.refused("arrive Nobody", 2), Contains("no division named \"Nobody\""));
    CHECK_THAT(cli.refused("arrive Heth --year 1863", 2), Contains("division Heth needs a theater to arrive in: set the campaign's (muster campaign set --date YYYY-MM-DD --theater ID), "
                                                                               "or give its own (muster arrive --theater ID Heth, or --roll-year-theater"));
    CHECK_THAT(cli.refused("arrive Heth --year 1863 --roll-year-theater", 2), Contains("not both"));
    CHECK_THAT(cli.refused("arrive Heth --year 1863 --theater east --rolls 50,101", 2), Contains("typed roll \"101\""));
    CHECK_THAT(cli.refused("add army X --side prussia", 2), Contains("unknown side \"prussia\""));
    CHECK_THAT(cli.refused("add corps X --army Nowhere", 2), Contains("no army named \"Nowhere\""));
    CHECK_THAT(cli.refused("add division Heth --corps 'Third Corps'", 1), Contains("already exists"));
    CHECK_THAT(cli.refused("add brigade X --division Wadsworth --rating veteran --stands abc", 2), Contains("--stands"));
    CHECK_THAT(cli.refused("campaign new 'Virginia 1863' --rules acw", 1), Contains("already exists"));
    CHECK_THAT(cli.refused("campaign new 'VIRGINIA 1863' --rules acw", 1), Contains("a campaign named \"Virginia 1863\" already exists"));
    CHECK_THAT(cli.refused("campaign new Y --rules acw --return-rate 150", 2), Contains("return rate 150 is out of range"));
    CHECK_THAT(cli.refused("campaign use Nope", 2), Contains("no campaign named \"Nope\""));
    CHECK_THAT(cli.refused("--campaign Nope oob", 2), Contains("no campaign named \"Nope\""));
    CHECK_THAT(cli.refused("import oob /nonexistent.json", 1), Contains("/nonexistent.json: cannot open the file"));
    std::ofstream(cli.dir.file("none.json")) << R"({"format": "muster-oob/1", "rules": "acw", "armies": []})";
    CHECK_THAT(cli.refused("import oob " + cli.dir.file("none.json"), 2), Contains("holds no army: nothing to import"));
    CHECK_THAT(cli.refused("backup /nonexistent/dir/b.db", 1), Contains("does not exist"));
    cli.ok("arrive Heth --year 1863 --theater east");
    CHECK_THAT(cli.refused("arrive Heth --year 1863 --theater east", 1), Contains("a division arrives once"));

    // A database of a newer muster: refused, not a byte changed.
    test::raw_sql(cli.db, "PRAGMA user_version = 999");
    const auto bytes = test::file_bytes(cli.db);
    const auto newer = cli("oob");
    CHECK(newer.code == 1);
    CHECK_THAT(newer.err, Contains("written by a newer muster (schema 999"));
    CHECK(test::file_bytes(cli.db) == bytes);
}

TEST_CASE("Files and numbers - special files refused and never waited on, only a regular file replaced, no number clamped") {
    Cli cli;
    cli.layout();
    // Numbers out of range are refused, never clamped.
    CHECK_THAT(cli.refused("campaign new S --rules acw --seed 99999999999999999999999", 2), Contains("is not a seed"));
    CHECK_THAT(cli.refused("campaign new S --rules acw --seed -1", 2), Contains("is not a seed"));
    const auto generated = test::run_muster("generate --rules acw --side union --year 1863 --theater east --seed 18446744073709551616", cli.env);
    CHECK(generated.code == 2);
    CHECK_THAT(generated.err, Contains("is not a seed"));
    CHECK(test::run_muster("generate --rules acw --side union --year 1863 --theater east --seed 18446744073709551615", cli.env).code == 0);
    // A seed is written as every whole number muster takes: a leading + is its sign, the same seed.
    CHECK(test::run_muster("generate --rules acw --side union --year 1863 --theater east --seed +7", cli.env).out ==
          test::run_muster("generate --rules acw --side union --year 1863 --theater east --seed 7", cli.env).out);
    CHECK_THAT(cli.refused("campaign new S --rules acw --seed ' 7'", 2), Contains("is not a seed"));
    const auto empty_db = test::run_muster("--db '' campaign list", cli.env);
    CHECK(empty_db.code == 2);
    CHECK_THAT(empty_db.err, Contains("--db") && Contains("is empty"));

    // A FIFO with no writer, a device, a folder: refused at once with a line, never read.
    const auto fifo = cli.dir.file("pipe.json");
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    for (const auto& [file, says] : std::vector<std::pair<std::string, std::string>>{
             {fifo, "is a pipe or FIFO, not a regular file"}, {"/dev/zero", "is a device, not a regular file"}, {cli.dir.path(), "is a folder"}}) {
        for (const std::string command : {"import oob ", "battle report ", "rules validate "}) {
            INFO(command << file);
            CHECK_THAT(cli.refused(command + test::quote(file), 1), Contains(says));
        }
    }
    // -o replaces a regular file, never a link, a device or a pipe.
    const auto target = cli.dir.file("target.txt");
    std::ofstream(target) << "kept";
    const auto link = cli.dir.file("link.txt");
    REQUIRE(::symlink(target.c_str(), link.c_str()) == 0);
    const auto out_fifo = cli.dir.file("pipe.out");
    REQUIRE(::mkfifo(out_fifo.c_str(), 0600) == 0);
    for (const auto& [out, says] : std::vector<std::pair<std::string, std::string>>{
             {link, "is a symbolic link"}, {out_fifo, "is a pipe or FIFO"}, {"/dev/null", "is a device"}}) {
        INFO(out);
        CHECK_THAT(cli.refused("export oob -o " + test::quote(out) + " --format text", 1), Contains(says) && Contains("nothing was written"));
    }
    CHECK(test::file_bytes(target) == "kept");
    CHECK(std::filesystem::is_symlink(link));
    // Nor a campaign: the open one by any spelling of its path, its log beside it, another
    // campaign's file. An export there destroyed the campaign.
    const auto other = cli.dir.file("other.db");
    REQUIRE(test::run_muster("--db " + test::quote(other) + " campaign new Other --rules acw", cli.env).code == 0);
    const auto campaign = test::file_bytes(cli.db), other_bytes = test::file_bytes(other);
    const auto relative = std::filesystem::path(cli.db).parent_path() / "." / std::filesystem::path(cli.db).filename();
    for (const auto& out : {cli.db, relative.string(), cli.db + "-wal", other})
        for (const std::string command : {"export oob --format text -o ", "export labels --format html -o ", "export oob --format json -o "}) {
            INFO(command << out);
            CHECK_THAT(cli.refused(command + test::quote(out), 1), Contains(out + ": is a campaign database") && Contains("nothing was written"));
        }
    // Nor where a campaign's log or journal is to come, no file there yet: a rule set copied
    // there would be read as the campaign's log.
    for (const auto& out : {other + "-wal", other + "-journal", other + "-shm"})
        for (const std::string command : {"rules copy acw ", "backup ", "handout --side union -o "}) {
            INFO(command << out);
            REQUIRE_FALSE(std::filesystem::exists(out));
            CHECK_THAT(cli.refused(command + test::quote(out), 1), Contains(out + ": is where the campaign database beside it keeps its log or journal"));
            CHECK_FALSE(std::filesystem::exists(out));
        }
    CHECK_THAT(cli.refused("rules copy acw -", 2), Contains("is \"-\": muster writes a file whole"));
    CHECK(test::file_bytes(cli.db) == campaign);
    CHECK(test::file_bytes(other) == other_bytes);
    cli.ok("export oob -o " + test::quote(target) + " --format text");  // a regular file is replaced
    CHECK_THAT(test::file_bytes(target), Contains("Order of battle"));
}

TEST_CASE("A first campaign refused leaves no file, and its error names the file asked for") {
    Cli cli;
    const auto refusal = cli.refused("campaign new X --rules nope", 2);
    CHECK_THAT(refusal, Contains("unknown rule set \"nope\""));
    CHECK(refusal.find(".part-") == std::string::npos);
    CHECK(std::filesystem::is_empty(std::filesystem::path(cli.db).parent_path()));
    // A folder where the file cannot be made: named as asked.
    const auto locked = cli.dir.file("locked");
    std::filesystem::create_directory(locked);
    std::filesystem::permissions(locked, std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
    if (::access(locked.c_str(), W_OK) != 0) {  // not as root
        const auto r = test::run_muster("--db " + test::quote(locked + "/c.db") + " campaign new X --rules acw", cli.env);
        CHECK(r.code != 0);
        CHECK_THAT(r.err, Contains(locked + "/c.db:") && !Contains(".part-"));
    }
    std::filesystem::permissions(locked, std::filesystem::perms::owner_all);
}

TEST_CASE("Corrupt and truncated files are refused with one line") {
    Cli cli;
    std::ofstream(cli.db, std::ios::binary) << std::string(10000, '\x7f');
    CHECK_THAT(cli.refused("oob", 1), Contains("not a muster campaign database (not an SQLite database at all)"));
    CHECK(test::file_bytes(cli.db) == std::string(10000, '\x7f'));

    std::filesystem::remove(cli.db);
    cli.layout();
    cli.ok("arrive Heth --year 1863 --theater east");
    cli.ok("arrive Pender --year 1863 --theater east");
    const auto bytes = test::file_bytes(cli.db);
    std::ofstream(cli.db, std::ios::binary | std::ios::trunc) << bytes.substr(0, bytes.size() / 2);
    const auto truncated = test::file_bytes(cli.db);
    const auto oob = cli("oob");
    CHECK(oob.code == 1);
    CHECK_THAT(oob.err, Contains("damaged"));
    const auto check = cli("check");
    CHECK(check.code == 1);
    CHECK(test::file_bytes(cli.db) == truncated);
}

TEST_CASE("Two processes writing one campaign lose no update") {
    Cli cli;
    cli.layout();
    // Eight musters add divisions at once, then eight make them arrive at once.
    std::string adds, arrivals;
    for (int i = 0; i < 8; ++i) {
        const std::string base = cli.env + " " + MUSTER_BINARY + " --db " + test::quote(cli.db) + " ";
        adds += base + "add division D" + std::to_string(i) + " --corps 'Third Corps' >/dev/null & ";
        arrivals += base + "arrive D" + std::to_string(i) + " --year 1863 --theater east >/dev/null & ";
    }
    REQUIRE(std::system(("(" + adds + "wait)").c_str()) == 0);
    REQUIRE(std::system(("(" + arrivals + "wait)").c_str()) == 0);
    const auto oob = cli("oob").out;
    for (int i = 0; i < 8; ++i) CHECK_THAT(oob, Contains("D" + std::to_string(i) + " (Infantry, 1863"));
    CHECK(cli("check").code == 0);
    // Every arrival took its own dice: the counter is two draws (tens, units) a percentile roll.
    SQLite::Database db(cli.db, SQLite::OPEN_READONLY);
    const auto rolls = db.execAndGet("SELECT count(*) FROM roll WHERE status = 'applied'").getInt64();
    // The arrivals are the Confederacy's, each division's dice its own stream (and its leaders'
    // names another), counted for it (after a control character: "division N"); none from every side's.
    const auto counter = db.execAndGet("SELECT sum(counter) FROM dice_stream WHERE stream LIKE 'confederate|D%'").getInt64();
    CHECK(db.execAndGet("SELECT count(*) FROM dice_stream WHERE stream LIKE 'confederate|D%|names' || char(31) || 'division %'").getInt() == 8);
    CHECK(db.execAndGet("SELECT count(*) FROM dice_stream WHERE stream LIKE 'confederate|D%'").getInt() == 16);
    CHECK(counter == 2 * rolls);
    CHECK(db.execAndGet("SELECT dice_counter FROM campaign").getInt64() == 0);
    CHECK(db.execAndGet("SELECT count(*) FROM operation WHERE kind = 'arrival'").getInt() == 8);
}

TEST_CASE("A held lock: the command waits, then says so and changes nothing") {
    Cli cli;
    cli.layout();
    SQLite::Database holder(cli.db, SQLite::OPEN_READWRITE);
    holder.exec("BEGIN IMMEDIATE");
    const auto r = cli("--lock-wait 200 add division Late --corps 'Third Corps'");
    holder.exec("ROLLBACK");
    CHECK(r.code == 1);
    CHECK_THAT(r.err, Contains("busy (another muster is writing it)"));
    CHECK(cli("oob").out.find("Late") == std::string::npos);
}

TEST_CASE("Readers never wait for a writer: with the write lock held elsewhere, every reading command answers from its snapshot") {
    Cli cli;
    cli.layout();
    cli.ok("arrive Heth --year 1863 --theater east");
    SQLite::Database holder(cli.db, SQLite::OPEN_READWRITE);
    holder.exec("BEGIN IMMEDIATE");
    holder.exec("INSERT INTO meta (key, value) VALUES ('uncommitted', 'x')");  // a writer in the middle of its work
    const auto out = cli.dir.file("out");
    for (const std::string& command : std::vector<std::string>{"campaign list", "campaign show", "oob", "oob --format json", "oob --format csv", "oob --side confederate --as union",
          "export oob -o " + out + ".pdf", "export oob -o " + out + ".html", "export labels -o " + out + "-labels.pdf", "journal",
          "check", "backup " + out + ".db", "leader list", "camp list", "exchange list", "battle list"}) {
        INFO(command);
        const auto r = cli("--lock-wait 0 " + command);
        INFO(r.err);
        CHECK(r.code == 0);
    }
    // A writer still waits for the lock, and says so.
    const auto w = cli("--lock-wait 100 add division Late --corps 'Third Corps'");
    CHECK(w.code == 1);
    CHECK_THAT(w.err, Contains("busy"));
    holder.exec("ROLLBACK");
}

TEST_CASE("check verifies the database itself - schema, ids, numbers, names, references - one named line each") {
    struct Case {
        std::string sql, says;
    };
    for (const auto& [sql, says] : std::vector<Case>{
             {"CREATE TRIGGER more_stands AFTER INSERT ON operation BEGIN UPDATE brigade SET stands = stands + 1; END",
              "schema: a trigger named \"more_stands\" that muster does not make"},
             {"CREATE VIEW everything AS SELECT * FROM brigade", "schema: a view named \"everything\""},
             {"CREATE INDEX by_name ON brigade(name)", "schema: a index named \"by_name\""},
             {"UPDATE leader SET grade = 'godlike' WHERE name = 'Meredith'", "leader Meredith has the grade \"godlike\", which rule set acw does not know"},
             {"UPDATE brigade SET rating = 'elite'", "has the rating \"elite\", which rule set acw does not know"},
             {"UPDATE army SET side = 'prussia' WHERE side = 'union'", "has the side \"prussia\""},
             {"UPDATE campaign SET seed = 'abc'", "campaign row(s) hold something other than a whole number in seed"},
             {"INSERT INTO battle (campaign_id, name, return_rate) VALUES (1, 'Odd', 50)",
              "battles: Odd keeps a rate or rounding its casualties returned at without the other, or without having returned them"},
             {"UPDATE brigade SET name = 'Iron' || char(0) || 'Brigade'", "a NUL character at character 5"},
             {"UPDATE division SET name = CAST(x'48ff' AS TEXT) WHERE name = 'Wadsworth'", "byte \\xFF is not valid UTF-8"},
             {"UPDATE division SET name = 'He' || char(27) || '[2Jth' WHERE name = 'Heth'", "control character U+001B"},
             {"PRAGMA foreign_keys = OFF; UPDATE corps SET army_id = 999", "foreign key: corps row 1 points at a missing army row"},
             // An index whose rows are not its table's: SQLite's own check (run on a second connection) finds it.
             {"PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = 'CREATE INDEX move_by_brigade ON move(stands)' "
              "WHERE name = 'move_by_brigade'",
              "integrity: "},
         }) {
        Cli cli;
        cli.layout();
        cli.ok("add brigade 'Iron Brigade' --division Wadsworth --rating veteran --stands 6 --leader Meredith --grade average");
        test::raw_sql(cli.db, sql);
        INFO(sql);
        const auto before = test::file_bytes(cli.db);
        const auto r = cli("check");
        CHECK(r.code == 1);
        CHECK_THAT(r.out, Contains(says));
        CHECK(r.err.find("unexpected error") == std::string::npos);
        CHECK(r.out.find('\x1b') == std::string::npos);
        CHECK(test::file_bytes(cli.db) == before);
    }
    // A broken reference is damage named by every reading command, never a crash.
    Cli cli;
    cli.layout();
    test::raw_sql(cli.db, "PRAGMA foreign_keys = OFF; UPDATE corps SET army_id = 777");
    const auto oob = cli("oob");
    CHECK(oob.code == 1);
    CHECK_THAT(oob.err, Contains("the campaign database is damaged: a corps points at army 777"));
}

TEST_CASE("A journal index that misses the rows it indexes is damage to whatever reads an entry by it - a preview's arrival, a turn") {
    Cli cli;
    cli.layout();
    cli.ok("campaign set --date 1863-07-01 --theater east");
    cli.ok("arrive Heth --preview");
    cli.ok("schedule Heth --turn 1");
    // The index built over another column, then put back in the schema: its rows name no campaign.
    test::raw_sql(cli.db, "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = 'CREATE INDEX operation_by_campaign ON operation(id)' "
                          "WHERE name = 'operation_by_campaign'");
    test::raw_sql(cli.db, "REINDEX operation_by_campaign");
    test::raw_sql(cli.db, "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = 'CREATE INDEX operation_by_campaign ON operation(campaign_id)' "
                          "WHERE name = 'operation_by_campaign'");
    const auto before = test::file_bytes(cli.db);
    for (const char* command : {"arrive Heth", "arrive --due", "turn next"}) {
        INFO(command);
        const auto r = cli(command);
        CHECK(r.code == 1);
        CHECK_THAT(r.err, Contains("damaged") && Contains("journal entry #"));
        CHECK(test::file_bytes(cli.db) == before);
    }
}

TEST_CASE("A damaged name holding a NUL, listed in a refusal, leaves the refusal whole") {
    Cli cli;
    cli.layout();
    cli.ok("camp new Libby --side confederate");
    test::raw_sql(cli.db, "UPDATE camp SET name = 'Li' || char(0) || 'bby'");
    const auto r = cli("camp liberate Nowhere");
    CHECK(r.code != 0);
    CHECK_THAT(r.err, Contains("(camps: Li\\x00bby)"));
}

TEST_CASE("A read-only database is refused with one line") {
    Cli cli;
    cli.layout();
    std::filesystem::permissions(cli.dir.path(), std::filesystem::perms::all);
    std::filesystem::permissions(cli.db, std::filesystem::perms::owner_read | std::filesystem::perms::group_read |
                                             std::filesystem::perms::others_read);
    const auto before = test::file_bytes(cli.db);
    // root writes anything: run as nobody when we are root.
    const std::string as = ::geteuid() == 0 ? "setpriv --reuid=nobody --regid=nogroup --clear-groups " : "";
    const auto r = test::run_muster("--db " + cli.db + " add division Late --corps 'Third Corps'", cli.env + " " + as);
    CHECK(r.code == 1);
    CHECK_THAT(r.err, Contains(cli.db));
    CHECK_THAT(r.err, Contains("read-only") || Contains("cannot open"));
    CHECK(test::file_bytes(cli.db) == before);
    // ...by the superuser too, whom the permissions do not stop: the file was made so for everyone.
    const auto mine = test::run_muster("--db " + cli.db + " undo", cli.env);
    CHECK(mine.code == 1);
    CHECK_THAT(mine.err, Contains("read-only"));
    CHECK(test::file_bytes(cli.db) == before);
    // One this user may not read at all: refused with the reason.
    std::filesystem::permissions(cli.db, std::filesystem::perms::none);
    const auto unreadable = test::run_muster("--db " + cli.db + " oob", cli.env + " " + as);
    CHECK(unreadable.code == 1);
    CHECK_THAT(unreadable.err, Contains("cannot open the campaign database") && Contains("permission denied, this user may not read it"));
    std::filesystem::permissions(cli.db, std::filesystem::perms::owner_read);
    CHECK(test::file_bytes(cli.db) == before);
}

TEST_CASE("An export takes its format from the file's extension and refuses one that contradicts --format") {
    Cli cli;
    cli.ok("campaign new C --rules acw --seed 5");
    cli.ok("add army Army --side union");
    cli.ok("add corps Corps --army Army");
    cli.ok("add division D1 --corps Corps");
    cli.ok("arrive D1 --year 1863 --theater east");
    const auto starts_with = [](const std::string& file, const std::string& head) {
        return test::file_bytes(file).rfind(head, 0) == 0;
    };
    cli.ok("export oob -o " + cli.dir.file("guess.pdf"));
    CHECK(starts_with(cli.dir.file("guess.pdf"), "%PDF"));
    cli.ok("export oob -o " + cli.dir.file("guess.HTML"));
    CHECK(starts_with(cli.dir.file("guess.HTML"), "<!DOCTYPE html>"));
    cli.ok("export labels -o " + cli.dir.file("labels.html"));
    CHECK(starts_with(cli.dir.file("labels.html"), "<!DOCTYPE html>"));
    cli.ok("export oob --format csv -o " + cli.dir.file("no-extension"));
    CHECK(test::file_bytes(cli.dir.file("no-extension")).find("side,army,corps") != std::string::npos);
    CHECK_THAT(cli.refused("export oob --format text -o " + cli.dir.file("x.pdf"), 2),
               Contains("x.pdf is named as pdf but the format asked for is text"));
    CHECK_THAT(cli.refused("export labels -o " + cli.dir.file("x.csv"), 2), Contains("which this export does not come in (html or pdf)"));
    CHECK_FALSE(std::filesystem::exists(cli.dir.file("x.pdf")));
    CHECK_FALSE(std::filesystem::exists(cli.dir.file("x.csv")));
}

TEST_CASE("The campaign clock and the reinforcement schedule: turns pass, the date moves on, the divisions due arrive") {
    Cli cli;
    cli.ok("campaign new Season --rules acw --seed 5 --date 1863-06-01 --theater east --turn-length 7d");
    cli.ok("add army ANV --side confederate");
    cli.ok("add corps III --army ANV");
    cli.ok("add army AoP --side union");
    cli.ok("add corps I --army AoP");
    for (const char* d : {"Heth", "Pender"}) cli.ok(std::string("add division ") + d + " --corps III");
    for (const char* d : {"Wadsworth", "Doubleday"}) cli.ok(std::string("add division ") + d + " --corps I");
    CHECK_THAT(cli("schedule Heth --turn 2").out, Contains("Scheduled Heth to arrive on turn 2 (1863-06-08)"));
    CHECK_THAT(cli("schedule Pender --date 1863-06-16").out, Contains("turn 3 (1863-06-15)"));  // the turn that holds the date
    cli.ok("schedule Wadsworth --turn 2");
    cli.ok("schedule Doubleday --turn 9");
    // Taking off and moving at once is refused, changing nothing (it took him off, the turn unread).
    const auto both = cli("schedule Doubleday --clear --turn 3");
    CHECK(both.code == 2);
    CHECK_THAT(both.err, Contains("--clear takes Doubleday off the schedule: give it alone"));
    cli.ok("schedule Doubleday --clear");
    const auto listed = cli("schedule").out;
    CHECK_THAT(listed, Contains("Heth") && Contains("Pender") && Contains("Wadsworth"));
    CHECK(listed.find("Doubleday") == std::string::npos);
    CHECK(cli("schedule list").out == listed);  // as "camp list" and the others

    const auto now = cli("turn").out;
    CHECK_THAT(now, Contains("Turn 1 of campaign Season: 1863-06-01 (turns of 7 days)"));
    CHECK_THAT(now, Contains("Due next turn: Heth (Confederate), Wadsworth (Union)"));
    // A side reads the turn, the date and its own who are coming (as its served season page
    // does); the enemy's are the umpire's. Scheduling is the umpire's.
    const auto side = cli("turn --as union").out;
    CHECK_THAT(side, Contains("Turn 1") && Contains("Due next turn: Wadsworth (Union)\n"));
    CHECK(side.find("Heth") == std::string::npos);
    const auto schedule = cli("schedule --as union").out;
    CHECK_THAT(schedule, Contains("Wadsworth"));
    CHECK(schedule.find("Heth") == std::string::npos);
    CHECK_THAT(cli.refused("schedule Wadsworth --turn 4 --as union", 2), Contains("scheduling a division is the umpire's work"));
    CHECK_THAT(cli.refused("turn --as union next", 2), Contains("the next turn is the umpire's to begin"));
    CHECK(cli("journal --as union").out.find("Scheduled") == std::string::npos);

    const auto second = cli("turn next");
    REQUIRE(second.code == 0);
    CHECK_THAT(second.out, Contains("Turn 2 begins: 1863-06-08"));
    CHECK_THAT(second.out, Contains("Heth (Infantry, Confederate), 1863") && Contains("Wadsworth (Infantry, Union), 1863"));
    CHECK(second.out.find("Pender (") == std::string::npos);
    CHECK(second.out.find("Turn 2 begins") < second.out.find("Heth (Infantry, Confederate)"));  // due on turn 2: after it begins
    CHECK(second.out.find("Due before turn") == std::string::npos);
    CHECK_THAT(cli("campaign show").out, Contains("1863-06-08") && Contains("2, of 7 days"));
    const auto journal = cli("journal").out;
    CHECK_THAT(journal, Contains("turn  Turn 2 begins: 1863-06-08") && Contains("arrival  Heth arrived"));
    CHECK_THAT(cli("turn").out, Contains("Due now: nothing") && Contains("Due next turn: Pender (Confederate)"));
    CHECK_THAT(cli("turn next").out, Contains("Turn 3 begins: 1863-06-15") && Contains("Pender (Infantry, Confederate), 1863"));
    CHECK(cli("check").code == 0);
    // The arrivals are hidden as usual: the Union sees none of the Confederate reinforcements.
    CHECK(cli("oob --as union").out.find("Heth") == std::string::npos);
    CHECK_THAT(cli("schedule").out, Contains("arrived"));

    // Refused, naming what was wrong, changing nothing.
    CHECK_THAT(cli.refused("schedule Heth --turn 5", 1), Contains("has arrived"));
    CHECK_THAT(cli.refused("schedule Doubleday --turn 2", 2), Contains("turn 2 has passed: expected turn 3"));
    for (const char* turn : {"0", "-1", "100001", "3x", "many", "99999999999999999999"})
        CHECK_THAT(cli.refused(std::string("schedule Doubleday --turn ") + turn, 2),
                   Contains(std::string("\"") + turn + "\" is not a turn: expected a whole number from 1 to 100000"));
    CHECK_THAT(cli.refused("schedule Doubleday --date 1863-05-01", 2), Contains("before the campaign's date"));
    CHECK_THAT(cli.refused("schedule Doubleday --date 1863-02-30", 2), Contains("not a day of the calendar"));
    CHECK_THAT(cli.refused("schedule Doubleday", 2), Contains("--turn N") && Contains("--date"));
    CHECK_THAT(cli.refused("schedule Nobody --turn 4", 2), Contains("no division named \"Nobody\""));
    CHECK_THAT(cli.refused("campaign set --turn-length 0d", 2), Contains("turn length 0 days is out of range"));
    CHECK_THAT(cli.refused("campaign set --turn-length soon", 2), Contains("is not a length"));
    // Undo takes back the last turn whole: the turn and the arrival it brought.
    CHECK_THAT(cli("undo").out, Contains("Pender arrived") && Contains("Turn 3 begins"));
    CHECK_THAT(cli("turn").out, Contains("Turn 2 of campaign Season: 1863-06-08") && Contains("Due next turn: Pender"));
    // The clock stops at the rule set's last year: a refusal (1), for turn next takes no
    // argument to be wrong; a date typed past it is a usage error (2).
    cli.ok("campaign set --date 1865-12-30");
    CHECK_THAT(cli.refused("turn next", 1), Contains("turn 3 would begin on 1866-01-06, after rule set acw's last year, 1865"));
    CHECK_THAT(cli.refused("campaign set --date 1866-01-01", 2), Contains("outside rule set acw's years"));
}

TEST_CASE("On the command line, names and option values are taken as people type them, and a miss suggests") {
    Cli cli;
    cli.layout();
    cli.ok("add division Robinson --corps 'I Corps'");
    CHECK_THAT(cli.refused("arrive robinsn --year 1863 --theater east", 2), Contains("no division named \"robinsn\"") && Contains("did you mean Robinson?"));
    cli.ok("arrive heth --year 1863 --theater East");                 // the division and the theater ignoring case
    cli.ok("camp new Elmira --side Union");
    cli.ok("add division Rodes --corps 'third corps'");
    CHECK_THAT(cli("oob --as UNION").out, Contains("view of the Union"));
    CHECK_THAT(cli("oob --as confederate").out, Contains("view of the Confederates"));  // a side named as its men together
    cli.ok("campaign set --rounding Half_Up");
    cli.ok("export labels --paper A4 --format pdf -o " + test::quote(cli.dir.file("labels.pdf")));
    cli.ok("add brigade 'Iron Brigade' --division Wadsworth --rating veteran --stands 6 --leader Meredith --grade average");
    cli.ok("export labels --brigadier -o " + test::quote(cli.dir.file("brigadiers.pdf")));
    CHECK_THAT(test::pdf_text(cli.dir.file("brigadiers.pdf")), Contains("Meredith"));
    // A leader's new name that is another's, or a command's, but for case: a reference typed
    // either way would name two leaders.
    CHECK_THAT(cli.refused("rename leader Meredith 'r. e. lee'", 1), Contains("a leader named \"R. E. Lee\" already exists"));
    CHECK_THAT(cli.refused("rename leader Meredith 'army of northern virginia'", 1),
               Contains("\"army of northern virginia\" is what leader") && Contains("commands"));
    cli.ok("handout --side union --brigadier -o " + test::quote(cli.dir.file("handout")));
    CHECK_THAT(test::pdf_text(cli.dir.file("handout/labels.pdf")), Contains("Meredith"));
    CHECK_THAT(cli.refused("add division Early --corps 'Thrid Corps'", 2), Contains("did you mean Third Corps?"));
    CHECK(cli("check").code == 0);
}

namespace {

// The numbers of the rolls asked for, in order ("Roll 3 (d6) for ...?" reads 3).
std::vector<int> asked(const std::string& err) {
    std::vector<int> out;
    for (size_t at = err.find("Roll "); at != std::string::npos; at = err.find("Roll ", at + 1)) out.push_back(std::stoi(err.substr(at + 5)));
    return out;
}

std::string joined(const std::vector<std::string>& rolls, size_t n) {
    std::string out;
    for (size_t i = 0; i < n; ++i) out += (i ? "," : "") + rolls[i % rolls.size()];
    return out;
}

}  // namespace

TEST_CASE("Dice at the table: --dice ask reads one roll a line on a pipe, asks again after a bad one, takes one back") {
    // Twin campaigns of typed dice: one asked roll by roll, the other given the same rolls up front.
    Cli ask, given;
    for (const Cli* c : {&ask, &given}) {
        c->ok("campaign new T --rules acw --dice typed --seed 1 --date 1863-06-01 --theater east --turn-length 7d");
        c->ok("add army ANV --side confederate");
        c->ok("add corps III --army ANV");
        for (const char* d : {"Heth", "Pender", "Rodes"}) c->ok(std::string("add division ") + d + " --corps III");
        c->ok("schedule Pender --turn 2");
        c->ok("schedule Rodes --turn 2");
    }
    // 2 to 6 read on every die muster asks for (d6, d10, 2d6, percentile).
    const std::vector<std::string> pattern = {"4", "2", "6", "3", "5"};
    std::string rest;
    for (size_t i = 2; i < 400; ++i) rest += pattern[i % pattern.size()] + "\n";
    // Nothing to take back yet; a word and a zero refused; a roll of 5 taken back.
    const auto arrival = ask("arrive Heth --dice ask --show-rolls", "back\n4\nseven\n0\n2\n5\nback\n" + rest);
    INFO(arrival.err);
    REQUIRE(arrival.code == 0);
    CHECK_THAT(arrival.err, Contains("no roll to take back") && Contains("took back roll 3 (5)"));
    CHECK_THAT(arrival.err, Contains("\"seven\"") && Contains("roll again"));
    CHECK_THAT(arrival.err, Contains("? 4\nRoll 2"));  // on a pipe the roll read is echoed after its question
    const auto numbers = asked(arrival.err);
    REQUIRE(numbers.size() > 3);
    // Each roll is asked for by its number: 1 (nothing to take back), 1, 2 (refused twice), 2, 2, 3, 4 (take 3 back), 3, 4, ...
    REQUIRE(numbers.size() > 8);
    CHECK(std::vector<int>(numbers.begin(), numbers.begin() + 9) == std::vector<int>{1, 1, 2, 2, 2, 3, 4, 3, 4});
    const auto used = static_cast<size_t>(*std::max_element(numbers.begin(), numbers.end()));
    CHECK(arrival.out == given("arrive Heth --show-rolls --rolls " + joined(pattern, used)).out);

    // Input that ends before the rolls do: refused, naming the roll, nothing changed.
    const auto before = ask.snapshot();
    const auto short_input = ask("arrive Pender --dice ask", "4\n2\n");
    CHECK(short_input.code != 0);
    CHECK_THAT(short_input.err, Contains("roll 3") && Contains("when standard input ended"));
    CHECK(ask.snapshot() == before);

    // A leader replaced and a recovery, asked; the twin given the same rolls says the same.
    const auto replaced = ask("leader replace Heth --force --dice ask --show-rolls", "3\n");
    REQUIRE(replaced.code == 0);
    CHECK(replaced.out == given("leader replace Heth --force --show-rolls --rolls 3").out);
    for (const Cli* c : {&ask, &given}) c->ok("battle report --name Cashtown --date 1863-06-05 --loss 'Heth/1st Brigade=3'");
    const auto recovered = ask("battle recover Cashtown --dice ask --show-rolls", "30\n");
    REQUIRE(recovered.code == 0);
    CHECK(asked(recovered.err).size() == 1);
    CHECK(recovered.out == given("battle recover Cashtown --show-rolls --rolls 30").out);

    // The turn's arrivals, each asked from roll 1; both divisions due arrive.
    const auto turn = ask("turn next --dice ask", rest + rest);
    INFO(turn.err);
    REQUIRE(turn.code == 0);
    CHECK_THAT(turn.out, Contains("Pender (Infantry, Confederate)") && Contains("Rodes (Infantry, Confederate)"));
    const auto turn_rolls = asked(turn.err);
    CHECK(std::count(turn_rolls.begin(), turn_rolls.end(), 1) == 2);
    CHECK_THAT(turn.err, Contains("Dice for Pender:\nRoll 1") && Contains("Dice for Rodes:\nRoll 1"));
    ask.ok("check");
    // An input that never ends in good rolls (bad values, take-backs) is refused, not followed forever.
    std::string endless;
    for (int i = 0; i < 3000; ++i) endless += i % 2 ? "back\n" : "seven\n";
    const auto loop = ask("leader replace Heth --force --dice ask", endless);
    CHECK(loop.code == 2);
    CHECK_THAT(loop.err, Contains("more than 1000 answers for one operation"));
    // --dice takes one word.
    CHECK_THAT(ask.refused("leader replace Heth --force --dice roll", 2), Contains("expected ask"));
}

TEST_CASE("Small edits: a division's nationality (its leaders' names drawn from it), a brigade relabelled, a battery renamed, the dice switched") {
    Cli cli;
    cli.ok("campaign new N --rules napoleonic --seed 4 --date 1813-08-01");
    cli.ok("add army Bohemia --side allies");
    cli.ok("add corps II --army Bohemia");
    cli.ok("add division Eugen --corps II");
    CHECK_THAT(cli("division nationality eugen RUSS").out, Contains("Nationality of Eugen: Russians"));
    CHECK_THAT(cli("division nationality Eugen Russians").out, Contains("Nationality of Eugen: Russians"));  // by its name, as rules show prints it
    CHECK_THAT(cli.refused("division nationality Eugen martian", 2), Contains("expected french, russian, british"));
    cli.ok("arrive Eugen");
    CHECK_THAT(cli("oob").out, Contains("Eugen (Infantry, 1813, Russians, hidden)"));
    // The CSV carries it on each of the division's lines, and on no other.
    const auto csv = cli("oob --format csv").out;
    CHECK_THAT(csv, Contains(",batteries,nationality,commander_out_for,alternate_out_for,muster,"));
    size_t russian_lines = 0;
    std::istringstream records(csv);
    for (std::string record; std::getline(records, record);) {
        const bool eugen = record.find("Eugen,") != std::string::npos;
        if (record.find(",russian,") != std::string::npos) {
            CHECK(eugen);
            ++russian_lines;
        } else {
            CHECK_FALSE((eugen && record.find(",II,Eugen,") != std::string::npos));
        }
    }
    CHECK(russian_lines >= 3);  // its brigades, batteries and total
    // The nationality goes out with the JSON order of battle and comes back in with it.
    const auto exported = cli.dir.file("n.json");
    cli.ok("export oob --format json -o " + exported);
    CHECK_THAT(test::file_bytes(exported), Contains("\"nationality\": \"russian\""));
    const Cli other;
    other.ok("campaign new M --rules napoleonic --seed 4 --date 1813-08-01");
    other.ok("import oob " + exported);
    CHECK_THAT(other("oob").out, Contains("Eugen (Infantry, 1813, Russians, hidden)"));
    // Every leader the tables rolled for a Russian division bears a Russian general's name.
    std::set<std::string> russian;
    for (const auto& list : app::leader_name_lists())
        if (list.nationality == "russian")
            for (const auto& n : list.names) russian.insert(n.name);
    REQUIRE(russian.size() > 50);
    const auto leaders = cli("leader list").out;
    size_t named = 0;
    std::istringstream lines(leaders);
    std::string line;
    std::getline(lines, line);  // the header
    while (std::getline(lines, line)) {
        std::istringstream words(line);
        std::string number, name;
        words >> number >> name;
        INFO(line);
        CHECK(russian.count(name) == 1);
        ++named;
    }
    CHECK(named >= 3);

    CHECK_THAT(cli("brigade relabel 'Eugen/1st Brigade' --stands 10").out, Contains("Relabelled Eugen/1st Brigade: 8/6/4 -> "));
    CHECK_THAT(cli.refused("brigade relabel 'Eugen/1st Brigade' --stands 5", 2), Contains("below the 8 Eugen/1st Brigade has"));
    CHECK_THAT(cli.refused("brigade relabel 'Eugen/1st Brigade' --stands 99", 2), Contains("no label for an Average Line brigade of 99 stands"));
    // Relabelled again as it is: nothing to change, nothing journalled (undo would pass over it).
    CHECK_THAT(cli.refused("brigade relabel 'Eugen/1st Brigade' --stands 10", 2), Contains("starts at 10 stands, labelled") && Contains("already"));
    cli.ok("add battery 'Horse Battery' --division Eugen");
    cli.ok("add battery 'Foot Battery' --division Eugen");
    CHECK_THAT(cli.refused("rename battery 'Eugen/Horse Battery' 'Foot Battery'", 1), Contains("Eugen already has a battery named \"Foot Battery\""));
    cli.ok("rename battery 'Eugen/Horse Battery' '12th Horse Battery'");
    CHECK_THAT(cli("oob").out, Contains("12th Horse Battery"));
    CHECK(cli("journal --as french").out.find("Horse") == std::string::npos);  // the Allies' own edit

    // Switching the dice: typed from now on, asked for; then seeded again.
    CHECK_THAT(cli("campaign set --dice typed").out, Contains("typed in by the organiser"));
    cli.ok("add division Gortschakov --corps II");
    CHECK_THAT(cli.refused("arrive Gortschakov", 2), Contains("ran out at roll 1") && Contains("give every roll with --rolls, or --dice ask to be asked for each in turn"));
    // Due, it is refused the same way, as the usage it is, however it comes due.
    cli.ok("schedule Gortschakov --turn 1");
    CHECK_THAT(cli.refused("arrive --due --rolls 5", 2), Contains("Gortschakov, due on") && Contains("ran out at roll 2") &&
                                                              Contains("or --rolls where one division alone is rolled up"));
    cli.ok("schedule Gortschakov --turn 2");
    // turn next takes no --rolls: its refusal offers what it takes.
    const auto next = cli.refused("turn next", 2);
    CHECK_THAT(next, Contains("Gortschakov, due on") && Contains("ran out at roll 1") && Contains("--dice ask") && !Contains("--rolls"));
    cli.ok("campaign set --dice seeded");
    cli.ok("arrive Gortschakov");
    cli.ok("check");
}

TEST_CASE("campaign samples lists the samples, and campaign new --sample starts one - played on, undone, refused whole") {
    Cli cli;
    const auto list = cli("campaign samples");
    REQUIRE(list.code == 0);
    for (const char* s : {"gettysburg", "saratoga", "grossbeeren", "Source: ", "muster campaign new NAME --sample ID"})
        CHECK_THAT(list.out, Contains(s));

    // Refused before anything is created: no file is left where there was none...
    for (const char* refused : {"campaign new G --sample antietam", "campaign new G --rules nowhere", "campaign new G"}) {
        INFO(refused);
        CHECK(cli(refused).code == 2);
        CHECK_FALSE(std::filesystem::exists(cli.db));
    }
    // ...and not a byte of a file that was there changes.
    cli.ok("campaign new First --rules acw");
    CHECK_THAT(cli.refused("campaign new G --sample antietam", 2),
               Contains("no sample campaign \"antietam\"") && Contains("gettysburg, grossbeeren, saratoga"));
    CHECK_THAT(cli.refused("campaign new G --sample saratoga --rules acw", 2), Contains("sample saratoga is written for rule set awi, not acw"));
    CHECK_THAT(cli.refused("campaign new G --sample gettysburg --date 1777-01-01", 2), Contains("outside rule set acw's years"));
    CHECK_THAT(cli.refused("campaign new First --sample gettysburg", 1), Contains("already exists"));
    CHECK_THAT(cli.refused("campaign new G", 2), Contains("--rules ID") && Contains("--sample ID"));

    // Started as typed ("gett"), with the sample's settings unless given: a week's turns here.
    const auto made = cli("campaign new G --sample gett --turn-length 7d --seed 5");
    INFO(made.err);
    REQUIRE(made.code == 0);
    CHECK_THAT(made.out, Contains("1863-07-01") && Contains("east") && Contains("of 7 days"));
    CHECK_THAT(cli("turn").out, Contains("Due now: Robinson"));
    CHECK_THAT(cli("journal").out, Contains("Started from sample gettysburg"));
    CHECK_THAT(cli("oob").out, Contains("Iron Brigade") && Contains("Armistead's Brigade"));
    // Undone: the sample's forces and schedule go, the campaign stays.
    cli.ok("undo");
    CHECK_THAT(cli("oob").out, !Contains("Iron Brigade"));
    CHECK_THAT(cli("schedule").out, !Contains("Robinson"));
    cli.ok("check");

    // Played on: the next turn rolls up the divisions due, and the ledger holds.
    cli.ok("campaign new H --sample grossbeeren --seed 3");
    const auto next = cli("turn next");
    INFO(next.err);
    CHECK(next.code == 0);
    CHECK_THAT(cli("turn").out, Contains("Turn 2") && Contains("1813-08-24") && Contains("(turns of 1 day)"));
    CHECK_THAT(cli("oob").out, Contains("Lecoq") && Contains("Borstell") && !Contains("not yet arrived, Prussians"));
    cli.ok("check");
}

TEST_CASE("turn next prints in the journal's order: the divisions due on the turn that ends, then the turn beginning") {
    test::TempDir dir;
    const auto db = "--db " + test::quote(dir.file("c.db"));
    REQUIRE(test::run_muster(db + " campaign new G --sample gettysburg").code == 0);  // divisions due on turn 1 wait
    const auto next = test::run_muster(db + " turn next");
    REQUIRE(next.code == 0);
    const auto due_before = next.out.find("Due before turn 2, arrived as turn 1 ended:");
    const auto begins = next.out.find("Turn 2 begins");
    REQUIRE(due_before != std::string::npos);
    REQUIRE(begins != std::string::npos);
    CHECK(due_before < next.out.find("Journal #"));  // the first arrival's entry comes after its heading
    CHECK(next.out.find("Journal #") < begins);
    CHECK(test::run_muster(db + " check").code == 0);
}

TEST_CASE("muster's own words are taken as names are: exactly, in any case, or by a beginning only one has") {
    Cli cli;
    cli.ok("campaign new Words --rules acw --rounding HALF --dice Seed");
    CHECK_THAT(cli("campaign show").out, Contains("Fractions of stands   half_up") && Contains("Dice                  seeded"));
    cli.ok("add army AoP --side union");
    cli.ok("export labels --paper LET -o " + test::quote(cli.dir.file("l.pdf")));
    cli.ok("export oob --format j -o " + test::quote(cli.dir.file("oob.out")));
    CHECK(test::file_bytes(cli.dir.file("oob.out")).rfind("{\n  \"format\": \"muster-oob/1\"", 0) == 0);
    CHECK_THAT(cli.refused("campaign set --rounding up", 2), Contains("--rounding: \"up\" is not a rounding: expected down, half_up or roll"));
    CHECK_THAT(cli.refused("export labels --paper b5 -o x.pdf", 2), Contains("--paper: \"b5\" is not a paper: expected a4 or letter"));
    // A usage error names the option that would mend it; what the rule set cannot do is a refusal.
    // A year is asked for where a table reads it and none rolls it; the AWI's, which no table
    // reads, is not (nor said to be rolled).
    const auto rules = cli.dir.file("noyear.json");
    cli.ok("rules copy acw " + test::quote(rules));
    auto text = test::file_bytes(rules);
    for (const auto& [from, to] : {std::pair<std::string, std::string>{"\"id\": \"acw\"", "\"id\": \"noyr\""},
                                   {"\"division\": [\"year_theater\", \"brigades\"]", "\"division\": [\"brigades\"]"}}) {
        const auto at = text.find(from);
        REQUIRE(at != std::string::npos);
        text.replace(at, from.size(), to);
    }
    std::ofstream(rules, std::ios::binary | std::ios::trunc) << text;
    const auto generated = cli("generate --rules " + test::quote(rules) + " --side union");
    CHECK(generated.code == 2);
    CHECK_THAT(generated.err, Contains("rule set noyr has no table that rolls the year: give it (--year, 1861 to 1865)"));
    CHECK_THAT(cli("generate --rules awi --side british --seed 4").out, StartsWith("Brigade (Formed infantry, British)\n"));
    CHECK_THAT(cli("rules odds --rules awi --side british").out, StartsWith("Exact odds of a brigade: awi, british, infantry\n"));
    CHECK_THAT(cli.refused("leader casualty Nobody", 1), Contains("rule set acw has no Fallen Leaders table"));
    CHECK_THAT(cli.refused("export oob --format '' -o x.out", 2), Contains("--format: \"\" is not a format: expected text, md, csv, html, json or pdf"));
}

TEST_CASE("A new name must differ from the others of its kind by more than case (no one could then type either), but a unit may take its own name in another case") {
    Cli cli;
    cli.ok("campaign new Gettysburg --sample gettysburg");
    cli.ok("camp new Elmira --side union");
    CHECK_THAT(cli.refused("camp new ELMIRA --side union", 1), Contains("a camp of the Union side named \"Elmira\" already exists"));
    CHECK_THAT(cli.refused("add army \"army of the potomac\" --side union", 1), Contains("an army named \"Army of the Potomac\" already exists"));
    CHECK_THAT(cli.refused("add corps \"i corps\" --army \"Army of the Potomac\"", 1), Contains("a corps named \"I Corps\" already exists in this campaign (no two armies, corps or divisions are called alike, on either side"));
    CHECK_THAT(cli.refused("add division HETH --corps \"Third Corps\"", 1), Contains("a division named \"Heth\" already exists"));
    // Nor an army, a corps and a division alike: "I Corps" would name them all, and no more of
    // the name could tell them apart.
    CHECK_THAT(cli.refused("rename army \"Army of the Potomac\" \"i corps\"", 1), Contains("a corps named \"I Corps\" already exists"));
    CHECK_THAT(cli.refused("add division \"I Corps\" --corps \"II Corps\"", 1), Contains("a corps named \"I Corps\" already exists"));
    CHECK_THAT(cli.refused("add corps Heth --army \"Army of the Potomac\"", 1), Contains("a division named \"Heth\" already exists"));
    CHECK_THAT(cli.refused("rename corps \"I Corps\" heth", 1), Contains("a division named \"Heth\" already exists"));
    CHECK_THAT(cli.refused("add brigade \"ARCHER'S BRIGADE\" --division Heth --rating veteran --stands 6", 1),
               Contains("division Heth already has a brigade named \"Archer's Brigade\""));
    CHECK_THAT(cli.refused("rename division Pender HETH", 1), Contains("a division named \"Heth\" already exists"));
    CHECK_THAT(cli.refused("add brigade Newer --division Heth --rating veteran --stands 6 --leader ARCHER --grade average", 1),
               Contains("a leader named \"Archer\" already exists"));
    CHECK_THAT(cli.refused("rename division heth Heth", 1), Contains("division Heth is already named so"));
    CHECK_THAT(cli.refused("rename brigade \"Heth/Archer's Brigade\" \"Archer's Brigade\"", 1), Contains("is already named so"));
    CHECK_THAT(cli.refused("rename brigade \"Heth/Davis's Brigade\" \"archer's brigade\"", 1), Contains("already has a brigade named \"Archer's Brigade\""));
    // What was found is confirmed as the campaign spells it, not as typed.
    CHECK_THAT(cli("rename division heth HETH").out, Contains("Renamed division Heth to HETH."));
    CHECK_THAT(cli("rename brigade \"heth/archer\" \"archer's brigade\"").out, Contains("Renamed brigade HETH/Archer's Brigade to archer's brigade."));
    CHECK_THAT(cli("camp new Libby --side CONFEDERATE").out, Contains("Opened camp Libby (Confederate)."));
    CHECK_THAT(cli.refused("camp new Andersonville --side ''", 2), Contains("--side: is empty: give a value"));
    // An empty value is no value, whatever the option: refused naming it, never read as the option
    // left out (an export of every battle, every side's order of battle, the dice rolled unasked).
    for (const std::string command : {"export oob -o x.txt --battle ''", "oob --side ''", "arrive Pender --rolls ''", "battle draft ''",
                                      "exchange propose --from union --with '' --offer x", "rules show acw ''"}) {
        INFO(command);
        CHECK_THAT(cli.refused(command, 2), Contains(": is empty: give a value"));
    }
    // A value that must be given is not told to be left out.
    CHECK_THAT(cli.refused("battle show ''", 2), Contains("BATTLE: is empty: give a value") && !Contains("leave it out"));
    cli.ok("campaign new Other --rules awi --date 1777-01-01");
    CHECK_THAT(cli("campaign use gettys").out, Contains("Current campaign: Gettysburg"));
}

TEST_CASE("A rule set's ids are taken in any case outside a campaign as in one: the rule set, a side, a theater, a play table, its column and modifiers") {
    Cli cli;
    const auto upper = cli("generate --rules ACW --side UNION --theater EAST --year 1863 --seed 5");
    const auto lower = cli("generate --rules acw --side union --theater east --year 1863 --seed 5");
    REQUIRE(lower.code == 0);
    CHECK(upper.code == 0);
    CHECK(upper.out == lower.out);
    CHECK(cli("generate --rules acw --side UN --year 1863 --theater e --seed 5").out == lower.out);  // a beginning only one has
    CHECK_THAT(cli.refused("generate --rules acw --side martian --seed 5", 2), Contains("unknown side \"martian\""));
    const auto table = [&](const std::string& words) { return cli("table roll " + words + " --rolls 3+4"); };
    const auto shouted = table("MANOEUVRE --rules NAPOLEONIC --column DISORDER --modifier BAD_GOING");
    const auto spoken = table("manoeuvre --rules napoleonic --column disorder --modifier bad_going");
    REQUIRE(spoken.code == 0);
    CHECK(shouted.code == 0);
    CHECK(shouted.out == spoken.out);
}

TEST_CASE("Replacing a commander killed out of the enemy's sight asks for --force, saying he was killed and why it matters") {
    const test::CampaignFile c;
    c.ok("campaign new G --sample gettysburg --seed 3");
    c.ok("battle report --name Solo --division Heth --leader \"Heth/Archer's Brigade:killed\" --keep-hidden");
    c.ok("reveal Heth");
    CHECK_THAT(c.refused("leader replace \"Heth/Archer's Brigade\"", 1),
               Contains("was killed out of the enemy's sight, and it reads him in command and sound: replacing him shows it a new commander") &&
                   Contains("give --force"));
    CHECK_THAT(c.ok("leader replace \"Heth/Archer's Brigade\" --force"), Contains("New commander of Heth/Archer's Brigade"));
}

TEST_CASE("leader replace by a commander's name two leaders bear says so, naming them, not that no unit has the name") {
    const test::CampaignFile c;
    c.ok("campaign new G --sample grossbeeren --seed 2437231480479963690");  // names drawn: a Vial in each division
    c.ok("arrive Lecoq");
    c.ok("arrive Sahr");
    const auto list = c.ok("leader list");
    REQUIRE(list.find(" Vial ") != list.rfind(" Vial "));
    CHECK_THAT(c.refused("leader replace Vial --preview", 2), Contains("leader \"Vial\" could be any of 2"));
}

TEST_CASE("A leader named by the beginning of his division's name is its commander in every leader command, not its brigadiers") {
    const test::CampaignFile c;
    c.ok("campaign new R --rules acw --date 1863-06-01 --theater west --seed 1");
    c.ok("add army AotC --side union --leader Rosecrans --grade average");
    c.ok("add corps XIV --army AotC --leader Thomas --grade average");
    c.ok("add division \"Reynolds' Division\" --corps XIV --leader Lockwood");
    c.ok("add brigade \"1st Brigade\" --division Reynolds --rating veteran --stands 6 --label 6/4/3 --leader Mott --grade average");
    c.ok("add brigade \"2nd Brigade\" --division Reynolds --rating veteran --stands 6 --label 6/4/3 --leader Granger --grade average");
    c.ok("leader replace Reynolds --name Lockwood --grade average");
    c.ok("reveal Reynolds");
    CHECK_THAT(c.ok("leader reveal Reynolds"), Contains("Lockwood"));
    CHECK_THAT(c.ok("battle report --name B --loss Reynolds/1st=1 --leader Reynolds:wounded/1 --preview"), Contains("leader Lockwood: wounded"));
    // A beginning that reaches a brigade names its brigadier; one several posts begin, each of them.
    CHECK_THAT(c.ok("battle report --name B --loss Reynolds/1st=1 --leader Reynolds/1st:killed --preview"), Contains("leader Mott: killed"));
    CHECK_THAT(c.refused("leader reveal \"Reynolds' Division/\"", 2), Contains("could be any of 2") && Contains("Mott") && Contains("Granger"));
    // A division with no commander: its name, whole or as "commander of", names none of its
    // brigadiers, though one's name begins with it, nor another division its name begins.
    const test::CampaignFile w;
    w.ok("campaign new H --rules acw --seed 3 --date 1863-06-01 --theater east");
    w.ok("add army North --side union");
    w.ok("add corps I --army North");
    w.ok("add division Smith --corps I");
    w.ok("add brigade 1st --division Smith --rating veteran --stands 6 --leader \"Smith Jones\" --grade average");
    w.ok("add division Smithson --corps I --leader Hale");
    w.ok("add brigade Iron --division Smithson --rating veteran --stands 6 --grade average");  // its commander unnamed
    w.ok("leader replace Smithson --name Hale --grade average");
    for (const char* fell : {"Smith:killed", "\"commander of Smith:killed\""})
        CHECK_THAT(w.refused(std::string("battle report --name B --division Smith --leader ") + fell + " --preview", 2), Contains("division Smith has no commander"));
    CHECK_THAT(w.ok("battle report --name B --division Smith --leader \"Smith J:killed\" --preview"), Contains("leader Smith Jones: killed"));
    CHECK_THAT(w.ok("battle report --name B --division Smithson --leader \"commander of Smiths:killed\" --preview"), Contains("leader Hale: killed"));
    // The brigadier of Smithson/Iron wounded and replaced: "former commander of Smithson" is the division's, which has none.
    w.ok("battle report --name Mill --division Smithson --leader \"Smithson/Iron:wounded/1\"");
    w.ok("leader replace Smithson/Iron --name Quill --grade average");
    CHECK_THAT(w.refused("leader return \"former commander of Smithson\"", 2), Contains("no leader \"former commander of Smithson\""));
    CHECK_THAT(w.refused("leader return \"former commander of Smithson/Iron\"", 1), Contains("leader former commander of Smithson/Iron is out for 1 battle"));
    // A brigade's name alone finds no post, and is suggested whole.
    const test::CampaignFile g;
    g.ok("campaign new G --sample gettysburg --seed 3");
    g.ok("arrive --due");
    CHECK_THAT(g.refused("leader reveal \"Archer's Brigade\"", 2), Contains("did you mean Heth/Archer's Brigade?"));
}

TEST_CASE("A refusal names a unit in its rule set's terms, with the article its word takes") {
    const test::CampaignFile c;
    c.ok("campaign new T --rules awi");
    c.ok("add army A --side british");
    c.ok("add corps C --army A");
    c.ok("add division D --corps C");
    CHECK_THAT(c.refused("add brigade B --division D --rating elite --stands 3", 2),
               Contains("rule set awi has no effectiveness label for an Elite battalion of 3 stands"));
    CHECK_THAT(c.refused("add brigade B --division D --rating militia --stands 1", 2),
               Contains("rule set awi has no effectiveness label for a Militia battalion of 1 stand"));
    CHECK_THAT(c.refused("add brigade B --division D --rating levy --stands 12", 2), Contains("a Levy battalion has at most 10 stands in rule set awi; 12 is over the cap"));
    CHECK_THAT(c.refused("add brigade B/C --division D --rating levy --stands 6", 2), Contains("battalion name \"B/C\" is refused"));
    c.ok("add brigade B --division D --rating levy --stands 6 --leader L --grade competent");
    c.ok("add division E --corps C");
    c.ok("arrive E --year 1777");
    // A unit not found, named twice, not in the fight, or with no commander, in its terms.
    CHECK_THAT(c.refused("battle report --name X --loss \"D/Bx=1\"", 2),
               Contains("no battalion \"D/Bx\" in this campaign (give Brigade/Battalion, as the order of battle names it)") && !Contains("Heth"));
    CHECK_THAT(c.refused("add division d --corps C", 1), Contains("a brigade named \"D\" already exists") && Contains("no two armies, corps or brigades are called alike"));
    CHECK_THAT(c.refused("battle report --name X --division E --loss \"D/B=1\"", 2), Contains("battalion D/B is reported, but its brigade D is not among those that fought (E)"));
}

TEST_CASE("An order of battle of a rule set that rolls no artillery writes no artillery line nor count where there is none") {
    const test::CampaignFile c;
    c.ok("campaign new T --rules awi");
    c.ok("add army A --side british");
    c.ok("add corps C --army A");
    c.ok("add division D --corps C");
    c.ok("add brigade B --division D --rating veteran --stands 6 --leader L --grade competent");
    for (const auto* format : {"text", "md", "html"}) {
        INFO(format);
        const auto none = c.ok(std::string("oob --format ") + format);
        CHECK_THAT(none, !Contains("Artillery") && !Contains("batter") && Contains("1 battalion, 6/6 stands"));
    }
    c.ok("add battery \"1st Battery\" --division D");
    CHECK_THAT(c.ok("oob"), Contains("Artillery: 1 battery: 1st Battery") && Contains("Total: 1 battalion, 6/6 stands, 1 battery"));
    const test::CampaignFile acw;  // one that rolls it says "none"
    acw.ok("campaign new G --sample gettysburg");
    CHECK_THAT(acw.ok("oob"), Contains(", 0 batteries"));
}

TEST_CASE("A division added without a nationality, in a rule set that has them, is said to draw its leaders' names from every list of its side") {
    test::TempDir dir;
    const auto db = "--db " + test::quote(dir.file("c.db")) + " ";
    const auto cli = [&](const std::string& args) { return test::run_muster(db + args, test::k_env); };
    REQUIRE(cli("campaign new G --sample grossbeeren").code == 0);
    const auto added = cli("add division Dobschutz --corps 'III Corps'");
    CHECK(added.code == 0);
    CHECK_THAT(added.out, Contains("It has no nationality: its leaders' names are drawn from every list of its side") &&
                              Contains("muster division nationality Dobschutz NATIONALITY"));
    CHECK_THAT(cli("journal").out, !Contains("no nationality"));  // said, not journalled
    // Given it when added (by its id or its name, as rules show prints it): it has it, in one
    // operation, and is told nothing more.
    const auto prussian = cli("add division Hirschfeld --corps 'III Corps' --nationality Prussians");
    CHECK(prussian.code == 0);
    CHECK_THAT(prussian.out, Contains("Added division Hirschfeld (placeholder, ") && Contains(", Prussians) to III Corps") && !Contains("no nationality"));
    CHECK_THAT(cli("oob").out, Contains("Hirschfeld (Infantry, not yet arrived, Prussians, hidden)"));
    CHECK_THAT(cli("journal").out, Contains("Added division Hirschfeld (placeholder, Infantry, Prussians) to III Corps"));
    const auto journal = cli("journal").out;
    const auto wrong = cli("add division Borstell2 --corps 'III Corps' --nationality Prusians");
    CHECK(wrong.code == 2);
    CHECK_THAT(wrong.err, Contains("nationality \"Prusians\" is not one of rule set"));
    CHECK(cli("journal").out == journal);
    const auto acw = "--db " + test::quote(dir.file("acw.db")) + " ";
    REQUIRE(test::run_muster(acw + "campaign new A --rules acw", test::k_env).code == 0);
    REQUIRE(test::run_muster(acw + "add army 'Army of the Potomac' --side union", test::k_env).code == 0);
    REQUIRE(test::run_muster(acw + "add corps 'I Corps' --army 'Army of the Potomac'", test::k_env).code == 0);
    const auto plain = test::run_muster(acw + "add division Wadsworth --corps 'I Corps'", test::k_env);
    CHECK(plain.code == 0);
    CHECK_THAT(plain.out, !Contains("nationality"));  // a rule set without nationalities
    const auto none = test::run_muster(acw + "add division Doubleday --corps 'I Corps' --nationality union", test::k_env);
    CHECK(none.code == 2);
    CHECK_THAT(none.err, Contains("rule set acw has no nationalities"));
}

TEST_CASE("A redo whose rows another campaign of the file has taken the places of since says so, and changes nothing") {
    test::CampaignFile c;
    c.ok("campaign new G1 --sample gettysburg --seed 1");
    c.ok("campaign new G2 --sample gettysburg --seed 2");
    c.ok("--campaign G2 camp new Elmira --side union");
    c.ok("--campaign G2 undo");
    c.ok("--campaign G1 camp new 'Point Lookout' --side union");
    const auto bytes = test::file_bytes(c.dir.file("c.db"));
    CHECK_THAT(c.refused("--campaign G2 redo", 1), Contains("cannot redo #") && Contains("campaign G1 of this file was changed since") &&
                                                      Contains("make it again instead; nothing was changed"));
    CHECK(test::file_bytes(c.dir.file("c.db")) == bytes);
    // Made again, it stands.
    CHECK_THAT(c.ok("--campaign G2 camp new Elmira --side union"), Contains("Elmira"));
    CHECK_THAT(c.ok("check"), Contains("every ledger balances"));
}

TEST_CASE("Two campaigns made at once in a new file under one name: one is made, the other refused as made already, not said to be saved") {
    test::TempDir dir;
    const auto db = dir.file("race.db");
    for (int round = 0; round < 3; ++round) {
        INFO("round " << round);
        std::filesystem::remove(db);
        const auto run = [&](const char* name, const char* sample, const char* err) {
            return std::string(MUSTER_BINARY) + " --db " + test::quote(db) + " campaign new " + name + " --sample " + sample + " >/dev/null 2>" +
                   test::quote(dir.file(err));
        };
        test::shell(run("Same", "gettysburg", "a.err") + " & " + run("same", "saratoga", "b.err") + "; wait");
        const auto a = test::file_bytes(dir.file("a.err")), b = test::file_bytes(dir.file("b.err"));
        CHECK((a.empty() != b.empty()));  // one made it
        CHECK_THAT(a + b, Contains("already exists in ") && !Contains("the change was made"));
        CHECK(test::raw_sql_value(db, "SELECT count(*) FROM campaign") == "1");
    }
}

TEST_CASE("A battalion entered by hand takes its Alternate commander where the rule set has them, named and graded, and nowhere else") {
    test::CampaignFile c;
    c.ok("campaign new A --rules awi --date 1777-09-11 --seed 1");
    c.ok("add army Howe --side british");
    c.ok("add corps K --army Howe");
    c.ok("add division Knyphausen --corps K --nationality german");
    CHECK_THAT(c.refused("add brigade Leib --division Knyphausen --rating veteran --stands 9 --leader Specht --grade competent --alternate Lentz", 2),
               Contains("alternate commander Lentz needs a grade (--alternate-grade"));
    CHECK_THAT(c.refused("add brigade Leib --division Knyphausen --rating veteran --stands 9 --leader Specht --grade competent --alternate Specht --alternate-grade cautious", 1),
               Contains("the commander and the alternate are both named \"Specht\""));
    c.ok("add brigade Leib --division Knyphausen --rating veteran --stands 9 --leader Specht --grade competent --alternate Lentz --alternate-grade cautious");
    CHECK_THAT(c.ok("oob"), Contains("Specht, Competent") && Contains("alternate Lentz, Cautious"));
    CHECK_THAT(c.ok("leader list"), Contains("Lentz"));
    // The American Civil War's rule set has none: refused, saying so.
    test::CampaignFile w;
    w.ok("campaign new W --rules acw --date 1862-09-01 --theater east --seed 1");
    w.ok("add army ANV --side confederate");
    w.ok("add corps I --army ANV");
    w.ok("add division Hood --corps I");
    CHECK_THAT(w.refused("add brigade Law --division Hood --rating veteran --stands 6 --leader Law --grade average --alternate Sheffield --alternate-grade average", 2),
               Contains("rule set acw gives no brigade an Alternate commander"));
}

TEST_CASE("The despicable setting changed plays every leader already rolled so, both ways, and undo puts them back") {
    const test::CampaignFile c;
    c.ok("campaign new R --rules acw --date 1863-07-01 --theater east --seed 1 --despicable book");
    c.ok("add army A --side union --leader Meade --grade average");
    c.ok("add corps C --army A --leader Xav --grade despicable");
    c.ok("add division D --corps C");
    c.ok("add brigade B --division D --rating veteran --stands 6 --label 6/4/3 --leader Smyth --grade despicable");
    c.ok("add brigade E --division D --rating veteran --stands 6 --label 6/4/3 --leader Jones --grade average");
    const auto book = c.ok("oob");
    REQUIRE_THAT(book, Contains("Smyth, Average (rolled Despicable, by the book)") && Contains("Jones, Average"));
    c.ok("campaign set --despicable expanded");
    const auto expanded = c.ok("oob");
    CHECK_THAT(expanded, Contains("Smyth, Despicable [DP]") && Contains("Xav, Despicable [DP]") && Contains("Jones, Average"));
    CHECK_THAT(c.refused("leader replace D/B --force --name Yates --grade average", 1), Contains("permanently in command"));
    c.ok("campaign set --despicable book");
    CHECK(c.ok("oob") == book);
    CHECK_THAT(c.ok("leader replace D/B --force --name Yates --grade average --preview"), Contains("Yates"));
    c.ok("undo");
    CHECK(c.ok("oob") == expanded);
}
