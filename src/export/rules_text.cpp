#include "export/rules_text.hpp"

#include "core/match.hpp"
#include "core/names.hpp"
#include "core/text.hpp"
#include "export/text_table.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace muster::exporter {
namespace {

using rules::Field;
using rules::FieldValue;

template <class T>
std::string names(const std::vector<T>& items) {
    std::vector<std::string> out;
    for (const auto& x : items) out.push_back(x.name + " (" + x.id + ")");
    return join(out, ", ");
}

std::string condition_text(const rules::RuleSet& rules, const rules::Condition& c) {
    if (c.field == Field::year) return c.text;
    std::vector<std::string> out;
    for (const auto& id : c.ids) out.push_back(rules.describe(c.field, {0, id}));
    return join(out, "/");
}

std::string result_text(const rules::RuleSet& rules, const rules::RangeTable& t, const std::vector<FieldValue>& values) {
    std::vector<std::string> out;
    for (size_t i = 0; i < values.size(); ++i) out.push_back(rules.describe(t.sets[i], values[i]));
    return join(out, ", ");
}

template <class T>
size_t index_of(std::vector<T>& list, const T& value) {
    auto it = std::find(list.begin(), list.end(), value);
    if (it != list.end()) return static_cast<size_t>(it - list.begin());
    list.push_back(value);
    return list.size() - 1;
}

// A grade's or nationality's number as the source gives it: a command radius a distance in inches
// (`division_radius 8"`), anything else a modifier (`manoeuvre +1`).
std::string modifier_text(const std::string& name, int value) {
    const bool radius = name.size() > 7 && name.compare(name.size() - 7, 7, "_radius") == 0;
    return name + " " + (radius ? std::to_string(value) + "\"" : (value > 0 ? "+" : "") + std::to_string(value));
}

}  // namespace

std::string table_text(const rules::RuleSet& rules, const rules::RangeTable& t) {
    std::string out = t.title + "  [" + t.id + ", " + std::string(rules::die_name(t.die)) + "]\n";
    // A keyless table that sets two fields (year and theater) is a grid: first field across,
    // second down, as table 1 of the ACW article prints it.
    const bool grid = t.keys.empty() && t.sets.size() == 2 && t.blocks.size() == 1;
    std::vector<std::string> columns, row_names;
    std::vector<int> number_of;  // each column's value, where the table sets one number
    std::vector<std::vector<std::string>> cells;
    auto cell = [&](size_t row, size_t col) -> std::string& {
        if (cells.size() <= row) cells.resize(row + 1);
        if (cells[row].size() <= col) cells[row].resize(col + 1);
        return cells[row][col];
    };
    for (const auto& block : t.blocks) {
        std::vector<std::string> label;
        for (const auto& c : block.when) label.push_back(condition_text(rules, c));
        const size_t block_row = grid ? 0 : index_of(row_names, label.empty() ? std::string("All") : join(label, " "));
        for (const auto& row : block.rows) {
            if (grid) {
                const size_t col = index_of(columns, rules.describe(t.sets[0], row.values[0]));
                const size_t r = index_of(row_names, rules.describe(t.sets[1], row.values[1]));
                cell(r, col) = row.range.text;
            } else {
                const size_t col = index_of(columns, result_text(rules, t, row.values));
                if (col == number_of.size()) number_of.push_back(row.values[0].number);
                cell(block_row, col) = row.range.text;
            }
        }
    }
    // A table of one count (stands, brigades) in that count's order, as the sources print it,
    // whichever row gives each first (table 4's 5 stands are the Confederates' alone). Others in
    // the order their rows give them (table 6: a battery per 9 stands, then per 8).
    const bool numbered = !grid && t.sets.size() == 1 && (t.sets[0] == Field::stands || t.sets[0] == Field::brigades);
    if (numbered) {
        std::vector<size_t> order(columns.size());
        for (size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return number_of[a] < number_of[b]; });
        std::vector<std::string> sorted_columns;
        for (const auto i : order) sorted_columns.push_back(columns[i]);
        columns = std::move(sorted_columns);
        for (auto& line : cells) {
            line.resize(order.size());
            std::vector<std::string> sorted;
            for (const auto i : order) sorted.push_back(std::move(line[i]));
            line = std::move(sorted);
        }
    }
    TextTable table;
    std::vector<std::string> header{""};
    header.insert(header.end(), columns.begin(), columns.end());
    table.add(header);
    for (size_t r = 0; r < row_names.size(); ++r) {
        std::vector<std::string> line{row_names[r]};
        for (size_t c = 0; c < columns.size(); ++c) {
            const std::string v = r < cells.size() && c < cells[r].size() ? cells[r][c] : "";
            line.push_back(v.empty() ? "-" : v);
        }
        table.add(line);
    }
    out += table.render(2);
    if (!t.note.empty()) out += "  Note: " + t.note + "\n";
    return out;
}

std::string cartel_text(const rules::RuleSet& rules) {
    if (!rules.cartel) return {};
    const auto& c = *rules.cartel;
    const auto rank = [&](const std::string& id) {
        const auto* k = c.find(id);
        return k ? k->name : id;
    };
    std::string out = c.name + ": a prisoner's value in privates, for weighing exchanges\n";
    TextTable t;
    t.add({"Rank", "Privates"});
    for (const auto& k : c.ranks) t.add({k.name, std::to_string(k.privates)});
    out += t.render();
    std::vector<std::string> leaders;
    for (const auto& [post, id] : c.leaders) leaders.push_back(post + " " + rank(id));
    out += "A stand's men count as: " + rank(c.stand_rank) + "\nLeaders count as, by post: " + join(leaders, ", ") + "\n";
    if (!c.note.empty()) out += "Note: " + c.note + "\n";
    return out;
}

std::string effectiveness_text(const rules::RuleSet& rules) {
    const auto& eff = rules.effectiveness;
    std::string out = "Effectiveness labels (start/worn/spent)\n";
    int lo = 99, hi = 0;
    for (const auto& col : eff.columns)
        for (const auto& l : col.labels) {
            lo = std::min(lo, l.stands);
            hi = std::max(hi, l.stands);
        }
    TextTable table;
    std::vector<std::string> header{"Stands"};
    for (const auto& col : eff.columns) header.push_back(rules.describe(Field::rating, {0, col.rating}));
    table.add(header);
    for (int n = lo; n <= hi; ++n) {
        std::vector<std::string> line{std::to_string(n)};
        for (const auto& col : eff.columns) {
            const auto* l = eff.find(col.rating, n);
            line.push_back(l ? l->text() : "-");
        }
        table.add(line);
    }
    table.right_align(0);
    out += table.render(2);
    if (eff.is_default) out += "  DEFAULT STAND-IN: replace it with your rulebook's table.\n";
    if (!eff.note.empty()) out += "  Note: " + eff.note + "\n";
    return out;
}

std::string rule_set_summary(const rules::RuleSet& r) {
    std::string out = r.name + "  [" + r.id + "]\n";
    if (!r.source.empty()) out += "Source: " + r.source + "\n";
    if (!r.note.empty()) out += "Note: " + r.note + "\n";
    std::vector<std::string> sides;
    for (const auto& s : r.sides) sides.push_back(s.name + " (" + s.id + ", called " + r.the_side(s.id) + ", reserve: " + s.reserve + " of each " + std::string(word(s.reserve_level)) + ")");
    out += "Sides: " + join(sides, ", ") + "\n";
    for (const auto& s : r.sides)
        if (!s.note.empty()) out += "  " + s.name + ": " + one_line(s.note) + "\n";  // a rule set's own notes may hold line breaks
    out += "Arms: " + names(r.arms) + "\n";
    if (!r.theaters.empty()) out += "Theaters: " + names(r.theaters) + "\n";
    if (!r.formations.empty()) {
        std::vector<std::string> formations;
        for (const auto& f : r.formations) formations.push_back(f.name + " (" + f.id + (f.arms.empty() ? "" : "; " + f.arms_text(r) + " only") + ")");
        out += "Formations on the table: " + join(formations, ", ") + "\n";
        for (const auto& f : r.formations)
            if (!f.note.empty()) out += "  " + f.name + ": " + one_line(f.note) + "\n";
    }
    if (!r.years.empty())
        out += "Years: " + std::to_string(r.years.front()) + "-" + std::to_string(r.years.back()) + (r.years_note.empty() ? "" : " (" + one_line(r.years_note) + ")") + "\n";
    std::vector<std::string> ratings;
    for (const auto& x : r.ratings)
        ratings.push_back(x.name + " (" + x.id + (x.max_stands ? ", at most " + std::to_string(*x.max_stands) + " stands" : "") +
                          (x.note.empty() ? "" : "; " + x.note) + ")");
    out += "Ratings: " + join(ratings, ", ") + "\n";
    if (r.term_division != "Division" || r.term_brigade != "Brigade")
        out += "Terms: a division is a " + r.term_division + ", a brigade a " + r.term_brigade + "\n";
    std::vector<std::string> grades;
    for (const auto& g : r.grades) {
        std::string text = g.name + " (" + g.id;
        if (!g.mark.empty()) text += ", mark " + g.mark;
        if (!g.by_the_book_as.empty()) text += ", by the book: " + g.by_the_book_as;
        if (g.must_reveal()) text += ", must be revealed (forgetting: the opponent downgrades one " + join(g.penalty_downgrades, " or ") + ")";
        if (g.corps_leader_attaches) text += ", a corps leader is attached to a division leader";
        if (!g.division_leader_note.empty()) text += ", a division leader: " + g.division_leader_note;
        grades.push_back(text + ")");
    }
    out += "Leader grades: " + join(grades, ", ") + "\n";
    for (const auto& g : r.grades) {
        std::vector<std::string> mods;
        for (const auto& [name, value] : g.modifiers) mods.push_back(modifier_text(name, value));
        const auto line = join(mods, ", ") + (mods.empty() || g.note.empty() ? "" : ". ") + one_line(g.note);
        if (!line.empty()) out += "  " + g.name + ": " + line + "\n";
    }
    if (!r.unit_types.empty()) {
        std::vector<std::string> types;
        for (const auto& u : r.unit_types) types.push_back(u.name + (u.guns ? " (" + std::to_string(*u.guns) + " guns)" : ""));
        out += "Unit types: " + join(types, ", ") + "\n";
    }
    for (const auto& n : r.nationalities) {
        std::vector<std::string> mods;
        for (const auto& [name, value] : n.modifiers) mods.push_back(modifier_text(name, value));
        out += "Nationality " + n.name + (same_ignoring_case(n.name, n.id) ? "" : " (" + n.id + ")") + (mods.empty() ? "" : ": " + join(mods, ", ")) + (n.note.empty() ? "" : " (" + one_line(n.note) + ")") + "\n";
    }
    for (const auto& sc : r.scales) {
        out += "Scale " + sc.name + ": " + std::to_string(sc.men_per_stand) + " men a stand";
        if (sc.men_per_figure) out += " (" + std::to_string(*sc.men_per_figure) + " men a figure)";
        if (sc.guns_per_model) out += ", " + std::to_string(*sc.guns_per_model) + " guns a gun model";
        if (!sc.note.empty()) out += "\n  " + one_line(sc.note);
        out += "\n";
    }
    if (r.cartel)
        out += "Exchange cartel: " + r.cartel->name + (r.cartel->muster_own() ? ", muster's own values" : "") + " (muster rules show " + r.id +
               " cartel)\n";
    out += "Tables:\n";
    for (const auto& t : r.tables) out += "  " + t.id + ": " + t.title + "\n";
    out += std::string("  effectiveness: ") + (r.effectiveness.is_default ? "default stand-in" : "as entered") + "\n";
    if (!r.play_tables.empty()) {
        out += "Play tables (muster table show --rules " + r.id + " ID):\n";
        for (const auto& t : r.play_tables) out += "  " + t.id + ": " + t.title + "\n";
    }
    auto steps = [&](const std::vector<size_t>& ids) {
        std::vector<std::string> out_ids;
        for (size_t i : ids) out_ids.push_back(r.tables[i].id);
        return join(out_ids, ", ");
    };
    const auto& g = r.generation;
    out += "Generation: division " + steps(g.division) + "; each brigade " + steps(g.brigade) + "; division leader " +
           steps(g.division_leader);
    if (g.artillery)
        out += "; artillery " + r.tables[*g.artillery].id + ", " + std::to_string(g.reserve_num) + "/" +
               std::to_string(g.reserve_den) + " to the reserve";
    return out + "\n";
}

namespace {

struct Measure {
    const char* key;
    const char* title;
    const generate::Distribution* chance;
};

std::vector<Measure> measures(const generate::ExactOdds& o) {
    return {{"brigades", "Brigades", &o.brigades},
            {"stands", "Stands", &o.stands},
            {"batteries", "Batteries", &o.batteries},
            {"division_batteries", "Batteries with the division", &o.division_batteries},
            {"reserve_batteries", "Batteries to the reserve", &o.reserve_batteries}};
}

}  // namespace

std::string odds_text(const generate::ExactOdds& odds, const rules::RuleSet& rules, const generate::Request& r) {
    // In the rule set's words (AWI's divisions are brigades, its brigades battalions), naming a
    // year and a theater only where it has them.
    std::string out = "Exact odds of a " + rules.division_noun() + ": " + rules.id + ", " + r.side + ", " + r.arm +
                      (r.year ? ", " + std::to_string(*r.year) : rules.keys_on(Field::year) ? ", year rolled" : "") +
                      (r.theater ? ", " + *r.theater : rules.keys_on(Field::theater) ? ", theater rolled" : "") + "\n";
    for (const auto& m : measures(odds)) {
        // A rule set that rolls no artillery (AWI's guns are entered by hand) has no batteries to weigh.
        if (!rules.generation.artillery && std::string_view(m.key).find("batteries") != std::string_view::npos) continue;
        double top = 0;
        for (const auto& [v, p] : *m.chance) top = std::max(top, p);
        std::string title = m.title;
        if (std::string_view(m.key) == "brigades") {
            title = rules.brigade_noun() + "s";
            if (!title.empty() && title[0] >= 'a' && title[0] <= 'z') title[0] = static_cast<char>(title[0] - 'a' + 'A');
        }
        out += fmt::format("\n{} (mean {:.2f})\n", title, generate::mean(*m.chance));
        TextTable t;
        for (const auto& [v, p] : *m.chance)
            t.add({std::to_string(v), 100 * p < 0.005 ? "<0.01%" : fmt::format("{:.2f}%", 100 * p), std::string(static_cast<size_t>(40 * p / top + 0.5), '#')});
        out += t.render();
    }
    if (!rules.generation.artillery) out += "\nNo batteries: rule set " + rules.id + " rolls no artillery with a " + rules.division_noun() + "\n";
    return out;
}

std::string odds_json(const generate::ExactOdds& odds, const std::string& rules_id, const generate::Request& r) {
    // Ids are a-z, 0-9, _ and - (the rule-set loader's rule): nothing to escape.
    std::string out = fmt::format(R"({{"rules": "{}", "side": "{}", "arm": "{}", "year": {}, "theater": {})", rules_id, r.side, r.arm,
                                  r.year ? std::to_string(*r.year) : "null", r.theater ? "\"" + *r.theater + "\"" : "null");
    for (const auto& m : measures(odds)) {
        out += fmt::format(", \"{}\": {{\"mean\": {:.6g}, \"chance\": {{", m.key, generate::mean(*m.chance));
        bool first = true;
        for (const auto& [v, p] : *m.chance) {
            out += fmt::format("{}\"{}\": {:.6g}", first ? "" : ", ", v, p);
            first = false;
        }
        out += "}}";
    }
    return out + "}\n";
}

}  // namespace muster::exporter
