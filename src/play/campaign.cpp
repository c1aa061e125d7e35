#include "play/campaign.hpp"

#include "core/error.hpp"
#include "core/text.hpp"

#include <algorithm>

namespace muster::play {
namespace {

using rules::CampaignBinding;
using rules::Party;
using rules::PlayModifier;
using rules::PlayTable;

enum class Truth { no, yes, unknown };

struct Verdict {
    Truth truth = Truth::unknown;
    std::vector<std::string> why;  ///< yes: the facts that make it hold; no: those that fail it
    std::string text() const { return join(why, "; "); }
};

void add_once(std::vector<std::string>& to, const std::string& why) {
    if (std::find(to.begin(), to.end(), why) == to.end()) to.push_back(why);
}

// Whether a binding holds for a unit's facts: yes when one set of tests holds whole, no when
// every set has a test that fails, unknown otherwise (a fact the campaign does not know).
Verdict judge(const CampaignBinding& b, const Facts* facts) {
    Verdict out;
    if (!facts || b.empty()) return out;
    out.truth = Truth::no;
    std::vector<std::string> failing;
    for (const auto& tests : b.when) {
        Truth alt = Truth::yes;
        std::vector<std::string> why;
        for (const auto& test : tests) {
            const auto* known = facts->find(test.fact);
            if (!known) {
                alt = Truth::unknown;
                continue;
            }
            int year = 0;
            const bool pass = test.before_year ? parse_int(known->value, year) && year < *test.before_year
                                               : std::find(test.values.begin(), test.values.end(), known->value) != test.values.end();
            if (!pass) {
                alt = Truth::no;
                add_once(failing, known->why);
                break;
            }
            add_once(why, known->why);
        }
        if (alt == Truth::yes) return {Truth::yes, why};
        if (alt == Truth::unknown) out.truth = Truth::unknown;
    }
    if (out.truth == Truth::no) out.why = failing;
    return out;
}

std::string named(const PlayModifier& m, Party party) {
    return "modifier \"" + (party == Party::either ? std::string() : std::string(spell(party)) + ":") + m.id + "\" (" + m.text + ", " + m.value_text() +
           ")";
}

const char* k_override = ": give --override to roll it as you give it (in the GUI, tick Override the campaign; the journal keeps it as your choice)";

}  // namespace

Resolved with_campaign(const PlayTable& t, const Request& as_typed, const Units& units, bool override) {
    const auto typed = spelled_as_table(t, as_typed);
    Resolved out{typed, {}};
    auto facts_for = [&](const CampaignBinding& b, Party party) -> const Facts* {
        if (party == Party::defender) return units.defender;
        return b.of == rules::Whose::firer ? units.firer : units.unit;
    };

    // The table: one the campaign does not roll for this unit (Good Order for a disordered one) is
    // refused, unless the table may know more than the campaign.
    if (const auto v = judge(t.campaign, facts_for(t.campaign, Party::either)); v.truth == Truth::no && !t.campaign.or_at_table) {
        if (!override) throw Error("table " + t.id + " (" + t.title + ") contradicts the campaign: " + v.text() + k_override);
        out.given_over.push_back("table " + t.id + " where " + v.text());
    }

    // The column: the one the campaign's facts pick, unless one is given; a given one they
    // contradict is refused.
    const rules::PlayColumn* column = nullptr;
    if (!t.by_points()) {
        if (typed.column.empty()) {
            std::vector<std::string> failed;  // why each column the campaign could read is not
            for (const auto& c : t.columns) {
                const auto v = judge(c.campaign, facts_for(c.campaign, Party::either));
                if (v.truth == Truth::yes) {
                    column = &c;
                    out.request.column = c.id;
                    out.request.column_from = v.text();
                    break;
                }
                if (v.truth == Truth::no) add_once(failed, v.text());
            }
            // The campaign read the unit and found no column: said, not left as a bare request.
            if (!column && t.columns.size() > 1 && !failed.empty())
                throw UsageError("table " + t.id + " is read in one of its columns (" + t.column_name + "), and the campaign reads none for it (" + join(failed, "; ") +
                                 "): give --column, one of " + join(column_ids(t), ", "));
        } else if ((column = t.find_column(typed.column))) {
            const auto v = judge(column->campaign, facts_for(column->campaign, Party::either));
            if (v.truth == Truth::no && !column->campaign.or_at_table) {
                std::string instead;
                for (const auto& c : t.columns)
                    if (judge(c.campaign, facts_for(c.campaign, Party::either)).truth == Truth::yes) instead = c.id;
                const auto read = v.text() + (instead.empty() ? "" : " (the campaign reads column " + instead + ")");
                if (!override)
                    throw Error("column \"" + column->id + "\" (" + column->name + ") of table " + t.id + " contradicts the campaign: " + read + k_override);
                out.given_over.push_back("column " + column->id + " where " + read);
            }
            if (v.truth == Truth::yes) out.request.column_from = v.text();
        }
        if (!column && t.columns.size() == 1) column = &t.columns.front();
    }
    // What excludes a group: the column (NO: no leader in radius), or a typed modifier (out of radius).
    std::vector<std::pair<std::string, std::string>> excluders;  // group, what excludes it
    if (column)
        for (const auto& g : column->excludes) excluders.push_back({g, "column \"" + column->id + "\" (" + column->name + ")"});
    for (const auto& c : typed.modifiers)
        if (const auto* m = t.find_modifier(c.modifier, c.party))
            for (const auto& g : m->excludes) excluders.push_back({g, named(*m, c.party)});
    auto excluded_by = [&](const PlayModifier& m) -> std::string {
        for (const auto& [g, by] : excluders)
            if (!m.group.empty() && g == m.group) return by;
        return "";
    };
    auto excluded = [&](const PlayModifier& m) { return !excluded_by(m).empty(); };

    // The typed modifiers: refused where the campaign's facts say otherwise.
    for (auto& c : out.request.modifiers) {
        const auto* m = t.find_modifier(c.modifier, c.party);
        if (!m) continue;  // the roll refuses it, naming the modifiers there are
        if (excluded(*m) && !override)
            throw Error(named(*m, c.party) + " is of the " + m->group + " modifiers, which do not apply with " + excluded_by(*m) + k_override);
        const auto v = judge(m->campaign, facts_for(m->campaign, c.party));
        if (v.truth == Truth::no && !m->campaign.or_at_table) {
            if (!override) throw Error(named(*m, c.party) + " contradicts the campaign: " + v.text() + k_override);
            out.given_over.push_back(named(*m, c.party) + " where " + v.text());
        }
        if (v.truth == Truth::yes) c.from = v.text();
    }

    // The campaign's own: each modifier whose facts hold, for each party it may be for.
    std::vector<Choice> campaign;
    for (const auto& m : t.modifiers) {
        if (m.campaign.empty() || excluded(m)) continue;
        std::vector<Party> parties{m.party};
        if (t.difference && m.party == Party::either) parties = {Party::attacker, Party::defender};
        for (const auto party : parties) {
            const auto v = judge(m.campaign, facts_for(m.campaign, party));
            if (v.truth != Truth::yes) continue;
            auto same = [&](const Choice& c) { return c.party == party && c.modifier == m.id; };
            if (std::any_of(typed.modifiers.begin(), typed.modifiers.end(), same)) continue;
            if (override) {
                out.overridden.push_back(named(m, party) + ": " + v.text());
                continue;
            }
            for (const auto& c : typed.modifiers) {
                const auto* other = t.find_modifier(c.modifier, c.party);
                if (other && c.party == party && !m.group.empty() && other->group == m.group)
                    throw Error(named(*other, party) + " contradicts the campaign, which gives " + named(m, party) + " of the same group (" + m.group +
                                "): " + v.text() + k_override);
            }
            campaign.push_back({m.id, party, std::nullopt, v.text()});
        }
    }
    campaign.insert(campaign.end(), out.request.modifiers.begin(), out.request.modifiers.end());
    out.request.modifiers = std::move(campaign);
    return out;
}

}  // namespace muster::play
