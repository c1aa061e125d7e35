#include "export/oob_writer.hpp"
#include "export/pdf.hpp"

#include <algorithm>
#include <numeric>
#include <optional>

namespace muster::exporter {
namespace {

constexpr double k_a4_width = 595.28, k_a4_height = 841.89;

constexpr double k_size = 8.5;  // the brigade tables' text
// The tables stand this far in from the margin; their columns are this far apart, and a column
// whose entries are wider than it gets at least this much (they wrap in it).
constexpr double k_table_indent = 40, k_gap = 8, k_min_column = 60;

// The brigade tables' columns, one set for the whole sheet so that every table lines up: each
// column's need is its widest entry anywhere in the sheet (measured as it is drawn) and a gap.
// Where every need fits the width, the width is shared in proportion to need. Where not, the
// narrow columns take their need whole, narrowest first, each while it needs no more than an
// even share of what is left (a unit's name is not wrapped to leave room for a long commander's
// line); the others keep their need up to k_min_column, and what is left goes to them in
// proportion to what they need beyond it. Their left edges, and the right end.
std::vector<double> column_edges(const std::vector<double>& need, const std::vector<double>& words, double width) {
    std::vector<double> wide(need.size());
    if (const double needed = std::accumulate(need.begin(), need.end(), 0.0); needed <= width) {
        for (size_t i = 0; i < need.size(); ++i) wide[i] = need[i] * width / needed;
    } else {
        std::vector<size_t> order(need.size()), rest;
        std::iota(order.begin(), order.end(), size_t{0});
        std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return need[a] < need[b]; });
        double left = width;
        for (size_t k = 0; k < order.size(); ++k)
            if (const auto i = order[k]; rest.empty() && need[i] <= left / static_cast<double>(order.size() - k)) {
                wide[i] = need[i];
                left -= need[i];
            } else {
                rest.push_back(i);
            }
        // Each of the others keeps at least its widest word (no word broken), but a word wider
        // than the room the others leave it (a name of one long word) is broken in its own
        // column: the widest takes what is left. Where even that is too much, each keeps
        // k_min_column.
        const auto floors = [&](bool by_words) {
            std::vector<double> out;
            for (const auto i : rest) out.push_back(std::min(need[i], by_words ? std::max(words[i], k_min_column) : k_min_column));
            return out;
        };
        auto floor = floors(true);
        if (auto widest = std::max_element(floor.begin(), floor.end()); widest != floor.end()) {
            const double others = std::accumulate(floor.begin(), floor.end(), 0.0) - *widest;
            *widest = std::min(*widest, std::max(k_min_column, left - others));
        }
        if (std::accumulate(floor.begin(), floor.end(), 0.0) > left) floor = floors(false);
        double kept = 0, beyond = 0;
        for (size_t k = 0; k < rest.size(); ++k) {
            kept += floor[k];
            beyond += need[rest[k]] - floor[k];
        }
        for (size_t k = 0; k < rest.size(); ++k)
            wide[rest[k]] = floor[k] + (beyond > 0 ? (need[rest[k]] - floor[k]) * (left - kept) / beyond : 0);
    }
    std::vector<double> edges{0};
    for (const auto w : wide) edges.push_back(edges.back() + w);
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

std::string with(const std::string& head, const std::string& commander) {
    return commander.empty() ? head : head + "  " + commander;
}

std::string batteries(const std::vector<army::Battery>& list) { return batteries_text(list); }

std::vector<std::string> header_row(const rules::RuleSet& rules) { return {rules.term_brigade, "Stands", "Label", "State", "Rating", "Commander"}; }

// The first walk: each brigade table column's widest entry, and the theater most divisions are
// in (the first of those in order of battle; "" for none).
class Measure final : public army::OobVisitor {
public:
    Measure(const rules::RuleSet& rules, Pdf& pdf, std::vector<double>& need, std::vector<double>& words)
        : m_rules(rules), m_pdf(pdf), m_need(need), m_words(words) {}
    void army(const army::Army&) override {}
    void corps(const army::Corps&) override {}
    void division(const army::Division& d) override {
        if (!d.theater.empty()) {
            auto it = std::find_if(m_theaters.begin(), m_theaters.end(), [&](const auto& c) { return c.first == d.theater; });
            if (it == m_theaters.end()) it = m_theaters.insert(m_theaters.end(), {d.theater, 0});
            ++it->second;
        }
        if (d.status == DivisionStatus::placeholder) return;
        for (const auto& b : d.brigades) measure(brigade_cells(m_rules, b), false);
    }
    void end_corps() override {}
    void end_army() override {}
    void measure(const std::vector<std::string>& row, bool bold) {
        for (size_t i = 0; i < m_need.size() && i < row.size(); ++i) {
            m_need[i] = std::max(m_need[i], m_pdf.text_width(row[i], k_size, bold) + k_gap);
            m_words[i] = std::max(m_words[i], m_pdf.widest_word(row[i], k_size, bold) + k_gap);
        }
    }
    std::string theater() const {
        const auto most = std::max_element(m_theaters.begin(), m_theaters.end(), [](const auto& x, const auto& y) { return x.second < y.second; });
        return most == m_theaters.end() ? "" : most->first;
    }

private:
    const rules::RuleSet& m_rules;
    Pdf& m_pdf;
    std::vector<double>& m_need;
    std::vector<double>& m_words;  // each column's widest word
    std::vector<std::pair<std::string, int>> m_theaters;
};

// The drawing walks: each division kept whole on a page where it fits one, an army's and a
// corps's heading on the page of what comes first under it.
class Draw final : public OobWriter {
public:
    Draw(const rules::RuleSet& rules, Flow& flow, std::string theater)
        : m_rules(rules), m_flow(flow), m_theater(std::move(theater)), m_header(header_row(rules)) {}

private:
    // A heading waits to be drawn with what follows it.
    struct Heading {
        double indent;
        std::string text;
        double size, gap;
    };
    void begin_army(const army::Army& a) override {
        const auto* side = m_rules.find_side(a.side);
        m_headings.push_back({0, with(a.name + " [" + (side ? side->name : a.side.str()) + "]", commander_text(m_rules, a.commander)), 12.5, 10});
    }
    void begin_corps(const army::Army&, const army::Corps& k) override {
        m_headings.push_back({10, with(k.name, commander_text(m_rules, k.commander)), 11, 5});
    }
    // Keeps `needed` together with the headings waiting for it, then draws them.
    void keep(double needed) {
        for (const auto& h : m_headings) needed += m_flow.line_height(h.indent, h.text, h.size, true, h.gap);
        m_flow.keep(needed);
        for (const auto& h : m_headings) m_flow.line(h.indent, h.text, h.size, true, h.gap);
        m_headings.clear();
    }
    void write_division(const army::Army&, const army::Corps&, const army::Division& d, const Totals& t) override {
        const std::string head = with(d.name + " (" + division_facts(m_rules, d, m_theater) + ")", commander_text(m_rules, d.commander));
        const std::string artillery = "Artillery: " + batteries(d.batteries), total = "Total: " + totals_text(m_rules, t);
        double whole = m_flow.line_height(20, head, 10, true, 3);
        std::vector<std::vector<std::string>> rows;
        const bool placeholder = d.status == DivisionStatus::placeholder;
        const bool artillery_line = shows_artillery(m_rules, d.batteries);
        if (!placeholder) {
            whole += m_flow.row_height(m_header, true) + m_flow.line_height(40, total, 8.5, false);
            for (const auto& b : d.brigades) whole += m_flow.row_height(rows.emplace_back(brigade_cells(m_rules, b)), false);
        }
        // A placeholder's batteries, given it before it arrives, are in its totals: shown too.
        const bool guns = (!placeholder && artillery_line) || !d.batteries.empty();
        if (guns) whole += m_flow.line_height(40, artillery, 8.5, false);
        keep(whole);
        m_flow.line(20, head, 10, true, 3);
        if (placeholder) {
            if (guns) m_flow.line(40, artillery, 8.5, false);
            return;
        }
        m_flow.row(m_header, true);
        for (const auto& row : rows) m_flow.row(row, false);
        if (guns) m_flow.line(40, artillery, 8.5, false);
        m_flow.line(40, total, 8.5, false);
    }
    void finish_corps(const army::Army&, const army::Corps& k, const Totals& t) override {
        const std::string reserve = "Artillery reserve of " + k.name + ": " + batteries(k.reserve), total = "Total of " + k.name + ": " + totals_text(m_rules, t);
        keep((k.reserve.empty() ? 0 : m_flow.line_height(20, reserve, 8.5, false, 2)) + m_flow.line_height(20, total, 8.5, true, 2));
        if (!k.reserve.empty()) m_flow.line(20, reserve, 8.5, false, 2);
        m_flow.line(20, total, 8.5, true, 2);
    }
    void finish_army(const army::Army& a, const Totals& t) override {
        const std::string reserve = "Artillery reserve of " + a.name + ": " + batteries(a.reserve), total = "Total of " + a.name + ": " + totals_text(m_rules, t);
        keep((a.reserve.empty() ? 0 : m_flow.line_height(10, reserve, 8.5, false, 2)) + m_flow.line_height(10, total, 9, true, 2));
        if (!a.reserve.empty()) m_flow.line(10, reserve, 8.5, false, 2);
        m_flow.line(10, total, 9, true, 2);
    }
    const rules::RuleSet& m_rules;
    Flow& m_flow;
    std::string m_theater;
    std::vector<std::string> m_header;
    std::vector<Heading> m_headings;
};

}  // namespace

void oob_pdf(const rules::RuleSet& rules, const army::OobSource& oob, const Provenance& p, const Sink& out) {
    // The columns are sized, and the theater found, by a first walk before anything is drawn:
    // the theater is named once, under the title, and a division elsewhere names its own.
    std::optional<std::pair<std::vector<double>, std::string>> sized;
    Pdf::write(k_a4_width, k_a4_height, provenance_line(rules, oob, p), out, [&](Pdf& pdf) {
        if (!sized) {
            const auto header = header_row(rules);
            std::vector<double> need(header.size(), 0), words(header.size(), 0);
            Measure measure(rules, pdf, need, words);
            measure.measure(header, true);
            oob.walk(measure);
            sized.emplace(column_edges(need, words, pdf.width() - 2 * Pdf::k_margin - k_table_indent), measure.theater());
        }
        const auto& [edges, theater] = *sized;
        Flow flow(pdf, edges);
        flow.line(0, "Order of battle: " + oob.campaign, 15, true);
        const auto* theater_named = rules.find_theater(theater);
        if (!theater.empty()) flow.line(0, theater_named ? theater_named->name : theater, 11, false, 2);
        Draw draw(rules, flow, theater);
        oob.walk(draw);
        if (draw.sides().empty()) flow.line(0, "No forces to show.", 10, false, 8);
        else {
            // The heading with its lines, on one page where they fit one.
            const auto lines = side_totals_lines(rules, oob.view, draw.sides());
            double needed = flow.line_height(0, "Totals by side", 12.5, true, 10);
            for (const auto& line : lines) needed += flow.line_height(10, line, 9, false, 2);
            flow.keep(needed);
            flow.line(0, "Totals by side", 12.5, true, 10);
            for (const auto& line : lines) flow.line(10, line, 9, false, 2);
        }
    });
}

}  // namespace muster::exporter
