#include "export/oob_writer.hpp"
#include "export/pdf.hpp"

#include "core/error.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <numeric>

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

// What the walk gave the sheet, kept until the columns are sized: they need the widest entry of
// the whole sheet before the first table is drawn, and walking the campaign a second time cost
// as much as the first (it, not the drawing, was most of a PDF's time). Held in memory up to
// 1 MB (some 800 divisions), beyond that in an unnamed temporary file, so memory stays flat
// whatever the campaign's size.
class Spill {
public:
    Spill() { m_buffer.reserve(k_held + k_chunk); }
    ~Spill() {
        if (m_fd >= 0) ::close(m_fd);
    }
    Spill(const Spill&) = delete;
    Spill& operator=(const Spill&) = delete;

    void put(char c) { m_buffer += c; }
    void put(double v) { m_buffer.append(reinterpret_cast<const char*>(&v), sizeof v); }
    void put(std::string_view s) {
        const auto n = static_cast<std::uint32_t>(s.size());
        m_buffer.append(reinterpret_cast<const char*>(&n), sizeof n);
        m_buffer += s;
        if (m_buffer.size() >= k_held) flush();
    }
    /// From here on, what was put is read back from its start.
    void rewind() {
        if (m_fd < 0) return;  // all of it in memory
        flush();
        if (::lseek(m_fd, 0, SEEK_SET) != 0) fail("read");
    }
    bool more() { return fill(1); }
    char get_char() { return take(1)[0]; }
    double get_double() {
        double v;
        std::memcpy(&v, take(sizeof v), sizeof v);
        return v;
    }
    std::string get_string() {
        std::uint32_t n;
        std::memcpy(&n, take(sizeof n), sizeof n);
        return std::string(take(n), n);
    }

private:
    static constexpr size_t k_held = 1 << 20, k_chunk = 1 << 20;
    [[noreturn]] void fail(const char* what) const {
        throw Error(m_dir + ": cannot " + what + " the temporary file a PDF order of battle is laid out from: " + std::strerror(errno) +
                    " (is the disk full? TMPDIR names another folder); nothing was written");
    }
    void flush() {
        if (m_fd < 0) {
            const char* dir = std::getenv("TMPDIR");
            m_dir = dir && *dir ? dir : "/tmp";
            m_fd = ::open(m_dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
            if (m_fd < 0) {  // a file system without unnamed files: a named one, unlinked at once
                std::string name = m_dir + "/muster-pdf-XXXXXX";
                m_fd = ::mkostemp(name.data(), O_CLOEXEC);
                if (m_fd >= 0) ::unlink(name.c_str());
            }
            if (m_fd < 0) fail("make");
        }
        for (size_t done = 0; done < m_buffer.size();) {
            const auto n = ::write(m_fd, m_buffer.data() + done, m_buffer.size() - done);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) fail("write");
            done += static_cast<size_t>(n);
        }
        m_buffer.clear();
    }
    // Whether `n` more bytes are there to read, read into the buffer.
    bool fill(size_t n) {
        if (m_buffer.size() - m_at >= n) return true;
        if (m_fd < 0) return false;
        m_buffer.erase(0, m_at);
        m_at = 0;
        while (m_buffer.size() < n) {
            const size_t had = m_buffer.size();
            m_buffer.resize(had + std::max(n, k_chunk));
            const auto got = ::read(m_fd, m_buffer.data() + had, m_buffer.size() - had);
            m_buffer.resize(had + static_cast<size_t>(std::max<ssize_t>(got, 0)));
            if (got < 0 && errno == EINTR) continue;
            if (got < 0) fail("read");
            if (got == 0) return false;
        }
        return true;
    }
    const char* take(size_t n) {
        if (!fill(n)) throw Error(m_dir + ": the temporary file a PDF order of battle is laid out from ended early (another program changed it?)");
        const char* at = m_buffer.data() + m_at;
        m_at += n;
        return at;
    }
    std::string m_dir, m_buffer;
    size_t m_at = 0;  // where reading is in the buffer
    int m_fd = -1;
};

// A piece of the sheet: a line of text, wrapped within the page, or a row of the brigade table,
// each cell wrapped within its column.
struct Item {
    bool row = false;
    double indent = 0, size = k_size, gap = 0;  // a row's: none, the table's size, none
    bool bold = false;
    std::vector<std::string> texts;  // a line's one, or a row's cells
    std::vector<double> widths;      // a row's cells' text_width, where measured
};

// Writes items down the page, starting a new page when the next would not fit. Nothing
// overruns: a heading wraps within the page, a cell within its column.
class Flow {
public:
    Flow(Pdf& pdf, std::vector<double> columns) : m_pdf(pdf), m_columns(std::move(columns)) {}
    void put(Item i) { draw(lay_out(i)); }
    /// Items kept on one page where they fit one (a division's heading, table and totals): a
    /// new page is begun unless they fit on this one.
    void block(std::vector<Item>& items) {
        std::vector<Laid> laid;
        double needed = 0;
        for (auto& i : items) needed += laid.emplace_back(lay_out(i)).height;
        if (needed <= m_pdf.height() - Pdf::k_margin - Pdf::k_top) room(needed);
        for (const auto& l : laid) draw(l);
    }

private:
    // An item as it will be drawn: its lines (a row's, a cell's each) and the height they take.
    struct Laid {
        const Item* item;
        std::vector<std::vector<std::string>> lines;
        double height = 0;
    };
    // (A row's measured cells are moved into their lines.)
    Laid lay_out(Item& i) const {
        Laid l{&i, {}, 0};
        if (!i.row) {
            l.lines.push_back(m_pdf.wrap(i.texts.at(0), m_pdf.width() - 2 * Pdf::k_margin - i.indent, i.size, i.bold));
            l.height = i.gap + i.size * 1.35 * static_cast<double>(l.lines[0].size());
            return l;
        }
        l.lines.resize(m_columns.size() - 1);
        size_t height = 1;
        for (size_t c = 0; c < i.texts.size() && c < l.lines.size(); ++c) {
            const double width = m_columns[c + 1] - m_columns[c] - k_gap;
            l.lines[c] = c < i.widths.size() ? m_pdf.wrap_measured(std::move(i.texts[c]), i.widths[c], width, k_size, i.bold)
                                             : m_pdf.wrap(i.texts[c], width, k_size, i.bold);
            height = std::max(height, l.lines[c].size());
        }
        l.height = k_size * 1.35 * static_cast<double>(height);
        return l;
    }
    void draw(const Laid& l) {
        const Item& i = *l.item;
        if (!i.row) {
            for (size_t n = 0; n < l.lines[0].size(); ++n) {
                const double gap = n == 0 ? i.gap : 0;
                room(i.size * 1.35 + gap);
                m_y += gap + i.size * 1.35;
                m_pdf.text(Pdf::k_margin + i.indent, m_y, l.lines[0][n], i.size, i.bold);
            }
            return;
        }
        room(l.height);
        for (size_t c = 0; c < l.lines.size(); ++c)
            for (size_t n = 0; n < l.lines[c].size(); ++n)
                m_pdf.text(Pdf::k_margin + k_table_indent + m_columns[c], m_y + k_size * 1.35 * static_cast<double>(n + 1), l.lines[c][n], k_size, i.bold);
        m_y += l.height;
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

Item line(double indent, std::string text, double size, bool bold, double gap = 0) { return {false, indent, size, gap, bold, {std::move(text)}, {}}; }

std::string with(const std::string& head, const std::string& commander) {
    return commander.empty() ? head : head + "  " + commander;
}

std::vector<std::string> header_row(const rules::RuleSet& rules) { return {rules.term_brigade, "Stands", "Label", "State", "Rating", "Commander"}; }

// How the walk is kept: a heading ('H' and its line, drawn with what follows it), and blocks ('B' to 'E')
// kept on one page where they fit one (a corps's or army's totals, 'F' to 'E', kept with the block
// before them), of lines ('L'), rows ('R'), the table's header ('T')
// and divisions' headings ('D': the division's theater, and its heading with the theater left
// out and named, for the sheet names the theater most divisions are in once, at its top).
void put(Spill& s, const Item& i) {
    s.put(i.row ? 'R' : 'L');
    if (i.row) s.put(static_cast<double>(i.texts.size()));
    else for (const double v : {i.indent, i.size, i.gap}) s.put(v);
    s.put(i.bold ? '1' : '0');
    for (size_t c = 0; c < i.texts.size(); ++c) {
        s.put(i.texts[c]);
        if (i.row) s.put(i.widths.at(c));
    }
}

// A line ('L') or row ('R') as put() kept it, its tag read already.
Item get(Spill& s, char part) {
    Item i;
    i.row = part == 'R';
    if (i.row) i.texts.resize(static_cast<size_t>(s.get_double()));
    else for (double* v : {&i.indent, &i.size, &i.gap}) *v = s.get_double();
    i.bold = s.get_char() == '1';
    if (!i.row) i.texts.resize(1);
    for (auto& t : i.texts) {
        t = s.get_string();
        if (i.row) i.widths.push_back(s.get_double());
    }
    return i;
}

// The walk: each division's, corps's and army's lines into the spill, and the measures the
// sheet is laid out by (each brigade table column's widest entry, and the theater most
// divisions are in: the first of those in order of battle; "" for none).
class Record final : public OobWriter {
public:
    Record(const rules::RuleSet& rules, Pdf& pdf, Spill& spill)
        : m_rules(rules), m_pdf(pdf), m_spill(spill), m_need(header_row(rules).size(), 0), m_words(m_need.size(), 0) {
        measure(header_row(rules), true);
    }
    std::vector<double> columns() const { return column_edges(m_need, m_words, m_pdf.width() - 2 * Pdf::k_margin - k_table_indent); }
    std::string theater() const {
        const auto most = std::max_element(m_theaters.begin(), m_theaters.end(), [](const auto& x, const auto& y) { return x.second < y.second; });
        return most == m_theaters.end() ? "" : most->first;
    }

private:
    // Each cell's width, the widest of each column kept.
    std::vector<double> measure(const std::vector<std::string>& row, bool bold) {
        std::vector<double> widths;
        for (size_t i = 0; i < row.size(); ++i) {
            widths.push_back(m_pdf.text_width(row[i], k_size, bold));
            if (i >= m_need.size()) continue;
            m_need[i] = std::max(m_need[i], widths.back() + k_gap);
            // A word is no wider than its text: only a text wider than the widest word yet may hold a wider one.
            if (widths.back() + k_gap > m_words[i]) m_words[i] = std::max(m_words[i], m_pdf.widest_word(row[i], k_size, bold) + k_gap);
        }
        return widths;
    }
    void heading(double indent, std::string text, double size, double gap) {
        m_spill.put('H');
        put(m_spill, line(indent, std::move(text), size, true, gap));
    }
    void begin_army(const army::Army& a) override {
        const auto* side = m_rules.find_side(a.side);
        heading(0, with(a.name + " [" + (side ? side->name : a.side.str()) + "]", commander_text(m_rules, a.commander)), 12.5, 10);
    }
    void begin_corps(const army::Army&, const army::Corps& k) override { heading(10, with(k.name, commander_text(m_rules, k.commander)), 11, 5); }
    void write_division(const army::Army&, const army::Corps&, const army::Division& d, const Totals& t) override {
        if (!d.theater.empty()) {
            auto it = std::find_if(m_theaters.begin(), m_theaters.end(), [&](const auto& c) { return c.first == d.theater; });
            if (it == m_theaters.end()) it = m_theaters.insert(m_theaters.end(), {d.theater, 0});
            ++it->second;
        }
        const auto commander = commander_text(m_rules, d.commander);
        m_spill.put('B');
        m_spill.put('D');
        m_spill.put(d.theater.str());
        for (const auto& known : {d.theater.str(), std::string()})  // the division's own theater named, or left out
            m_spill.put(with(d.name + " (" + division_facts(m_rules, d, known) + ")", commander));
        const bool placeholder = d.status == DivisionStatus::placeholder;
        // A placeholder's batteries, given it before it arrives, are in its totals: shown too.
        const bool guns = (!placeholder && shows_artillery(m_rules, d.batteries)) || !d.batteries.empty();
        if (!placeholder) {
            m_spill.put('T');
            for (const auto& b : d.brigades) {
                auto cells = brigade_cells(m_rules, b);
                auto widths = measure(cells, false);
                put(m_spill, Item{true, 0, k_size, 0, false, std::move(cells), std::move(widths)});
            }
        }
        if (guns) put(m_spill, line(40, "Artillery: " + batteries_text(d.batteries), 8.5, false));
        if (!placeholder) put(m_spill, line(40, "Total: " + totals_text(m_rules, t), 8.5, false));
        m_spill.put('E');
    }
    void finish_corps(const army::Army& a, const army::Corps& k, const Totals& t) override {
        m_spill.put('F');
        if (!k.reserve.empty()) put(m_spill, line(20, m_rules.reserve_name(a.side, ReserveLevel::corps) + " of " + k.name + ": " + batteries_text(k.reserve), 8.5, false, 2));
        put(m_spill, line(20, "Total of " + k.name + ": " + totals_text(m_rules, t), 8.5, true, 2));
        m_spill.put('E');
    }
    void finish_army(const army::Army& a, const Totals& t) override {
        m_spill.put('F');
        if (!a.reserve.empty()) put(m_spill, line(10, m_rules.reserve_name(a.side, ReserveLevel::army) + " of " + a.name + ": " + batteries_text(a.reserve), 8.5, false, 2));
        put(m_spill, line(10, "Total of " + a.name + ": " + totals_text(m_rules, t), 9, true, 2));
        m_spill.put('E');
    }
    const rules::RuleSet& m_rules;
    Pdf& m_pdf;
    Spill& m_spill;
    std::vector<double> m_need, m_words;  // each column's widest entry, and widest word
    std::vector<std::pair<std::string, int>> m_theaters;
};

// Draws what the walk kept: each division kept whole on a page where it fits one, an army's
// and a corps's heading on the page of what comes first under it.
void draw(Spill& spill, Flow& flow, const rules::RuleSet& rules, const std::string& theater) {
    const Item header{true, 0, k_size, 0, true, header_row(rules), {}};
    const auto read_block = [&](std::vector<Item>& items) {
        for (char part = spill.get_char(); part != 'E'; part = spill.get_char()) {
            if (part == 'T') {
                items.push_back(header);
            } else if (part == 'D') {
                const auto own = spill.get_string();
                auto here = spill.get_string(), elsewhere = spill.get_string();
                items.push_back(line(20, own == theater ? std::move(here) : std::move(elsewhere), 10, true, 3));
            } else {
                items.push_back(get(spill, part));
            }
        }
    };
    const auto next_kind = [&] { return spill.more() ? spill.get_char() : '\0'; };
    std::vector<Item> headings;
    for (char kind = next_kind(); kind != '\0';) {
        if (kind == 'H') {
            headings.push_back(get(spill, spill.get_char()));
            kind = next_kind();
            continue;
        }
        // The block with the headings waiting for it, and the totals after it: a corps's total
        // does not open a page alone.
        auto items = std::move(headings);
        headings.clear();
        read_block(items);
        for (kind = next_kind(); kind == 'F'; kind = next_kind()) read_block(items);
        flow.block(items);
    }
}

}  // namespace

void oob_pdf(const rules::RuleSet& rules, const army::OobSource& oob, const Provenance& p, const Sink& out) {
    Pdf::write(k_a4_width, k_a4_height, provenance_line(rules, oob, p), out, [&](Pdf& pdf) {
        // One walk into the spill, measuring as it goes; then the sheet drawn from the spill.
        Spill spill;
        Record record(rules, pdf, spill);
        oob.walk(record);
        spill.rewind();
        const auto theater = record.theater();
        Flow flow(pdf, record.columns());
        flow.put(line(0, "Order of battle: " + oob.campaign, 15, true));
        const auto* theater_named = rules.find_theater(theater);
        if (!theater.empty()) flow.put(line(0, theater_named ? theater_named->name : theater, 11, false, 2));
        draw(spill, flow, rules, theater);
        if (record.sides().empty()) flow.put(line(0, "No forces to show.", 10, false, 8));
        else {
            std::vector<Item> items{line(0, "Totals by side", 12.5, true, 10)};
            for (auto& text : side_totals_lines(rules, oob.view, record.sides())) items.push_back(line(10, std::move(text), 9, false, 2));
            flow.block(items);
        }
    });
}

}  // namespace muster::exporter
