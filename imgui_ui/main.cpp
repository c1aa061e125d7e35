// muster-gui [DATABASE]: the campaign database (default: the user's) in Dear ImGui windows.
#include "app/session.hpp"
#include "app/paths.hpp"
#include "gui_app.hpp"
#include "platform.hpp"

#include <iostream>

int main(int argc, char** argv) {
    try {
        muster::gui::Platform platform({1280, 800, "muster", muster::app::data_dir() + "/imgui.ini"});
        muster::gui::GuiApp app(argc > 1 ? argv[1] : muster::app::default_db_path());
        muster::gui::register_windows(app);
        while (!platform.should_close()) {
            platform.begin_frame();
            app.frame();
            platform.end_frame();
        }
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "muster-gui: " << e.what() << "\n";
        return 1;
    }
}
