#include "rules/load.hpp"

#include "core/error.hpp"
#include "core/match.hpp"
#include "core/names.hpp"
#include "core/text.hpp"
#include "core/words.hpp"
#include "json/json.hpp"
#include "rules/load_play.hpp"
#include "rules/read.hpp"

#include <algorithm>

namespace muster::rules {
namespace {

using json::Value;
using detail::optional_text;
using detail::read_id;
using detail::read_called;
using detail::read_text;

constexpr std::string_view k_format = "muster-rules/1";

template <class T>
void check_unique(const std::vector<T>& items, const Value& where, std::string_view what) {
    for (size_t i = 0; i < items.size(); ++i)
        for (size_t j = i + 1; j < items.size(); ++j)
            if (items[i].id == items[j].id)
                where.fail(std::string(what) + " \"" + items[i].id + "\" is defined twice");
}

std::vector<Named> read_named_list(const Value& list, std::string_view what) {
    std::vector<Named> out;
    for (const auto& item : list.items()) {
        item.allow_only({"id", "name"});
        out.push_back({read_id(item.at("id")), read_text(item.at("name"))});
    }
    if (out.empty()) list.fail("expected at least one " + std::string(what));
    check_unique(out, list, what);
    return out;
}

Range parse_range(const Value& v, Die die) {
    const std::string text = v.as_string();
    const auto parts = split(text, '-');
    auto number = [&](const std::string& part) {
        int n = 0;
        if (part.empty() || part.size() > 3 || part.find_first_not_of("0123456789") != std::string::npos ||
            !parse_int(part, n))
            v.fail("\"" + text + "\" is not a roll range: expected e.g. \"01-06\", \"96-00\" or \"7\"");
        // The tables write 100 as 00 ("91-00"), as percentile dice read it.
        if (die == Die::percentile && part == "00") return 100;
        return n;
    };
    if (parts.size() > 2) v.fail("\"" + text + "\" is not a roll range: expected e.g. \"01-06\"");
    Range r{number(parts[0]), number(parts.back()), text};
    if (r.lo > r.hi) v.fail("range \"" + text + "\" runs backwards (" + std::to_string(r.lo) + " > " + std::to_string(r.hi) + ")");
    if (r.lo < die_min(die) || r.hi > die_max(die))
        v.fail("range \"" + text + "\" is outside " + std::to_string(die_min(die)) + "-" +
               std::to_string(die_max(die)) + ", the readings of " + std::string(die_name(die)) + " dice");
    return r;
}

// Every reading of the die exactly once: name the gaps and the overlaps.
void check_coverage(const std::vector<Row>& rows, const Value& where, Die die) {
    for (size_t i = 0; i < rows.size(); ++i)
        for (size_t j = i + 1; j < rows.size(); ++j) {
            const int lo = std::max(rows[i].range.lo, rows[j].range.lo);
            const int hi = std::min(rows[i].range.hi, rows[j].range.hi);
            if (lo <= hi)
                where.fail("rows[" + std::to_string(i) + "] \"" + rows[i].range.text + "\" and rows[" +
                           std::to_string(j) + "] \"" + rows[j].range.text + "\" overlap: " +
                           (lo == hi ? "roll " + std::to_string(lo) + " is" : "rolls " + std::to_string(lo) + "-" + std::to_string(hi) + " are") +
                           " covered twice");
        }
    std::vector<std::string> gaps;
    for (int r = die_min(die); r <= die_max(die);) {
        auto covered = [&](int x) {
            return std::any_of(rows.begin(), rows.end(), [&](const Row& row) { return row.range.contains(x); });
        };
        if (covered(r)) {
            ++r;
            continue;
        }
        int end = r;
        while (end < die_max(die) && !covered(end + 1)) ++end;
        gaps.push_back(r == end ? std::to_string(r) : std::to_string(r) + "-" + std::to_string(end));
        r = end + 1;
    }
    if (!gaps.empty())
        where.fail(std::string(gaps.size() == 1 && gaps[0].find('-') == std::string::npos ? "no row covers roll "
                                                                                          : "no row covers rolls ") +
                   join(gaps, ", ") + ": every roll from " + std::to_string(die_min(die)) + " to " +
                   std::to_string(die_max(die)) + " must fall in exactly one row");
}

class Loader {
public:
    explicit Loader(RuleSet& rules) : m_rules(rules) {}

    void load(const Value& root) {
        root.allow_only({"format", "id", "name", "source", "note", "sides", "arms", "theaters", "years", "ratings",
                         "leader_grades", "effectiveness", "tables", "generation", "scales", "cartel", "unit_types",
                         "nationalities", "terms", "campaign", "play_tables", "formations"});
        const auto format = root.at("format");
        if (format.as_string() != k_format)
            format.fail("\"" + format.as_string() + "\" is not a format this muster reads: expected \"" + std::string(k_format) + "\"");
        m_rules.id = read_id(root.at("id"));
        m_rules.name = read_text(root.at("name"));
        m_rules.source = optional_text(root, "source");
        m_rules.note = optional_text(root, "note");
        read_sides(root.at("sides"));
        m_rules.arms = read_named_list(root.at("arms"), "arm");
        if (auto t = root.find("theaters")) m_rules.theaters = read_named_list(*t, "theater");
        if (auto y = root.find("years")) read_years(*y);
        read_ratings(root.at("ratings"));
        read_grades(root.at("leader_grades"));
        read_effectiveness(root.at("effectiveness"));
        read_tables(root.at("tables"));
        read_generation(root.at("generation"));
        if (auto scales = root.find("scales")) read_scales(*scales);
        if (auto cartel = root.find("cartel")) read_cartel(*cartel);
        if (auto types = root.find("unit_types")) read_unit_types(*types);
        if (auto nations = root.find("nationalities")) read_nationalities(*nations);
        if (auto f = root.find("formations")) read_formations(*f);
        // After what their modifiers read of the campaign: ratings, grades, arms, nationalities, formations.
        if (auto play = root.find("play_tables")) read_play_tables(*play, m_rules);
        if (auto terms = root.find("terms")) {
            terms->allow_only({"division", "brigade"});
            // Each names units ("Division", "1st Brigade"): it keeps the name rule.
            const auto term = [this](const Value& v) {
                auto text = read_text(v, 40);
                if (const auto problem = name_problem(text); !problem.empty() && !detail::keeping_older_text()) v.fail("\"" + visible(text) + "\" names units, so it keeps the name rule: " + problem);
                return text;
            };
            if (auto d = terms->find("division")) m_rules.term_division = term(*d);
            if (auto b = terms->find("brigade")) m_rules.term_brigade = term(*b);
        }
        if (auto campaign = root.find("campaign")) {
            campaign->allow_only({"fallen_leaders", "note"});
            if (auto f = campaign->find("fallen_leaders")) {
                m_rules.fallen_leaders = fallen_leader_table(*f, m_rules);
            }
        }
    }

    void read_ratings(const Value& list) {
        for (const auto& item : list.items()) {
            item.allow_only({"id", "name", "max_stands", "note"});
            Rating r;
            r.id = read_id(item.at("id"));
            r.name = read_text(item.at("name"));
            if (auto m = item.find("max_stands")) r.max_stands = m->as_int(1, 99);
            if (auto n = item.find("note")) r.note = read_text(*n, 1000);
            m_rules.ratings.push_back(r);
        }
        if (m_rules.ratings.empty()) list.fail("expected at least one rating");
        check_unique(m_rules.ratings, list, "rating");
    }

    void read_unit_types(const Value& list) {
        for (const auto& item : list.items()) {
            item.allow_only({"id", "name", "arm", "guns", "note"});
            UnitType u;
            u.id = read_id(item.at("id"));
            u.name = read_text(item.at("name"));
            u.arm = item.at("arm").as_string();
            if (u.arm != k_artillery && !m_rules.find_arm(u.arm))
                item.at("arm").fail("unknown arm \"" + u.arm + "\" (defined: " + ids(m_rules.arms) + ", or " + std::string(k_artillery) + ")");
            if (auto g = item.find("guns")) u.guns = g->as_int(1, 100);
            u.note = optional_text(item, "note");
            m_rules.unit_types.push_back(u);
        }
        check_unique(m_rules.unit_types, list, "unit type");
    }

    void read_nationalities(const Value& list) {
        for (const auto& item : list.items()) {
            item.allow_only({"id", "name", "modifiers", "note"});
            Nationality n;
            n.id = read_id(item.at("id"));
            n.name = read_text(item.at("name"));
            if (auto mods = item.find("modifiers"))
                for (const auto& [name, value] : mods->members()) n.modifiers.emplace_back(name, value.as_int(-20, 20));
            n.note = optional_text(item, "note");
            m_rules.nationalities.push_back(n);
        }
        check_unique(m_rules.nationalities, list, "nationality");
    }

private:
    void read_sides(const Value& list) {
        for (const auto& item : list.items()) {
            item.allow_only({"id", "name", "collective", "reserve", "reserve_level", "note"});
            Side side;
            side.id = read_id(item.at("id"));
            // A view's own words: a side of either id could not be asked for (--as umpire reads
            // everything), and a player of it would read the enemy's hidden units.
            if (side.id == View::k_umpire || side.id == View::k_named_side)
                item.at("id").fail("\"" + side.id + "\" is what --as calls a view, not a side's id: give the side another id");
            side.name = read_called(item.at("name"), 2000);
            if (const auto c = item.find("collective")) side.collective = read_called(*c, 100);
            side.reserve = read_called(item.at("reserve"), 2000);
            side.reserve_level = item.at("reserve_level").as_word<ReserveLevel>();
            side.note = optional_text(item, "note");
            m_rules.sides.push_back(side);
        }
        // Two sides exactly: a division is hidden from the enemy or seen by it, one flag, and
        // a third side would see what a battle it was not in revealed.
        if (m_rules.sides.size() != 2)
            list.fail("expected exactly two sides, not " + std::to_string(m_rules.sides.size()) +
                      " (muster keeps the fog of war between two sides: a division is hidden from its enemy or seen by it)");
        check_unique(m_rules.sides, list, "side");
        // A sentence tells the two apart ("proposed by the Union to the Confederates").
        const auto &one = m_rules.sides[0], &other = m_rules.sides[1];
        const auto said = [&](const Side& s) { return m_rules.the_side(s.id); };
        if (!detail::keeping_older_text() && (same_ignoring_case(one.name, other.name) || same_ignoring_case(said(one), said(other))))
            list.fail("the sides " + one.id + " and " + other.id + " are both called \"" + (same_ignoring_case(one.name, other.name) ? one.name : said(one)) +
                      "\": a sentence would not tell them apart (give each its own name and collective)");
    }

    // After the arms: a formation's arms are among them, or artillery (a battery's).
    void read_formations(const Value& list) {
        for (const auto& item : list.items()) {
            item.allow_only({"id", "name", "arms", "note"});
            Formation f{{read_id(item.at("id")), read_text(item.at("name"))}, {}, {}};
            if (auto note = item.find("note")) f.note = read_text(*note, 2000);
            if (auto arms = item.find("arms"))
                for (const auto& a : arms->items()) {
                    const auto id = read_id(a);
                    if (id != k_artillery && !m_rules.find_arm(id))
                        a.fail("no arm \"" + id + "\" in this rule set (a formation's arms are its arms' ids, or " + std::string(k_artillery) + ")");
                    f.arms.push_back(id);
                }
            m_rules.formations.push_back(std::move(f));
        }
        if (m_rules.formations.empty()) list.fail("expected at least one formation");
        check_unique(m_rules.formations, list, "formation");
    }

    void read_years(const Value& v) {
        v.allow_only({"from", "to", "note"});
        const int from = v.at("from").as_int(1, 9999);
        const int to = v.at("to").as_int(from, std::min(9999, from + 200));
        for (int y = from; y <= to; ++y) m_rules.years.push_back(y);
        m_rules.years_note = optional_text(v, "note");
    }

    void read_grades(const Value& list) {
        for (const auto& item : list.items()) {
            item.allow_only({"id", "name", "mark", "by_the_book_as", "keeps_brigade", "modifiers", "penalty_downgrades",
                             "corps_leader_attaches", "division_leader_note", "note"});
            LeaderGrade g;
            g.id = read_id(item.at("id"));
            g.name = read_text(item.at("name"));
            if (auto m = item.find("mark")) g.mark = read_text(*m, 8);
            if (auto b = item.find("by_the_book_as")) g.by_the_book_as = read_id(*b);
            if (auto k = item.find("keeps_brigade")) g.keeps_brigade = k->as_bool();
            if (auto p = item.find("penalty_downgrades"))
                for (const auto& id : p->items()) g.penalty_downgrades.push_back(read_id(id));
            if (auto c = item.find("corps_leader_attaches")) g.corps_leader_attaches = c->as_bool();
            if (auto n = item.find("division_leader_note")) g.division_leader_note = read_text(*n, 200);
            g.note = optional_text(item, "note");
            if (auto mods = item.find("modifiers"))
                for (const auto& [name, value] : mods->members()) g.modifiers.emplace_back(name, value.as_int(-1000, 1000));
            m_rules.grades.push_back(g);
        }
        if (m_rules.grades.empty()) list.fail("expected at least one leader grade");
        check_unique(m_rules.grades, list, "leader grade");
        for (const auto& [i, item] : enumerate(list.items()))
            if (!m_rules.grades[i].by_the_book_as.empty() && !m_rules.find_grade(m_rules.grades[i].by_the_book_as))
                item.at("by_the_book_as").fail("unknown leader grade \"" + m_rules.grades[i].by_the_book_as + "\"");
        for (const auto& [i, item] : enumerate(list.items())) {
            const auto ids = item.find("penalty_downgrades");
            if (!ids) continue;
            for (const auto& [j, id] : enumerate(ids->items())) {
                const auto& grade = m_rules.grades[i].penalty_downgrades[j];
                if (!m_rules.find_grade(grade)) id.fail("unknown leader grade \"" + grade + "\"");
                if (grade == m_rules.grades[i].id) id.fail("a grade cannot be downgraded to itself");
            }
        }
    }

    static std::vector<std::pair<size_t, Value>> enumerate(const std::vector<Value>& items) {
        std::vector<std::pair<size_t, Value>> out;
        for (size_t i = 0; i < items.size(); ++i) out.emplace_back(i, items[i]);
        return out;
    }

    static EffectivenessLabel read_label(const Value& v) {
        try {
            return parse_label(v.as_string());
        } catch (const FileError&) {
            throw;
        } catch (const Error& e) {
            v.fail(e.what());
        }
    }

    void read_effectiveness(const Value& v) {
        v.allow_only({"default", "note", "labels"});
        auto& eff = m_rules.effectiveness;
        if (auto d = v.find("default")) eff.is_default = d->as_bool();
        eff.note = optional_text(v, "note");
        for (const auto& [rating_id, list] : v.at("labels").members()) {
            if (!m_rules.find_rating(rating_id))
                list.fail("unknown rating \"" + rating_id + "\" (defined ratings: " + ids(m_rules.ratings) + ")");
            EffectivenessColumn column{rating_id, {}};
            for (const auto& item : list.items()) {
                auto label = read_label(item);
                const auto* rating = m_rules.find_rating(rating_id);
                if (rating->max_stands && label.stands > *rating->max_stands)
                    item.fail("a label for " + std::to_string(label.stands) + " stands, over the " + rating->name +
                              " cap of " + std::to_string(*rating->max_stands));
                for (const auto& seen : column.labels)
                    if (seen.stands == label.stands)
                        item.fail("a second label for " + std::to_string(label.stands) + " stands");
                column.labels.push_back(label);
            }
            eff.columns.push_back(column);
        }
    }

    template <class T>
    static std::string ids(const std::vector<T>& items) {
        std::vector<std::string> out;
        for (const auto& x : items) out.push_back(x.id);
        return join(out, ", ");
    }

    std::string known_ids(Field field) const {
        switch (field) {
            case Field::side: return ids(m_rules.sides);
            case Field::arm: return ids(m_rules.arms);
            case Field::theater: return ids(m_rules.theaters);
            case Field::rating: return ids(m_rules.ratings);
            case Field::grade: return ids(m_rules.grades);
            default: return {};
        }
    }

    bool id_defined(Field field, const std::string& id) const {
        for (const auto& v : m_rules.domain(field))
            if (v.id == id) return true;
        return false;
    }

    std::string check_id(Field field, const Value& v) const {
        const std::string id = v.as_string();
        if (!id_defined(field, id))
            v.fail("unknown " + std::string(field_name(field)) + " \"" + id + "\" (defined: " + known_ids(field) + ")");
        return id;
    }

    FieldValue read_value(Field field, const Value& v) const {
        switch (field) {
            case Field::year: {
                if (m_rules.years.empty()) v.fail("a year, but the rule set defines no \"years\"");
                return {v.as_int(m_rules.years.front(), m_rules.years.back()), {}};
            }
            case Field::brigades: return {v.as_int(1, 50), {}};
            case Field::stands: return {v.as_int(1, 99), {}};
            case Field::stands_per_battery: return {v.as_int(1, 99), {}};
            case Field::alternate: return {v.as_int(0, 1), {}};
            default: return {0, check_id(field, v)};
        }
    }

    Condition read_condition(Field field, const Value& v) const {
        Condition c;
        c.field = field;
        if (field == Field::year) {
            if (m_rules.years.empty()) v.fail("a year band, but the rule set defines no \"years\"");
            if (v.is_int()) {
                c.year_lo = c.year_hi = v.as_int(m_rules.years.front(), m_rules.years.back());
                c.text = std::to_string(c.year_lo);
                return c;
            }
            c.text = v.as_string();
            const auto parts = split(c.text, '-');
            if (parts.size() > 2 || !parse_int(parts.front(), c.year_lo) || !parse_int(parts.back(), c.year_hi) ||
                c.year_lo > c.year_hi)
                v.fail("\"" + c.text + "\" is not a band of years: expected e.g. \"1861-1863\" or 1863");
            for (int y : {c.year_lo, c.year_hi})
                if (y < m_rules.years.front() || y > m_rules.years.back())
                    v.fail("year " + std::to_string(y) + " is outside the rule set's years " +
                           std::to_string(m_rules.years.front()) + "-" + std::to_string(m_rules.years.back()));
            return c;
        }
        if (v.is_array()) {
            for (const auto& item : v.items()) c.ids.push_back(check_id(field, item));
            if (c.ids.empty()) v.fail("an empty list matches nothing");
        } else {
            c.ids.push_back(check_id(field, v));
        }
        c.text = join(c.ids, "/");
        return c;
    }

    std::vector<Field> read_fields(const Value& list, bool keys) const {
        std::vector<Field> out;
        for (const auto& item : list.items()) {
            const std::string name = item.as_string();
            auto field = parse_field(name);
            if (!field) item.fail("unknown field \"" + name + "\"");
            if (keys && !is_key_field(*field))
                item.fail("a table cannot be keyed by \"" + name + "\" (keys: side, arm, theater, year, rating, grade)");
            if (std::find(out.begin(), out.end(), *field) != out.end()) item.fail("\"" + name + "\" is named twice");
            out.push_back(*field);
        }
        return out;
    }

    void read_tables(const Value& tables) {
        for (const auto& [id, v] : tables.members()) {
            v.allow_only({"title", "note", "dice", "keys", "sets", "blocks"});
            RangeTable t;
            t.id = id;
            t.title = read_text(v.at("title"));
            t.note = optional_text(v, "note");
            const auto dice = v.at("dice");
            const auto die = parse_die(dice.as_string());
            if (!die) dice.fail("unknown dice \"" + dice.as_string() + "\" (expected d6, d10, 2d6 or percentile)");
            t.die = *die;
            t.keys = read_fields(v.at("keys"), true);
            t.sets = read_fields(v.at("sets"), false);
            if (t.sets.empty()) v.at("sets").fail("a table must set at least one field");
            for (const auto& b : v.at("blocks").items()) t.blocks.push_back(read_block(t, b));
            if (t.blocks.empty()) v.at("blocks").fail("a table needs at least one block");
            m_rules.tables.push_back(std::move(t));
        }
        if (m_rules.tables.empty()) tables.fail("expected at least one table");
    }

    Block read_block(const RangeTable& t, const Value& v) const {
        v.allow_only({"when", "rows"});
        Block block;
        if (auto when = v.find("when")) {
            for (const auto& [name, cond] : when->members()) {
                auto field = parse_field(name);
                if (!field || std::find(t.keys.begin(), t.keys.end(), *field) == t.keys.end())
                    cond.fail("\"" + name + "\" is not one of this table's keys (" + field_list(t.keys) + ")");
                block.when.push_back(read_condition(*field, cond));
            }
        }
        const auto rows = v.at("rows");
        for (const auto& r : rows.items()) {
            const auto cells = r.items();
            if (cells.size() != t.sets.size() + 1)
                r.fail("expected " + std::to_string(t.sets.size() + 1) + " cells: the roll range, then " +
                       field_list(t.sets) + "; found " + std::to_string(cells.size()));
            Row row;
            row.range = parse_range(cells[0], t.die);
            for (size_t i = 0; i < t.sets.size(); ++i) row.values.push_back(read_value(t.sets[i], cells[i + 1]));
            block.rows.push_back(std::move(row));
        }
        check_coverage(block.rows, rows, t.die);
        return block;
    }

    static std::string field_list(const std::vector<Field>& fields) {
        std::vector<std::string> names;
        for (auto f : fields) names.emplace_back(field_name(f));
        return names.empty() ? "none" : join(names, ", ");
    }

    std::vector<size_t> read_steps(const Value& list) const {
        std::vector<size_t> out;
        for (const auto& item : list.items()) out.push_back(table_index(item));
        return out;
    }

    size_t table_index(const Value& v) const {
        const std::string id = v.as_string();
        for (size_t i = 0; i < m_rules.tables.size(); ++i)
            if (m_rules.tables[i].id == id) return i;
        v.fail("unknown table \"" + id + "\" (tables: " + ids(m_rules.tables) + ")");
    }

    void read_generation(const Value& v) {
        v.allow_only({"note", "division", "brigade", "division_leader", "alternate", "artillery"});
        auto& g = m_rules.generation;
        g.division = read_steps(v.at("division"));
        g.brigade = read_steps(v.at("brigade"));
        g.division_leader = read_steps(v.at("division_leader"));
        if (auto alt = v.find("alternate")) g.alternate = read_steps(*alt);
        if (auto art = v.find("artillery")) {
            art->allow_only({"table", "reserve_share"});
            g.artillery = table_index(art->at("table"));
            const auto share = art->at("reserve_share");
            share.allow_only({"num", "den"});
            g.reserve_den = share.at("den").as_int(1, 100);
            g.reserve_num = share.at("num").as_int(0, g.reserve_den);
        }
    }

    void read_scales(const Value& list) {
        for (const auto& item : list.items()) {
            item.allow_only({"id", "name", "men_per_figure", "figures_per_stand", "men_per_stand", "guns_per_model", "note"});
            Scale sc;
            sc.id = read_id(item.at("id"));
            sc.name = read_text(item.at("name"));
            if (auto m = item.find("men_per_figure")) sc.men_per_figure = m->as_int(1, 1000);
            if (auto f = item.find("figures_per_stand")) sc.figures_per_stand = f->as_int(1, 100);
            if (auto m = item.find("men_per_stand")) sc.men_per_stand = m->as_int(1, 10000);
            else if (sc.men_per_figure && sc.figures_per_stand) sc.men_per_stand = *sc.men_per_figure * *sc.figures_per_stand;
            else item.fail("give men_per_stand, or men_per_figure and figures_per_stand");
            if (sc.men_per_figure && sc.figures_per_stand && sc.men_per_stand != *sc.men_per_figure * *sc.figures_per_stand)
                item.fail("men_per_stand " + std::to_string(sc.men_per_stand) + " is not men_per_figure x figures_per_stand (" +
                          std::to_string(*sc.men_per_figure * *sc.figures_per_stand) + ")");
            if (auto g = item.find("guns_per_model")) sc.guns_per_model = g->as_int(1, 1000);
            sc.note = optional_text(item, "note");
            m_rules.scales.push_back(sc);
        }
        if (m_rules.scales.empty()) list.fail("expected at least one scale");
        check_unique(m_rules.scales, list, "scale");
    }

    void read_cartel(const Value& v) {
        v.allow_only({"name", "note", "ranks", "leaders", "stand_rank"});
        Cartel c;
        c.name = read_text(v.at("name"));
        c.note = optional_text(v, "note");
        for (const auto& r : v.at("ranks").items()) {
            r.allow_only({"id", "name", "privates"});
            c.ranks.push_back({read_id(r.at("id")), read_text(r.at("name")), r.at("privates").as_int(1, 1000)});
        }
        if (c.ranks.empty()) v.at("ranks").fail("expected at least one rank");
        check_unique(c.ranks, v.at("ranks"), "cartel rank");
        auto rank_id = [&](const Value& x) {
            const std::string id = x.as_string();
            if (!c.find(id)) x.fail("unknown cartel rank \"" + id + "\" (ranks: " + ids(c.ranks) + ")");
            return id;
        };
        const auto leaders = v.at("leaders");
        // Keyed by muster's leader ranks.
        std::vector<std::string_view> ranks;
        for (const auto& w : Vocabulary<Rank>::table) ranks.push_back(w.text);
        leaders.allow_only(ranks);
        for (auto rank : ranks) c.leaders.emplace_back(std::string(rank), rank_id(leaders.at(rank)));
        c.stand_rank = rank_id(v.at("stand_rank"));
        m_rules.cartel = std::move(c);
    }

    RuleSet& m_rules;
};

RuleSet load(std::string_view text, const std::string& file, bool pinned) {
    const json::Document doc(text, file);
    RuleSet rules;
    const detail::KeepingOlderText keeping(pinned);
    Loader(rules).load(doc.root());
    validate_rule_set(rules, file);
    index_for_rolling(rules);
    rules.text = std::string(text);
    return rules;
}

}  // namespace

RuleSet load_rule_set(std::string_view text, const std::string& file) { return load(text, file, false); }

RuleSet load_pinned_rule_set(std::string_view text, const std::string& file) { return load(text, file, true); }

RuleSet load_rule_set_file(const std::string& path) {
    return load_rule_set(json::read_file(path, k_max_rule_set_bytes), path);
}

}  // namespace muster::rules
