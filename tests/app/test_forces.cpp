// The forces: what a side sees of them, orders of battle imported and exported, the fog of war
// set and refused, commanders rolled for armies and corps.
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
#include "core/text.hpp"
#include "support.hpp"
#include "app/files.hpp"
#include "app/oob_import.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <regex>
#include <fstream>

using namespace muster;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

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
    const auto json = exporter::in_memory(exporter::oob_json, a.rules(), a.forces().order_of_battle({}), p);
    std::ofstream(dir.file("oob.json")) << json;

    app::Session b(dir.file("b.db"), app::Open::create, 5000, app::Catalog(""));
    app::NewCampaign n;
    n.name = "Test";
    n.rules = "acw";
    b.create_campaign(n);
    const auto brigades = a.forces().brigades().size();
    REQUIRE(brigades > 1);
    CHECK(b.forces().import_oob(dir.file("oob.json")) == "2 armies, 2 corps, 3 divisions, " + std::to_string(brigades) + " brigades");
    CHECK(exporter::in_memory(exporter::oob_json, b.rules(), b.forces().order_of_battle({}), p) == json);
    CHECK(b.history().check().ok());
}

TEST_CASE("A spreadsheet's lines may end in LF, CR LF or CR alone (an old Mac's): each imports the same forces") {
    test::TempDir dir;
    const std::vector<std::string> lines = {"side,army,corps,division,name,rating,stands,commander,grade",
                                            "union,Army of the Ohio,XXIII Corps,Cox,Reilly,veteran,6,Reilly,average",
                                            "union,Army of the Ohio,XXIII Corps,Cox,\"Casement, J.\",veteran,6,,"};
    std::vector<std::string> imported;
    for (const char* end : {"\n", "\r\n", "\r"}) {
        const auto file = dir.file("oob" + std::to_string(imported.size()) + ".csv");
        std::ofstream(file, std::ios::binary) << join(lines, end) << end;
        app::Session s(dir.file("c" + std::to_string(imported.size()) + ".db"), app::Open::create, 5000, app::Catalog(""));
        app::NewCampaign n;
        n.name = "Test";
        n.rules = "acw";
        s.create_campaign(n);
        CHECK(s.forces().import_oob(file) == "1 army, 1 corps, 1 division, 2 brigades");
        imported.push_back(exporter::in_memory(exporter::oob_json, s.rules(), s.forces().order_of_battle({}), exporter::Provenance{Day::read("2026-01-01")}));
    }
    CHECK(imported[1] == imported[0]);
    CHECK(imported[2] == imported[0]);
    CHECK_THAT(imported[0], Contains("Casement, J."));
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
    // Above its start only where the table has no label for that many (it would have been
    // relabelled), and by no more than a unit of its rating.
    CHECK_THAT(refuse(army + R"("veteran", "start_stands": 6, "stands": 1000}]}]}]}]})"), Contains("1000 is out of range: expected 0 to 12"));
    CHECK_THAT(refuse(army + R"("veteran", "start_stands": 6, "stands": 7}]}]}]}]})"),
               Contains("stands: 7 stands is above start_stands 6: a brigade above its start is labelled for its new strength (start_stands 7)"));
    CHECK_THAT(refuse(army + R"("veteran", "start_stands": 6, "stands": 6, "commander": {"name": "Ames", "grade": "average", "out_for": 2}}]}]}]}]})"),
               Contains("commander.out_for: only a wounded leader is out for a number of battles; this one is active"));
    CHECK_THAT(refuse(army + R"("veteran", "start_stands": 6, "stands": 6, "commander": {"name": "Ames", "grade": "average", "status": "wounded", "out_for": 101}}]}]}]}]})"),
               Contains("101 is out of range: expected 0 to 100"));
    // The second army clashes with one the campaign has: the first must not be imported either.
    CHECK_THAT(refuse(R"({"format": "muster-oob/1", "armies": [{"name": "Fresh", "side": "union", "corps": []},
        {"name": "Army of the Potomac", "side": "union", "corps": []}]})"),
               Contains("already has an army named \"Army of the Potomac\""));
    CHECK(test::dump(path) == before);
}

TEST_CASE("Revealing a division already seen, or hiding one already hidden, is refused and writes nothing") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = test::make_campaign(path);
    s.arrivals().arrive(test::arrival("Heth"));
    CHECK_THROWS_WITH(s.forces().set_fog("Heth", Fog::hidden), Contains("Heth is hidden from the other side already"));
    s.forces().set_fog("Heth", Fog::seen);
    const auto entries = s.history().journal().size();
    const auto before = test::dump(path);
    CHECK_THROWS_WITH(s.forces().set_fog("Heth", Fog::seen), Contains("Heth is seen by the other side already: nothing to do"));
    CHECK(test::dump(path) == before);
    CHECK(s.history().journal().size() == entries);
}

TEST_CASE("muster's own JSON and CSV exports always import again, whole, after any campaign") {
    std::string all_exports;  // what the random campaigns came to, to see they went far enough
    int applied = 0;
    for (const std::uint64_t seed : {3, 5, 8, 13, 21, 34}) {
        INFO("seed " << seed);
        test::TempDir dir;
        auto s = test::make_campaign(dir.file("c.db"), seed);
        dice::SeededSource rng(seed * 7919);
        auto pick = [&](int n) { return static_cast<int>(rng.next() % static_cast<std::uint64_t>(n)); };
        for (int i = 0; i < 6; ++i) s.forces().add_division(i % 2 ? "I Corps" : "Third Corps", "D" + std::to_string(i), "");
        for (const char* d : {"Heth", "Pender", "Wadsworth", "D0", "D1", "D2", "D3", "D4", "D5"}) s.arrivals().arrive(test::arrival(d));
        // Names a spreadsheet would take for formulas, and one with a comma and quotes.
        s.forces().add_division("I Corps", "Hand, \"Entered\"", "infantry");
        s.forces().add_brigade({"Hand, \"Entered\"", "-1 Formula", "veteran", 6, std::nullopt, "", "", {"Cutler", "average"}});
        s.forces().add_brigade({"Hand, \"Entered\"", "=Sum", "green", 5, std::nullopt, "", "", {}});
        // ...and names beginning with an apostrophe, as muster's neutralised cells do.
        s.forces().add_brigade({"Hand, \"Entered\"", "'=Q", "green", 5, std::nullopt, "", "", {}});
        s.forces().add_brigade({"Hand, \"Entered\"", "'Tis", "green", 5, std::nullopt, "", "", {}});
        // Commanders known by name only: a placeholder's, and one's entered by hand since.
        s.forces().add_division("Third Corps", "Known", "", "Trimble");
        s.forces().add_division("I Corps", "Known Entered", "", "Doubleday");
        s.forces().add_brigade({"Known Entered", "Stone", "veteran", 5, std::nullopt, "", "", {}});
        s.prisoners().add_camp("union", "Fort Delaware");
        s.prisoners().add_camp("confederate", "Libby Prison");
        int battles = 0;
        for (int step = 0; step < 60; ++step) {
            const auto brigades = s.forces().brigades();
            const auto& b = brigades[static_cast<size_t>(pick(static_cast<int>(brigades.size())))];
            const auto& other = brigades[static_cast<size_t>(pick(static_cast<int>(brigades.size())))];
            const std::string camp = b.side == "union" ? "Libby Prison" : "Fort Delaware";
            try {
                switch (pick(9)) {
                    case 0:
                    case 1: {
                        battle::Report r;
                        r.name = "Battle " + std::to_string(++battles);
                        battle::add_loss_spec(r, b.ref() + "=" + std::to_string(pick(3)));
                        battle::add_captured_spec(r, b.ref() + "=1@" + camp);
                        if (pick(3) == 0) battle::add_leader_spec(r, b.ref() + (pick(2) ? ":wounded/" + std::to_string(2 + pick(3)) : ":captured@" + camp));
                        s.battles().report_battle(r, app::Mode::apply);
                        break;
                    }
                    case 2: s.battles().recover("Battle " + std::to_string(1 + pick(std::max(battles, 1))), {}, app::Mode::apply); break;
                    case 3: s.battles().merge_brigade(b.ref(), other.ref()); break;
                    case 4: s.battles().disband_brigade(b.ref()); break;
                    case 5: {
                        const auto x = s.prisoners().propose_exchange({b.side, "", {}, {"stands:" + b.ref() + "=1"}, ""});
                        s.prisoners().answer_exchange(x.row.id, b.side == "union" ? "confederate" : "union", (pick(2)) ? app::Answer::accept : app::Answer::refuse);
                        break;
                    }
                    case 6:  // now and then, so that some prisoners are still held at the end
                        if (pick(4) == 0) s.prisoners().liberate(camp);
                        break;
                    case 7: s.leaders().replace_leader(b.ref(), std::nullopt, {}, app::Mode::apply, app::Displace::replace); break;
                    case 8:  // a leader who commands nothing (his brigade merged, disbanded, destroyed; replaced) given one
                        for (const auto& l : s.leaders().list())
                            if (l.command.unit.empty() && l.side == other.side && l.status == LeaderStatus::active && !l.name.empty()) {
                                s.leaders().assign(l.label(), other.ref(), app::Displace::replace);
                                break;
                            }
                        break;
                }
                ++applied;
            } catch (const Error&) {
                // A refused step changes nothing; the campaign goes on.
            }
        }
        const auto export_of = [](app::Session& session) {
            return test::export_oob(session, {{std::nullopt, View::umpire(), std::nullopt}, "json"});
        };
        const auto json = export_of(s);
        app::write_file(dir.file("oob.json"), json);
        // Into a campaign of the same name and rules in another file, which has no forces yet.
        app::Session copy(dir.file("copy.db"), app::Open::create);
        app::NewCampaign c;
        c.name = "Test";
        c.rules = "acw";
        copy.create_campaign(c);
        const auto imported = copy.forces().import_oob(dir.file("oob.json"));
        // An order of battle carries no camps: a captured leader or battery comes in active, and
        // the import says how many of each.
        const auto freed = std::regex_replace(json, std::regex("\"status\": \"captured\""), "\"status\": \"active\"");
        const auto held = [](const std::string& text) {
            int n = 0;
            for (auto at = text.find("\"status\": \"captured\""); at != std::string::npos; at = text.find("\"status\": \"captured\"", at + 1)) ++n;
            return n;
        };
        // "; 2 leaders and 1 battery marked captured came in active": a count of each, summing to those the export holds captured.
        const std::regex said("; (?:(\\d+) leaders? ?)?(?:and )?(?:(\\d+) batter(?:y|ies) )?marked captured came in active \\(an order of battle carries no camps");
        std::smatch m;
        INFO(imported);
        if (held(json) == 0) {
            CHECK(imported.find("marked captured") == std::string::npos);
        } else {
            REQUIRE(std::regex_search(imported, m, said));
            CHECK((m[1].matched ? std::stoi(m[1]) : 0) + (m[2].matched ? std::stoi(m[2]) : 0) == held(json));
        }
        CHECK(export_of(copy) == freed);
        // The CSV export, read back into a third file: the same order of battle.
        app::write_file(dir.file("oob.csv"), test::export_oob(s, {{std::nullopt, View::umpire(), std::nullopt}, "csv"}));
        app::Session sheet(dir.file("sheet.db"), app::Open::create);
        sheet.create_campaign(c);
        REQUIRE_NOTHROW(sheet.forces().import_oob(dir.file("oob.csv")));
        CHECK(export_of(sheet) == freed);
        // Whole: nothing played or imported that check would find wrong.
        INFO(join(s.history().check().problems, "\n"));
        CHECK(join(s.history().check().problems, "\n").empty());
        CHECK(join(copy.history().check().problems, "\n").empty());
        CHECK(join(sheet.history().check().problems, "\n").empty());
        all_exports += json;
    }
    CHECK(applied > 150);
    // A wounded leader's battles out are kept: the import gives each back as many.
    for (const char* status : {"\"merged\"", "\"disbanded\"", "\"wounded\"", "\"captured\"", "\"Worn\"", "\"Spent\"", "\"out_for\": 3"}) {
        INFO(status);
        CHECK(all_exports.find(status) != std::string::npos);
    }
}

TEST_CASE("An army or corps commander named without a grade is rolled on the leader table") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = test::make_campaign(path);
    const auto before = test::dump(path);
    CHECK_THROWS_WITH(s.forces().add_army("union", "Army of the James", {"Butler", ""}),
                      Contains("army commander Butler has no grade, and the leader table that would roll it needs the year"));
    CHECK_THROWS_WITH(s.forces().add_brigade({"Wadsworth", "Iron Brigade", "veteran", 6, std::nullopt, "", "", {"Meredith", ""}}),
                      Contains("Meredith needs a grade"));
    CHECK(test::dump(path) == before);

    app::CampaignSettings clock;
    clock.date = Day::read("1864-05-05");
    s.change_settings(clock);
    s.forces().add_army("union", "Army of the James", {"Butler", ""});
    s.forces().add_corps("Army of the James", "X Corps", {"Gillmore", ""});
    s.forces().add_corps("Army of the James", "XVIII Corps", {"Smith", "average"});  // given: not rolled
    const auto journal = s.history().journal();
    const auto& army = journal[journal.size() - 3];
    CHECK_THAT(army.summary, Contains("commander Butler (rolled "));
    REQUIRE_FALSE(army.rolls.empty());
    CHECK_THAT(army.rolls.front().roll.purpose, Contains("army commander Butler"));
    CHECK_THAT(journal[journal.size() - 2].summary, Contains("commander Gillmore (rolled "));
    CHECK(journal.back().rolls.empty());
    const auto oob = s.forces().order_of_battle({});
    for (const auto& a : oob.armies)
        if (a.name == "Army of the James") {
            CHECK(a.commander.name == "Butler");
            CHECK(s.rules().find_grade(a.commander.grade));
        }
}

TEST_CASE("A commander named without a grade is rolled with no date where the rule set's leader table reads no year") {
    // L'Ordre Mixte's leader table has one row for all years: no date is needed to roll on it.
    test::TempDir dir;
    app::Session s(dir.file("c.db"), app::Open::create);
    app::NewCampaign n;
    n.name = "Undated";
    n.rules = "napoleonic";
    n.seed = 4;
    s.create_campaign(n);
    REQUIRE_FALSE(s.current().date);
    CHECK_THAT(s.forces().add_army("french", "Grande Armee", {"Napoleon", ""}), Contains("commander Napoleon (rolled "));
    CHECK_THAT(s.forces().add_corps("Grande Armee", "IV Corps", {"Bertrand", ""}), Contains("commander Bertrand (rolled "));
}

TEST_CASE("A spreadsheet damaged byte by byte is read or refused in one error, never a crash") {
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    for (const char* d : {"Heth", "Pender", "Wadsworth"}) s.arrivals().arrive(test::arrival(d));
    const auto csv = test::export_oob(s, {{std::nullopt, View::umpire(), std::nullopt}, "csv"});
    dice::SeededSource rng(2026);
    const std::string specials = ",\"\r\n'=\xEF\xBB\xBF\x00x9";
    int refused = 0, read = 0;
    for (int i = 0; i < 400; ++i) {
        auto damaged = csv;
        for (int k = 0, n = 1 + static_cast<int>(rng.next() % 4); k < n; ++k) {
            const auto at = static_cast<size_t>(rng.next() % damaged.size());
            switch (rng.next() % 3) {
                case 0: damaged[at] = specials[rng.next() % specials.size()]; break;
                case 1: damaged.erase(at, 1 + rng.next() % 40); break;
                default: damaged.insert(at, 1, specials[rng.next() % specials.size()]); break;
            }
        }
        try {
            app::read_oob_csv(damaged, "damaged.csv", s.rules());
            ++read;
        } catch (const Error& e) {
            CHECK_THAT(std::string(e.what()), Contains("damaged.csv"));
            ++refused;
        }
    }
    CHECK(refused > 100);
    WARN(read << " damaged spreadsheets read, " << refused << " refused");
}

TEST_CASE("A division entered by hand keeps the commander its placeholder knew by name - the leader rolled for it is he") {
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    s.forces().add_division("I Corps", "Known", "", "Doubleday");
    s.forces().add_brigade({"Known", "Stone", "veteran", 5, std::nullopt, "", "", {}});
    const auto replaced = s.leaders().replace_leader("Known", 1863, {"50"}, app::Mode::apply, app::Displace::keep);
    CHECK_THAT(replaced.summary, StartsWith("New commander of Known: Doubleday, "));
    // No name was drawn for him: the roll's names are none.
    for (const auto& r : replaced.rolls) CHECK(r.table != "names");
    CHECK_THAT(test::export_oob(s, {{std::nullopt, View::umpire(), std::nullopt}, "text"}), Contains("Known (Infantry, hidden)  (Doubleday, "));
    // A second replacement is a new leader, drawn as any other.
    const auto again = s.leaders().replace_leader("Known", 1863, {"50"}, app::Mode::apply, app::Displace::replace);
    CHECK_THAT(again.summary, !Contains("Known: Doubleday") && Contains("(replacing Doubleday, active, by the organiser's choice)"));
    // A placeholder's known commander is rolled when it arrives, not by a replacement before.
    s.forces().add_division("I Corps", "Still Coming", "", "Zedekiah");
    CHECK_THAT(s.leaders().replace_leader("Still Coming", 1863, {"50"}, app::Mode::apply, app::Displace::keep).summary, !Contains("Zedekiah"));
}
