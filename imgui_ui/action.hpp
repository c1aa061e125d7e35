#pragma once
// Actions as data: what the menu lists, what a shortcut fires, what a button and a GUI test
// run, one table for all of them (registry.cpp).
#include <functional>
#include <string>

namespace muster::gui {

class Window;

/// A key chord: a key (ImGui's key index of a GLFW key, e.g. 'Z') with Ctrl and Shift as given.
struct Shortcut {
    int key = 0;  ///< 0: none
    bool ctrl = false;
    bool shift = false;
    /// "Ctrl+Z", "Ctrl+Shift+Z"; empty for none.
    std::string text() const;
};

/// What running an action may do to the campaign: only one that writes has the model read anew.
enum class Effect { view, writes };

/// A named action: the menu, a shortcut, a button and a test all run the same one.
struct Action {
    std::string id;     ///< "arrival.accept"
    std::string label;  ///< for the Actions menu; empty: not listed there
    Shortcut shortcut;
    Window* window = nullptr;  ///< where its refusal is shown; nullptr: the status bar
    Effect effect = Effect::writes;
    bool needs_database = true;  ///< refused while no campaign database is open
    std::function<void()> run;
    std::function<bool()> enabled;  ///< whether it can run now; none: always
    std::function<bool()> chosen;   ///< whether its menu item is ticked as what holds now (the theme shown); none: never
    Shortcut also;                  ///< a second chord (Ctrl+Y beside Ctrl+Shift+Z)
    std::string menu = "Actions";   ///< the menu that lists it
    std::function<std::string()> title;  ///< the menu's words as they stand now ("Undo Turn 3 begins"); none: the label
    const char* icon = nullptr;          ///< shown before the words in the menu (theme.hpp's icon::)
    /// A side's own act (a camp of its own, an exchange proposed or answered, a plain roll at the
    /// table side): it runs in that side's view too. Every other action that writes is the
    /// umpire's, and runs in his view only: what it says (a hidden division arrived, journal #37)
    /// is not the side's to read.
    bool sides = false;
    bool can_run() const { return !enabled || enabled(); }
};

}  // namespace muster::gui
