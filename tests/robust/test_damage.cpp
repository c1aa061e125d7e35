// A damaged campaign file, every way a row can be damaged: each reference of every table pointed
// at a row that is not there, each column given a value of the wrong kind. Every command muster
// has is run on each damaged file: none crashes or hangs, each either works or refuses with one
// clear line (a refused writing command changes nothing), and `check` finds the damage. The
// reading commands run in one view a file, the views taking turns.
#include "app/players.hpp"
#include "app/plans.hpp"
#include "cli/cli.hpp"
#include "core/names.hpp"
#include "core/text.hpp"
#include "db/db_support.hpp"
#include "support.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <unistd.h>

using namespace muster;

namespace {

// The campaign every damage is done to: forces of both sides, a division arrived and one
// previewed, a hand-entered brigade, a battle with prisoners, fallen leaders and a lost battery,
// camps, an exchange proposed, a date and turns, a schedule, a draft report waiting, a battle
// planned with a division on the field and one in reserve.
void base_campaign(const std::string& path) {
    auto s = test::make_campaign(path);
    app::CampaignSettings c;
    c.date = Day::read("1863-07-01");
    c.theater = "east";
    c.turn_days = 7;
    s.change_settings(c);
    test::fight_and_propose(s);
    s.season().schedule_division("Pender", Turn::read(2), std::nullopt);
    auto preview = test::arrival("Pender");
    preview.mode = app::Mode::preview;
    s.arrivals().arrive(preview);
    s.forces().add_battery({"Reserve Battery", "", "I Corps", ""});
    battle::Report r;
    r.name = "Seminary Ridge";
    r.brigades.push_back({"Heth/2nd Brigade", 1, 0, ""});
    r.leaders.push_back({"Heth/2nd Brigade", LeaderFate::wounded, "", 1});
    r.leaders.push_back({"Wadsworth/Iron Brigade", LeaderFate::captured, "Libby Prison", 0});
    r.batteries.push_back({"Reserve Battery", BatteryFate::wrecked, ""});
    s.battles().report_battle(r, app::Mode::apply);
    s.leaders().replace_leader("Heth/2nd Brigade", 1863, {}, app::Mode::apply, app::Displace::keep);
    // A player at his own screen, who has used his link and written to the umpire.
    const auto meade = s.players().add("Meade", "union").player;
    s.players().used(meade);
    s.players().send_message(meade, "Hold the ridge.\n\tSend Sykes up.");  // lines and a tab: prose as people write it
    s.plans().plan("Cemetery Ridge", Day::read("1863-07-02"), "Gettysburg");
    s.plans().deploy("Cemetery Ridge", {"Wadsworth"});
    s.plans().reserve("Cemetery Ridge", {"Pender"});
    // A draft report waiting (the rule set has no play tables: the line as a roll would add it).
    test::raw_sql(path, "INSERT INTO draft_line (campaign_id, battle, operation_id, kind, brigade_id, stands, why) "
                        "SELECT 1, 'Cemetery Hill', MAX(o.id), 'lost', (SELECT MIN(id) FROM brigade), 1, 'a roll' FROM operation o");
}

struct Column {
    std::string table, name, type;
    bool reference = false;
};

std::vector<Column> columns(const std::string& path) {
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    std::vector<Column> out;
    SQLite::Statement tables(db, "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY name");
    while (tables.executeStep()) {
        const std::string table = tables.getColumn(0).getString();
        if (db.execAndGet("SELECT count(*) FROM \"" + table + "\"").getInt() == 0) {
            WARN("the base campaign has no " << table << " row to damage");
            continue;
        }
        std::set<std::string> references;
        SQLite::Statement fk(db, "SELECT \"from\" FROM pragma_foreign_key_list(?)");
        fk.bind(1, table);
        while (fk.executeStep()) references.insert(fk.getColumn(0).getString());
        SQLite::Statement info(db, "SELECT name, type, pk FROM pragma_table_info(?)");
        info.bind(1, table);
        while (info.executeStep()) {
            if (info.getColumn(2).getInt() != 0) continue;  // the row's own id
            const std::string name = info.getColumn(0).getString();
            out.push_back({table, name, info.getColumn(1).getString(), references.count(name) > 0});
        }
    }
    return out;
}

// Damage: a reference to a row that is not there; a number given as a word, or out of any range;
// a text given control characters (not a word, a name, a date, an id or a side).
struct Damage {
    std::string what, sql;
};

std::vector<Damage> damages(const std::vector<Column>& cols) {
    std::vector<Damage> out;
    for (const auto& c : cols) {
        // One row of the table (the first): the damage, not a clash of names it would make.
        const auto set = [&](const std::string& value) {
            return "PRAGMA foreign_keys = OFF; PRAGMA ignore_check_constraints = ON; UPDATE \"" + c.table + "\" SET \"" + c.name +
                   "\" = " + value + " WHERE rowid = (SELECT MIN(rowid) FROM \"" + c.table + "\")";
        };
        if (c.reference) {
            out.push_back({c.table + "." + c.name + " points at a missing row", set("987654")});
        } else if (c.type == "INTEGER") {
            out.push_back({c.table + "." + c.name + " = 'many'", set("'many'")});
            out.push_back({c.table + "." + c.name + " = 999999999999", set("999999999999")});
            out.push_back({c.table + "." + c.name + " = -7", set("-7")});
        } else if (c.type == "TEXT") {
            out.push_back({c.table + "." + c.name + " = control characters", set("'ex' || char(1) || 'ploded'")});
        }
    }
    return out;
}

// Columns any text is good in: what muster wrote for people to read (a journal entry's summary,
// a roll's purpose and result, a note, a place, a reason), muster's own record of an import,
// and the file's own settings. Damage there is not a fault of the campaign.
bool free_text(const Column& c) {
    static const std::set<std::string> any{"operation.summary", "operation.created_at", "roll.purpose", "roll.result", "roll.table_id",
                                           "exchange.note", "battle.place", "draft_line.why", "meta.value", "meta.key",
                                           "campaign.created_at", "roll.faces", "operation_view.summary"};
    return any.count(c.table + "." + c.name) > 0;
}

// Whole-number columns any whole number is good in: an order (positions sort, ties by id), a
// seed (every 64-bit pattern is one) and a place in a stream of dice (any count not below 0,
// which the schema holds). muster must still not fall over on a value far out.
bool any_number(const Column& c) {
    static const std::set<std::string> any{"brigade.position", "battery.position", "roll.seq", "campaign.seed", "dice_stream.seed", "campaign.dice_counter",
                                           "dice_stream.counter"};
    return any.count(c.table + "." + c.name) > 0;
}

struct Run {
    int code;
    std::string out, err;
};

Run in_process(const std::vector<std::string>& args) {
    std::vector<const char*> argv{"muster"};
    for (const auto& a : args) argv.push_back(a.c_str());
    std::ostringstream out, err;
    const int code = cli::run(static_cast<int>(argv.size()), argv.data(), out, err);
    return {code, out.str(), err.str()};
}

// A command on a campaign file.
Run on(const std::string& file, const std::vector<std::string>& args) {
    std::vector<std::string> all{"--db", file};
    all.insert(all.end(), args.begin(), args.end());
    return in_process(all);
}

// undo refuses the file's newest step saying `says`, and its preview refuses it alike (it does
// not promise an undo that undo refuses).
void undo_and_preview_refuse(const std::string& file, const std::string& says) {
    const auto undo = on(file, {"undo"});
    CHECK(undo.code == 1);
    CHECK_THAT(undo.err, Catch::Matchers::Contains(says));
    const auto preview = on(file, {"undo", "--preview"});
    CHECK(preview.code == 1);
    CHECK(preview.err == undo.err);
}

// The base campaign with `sql` run on its file, for check to find.
// Each command refused as damage (exit 1), its error saying `says`, the file unchanged, not a byte.
void refused_unchanged(const std::string& file, const std::vector<std::vector<std::string>>& commands, const std::string& says) {
    const auto before = test::file_bytes(file);
    for (const auto& args : commands) {
        const auto r = on(file, args);
        INFO(join(args, " ") << ":\n" << r.out << r.err);
        CHECK(r.code == 1);
        CHECK_THAT(r.err, Catch::Matchers::Contains(says));
        CHECK(test::file_bytes(file) == before);
    }
}

struct DamagedBy {
    test::TempDir dir;
    std::string file = dir.file("c.db");
    explicit DamagedBy(const std::string& sql) {
        base_campaign(file);
        test::raw_sql(file, sql);
    }
    Run check() const { return in_process({"--db", file, "check"}); }
};

// Every command, reading ones and writing ones, with what the base campaign names.
struct Command {
    std::vector<std::string> args;
    bool writes = false;
};

// The reading commands run in one view a damaged file (`as`: the umpire's, or a side's), the
// views taking turns over the damages, so each command meets each damage in some view and
// every view meets about a third of them. The order of battle's six formats take turns too
// (`turn`): they read the same rows, and differ only in how they write them. So do the writing
// commands, a third of them each damage: each column is damaged in several ways, one after
// another, so each writing command meets every damaged column in one of them or more.
std::vector<Command> commands(const std::string& dir, const std::string& as, size_t turn) {
    std::vector<Command> out;
    size_t writes = 0;
    const auto read = [&](std::vector<std::string> a) { out.push_back({std::move(a), false}); };
    const auto write = [&](std::vector<std::string> a) {
        if ((writes++ + turn) % 3 == 0) out.push_back({std::move(a), true});
    };
    read({"oob", "--as", as});
    read({"journal", "--as", as});
    read({"camp", "list", "--as", as});
    read({"exchange", "list", "--as", as});
    read({"battle", "list", "--as", as});
    read({"battle", "show", "McPherson Ridge", "--as", as});
    read({"battle", "show", "Cemetery Ridge", "--as", as});
    read({"leader", "list", "--as", as});
    read({"campaign", "show", "--as", as});
    read({"campaign", "list"});
    read({"turn"});
    read({"schedule"});
    read({"battle", "draft"});
    read({"battle", "draft", "Cemetery Hill"});
    static const char* const formats[] = {"text", "md", "csv", "html", "json", "pdf"};
    const std::string format = formats[turn % 6];
    read({"export", "oob", "--format", format, "-o", dir + "/oob." + format});
    read({"export", "labels", "-o", dir + "/labels.pdf"});
    read({"handout", "--side", "union", "-o", dir + "/papers"});
    read({"backup", dir + "/copy.db"});
    read({"player", "list"});
    read({"player", "inbox"});
    write({"player", "add", "Lee", "--side", "confederate"});
    write({"player", "revoke", "Meade"});
    write({"arrive", "Pender"});
    write({"arrive", "Pender", "--preview"});
    write({"battle", "report", "--name", "Cashtown", "--loss", "Heth/1st Brigade=1", "--captured", "Wadsworth/Iron Brigade=1@Libby Prison",
           "--leader", "Heth/3rd Brigade:killed", "--battery", "Heth/1st Battery:captured@Fort Delaware"});
    write({"battle", "report", "--draft", "Cemetery Hill"});
    write({"battle", "recover", "McPherson Ridge"});
    write({"battle", "recover", "Seminary Ridge", "--preview"});
    write({"battle", "draft", "Cemetery Hill", "--discard"});
    write({"battle", "plan", "Little Round Top", "--date", "1863-07-02"});
    write({"battle", "deploy", "Cemetery Ridge", "Heth"});
    write({"battle", "reserve", "Cemetery Ridge", "Heth"});
    write({"battle", "arrive", "Cemetery Ridge", "Pender"});
    write({"brigade", "disband", "Heth/1st Brigade"});
    write({"brigade", "merge", "Heth/2nd Brigade", "--into", "Heth/1st Brigade"});
    write({"brigade", "relabel", "Heth/1st Brigade", "--stands", "9"});
    write({"leader", "replace", "Wadsworth/Iron Brigade"});
    write({"leader", "replace", "Heth/1st Brigade", "--force", "--preview"});
    write({"leader", "casualty", "Heth/1st Brigade"});
    write({"leader", "return", "former commander of Heth/2nd Brigade"});
    write({"leader", "assign", "former commander of Heth/2nd Brigade", "Heth/1st Brigade", "--force"});
    write({"camp", "new", "Elmira", "--side", "union"});
    write({"camp", "liberate", "Fort Delaware"});
    write({"exchange", "propose", "--from", "confederate", "--offer", "stands:Wadsworth/Iron Brigade=1"});
    write({"exchange", "accept", "1", "--side", "confederate"});
    write({"exchange", "refuse", "1", "--side", "confederate"});
    write({"undo"});
    write({"turn", "next"});
    write({"schedule", "Pender", "--turn", "3"});
    write({"schedule", "Pender", "--clear"});
    write({"rename", "division", "Heth", "Heth's Division"});
    write({"reveal", "Heth"});
    write({"reveal", "Heth", "--hide"});
    write({"campaign", "set", "--return-rate", "40"});
    write({"add", "division", "Anderson", "--corps", "Third Corps"});
    write({"add", "brigade", "Brockenbrough", "--division", "Wadsworth", "--rating", "veteran", "--stands", "5", "--label", "5/4/3"});
    return out;
}

// One part of the damages (every `parts`th, from `part`): the parts are CTest entries of their
// own, so the suite runs them side by side.
void damage_part(size_t part, size_t parts) {
    test::TempDir dir;
    const auto base = dir.file("base.db");
    base_campaign(base);
    const auto pristine_check = in_process({"--db", base, "check"});
    INFO(pristine_check.out << pristine_check.err);
    REQUIRE(pristine_check.code == 0);
    const auto cols = columns(base);
    const auto all = damages(cols);
    REQUIRE(all.size() > 150);
    const auto pristine = test::file_bytes(base);
    // In the sanitizer build, every fifth damage: it is there for memory errors on the way.
    const size_t step = static_cast<size_t>(std::max(1, 100 / test::scaled(100)));
    int refusals = 0, runs = 0, missed = 0;
    int files = 0;
    for (size_t i = part * step; i < all.size(); i += step * parts) {
        const auto& d = all[i];
        // MUSTER_DAMAGE_ONLY=TEXT runs only the damages whose description holds TEXT (to chase one).
        if (const char* only = std::getenv("MUSTER_DAMAGE_ONLY"); only && d.what.find(only) == std::string::npos) continue;
        INFO(d.what);
        ++files;
        const auto file = dir.file("damaged.db");
        const auto put = [&](const std::string& bytes) {
            for (const auto* end : {"", "-wal", "-shm"}) std::filesystem::remove(file + end);
            std::ofstream(file, std::ios::binary) << bytes;
        };
        put(pristine);
        test::raw_sql(file, d.sql);
        const auto damaged = test::file_bytes(file);
        const auto fresh = [&] { put(damaged); };
        // check finds it (but in free text, where any text is good).
        const auto checked = in_process({"--db", file, "check"});
        const Column* col = nullptr;
        for (const auto& c : cols)
            if (d.what.rfind(c.table + "." + c.name + " ", 0) == 0) col = &c;
        REQUIRE(col);
        const bool numeral = d.what.find(" = 'many'") == std::string::npos && col->type == "INTEGER" && !col->reference;
        if (!free_text(*col) && !(numeral && any_number(*col))) {
            if (checked.code != 1) ++missed;
            CHECK(checked.code == 1);
        }
        static const char* const views[] = {"umpire", "union", "confederate"};
        for (const auto& cmd : commands(dir.path(), views[(i / step) % 3], i / step)) {
            if (cmd.writes) fresh();
            INFO("muster " << join(cmd.args, " "));
            std::vector<std::string> args{"--db", file};
            args.insert(args.end(), cmd.args.begin(), cmd.args.end());
            const auto before = cmd.writes ? test::file_bytes(file) : std::string();
            const auto r = in_process(args);
            ++runs;
            CHECK((r.code == 0 || r.code == 1 || r.code == 2));
            if (r.code == 0) continue;
            ++refusals;
            INFO(r.err);
            INFO("the output ends: " << r.out.substr(r.out.size() > 400 ? r.out.size() - 400 : 0));
            CHECK(r.err.rfind("muster: ", 0) == 0);
            CHECK(r.err.find("unexpected error") == std::string::npos);
            CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
            CHECK(r.out.empty());  // refused whole: nothing printed before the refusal
            if (cmd.writes) CHECK(test::file_bytes(file) == before);
        }
    }
    WARN(runs << " commands run on " << files << " damaged files; " << refusals << " refused; check missed " << missed);
}

}  // namespace

TEST_CASE("Every column of every table damaged in turn (first quarter): no command crashes, each works or refuses in one line, check finds it") {
    damage_part(0, 4);
}
TEST_CASE("Every column of every table damaged in turn (second quarter)") { damage_part(1, 4); }
TEST_CASE("Every column of every table damaged in turn (third quarter)") { damage_part(2, 4); }
TEST_CASE("Every column of every table damaged in turn (fourth quarter)") { damage_part(3, 4); }

TEST_CASE("A count below zero in the file is damage: refused by what reads it, never written on") {
    test::TempDir dir;
    const auto file = dir.file("c.db");
    base_campaign(file);
    test::raw_sql(file, "PRAGMA ignore_check_constraints = ON; UPDATE brigade SET stands = -5 WHERE id = "
                        "(SELECT b.id FROM brigade b JOIN division d ON d.id = b.division_id WHERE d.name = 'Wadsworth' ORDER BY b.id LIMIT 1)");
    refused_unchanged(file,
                      {{"oob"}, {"export", "oob", "--format", "json", "-o", dir.file("o.json")},
                       {"brigade", "merge", "Wadsworth/Iron Brigade", "--into", "Wadsworth/Cutler's Brigade"}},
                      "holds -5, a count below zero");
    // What reads the file whole first names the constraint and its row too, not only its table.
    refused_unchanged(file, {{"backup", dir.file("copy.db")}, {"serve", "--listen", "127.0.0.1:0"}},
                      "the campaign database is damaged (in brigade, 1 row breaks CHECK (stands BETWEEN 0 AND 999): row ");
    CHECK_FALSE(std::filesystem::exists(dir.file("copy.db")));
}

TEST_CASE("A placeholder holding brigades is named as damage by its arrival and its preview, never met as names taken") {
    const DamagedBy d("PRAGMA ignore_check_constraints = ON; UPDATE division SET status = 'placeholder' WHERE name = 'Heth'");
    const auto row = test::raw_sql_value(d.file, "SELECT id FROM division WHERE name = 'Heth'");
    refused_unchanged(d.file, {{"arrive", "Heth"}, {"arrive", "Heth", "--preview"}},
                      "division row " + row + ": it is a placeholder, not yet arrived, yet holds ");
}

TEST_CASE("A campaign's stored theater not of its rule set is damage, named as stored, and a theater set anew mends it") {
    for (const char* stored : {"mars", "East"}) {
        INFO(stored);
        const DamagedBy d(std::string("PRAGMA ignore_check_constraints = ON; UPDATE campaign SET theater = '") + stored + "'");
        refused_unchanged(d.file, {{"turn", "next"}, {"arrive", "Pender"}, {"arrive", "Pender", "--preview"}, {"campaign", "set", "--return-rate", "40"}},
                          std::string("campaign Test: its theater \"") + stored + "\" is not one of rule set acw's (expected east, west); run muster check, or give it one");
        CHECK(d.check().code == 1);
        REQUIRE(on(d.file, {"campaign", "set", "--theater", "east"}).code == 0);
        CHECK(d.check().code == 0);
        CHECK(on(d.file, {"campaign", "set", "--return-rate", "40"}).code == 0);
    }
}

TEST_CASE("An exchange's item holding a unit not there is named as the exchange's item, not a prisoner, by all that reads it") {
    for (const char* column : {"brigade_id", "leader_id", "battery_id"}) {
        INFO(column);
        const DamagedBy d(std::string("PRAGMA foreign_keys = OFF; PRAGMA ignore_check_constraints = ON; UPDATE exchange_item SET brigade_id = NULL, leader_id = NULL, "
                                      "battery_id = NULL, ") + column + " = 99999 WHERE id = (SELECT min(id) FROM exchange_item)");
        // A leader may be missed where the leaders are read, before the exchanges: named then with the places that name one.
        const std::string kind = std::string(column).substr(0, std::string(column).find('_'));
        const auto before = test::file_bytes(d.file);
        for (const std::vector<std::string>& args : {std::vector<std::string>{"exchange", "list"}, {"exchange", "list", "--as", "union"}, {"player", "inbox"},
                                                     {"handout", "--side", "union", "-o", d.dir.file("papers")}}) {
            const auto r = on(d.file, args);
            INFO(join(args, " ") << ":\n" << r.err);
            CHECK(r.code == 1);
            CHECK((r.err.find("exchange_item row 1 (of exchange #1) points at " + kind + " 99999, which is not there") != std::string::npos ||
                   (kind == "leader" && r.err.find("leader #99999, whom the campaign names (a unit's commander, a prisoner, an exchange's item)") != std::string::npos)));
            CHECK(test::file_bytes(d.file) == before);
        }
    }
    // One holding none: said so, not named as a kind it is not.
    const DamagedBy none("PRAGMA ignore_check_constraints = ON; UPDATE exchange_item SET brigade_id = NULL, leader_id = NULL, battery_id = NULL, stands = 0 "
                         "WHERE id = (SELECT min(id) FROM exchange_item)");
    refused_unchanged(none.file, {{"exchange", "list"}, {"player", "inbox"}}, " (of exchange #1) holds no brigade, leader or battery (expected one)");
}

TEST_CASE("A number outside the schema's bounds in the file is damage - refused by what reads it and by what would write on it, named by check") {
    struct Case {
        std::string sql, says;
        std::vector<std::vector<std::string>> commands;
    };
    const std::vector<std::string> skirmish = {"battle", "report", "--name", "Skirmish", "--loss", "Wadsworth/Iron Brigade=1"};
    const std::vector<Case> cases = {
        {"UPDATE brigade SET worn_at = -1 WHERE name = 'Iron Brigade'", "column worn_at holds -1 (expected 0 to 99)", {{"oob"}, skirmish}},
        {"UPDATE brigade SET spent_at = 100 WHERE name = 'Iron Brigade'", "column spent_at holds 100 (expected 0 to 99)", {{"oob"}, skirmish}},
        {"UPDATE brigade SET stands = 5000 WHERE name = 'Iron Brigade'", "column stands holds 5000, more than the 999 the schema allows", {{"oob"}, skirmish}},
        {"UPDATE leader SET out_battles = -4 WHERE status = 'wounded'", "column out_battles holds -4 (expected 0 to 100)",
         {{"leader", "list"}, {"leader", "return", "Heth/2nd Brigade"}}},
        {"UPDATE battle_division SET engaged = -5", "column engaged holds -5, a count below zero", {{"battle", "show", "McPherson Ridge"}}},
        {"UPDATE battle_loss SET returned = casualties + 5", "column returned holds 6, more than its 1 casualties",
         {{"battle", "show", "McPherson Ridge"}, {"battle", "recover", "McPherson Ridge"}}},
        {"UPDATE exchange SET counterpart = proposer", "proposed by union to itself", {{"exchange", "list"}, {"exchange", "accept", "1", "--side", "confederate"}}},
        {"UPDATE prisoner SET stands = 0 WHERE brigade_id IS NOT NULL", "column stands holds 0 of a brigade (expected 1 or more)",
         {{"camp", "list"}, {"exchange", "propose", "--from", "confederate", "--offer", "stands:Wadsworth/Iron Brigade=1", "--ask", "stands:Heth/1st Brigade=1"}}},
        {"UPDATE prisoner SET leader_id = (SELECT MIN(id) FROM leader) WHERE brigade_id IS NOT NULL", " and leader_id ",
         {{"camp", "list"}, {"exchange", "propose", "--from", "confederate", "--offer", "stands:Wadsworth/Iron Brigade=1", "--ask", "stands:Heth/1st Brigade=1"}}},
        {"UPDATE prisoner SET stands = 1000 WHERE brigade_id IS NOT NULL", "column stands holds 1000, more than the 999 the schema allows",
         {{"camp", "list"}, {"camp", "liberate", "Fort Delaware"}}},
        // Held by his own side: liberated, he would go "home" from it.
        {"UPDATE prisoner SET camp_id = (SELECT id FROM camp WHERE side = 'confederate') WHERE brigade_id = (SELECT id FROM brigade WHERE name = '1st Brigade' "
         "AND division_id = (SELECT id FROM division WHERE name = 'Heth'))",
         "is held in camp Libby Prison of his own side (confederate)", {{"camp", "list"}, {"camp", "liberate", "Libby Prison"}}},
    };
    for (const auto& c : cases) {
        DYNAMIC_SECTION(c.sql) {
            const DamagedBy d("PRAGMA ignore_check_constraints = ON; " + c.sql);
            refused_unchanged(d.file, c.commands, c.says);
            CHECK(d.check().code == 1);
        }
    }
}

TEST_CASE("A file that lost its campaigns' rows, keeping the rest, is damaged, not new - refused by readers and by a new campaign that would take them") {
    const DamagedBy d("DELETE FROM campaign");
    refused_unchanged(d.file, {{"oob"}, {"journal"}, {"turn"}}, "the file lost campaign #1, whose rows it still holds");
    refused_unchanged(d.file, {{"campaign", "new", "Other", "--rules", "awi"}}, "rows of the ");
    CHECK(d.check().code == 1);
}

TEST_CASE("A line break in a damaged file's name or journal entry is written visibly - no listing gets a forged line") {
    test::TempDir dir;
    const auto file = dir.file("c.db");
    base_campaign(file);
    test::raw_sql(file, "UPDATE leader SET name = 'Lee' || char(10) || '#99   Forged' WHERE name = 'R. E. Lee'; "
                        "UPDATE division SET name = 'Heth' || char(10) || '      Forged (Infantry)' WHERE name = 'Heth'; "
                        "UPDATE operation SET summary = 'ok' || char(10) || '#77  forged' WHERE id = (SELECT MIN(id) FROM operation)");
    // A unit led by no one, named in what waits on the umpire.
    test::raw_sql(file, "UPDATE brigade SET commander_id = NULL WHERE division_id = (SELECT id FROM division WHERE name LIKE 'Heth%')");
    for (const std::vector<std::string>& args : {std::vector<std::string>{"leader", "list"}, {"journal"}, {"oob"}, {"battle", "list"}, {"undo", "--preview"}, {"turn"}}) {
        const auto r = on(file, args);
        INFO(join(args, " ") << ":\n" << r.out << r.err);
        for (const char* forged : {"\n#99", "\n      Forged", "\n#77"}) CHECK(r.out.find(forged) == std::string::npos);
    }
    CHECK_THAT(in_process({"--db", file, "leader", "list"}).out, Catch::Matchers::Contains("Lee\\x0A#99   Forged"));
    CHECK_THAT(in_process({"--db", file, "oob"}).out, Catch::Matchers::Contains("Heth\\x0A      Forged (Infantry)"));
    CHECK_THAT(in_process({"--db", file, "journal"}).out, Catch::Matchers::Contains("ok\\x0A#77  forged"));
    CHECK_THAT(in_process({"--db", file, "turn"}).out, Catch::Matchers::Contains("no commander") && Catch::Matchers::Contains("Heth\\x0A      Forged (Infantry)/"));
    // A battle's summary and plan, and a turn's report: its place, and the names its fallen went by.
    test::raw_sql(file, "UPDATE leader SET name = name || char(10) || 'Forged: row' WHERE id IN (SELECT leader_id FROM battle_fallen); "
                        "UPDATE battle_fallen SET known_as = known_as || char(10) || 'Forged: fall'; "
                        "UPDATE battle SET place = 'Gettysburg' || char(10) || 'Forged place'");
    for (const std::vector<std::string>& args : {std::vector<std::string>{"battle", "show", "Seminary Ridge"}, {"battle", "show", "Seminary Ridge", "--as", "union"},
                                                {"turn", "report"}, {"turn", "report", "--as", "confederate"}}) {
        const auto r = on(file, args);
        INFO(join(args, " ") << ":\n" << r.out << r.err);
        CHECK(r.code == 0);
        for (const char* forged : {"\nForged", "\n#99", "\n      Forged"}) CHECK(r.out.find(forged) == std::string::npos);
    }
    CHECK_THAT(in_process({"--db", file, "battle", "show", "Seminary Ridge"}).out, Catch::Matchers::Contains("\\x0AForged: row") && Catch::Matchers::Contains("Gettysburg\\x0AForged place"));
}

TEST_CASE("A line break or a terminal's escape in a damaged file's names is written visibly in every listing and in every text file muster writes") {
    test::TempDir dir;
    const auto file = dir.file("c.db");
    base_campaign(file);
    // Names another program wrote: line breaks that would forge a line, escapes that would
    // retitle a terminal reading the file (cat papers.txt).
    test::raw_sql(file, "UPDATE campaign SET name = name || char(10) || 'Forged campaign'; "
                        "UPDATE camp SET name = name || char(10) || 'Forged camp'; "
                        "UPDATE brigade SET name = name || char(10) || 'Forged brigade' WHERE name = '2nd Brigade'; "
                        "UPDATE division SET name = name || char(27) || ']0;PWNED' || char(7) WHERE name = 'Wadsworth'");
    test::raw_sql(file, "UPDATE meta SET value = (SELECT name FROM campaign) WHERE key = 'current_campaign'");
    // (A line break in HTML is a space, and in CSV a quoted field's own: neither forges a line.)
    const auto clean = [](const std::string& what, const std::string& text, bool lines = true) {
        INFO(what << ":\n" << text);
        if (lines) CHECK(text.find("\nForged") == std::string::npos);
        CHECK(text.find('\x1b') == std::string::npos);
        CHECK(text.find('\x07') == std::string::npos);
    };
    for (const std::vector<std::string>& args : {std::vector<std::string>{"camp", "list"}, {"exchange", "list"}, {"oob"}, {"turn"}, {"campaign", "show"},
                                                {"exchange", "list", "--as", "union"}, {"turn", "report", "--as", "union"}}) {
        const auto r = on(file, args);
        CHECK(r.code == 0);
        clean(join(args, " "), r.out + r.err);
    }
    for (const char* format : {"text", "md", "csv", "html"}) {
        const auto out = dir.file(std::string("oob.") + format);
        REQUIRE(on(file, {"export", "oob", "--format", format, "-o", out}).code == 0);
        clean(format, test::file_bytes(out), std::string(format) == "text" || std::string(format) == "md");
    }
    REQUIRE(on(file, {"handout", "--side", "union", "-o", dir.file("papers")}).code == 0);
    for (const char* paper : {"papers.txt", "turn.txt", "last-turn.txt"}) clean(paper, test::file_bytes(dir.file(std::string("papers/") + paper)));
    CHECK_THAT(test::file_bytes(dir.file("papers/papers.txt")), Catch::Matchers::Contains("\\x0AForged camp"));
}

TEST_CASE("A control character in a player's message is named by check, which still proves the ledger") {
    const auto r = DamagedBy("UPDATE message SET text = text || char(1)").check();
    INFO(r.out << r.err);
    CHECK(r.code == 1);
    CHECK_THAT(r.out, Catch::Matchers::Contains("message row(s) hold a control character in text"));
    CHECK_THAT(r.out, !Catch::Matchers::Contains("ledger: not checked"));
    CHECK_THAT(r.out, Catch::Matchers::Contains("stands"));  // the ledger's totals, counted
}

TEST_CASE("check says SQLite's line for a CHECK constraint broken in many rows once, with how many") {
    const DamagedBy damaged("PRAGMA ignore_check_constraints = ON; UPDATE brigade SET labelled_for = -1");
    const auto rows = SQLite::Database(damaged.file, SQLite::OPEN_READONLY).execAndGet("SELECT count(*) FROM brigade").getInt();
    REQUIRE(rows > 1);
    const auto r = damaged.check();
    CHECK(r.code == 1);
    const std::string said = "integrity: CHECK constraint failed in brigade";
    CHECK_THAT(r.out, Catch::Matchers::Contains(said + " (said for " + std::to_string(rows) + " rows)"));
    CHECK(r.out.find(said) == r.out.rfind(said));  // once
    // ...and which of the table's constraints, broken in which rows (SQLite 3.40 names the table alone).
    CHECK_THAT(r.out, Catch::Matchers::Contains("integrity: in brigade, " + std::to_string(rows) +
                                                " rows break CHECK (labelled_for IS NULL OR labelled_for >= 1): rows 1, 2"));
    CHECK_THAT(r.out, !Catch::Matchers::Contains("CHECK (stands BETWEEN"));  // a constraint no row breaks is not named
}

TEST_CASE("A name kept from before the look-alike rule passes check, which has no rename for every kind of name to offer") {
    const auto r = DamagedBy("UPDATE camp SET name = 'Libby' || char(0xFE0F) || ' Pri' || char(0x0301) || 'son' WHERE side = 'confederate'").check();
    INFO(r.out << r.err);
    CHECK(r.code == 0);
    CHECK_THAT(name_problem("Libby\ufe0f", NameRule::entered), Catch::Matchers::Contains("variation selector"));
}

TEST_CASE("check finds a campaign date outside its rule set's years, which every command dated by it refuses") {
    const auto r = DamagedBy("UPDATE campaign SET date = '0000-01-01'").check();
    CHECK(r.code == 1);
    CHECK_THAT(r.out, Catch::Matchers::Contains("campaign Test: its date 0000-01-01 is outside rule set acw's years: expected 1861 to 1865"));
}

TEST_CASE("check names a count of stands beyond any campaign's, and leaves it out of totals it would wrap around") {
    // The largest whole number SQLite keeps, in a move of each of two brigades (their sums stay in range).
    const auto r = DamagedBy("PRAGMA ignore_check_constraints = ON; UPDATE move SET stands = 9223372036854775000 WHERE id IN "
                             "(SELECT MIN(id) FROM move GROUP BY brigade_id LIMIT 2)")
                       .check();
    INFO(r.out << r.err);
    CHECK(r.code == 1);
    CHECK_THAT(r.out, Catch::Matchers::Contains("stands in its moves, beyond any count of stands: left out of the totals"));
    CHECK_THAT(r.out, !Catch::Matchers::Contains("stands: -"));  // no total wrapped around below zero
}

TEST_CASE("A move beyond any count of stands is named, row and value, by what sums the moves: never the sum it spoils, nor a wrapped one") {
    // One such move (its sums stay in range, out of an int's), and three (their sums overflow).
    for (const char* moves : {"1", "3"}) {
        INFO(moves);
        const DamagedBy d(std::string("PRAGMA ignore_check_constraints = ON; UPDATE move SET stands = 9223372036854775000 WHERE id IN "
                                      "(SELECT MIN(id) FROM move GROUP BY brigade_id ORDER BY MIN(id) LIMIT ") + moves + ")");
        const auto first = test::raw_sql_value(d.file, "SELECT MIN(id) FROM move");
        refused_unchanged(d.file, {{"turn", "report"}, {"handout", "--side", "union", "-o", d.dir.file("papers")}},
                          "move row " + first + ": column stands holds 9223372036854775000 (expected -999 to 999: no brigade holds more)");
        CHECK_THAT(d.check().out, Catch::Matchers::Contains("moves: move row " + first + " holds 9223372036854775000 stands (expected -999 to 999"));
    }
    // The smallest whole number too, which no sum can take.
    const DamagedBy least("UPDATE move SET stands = -9223372036854775808 WHERE id = (SELECT MIN(id) FROM move)");
    const auto first = test::raw_sql_value(least.file, "SELECT MIN(id) FROM move");
    CHECK_THAT(least.check().out, Catch::Matchers::Contains("moves: move row " + first + " holds -9223372036854775808 stands"));
    refused_unchanged(least.file, {{"turn", "report"}}, "move row " + first + ": column stands holds -9223372036854775808");
}

TEST_CASE("check finds what undo and the rules would trip on: an unreadable undo record, entries undoing themselves, a leader commanding two units, a camp holding its own side or liberated, names alike but for case") {
    test::TempDir dir;
    const auto base = dir.file("base.db");
    base_campaign(base);
    REQUIRE(in_process({"--db", base, "check"}).code == 0);
    const std::vector<std::pair<std::string, std::string>> damages = {
        {"UPDATE operation SET changeset = x'00112233' WHERE id = (SELECT max(id) FROM operation WHERE changeset IS NOT NULL)",
         "record of its changes does not read"},
        {"UPDATE operation SET undoes = id, undone_by = id WHERE id = (SELECT max(id) FROM operation)", "not one before it"},
        {"UPDATE division SET commander_id = (SELECT commander_id FROM brigade WHERE commander_id IS NOT NULL LIMIT 1) WHERE id = (SELECT min(id) FROM division)",
         "command more than one unit"},
        {"UPDATE camp SET side = 'confederate' WHERE id = (SELECT camp_id FROM prisoner WHERE brigade_id IS NOT NULL AND camp_id IN "
         "(SELECT id FROM camp WHERE side = 'union') LIMIT 1)", "held in a camp of their own side"},
        {"UPDATE camp SET liberated = 1 WHERE id = (SELECT camp_id FROM prisoner LIMIT 1)", "held in a camp that was liberated"},
        {"UPDATE operation SET kind = 'submission' WHERE id = (SELECT operation_id FROM draft_line LIMIT 1); INSERT INTO draft_line (campaign_id, battle, "
         "operation_id, kind, brigade_id, stands, why) SELECT campaign_id, battle, operation_id, kind, brigade_id, stands, why FROM draft_line LIMIT 1",
         "more than one loss submitted in a draft report"},
        {"UPDATE brigade SET alternate_id = (SELECT commander_id FROM army LIMIT 1) WHERE id = (SELECT min(id) FROM brigade)", "command more than one unit"},
        {"DELETE FROM exchange_item WHERE exchange_id = (SELECT max(id) FROM exchange)", "holds nothing it offers or asks"},
        {"UPDATE exchange SET number = 0 WHERE id = (SELECT max(id) FROM exchange)", "with no number in their campaign"},
        {"INSERT INTO dice_stream VALUES (1, 'union|Wright', 9223372036854775806)", "the dice of union|Wright have drawn 9223372036854775806 numbers"},
        {"INSERT INTO battery (campaign_id, division_id, corps_id, army_id, position, name, status) SELECT campaign_id, division_id, corps_id, "
         "army_id, position + 1000, name, status FROM battery LIMIT 1", "no reference can tell them apart"},
        {"UPDATE division SET name = upper((SELECT name FROM division ORDER BY id LIMIT 1)) WHERE id = (SELECT max(id) FROM division)",
         "divisions of campaign Test are named alike but for case"},
        {"UPDATE brigade SET name = lower((SELECT b.name FROM brigade b WHERE b.division_id = brigade.division_id AND b.id <> brigade.id LIMIT 1)) "
         "WHERE id = (SELECT max(b1.id) FROM brigade b1 WHERE EXISTS (SELECT 1 FROM brigade b2 WHERE b2.division_id = b1.division_id AND b2.id < b1.id))",
         "are named alike but for case"},
        {"UPDATE operation SET part_of = id WHERE id = (SELECT max(id) FROM operation)", "part of a step whose first is not an earlier entry"},
        {"UPDATE operation SET part_of = (SELECT max(id) FROM operation) WHERE id = (SELECT max(id) - 1 FROM operation)",
         "part of a step whose first is not an earlier entry"}};
    for (const auto& [sql, says] : damages) {
        INFO(sql);
        const auto file = dir.file("damaged.db");
        std::filesystem::copy_file(base, file, std::filesystem::copy_options::overwrite_existing);
        test::raw_sql(file, "PRAGMA foreign_keys = OFF; " + sql);
        const auto r = in_process({"--db", file, "check"});
        INFO(r.out << r.err);
        CHECK(r.code == 1);
        CHECK_THAT(r.out, Catch::Matchers::Contains(says));
    }
}

TEST_CASE("Journal entries tied into one step out of order (each naming the other) are refused by undo, redo and the undo plan, changing nothing") {
    test::TempDir dir;
    const auto file = dir.file("c.db");
    base_campaign(file);
    test::raw_sql(file, "UPDATE operation SET part_of = (SELECT max(id) FROM operation) WHERE id = (SELECT max(id) - 1 FROM operation); "
                        "UPDATE operation SET part_of = (SELECT max(id) - 1 FROM operation) WHERE id = (SELECT max(id) FROM operation)");
    const auto before = test::dump(file);
    for (const std::vector<std::string>& command : {std::vector<std::string>{"undo"}, {"redo"}, {"undo", "--preview"}}) {
        INFO(command.front() << " " << command.size());
        auto args = command;
        args.insert(args.begin(), {"--db", file});
        const auto r = in_process(args);
        CHECK(r.code == 1);
        CHECK_THAT(r.err, Catch::Matchers::Contains("part of a step whose first is not an earlier entry of the campaign") &&
                              Catch::Matchers::Contains("nothing was changed"));
    }
    CHECK(test::dump(file) == before);
}

// Undo is refused saying `says`, changing nothing, within `tries` undos: never once it would
// reach past what an edit broke (each undo before the refusal takes back an entry after it).
void undo_refused_within(const std::string& file, int tries, const std::string& says) {
    for (int i = 0; i < tries; ++i) {
        const auto before = test::dump(file);
        const auto r = in_process({"--db", file, "undo"});
        if (r.code == 0) continue;
        CHECK(r.code == 1);
        CHECK_THAT(r.err, Catch::Matchers::Contains(says) && Catch::Matchers::Contains("nothing was changed"));
        CHECK(test::dump(file) == before);
        return;
    }
    FAIL("undo was not refused in " << tries << " tries");
}

// The base campaign (`nothing_after`: with an entry that changed nothing after it, a state on the
// table set twice) edited by `sql`: check names it, saying `check_says`, and undo refuses it within
// `tries` (undo_refused_within), saying `undo_says`.
void journal_edit_refused(const std::string& sql, const std::string& check_says, const std::string& undo_says, int tries, bool nothing_after) {
    test::TempDir dir;
    const auto file = dir.file("c.db");
    base_campaign(file);
    if (nothing_after)
        for (int i = 0; i < 2; ++i)
            REQUIRE(in_process({"--db", file, "table", "state", "--battle", "Cemetery Ridge", "--unit", "Wadsworth/Iron Brigade", "disordered=yes"}).code == 0);
    test::raw_sql(file, sql);
    const auto check = in_process({"--db", file, "check"});
    CHECK(check.code == 1);
    CHECK_THAT(check.out + check.err, Catch::Matchers::Contains(check_says));
    undo_refused_within(file, tries, undo_says);
}

TEST_CASE("A journal entry's kind or undo mark changed by hand is named by check and refused by undo and redo, never passed over") {
    // The newest entry made an undo, or the one before it marked undone by the newest, which did
    // not undo it: undo would pass over an entry and take back an older one.
    const std::vector<std::pair<std::string, std::string>> edits = {
        {"an entry's kind made an undo", "UPDATE operation SET kind = 'undo' WHERE id = (SELECT max(id) FROM operation)"},
        {"an entry's kind made a redo", "UPDATE operation SET kind = 'redo' WHERE id = (SELECT max(id) FROM operation)"},
        {"an entry marked undone by one that did not undo it", "UPDATE operation SET undone_by = (SELECT max(id) FROM operation) WHERE id = (SELECT max(id) - 1 FROM operation)"},
        {"an entry of another kind naming one it undoes", "UPDATE operation SET undoes = (SELECT max(id) - 1 FROM operation) WHERE id = (SELECT max(id) FROM operation)"},
    };
    for (const auto& [what, sql] : edits) {
        INFO(what);
        // Refused at once, or after undoing the newest where the edit leaves that one to undo.
        journal_edit_refused(sql, "is not as undo and redo write it", "is not as undo and redo write it", 2, false);
    }
}

TEST_CASE("A journal entry made another kind muster writes, or stripped of its record of changes, is named by check and refused by undo") {
    // Each entry's kind is sealed with its record of changes, and an entry that changed nothing
    // keeps a record that says so: undo never passes over an entry it cannot read as made.
    const std::string newest_change = "(SELECT max(id) FROM operation WHERE kind NOT IN ('preview', 'create') AND changeset IS NOT NULL AND length(changeset) > 9)";
    const std::vector<std::pair<std::string, std::string>> edits = {
        {"the newest change made an arrival", "UPDATE operation SET kind = 'arrival' WHERE id = " + newest_change},
        {"the newest change made a turn", "UPDATE operation SET kind = 'turn' WHERE id = " + newest_change},
        {"a battle made a recovery", "UPDATE operation SET kind = 'recovery' WHERE kind = 'battle'"},
        {"an entry that changed nothing made a battle", "UPDATE operation SET kind = 'battle' WHERE id = (SELECT max(id) FROM operation WHERE kind = 'table state')"},
        {"the newest change stripped of its record", "UPDATE operation SET changeset = NULL WHERE id = " + newest_change},
        {"a battle stripped of its record", "UPDATE operation SET changeset = NULL WHERE kind = 'battle'"},
        {"the newest change made an import, its record blanked", "UPDATE operation SET kind = 'import', changeset = NULL WHERE id = " + newest_change},
        {"the newest change made a second creation, its record blanked", "UPDATE operation SET kind = 'create', changeset = NULL WHERE id = " + newest_change},
        {"the newest change given the battle's record without its seal",
         "UPDATE operation SET changeset = (SELECT substr(changeset, 10) FROM operation WHERE kind = 'battle') WHERE id = " + newest_change},
    };
    for (const auto& [what, sql] : edits) {
        INFO(what);
        // Refused once the undos reach the entry the edit broke (those after it undone).
        journal_edit_refused(sql, "journal: entry #", "journal entry #", 12, true);
    }
}

TEST_CASE("An undo stripped of its record of changes is named by check and refused by redo, which never passes over it to an older one") {
    test::TempDir dir;
    const auto file = dir.file("c.db");
    base_campaign(file);
    REQUIRE(in_process({"--db", file, "undo"}).code == 0);
    REQUIRE(in_process({"--db", file, "undo"}).code == 0);
    test::raw_sql(file, "UPDATE operation SET changeset = NULL WHERE id = (SELECT max(id) FROM operation)");
    CHECK(in_process({"--db", file, "check"}).code == 1);
    const auto before = test::dump(file);
    const auto r = in_process({"--db", file, "redo"});
    CHECK(r.code == 1);
    CHECK_THAT(r.err, Catch::Matchers::Contains("record of its changes cannot be read") && Catch::Matchers::Contains("nothing was changed"));
    CHECK(test::dump(file) == before);
}

TEST_CASE("A campaign or camp deleted by hand leaves rows naming it, which a new one is refused rather than taking as its own") {
    for (const auto& [lost, command] : std::vector<std::pair<std::string, std::string>>{
             {"DELETE FROM campaign", "campaign new Fresh --rules acw"},
             {"DELETE FROM camp WHERE id = (SELECT max(id) FROM camp)", "camp new Andersonville --side confederate"}}) {
        INFO(command);
        test::TempDir dir;
        const auto file = dir.file("c.db");
        base_campaign(file);
        test::raw_sql(file, "PRAGMA foreign_keys = OFF; " + lost);
        const auto before = test::dump(file);
        std::vector<std::string> args{"--db", file};
        for (const auto& word : split(command, ' ')) args.push_back(word);
        const auto r = in_process(args);
        CHECK(r.code == 1);
        CHECK_THAT(r.err, Catch::Matchers::Contains("which the file lost: a new ") && Catch::Matchers::Contains("nothing was changed"));
        CHECK(test::dump(file) == before);
        CHECK(in_process({"--db", file, "check"}).code == 1);
    }
}

TEST_CASE("An undo record cut short at any byte, or with any byte changed, is said to be damaged by check and refused by undo, never read for ever") {
    test::TempDir dir;
    const auto base = dir.file("base.db");
    {
        auto s = test::make_campaign(base);
        s.prisoners().add_camp("union", "Fort Delaware");
    }
    const auto newest = std::string("(SELECT max(id) FROM operation)");
    SQLite::Database db(base);
    const auto size = db.execAndGet("SELECT length(changeset) FROM operation WHERE id = " + newest).getInt();
    REQUIRE(size > 8);
    // The record sealed with its digest: a cut between two of its changes, or a value changed,
    // reads as a changeset still, and only the digest tells it.
    const auto damaged = [&](const std::string& how, const std::string& sql) {
        INFO(how);
        const auto file = dir.file("damaged.db");
        std::filesystem::copy_file(base, file, std::filesystem::copy_options::overwrite_existing);
        test::raw_sql(file, "UPDATE operation SET changeset = " + sql + " WHERE id = " + newest);
        const auto check = in_process({"--db", file, "check"});
        CHECK_THAT(check.out, Catch::Matchers::Contains("record of its changes does not read"));
        undo_and_preview_refuse(file, "record of its changes cannot be read");
    };
    alarm(120);  // SQLite 3.40 spun for ever on some cuts (inside the first table's header)
    for (int cut = 1; cut < size; ++cut) damaged("cut to " + std::to_string(cut), "substr(changeset, 1, " + std::to_string(cut) + ")");
    for (int at = 1; at <= size; at += 3)
        damaged("byte " + std::to_string(at) + " changed",
                "substr(changeset, 1, " + std::to_string(at - 1) + ") || x'A5' || substr(changeset, " + std::to_string(at + 1) + ")");
    alarm(0);
    // A record without its seal (the changeset alone, beginning 'T', as stored before any seal)
    // is not as this muster writes it: a seal stripped, or another entry's record put there.
    const auto file = dir.file("unsealed.db");
    std::filesystem::copy_file(base, file, std::filesystem::copy_options::overwrite_existing);
    test::raw_sql(file, "UPDATE operation SET changeset = substr(changeset, 10) WHERE length(changeset) > 9");
    CHECK_THAT(in_process({"--db", file, "check"}).out, Catch::Matchers::Contains("record of its changes does not read"));
    undo_and_preview_refuse(file, "record of its changes cannot be read");
    // In a file of schema 41, from before records were sealed with their kind, it is read as it
    // was written, and sealed again (the table schema 43 added taken out too).
    test::raw_sql(file, "DROP TABLE rolled_for; DROP INDEX battle_division_by_division; ALTER TABLE battle_division DROP COLUMN returns_read; PRAGMA user_version = 41");
    CHECK(in_process({"--db", file, "check"}).code == 0);
    CHECK(in_process({"--db", file, "undo"}).code == 0);
    CHECK(in_process({"--db", file, "redo"}).code == 0);
    // Such a record, which reads, saying a column of the camp table is of its key that is not
    // (the second key flag set), sealed again by the migration: check names it, and undo and its
    // preview refuse it alike.
    std::filesystem::copy_file(base, file, std::filesystem::copy_options::overwrite_existing);
    test::raw_sql(file, "UPDATE operation SET changeset = substr(changeset, 10) WHERE length(changeset) > 9; "
                        "UPDATE operation SET changeset = substr(changeset, 1, 3) || x'01' || substr(changeset, 5) WHERE kind = 'camp'; DROP TABLE rolled_for; DROP INDEX battle_division_by_division; ALTER TABLE battle_division DROP COLUMN returns_read; PRAGMA user_version = 41");
    CHECK_THAT(in_process({"--db", file, "check"}).out, Catch::Matchers::Contains("changed the table camp, whose columns are not those it had then"));
    undo_and_preview_refuse(file, "whose columns are not those it had then");
}

TEST_CASE("Text where the file keeps a whole number is damage: refused by what reads it, never read as 0 nor acted on") {
    // Each passes the schema's own range checks (text sorts above every number).
    struct Case {
        std::string sql;
        std::vector<std::string> args;  // a command that reads it
    };
    test::TempDir dir;
    const auto file = dir.file("c.db");
    base_campaign(file);
    const auto pristine = test::file_bytes(file);
    for (const auto& [sql, args] : std::vector<Case>{
             {"UPDATE battle_loss SET casualties = 'abc'", {"battle", "show", "Seminary Ridge"}},
             {"UPDATE battle_loss SET casualties = 'abc'", {"battle", "recover", "Seminary Ridge"}},
             {"UPDATE campaign SET seed = 'abc'", {"campaign", "show"}},
             {"PRAGMA ignore_check_constraints = ON; UPDATE leader SET out_battles = 'abc' WHERE status = 'wounded'", {"leader", "list"}},
             {"PRAGMA ignore_check_constraints = ON; UPDATE brigade SET stands = 'abc'", {"brigade", "disband", "Heth/1st Brigade"}},
             {"PRAGMA ignore_check_constraints = ON; UPDATE brigade SET stands = 2.5", {"oob"}},
         }) {
        INFO(sql << "; muster " << join(args, " "));
        std::ofstream(file, std::ios::binary | std::ios::trunc) << pristine;
        for (const auto* end : {"-wal", "-shm"}) std::filesystem::remove(file + end);
        test::raw_sql(file, sql);
        const auto damaged = test::file_bytes(file);
        const auto r = on(file, args);
        INFO(r.out << r.err);
        CHECK(r.code == 1);
        CHECK_THAT(r.err, Catch::Matchers::Contains("the campaign database is damaged") && Catch::Matchers::Contains("not a whole number"));
        CHECK(test::file_bytes(file) == damaged);
        const auto checked = in_process({"--db", file, "check"});
        CHECK(checked.code == 1);
        CHECK_THAT(checked.out, Catch::Matchers::Contains("something other than a whole number"));
    }
}

TEST_CASE("check reports a file whose number columns hold text anywhere, section by section, and never fails whole") {
    test::TempDir dir;
    const auto file = dir.file("c.db");
    base_campaign(file);
    const auto pristine = test::file_bytes(file);
    // Columns the ledgers do not add up, read by check's other sections (text passes the range
    // checks: it sorts above every number).
    for (const std::string sql : {"UPDATE battle_division SET engaged = 'abc'", "UPDATE operation SET undoes = 'x' WHERE id = 2",
                                  "UPDATE operation SET player_id = 'x' WHERE id = 3", "UPDATE brigade SET start_stands = 'x' WHERE id = 1"}) {
        INFO(sql);
        std::ofstream(file, std::ios::binary | std::ios::trunc) << pristine;
        for (const auto* end : {"-wal", "-shm"}) std::filesystem::remove(file + end);
        test::raw_sql(file, "PRAGMA ignore_check_constraints = ON; PRAGMA foreign_keys = OFF; " + sql);
        const auto checked = in_process({"--db", file, "check"});
        INFO(checked.out << checked.err);
        CHECK(checked.code == 1);
        CHECK_THAT(checked.out, Catch::Matchers::Contains("something other than a whole number") &&
                                    Catch::Matchers::Contains("brigades and stands not counted"));
        CHECK_THAT(checked.err, Catch::Matchers::Contains("failed its check"));
    }
}

TEST_CASE("A pinned rule set that breaks a rule added since it was pinned still opens, its text shown visibly - check reports it") {
    // A unit term's name rule; a rule set's text rule (a control character in a side's name).
    for (const auto& [edit, shows, says] : std::vector<std::tuple<std::string, std::string, std::string>>{
             {"replace(rules_json, '\"id\": \"acw\",', '\"id\": \"acw\", \"terms\": {\"brigade\": \"Bde/Regt\"},')", "Bde/Regt",
              "names units, so it keeps the name rule"},
             {"replace(rules_json, '\"name\": \"Union\"', '\"name\": \"Uni\\u001b[2Jon\"')", "Uni\\x1B[2Jon", "control character U+001B"}}) {
        INFO(edit);
        test::TempDir dir;
        const auto file = dir.file("c.db");
        base_campaign(file);
        test::raw_sql(file, "UPDATE campaign SET rules_json = " + edit);
        const auto oob = in_process({"--db", file, "oob"});
        INFO(oob.err);
        CHECK(oob.code == 0);
        CHECK(oob.out.find('\x1b') == std::string::npos);
        CHECK_THAT(oob.out, Catch::Matchers::Contains(shows));
        const auto r = in_process({"--db", file, "check"});
        CHECK(r.code == 1);
        CHECK_THAT(r.out, Catch::Matchers::Contains("its pinned rule set breaks a rule added since it was pinned") && Catch::Matchers::Contains(says));
    }
}

TEST_CASE("undo --preview refuses a record of rows added that does not read, as undo does, and check names an exchange weighed by half") {
    test::TempDir dir;
    const auto file = dir.file("c.db");
    REQUIRE(in_process({"--db", file, "campaign", "new", "G", "--sample", "gettysburg", "--seed", "1"}).code == 0);
    REQUIRE(in_process({"--db", file, "turn", "next"}).code == 0);
    test::raw_sql(file, "UPDATE operation SET inserted = 'turn_date:999' WHERE kind = 'turn'");
    undo_and_preview_refuse(file, "record of the rows it added cannot be read");
    // An exchange weighed on one side only, or an open one weighed.
    const DamagedBy d("");
    REQUIRE(in_process({"--db", d.file, "exchange", "propose", "--from", "union", "--offer", "stands:Heth/1st Brigade=1"}).code == 0);
    test::raw_sql(d.file, "UPDATE exchange SET weighed_offer = 100");
    CHECK_THAT(d.check().out, Catch::Matchers::Contains(" weighed on one side only, or weighed before they were answered"));
}

TEST_CASE("check names a battle's loss of a brigade whose division the battle does not hold, which its summary leaves out") {
    test::TempDir dir;
    const auto file = dir.file("c.db");
    {
        auto s = test::make_campaign(file);
        test::fight_and_propose(s);  // McPherson Ridge: losses in Heth and Wadsworth
    }
    REQUIRE(in_process({"--db", file, "check"}).code == 0);
    test::raw_sql(file, "DELETE FROM battle_division WHERE division_id = (SELECT id FROM division WHERE name = 'Heth')");
    const auto r = in_process({"--db", file, "check"});
    CHECK(r.code == 1);
    CHECK_THAT(r.out, Catch::Matchers::Contains("battles: ") && Catch::Matchers::Contains("loss(es) of a brigade whose division its battle does not hold"));
}

TEST_CASE("check names a fall whose name is not a name, or whose division, corps or army is not the leader's side's") {
    // Kept with each fall since schema 37: the name the enemy read it under, and the unit above.
    for (const auto& [sql, says] : std::vector<std::pair<std::string, std::string>>{
             {"UPDATE battle_fallen SET known_as = CAST(x'48696c6c00ff' AS TEXT)", "names: the fall of a leader read as \"Hill\\x00\\xFF\": a NUL character"},
             {"UPDATE battle_fallen SET known_as = x'4142'", "battle_fallen row(s) hold something other than text in known_as"},
             {"UPDATE battle_fallen SET corps_id = (SELECT k.id FROM corps k JOIN army a ON a.id = k.army_id WHERE a.side = 'union' LIMIT 1) "
              "WHERE leader_id IN (SELECT id FROM leader WHERE side = 'confederate')",
              "which is not of his side"},
             {"UPDATE battle_fallen SET corps_id = (SELECT MIN(id) FROM corps), army_id = (SELECT MIN(id) FROM army)", "with both corps 1 and army 1 (one or the other, or neither)"}}) {
        INFO(sql);
        const auto r = DamagedBy(sql).check();
        CHECK(r.code == 1);
        CHECK_THAT(r.out, Catch::Matchers::Contains(says));
    }
}

TEST_CASE("A battle naming a battery, a leader or a division the file has lost is refused where its summary is read, not shown without it") {
    for (const auto& [sql, says] : std::vector<std::pair<std::string, std::string>>{
             {"DELETE FROM battery WHERE name = 'Reserve Battery'", "the battle of Seminary Ridge points at battery "},
             {"DELETE FROM prisoner WHERE leader_id IS NOT NULL; DELETE FROM leader WHERE id IN (SELECT leader_id FROM battle_fallen) AND id NOT IN "
              "(SELECT commander_id FROM brigade WHERE commander_id IS NOT NULL) AND id NOT IN (SELECT alternate_id FROM brigade WHERE alternate_id IS NOT NULL)",
              "the battle of Seminary Ridge points at leader "}}) {
        INFO(sql);
        const DamagedBy d(sql);
        const auto before = test::file_bytes(d.file);
        for (const std::vector<std::string>& args : {std::vector<std::string>{"battle", "show", "Seminary Ridge"}, {"turn", "report"}}) {
            const auto r = on(d.file, args);
            INFO(join(args, " ") << ":\n" << r.out << r.err);
            CHECK(r.code == 1);
            CHECK_THAT(r.err, Catch::Matchers::Contains(says) && Catch::Matchers::Contains("run muster check"));
        }
        CHECK(test::file_bytes(d.file) == before);
    }
}

TEST_CASE("A write in a file damaged where only what it prints after would read is refused before it saves, not after") {
    // Another division's status outside its CHECK (a hostile tool's), which schedule's answer
    // reads; a table the journal reads when exchange accept tells the side its entry, dropped.
    for (const auto& [sql, args, says] : std::vector<std::tuple<std::string, std::vector<std::string>, std::string>>{
             {"PRAGMA ignore_check_constraints = 1; INSERT INTO schedule (division_id, turn) SELECT id, 2 FROM division WHERE name = 'Wadsworth'; "
              "UPDATE division SET status = 'weird' WHERE name = 'Wadsworth'",
              {"schedule", "Pender", "--turn", "3"},
              "column status holds \"weird\""},
             {"DROP TABLE operation_view", {"exchange", "accept", "1", "--side", "confederate"}, "schema: the table operation_view is missing"},
             {"DROP TABLE dice_stream", {"campaign", "new", "Third", "--rules", "awi"}, "schema: the table dice_stream is missing"},
             // Nothing due: the arrivals write nothing, and the answer's rule set reads the army.
             {"DELETE FROM schedule; UPDATE army SET side = 'martian' WHERE id = (SELECT MIN(id) FROM army)", {"arrive", "--due"}, "of side \"martian\""}}) {
        INFO(sql);
        const DamagedBy d(sql);
        if (args.front() == "exchange") REQUIRE(in_process({"--db", d.file, "exchange", "propose", "--from", "union", "--offer", "stands:Heth/1st Brigade=1"}).code != 3);
        const auto before = test::file_bytes(d.file);
        const auto r = on(d.file, args);
        INFO(r.out << r.err);
        CHECK(r.code == 1);
        CHECK_THAT(r.err, Catch::Matchers::Contains(says) && !Catch::Matchers::Contains("the change was made"));
        CHECK(r.out.empty());
        CHECK(test::file_bytes(d.file) == before);
    }
}

TEST_CASE("An exchange answered in a file whose journal has a page it cannot read is refused before it saves, not after") {
    // The answer tells the side its journal's entry: read after saving, a page of the journal
    // the answer's own write never reads made it "made and saved, but what follows it failed".
    const DamagedBy d("");
    REQUIRE(in_process({"--db", d.file, "exchange", "propose", "--from", "union", "--offer", "stands:Heth/1st Brigade=1"}).code == 0);
    int page_size = 0, page = 0;
    {
        SQLite::Database db(d.file, SQLite::OPEN_READONLY);
        page_size = db.execAndGet("PRAGMA page_size").getInt();
        page = db.execAndGet("SELECT min(pageno) FROM dbstat WHERE name = 'operation' AND pagetype = 'leaf'").getInt();
    }
    REQUIRE(page > 1);
    auto bytes = test::file_bytes(d.file);
    bytes.replace(static_cast<size_t>(page - 1) * static_cast<size_t>(page_size), static_cast<size_t>(page_size), static_cast<size_t>(page_size), '\0');
    std::ofstream(d.file, std::ios::binary | std::ios::trunc) << bytes;
    const auto r = in_process({"--db", d.file, "exchange", "accept", "1", "--side", "confederate"});
    INFO(r.out << r.err);
    CHECK(r.code == 1);
    CHECK_THAT(r.err, Catch::Matchers::Contains("the campaign database is damaged") && !Catch::Matchers::Contains("the change was made"));
    CHECK(test::file_bytes(d.file) == bytes);
}

TEST_CASE("check finds a row of one campaign that another's names, a leader commanding a unit of the other side, and values no command makes") {
    // A second campaign in the file, and rows of the first given to it, each where the first
    // still names them; a brigade moved into a division of the other side.
    const std::string other = "INSERT INTO campaign (name, rules_id, rules_json, return_rate, rounding, despicable, dice, seed, dice_counter, created_at) "
                              "SELECT 'Other', rules_id, rules_json, return_rate, rounding, despicable, dice, seed, 0, created_at FROM campaign; ";
    for (const auto& [sql, finds] : std::vector<std::pair<std::string, std::string>>{
             {other + "UPDATE leader SET campaign_id = 2 WHERE id = (SELECT commander_id FROM division WHERE name = 'Heth')",
              "ownership: 1 leader rows belong to another campaign than their parent"},
             {other + "UPDATE camp SET campaign_id = 2 WHERE id IN (SELECT camp_id FROM prisoner)", "ownership: "},
             {other + "UPDATE battle SET campaign_id = 2 WHERE name = 'Seminary Ridge'", "ownership: "},
             {other + "UPDATE exchange SET campaign_id = 2", "ownership: "},
             {"UPDATE brigade SET division_id = (SELECT id FROM division WHERE name = 'Heth') WHERE name = 'Iron Brigade'",
              "leaders: 1 command a unit of the other side"},
             // Nor a label above its start, a state on the table neither set nor not, a current
             // campaign the file does not hold.
             {"UPDATE brigade SET worn_at = 50, spent_at = 60 WHERE name = 'Iron Brigade'", "brigades: 1 whose effectiveness label is Worn or Spent above"},
             {"INSERT INTO draft_state (campaign_id, battle, operation_id, brigade_id, state, value, why) SELECT 1, 'X', MAX(id), "
              "(SELECT MIN(id) FROM brigade), 'disordered', 'maybe', 'w' FROM operation", "drafts: 1 state(s) on the table neither set nor not"},
             {"UPDATE meta SET value = 'Gone' WHERE key = 'current_campaign'", "meta: the current campaign is \"Gone\", which the file does not hold"}}) {
        INFO(sql);
        const DamagedBy d(sql);
        const auto r = d.check();
        INFO(r.out << r.err);
        CHECK(r.code == 1);
        CHECK_THAT(r.out + r.err, Catch::Matchers::Contains(finds));
    }
}

TEST_CASE("turn and turn next refuse a file damaged where what waits on the umpire is read, turn next before it begins the turn") {
    // The units led by no one are read with their statuses: a word muster does not know, or a
    // brigade of no division, is damage, not a unit left out of the list or taken as in play.
    for (const std::string sql : {"UPDATE brigade SET commander_id = NULL, status = 'weird' WHERE id = (SELECT MIN(id) FROM brigade)",
                                  "UPDATE division SET commander_id = NULL, status = 'junk' WHERE name = 'Wadsworth'",
                                  "UPDATE brigade SET commander_id = NULL, division_id = 9999 WHERE id = (SELECT MIN(id) FROM brigade)",
                                  "UPDATE leader SET status = 'zombie' WHERE id = (SELECT MIN(id) FROM leader)"}) {
        INFO(sql);
        const DamagedBy damaged("PRAGMA foreign_keys = OFF; PRAGMA ignore_check_constraints = ON; " + sql);
        const auto before = test::file_bytes(damaged.file);
        for (const auto* command : {"turn", "next"}) {
            INFO(command);
            const auto r = std::string(command) == "turn" ? in_process({"--db", damaged.file, "turn"}) : in_process({"--db", damaged.file, "turn", "next"});
            CHECK(r.code == 1);
            CHECK_THAT(r.err, Catch::Matchers::Contains("damaged"));
            CHECK(test::file_bytes(damaged.file) == before);
        }
    }
}

TEST_CASE("A yes or no stored as another number is damage: a hidden division's seen-by-name of 7 names it to no one") {
    for (const std::string value : {"7", "-1"}) {
        INFO(value);
        const DamagedBy damaged("PRAGMA ignore_check_constraints = ON; UPDATE division SET name_seen = " + value + " WHERE name = 'Pender'");
        const auto r = in_process({"--db", damaged.file, "oob", "--as", "union"});
        CHECK(r.code == 1);
        CHECK_THAT(r.err, Catch::Matchers::Contains("holds " + value + ", not 0 or 1"));
        CHECK(r.out.find("Pender") == std::string::npos);
    }
}

TEST_CASE("A battle naming a division the file has lost is damage to an export of that battle, not a division left out of it") {
    const DamagedBy damaged("PRAGMA foreign_keys = OFF; UPDATE battle_division SET division_id = 999 "
                            "WHERE division_id = (SELECT id FROM division WHERE name = 'Heth')");
    const auto out = damaged.dir.file("ridge.txt");
    const auto r = in_process({"--db", damaged.file, "export", "oob", "--battle", "Seminary Ridge", "--format", "text", "-o", out});
    CHECK(r.code == 1);
    CHECK_THAT(r.err, Catch::Matchers::Contains("names division #999, which the campaign does not hold"));
    CHECK_FALSE(std::filesystem::exists(out));
    // ...and to each side's view of battles, where the lost division's side would read no such battle, and its papers go without it.
    for (const std::vector<std::string>& args : {std::vector<std::string>{"battle", "show", "Seminary Ridge", "--as", "confederate"},
                                                {"battle", "list", "--as", "union"}, {"handout", "--side", "confederate", "-o", damaged.dir.file("papers")}}) {
        const auto side = on(damaged.file, args);
        INFO(join(args, " ") << ":\n" << side.out << side.err);
        CHECK(side.code == 1);
        CHECK_THAT(side.err, Catch::Matchers::Contains("names division #999, which the campaign does not hold"));
    }
}

TEST_CASE("A battery of two owners or none, a position not a number, an empty name or one too long, a start of 0, are damage to every order of battle, not a battery read twice nor a brigade out of order") {
    const std::string heth_battery = "(SELECT t.id FROM battery t JOIN division d ON d.id = t.division_id WHERE d.name = 'Heth' ORDER BY t.id LIMIT 1)";
    const std::string heth_brigade = "(SELECT b.id FROM brigade b JOIN division d ON d.id = b.division_id WHERE d.name = 'Heth' ORDER BY b.id LIMIT 1)";
    for (const auto& [sql, says] : std::vector<std::pair<std::string, std::string>>{
             {"PRAGMA ignore_check_constraints = ON; UPDATE battery SET corps_id = (SELECT corps_id FROM division WHERE name = 'Heth') WHERE id = " + heth_battery,
              ": it belongs to division row "},
             {"PRAGMA ignore_check_constraints = ON; UPDATE battery SET army_id = (SELECT MIN(id) FROM army) WHERE name = 'Reserve Battery'",
              " and army row "},
             {"PRAGMA ignore_check_constraints = ON; UPDATE battery SET division_id = NULL WHERE id = " + heth_battery, ": it belongs to nothing (expected one division, corps or army)"},
             {"UPDATE brigade SET position = 'abc' WHERE id = " + heth_brigade, ": column position holds \"abc\", not a whole number"},
             {"UPDATE battery SET position = 'abc' WHERE id = " + heth_battery, ": column position holds \"abc\", not a whole number"},
             // Past the schema's checks: a name that prints as a blank, a start strength that makes no label.
             {"PRAGMA ignore_check_constraints = ON; UPDATE brigade SET name = '' WHERE id = " + heth_brigade, ": column name holds an empty name"},
             {"PRAGMA ignore_check_constraints = ON; UPDATE battery SET name = '' WHERE id = " + heth_battery, ": column name holds an empty name"},
             {"PRAGMA ignore_check_constraints = ON; UPDATE brigade SET name = printf('%.201c', 'x') WHERE id = " + heth_brigade, ": column name holds a name of 201 letters"},
             {"PRAGMA ignore_check_constraints = ON; UPDATE battery SET name = printf('%.100000c', 'é') WHERE id = " + heth_battery, ": column name holds a name of 100000 letters"},
             {"PRAGMA ignore_check_constraints = ON; UPDATE brigade SET start_stands = 0 WHERE id = " + heth_brigade, ": column start_stands holds 0 (expected 1 to 99)"}}) {
        INFO(sql);
        const DamagedBy damaged(sql);
        const auto before = test::file_bytes(damaged.file);
        for (const std::vector<std::string>& args : {std::vector<std::string>{"oob"}, {"oob", "--as", "union"},
                                                    {"export", "oob", "--format", "json", "-o", damaged.dir.file("o.json")},
                                                    {"export", "labels", "--format", "html", "-o", damaged.dir.file("l.html")}}) {
            const auto r = on(damaged.file, args);
            INFO(join(args, " ") << ":\n" << r.out << r.err);
            CHECK(r.code == 1);
            // Said of the row by its table and id (not its name: a refused form may show it to a side the unit is hidden from).
            CHECK_THAT(r.err, Catch::Matchers::Contains("the campaign database is damaged: ") && Catch::Matchers::Contains(" row ") &&
                                  Catch::Matchers::Contains(says) && Catch::Matchers::Contains("run muster check"));
            CHECK(test::file_bytes(damaged.file) == before);
        }
        CHECK(damaged.check().code == 1);
    }
}

TEST_CASE("An arm or a rating of NULL, its NOT NULL edited out of the schema, is damage to every export, not a blank word") {
    for (const auto& [table, column] : std::vector<std::pair<std::string, std::string>>{{"division", "arm"}, {"brigade", "arm"}, {"brigade", "rating"}}) {
        INFO(table << "." << column);
        test::TempDir dir;
        const auto file = dir.file("c.db");
        base_campaign(file);
        test::raw_sql(file, "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = replace(sql, 'TEXT NOT NULL', 'TEXT') WHERE name = '" + table + "'");
        test::raw_sql(file, "UPDATE " + table + " SET " + column + " = NULL WHERE id = (SELECT MIN(id) FROM " + table + (table == "division" ? " WHERE status <> 'placeholder'" : "") + ")");
        refused_unchanged(file, {{"oob"}, {"export", "oob", "--format", "json", "-o", dir.file("o.json")}},
                          "column " + column + " holds nothing (NULL), not a word of the rule set");
    }
}

TEST_CASE("A position at the end of SQLite's range refuses the next brigade or battery after it, never stored as a real") {
    for (const auto& [sql, add, says] : std::vector<std::tuple<std::string, std::vector<std::string>, std::string>>{
             {"UPDATE brigade SET position = 9223372036854775807 WHERE division_id = (SELECT id FROM division WHERE name = 'Wadsworth')",
              {"add", "brigade", "Late Brigade", "--division", "Wadsworth", "--rating", "veteran", "--stands", "5"}, "brigade.position"},
             {"UPDATE battery SET position = 4611686018427387904", {"add", "battery", "Late Battery", "--division", "Wadsworth"}, "battery.position"}}) {
        INFO(sql);
        const DamagedBy damaged(sql);
        refused_unchanged(damaged.file, {add}, says);
    }
    // One below the bound takes the next.
    const DamagedBy near("UPDATE battery SET position = 4611686018427387903");
    CHECK(on(near.file, {"add", "battery", "Late Battery", "--division", "Wadsworth"}).code == 0);
    CHECK(test::raw_sql_value(near.file, "SELECT typeof(position) || ' ' || position FROM battery WHERE name = 'Late Battery'") == "integer 4611686018427387904");
}

TEST_CASE("A unit or its contents pointing at a parent not there, or another campaign's, is damage to every export, and a second campaign in the file is none") {
    // Two campaigns in one file, each an army, a corps, a division, a brigade and a battery.
    test::TempDir dir;
    const auto file = dir.file("c.db");
    for (const std::string c : {"First", "Second"})
        for (const std::vector<std::string>& args : {std::vector<std::string>{"campaign", "new", c, "--rules", "acw"},
                                                    {"add", "army", "Army " + c, "--side", "union"},
                                                    {"add", "corps", "Corps " + c, "--army", "Army " + c},
                                                    {"add", "division", "Division " + c, "--corps", "Corps " + c},
                                                    {"add", "brigade", "Brigade " + c, "--division", "Division " + c, "--rating", "veteran", "--stands", "5"},
                                                    {"add", "battery", "Battery " + c, "--division", "Division " + c}}) {
            const auto r = on(file, args);
            INFO(join(args, " ") << ": " << r.err);
            REQUIRE(r.code == 0);
        }
    REQUIRE(on(file, {"campaign", "use", "First"}).code == 0);
    const auto json = [&](const std::string& f) { return on(f, {"export", "oob", "--format", "json", "-o", dir.file("o.json")}); };
    const auto whole = json(file);
    CHECK(whole.code == 0);
    CHECK_THAT(test::file_bytes(dir.file("o.json")), Catch::Matchers::Contains("Brigade First") && !Catch::Matchers::Contains("Brigade Second"));
    const std::string second = "(SELECT id FROM campaign WHERE name = 'Second')";
    for (const auto& [sql, says] : std::vector<std::pair<std::string, std::string>>{
             {"UPDATE corps SET army_id = 999 WHERE name = 'Corps First'", "a corps points at army 999, which is not there"},
             {"UPDATE division SET corps_id = (SELECT id FROM corps WHERE campaign_id = " + second + ") WHERE name = 'Division First'", "a division points at corps 2, which is not there"},
             {"UPDATE brigade SET division_id = 999 WHERE name = 'Brigade First'", "a brigade points at division 999, which is not there"},
             {"UPDATE brigade SET division_id = (SELECT id FROM division WHERE campaign_id = " + second + ") WHERE name = 'Brigade First'", "a brigade points at division 2, which is not there"},
             {"UPDATE battery SET division_id = 999 WHERE name = 'Battery First'", "a battery points at division 999, which is not there"},
             {"UPDATE battery SET division_id = NULL, corps_id = 999 WHERE name = 'Battery First'", "a battery points at corps 999, which is not there"},
             {"UPDATE battery SET division_id = NULL, army_id = (SELECT id FROM army WHERE campaign_id = " + second + ") WHERE name = 'Battery First'", "a battery points at army 2, which is not there"},
             // Its parent not a number: said of the row and its column, not of another.
             {"UPDATE brigade SET division_id = '1x' WHERE name = 'Brigade First'", "brigade row 1: column division_id holds \"1x\", not a whole number"},
             {"UPDATE division SET corps_id = 'one' WHERE name = 'Division First'", "division row 1: column corps_id holds \"one\", not a whole number"},
             // Its parent this campaign's, itself another's: read into neither, nor left out unseen.
             {"UPDATE brigade SET campaign_id = " + second + " WHERE name = 'Brigade First'", "brigade row 1: it belongs to campaign #2, yet its division to campaign #1"},
             {"UPDATE battery SET campaign_id = " + second + " WHERE name = 'Battery First'", "battery row 1: it belongs to campaign #2, yet its division to campaign #1"},
             {"UPDATE division SET campaign_id = " + second + " WHERE name = 'Division First'", "a brigade points at division 1, which is not there"},  // (its own contents are this campaign's)
             {"UPDATE corps SET campaign_id = " + second + " WHERE name = 'Corps First'", "a division points at corps 1, which is not there"}}) {
        INFO(sql);
        test::TempDir copy;
        const auto damaged = copy.file("c.db");
        std::filesystem::copy_file(file, damaged);
        test::raw_sql(damaged, "PRAGMA foreign_keys = OFF; " + sql);
        const auto r = json(damaged);
        CHECK(r.code == 1);
        CHECK_THAT(r.err, Catch::Matchers::Contains("the campaign database is damaged: " + says));
    }
}

TEST_CASE("Damage is named by the row and the column the file keeps it in, not by a statement's alias for the column") {
    // A leader's columns are read under an alias of each join ("c_grade_revealed", the brigade's commander).
    const DamagedBy damaged("PRAGMA ignore_check_constraints = ON; UPDATE leader SET grade_revealed = 7 WHERE id = "
                            "(SELECT commander_id FROM brigade WHERE name = 'Iron Brigade')");
    const auto id = test::raw_sql_value(damaged.file, "SELECT commander_id FROM brigade WHERE name = 'Iron Brigade'");
    for (const std::vector<std::string>& args : {std::vector<std::string>{"oob"}, {"export", "oob", "--format", "csv", "-o", damaged.dir.file("o.csv")}}) {
        const auto r = on(damaged.file, args);
        INFO(r.out << r.err);
        CHECK(r.code == 1);
        CHECK_THAT(r.err, Catch::Matchers::Contains("damaged: leader row " + id + ": column grade_revealed holds 7, not 0 or 1"));
    }
}

TEST_CASE("Damage in a draft's line, a plan's division or a battle's loss is named by its row") {
    // (the first row read: the draft's first line; the battle's loss of its lowest brigade)
    for (const auto& [sql, table, first, args] : std::vector<std::tuple<std::string, std::string, std::string, std::vector<std::string>>>{
             {"UPDATE draft_line SET stands = -3", "draft_line", "SELECT min(id) FROM draft_line", {"battle", "draft", "Cemetery Hill"}},
             {"UPDATE plan_division SET role = 'zzz'", "plan_division", "SELECT min(id) FROM plan_division", {"battle", "show", "Cemetery Ridge"}},
             {"UPDATE battle_loss SET casualties = -3", "battle_loss",
              "SELECT rowid FROM battle_loss WHERE battle_id = (SELECT id FROM battle WHERE name = 'Seminary Ridge') ORDER BY brigade_id LIMIT 1",
              {"battle", "show", "Seminary Ridge"}}}) {
        INFO(sql);
        const DamagedBy damaged("PRAGMA ignore_check_constraints = ON; " + sql);
        const auto row = test::raw_sql_value(damaged.file, first);
        const auto r = on(damaged.file, args);
        INFO(r.out << r.err);
        CHECK(r.code == 1);
        CHECK_THAT(r.err, Catch::Matchers::Contains("damaged: " + table + " row " + row + ": column "));
    }
}

TEST_CASE("A journal entry numbered at SQLite's largest id is damage to every write: new entries would be numbered at random, and undo take back the wrong one") {
    const DamagedBy damaged("UPDATE operation SET id = 9223372036854775807 WHERE id = (SELECT MAX(id) FROM operation)");
    const auto before = test::file_bytes(damaged.file);
    for (const std::vector<std::string>& args : {std::vector<std::string>{"add", "army", "Reserve", "--side", "union"}, {"undo"},
                                                {"campaign", "new", "Second", "--rules", "awi"}}) {
        const auto r = on(damaged.file, args);
        INFO(join(args, " ") << ":\n" << r.out << r.err);
        CHECK(r.code == 1);
        // (undo finds the entry's record sealed under its own number first)
        CHECK_THAT(r.err, Catch::Matchers::Contains(args.front() == "undo" ? "journal entry #9223372036854775807's record of its changes cannot be read"
                                                                           : "the journal holds entry #9223372036854775807, numbered past the entry this change would make "
                                                                             "(it is the largest number an entry may have): "));
        CHECK(test::file_bytes(damaged.file) == before);
    }
}

TEST_CASE("A placeholder holding brigades is damage to the order of battle and to check, not a division read with none") {
    const DamagedBy damaged("UPDATE division SET status = 'placeholder' WHERE name = 'Heth'");
    refused_unchanged(damaged.file, {{"oob"}, {"export", "oob", "--format", "csv", "-o", damaged.dir.file("o.csv")}},
                      ": it is a placeholder, not yet arrived, yet holds ");
    const auto checked = damaged.check();
    CHECK(checked.code == 1);
    CHECK_THAT(checked.out, Catch::Matchers::Contains("divisions: Heth is a placeholder, not yet arrived, yet holds brigades"));
}

TEST_CASE("An exchange item whose exchange is not there is damage: the exchange it was lost from is not read, nor accepted, one-sided") {
    test::TempDir dir;
    const auto file = dir.file("c.db");
    base_campaign(file);
    // The base campaign's proposal, which offers and asks: its offer lost.
    REQUIRE(test::raw_sql_value(file, "SELECT count(DISTINCT direction) FROM exchange_item WHERE exchange_id = (SELECT MAX(id) FROM exchange)") == "2");
    test::raw_sql(file, "UPDATE exchange_item SET exchange_id = 999 WHERE direction = 'offer' AND exchange_id = (SELECT MAX(id) FROM exchange)");
    const auto id = test::raw_sql_value(file, "SELECT MAX(id) FROM exchange");
    refused_unchanged(file, {{"exchange", "list"}, {"exchange", "accept", id, "--side", "confederate"}}, "points at exchange #999, which is not there");
}

TEST_CASE("A draft's state on the table naming a unit the file has lost is refused by the report of the draft, as by battle draft, changing nothing") {
    const DamagedBy damaged("INSERT INTO draft_state (campaign_id, battle, operation_id, brigade_id, state, value, why) "
                            "SELECT campaign_id, battle, operation_id, 9999, 'disordered', 'yes', 'x' FROM draft_line LIMIT 1");
    const auto battle = test::raw_sql_value(damaged.file, "SELECT battle FROM draft_line LIMIT 1");
    refused_unchanged(damaged.file, {{"battle", "draft", battle}, {"battle", "report", "--draft", battle}},
                      "a state on the table points at brigade 9999, which is not there");
}

TEST_CASE("A draft line of an operation the file has lost is refused by what reads the drafts, not cleared by a report as the umpire's") {
    const DamagedBy damaged("PRAGMA foreign_keys = OFF; UPDATE draft_line SET operation_id = 9999");
    const auto battle = test::raw_sql_value(damaged.file, "SELECT battle FROM draft_line LIMIT 1");
    refused_unchanged(damaged.file, {{"battle", "report", "--name", battle, "--loss", "Wadsworth/Iron Brigade=1"}, {"battle", "draft"}, {"turn"}},
                      "column operation_id holds \"9999\", an operation that is not there");
}

TEST_CASE("A campaign's setting outside the range the schema checks is damage to every command, not an exchange of 0 privates") {
    for (const auto& [sql, says] : std::vector<std::pair<std::string, std::string>>{
             {"UPDATE campaign SET men_per_stand = 0", "column men_per_stand holds 0 (expected 1 to 10000)"},
             {"UPDATE campaign SET return_rate = 500", "column return_rate holds 500 (expected 0 to 100)"},
             {"UPDATE campaign SET turn_days = -7", "column turn_days holds -7 (expected 1 to 366)"},
             {"UPDATE campaign SET leader_names = 2", "column leader_names holds 2, not 0 or 1"}}) {
        INFO(sql);
        const DamagedBy damaged("PRAGMA ignore_check_constraints = ON; " + sql);
        refused_unchanged(damaged.file, {{"exchange", "list"}, {"turn", "next"}}, says);
    }
}

TEST_CASE("An entry of no kind muster knows, a division due that is not there, a prisoner in no camp: refused by undo, turn next and liberate, not acted on") {
    for (const auto& [sql, args, says] : std::vector<std::tuple<std::string, std::vector<std::string>, std::string>>{
             {"UPDATE operation SET kind = 'abc' WHERE id = (SELECT MAX(id) FROM operation)", {"undo"}, "column kind holds \"abc\", not a kind of operation"},
             {"PRAGMA foreign_keys = OFF; INSERT INTO schedule (division_id, turn) VALUES (999, 2)", {"turn", "next"},
              "the schedule names division #999, which is not there"},
             // A link above it missing is named, not the division that is there.
             {"PRAGMA foreign_keys = OFF; INSERT OR REPLACE INTO schedule (division_id, turn) SELECT MIN(d.id), 2 FROM division d; "
              "UPDATE corps SET army_id = 55 WHERE id = (SELECT corps_id FROM division WHERE id = (SELECT MIN(id) FROM division))",
              {"turn", "next"}, "whose corps' army #55 is not there"},
             {"PRAGMA foreign_keys = OFF; UPDATE prisoner SET camp_id = 999 WHERE id = (SELECT MIN(id) FROM prisoner)", {"exchange", "list"},
              ", which is not there"},
             // A sum SQLite cannot make, said as damage: the move that spoils it, not SQLite's words alone.
             {"UPDATE move SET stands = 9223372036854775807 WHERE id = (SELECT MIN(id) FROM move)", {"turn", "report"},
              ": column stands holds 9223372036854775807 (expected -999 to 999: no brigade holds more)"}}) {
        INFO(sql);
        refused_unchanged(DamagedBy(sql).file, {args}, says);
    }
}

TEST_CASE("An army of a side its rule set does not have is damage to every command that reads the rule set, not a side's own units read as the enemy's") {
    for (const std::string side : {"abc", "Union", ""}) {
        INFO(side);
        const DamagedBy damaged("UPDATE army SET side = '" + side + "' WHERE name = 'Army of the Potomac'");
        refused_unchanged(damaged.file, {{"oob", "--as", "union"}, {"battle", "list", "--as", "union"}, {"turn", "report", "--as", "union"}, {"reveal", "Wadsworth"}},
                          "is of side \"" + side + "\", not a side of rule set acw (expected one of: union, confederate)");
        CHECK(damaged.check().code == 1);  // check still reads the file, and names it
    }
}

TEST_CASE("A prisoner's brigade moved to another campaign by hand is damage named with its file by every reader of the camps") {
    const DamagedBy damaged(
        "INSERT INTO campaign (name, rules_id, rules_json, return_rate, rounding, despicable, dice, seed, dice_counter, created_at) "
        "SELECT 'Other', rules_id, rules_json, return_rate, rounding, despicable, dice, seed, 0, created_at FROM campaign; "
        "UPDATE brigade SET campaign_id = (SELECT max(id) FROM campaign) WHERE id = (SELECT brigade_id FROM prisoner WHERE brigade_id IS NOT NULL LIMIT 1)");
    const auto before = test::file_bytes(damaged.file);
    for (const std::vector<std::string>& args : {std::vector<std::string>{"camp", "list"}, {"camp", "list", "--as", "union"}, {"exchange", "list"}}) {
        const auto r = on(damaged.file, args);
        INFO(join(args, " ") << ":\n" << r.out << r.err);
        CHECK(r.code == 1);
        CHECK_THAT(r.err, Catch::Matchers::StartsWith("muster: " + damaged.file + ": the campaign database is damaged: ") && Catch::Matchers::Contains("not of this campaign"));
        CHECK(test::file_bytes(damaged.file) == before);
    }
    CHECK(damaged.check().code == 1);
}

TEST_CASE("Check names what the schema lets by and muster never writes - a unit named as a leader is referenced, a plan under a recorded battle's name, camps or battles alike but for case, an unknown side reading an entry") {
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"UPDATE brigade SET name = '#12' WHERE name = 'Iron Brigade'", "names: brigade \"#12\""},
        {"UPDATE division SET name = 'leader #5' WHERE name = 'Wadsworth'", "names: division \"leader #5\""},
        {"INSERT INTO battle_plan (campaign_id, name) VALUES (1, 'mcpherson ridge')", "plans a battle \"mcpherson ridge\" under the name of one it recorded"},
        {"INSERT INTO camp (campaign_id, side, name) VALUES (1, 'union', 'fort delaware')", "camps of campaign Test, side union are named alike but for case (\"Fort Delaware\", \"fort delaware\"): a name typed in another case names them all (undo the step that named the second"},
        {"UPDATE battle SET name = 'mcpherson ridge' WHERE name = 'Seminary Ridge'", "battles of campaign Test are named alike but for case"},
        {"UPDATE division SET name = 'heth' WHERE name = 'Pender'", "(rename all but one, or restore a backup)"},
        {"UPDATE operation SET seen_by = 'martian' WHERE kind = 'battle'", "a side reading it \"martian\""},
        {"UPDATE roll SET seen_by = 'union,martian' WHERE id = (SELECT MIN(id) FROM roll)", "a side reading it \"martian\""},
        {"UPDATE rolled_for SET subject = 'garbage'", "is said to have rolled for \"garbage\""},
        {"UPDATE rolled_for SET subject = 'brigade 01'", "is said to have rolled for \"brigade 01\""},
        {"UPDATE rolled_for SET operation_id = (SELECT MIN(id) FROM operation)", "is said to have rolled for \"brigade "},
        // A new commander's entry said to have rolled for a battle, and an id past any.
        {"UPDATE rolled_for SET subject = 'battle ' || substr(subject, instr(subject, ' ') + 1)", "is said to have rolled for \"battle "},
        {"UPDATE rolled_for SET subject = 'brigade 999999999999999999999'", "is said to have rolled for \"brigade 999999999999999999999\""},
    };
    for (const auto& [sql, says] : cases) {
        DYNAMIC_SECTION(sql) {
            const DamagedBy d(sql);
            const auto r = d.check();
            INFO(r.out);
            CHECK(r.code == 1);
            CHECK_THAT(r.out, Catch::Matchers::Contains(says));
        }
    }
}

TEST_CASE("A roll's faces not as muster writes them for its dice and reading are damage - refused by the journal, named by check, never shown rewritten") {
    const std::string first = " WHERE id = (SELECT MIN(id) FROM roll WHERE dice = 'percentile')";
    for (const std::string set : {"faces = '-1,5'", "faces = '3,2,1'", "faces = 'x,y'", "faces = '99,99'", "faces = ''", "faces = '5'",
                                  "faces = '3,2', reading = 33", "dice = 'd6', faces = '7', reading = 7", "dice = '2d6', faces = '6+7', reading = 13",
                                  "dice = '2d6', faces = '13', reading = 13", "dice = 'd10', faces = '0', reading = 1"}) {
        INFO(set);
        const DamagedBy d("UPDATE roll SET " + set + first);
        refused_unchanged(d.file, {{"journal"}}, "not as muster writes a ");
        const auto r = d.check();
        CHECK(r.code == 1);
        CHECK_THAT(r.out, Catch::Matchers::Contains("holds the faces"));
    }
    // Each way muster writes them reads, and passes check.
    for (const std::string set : {"faces = '0,0', reading = 100", "faces = '0,7', reading = 7", "dice = 'd6', faces = '6', reading = 6",
                                  "dice = 'd10', faces = '10', reading = 10", "dice = '2d6', faces = '3+5', reading = 8", "dice = '2d6', faces = '12', reading = 12"}) {
        INFO(set);
        const DamagedBy d("UPDATE roll SET " + set + first);
        CHECK(on(d.file, {"journal"}).code == 0);
        CHECK(d.check().code == 0);
    }
}

TEST_CASE("A battle's division read as neither returned nor not to the enemy is damage to the side's battle list too") {
    for (const std::string value : {"2", "-1", "'x'"}) {
        INFO(value);
        const DamagedBy d("PRAGMA ignore_check_constraints = 1; UPDATE battle_division SET returns_read = " + value);
        refused_unchanged(d.file, {{"battle", "list", "--as", "union"}, {"battle", "list", "--as", "confederate"}}, "returns_read");
        CHECK(d.check().code == 1);
    }
}
