// The hostile corpus, through the real binary: names, JSON inputs, arguments and database
// files an attacker or a careless hand could give. Each case must be refused with its exit
// code (1 refused, 2 usage: docs/robustness.md "Exit codes"), one line on stderr that starts "muster: ",
// nothing on stdout, and every file in the folder (the database with its -wal and -shm, the
// inputs) byte for byte as it was.
#include "db/db_support.hpp"
#include "dice/dice.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>

#include <sys/stat.h>

using namespace muster;
using test::k_env;
using Catch::Matchers::Contains;

namespace {

namespace fs = std::filesystem;


// Every file in the folder and its bytes.
std::map<std::string, std::string> files_in(const std::string& dir) {
    std::map<std::string, std::string> out;
    for (const auto& e : fs::directory_iterator(dir))
        out[e.path().filename().string()] = e.is_regular_file() ? test::file_bytes(e.path().string()) : "(not a regular file)";
    return out;
}

struct Corpus {
    test::TempDir dir;
    int cases = 0;

    // Runs `args` on the folder's campaign; it must be refused with `code` and change nothing.
    void refused(const std::string& what, const std::string& args, int code, const std::string& db = "c.db") {
        const auto before = files_in(dir.path());
        const auto r = test::run_muster("--db " + test::quote(dir.file(db)) + " " + args, k_env);
        INFO(what << "\n$ muster " << args << "\nstdout: " << r.out << "\nstderr: " << r.err);
        CHECK(r.code == code);
        CHECK(r.out.empty());
        CHECK(r.err.rfind("muster: ", 0) == 0);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK(r.err.back() == '\n');
        CHECK(files_in(dir.path()) == before);
        ++cases;
    }
};

}  // namespace

TEST_CASE("The hostile corpus: every case refused with its exit code and one line, and every file unchanged") {
    Corpus c;
    { test::make_campaign(c.dir.file("c.db")); }
    {
        auto s = app::Session(c.dir.file("c.db"), app::Open::existing);
        s.arrivals().arrive(test::arrival("Heth"));
    }

    // Names, from the command line, to every command that takes one.
    const std::vector<std::pair<std::string, std::string>> names = {
        {"empty", ""},
        {"only spaces", "   "},
        {"a newline", "Heth\nPender"},
        {"a carriage return", "Heth\rPender"},
        {"a tab", "Heth\tPender"},
        {"an escape sequence that retitles the terminal", "\x1b]0;PWNED\x07"},
        {"a colour escape", "\x1b[31mRed"},
        {"a bidi override", "Heth\u202Eevil"},
        {"a bidi isolate", "\u2066Heth"},
        {"invalid UTF-8", "Heth\xff\xfe"},
        {"an overlong UTF-8 encoding", "\xc0\xaf"},
        {"a lone surrogate encoded", "\xed\xa0\x80"},
        {"the reference separator", "A/2nd Brigade"},
        {"DEL", "Heth\x7f"},
        {"far too long", std::string(5000, 'x')},
    };
    const std::vector<std::pair<std::string, std::string>> commands = {
        {"army", "add army NAME --side union"},
        {"corps", "add corps NAME --army 'Army of the Potomac'"},
        {"division", "add division NAME --corps 'I Corps'"},
        {"brigade", "add brigade NAME --division Wadsworth --rating veteran --stands 6"},
        {"camp", "camp new NAME --side union"},
        {"rename", "rename division Wadsworth NAME"},
        {"replacement leader", "leader replace Heth --force --name NAME"},
    };
    for (const auto& [what, name] : names)
        for (const auto& [command, args] : commands) {
            auto line = args;
            line.replace(line.find("NAME"), 4, test::quote(name));
            c.refused(command + " named with " + what, line, 2);
        }

    // JSON inputs to every reader of a file.
    const std::vector<std::pair<std::string, std::string>> texts = {
        {"empty", ""},
        {"whitespace", "  \n\t"},
        {"deeply nested", std::string(200'000, '[')},
        {"a NUL byte", std::string("{\"format\": \"muster-oob/1\"\0}", 27)},
        {"invalid UTF-8", "{\"format\": \"\xff\xfe\"}"},
        {"a lone surrogate", "{\"format\": \"\\ud800\"}"},
        {"wrong types", R"({"format": 7, "armies": "none", "battle": []})"},
        {"a number too large", R"({"format": "muster-oob/1", "armies": [{"name": "A", "side": "union", "corps": [{"name": "K", "divisions": [{"name": "D", "arm": "infantry", "status": "entered", "brigades": [{"name": "B", "rating": "veteran", "start_stands": 99999999999999999999, "stands": 1}]}]}]}]})"},
        {"NaN", R"({"format": "muster-battle/1", "battle": {"name": "X"}, "brigades": [{"brigade": "Heth/1st Brigade", "lost": NaN}]})"},
        {"trailing garbage", R"({"format": "muster-oob/1", "armies": []} garbage)"},
        {"duplicate keys", R"({"format": "muster-oob/1", "armies": [], "armies": []})"},
        {"binary", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16)},
        {"a hostile name inside", "{\"format\": \"muster-oob/1\", \"armies\": [{\"name\": \"\\u001b]0;x\\u0007\", \"side\": \"union\", \"corps\": []}]}"},
        {"a NUL name inside", "{\"format\": \"muster-oob/1\", \"armies\": [{\"name\": \"A\\u0000B\", \"side\": \"union\", \"corps\": []}]}"},
        {"another format", R"({"format": "muster-rules/1"})"},
    };
    int n = 0;
    for (const auto& [what, text] : texts) {
        const auto file = c.dir.file("input" + std::to_string(++n) + ".json");
        std::ofstream(file, std::ios::binary) << text;
        c.refused("an OOB import of " + what, "import oob " + test::quote(file), 1);
        c.refused("a battle report of " + what, "battle report " + test::quote(file), 1);
        c.refused("a rule set of " + what, "rules show " + test::quote(file), 1);
    }

    // Files that are not files: a folder, a device, a pipe, nothing.
    fs::create_directory(c.dir.file("folder"));
    mkfifo(c.dir.file("pipe").c_str(), 0600);
    for (const auto& [what, path] : std::vector<std::pair<std::string, std::string>>{
             {"a folder", c.dir.file("folder")}, {"a device", "/dev/zero"}, {"a FIFO", c.dir.file("pipe")}, {"a missing file", c.dir.file("none.json")}}) {
        c.refused("an OOB import of " + what, "import oob " + test::quote(path), 1);
        c.refused("a battle report of " + what, "battle report " + test::quote(path), 1);
    }
    // A damaged schema's text comes out in one line, its line breaks written visibly.
    {
        const auto damaged = c.dir.file("schema.db");
        fs::copy_file(c.dir.file("c.db"), damaged);
        SQLite::Database db(damaged, SQLite::OPEN_READWRITE);
        db.exec("PRAGMA writable_schema = ON");
        db.exec("UPDATE sqlite_master SET sql = replace(sql, 'CHECK (', '\n\"CHECK (') WHERE name = 'battle_loss'");
    }
    {
        const auto before = files_in(c.dir.path());
        const auto r = test::run_muster("--db " + test::quote(c.dir.file("schema.db")) + " oob", k_env);
        INFO(r.err);
        CHECK(r.code == 1);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK(files_in(c.dir.path()) == before);
    }
    fs::create_symlink(c.dir.file("c.db"), c.dir.file("link.txt"));
    c.refused("-o over a symbolic link", "export oob -o " + test::quote(c.dir.file("link.txt")), 1);
    c.refused("-o over a FIFO", "export oob --format text -o " + test::quote(c.dir.file("pipe")), 1);
    c.refused("-o over a folder", "export oob --format text -o " + test::quote(c.dir.file("folder")), 1);

    // Arguments out of range or malformed: refused, never clamped or guessed.
    for (const auto& [what, args, code] : std::vector<std::tuple<std::string, std::string, int>>{
             {"a seed too large", "campaign new X --rules acw --seed 99999999999999999999", 2},
             {"a negative seed", "campaign new X --rules acw --seed -1", 2},
             {"a seed of words", "campaign new X --rules acw --seed seven", 2},
             {"a return rate above 100", "campaign set --return-rate 101", 2},
             {"a negative return rate", "campaign set --return-rate -5", 2},
             {"a return rate of words", "campaign set --return-rate half", 2},
             {"the 30th of February", "campaign set --date 1863-02-30", 2},
             {"month 13", "campaign set --date 1863-13-01", 2},
             {"a date in words", "campaign set --date yesterday", 2},
             {"a year outside the rules", "campaign set --date 1900-01-01", 2},
             {"an unknown theater", "campaign set --theater mars", 2},
             {"an unknown rounding", "campaign set --rounding sideways", 2},
             {"an unknown rule set", "campaign new X --rules nowhere", 2},
             {"an unknown sample", "campaign new X --sample nowhere", 2},
             {"an empty sample", "campaign new X --sample ''", 2},
             {"a sample of control characters", "campaign new X --sample \"$(printf '\\033[2J')\"", 2},
             {"a sample path", "campaign new X --sample ../../etc/passwd", 2},
             {"a sample for another rule set", "campaign new X --sample gettysburg --rules awi", 2},
             {"neither rule set nor sample", "campaign new X", 2},
             {"an unknown side", "add army X --side prussia", 2},
             {"an unknown division", "arrive Nobody", 2},
             {"a division that has arrived", "arrive Heth", 1},
             {"an unknown view of the journal", "journal --as prussia", 2},
             {"an unknown view of the camps", "camp list --as prussia", 2},
             {"an unknown view of the leaders", "leader list --as prussia", 2},
             {"an unknown view of the exchanges", "exchange list --as prussia", 2},
             {"an unknown view of the campaign", "campaign show --as prussia", 2},
             {"an unknown view of the battles", "battle list --as prussia", 2},
             {"an unknown view of the order of battle", "oob --as prussia", 2},
             {"an unknown format", "export oob --format xls -o " + test::quote(c.dir.file("x.xls")), 2},
             {"a player's base with a query", "player add Q --side union --base 'http://h:1/x?y'", 2},
             {"a player's base with a fragment", "player add Q --side union --base 'https://h/#x'", 2},
             {"a year past any whole number", "arrive Heth --year 9223372036854775807", 2},
             {"a year in words", "arrive Heth --year abc", 2},
             // Long enough to have overflowed the stack in std::regex's matcher (30,000 characters).
             {"a year of 40,000 digits", "arrive Heth --year " + std::string(40000, '9'), 2},
             {"a return rate of 40,000 letters", "campaign set --return-rate " + std::string(40000, 'A'), 2},
             {"a label size after 100,000 spaces", "export labels --size '" + std::string(100000, ' ') + "60x' -o " + test::quote(c.dir.file("l.pdf")), 2},
             {"a label size of three numbers", "export labels --size 60x20x3 -o " + test::quote(c.dir.file("l.pdf")), 2},
             {"a label size with its unit", "export labels --size 60x20mm -o " + test::quote(c.dir.file("l.pdf")), 2},
             {"a label size past an int", "export labels --size 4294967356x20 -o " + test::quote(c.dir.file("l.pdf")), 2},
             {"a label size too wide", "export labels --size 9999x20 -o " + test::quote(c.dir.file("l.pdf")), 2},
             {"a battle's place of control characters", "battle report --name P --loss 'Heth/1st Brigade=1' --place \"$(printf 'A\\033[2J')\"", 2},
             {"a bad typed roll", "arrive Pender --year 1863 --theater east --rolls 0", 2},
             {"too few typed rolls", "arrive Pender --year 1863 --theater east --rolls 50", 2},
             {"a roll of words", "arrive Pender --year 1863 --theater east --rolls fifty", 2},
             {"out-for out of range", "leader casualty Heth --out-for 1000", 2},
             {"an unknown leader", "leader return Nobody", 2},
             {"an exchange that does not exist", "exchange accept 99 --side union", 2},
             {"an unknown camp", "camp liberate Nowhere", 2},
             {"an empty database path", "oob", 2},
             {"an unknown option", "oob --secret", 2},
             {"an unknown command", "teleport", 2},
             {"a relabel to no stands", "brigade relabel 'Heth/1st Brigade' --stands 0", 2},
             {"a relabel below the stands it has", "brigade relabel 'Heth/1st Brigade' --stands 1", 2},
             {"a relabel of words", "brigade relabel 'Heth/1st Brigade' --stands many", 2},
             {"dice of another word", "arrive Pender --dice maybe", 2},
             {"leader names of another word", "campaign set --leader-names sometimes", 2},
             {"dice mode of another word", "campaign set --dice loaded", 2},
             {"assigning an unknown leader", "leader assign Nobody Heth", 2},
             {"assigning to an unknown unit", "leader assign '#1' Nowhere", 2},
             {"assigning an unknown number", "leader assign '#99999999999999999999' Heth", 2},
             {"a nationality the rule set does not have", "division nationality Heth russian", 2},
             {"an empty campaign name", "--campaign '' turn next", 2},
             {"an exchange number too large for any", "exchange accept 99999999999999999999999 --side union", 2},
             {"an exchange number of words", "exchange refuse first --side union", 2},
             {"an empty output file", "export oob -o ''", 2},
             {"standard output as the output file", "export oob --format text -o -", 2},
             {"an empty handout folder", "handout --side union -o ''", 2},
             {"an empty backup file", "backup ''", 2},
         }) {
        if (what == "an empty database path") {
            const auto before = files_in(c.dir.path());
            const auto r = test::run_muster("--db '' oob", k_env);
            INFO(what << ": " << r.err);
            CHECK(r.code == code);
            CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
            CHECK(files_in(c.dir.path()) == before);
            ++c.cases;
            continue;
        }
        c.refused(what, args, code);
    }

    // Database files that are not muster's, or not whole: each reading and writing command.
    const auto write_db = [&](const std::string& name, const std::string& bytes) { std::ofstream(c.dir.file(name), std::ios::binary) << bytes; };
    write_db("zeros.db", std::string(65536, '\0'));
    write_db("random.db", [] {
        std::string s;
        dice::SeededSource r(3);
        for (int i = 0; i < 65536; ++i) s += static_cast<char>(r.next() & 0xff);
        return s;
    }());
    write_db("empty.db", "");
    write_db("text.db", "a shopping list\n");
    test::raw_sql(c.dir.file("other.db"), "CREATE TABLE songs (id INTEGER PRIMARY KEY, title TEXT)");
    fs::copy_file(c.dir.file("c.db"), c.dir.file("newer.db"));
    test::raw_sql(c.dir.file("newer.db"), "PRAGMA user_version = 99");
    test::raw_sql(c.dir.file("marked.db"), "PRAGMA application_id = 1836413812");
    test::raw_sql(c.dir.file("marked.db"), "CREATE TABLE t (x)");
    {
        const auto bytes = test::file_bytes(c.dir.file("c.db"));
        write_db("truncated.db", bytes.substr(0, bytes.size() / 3));
        // One byte short: SQLite would read the missing byte as a NUL and answer from it.
        write_db("short.db", bytes.substr(0, bytes.size() - 1));
        // Whole pages missing from the end, the header still counting them.
        write_db("pages.db", bytes.substr(0, bytes.size() - 4096));
    }
    mkfifo(c.dir.file("fifo.db").c_str(), 0600);
    fs::create_symlink(c.dir.file("nowhere.db"), c.dir.file("dangling.db"));
    for (const std::string db : {"zeros.db", "random.db", "empty.db", "text.db", "other.db", "newer.db", "marked.db", "truncated.db",
                                 "short.db", "pages.db", "fifo.db", "dangling.db", "missing.db"})
        for (const std::string& args : std::vector<std::string>{"oob", "journal", "add army X --side union", "check", "campaign list", "backup " + c.dir.file("b.db")}) {
            // An empty SQLite file reads as a database with no tables: not a muster one either.
            c.refused(db + ": " + args, args, 1, db);
        }
    // Nor is one made there: an empty file, a FIFO, a link to nothing.
    for (const std::string db : {"empty.db", "fifo.db", "dangling.db"}) c.refused("campaign new in " + db, "campaign new X --rules acw", 1, db);

    // Writing where something else is: a link to nothing is not written through, a handout
    // whose file is a FIFO writes none of its packet.
    c.refused("backup over a link to nothing", "backup " + test::quote(c.dir.file("dangling.db")), 1);
    c.refused("rules copy over a link to nothing", "rules copy acw " + test::quote(c.dir.file("dangling.db")), 1);
    fs::create_directory(c.dir.file("papers"));
    mkfifo(c.dir.file("papers/papers.txt").c_str(), 0600);
    c.refused("a handout whose papers.txt is a FIFO", "handout --side union -o " + test::quote(c.dir.file("papers")), 1);
    CHECK_FALSE(fs::exists(c.dir.file("papers/oob.pdf")));
    CHECK_FALSE(fs::exists(c.dir.file("nowhere.db")));

    // Small refusals that were wrong.
    {
        const auto file = c.dir.file("sixty.json");
        std::ofstream(file) << R"({"format": "muster-oob/1", "armies": [{"name": "A", "side": "union", "corps": [{"name": "K", "divisions": [)"
                               R"({"name": "D", "arm": "infantry", "status": "entered", "brigades": [{"name": "B", "rating": "veteran", )"
                               R"("start_stands": 6, "stands": 60}]}]}]}]})";
        c.refused("a brigade of 60 stands with a start of 6", "import oob " + test::quote(file), 1);
    }
    c.refused("a file of /proc", "import oob /proc/self/status", 1);
    c.refused("a wounded leader out for -5 battles", "battle report --name X --leader 'Heth/1st Brigade:wounded/-5'", 2);
    // A line separator, and what reads as the reference's "/": U+2028, U+2215, U+2044, U+FF0F.
    for (const std::string name : {"Heth\u2028Pender", "Heth\u2215Pender", "Heth\u2044Pender", "Heth\uff0fPender"})
        c.refused("a look-alike in a name", "add division " + test::quote(name) + " --corps 'I Corps'", 2);
    WARN("hostile cases refused through the binary: " << c.cases);
    CHECK(c.cases >= 150);
}

TEST_CASE("Asked dice read a bounded answer: an endless line, a huge one, a NUL, all refused quickly by name") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    { test::make_campaign(db); }
    const auto before = test::file_bytes(db);
    const std::string args = "--db " + test::quote(db) + " arrive Pender --year 1863 --theater east --dice ask";
    // Endless zeros, no line end: refused at the first answer too long to be a roll (a timeout
    // would say 124).
    const auto endless = test::shell("timeout 60 " + std::string(MUSTER_BINARY) + " " + args + " </dev/zero 2>&1 >/dev/null; echo \"exit $?\"");
    CHECK_THAT(endless, Contains("an answer of more than 128 characters") && Contains("exit 2"));
    CHECK(endless.size() < 4096);
    // One line of 50 MB.
    const auto huge = test::run_muster(args, k_env, std::string(50 << 20, '7') + "\n");
    CHECK(huge.code == 2);
    CHECK_THAT(huge.err, Contains("an answer of more than 128 characters"));
    // A NUL in an answer is shown, not cut short: the whole answer is named.
    const auto nul = test::run_muster(args, k_env, std::string("4\0" "2\n", 4));
    CHECK_THAT(nul.err, Contains("\\x002"));
    CHECK(test::file_bytes(db) == before);
}

TEST_CASE("Output that cannot be written is an error with its reason, not a success") {
    const test::TempDir dir;
    { test::make_campaign(dir.file("c.db")); }
    for (const std::string command : {"oob", "oob --format json", "journal", "check"}) {
        const auto r = test::run_muster("--db " + test::quote(dir.file("c.db")) + " " + command + " >/dev/full");
        INFO(command << ": " << r.err);
        CHECK(r.code == 1);
        CHECK_THAT(r.err, Catch::Matchers::Contains("muster: cannot write to standard output: No space left on device"));
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    }
}
