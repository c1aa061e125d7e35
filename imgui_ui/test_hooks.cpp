#include "test_hooks.hpp"

#include <imgui_internal.h>  // the windows and their draw lists, for clipped_glyphs

#include <algorithm>
#include <condition_variable>
#include <map>
#include <mutex>

namespace muster::gui {
namespace {
std::map<std::string, ImVec2>& marks() {
    static std::map<std::string, ImVec2> m;
    return m;
}
std::map<std::string, std::string>& texts() {
    static std::map<std::string, std::string> m;
    return m;
}
}  // namespace

void mark(const std::string& id) {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    marks()[id] = ImVec2((a.x + b.x) / 2, (a.y + b.y) / 2);
}

void mark_row(const std::string& id) {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    marks()[id] = ImVec2(a.x + ImGui::GetFontSize(), (a.y + b.y) / 2);
}

void mark_end(const std::string& id) {
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    marks()[id] = ImVec2(b.x - (b.y - a.y) / 2, (a.y + b.y) / 2);
}

std::optional<ImVec2> marked(const std::string& id) {
    const auto it = marks().find(id);
    if (it == marks().end()) return std::nullopt;
    return it->second;
}

void mark_shown(const std::string& id, std::string text) { texts()[id] = std::move(text); }

std::optional<std::string> shown(const std::string& id) {
    const auto it = texts().find(id);
    if (it == texts().end()) return std::nullopt;
    return it->second;
}

void clear_marks() {
    marks().clear();
    texts().clear();
}

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

namespace muster::gui {

std::vector<ClippedGlyph> clipped_glyphs() {
    ImGuiContext& g = *GImGui;
    // Each glyph of each font by where its picture starts in the atlas.
    std::map<std::pair<float, float>, const ImFontGlyph*> glyphs;
    for (const ImFont* font : g.IO.Fonts->Fonts)
        for (const ImFontGlyph& glyph : font->Glyphs)
            if (glyph.Visible) glyphs.emplace(std::make_pair(glyph.U0, glyph.V0), &glyph);
    // A tab bar that scrolls (its arrows and list button reach every tab) cuts its last tab.
    std::vector<ImRect> tab_bars;
    for (int i = 0; i < g.TabBars.GetMapSize(); ++i)
        if (const ImGuiTabBar* bar = g.TabBars.TryGetMapData(i); bar && bar->PrevFrameVisible >= g.FrameCount - 1) tab_bars.push_back(bar->BarRect);
    const auto in_tab_bar = [&](ImVec2 at) {
        return std::any_of(tab_bars.begin(), tab_bars.end(), [&](const ImRect& r) { return r.Contains(ImVec2(at.x, at.y + 1)); });
    };
    std::vector<ClippedGlyph> cut;
    for (const ImGuiWindow* window : g.Windows) {
        if (!window->WasActive || window->Hidden || window->ScrollbarX) continue;
        const ImDrawList& dl = *window->DrawList;
        // Which command draws each vertex (merged channels interleave their vertices).
        std::vector<int> drawn_by(static_cast<size_t>(dl.VtxBuffer.Size), -1);
        for (int c = 0; c < dl.CmdBuffer.Size; ++c) {
            const ImDrawCmd& cmd = dl.CmdBuffer[c];
            if (cmd.UserCallback) continue;
            for (unsigned i = cmd.IdxOffset; i < cmd.IdxOffset + cmd.ElemCount; ++i)
                drawn_by[cmd.VtxOffset + dl.IdxBuffer[static_cast<int>(i)]] = c;
        }
        // A glyph is four vertices in a row: its top left at the glyph's (U0, V0), then its top right.
        for (int v = 0; v + 3 < dl.VtxBuffer.Size; ++v) {
            const int c = drawn_by[static_cast<size_t>(v)];
            if (c < 0 || drawn_by[static_cast<size_t>(v) + 1] != c) continue;
            const ImDrawVert& tl = dl.VtxBuffer[v];
            const ImDrawVert& tr = dl.VtxBuffer[v + 1];
            const auto found = glyphs.find({tl.uv.x, tl.uv.y});
            if (found == glyphs.end() || tr.pos.y != tl.pos.y || tr.uv.y != tl.uv.y) continue;
            const ImFontGlyph& glyph = *found->second;
            const ImVec4& clip = dl.CmdBuffer[c].ClipRect;
            const bool crosses = tr.pos.x > clip.z + 0.5f;
            const bool trimmed = tr.pos.x - tl.pos.x < glyph.X1 - glyph.X0 - 0.25f && tr.uv.x < glyph.U1;
            if ((crosses || trimmed) && !in_tab_bar(tl.pos)) cut.push_back({window->Name, tl.pos, crosses ? clip.z : tr.pos.x});
            v += 3;
        }
    }
    return cut;
}

}  // namespace muster::gui
