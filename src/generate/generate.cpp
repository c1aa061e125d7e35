#include "generate/generate.hpp"

#include "core/error.hpp"
#include "core/names.hpp"
#include "core/text.hpp"

#include <initializer_list>
#include <set>
#include <string_view>

namespace muster::generate {
namespace {

using rules::Context;
using rules::Field;
using rules::RangeTable;

template <class T>
std::string id_list(const std::vector<T>& items) {
    std::vector<std::string> ids;
    for (const auto& x : items) ids.push_back(x.id);
    return join(ids, ", ");
}

// The parts one after another, in a string allocated once (`a + b + c` makes a string at each `+`).
std::string concat(std::initializer_list<std::string_view> parts) {
    size_t size = 0;
    for (auto part : parts) size += part.size();
    std::string out;
    out.reserve(size);
    for (auto part : parts) out += part;
    return out;
}

using For = GeneratedRoll::For;
using Log = decltype(Generated::log);

// A generated division's brigade by its index: "1st Brigade" (AWI: "1st Battalion").
std::string brigade_name(const rules::RuleSet& rules, size_t index) {
    return concat({ordinal(static_cast<int>(index) + 1), " ", rules.term_brigade});
}

// What a roll was for, in words, written into `out`: "division: 3.) Divisional Strength...",
// "2nd Brigade: 4.) Brigade Strength...", "fractional battery (44%)". `leader`: what a leader's
// roll outside a division is for ("Heth new commander"); `division`: what the rule set calls
// one ("division", AWI's "brigade").
void purpose_of(const GeneratedRoll& r, const rules::RuleSet& rules, std::string_view division, std::string_view leader, std::string& out) {
    out.clear();
    const auto title = [&] {
        out += ": ";
        out += r.table->title.empty() ? r.table->id : r.table->title;
    };
    switch (r.what) {
        case For::division: out += division; title(); break;
        case For::brigade: out += brigade_name(rules, r.brigade); title(); break;
        case For::alternate: out += brigade_name(rules, r.brigade); out += " alternate commander"; title(); break;
        case For::division_leader: out += division; out += " leader"; title(); break;
        case For::leader: out += leader; title(); break;
        case For::artillery: out += "artillery ratio"; break;
        case For::fraction: out += "fractional battery (" + std::to_string(r.percent) + "%)"; break;
        case For::reserve_share: out += "reserve's share of the batteries (" + std::to_string(r.percent) + "%)"; break;
    }
}

// A roll in words, as the journal keeps it.
dice::RollRecord in_words(const GeneratedRoll& r, const rules::RuleSet& rules, std::string_view division, std::string_view leader) {
    dice::RollRecord out;
    purpose_of(r, rules, division, leader, out.purpose);
    out.thrown = r.thrown;
    if (r.table) {
        out.table = r.table->id;
        for (size_t i = 0; i < r.table->sets.size(); ++i) {
            if (i > 0) out.result += ", ";
            out.result += rules.describe(r.table->sets[i], r.table->values_of(r.row)[i]);
        }
        return out;
    }
    // A chance: "roll equal or lower than the fraction".
    const bool hit = r.thrown.reading <= r.percent;
    const bool fraction = r.what == For::fraction;
    out.result = concat({hit ? (fraction ? "one more battery" : "one more battery to the reserve")
                             : (fraction ? "no more batteries" : "it stays with the division"),
                         " (", std::to_string(r.thrown.reading), hit ? " <= " : " > ", std::to_string(r.percent), ")"});
    return out;
}

class Roller {
public:
    Roller(const rules::RuleSet& rules, dice::Source& dice, Log& log, std::string_view leader = {})
        : m_rules(rules), m_dice(dice), m_seeded(dice.seeded()), m_reads_purpose(dice.reads_purpose()), m_log(log), m_leader(leader) {}

    // Rolls a table for the context and writes what the row sets into it.
    void table(const RangeTable& t, Context& context, For what, size_t brigade = 0) {
        GeneratedRoll& r = m_log.emplace_back();
        r.what = what;
        r.brigade = static_cast<std::uint16_t>(brigade);
        r.table = &t;
        const size_t block = t.block_index(context);
        throw_die(t.die, r);
        const size_t row = t.row_number(block, r.thrown.reading);
        // Blocks cover every reading (validated), and sources only return valid readings.
        if (row == std::string::npos) throw Error("table " + t.id + " has no row for " + std::to_string(r.thrown.reading));
        r.row = static_cast<std::uint32_t>(row);
        context.set(t.sets.data(), t.values_of(row), t.sets.size(), t.sets_mask);
    }

    // A percentile roll against a chance: "roll equal or lower than the fraction".
    bool chance(int percent, For what) {
        GeneratedRoll& r = m_log.emplace_back();
        r.what = what;
        r.percent = percent;
        throw_die(rules::Die::percentile, r);
        return r.thrown.reading <= percent;
    }

    void steps(const std::vector<size_t>& steps, Context& context, unsigned given, For what, size_t brigade = 0) {
        for (size_t i : steps) {
            const RangeTable& t = m_rules.tables[i];
            if (!t.all_given(given)) table(t, context, what, brigade);
        }
    }

private:
    void throw_die(rules::Die die, GeneratedRoll& r) {
        if (m_seeded) m_seeded->throw_into(die, r.thrown);
        else r.thrown = m_dice.roll(die, purpose(r));
    }

    // What the roll is for, as the dice are asked (typed dice name it when they run out): in a
    // buffer kept from roll to roll; none for dice that do not read it (seeded).
    std::string_view purpose(const GeneratedRoll& r) {
        if (!m_reads_purpose) return {};
        if (m_noun.empty()) m_noun = m_rules.division_noun();
        purpose_of(r, m_rules, m_noun, m_leader, m_purpose);
        return m_purpose;
    }

    const rules::RuleSet& m_rules;
    dice::Source& m_dice;
    dice::SeededSource* m_seeded;  ///< the dice, if seeded: thrown without a call through Source
    bool m_reads_purpose;
    Log& m_log;
    std::string_view m_leader;
    std::string m_noun;
    std::string m_purpose;
};

army::Leader make_leader(const rules::RuleSet& rules, std::string_view grade_rolled, bool by_the_book) {
    army::Leader leader;
    leader.rolled_grade = grade_rolled;
    leader.grade = leader.rolled_grade;
    const auto* grade = rules.find_grade(leader.rolled_grade);
    if (by_the_book && grade && !grade->by_the_book_as.empty()) leader.grade = grade->by_the_book_as;
    return leader;
}

Context start_context(const rules::RuleSet& rules, const Request& request, unsigned& given) {
    Context context;  // its ids read in the rule set, which outlives it
    const auto* side = rules.find_side(request.side);
    if (!side)
        throw UsageError("unknown side \"" + visible(request.side) + "\" in rule set " + rules.id + " (expected one of: " +
                         id_list(rules.sides) + ")");
    context.set(Field::side, {0, side->id, static_cast<int>(side - rules.sides.data())});
    const auto& asked = request.arm.empty() ? rules.arms.front().id : request.arm;
    const auto* arm = rules.find_arm(asked);
    if (!arm) arm = &rules::typed_word(rules, rules.arms, asked, "arm");  // typed by a person: any case, a beginning, its name
    context.set(Field::arm, {0, arm->id, static_cast<int>(arm - rules.arms.data())});
    if (request.year) {
        if (rules.years.empty()) throw UsageError("rule set " + rules.id + " has no years; leave out the year");
        if (*request.year < rules.years.front() || *request.year > rules.years.back())
            throw UsageError("year " + std::to_string(*request.year) + " is outside rule set " + rules.id + "'s years " +
                             std::to_string(rules.years.front()) + "-" + std::to_string(rules.years.back()));
        context.set(Field::year, {*request.year, {}});
        given |= 1u << static_cast<unsigned>(Field::year);
    }
    if (request.theater) {
        const auto* theater = rules.find_theater(*request.theater);
        if (!theater)
            throw UsageError("unknown theater \"" + visible(*request.theater) + "\" in rule set " + rules.id +
                             (rules.theaters.empty() ? " (it has none)" : " (expected one of: " + id_list(rules.theaters) + ")"));
        context.set(Field::theater, {0, theater->id, static_cast<int>(theater - rules.theaters.data())});
        given |= 1u << static_cast<unsigned>(Field::theater);
    }
    return context;
}

void check_known(const rules::RuleSet& rules, const Context& context, unsigned given) {
    // A table that rolls year and theater together cannot roll one of them alone.
    for (size_t i : rules.generation.division) {
        const auto& t = rules.tables[i];
        bool some = false, all = true;
        for (Field f : t.sets) {
            const bool g = given & (1u << static_cast<unsigned>(f));
            some = some || g;
            all = all && g;
        }
        if (some && !all) {
            std::vector<std::string> names;
            for (Field f : t.sets) names.push_back("--" + std::string(field_name(f)));
            const bool two = names.size() == 2;
            throw UsageError("table " + t.id + (t.title.empty() ? "" : " (" + t.title + ")") + " rolls " + join(names, " and ") + " together: give " +
                             (two ? "both, or neither" : "all of them, or none") + " to have them rolled");
        }
    }
    for (Field f : {Field::year, Field::theater}) {
        const bool none = f == Field::year ? rules.years.empty() : rules.theaters.empty();
        if (none || context.has(f)) continue;
        bool rolled = false;
        for (size_t i : rules.generation.division)
            for (Field s : rules.tables[i].sets) rolled = rolled || s == f;
        if (!rolled && rules.keys_on(f))
            throw UsageError("rule set " + rules.id + " has no table that rolls the " + std::string(field_name(f)) + ": give it (--" +
                             std::string(field_name(f)) + (f == Field::year ? ", " + std::to_string(rules.years.front()) + " to " + std::to_string(rules.years.back()) : "") + ")");
    }
}

// Rolls the division's batteries, its `stands` at so many a battery (ArtilleryWorking).
void add_artillery(const rules::RuleSet& rules, Roller& roll, Context context, int stands, army::ArtilleryWorking& a) {
    const auto& g = rules.generation;
    if (!g.artillery) return;
    roll.table(rules.tables[*g.artillery], context, For::artillery);
    a.stands_per_battery = context.get(Field::stands_per_battery).number;
    a.total_stands = stands;
    a.whole = a.total_stands / a.stands_per_battery;
    // "Do not round fractions of batteries up or down": 22 stands at 1 per 9 is 2.44, so two
    // batteries and a roll of 44 or under for a third. Integer percent, rounded down, is the
    // largest roll that is "equal or lower than the fraction".
    a.fraction_percent = a.total_stands % a.stands_per_battery * 100 / a.stands_per_battery;
    if (a.fraction_percent > 0)
        a.extra = roll.chance(a.fraction_percent, For::fraction);
    a.batteries = a.whole + (a.extra ? 1 : 0);
    // The reserve takes its share (one third) of the whole batteries; a fraction of a battery
    // in that share goes to the reserve on the same percentile rule, else stays with the division.
    const int share = a.batteries * g.reserve_num;
    a.to_reserve = share / g.reserve_den;
    a.reserve_percent = share % g.reserve_den * 100 / g.reserve_den;
    if (a.reserve_percent > 0 && roll.chance(a.reserve_percent, For::reserve_share)) ++a.to_reserve;
}

// The chance that a die reads within a row's range.
double chance_of(rules::Die die, const rules::Range& range) {
    int hits = 0, ways = 0;
    if (die == rules::Die::two_d6) {
        for (int a = 1; a <= 6; ++a)
            for (int b = 1; b <= 6; ++b, ++ways) hits += range.contains(a + b) ? 1 : 0;
    } else {
        for (int r = rules::die_min(die); r <= rules::die_max(die); ++r, ++ways) hits += range.contains(r) ? 1 : 0;
    }
    return static_cast<double>(hits) / ways;
}

using Weighted = std::vector<std::pair<Context, double>>;

void add(Weighted& w, Context c, double p) {
    for (auto& [k, q] : w)
        if (k == c) {
            q += p;
            return;
        }
    w.emplace_back(std::move(c), p);
}

void add(Distribution& d, int value, double p) {
    if (p > 0) d[value] += p;
}

// Every context the steps reach, with its chance. Each keeps only the fields a later step is
// keyed by and those in `keep`, so contexts that differ in nothing read again are one.
Weighted weigh(const rules::RuleSet& rules, const std::vector<size_t>& steps, Weighted contexts, unsigned given,
               const std::set<Field>& keep) {
    for (size_t s = 0; s < steps.size(); ++s) {
        const RangeTable& t = rules.tables[steps[s]];
        if (t.all_given(given)) continue;
        std::set<Field> live = rules::keys_of(rules, {std::span(steps).subspan(s + 1)});
        live.insert(keep.begin(), keep.end());
        Weighted next;
        for (const auto& [c, p] : contexts)
            for (const auto& row : t.block_for(c).rows) {
                const double q = chance_of(t.die, row.range);
                if (q == 0) continue;
                Context n = c;
                for (size_t i = 0; i < t.sets.size(); ++i) n.set(t.sets[i], row.values[i]);
                add(next, n.only(live), p * q);
            }
        contexts = std::move(next);
    }
    return contexts;
}

// The sum of `n` independent draws from `one`.
Distribution sum_of(const Distribution& one, int n) {
    Distribution total{{0, 1.0}};
    for (int i = 0; i < n; ++i) {
        Distribution next;
        for (const auto& [a, p] : total)
            for (const auto& [b, q] : one) next[a + b] += p * q;
        total = std::move(next);
    }
    return total;
}

// A percentile roll of `percent` or under: the chance the generator's chance() succeeds.
double percentile_chance(int percent) { return percent / 100.0; }

}  // namespace

double mean(const Distribution& d) {
    double m = 0;
    for (const auto& [v, p] : d) m += v * p;
    return m;
}

ExactOdds exact_odds(const rules::RuleSet& rules, const Request& request) {
    unsigned given = 0;
    const Context start = start_context(rules, request, given);
    check_known(rules, start, given);
    const auto& g = rules.generation;
    const std::vector<size_t> artillery = g.artillery ? std::vector<size_t>{*g.artillery} : std::vector<size_t>{};
    std::set<Field> division_keep = rules::keys_of(rules, {g.brigade, artillery});
    division_keep.insert(Field::brigades);

    ExactOdds odds;
    for (const auto& [division, p] : weigh(rules, g.division, {{start, 1.0}}, given, division_keep)) {
        const int count = division.get(Field::brigades).number;
        add(odds.brigades, count, p);
        Distribution one;  // a brigade's stands
        for (const auto& [b, q] : weigh(rules, g.brigade, {{division, 1.0}}, 0, {Field::stands})) add(one, b.get(Field::stands).number, q);
        const Distribution stands = sum_of(one, count);
        for (const auto& [total, q] : stands) add(odds.stands, total, p * q);
        if (!g.artillery) {
            add(odds.batteries, 0, p);
            add(odds.division_batteries, 0, p);
            add(odds.reserve_batteries, 0, p);
            continue;
        }
        // As add_artillery rolls it: whole batteries, a percentile roll for the fraction, then
        // the reserve's share and a percentile roll for its fraction.
        for (const auto& [ratio, r] : weigh(rules, artillery, {{division, 1.0}}, 0, {Field::stands_per_battery})) {
            const int per = ratio.get(Field::stands_per_battery).number;
            for (const auto& [total, q] : stands) {
                const double weight = p * r * q;
                const int whole = total / per;
                const double extra = percentile_chance(total % per * 100 / per);
                for (const auto& [batteries, b] : Distribution{{whole, 1 - extra}, {whole + 1, extra}}) {
                    if (b <= 0) continue;
                    add(odds.batteries, batteries, weight * b);
                    const int share = batteries * g.reserve_num;
                    const double more = percentile_chance(share % g.reserve_den * 100 / g.reserve_den);
                    for (const auto& [reserve, m] : Distribution{{share / g.reserve_den, 1 - more}, {share / g.reserve_den + 1, more}}) {
                        add(odds.reserve_batteries, reserve, weight * b * m);
                        add(odds.division_batteries, batteries - reserve, weight * b * m);
                    }
                }
            }
        }
    }
    return odds;
}

army::Leader roll_leader(const rules::RuleSet& rules, const Request& request, dice::Source& dice,
                         std::vector<dice::RollRecord>& rolls, const std::string& purpose) {
    unsigned given = 0;
    Context context = start_context(rules, request, given);
    if (!context.has(Field::year) && rules::keys_of(rules, {rules.generation.division_leader}).count(Field::year))
        throw UsageError("the leader table needs the year: give it");
    // Keys the leader table may need that only a division's own rolls would set (theater)
    // must be given; validation guarantees side and year suffice for the shipped rule sets.
    Log log;
    Roller roll(rules, dice, log, purpose);
    roll.steps(rules.generation.division_leader, context, 0, For::leader);
    const auto noun = rules.division_noun();
    for (size_t i = 0; i < log.size(); ++i) rolls.push_back(in_words(log[i], rules, noun, purpose));
    return make_leader(rules, context.get(Field::grade).id, request.despicable_by_the_book);
}

army::Division Generated::division(const rules::RuleSet& rules) const {
    army::Division d;
    d.name = name;
    d.side = context.get(Field::side).id;
    d.arm = context.get(Field::arm).id;  // a word of the rule set's only (Interned: kept for the process's life)
    if (context.has(Field::year)) d.year = context.get(Field::year).number;
    if (context.has(Field::theater)) d.theater = context.get(Field::theater).id;
    d.brigades.reserve(brigades.size());
    for (size_t i = 0; i < brigades.size(); ++i) {
        const RolledBrigade& rolled = brigades[i];
        army::Brigade& brigade = d.brigades.emplace_back();
        brigade.name = brigade_name(rules, i);
        brigade.arm = d.arm;
        brigade.rating = rolled.rating.id;
        brigade.start_stands = brigade.stands = rolled.stands;
        brigade.label = *rules.effectiveness.find(brigade.rating, brigade.start_stands);  // validated
        brigade.commander = make_leader(rules, rolled.grade.id, by_the_book);
        if (rolled.alternate) brigade.alternate = make_leader(rules, rolled.alternate->id, by_the_book);
    }
    d.commander = make_leader(rules, commander.id, by_the_book);
    d.artillery = artillery;
    const auto& a = artillery;
    d.batteries.reserve(a.batteries);
    for (int i = 1; i <= a.batteries; ++i) {
        army::Battery& t = d.batteries.emplace_back();
        t.name = ordinal(i) + " Battery";
        t.reserve = i > a.batteries - a.to_reserve;
    }
    return d;
}

army::Division Generated::with_rolls(const rules::RuleSet& rules) const {
    army::Division d = division(rules);
    const auto noun = rules.division_noun();
    d.rolls.reserve(log.size());
    for (size_t i = 0; i < log.size(); ++i) d.rolls.push_back(in_words(log[i], rules, noun, {}));
    return d;
}

Generated generate_division(const rules::RuleSet& rules, const Request& request, dice::Source& dice) {
    Generated out;
    out.name = request.name.empty() ? rules.term_division : request.name;
    out.by_the_book = request.despicable_by_the_book;
    unsigned given = 0;
    Context& context = out.context;
    context = start_context(rules, request, given);
    check_known(rules, context, given);  // before any roll: a refused request uses no dice
    const auto& g = rules.generation;
    Roller roll(rules, dice, out.log);
    roll.steps(g.division, context, given, For::division);

    const int count = context.get(Field::brigades).number;
    int stands = 0;
    for (int i = 0; i < count; ++i) {
        Context b = context;
        roll.steps(g.brigade, b, 0, For::brigade, static_cast<size_t>(i));
        RolledBrigade& brigade = out.brigades.emplace_back();
        brigade.rating = b.get(Field::rating);
        brigade.stands = b.get(Field::stands).number;
        brigade.grade = b.get(Field::grade);
        if (!g.alternate.empty() && b.has(Field::alternate) && b.get(Field::alternate).number == 1) {
            Context alt = b;
            roll.steps(g.alternate, alt, 0, For::alternate, static_cast<size_t>(i));
            brigade.alternate = alt.get(Field::grade);
        }
        stands += brigade.stands;
    }

    Context leader = context;
    roll.steps(g.division_leader, leader, 0, For::division_leader);
    out.commander = leader.get(Field::grade);

    add_artillery(rules, roll, context, stands, out.artillery);
    return out;
}

}  // namespace muster::generate
