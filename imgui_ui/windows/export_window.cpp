#include "export_window.hpp"

#include "app/exports.hpp"
#include "app/files.hpp"
#include "export/oob.hpp"
#include "gui_app.hpp"
#include "test_hooks.hpp"
#include "widgets.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

namespace muster::gui {
namespace {
const char* k_papers[] = {"a4", "letter"};
}  // namespace

void ExportWindow::write(GuiApp& app) {
    const auto view_request = view.request(*app.model().rules, app.viewer());
    app::ExportRequest r;
    r.side = view_request.side;
    r.viewer = view_request.viewer;
    const auto exports = app.session()->exports();
    const auto bytes = app::write_file(path, [&](const Sink& out) {
        if (labels) exports.labels(r, app::label_format_for(path, label_format, label_format), {width_mm, height_mm, k_papers[paper]}, out);
        else exports.oob(r, app::oob_format_for(path, format, format), out);
    });
    note = "Wrote " + path + " (" + std::to_string(bytes) + " bytes)";
}

void ExportWindow::draw(GuiApp& app) {
    const auto& rules = *app.model().rules;
    ImGui::Checkbox("Brigade labels (pdf or html)", &labels);
    view.draw(rules);
    if (labels) word_combo("Format", label_format);
    else word_combo("Format", format);
    ImGui::InputText("File", &path);
    if (labels) {
        ImGui::SliderFloat("Label width (mm)", &width_mm, 15, 190, "%.0f");
        ImGui::SliderFloat("Label height (mm)", &height_mm, 8, 250, "%.0f");
        ImGui::Combo("Paper", &paper, k_papers, 2);
    }
    if (ImGui::Button("Export")) app.run("export.write");
    mark("Export/Export");

    if (!labels) return;
    // A preview of the sheet: the paper, the labels as they fall, their first lines.
    if (m_revision != app.revision() || !(m_view == view) || !(m_viewer == app.viewer())) {
        m_texts = exporter::label_texts(rules, app::view_of(rules, app.model().oob, view.request(rules, app.viewer())));
        m_revision = app.revision();
        m_view = view;
        m_viewer = app.viewer();
    }
    const auto& texts = m_texts;
    const float paper_w = paper == 0 ? 210.f : 215.9f, paper_h = paper == 0 ? 297.f : 279.4f;
    const float k = 1.6f;  // pixels a millimetre in the preview
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 o = ImGui::GetCursorScreenPos();
    dl->AddRectFilled(o, ImVec2(o.x + paper_w * k, o.y + paper_h * k), IM_COL32(255, 255, 255, 255));
    dl->AddRect(o, ImVec2(o.x + paper_w * k, o.y + paper_h * k), IM_COL32(120, 120, 120, 255));
    const int across = static_cast<int>((paper_w - 20) / width_mm), down = static_cast<int>((paper_h - 30) / height_mm);
    for (int i = 0; across > 0 && down > 0 && i < across * down && i < static_cast<int>(texts.size()); ++i) {
        const float x = o.x + (10 + static_cast<float>(i % across) * width_mm) * k;
        const float y = o.y + (20 + static_cast<float>(i / across) * height_mm) * k;
        dl->AddRect(ImVec2(x, y), ImVec2(x + width_mm * k, y + height_mm * k), IM_COL32(140, 140, 140, 255));
        dl->PushClipRect(ImVec2(x, y), ImVec2(x + width_mm * k, y + height_mm * k), true);
        const auto& t = texts[static_cast<size_t>(i)];
        const std::string second = t.effectiveness + "  " + t.rating + (t.mark.empty() ? "" : "  " + t.mark);
        dl->AddText(ImVec2(x + 3, y + 2), IM_COL32(0, 0, 0, 255), t.brigade.c_str());
        dl->AddText(ImVec2(x + 3, y + 2 + ImGui::GetFontSize()), IM_COL32(60, 60, 60, 255), second.c_str());
        dl->PopClipRect();
        // The preview is to scale, so a long name is cut at the label's edge: hover reads it whole.
        if (ImGui::IsMouseHoveringRect(ImVec2(x, y), ImVec2(x + width_mm * k, y + height_mm * k)))
            ImGui::SetTooltip("%s\n%s", t.brigade.c_str(), second.c_str());
    }
    ImGui::Dummy(ImVec2(paper_w * k, paper_h * k));
}

}  // namespace muster::gui
