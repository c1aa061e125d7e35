// The campaign store: migrations, refusing files, undo, the check, failures that change nothing.
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
#include "export/oob.hpp"
#include "support.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <fstream>

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
        {
            SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
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

TEST_CASE("Undo after each kind of operation restores the campaign exactly") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = test::make_campaign(path);
    const auto oob_file = dir.file("oob.json");

    const std::vector<std::pair<std::string, std::function<void()>>> operations = {
        {"add army", [&] { s.forces().add_army("union", "Army of the Shenandoah", {"Sheridan", "exceptional"}); }},
        {"add corps", [&] { s.forces().add_corps("Army of the Potomac", "II Corps", {"Hancock", "exceptional"}); }},
        {"add division", [&] { s.forces().add_division("I Corps", "Doubleday", "infantry"); }},
        {"add brigade", [&] { s.forces().add_brigade({"Wadsworth", "Iron Brigade", "veteran", 5, 6, "6/5/3", "", {"Meredith", "average"}}); }},
        {"add battery", [&] { s.forces().add_battery({"Battery B", "", "I Corps", ""}); }},
        {"arrival", [&] { s.arrivals().arrive(test::arrival("Heth")); }},
        {"reveal", [&] { s.forces().set_fog("Pender", Fog::seen); }},
        {"import", [&] {
             std::ofstream(oob_file) << R"({"format": "muster-oob/1", "armies": [{"name": "Army of the Cumberland", "side": "union",
                 "corps": [{"name": "XIV Corps", "divisions": [{"name": "Baird", "arm": "infantry", "status": "entered",
                 "brigades": [{"name": "Scribner", "rating": "veteran", "start_stands": 7, "stands": 5}]}]}]}]})";
             s.forces().import_oob(oob_file);
         }},
    };
    for (const auto& [name, op] : operations) {
        INFO(name);
        const auto before = test::dump(path, false);
        op();
        REQUIRE(test::dump(path, false) != before);
        CHECK(s.history().check().ok());
        const auto undone = s.history().undo();
        CHECK(test::dump(path, false) == before);
        CHECK(word(undone.kind) == "undo");
        CHECK(s.history().check().ok());
        op();  // do it again, so the next operation starts from a fuller campaign
    }
    // And undo walks back through all of them, newest first.
    for (size_t i = 0; i < operations.size(); ++i) s.history().undo();
    const auto journal = s.history().journal();
    CHECK(word(journal.back().kind) == "undo");
    CHECK_THAT(journal.back().summary, Contains("(add)"));
}

TEST_CASE("Undo says so when there is nothing left to undo") {
    test::TempDir dir;
    app::Session s(dir.file("c.db"), app::Open::create, 5000, app::Catalog(""));
    app::NewCampaign n;
    n.name = "Empty";
    n.rules = "acw";
    s.create_campaign(n);
    CHECK_THROWS_WITH(s.history().undo(), Contains("nothing to undo"));
}

TEST_CASE("Undo refuses when the campaign was changed outside muster") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = test::make_campaign(path);
    s.arrivals().arrive(test::arrival("Heth"));
    test::raw_sql(path, "UPDATE brigade SET name = 'Renamed' WHERE position = 0");
    const auto before = test::dump(path);
    CHECK_THROWS_WITH(s.history().undo(), Contains("exactly: the campaign was changed outside"));
    CHECK(test::dump(path) == before);
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
             {"UPDATE operation SET inserted = 'brigade; DROP TABLE campaign 1 2 3 4' WHERE kind = 'import'", "its record is damaged"},
             {"UPDATE operation SET inserted = 'operation 1 9 9 0' WHERE kind = 'import'", "its record is damaged"},
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
    test::raw_sql(path, "CREATE TRIGGER touch AFTER INSERT ON brigade BEGIN UPDATE campaign SET turn = turn; END");
    const auto before = test::dump(path);
    CHECK_THROWS_WITH(import_army(s, dir.file("oob.json")),
                      Contains("cannot record this import for undo") && Contains("changed a row of campaign it did not add"));
    CHECK(test::dump(path) == before);
}

TEST_CASE("check passes a sound campaign and fails a hand-corrupted ledger") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = test::make_campaign(path);
    s.arrivals().arrive(test::arrival("Heth"));
    const auto ok = s.history().check();
    CHECK(ok.ok());
    CHECK(ok.brigades >= 2);
    CHECK(ok.stands > 0);
    test::raw_sql(path, "UPDATE brigade SET stands = stands - 1 WHERE position = 0");
    const auto bad = s.history().check();
    REQUIRE_FALSE(bad.ok());
    CHECK_THAT(bad.problems.front(), Contains("ledger: Test: Heth, 1st Brigade has"));
    CHECK_THAT(bad.problems.front(), Contains("but its recorded moves add up to"));
}

TEST_CASE("A failed operation leaves the file exactly as it was") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = test::make_campaign(path);
    s.arrivals().arrive(test::arrival("Heth"));
    const auto before = test::dump(path);
    auto typed = test::arrival("Pender");
    typed.rolls = {"50", "50"};  // runs out
    CHECK_THROWS_WITH(s.arrivals().arrive(typed), Contains("ran out"));
    CHECK_THROWS_WITH(s.arrivals().arrive(test::arrival("Heth")), Contains("a division arrives once"));
    CHECK_THROWS_WITH(s.arrivals().arrive(test::arrival("Nobody")), Contains("no division named \"Nobody\""));
    CHECK_THROWS_WITH(s.forces().add_army("prussia", "X", {}), Contains("unknown side \"prussia\""));
    CHECK_THROWS_WITH(s.forces().add_corps("Army of Northern Virginia", "Third Corps", {}), Contains("already exists"));
    CHECK_THROWS_WITH(s.forces().add_brigade({"Heth", "X", "veteran", 6, std::nullopt, "", "", {}}), Contains("generated on arrival"));
    CHECK_THROWS_WITH(s.forces().add_brigade({"Wadsworth", "X", "elite", 6, std::nullopt, "", "", {}}), Contains("unknown rating \"elite\""));
    CHECK_THROWS_WITH(s.forces().add_brigade({"Wadsworth", "X", "veteran", 7, 6, "", "", {}}), Contains("strength 7 is out of range"));
    CHECK_THROWS_WITH(s.forces().add_brigade({"Wadsworth", "X", "veteran", 6, std::nullopt, "6/7/2", "", {}}), Contains("Worn must be below"));
    CHECK_THROWS_WITH(s.forces().add_battery({"B", "Heth", "Third Corps", ""}), Contains("exactly one"));
    CHECK(test::dump(path) == before);
}

TEST_CASE("A preview keeps its rolls as discarded and leaves the dice where they were") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = test::make_campaign(path);
    auto preview = test::arrival("Heth");
    preview.mode = app::Mode::preview;
    const auto shown = s.arrivals().arrive(preview);
    CHECK(s.current().dice_counter == 0);
    const auto real = s.arrivals().arrive(test::arrival("Heth"));
    REQUIRE(shown.division.brigades.size() == real.division.brigades.size());
    for (size_t i = 0; i < real.division.brigades.size(); ++i) {
        CHECK(shown.division.brigades[i].stands == real.division.brigades[i].stands);
        CHECK(shown.division.brigades[i].rating == real.division.brigades[i].rating);
    }
    const auto journal = s.history().journal();
    const auto& p = journal[journal.size() - 2];
    CHECK(word(p.kind) == "preview");
    CHECK_FALSE(p.undoable);
    REQUIRE_FALSE(p.rolls.empty());
    CHECK(word(p.rolls.front().status) == "discarded");
    CHECK(word(journal.back().rolls.front().status) == "applied");
    CHECK(journal.back().rolls.size() == p.rolls.size());
}

TEST_CASE("Accepting a preview rolls the previewed division or is refused, naming the difference") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = test::make_campaign(path);
    auto preview = test::arrival("Heth");
    preview.mode = app::Mode::preview;
    s.arrivals().arrive(preview);

    SECTION("other inputs: refused, naming both, nothing changed") {
        auto other = test::arrival("Heth");
        other.year.reset();
        other.theater.reset();
        other.roll_year_theater = true;
        const auto before = test::dump(path);
        CHECK_THROWS_WITH(s.arrivals().arrive(other),
                          Contains("[year 1863, theater east]") && Contains("[year and theater rolled on the table]") && Contains("--discard-preview"));
        CHECK(test::dump(path) == before);
        other.discard_preview = true;
        CHECK(s.arrivals().arrive(other).operation > 0);
    }
    SECTION("the division renamed since its preview: still its preview, field by field") {
        s.forces().rename(NamedKind::division, "Heth", "Heth's Division");
        auto other = test::arrival("Heth's Division");
        other.year = 1864;
        const auto before = test::dump(path);
        CHECK_THROWS_WITH(s.arrivals().arrive(other), Contains("division Heth's Division would not arrive as its preview") &&
                                                          Contains("[year 1863, theater east]") && Contains("[year 1864, theater east]"));
        CHECK(test::dump(path) == before);
        other.discard_preview = true;
        CHECK(s.arrivals().arrive(other).operation > 0);
    }
    SECTION("the division's own dice moved since (another muster rolled them): refused") {
        test::raw_sql(path, "INSERT OR REPLACE INTO dice_stream (campaign_id, stream, counter) VALUES (1, 'confederate|Heth', 7)");
        CHECK_THROWS_WITH(s.arrivals().arrive(test::arrival("Heth")), Contains("the dice have moved since"));
    }
    SECTION("another division's arrival does not move them: accepted, as previewed") {
        s.arrivals().arrive(test::arrival("Pender"));
        const auto previewed = s.history().journal().at(s.history().journal().size() - 2).rolls;
        const auto arrived = s.arrivals().arrive(test::arrival("Heth"));
        REQUIRE(arrived.division.rolls.size() == previewed.size());
        for (size_t i = 0; i < previewed.size(); ++i) CHECK(arrived.division.rolls[i].thrown.faces == previewed[i].roll.thrown.faces);
    }
    SECTION("the same inputs: accepted, a later preview of another division does not stand in the way") {
        auto pender = test::arrival("Pender");
        pender.mode = app::Mode::preview;
        s.arrivals().arrive(pender);
        CHECK(s.arrivals().arrive(test::arrival("Heth")).operation > 0);
    }
}

TEST_CASE("The same seed replays the same campaign") {
    test::TempDir dir;
    auto a = test::make_campaign(dir.file("a.db"), 99);
    auto b = test::make_campaign(dir.file("b.db"), 99);
    for (auto* s : {&a, &b}) {
        s->arrivals().arrive(test::arrival("Heth"));
        s->arrivals().arrive(test::arrival("Pender"));
    }
    const exporter::Provenance p{Day::read("2026-01-01")};
    CHECK(exporter::oob_json(a.rules(), a.forces().order_of_battle({}), p) == exporter::oob_json(b.rules(), b.forces().order_of_battle({}), p));
    const auto rolls_of = [](app::Session& s) {
        std::vector<std::string> out;
        for (const auto& e : s.history().journal())
            for (const auto& r : e.rolls) out.push_back(r.roll.purpose + " " + r.roll.thrown.faces_text());
        return out;
    };
    CHECK(rolls_of(a) == rolls_of(b));
    CHECK(rolls_of(a).size() > 4);
}

TEST_CASE("A side sees its own forces and only the enemy divisions revealed to it") {
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    s.arrivals().arrive(test::arrival("Heth"));
    s.arrivals().arrive(test::arrival("Pender"));
    s.forces().set_fog("Pender", Fog::seen);
    auto names = [](const army::OrderOfBattle& oob) {
        std::string out;
        for (const auto& a : oob.armies)
            for (const auto& k : a.corps)
                for (const auto& d : k.divisions) out += d.name + ";";
        return out;
    };
    CHECK(names(s.forces().order_of_battle({})) == "Heth;Pender;Wadsworth;");
    CHECK(names(s.forces().order_of_battle({std::nullopt, View::of_side("union")})) == "Pender;Wadsworth;");
    CHECK(names(s.forces().order_of_battle({std::nullopt, View::of_side("confederate")})) == "Heth;Pender;");  // Wadsworth not seen
    CHECK(names(s.forces().order_of_battle({"confederate", View::umpire()})) == "Heth;Pender;");
    CHECK_THROWS_WITH(s.forces().order_of_battle({"prussia", View::umpire()}), Contains("unknown side \"prussia\""));
}

TEST_CASE("An OOB exported as JSON imports back exactly") {
    test::TempDir dir;
    auto a = test::make_campaign(dir.file("a.db"));
    a.arrivals().arrive(test::arrival("Heth"));
    a.forces().add_brigade({"Wadsworth", "Iron Brigade", "veteran", 5, 6, "6/5/3", "", {"Meredith", "average"}});
    a.forces().add_battery({"Battery B", "Wadsworth", "", ""});
    a.forces().set_fog("Heth", Fog::seen);
    const exporter::Provenance p{Day::read("2026-01-01")};
    const auto json = exporter::oob_json(a.rules(), a.forces().order_of_battle({}), p);
    std::ofstream(dir.file("oob.json")) << json;

    app::Session b(dir.file("b.db"), app::Open::create, 5000, app::Catalog(""));
    app::NewCampaign n;
    n.name = "Test";
    n.rules = "acw";
    b.create_campaign(n);
    const auto brigades = a.forces().brigades().size();
    REQUIRE(brigades > 1);
    CHECK(b.forces().import_oob(dir.file("oob.json")) == "2 armies, 2 corps, 3 divisions, " + std::to_string(brigades) + " brigades");
    CHECK(exporter::oob_json(b.rules(), b.forces().order_of_battle({}), p) == json);
    CHECK(b.history().check().ok());
}

TEST_CASE("A bad OOB file is refused whole and imports nothing") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = test::make_campaign(path);
    const auto before = test::dump(path);
    auto refuse = [&](const std::string& text) {
        std::ofstream(dir.file("bad.json"), std::ios::trunc) << text;
        try {
            s.forces().import_oob(dir.file("bad.json"));
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    const std::string army = R"({"format": "muster-oob/1", "armies": [{"name": "New", "side": "union", "corps": [{"name": "K",
        "divisions": [{"name": "D", "arm": "infantry", "status": "entered", "brigades": [{"name": "B", "rating": )";
    CHECK_THAT(refuse("not json"), Contains("bad.json: not valid JSON at line 1, column 2"));
    CHECK_THAT(refuse("[]"), Contains("$: expected an object, found an array"));
    CHECK_THAT(refuse(R"({"format": "muster-oob/1", "armies": {}})"), Contains("$.armies: expected an array"));
    CHECK_THAT(refuse(army + R"("elite", "start_stands": 6, "stands": 6}]}]}]}]})"),
               Contains("$.armies[0].corps[0].divisions[0].brigades[0].rating: unknown rating \"elite\""));
    CHECK_THAT(refuse(army + R"("veteran", "start_stands": 6, "stands": 1000}]}]}]}]})"), Contains("1000 is out of range: expected 0 to 999"));
    // The second army clashes with one the campaign has: the first must not be imported either.
    CHECK_THAT(refuse(R"({"format": "muster-oob/1", "armies": [{"name": "Fresh", "side": "union", "corps": []},
        {"name": "Army of the Potomac", "side": "union", "corps": []}]})"),
               Contains("already has an army named \"Army of the Potomac\""));
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

TEST_CASE("Creating a campaign is one transaction: the campaign, its journal and becoming current, or nothing") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = test::make_campaign(path);
    // The last write of the three fails (as on a damaged file): nothing of the campaign stays.
    test::raw_sql(path, "CREATE TRIGGER refuse_meta BEFORE UPDATE ON meta BEGIN SELECT RAISE(ABORT, 'meta is damaged'); END");
    const auto before = test::dump(path);
    app::NewCampaign c;
    c.name = "Second";
    c.rules = "acw";
    CHECK_THROWS_WITH(s.create_campaign(c), Contains("meta is damaged"));
    CHECK(test::dump(path) == before);
    CHECK(s.campaigns().size() == 1);
}

namespace {

// Every field of a roster's brigades, leaders, batteries and units, one line each.
std::string roster_text(const campaign::Roster& r) {
    const auto opt = [](const auto& v) { return v ? std::to_string(*v) : std::string("-"); };
    std::string out;
    for (const auto& b : r.brigades)
        out += fmt::format("brigade {} {} {} {} {} {} {} {} {} {} {} {}\n", b.id, b.name, b.division, b.division_id, b.side, b.rating,
                           word(b.status), b.stands, b.start_stands, b.commander.id, opt(b.label.worn_at), opt(b.label.spent_at));
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
