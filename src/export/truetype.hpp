#pragma once
// A TrueType font read from its file for the PDF writer: each character's glyph and advance,
// and the font cut down to the glyphs a document draws, to embed in it.
#include <cstdint>
#include <string>
#include <vector>

namespace muster::exporter {

class TrueType {
public:
    /// DejaVu Sans, bold or not, read once a process. Throws an Error naming the file where
    /// there is none, or it is not a TrueType font muster can read.
    static const TrueType& dejavu_sans(bool bold);
    /// The font in `bytes`, read from `file` (named in errors).
    TrueType(std::string bytes, std::string file);

    /// The glyph of character `c`; 0 (the font's "missing" box) where the font has none.
    std::uint16_t glyph(char32_t c) const {
        return c < m_bmp.size() ? m_bmp[c] : look_up(c);
    }
    /// How far a glyph moves the pen at a size of one point.
    double advance(std::uint16_t glyph) const { return m_advance[glyph < m_advance.size() ? glyph : 0]; }
    /// The advance of an ASCII character's glyph (`c` below 128): most text, one lookup.
    double ascii_advance(unsigned char c) const { return m_ascii_advance[c]; }
    std::size_t glyphs() const { return m_advance.size(); }
    const std::string& postscript_name() const { return m_name; }

    /// In thousandths of the em, as a PDF font descriptor gives them.
    struct Metrics {
        double x_min = 0, y_min = 0, x_max = 0, y_max = 0, ascent = 0, descent = 0, cap_height = 0, italic_angle = 0;
    };
    const Metrics& metrics() const { return m_metrics; }

    /// The font file with the outlines of the glyphs `drawn` (and of the glyphs they are built
    /// from) and no others, every glyph keeping its number, and none after the last of them: the
    /// tables a PDF viewer reads (head, hhea, maxp, hmtx, loca, glyf and the hinting ones).
    std::string subset(const std::vector<std::uint16_t>& drawn) const;

private:
    struct Table {
        std::uint32_t offset = 0, length = 0;
    };
    Table table(const char* tag, bool required = true) const;
    std::uint16_t look_up(char32_t c) const;
    std::uint32_t u32(std::size_t at) const;
    std::uint16_t u16(std::size_t at) const;
    std::int16_t s16(std::size_t at) const { return static_cast<std::int16_t>(u16(at)); }
    /// Where glyph `g`'s outline lies in the glyf table, and its length.
    Table outline(std::uint16_t g) const;

    std::string m_bytes, m_file, m_name;
    std::vector<std::pair<std::string, Table>> m_tables;
    std::uint32_t m_cmap = 0;  // the Unicode subtable in use: format 4 or 12
    std::uint16_t m_cmap_format = 0;
    bool m_long_loca = false;
    std::vector<std::uint16_t> m_bmp;  // each character of the Basic Multilingual Plane's glyph, looked up once
    double m_ascii_advance[128] = {};
    std::vector<double> m_advance;
    Metrics m_metrics;
};

}  // namespace muster::exporter
