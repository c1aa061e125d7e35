#include "core/text.hpp"
#include "core/version.hpp"
#include "export/division_text.hpp"
#include "export/oob.hpp"
#include "export/text_table.hpp"

#include <ctime>

namespace muster::exporter {
namespace {

std::string name_of(const rules::Named* named, const std::string& id) { return named ? named->name : id; }

std::string commander(const rules::RuleSet& rules, const army::Leader& l) {
    return l.present() ? "  (" + leader_text(rules, l) + (l.status == "active" ? "" : ", " + l.status) + ")" : "";
}

std::string batteries_line(const std::vector<army::Battery>& list) {
    std::vector<std::string> names;
    for (const auto& b : list) names.push_back(b.status == "active" ? b.name : b.name + " (" + b.status + ")");
    return count_of(static_cast<int>(list.size()), "battery", "batteries") + (names.empty() ? "" : ": " + join(names, ", "));
}

void division_block(const rules::RuleSet& rules, const army::Division& d, std::string& out) {
    std::string head = "      " + d.name + " (" + name_of(rules.find_arm(d.arm), d.arm);
    if (d.status == "placeholder") head += ", not yet arrived";
    if (d.year) head += ", " + std::to_string(d.year);
    if (!d.theater.empty()) head += ", " + name_of(rules.find_theater(d.theater), d.theater);
    head += d.hidden ? ", hidden)" : ", seen)";
    out += head + commander(rules, d.commander) + "\n";
    if (d.status == "placeholder") return;
    TextTable t;
    t.add({"Brigade", "Stands", "Label", "State", "Rating", "Brigadier"});
    for (const auto& b : d.brigades)
        t.add({b.name, std::to_string(b.stands) + "/" + std::to_string(b.start_stands), b.label.text(),
               b.status == "active" ? std::string(rules::state_name(b.state())) : b.status,
               name_of(rules.find_rating(b.rating), b.rating),
               b.commander.present() ? leader_text(rules, b.commander) + (b.commander.status == "active" ? "" : ", " + b.commander.status)
                                     : "-"});
    t.right_align(1);
    out += t.render(8);
    out += "        Artillery: " + batteries_line(d.batteries) + "\n";
}

}  // namespace

std::string today() {
    const std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &tm);
    return buf;
}

std::string oob_text(const rules::RuleSet& rules, const army::OrderOfBattle& oob, const Provenance& p) {
    const auto* viewer = rules.find_side(oob.view);
    std::string out = "Order of battle: " + oob.campaign + "  [" + rules.name + "]\n";
    out += "View: " + (viewer ? viewer->name + " (what that side has seen of the enemy)" : std::string("umpire (everything)")) +
           "  |  muster " + k_version + "  |  " + p.date + "\n";
    if (oob.armies.empty()) out += "\n(no forces to show)\n";
    for (const auto& a : oob.armies) {
        const auto* side = rules.find_side(a.side);
        out += "\n" + a.name + "  [" + name_of(side, a.side) + "]" + commander(rules, a.commander) + "\n";
        for (const auto& k : a.corps) {
            out += "  " + k.name + commander(rules, k.commander) + "\n";
            for (const auto& d : k.divisions) division_block(rules, d, out);
            if (!k.reserve.empty()) out += "    " + k.name + " artillery reserve: " + batteries_line(k.reserve) + "\n";
        }
        if (!a.reserve.empty()) out += "  " + a.name + " artillery reserve: " + batteries_line(a.reserve) + "\n";
    }
    return out;
}

std::string journal_text(const std::vector<journal::Entry>& entries) {
    std::string out;
    for (const auto& e : entries) {
        std::string flags;
        if (e.undone_by) flags = "  [undone by #" + std::to_string(*e.undone_by) + "]";
        out += "#" + std::to_string(e.id) + "  " + e.created_at + "  " + e.kind + "  " + e.summary + flags + "\n";
        if (e.rolls.empty()) continue;
        std::vector<dice::RollRecord> rolls;
        for (const auto& r : e.rolls) rolls.push_back(r.roll);
        const std::string how = e.rolls.front().source + " dice" +
                                (e.rolls.front().status == "discarded" ? ", discarded preview" : "");
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
