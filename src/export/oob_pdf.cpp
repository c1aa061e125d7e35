#include "export/oob.hpp"
#include "export/pdf.hpp"

namespace muster::exporter {
namespace {

constexpr double k_a4_width = 595.28, k_a4_height = 841.89;

// Writes lines down the page, starting a new page when the next would not fit.
class Flow {
public:
    explicit Flow(Pdf& pdf) : m_pdf(pdf) {}
    void line(double indent, const std::string& text, double size, bool bold, double gap_before = 0) {
        room(size * 1.35 + gap_before);
        m_y += gap_before + size * 1.35;
        m_pdf.text(Pdf::k_margin + indent, m_y, text, size, bold);
    }
    void row(const std::vector<std::string>& cells, bool bold) {
        static constexpr double columns[] = {40, 210, 262, 312, 362, 420};
        room(9 * 1.35);
        m_y += 9 * 1.35;
        for (size_t i = 0; i < cells.size() && i < 6; ++i) m_pdf.text(Pdf::k_margin + columns[i], m_y, cells[i], 8.5, bold);
    }

private:
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

std::string oob_pdf(const rules::RuleSet& rules, const army::OrderOfBattle& oob, const Provenance& p) {
    Pdf pdf(k_a4_width, k_a4_height, provenance_line(rules, oob, p));
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
            }
            if (!k.reserve.empty()) flow.line(20, "Artillery reserve of " + k.name + ": " + batteries(k.reserve), 8.5, false, 2);
        }
        if (!a.reserve.empty()) flow.line(10, "Artillery reserve of " + a.name + ": " + batteries(a.reserve), 8.5, false, 2);
    }
    return pdf.finish();
}

}  // namespace muster::exporter
