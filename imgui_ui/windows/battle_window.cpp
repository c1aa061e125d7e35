#include "battle_window.hpp"

#include "core/error.hpp"
#include "core/text.hpp"
#include "gui_app.hpp"
#include "test_hooks.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

namespace muster::gui {
namespace {
const char* k_fates[] = {"-", "killed", "wounded", "captured"};
const char* k_battery_fates[] = {"-", "wrecked", "captured"};
}  // namespace

battle::Report BattleWindow::report() const {
    battle::Report r;
    r.name = name;
    r.date = date;
    r.place = place;
    r.divisions.assign(divisions.begin(), divisions.end());
    for (const auto& [ref, l] : lines) {
        if (!divisions.count(ref.substr(0, ref.find('/')))) continue;
        if (l.lost || l.captured) r.brigades.push_back({ref, l.lost, l.captured, l.camp});
        if (l.fate) r.leaders.push_back({ref, k_fates[l.fate], l.fate == 3 ? l.camp : "", l.fate == 2 ? l.out_for : 0});
    }
    for (const auto& [ref, fate] : batteries)
        if (fate && divisions.count(ref.substr(0, ref.find('/')))) r.batteries.push_back({ref, k_battery_fates[fate], fate == 2 ? battery_camp : ""});
    return r;
}

void BattleWindow::apply(GuiApp& app) {
    const auto out = app.service()->report_battle(report(), false);
    note = out.summary + " (journal #" + std::to_string(out.operation) + ")";
    recovery_battle = name;
    lines.clear();
    batteries.clear();
    name.clear();
}

void BattleWindow::recover(GuiApp& app, bool preview) {
    if (recovery_battle.empty()) throw UsageError("choose the battle whose casualties return");
    recovery = app.service()->recover(recovery_battle, {}, preview);
    note = recovery->summary;
}

void BattleWindow::draw(GuiApp& app) {
    auto& s = *app.service();
    ImGui::InputText("Battle", &name);
    ImGui::SetNextItemWidth(140);
    ImGui::InputText("Date", &date);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(200);
    ImGui::InputText("Place", &place);

    const auto oob = s.order_of_battle({});
    ImGui::TextUnformatted("Divisions that fought:");
    for (const auto& a : oob.armies)
        for (const auto& k : a.corps)
            for (const auto& d : k.divisions) {
                if (d.status == "placeholder") continue;
                bool in = divisions.count(d.name) > 0;
                ImGui::SameLine();
                if (ImGui::Checkbox(d.name.c_str(), &in)) {
                    if (in) divisions.insert(d.name);
                    else divisions.erase(d.name);
                }
            }
    std::vector<const char*> camp_names{""};
    const auto camps = s.camps();
    for (const auto& c : camps)
        if (!c.camp.liberated) camp_names.push_back(c.camp.name.c_str());

    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_ScrollY;
    if (ImGui::BeginTable("report", 7, flags, ImVec2(0, 260))) {
        ImGui::TableSetupScrollFreeze(0, 1);
        for (const char* c : {"Brigade", "Stands", "Lost", "Captured", "Camp", "Brigadier", "Out for"}) ImGui::TableSetupColumn(c);
        ImGui::TableHeadersRow();
        for (const auto& a : oob.armies)
            for (const auto& k : a.corps)
                for (const auto& d : k.divisions) {
                    if (!divisions.count(d.name)) continue;
                    for (const auto& b : d.brigades) {
                        if (b.status != "active") continue;
                        const std::string ref = d.name + "/" + b.name;
                        auto& l = lines[ref];
                        ImGui::PushID(ref.c_str());
                        ImGui::TableNextRow();
                        ImGui::TableSetColumnIndex(0);
                        ImGui::TextUnformatted(ref.c_str());
                        ImGui::TableSetColumnIndex(1);
                        ImGui::Text("%d", b.stands);
                        ImGui::TableSetColumnIndex(2);
                        ImGui::SetNextItemWidth(-1);
                        ImGui::InputInt("##lost", &l.lost, 1, 1);
                        mark("Battle/Lost/" + ref);
                        ImGui::TableSetColumnIndex(3);
                        ImGui::SetNextItemWidth(-1);
                        ImGui::InputInt("##captured", &l.captured, 1, 1);
                        ImGui::TableSetColumnIndex(4);
                        ImGui::SetNextItemWidth(-1);
                        if (ImGui::BeginCombo("##camp", l.camp.c_str())) {
                            for (const auto* c : camp_names)
                                if (ImGui::Selectable(*c ? c : "(the only camp of the captor)", l.camp == c)) l.camp = c;
                            ImGui::EndCombo();
                        }
                        ImGui::TableSetColumnIndex(5);
                        ImGui::SetNextItemWidth(-1);
                        if (b.commander.present()) ImGui::Combo("##fate", &l.fate, k_fates, 4);
                        ImGui::TableSetColumnIndex(6);
                        if (l.fate == 2) {
                            ImGui::SetNextItemWidth(-1);
                            ImGui::InputInt("##out", &l.out_for, 1, 1);
                        }
                        ImGui::PopID();
                    }
                    for (const auto& t : d.batteries) {
                        if (t.status != "active") continue;
                        const std::string ref = d.name + "/" + t.name;
                        ImGui::PushID(ref.c_str());
                        ImGui::TableNextRow();
                        ImGui::TableSetColumnIndex(0);
                        ImGui::Text("%s (battery)", ref.c_str());
                        ImGui::TableSetColumnIndex(2);
                        ImGui::SetNextItemWidth(-1);
                        ImGui::Combo("##battery", &batteries[ref], k_battery_fates, 3);
                        ImGui::PopID();
                    }
                }
        ImGui::EndTable();
    }
    ImGui::SetNextItemWidth(200);
    if (ImGui::BeginCombo("Camp for captured batteries", battery_camp.c_str())) {
        for (const auto* c : camp_names)
            if (ImGui::Selectable(*c ? c : "(the only camp of the captor)", battery_camp == c)) battery_camp = c;
        ImGui::EndCombo();
    }

    // Inline validation: the report is checked (a preview, nothing stored) whenever it changes.
    const auto r = report();
    std::string key = r.name + "|";
    for (const auto& b : r.brigades) key += b.brigade + std::to_string(b.lost) + "," + std::to_string(b.captured) + b.camp + ";";
    for (const auto& l : r.leaders) key += l.leader + l.fate + l.camp + std::to_string(l.out_for) + ";";
    for (const auto& b : r.batteries) key += b.battery + b.fate + b.camp + ";";
    key += std::to_string(app.revision());
    if (key != m_checked) {
        m_checked = key;
        try {
            const auto preview = s.report_battle(r, true);
            m_check = join(preview.lines, "\n") + (preview.lines.empty() ? "" : "\n") + preview.summary;
            m_check_ok = true;
        } catch (const Error& e) {
            m_check = e.what();
            m_check_ok = false;
        }
    }
    ImGui::TextColored(m_check_ok ? ImVec4(0.1f, 0.3f, 0.1f, 1) : ImVec4(0.75f, 0.05f, 0.05f, 1), "%s", m_check.c_str());
    ImGui::BeginDisabled(!m_check_ok);
    if (ImGui::Button("Apply the report")) app.run("battle.apply");
    mark("Battle/Apply");
    ImGui::EndDisabled();

    ImGui::Separator();
    ImGui::TextUnformatted("Recovery: casualties return, prisoners do not");
    ImGui::SetNextItemWidth(220);
    if (ImGui::BeginCombo("Battle##recovery", recovery_battle.c_str())) {
        for (const auto& b : s.battles())
            if (!b.recovered && ImGui::Selectable(b.name.c_str(), recovery_battle == b.name)) recovery_battle = b.name;
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    if (ImGui::Button("Preview recovery")) app.run("recovery.preview");
    mark("Battle/RecoveryPreview");
    ImGui::SameLine();
    if (ImGui::Button("Apply recovery")) app.run("recovery.apply");
    mark("Battle/RecoveryApply");
    if (recovery) {
        if (recovery->preview) ImGui::TextUnformatted("PREVIEW (the rolls are kept as discarded)");
        for (const auto& l : recovery->lines) ImGui::BulletText("%s", l.c_str());
    }
}

}  // namespace muster::gui
