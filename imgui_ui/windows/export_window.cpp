#include "export_window.hpp"
#include "theme.hpp"

#include "app/exports.hpp"
#include "app/files.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "export/oob.hpp"
#include "gui_app.hpp"
#include "test_hooks.hpp"
#include "widgets.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <filesystem>

namespace muster::gui {
namespace {
const char* k_papers[] = {"a4", "letter"};
}  // namespace

void ExportWindow::write(GuiApp& app) {
    const auto view_request = view.request(*app.model().rules, app.viewer());
    app::ExportRequest r;
    r.side = view_request.side;
    r.viewer = view_request.viewer;
    // The format is settled before the work starts: a path naming another is refused at once.
    std::function<void(const app::Exports&, const Sink&)> produce;
    if (labels)
        produce = [r, f = app::label_format_for(path, label_format, label_format), sheet = exporter::LabelSheet{width_mm, height_mm, k_papers[paper]}](
                      const app::Exports& e, const Sink& out) { e.labels(r, f, sheet, out); };
    else produce = [r, f = app::oob_format_for(path, format, format)](const app::Exports& e, const Sink& out) { e.oob(r, f, out); };
    app.start_work(*this, "Writing " + path, [this, db = app.db_path(), target = path, produce](std::atomic<std::uint64_t>& done) {
        app::Session session(db, app::Open::existing);  // the worker's own connection; it only reads
        const auto exports = session.exports();
        const auto bytes = app::write_file(target, [&](const Sink& out) {
            produce(exports, [&](std::string_view piece) {
                done += piece.size();
                out(piece);
            });
        });
        // Where it went, whatever folder the program was started in.
        return std::function<void()>([this, written = std::filesystem::absolute(target).string(), bytes] {
            note = "Wrote " + written + " (" + std::to_string(bytes) + " bytes)";
        });
    });
}

std::string ExportWindow::handout_for(GuiApp& app) const {
    return app.viewer().is_umpire() ? app.model().rules->sides.at(static_cast<size_t>(handout_side)).id : app.viewer().side();
}

std::string& ExportWindow::handout_folder(const std::string& side) {
    return handout_folders.try_emplace(side, "handout-" + side).first->second;
}

void ExportWindow::write_handout(GuiApp& app) {
    const auto& rules = *app.model().rules;
    const std::string side = handout_for(app);
    const std::string folder(trim(handout_folder(side)));
    if (folder.empty()) throw UsageError("name the folder the handout is written in (made if missing)");
    app.start_work(*this, "Writing the handout of " + rules.the_side(side) + " in " + folder,
                   [this, db = app.db_path(), side, folder](std::atomic<std::uint64_t>& done) {
                       app::Session session(db, app::Open::existing);
                       std::vector<std::string> wrote;
                       session.exports().write_handout(
                           side, folder, [&](const std::string& file, std::uintmax_t bytes) {
                               wrote.push_back(std::filesystem::path(file).filename().string() + " (" + std::to_string(bytes) + " bytes)");
                           },
                           [&](std::string_view piece) { done += piece.size(); });
                       return std::function<void()>([this, wrote, folder] { note = "Wrote in " + folder + ": " + join(wrote, ", "); });
                   });
}

void ExportWindow::draw(GuiApp& app) {
    const auto& rules = *app.model().rules;
    ImGui::Checkbox((rules.term_brigade + " labels (pdf or html)##labels").c_str(), &labels);
    mark("Export/Labels");
    // The file's name follows what is written, where it is the other's ("oob.pdf" becomes
    // "labels.pdf"): the labels are not written over the order of battle just written.
    if (labels != m_labels_shown) {
        std::filesystem::path named(path);
        if (named.stem() == (labels ? "oob" : "labels")) path = named.replace_filename((labels ? "labels" : "oob") + named.extension().string()).string();
        m_labels_shown = labels;
    }
    view.draw(rules);
    if (labels) word_combo("Format", label_format);
    else word_combo("Format", format);
    // The file's name follows the format chosen ("oob.pdf" becomes "oob.txt" with text), as a
    // name that says another is refused.
    if (const std::string chosen = labels ? word(label_format) : word(format); chosen != m_format_shown) {
        std::filesystem::path renamed(path);
        const bool text = !labels && format == OobFormat::text;  // a text file is a .txt
        if (!path.empty()) path = renamed.replace_extension(text ? ".txt" : "." + chosen).string();
        m_format_shown = chosen;
    }
    ImGui::InputText("File", &path, ImGuiInputTextFlags_AutoSelectAll);
    mark("Export/File");
    if (labels) {
        ImGui::SliderFloat("Label width (mm)", &width_mm, 15, 190, "%.0f");
        ImGui::SliderFloat("Label height (mm)", &height_mm, 8, 250, "%.0f");
        ImGui::Combo("Paper", &paper, k_papers, 2);
    }
    // One piece of long work at a time: while one is written, its progress shows at the foot.
    ImGui::BeginDisabled(app.work() != nullptr);
    if (ImGui::Button("Export")) app.run("export.write");
    mark("Export/Export");
    ImGui::EndDisabled();

    // A side's papers for the next battle: its view of the order of battle, its labels, its
    // prisoners and the exchanges awaiting its answer; never more than it may know.
    ImGui::Separator();
    ImGui::TextWrapped("Player handout: oob.pdf, labels.pdf, papers.txt, turn.txt and last-turn.txt, in a folder");
    if (app.viewer().is_umpire()) {
        std::vector<const char*> sides;
        for (const auto& sd : rules.sides) sides.push_back(sd.name.c_str());
        handout_side = std::clamp(handout_side, 0, static_cast<int>(sides.size()) - 1);
        ImGui::SetNextItemWidth(px(180));
        const bool choosing = ImGui::BeginCombo("Side##handout", sides[static_cast<size_t>(handout_side)]);
        mark("Export/HandoutSide");
        if (choosing) {
            for (int i = 0; i < static_cast<int>(sides.size()); ++i) {
                if (ImGui::Selectable(sides[static_cast<size_t>(i)], i == handout_side)) handout_side = i;
                mark(std::string("Export/HandoutSide/") + rules.sides[static_cast<size_t>(i)].id);
            }
            ImGui::EndCombo();
        }
    } else {
        ImGui::Text("Of the %s", rules.find_side(app.viewer().side())->name.c_str());
    }
    const std::string side = handout_for(app);
    next_on_line(field_width(px(360), "Folder"));
    ImGui::SetNextItemWidth(px(360));
    ImGui::InputText("Folder", &handout_folder(side), ImGuiInputTextFlags_AutoSelectAll);
    mark("Export/HandoutFolder");
    next_on_line(button_width("Write the handout"));
    ImGui::BeginDisabled(app.work() != nullptr);
    if (ImGui::Button("Write the handout")) app.run("export.handout");
    mark("Export/Handout");
    ImGui::EndDisabled();

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
        // The label's three lines, as the sheet has them, in a size its height holds.
        const std::string third = t.third_line();
        const float size = std::min(ImGui::GetFontSize(), height_mm * k / 3.4f);
        const std::pair<const std::string*, ImU32> lines[] = {
            {&t.brigade, IM_COL32(0, 0, 0, 255)}, {&t.division, IM_COL32(90, 90, 90, 255)}, {&third, IM_COL32(30, 30, 30, 255)}};
        // Each line set smaller where it is wider than the label, as the sheet sets it, down to
        // 60% of its size; past that, cut and ended in "...".
        const float room = width_mm * k - 6;
        for (size_t j = 0; j < std::size(lines); ++j) {
            std::string text = *lines[j].first;
            const float wide = ImGui::GetFont()->CalcTextSizeA(size, FLT_MAX, 0, text.c_str()).x;
            const float set = wide <= room ? size : std::max(size * 0.6f, size * room / wide);
            if (ImGui::GetFont()->CalcTextSizeA(set, FLT_MAX, 0, text.c_str()).x > room) {
                while (!text.empty() && ImGui::GetFont()->CalcTextSizeA(set, FLT_MAX, 0, (text + "...").c_str()).x > room) {
                    while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80) text.pop_back();  // a letter whole
                    if (!text.empty()) text.pop_back();
                }
                text += "...";
            }
            dl->AddText(ImGui::GetFont(), set, ImVec2(x + 3, y + 2 + static_cast<float>(j) * size * 1.1f), lines[j].second, text.c_str());
        }
        dl->PopClipRect();
        // The preview is to scale, so a long name is set smaller or cut: hover reads it whole.
        if (ImGui::IsMouseHoveringRect(ImVec2(x, y), ImVec2(x + width_mm * k, y + height_mm * k)))
            ImGui::SetTooltip("%s\n%s\n%s", t.brigade.c_str(), t.division.c_str(), third.c_str());
    }
    ImGui::Dummy(ImVec2(paper_w * k, paper_h * k));
}

}  // namespace muster::gui
