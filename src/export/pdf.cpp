#include "export/pdf.hpp"

#include "core/error.hpp"

#include <cairo-pdf.h>
#include <cairo.h>

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
    text(k_margin, k_margin, m_provenance, 8, false, true);
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
