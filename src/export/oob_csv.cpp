#include "core/text.hpp"
#include "export/oob.hpp"

namespace muster::exporter {
namespace {

// RFC 4180: a field with a comma, quote, CR or LF is quoted, quotes doubled; records end CRLF.
// A field a spreadsheet would evaluate as a formula (it begins with =, +, -, @, a tab or a CR:
// the OWASP rule) is written after an apostrophe, so "-/5/4" goes out as "'-/5/4".
std::string field(const std::string& raw) {
    const std::string text = !raw.empty() && std::string_view("=+-@\t\r").find(raw.front()) != std::string_view::npos ? "'" + raw : raw;
    if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
    std::string out = "\"";
    for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string record(const std::vector<std::string>& fields) {
    std::vector<std::string> quoted;
    for (const auto& f : fields) quoted.push_back(field(f));
    return join(quoted, ",") + "\r\n";
}

}  // namespace

std::string oob_csv(const rules::RuleSet& rules, const army::OrderOfBattle& oob, const Provenance& p) {
    const auto provenance = provenance_fields(rules, oob, p);
    std::string out;
    // Every record has the header's fields: a division's nationality on its own lines (empty
    // elsewhere, and where the rule set has none), then the provenance.
    const army::Division* division = nullptr;  // whose lines are being written
    auto add = [&](std::vector<std::string> fields) {
        fields.push_back(division ? division->nationality : "");
        fields.insert(fields.end(), provenance.begin(), provenance.end());
        out += record(fields);
    };
    auto total = [&](const std::string& side, const std::string& army, const std::string& corps, const std::string& division_name,
                     const std::string& level, const std::string& name, const Totals& t) {
        add({side, army, corps, division_name, level + " total", name, "", std::to_string(t.stands), std::to_string(t.start), "", "", "",
             "", "", "", "", std::to_string(t.brigades), std::to_string(t.batteries)});
    };
    out = record({"side", "army", "corps", "division", "unit", "name", "arm", "stands", "start", "label", "state", "rating", "commander",
                  "grade", "mark", "owner", "brigades", "batteries", "nationality", "muster", "campaign", "date", "turn", "view"});
    for (const auto& a : oob.armies) {
        auto battery = [&](const std::string& corps, const std::string& division, const army::Battery& b, const std::string& owner) {
            add({a.side, a.name, corps, division, "battery", b.name, std::string(k_artillery), is_active(b.status) ? "1" : "0", "1", "",
                 word(b.status), "", "", "", "", owner, "", is_active(b.status) ? "1" : "0"});
        };
        for (const auto& b : a.reserve) battery("", "", b, "army reserve");
        for (const auto& k : a.corps) {
            for (const auto& b : k.reserve) battery(k.name, "", b, "corps reserve");
            for (const auto& d : k.divisions) {
                division = &d;
                // A division with no units yet (a placeholder) still has its line.
                if (d.brigades.empty() && d.batteries.empty())
                    add({a.side, a.name, k.name, d.name, "division", d.name, d.arm, "0", "0", "", word(d.status), "", "", "", "", "", "0",
                         "0"});
                for (const auto& b : d.brigades) {
                    const auto* grade = rules.find_grade(b.commander.grade);
                    add({a.side, a.name, k.name, d.name, "brigade", b.name, b.arm, std::to_string(b.stands), std::to_string(b.start_stands),
                         b.label.text(), is_active(b.status) ? std::string(spell(b.state())) : word(b.status), b.rating,
                         b.commander.name, b.commander.grade, grade ? grade->mark : "", "division", is_active(b.status) ? "1" : "0", ""});
                }
                for (const auto& b : d.batteries) battery(k.name, d.name, b, "division");
                total(a.side, a.name, k.name, d.name, "division", d.name, totals_of(d));
                division = nullptr;
            }
            total(a.side, a.name, k.name, "", "corps", k.name, totals_of(k));
        }
        total(a.side, a.name, "", "", "army", a.name, totals_of(a));
    }
    for (const auto& [side, t] : side_totals(oob)) total(side, "", "", "", "side", side, t);
    return out;
}

}  // namespace muster::exporter
