#pragma once
#include "app/forces.hpp"

namespace muster::gui {

/// The side filter the order of battle and Export panels share; whose view they show is the
/// workspace's (GuiApp::viewer), chosen once in the menu bar.
struct ViewChoice {
    int side = 0;  ///< 0: all sides, then the rule set's sides in order
    /// Draws the combo.
    void draw(const rules::RuleSet& rules);
    app::OobRequest request(const rules::RuleSet& rules, const View& viewer) const;
    bool operator==(const ViewChoice&) const = default;
};

}  // namespace muster::gui
