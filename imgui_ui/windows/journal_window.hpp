#pragma once
#include "window.hpp"

namespace muster::gui {

/// The journal: every operation with its rolls; Undo (also Ctrl+Z).
class JournalWindow : public Forgetting<JournalWindow> {
public:
    const char* title() const override { return "Journal"; }
    void draw(GuiApp& app) override;
};

}  // namespace muster::gui
