// What the order-of-battle writers share: the provenance line, the brigade row, the
// division's facts, the commander, and the labels.
#include "core/clock.hpp"
#include "core/text.hpp"
#include "core/version.hpp"
#include "export/division_text.hpp"
#include "export/oob.hpp"

#include <algorithm>


namespace muster::exporter {
namespace {

std::string name_of(const rules::Named* named, const std::string& id) { return named ? named->name : id; }

}  // namespace

std::vector<std::string> provenance_fields(const rules::RuleSet& rules, const army::OrderOfBattle& oob, const Provenance& p) {
    const auto* viewer = rules.find_side(oob.view.side());
    return {std::string("muster ") + k_version, oob.campaign, text_or(p.date, ""), p.turn.text(),
            viewer ? "view of the " + viewer->name : std::string("umpire's view")};
}

std::string provenance_line(const rules::RuleSet& rules, const army::OrderOfBattle& oob, const Provenance& p) {
    auto fields = provenance_fields(rules, oob, p);
    fields.erase(std::remove(fields.begin(), fields.end(), std::string()), fields.end());  // a campaign without a date
    return join(fields, " | ");
}

std::string commander_text(const rules::RuleSet& rules, const army::Leader& l) {
    if (!l.present()) return "";
    return "(" + leader_text(rules, l) + (is_active(l.status) ? "" : ", " + word(l.status)) + ")";
}

std::string division_facts(const rules::RuleSet& rules, const army::Division& d, const std::string& known_theater) {
    std::string facts = name_of(rules.find_arm(d.arm), d.arm);
    if (d.status == DivisionStatus::placeholder) facts += ", not yet arrived";
    if (d.year) facts += ", " + std::to_string(d.year);
    if (!d.theater.empty() && d.theater != known_theater) facts += ", " + name_of(rules.find_theater(d.theater), d.theater);
    if (!d.nationality.empty()) facts += ", " + name_of(rules.find_nationality(d.nationality), d.nationality);
    return facts + (d.hidden ? ", hidden" : ", seen");
}

std::vector<std::string> brigade_cells(const rules::RuleSet& rules, const army::Brigade& b) {
    return {b.name,
            std::to_string(b.stands) + "/" + std::to_string(b.start_stands),
            b.label.text(),
            is_active(b.status) ? std::string(spell(b.state())) : word(b.status),
            name_of(rules.find_rating(b.rating), b.rating),
            b.commander.present()
                ? leader_text(rules, b.commander) + (is_active(b.commander.status) ? "" : ", " + word(b.commander.status)) +
                      (b.alternate.present() ? "; alternate " + leader_text(rules, b.alternate) +
                                                   (is_active(b.alternate.status) ? "" : ", " + word(b.alternate.status))
                                             : "")
                : "-"};
}

Totals& Totals::operator+=(const Totals& other) {
    brigades += other.brigades;
    stands += other.stands;
    start += other.start;
    batteries += other.batteries;
    return *this;
}

namespace {

int in_service(const std::vector<army::Battery>& list) {
    return static_cast<int>(std::count_if(list.begin(), list.end(), [](const army::Battery& b) { return is_active(b.status); }));
}

}  // namespace

Totals totals_of(const army::Division& d) {
    Totals t;
    for (const auto& b : d.brigades) {
        if (!is_active(b.status)) continue;
        ++t.brigades;
        t.stands += b.stands;
        t.start += b.start_stands;
    }
    t.batteries = in_service(d.batteries);
    return t;
}

Totals totals_of(const army::Corps& k) {
    Totals t;
    for (const auto& d : k.divisions) t += totals_of(d);
    t.batteries += in_service(k.reserve);
    return t;
}

Totals totals_of(const army::Army& a) {
    Totals t;
    for (const auto& k : a.corps) t += totals_of(k);
    t.batteries += in_service(a.reserve);
    return t;
}

std::vector<std::pair<std::string, Totals>> side_totals(const army::OrderOfBattle& oob) {
    std::vector<std::pair<std::string, Totals>> out;
    for (const auto& a : oob.armies) {
        auto it = std::find_if(out.begin(), out.end(), [&](const auto& s) { return s.first == a.side; });
        if (it == out.end()) it = out.insert(out.end(), {a.side, Totals{}});
        it->second += totals_of(a);
    }
    return out;
}

std::string totals_text(const rules::RuleSet& rules, const Totals& t) {
    return rules.count_brigades(t.brigades) + ", " + std::to_string(t.stands) + "/" + std::to_string(t.start) + " stands, " +
           count_of(t.batteries, "battery", "batteries");
}

std::vector<std::string> side_totals_lines(const rules::RuleSet& rules, const army::OrderOfBattle& oob) {
    std::vector<std::string> out;
    for (const auto& [id, t] : side_totals(oob)) {
        const auto* side = rules.find_side(id);
        out.push_back((side ? side->name : id) + ": " + totals_text(rules, t));
    }
    return out;
}

std::string LabelText::third_line() const {
    std::string out = effectiveness;
    for (const auto* part : {&rating, &mark})
        if (!part->empty()) out += "  " + *part;
    return out;
}

std::vector<LabelText> label_texts(const rules::RuleSet& rules, const army::OrderOfBattle& oob) {
    std::vector<LabelText> out;
    // A leader stand's label: his name, his post and what his grade binds him to, his grade
    // and its mark ("DP").
    const auto leader = [&](const army::Leader& l, Rank rank, const std::string& unit) {
        if (!l.present() || !is_active(l.status)) return;
        const auto* grade = rules.find_grade(l.grade);
        std::string post = (l.name.empty() ? "" : rules.rank_name(rank) + ", ") + unit;
        if (l.company) post += "; " + l.company->text;
        if (grade && rank == Rank::division && !grade->division_leader_note.empty()) post += "; " + grade->division_leader_note;
        out.push_back({l.name.empty() ? rules.rank_name(rank) : l.name, "", post,
                       l.grade == army::k_unrevealed_grade ? "grade not revealed" : name_of(grade, l.grade), "", grade ? grade->mark : ""});
    };
    for (const auto& a : oob.armies)
        for (const auto& k : a.corps) {
            leader(k.commander, Rank::corps, k.name);
            for (const auto& d : k.divisions) {
                leader(d.commander, Rank::division, d.name);
                for (const auto& b : d.brigades) {
                    if (!is_active(b.status)) continue;
                    const auto& c = b.commander;
                    const auto* grade = rules.find_grade(c.grade);
                    out.push_back({b.name, c.present() && is_active(c.status) ? c.name : "", d.name, b.label.text(),
                                   name_of(rules.find_rating(b.rating), b.rating), grade && c.present() ? grade->mark : ""});
                }
            }
        }
    return out;
}

}  // namespace muster::exporter
