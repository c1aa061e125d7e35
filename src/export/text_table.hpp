#pragma once
#include "core/names.hpp"
#include <string>
#include <vector>

namespace muster::exporter {

/// A plain-text grid with columns aligned to the widest cell (UTF-8 aware).
class TextTable {
public:
    /// A row, each cell on one line (one_line): data cannot forge a row.
    void add(std::vector<std::string> row) {
        for (auto& cell : row) cell = one_line(cell);
        m_rows.push_back(std::move(row));
    }
    /// Columns listed here are right-aligned (numbers).
    void right_align(size_t column) { m_right.push_back(column); }
    /// Each row on a line, `indent` spaces first, two spaces between columns.
    std::string render(size_t indent = 0) const;

private:
    std::vector<std::vector<std::string>> m_rows;
    std::vector<size_t> m_right;
};

/// Display width of a UTF-8 string in a terminal's fixed-width font: its code points, East
/// Asian wide characters and emoji counted twice, combining marks not at all.
size_t text_width(const std::string& text);

}  // namespace muster::exporter
