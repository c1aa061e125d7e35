// What the order-of-battle writers share: the provenance line, the brigade row, the
// division's facts, the commander, and the labels.
#include "core/names.hpp"
#include "core/clock.hpp"
#include "core/text.hpp"
#include "core/version.hpp"
#include "export/division_text.hpp"
#include "export/oob_writer.hpp"

#include <algorithm>

namespace muster::exporter {

std::vector<std::string> provenance_fields(const rules::RuleSet& rules, const army::OobSource& oob, const Provenance& p) {
    const auto* viewer = rules.find_side(oob.view.side());
    return {std::string("muster ") + k_version, one_line(oob.campaign), text_or(p.date, ""), p.turn.text(),
            viewer ? "view of " + rules.the_side(viewer->id) : std::string("umpire's view")};
}

std::string provenance_line(const rules::RuleSet& rules, const army::OobSource& oob, const Provenance& p) {
    auto fields = provenance_fields(rules, oob, p);
    fields.erase(std::remove(fields.begin(), fields.end(), std::string()), fields.end());  // a campaign without a date
    return join(fields, " | ");
}

std::string commander_text(const rules::RuleSet& rules, const army::Leader& l) {
    if (!l.present()) return "";
    return "(" + leader_text(rules, l) + (is_active(l.status) ? "" : ", " + word(l.status)) + ")";
}

std::string division_facts(const rules::RuleSet& rules, const army::Division& d, const std::string& known_theater) {
    std::string facts = rules::name_or_id(rules.find_arm(d.arm), d.arm);
    if (d.status == DivisionStatus::placeholder) facts += ", not yet arrived";
    if (d.year) facts += ", " + std::to_string(d.year);
    if (!d.theater.empty() && d.theater != known_theater) facts += ", " + rules::name_or_id(rules.find_theater(d.theater), d.theater);
    if (!d.nationality.empty()) facts += ", " + rules::name_or_id(rules.find_nationality(d.nationality), d.nationality);
    return facts + (d.hidden ? ", hidden" : ", seen");
}

std::vector<std::string> brigade_cells(const rules::RuleSet& rules, const army::Brigade& b) {
    const auto& alternate = b.alternate.value_or_default();
    return {b.name,
            std::to_string(b.stands) + "/" + std::to_string(b.start_stands),
            b.label.text(),
            is_active(b.status) ? std::string(b.state_text()) : word(b.status),
            rules::name_or_id(rules.find_rating(b.rating), b.rating),
            b.commander.present()
                ? leader_text(rules, b.commander) + (is_active(b.commander.status) ? "" : ", " + word(b.commander.status)) +
                      (alternate.present() ? "; alternate " + leader_text(rules, alternate) +
                                                   (is_active(alternate.status) ? "" : ", " + word(alternate.status))
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

void OobWriter::army(const army::Army& a) {
    m_army = a;
    m_army_total = {};
    m_army_total.batteries = in_service(a.reserve);
    begin_army(a);
}

void OobWriter::corps(const army::Corps& k) {
    m_corps = k;
    m_corps_total = {};
    m_corps_total.batteries = in_service(k.reserve);
    begin_corps(m_army, k);
}

void OobWriter::division(const army::Division& d) {
    const auto t = totals_of(d);
    m_corps_total += t;
    write_division(m_army, m_corps, d, t);
}

void OobWriter::end_corps() {
    m_army_total += m_corps_total;
    finish_corps(m_army, m_corps, m_corps_total);
}

void OobWriter::end_army() {
    auto it = std::find_if(m_sides.begin(), m_sides.end(), [&](const auto& s) { return s.first == m_army.side; });
    if (it == m_sides.end()) it = m_sides.insert(m_sides.end(), {m_army.side, Totals{}});
    it->second += m_army_total;
    finish_army(m_army, m_army_total);
}

std::string batteries_text(const std::vector<army::Battery>& list, std::string (*escape)(const std::string&)) {
    std::vector<std::string> active, out;
    for (const auto& b : list) (is_active(b.status) ? active : out).push_back((escape ? escape(b.name) : b.name) + (is_active(b.status) ? "" : " (" + word(b.status) + ")"));
    return (active.empty() ? std::string(out.empty() ? "none" : "none in service") : count_of(static_cast<int>(active.size()), "battery", "batteries") + ": " + join(active, ", ")) +
           (out.empty() ? "" : "; out of service: " + join(out, ", "));
}

bool shows_artillery(const rules::RuleSet& rules, const std::vector<army::Battery>& list) { return rules.generation.artillery || !list.empty(); }

std::string totals_text(const rules::RuleSet& rules, const Totals& t) {
    return rules.count_brigades(t.brigades) + ", " + std::to_string(t.stands) + "/" + std::to_string(t.start) + " stands" +
           (rules.generation.artillery || t.batteries ? ", " + count_of(t.batteries, "battery", "batteries") : "");
}

std::vector<std::string> side_totals_lines(const rules::RuleSet& rules, const View& view, const SideTotals& sides) {
    std::vector<std::string> out;
    for (const auto& [id, t] : sides) {
        const auto* side = rules.find_side(id);
        // The enemy's, in a side's view, are of what it has seen: not read as his whole strength.
        out.push_back((side ? side->name : id) + (view.is_umpire() || view.side() == id ? "" : " (as far as seen)") + ": " + totals_text(rules, t));
    }
    return out;
}

std::string LabelText::third_line() const {
    std::string out = effectiveness;
    for (const auto* part : {&rating, &mark})
        if (!part->empty()) out += "  " + *part;
    return out;
}

namespace {

// Each label as the walk comes to it.
class Labels final : public army::OobVisitor {
public:
    Labels(const rules::RuleSet& rules, const std::function<void(const LabelText&)>& label) : m_rules(rules), m_label(label) {}
    void army(const army::Army& a) override { leader(a.commander, Rank::army, a.name); }
    void corps(const army::Corps& k) override { leader(k.commander, Rank::corps, k.name); }
    void division(const army::Division& d) override {
        leader(d.commander, Rank::division, d.name);
        for (const auto& b : d.brigades) {
            if (!is_active(b.status)) continue;
            // His name and his grade's mark while he commands it (not fallen or taken: the unit
            // plays as having no commander then, or under its Alternate where it has one in play).
            const auto in_play = [](const army::Leader& l) { return l.present() && is_active(l.status); };
            const auto& alternate = b.alternate.value_or_default();
            const auto& c = in_play(b.commander) || !in_play(alternate) ? b.commander : alternate;
            const bool commands = in_play(c);
            const auto* grade = m_rules.find_grade(c.grade);
            // The Alternate beside his Main, both in play (a unit with extra command).
            const bool both = commands && &c == &b.commander && in_play(alternate);
            const auto named = [](const army::Leader& l) { return l.name.empty() ? std::string("unnamed") : l.name; };
            m_label({b.name, commands ? (both ? named(c) + "; alternate " + named(alternate) : c.name) : "", d.name, b.label.text(),
                     rules::name_or_id(m_rules.find_rating(b.rating), b.rating), grade && commands ? grade->mark : ""});
        }
    }
    void end_corps() override {}
    void end_army() override {}

private:
    // A leader stand's label: his name, his post and what his grade binds him to, his grade
    // and its mark ("DP").
    void leader(const army::Leader& l, Rank rank, const std::string& unit) {
        if (!l.present() || !is_active(l.status)) return;
        const auto* grade = m_rules.find_grade(l.grade);
        std::string post = (l.name.empty() ? "" : m_rules.rank_name(rank) + ", ") + unit;
        if (l.company) post += "; " + l.company->text;
        if (grade && rank == Rank::division && !grade->division_leader_note.empty()) post += "; " + grade->division_leader_note;
        m_label({l.name.empty() ? m_rules.rank_name(rank) : l.name, "", post,
                 l.grade == army::k_unrevealed_grade ? "grade not revealed" : rules::name_or_id(grade, l.grade), "", grade ? grade->mark : ""});
    }
    const rules::RuleSet& m_rules;
    const std::function<void(const LabelText&)>& m_label;
};

}  // namespace

void each_label(const rules::RuleSet& rules, const army::OobSource& oob, const std::function<void(const LabelText&)>& label) {
    Labels labels(rules, label);
    oob.walk(labels);
}

std::vector<LabelText> label_texts(const rules::RuleSet& rules, const army::OrderOfBattle& oob) {
    std::vector<LabelText> out;
    each_label(rules, army::OobSource::of(oob), [&](const LabelText& l) { out.push_back(l); });
    return out;
}

}  // namespace muster::exporter
