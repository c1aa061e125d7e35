#include "navigator.hpp"
#include "widgets.hpp"

#include "gui_app.hpp"
#include "test_hooks.hpp"
#include "windows/oob_window.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cctype>

namespace muster::gui {
namespace {

// GLFW's key code for F: Dear ImGui 1.86's GLFW backend indexes io.KeysDown by GLFW key codes.

bool holds(const std::string& name, const std::string& lowered_filter) {
    if (lowered_filter.empty()) return true;
    const auto it = std::search(name.begin(), name.end(), lowered_filter.begin(), lowered_filter.end(),
                                [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; });
    return it != name.end();
}

}  // namespace

std::string Navigator::Row::key() const {
    const char what = kind == NamedKind::army ? 'a' : kind == NamedKind::corps ? 'k' : kind == NamedKind::division ? 'd' : 'b';
    return what + std::to_string(id);
}

std::string Navigator::Row::ref() const { return division ? *division + "/" + *name : *name; }

std::vector<std::string> Navigator::parents(const Row& row) const {
    std::vector<std::string> out;
    for (const Row* r = &row; r->depth > 0;) {
        r = &m_rows[r->parent];
        out.insert(out.begin(), r->key());
    }
    return out;
}

void Navigator::rebuild(const army::OrderOfBattle& oob) {
    std::string f = filter;
    std::transform(f.begin(), f.end(), f.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const bool filtering = !f.empty();
    // Armies and corps start open, divisions closed; a filter opens every line it shows.
    const auto is_open = [&](const Row& row) { return filtering || ((row.depth < 2) != (!toggled.empty() && toggled.count(row.key()) > 0)); };
    const auto add = [&](Row row) {
        row.open = is_open(row);
        m_rows.push_back(row);
    };
    const size_t before = m_rows.size();
    m_rows.clear();
    m_rows.reserve(before);
    for (const auto& a : oob.armies) {
        const size_t army_at = m_rows.size();
        add({0, NamedKind::army, a.id, &a.name, nullptr, -1, a.corps.empty(), false, 0});
        bool army_shows = holds(a.name, f);
        for (const auto& k : a.corps) {
            const size_t corps_at = m_rows.size();
            if (m_rows[army_at].open) add({1, NamedKind::corps, k.id, &k.name, nullptr, -1, k.divisions.empty(), false, army_at});
            bool corps_shows = holds(k.name, f);
            for (const auto& d : k.divisions) {
                const bool shown = m_rows[army_at].open && corps_at < m_rows.size() && m_rows[corps_at].open;
                const size_t division_at = m_rows.size();
                if (shown) add({2, NamedKind::division, d.id, &d.name, nullptr, -1, d.brigades.empty(), false, corps_at});
                const bool listed = shown && m_rows[division_at].open;
                bool division_shows = holds(d.name, f) || (!filtering && !d.brigades.empty());
                if (filtering || listed)
                    for (const auto& b : d.brigades) {
                        if (!holds(b.name, f)) continue;
                        division_shows = true;
                        if (listed) m_rows.push_back({3, NamedKind::brigade, b.id, &b.name, &d.name, b.stands, true, false, division_at});
                    }
                if (shown && !division_shows) m_rows.resize(division_at);  // neither it nor a brigade of it holds the filter
                corps_shows = corps_shows || division_shows;
            }
            if (corps_at < m_rows.size() && !corps_shows) m_rows.resize(corps_at);
            army_shows = army_shows || corps_shows;
        }
        if (!army_shows) m_rows.resize(army_at);
    }
}

void Navigator::draw(GuiApp& app) {
    if (focus_filter) {
        ImGui::SetKeyboardFocusHere();
        focus_filter = false;
    }
    ImGui::SetNextItemWidth(-1);
    ImGui::InputTextWithHint("##filter", "Filter units (Ctrl+F)", &filter);
    mark("Navigator/Filter");
    if (!app.model().rules) return;
    const auto& oob = app.seen_oob();
    const std::string side = app.viewer().is_umpire() ? std::string() : app.viewer().side();
    if (m_revision != app.revision() || m_side != side || m_filter != filter) {
        rebuild(oob);
        m_revision = app.revision();
        m_side = side;
        m_filter = filter;
    }
    if (m_rows.empty()) {
        ImGui::TextDisabled(filter.empty() ? "No forces yet." : "No unit's name holds \"%s\".", filter.c_str());
        return;
    }
    if (!ImGui::BeginChild("##tree")) {
        ImGui::EndChild();
        return;
    }
    const Row* clicked = nullptr;
    bool toggle = false;
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(m_rows.size()));
    while (clipper.Step())
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const auto& row = m_rows[static_cast<size_t>(i)];
            ImGui::PushID(i);
            const IndentBy indent(static_cast<float>(row.depth) * 12.f);
            if (!row.leaf) {
                if (ImGui::ArrowButton("##open", row.open ? ImGuiDir_Down : ImGuiDir_Right) && filter.empty()) {
                    clicked = &row;
                    toggle = true;
                }
                mark("Navigator/Open/" + row.ref());
                ImGui::SameLine();
            } else {
                ImGui::Dummy(ImVec2(ImGui::GetFrameHeight(), 0));  // lines up with its siblings' names
                ImGui::SameLine();
            }
            // The whole name on hover where the pane is too narrow for it.
            const std::string label = row.stands >= 0 ? *row.name + "  (" + std::to_string(row.stands) + ")" : *row.name;
            const std::string shown = fitted(label);
            if (ImGui::Selectable(shown.c_str(), selected == row.key())) clicked = &row;
            mark("Navigator/" + row.ref());
            hover_whole(label, shown);
            ImGui::PopID();
        }
    ImGui::EndChild();
    if (!clicked) return;
    if (toggle) {
        if (!toggled.erase(clicked->key())) toggled.insert(clicked->key());
        m_revision = -1;
        return;
    }
    selected = clicked->key();
    auto& oob_panel = app.window<OobWindow>();
    oob_panel.reveal(clicked->key(), clicked->kind, clicked->ref(), parents(*clicked));
    app.show(oob_panel);
}

}  // namespace muster::gui
