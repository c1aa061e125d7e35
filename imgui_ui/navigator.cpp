#include "navigator.hpp"
#include "widgets.hpp"

#include "core/match.hpp"
#include "gui_app.hpp"
#include "test_hooks.hpp"
#include "windows/oob_window.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <functional>

namespace muster::gui {

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

void Navigator::rebuild(const RecordList<army::OutlineLine>& lines) {
    const bool filtering = !filter.empty();
    static constexpr NamedKind kinds[] = {NamedKind::army, NamedKind::corps, NamedKind::division, NamedKind::brigade};
    // Armies and corps start open, divisions closed; a filter opens every line it shows.
    const auto is_open = [&](const Row& row) { return filtering || ((row.depth < 2) != (!toggled.empty() && toggled.count(row.key()) > 0)); };
    // Line `i` and the lines under it (to `end`): a row where its parents' rows are open
    // (`listed`), kept where it or a line under it holds the filter. Without a filter every line
    // holds it, and the lines under a closed one are passed over unread.
    struct Built {
        size_t end;
        bool shows;
    };
    const std::function<Built(size_t, size_t, bool, const std::string*)> build = [&](size_t i, size_t parent, bool listed,
                                                                                const std::string* division) -> Built {
        const auto& line = lines[i];
        size_t end = i + 1;
        while (end < lines.size() && lines[end].depth > line.depth) ++end;
        const size_t at = m_rows.size();
        if (listed) {
            Row row{line.depth, kinds[std::clamp(line.depth, 0, 3)], line.id, &line.name, line.depth == 3 ? division : nullptr,
                    line.stands, end == i + 1, false, parent};
            row.open = is_open(row);
            m_rows.push_back(row);
        }
        const bool open = listed && m_rows[at].open;
        bool shows = contains_ignoring_case(line.name, filter);
        if (open || filtering)
            for (size_t c = i + 1; c < end;) {
                const auto child = build(c, at, open, line.depth == 2 ? &line.name : division);
                shows = shows || child.shows;
                c = child.end;
            }
        if (listed && !shows) m_rows.resize(at);  // neither it nor a line under it holds the filter
        return {end, shows};
    };
    const size_t before = m_rows.size();
    m_rows.clear();
    m_rows.reserve(before);
    for (size_t i = 0; i < lines.size();) i = build(i, 0, true, nullptr).end;
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
    const auto& outline = app.seen().outline;
    const std::string side = app.viewer().is_umpire() ? std::string() : app.viewer().side();
    if (m_revision != app.revision() || m_side != side || m_filter != filter) {
        rebuild(outline);
        m_revision = app.revision();
        m_side = side;
        m_filter = filter;
    }
    if (m_rows.empty()) {
        if (!filter.empty()) {
            ImGui::TextDisabled("No unit's name holds \"%s\".", filter.c_str());
        } else if (app.viewer().is_umpire()) {
            // Where the forces come from: the panels roll divisions up and fight them, but lay out none.
            ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
            ImGui::TextWrapped("No forces yet. Lay them out at the command line: muster add army, corps and division (a division left "
                               "empty is rolled up when it arrives), or muster import FILE for an order of battle.");
            ImGui::PopStyleColor();
        } else {
            ImGui::TextDisabled("No forces yet.");
        }
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
