#pragma once
#include "generate/generate.hpp"
#include "window.hpp"

#include <optional>
#include <string>

namespace muster::gui {

/// The pinned rule set's tables, and the exact odds of a division (brigades, stands,
/// batteries) as a histogram with axes, computed from the tables.
class TablesWindow : public Forgetting<TablesWindow> {
public:
    const char* title() const override { return "Tables"; }
    void draw(GuiApp& app) override;
    /// Works out the exact odds for the side and year chosen, on a worker thread.
    void compute_odds(GuiApp& app);

    // View state
    int table = 0;
    int side = 0;
    int year = 0;
    int measure = 1;  ///< which distribution the histogram shows: 0 brigades, 1 stands, ...
    std::optional<generate::ExactOdds> odds;
    std::string hovered;  ///< what the mouse is over in the histogram ("22 stands: 17.09%")

private:
    std::string m_text;  // the table shown, as text
    int m_shown_table = -1;
    int m_revision = -1;
};

}  // namespace muster::gui
