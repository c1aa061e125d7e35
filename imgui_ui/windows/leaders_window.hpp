#pragma once
#include "app/leaders.hpp"
#include "dice_prompt.hpp"
#include "window.hpp"

#include <optional>
#include <string>
#include <vector>

namespace muster::gui {

/// The leaders the view may see, in a sortable table; for the umpire, a unit's commander
/// replaced on the rule set's leader table, with the campaign's dice or the organiser's.
class LeadersWindow : public Window {
public:
    const char* title() const override { return "Leaders"; }
    void draw(GuiApp& app) override;
    /// Rolls a new commander for `unit` (preview: shows it and stores only the rolls).
    void replace(GuiApp& app, bool preview);
    void enter_roll(GuiApp& app);

    // View state
    std::string unit;        ///< the unit whose commander is replaced
    bool force = false;      ///< replace a sound commander too
    bool physical = false;
    DicePrompt dice;
    std::optional<app::Outcome> shown;
    int sort_column = 0;
    bool sort_ascending = true;

private:
    std::vector<campaign::LeaderInfo> m_leaders;  // as the view may see them, sorted
    int m_revision = -1;
    std::string m_side;
    int m_sorted_by = -1;  // the order m_leaders is in: column * 2 + ascending
};

}  // namespace muster::gui
