#include "export/division_text.hpp"

#include "core/text.hpp"
#include "export/text_table.hpp"

#include <fmt/format.h>

namespace muster::exporter {

std::string leader_text(const rules::RuleSet& rules, const army::Leader& leader) {
    std::string out = leader.name.empty() ? "" : leader.name + ", ";
    const auto* grade = rules.find_grade(leader.grade);
    if (leader.grade == army::k_unrevealed_grade) {
        out += "grade not revealed";
    } else {
        out += rules::name_or_id(grade, leader.grade);
        if (grade && !grade->mark.empty()) out += " [" + grade->mark + "]";
        if (leader.rolled_grade != leader.grade)
            out += " (rolled " + rules::name_or_id(rules.find_grade(leader.rolled_grade), leader.rolled_grade) + ", by the book)";
    }
    // What his grade binds him to: a corps leader's attachment, a division leader's radius.
    if (leader.company) out += "; " + leader.company->text;
    if (grade && leader.rank == Rank::division && !grade->division_leader_note.empty()) out += "; " + grade->division_leader_note;
    return out;
}

std::string division_text(const rules::RuleSet& rules, const army::Division& d) {
    const auto* side = rules.find_side(d.side);
    // "Krafft (Infantry, Allies, Prussians)": its side by name, not as a word of its nationality
    // ("Allies Infantry"); a nationality called as its side is ("British") said once.
    const auto& side_name = rules::name_or_id(side, d.side);
    std::string out = fmt::format("{} ({}, {}", d.name, rules::name_or_id(rules.find_arm(d.arm), d.arm), side_name);
    if (const auto& nationality = rules::name_or_id(rules.find_nationality(d.nationality), d.nationality); !nationality.empty() && nationality != side_name)
        out += ", " + nationality;
    out += ")";
    if (d.year) out += fmt::format(", {}", d.year);
    if (!d.theater.empty()) out += ", " + rules::name_or_id(rules.find_theater(d.theater), d.theater);
    out += "\n" + rules.rank_name(Rank::division) + ": " + leader_text(rules, d.commander) + "\n";

    TextTable table;
    table.add({rules.term_brigade, "Stands", "Label", "State", "Rating", "Commander"});
    for (const auto& b : d.brigades)
        table.add({b.name, std::to_string(b.stands), b.label.text(), std::string(b.state_text()),
                   rules::name_or_id(rules.find_rating(b.rating), b.rating),
                   leader_text(rules, b.commander) +
                       (b.alternate.value_or_default().present() ? "; alternate " + leader_text(rules, *b.alternate) : "")});
    table.right_align(1);
    out += table.render(2);

    const auto& a = d.artillery;
    out += fmt::format("Stands: {}.", d.stands());
    if (a.stands_per_battery) {
        out += fmt::format(" Artillery: 1 battery per {} stands; {}/{} = {}.{:02d}: ", a.stands_per_battery, a.total_stands,
                           a.stands_per_battery, a.whole, a.fraction_percent);
        if (a.fraction_percent) {
            // "an 8%", "an 11%", "an 18%", "an 80%": as the number is said.
            const int p = a.fraction_percent;
            const bool an = p == 8 || p == 11 || p == 18 || (p >= 80 && p <= 89);
            out += fmt::format("{} and {} {}% chance of one more ({}): ", count_of(a.whole, "battery", "batteries"), an ? "an" : "a", p,
                               a.extra ? "rolled" : "missed");
        }
        out += count_of(a.batteries, "battery", "batteries") + ".\n";
        std::vector<std::string> own, reserve;
        for (const auto& bat : d.batteries) (bat.reserve ? reserve : own).push_back(bat.name);
        out += fmt::format("  {}: {}{}\n", rules.term_division, count_of(static_cast<int>(own.size()), "battery", "batteries"),
                           own.empty() ? "" : " (" + join(own, ", ") + ")");
        out += fmt::format("  {}: {}{}\n", rules.reserve_name(d.side),
                           count_of(static_cast<int>(reserve.size()), "battery", "batteries"),
                           reserve.empty() ? "" : " (" + join(reserve, ", ") + ")");
    } else {
        // A rule set with no artillery table (L'Ordre Mixte's article gives none): said, and how.
        out += " Artillery: the rule set rolls none; a campaign adds batteries by hand (muster add battery NAME --division DIVISION).\n";
    }
    return out;
}

std::string rolls_text(const std::vector<dice::RollRecord>& rolls) {
    TextTable table;
    table.add({"#", "For", "Dice", "Faces", "Reads", "Result"});
    for (size_t i = 0; i < rolls.size(); ++i) {
        const auto& r = rolls[i];
        table.add({std::to_string(i + 1), r.purpose, std::string(rules::die_name(r.thrown.die)), r.thrown.faces_text(),
                   r.thrown.reading_text(),
                   r.result});
    }
    table.right_align(0);
    table.right_align(4);
    return table.render();
}

}  // namespace muster::exporter
