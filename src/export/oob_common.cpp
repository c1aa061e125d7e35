// What the order-of-battle writers share: the provenance line, the brigade row, the
// division's facts, the commander, and the labels.
#include "core/clock.hpp"
#include "core/text.hpp"
#include "core/version.hpp"
#include "export/division_text.hpp"
#include "export/oob.hpp"


namespace muster::exporter {
namespace {

std::string name_of(const rules::Named* named, const std::string& id) { return named ? named->name : id; }

}  // namespace

std::string today() { return utc_now("%Y-%m-%d"); }

std::string provenance_line(const rules::RuleSet& rules, const army::OrderOfBattle& oob, const Provenance& p) {
    const auto* viewer = rules.find_side(oob.view.side());
    return std::string("muster ") + k_version + " | " + oob.campaign + " | " + p.date + " | " +
           (viewer ? viewer->name + "'s view" : std::string("umpire's view"));
}

std::string commander_text(const rules::RuleSet& rules, const army::Leader& l) {
    if (!l.present()) return "";
    return "(" + leader_text(rules, l) + (is_active(l.status) ? "" : ", " + word(l.status)) + ")";
}

std::string division_facts(const rules::RuleSet& rules, const army::Division& d) {
    std::string facts = name_of(rules.find_arm(d.arm), d.arm);
    if (d.status == DivisionStatus::placeholder) facts += ", not yet arrived";
    if (d.year) facts += ", " + std::to_string(d.year);
    if (!d.theater.empty()) facts += ", " + name_of(rules.find_theater(d.theater), d.theater);
    return facts + (d.hidden ? ", hidden" : ", seen");
}

std::vector<std::string> brigade_cells(const rules::RuleSet& rules, const army::Brigade& b) {
    return {b.name,
            std::to_string(b.stands) + "/" + std::to_string(b.start_stands),
            b.label.text(),
            is_active(b.status) ? std::string(rules::state_name(b.state())) : word(b.status),
            name_of(rules.find_rating(b.rating), b.rating),
            b.commander.present()
                ? leader_text(rules, b.commander) + (is_active(b.commander.status) ? "" : ", " + word(b.commander.status)) +
                      (b.alternate.present() ? "; alternate " + leader_text(rules, b.alternate) +
                                                   (is_active(b.alternate.status) ? "" : ", " + word(b.alternate.status))
                                             : "")
                : "-"};
}

std::vector<LabelText> label_texts(const rules::RuleSet& rules, const army::OrderOfBattle& oob) {
    std::vector<LabelText> out;
    for (const auto& a : oob.armies)
        for (const auto& k : a.corps)
            for (const auto& d : k.divisions)
                for (const auto& b : d.brigades) {
                    if (!is_active(b.status)) continue;
                    const auto* grade = rules.find_grade(b.commander.grade);
                    out.push_back({b.name, d.name, b.label.text(), name_of(rules.find_rating(b.rating), b.rating),
                                   grade && b.commander.present() ? grade->mark : ""});
                }
    return out;
}

}  // namespace muster::exporter
