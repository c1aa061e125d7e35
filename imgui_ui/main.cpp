// muster-gui [DATABASE | --db DATABASE]: the campaign database (default: the user's) in Dear
// ImGui windows. `--db` as every muster command takes it.
#include "app/session.hpp"
#include "app/paths.hpp"
#include "core/names.hpp"
#include "core/version.hpp"
#include "gui_app.hpp"
#include "platform.hpp"

#include <csignal>
#include <iostream>
#include <string_view>

int main(int argc, char** argv) {
    const std::string_view first = argc > 1 ? argv[1] : "";
    if (first == "--version") {
        std::cout << "muster-gui " << muster::k_version << "\n";
        return 0;
    }
    if (first == "--help" || first == "-h") {
        std::cout << "Usage: muster-gui [DATABASE | --db DATABASE]\n"
                     "Opens a campaign database (default: $XDG_DATA_HOME/muster/campaigns.db) in muster's workspace.\n"
                     "See muster-gui(1), and muster(1) for the command line.\n";
        return 0;
    }
    // The file: the one argument, or --db's (--db=FILE too).
    const auto usage = [](const std::string& what) {
        std::cerr << "muster-gui: " << what << ": expected muster-gui [DATABASE | --db DATABASE] (see --help)\n";
        return 2;
    };
    std::string db;
    int used = 1;  // the arguments read, the program's name first
    if (first == "--db") {
        if (argc < 3) return usage("--db needs the database file");
        db = argv[2];
        used = 3;
    } else if (first.rfind("--db=", 0) == 0) {
        db = first.substr(5);
        used = 2;
    } else if (argc > 1 && !(first.size() > 1 && first[0] == '-')) {
        db = first;
        used = 2;
    }
    if (argc > used) return usage("unexpected argument \"" + muster::visible(argv[used]) + "\"");
    if (argc > 1 && db.empty()) return usage("the database file is empty");
    // Each of its connections is used by one thread at a time: the panels', the model reader's
    // and each worker's own.
    muster::app::sessions_one_thread_each();
    // A file grown past the size limit (ulimit -f) is a write that failed, said in the panel.
    std::signal(SIGXFSZ, SIG_IGN);
    try {
        muster::gui::Platform platform({.width = 1280, .height = 800, .title = "muster", .ini_path = muster::app::data_dir() + "/imgui.ini", .fit_screen = true});
        // A file named is opened, never made (a mistyped name is said, not made); the user's own is made on first use.
        muster::gui::GuiApp app(db.empty() ? muster::app::default_db_path() : db, db.empty() ? muster::app::Open::create : muster::app::Open::existing);
        muster::gui::register_windows(app);
        while (!platform.should_close()) {
            platform.begin_frame_or_wait(0.25);
            app.frame();
            platform.end_frame();
        }
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "muster-gui: " << e.what() << "\n";
        return 1;
    }
}
