#include "export/oob.hpp"
#include "export/pdf.hpp"

#include <algorithm>

namespace muster::exporter {
namespace {

constexpr double k_a4_width = 595.28, k_a4_height = 841.89;

constexpr double k_size = 8.5;  // the brigade tables' text
// The tables stand this far in from the margin; their columns are this far apart, and a column
// whose entries are wider than it gets at least this much (they wrap in it).
constexpr double k_table_indent = 40, k_gap = 8, k_min_column = 60;

// The brigade tables' columns, one set for the whole sheet so that every table lines up: each
// column's need is its widest entry anywhere in the sheet (measured as it is drawn) and a gap.
// Where every need fits the width, the width is shared in proportion to need; where not, each
// column keeps its need up to k_min_column and what is left goes to the wider ones in
// proportion to what they need beyond it. Their left edges, and the right end.
std::vector<double> column_edges(Pdf& pdf, const std::vector<std::vector<std::string>>& header_and_rows, double width) {
    std::vector<double> need(header_and_rows.front().size(), 0);
    for (size_t r = 0; r < header_and_rows.size(); ++r)
        for (size_t i = 0; i < need.size() && i < header_and_rows[r].size(); ++i)
            need[i] = std::max(need[i], pdf.text_width(header_and_rows[r][i], k_size, r == 0) + k_gap);
    double needed = 0, kept = 0, beyond = 0;
    for (const double n : need) {
        needed += n;
        kept += std::min(n, k_min_column);
        beyond += std::max(n - k_min_column, 0.0);
    }
    std::vector<double> edges{0};
    for (const double n : need)
        edges.push_back(edges.back() + (needed <= width ? n * width / needed
                                                        : std::min(n, k_min_column) + std::max(n - k_min_column, 0.0) * (width - kept) / beyond));
    return edges;
}

// Writes lines down the page, starting a new page when the next would not fit. Nothing
// overruns: a heading wraps within the page, a cell within its column.
class Flow {
public:
    Flow(Pdf& pdf, std::vector<double> columns) : m_pdf(pdf), m_columns(std::move(columns)) {}
    void line(double indent, const std::string& text, double size, bool bold, double gap_before = 0) {
        const auto lines = wrapped(indent, text, size, bold);
        for (size_t i = 0; i < lines.size(); ++i) {
            const double gap = i == 0 ? gap_before : 0;
            room(size * 1.35 + gap);
            m_y += gap + size * 1.35;
            m_pdf.text(Pdf::k_margin + indent, m_y, lines[i], size, bold);
        }
    }
    /// A row of the brigade table, every cell at one size, wrapped where it is wider than its column.
    void row(const std::vector<std::string>& cells, bool bold) {
        const auto lines = cell_lines(cells, bold);
        size_t height = 1;
        for (const auto& l : lines) height = std::max(height, l.size());
        const double leading = k_size * 1.35;
        room(leading * static_cast<double>(height));
        for (size_t i = 0; i < lines.size(); ++i)
            for (size_t j = 0; j < lines[i].size(); ++j)
                m_pdf.text(Pdf::k_margin + k_table_indent + m_columns[i], m_y + leading * static_cast<double>(j + 1), lines[i][j], k_size, bold);
        m_y += leading * static_cast<double>(height);
    }
    /// How much of the page a line and a row take, as line() and row() would draw them.
    double line_height(double indent, const std::string& text, double size, bool bold, double gap_before = 0) const {
        return gap_before + size * 1.35 * static_cast<double>(wrapped(indent, text, size, bold).size());
    }
    double row_height(const std::vector<std::string>& cells, bool bold) const {
        size_t height = 1;
        for (const auto& l : cell_lines(cells, bold)) height = std::max(height, l.size());
        return k_size * 1.35 * static_cast<double>(height);
    }
    /// Starts a new page unless what is `needed` fits on this one (where it fits on any page): a
    /// division's heading, table and totals are kept together.
    void keep(double needed) {
        if (needed <= m_pdf.height() - Pdf::k_margin - Pdf::k_top) room(needed);
    }

private:
    std::vector<std::string> wrapped(double indent, const std::string& text, double size, bool bold) const {
        return m_pdf.wrap(text, m_pdf.width() - 2 * Pdf::k_margin - indent, size, bold);
    }
    std::vector<std::vector<std::string>> cell_lines(const std::vector<std::string>& cells, bool bold) const {
        std::vector<std::vector<std::string>> lines(m_columns.size() - 1);
        for (size_t i = 0; i < cells.size() && i < lines.size(); ++i)
            lines[i] = m_pdf.wrap(cells[i], m_columns[i + 1] - m_columns[i] - k_gap, k_size, bold);
        return lines;
    }
    void room(double needed) {
        if (m_y + needed > m_pdf.height() - Pdf::k_margin) {
            m_pdf.new_page();
            m_y = Pdf::k_top;
        }
    }
    Pdf& m_pdf;
    std::vector<double> m_columns;
    double m_y = Pdf::k_top;
};

// The theater most divisions are in (the first of those in order of battle); "" for none.
std::string main_theater(const army::OrderOfBattle& oob) {
    std::vector<std::pair<std::string, int>> counts;
    for (const auto& a : oob.armies)
        for (const auto& k : a.corps)
            for (const auto& d : k.divisions) {
                if (d.theater.empty()) continue;
                auto it = std::find_if(counts.begin(), counts.end(), [&](const auto& c) { return c.first == d.theater; });
                if (it == counts.end()) it = counts.insert(counts.end(), {d.theater, 0});
                ++it->second;
            }
    const auto most = std::max_element(counts.begin(), counts.end(), [](const auto& x, const auto& y) { return x.second < y.second; });
    return most == counts.end() ? "" : most->first;
}

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
    // Every table row, the header first, to size the columns before anything is drawn.
    std::vector<std::vector<std::string>> rows{{rules.term_brigade, "Stands", "Label", "State", "Rating", "Commander"}};
    for (const auto& a : oob.armies)
        for (const auto& k : a.corps)
            for (const auto& d : k.divisions)
                if (d.status != DivisionStatus::placeholder)
                    for (const auto& b : d.brigades) rows.push_back(brigade_cells(rules, b));
    // The theater is named once, under the title; a division elsewhere names its own.
    const std::string theater = main_theater(oob);
    const auto* theater_named = rules.find_theater(theater);
    Pdf::write(k_a4_width, k_a4_height, provenance_line(rules, oob, p), out, [&](Pdf& pdf) {
        Flow flow(pdf, column_edges(pdf, rows, pdf.width() - 2 * Pdf::k_margin - k_table_indent));
        flow.line(0, "Order of battle: " + oob.campaign, 15, true);
        if (!theater.empty()) flow.line(0, theater_named ? theater_named->name : theater, 11, false, 2);
        if (oob.armies.empty()) flow.line(0, "No forces to show.", 10, false, 8);
        size_t row = 1;  // the next of `rows` to draw
        for (const auto& a : oob.armies) {
            const auto* side = rules.find_side(a.side);
            flow.line(0, with(a.name + " [" + (side ? side->name : a.side) + "]", commander_text(rules, a.commander)), 12.5, true, 10);
            for (const auto& k : a.corps) {
                const std::string corps = with(k.name, commander_text(rules, k.commander));
                flow.keep(flow.line_height(10, corps, 11, true, 5) + 4 * flow.row_height(rows.front(), true));  // with its first lines
                flow.line(10, corps, 11, true, 5);
                for (const auto& d : k.divisions) {
                    const std::string head = with(d.name + " (" + division_facts(rules, d, theater) + ")", commander_text(rules, d.commander));
                    const std::string artillery = "Artillery: " + batteries(d.batteries), total = "Total: " + totals_text(rules, totals_of(d));
                    double whole = flow.line_height(20, head, 10, true, 3);
                    if (d.status != DivisionStatus::placeholder) {
                        whole += flow.row_height(rows.front(), true) + flow.line_height(40, artillery, 8.5, false) + flow.line_height(40, total, 8.5, false);
                        for (size_t b = 0; b < d.brigades.size(); ++b) whole += flow.row_height(rows[row + b], false);
                    }
                    flow.keep(whole);
                    flow.line(20, head, 10, true, 3);
                    if (d.status == DivisionStatus::placeholder) continue;
                    flow.row(rows.front(), true);
                    for (size_t b = 0; b < d.brigades.size(); ++b) flow.row(rows[row++], false);
                    flow.line(40, artillery, 8.5, false);
                    flow.line(40, total, 8.5, false);
                }
                if (!k.reserve.empty()) flow.line(20, "Artillery reserve of " + k.name + ": " + batteries(k.reserve), 8.5, false, 2);
                flow.line(20, "Total of " + k.name + ": " + totals_text(rules, totals_of(k)), 8.5, true, 2);
            }
            if (!a.reserve.empty()) flow.line(10, "Artillery reserve of " + a.name + ": " + batteries(a.reserve), 8.5, false, 2);
            flow.line(10, "Total of " + a.name + ": " + totals_text(rules, totals_of(a)), 9, true, 2);
        }
        if (!oob.armies.empty()) flow.line(0, "Totals by side", 12.5, true, 10);
        for (const auto& line : side_totals_lines(rules, oob)) flow.line(10, line, 9, false, 2);
    });
}

}  // namespace muster::exporter
