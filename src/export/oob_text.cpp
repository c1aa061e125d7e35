#include "core/text.hpp"
#include "core/version.hpp"
#include "export/division_text.hpp"
#include "export/oob.hpp"
#include "export/text_table.hpp"


namespace muster::exporter {
namespace {

std::string batteries_line(const std::vector<army::Battery>& list) {
    std::vector<std::string> names;
    for (const auto& b : list) names.push_back(is_active(b.status) ? b.name : b.name + " (" + word(b.status) + ")");
    return count_of(static_cast<int>(list.size()), "battery", "batteries") + (names.empty() ? "" : ": " + join(names, ", "));
}

std::string with_commander(const std::string& head, const rules::RuleSet& rules, const army::Leader& l) {
    const std::string c = commander_text(rules, l);
    return c.empty() ? head : head + "  " + c;
}

}  // namespace

std::string oob_text(const rules::RuleSet& rules, const army::OrderOfBattle& oob, const Provenance& p) {
    std::string out = "Order of battle: " + oob.campaign + "  [" + rules.name + "]\n" + provenance_line(rules, oob, p) + "\n";
    if (oob.armies.empty()) out += "\n(no forces to show)\n";
    for (const auto& a : oob.armies) {
        const auto* side = rules.find_side(a.side);
        out += "\n" + with_commander(a.name + "  [" + (side ? side->name : a.side) + "]", rules, a.commander) + "\n";
        for (const auto& k : a.corps) {
            out += with_commander("  " + k.name, rules, k.commander) + "\n";
            for (const auto& d : k.divisions) {
                out += with_commander("      " + d.name + " (" + division_facts(rules, d) + ")", rules, d.commander) + "\n";
                if (d.status == DivisionStatus::placeholder) continue;
                TextTable t;
                t.add({rules.term_brigade, "Stands", "Label", "State", "Rating", "Commander"});
                for (const auto& b : d.brigades) t.add(brigade_cells(rules, b));
                t.right_align(1);
                out += t.render(8);
                out += "        Artillery: " + batteries_line(d.batteries) + "\n";
                out += "        Total: " + totals_text(rules, totals_of(d)) + "\n";
            }
            if (!k.reserve.empty()) out += "    " + k.name + " artillery reserve: " + batteries_line(k.reserve) + "\n";
            out += "    Total of " + k.name + ": " + totals_text(rules, totals_of(k)) + "\n";
        }
        if (!a.reserve.empty()) out += "  " + a.name + " artillery reserve: " + batteries_line(a.reserve) + "\n";
        out += "  Total of " + a.name + ": " + totals_text(rules, totals_of(a)) + "\n";
    }
    if (!oob.armies.empty()) out += "\nTotals by side\n";
    for (const auto& line : side_totals_lines(rules, oob)) out += "  " + line + "\n";
    return out;
}

std::string journal_text(const std::vector<journal::Entry>& entries) {
    std::string out;
    for (const auto& e : entries) {
        std::string flags;
        if (e.undone_by) flags = (e.kind == OperationKind::undo ? "  [redone by #" : "  [undone by #") + std::to_string(*e.undone_by) + "]";
        out += "#" + std::to_string(e.id) + "  " + e.created_at + "  " + word(e.kind) + "  " + e.summary + flags + "\n";
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
