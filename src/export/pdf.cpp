#include "export/pdf.hpp"

#include "core/error.hpp"

#include <cairo-pdf.h>
#include <cairo.h>

#include <algorithm>
#include <cstdint>
#include <exception>
#include <string_view>
#include <unordered_map>

namespace muster::exporter {
namespace {

}  // namespace

struct Pdf::Impl {
    const Sink* out = nullptr;
    std::exception_ptr failed;  // what the sink threw: cairo is C, nothing may unwind through it
    cairo_surface_t* surface = nullptr;
    cairo_t* cr = nullptr;
    cairo_font_face_t* faces[2] = {nullptr, nullptr};  // regular, bold
    // Each character's advance at one point, by weight: cairo's toy text neither kerns nor
    // shapes, so a text's width is the sum of its characters' advances. Measuring it that
    // way, not by asking cairo for every candidate line, makes wrapping and fitting cheap.
    std::unordered_map<std::uint32_t, double> advances[2];

    void font(bool bold, double size) {
        cairo_set_font_face(cr, faces[bold ? 1 : 0]);
        cairo_set_font_size(cr, size);
    }
    double advance(std::string_view utf8, bool bold) {
        if (utf8.size() > 4) return measure(utf8, bold);  // not one character: a stray run of continuation bytes
        std::uint32_t key = 0;
        for (const char b : utf8) key = key << 8 | static_cast<unsigned char>(b);
        auto [it, added] = advances[bold ? 1 : 0].try_emplace(key, 0.0);
        if (added) it->second = measure(utf8, bold);
        return it->second;
    }
    double measure(std::string_view utf8, bool bold) {
        cairo_save(cr);
        font(bold, 1);
        cairo_text_extents_t e;
        cairo_text_extents(cr, std::string(utf8).c_str(), &e);
        cairo_restore(cr);
        return e.x_advance;
    }

    static cairo_status_t write(void* closure, const unsigned char* data, unsigned int length) {
        auto* self = static_cast<Impl*>(closure);
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

Pdf::Pdf(double width, double height, std::string provenance, const Sink& out)
    : m(std::make_unique<Impl>()), m_width(width), m_height(height), m_provenance(std::move(provenance)) {
    m->out = &out;
    m->surface = cairo_pdf_surface_create_for_stream(Impl::write, m.get(), width, height);
    cairo_pdf_surface_set_metadata(m->surface, CAIRO_PDF_METADATA_CREATOR, "muster");
    m->cr = cairo_create(m->surface);
    if (cairo_status(m->cr) != CAIRO_STATUS_SUCCESS) throw Error("cannot start a PDF (cairo: out of memory?)");
    for (const bool bold : {false, true})
        m->faces[bold ? 1 : 0] = cairo_toy_font_face_create("DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                                                            bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    header();
}

Pdf::~Pdf() {
    if (m->cr) cairo_destroy(m->cr);
    if (m->surface) cairo_surface_destroy(m->surface);
    for (auto* face : m->faces) cairo_font_face_destroy(face);
}

void Pdf::text(double x, double y, const std::string& s, double size, bool bold, bool grey) {
    m->font(bold, size);
    const double shade = grey ? 0.35 : 0.0;
    cairo_set_source_rgb(m->cr, shade, shade, shade);
    cairo_move_to(m->cr, x, y);
    cairo_show_text(m->cr, s.c_str());
}


double Pdf::fitting_size(const std::string& s, double width, double size, double smallest, bool bold) {
    while (size > smallest && text_width(s, size, bold) > width) size -= 0.5;
    return std::max(size, smallest);
}

namespace {

// Where the UTF-8 character after byte `i` starts.
size_t next_char(const std::string& s, size_t i) {
    ++i;
    while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) ++i;
    return i;
}

}  // namespace

double Pdf::text_width(const std::string& s, double size, bool bold) {
    double width = 0;
    for (size_t i = 0; i < s.size();) {
        const size_t end = next_char(s, i);
        width += m->advance(std::string_view(s).substr(i, end - i), bold);
        i = end;
    }
    return width * size;
}

std::vector<std::string> Pdf::wrap(const std::string& s, double width, double size, bool bold) {
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
    if (lines.empty()) return;
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
    text(k_margin, k_margin, cut(m_provenance, m_width - 2 * k_margin, 8), 8, false, true);
    text(k_margin, m_height - k_margin / 2, "page " + std::to_string(m_page), 8, false, true);
}

void Pdf::new_page() {
    cairo_show_page(m->cr);
    ++m_page;
    header();
}

void Pdf::finish() {
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
