// Reading JSON (src/json): every value knows its file and JSON path, so every refusal says where
// and what was expected; keys are checked, twice-given keys refused, words read by their table.
#include "core/error.hpp"
#include "json/json.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <string>

using namespace muster;
using Catch::Matchers::Contains;

namespace {

// What reading `text` and doing `what` with its root refuses with.
template <class F>
std::string refusal(const std::string& text, F what) {
    try {
        const json::Document doc(text, "x.json");
        what(doc.root());
    } catch (const Error& e) {
        return e.what();
    }
    FAIL("nothing was refused");
    return {};
}

}  // namespace

TEST_CASE("A refusal names the file, the JSON path and what was expected") {
    CHECK_THAT(refusal(R"({"a": {"b": [1, "two"]}})", [&](const json::Value& v) { v.at("a").at("b").items()[1].as_int(0, 9); }),
               Contains("x.json") && Contains("$.a.b[1]") && Contains("expected a whole number, found a string"));
    CHECK_THAT(refusal(R"({"n": 12})", [](const json::Value& v) { v.at("n").as_int(0, 9); }),
               Contains("$.n") && Contains("12 is out of range: expected 0 to 9"));
    // A number no count could be, or with a fraction: said as such, with the range.
    for (const char* n : {"99999999999999999999999", "-9223372036854775808", "4294967296", "1e300", "-3e9"}) {
        INFO(n);
        CHECK_THAT(refusal(std::string(R"({"n": )") + n + "}", [](const json::Value& v) { v.at("n").as_int(0, 9); }),
                   Contains("$.n: a number far out of range: expected 0 to 9"));
    }
    CHECK_THAT(refusal(R"({"n": 2.5})", [](const json::Value& v) { v.at("n").as_int(0, 9); }),
               Contains("a number with a fraction: expected a whole number, 0 to 9"));
    CHECK_THAT(refusal(R"({"n": 5.0})", [](const json::Value& v) { v.at("n").as_int(0, 9); }), Contains("written as a decimal"));
    CHECK_THAT(refusal(R"({})", [](const json::Value& v) { v.at("name"); }), Contains("missing \"name\""));
    CHECK_THAT(refusal(R"({"nmae": 1})", [](const json::Value& v) { v.allow_only({"name"}); }),
               Contains("unknown key \"nmae\" (expected one of: name)"));
    CHECK_THAT(refusal(R"({"a": 1, "a": 2})", [](const json::Value& v) { v.members(); }), Contains("the key \"a\" appears twice"));
    CHECK_THAT(refusal(R"([true])", [](const json::Value& v) { v.at("x"); }), Contains("expected an object, found an array"));
    CHECK_THAT(refusal(R"({"s": 1})", [](const json::Value& v) { v.at("s").as_string(); }), Contains("expected a string, found a number"));
    CHECK_THAT(refusal(R"({"b": "yes"})", [](const json::Value& v) { v.at("b").as_bool(); }), Contains("expected true or false"));
}

TEST_CASE("Syntax errors are given with line and column, and nesting cannot exhaust the stack") {
    CHECK_THAT(refusal("{\n  \"a\": [1,\n}", [](const json::Value&) {}), Contains("x.json") && Contains("line 3"));
    CHECK_THAT(refusal("", [](const json::Value&) {}), Contains("x.json"));
    // Deep nesting is read without recursion: refused or read, never a crash.
    const std::string deep = std::string(200000, '[') + std::string(200000, ']');
    try {
        const json::Document doc(deep, "deep.json");
        SUCCEED("read");
    } catch (const Error& e) {
        CHECK_THAT(e.what(), Contains("deep.json"));
    }
}

TEST_CASE("A word of muster's own is read by its table, refused naming every spelling") {
    const json::Document doc(R"({"fate": "wounded", "bad": "eaten", "party": "either"})", "x.json");
    CHECK(doc.root().at("fate").as_word<LeaderFate>() == LeaderFate::wounded);
    CHECK_THROWS_WITH(doc.root().at("bad").as_word<LeaderFate>(),
                      Contains("$.bad") && Contains("\"eaten\" is not a leader fate: expected killed, wounded or captured"));
    CHECK(doc.root().at("party").as_word<Party>() == Party::either);
}

TEST_CASE("A file is read only when it is a regular file within the limit") {
    test::TempDir dir;
    const auto big = dir.file("big.json");
    std::ofstream(big) << std::string(2000, ' ');
    CHECK_THROWS_WITH(json::read_file(big, 1000), Contains("2000 bytes; muster reads at most 1000"));
    CHECK(json::read_file(big, 4000).size() == 2000);
    CHECK_THROWS_WITH(json::read_file(dir.file("missing.json"), 1000), Contains("cannot open the file"));
    CHECK_THROWS_WITH(json::read_file(dir.path(), 1000), Contains("is a folder"));
    CHECK_THROWS_WITH(json::read_file("/dev/null", 1000), Contains("a device"));
}

TEST_CASE("A file in UTF-16 or UTF-32 is refused as such, saying how to make it UTF-8, with or without a byte order mark") {
    const std::string text = R"({"a": [1, "two"]})";
    const auto wide = [&](int width, bool little, bool mark) {
        std::string out;
        const auto put = [&](char32_t c) {
            for (int i = 0; i < width; ++i) {
                const int shift = 8 * (little ? i : width - 1 - i);
                out += static_cast<char>((c >> shift) & 0xFF);
            }
        };
        if (mark) put(0xFEFF);
        for (const char c : text) put(static_cast<unsigned char>(c));
        return out;
    };
    for (const auto& [width, little, mark, named] : std::vector<std::tuple<int, bool, bool, std::string>>{
             {2, true, true, "UTF-16"}, {2, false, true, "UTF-16"}, {2, true, false, "UTF-16LE"}, {2, false, false, "UTF-16BE"},
             {4, true, true, "UTF-32"}, {4, false, true, "UTF-32"}, {4, true, false, "UTF-32LE"}, {4, false, false, "UTF-32BE"}}) {
        INFO(named << (mark ? " with a mark" : ""));
        CHECK_THAT(refusal(wide(width, little, mark), [](const json::Value&) {}),
                   Contains("x.json: the file is written in " + named + ", not UTF-8") && Contains("iconv -f " + named + " -t UTF-8"));
    }
    // A NUL alone is no wide text: said as a NUL.
    CHECK_THAT(refusal(std::string("\0{}", 3), [](const json::Value&) {}), Contains("a NUL byte"));
    CHECK_THAT(refusal(std::string("{}\0", 3), [](const json::Value&) {}), Contains("a NUL byte"));
}
