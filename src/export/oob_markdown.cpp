#include "core/text.hpp"
#include "export/oob_writer.hpp"

namespace muster::exporter {
namespace {

// Names are the organiser's text: nothing in them may become Markdown or HTML (an & starts
// an entity), and no line break may end a table row. Nor may what begins a block where the
// text begins a line (a reserve's name does): a list's marker ("-", "+", "1." or "1)"), or
// spaces that indent code.
std::string md(const std::string& text) {
    std::string out;
    const size_t digits = text.find_first_not_of("0123456789"), indent = text.find_first_not_of(' ');
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '&') out += "&amp;";
        else if (c == '\n' || c == '\r') out += ' ';
        else if (c == ' ' && i < indent) out += "&#32;";
        else {
            const bool marker = (i == 0 && (c == '-' || c == '+')) || (i == digits && i > 0 && (c == '.' || c == ')'));
            if (marker || std::string_view("\\`*_[]<>#|~!").find(c) != std::string_view::npos) out += '\\';
            out += c;
        }
    }
    return out;
}

std::string batteries(const std::vector<army::Battery>& list) { return batteries_text(list, md); }

std::string heading(int level, const std::string& text, const rules::RuleSet& rules, const army::Leader& l) {
    const std::string c = commander_text(rules, l);
    return std::string(static_cast<size_t>(level), '#') + " " + md(text) + (c.empty() ? "" : " " + md(c)) + "\n\n";
}

}  // namespace

namespace {

class Markdown final : public OobWriter {
public:
    Markdown(const rules::RuleSet& rules, Buffered& out) : m_rules(rules), m_out(out) {}

private:
    void begin_army(const army::Army& a) override {
        const auto* side = m_rules.find_side(a.side);
        m_out += heading(2, a.name + " [" + (side ? side->name : a.side.str()) + "]", m_rules, a.commander);
    }
    void begin_corps(const army::Army&, const army::Corps& k) override { m_out += heading(3, k.name, m_rules, k.commander); }
    void write_division(const army::Army&, const army::Corps&, const army::Division& d, const Totals& total) override {
        m_out += heading(4, d.name + " (" + division_facts(m_rules, d) + ")", m_rules, d.commander);
        if (d.status == DivisionStatus::placeholder) {
            if (!d.batteries.empty()) m_out += "Artillery: " + batteries(d.batteries) + "\n\n";  // given before it arrives
            return;
        }
        m_out += "| " + md(m_rules.term_brigade) + " | Stands | Label | State | Rating | Commander |\n|---|---:|---|---|---|---|\n";
        for (const auto& b : d.brigades) {
            std::vector<std::string> cells;
            for (const auto& c : brigade_cells(m_rules, b)) cells.push_back(md(c));
            m_out += "| " + join(cells, " | ") + " |\n";
        }
        m_out += "\n";
        if (shows_artillery(m_rules, d.batteries)) m_out += "Artillery: " + batteries(d.batteries) + "\n\n";
        m_out += "Total: " + totals_text(m_rules, total) + "\n\n";
    }
    void finish_corps(const army::Army& a, const army::Corps& k, const Totals& total) override {
        if (!k.reserve.empty()) m_out += md(m_rules.reserve_name(a.side, ReserveLevel::corps) + " of " + k.name) + ": " + batteries(k.reserve) + "\n\n";
        m_out += "**Total of " + md(k.name) + ":** " + totals_text(m_rules, total) + "\n\n";
    }
    void finish_army(const army::Army& a, const Totals& total) override {
        if (!a.reserve.empty()) m_out += md(m_rules.reserve_name(a.side, ReserveLevel::army) + " of " + a.name) + ": " + batteries(a.reserve) + "\n\n";
        m_out += "**Total of " + md(a.name) + ":** " + totals_text(m_rules, total) + "\n\n";
    }
    const rules::RuleSet& m_rules;
    Buffered& m_out;
};

}  // namespace

void oob_markdown(const rules::RuleSet& rules, const army::OobSource& oob, const Provenance& p, const Sink& sink) {
    Buffered out(sink);
    out += "# Order of battle: " + md(oob.campaign) + "\n\n*" + md(provenance_line(rules, oob, p)) + "*\n\n";
    Markdown writer(rules, out);
    oob.walk(writer);
    if (writer.sides().empty()) out += "No forces to show.\n";
    else out += "## Totals by side\n\n";
    for (const auto& line : side_totals_lines(rules, oob.view, writer.sides())) out += "- " + md(line) + "\n";
    out.flush();
}

}  // namespace muster::exporter
