// The checks of a rule set that span tables. Paths in messages point at the JSON the
// organiser edits, so a refused file says where to look.
#include "core/error.hpp"
#include "core/text.hpp"
#include "rules/load.hpp"

#include <set>

namespace muster::rules {
namespace {

std::string describe_context(const Context& c) {
    std::vector<std::string> parts;
    for (size_t i = 0; i < k_field_count; ++i) {
        const auto f = static_cast<Field>(i);
        if (!c.has(f)) continue;
        const auto& v = c.get(f);
        parts.push_back(std::string(field_name(f)) + "=" + (is_numeric(f) ? std::to_string(v.number) : std::string(v.id)));
    }
    return join(parts, ", ");
}

std::string context_key(const Context& c) {
    std::string key;
    for (size_t i = 0; i < k_field_count; ++i) {
        const auto f = static_cast<Field>(i);
        key += c.has(f) ? (is_numeric(f) ? std::to_string(c.get(f).number) : std::string(c.get(f).id)) : "~";
        key += '|';
    }
    return key;
}

// Every combination of the table's keys must find exactly one block.
void check_blocks(const RuleSet& rules, const RangeTable& t, const std::string& file) {
    const std::string path = "$.tables." + t.id;
    std::vector<Context> combos(1);
    for (Field key : t.keys) {
        const auto domain = rules.domain(key);
        if (domain.empty())
            throw FileError(file, path + ".keys",
                            "the table is keyed by " + std::string(field_name(key)) + ", but the rule set defines none");
        std::vector<Context> next;
        for (const auto& c : combos)
            for (const auto& v : domain) {
                Context n = c;
                n.set(key, v);
                next.push_back(n);
            }
        combos = std::move(next);
    }
    for (const auto& c : combos) {
        std::vector<size_t> hits;
        for (size_t b = 0; b < t.blocks.size(); ++b)
            if (t.blocks[b].matches(c)) hits.push_back(b);
        if (hits.empty())
            throw FileError(file, path + ".blocks", "no block for " + describe_context(c) +
                                                        ": every combination of the keys needs one");
        if (hits.size() > 1)
            throw FileError(file, path + ".blocks",
                            "blocks[" + std::to_string(hits[0]) + "] and blocks[" + std::to_string(hits[1]) +
                                "] both apply to " + describe_context(c) + ": exactly one must");
    }
}

struct Stage {
    std::string path;
    const std::vector<size_t>& steps;
};

class Simulator {
public:
    Simulator(const RuleSet& rules, const std::string& file) : m_rules(rules), m_file(file) {}

    // Rolls every row of every step over every context: the contexts the generator can reach.
    // After each step a context keeps only the fields a later step of the stage is keyed by and
    // those in `keep` (what the caller reads afterwards): contexts that differ only in a field
    // nothing reads again are one, so the count stays the product of what matters.
    std::vector<Context> run(const std::vector<Context>& start, const Stage& stage, unsigned given, std::set<Field> keep) const {
        std::vector<Context> contexts = start;
        for (size_t s = 0; s < stage.steps.size(); ++s) {
            std::set<Field> live = keys_of(m_rules, {std::span(stage.steps).subspan(s + 1)});
            live.insert(keep.begin(), keep.end());
            const RangeTable& t = m_rules.tables[stage.steps[s]];
            if (t.all_given(given)) continue;
            for (Field key : t.keys)
                for (const auto& c : contexts)
                    if (!c.has(key))
                        throw FileError(m_file, stage.path + "[" + std::to_string(s) + "]",
                                        "table " + t.id + " is keyed by " + std::string(field_name(key)) +
                                            ", which is not known yet at this step");
            std::vector<Context> next;
            std::set<std::string> seen;
            for (const auto& c : contexts)
                for (const auto& row : t.block_for(c).rows) {
                    Context n = c;
                    for (size_t i = 0; i < t.sets.size(); ++i) n.set(t.sets[i], row.values[i]);
                    n = n.only(live);
                    if (seen.insert(context_key(n)).second) next.push_back(std::move(n));
                }
            contexts = std::move(next);
        }
        return contexts;
    }

    void require(const std::vector<Context>& contexts, Field field, const std::string& path) const {
        for (const auto& c : contexts)
            if (!c.has(field))
                throw FileError(m_file, path,
                                "no table in these steps sets " + std::string(field_name(field)) + ", which the generator needs");
    }

private:
    const RuleSet& m_rules;
    const std::string& m_file;
};

// Keeps only the fields later tables are keyed by, so the brigade stage starts small.
std::vector<Context> keys_only(const std::vector<Context>& contexts, const std::set<Field>& keys) {
    std::vector<Context> out;
    std::set<std::string> seen;
    for (const auto& c : contexts) {
        std::set<Field> kept = keys;
        kept.erase(Field::rating);
        kept.erase(Field::grade);
        Context n = c.only(kept);
        if (seen.insert(context_key(n)).second) out.push_back(n);
    }
    return out;
}

}  // namespace

void validate_rule_set(const RuleSet& rules, const std::string& file) {
    for (const auto& t : rules.tables) check_blocks(rules, t, file);

    const auto& g = rules.generation;
    const Simulator sim(rules, file);

    // The organiser may give year and theater, or have them rolled: check both ways in.
    unsigned given = 0;
    std::vector<Context> start(1);
    auto cross = [&](Field f) {
        std::vector<Context> next;
        for (const auto& c : start)
            for (const auto& v : rules.domain(f)) {
                Context n = c;
                n.set(f, v);
                next.push_back(n);
            }
        start = std::move(next);
    };
    cross(Field::side);
    cross(Field::arm);
    std::vector<Context> rolled_start = start;
    for (Field f : {Field::year, Field::theater})
        if (!rules.domain(f).empty()) {
            cross(f);
            given |= 1u << static_cast<unsigned>(f);
        }

    const std::vector<size_t> artillery = g.artillery ? std::vector<size_t>{*g.artillery} : std::vector<size_t>{};
    // What the later stages read of a division: the fields their tables are keyed by.
    const auto later_keys = keys_of(rules, {g.division_leader, g.brigade, g.alternate, artillery});
    std::set<Field> division_out = later_keys;
    division_out.insert(Field::brigades);
    std::vector<Context> divisions = sim.run(start, {"$.generation.division", g.division}, given, division_out);
    bool rolls_all = true;
    for (Field f : {Field::year, Field::theater})
        if (!rules.domain(f).empty()) {
            bool set_somewhere = false;
            for (size_t i : g.division)
                for (Field s : rules.tables[i].sets) set_somewhere = set_somewhere || s == f;
            rolls_all = rolls_all && set_somewhere;
        }
    if (rolls_all) {
        auto rolled = sim.run(rolled_start, {"$.generation.division", g.division}, 0, division_out);
        divisions.insert(divisions.end(), rolled.begin(), rolled.end());
    }
    sim.require(divisions, Field::brigades, "$.generation.division");

    const auto base = keys_only(divisions, later_keys);
    const auto leaders = sim.run(base, {"$.generation.division_leader", g.division_leader}, 0, {Field::grade});
    sim.require(leaders, Field::grade, "$.generation.division_leader");

    std::set<Field> brigade_out = keys_of(rules, {g.alternate});
    for (Field f : {Field::stands, Field::rating, Field::grade, Field::alternate}) brigade_out.insert(f);
    const auto brigades = sim.run(base, {"$.generation.brigade", g.brigade}, 0, brigade_out);
    for (Field f : {Field::stands, Field::rating, Field::grade}) sim.require(brigades, f, "$.generation.brigade");
    for (const auto& c : brigades) {
        const std::string rating(c.get(Field::rating).id);
        const int stands = c.get(Field::stands).number;
        const auto* r = rules.find_rating(rating);
        if (r->max_stands && stands > *r->max_stands)
            throw FileError(file, "$.generation.brigade",
                            "the tables can make " + a_or_an(r->name) + " unit of " + count_of(stands, "stand", "stands") + ", over its cap of " +
                                std::to_string(*r->max_stands) + " (" + describe_context(c) + ")");
        if (!rules.effectiveness.find(rating, stands))
            throw FileError(file, "$.effectiveness.labels." + rating,
                            "no label for " + a_or_an(rules.describe(Field::rating, c.get(Field::rating))) + " unit of " +
                                count_of(stands, "stand", "stands") + ", which the generator can make (" +
                                describe_context(c) + ")");
    }

    if (!g.alternate.empty()) {
        // Only units a brigade step marks with extra command get an alternate.
        std::vector<Context> with_alternate;
        for (const auto& c : brigades)
            if (c.has(Field::alternate) && c.get(Field::alternate).number == 1) with_alternate.push_back(c);
        if (with_alternate.empty())
            throw FileError(file, "$.generation.alternate",
                            "no brigade step sets \"alternate\" to 1, so no unit ever gets an alternate commander");
        const auto alternates = sim.run(with_alternate, {"$.generation.alternate", g.alternate}, 0, {Field::grade});
        sim.require(alternates, Field::grade, "$.generation.alternate");
    }

    if (g.artillery) {
        const auto art = sim.run(base, {"$.generation.artillery.table", artillery}, 0, {Field::stands_per_battery});
        sim.require(art, Field::stands_per_battery, "$.generation.artillery.table");
    }
}

}  // namespace muster::rules
