// The one name rule (core/names.hpp): what it refuses, naming the character and where, and what
// it keeps; text made visible for a terminal.
#include "core/names.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>

using namespace muster;
using Catch::Matchers::Contains;

TEST_CASE("The name rule: what it refuses, and what it keeps") {
    for (const auto& bad : test::bad_names()) {
        INFO(visible(bad.name));
        CHECK_THAT(name_problem(bad.name), Catch::Matchers::StartsWith(bad.says));
        CHECK(visible(bad.name).find('\x1b') == std::string::npos);
    }
    // What shows nothing is written so that the name refused can be told from the one typed.
    CHECK(visible("I\u200bCorps") == "I\\u{200B}Corps");
    CHECK(visible("\ufeffHeth") == "\\u{FEFF}Heth");
    CHECK(visible("Heth\u00a0Pender \u00e9") == "Heth\u00a0Pender \u00e9");
    // What breaks a line for some readers is written too: one line of a log or an error stays one.
    CHECK(visible("GET /x\u20282026-12-07 GET /p/oob\u2029") == "GET /x\\u{2028}2026-12-07 GET /p/oob\\u{2029}");
    CHECK(json_string("a\u2028b") == "\"a\\u2028b\"");
    // Many lines, as a file is written piece by piece: each line visible, its end kept (a CRLF too),
    // however the pieces fall.
    const std::string text = "plain\r\nHeth\x1b]0;PWNED\x07\nLee\r\n\u00e9\u202e\nlast\x1b", want = "plain\r\nHeth\\x1B]0;PWNED\\x07\nLee\r\n\u00e9\\u{202E}\nlast\\x1B";
    CHECK(visible_lines(text) == want);
    for (size_t cut = 0; cut <= text.size(); ++cut) {
        std::string out;
        VisibleLines lines([&out](std::string_view piece) { out.append(piece); });
        lines(std::string_view(text).substr(0, cut));
        lines(std::string_view(text).substr(cut));
        lines.finish();
        INFO(cut);
        CHECK(out == want);
    }
    for (const char* good : {"Heth", "Archer's Brigade", "Prinz Karl von Mecklenburg-Strelitz", "Légion de la Vistule", "第一旅",
                             "1st Brigade (Iron)", "👨\u200d👩\u200d👧 Brigade"})
        CHECK(name_problem(good).empty());
    // A look-alike of a plain name is refused as it enters, kept where a file holds it from before.
    for (const char* alike : {"Heth\u00a0Pender", "\u212Aemper"}) {
        CHECK_FALSE(name_problem(alike).empty());
        CHECK(name_problem(alike, NameRule::stored).empty());
    }
    CHECK(name_problem(std::string(200, 'x')).empty());
    CHECK(checked_name("division name", "  Heth  ") == "Heth");
    CHECK_THROWS_WITH(checked_leader_name("#12"), Contains("begins as a leader's number does"));
    CHECK_THROWS_WITH(checked_leader_name("leader #3"), Contains("begins as a leader's number does"));
    // In any case, as references find leaders.
    CHECK_THROWS_WITH(checked_leader_name("Leader #4"), Contains("begins as a leader's number does"));
    CHECK_THROWS_WITH(checked_leader_name("Commander of Greene"), Contains("begins as an unnamed leader is called"));
    CHECK_THROWS_WITH(checked_leader_name("FORMER COMMANDER OF x"), Contains("begins as an unnamed leader is called"));
    CHECK(checked_leader_name("Leadbetter").empty() == false);
    CHECK(checked_leader_name("").empty());
    // A name far too long is refused by its beginning and its length, not echoed whole.
    for (const auto& huge : {std::string(131000, 'A'), std::string(59, 'A') + std::string(100000, 'e').replace(0, 2, "\xc3\xa9")}) {
        try {
            checked_name("army name", huge);
            FAIL("accepted");
        } catch (const UsageError& e) {
            const std::string said = e.what();
            CHECK(said.size() < 200);
            CHECK_THAT(said, Contains("...\" is refused: ") && Contains(" characters, at most 200"));
            CHECK(said.find("\\x") == std::string::npos);  // cut between characters, never within one
        }
    }
    // Long in bytes but not in characters, refused for something else: shown whole.
    std::string accented;
    for (int i = 0; i < 150; ++i) accented += "\xc3\xa9";
    accented += "/x";
    CHECK_THROWS_WITH(checked_name("army name", accented), Contains(accented + "\" is refused: a \"/\""));
}
