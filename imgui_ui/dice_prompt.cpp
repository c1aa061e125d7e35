#include "dice_prompt.hpp"
#include "widgets.hpp"
#include "theme.hpp"

#include "app/session.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "dice/dice.hpp"
#include "gui_app.hpp"
#include "test_hooks.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

namespace muster::gui {

// The operation with the rolls so far, the session taking the organiser's dice throughout.
bool DicePrompt::attempt(app::Session& session) {
    struct OwnDice {
        app::Session& s;
        explicit OwnDice(app::Session& session) : s(session) { s.roll_own_dice(Switch::on); }
        ~OwnDice() { s.roll_own_dice(Switch::off); }
    } own(session);
    try {
        m_operation(m_rolls);
    } catch (const dice::RollNeeded& need) {
        m_need = Need{need.die, need.purpose, need.index};
        m_refocus = true;  // the roll asked is typed straight in, the first as the next
        return false;
    }
    cancel();
    return true;
}

bool DicePrompt::start(app::Session& session, std::string what, Operation operation) {
    cancel();
    m_what = std::move(what);
    m_operation = std::move(operation);
    return attempt(session);
}

bool DicePrompt::enter(app::Session& session) {
    if (!m_need) throw UsageError("no roll is being asked for");
    const std::string roll(trim(typed));
    dice::parse_typed(m_need->die, roll, "roll " + std::to_string(m_need->index + 1) + ": " + m_need->purpose);
    m_rolls.push_back(roll);
    m_asked.push_back(*m_need);
    typed.clear();
    try {
        return attempt(session);
    } catch (...) {
        // Refused for another reason: the roll is taken back, so what is asked stays as it was.
        take_back();
        throw;
    }
}

void DicePrompt::take_back() {
    if (m_asked.empty()) return;
    m_need = m_asked.back();
    m_asked.pop_back();
    m_rolls.pop_back();
    m_refocus = true;
}

void DicePrompt::cancel() {
    m_need.reset();
    m_rolls.clear();
    m_asked.clear();
    typed.clear();
}

void DicePrompt::buttons(GuiApp& app, std::initializer_list<Button> buttons) const {
    ImGui::BeginDisabled(asking());
    bool first = true;
    for (const auto& b : buttons) {
        if (!first) next_on_line(button_width(b.label));
        first = false;
        if (ImGui::Button(b.label)) app.run(b.action);
        mark(b.mark);
    }
    ImGui::EndDisabled();
}

bool PhysicalDice::on(const GuiApp& app) const { return ticked || (app.model().current && app.model().current->dice == DiceMode::typed); }

bool PhysicalDice::draw(const GuiApp& app, const char* label) {
    const bool fixed = app.model().current && app.model().current->dice == DiceMode::typed;
    bool shown = ticked || fixed;
    ImGui::BeginDisabled(fixed);
    const bool changed = ImGui::Checkbox(label, &shown);
    ImGui::EndDisabled();
    if (fixed && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("The campaign's dice are typed: every roll is asked for");
    if (changed) ticked = shown;
    return changed;
}

void DicePrompt::draw(GuiApp& app, const std::string& id) {
    if (!m_need) return;
    ImGui::Separator();
    ImGui::TextWrapped("Physical dice: %s", m_what.c_str());  // a long table's title wraps, not cut at the panel's edge
    for (size_t i = 0; i < m_rolls.size(); ++i) {
        ImGui::Bullet();
        ImGui::TextWrapped("roll %zu: %s  (%s)", i + 1, m_rolls[i].c_str(), m_asked[i].purpose.c_str());
    }
    ImGui::PushTextWrapPos(0);
    ImGui::Text("Roll %zu: %s (%s)", m_need->index + 1, m_need->purpose.c_str(), std::string(rules::die_name(m_need->die)).c_str());
    ImGui::PopTextWrapPos();
    ImGui::SetNextItemWidth(px(80));
    // Clicked, the field's text is selected: a refused value is typed over.
    if (m_refocus) ImGui::SetKeyboardFocusHere();
    m_refocus = false;
    const bool entered = ImGui::InputText(("##roll" + id).c_str(), &typed, ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
    mark(id + "/Roll");
    // The buttons go on the line while it has room for them, else on the next (a narrow panel).
    next_on_line(button_width("Enter roll"));
    if (ImGui::Button("Enter roll") || entered) {
        app.run(id + ".roll");
        m_refocus = true;  // the next roll (or the refused one again) is typed straight in
    }
    mark(id + "/EnterRoll");
    next_on_line(button_width("Take back"));
    ImGui::BeginDisabled(m_rolls.empty());
    if (ImGui::Button("Take back")) app.run(id + ".take_back");
    mark(id + "/TakeBack");
    ImGui::EndDisabled();
    next_on_line(button_width("Abandon"));
    if (ImGui::Button("Abandon")) app.run(id + ".cancel");
    mark(id + "/Abandon");
}

}  // namespace muster::gui
