#pragma once
// Small widgets over muster's own words: a combo lists a word's spellings from its one table.
#include "core/words.hpp"
#include "test_hooks.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // TableGetHeaderRowHeight, RenderTextEllipsis

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace muster::gui {

/// A table of data: each column as wide as its widest entry, its header included, and resizable;
/// where the panel is narrower than the columns, the table scrolls sideways (nothing is cut).
inline constexpr ImGuiTableFlags k_data_table = ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_Resizable | ImGuiTableFlags_ScrollX |
                                                ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersV;

/// The height of a data table showing `rows` rows under its header (and its sideways scrollbar),
/// at most `most`.
inline float table_height(std::size_t rows, float most) {
    const float row = ImGui::GetFrameHeight() + 2 * ImGui::GetStyle().CellPadding.y;
    return std::min(most, static_cast<float>(rows + 1) * row + ImGui::GetStyle().ScrollbarSize + 4);
}

/// After BeginTable: the columns fitted to their entries again when `content` (what the rows
/// show: the model's revision, a count) has changed since the table was last drawn. A column the
/// organiser resized keeps his width until then.
inline void fit_columns_to(std::size_t content) {
    static std::map<ImGuiID, std::size_t> drawn;
    ImGuiTable* table = ImGui::GetCurrentTable();
    const auto [at, fresh] = drawn.try_emplace(table->ID, content);
    if (fresh || at->second == content) return;
    at->second = content;
    ImGui::TableSetColumnWidthAutoAll(table);
}

/// Indents by `width` for its scope: none for 0 (ImGui's Indent(0) indents by its default).
class IndentBy {
public:
    explicit IndentBy(float width) : m_width(width) {
        if (m_width > 0) ImGui::Indent(m_width);
    }
    ~IndentBy() {
        if (m_width > 0) ImGui::Unindent(m_width);
    }
    IndentBy(const IndentBy&) = delete;
    IndentBy& operator=(const IndentBy&) = delete;

private:
    float m_width;
};

/// Keeps the next item, `width` wide, on this line if it still fits in the window, else starts a
/// new line: a row of fields that wraps where the panel is narrow.
inline void next_on_line(float width) {
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width <= right) ImGui::SameLine();
}
/// The width of a button, a checkbox and a labelled field, as ImGui draws them.
inline float button_width(const char* label) { return ImGui::CalcTextSize(label, nullptr, true).x + 2 * ImGui::GetStyle().FramePadding.x; }
inline float checkbox_width(const char* label) {
    return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x;
}
inline float field_width(float field, const char* label) { return field + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label, nullptr, true).x; }
/// The next labelled field `field` wide, or narrower where the line has less room, so that its
/// label (drawn to its right) is never cut off by the panel's edge.
inline void field_fits(float field, const char* label) {
    const float room = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemInnerSpacing.x - ImGui::CalcTextSize(label, nullptr, true).x;
    ImGui::SetNextItemWidth(std::max(std::min(field, room), 4 * ImGui::GetFontSize()));
}
/// A field wide enough for `hint`, the example it shows while empty.
inline float hint_width(const char* hint) { return ImGui::CalcTextSize(hint).x + 2 * ImGui::GetStyle().FramePadding.x + 4; }

/// `text` as it fits in `width` (the width left on the line): cut at a character and ended in
/// "..." where it is wider, for the words of a selectable row (hover_whole then shows them all).
inline std::string fitted(const std::string& text, float width) {
    if (ImGui::CalcTextSize(text.c_str()).x <= width) return text;
    // The longest start of the text, cut between characters, that fits with the dots: one pass
    // of the font's own measure, which stops where the width runs out.
    const char* cut = nullptr;
    ImGui::GetFont()->CalcTextSizeA(ImGui::GetFontSize(), std::max(0.f, width - ImGui::CalcTextSize("...").x), 0.f, text.c_str(),
                                    text.c_str() + text.size(), &cut);
    return text.substr(0, static_cast<size_t>(cut - text.c_str())) + "...";
}
inline std::string fitted(const std::string& text) { return fitted(text, ImGui::GetContentRegionAvail().x - 2 * ImGui::GetStyle().FramePadding.x); }
/// After an item whose words `fitted` may have cut: hovering shows them whole.
inline void hover_whole(const std::string& text, const std::string& shown) {
    if (shown != text && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text.c_str());
}

/// Text in `colour`, wrapped at the region's edge (ImGui's TextColored and TextDisabled do not wrap).
inline void wrapped(const ImVec4& colour, const std::string& text) {
    ImGui::PushStyleColor(ImGuiCol_Text, colour);
    ImGui::TextWrapped("%s", text.c_str());
    ImGui::PopStyleColor();
}

/// One line of text in the width left on the line (a table cell's, a bar's), or in `most` of it:
/// where it does not fit, it ends in an ellipsis and hovering shows it whole.
inline void fit_text(const std::string& text, float most = FLT_MAX) {
    const float width = std::min(ImGui::GetContentRegionAvail().x, most);
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    if (size.x <= width) {
        ImGui::TextUnformatted(text.c_str());
        return;
    }
    ImVec2 at = ImGui::GetCursorScreenPos();
    at.y += ImGui::GetCurrentWindow()->DC.CurrLineTextBaseOffset;  // on the line's text, as Text puts it beside a frame
    ImGui::Dummy(ImVec2(std::max(width, 1.f), size.y));
    ImGui::RenderTextEllipsis(ImGui::GetWindowDrawList(), at, ImVec2(at.x + width, at.y + size.y), at.x + width, at.x + width, text.c_str(),
                              nullptr, &size);
    // In a table, the column is told the whole width the text wants, so fitting it makes room.
    if (ImGui::GetCurrentTable()) {
        ImVec2& widest = ImGui::GetCurrentWindow()->DC.CursorMaxPos;
        widest.x = std::max(widest.x, at.x + size.x);
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text.c_str());
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
