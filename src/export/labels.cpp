// Brigade label sheets, HTML and PDF: labels of the size the organiser chose, laid out on
// A4 or Letter with cut lines.
#include "core/error.hpp"
#include "export/html.hpp"
#include "export/oob_writer.hpp"
#include "export/pdf.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace muster::exporter {
namespace {

constexpr double k_point_per_mm = 72.0 / 25.4;

struct Paper {
    double width_mm, height_mm;
};

Paper paper_of(const LabelSheet& s) {
    if (s.paper == "a4") return {210, 297};
    if (s.paper == "letter") return {215.9, 279.4};
    throw UsageError("paper \"" + s.paper + "\" is not known: expected a4 or letter");
}

// "60mm", "62.5mm".
std::string mm(double v) {
    std::ostringstream out;
    out << v << "mm";
    return out.str();
}

// How many labels fit across and down the printable area (10 mm margins, a header line).
std::pair<int, int> grid(const LabelSheet& s) {
    const auto paper = paper_of(s);
    if (s.width_mm < 15 || s.height_mm < 8 || s.width_mm > 190 || s.height_mm > 250)
        throw UsageError("a label of " + mm(s.width_mm) + " x " + mm(s.height_mm) + " is out of range: 15 to 190 mm wide, 8 to 250 mm high");
    const int across = static_cast<int>((paper.width_mm - 20) / s.width_mm);
    const int down = static_cast<int>((paper.height_mm - 30) / s.height_mm);
    if (across < 1 || down < 1) throw UsageError("a label that size does not fit on " + s.paper + " paper");
    return {across, down};
}


// The cut lines of a page holding `n` labels, filled row by row on a grid `across` wide from
// (left, top): each line between two cells, or a cell and the margin, drawn once, as long as
// the labels on either side of it. (A dashed rectangle a label drew every shared edge twice,
// and was most of the time a label sheet took.)
std::vector<Pdf::Line> cut_lines(int n, int across, double left, double top, double w, double h) {
    const int full_rows = n / across, rest = n % across, rows = full_rows + (rest ? 1 : 0);
    const auto in_row = [&](int r) { return r < 0 || r >= rows ? 0 : r < full_rows ? across : rest; };
    const auto in_column = [&](int c) { return c < 0 || c >= across ? 0 : full_rows + (c < rest ? 1 : 0); };
    std::vector<Pdf::Line> out;
    for (int r = 0; r <= rows; ++r)
        if (const int cells = std::max(in_row(r - 1), in_row(r)))
            out.push_back({left, top + r * h, left + cells * w, top + r * h});
    for (int c = 0; c <= across; ++c)
        if (const int cells = std::max(in_column(c - 1), in_column(c)))
            out.push_back({left + c * w, top, left + c * w, top + cells * h});
    return out;
}

// The lines a label has room for: its name, its division and its strength, and with the
// brigadier's name, four.
int lines_of(const LabelSheet& s) { return s.brigadier ? 4 : 3; }

// DejaVu Sans's advance of each character from space to tilde, in thousandths of an em (its
// hmtx table), regular and bold: the font a label sheet's HTML asks for first.
constexpr short k_advance[2][95] = {{
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636,
    636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632,
    575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685,
    611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579,
    278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
}, {
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696,
    696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683,
    683, 821, 837, 372, 372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812, 774, 1103, 771,
    724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665,
    343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
}};

// How wide a byte of a text is set in DejaVu Sans, in em: a character past ASCII taken as a wide
// letter (at its first byte), and each a twentieth wider, for the browser's rounding and a
// fallback font.
double em_of(char c, bool bold) {
    if (c >= ' ' && c <= '~') return k_advance[bold][c - ' '] / 1000.0 * 1.05;
    return (c & 0xC0) == 0xC0 ? (bold ? 0.78 : 0.70) * 1.05 : 0;
}

double em_of(const std::string& text, bool bold) {
    double em = 0;
    for (const char c : text) em += em_of(c, bold);
    return em;
}

// `text` cut to at most `em` wide with an ellipsis, between characters; whole where it fits.
std::string cut_to(const std::string& text, double em, bool bold) {
    if (em_of(text, bold) <= em) return text;
    const std::string ellipsis = "\u2026";
    double used = em_of(ellipsis, bold);
    size_t end = 0;
    for (; end < text.size(); ++end) {
        used += em_of(text[end], bold);  // a character's width at its first byte
        if (used > em && (text[end] & 0xC0) != 0x80) break;
    }
    while (end > 0 && text[end - 1] == ' ') --end;
    return text.substr(0, end) + ellipsis;
}

// The smallest size a label's line is printed at on one line (points); one longer takes two.
constexpr double k_readable = 6;

}  // namespace

void labels_pdf(const rules::RuleSet& rules, const army::OobSource& oob, const Provenance& p, const LabelSheet& sheet, const Sink& out) {
    const auto cells = grid(sheet);  // named, not bound: the page's drawing captures them
    const int across = cells.first, down = cells.second;
    const auto paper = paper_of(sheet);
    const double w = sheet.width_mm * k_point_per_mm, h = sheet.height_mm * k_point_per_mm;
    const double left = 10 * k_point_per_mm, top = 20 * k_point_per_mm;
    // The lines spaced down the label's height (baselines at 0.32, 0.60 and 0.88 of it for three),
    // the name's size the HTML's; each line shrinks to fit the width.
    const double step = 0.84 / lines_of(sheet);
    const double size = std::min(h / (1.4 * lines_of(sheet)), 14.0);
    const size_t per_page = static_cast<size_t>(across * down);
    const auto draw = [&](Pdf& pdf) {
        // A page's labels are gathered, then drawn with its cut lines: the last page's lines
        // are as long as the labels it holds.
        std::vector<LabelText> page;
        int pages = 0;
        const auto draw_page = [&] {
            if (pages++ > 0) pdf.new_page();
            pdf.lines(cut_lines(static_cast<int>(page.size()), across, left, top, w, h), true);
            for (size_t i = 0; i < page.size(); ++i) {
                const double x = left + static_cast<double>(i % static_cast<size_t>(across)) * w;
                const double y = top + static_cast<double>(i / static_cast<size_t>(across)) * h;
                const auto& l = page[i];
                // The label's lines from the top, each shrunk to fit its width. One that would
                // shrink below a readable size (a despicable division leader's rule) takes two
                // lines in its room instead; what still does not fit is cut.
                int line = 0;
                auto fitted = [&](const std::string& text, double largest, bool bold, bool grey) {
                    const double baseline = y + h * (0.04 + step * ++line);
                    const double fit = pdf.fitting_size(text, w - 6, largest, 4, bold);
                    if (fit >= std::min(k_readable, largest) || text.find(' ') == std::string::npos) {
                        pdf.text(x + 3, baseline, pdf.cut(text, w - 6, fit, bold), fit, bold, grey);
                        return;
                    }
                    double two = std::min(largest, step * h / 2.3);  // two lines, 1.15 apart, in the room of one
                    while (two > 4 && pdf.wrap(text, w - 6, two, bold).size() > 2) two -= 0.25;
                    const auto lines = pdf.wrap(text, w - 6, two, bold);
                    // The rest as wrap gave it (its lines joined: it joins words with one space, so
                    // the first line need not be a prefix of the text).
                    std::string rest;
                    for (size_t i = 1; i < lines.size(); ++i) rest += (i > 1 ? " " : "") + lines[i];
                    pdf.text(x + 3, baseline - (rest.empty() ? 0 : two * 1.15), lines[0], two, bold, grey);
                    if (!rest.empty()) pdf.text(x + 3, baseline, pdf.cut(rest, w - 6, two, bold), two, bold, grey);
                };
                fitted(l.brigade, size, true, false);
                if (sheet.brigadier && !l.brigadier.empty()) fitted(l.brigadier, size * 0.8, false, false);
                fitted(l.division, size * 0.8, false, true);
                fitted(l.third_line(), size * 0.85, true, false);
            }
            page.clear();
        };
        each_label(rules, oob, [&](const LabelText& l) {
            page.push_back(l);
            if (page.size() == per_page) draw_page();
        });
        if (!page.empty()) draw_page();
        if (pages == 0) pdf.text(left, top + 20, "No " + rules.brigade_noun() + "s in service to label.", 10);
    };
    Pdf::write(paper.width_mm * k_point_per_mm, paper.height_mm * k_point_per_mm,
               provenance_line(rules, oob, p) + " | " + rules.brigade_noun() + " labels", out, draw);
}

void labels_html(const rules::RuleSet& rules, const army::OobSource& oob, const Provenance& p, const LabelSheet& sheet, const Sink& sink) {
    const auto [across, down] = grid(sheet);
    (void)down;
    const auto paper = paper_of(sheet);
    const std::string w = mm(sheet.width_mm), h = mm(sheet.height_mm);
    const std::string prov = html_escape(provenance_line(rules, oob, p)) + " | " + html_escape(rules.brigade_noun()) + " labels, " + html_escape(w + " x " + h);
    Buffered out(sink);
    out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + html_escape(rules.term_brigade) + " labels: " +
                      html_escape(oob.campaign) + "</title>\n<style>\n@page { size: " + mm(paper.width_mm) + " " + mm(paper.height_mm) + "; margin: 10mm; }\n"
                      "body { font-family: \"DejaVu Sans\", Arial, sans-serif; margin: 0; }\n"
                      ".provenance { font-size: 8pt; color: #555; margin-bottom: 4mm; }\n"
                      ".sheet { display: grid; grid-template-columns: repeat(" + std::to_string(across) + ", " + w + "); }\n"
                      ".label { width: " + w + "; height: " + h + "; box-sizing: border-box; border: 0.3mm dashed #888; "
                      "padding: 1mm 1.5mm; overflow: hidden; page-break-inside: avoid; font-size: " +
                      mm(std::min(sheet.height_mm / (1.4 * lines_of(sheet)), 5.0)) + "; line-height: 1.15; }\n"
                      ".label div { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }\n"
                      ".label div.two { white-space: normal; overflow-wrap: anywhere; max-height: 2.3em; }\n"
                      ".label div.cut { word-break: break-all; }\n"
                      ".name, .effectiveness { font-weight: bold; } .division { color: #555; }\n" +
                      PrintedFoot::k_style + "</style>\n</head>\n<body>\n" + PrintedFoot::k_begin + "<div class=\"provenance\">" + prov +
                      ", cut along the dashed lines</div>\n<div class=\"sheet\">\n";
    // Each line of a label keeps to one line, so the last stays on the label: set at its size
    // where it fits the width, else shrunk to fit down to 60% of it, else on two lines at half its
    // size or less (their room that of one; at 40%, what does not fit is cut with an ellipsis,
    // as the PDF cuts it, and broken anywhere to show the most of it). No browser measures for a
    // file: its width is reckoned from DejaVu Sans's advances (em_of).
    const double font_mm = std::min(sheet.height_mm / (1.4 * lines_of(sheet)), 5.0);
    const double room_mm = sheet.width_mm - 3.5;  // inside the padding and the border
    const auto line = [&](const char* what, const std::string& text, double share, bool bold) {
        const double size = font_mm * share, fit = size * std::min(1.0, room_mm / (em_of(text, bold) * size));
        const bool two = fit < size * 0.6;
        const double set = two ? std::clamp(2 * fit * 0.95, size * 0.4, size / 2) : fit;
        const std::string shown = two ? cut_to(text, 1.95 * room_mm / set, bold) : text;
        const bool cut = shown != text;
        return std::string("<div class=\"") + what + (two ? " two" : "") + (cut ? " cut" : "") + "\"" +
               (set == font_mm ? "" : " style=\"font-size: " + mm(set) + "\"") + ">" + html_escape(shown) + "</div>";
    };
    each_label(rules, oob, [&](const LabelText& l) {
        out += "<div class=\"label\">" + line("name", l.brigade, 1, true) +
               (sheet.brigadier && !l.brigadier.empty() ? line("brigadier", l.brigadier, 0.8, false) : "") + line("division", l.division, 0.8, false) +
               line("effectiveness", l.third_line(), 0.85, true) + "</div>\n";
    });
    out += "</div>\n" + PrintedFoot::end(prov) + "</body>\n</html>\n";
    out.flush();
}

}  // namespace muster::exporter
