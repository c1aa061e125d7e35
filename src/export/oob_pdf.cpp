#include "export/oob.hpp"
#include "export/pdf.hpp"

#include <algorithm>
#include <iterator>

namespace muster::exporter {
namespace {

constexpr double k_a4_width = 595.28, k_a4_height = 841.89;

// Writes lines down the page, starting a new page when the next would not fit. Nothing
// overruns: a heading wraps within the page, a cell shrinks a little and then wraps within
// its column.
class Flow {
public:
    explicit Flow(Pdf& pdf) : m_pdf(pdf) {}
    void line(double indent, const std::string& text, double size, bool bold, double gap_before = 0) {
        const double width = m_pdf.width() - 2 * Pdf::k_margin - indent;
        const auto lines = m_pdf.wrap(text, width, size, bold);
        for (size_t i = 0; i < lines.size(); ++i) {
            const double gap = i == 0 ? gap_before : 0;
            room(size * 1.35 + gap);
            m_y += gap + size * 1.35;
            m_pdf.text(Pdf::k_margin + indent, m_y, lines[i], size, bold);
        }
    }
    void row(const std::vector<std::string>& cells, bool bold) {
        // Each column runs from its left edge to the next one's, less a gap; the last to the margin.
        static constexpr double columns[] = {40, 210, 262, 312, 362, 420};
        constexpr size_t n = std::size(columns);
        const double right = m_pdf.width() - 2 * Pdf::k_margin;
        std::vector<std::vector<std::string>> lines(n);
        std::vector<double> sizes(n, k_size);
        size_t height = 1;
        for (size_t i = 0; i < cells.size() && i < n; ++i) {
            const double width = (i + 1 < n ? columns[i + 1] : right) - columns[i] - 4;
            // A little smaller where that makes it fit on one line; else wrapped at full size.
            sizes[i] = m_pdf.fitting_size(cells[i], width, k_size, k_smallest, bold);
            if (m_pdf.text_width(cells[i], sizes[i], bold) <= width)
                lines[i] = {cells[i]};
            else
                lines[i] = m_pdf.wrap(cells[i], width, sizes[i] = k_size, bold);
            height = std::max(height, lines[i].size());
        }
        const double leading = k_size * 1.35;
        room(leading * static_cast<double>(height));
        for (size_t i = 0; i < n; ++i)
            for (size_t j = 0; j < lines[i].size(); ++j)
                m_pdf.text(Pdf::k_margin + columns[i], m_y + leading * static_cast<double>(j + 1), lines[i][j], sizes[i], bold);
        m_y += leading * static_cast<double>(height);
    }

private:
    static constexpr double k_size = 8.5, k_smallest = 7;
    void room(double needed) {
        if (m_y + needed > m_pdf.height() - Pdf::k_margin) {
            m_pdf.new_page();
            m_y = Pdf::k_top;
        }
    }
    Pdf& m_pdf;
    double m_y = Pdf::k_top;
};

std::string with(const std::string& head, const std::string& commander) {
    return commander.empty() ? head : head + "  " + commander;
}

std::string batteries(const std::vector<army::Battery>& list) {
    std::string out;
    for (const auto& b : list) out += (out.empty() ? "" : ", ") + b.name + (is_active(b.status) ? "" : " (" + word(b.status) + ")");
    return out.empty() ? "none" : out;
}

}  // namespace

void oob_pdf(const rules::RuleSet& rules, const army::OrderOfBattle& oob, const Provenance& p, const Sink& out) {
    Pdf pdf(k_a4_width, k_a4_height, provenance_line(rules, oob, p), out);
    Flow flow(pdf);
    flow.line(0, "Order of battle: " + oob.campaign, 15, true);
    if (oob.armies.empty()) flow.line(0, "No forces to show.", 10, false, 8);
    for (const auto& a : oob.armies) {
        const auto* side = rules.find_side(a.side);
        flow.line(0, with(a.name + " [" + (side ? side->name : a.side) + "]", commander_text(rules, a.commander)), 12.5, true, 10);
        for (const auto& k : a.corps) {
            flow.line(10, with(k.name, commander_text(rules, k.commander)), 11, true, 5);
            for (const auto& d : k.divisions) {
                flow.line(20, with(d.name + " (" + division_facts(rules, d) + ")", commander_text(rules, d.commander)), 10, true, 3);
                if (d.status == DivisionStatus::placeholder) continue;
                flow.row({rules.term_brigade, "Stands", "Label", "State", "Rating", "Commander"}, true);
                for (const auto& b : d.brigades) flow.row(brigade_cells(rules, b), false);
                flow.line(40, "Artillery: " + batteries(d.batteries), 8.5, false);
                flow.line(40, "Total: " + totals_text(rules, totals_of(d)), 8.5, false);
            }
            if (!k.reserve.empty()) flow.line(20, "Artillery reserve of " + k.name + ": " + batteries(k.reserve), 8.5, false, 2);
            flow.line(20, "Total of " + k.name + ": " + totals_text(rules, totals_of(k)), 8.5, true, 2);
        }
        if (!a.reserve.empty()) flow.line(10, "Artillery reserve of " + a.name + ": " + batteries(a.reserve), 8.5, false, 2);
        flow.line(10, "Total of " + a.name + ": " + totals_text(rules, totals_of(a)), 9, true, 2);
    }
    if (!oob.armies.empty()) flow.line(0, "Totals by side", 12.5, true, 10);
    for (const auto& line : side_totals_lines(rules, oob)) flow.line(10, line, 9, false, 2);
    pdf.finish();
}

}  // namespace muster::exporter
