#include "oob_window.hpp"

#include "export/oob.hpp"
#include "gui_app.hpp"

#include <imgui.h>

namespace muster::gui {

void OobWindow::rebuild(GuiApp& app) {
    auto& s = *app.service();
    const auto& rules = s.rules();
    const auto oob = s.order_of_battle(view.request(rules));
    m_rows.clear();
    auto node = [&](int depth, const std::string& key, const std::string& label) {
        m_rows.push_back({depth, key, label, {}, -1});
        return !collapsed.count(key);
    };
    for (const auto& a : oob.armies) {
        const auto* sd = rules.find_side(a.side);
        if (!node(0, "a" + std::to_string(a.id), a.name + " [" + (sd ? sd->name : a.side) + "] " + exporter::commander_text(rules, a.commander)))
            continue;
        for (const auto& k : a.corps) {
            if (!node(1, "k" + std::to_string(k.id), k.name + " " + exporter::commander_text(rules, k.commander))) continue;
            for (const auto& d : k.divisions) {
                if (!node(2, "d" + std::to_string(d.id),
                          d.name + " (" + exporter::division_facts(rules, d) + ") " + exporter::commander_text(rules, d.commander)))
                    continue;
                for (const auto& b : d.brigades) {
                    auto cells = exporter::brigade_cells(rules, b);
                    Row row{3, "", cells[0], {cells.begin() + 1, cells.end()}, b.status == "active" ? static_cast<int>(b.state()) : -1};
                    m_rows.push_back(std::move(row));
                }
                for (const auto& t : d.batteries)
                    m_rows.push_back({3, "", t.name, {"1", "", t.status, "battery", ""}, -1});
            }
            for (const auto& t : k.reserve) m_rows.push_back({2, "", t.name + " (corps reserve)", {"1", "", t.status, "battery", ""}, -1});
        }
        for (const auto& t : a.reserve) m_rows.push_back({1, "", t.name + " (army reserve)", {"1", "", t.status, "battery", ""}, -1});
    }
    m_revision = app.revision();
    m_view = view;
    m_collapsed = collapsed.size();
}

void OobWindow::draw(GuiApp& app) {
    auto& s = *app.service();
    const auto& rules = s.rules();
    view.draw(rules);
    if (m_revision != app.revision() || !(m_view == view) || m_collapsed != collapsed.size()) rebuild(app);
    ImGui::SameLine();
    ImGui::TextDisabled("%zu lines", m_rows.size());

    const ImGuiTableFlags flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersV |
                                  ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingStretchProp;
    if (!ImGui::BeginTable("oob", 6, flags, ImVec2(0, -ImGui::GetFrameHeightWithSpacing()))) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn(rules.term_brigade.c_str(), ImGuiTableColumnFlags_WidthStretch, 3.f);
    for (const char* c : {"Stands", "Label", "State", "Rating", "Commander"}) ImGui::TableSetupColumn(c, ImGuiTableColumnFlags_WidthStretch, 1.f);
    ImGui::TableHeadersRow();
    // Only the rows on screen are drawn: the clipper skips the rest.
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(m_rows.size()));
    const ImVec4 colours[] = {ImVec4(0.1f, 0.45f, 0.1f, 1), ImVec4(0.65f, 0.45f, 0.f, 1), ImVec4(0.75f, 0.1f, 0.1f, 1)};
    while (clipper.Step())
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const auto& row = m_rows[static_cast<size_t>(i)];
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            ImGui::Indent(static_cast<float>(row.depth) * 14.f);
            if (!row.key.empty()) {
                const bool is_collapsed = collapsed.count(row.key) > 0;
                ImGui::PushID(row.key.c_str());
                if (ImGui::SmallButton(is_collapsed ? "+" : "-")) {
                    if (is_collapsed) collapsed.erase(row.key);
                    else collapsed.insert(row.key);
                }
                ImGui::PopID();
                ImGui::SameLine();
                ImGui::TextUnformatted(row.label.c_str());
            } else {
                ImGui::TextUnformatted(row.label.c_str());
            }
            ImGui::Unindent(static_cast<float>(row.depth) * 14.f);
            for (size_t c = 0; c < row.cells.size(); ++c) {
                ImGui::TableSetColumnIndex(static_cast<int>(c) + 1);
                if (c == 2 && row.state >= 0) ImGui::TextColored(colours[row.state], "%s", row.cells[c].c_str());
                else ImGui::TextUnformatted(row.cells[c].c_str());
            }
        }
    ImGui::EndTable();
}

}  // namespace muster::gui
