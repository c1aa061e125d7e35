#include "export/pdf.hpp"

#include "core/error.hpp"

#include <cairo-pdf.h>
#include <cairo.h>

#include <algorithm>
#include <cstdint>
#include <exception>
#include <optional>
#include <string_view>
#include <unordered_map>

namespace muster::exporter {

struct Pdf::Impl {
    const Sink* out = nullptr;  // none: the pages are only counted
    std::exception_ptr failed;  // what the sink threw: cairo is C, nothing may unwind through it
    cairo_surface_t* surface = nullptr;
    cairo_t* cr = nullptr;
    cairo_font_face_t* faces[2] = {nullptr, nullptr};  // regular, bold
    // Each character's glyph and its advance at one point, by weight: cairo's toy text neither
    // kerns nor shapes, so a text is its characters' glyphs side by side. Measuring that way,
    // not by asking cairo for every candidate line, makes wrapping and fitting cheap.
    struct Glyph {
        unsigned long index = 0;
        double advance = 0;
        bool drawn = false;  // false for bytes that are not UTF-8: they take no room and draw nothing
    };
    std::optional<Glyph> ascii[2][128];
    std::unordered_map<std::uint32_t, Glyph> glyphs[2];

    // Text is drawn in runs: consecutive texts in one style are one cairo_show_glyphs, so the
    // page holds a few hundred runs rather than one per cell (which made writing the page,
    // not laying it out, most of the work). Runs keep the order the texts were drawn in.
    struct Style {
        bool bold = false, grey = false;
        double size = 0;
        bool operator==(const Style&) const = default;
    };
    Style style;
    std::vector<cairo_glyph_t> run;

    void font(bool bold, double size) {
        cairo_set_font_face(cr, faces[bold ? 1 : 0]);
        cairo_set_font_size(cr, size);
    }
    const Glyph& glyph(std::string_view utf8, bool bold) {
        const int w = bold ? 1 : 0;
        if (utf8.size() == 1 && static_cast<unsigned char>(utf8[0]) < 0x80) {  // most text: one table lookup
            auto& slot = ascii[w][static_cast<unsigned char>(utf8[0])];
            if (!slot) slot = look_up(utf8, bold);
            return *slot;
        }
        std::uint32_t key = 0;
        for (const char b : utf8) key = key << 8 | static_cast<unsigned char>(b);
        if (utf8.size() > 4) key = 0xFFFFFFFF;  // not one character: a stray run of continuation bytes
        auto [it, added] = glyphs[w].try_emplace(key);
        if (added) it->second = look_up(utf8, bold);
        return it->second;
    }
    Glyph look_up(std::string_view utf8, bool bold) {
        cairo_save(cr);
        font(bold, 1);
        cairo_glyph_t* found = nullptr;
        int count = 0;
        Glyph g;
        if (cairo_scaled_font_text_to_glyphs(cairo_get_scaled_font(cr), 0, 0, utf8.data(), static_cast<int>(utf8.size()),
                                             &found, &count, nullptr, nullptr, nullptr) == CAIRO_STATUS_SUCCESS &&
            count == 1) {
            cairo_text_extents_t e;
            cairo_glyph_extents(cr, found, 1, &e);
            g = {found[0].index, e.x_advance, true};
        }
        cairo_glyph_free(found);
        cairo_restore(cr);
        return g;
    }
    void flush() {
        if (run.empty()) return;
        font(style.bold, style.size);
        const double shade = style.grey ? 0.35 : 0.0;
        cairo_set_source_rgb(cr, shade, shade, shade);
        cairo_show_glyphs(cr, run.data(), static_cast<int>(run.size()));
        run.clear();
    }

    static cairo_status_t write(void* closure, const unsigned char* data, unsigned int length) {
        auto* self = static_cast<Impl*>(closure);
        if (!self->out) return CAIRO_STATUS_SUCCESS;
        if (self->failed) return CAIRO_STATUS_WRITE_ERROR;
        try {
            (*self->out)(std::string_view(reinterpret_cast<const char*>(data), length));
            return CAIRO_STATUS_SUCCESS;
        } catch (...) {
            self->failed = std::current_exception();
            return CAIRO_STATUS_WRITE_ERROR;
        }
    }
};

Pdf::Pdf(double width, double height, std::string provenance, const Sink* out, int pages)
    : m(std::make_unique<Impl>()), m_width(width), m_height(height), m_provenance(std::move(provenance)), m_pages(pages) {
    m->out = out;
    m->surface = cairo_pdf_surface_create_for_stream(Impl::write, m.get(), width, height);
    cairo_pdf_surface_set_metadata(m->surface, CAIRO_PDF_METADATA_CREATOR, "muster");
    // No creation date (cairo writes the clock's, which an empty date leaves out): the same
    // campaign and view print the same bytes, as every other format does, so a side's papers
    // are byte for byte the same with and without the enemy's hidden units, whenever printed.
    cairo_pdf_surface_set_metadata(m->surface, CAIRO_PDF_METADATA_CREATE_DATE, "");
    m->cr = cairo_create(m->surface);
    if (cairo_status(m->cr) != CAIRO_STATUS_SUCCESS) throw Error("cannot start a PDF (cairo: out of memory?)");
    for (const bool bold : {false, true})
        m->faces[bold ? 1 : 0] = cairo_toy_font_face_create("DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                                                            bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    header();
}

void Pdf::write(double width, double height, std::string provenance, const Sink& out, const std::function<void(Pdf&)>& draw) {
    // The same surface, fonts and measures both times (a counting surface of another kind might
    // measure otherwise), so the pages counted are the pages drawn.
    int pages = 0;
    {
        Pdf count(width, height, provenance, nullptr, 0);
        draw(count);
        pages = count.m_page;
    }
    Pdf pdf(width, height, std::move(provenance), &out, pages);
    draw(pdf);
    pdf.finish();
}

Pdf::~Pdf() {
    if (m->cr) cairo_destroy(m->cr);
    if (m->surface) cairo_surface_destroy(m->surface);
    for (auto* face : m->faces) cairo_font_face_destroy(face);
}

namespace {

// Where the UTF-8 character after byte `i` starts.
size_t next_char(const std::string& s, size_t i) {
    ++i;
    while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) ++i;
    return i;
}

}  // namespace

void Pdf::text(double x, double y, const std::string& s, double size, bool bold, bool grey) {
    if (!m->out) return;
    const Impl::Style style{bold, grey, size};
    if (!(style == m->style)) {
        m->flush();
        m->style = style;
    }
    for (size_t i = 0; i < s.size();) {
        const size_t end = next_char(s, i);
        const auto& g = m->glyph(std::string_view(s).substr(i, end - i), bold);
        if (g.drawn) m->run.push_back({g.index, x, y});
        x += g.advance * size;
        i = end;
    }
}

double Pdf::fitting_size(const std::string& s, double width, double size, double smallest, bool bold) {
    const double at_one = text_width(s, 1, bold);
    while (size > smallest && at_one * size > width) size -= 0.5;
    return std::max(size, smallest);
}

double Pdf::text_width(const std::string& s, double size, bool bold) {
    double width = 0;
    for (size_t i = 0; i < s.size();) {
        const size_t end = next_char(s, i);
        width += m->glyph(std::string_view(s).substr(i, end - i), bold).advance;
        i = end;
    }
    return width * size;
}

double Pdf::widest_word(const std::string& s, double size, bool bold) {
    double widest = 0, word = 0;
    for (size_t i = 0; i < s.size();) {
        const size_t end = next_char(s, i);
        word = s[i] == ' ' ? 0 : word + m->glyph(std::string_view(s).substr(i, end - i), bold).advance;
        widest = std::max(widest, word);
        i = end;
    }
    return widest * size;
}

std::vector<std::string> Pdf::wrap(const std::string& s, double given, double size, bool bold) {
    // A hair of slack: a width worked out as a sum of columns may come a rounding short of the
    // text it was measured for ("Stands" broken into "Stand" and "s").
    const double width = given + 1e-6;
    if (text_width(s, size, bold) <= width) return {s};  // one line as it stands: most texts
    std::vector<std::string> lines;
    std::string line;
    auto fits = [&](const std::string& t) { return text_width(t, size, bold) <= width; };
    size_t i = 0;
    while (i < s.size()) {
        const size_t space = s.find(' ', i);
        const std::string word = s.substr(i, space == std::string::npos ? std::string::npos : space - i);
        i = space == std::string::npos ? s.size() : space + 1;
        if (word.empty()) continue;
        const std::string joined = line.empty() ? word : line + " " + word;
        if (fits(joined)) {
            line = joined;
            continue;
        }
        if (!line.empty()) lines.push_back(line);
        line.clear();
        // A word wider than the line goes in pieces, as many characters as fit (at least one).
        for (size_t c = 0; c < word.size();) {
            size_t end = next_char(word, c);
            while (end < word.size() && fits(line + word.substr(c, next_char(word, end) - c))) end = next_char(word, end);
            line += word.substr(c, end - c);
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
    if (text_width(s, size, bold) <= width) return s;
    std::string kept;
    for (size_t c = 0; c < s.size();) {
        const size_t end = next_char(s, c);
        if (text_width(kept + s.substr(c, end - c) + "…", size, bold) > width) break;
        kept += s.substr(c, end - c);
        c = end;
    }
    return kept + "…";
}

void Pdf::lines(const std::vector<Line>& lines, bool dashed) {
    if (lines.empty() || !m->out) return;
    m->flush();
    const double dash[] = {3.0, 2.0};
    cairo_set_dash(m->cr, dash, dashed ? 2 : 0, 0);
    cairo_set_line_width(m->cr, 0.4);
    cairo_set_source_rgb(m->cr, 0.5, 0.5, 0.5);
    for (const auto& l : lines) {
        cairo_move_to(m->cr, l.x0, l.y0);
        cairo_line_to(m->cr, l.x1, l.y1);
    }
    cairo_stroke(m->cr);
    cairo_set_dash(m->cr, nullptr, 0, 0);
}

void Pdf::header() {
    if (!m->out) return;
    text(k_margin, k_margin, cut(m_provenance, m_width - 2 * k_margin, 8), 8, false, true);
    const std::string page = "page " + std::to_string(m_page) + " of " + std::to_string(m_pages);
    text(m_width - k_margin - text_width(page, 8), m_height - k_margin / 2, page, 8, false, true);
}

void Pdf::new_page() {
    if (m->out) {
        m->flush();
        cairo_show_page(m->cr);
    }
    ++m_page;
    header();
}

void Pdf::finish() {
    m->flush();
    cairo_destroy(m->cr);
    m->cr = nullptr;
    cairo_surface_finish(m->surface);
    const auto status = cairo_surface_status(m->surface);
    cairo_surface_destroy(m->surface);
    m->surface = nullptr;
    if (m->failed) std::rethrow_exception(m->failed);
    if (status != CAIRO_STATUS_SUCCESS) throw Error(std::string("cannot write the PDF: ") + cairo_status_to_string(status));
}

}  // namespace muster::exporter
