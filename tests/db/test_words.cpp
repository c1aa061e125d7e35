// muster's own words: each spelled in one table, read back exactly, refused by name when
// misspelled, and the same spellings the database's CHECK constraints allow.
#include "core/words.hpp"
#include "db/store.hpp"
#include "db/battles.hpp"
#include "db/forces.hpp"
#include "db/history.hpp"
#include "db/leaders.hpp"
#include "db/prisoners.hpp"
#include "db/roster.hpp"
#include "db/season.hpp"
#include "db/db_support.hpp"
#include "support.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <utility>
#include <set>

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
static_assert(enumerators<Fog>() == 2 && enumerators<OperationKind>() == 29, "the enumerator count reads the compiler's names");

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

// The spellings a column's CHECK constraint allows, read from the schema muster creates.
std::set<std::string> check_list(SQLite::Database& db, const std::string& table, const std::string& column) {
    std::smatch m;
    const std::regex in("CHECK \\(" + column + " IN \\(([^)]*)\\)\\)");
    // The column's CHECK in its table's definition (SQLite folds a later ADD COLUMN into it).
    const std::string text = db.execAndGet("SELECT sql FROM sqlite_master WHERE name = '" + table + "'").getString();
    REQUIRE(std::regex_search(text, m, in));
    std::set<std::string> out;
    const std::string list = m[1];
    const std::regex quoted("'([^']*)'");
    for (auto it = std::sregex_iterator(list.begin(), list.end(), quoted); it != std::sregex_iterator(); ++it) out.insert((*it)[1]);
    return out;
}

template <class E>
std::set<std::string> spelled() {
    std::set<std::string> out;
    for (const auto& w : Vocabulary<E>::table) out.insert(std::string(w.text));
    return out;
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
    CHECK(checked == tables);
}

TEST_CASE("The database allows exactly the spellings of the vocabulary") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    { db::Store store(path, db::OpenMode::create); }
    SQLite::Database db(path, SQLite::OPEN_READONLY);
    CHECK(check_list(db, "campaign", "rounding") == spelled<Rounding>());
    CHECK(check_list(db, "campaign", "despicable") == spelled<Despicable>());
    CHECK(check_list(db, "campaign", "dice") == spelled<DiceMode>());
    CHECK(check_list(db, "leader", "rank") == spelled<Rank>());
    CHECK(check_list(db, "leader", "status") == spelled<LeaderStatus>());
    CHECK(check_list(db, "division", "status") == spelled<DivisionStatus>());
    CHECK(check_list(db, "brigade", "status") == spelled<BrigadeStatus>());
    CHECK(check_list(db, "battery", "status") == spelled<BatteryStatus>());
    CHECK(check_list(db, "roll", "source") == spelled<DiceMode>());
    CHECK(check_list(db, "roll", "status") == spelled<RollStatus>());
    CHECK(check_list(db, "move", "kind") == spelled<MoveKind>());
    CHECK(check_list(db, "exchange", "status") == spelled<ExchangeStatus>());
    CHECK(check_list(db, "exchange_item", "direction") == spelled<Direction>());
    CHECK(check_list(db, "draft_line", "kind") == spelled<DraftKind>());
}

TEST_CASE("A stored word muster does not know is reported as damage, not trusted") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = test::make_campaign(path);
    const auto campaign = s.current().id;
    // The journal's kinds have no CHECK (later versions add kinds): a hostile or future one.
    test::raw_sql(path, "INSERT INTO operation (campaign_id, kind, summary, created_at) VALUES (" + std::to_string(campaign) +
                            ", 'teleport', 'x', '2026-01-01T00:00:00Z')");
    db::Store store(path, db::OpenMode::existing);
    CHECK_THROWS_WITH(db::History(store).journal_entries(campaign, View::umpire()),
                      Contains("damaged") && Contains("\"teleport\"") && Contains("kind of operation") && Contains("arrival"));
}
