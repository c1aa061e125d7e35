#include "export/pdf.hpp"

#include "core/error.hpp"
#include "export/truetype.hpp"

#include <zlib.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string_view>

namespace muster::exporter {
namespace {

// A length to the nearest hundredth of a point.
long long hundredths_of(double v) { return static_cast<long long>(v * 100 + (v < 0 ? -0.5 : 0.5)); }

// A number of hundredths as a PDF content stream gives it: no trailing zeros.
void hundredths(std::string& out, long long hundredths) {
    if (hundredths < 0) {
        out += '-';
        hundredths = -hundredths;
    }
    char digits[24];
    out.append(digits, std::to_chars(digits, digits + sizeof digits, hundredths / 100).ptr);
    if (const int rest = static_cast<int>(hundredths % 100); rest != 0) {
        out += '.';
        out += static_cast<char>('0' + rest / 10);
        if (rest % 10 != 0) out += static_cast<char>('0' + rest % 10);
    }
}

void number(std::string& out, double v) { hundredths(out, hundredths_of(v)); }

// The character a run of UTF-8 bytes holds (a lead byte and its continuation bytes); where they
// are not one well-formed character (a damaged name), the replacement character U+FFFD, as the
// JSON export writes it: shown, not dropped.
char32_t decode(std::string_view u) {
    constexpr char32_t replacement = 0xFFFD;
    const auto b = [&](size_t i) { return static_cast<unsigned char>(u[i]); };
    const size_t n = u.size();
    if (n == 1) return b(0) < 0x80 ? b(0) : replacement;
    const size_t want = b(0) >= 0xF0 && b(0) <= 0xF4 ? 4 : b(0) >= 0xE0 && b(0) <= 0xEF ? 3 : b(0) >= 0xC2 && b(0) <= 0xDF ? 2 : 0;
    if (want != n) return replacement;
    char32_t c = b(0) & (0x7F >> n);
    for (size_t i = 1; i < n; ++i) c = c << 6 | (b(i) & 0x3F);
    const char32_t least = n == 2 ? 0x80 : n == 3 ? 0x800 : 0x10000;
    if (c < least || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return replacement;
    return c;
}

// Where the UTF-8 character after byte `i` starts.
size_t next_char(std::string_view s, size_t i) {
    ++i;
    while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) ++i;
    return i;
}

}  // namespace

// The document is written as it is drawn: each page's content and its dictionary when the page
// ends, then the footers (which need the count of pages), the fonts cut to the glyphs drawn,
// the page tree and the table of where each object starts.
struct Pdf::Impl {
    explicit Impl(const Sink& sink) : out(sink) {}
    const Sink& out;
    std::string buffer;          // written, not yet given to the sink
    std::uint64_t given = 0;     // bytes given to the sink
    std::vector<std::uint64_t> starts{0};  // where each object starts, by number (0: none)
    std::vector<int> pages, footers;       // each page's object, and its footer's

    // A font: by glyph, one more than the character it was first drawn for (0: not drawn; the
    // character to copy text out of the document), the glyphs drawn in the order first drawn,
    // and its object (0 while nothing is drawn in it).
    struct Face {
        const TrueType* font = nullptr;
        std::vector<char32_t> drawn;
        std::vector<std::uint16_t> glyphs;
        int object = 0;
    };
    Face faces[2];  // regular, bold

    // This page: its content, and the state its text is drawn in.
    std::string content;
    bool in_text = false, used[2] = {false, false};
    long long line_x = 0, line_y = 0;  // where the last text started, in hundredths of a point
    int face = -1, shade = -1;
    double size = 0;

    std::uint64_t offset() const { return given + buffer.size(); }
    int reserve() {
        starts.push_back(0);
        return static_cast<int>(starts.size() - 1);
    }
    void begin(int object) {
        starts[static_cast<size_t>(object)] = offset();
        buffer += std::to_string(object) + " 0 obj\n";
    }
    void end() {
        buffer += "endobj\n";
        if (buffer.size() >= 1 << 16) flush();
    }
    void flush() {
        if (buffer.empty()) return;
        out(buffer);
        given += buffer.size();
        buffer.clear();
    }
    void stream(int object, const std::string& dictionary, std::string_view data) {
        begin(object);
        buffer += "<< " + dictionary + "/Length " + std::to_string(data.size()) + " >>\nstream\n";
        buffer += data;
        buffer += "\nendstream\n";
        end();
    }

    struct Glyph {
        std::uint16_t index = 0;
        double advance = 0;
    };
    // The glyph of the character at byte `i` of `s`, `i` moved on to the next character's.
    Glyph next(std::string_view s, size_t& i, bool bold) const {
        const auto& font = *faces[bold ? 1 : 0].font;
        if (const auto byte = static_cast<unsigned char>(s[i]); byte < 0x80) {  // most text
            ++i;
            return {font.glyph(byte), font.ascii_advance(byte)};
        }
        const size_t end = next_char(s, i);
        const auto g = font.glyph(decode(std::string_view(s).substr(i, end - i)));
        i = end;
        return {g, font.advance(g)};
    }

    // `sum` and the advances of the characters of `t`, at one point, added in order.
    double add(double sum, std::string_view t, bool bold) const {
        for (size_t i = 0; i < t.size();) sum += next(t, i, bold).advance;
        return sum;
    }

    // Text at (x, y) from the page's bottom left, one string of two-byte glyph numbers.
    void show(double x, double y, const std::string& s, double at, bool bold, bool grey) {
        if (s.empty()) return;
        auto& f = faces[bold ? 1 : 0];
        const auto& font = *f.font;
        if (f.drawn.empty()) f.drawn.resize(font.glyphs(), 0);
        begin_show(x, y, at, bold, grey);
        // Written in place: each byte of text gives at most two bytes of glyph number, each
        // perhaps escaped.
        const size_t before = content.size();
        content.resize(before + 4 * s.size());
        char* out = content.data() + before;
        for (size_t i = 0; i < s.size();) {
            char32_t c = static_cast<unsigned char>(s[i]);
            if (c < 0x80) {
                ++i;
            } else {
                const size_t end = next_char(s, i);
                c = decode(std::string_view(s).substr(i, end - i));
                i = end;
            }
            const auto g = font.glyph(c);
            if (f.drawn[g] == 0) {
                f.drawn[g] = c + 1;
                f.glyphs.push_back(g);
            }
            for (const char byte : {static_cast<char>(g >> 8), static_cast<char>(g & 0xFF)}) {
                if (byte == '(' || byte == ')' || byte == '\\' || byte == '\r') *out++ = '\\';
                *out++ = byte == '\r' ? 'r' : byte;
            }
        }
        content.resize(static_cast<size_t>(out - content.data()));
        content += ")Tj\n";
    }
    // Starts a text at (x, y) in this font, size and shade: the string of its glyphs follows.
    void begin_show(double x, double y, double at, bool bold, bool grey) {
        if (!in_text) {
            content += "BT\n";
            line_x = line_y = 0;
        }
        in_text = true;
        if (face != (bold ? 1 : 0) || size != at) {
            face = bold ? 1 : 0;
            size = at;
            used[face] = true;
            content += bold ? "/F1 " : "/F0 ";
            number(content, at);
            content += " Tf\n";
        }
        if (shade != (grey ? 1 : 0)) {
            shade = grey ? 1 : 0;
            content += grey ? "0.35 g\n" : "0 g\n";
        }
        // Each text's start as a move from the last's (shorter than placing it whole), in
        // whole hundredths so that the moves add up to where each text is.
        const long long to_x = hundredths_of(x), to_y = hundredths_of(y);
        hundredths(content, to_x - line_x);
        content += ' ';
        hundredths(content, to_y - line_y);
        content += " Td(";
        line_x = to_x;
        line_y = to_y;
    }
    void new_content() {
        content.clear();
        in_text = used[0] = used[1] = false;
        face = shade = -1;
        size = 0;
    }
    void end_text() {
        if (in_text) content += "ET\n";
        in_text = false;
    }

    // A font's objects: the font, its glyphs' widths, its file and the characters of its glyphs.
    void write_font(int bold) {
        auto& f = faces[bold];
        const auto& font = *f.font;
        std::uint32_t hash = 2166136261u;  // the subset's tag, from the glyphs in it: the same glyphs, the same bytes
        std::string widths, characters;
        int run_end = -2, mapped = 0;
        std::string block;
        const auto hex = [](std::uint32_t v, int digits) {
            static const char* k = "0123456789ABCDEF";
            std::string s(static_cast<size_t>(digits), '0');
            for (int i = digits - 1; i >= 0; --i, v >>= 4) s[static_cast<size_t>(i)] = k[v & 15];
            return s;
        };
        const auto flush_block = [&] {
            if (mapped == 0) return;
            characters += std::to_string(mapped) + " beginbfchar\n" + block + "endbfchar\n";
            block.clear();
            mapped = 0;
        };
        std::sort(f.glyphs.begin(), f.glyphs.end());
        for (const size_t g : f.glyphs) {
            hash = (hash ^ static_cast<std::uint32_t>(g)) * 16777619u;
            if (static_cast<int>(g) != run_end + 1) {
                if (!widths.empty()) widths += "] ";
                widths += std::to_string(g) + " [";
            } else {
                widths += ' ';
            }
            run_end = static_cast<int>(g);
            number(widths, font.advance(static_cast<std::uint16_t>(g)) * 1000);
            if (g == 0) continue;  // the missing-glyph box stands for no one character
            const char32_t c = f.drawn[g] - 1;
            const std::string utf16 = c < 0x10000 ? hex(c, 4) : hex(0xD800 + ((c - 0x10000) >> 10), 4) + hex(0xDC00 + ((c - 0x10000) & 0x3FF), 4);
            block += "<" + hex(static_cast<std::uint32_t>(g), 4) + "> <" + utf16 + ">\n";
            if (++mapped == 100) flush_block();
        }
        if (!widths.empty()) widths += "]";
        flush_block();
        std::string tag;
        for (int i = 0; i < 6; ++i, hash /= 26) tag += static_cast<char>('A' + hash % 26);
        const std::string name = "/" + tag + "+" + font.postscript_name();

        const std::string file = font.subset(f.glyphs);
        uLongf packed_size = compressBound(static_cast<uLong>(file.size()));
        std::string packed(packed_size, '\0');
        if (compress2(reinterpret_cast<Bytef*>(packed.data()), &packed_size, reinterpret_cast<const Bytef*>(file.data()),
                      static_cast<uLong>(file.size()), 6) != Z_OK)
            throw Error("cannot write the PDF: out of memory while packing its font");
        packed.resize(packed_size);

        const int descendant = reserve(), descriptor = reserve(), font_file = reserve(), to_unicode = reserve();
        begin(f.object);
        buffer += "<< /Type /Font /Subtype /Type0 /BaseFont " + name + " /Encoding /Identity-H /DescendantFonts [" + std::to_string(descendant) +
                  " 0 R] /ToUnicode " + std::to_string(to_unicode) + " 0 R >>\n";
        end();
        begin(descendant);
        buffer += "<< /Type /Font /Subtype /CIDFontType2 /BaseFont " + name +
                  " /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor " + std::to_string(descriptor) +
                  " 0 R /CIDToGIDMap /Identity /W [" + widths + "] >>\n";
        end();
        const auto& m = font.metrics();
        std::string d = "<< /Type /FontDescriptor /FontName " + name + " /Flags 32 /FontBBox [";
        for (const double v : {m.x_min, m.y_min, m.x_max, m.y_max}) {
            number(d, v);
            d += ' ';
        }
        d += "] /ItalicAngle ";
        number(d, m.italic_angle);
        for (const auto& [key, v] : {std::pair{" /Ascent ", m.ascent}, {" /Descent ", m.descent}, {" /CapHeight ", m.cap_height}}) {
            d += key;
            number(d, v);
        }
        d += bold ? " /StemV 120" : " /StemV 80";
        begin(descriptor);
        buffer += d + " /FontFile2 " + std::to_string(font_file) + " 0 R >>\n";
        end();
        stream(font_file, "/Filter /FlateDecode /Length1 " + std::to_string(file.size()) + " ", packed);
        stream(to_unicode, "",
               "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
               "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n" +
                   characters + "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend");
    }
};

Pdf::Pdf(double width, double height, std::string provenance, const Sink& out)
    : m(std::make_unique<Impl>(out)), m_width(width), m_height(height), m_provenance(std::move(provenance)) {
    for (const int bold : {0, 1}) m->faces[bold].font = &TrueType::dejavu_sans(bold == 1);
    m->buffer = "%PDF-1.5\n%\xE2\xE3\xCF\xD3\n";
    m->reserve();  // 1: the catalog
    m->reserve();  // 2: the page tree
    m->faces[0].object = m->reserve();  // 3: the regular font, which every footer draws in
    m_provenance = cut(m_provenance, m_width - 2 * k_margin, 8);  // as each page's header shows it
}

void Pdf::write(double width, double height, std::string provenance, const Sink& out, const std::function<void(Pdf&)>& draw) {
    Pdf pdf(width, height, std::move(provenance), out);
    pdf.header();
    draw(pdf);
    pdf.finish();
}

Pdf::~Pdf() = default;

void Pdf::text(double x, double y, const std::string& s, double size, bool bold, bool grey) {
    m->show(x, m_height - y, s, size, bold, grey);
}

double Pdf::text_width(const std::string& s, double size, bool bold) { return m->add(0, s, bold) * size; }

double Pdf::widest_word(const std::string& s, double size, bool bold) {
    double widest = 0, word = 0;
    for (size_t i = 0; i < s.size();) {
        const bool space = s[i] == ' ';
        const double advance = m->next(s, i, bold).advance;
        word = space ? 0 : word + advance;
        widest = std::max(widest, word);
    }
    return widest * size;
}

double Pdf::fitting_size(const std::string& s, double width, double size, double smallest, bool bold) {
    const double at_one = text_width(s, 1, bold);
    while (size > smallest && at_one * size > width) size -= 0.5;
    return std::max(size, smallest);
}

// A hair of slack: a width worked out as a sum of columns may come a rounding short of the
// text it was measured for ("Stands" broken into "Stand" and "s").
constexpr double k_slack = 1e-6;

std::vector<std::string> Pdf::wrap_measured(std::string s, double measured, double width, double size, bool bold) {
    if (measured <= width + k_slack) return {std::move(s)};
    return wrap(s, width, size, bold);
}

// Widths are summed a character at a time, in order, as text_width sums them, and a line's is
// carried on rather than measured again: a text of n characters costs n, not n squared (a
// damaged name of a megabyte).
std::vector<std::string> Pdf::wrap(const std::string& s, double given, double size, bool bold) {
    const double width = given + k_slack;
    if (text_width(s, size, bold) <= width) return {s};  // one line as it stands: most texts
    const auto fits = [&](double sum) { return sum * size <= width; };
    std::vector<std::string> lines;
    std::string line;
    double line_sum = 0;  // its width at one point
    size_t i = 0;
    while (i < s.size()) {
        const size_t space = s.find(' ', i);
        const auto word = std::string_view(s).substr(i, space == std::string::npos ? std::string::npos : space - i);
        i = space == std::string::npos ? s.size() : space + 1;
        if (word.empty()) continue;
        const double joined = m->add(line.empty() ? 0 : m->add(line_sum, " ", bold), word, bold);
        if (fits(joined)) {
            if (!line.empty()) line += ' ';
            line += word;
            line_sum = joined;
            continue;
        }
        if (!line.empty()) lines.push_back(line);
        line.clear();
        // A word wider than the line goes in pieces, as many characters as fit (at least one).
        for (size_t c = 0; c < word.size();) {
            size_t end = next_char(word, c);
            double piece = m->add(0, word.substr(c, end - c), bold);
            while (end < word.size()) {
                const size_t after = next_char(word, end);
                const double longer = m->add(piece, word.substr(end, after - end), bold);
                if (!fits(longer)) break;
                piece = longer;
                end = after;
            }
            line.assign(word.substr(c, end - c));
            line_sum = piece;
            c = end;
            if (c < word.size()) {
                lines.push_back(line);
                line.clear();
            }
        }
    }
    if (!line.empty() || lines.empty()) lines.push_back(line);
    return lines;
}

std::string Pdf::cut(const std::string& s, double width, double size, bool bold) {
    // Read until the text is past the width (advances add up, never down): the longest
    // beginning that fits with an ellipsis after it is found by then.
    double sum = 0;
    size_t kept = 0;  // the beginning kept, in bytes
    bool keeping = true;
    for (size_t c = 0; c < s.size();) {
        const size_t end = next_char(s, c);
        sum = m->add(sum, std::string_view(s).substr(c, end - c), bold);
        if (sum * size > width) return s.substr(0, kept) + "…";
        keeping = keeping && m->add(sum, "…", bold) * size <= width;
        if (keeping) kept = end;
        c = end;
    }
    return s;
}

void Pdf::lines(const std::vector<Line>& lines, bool dashed) {
    if (lines.empty()) return;
    m->end_text();
    auto& c = m->content;
    c += dashed ? "0.5 G 0.4 w [3 2] 0 d\n" : "0.5 G 0.4 w\n";
    for (const auto& l : lines) {
        number(c, l.x0);
        c += ' ';
        number(c, m_height - l.y0);
        c += " m ";
        number(c, l.x1);
        c += ' ';
        number(c, m_height - l.y1);
        c += " l\n";
    }
    c += dashed ? "S [] 0 d\n" : "S\n";
}

// Ends the page: its content, and its dictionary naming its footer (drawn at the end) and fonts.
void Pdf::end_page() {
    m->end_text();
    m->content += "/P Do\n";
    const int content = m->reserve(), page = m->reserve(), footer = m->reserve();
    m->stream(content, "", m->content);
    std::string fonts = "/F0 " + std::to_string(m->faces[0].object) + " 0 R";
    if (m->used[1]) {
        if (m->faces[1].object == 0) m->faces[1].object = m->reserve();
        fonts += " /F1 " + std::to_string(m->faces[1].object) + " 0 R";
    }
    m->begin(page);
    m->buffer += "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ";
    number(m->buffer, m_width);
    m->buffer += ' ';
    number(m->buffer, m_height);
    m->buffer += "] /Resources << /Font << " + fonts + " >> /XObject << /P " + std::to_string(footer) + " 0 R >> >> /Contents " +
                 std::to_string(content) + " 0 R >>\n";
    m->end();
    m->flush();
    m->pages.push_back(page);
    m->footers.push_back(footer);
    m->new_content();
}

void Pdf::header() { text(k_margin, k_margin, m_provenance, 8, false, true); }

void Pdf::new_page() {
    end_page();
    header();
}

void Pdf::finish() {
    end_page();
    // Each page's footer, now that the pages are counted.
    const auto count = m->pages.size();
    for (size_t i = 0; i < count; ++i) {
        const std::string page = "page " + std::to_string(i + 1) + " of " + std::to_string(count);
        m->show(m_width - k_margin - text_width(page, 8), k_margin / 2, page, 8, false, true);
        m->end_text();
        std::string box = "/Type /XObject /Subtype /Form /BBox [0 0 ";
        number(box, m_width);
        box += ' ';
        number(box, m_height);
        box += "] /Resources << /Font << /F0 " + std::to_string(m->faces[0].object) + " 0 R >> >> ";
        m->stream(m->footers[i], box, m->content);
        m->new_content();
    }
    for (const int bold : {0, 1})
        if (m->faces[bold].object != 0) m->write_font(bold);
    std::string kids;
    for (const int page : m->pages) kids += std::to_string(page) + " 0 R ";
    m->begin(2);
    m->buffer += "<< /Type /Pages /Kids [" + kids + "] /Count " + std::to_string(count) + " >>\n";
    m->end();
    m->begin(1);
    m->buffer += "<< /Type /Catalog /Pages 2 0 R >>\n";
    m->end();
    const int info = m->reserve();
    m->begin(info);
    m->buffer += "<< /Creator (muster) /Producer (muster) >>\n";
    m->end();
    const auto table = m->offset();
    m->buffer += "xref\n0 " + std::to_string(m->starts.size()) + "\n0000000000 65535 f \n";
    char entry[32];
    for (size_t i = 1; i < m->starts.size(); ++i) {
        std::snprintf(entry, sizeof entry, "%010llu 00000 n \n", static_cast<unsigned long long>(m->starts[i]));
        m->buffer += entry;
        if (m->buffer.size() >= 1 << 16) m->flush();
    }
    m->buffer += "trailer\n<< /Size " + std::to_string(m->starts.size()) + " /Root 1 0 R /Info " + std::to_string(info) + " 0 R >>\nstartxref\n" +
                 std::to_string(table) + "\n%%EOF\n";
    m->flush();
}

}  // namespace muster::exporter
