#include "export/pdf.hpp"

#include "core/error.hpp"

#include <cairo-pdf.h>
#include <cairo.h>

#include <algorithm>

namespace muster::exporter {
namespace {

cairo_status_t append(void* closure, const unsigned char* data, unsigned int length) {
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

}  // namespace

struct Pdf::Impl {
    std::string bytes;
    cairo_surface_t* surface = nullptr;
    cairo_t* cr = nullptr;
};

Pdf::Pdf(double width, double height, std::string provenance)
    : m(std::make_unique<Impl>()), m_width(width), m_height(height), m_provenance(std::move(provenance)) {
    m->surface = cairo_pdf_surface_create_for_stream(append, &m->bytes, width, height);
    cairo_pdf_surface_set_metadata(m->surface, CAIRO_PDF_METADATA_CREATOR, "muster");
    m->cr = cairo_create(m->surface);
    if (cairo_status(m->cr) != CAIRO_STATUS_SUCCESS) throw Error("cannot start a PDF (cairo: out of memory?)");
    header();
}

Pdf::~Pdf() {
    if (m->cr) cairo_destroy(m->cr);
    if (m->surface) cairo_surface_destroy(m->surface);
}

void Pdf::text(double x, double y, const std::string& s, double size, bool bold, bool grey) {
    cairo_select_font_face(m->cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(m->cr, size);
    const double shade = grey ? 0.35 : 0.0;
    cairo_set_source_rgb(m->cr, shade, shade, shade);
    cairo_move_to(m->cr, x, y);
    cairo_show_text(m->cr, s.c_str());
}

double Pdf::text_width(const std::string& s, double size, bool bold) {
    cairo_select_font_face(m->cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(m->cr, size);
    cairo_text_extents_t e;
    cairo_text_extents(m->cr, s.c_str(), &e);
    return e.x_advance;
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

void Pdf::rectangle(double x, double y, double w, double h, bool dashed) {
    const double dash[] = {3.0, 2.0};
    cairo_set_dash(m->cr, dash, dashed ? 2 : 0, 0);
    cairo_set_line_width(m->cr, 0.4);
    cairo_set_source_rgb(m->cr, 0.5, 0.5, 0.5);
    cairo_rectangle(m->cr, x, y, w, h);
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

std::string Pdf::finish() {
    cairo_destroy(m->cr);
    m->cr = nullptr;
    cairo_surface_finish(m->surface);
    const auto status = cairo_surface_status(m->surface);
    cairo_surface_destroy(m->surface);
    m->surface = nullptr;
    if (status != CAIRO_STATUS_SUCCESS) throw Error(std::string("cannot write the PDF: ") + cairo_status_to_string(status));
    return std::move(m->bytes);
}

}  // namespace muster::exporter
