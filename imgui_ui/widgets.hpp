#pragma once
// Small widgets over muster's own words: a combo lists a word's spellings from its one table.
#include "core/words.hpp"
#include "test_hooks.hpp"

#include <imgui.h>

#include <optional>
#include <string>
#include <vector>

namespace muster::gui {

/// A table cell's text: where the column is too narrow for it, hovering shows it whole.
inline void cell_text(const std::string& text) {
    ImGui::TextUnformatted(text.c_str());
    if (ImGui::IsItemHovered() && ImGui::CalcTextSize(text.c_str()).x > ImGui::GetColumnWidth()) ImGui::SetTooltip("%s", text.c_str());
}

/// Lines of prose, a bullet each, wrapped at the region's edge (ImGui's BulletText does not wrap).
inline void bullet_lines(const std::vector<std::string>& lines) {
    for (const auto& l : lines) {
        ImGui::Bullet();
        ImGui::TextWrapped("%s", l.c_str());
    }
}

/// A combo choosing one of a word's values; `marked`: the test mark of the combo, and of each
/// value under it ("<marked>/<value>").
template <class E>
void word_combo(const char* label, E& value, const std::string& marked = {}) {
    const bool open = ImGui::BeginCombo(label, word(value).c_str());
    if (!marked.empty()) mark(marked);
    if (!open) return;
    for (const auto& w : Vocabulary<E>::table) {
        if (ImGui::Selectable(std::string(w.text).c_str(), value == w.value)) value = w.value;
        if (!marked.empty()) mark(marked + "/" + std::string(w.text));
    }
    ImGui::EndCombo();
}

/// A combo choosing one of a word's values, or none ("-").
template <class E>
void word_combo(const char* label, std::optional<E>& value, const std::string& marked = {}) {
    const bool open = ImGui::BeginCombo(label, value ? word(*value).c_str() : "-");
    if (!marked.empty()) mark(marked);
    if (!open) return;
    if (ImGui::Selectable("-", !value)) value.reset();
    for (const auto& w : Vocabulary<E>::table) {
        if (ImGui::Selectable(std::string(w.text).c_str(), value == w.value)) value = w.value;
        if (!marked.empty()) mark(marked + "/" + std::string(w.text));
    }
    ImGui::EndCombo();
}

}  // namespace muster::gui
