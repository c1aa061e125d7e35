#include "core/text.hpp"
#include "export/html.hpp"
#include "export/oob_writer.hpp"

#include <algorithm>

namespace muster::exporter {
namespace {

constexpr const char* k_style = R"(
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 11pt; margin: 1.5em; color: #111; }
h1 { font-size: 16pt; margin-bottom: 0.2em; }
h2 { font-size: 14pt; border-bottom: 2px solid #333; margin-top: 1.2em; }
h3 { font-size: 12pt; margin: 0.8em 0 0.3em 0; }
h4 { font-size: 11pt; margin: 0.6em 0 0.2em 1em; }
.provenance { color: #555; font-size: 9pt; }
.commander { font-weight: normal; color: #444; }
table:not(.page) { border-collapse: collapse; margin: 0.2em 0 0.4em 2em; }
th, td { border: 1px solid #999; padding: 2px 6px; text-align: left; }
td.num { text-align: right; }
th, td:not(:first-child):not(:last-child) { white-space: nowrap; }
.Fresh { } .Worn { background: #fff3cd; } .Spent, .none-left { background: #f8d7da; }
.artillery { margin-left: 2em; font-size: 10pt; }
.total { margin-left: 2em; font-size: 10pt; }
@media print {
  body { margin: 0; font-size: 9pt; }
  h2 { page-break-after: avoid; } h3, h4 { page-break-after: avoid; }
  table:not(.page) { page-break-inside: avoid; }
}
)";

std::string batteries(const std::vector<army::Battery>& list) { return batteries_text(list, html_escape); }

std::string heading(const char* tag, const std::string& text, const rules::RuleSet& rules, const army::Leader& l) {
    const std::string c = commander_text(rules, l);
    return std::string("<") + tag + ">" + html_escape(text) +
           (c.empty() ? "" : " <span class=\"commander\">" + html_escape(c) + "</span>") + "</" + tag + ">\n";
}

}  // namespace

std::string html_escape(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += c;
        }
    }
    return out;
}

namespace {

class Html final : public OobWriter {
public:
    Html(const rules::RuleSet& rules, Buffered& out) : m_rules(rules), m_out(out) {}

private:
    void begin_army(const army::Army& a) override {
        const auto* side = m_rules.find_side(a.side);
        m_out += heading("h2", a.name + " [" + (side ? side->name : a.side.str()) + "]", m_rules, a.commander);
    }
    void begin_corps(const army::Army&, const army::Corps& k) override { m_out += heading("h3", k.name, m_rules, k.commander); }
    void write_division(const army::Army&, const army::Corps&, const army::Division& d, const Totals& total) override {
        m_out += heading("h4", d.name + " (" + division_facts(m_rules, d) + ")", m_rules, d.commander);
        if (d.status == DivisionStatus::placeholder) {
            if (!d.batteries.empty()) m_out += "<p class=\"artillery\">Artillery: " + batteries(d.batteries) + "</p>\n";  // given before it arrives
            return;
        }
        m_out += "<table>\n<tr><th>" + html_escape(m_rules.term_brigade) +
                 "</th><th>Stands</th><th>Label</th><th>State</th><th>Rating</th><th>Commander</th></tr>\n";
        for (const auto& b : d.brigades) {
            const auto cells = brigade_cells(m_rules, b);
            auto shade = cells[3];  // its state, one class: "none left" is "none-left"
            std::replace(shade.begin(), shade.end(), ' ', '-');
            m_out += "<tr class=\"" + html_escape(shade) + "\"><td>" + html_escape(cells[0]) + "</td><td class=\"num\">" + html_escape(cells[1]) +
                     "</td><td>" + html_escape(cells[2]) + "</td><td>" + html_escape(cells[3]) + "</td><td>" + html_escape(cells[4]) + "</td><td>" +
                     html_escape(cells[5]) + "</td></tr>\n";
        }
        m_out += "</table>\n";
        if (shows_artillery(m_rules, d.batteries)) m_out += "<p class=\"artillery\">Artillery: " + batteries(d.batteries) + "</p>\n";
        m_out += "<p class=\"total\">Total: " + html_escape(totals_text(m_rules, total)) + "</p>\n";
    }
    void finish_corps(const army::Army& a, const army::Corps& k, const Totals& total) override {
        if (!k.reserve.empty()) m_out += "<p class=\"artillery\">" + html_escape(m_rules.reserve_name(a.side, ReserveLevel::corps) + " of " + k.name) + ": " + batteries(k.reserve) + "</p>\n";
        m_out += "<p class=\"total\"><b>Total of " + html_escape(k.name) + ":</b> " + html_escape(totals_text(m_rules, total)) + "</p>\n";
    }
    void finish_army(const army::Army& a, const Totals& total) override {
        if (!a.reserve.empty()) m_out += "<p class=\"artillery\">" + html_escape(m_rules.reserve_name(a.side, ReserveLevel::army) + " of " + a.name) + ": " + batteries(a.reserve) + "</p>\n";
        m_out += "<p class=\"total\"><b>Total of " + html_escape(a.name) + ":</b> " + html_escape(totals_text(m_rules, total)) + "</p>\n";
    }
    const rules::RuleSet& m_rules;
    Buffered& m_out;
};

}  // namespace

void oob_html(const rules::RuleSet& rules, const army::OobSource& oob, const Provenance& p, const Sink& sink) {
    const std::string prov = html_escape(provenance_line(rules, oob, p));
    Buffered out(sink);
    out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Order of battle: " + html_escape(oob.campaign) +
           "</title>\n<style>" + k_style + PrintedFoot::k_style + "</style>\n</head>\n<body>\n" + PrintedFoot::k_begin;
    out += "<h1>Order of battle: " + html_escape(oob.campaign) + "</h1>\n<p class=\"provenance\">" + prov + "</p>\n";
    Html writer(rules, out);
    oob.walk(writer);
    if (writer.sides().empty()) out += "<p>No forces to show.</p>\n";
    else out += "<h2>Totals by side</h2>\n<ul>\n";
    for (const auto& line : side_totals_lines(rules, oob.view, writer.sides())) out += "<li>" + html_escape(line) + "</li>\n";
    if (!writer.sides().empty()) out += "</ul>\n";
    out += PrintedFoot::end(prov) + "</body>\n</html>\n";
    out.flush();
}

}  // namespace muster::exporter
