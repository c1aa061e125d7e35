#include "core/names.hpp"
#include "core/text.hpp"
#include "core/version.hpp"
#include "export/division_text.hpp"
#include "export/oob_writer.hpp"
#include "export/text_table.hpp"


namespace muster::exporter {
namespace {

std::string with_commander(const std::string& head, const rules::RuleSet& rules, const army::Leader& l) {
    const std::string c = commander_text(rules, l);
    return c.empty() ? head : head + "  " + c;
}

}  // namespace

namespace {

class Text final : public OobWriter {
public:
    Text(const rules::RuleSet& rules, Buffered& out) : m_rules(rules), m_out(out) {}

private:
    void begin_army(const army::Army& a) override {
        const auto* side = m_rules.find_side(a.side);
        m_out += "\n";
        line(with_commander(a.name + "  [" + (side ? side->name : a.side.str()) + "]", m_rules, a.commander));
    }
    void begin_corps(const army::Army&, const army::Corps& k) override { line(with_commander("  " + k.name, m_rules, k.commander)); }
    void write_division(const army::Army&, const army::Corps&, const army::Division& d, const Totals& total) override {
        line(with_commander("      " + d.name + " (" + division_facts(m_rules, d) + ")", m_rules, d.commander));
        if (d.status == DivisionStatus::placeholder) {
            // A battery given it before it arrives is in its totals: shown where they are.
            if (!d.batteries.empty()) line("        Artillery: " + batteries_text(d.batteries));
            return;
        }
        TextTable t;
        t.add({m_rules.term_brigade, "Stands", "Label", "State", "Rating", "Commander"});
        for (const auto& b : d.brigades) t.add(brigade_cells(m_rules, b));
        t.right_align(1);
        m_out += t.render(8);
        if (shows_artillery(m_rules, d.batteries)) line("        Artillery: " + batteries_text(d.batteries));
        line("        Total: " + totals_text(m_rules, total));
    }
    void finish_corps(const army::Army& a, const army::Corps& k, const Totals& total) override {
        if (!k.reserve.empty()) line("    " + m_rules.reserve_name(a.side, ReserveLevel::corps) + " of " + k.name + ": " + batteries_text(k.reserve));
        line("    Total of " + k.name + ": " + totals_text(m_rules, total));
    }
    void finish_army(const army::Army& a, const Totals& total) override {
        if (!a.reserve.empty()) line("  " + m_rules.reserve_name(a.side, ReserveLevel::army) + " of " + a.name + ": " + batteries_text(a.reserve));
        line("  Total of " + a.name + ": " + totals_text(m_rules, total));
    }
    // A line of the listing, kept to one: a name with a line break (a damaged file's) forges none.
    void line(const std::string& text) { m_out += one_line(text) + "\n"; }
    const rules::RuleSet& m_rules;
    Buffered& m_out;
};

}  // namespace

void oob_text(const rules::RuleSet& rules, const army::OobSource& oob, const Provenance& p, const Sink& sink) {
    Buffered out(sink);
    out += "Order of battle: " + one_line(oob.campaign) + "  [" + rules.name + "]\n" + provenance_line(rules, oob, p) + "\n";
    Text text(rules, out);
    oob.walk(text);
    if (text.sides().empty()) out += "\n(no forces to show)\n";
    else out += "\nTotals by side\n";
    for (const auto& line : side_totals_lines(rules, oob.view, text.sides())) out += "  " + line + "\n";
    out.flush();
}

std::string journal_text(const std::vector<journal::Entry>& entries) {
    std::string out;
    for (const auto& e : entries) {
        std::string flags;
        if (e.undone_by) flags = (e.kind == OperationKind::undo ? "  [redone by #" : "  [undone by #") + std::to_string(*e.undone_by) + "]";
        out += "#" + std::to_string(e.id) + "  " + e.created_at + "  " + word(e.kind) + "  " + one_line(e.summary) + flags + "\n";
        if (e.rolls.empty()) continue;
        std::vector<dice::RollRecord> rolls;
        for (const auto& r : e.rolls) rolls.push_back(r.roll);
        const std::string how = word(e.rolls.front().source) + " dice" +
                                (e.rolls.front().status == RollStatus::discarded ? ", discarded preview" : "");
        out += "    rolls (" + how + "):\n";
        std::string table = rolls_text(rolls);
        std::string indented;
        size_t start = 0;
        while (start < table.size()) {
            const size_t end = table.find('\n', start);
            indented += "    " + table.substr(start, end - start + 1);
            start = end + 1;
        }
        out += indented;
    }
    return out;
}

}  // namespace muster::exporter
