#include "export/text_table.hpp"

#include <algorithm>

namespace muster::exporter {

namespace {

// The columns a code point takes in a terminal's fixed-width font: two for the East Asian wide
// and full-width scripts and the emoji, none for a combining mark (set on the letter before).
size_t columns_of(char32_t c) {
    struct Range {
        char32_t first, last;
    };
    static constexpr Range k_combining[] = {{0x0300, 0x036F}, {0x1AB0, 0x1AFF}, {0x1DC0, 0x1DFF}, {0x20D0, 0x20FF}, {0xFE20, 0xFE2F}};
    static constexpr Range k_wide[] = {{0x1100, 0x115F},   {0x2E80, 0x303E},   {0x3041, 0x33FF},   {0x3400, 0x4DBF}, {0x4E00, 0x9FFF},
                                       {0xA000, 0xA4CF},   {0xAC00, 0xD7A3},   {0xF900, 0xFAFF},   {0xFE30, 0xFE4F}, {0xFF00, 0xFF60},
                                       {0xFFE0, 0xFFE6},   {0x1F300, 0x1F64F}, {0x1F680, 0x1F6FF}, {0x1F900, 0x1F9FF}, {0x1FA70, 0x1FAFF},
                                       {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD}};
    const auto in = [c](const auto& ranges) { return std::any_of(std::begin(ranges), std::end(ranges), [c](const Range& r) { return c >= r.first && c <= r.last; }); };
    return in(k_combining) ? 0 : in(k_wide) ? 2 : 1;
}

}  // namespace

size_t text_width(const std::string& text) {
    size_t width = 0;
    for (size_t i = 0; i < text.size();) {
        const auto lead = static_cast<unsigned char>(text[i]);
        const size_t length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 1;
        if (length == 1 || i + length > text.size()) {  // ASCII, or a byte that begins no character: one column
            ++width;
            ++i;
            continue;
        }
        char32_t c = lead & (0x7F >> length);
        for (size_t k = 1; k < length; ++k) c = (c << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
        width += columns_of(c);
        i += length;
    }
    return width;
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
