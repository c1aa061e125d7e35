#include "journal_window.hpp"
#include "widgets.hpp"

#include "export/division_text.hpp"
#include "gui_app.hpp"
#include "test_hooks.hpp"

#include <imgui.h>

namespace muster::gui {

void JournalWindow::draw(GuiApp& app) {
    const auto& model = app.model();
    const auto& seen = app.seen();
    const auto& entries = seen.journal;
    if (seen.viewer.is_umpire()) {
        if (ImGui::Button("Undo the last operation (Ctrl+Z)")) app.run("undo");
        mark("Journal/Undo");
        ImGui::SameLine();
        if (static_cast<int>(entries.size()) < model.journal_size)
            ImGui::TextDisabled("the newest %zu of %d entries (muster journal lists them all)", entries.size(), model.journal_size);
        else
            ImGui::TextDisabled("%zu entries", entries.size());
    } else {
        // A side's view: what it may read, numbered as it counts them; no total that betrays more.
        ImGui::TextDisabled("what %s may read (muster journal --as %s)", model.rules->the_side(seen.viewer.side()).c_str(), seen.viewer.side().c_str());
    }
    ImGui::BeginChild("entries");
    for (auto it = entries.rbegin(); it != entries.rend(); ++it) {
        const auto& e = *it;
        ImGui::PushID(static_cast<int>(e.id));
        const std::string head = "#" + std::to_string(e.id) + "  " + word(e.kind) + "  " + e.summary +
                                 (e.undone_by ? (e.kind == OperationKind::undo ? "  [redone by #" : "  [undone by #") + std::to_string(*e.undone_by) + "]" : "");
        // Whole, wrapped at the panel's edge; an entry with rolls opens on them.
        if (e.rolls.empty()) {
            bullet_lines({head});
            ImGui::PopID();
            continue;
        }
        const bool open = ImGui::TreeNode("##rolls");
        ImGui::SameLine();
        ImGui::TextWrapped("%s", head.c_str());
        if (open) {
            std::vector<dice::RollRecord> rolls;
            for (const auto& r : e.rolls) rolls.push_back(r.roll);
            ImGui::TextDisabled("%s dice%s", word(e.rolls.front().source).c_str(),
                                e.rolls.front().status == RollStatus::discarded ? ", discarded preview" : "");
            columns_text(exporter::rolls_text(rolls));
            ImGui::TreePop();
        }
        ImGui::PopID();
    }
    ImGui::EndChild();
}

}  // namespace muster::gui
