// The welcome: a file that is not muster's, an empty one, a sample started.
// The real windows under Xvfb, driven by mouse and keyboard; screenshots in build/tests/gui/screenshots/.
#include "fixture.hpp"

#include <chrono>
#include <fstream>
#include <thread>

using namespace muster;
using Catch::Matchers::Contains;
using test::shot;

TEST_CASE("A database that is not muster's: the welcome names it with the reason, and another file is opened from it") {
    test::TempDir dir;
    {
        std::ofstream(dir.file("junk.db")) << std::string(4096, 'x');
    }
    test::Driver d(dir.file("junk.db"));
    CHECK(d.app.session() == nullptr);
    CHECK_THAT(d.app.status(), Contains("not a muster campaign database") && Contains("junk.db"));
    CHECK_FALSE(d.app.run("undo"));
    d.frames(3);
    CHECK(d.app.welcoming());
    CHECK(gui::marked("Welcome/Refused"));
    d.frame(shot("welcome_refused"));

    // Another file, typed into the welcome and opened with its button: a new one is created.
    REQUIRE(d.click("Welcome/Path"));
    d.type(dir.file("new.db"));
    REQUIRE(d.click("Welcome/Open"));
    REQUIRE(d.app.session() != nullptr);
    CHECK(d.app.db_path() == dir.file("new.db"));
    d.frames(2);
    CHECK(d.app.welcoming());  // it holds no campaign yet
    CHECK_FALSE(gui::marked("Welcome/Refused"));
    // A file refused while one is open: the one open stays, and the status says why.
    d.app.open_database(dir.file("junk.db"));
    CHECK(d.app.session() != nullptr);
    CHECK(d.app.db_path() == dir.file("new.db"));
    CHECK_THAT(d.app.status(), Contains("not a muster campaign database") && Contains("junk.db"));
    // File > Open of a path mistyped makes nothing: it says so, and New database makes one.
    REQUIRE(d.click("Menu/File"));
    REQUIRE(d.click("Menu/File/Path"));
    d.ctrl_key('A');
    d.type(dir.file("nosuch/x.db"));
    REQUIRE(d.click("Menu/File/Open"));
    CHECK(d.app.db_path() == dir.file("new.db"));
    CHECK_THAT(d.app.status(), Contains("x.db: no file there; to make a new campaign database there, choose File > New database"));
    CHECK_FALSE(std::filesystem::exists(dir.file("nosuch")));
    REQUIRE(d.click("Menu/File"));
    REQUIRE(d.click("Menu/File/New"));
    CHECK(d.app.db_path() == dir.file("nosuch/x.db"));
    CHECK(std::filesystem::exists(dir.file("nosuch/x.db")));
}

TEST_CASE("On an empty database muster-gui opens on the welcome, and a campaign is created through it") {
    test::TempDir dir;
    test::Driver d(dir.file("first.db"));
    d.frames(3);
    REQUIRE(d.app.session() != nullptr);
    CHECK(d.app.welcoming());
    // Only the welcome: no window waits behind it for a campaign that does not exist.
    CHECK(gui::marked("Campaigns/Create"));
    CHECK(gui::marked("Campaigns/StartSample"));
    CHECK_FALSE(gui::marked("Campaigns/Use"));
    d.frame(shot("welcome"));

    REQUIRE(d.click("Campaigns/Name"));
    d.type("Chancellorsville");
    REQUIRE(d.click("Campaigns/Date"));
    d.type("1863-05-01");
    REQUIRE(d.click("Campaigns/Create"));
    auto& s = *d.app.session();
    REQUIRE(s.campaigns().size() == 1);
    CHECK(s.campaigns()[0].name == "Chancellorsville");
    CHECK(s.campaigns()[0].rules_id == "acw");
    CHECK(s.campaigns()[0].date == Day::read("1863-05-01"));
    d.frames(2);
    CHECK_FALSE(d.app.welcoming());
    CHECK(gui::marked("Campaigns/Use"));  // the windows are back
    d.frame(shot("welcome_created"));
}

TEST_CASE("A new campaign of a rule set with no grade played by the book: its Despicable leaders setting has nothing to choose") {
    test::TempDir dir;
    test::Driver d(dir.file("first.db"));
    auto& w = d.app.window<gui::CampaignsWindow>();
    // Chosen for the ACW (where it applies), then the rule set changed to the AWI's.
    w.despicable = Despicable::book;
    w.rules = "awi";
    d.frames(2);
    CHECK(w.despicable == Despicable::expanded);
    REQUIRE(d.click("Campaigns/Name"));
    d.type("Saratoga");
    REQUIRE(d.click("Campaigns/Create"));
    INFO(w.error);
    auto& s = *d.app.session();
    REQUIRE(s.campaigns().size() == 1);
    CHECK(s.campaigns()[0].rules_id == "awi");
    CHECK(s.campaigns()[0].despicable == Despicable::expanded);
    // Back to the ACW: the setting is the organiser's to choose again.
    w.rules = "acw";
    w.despicable = Despicable::book;
    d.frames(2);
    CHECK(w.despicable == Despicable::book);
}

TEST_CASE("From the welcome, a sample campaign starts with its armies and schedule, as one operation undone by Ctrl+Z") {
    test::TempDir dir;
    test::Driver d(dir.file("first.db"));
    REQUIRE(d.click("Campaigns/Sample/saratoga"));
    REQUIRE(d.click("Campaigns/SampleName"));
    d.type("Saratoga 1777");
    d.frame(shot("welcome_sample"));
    REQUIRE(d.click("Campaigns/StartSample"));
    auto& s = *d.app.session();
    INFO(d.app.window<gui::CampaignsWindow>().error);
    REQUIRE(s.campaigns().size() == 1);
    CHECK(s.campaigns()[0].name == "Saratoga 1777");
    CHECK(s.campaigns()[0].rules_id == "awi");
    CHECK(s.campaigns()[0].date == Day::read("1777-09-19"));
    CHECK(test::count_brigades(s) == 14);  // Fraser 3, Hamilton 4, Poor 5, Morgan 2
    CHECK(s.history().check().ok());
    d.frames(2);
    CHECK_FALSE(d.app.welcoming());
    CHECK_THAT(d.app.status(), Contains("from sample saratoga"));
    // It lands on the campaign: its order of battle in front, the season open beside it.
    REQUIRE(d.app.front());
    CHECK(d.app.front() == &d.app.window<gui::OobWindow>());
    CHECK(d.app.window<gui::SeasonWindow>().open);
    // Over the panels, what to do next: each step opens its panel, until the strip is closed.
    CHECK(d.app.offering_next_steps());
    d.frame(shot("sample_oob"));
    REQUIRE(d.click("NextSteps/Season"));
    CHECK(d.app.front() == &d.app.window<gui::SeasonWindow>());
    REQUIRE(d.click("NextSteps/Players"));
    CHECK(d.app.front() == &d.app.window<gui::PlayersWindow>());
    // The steps are the organiser's (turns, reports, papers, links): a side's view shows none.
    d.app.set_viewer(View::of_side(d.app.model().rules->sides.front().id));
    d.frames(2);
    CHECK_FALSE(gui::marked("NextSteps/Season"));
    d.app.set_viewer(View::umpire());
    d.frames(2);
    REQUIRE(d.click("NextSteps/Close"));
    CHECK_FALSE(d.app.offering_next_steps());
    CHECK_FALSE(gui::marked("NextSteps/Season"));
    d.app.show(d.app.window<gui::OobWindow>());
    d.ctrl_z();
    CHECK(test::count_brigades(s) == 0);
    CHECK(s.campaigns().size() == 1);  // the campaign stays, empty: the welcome does not return
}

TEST_CASE("muster-gui opens the file --db names, as every muster command takes it, and refuses --db with none") {
    test::TempDir dir;
    const auto db = dir.file("g.db");
    REQUIRE(test::run_muster("--db " + test::quote(db) + " campaign new G --sample gettysburg").code == 0);
    const std::string gui = "env XDG_DATA_HOME=" + test::quote(dir.file("xdg")) + " " + MUSTER_GUI_BINARY;
    // Still running when stopped: it opened the file, and made no database of the user's beside it.
    CHECK_THAT(test::shell("timeout 3 " + gui + " --db " + test::quote(db) + " >/dev/null 2>&1; echo rc=$?"), Contains("rc=124"));
    CHECK_FALSE(std::filesystem::exists(dir.file("xdg/muster/campaigns.db")));
    CHECK_THAT(test::shell(gui + " --db 2>&1; echo rc=$?"), Contains("muster-gui: --db needs the database file") && Contains("rc=2"));
    CHECK_THAT(test::shell(gui + " --db " + test::quote(db) + " more 2>&1; echo rc=$?"), Contains("unexpected argument \"more\"") && Contains("rc=2"));
    // A file named that is not there (mistyped) is said, never made: not by the argument, nor by --db.
    for (const char* how : {" ", " --db "}) {
        const auto typo = dir.file("g2.db");
        CHECK_THAT(test::shell("timeout 3 " + gui + how + test::quote(typo) + " >/dev/null 2>&1; echo rc=$?"), Contains("rc=124"));
        CHECK_FALSE(std::filesystem::exists(typo));
        CHECK_FALSE(std::filesystem::exists(typo + "-wal"));
    }
}

TEST_CASE("A database named that is not there is said, with File's path holding it for New database") {
    test::TempDir dir;
    const auto typo = dir.file("nowhere.db");
    gui::GuiApp app(typo, app::Open::existing);
    CHECK_THAT(app.status(), Contains(typo + ": no file there; to make a new campaign database there, choose File > New database"));
    CHECK_FALSE(std::filesystem::exists(typo));
    CHECK(app.session() == nullptr);
    app.open_database(app.open_path(), app::Open::create);
    CHECK(std::filesystem::exists(typo));
    CHECK(app.session() != nullptr);
}
