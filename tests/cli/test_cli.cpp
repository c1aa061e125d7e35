// The real muster binary, end to end: output, exit codes (0 done, 1 refused, 2 usage).
#include "core/version.hpp"
#include "play/play_support.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>

using namespace muster;
using test::k_env;
using Catch::Matchers::Contains;
using Catch::Matchers::StartsWith;

namespace {
// Keep the user's real data directory out of the tests.
}

TEST_CASE("muster --version and --help") {
    const auto v = test::run_muster("--version", k_env);
    CHECK(v.code == 0);
    CHECK_THAT(v.out, Contains(std::string("muster ") + k_version));
    const auto h = test::run_muster("--help", k_env);
    CHECK(h.code == 0);
    CHECK_THAT(h.out, Contains("generate"));
    CHECK_THAT(h.out, Contains("rules"));
    const auto gh = test::run_muster("generate --help", k_env);
    CHECK(gh.code == 0);
    CHECK_THAT(gh.out, Contains("--show-rolls"));
}

TEST_CASE("muster generate prints a division reproducibly from its seed") {
    const auto a = test::run_muster("generate --rules acw --side union --year 1863 --theater east --seed 5 --show-rolls", k_env);
    REQUIRE(a.code == 0);
    CHECK_THAT(a.out, Contains("Division (Infantry, Union), 1863, Eastern Theater of Operations"));
    CHECK_THAT(a.out, Contains("Division commander:"));
    CHECK_THAT(a.out, Contains("Army Artillery Reserve:"));
    CHECK_THAT(a.out, Contains("4.) Brigade Strength"));
    CHECK_THAT(a.out, Contains("Seed 5"));
    const auto b = test::run_muster("generate --rules acw --side union --year 1863 --theater east --seed 5 --show-rolls", k_env);
    CHECK(a.out == b.out);
}

TEST_CASE("A rule set's own terms are used for its units in what muster prints") {
    const auto a = test::run_muster("generate --rules awi --side british --year 1777 --seed 3", k_env);
    REQUIRE(a.code == 0);
    CHECK_THAT(a.out, Contains("Brigade commander:") && Contains("Battalion "));
    CHECK(a.out.find("Division") == std::string::npos);
    CHECK(a.out.find("brigadier") == std::string::npos);
}

TEST_CASE("muster generate --rolls uses the organiser's dice - --format json") {
    const auto r = test::run_muster(
        "generate --rules acw --side confederate --year 1863 --theater east --format json "
        "--rolls 50,50,50,50,50,50,50,80,50,50,90,50,44",
        k_env);
    REQUIRE(r.code == 0);
    CHECK_THAT(r.out, Contains("\"total_stands\": 22"));
    CHECK_THAT(r.out, Contains("\"fraction_percent\": 44"));
    CHECK_THAT(r.out, Contains("\"batteries\": 3"));
    CHECK_THAT(r.out, Contains("\"to_reserve\": 1"));
}

TEST_CASE("muster generate --name takes a name as a campaign's division takes it, so its JSON is JSON") {
    // Bytes that are not UTF-8, a bidi control, an invisible character, a control, a name past 200
    // characters, or none: each refused, naming it.
    for (const std::string name : std::vector<std::string>{"x\xff", "a\xe2\x80\xae" "b", "a\xe2\x80\x8b" "b", "a\tb", std::string(201, 'n'), "  ", "#12", "commander of Heth"}) {
        const auto r = test::run_muster("generate --rules acw --side union --seed 1 --format json --name " + test::quote(name), k_env);
        INFO(r.out << r.err);
        CHECK(r.code == 2);
        CHECK_THAT(r.err, Contains("division name"));
        CHECK(r.out.empty());
    }
    const auto named = test::run_muster("generate --rules acw --side union --seed 1 --format json --name ' Iron Division '", k_env);
    CHECK_THAT(named.out, Contains("\"name\": \"Iron Division\","));
}

TEST_CASE("Bad input: one clear line and exit code 2 or 1") {
    const auto missing = test::run_muster("generate --rules acw", k_env);
    CHECK(missing.code == 2);
    CHECK_THAT(missing.err, Contains("--side is required"));
    const auto side = test::run_muster("generate --rules acw --side prussia --seed 1", k_env);
    CHECK(side.code == 2);
    CHECK_THAT(side.err, Contains("unknown side \"prussia\""));
    const auto roll = test::run_muster("generate --rules acw --side union --year 1863 --theater east --rolls 50,101", k_env);
    CHECK(roll.code == 2);
    CHECK_THAT(roll.err, Contains("typed roll \"101\" for roll 2, 1st Brigade"));
    const auto out = test::run_muster("generate --rules acw --side union --year 1863 --theater east --rolls 50", k_env);
    CHECK(out.code == 2);
    CHECK_THAT(out.err, Contains("ran out at roll 2"));
    const auto rules = test::run_muster("generate --rules nosuch --side union", k_env);
    CHECK(rules.code == 2);
    CHECK_THAT(rules.err, Contains("unknown rule set \"nosuch\" (known: acw"));
    const auto file = test::run_muster("rules validate /nonexistent/x.json", k_env);
    CHECK(file.code == 1);
    CHECK_THAT(file.err, Contains("/nonexistent/x.json: cannot open the file"));
    const auto nameless = test::run_muster("rules copy acw ''", k_env);
    CHECK(nameless.code == 2);
    CHECK_THAT(nameless.err, Contains("FILE: is empty: give the name of the file to write"));
    const auto sub = test::run_muster("fly", k_env);
    CHECK(sub.code == 2);
    const auto twice = test::run_muster("generate --rules acw --side union --rolls 50 --rolls 60", k_env);
    CHECK(twice.code == 2);
    CHECK(twice.err == "muster: --rolls is given 2 times: give it once (see --help)\n");
}

TEST_CASE("A command or subcommand muster has not, or none given, is named with those it has") {
    // A slip at any depth, after options and their values: the word, the nearest, the choices.
    for (const auto& [args, said] : std::vector<std::pair<std::string, std::string>>{
             {"battel list", "no command \"battel\": did you mean battle? (expected one of: campaign, add,"},
             {"--db /tmp/no.db --lock-wait 10 camp lst", "camp has no command \"lst\": did you mean list? (expected one of: new, list, liberate)"},
             {"add divisoin X --corps Y", "add has no command \"divisoin\": did you mean division?"},
             {"leader fallen Poor --out-for 2", "leader has no command \"fallen\" (expected one of: list, replace, assign, casualty,"},
             {"battle --db /tmp/no.db", "battle needs a command: one of report, amend,"}}) {
        const auto r = test::run_muster(args, k_env);
        INFO(args);
        CHECK(r.code == 2);
        CHECK_THAT(r.err, Contains(said) && !Contains("manual"));  // a hidden command is found, never offered
    }
}

TEST_CASE("Each command a rule set's text tells the organiser to run is one muster has") {
    // "muster leader casualty --out-for N" in a reading: run as given, it is not refused as no command.
    REQUIRE_THAT(test::run_muster("leader fallen", k_env).err, Contains("leader has no command \"fallen\""));  // what the check below reads
    const std::regex named(R"(muster ([a-z]+) ([a-z]+))");
    int commands = 0;
    for (const auto& file : std::filesystem::directory_iterator(std::string(MUSTER_SOURCE_DIR) + "/templates")) {
        const auto text = test::file_bytes(file.path().string());
        for (auto it = std::sregex_iterator(text.begin(), text.end(), named); it != std::sregex_iterator(); ++it) {
            const auto top = test::run_muster((*it)[1].str(), k_env);
            if (top.err.find("no command \"" + (*it)[1].str() + "\"") != std::string::npos) continue;  // "muster reads ...": prose
            const auto r = test::run_muster((*it)[1].str() + " " + (*it)[2].str(), k_env);
            INFO(file.path().filename().string() << ": " << (*it)[0].str());
            CHECK_THAT(r.err, !Contains("has no command"));
            ++commands;
        }
    }
    CHECK(commands >= 10);
}

TEST_CASE("muster rules list show validate copy") {
    const auto list = test::run_muster("rules list", k_env);
    CHECK(list.code == 0);
    CHECK_THAT(list.out, Contains("acw"));
    CHECK_THAT(list.out, Contains("built in"));

    // What a rule set says of its sides, years and leader grades is shown, what muster decided
    // there marked as its own (the marks EXC and P, the Napoleonic sides, the years).
    for (const auto* rules : {&test::acw(), &test::awi(), &test::nap()}) {
        const auto summary = test::run_muster("rules show " + rules->id, k_env).out;
        for (const auto& side : rules->sides) CHECK_THAT(summary, Contains(side.note));
        for (const auto& grade : rules->grades) CHECK_THAT(summary, Contains(grade.note));
        CHECK_THAT(summary, Contains(rules->years_note));
    }
    CHECK_THAT(test::run_muster("rules show acw", k_env).out, Contains("Exceptional: MUSTER'S OWN: the label mark EXC"));
    CHECK_THAT(test::run_muster("rules show napoleonic", k_env).out, Contains("French: MUSTER'S OWN: the article names no sides"));
    // A rule set with no artillery table says so of each division it rolls, and how batteries come.
    CHECK_THAT(test::run_muster("generate --rules napoleonic --side french --arm infantry --year 1809 --seed 3", k_env).out,
               Contains("Artillery: the rule set rolls none; a campaign adds batteries by hand (muster add battery NAME --division DIVISION)."));
    CHECK_THAT(test::run_muster("generate --rules acw --side union --arm infantry --year 1863 --theater east --seed 3", k_env).out,
               Contains("Artillery: 1 battery per"));

    const auto show = test::run_muster("rules show acw brigade_morale", k_env);
    REQUIRE(show.code == 0);
    CHECK_THAT(show.out, Contains("5.) Brigade Morale Rating"));
    CHECK_THAT(show.out, Contains("Confederate Eastern Theater of Operations 1863"));
    CHECK_THAT(show.out, Contains("01-10"));
    const auto grid = test::run_muster("rules show acw year_theater", k_env);
    CHECK_THAT(grid.out, Contains("1861   1862   1863   1864   1865"));
    CHECK_THAT(grid.out, Contains("Eastern Theater of Operations  01-06  13-25  39-51  65-77  91-95"));
    // Table 4 as the source prints it: "| 5 | 6 | 7 | 8 | 9 | 10 | 11 |", though only the
    // Confederates have 5.
    const auto stands = test::run_muster("rules show acw brigade_stands", k_env).out;
    CHECK_THAT(stands, Contains("5 stands  6 stands  7 stands  8 stands  9 stands  10 stands  11 stands"));
    CHECK_THAT(stands, Contains("Confederate  01-05     06-20     21-73     74-90     91-95     96-98      99-00"));
    // Table 6 too: "1 Battery per 9 Stands | 1 Battery per 8 Stands", Union "1-70 | 71-100".
    const auto ratio = test::run_muster("rules show acw artillery_ratio", k_env).out;
    CHECK_THAT(ratio, Contains("1 battery per 9 stands  1 battery per 8 stands") && Contains("Union        1-70                    71-100"));
    // In the rule set's own words: AWI's brigades are battalions; a command radius is inches.
    CHECK_THAT(test::run_muster("rules show awi battalions", k_env).out, Contains("2 battalions  3 battalions") && !Contains("brigades"));
    CHECK_THAT(test::run_muster("rules show napoleonic", k_env).out, Contains("Poor: division_radius 6\", corps_radius 12\""));
    const auto eff = test::run_muster("rules show acw effectiveness", k_env);
    CHECK_THAT(eff.out, Contains("DEFAULT STAND-IN"));
    // The exchange cartel, which the ACW article does not have: its values marked muster's own
    // where the organiser reads them.
    CHECK_THAT(test::run_muster("rules show acw", k_env).out, Contains("Exchange cartel: Dix-Hill cartel of 1862, muster's own values"));
    const auto cartel = test::run_muster("rules show acw cartel", k_env).out;
    CHECK_THAT(cartel, Contains("Brigadier general         20") && Contains("Note: MUSTER'S OWN: the ACW article keeps prisoners apart, exchanged only by mutual consent or freed when a camp is liberated, but gives no cartel"));
    CHECK_THAT(test::run_muster("rules show acw all", k_env).out, Contains("Note: MUSTER'S OWN: the ACW article keeps prisoners apart, exchanged only by mutual consent or freed when a camp is liberated, but gives no cartel"));
    CHECK_THAT(test::run_muster("rules show awi cartel", k_env).err, Contains("rule set awi has no exchange cartel: its exchanges are not weighed"));
    CHECK(test::run_muster("rules show acw nosuch", k_env).code == 2);
    // A table's id as people type it: any case, a slip suggested.
    CHECK(test::run_muster("rules show acw Cartel", k_env).out == cartel);
    CHECK(test::run_muster("rules show napoleonic MUSKETRY", k_env).out == test::run_muster("rules show napoleonic musketry", k_env).out);
    CHECK_THAT(test::run_muster("rules show acw cartle", k_env).err, Contains("has no table \"cartle\"") && Contains("did you mean cartel?"));

    const std::string dir = "/tmp/muster-test-rules-" + std::to_string(::getpid());
    std::filesystem::create_directories(dir);
    const std::string copy = dir + "/mine.json";
    std::filesystem::remove(copy);
    CHECK(test::run_muster("rules copy acw " + copy, k_env).code == 0);
    CHECK(test::run_muster("rules copy acw " + copy, k_env).code == 1);  // never overwrites
    // A copy keeping the built-in's id is sound (a campaign takes it, a sample of acw too), and
    // said to want another id in the rules folder, as rules list would refuse it there.
    const auto same_id = test::run_muster("rules validate " + copy, k_env);
    CHECK(same_id.code == 0);
    CHECK_THAT(same_id.out, Contains("mine.json: ok (acw: ") && Contains("its id \"acw\" is the built-in rule set's: a campaign takes it as it is") &&
                                Contains("kept in your rules folder beside the built-in, it needs another id"));
    const std::string own = dir + "/own.json";
    {
        std::ifstream in(copy);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        text.replace(text.find("\"id\": \"acw\""), 11, "\"id\": \"own\"");
        std::ofstream(own) << text;
    }
    const auto ok = test::run_muster("rules validate " + own, k_env);
    CHECK(ok.code == 0);
    CHECK_THAT(ok.out, Contains("ok (own"));
    {
        std::ofstream broken(dir + "/broken.json");
        broken << "{\"format\": \"muster-rules/1\",\n \"id\": }";
    }
    // Every file is said, each ok or why not; one not is a refusal.
    const auto bad = test::run_muster("rules validate " + dir + "/broken.json " + own, k_env);
    CHECK(bad.code == 1);
    CHECK_THAT(bad.out, Contains("own.json: ok (own"));
    CHECK_THAT(bad.err, Contains("broken.json: not valid JSON at line 2, column 8") && Contains("1 of 2 rule set files do not validate"));
    // A note of the organiser's own with a line break forges no line of what rules show prints.
    {
        std::ifstream in(copy);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const auto at = text.find("\"reserve_level\": \"army\"");
        REQUIRE(at != std::string::npos);
        text.insert(at, "\"note\": \"Raised in 1861\\nSides: forged\", ");
        std::ofstream(copy) << text;
    }
    const auto noted = test::run_muster("rules show " + copy, k_env);
    CHECK_THAT(noted.out, Contains("Union: Raised in 1861\\x0ASides: forged"));
    CHECK(noted.out.find("\nSides: forged") == std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST_CASE("muster rules odds: the exact chances as a table and as JSON, refused for a request the tables cannot serve") {
    const auto text = test::run_muster("rules odds --rules acw --side union --year 1863 --theater east", k_env);
    REQUIRE(text.code == 0);
    for (const char* heading : {"Exact odds of a division: acw, union, infantry, 1863, east", "Brigades (mean ", "Stands (mean ",
                                "Batteries (mean ", "Batteries with the division (mean ", "Batteries to the reserve (mean "})
        CHECK_THAT(text.out, Contains(heading));
    // In the rule set's own words, naming a theater only where it has them.
    const auto awi = test::run_muster("rules odds --rules awi --side british --year 1777", k_env).out;
    CHECK_THAT(awi, Contains("Exact odds of a brigade: awi, british, infantry, 1777\n") && Contains("Battalions (mean ") && !Contains("theater"));
    // A rule set that rolls no artillery: no batteries weighed, said so.
    CHECK_THAT(awi, !Contains("Batteries") && Contains("\nNo batteries: rule set awi rolls no artillery with a brigade\n"));

    const auto json = test::run_muster("rules odds --rules awi --side british --year 1777 --format json", k_env);
    REQUIRE(json.code == 0);
    CHECK_THAT(json.out, StartsWith(R"({"rules": "awi", "side": "british", "arm": "infantry", "year": 1777, "theater": null, "brigades": {"mean": )"));
    // Each measure's chances sum to one.
    const std::regex measure(R"re("(\w+)": \{"mean": [0-9.e+-]+, "chance": \{([^}]*)\}\})re");
    const std::regex chance(R"re("-?\d+": ([0-9.e+-]+))re");
    int measures = 0;
    for (auto m = std::sregex_iterator(json.out.begin(), json.out.end(), measure); m != std::sregex_iterator(); ++m, ++measures) {
        INFO((*m)[1]);
        const std::string cells = (*m)[2];
        double total = 0;
        for (auto c = std::sregex_iterator(cells.begin(), cells.end(), chance); c != std::sregex_iterator(); ++c) total += std::stod((*c)[1]);
        CHECK(total == Approx(1.0).epsilon(1e-4));
    }
    CHECK(measures == 5);

    for (const auto& [args, said] : std::vector<std::pair<std::string, std::string>>{
             {"rules odds --rules acw --side prussia", "unknown side \"prussia\""},
             {"rules odds --rules acw --side union --year 1700", "year 1700 is outside"},
             {"rules odds --rules acw --side union --format xml", "--format"}}) {
        const auto r = test::run_muster(args, k_env);
        INFO(args << "\n" << r.err);
        CHECK(r.code == 2);
        CHECK(r.out.empty());
        CHECK_THAT(r.err, StartsWith("muster: ") && Contains(said));
    }
}

namespace {

// A data folder of the organiser's own rule sets, and the text `rules copy acw` writes, with
// every `from` in it made `to`.
struct OwnRules {
    test::TempDir dir;
    std::string env = "XDG_DATA_HOME=" + dir.file("data");
    std::string folder = dir.file("data") + "/muster/rules";
    std::string acw;
    OwnRules() {
        std::filesystem::create_directories(folder);
        REQUIRE(test::run_muster("rules copy acw " + dir.file("acw.json"), env).code == 0);
        std::ifstream in(dir.file("acw.json"));
        acw.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    static std::string with(std::string text, const std::string& from, const std::string& to) {
        for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) text.replace(at, from.size(), to);
        return text;
    }
    void write(const std::string& file, const std::string& text) const { std::ofstream(folder + "/" + file) << text; }
};

}  // namespace

TEST_CASE("leader list names sides and grades as the rule set names them, as the order of battle does") {
    const OwnRules own;
    own.write("mine.json", OwnRules::with(OwnRules::with(OwnRules::with(own.acw, "\"id\": \"acw\"", "\"id\": \"mine\""), "\"name\": \"Average\"", "\"name\": \"Steady\""),
                                          "\"name\": \"Union\"", "\"name\": \"Army of the North\""));
    const std::string db = " --db " + own.dir.file("m.db");
    for (const auto& command : {std::string("campaign new N --rules mine --date 1863-06-29 --theater east --seed 42"), std::string("add army A --side union --leader X --grade average")})
        REQUIRE(test::run_muster(command + db, own.env).code == 0);
    REQUIRE_THAT(test::run_muster("oob" + db, own.env).out, Contains("X, Steady") && Contains("[Army of the North]"));
    const auto list = test::run_muster("leader list" + db, own.env).out;
    CHECK_THAT(list, Contains("Army of the North") && Contains("Steady"));
    CHECK_THAT(list, !Contains("average") && !Contains("union"));
}

TEST_CASE("Two of the organiser's rule sets of one id are both refused, each naming the other - --rules ID takes neither") {
    const OwnRules own;
    const auto text = OwnRules::with(own.acw, "\"id\": \"acw\"", "\"id\": \"mine\"");
    own.write("mine.json", text);
    REQUIRE(test::run_muster("rules show mine", own.env).code == 0);
    own.write("also.json", text);
    const auto list = test::run_muster("rules list", own.env).out;
    CHECK_THAT(list, Contains("REFUSED: its id \"mine\" is also that of " + own.folder + "/mine.json") &&
                         Contains("REFUSED: its id \"mine\" is also that of " + own.folder + "/also.json"));
    const auto show = test::run_muster("rules show mine", own.env);
    CHECK(show.code != 0);
    CHECK_THAT(show.err, Contains("is refused: its id \"mine\" is also that of"));
    CHECK(test::run_muster("campaign new C --rules mine --db " + own.dir.file("c.db"), own.env).code != 0);
    CHECK_FALSE(std::filesystem::exists(own.dir.file("c.db")));
}

TEST_CASE("The organiser's copy of a built-in rule set draws its leaders' names from the lists of the sides it kept, and says when it has none") {
    const OwnRules own;
    own.write("mine.json", OwnRules::with(own.acw, "\"id\": \"acw\"", "\"id\": \"mine\""));
    own.write("north.json", OwnRules::with(OwnRules::with(own.acw, "\"id\": \"acw\"", "\"id\": \"north\""), "\"union\"", "\"north\""));
    own.write("half.json", OwnRules::with(OwnRules::with(own.acw, "\"id\": \"acw\"", "\"id\": \"half\""), "\"confederate\"", "\"rebels\""));
    const auto arrive = [&](const std::string& set, const std::string& side) {
        const std::string db = " --db " + own.dir.file(set + ".db");
        for (const auto& command : {"campaign new N --rules " + set + " --date 1863-06-29 --theater east --seed 42", "add army A --side " + side + " --leader X --grade average",
                                    std::string("add corps C --army A"), std::string("add division D --corps C"), std::string("arrive D")})
            REQUIRE(test::run_muster(command + db, own.env).code == 0);
        return std::make_pair(test::run_muster("leader list" + db, own.env).out, test::run_muster("campaign show" + db, own.env).out);
    };
    // The same dice, the same names as the built-in rule set draws.
    const auto [builtin, builtin_show] = arrive("acw", "union");
    const auto [copied, copied_show] = arrive("mine", "union");
    CHECK(copied == builtin);
    CHECK_THAT(copied, !Contains("commander of D/"));
    CHECK_THAT(copied_show, Contains("drawn from muster's lists"));
    // Sides no list is kept for: none drawn, and the campaign says so.
    const auto [north, north_show] = arrive("north", "north");
    CHECK_THAT(north, Contains("commander of D/1st Brigade"));
    CHECK_THAT(north_show, Contains("on, but muster has no list for the Union or the Confederates: their leaders are named as you name them"));
    // Another war's rule set that shares one side's id is not a copy: its "union" draws none.
    const auto [half, half_show] = arrive("half", "union");
    CHECK_THAT(half, Contains("commander of D/1st Brigade"));
    CHECK_THAT(half_show, Contains("on, but muster has no list for the Union or the Confederates"));
}
