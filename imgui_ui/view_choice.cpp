#include "view_choice.hpp"

#include <imgui.h>

#include <vector>

namespace muster::gui {

void ViewChoice::draw(const rules::RuleSet& rules) {
    std::vector<const char*> sides{"all sides"}, viewers{"umpire (everything)"};
    for (const auto& sd : rules.sides) {
        sides.push_back(sd.name.c_str());
        viewers.push_back(sd.name.c_str());
    }
    ImGui::SetNextItemWidth(180);
    ImGui::Combo("Side", &side, sides.data(), static_cast<int>(sides.size()));
    ImGui::SameLine();
    ImGui::SetNextItemWidth(220);
    ImGui::Combo("View as", &viewer, viewers.data(), static_cast<int>(viewers.size()));
}

app::OobRequest ViewChoice::request(const rules::RuleSet& rules) const {
    app::OobRequest r;
    if (side > 0) r.side = rules.sides[static_cast<size_t>(side - 1)].id;
    if (viewer > 0) r.viewer = View::of_side(rules.sides[static_cast<size_t>(viewer - 1)].id);
    return r;
}

}  // namespace muster::gui
