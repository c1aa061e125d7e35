#include "test_hooks.hpp"

#include <map>

namespace muster::gui {
namespace {
std::map<std::string, ImVec2>& marks() {
    static std::map<std::string, ImVec2> m;
    return m;
}
}  // namespace

void mark(const std::string& id) {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    marks()[id] = ImVec2((a.x + b.x) / 2, (a.y + b.y) / 2);
}

std::optional<ImVec2> marked(const std::string& id) {
    const auto it = marks().find(id);
    if (it == marks().end()) return std::nullopt;
    return it->second;
}

void clear_marks() { marks().clear(); }

}  // namespace muster::gui
