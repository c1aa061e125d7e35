// Reading and checking a rule set's play tables ("play_tables"): every score the dice and the
// listed modifiers can reach has exactly one row in every column, every result is read, every
// table a result rolls next exists.
#include "rules/load_play.hpp"

#include "core/text.hpp"
#include "rules/read.hpp"

#include <algorithm>
#include <climits>

namespace muster::rules {
namespace {

using detail::optional_text;
using detail::read_id;
using detail::read_text;
using json::Value;

std::string band_span(int lo, int hi) { return lo == hi ? std::to_string(lo) : std::to_string(lo) + " to " + std::to_string(hi); }

// Lists are capped, so a hostile file's size cannot make its checks slow.
constexpr size_t k_most_items = 200;

std::vector<Value> items_of(const Value& list) {
    auto items = list.items();
    if (items.size() > k_most_items) list.fail(std::to_string(items.size()) + " entries; at most " + std::to_string(k_most_items));
    return items;
}

std::vector<std::pair<std::string, Value>> members_of(const Value& object) {
    auto members = object.members();
    if (members.size() > k_most_items) object.fail(std::to_string(members.size()) + " entries; at most " + std::to_string(k_most_items));
    return members;
}

ScoreBand read_band(const Value& v) {
    auto band = parse_score_band(v.as_string());
    if (!band)
        v.fail("\"" + v.as_string() + "\" is not a band of scores: expected e.g. \"5\", \"2,3\", \"0-10\", \"4 to 6\", " +
               "\"-1 to -3\", \"11+\", \"7 or more\" or \"1 or less\"");
    return *band;
}

Points read_points(const Value& v) {
    auto p = parse_points(v.as_string());
    if (!p) v.fail("\"" + v.as_string() + "\" is not a number of fire points: expected e.g. \"4\", \"1/2\" or \"3 1/2\"");
    return *p;
}

PlayEffects read_effects(const Value& v) {
    v.allow_only({"stands_lost", "stands_captured", "captured_each_over", "disordered", "leader", "leader_roll", "battery", "rallied",
                  "low_ammo", "silenced", "damaged", "removed", "broken_reroll", "leader_checks"});
    PlayEffects e;
    if (auto x = v.find("rallied")) e.rallied = x->as_bool();
    if (auto x = v.find("low_ammo")) e.low_ammo = x->as_bool();
    if (auto x = v.find("silenced")) e.silenced = x->as_bool();
    if (auto x = v.find("damaged")) e.damaged = x->as_bool();
    if (auto x = v.find("removed")) e.removed = x->as_bool();
    if (auto x = v.find("broken_reroll")) e.broken_reroll = x->as_int(1, 20);
    if (auto x = v.find("leader_checks"))
        for (const auto& c : items_of(*x)) {
            c.allow_only({"rolls", "fate"});
            LeaderCheck check{read_band(c.at("rolls")), c.at("fate").as_word<LeaderFate>()};
            if (!check.band.lo || !check.band.hi || *check.band.lo < 1 || *check.band.hi > 10 || *check.band.lo > *check.band.hi)
                c.at("rolls").fail("\"" + check.band.text + "\" is not a band of a d10 (1 to 10)");
            e.leader_checks.push_back(std::move(check));
        }
    if (auto x = v.find("stands_lost")) e.stands_lost = x->as_int(0, 20);
    if (auto x = v.find("stands_captured")) e.stands_captured = x->as_int(0, 20);
    if (auto x = v.find("captured_each_over")) e.captured_each_over = x->as_int(1, 100);
    if (auto x = v.find("disordered")) e.disordered = x->as_bool();
    if (auto x = v.find("leader")) e.leader = x->as_word<LeaderFate>();
    if (auto x = v.find("leader_roll")) e.leader_roll = read_id(*x);
    if (auto x = v.find("battery")) e.battery = x->as_word<BatteryFate>();
    if (e.leader && !e.leader_roll.empty()) v.fail("a result either decides the leader's fate or rolls for it, not both");
    if (e.disordered && e.rallied) v.fail("a result either disorders the unit or rallies it, not both");
    return e;
}

// Whether a table can decide a leader's fate: one roll in one column, some result setting it.
bool decides_fate(const PlayTable& t) {
    return t.kind == PlayKind::roll && !t.difference && t.columns.size() == 1 && !t.by_points() &&
           std::any_of(t.results.begin(), t.results.end(), [](const PlayResult& r) { return r.effects.leader.has_value(); });
}

// The values a fact may be tested for, from the rule set's own words where it has them.
std::vector<std::string> fact_values(const RuleSet& rules, Fact fact) {
    std::vector<std::string> out;
    auto ids = [&](const auto& list) {
        for (const auto& x : list) out.push_back(x.id);
    };
    switch (fact) {
        case Fact::state:
            for (auto st : {State::fresh, State::worn, State::spent}) out.push_back(lower(word(st)));
            break;
        case Fact::rating: ids(rules.ratings); break;
        case Fact::arm: ids(rules.arms); break;
        case Fact::nationality: ids(rules.nationalities); break;
        case Fact::commander:
        case Fact::superior:
            ids(rules.grades);
            out.push_back(k_no_leader);
            break;
        case Fact::unit: out = {k_brigade_unit, k_battery_unit}; break;
        case Fact::formation: ids(rules.formations); break;
        case Fact::year: break;
        case Fact::disordered:
        case Fact::low_ammo:
        case Fact::damaged:
        case Fact::silenced:
        case Fact::broken:
        case Fact::off_field: out = {k_yes, k_no}; break;
    }
    return out;
}

// "campaign": {"of": "firer", "when": [{"rating": ["elite"], "formation": "line"}, ...], "or_at_table": true};
// "when" may be one object.
CampaignBinding read_binding(const RuleSet& rules, const PlayTable& t, const Value& v) {
    v.allow_only({"of", "when", "or_at_table"});
    CampaignBinding b;
    if (auto of = v.find("of")) {
        b.of = of->as_word<Whose>();
        if (b.of == Whose::firer && !t.fire) of->fail("only a fire table (\"fire\": true) has a firer");
    }
    if (auto x = v.find("or_at_table")) b.or_at_table = x->as_bool();
    const auto when = v.at("when");
    const auto alternatives = when.is_array() ? items_of(when) : std::vector<Value>{when};
    for (const auto& alt : alternatives) {
        std::vector<FactTest> tests;
        for (const auto& [key, value] : members_of(alt)) {
            FactTest test;
            if (key == "year_before") {
                test.fact = Fact::year;
                test.before_year = value.as_int(1, 3000);
                tests.push_back(std::move(test));
                continue;
            }
            const auto fact = find_word<Fact>(key);
            if (!fact || *fact == Fact::year) alt.fail("\"" + key + "\" is not a fact of the campaign: expected one of state, rating, arm, nationality, commander, superior, unit, year_before, disordered, low_ammo, formation, damaged, silenced, broken, off_field");
            test.fact = *fact;
            const auto known = fact_values(rules, *fact);
            for (const auto& x : value.is_array() ? items_of(value) : std::vector<Value>{value}) {
                const auto id = x.as_string();
                if (std::find(known.begin(), known.end(), id) == known.end())
                    x.fail("\"" + id + "\" is not a " + key + " of rule set " + rules.id + ": expected one of " + join(known, ", "));
                test.values.push_back(id);
            }
            if (test.values.empty()) value.fail("expected at least one value");
            tests.push_back(std::move(test));
        }
        if (tests.empty()) alt.fail("expected at least one fact");
        b.when.push_back(std::move(tests));
    }
    if (b.when.empty()) when.fail("expected at least one set of facts");
    return b;
}

std::vector<Reading> read_readings(const Value& list) {
    std::vector<Reading> out;
    for (const auto& x : items_of(list)) {
        if (x.is_string()) {
            out.push_back({"", read_text(x)});
            continue;
        }
        x.allow_only({"on", "text"});
        out.push_back({read_id(x.at("on")), read_text(x.at("text"))});
    }
    return out;
}

class PlayReader {
public:
    PlayReader(const RuleSet& rules, std::vector<PlayTable>& out) : m_rules(rules), m_out(out) {}

    void read(const Value& tables) {
        for (const auto& [id, v] : members_of(tables)) {
            PlayTable t;
            if (!detail::is_id(id)) v.fail("\"" + id + "\" is not a valid table id: expected 1 to 40 of a-z, 0-9, _ and -");
            t.id = id;
            switch (v.at("kind").as_word<PlayKind>()) {
                case PlayKind::roll: read_roll(t, v); break;
                case PlayKind::grid: read_grid(t, v); break;
                case PlayKind::ranges: read_ranges(t, v); break;
            }
            if (m_rules.find_table(t.id)) v.fail("\"" + t.id + "\" is also a generation table's id: a table id names one table");
            m_out.push_back(std::move(t));
        }
        for (size_t i = 0; i < m_out.size(); ++i)
            for (size_t j = i + 1; j < m_out.size(); ++j)
                if (m_out[i].id == m_out[j].id) tables.fail("play table \"" + m_out[i].id + "\" is defined twice");
        check_rolls_next(tables);
    }

private:
    static void read_common(PlayTable& t, const Value& v) {
        t.title = read_text(v.at("title"));
        t.source = optional_text(v, "source");
        t.note = optional_text(v, "note");
        if (auto r = v.find("readings")) t.readings = read_readings(*r);
    }

    // A reading is about the table, or one of its modifiers, results or columns by id.
    static void check_readings(const PlayTable& t, const Value& v) {
        for (const auto& r : t.readings) {
            if (r.on.empty()) continue;
            const bool found = std::any_of(t.modifiers.begin(), t.modifiers.end(), [&](const PlayModifier& m) { return m.id == r.on; }) ||
                               std::any_of(t.results.begin(), t.results.end(), [&](const PlayResult& x) { return x.id == r.on; }) ||
                               std::any_of(t.columns.begin(), t.columns.end(), [&](const PlayColumn& c) { return c.id == r.on; });
            if (!found) v.at("readings").fail("a reading is on \"" + r.on + "\", which is no modifier, result or column of table " + t.id);
        }
    }

    void read_roll(PlayTable& t, const Value& v) {
        v.allow_only({"kind", "title", "source", "note", "readings", "dice", "difference", "layout", "column_name",
                      "lowest_score", "modifiers", "results", "columns", "rows", "natural", "fire", "campaign"});
        read_common(t, v);
        if (auto f = v.find("fire")) t.fire = f->as_bool();
        if (auto b = v.find("campaign")) t.campaign = read_binding(m_rules, t, *b);
        const auto dice = v.at("dice");
        const auto die = parse_die(dice.as_string());
        if (!die || *die == Die::percentile) dice.fail("\"" + dice.as_string() + "\" is not a die of the table side: expected d6, d10 or 2d6");
        t.die = *die;
        if (auto d = v.find("difference")) t.difference = d->as_bool();
        if (t.fire && t.difference) v.at("fire").fail("a table both sides roll names an attacker and a defender, not a firer");
        if (auto l = v.find("layout")) t.layout = l->as_word<PlayLayout>();
        if (auto c = v.find("column_name")) t.column_name = read_text(*c, 200);
        if (auto low = v.find("lowest_score")) t.lowest_score = low->as_int(-100, 100);
        if (auto mods = v.find("modifiers"))
            for (const auto& m : items_of(*mods)) t.modifiers.push_back(read_modifier(m_rules, t, m));
        check_modifiers(t, v);
        read_results(t, v.at("results"));
        const auto columns = v.find("columns");
        const auto rows = v.find("rows");
        if (columns.has_value() == rows.has_value()) v.fail("a roll table has either \"columns\" (a roll read in one of them) or \"rows\", one of them");
        if (rows) {
            t.columns.push_back({"", "", std::nullopt, read_rows(t, *rows)});
        } else {
            for (const auto& c : items_of(*columns)) {
                c.allow_only({"id", "name", "points", "rows", "campaign", "excludes"});
                PlayColumn col{read_id(c.at("id")), read_text(c.at("name"), 200), std::nullopt, {}, {}, {}};
                if (auto p = c.find("points")) col.points_from = read_points(*p);
                if (auto b = c.find("campaign")) col.campaign = read_binding(m_rules, t, *b);
                if (auto ex = c.find("excludes"))
                    for (const auto& g : items_of(*ex)) {
                        const auto group = read_id(g);
                        if (std::none_of(t.modifiers.begin(), t.modifiers.end(), [&](const PlayModifier& m) { return m.group == group; }))
                            g.fail("\"" + group + "\" is no group of this table's modifiers");
                        col.excludes.push_back(group);
                    }
                col.rows = read_rows(t, c.at("rows"));
                t.columns.push_back(std::move(col));
            }
            if (t.columns.empty()) columns->fail("expected at least one column");
            check_columns(t, *columns);
        }
        if (!t.by_points())
            for (const auto& m : t.modifiers)
                if (m.is_factor()) v.at("modifiers").fail("modifier \"" + m.id + "\" multiplies fire points, but this table's columns are not read by fire points");
        check_coverage(t, columns ? *columns : *rows);
        check_readings(t, v);
        for (size_t r = 0; r < t.results.size(); ++r) {
            const bool read = std::any_of(t.columns.begin(), t.columns.end(), [&](const PlayColumn& c) {
                return std::any_of(c.rows.begin(), c.rows.end(), [&](const PlayRow& row) { return row.result == r; });
            });
            if (!read) v.at("results").fail("result \"" + t.results[r].id + "\" is in no row");
        }
        if (auto natural = v.find("natural")) {
            if (t.difference) natural->fail("a difference table has no roll before adjustment: both sides roll");
            for (const auto& n : items_of(*natural)) {
                n.allow_only({"rolls", "text", "effects", "firer_effects"});
                NaturalRoll roll{read_band(n.at("rolls")), read_text(n.at("text")), {}, {}};
                if (auto e = n.find("effects")) roll.effects = read_effects(*e);
                if (auto e = n.find("firer_effects")) {
                    if (!t.fire) e->fail("only a fire table (\"fire\": true) has a firer");
                    roll.firer_effects = read_effects(*e);
                }
                const int lo = roll.band.lo.value_or(die_min(t.die)), hi = roll.band.hi.value_or(die_max(t.die));
                if (lo < die_min(t.die) || hi > die_max(t.die) || lo > hi)
                    n.at("rolls").fail("\"" + roll.band.text + "\" is not a roll of " + std::string(die_name(t.die)) + " (" +
                                       band_span(die_min(t.die), die_max(t.die)) + ")");
                t.natural.push_back(std::move(roll));
            }
        }
    }

    static PlayModifier read_modifier(const RuleSet& rules, const PlayTable& t, const Value& m) {
        m.allow_only({"id", "text", "value", "choose", "each", "factor", "group", "for", "campaign", "excludes", "requires"});
        PlayModifier mod;
        mod.id = read_id(m.at("id"));
        mod.text = read_text(m.at("text"), 500);
        const int given = (m.find("value") ? 1 : 0) + (m.find("choose") ? 1 : 0) + (m.find("factor") ? 1 : 0);
        if (given != 1) m.fail("a modifier has one of \"value\" (added), \"choose\" (a value the organiser picks) or \"factor\" (multiplies the fire points)");
        if (auto x = m.find("value")) mod.value = x->as_int(-20, 20);
        if (auto x = m.find("choose")) {
            const auto ends = x->items();
            if (ends.size() != 2) x->fail("expected [lowest, highest]");
            mod.choose = std::pair{ends[0].as_int(-20, 20), ends[1].as_int(-20, 20)};
            if (mod.choose->first >= mod.choose->second) x->fail("the lowest value must be below the highest");
        }
        if (auto x = m.find("factor")) {
            const auto f = x->as_string();
            int num = 0, den = 1;
            const auto parts = split(f, '/');
            if (parts.empty() || parts.size() > 2 || !parse_int(parts[0], num) || (parts.size() == 2 && !parse_int(parts[1], den)) ||
                num < 1 || num > 4 || den < 1 || den > 4 || num == den)
                x->fail("\"" + f + "\" is not a factor: expected e.g. \"2\" or \"1/2\"");
            mod.factor_num = num;
            mod.factor_den = den;
        }
        if (auto x = m.find("each")) mod.each = x->as_bool();
        if (mod.each && !m.find("value")) m.fail("only a modifier with a \"value\" can be counted (\"each\")");
        if (auto x = m.find("group")) mod.group = read_id(*x);
        if (auto x = m.find("for")) {
            if (!t.difference) x->fail("only a difference table's modifiers say whose roll they are for");
            mod.party = x->as_word<Party>();
            if (mod.party == Party::either) x->fail("a modifier is for the attacker's or the defender's roll: expected attacker or defender");
        }
        if (auto x = m.find("excludes"))
            for (const auto& g : items_of(*x)) mod.excludes.push_back(read_id(g));
        if (auto x = m.find("requires"))
            for (const auto& r : items_of(*x)) mod.needs.push_back(read_id(r));
        if (auto x = m.find("campaign")) {
            mod.campaign = read_binding(rules, t, *x);
            if (mod.choose || mod.each) x->fail("the campaign applies a modifier once: a counted one or one with a chosen value is the organiser's");
        }
        return mod;
    }

    static void check_modifiers(const PlayTable& t, const Value& v) {
        for (const auto& m : t.modifiers)
            for (const auto& g : m.excludes)
                if (std::none_of(t.modifiers.begin(), t.modifiers.end(), [&](const PlayModifier& x) { return x.group == g; }))
                    v.at("modifiers").fail("modifier \"" + m.id + "\" excludes \"" + g + "\", which is no group of this table's modifiers");
        for (const auto& m : t.modifiers)
            for (const auto& r : m.needs)
                if (std::none_of(t.modifiers.begin(), t.modifiers.end(), [&](const PlayModifier& x) { return x.id == r; }))
                    v.at("modifiers").fail("modifier \"" + m.id + "\" requires \"" + r + "\", which is no modifier of this table");
        for (size_t i = 0; i < t.modifiers.size(); ++i)
            for (size_t j = i + 1; j < t.modifiers.size(); ++j) {
                const auto &a = t.modifiers[i], &b = t.modifiers[j];
                if (a.id == b.id && (a.party == Party::either || b.party == Party::either || a.party == b.party))
                    v.at("modifiers").fail("modifier \"" + a.id + "\" is listed twice for the same roll");
            }
    }

    static void read_results(PlayTable& t, const Value& results) {
        for (const auto& [id, r] : members_of(results)) {
            r.allow_only({"name", "text", "effects"});
            PlayResult res;
            if (auto n = r.find("name")) res.name = read_text(*n, 100);
            if (!detail::is_id(id)) r.fail("\"" + id + "\" is not a valid result id: expected 1 to 40 of a-z, 0-9, _ and -");
            res.id = id;
            res.text = read_text(r.at("text"));
            if (auto e = r.find("effects")) {
                if (t.difference) {
                    e->allow_only({"attacker", "defender"});
                    if (auto a = e->find("attacker")) res.attacker_effects = read_effects(*a);
                    if (auto d = e->find("defender")) res.defender_effects = read_effects(*d);
                } else {
                    res.effects = read_effects(*e);
                }
            }
            t.results.push_back(std::move(res));
        }
        if (t.results.empty()) results.fail("expected at least one result");
    }

    static std::vector<PlayRow> read_rows(const PlayTable& t, const Value& rows) {
        std::vector<PlayRow> out;
        for (const auto& r : items_of(rows)) {
            PlayRow row;
            Value result = r;
            if (r.is_array()) {
                const auto cells = r.items();
                if (cells.size() != 2) r.fail("expected [band of scores, result id]");
                row.band = read_band(cells[0]);
                result = cells[1];
            } else {
                // A row muster reads otherwise than it is printed: the printed band, the band
                // muster reads, and why.
                r.allow_only({"band", "reads", "result", "reading"});
                const auto printed = r.at("band").as_string();
                row.band = read_band(r.at("reads"));
                row.band.text = printed;
                row.reading = read_text(r.at("reading"), 500);
                result = r.at("result");
            }
            const auto id = result.as_string();
            auto it = std::find_if(t.results.begin(), t.results.end(), [&](const PlayResult& x) { return x.id == id; });
            if (it == t.results.end()) result.fail("unknown result \"" + id + "\"");
            row.result = static_cast<size_t>(it - t.results.begin());
            out.push_back(std::move(row));
        }
        if (out.empty()) rows.fail("expected at least one row");
        return out;
    }

    static void check_columns(const PlayTable& t, const Value& columns) {
        for (size_t i = 0; i < t.columns.size(); ++i) {
            if (t.columns[i].points_from.has_value() != t.columns[0].points_from.has_value())
                columns.fail("either every column is read by fire points (\"points\") or none is");
            for (size_t j = i + 1; j < t.columns.size(); ++j)
                if (t.columns[i].id == t.columns[j].id) columns.fail("column \"" + t.columns[i].id + "\" is defined twice");
            if (i > 0 && t.columns[i].points_from && *t.columns[i].points_from <= *t.columns[i - 1].points_from)
                columns.fail("column \"" + t.columns[i].id + "\" starts at " + t.columns[i].points_from->text() +
                             " fire points, not above the column before it: list them from the fewest points up");
        }
    }

    // In every column, each score the dice and modifiers can reach falls in exactly one row.
    // The bands are sorted and swept once, so a hostile file cannot make this slow.
    static void check_coverage(const PlayTable& t, const Value& where) {
        const auto [reach_lo, reach_hi] = t.reachable();
        const long long lo = t.read_score(reach_lo), hi = t.read_score(reach_hi);
        for (const auto& col : t.columns) {
            const std::string in = col.id.empty() ? std::string() : "in column \"" + col.id + "\", ";
            std::vector<const ScoreBand*> bands;
            for (const auto& r : col.rows) bands.push_back(&r.band);
            auto low = [](const ScoreBand* b) { return b->lo ? *b->lo : LLONG_MIN; };
            auto high = [](const ScoreBand* b) { return b->hi ? *b->hi : LLONG_MAX; };
            std::stable_sort(bands.begin(), bands.end(), [&](const ScoreBand* a, const ScoreBand* b) { return low(a) < low(b); });
            std::vector<std::string> gaps;
            long long next = lo;  // the lowest reachable score not yet covered
            for (size_t i = 0; i < bands.size(); ++i) {
                if (i > 0 && low(bands[i]) <= high(bands[i - 1]))
                    where.fail(in + "rows \"" + bands[i - 1]->text + "\" and \"" + bands[i]->text + "\" both cover score " +
                               std::to_string(low(bands[i]) == LLONG_MIN ? high(bands[i - 1]) : low(bands[i])));
                if (low(bands[i]) > next && next <= hi) gaps.push_back(band_span(static_cast<int>(next), static_cast<int>(std::min(low(bands[i]) - 1, hi))));
                if (high(bands[i]) >= next) next = high(bands[i]) == LLONG_MAX ? LLONG_MAX : high(bands[i]) + 1;
            }
            if (next <= hi) gaps.push_back(band_span(static_cast<int>(next), static_cast<int>(hi)));
            if (!gaps.empty())
                where.fail(in + "no row covers " + join(gaps, ", ") + ": the " + std::string(die_name(t.die)) +
                           (t.difference ? " difference" : "") + " and the modifiers reach " + band_span(static_cast<int>(lo), static_cast<int>(hi)) +
                           ", and every score must fall in exactly one row");
        }
    }

    static void read_grid(PlayTable& t, const Value& v) {
        v.allow_only({"kind", "title", "source", "note", "readings", "header", "rows"});
        read_common(t, v);
        t.kind = PlayKind::grid;
        for (const auto& h : items_of(v.at("header"))) t.grid.header.push_back(read_text(h, 200));
        if (t.grid.header.empty()) v.at("header").fail("expected at least one heading");
        for (const auto& r : items_of(v.at("rows"))) {
            std::vector<std::string> cells;
            for (const auto& c : items_of(r)) cells.push_back(read_text(c, 500));
            if (cells.size() != t.grid.header.size())
                r.fail("expected " + std::to_string(t.grid.header.size()) + " cells, one a heading; found " + std::to_string(cells.size()));
            t.grid.rows.push_back(std::move(cells));
        }
        if (t.grid.rows.empty()) v.at("rows").fail("expected at least one row");
    }

    static void read_ranges(PlayTable& t, const Value& v) {
        v.allow_only({"kind", "title", "source", "note", "readings", "header", "weapons"});
        read_common(t, v);
        t.kind = PlayKind::ranges;
        if (auto h = v.find("header"))
            for (const auto& x : items_of(*h)) t.range_header.push_back(read_text(x, 200));
        for (const auto& w : items_of(v.at("weapons"))) {
            w.allow_only({"id", "name", "per", "bands"});
            Weapon weapon{read_id(w.at("id")), read_text(w.at("name"), 200), read_text(w.at("per"), 40), {}};
            std::optional<int> last;
            for (const auto& b : items_of(w.at("bands"))) {
                b.allow_only({"name", "up_to", "points", "text"});
                RangeBand band;
                if (auto n = b.find("name")) band.name = read_text(*n, 200);
                if (auto u = b.find("up_to")) band.up_to = u->as_int(1, 200);
                band.points = read_points(b.at("points"));
                band.text = read_text(b.at("text"), 200);
                if (band.up_to && last && *band.up_to <= *last) b.fail("ranges must grow: " + std::to_string(*band.up_to) + "\" after " + std::to_string(*last) + "\"");
                if (band.up_to) last = band.up_to;
                weapon.bands.push_back(std::move(band));
            }
            if (weapon.bands.empty()) w.at("bands").fail("expected at least one band");
            if (std::any_of(t.weapons.begin(), t.weapons.end(), [&](const Weapon& x) { return x.id == weapon.id; }))
                w.fail("weapon \"" + weapon.id + "\" is listed twice");
            t.weapons.push_back(std::move(weapon));
        }
        if (t.weapons.empty()) v.at("weapons").fail("expected at least one weapon");
    }

    // A result that rolls another table names one that can decide a leader's fate.
    void check_rolls_next(const Value& tables) const {
        auto check = [&](const PlayEffects& e, const std::string& where) {
            if (e.leader_roll.empty()) return;
            const auto* p = find(e.leader_roll);
            if (!p || !decides_fate(*p))
                tables.fail(where + " rolls \"" + e.leader_roll + "\" for a leader, which is no table that decides a leader's fate");
        };
        for (const auto& t : m_out) {
            for (const auto& r : t.results)
                for (const auto* e : {&r.effects, &r.attacker_effects, &r.defender_effects}) check(*e, "table " + t.id + ", result " + r.id + ",");
            for (const auto& n : t.natural) check(n.effects, "table " + t.id + ", roll \"" + n.band.text + "\",");
        }
    }

    const PlayTable* find(std::string_view id) const {
        for (const auto& t : m_out)
            if (t.id == id) return &t;
        return nullptr;
    }

    const RuleSet& m_rules;
    std::vector<PlayTable>& m_out;
};

}  // namespace

size_t fallen_leader_table(const Value& v, const RuleSet& rules) {
    const auto id = v.as_string();
    for (size_t i = 0; i < rules.play_tables.size(); ++i)
        if (rules.play_tables[i].id == id) {
            if (!decides_fate(rules.play_tables[i]))
                v.fail("play table " + id + " cannot decide a fallen leader's fate: expected one roll in one column whose results set \"leader\"");
            return i;
        }
    v.fail("unknown play table \"" + id + "\"");
}

void read_play_tables(const Value& tables, RuleSet& rules) {
    std::vector<PlayTable> out;
    PlayReader(rules, out).read(tables);
    rules.play_tables = std::move(out);
}

}  // namespace muster::rules
