// Defects found in play, each held by a test that failed before its fix.
#include "db/db_support.hpp"
#include "app/files.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>

#include <set>

using namespace muster;
using Catch::Matchers::Contains;

namespace {

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

        const auto json = test::export_oob(s, {{std::nullopt, View::umpire(), std::nullopt, Day::read("2026-01-01")}, "json"});
        const auto file = dir.file("oob.json");
        app::write_file(file, json);
        auto t = test::make_campaign(dir.file("d.db"), seed);
        t.forces().rename(NamedKind::army, "Army of Northern Virginia", "Other");
        t.forces().rename(NamedKind::army, "Army of the Potomac", "Another");
        t.forces().rename(NamedKind::corps, "Third Corps", "Other Corps");
        t.forces().rename(NamedKind::corps, "I Corps", "Another Corps");
        for (const char* d : {"Heth", "Pender", "Wadsworth"}) t.forces().rename(NamedKind::division, d, std::string("X") + d);
        CHECK_NOTHROW(t.forces().import_oob(file));
    }
}

TEST_CASE("With typed dice, a recovery that needs no roll is applied without rolls, and one that needs a roll names it") {
    struct Case {
        Rounding rounding;
        int lost;
        bool needs_a_roll;
    };
    for (const auto& [rounding, lost, needs_a_roll] : {Case{Rounding::down, 3, false}, Case{Rounding::half_up, 3, false},
                                                         Case{Rounding::roll, 2, false}, Case{Rounding::roll, 3, true}}) {
        INFO(word(rounding) << ", " << lost << " lost");
        test::TempDir dir;
        const auto path = dir.file("c.db");
        {
            app::Session s(path, app::Open::create);
            app::NewCampaign c;
            c.name = "Typed";
            c.rules = "acw";
            c.dice = DiceMode::typed;
            c.rounding = rounding;
            s.create_campaign(c);
            s.forces().add_army("union", "Army", {});
            s.forces().add_corps("Army", "I Corps", {});
            s.forces().add_division("I Corps", "Wadsworth", "");
            s.forces().add_brigade({"Wadsworth", "Iron Brigade", "veteran", 6, std::nullopt, "6/5/3", "", {}});
            battle::Report r;
            r.name = "Ridge";
            r.brigades.push_back({"Wadsworth/Iron Brigade", lost, 0, ""});
            s.battles().report_battle(r, app::Mode::apply);
        }
        app::Session s(path, app::Open::existing);
        if (!needs_a_roll) {
            const auto out = s.battles().recover("Ridge", {}, app::Mode::apply);
            CHECK(out.operation > 0);
            CHECK(s.battles().list().front().recovered);
            CHECK_THROWS_WITH(app::Session(path, app::Open::existing).battles().recover("Ridge", {"50"}, app::Mode::apply), Contains("already returned"));
        } else {
            const auto before = test::dump(path);
            CHECK_THROWS_WITH(s.battles().recover("Ridge", {}, app::Mode::apply),
                              Contains("roll 1") && Contains("Wadsworth/Iron Brigade returning stands") && Contains("percentile"));
            CHECK(test::dump(path) == before);
            CHECK(s.battles().recover("Ridge", {"40"}, app::Mode::apply).summary.find("2 stands of 3") != std::string::npos);
        }
    }
}

TEST_CASE("A wounded leader reported without a count of battles is out for one, in every form of report") {
    battle::Report cli;
    battle::add_leader_spec(cli, "Meredith:wounded");
    CHECK(cli.leaders.at(0).out_for == 1);
    battle::add_leader_spec(cli, "Cutler:wounded/3");
    CHECK(cli.leaders.at(1).out_for == 3);
    const auto file = battle::read_report(
        R"({"format": "muster-battle/1", "battle": {"name": "B"}, "leaders": [{"leader": "Meredith", "fate": "wounded"}]})", "r.json");
    CHECK(file.leaders.at(0).out_for == 1);

    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    s.forces().add_brigade({"Wadsworth", "Iron Brigade", "veteran", 6, std::nullopt, "6/5/3", "", {"Meredith", "average"}});
    battle::Report r;
    r.name = "Ridge";
    battle::add_leader_spec(r, "Meredith:wounded");
    s.battles().report_battle(r, app::Mode::apply);
    // Out for one battle: he cannot return before another battle is fought.
    CHECK_THROWS_WITH(s.leaders().return_leader("Meredith"), Contains("out for 1 battle"));
}

TEST_CASE("A report of only a fallen leader or a lost battery records the division that fought") {
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    s.arrivals().arrive(test::arrival("Heth"));
    battle::Report r;
    r.name = "Skirmish";
    battle::add_leader_spec(r, "Heth/1st Brigade:killed");
    const auto out = s.battles().report_battle(r, app::Mode::apply);
    CHECK_THAT(out.summary, Contains("1 division"));
    app::ExportRequest e;
    e.battle = "Skirmish";
    e.date = Day::read("2026-01-01");
    const auto text = s.exports().oob(e, OobFormat::text);
    CHECK_THAT(text, Contains("Heth"));
    CHECK(text.find("Pender") == std::string::npos);

    battle::Report guns;
    guns.name = "Cannonade";
    battle::add_battery_spec(guns, "Heth/1st Battery:wrecked");
    CHECK_THAT(s.battles().report_battle(guns, app::Mode::apply).summary, Contains("1 division"));
    // Divisions given: a fallen leader of another division is refused, as a brigade is.
    s.forces().add_brigade({"Pender", "Lane", "veteran", 6, std::nullopt, "6/5/3", "", {"Lane", "average"}});
    battle::Report lane;
    lane.name = "Elsewhere";
    lane.divisions = {"Heth"};
    battle::add_leader_spec(lane, "Pender/Lane:wounded");
    CHECK_THROWS_WITH(s.battles().report_battle(lane, app::Mode::preview), Contains("leader Lane is reported but its division is not among those that fought"));
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

TEST_CASE("A brigade's losses, or its stands captured to one camp, reported twice are refused, as a leader twice is") {
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    s.arrivals().arrive(test::arrival("Heth"));
    s.prisoners().add_camp("union", "Fort Delaware");
    s.prisoners().add_camp("union", "Point Lookout");
    const auto report = [](const std::string& json) {
        return battle::read_report(R"({"format": "muster-battle/1", "battle": {"name": "B"}, "brigades": [)" + json + "]}", "r.json");
    };
    CHECK_THROWS_WITH(s.battles().report_battle(report(R"({"brigade": "Heth/1st Brigade", "lost": 1},
                                                         {"brigade": "Heth/1st Brigade", "lost": 2})"), app::Mode::preview),
                      Contains("Heth/1st Brigade's stands lost are reported twice"));
    CHECK_THROWS_WITH(s.battles().report_battle(report(R"({"brigade": "Heth/1st Brigade", "captured": 1, "camp": "Fort Delaware"},
                                                         {"brigade": "Heth/1st Brigade", "captured": 1, "camp": "Fort Delaware"})"), app::Mode::preview),
                      Contains("captured to Fort Delaware are reported twice"));
    // Losses once and captures to two camps: one brigade's whole loss, as the command line gives it.
    const auto ok = s.battles().report_battle(report(R"({"brigade": "Heth/1st Brigade", "lost": 1},
                                                      {"brigade": "Heth/1st Brigade", "captured": 1, "camp": "Fort Delaware"},
                                                      {"brigade": "Heth/1st Brigade", "captured": 1, "camp": "Point Lookout"})"), app::Mode::preview);
    CHECK_THAT(ok.summary, Contains("1 stand lost, 2 stands captured"));
}

TEST_CASE("A proposal whose prisoners were freed since lists as lapsed, saying why, and cannot be accepted") {
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    test::fight_and_propose(s);
    CHECK(s.prisoners().exchanges().at(0).lapsed.empty());
    s.prisoners().liberate("Libby Prison");
    const auto v = s.prisoners().exchanges().at(0);
    CHECK(v.row.status == ExchangeStatus::proposed);
    CHECK(v.lapsed == "1 stand of Wadsworth/Iron Brigade is not held by confederate (short by 1)");
    CHECK_THROWS_WITH(s.prisoners().answer_exchange(1, "confederate", app::Answer::accept), Contains("is not held by confederate"));
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

TEST_CASE("muster's own JSON export always imports again, whole, after any campaign") {
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
        s.prisoners().add_camp("union", "Fort Delaware");
        s.prisoners().add_camp("confederate", "Libby Prison");
        int battles = 0;
        for (int step = 0; step < 60; ++step) {
            const auto brigades = s.forces().brigades();
            const auto& b = brigades[static_cast<size_t>(pick(static_cast<int>(brigades.size())))];
            const auto& other = brigades[static_cast<size_t>(pick(static_cast<int>(brigades.size())))];
            const std::string camp = b.side == "union" ? "Libby Prison" : "Fort Delaware";
            try {
                switch (pick(8)) {
                    case 0:
                    case 1: {
                        battle::Report r;
                        r.name = "Battle " + std::to_string(++battles);
                        battle::add_loss_spec(r, b.ref() + "=" + std::to_string(pick(3)));
                        battle::add_captured_spec(r, b.ref() + "=1@" + camp);
                        if (pick(3) == 0) battle::add_leader_spec(r, b.ref() + (pick(2) ? ":wounded/1" : ":captured@" + camp));
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
                }
                ++applied;
            } catch (const Error&) {
                // A refused step changes nothing; the campaign goes on.
            }
        }
        const auto export_of = [](app::Session& session) {
            return test::export_oob(session, {{std::nullopt, View::umpire(), std::nullopt, Day::read("2026-01-01")}, "json"});
        };
        const auto json = export_of(s);
        app::write_file(dir.file("oob.json"), json);
        // Into a campaign of the same name and rules in another file, which has no forces yet.
        app::Session copy(dir.file("copy.db"), app::Open::create);
        app::NewCampaign c;
        c.name = "Test";
        c.rules = "acw";
        copy.create_campaign(c);
        REQUIRE_NOTHROW(copy.forces().import_oob(dir.file("oob.json")));
        CHECK(export_of(copy) == json);
        all_exports += json;
    }
    CHECK(applied > 150);
    for (const char* status : {"\"merged\"", "\"disbanded\"", "\"wounded\"", "\"captured\"", "\"Worn\"", "\"Spent\""}) {
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

TEST_CASE("An AWI campaign speaks of brigades and battalions, as its rule set names them") {
    test::TempDir dir;
    app::Session s(dir.file("c.db"), app::Open::create);
    app::NewCampaign c;
    c.name = "Brandywine";
    c.rules = "awi";
    c.date = Day::read("1777-09-11");
    s.create_campaign(c);
    s.forces().add_army("british", "Howe's Army", {"Howe", "competent"});
    s.forces().add_corps("Howe's Army", "Knyphausen's Column", {"Knyphausen", "aggressive"});
    s.forces().add_division("Knyphausen's Column", "Stirn", "");
    s.forces().add_division("Knyphausen's Column", "Grant", "");
    s.forces().add_brigade({"Stirn", "Leib Regiment", "veteran", 10, std::nullopt, "", "", {"Stirn", "competent"}});
    app::ArrivalRequest a;
    a.division = "Grant";
    const auto arrived = s.arrivals().arrive(a);
    CHECK(arrived.division.year == 1777);  // the campaign's date
    battle::Report r;
    r.name = "Chadds Ford";
    battle::add_loss_spec(r, "Stirn/Leib Regiment=2");
    const auto fought = s.battles().report_battle(r, app::Mode::apply);
    CHECK_THAT(fought.summary, Contains("Battle of Chadds Ford: 1 brigade,"));
    const auto journal = s.history().journal();
    std::string summaries;
    for (const auto& e : journal) summaries += e.summary + "\n";
    CHECK_THAT(summaries, Contains("Added brigade Stirn (placeholder") && Contains("Added battalion Leib Regiment") &&
                              Contains("Grant arrived: " + std::to_string(arrived.division.brigades.size()) + " battalion"));
    CHECK(summaries.find("division") == std::string::npos);
    const auto text = test::export_oob(s, {{std::nullopt, View::umpire(), std::nullopt, Day::read("2026-01-01")}, "text"});
    CHECK_THAT(text, Contains("Battalion") && Contains("battalions,"));
    CHECK(text.find("brigadier") == std::string::npos);
}
