#pragma once
#include <string>

namespace muster::gui {

class GuiApp;

/// One panel of the workspace, shown as a tab: view state only (selection, filters, text being
/// typed); every change goes through a named action of the GuiApp, which calls src/app.
class Window {
public:
    virtual ~Window() = default;
    /// The title, also its tab, its id in the menu, the actions, the saved layout and the tests.
    virtual const char* title() const = 0;
    /// Draws the panel's contents from the app's campaign model (the GuiApp opens and closes
    /// its tab). Never reads the database: changes go through the app's actions.
    virtual void draw(GuiApp& app) = 0;
    /// Whether the panel has anything to show without a current campaign.
    virtual bool needs_campaign() const { return true; }
    /// Whether the panel is the umpire's work only (it shows hidden rolls, placeholders or the
    /// dice's seed): in a side's view it shows nothing but how to switch back.
    virtual bool umpire_only() const { return false; }
    /// Forgets what it held of the file shown (what was typed, chosen, refused or done), its tab
    /// open or shut as it was: another file is opened (GuiApp::open_database).
    virtual void forget() {
        error.clear();
        note.clear();
    }
    bool open = false;
    std::string error;  ///< the last refusal, shown at the foot of the panel
    std::string note;   ///< the last success, shown at the foot of the panel
};

/// A panel that forgets all it held by being made anew (`Self` default-constructible).
template <class Self>
class Forgetting : public Window {
public:
    void forget() override {
        const bool was = open;
        static_cast<Self&>(*this) = Self();
        open = was;
    }
};

}  // namespace muster::gui
