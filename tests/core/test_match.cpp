// Names as people type them (core/match.hpp): exactly, ignoring case, or a unique beginning; a
// miss suggests the nearest by edit distance, and nothing when nothing is near.
#include "core/match.hpp"

#include <catch2/catch.hpp>

using namespace muster;
using Catch::Matchers::Contains;

TEST_CASE("Names as people type them: exactly, ignoring case, or a unique beginning - a miss suggests the nearest") {
    const std::vector<std::string> names{"Robinson", "Rodes", "Heth", "heth's reserve", "Iron Brigade"};
    CHECK(matching_names("Heth", names) == std::vector<size_t>{2});           // exact wins over a longer name it begins
    CHECK(matching_names("HETH", names) == std::vector<size_t>{2});           // ignoring case
    CHECK(matching_names("rob", names) == std::vector<size_t>{0});            // a unique beginning
    CHECK(matching_names("ro", names) == std::vector<size_t>{0, 1});          // two: the caller calls it ambiguous
    CHECK(matching_names("", names).empty());
    CHECK(matching_names("Zouaves", names).empty());
    CHECK_THROWS_WITH(match_one("ro", names, "division"), Contains("could be any of 2 (Robinson, Rodes)"));
    CHECK(did_you_mean("robinsn", names) == ": did you mean Robinson?");
    CHECK(did_you_mean("Rhodes", names) == ": did you mean Rodes?");
    CHECK(did_you_mean("Longstreet", names).empty());  // nothing near: no guess
    // A slip is counted in letters, the marks aside: a marked letter typed plain is no slip.
    const std::vector<std::string> marked{"Großbeeren", "Dennewitz", "Blücher's Corps"};
    CHECK(did_you_mean("Grossbern", marked) == ": did you mean Großbeeren?");
    CHECK(did_you_mean("Blucher Corps", marked) == ": did you mean Blücher's Corps?");
    CHECK(did_you_mean("Katzbach", marked).empty());
    // A slip of a name's beginning: offered after the slips of whole names.
    const std::vector<std::string> battalions{"Advanced Corps/Grenadier Battalion", "Advanced Corps/Light Infantry", "Advanced Corps/Grenadiers' Guard"};
    CHECK_THAT(did_you_mean("Advanced Corps/Grenadiers", battalions), Contains("Advanced Corps/Grenadier Battalion") && Contains("Advanced Corps/Grenadiers' Guard") &&
                                                                         !Contains("Light Infantry"));
    CHECK(did_you_mean("Grenadiers", {"Grenadier Battalion"}) == ": did you mean Grenadier Battalion?");
    for (const char* short_name : {"Rob", "Stew", "Pxck", "Heth/9th"}) CHECK(did_you_mean(short_name, {"Robinson", "Steinwehr", "Pickett", "Heth/1st Brigade"}).empty());
    CHECK(did_you_mean("Heth's Division/9th", {"Heth's Division/1st Brigade"}).empty());  // two slips in nineteen
}

TEST_CASE("A leader is found by his surname, the last words of his name, as a name is by its beginning") {
    const std::vector<std::string> names{"T. J. Jackson", "J. K. Jackson", "R. S. Ewell", "Ewell's Division/1st Brigade", "A. P. Hill"};
    CHECK(matching_names("hill", names) == std::vector<size_t>{4});
    CHECK(matching_names("Jackson", names) == std::vector<size_t>{0, 1});  // two: ambiguous, both named
    CHECK_THROWS_WITH(match_one("jackson", names, "leader"), Contains("could be any of 2 (T. J. Jackson, J. K. Jackson)"));
    CHECK(matching_names("K. Jackson", names) == std::vector<size_t>{1});  // more of the name: his alone
    CHECK(matching_names("Ewell", names) == std::vector<size_t>{2, 3});  // R. S. Ewell, and the name Ewell's Division/... begins
    CHECK(matching_names("Hill", std::vector<std::string>{"Hill Army", "D. H. Hill"}) == std::vector<size_t>{0, 1});  // both: ambiguous, neither taken alone
    CHECK(matching_names("Brigade", names).empty());  // a reference's last word is no surname
    CHECK(matching_names("ackson", names).empty());   // words whole, not their ends
}

TEST_CASE("A reference Owner/Name is found part by part: the owner by the same rules, then the name among his") {
    const std::vector<std::string> refs{"Heth's Division/1st Brigade", "Heth's Division/3rd Brigade", "Pender/3rd Brigade",
                                        "Heth/3rd Brigade", "Hood/1st Brigade", "Iron Brigade"};
    CHECK(matching_names("Heth/3rd Brigade", refs) == std::vector<size_t>{3});  // whole, exactly: not Heth's Division's
    CHECK(matching_names("heth/3RD", refs) == std::vector<size_t>{3});          // the owner exactly (ignoring case) wins
    CHECK(matching_names("Heth's/3rd Brigade", refs) == std::vector<size_t>{1});
    CHECK(matching_names("Pend/3rd Brigade", refs) == std::vector<size_t>{2});  // a beginning of each part
    CHECK(matching_names("pend/3", refs) == std::vector<size_t>{2});
    CHECK(matching_names("H/1st", refs) == std::vector<size_t>{0, 4});          // two owners have one: ambiguous
    CHECK(matching_names("Pend/1st", refs).empty());                            // the owner found, the name not among his
    CHECK(matching_names("Iron/Brigade", refs).empty());                        // a name without an owner has no parts
    CHECK(matching_names("/3rd", refs).empty());
}

TEST_CASE("A name is found with or without its marked letters, where nothing is found as typed - Blucher for Blücher, Bülow for Bulow") {
    const std::vector<std::string> names{"Blücher", "Bulow", "Dobschütz/1st Brigade", "Łódź Uhlans", "Muller", "Müller", "Straße", "李 Brigade"};
    CHECK(matching_names("Blucher", names) == std::vector<size_t>{0});
    CHECK(matching_names("blucher", names) == std::vector<size_t>{0});
    CHECK(matching_names("Blü", names) == std::vector<size_t>{0});                  // a beginning, as spelled
    CHECK(matching_names("Bülow", names) == std::vector<size_t>{1});                // the list's spelling, typed with the mark
    CHECK(matching_names("dobschutz/1st", names) == std::vector<size_t>{2});        // part by part
    CHECK(matching_names("Lodz", names) == std::vector<size_t>{3});                 // Latin Extended-A, a beginning
    CHECK(matching_names("Muller", names) == std::vector<size_t>{4});               // as typed first: the one spelled so
    CHECK(matching_names("Müller", names) == std::vector<size_t>{5});
    CHECK(matching_names("mul", names) == std::vector<size_t>{4});                  // as typed, a beginning of one only
    CHECK(matching_names("Strasse", names) == std::vector<size_t>{6});
    CHECK(matching_names("李", names) == std::vector<size_t>{7});                   // other scripts as they are
    CHECK(matching_names("Blacher", names).empty());
    CHECK(matching_names("u", names).empty());  // "ü" alone is no name's beginning, as typed or plain
}

TEST_CASE("Two names with the same letters and digits, case, marks, spaces and punctuation aside, are likely one typed two ways") {
    CHECK(same_letters("Freemans Farm", "Freeman's Farm"));
    CHECK(same_letters("Grossbeeren", "Großbeeren"));
    CHECK(same_letters("FREEMANS  farm", "Freeman's Farm"));
    CHECK(same_letters("Hill 112", "Hill-112"));
    CHECK_FALSE(same_letters("Hill 112", "Hill 113"));
    CHECK_FALSE(same_letters("Cemetery Ridge", "Seminary Ridge"));
    CHECK_FALSE(same_letters("Bemis Farm", "Freeman's Farm"));
}
