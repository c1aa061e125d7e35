#include "core/text.hpp"
#include "export/oob.hpp"

namespace muster::exporter {
namespace {

// Names are the organiser's text: nothing in them may become Markdown or HTML (an & starts
// an entity), and no line break may end a table row.
std::string md(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '&') out += "&amp;";
        else if (c == '\n' || c == '\r') out += ' ';
        else {
            if (std::string_view("\\`*_[]<>#|~!").find(c) != std::string_view::npos) out += '\\';
            out += c;
        }
    }
    return out;
}

std::string batteries(const std::vector<army::Battery>& list) {
    std::vector<std::string> names;
    for (const auto& b : list) names.push_back(md(b.name) + (is_active(b.status) ? "" : " (" + word(b.status) + ")"));
    return names.empty() ? "none" : join(names, ", ");
}

std::string heading(int level, const std::string& text, const rules::RuleSet& rules, const army::Leader& l) {
    const std::string c = commander_text(rules, l);
    return std::string(static_cast<size_t>(level), '#') + " " + md(text) + (c.empty() ? "" : " " + md(c)) + "\n\n";
}

}  // namespace

std::string oob_markdown(const rules::RuleSet& rules, const army::OrderOfBattle& oob, const Provenance& p) {
    std::string out = "# Order of battle: " + md(oob.campaign) + "\n\n*" + md(provenance_line(rules, oob, p)) + "*\n\n";
    if (oob.armies.empty()) out += "No forces to show.\n";
    for (const auto& a : oob.armies) {
        const auto* side = rules.find_side(a.side);
        out += heading(2, a.name + " [" + (side ? side->name : a.side) + "]", rules, a.commander);
        for (const auto& k : a.corps) {
            out += heading(3, k.name, rules, k.commander);
            for (const auto& d : k.divisions) {
                out += heading(4, d.name + " (" + division_facts(rules, d) + ")", rules, d.commander);
                if (d.status == DivisionStatus::placeholder) continue;
                out += "| " + md(rules.term_brigade) + " | Stands | Label | State | Rating | Commander |\n|---|---:|---|---|---|---|\n";
                for (const auto& b : d.brigades) {
                    std::vector<std::string> cells;
                    for (const auto& c : brigade_cells(rules, b)) cells.push_back(md(c));
                    out += "| " + join(cells, " | ") + " |\n";
                }
                out += "\nArtillery: " + batteries(d.batteries) + "\n\n";
                out += "Total: " + totals_text(rules, totals_of(d)) + "\n\n";
            }
            if (!k.reserve.empty()) out += "Artillery reserve of " + md(k.name) + ": " + batteries(k.reserve) + "\n\n";
            out += "**Total of " + md(k.name) + ":** " + totals_text(rules, totals_of(k)) + "\n\n";
        }
        if (!a.reserve.empty()) out += "Artillery reserve of " + md(a.name) + ": " + batteries(a.reserve) + "\n\n";
        out += "**Total of " + md(a.name) + ":** " + totals_text(rules, totals_of(a)) + "\n\n";
    }
    if (!oob.armies.empty()) out += "## Totals by side\n\n";
    for (const auto& line : side_totals_lines(rules, oob)) out += "- " + md(line) + "\n";
    return out;
}

}  // namespace muster::exporter
