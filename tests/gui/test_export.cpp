// The export panel: exports and handouts written on a worker while the frames go on.
// The real windows under Xvfb, driven by mouse and keyboard; screenshots in build/tests/gui/screenshots/.
#include "fixture.hpp"

#include <chrono>
#include <fstream>
#include <thread>

using namespace muster;
using Catch::Matchers::Contains;
using test::shot;

TEST_CASE("Exports and handouts are written on a worker: the frames go on showing how far it has got, and the result lands in the panel") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    test::Driver d(db);
    auto& w = d.show<gui::ExportWindow>();
    // The file's name follows the format chosen, and back.
    w.format = OobFormat::text;
    d.frame();
    CHECK(w.path == "oob.txt");
    w.format = OobFormat::pdf;
    d.frame();
    CHECK(w.path == "oob.pdf");
    // Labels are not written over the order of battle: the name follows them, and back.
    REQUIRE(d.click("Export/Labels"));
    CHECK(w.path == "labels.pdf");
    REQUIRE(d.click("Export/Labels"));
    CHECK(w.path == "oob.pdf");
    REQUIRE(d.click("Export/File"));  // a click selects what is there: typing replaces it
    d.type(dir.file("oob.pdf"));
    // Each side's handout has a folder of its own: turning to the other side does not write its
    // papers over the first's (or into the folder meant for the first's player).
    REQUIRE(d.click("Export/HandoutSide"));
    REQUIRE(d.click("Export/HandoutSide/union"));
    CHECK(w.handout_folder("union") == "handout-union");
    REQUIRE(d.click("Export/HandoutFolder"));  // a click selects what is there: typing replaces it
    const std::string folder = dir.file("union papers");
    d.type(folder);
    REQUIRE(d.click("Export/HandoutSide"));
    REQUIRE(d.click("Export/HandoutSide/confederate"));
    CHECK(w.handout_folder("confederate") == "handout-confederate");
    REQUIRE(d.click("Export/HandoutSide"));
    REQUIRE(d.click("Export/HandoutSide/union"));
    CHECK(w.handout_folder("union") == folder);
    // Held at its start: the frames go on, the panel and the status bar say it is under way,
    // and no more work is started meanwhile.
    gui::hold_work(true);
    d.wait_for_work = false;
    REQUIRE(d.click("Export/Handout"));
    d.frames(3);
    REQUIRE(d.app.work());
    CHECK_THAT(d.app.work()->what, Contains("Union") && Contains(folder));
    CHECK(gui::marked("Export/Working"));
    CHECK(gui::marked("Status/Working"));
    d.frame(shot("export_working"));
    REQUIRE(d.click("Export/Export"));  // disabled while the handout is written
    CHECK_THAT(d.app.work()->what, Contains("handout"));
    CHECK_FALSE(std::filesystem::exists(dir.file("oob.pdf")));
    gui::hold_work(false);
    for (int i = 0; i < 3000 && d.app.work(); ++i) d.frame();
    REQUIRE_FALSE(d.app.work());
    INFO(w.error);
    CHECK_THAT(w.note, Contains("papers.txt") && Contains("oob.pdf") && Contains("labels.pdf"));
    CHECK_FALSE(gui::marked("Export/Working"));
    d.frame(shot("export_handout"));
    // The papers are the Union's, and tell it nothing of what it has not seen: the same bytes as
    // the command line's handout, and no Pender (a Confederate placeholder).
    const auto papers = test::file_bytes(folder + "/papers.txt");
    CHECK_THAT(papers, Contains("Papers of the Union"));
    const auto cli = test::run_muster("--db " + test::quote(db) + " handout --side union -o " + test::quote(dir.file("cli")));
    REQUIRE(cli.code == 0);
    CHECK(papers == test::file_bytes(dir.file("cli") + "/papers.txt"));
    CHECK_THAT(test::pdf_text(folder + "/oob.pdf"), !Contains("Pender") && Contains("Iron Brigade"));
    // A folder that is a file (the campaign's own) is refused, naming it; nothing is written.
    d.wait_for_work = true;
    REQUIRE(d.click("Export/HandoutFolder"));
    d.type(db);
    REQUIRE(d.click("Export/Handout"));
    CHECK_THAT(w.error, Contains(db) && Contains("is a campaign database") && Contains("nothing was written"));
    // Work started in the umpire's view and finished in a side's does not say what it wrote
    // (its size would say how much the umpire's order of battle holds).
    REQUIRE(d.click("Export/Export"));
    CHECK_THAT(w.note, Contains("bytes"));
    CHECK(std::filesystem::file_size(dir.file("oob.pdf")) > 1000);
    gui::hold_work(true);
    d.wait_for_work = false;
    REQUIRE(d.click("Export/Export"));
    REQUIRE(d.app.work());
    REQUIRE(d.click("Menu/View"));
    REQUIRE(d.click("Menu/View/union"));
    gui::hold_work(false);
    d.app.finish_work();
    d.frame();
    CHECK_THAT(w.note, Contains("done, in the view it was started in") && !Contains("bytes"));
    // In a side's view the handout is its own: no side to choose.
    CHECK_FALSE(gui::marked("Export/HandoutSide"));
    CHECK(gui::marked("Export/Handout"));
}
