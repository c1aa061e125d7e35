#pragma once
// Small widgets over muster's own words: a combo lists a word's spellings from its one table.
#include "core/words.hpp"
#include "test_hooks.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // TableGetHeaderRowHeight: a header row as TableHeadersRow makes it

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
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

/// A table's header row as ImGui's TableHeadersRow draws it, each header marked
/// "<marked>/<column name>" (a test clicks it to sort).
inline void headers_row(const std::string& marked) {
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers, ImGui::TableGetHeaderRowHeight());
    for (int c = 0; c < ImGui::TableGetColumnCount(); ++c) {
        if (!ImGui::TableSetColumnIndex(c)) continue;
        const char* name = ImGui::TableGetColumnName(c);
        ImGui::PushID(c);
        ImGui::TableHeader(name);
        ImGui::PopID();
        mark(marked + "/" + name);
    }
}

/// The order of a sortable table's rows: the column and direction its header asks for (a click
/// on a header changes them), and the rows sorted by it, each row's key made once a sort.
struct TableOrder {
    /// `natural`: the column the rows come sorted by (ascending) when made anew; none: -1.
    explicit TableOrder(int natural = -1) : m_natural(natural) {}
    int column = 0;
    bool ascending = true;
    /// Reads the order the header asks for (after the header row); true when the rows are to
    /// be sorted again: the order changed, or the rows were made anew (`invalidate`) in another
    /// order than the one asked for.
    bool changed() {
        if (ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs(); specs && specs->SpecsDirty) {
            if (specs->SpecsCount > 0) {
                column = specs->Specs[0].ColumnIndex;
                ascending = specs->Specs[0].SortDirection != ImGuiSortDirection_Descending;
            }
            specs->SpecsDirty = false;
        }
        const int asked = column * 2 + (ascending ? 1 : 0);
        if (m_in_natural && column == m_natural && ascending) m_sorted = asked;
        return m_sorted != asked;
    }
    /// The rows were made anew, in their natural order.
    void invalidate() {
        m_sorted = -1;
        m_in_natural = true;
    }
    /// Sorts `rows` by `key(row)` (anything with <) in the order asked for; equal keys keep
    /// their order.
    template <class Row, class Key>
    void sort(std::vector<Row>& rows, Key key) {
        std::vector<std::pair<decltype(key(rows.front())), size_t>> keys;
        keys.reserve(rows.size());
        for (size_t i = 0; i < rows.size(); ++i) keys.emplace_back(key(rows[i]), i);
        std::stable_sort(keys.begin(), keys.end(), [&](const auto& a, const auto& b) { return ascending ? a.first < b.first : b.first < a.first; });
        std::vector<Row> sorted;
        sorted.reserve(rows.size());
        for (const auto& k : keys) sorted.push_back(std::move(rows[k.second]));
        rows = std::move(sorted);
        m_sorted = column * 2 + (ascending ? 1 : 0);
        m_in_natural = false;
    }

private:
    int m_natural;
    int m_sorted = -1;
    bool m_in_natural = false;
};

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
