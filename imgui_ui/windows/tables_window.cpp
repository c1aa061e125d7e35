#include "tables_window.hpp"

#include "export/rules_text.hpp"
#include "gui_app.hpp"
#include "test_hooks.hpp"

#include <imgui.h>

#include <chrono>

namespace muster::gui {

void TablesWindow::compute_odds(GuiApp& app) {
    const auto rules = *app.model().rules;  // a copy: the task outlives this frame
    generate::Request r;
    r.side = rules.sides[static_cast<size_t>(side)].id;
    if (!rules.years.empty()) r.year = year ? year : rules.years.front();
    if (!rules.theaters.empty()) r.theater = rules.theaters.front().id;
    m_progress = 0;
    m_task = std::async(std::launch::async, [this, rules, r, n = count] {
        return app::strength_odds(rules, r, n, 1, [this](float p) { m_progress = p; });
    });
}

void TablesWindow::draw(GuiApp& app) {
    const auto& rules = *app.model().rules;
    ImGui::Text("%s  [%s]", rules.name.c_str(), rules.id.c_str());
    std::vector<const char*> names;
    for (const auto& t : rules.tables) names.push_back(t.id.c_str());
    names.push_back("effectiveness");
    ImGui::Combo("Table", &table, names.data(), static_cast<int>(names.size()));
    if (m_shown_table != table || m_revision != app.revision()) {
        m_text = table < static_cast<int>(rules.tables.size()) ? exporter::table_text(rules, rules.tables[static_cast<size_t>(table)])
                                                               : exporter::effectiveness_text(rules);
        m_shown_table = table;
        m_revision = app.revision();
    }
    ImGui::BeginChild("table", ImVec2(0, 220), true, ImGuiWindowFlags_HorizontalScrollbar);
    columns_text(m_text);
    ImGui::EndChild();

    ImGui::Separator();
    ImGui::TextUnformatted("Odds: a division's strength in stands");
    std::vector<const char*> sides;
    for (const auto& sd : rules.sides) sides.push_back(sd.name.c_str());
    ImGui::SetNextItemWidth(160);
    ImGui::Combo("Side##odds", &side, sides.data(), static_cast<int>(sides.size()));
    if (!rules.years.empty()) {
        ImGui::SameLine();
        ImGui::SetNextItemWidth(120);
        ImGui::InputInt("Year", &year);
    }
    ImGui::SameLine();
    ImGui::BeginDisabled(computing());
    if (ImGui::Button("Roll the odds")) app.run("tables.odds");
    mark("Tables/Odds");
    ImGui::EndDisabled();
    if (computing()) {
        if (m_task.wait_for(std::chrono::seconds(0)) == std::future_status::ready) odds = m_task.get();
        else ImGui::ProgressBar(m_progress, ImVec2(-1, 0), "rolling divisions...");
    }
    if (odds && !odds->share.empty()) {
        const std::string overlay = "mean " + std::to_string(odds->mean).substr(0, 5) + " stands over " + std::to_string(odds->divisions) +
                                    " divisions; " + std::to_string(odds->min_stands) + " to " +
                                    std::to_string(odds->min_stands + static_cast<int>(odds->share.size()) - 1);
        ImGui::PlotHistogram("##odds", odds->share.data(), static_cast<int>(odds->share.size()), 0, overlay.c_str(), 0.f, FLT_MAX,
                             ImVec2(ImGui::GetContentRegionAvail().x, 160));
    }
}

}  // namespace muster::gui
