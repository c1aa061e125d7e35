#include "view_choice.hpp"
#include "theme.hpp"

#include <imgui.h>

#include <vector>

namespace muster::gui {

void ViewChoice::draw(const rules::RuleSet& rules) {
    std::vector<const char*> sides{"all sides"};
    for (const auto& sd : rules.sides) sides.push_back(sd.name.c_str());
    ImGui::SetNextItemWidth(px(180));
    ImGui::Combo("Side", &side, sides.data(), static_cast<int>(sides.size()));
}

app::OobRequest ViewChoice::request(const rules::RuleSet& rules, const View& viewer) const {
    app::OobRequest r;
    if (side > 0 && side <= static_cast<int>(rules.sides.size())) r.side = rules.sides[static_cast<size_t>(side - 1)].id;
    r.viewer = viewer;
    return r;
}

}  // namespace muster::gui
