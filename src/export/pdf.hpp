#pragma once
// A PDF written by muster, to a sink page by page: pages with a provenance header and a
// "page N of M" footer, text in DejaVu Sans (embedded and cut to the glyphs drawn, so it
// selects and searches in a viewer), thin lines.
#include "core/sink.hpp"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace muster::exporter {

class Pdf {
public:
    /// A document of pages `width` x `height` points, each headed by `provenance` and footed by
    /// "page N of M", drawn by `draw` and its bytes written to `out` as each page ends (each
    /// footer is drawn at the end, when the pages are counted, and shown by its page). What
    /// the sink threw, write throws.
    static void write(double width, double height, std::string provenance, const Sink& out,
                      const std::function<void(Pdf&)>& draw);
    ~Pdf();
    Pdf(const Pdf&) = delete;
    Pdf& operator=(const Pdf&) = delete;

    double width() const { return m_width; }
    double height() const { return m_height; }
    static constexpr double k_margin = 36;  ///< half an inch
    /// The first y below the header on each page.
    static constexpr double k_top = k_margin + 18;

    /// Text at (x, y baseline), `size` points, bold or not, greyed or not.
    void text(double x, double y, const std::string& text, double size, bool bold = false, bool grey = false);
    /// The width `text` takes at `size`.
    double text_width(const std::string& text, double size, bool bold = false);
    /// The width of the widest word of `s` (its runs between spaces) set at `size` points.
    double widest_word(const std::string& s, double size, bool bold);
    /// The largest size from `size` down to `smallest` (in half points) at which `text` fits
    /// `width`; `smallest` if none does.
    double fitting_size(const std::string& text, double width, double size, double smallest, bool bold = false);
    /// `text` in lines no wider than `width` at `size`: broken at spaces, and a word too long
    /// for a line broken between characters.
    std::vector<std::string> wrap(const std::string& text, double width, double size, bool bold = false);
    /// As wrap, for a text already measured (`measured`, its text_width at `size`): one that
    /// fits is its one line, not measured again.
    std::vector<std::string> wrap_measured(std::string text, double measured, double width, double size, bool bold = false);
    /// `text` cut to fit `width` at `size`, ending in an ellipsis where it was cut.
    std::string cut(const std::string& text, double width, double size, bool bold = false);
    /// Thin lines, dashed for cut lines, each from (x0, y0) to (x1, y1), stroked as one path.
    struct Line {
        double x0, y0, x1, y1;
    };
    void lines(const std::vector<Line>& lines, bool dashed);
    /// Ends the page and starts the next.
    void new_page();

private:
    Pdf(double width, double height, std::string provenance, const Sink& out);
    void header();
    void end_page();
    /// Ends the document, writing its last bytes.
    void finish();
    struct Impl;
    std::unique_ptr<Impl> m;
    double m_width, m_height;
    std::string m_provenance;  ///< as each page's header shows it: cut to the width
};

}  // namespace muster::exporter
