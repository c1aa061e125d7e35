#pragma once
#include "app/forces.hpp"

namespace muster::gui {

/// The side filter and the view (the umpire or a side) that the OOB and Export windows share.
struct ViewChoice {
    int side = 0;    ///< 0: all sides, then the rule set's sides in order
    int viewer = 0;  ///< 0: umpire, then the sides
    /// Draws the two combos.
    void draw(const rules::RuleSet& rules);
    app::OobRequest request(const rules::RuleSet& rules) const;
    bool operator==(const ViewChoice&) const = default;
};

}  // namespace muster::gui
