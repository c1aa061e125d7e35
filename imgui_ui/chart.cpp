#include "chart.hpp"
#include "core/text.hpp"
#include "theme.hpp"

#include "test_hooks.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // RenderTextEllipsis

#include <algorithm>
#include <cmath>
#include <string>

namespace muster::gui {
namespace {

// A round step for about five ticks up to `top`.
int tick_step(int top) {
    const double raw = std::max(1.0, top / 5.0);
    const double p = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * p >= raw) return static_cast<int>(m * p);
    return static_cast<int>(10 * p);
}

// Each side its own hue, the same in every chart; a side's second army or camp a lighter shade.
std::vector<ImU32> colours(const Chart& chart) {
    static const ImVec4 hues[] = {ImVec4(0.16f, 0.31f, 0.67f, 1), ImVec4(0.67f, 0.2f, 0.16f, 1), ImVec4(0.16f, 0.55f, 0.27f, 1),
                                  ImVec4(0.78f, 0.51f, 0.08f, 1), ImVec4(0.47f, 0.24f, 0.63f, 1), ImVec4(0.08f, 0.55f, 0.59f, 1)};
    std::vector<ImU32> out;
    std::vector<int> seen(chart.sides.size() + 1, 0);
    for (size_t s = 0; s < chart.series.size(); ++s) {
        const auto it = std::find(chart.sides.begin(), chart.sides.end(), chart.series[s].side);
        const size_t side = it == chart.sides.end() ? chart.sides.size() : static_cast<size_t>(it - chart.sides.begin());
        ImVec4 c = hues[(it == chart.sides.end() ? s : side) % (sizeof hues / sizeof hues[0])];
        const float lighter = std::min(0.6f, 0.22f * static_cast<float>(seen[side]++));
        c.x += (1 - c.x) * lighter;
        c.y += (1 - c.y) * lighter;
        c.z += (1 - c.z) * lighter;
        out.push_back(ImGui::ColorConvertFloat4ToU32(c));
    }
    return out;
}

}  // namespace

void draw_chart(const char* id, const Chart& chart) {
    ImGui::PushID(id);
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(chart.title.c_str());
    ImGui::PopTextWrapPos();
    // The legend: a swatch and a name a series, on as many lines as the width needs.
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float line = ImGui::GetTextLineHeight();
    const auto colour = colours(chart);
    const float across = ImGui::GetContentRegionAvail().x;
    float used = 0;
    for (size_t s = 0; s < chart.series.size(); ++s) {
        const float w = line + ImGui::CalcTextSize(chart.series[s].name.c_str()).x + 14;
        if (s && used + w <= across) ImGui::SameLine(0, 14);
        else used = 0;
        used += w;
        const ImVec2 p = ImGui::GetCursorScreenPos();
        dl->AddRectFilled(ImVec2(p.x, p.y + 3), ImVec2(p.x + line - 6, p.y + line - 3), colour[s]);
        ImGui::Dummy(ImVec2(line - 4, line));
        ImGui::SameLine(0, 4);
        ImGui::TextUnformatted(chart.series[s].name.c_str());
    }
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float width = std::max(px(200), ImGui::GetContentRegionAvail().x);
    const float height = std::max(px(120), ImGui::GetContentRegionAvail().y - 4);
    ImGui::InvisibleButton("##plot", ImVec2(width, height));
    mark(std::string("Chart/") + id);
    const bool hovered = ImGui::IsItemHovered();
    const size_t n = chart.points.size();
    int top = 1;
    for (const auto& s : chart.series)
        for (int v : s.values) top = std::max(top, v);
    const int step = tick_step(top);
    top = (top + step - 1) / step * step;
    // The plot area leaves room for the value axis on the left and the points' names below.
    const float left = ImGui::CalcTextSize(std::to_string(top).c_str()).x + 10, bottom = line + 8;
    // Above it, a line for the values' unit (inside the plot it hid the top of a bar or a line).
    const float caption = chart.value_label.empty() ? 0.f : line;
    const ImVec2 a(origin.x + left, origin.y + caption + line / 2 + 4), b(origin.x + width - 8, origin.y + height - bottom);  // room for the top tick's number
    dl->AddRectFilled(a, b, palette().chart_bg);
    if (caption > 0) dl->AddText(ImVec2(a.x + 2, origin.y), ImGui::GetColorU32(palette().muted), chart.value_label.c_str());
    const ImU32 ink = ImGui::GetColorU32(ImGuiCol_Text), grid = palette().chart_grid;
    const auto y_of = [&](int v) { return b.y - (b.y - a.y) * static_cast<float>(v) / static_cast<float>(top); };
    for (int v = 0; v <= top; v += step) {
        const float y = y_of(v);
        dl->AddLine(ImVec2(a.x, y), ImVec2(b.x, y), grid);
        const std::string t = std::to_string(v);
        dl->AddText(ImVec2(a.x - 6 - ImGui::CalcTextSize(t.c_str()).x, y - line / 2), ink, t.c_str());
    }
    dl->AddLine(ImVec2(a.x, a.y), ImVec2(a.x, b.y), ink);
    dl->AddLine(ImVec2(a.x, b.y), ImVec2(b.x, b.y), ink);
    if (n == 0) {
        dl->AddText(ImVec2(a.x + 10, (a.y + b.y) / 2), ImGui::GetColorU32(palette().muted), "nothing to show yet");
        ImGui::PopID();
        return;
    }
    const float slot = (b.x - a.x) / static_cast<float>(n);
    const auto x_of = [&](size_t i) { return a.x + slot * (static_cast<float>(i) + 0.5f); };
    // The points' names, centred under their slot, or ended in an ellipsis where the slot is
    // narrower (the tooltip reads them whole).
    for (size_t i = 0; i < n; ++i) {
        const char* name = chart.points[i].c_str();
        const ImVec2 size = ImGui::CalcTextSize(name);
        const float right = x_of(i) + slot / 2 - 2, x = std::max(x_of(i) - size.x / 2, x_of(i) - slot / 2 + 2);
        ImGui::RenderTextEllipsis(dl, ImVec2(x, b.y + 4), ImVec2(right, b.y + 4 + line), right, right, name, nullptr, &size);
    }
    const size_t k = std::max<size_t>(1, chart.series.size());
    for (size_t s = 0; s < chart.series.size(); ++s) {
        const auto& v = chart.series[s].values;
        for (size_t i = 0; i < n && i < v.size(); ++i) {
            if (chart.bars) {
                const float w = slot * 0.8f / static_cast<float>(k);
                const float x = x_of(i) - slot * 0.4f + w * static_cast<float>(s);
                dl->AddRectFilled(ImVec2(x + 1, y_of(v[i])), ImVec2(x + w - 1, b.y), colour[s]);
            } else {
                if (i > 0) dl->AddLine(ImVec2(x_of(i - 1), y_of(v[i - 1])), ImVec2(x_of(i), y_of(v[i])), colour[s], 2.f);
                dl->AddCircleFilled(ImVec2(x_of(i), y_of(v[i])), 3.5f, colour[s]);
            }
        }
    }
    if (hovered) {
        const float mx = ImGui::GetIO().MousePos.x;
        const int under = std::clamp(static_cast<int>((mx - a.x) / slot), 0, static_cast<int>(n) - 1);
        dl->AddRectFilled(ImVec2(x_of(static_cast<size_t>(under)) - slot / 2, a.y), ImVec2(x_of(static_cast<size_t>(under)) + slot / 2, b.y),
                          IM_COL32(0, 0, 0, 18));
        ImGui::BeginTooltip();
        ImGui::TextUnformatted(chart.points[static_cast<size_t>(under)].c_str());
        for (const auto& s : chart.series)
            if (static_cast<size_t>(under) < s.values.size())
                ImGui::Text("%s: %s", s.name.c_str(), chart.value_text(s.values[static_cast<size_t>(under)]).c_str());
        ImGui::EndTooltip();
    }
    ImGui::PopID();
}

std::string Chart::value_text(int value) const {
    const std::string one = value_label.ends_with('s') ? value_label.substr(0, value_label.size() - 1) : value_label;
    return count_of(value, one, value_label);
}

}  // namespace muster::gui
