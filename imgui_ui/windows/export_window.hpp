#pragma once
#include "view_choice.hpp"
#include "window.hpp"

#include <string>

namespace muster::gui {

/// Export: side, view, format, file; and a preview of the label sheet.
class ExportWindow : public Window {
public:
    const char* title() const override { return "Export"; }
    void draw(GuiApp& app) override;
    void write(GuiApp& app);

    // View state
    ViewChoice view;
    int format = 0, paper = 0;
    bool labels = false;
    float width_mm = 60, height_mm = 20;
    std::string path = "oob.pdf";
};

}  // namespace muster::gui
