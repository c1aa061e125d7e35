#include "test_hooks.hpp"

#include <condition_variable>
#include <map>
#include <mutex>

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

namespace {
std::mutex g_hold_mutex;
std::condition_variable g_hold_changed;
bool g_held = false;
}  // namespace

void hold_work(bool held) {
    {
        const std::lock_guard lock(g_hold_mutex);
        g_held = held;
    }
    g_hold_changed.notify_all();
}

void wait_while_work_held() {
    std::unique_lock lock(g_hold_mutex);
    g_hold_changed.wait(lock, [] { return !g_held; });
}

}  // namespace muster::gui
