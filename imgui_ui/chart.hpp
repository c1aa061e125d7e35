#pragma once
// Charts drawn with ImGui's draw lists: lines or grouped bars over named points, with a value
// axis, the points' names, a legend, and the values under the mouse in a tooltip.
#include "app/picture.hpp"

#include <string>
#include <vector>

namespace muster::gui {

struct Chart {
    std::string title;
    std::string value_label;          ///< the value axis ("stands")
    std::vector<std::string> points;  ///< the x axis, in order
    std::vector<app::Series> series;  ///< each with a value a point
    bool bars = false;                ///< grouped bars; else lines
    std::vector<std::string> sides;   ///< the rule set's sides in order: a series takes its side's colour
    /// A value as the tooltip reads it: "1 stand", "3 stands" (the value axis names the plural).
    std::string value_text(int value) const;
};

/// Draws `chart` filling the rest of the region (its plot at least 120 pixels high); the values
/// at the point under the mouse show in a tooltip.
void draw_chart(const char* id, const Chart& chart);

}  // namespace muster::gui
