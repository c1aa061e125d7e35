// A division arrives: previews held to what they showed, the same seed replaying the same
// campaign, reserve batteries numbered on, year and theater from the campaign's date.
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
#include "app/files.hpp"
#include "app/samples.hpp"
#include "app/session_state.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <set>

using namespace muster;
using Catch::Matchers::Contains;

namespace {

namespace {

// A new file holding a campaign started from `sample`, its dice seeded with `seed`.
app::Session from_sample(const std::string& path, const std::string& sample, std::uint64_t seed) {
    app::Session s(path, app::Open::create);
    app::NewCampaign n;
    n.name = "Names";
    n.sample = sample;
    n.seed = seed;
    s.create_campaign(n);
    return s;
}

// Every battery's name is unique within its owner (a division, a corps' or an army's reserve).
void check_battery_names_unique(const army::OrderOfBattle& oob) {
    auto unique = [](const std::string& owner, const std::vector<army::Battery>& list) {
        std::set<std::string> names;
        for (const auto& b : list) {
            INFO(owner << ": " << b.name);
            CHECK(names.insert(b.name).second);
        }
    };
    for (const auto& a : oob.armies) {
        unique(a.name, a.reserve);
        for (const auto& k : a.corps) {
            unique(k.name, k.reserve);
            for (const auto& d : k.divisions) unique(d.name, d.batteries);
        }
    }
}

}  // namespace

}  // namespace

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
        test::raw_sql(path, "INSERT OR REPLACE INTO dice_stream (campaign_id, stream, counter) VALUES (1, 'confederate|Heth' || char(31) || 'division ' || (SELECT id FROM division WHERE name = 'Heth'), 7)");
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
    CHECK(exporter::in_memory(exporter::oob_json, a.rules(), a.forces().order_of_battle({}), p) == exporter::in_memory(exporter::oob_json, b.rules(), b.forces().order_of_battle({}), p));
    const auto rolls_of = [](app::Session& s) {
        std::vector<std::string> out;
        for (const auto& e : s.history().journal())
            for (const auto& r : e.rolls) out.push_back(r.roll.purpose + " " + r.roll.thrown.faces_text());
        return out;
    };
    CHECK(rolls_of(a) == rolls_of(b));
    CHECK(rolls_of(a).size() > 4);
}

TEST_CASE("Reserve batteries are numbered on across arrivals, and the campaign's JSON export imports again") {
    for (const std::uint64_t seed : {1, 2, 3, 7, 11}) {
        INFO("seed " << seed);
        test::TempDir dir;
        auto s = test::make_campaign(dir.file("c.db"), seed);
        // A hand-entered reserve battery already there: numbering goes on past it.
        s.forces().add_battery({"Reserve 1", "", "", "Army of the Potomac"});
        s.forces().add_battery({"Reserve 1", "", "I Corps", ""});
        for (int i = 0; i < 6; ++i) {
            s.forces().add_division(i % 2 ? "I Corps" : "Third Corps", "D" + std::to_string(i), "");
            s.arrivals().arrive(test::arrival("D" + std::to_string(i)));
        }
        s.arrivals().arrive(test::arrival("Wadsworth"));
        s.arrivals().arrive(test::arrival("Heth"));
        const auto oob = s.forces().order_of_battle({});
        check_battery_names_unique(oob);
        int reserve = 0;
        for (const auto& a : oob.armies) {
            reserve += static_cast<int>(a.reserve.size());
            for (const auto& k : a.corps) reserve += static_cast<int>(k.reserve.size());
        }
        CHECK(reserve > 2);  // the arrivals did send batteries to the reserves

        const auto json = test::export_oob(s, {{std::nullopt, View::umpire(), std::nullopt}, "json"});
        const auto file = dir.file("oob.json");
        app::write_file(file, json);
        auto t = test::make_campaign(dir.file("d.db"), seed);
        t.forces().rename(NamedKind::army, "Army of Northern Virginia", "Other");
        t.forces().rename(NamedKind::army, "Army of the Potomac", "Another");
        t.forces().rename(NamedKind::corps, "Third Corps", "Other Corps");
        t.forces().rename(NamedKind::corps, "I Corps", "Another Corps");
        for (const char* d : {"Heth", "Pender", "Wadsworth"}) t.forces().rename(NamedKind::division, d, std::string("X") + d);
        // Its leaders' names are new to this campaign too (a second R. E. Lee is refused).
        CHECK_THROWS_WITH(t.forces().import_oob(file), Contains("bears the name of the campaign's leader R. E. Lee"));
        t.forces().rename(NamedKind::leader, "R. E. Lee", "Other Lee");
        t.forces().rename(NamedKind::leader, "A. P. Hill", "Other Hill");
        CHECK_NOTHROW(t.forces().import_oob(file));
    }
}

TEST_CASE("Year and theater come from the campaign's date - table 1 is rolled only when asked") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = test::make_campaign(path);
    auto bare = [](const std::string& division) {
        app::ArrivalRequest r;
        r.division = division;
        return r;
    };
    auto rolled_table_1 = [](const army::Division& d) {
        return std::any_of(d.rolls.begin(), d.rolls.end(), [](const dice::RollRecord& r) { return r.table == "year_theater"; });
    };
    // No date set and none given: refused, naming what to give; nothing changed.
    const auto before = test::dump(path);
    CHECK_THROWS_WITH(s.arrivals().arrive(bare("Heth")),
                      Contains("division Heth needs a year and a theater to arrive in") && Contains("--roll-year-theater"));
    CHECK(test::dump(path) == before);

    SECTION("bad dates and theaters are refused by name, changing nothing") {
        // Not a day: refused where it comes in (Day::read), naming it.
        for (const char* date : {"1863-02-29", "1863-13-01", "1863-7-1", "yesterday", "1863-00-10", ""})
            CHECK_THROWS_WITH(Day::read(date), Contains(std::string("date \"") + date + "\" is not a day of the calendar"));
        app::CampaignSettings bad;
        bad.date = Day::read("1870-07-01");
        CHECK_THROWS_WITH(s.change_settings(bad), Contains("date 1870-07-01 is outside rule set acw's years"));
        bad.date.reset();
        bad.theater = "Mars";
        CHECK_THROWS_WITH(s.change_settings(bad), Contains("theater \"Mars\" is not one of rule set acw's: expected east, west"));
        CHECK(test::dump(path) == before);
    }
    SECTION("the campaign's date and theater: every arrival takes them, and table 1 is not rolled") {
        app::CampaignSettings clock;
        clock.date = Day::read("1864-05-05");
        clock.theater = "east";
        s.change_settings(clock);
        CHECK(s.current().year() == 1864);
        for (const char* name : {"Heth", "Pender"}) {
            const auto d = s.arrivals().arrive(bare(name)).division;
            CHECK(d.year == 1864);
            CHECK(d.theater == "east");
            CHECK_FALSE(rolled_table_1(d));
        }
        s.history().undo();  // Pender again
        s.history().undo();  // Heth again
        s.history().undo();  // the date
        CHECK_FALSE(s.current().date);
    }
    SECTION("asked for, table 1 is rolled") {
        auto r = bare("Heth");
        r.roll_year_theater = true;
        CHECK(rolled_table_1(s.arrivals().arrive(r).division));
    }
    SECTION("the leader table takes the campaign's year for a unit whose division has none") {
        s.forces().add_brigade({"Wadsworth", "Iron Brigade", "veteran", 6, std::nullopt, "", "", {"Meredith", "average"}});
        CHECK_THROWS_WITH(s.leaders().replace_leader("Wadsworth/Iron Brigade", std::nullopt, {"50"}, app::Mode::apply, app::Displace::replace),
                          Contains("which year is it? give --year or set the campaign's date"));
        app::CampaignSettings clock;
        clock.date = Day::read("1863-07-01");
        s.change_settings(clock);
        CHECK_THAT(s.leaders().replace_leader("Wadsworth/Iron Brigade", std::nullopt, {"50"}, app::Mode::apply, app::Displace::replace).summary,
                   Contains("New commander of Wadsworth/Iron Brigade"));
    }
}

TEST_CASE("Two subjects of one stream name each count their own draws: neither shifts the other's dice") {
    // Two leaders drawn one name, or a division seen under a name a hidden one bore: the numbers
    // follow the name, the count is each one's own.
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    const auto c = s.current();
    const auto draws = [&](std::vector<std::pair<std::string, int>> owners) {
        std::vector<int> out;
        s.state().store.run_operation(c.id, OperationKind::table_roll, [&](std::int64_t op) {
            app::OperationDice dice(s.state(), c, op, Audience::umpire_only(), "table side", "operation " + std::to_string(op), {});
            for (const auto& [owner, n] : owners)
                for (int i = 0; i < n; ++i) out.push_back(dice.source_for("table|fallen_leaders|french|Carra", owner).roll(rules::Die::d10, "x").reading);
            dice.record(s.state().store, op, {}, app::Mode::apply);
            return std::string("rolls");
        });
        return out;
    };
    const auto first = draws({{"leader 1", 6}});
    const auto second = draws({{"leader 2", 6}});
    CHECK(second == first);  // from its own start, whatever leader 1 drew
    dice::SeededSource alone(dice::SeededSource::stream_seed(c.seed, "table|fallen_leaders|french|Carra"), 6);
    std::vector<int> on;
    for (int i = 0; i < 4; ++i) on.push_back(alone.roll(rules::Die::d10, "x").reading);
    CHECK(draws({{"leader 1", 4}}) == on);  // leader 1 goes on where he stopped
}

TEST_CASE("The names drawn for a division's leaders are none its own leaders or units already bear") {
    // Every sample's divisions arrive, under several seeds: within a division no two leaders share
    // a name, and none but its commander bears the division's (a reference to it would name two).
    for (const auto& sample : app::samples())
        for (std::uint64_t seed = 1; seed <= 4; ++seed) {
            INFO(sample.id << " seed " << seed);
            test::TempDir dir;
            auto s = from_sample(dir.file("c.db"), sample.id, seed);
            for (const auto& [division, turn] : sample.schedule) {
                app::ArrivalRequest r;
                r.division = division;
                s.arrivals().arrive(r);
            }
            std::map<std::string, std::vector<std::string>> names;  // by division: its leaders' names
            const auto roster = db::Rosters(s.state().store).roster(s.current().id);
            for (const auto& l : roster.leaders) {
                if (!l.command.kind || *l.command.kind == UnitKind::corps || *l.command.kind == UnitKind::army) continue;
                const auto division = l.command.unit.substr(0, l.command.unit.find('/'));
                INFO(l.command.unit << ": " << l.name);
                if (l.command.unit != division) CHECK(l.name != division);
                if (!l.name.empty()) names[division].push_back(l.name);
            }
            for (auto& [division, list] : names) {
                INFO(division << ": " << join(list, ", "));
                std::sort(list.begin(), list.end());
                CHECK(std::adjacent_find(list.begin(), list.end()) == list.end());
            }
        }
}

TEST_CASE("A new commander drawn for a unit never bears the name of the man he replaces, seen by the enemy or not") {
    // The Army of the North in 1813 draws from two Prussian names: replaced again and again, by
    // the organiser's choice, each new commander's name is the other (the Army of Berlin's, from
    // many: never its last commander's either). Two of one name in one post made either's
    // reference ambiguous (a displaced Reynier and the new one).
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
        INFO("seed " << seed);
        test::TempDir dir;
        auto s = from_sample(dir.file("c.db"), "grossbeeren", seed);
        for (const std::string unit : {"Army of the North", "Army of Berlin", "VII Corps"})
            for (int i = 0; i < 8; ++i) {
                const auto commander = [&] {
                    for (const auto& l : db::Rosters(s.state().store).roster(s.current().id).leaders)
                        if (l.command.unit == unit) return l.name;
                    return std::string();
                };
                const auto before = commander();
                s.leaders().replace_leader(unit, 1813, {}, app::Mode::apply, app::Displace::replace);
                INFO(unit << ": " << before << " replaced");
                CHECK(commander() != before);
            }
    }
}

TEST_CASE("A new commander is never drawn the name of one above him: no second Oudinot under Oudinot") {
    // VII Corps' commander replaced in Grossbeeren under a hundred seeds: the names that fit a
    // French corps leader of 1813 include the army's Oudinot, drawn for some seeds before.
    int drawn = 0;
    for (std::uint64_t seed = 1; seed <= 100; ++seed) {
        test::TempDir dir;
        auto s = from_sample(dir.file("c.db"), "grossbeeren", seed);
        s.leaders().replace_leader("VII Corps", std::nullopt, {}, app::Mode::apply, app::Displace::replace);
        for (const auto& l : s.leaders().list())
            if (l.command.unit == "VII Corps") {
                INFO("seed " << seed << ": " << l.name);
                CHECK(l.name != "Oudinot");
                drawn += !l.name.empty();
            }
    }
    CHECK(drawn == 100);
}

TEST_CASE("A brigade's new commander bears no name his division's leaders or units bear") {
    // Every sample's arrived divisions, each brigade's commander replaced by the organiser's
    // choice: never one of the names of his division (a Specht beside brigade Specht, a second
    // Gibbon in Gibbon's division made either's reference ambiguous).
    int replaced = 0;
    for (const auto& sample : app::samples()) {
        INFO(sample.id);
        test::TempDir dir;
        auto s = from_sample(dir.file("c.db"), sample.id, 5);
        for (const auto& [division, turn] : sample.schedule) {
            app::ArrivalRequest r;
            r.division = division;
            s.arrivals().arrive(r);
        }
        for (const auto& b : s.forces().brigades()) {
            if (b.status != BrigadeStatus::active) continue;
            std::set<std::string> others{b.division};  // what the division's other leaders and units are called
            const auto roster = db::Rosters(s.state().store).roster(s.current().id);
            for (const auto& l : roster.leaders)
                if (l.command.unit == b.division || (l.command.unit.rfind(b.division + "/", 0) == 0 && l.command.unit.rfind(b.ref(), 0) != 0))
                    others.insert(l.name);
            for (const auto& o : roster.brigades)
                if (o.division_id == b.division_id) others.insert(o.name);
            try {
                s.leaders().replace_leader(b.ref(), std::nullopt, {}, app::Mode::apply, app::Displace::replace);
            } catch (const Error&) {
                continue;  // a despicable brigadier keeps his brigade
            }
            ++replaced;
            for (const auto& l : db::Rosters(s.state().store).roster(s.current().id).leaders)
                if (l.command.unit == b.ref()) {
                    INFO(b.ref() << ": " << l.name);
                    CHECK(others.count(l.name) == 0);
                }
        }
    }
    CHECK(replaced > 50);
}
