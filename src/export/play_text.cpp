#include "export/play_text.hpp"

#include "core/text.hpp"
#include "export/text_table.hpp"

#include <cereal/archives/json.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/vector.hpp>

#include <algorithm>
#include <sstream>

namespace muster::exporter {
namespace {

using rules::PlayLayout;
using rules::PlayTable;

std::string kind_name(rules::PlayKind kind) {
    switch (kind) {
        case rules::PlayKind::roll: return "roll";
        case rules::PlayKind::grid: return "reference";
        case rules::PlayKind::ranges: return "ranges";
    }
    return "?";
}

std::string dice_text(const PlayTable& t) {
    if (t.kind != rules::PlayKind::roll) return "-";
    return std::string(rules::die_name(t.die)) + (t.difference ? " each side, difference" : "");
}

// Marks what a reading of muster's is on: a modifier, result or column by id.
std::string marked(const PlayTable& t, const std::string& id) {
    return std::any_of(t.readings.begin(), t.readings.end(), [&](const rules::Reading& r) { return r.on == id; }) ? " *" : "";
}

// Marks a band muster reads otherwise than it is printed.
std::string band_cell(const rules::PlayRow& row) { return row.band.text + (row.reading.empty() ? "" : " *"); }

std::string laid_out(const PlayTable& t) {
    TextTable grid;
    const bool named_columns = !(t.columns.size() == 1 && t.columns[0].id.empty());
    switch (t.layout) {
        case PlayLayout::score_rows: {
            // A row a band of scores (taken from the first column), a column a column.
            std::vector<std::string> header{t.difference ? "Difference" : "Score"};
            for (const auto& c : t.columns) header.push_back(named_columns ? c.name + marked(t, c.id) : "Result");
            grid.add(header);
            for (size_t i = 0; i < t.columns[0].rows.size(); ++i) {
                std::vector<std::string> line{band_cell(t.columns[0].rows[i])};
                for (const auto& c : t.columns)
                    line.push_back(i < c.rows.size() ? t.results[c.rows[i].result].text + marked(t, t.results[c.rows[i].result].id) : "");
                grid.add(line);
            }
            break;
        }
        case PlayLayout::result_rows: {
            std::vector<std::string> header;
            for (const auto& c : t.columns) header.push_back(c.name + marked(t, c.id));
            header.push_back("Result");
            grid.add(header);
            for (size_t r = 0; r < t.results.size(); ++r) {
                std::vector<std::string> line;
                for (const auto& c : t.columns) {
                    std::string cell = "n/a";
                    for (const auto& row : c.rows)
                        if (row.result == r) cell = band_cell(row);
                    line.push_back(cell);
                }
                line.push_back(t.results[r].heading() + marked(t, t.results[r].id));
                grid.add(line);
            }
            break;
        }
        case PlayLayout::column_rows: {
            std::vector<std::string> header{t.column_name.empty() ? std::string("Column") : t.column_name};
            for (const auto& r : t.results) header.push_back(r.heading() + marked(t, r.id));
            grid.add(header);
            for (const auto& c : t.columns) {
                std::vector<std::string> line{c.name + marked(t, c.id)};
                for (size_t r = 0; r < t.results.size(); ++r) {
                    std::string cell;
                    for (const auto& row : c.rows)
                        if (row.result == r) cell = band_cell(row);
                    line.push_back(cell);
                }
                grid.add(line);
            }
            break;
        }
    }
    std::string out = grid.render(2);
    if (t.layout != PlayLayout::score_rows) {
        bool long_texts = false;
        for (const auto& r : t.results) long_texts = long_texts || (!r.name.empty() && r.name != r.text);
        if (long_texts) {
            out += "\n  Results:\n";
            for (const auto& r : t.results) out += "    " + r.text + "\n";
        }
    }
    return out;
}

std::string modifiers_text(const PlayTable& t) {
    if (t.modifiers.empty()) return "";
    TextTable grid;
    grid.add({"Modifier", "Value", t.difference ? "Whose roll" : "", "Id"});
    for (const auto& m : t.modifiers)
        grid.add({m.text + (m.group.empty() ? "" : " [one of " + m.group + "]") + (m.needs.empty() ? "" : " [with " + join(m.needs, " or ") + "]") + (m.campaign.empty() ? "" : " (campaign)") + marked(t, m.id), m.value_text(),
                  t.difference ? std::string(m.party == rules::Party::either ? "either" : spell(m.party)) : "", m.id});
    return "\n  Modifiers:\n" + grid.render(4);
}

std::string ranges_text(const PlayTable& t) {
    TextTable grid;
    size_t most = 0;
    for (const auto& w : t.weapons) most = std::max(most, w.bands.size());
    if (!t.range_header.empty()) grid.add(t.range_header);
    // A "Range" heading after the weapon's is its reach, the last band's distance.
    const bool has_range_column = t.range_header.size() == most + 2;
    for (const auto& w : t.weapons) {
        std::vector<std::string> line{w.name};
        if (has_range_column) {
            std::optional<int> reach;
            for (const auto& b : w.bands)
                if (b.up_to) reach = b.up_to;
            line.push_back(reach ? std::to_string(*reach) + " inches" : "");
        }
        for (const auto& b : w.bands) line.push_back(b.text);
        grid.add(line);
    }
    TextTable points;
    for (const auto& w : t.weapons) {
        std::vector<std::string> parts;
        for (const auto& b : w.bands)
            if (b.up_to) parts.push_back((b.name.empty() ? "" : b.name + " ") + "up to " + std::to_string(*b.up_to) + "\": " + b.points.text());
        points.add({w.name + " (a " + w.per + ")", join(parts, "; ")});
    }
    return grid.render(2) + "\n  Fire points:\n" + points.render(4);
}

void add_effects(std::vector<std::string>& parts, const rules::PlayEffects& e) {
    if (e.stands_lost) parts.push_back(count_of(e.stands_lost, "stand", "stands") + " lost");
    if (e.stands_captured) parts.push_back(count_of(e.stands_captured, "stand", "stands") + " captured");
    if (e.captured_each_over) parts.push_back("one more captured for each point of difference over " + std::to_string(e.captured_each_over));
    if (e.disordered) parts.push_back("disordered");
    if (e.leader) parts.push_back("leader " + word(*e.leader));
    if (!e.leader_roll.empty()) parts.push_back("roll " + e.leader_roll + " for the leader");
    if (e.battery) parts.push_back("battery " + word(*e.battery));
    for (const auto& c : e.leader_checks) parts.push_back("leader " + word(c.fate) + " on a d10 of " + c.band.text);
    if (e.rallied) parts.push_back("disorder removed");
    if (e.low_ammo) parts.push_back("low on ammunition");
    if (e.silenced) parts.push_back("battery silenced");
    if (e.damaged) parts.push_back("battery damaged");
    if (e.removed) parts.push_back("removed from play");
    if (e.broken_reroll) parts.push_back("BROKEN: rolled again at once, removed from play on " + std::to_string(e.broken_reroll) + " or less");
}

// What a binding tests, as the campaign's errors name facts: "disordered is no", "rating is
// elite or crack and formation is line", "year before 1809".
std::string binding_text(const rules::CampaignBinding& b) {
    std::vector<std::string> alternatives;
    for (const auto& tests : b.when) {
        std::vector<std::string> parts;
        for (const auto& test : tests)
            parts.push_back(test.before_year ? "year before " + std::to_string(*test.before_year) : std::string(spell(test.fact)) + " is " + join(test.values, " or "));
        alternatives.push_back(join(parts, " and "));
    }
    return join(alternatives, "; or ") + (b.or_at_table ? "; or as given at the table" : "");
}

std::string signed_text(int v) { return (v >= 0 ? "+" : "") + std::to_string(v); }

}  // namespace

std::string effects_text(const rules::PlayEffects& effects) {
    std::vector<std::string> parts;
    add_effects(parts, effects);
    return join(parts, ", ");
}

std::string play_tables_text(const rules::RuleSet& rules) {
    if (rules.play_tables.empty())
        return "Rule set " + rules.id + " has no play tables. Add your own to a copy: muster rules copy " + rules.id + " FILE\n";
    TextTable grid;
    grid.add({"Id", "Kind", "Dice", "Columns", "Title"});
    for (const auto& t : rules.play_tables) {
        std::string columns = "-";
        if (t.by_points()) columns = "by fire points";
        else if (t.columns.size() > 1) {
            std::vector<std::string> ids;
            for (const auto& c : t.columns) ids.push_back(c.id);
            columns = join(ids, ", ");
        }
        grid.add({t.id, kind_name(t.kind), dice_text(t), columns, t.title});
    }
    return grid.render();
}

std::string play_table_text(const PlayTable& t) {
    const bool whole_read = std::any_of(t.readings.begin(), t.readings.end(), [](const rules::Reading& r) { return r.on.empty(); });
    std::string out = t.title + (whole_read ? " *" : "") + "  [" + t.id + (t.kind == rules::PlayKind::roll ? ", " + dice_text(t) : std::string()) + "]\n";
    if (!t.source.empty()) out += "  From: " + t.source + "\n";
    if (!t.campaign.empty()) out += "  In a campaign: rolled where " + binding_text(t.campaign) + "\n";
    out += "\n";
    switch (t.kind) {
        case rules::PlayKind::grid: {
            TextTable grid;
            grid.add(t.grid.header);
            for (const auto& r : t.grid.rows) grid.add(r);
            out += grid.render(2);
            break;
        }
        case rules::PlayKind::ranges: out += ranges_text(t); break;
        case rules::PlayKind::roll: {
            out += laid_out(t);
            out += modifiers_text(t);
            for (const auto& n : t.natural) {
                out += "\n  Before adjustment, " + n.band.text + ": " + n.text + "\n";
                if (n.effects.any()) out += "    muster carries: " + effects_text(n.effects) + "\n";
                if (n.firer_effects.any()) out += "    and on the firer: " + effects_text(n.firer_effects) + "\n";
            }
            bool effects = false;
            for (const auto& r : t.results) effects = effects || r.effects.any() || r.attacker_effects.any() || r.defender_effects.any();
            if (effects) {
                out += "\n  What muster carries into a battle report:\n";
                for (const auto& r : t.results) {
                    std::vector<std::string> parts;
                    if (r.effects.any()) parts.push_back(effects_text(r.effects));
                    if (r.attacker_effects.any()) parts.push_back("attacker: " + effects_text(r.attacker_effects));
                    if (r.defender_effects.any()) parts.push_back("defender: " + effects_text(r.defender_effects));
                    if (!parts.empty()) out += "    " + r.heading() + marked(t, r.id) + ": " + join(parts, "; ") + "\n";
                }
            }
            break;
        }
    }
    if (!t.note.empty()) out += "\n  Note: " + t.note + "\n";
    bool marked = false;
    for (const auto& c : t.columns)
        for (const auto& r : c.rows)
            if (!r.reading.empty()) {
                if (!marked) out += "\n  * Read by muster otherwise than printed:\n";
                marked = true;
                out += "    " + (c.name.empty() ? std::string() : c.name + " ") + r.band.text + ": " + r.reading + "\n";
            }
    if (!t.readings.empty()) {
        out += "\n  * muster's readings (muster's own where the source is garbled, open or silent):\n";
        for (const auto& r : t.readings) out += "    * " + (r.on.empty() ? std::string() : r.on + ": ") + r.text + "\n";
    }
    return out;
}

std::string play_roll_text(const play::Roll& roll) {
    const auto& t = *roll.table;
    std::string out = t.title + (roll.column && !roll.column->name.empty() ? ", " + (t.by_points() ? t.column_name + " " : std::string()) + roll.column->name : "") + "\n";
    if (roll.points) {
        out += "  Fire points: " + roll.points_given->text();
        if (*roll.points != *roll.points_given) out += ", " + roll.points->text() + " after the factors";
        out += " (row " + roll.column->name + ")\n";
    }
    if (t.difference) {
        out += "  Attacker rolled " + std::to_string(roll.throws[0].reading) + " (" + roll.throws[0].faces_text() + ")";
        out += ", defender " + std::to_string(roll.throws[1].reading) + " (" + roll.throws[1].faces_text() + ")\n";
    } else {
        out += "  Rolled " + std::to_string(roll.natural) + " (" + std::string(rules::die_name(t.die)) + ": " + roll.throws[0].faces_text() + ")\n";
    }
    if (!roll.column_from.empty()) out += "  Column " + roll.column->name + ", from the campaign: " + roll.column_from + "\n";
    for (const auto& a : roll.applied) out += "  " + a.text() + (a.from.empty() ? "" : "  (from the campaign: " + a.from + ")") + "\n";
    if (t.difference)
        out += "  Attacker " + std::to_string(roll.attacker) + ", defender " + std::to_string(roll.defender) + ": difference " + signed_text(roll.score) + "\n";
    else
        out += "  Score " + std::to_string(roll.score) + "\n";
    if (roll.read_at != roll.score) out += "  Read as " + std::to_string(roll.read_at) + " (the table starts there)\n";
    out += "  Row " + roll.row->band.text + (roll.row->reading.empty() ? "" : " (muster's reading: " + roll.row->reading + ")") + "\n";
    out += "  Result: " + roll.result->text + "\n";
    for (const auto* n : roll.natural_rolls) out += "  Before adjustment " + std::to_string(roll.natural) + ": " + n->text + "\n";
    if (roll.effects.any()) out += "  Effect: " + effects_text(roll.effects) + "\n";
    if (roll.attacker_effects.any()) out += "  Attacker: " + effects_text(roll.attacker_effects) + "\n";
    if (roll.defender_effects.any()) out += "  Defender: " + effects_text(roll.defender_effects) + "\n";
    if (roll.firer_effects.any()) out += "  Firer: " + effects_text(roll.firer_effects) + "\n";
    return out;
}

std::string broken_again_text(const play::Roll& first, const play::Roll& again) {
    const int at_most = first.effects.broken_reroll;
    const bool removed = again.score <= at_most;
    return "  Rolled again at once (BROKEN): " + std::to_string(again.natural) + " (" + std::string(rules::die_name(again.table->die)) + ": " +
           again.throws[0].faces_text() + "), score " +
           std::to_string(again.score) + (removed ? ": " + std::to_string(at_most) + " or less, removed from play\n"
                                                  : ": above " + std::to_string(at_most) + ", stays in play, BROKEN\n");
}

namespace {

struct JsonEffects {
    const rules::PlayEffects& e;
    template <class Archive>
    void save(Archive& ar) const {
        ar(cereal::make_nvp("stands_lost", e.stands_lost), cereal::make_nvp("stands_captured", e.stands_captured),
           cereal::make_nvp("disordered", e.disordered), cereal::make_nvp("leader", e.leader ? word(*e.leader) : std::string()),
           cereal::make_nvp("leader_roll", e.leader_roll), cereal::make_nvp("battery", e.battery ? word(*e.battery) : std::string()));
    }
};

struct JsonThrow {
    const dice::Throw& t;
    template <class Archive>
    void save(Archive& ar) const {
        ar(cereal::make_nvp("dice", std::string(rules::die_name(t.die))), cereal::make_nvp("faces", std::vector<int>(t.faces.begin(), t.faces.end())), cereal::make_nvp("reading", t.reading));
    }
};

struct JsonApplied {
    const play::Applied& a;
    template <class Archive>
    void save(Archive& ar) const {
        ar(cereal::make_nvp("id", a.modifier->id), cereal::make_nvp("text", a.modifier->text),
           cereal::make_nvp("party", std::string(spell(a.party))), cereal::make_nvp("times", a.times),
           cereal::make_nvp("value", a.value), cereal::make_nvp("factor", a.modifier->is_factor() ? a.modifier->value_text() : std::string()));
    }
};

}  // namespace

std::string play_roll_json(const play::Roll& roll, const std::string& rules_id, const play::Roll* broken_again) {
    std::ostringstream os;
    {
        cereal::JSONOutputArchive ar(os);
        const auto& t = *roll.table;
        ar(cereal::make_nvp("rules", rules_id), cereal::make_nvp("table", t.id), cereal::make_nvp("title", t.title),
           cereal::make_nvp("column", roll.column->id));
        if (roll.points) ar(cereal::make_nvp("points", roll.points_given->text()), cereal::make_nvp("points_after_factors", roll.points->text()));
        ar.setNextName("throws");
        ar.startNode();
        ar.makeArray();
        for (const auto& th : roll.throws) ar(JsonThrow{th});
        ar.finishNode();
        ar.setNextName("modifiers");
        ar.startNode();
        ar.makeArray();
        for (const auto& a : roll.applied) ar(JsonApplied{a});
        ar.finishNode();
        ar(cereal::make_nvp("natural", roll.natural), cereal::make_nvp("score", roll.score), cereal::make_nvp("read_at", roll.read_at),
           cereal::make_nvp("row", roll.row->band.text), cereal::make_nvp("result", roll.result->id), cereal::make_nvp("text", roll.result->text));
        std::vector<std::string> natural;
        for (const auto* n : roll.natural_rolls) natural.push_back(n->text);
        ar(cereal::make_nvp("before_adjustment", natural));
        if (t.difference) {
            ar(cereal::make_nvp("attacker_total", roll.attacker), cereal::make_nvp("defender_total", roll.defender));
            ar(cereal::make_nvp("attacker", JsonEffects{roll.attacker_effects}), cereal::make_nvp("defender", JsonEffects{roll.defender_effects}));
        } else {
            ar(cereal::make_nvp("effects", JsonEffects{roll.effects}));
        }
        if (broken_again)
            ar(cereal::make_nvp("broken_again", JsonThrow{broken_again->throws[0]}), cereal::make_nvp("broken_again_score", broken_again->score),
               cereal::make_nvp("removed_from_play", broken_again->score <= roll.effects.broken_reroll));
    }
    return os.str() + "\n";
}

}  // namespace muster::exporter
