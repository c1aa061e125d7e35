#include "journal_window.hpp"

#include "export/division_text.hpp"
#include "gui_app.hpp"
#include "test_hooks.hpp"

#include <imgui.h>

namespace muster::gui {

void JournalWindow::draw(GuiApp& app) {
    if (ImGui::Button("Undo the last operation (Ctrl+Z)")) app.run("undo");
    mark("Journal/Undo");
    ImGui::BeginChild("entries");
    const auto entries = app.service()->journal();
    for (auto it = entries.rbegin(); it != entries.rend(); ++it) {
        const auto& e = *it;
        ImGui::PushID(static_cast<int>(e.id));
        const std::string head = "#" + std::to_string(e.id) + "  " + e.kind + "  " + e.summary +
                                 (e.undone_by ? "  [undone by #" + std::to_string(*e.undone_by) + "]" : "");
        if (e.rolls.empty()) {
            ImGui::BulletText("%s", head.c_str());
        } else if (ImGui::TreeNode(head.c_str())) {
            std::vector<dice::RollRecord> rolls;
            for (const auto& r : e.rolls) rolls.push_back(r.roll);
            ImGui::TextDisabled("%s dice%s", e.rolls.front().source.c_str(),
                                e.rolls.front().status == "discarded" ? ", discarded preview" : "");
            columns_text(exporter::rolls_text(rolls));
            ImGui::TreePop();
        }
        ImGui::PopID();
    }
    ImGui::EndChild();
}

}  // namespace muster::gui
