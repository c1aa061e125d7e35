#pragma once
#include <string>

namespace muster::gui {

class GuiApp;

/// One window: view state only (selection, filters, text being typed); every change goes
/// through a named action of the GuiApp, which calls src/app.
class Window {
public:
    virtual ~Window() = default;
    /// The title, also its id in the menu, the actions and the tests.
    virtual const char* title() const = 0;
    /// Draws the window's contents from the app's campaign model (the GuiApp opens and closes
    /// the ImGui window). Never reads the database: changes go through the app's actions.
    virtual void draw(GuiApp& app) = 0;
    /// Whether the window has anything to show without a current campaign.
    virtual bool needs_campaign() const { return true; }
    bool open = false;
    std::string error;  ///< the last refusal, shown in the window
    std::string note;   ///< the last success, shown in the window
    double draw_cpu_ms = 0;  ///< main-thread CPU time of the last frame's draw (for the benchmark)
};

}  // namespace muster::gui
