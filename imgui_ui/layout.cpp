#include "layout.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // ImGuiSettingsHandler, the tab bar's tabs

#include <algorithm>
#include <cstring>
#include <utility>

namespace muster::gui {
namespace {

constexpr const char* k_settings = "Muster";

}  // namespace

Layout::Layout(std::function<std::string()> write, std::function<void(std::string_view)> read)
    : m_write(std::move(write)), m_read(std::move(read)) {
    if (!ImGui::GetCurrentContext()) return;
    ImGuiSettingsHandler h;
    h.TypeName = k_settings;
    h.TypeHash = ImHashStr(k_settings);
    h.UserData = this;
    h.ReadOpenFn = [](ImGuiContext*, ImGuiSettingsHandler* self, const char* name) -> void* {
        return std::strcmp(name, "Workspace") == 0 ? self->UserData : nullptr;
    };
    h.ReadLineFn = [](ImGuiContext*, ImGuiSettingsHandler*, void* entry, const char* line) { static_cast<Layout*>(entry)->m_read(line); };
    h.WriteAllFn = [](ImGuiContext*, ImGuiSettingsHandler* self, ImGuiTextBuffer* out) {
        out->appendf("[%s][Workspace]\n%s\n", k_settings, static_cast<Layout*>(self->UserData)->m_write().c_str());
    };
    ImGui::GetCurrentContext()->SettingsHandlers.push_back(h);
}

// Saved now, while the panels it names are there; then ImGui forgets this layout, and does not
// save again when its context ends (that would write the file without the workspace).
void Layout::save_now() {
    if (!ImGui::GetCurrentContext()) return;
    if (ImGuiIO& io = ImGui::GetIO(); io.IniFilename) {
        ImGui::SaveIniSettingsToDisk(io.IniFilename);
        io.IniFilename = nullptr;
    }
}

Layout::~Layout() {
    ImGuiContext* ctx = ImGui::GetCurrentContext();
    if (!ctx) return;
    auto& handlers = ctx->SettingsHandlers;
    handlers.erase(std::remove_if(handlers.begin(), handlers.end(), [this](const ImGuiSettingsHandler& h) { return h.UserData == this; }),
                   handlers.end());
}

void Layout::note(const std::string& text) {
    if (text == m_last) return;
    m_last = text;
    ImGui::MarkIniSettingsDirty();
}

void Layout::read_tab_order() {
    const ImGuiTabBar* bar = ImGui::GetCurrentContext()->CurrentTabBar;
    if (!bar) return;
    m_tab_order.clear();
    for (const auto& tab : bar->Tabs) m_tab_order.emplace_back(bar->GetTabName(&tab));
}

}  // namespace muster::gui
