#include "action.hpp"

namespace muster::gui {

std::string Shortcut::text() const {
    if (!key) return {};
    return std::string(ctrl ? "Ctrl+" : "") + (shift ? "Shift+" : "") + static_cast<char>(key);
}

}  // namespace muster::gui
