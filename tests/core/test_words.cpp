// muster's own words (core/words.hpp): each spelled in one table that names every enumerator,
// read back exactly, refused by name when misspelled.
#include "core/words.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <set>
#include <string>
#include <utility>

using namespace muster;
using Catch::Matchers::Contains;

namespace {

// How many named enumerators E has among the values 0..63, read from the compiler's own name
// for each value (a value with no enumerator prints as a cast, "(muster::Fog)2"): so a word
// left out of its table is counted, whatever its place in the enum.
template <auto V>
constexpr std::string_view pretty() {
    return __PRETTY_FUNCTION__;
}
template <class E, int I>
constexpr bool named() {
    constexpr auto p = pretty<static_cast<E>(I)>();
    constexpr auto at = p.find("V = ");
    return at != std::string_view::npos && p[at + 4] != '(';
}
template <class E, int... I>
constexpr int count_named(std::integer_sequence<int, I...>) {
    return (0 + ... + (named<E, I>() ? 1 : 0));
}
template <class E>
constexpr int enumerators() {
    return count_named<E>(std::make_integer_sequence<int, 64>{});
}
static_assert(enumerators<Fog>() == 2 && enumerators<OperationKind>() == 39, "the enumerator count reads the compiler's names");

// Every value of the word has exactly one spelling, and the spelling reads back as the value.
template <class E>
void check_word() {
    const auto& table = Vocabulary<E>::table;
    std::set<std::string_view> seen;
    std::set<int> values;
    for (const auto& w : table) {
        INFO(Vocabulary<E>::what << ": " << w.text);
        CHECK_FALSE(w.text.empty());
        CHECK(seen.insert(w.text).second);
        CHECK(values.insert(static_cast<int>(w.value)).second);
        CHECK(spell(w.value) == w.text);
        CHECK(parse_word<E>(w.text) == w.value);
    }
    // Every enumerator is in the table (none left out, wherever it stands in the enum).
    CHECK(static_cast<int>(table.size()) == enumerators<E>());
    // Near misses are refused, naming the word and every spelling.
    for (const std::string& bad : {std::string(), std::string(table[0].text) + " ", "X" + std::string(table[0].text), std::string("?")}) {
        CHECK_FALSE(find_word<E>(bad));
        CHECK_THROWS_WITH(parse_word<E>(bad), Contains(std::string(Vocabulary<E>::what)) && Contains(spellings<E>()));
    }
}

}  // namespace

TEST_CASE("Every word of muster's own has one spelling that reads back, and a misspelling is refused by name") {
    // Every table of words.hpp is checked here: a new one must be added below.
    std::ifstream in(std::string(MUSTER_SOURCE_DIR) + "/src/core/words.hpp");
    const std::string source((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    int tables = 0;
    for (size_t at = source.find("\nMUSTER_VOCABULARY("); at != std::string::npos; at = source.find("\nMUSTER_VOCABULARY(", at + 1)) ++tables;
    int checked = 0;
    const auto check = [&]<class E>(E) {
        check_word<E>();
        ++checked;
    };
    check(DivisionStatus{}), check(BrigadeStatus{}), check(LeaderStatus{}), check(BatteryStatus{}), check(LeaderFate{});
    check(BatteryFate{}), check(ExchangeStatus{}), check(HeldKind{}), check(DraftKind{}), check(Direction{}), check(MoveKind{});
    check(Rank{}), check(UnitKind{}), check(NamedKind{}), check(DiceMode{}), check(Switch{}), check(RollStatus{}), check(Rounding{});
    check(Despicable{}), check(OperationKind{}), check(OobFormat{}), check(LabelFormat{}), check(Fog{}), check(PrintFormat{});
    check(ReserveLevel{}), check(Party{}), check(PlayKind{}), check(PlayLayout{}), check(State{});
    check(PlanRole{}), check(Fact{}), check(TableState{}), check(Whose{});
    CHECK(checked == tables);
}
