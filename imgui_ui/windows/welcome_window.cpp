#include "welcome_window.hpp"
#include "theme.hpp"

#include "campaigns_window.hpp"
#include "gui_app.hpp"
#include "test_hooks.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

namespace muster::gui {

void WelcomeWindow::open_file(GuiApp& app) {
    if (path.empty()) throw std::runtime_error("give the campaign file to open: a path to a muster database (a new name creates one)");
    app.open_database(path);  // a refusal is named at the top of the panel
}

void WelcomeWindow::draw(GuiApp& app) {
    ImGui::TextUnformatted("Welcome to muster");
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(
        "muster keeps a Fire and Fury campaign: divisions rolled up from the tables as they arrive, battles and "
        "their losses, the wounded who return, prisoners and exchanges, and every side's papers. Start from one "
        "of the sample campaigns to see it at work, or create your own.");
    ImGui::PopTextWrapPos();
    if (!app.session()) {
        ImGui::PushTextWrapPos(0);
        wrapped(palette().refused, "muster-gui cannot use this file: " + app.status());
        ImGui::PopTextWrapPos();
        mark("Welcome/Refused");
        ImGui::TextUnformatted("Open another file below.");
    } else {
        ImGui::TextDisabled("%s holds no campaign yet.", app.db_path().c_str());
    }
    ImGui::Separator();
    ImGui::BeginDisabled(app.session() == nullptr);  // nowhere to create it until a file opens
    if (ImGui::BeginTable("##welcome", 2, ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable)) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted("Start from a sample campaign");
        ImGui::Spacing();
        m_campaigns.draw_samples(app);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted("Create a new campaign");
        ImGui::Spacing();
        m_campaigns.draw_new_campaign(app);
        ImGui::EndTable();
    }
    ImGui::EndDisabled();
    ImGui::PushTextWrapPos(0);
    if (!m_campaigns.error.empty()) wrapped(palette().refused, m_campaigns.error);
    ImGui::PopTextWrapPos();
    ImGui::Separator();
    ImGui::TextUnformatted("Open another campaign file");
    ImGui::SetNextItemWidth(-ImGui::CalcTextSize("Open").x - 3 * ImGui::GetStyle().ItemSpacing.x);
    ImGui::InputTextWithHint("##path", "a muster database: /path/to/campaigns.db", &path);
    mark("Welcome/Path");
    ImGui::SameLine();
    if (ImGui::Button("Open")) app.run("welcome.open");
    mark("Welcome/Open");
}

}  // namespace muster::gui
