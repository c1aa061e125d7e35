#pragma once
#include "core/words.hpp"
#include "rules/die.hpp"
#include "rules/play_table.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <initializer_list>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace muster::rules {

/// A field of the generation context: what a table is keyed by, or what its rows set.
enum class Field {
    side, arm, theater, year, rating, grade, brigades, stands, stands_per_battery,
    alternate   ///< 1: the unit has a Main and an Alternate commander
};
inline constexpr size_t k_field_count = 10;
std::string_view field_name(Field field);
std::optional<Field> parse_field(std::string_view text);
/// Numeric fields (year, brigades, stands, stands_per_battery, alternate) hold numbers; the rest hold ids.
bool is_numeric(Field field);
/// Fields a table may be keyed by.
bool is_key_field(Field field);

/// One value of a field: a number or an id, as the field's kind says.
struct FieldValue {
    int number = 0;
    std::string id;
    /// The id's place among the field's values in the rule set (RuleSet::domain), set once the
    /// rule set is loaded (index_for_rolling): a block's conditions test it, not the text. -1: none.
    int code = -1;
    bool operator==(const FieldValue& o) const { return number == o.number && id == o.id; }
};

/// A value as a context holds it: its id read in place, where the rule set (or the request being
/// generated) keeps it, so that a context is copied, as each brigade copies its division's,
/// without copying a string.
struct FieldRef {
    std::string_view id;
    int number = 0;
    int code = -1;  ///< as FieldValue::code; -1: matched by its text
    FieldRef() = default;
    FieldRef(int number, std::string_view id, int code = -1) : id(id), number(number), code(code) {}
    FieldRef(const FieldValue& v) : id(v.id), number(v.number), code(v.code) {}  // NOLINT: a value is read in place
    FieldRef(FieldValue&&) = delete;  // a temporary's id would be gone before the context reads it
    bool operator==(const FieldRef& o) const { return number == o.number && id == o.id; }
};

/// What is known while a division is generated: side, arm, year... and what tables set. It
/// reads its ids where they are kept: it must not outlive the rule set or the request.
class Context {
public:
    void set(Field field, FieldRef value) {
        m_values[static_cast<size_t>(field)] = value;
        m_set |= 1U << static_cast<unsigned>(field);
    }
    /// Sets `fields` to `values`, parallel (a table's row); `mask` holds their bits (RangeTable::sets_mask).
    void set(const Field* fields, const FieldValue* values, size_t count, std::uint16_t mask) {
        for (size_t i = 0; i < count; ++i) m_values[static_cast<size_t>(fields[i])] = values[i];
        m_set |= mask;
    }
    bool has(Field field) const { return (m_set >> static_cast<unsigned>(field)) & 1U; }
    /// The value of a field that must be set (precondition: has(field)).
    const FieldRef& get(Field field) const { return m_values[static_cast<size_t>(field)]; }
    bool operator==(const Context& o) const {
        if (m_set != o.m_set) return false;
        for (size_t i = 0; i < k_field_count; ++i)
            if (((m_set >> i) & 1U) && !(m_values[i] == o.m_values[i])) return false;
        return true;
    }
    /// The context with only these fields (those a later step reads).
    Context only(const std::set<Field>& fields) const {
        Context n;
        for (Field f : fields)
            if (has(f)) n.set(f, get(f));
        return n;
    }

private:
    // Small, as each brigade copies its division's: the values, and a bit a field for those set.
    std::array<FieldRef, k_field_count> m_values{};
    std::uint16_t m_set = 0;
};

/// An inclusive range of readings, with the text it was written as ("96-00").
struct Range {
    int lo = 0;
    int hi = 0;
    std::string text;
    bool contains(int reading) const { return reading >= lo && reading <= hi; }
};

/// A block's condition on one key: a set of ids, or a band of years.
struct Condition {
    Field field{};
    std::vector<std::string> ids;
    int year_lo = 0;
    int year_hi = 0;
    std::string text;  ///< as written, for display ("1861-1863", "union")
    /// The ids' codes (FieldValue::code) as bits, where every one is below 64 (index_for_rolling).
    std::uint64_t codes = 0;
    bool coded = false;
    bool matches(const Context& context) const;
};

/// One line of a range table: the readings it covers and the values it sets (parallel to `sets`).
struct Row {
    Range range;
    std::vector<FieldValue> values;
};

/// The rows that apply to one combination of keys (e.g. Confederates in the East, 1863).
struct Block {
    std::vector<Condition> when;
    std::vector<Row> rows;
    /// The number of its first row among its table's rows, block after block (index_for_rolling):
    /// where the table keeps its rows' values for rolling (RangeTable::values_of).
    std::uint32_t first = 0;
    bool matches(const Context& context) const;
};

/// The one kind of dice table: readings of a die mapped to values, chosen by keys.
/// Each block covers every reading of its die exactly once (checked on load).
struct RangeTable {
    std::string id;
    std::string title;
    std::string note;
    Die die = Die::percentile;
    std::vector<Field> keys;
    std::vector<Field> sets;
    std::vector<Block> blocks;
    /// A key of the block index: its field, its codes (a year's: from the rule set's first year)
    /// and what one code of it moves in `block_at`.
    struct KeyIndex {
        Field field{};
        int base = 0;
        int count = 0;
        size_t stride = 0;
    };
    std::vector<KeyIndex> key_index;
    /// Each combination of the keys' codes, its block (index_for_rolling): a roll finds its block
    /// at once. Empty where a block is chosen by what is not a key, or there are too many.
    std::vector<std::uint16_t> block_at;

    /// Every block's rows' values in one list, block after block, `sets.size()` a row
    /// (index_for_rolling): a roll reads its row's values in one step.
    std::vector<FieldValue> values;
    /// Each block's row for each reading, by its number (`block * readings() + reading`), where
    /// there are not too many (index_for_rolling); empty: rows found by their ranges.
    std::vector<std::uint32_t> row_at;
    /// The readings a block's part of `row_at` holds: 0 to the die's highest.
    size_t readings() const { return static_cast<size_t>(die_max(die)) + 1; }
    std::uint16_t sets_mask = 0;  ///< a bit for each field it sets (Context::set)
    /// Builds `values` and `row_at` from the blocks (index_for_rolling).
    void index_rows();

    /// The block for a context (validation guarantees exactly one for every key combination).
    const Block& block_for(const Context& context) const { return blocks[block_index(context)]; }
    /// The block for a context, by its place in `blocks`: found at once where the keys' codes index
    /// it, else by the blocks' conditions. Throws Error for a context missing a key.
    size_t block_index(const Context& context) const {
        if (!block_at.empty()) {
            size_t at = 0;
            bool coded = true;
            for (const auto& key : key_index) {
                const FieldRef& v = context.get(key.field);
                const long long code = key.field == Field::year ? static_cast<long long>(v.number) - key.base : v.code;
                coded = coded && context.has(key.field) && code >= 0 && code < key.count;
                at += static_cast<size_t>(code) * key.stride;
            }
            if (coded && block_at[at] < blocks.size()) return block_at[at];
        }
        return scan_for_block(context);
    }
    /// The number of the row a reading reads in a block (validation: exactly one); npos: none.
    size_t row_number(size_t block, int reading) const {
        const size_t at = block * readings() + static_cast<size_t>(reading);
        if (reading >= 0 && static_cast<size_t>(reading) < readings() && at < row_at.size() && row_at[at] != k_no_row) return row_at[at];
        return scan_for_row(block, reading);
    }
    /// A row's values by its number (row_number), parallel to `sets`.
    const FieldValue* values_of(size_t number) const { return values.data() + number * sets.size(); }
    /// Whether every field the table sets is given (a bit per Field): then it is not rolled.
    bool all_given(unsigned given) const {
        for (Field f : sets)
            if (!(given & (1u << static_cast<unsigned>(f)))) return false;
        return true;
    }

private:
    static constexpr std::uint32_t k_no_row = 0xFFFFFFFF;
    size_t scan_for_block(const Context& context) const;
    size_t scan_for_row(size_t block, int reading) const;
};

/// A row's reading of the effectiveness table: `6/5/3`, `6/-/5`, `-/5/4`.
using muster::State;

struct EffectivenessLabel {
    int stands = 0;                ///< the start strength this label is for
    std::optional<int> worn_at;    ///< Worn at this many stands or fewer; none: never Worn
    std::optional<int> spent_at;   ///< Spent at this many stands or fewer; none: never Spent
    /// As printed on a label: `6/5/3`, with `-` for a state that never occurs or a unit
    /// that starts already Worn (`-/5/4`) or Spent (`-/-/5`).
    std::string text() const;
    State state_at(int current) const;
};

/// Reads "6/5/3", "6/-/5", "-/5/4", "-/-/5". Throws muster::Error saying what is wrong.
EffectivenessLabel parse_label(std::string_view text);

struct EffectivenessColumn {
    std::string rating;
    std::vector<EffectivenessLabel> labels;
};

/// The effectiveness table: per rating, per start strength, when a unit turns Worn and Spent.
struct Effectiveness {
    bool is_default = false;  ///< a stand-in shipped for a table the rule set's sources lack
    std::string note;
    std::vector<EffectivenessColumn> columns;
    const EffectivenessLabel* find(std::string_view rating, int stands) const;
};

struct Named {
    std::string id;
    std::string name;
};

/// A formation a unit takes on the table, and the arms that may take it (an arm's id, or
/// "artillery" for a battery); none listed: every arm.
struct Formation : Named {
    std::vector<std::string> arms;
    std::string note;  ///< where the arms are from (the source's "Infantry only", or muster's own)
    bool open_to(std::string_view arm) const { return arms.empty() || std::find(arms.begin(), arms.end(), arm) != arms.end(); }
    /// Its arms by name, in `rules`: "Infantry, Cavalry and artillery".
    std::string arms_text(const struct RuleSet& rules) const;
};

/// What a person reads for a word of the rule set: its name, or the id itself where the rule
/// set has none of that id (a row of an older rule set).
inline const std::string& name_or_id(const Named* named, const std::string& id) { return named ? named->name : id; }

/// A unit rating, with the largest unit the rules allow of it.
struct Rating : Named {
    std::optional<int> max_stands;
    std::string note;  ///< who is of it, and what it changes at the table
};

/// A kind of unit the rules know (light infantry, lancers, horse artillery...), for reference.
struct UnitType : Named {
    std::string arm;  ///< an arm id, or "artillery"
    std::optional<int> guns;  ///< guns a stand or model stands for
    std::string note;
};

/// A nation's characteristics (French charging +1...), for reference.
struct Nationality : Named {
    std::vector<std::pair<std::string, int>> modifiers;
    std::string note;
};

/// How many men (and guns) a figure, stand or gun model stands for, at one figure size.
struct Scale : Named {
    std::optional<int> men_per_figure;
    std::optional<int> figures_per_stand;
    int men_per_stand = 0;
    std::optional<int> guns_per_model;
    std::string note;
};

struct Side : Named {
    std::string collective;     ///< its men together, after "the": "Americans", "Union" (empty: its name)
    std::string reserve;        ///< the name of the artillery reserve: "Army Artillery Reserve"
    ReserveLevel reserve_level = ReserveLevel::army;  ///< where it sits
    std::string note;           ///< where it comes from ("MUSTER'S OWN: ..." where the source names none)
};

struct LeaderGrade : Named {
    std::string mark;            ///< printed on labels: "EXC", "DP"; empty for none
    std::string by_the_book_as;  ///< grade to treat this one as when the campaign plays by the book
    bool keeps_brigade = false;  ///< a brigadier of this grade cannot be replaced voluntarily
    std::vector<std::pair<std::string, int>> modifiers;
    /// A grade its owner must reveal: forgetting lets the opponent downgrade one leader of these
    /// grades to this one (`leader penalty`). Empty: revealing is up to the owner.
    std::vector<std::string> penalty_downgrades;
    bool corps_leader_attaches = false;  ///< a corps leader of this grade is attached to one division leader of his corps
    std::string division_leader_note;     ///< printed on a division leader of this grade ("must remain in command radius ...")
    std::string note;                     ///< what the source says of it, and what muster decided ("MUSTER'S OWN: ...")
    bool must_reveal() const { return !penalty_downgrades.empty(); }
};

/// One grade of an exchange cartel: what a prisoner of that rank is worth in privates.
struct CartelRank {
    std::string id;
    std::string name;
    int privates = 0;
};

/// An exchange cartel (the Dix-Hill cartel of 1862): values of prisoners by rank.
struct Cartel {
    std::string name;
    std::string note;  ///< where its values come from ("MUSTER'S OWN: ..." where the source has none)
    /// Its values are muster's, not the rule set's source's: its note says so, as the templates mark what muster decided.
    bool muster_own() const { return note.rfind("MUSTER'S OWN", 0) == 0; }
    std::vector<CartelRank> ranks;
    std::vector<std::pair<std::string, std::string>> leaders;  ///< leader rank (army, corps, division, brigadier) -> cartel rank id
    std::string stand_rank;                                    ///< the rank each man of a stand counts as
    const CartelRank* find(std::string_view id) const;
    /// The cartel rank of a leader of muster's rank ("brigadier"), or nullptr.
    const CartelRank* for_leader(std::string_view rank) const;
};

/// The order in which the generator rolls tables, by table index.
struct Generation {
    std::vector<size_t> division;         ///< e.g. year and theater, number of brigades
    std::vector<size_t> brigade;          ///< per brigade: stands, rating, brigadier
    std::vector<size_t> division_leader;  ///< the division commander's grade
    std::vector<size_t> alternate;        ///< the alternate commander's grade, for units with extra command
    std::optional<size_t> artillery;      ///< sets stands_per_battery
    int reserve_num = 1;                  ///< the reserve's share of the batteries
    int reserve_den = 3;
};

/// One game system as data. Loaded and validated by load_rule_set().
struct RuleSet {
    std::string id;
    std::string name;
    std::string source;
    std::string note;
    std::vector<Side> sides;
    std::vector<Named> arms;
    std::vector<Named> theaters;
    std::vector<int> years;
    std::string years_note;  ///< where the years come from
    std::vector<Rating> ratings;
    std::vector<LeaderGrade> grades;
    std::vector<UnitType> unit_types;
    std::vector<Nationality> nationalities;
    std::vector<Scale> scales;
    std::string term_division = "Division";  ///< what the rules call a division (AWI: Brigade)
    std::string term_brigade = "Brigade";    ///< what they call a manoeuvre unit (AWI: Battalion)
    std::optional<size_t> fallen_leaders;    ///< the play table rolled for a leader who may have fallen
    Effectiveness effectiveness;
    std::vector<RangeTable> tables;
    std::vector<PlayTable> play_tables;  ///< the tables players read at the tabletop
    std::vector<Formation> formations;   ///< the formations a unit takes on the table (a state the play tables read)
    Generation generation;
    std::optional<Cartel> cartel;
    std::string text;  ///< the JSON text it was read from, which a campaign pins

    /// "brigade", "battalion": the rule set's word for a manoeuvre unit, lower case.
    std::string brigade_noun() const;
    std::string division_noun() const;
    /// What the rule set calls a kind of unit: its brigade's and division's nouns ("battalion" and
    /// "brigade" in the AWI), else muster's word ("corps", "leader").
    std::string noun_of(UnitKind kind) const;
    std::string noun_of(NamedKind kind) const;
    /// "3 brigades", "1 battalion": a count in the rule set's own words, lower case.
    std::string count_brigades(int n) const;
    std::string count_divisions(int n) const;
    /// A leader's rank in the rule set's words: "Battalion commander", "Brigade commander",
    /// "Corps commander", "Army commander".
    std::string rank_name(Rank rank) const;
    const Side* find_side(std::string_view id) const;
    /// A side as people read it ("Union"): its name, or the id itself where the rule set has no such side.
    std::string side_name(std::string_view id) const;
    /// A side as a sentence names it: "the Americans", "the Union" (its collective, else its name).
    std::string the_side(std::string_view id) const;
    /// What the side calls the artillery reserve of an army or a corps (`at`): its `reserve` where
    /// it sits there ("Corps Artillery Reserve"), else "Artillery reserve".
    std::string reserve_name(std::string_view side, ReserveLevel at) const;
    /// The side's artillery reserve where it sits (its reserve_level): its `reserve`, else "Artillery reserve".
    std::string reserve_name(std::string_view side) const;
    const Named* find_arm(std::string_view id) const;
    const Named* find_theater(std::string_view id) const;
    const Nationality* find_nationality(std::string_view id) const;
    const Rating* find_rating(std::string_view id) const;
    /// Men per stand at the first scale, where the rules give one.
    std::optional<int> men_per_stand() const;
    const LeaderGrade* find_grade(std::string_view id) const;
    /// Whether a grade is played otherwise by the book (the ACW's despicable): what a campaign's
    /// despicable setting is about.
    bool plays_a_grade_by_the_book() const;
    /// Whether a table is keyed by `field`: a year or theater none reads (the AWI's years) is
    /// not asked for, nor said to be rolled.
    bool keys_on(Field field) const;
    const RangeTable* find_table(std::string_view id) const;
    const PlayTable* find_play_table(std::string_view id) const;
    /// The values a key field can take (sides, arms, theaters, years, ratings, grades), their
    /// ids read in this rule set.
    std::vector<FieldRef> domain(Field field) const;
    /// A value as a person reads it: "Union", "1863", "7 stands", "Veteran".
    std::string describe(Field field, const FieldRef& value) const;
};

/// Readies a validated rule set for rolling: each id value's code among its field's values, each
/// condition's codes, each block's row by reading. Matching by text gives the same answers.
void index_for_rolling(RuleSet& rules);

/// Every field the tables of these generation steps are keyed by (what a later step reads).
std::set<Field> keys_of(const RuleSet& rules, std::initializer_list<std::span<const size_t>> steps);

/// Which of a rule set's words (`ids`, and `names` as it prints them) a person typed: an id or a
/// name, in any case or by a beginning only it has. None: UsageError naming `what` ("arm",
/// "rating"...), the value and the ids, with the nearest.
size_t word_typed(const std::string& rule_set, const std::vector<std::string>& ids, const std::vector<std::string>& names, std::string_view typed,
                  const std::string& what);
/// The arm, grade or rating a person typed (word_typed).
template <class T>
const T& typed_word(const RuleSet& rules, const std::vector<T>& words, std::string_view typed, const std::string& what) {
    std::vector<std::string> ids, names;
    for (const auto& w : words) {
        ids.push_back(w.id);
        names.push_back(w.name);
    }
    return words[word_typed(rules.id, ids, names, typed, what)];
}

}  // namespace muster::rules
