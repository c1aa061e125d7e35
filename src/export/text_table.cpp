#include "export/text_table.hpp"

#include <algorithm>

namespace muster::exporter {

size_t text_width(const std::string& text) {
    return static_cast<size_t>(
        std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::string TextTable::render(size_t indent) const {
    std::vector<size_t> widths;
    for (const auto& row : m_rows)
        for (size_t i = 0; i < row.size(); ++i) {
            if (widths.size() <= i) widths.push_back(0);
            widths[i] = std::max(widths[i], text_width(row[i]));
        }
    std::string out;
    for (const auto& row : m_rows) {
        std::string line(indent, ' ');
        for (size_t i = 0; i < row.size(); ++i) {
            const std::string pad(widths[i] - text_width(row[i]), ' ');
            const bool right = std::find(m_right.begin(), m_right.end(), i) != m_right.end();
            if (i) line += "  ";
            line += right ? pad + row[i] : row[i] + (i + 1 < row.size() ? pad : "");
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();  // an empty last cell leaves no spaces
        out += line + "\n";
    }
    return out;
}

}  // namespace muster::exporter
