#include "tables_window.hpp"
#include "theme.hpp"

#include "export/rules_text.hpp"
#include "gui_app.hpp"
#include "test_hooks.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace muster::gui {
namespace {

struct Measure {
    const char* name;
    const char* unit;
    generate::Distribution generate::ExactOdds::*field;
};

constexpr Measure k_measures[] = {{"Brigades", "brigades", &generate::ExactOdds::brigades},
                                  {"Stands", "stands", &generate::ExactOdds::stands},
                                  {"Batteries", "batteries", &generate::ExactOdds::batteries},
                                  {"Batteries with the division", "batteries with the division", &generate::ExactOdds::division_batteries},
                                  {"Batteries to the reserve", "batteries to the reserve", &generate::ExactOdds::reserve_batteries}};

// A histogram drawn with the window's draw list: a bar a value, the values along the x axis,
// percent on the y axis with grid lines, and the hovered bar's value and chance.
std::string histogram(const generate::Distribution& d, const char* unit, float height) {
    std::string hovered;
    if (d.empty()) return hovered;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float width = ImGui::GetContentRegionAvail().x;
    const float text_h = ImGui::GetTextLineHeight();
    const float left = ImGui::CalcTextSize("100%").x + 8, bottom = text_h + 6;
    const ImVec2 plot_min(origin.x + left, origin.y + 4), plot_max(origin.x + width - 4, origin.y + height - bottom);
    const int lo = d.begin()->first, hi = d.rbegin()->first;
    double top = 0;
    for (const auto& [v, p] : d) top = std::max(top, p);
    // Grid lines at a round step of percent.
    const double top_pct = top * 100;
    const double step = top_pct > 50 ? 20 : top_pct > 20 ? 10 : top_pct > 10 ? 5 : top_pct > 4 ? 2 : top_pct > 2 ? 1 : 0.5;
    const double scale_pct = std::ceil(top_pct / step) * step;
    const ImU32 axis = ImGui::GetColorU32(ImGuiCol_Text), grid = ImGui::GetColorU32(ImGuiCol_Separator);
    const ImU32 bar = ImGui::GetColorU32(ImGuiCol_PlotHistogram), bar_hot = ImGui::GetColorU32(ImGuiCol_PlotHistogramHovered);
    const float plot_h = plot_max.y - plot_min.y;
    char label[32];
    for (double pct = 0; pct <= scale_pct + 1e-9; pct += step) {
        const float y = plot_max.y - static_cast<float>(pct / scale_pct) * plot_h;
        draw->AddLine(ImVec2(plot_min.x, y), ImVec2(plot_max.x, y), grid);
        std::snprintf(label, sizeof label, step < 1 ? "%.1f%%" : "%.0f%%", pct);
        draw->AddText(ImVec2(origin.x + left - 6 - ImGui::CalcTextSize(label).x, y - text_h / 2), axis, label);
    }
    draw->AddLine(ImVec2(plot_min.x, plot_min.y), ImVec2(plot_min.x, plot_max.y), axis);
    draw->AddLine(ImVec2(plot_min.x, plot_max.y), ImVec2(plot_max.x, plot_max.y), axis);
    // One slot a value from lo to hi; labels on as many as fit.
    const int slots = hi - lo + 1;
    const float slot_w = (plot_max.x - plot_min.x) / static_cast<float>(slots);
    const int label_every = std::max(1, static_cast<int>(std::ceil((ImGui::CalcTextSize("000").x + 6) / slot_w)));
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    for (int v = lo; v <= hi; ++v) {
        const float x0 = plot_min.x + static_cast<float>(v - lo) * slot_w;
        const auto it = d.find(v);
        const double p = it == d.end() ? 0 : it->second;
        const float y = plot_max.y - static_cast<float>(p * 100 / scale_pct) * plot_h;
        const bool hot = mouse.x >= x0 && mouse.x < x0 + slot_w && mouse.y >= plot_min.y && mouse.y <= plot_max.y;
        if (p > 0) draw->AddRectFilled(ImVec2(x0 + 1, y), ImVec2(x0 + slot_w - 1, plot_max.y), hot ? bar_hot : bar);
        if ((v - lo) % label_every == 0) {
            std::snprintf(label, sizeof label, "%d", v);
            draw->AddText(ImVec2(x0 + slot_w / 2 - ImGui::CalcTextSize(label).x / 2, plot_max.y + 3), axis, label);
        }
        if (hot) {
            std::snprintf(label, sizeof label, "%.2f%%", 100 * p);
            hovered = std::to_string(v) + " " + unit + ": " + label;
        }
    }
    ImGui::Dummy(ImVec2(width, height));
    if (!hovered.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", hovered.c_str());
    return hovered;
}

}  // namespace

void TablesWindow::compute_odds(GuiApp& app) {
    const auto& rules = *app.model().rules;
    generate::Request r;
    r.side = rules.sides[static_cast<size_t>(side)].id;
    // No year typed: the campaign's, else the rule set's first.
    const auto& date = app.model().current ? app.model().current->date : std::nullopt;
    if (!rules.years.empty()) r.year = year ? year : date ? date->year() : rules.years.front();
    if (!rules.theaters.empty()) r.theater = rules.theaters.front().id;
    app.start_work(*this, "Working out the odds", [this, rules = app.model().rules, r](std::atomic<std::uint64_t>&) {
        auto worked_out = generate::exact_odds(*rules, r);
        return std::function<void()>([this, worked_out = std::move(worked_out)] { odds = worked_out; });
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
    ImGui::TextUnformatted("Exact odds of a division, from the tables");
    std::vector<const char*> sides;
    for (const auto& sd : rules.sides) sides.push_back(sd.name.c_str());
    ImGui::SetNextItemWidth(px(160));
    ImGui::Combo("Side##odds", &side, sides.data(), static_cast<int>(sides.size()));
    if (!rules.years.empty()) {
        ImGui::SameLine();
        ImGui::SetNextItemWidth(px(120));
        ImGui::InputInt("Year", &year);
    }
    ImGui::SameLine();
    ImGui::BeginDisabled(app.work() != nullptr);
    if (ImGui::Button("Show the odds")) app.run("tables.odds");
    mark("Tables/Odds");
    ImGui::EndDisabled();
    if (!odds) return;
    std::vector<const char*> measures;
    for (const auto& m : k_measures) measures.push_back(m.name);
    ImGui::SetNextItemWidth(px(260));
    ImGui::Combo("Of##measure", &measure, measures.data(), static_cast<int>(measures.size()));
    mark("Tables/Measure");
    const auto& m = k_measures[std::clamp(measure, 0, static_cast<int>(std::size(k_measures)) - 1)];
    const auto& d = (*odds).*m.field;
    ImGui::SameLine();
    ImGui::Text("mean %.2f %s", generate::mean(d), m.unit);
    hovered = histogram(d, m.unit, std::max(160.f, ImGui::GetContentRegionAvail().y - 24));
    mark("Tables/Histogram");
}

}  // namespace muster::gui
