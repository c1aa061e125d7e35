#include "rules/rule_set.hpp"

#include "core/error.hpp"
#include "core/match.hpp"
#include "core/names.hpp"
#include "core/text.hpp"
#include "core/words.hpp"

#include <algorithm>

namespace muster::rules {
namespace {

constexpr std::array<std::string_view, k_field_count> k_field_names = {
    "side", "arm", "theater", "year", "rating", "grade", "brigades", "stands", "stands_per_battery",
    "alternate"};

template <class T>
const T* find_by_id(const std::vector<T>& items, std::string_view id) {
    auto it = std::find_if(items.begin(), items.end(), [&](const T& x) { return x.id == id; });
    return it == items.end() ? nullptr : &*it;
}

template <class T>
std::vector<FieldRef> ids_of(const std::vector<T>& items) {
    std::vector<FieldRef> out;
    for (const auto& x : items) out.push_back({0, x.id});
    return out;
}

}  // namespace

std::string_view die_name(Die die) {
    switch (die) {
        case Die::d6: return "d6";
        case Die::d10: return "d10";
        case Die::two_d6: return "2d6";
        case Die::percentile: return "percentile";
    }
    return "?";
}

std::optional<Die> parse_die(std::string_view text) {
    for (Die d : {Die::d6, Die::d10, Die::two_d6, Die::percentile})
        if (die_name(d) == text) return d;
    return std::nullopt;
}

std::string_view field_name(Field field) { return k_field_names[static_cast<size_t>(field)]; }

std::optional<Field> parse_field(std::string_view text) {
    for (size_t i = 0; i < k_field_count; ++i)
        if (k_field_names[i] == text) return static_cast<Field>(i);
    return std::nullopt;
}

bool is_numeric(Field field) {
    return field == Field::year || field == Field::brigades || field == Field::stands ||
           field == Field::stands_per_battery || field == Field::alternate;
}


bool is_key_field(Field field) {
    return field == Field::side || field == Field::arm || field == Field::theater || field == Field::year ||
           field == Field::rating || field == Field::grade;
}

bool Condition::matches(const Context& context) const {
    if (!context.has(field)) return false;
    const FieldRef& v = context.get(field);
    if (field == Field::year) return v.number >= year_lo && v.number <= year_hi;
    if (coded && v.code >= 0) return v.code < 64 && ((codes >> v.code) & 1U);
    return std::find(ids.begin(), ids.end(), v.id) != ids.end();
}

namespace {

// Indexes a table's blocks by its keys' codes (RangeTable::block_at): each combination's block
// found as block_for's scan finds it. None where a block is chosen by a field that is not a key
// (a context of the keys alone would not show it), or the combinations are too many to index
// at once (a damaged rule set's).
void index_blocks(const RuleSet& rules, RangeTable& t, const std::array<std::vector<FieldRef>, k_field_count>& domains) {
    t.key_index.clear();
    t.block_at.clear();
    for (const auto& block : t.blocks)
        for (const auto& c : block.when)
            if (std::find(t.keys.begin(), t.keys.end(), c.field) == t.keys.end()) return;
    constexpr size_t most = 100000;
    std::vector<RangeTable::KeyIndex> keys;
    size_t combinations = 1;
    for (Field f : t.keys) {
        const auto& domain = domains[static_cast<size_t>(f)];
        // Years counted as a span, first to last, in 64 bits: a damaged rule set's may be anything.
        const long long count = f == Field::year && !domain.empty()
                                    ? static_cast<long long>(rules.years.back()) - rules.years.front() + 1
                                    : static_cast<long long>(domain.size());
        if (count <= 0 || count > static_cast<long long>(most) || t.blocks.size() >= 0xFFFF) return;
        keys.push_back({f, f == Field::year ? rules.years.front() : 0, static_cast<int>(count), combinations});
        combinations *= static_cast<size_t>(count);
        if (combinations > most) return;
    }
    if (combinations * t.blocks.size() > 20 * most) return;  // each combination tries the blocks in turn
    std::vector<std::uint16_t> block_at(combinations, 0xFFFF);
    for (size_t at = 0; at < combinations; ++at) {
        Context context;
        for (const auto& key : keys) {
            const int code = static_cast<int>(at / key.stride % static_cast<size_t>(key.count));
            if (key.field == Field::year) context.set(key.field, {key.base + code, {}});
            else context.set(key.field, {0, domains[static_cast<size_t>(key.field)][static_cast<size_t>(code)].id, code});
        }
        for (size_t b = 0; b < t.blocks.size(); ++b)
            if (t.blocks[b].matches(context)) {
                block_at[at] = static_cast<std::uint16_t>(b);
                break;
            }
    }
    t.key_index = std::move(keys);
    t.block_at = std::move(block_at);
}

}  // namespace

void index_for_rolling(RuleSet& rules) {
    // A value's code: its place among its field's values (-1: not one of them, or not an id),
    // each field's values read once.
    std::array<std::vector<FieldRef>, k_field_count> domains;
    for (size_t f = 0; f < k_field_count; ++f) domains[f] = rules.domain(static_cast<Field>(f));
    const auto code_of = [&](Field field, std::string_view id) {
        const auto& domain = domains[static_cast<size_t>(field)];
        for (size_t i = 0; i < domain.size(); ++i)
            if (!domain[i].id.empty() && domain[i].id == id) return static_cast<int>(i);
        return -1;
    };
    for (auto& t : rules.tables) {
        for (auto& block : t.blocks) {
            for (auto& c : block.when) {
                c.codes = 0;
                c.coded = c.field != Field::year && !c.ids.empty();
                for (const auto& id : c.ids) {
                    const int code = code_of(c.field, id);
                    if (code < 0 || code >= 64) c.coded = false;
                    else c.codes |= std::uint64_t{1} << code;
                }
            }
            for (auto& row : block.rows)
                for (size_t i = 0; i < t.sets.size() && i < row.values.size(); ++i)
                    if (!is_numeric(t.sets[i])) row.values[i].code = code_of(t.sets[i], row.values[i].id);
        }
        t.index_rows();
        index_blocks(rules, t, domains);
    }
}

bool Block::matches(const Context& context) const {
    return std::all_of(when.begin(), when.end(), [&](const Condition& c) { return c.matches(context); });
}

// Numbers the rows block after block, keeps their values in one list and, where the blocks times
// the readings are not too many, each block's row for each reading.
void RangeTable::index_rows() {
    values.clear();
    row_at.clear();
    const size_t span = readings();
    sets_mask = 0;
    for (Field f : sets) sets_mask = static_cast<std::uint16_t>(sets_mask | 1U << static_cast<unsigned>(f));
    size_t rows = 0;
    for (auto& block : blocks) {
        block.first = static_cast<std::uint32_t>(rows);
        rows += block.rows.size();
        for (const auto& row : block.rows)
            for (size_t i = 0; i < sets.size(); ++i) values.push_back(i < row.values.size() ? row.values[i] : FieldValue{});
    }
    constexpr size_t most = 1 << 20;
    if (blocks.size() > most / span || rows >= k_no_row) return;
    // Each row's readings, the first row holding a reading taking it (as the scan finds it): a
    // pass over the rows, not a scan a reading.
    std::vector<std::uint32_t> at(blocks.size() * span, k_no_row);
    for (size_t b = 0; b < blocks.size(); ++b)
        for (size_t r = 0; r < blocks[b].rows.size(); ++r) {
            const Range& range = blocks[b].rows[r].range;
            for (long long reading = std::max(range.lo, 0); reading <= range.hi && reading < static_cast<long long>(span); ++reading) {
                auto& cell = at[b * span + static_cast<size_t>(reading)];
                if (cell == k_no_row) cell = blocks[b].first + static_cast<std::uint32_t>(r);
            }
        }
    row_at = std::move(at);
}

size_t RangeTable::scan_for_block(const Context& context) const {
    for (size_t b = 0; b < blocks.size(); ++b)
        if (blocks[b].matches(context)) return b;
    // Validation proves every combination of keys has a block; reaching here is a context
    // missing a key, which is a bug in the caller, reported rather than crashed on.
    throw Error("table " + id + " has no block for this division (a key it needs is not set)");
}

size_t RangeTable::scan_for_row(size_t block, int reading) const {
    const auto& rows = blocks[block].rows;
    for (size_t r = 0; r < rows.size(); ++r)
        if (rows[r].range.contains(reading)) return blocks[block].first + r;
    return std::string::npos;
}

std::string EffectivenessLabel::text() const {
    auto part = [](std::optional<int> n) { return n ? std::to_string(*n) : std::string("-"); };
    const bool starts_worn = worn_at && *worn_at >= stands;
    const bool starts_spent = spent_at && *spent_at >= stands;
    const std::string start = (starts_worn || starts_spent) ? "-" : std::to_string(stands);
    return start + "/" + part(worn_at) + "/" + part(spent_at);
}

State EffectivenessLabel::state_at(int current) const {
    if (spent_at && current <= *spent_at) return State::spent;
    if (worn_at && current <= *worn_at) return State::worn;
    return State::fresh;
}

EffectivenessLabel parse_label(std::string_view text) {
    const auto parts = split(text, '/');
    auto bad = [&](const std::string& why) {
        throw Error("\"" + visible(text) + "\" is not an effectiveness label (" + visible(why) +
                    "): expected start/worn/spent such as \"6/5/3\", with \"-\" for a state that never occurs");
    };
    if (parts.size() != 3) bad("three parts separated by /");
    std::optional<int> n[3];
    for (int i = 0; i < 3; ++i) {
        if (parts[i] == "-") continue;
        int x = 0;
        if (!parse_int(parts[i], x) || x < 1 || x > 99) bad("\"" + parts[i] + "\" is not a number from 1 to 99 or -");
        n[i] = x;
    }
    EffectivenessLabel label;
    label.worn_at = n[1];
    label.spent_at = n[2];
    if (n[0]) {
        label.stands = *n[0];
        if (n[1] && *n[1] >= label.stands) bad("Worn must be below the start strength");
        if (n[2] && *n[2] >= label.stands) bad("Spent must be below the start strength");
    } else {
        // "-/5/4": starts already Worn at 5; "-/-/5": starts already Spent at 5.
        if (!n[1] && !n[2]) bad("no number at all");
        label.stands = n[1] ? *n[1] : *n[2];
    }
    if (n[1] && n[2] && *n[2] >= *n[1]) bad("Spent must be below Worn");
    return label;
}

const EffectivenessLabel* Effectiveness::find(std::string_view rating, int stands) const {
    for (const auto& column : columns) {
        if (column.rating != rating) continue;
        for (const auto& label : column.labels)
            if (label.stands == stands) return &label;
    }
    return nullptr;
}

const CartelRank* Cartel::find(std::string_view id) const { return find_by_id(ranks, id); }

const CartelRank* Cartel::for_leader(std::string_view rank) const {
    for (const auto& [leader, cartel_rank] : leaders)
        if (leader == rank) return find(cartel_rank);
    return nullptr;
}

namespace {

// A term as a noun in running text: "Battalion" -> "battalion".
std::string noun(const std::string& term) {
    std::string out = term;
    if (!out.empty() && out[0] >= 'A' && out[0] <= 'Z') out[0] = static_cast<char>(out[0] - 'A' + 'a');
    return out;
}

}  // namespace

std::string RuleSet::brigade_noun() const { return noun(term_brigade); }
std::string RuleSet::division_noun() const { return noun(term_division); }
std::string RuleSet::noun_of(UnitKind kind) const {
    return kind == UnitKind::brigade ? brigade_noun() : kind == UnitKind::division ? division_noun() : std::string(word(kind));
}
std::string RuleSet::noun_of(NamedKind kind) const {
    return kind == NamedKind::brigade ? brigade_noun() : kind == NamedKind::division ? division_noun() : std::string(word(kind));
}
std::string RuleSet::count_brigades(int n) const { return count_of(n, noun(term_brigade), noun(term_brigade) + "s"); }
std::string RuleSet::count_divisions(int n) const { return count_of(n, noun(term_division), noun(term_division) + "s"); }

std::string RuleSet::rank_name(Rank rank) const {
    switch (rank) {
        case Rank::brigadier: return term_brigade + " commander";
        case Rank::division: return term_division + " commander";
        case Rank::corps: return "Corps commander";
        case Rank::army: return "Army commander";
    }
    return word(rank);
}

const Side* RuleSet::find_side(std::string_view id) const { return find_by_id(sides, id); }
const Named* RuleSet::find_arm(std::string_view id) const { return find_by_id(arms, id); }

std::string Formation::arms_text(const RuleSet& rules) const {
    std::vector<std::string> names;
    for (const auto& a : arms) names.push_back(a == k_artillery ? std::string(k_artillery) : name_or_id(rules.find_arm(a), a));
    return join_and(names);
}
const Named* RuleSet::find_theater(std::string_view id) const { return find_by_id(theaters, id); }
const Nationality* RuleSet::find_nationality(std::string_view id) const { return find_by_id(nationalities, id); }
const Rating* RuleSet::find_rating(std::string_view id) const { return find_by_id(ratings, id); }

std::optional<int> RuleSet::men_per_stand() const {
    if (scales.empty()) return std::nullopt;
    return scales.front().men_per_stand;
}
std::string RuleSet::side_name(std::string_view id) const {
    const auto* side = find_side(id);
    return side ? side->name : std::string(id);
}
std::string RuleSet::the_side(std::string_view id) const {
    const auto* side = find_side(id);
    return "the " + (!side ? std::string(id) : side->collective.empty() ? side->name : side->collective);
}
std::string RuleSet::reserve_name(std::string_view id) const {
    const auto* side = find_side(id);
    return reserve_name(id, side ? side->reserve_level : ReserveLevel::army);
}
std::string RuleSet::reserve_name(std::string_view id, ReserveLevel at) const {
    const auto* side = find_side(id);
    return side && side->reserve_level == at && !side->reserve.empty() ? side->reserve : "Artillery reserve";
}
const LeaderGrade* RuleSet::find_grade(std::string_view id) const { return find_by_id(grades, id); }

bool RuleSet::plays_a_grade_by_the_book() const {
    return std::any_of(grades.begin(), grades.end(), [](const LeaderGrade& g) { return !g.by_the_book_as.empty(); });
}
bool RuleSet::keys_on(Field field) const {
    return std::any_of(tables.begin(), tables.end(), [&](const RangeTable& t) { return std::find(t.keys.begin(), t.keys.end(), field) != t.keys.end(); });
}
const RangeTable* RuleSet::find_table(std::string_view id) const { return find_by_id(tables, id); }
const PlayTable* RuleSet::find_play_table(std::string_view id) const { return find_by_id(play_tables, id); }

std::vector<FieldRef> RuleSet::domain(Field field) const {
    switch (field) {
        case Field::side: return ids_of(sides);
        case Field::arm: return ids_of(arms);
        case Field::theater: return ids_of(theaters);
        case Field::rating: return ids_of(ratings);
        case Field::grade: return ids_of(grades);
        case Field::year: {
            std::vector<FieldRef> out;
            for (int y : years) out.push_back({y, {}});
            return out;
        }
        default: return {};
    }
}

std::string RuleSet::describe(Field field, const FieldRef& value) const {
    const Named* named = nullptr;
    switch (field) {
        case Field::side: named = find_side(value.id); break;
        case Field::arm: named = find_arm(value.id); break;
        case Field::theater: named = find_theater(value.id); break;
        case Field::rating: named = find_rating(value.id); break;
        case Field::grade: named = find_grade(value.id); break;
        case Field::year: return std::to_string(value.number);
        case Field::brigades: return count_brigades(value.number);
        case Field::stands: return count_of(value.number, "stand", "stands");
        case Field::stands_per_battery: return "1 battery per " + std::to_string(value.number) + " stands";
        case Field::alternate: return value.number ? "a Main and an Alternate commander" : "one commander";
    }
    return named ? named->name : std::string(value.id);
}

std::set<Field> keys_of(const RuleSet& rules, std::initializer_list<std::span<const size_t>> steps) {
    std::set<Field> out;
    for (const auto& stage : steps)
        for (size_t t : stage)
            for (Field key : rules.tables[t].keys) out.insert(key);
    return out;
}

size_t word_typed(const std::string& rule_set, const std::vector<std::string>& ids, const std::vector<std::string>& names, std::string_view typed,
                  const std::string& what) {
    auto i = match_one(typed, ids, what);
    if (i < 0) i = match_one(typed, names, what);
    if (i < 0)
        throw UsageError("unknown " + what + " \"" + visible(typed) + "\" in rule set " + rule_set + " (expected one of: " + join(ids, ", ") + ")" +
                         did_you_mean(typed, ids));
    return static_cast<size_t>(i);
}

}  // namespace muster::rules
