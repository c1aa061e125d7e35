// The sample campaigns muster ships (assets/samples): each is read, created as one undoable
// operation, passes the ledger check, prints in every format, and shows a side nothing of the
// enemy it keeps hidden.
#include "app/exports.hpp"
#include "app/forces.hpp"
#include "app/history.hpp"
#include "app/samples.hpp"
#include "app/season.hpp"
#include "core/error.hpp"
#include "app_support.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <set>

using namespace muster;
using Catch::Matchers::Contains;

namespace {

// Every name an order of battle prints for one side: armies, corps, divisions, brigades,
// batteries and leaders.
std::set<std::string> names_of(const army::OrderOfBattle& oob, const std::string& side) {
    std::set<std::string> out;
    const auto leader = [&](const army::Leader& l) {
        if (!l.name.empty()) out.insert(l.name);
    };
    for (const auto& a : oob.armies) {
        if (a.side != side) continue;
        out.insert(a.name);
        leader(a.commander);
        for (const auto& b : a.reserve) out.insert(b.name);
        for (const auto& k : a.corps) {
            out.insert(k.name);
            leader(k.commander);
            for (const auto& b : k.reserve) out.insert(b.name);
            for (const auto& d : k.divisions) {
                out.insert(d.name);
                leader(d.commander);
                for (const auto& b : d.brigades) {
                    out.insert(b.name);
                    leader(b.commander);
                    leader(b.alternate.value_or_default());
                }
                for (const auto& b : d.batteries) out.insert(b.name);
            }
        }
    }
    return out;
}

bool has_word(const std::string& text, const std::string& word) {
    const std::regex escape(R"([.^$|()\[\]{}*+?\\])");
    return std::regex_search(text, std::regex("(^|[^[:alnum:]])" + std::regex_replace(word, escape, R"(\$&)") + "($|[^[:alnum:]])"));
}

}  // namespace

TEST_CASE("Three samples ship, one for each rule set, each saying where its order of battle comes from") {
    const auto& all = app::samples();
    REQUIRE(all.size() == 3);
    std::set<std::string> rules, ids;
    for (const auto& s : all) {
        INFO(s.file);
        rules.insert(s.rules);
        ids.insert(s.id);
        CHECK(s.file == "assets/samples/" + s.id + ".json");
        CHECK(s.text == test::file_bytes(std::string(MUSTER_SOURCE_DIR) + "/" + s.file));  // built in as written
        CHECK_THAT(s.source, Contains("MUSTER'S OWN"));  // what the sample decided is marked
        CHECK(s.source.size() > 100);
        CHECK(s.date.has_value());
        CHECK_FALSE(s.schedule.empty());
    }
    CHECK(rules == std::set<std::string>{"acw", "awi", "napoleonic"});
    CHECK(ids == std::set<std::string>{"gettysburg", "grossbeeren", "saratoga"});
    CHECK(&app::find_sample("gett") == &app::find_sample("gettysburg"));  // as typed
    CHECK_THROWS_WITH(app::find_sample("antietam"), Contains("no sample campaign \"antietam\"") && Contains("gettysburg, grossbeeren, saratoga"));
}

TEST_CASE("A sample file is read strictly: a missing or unknown key is named with its path") {
    const std::string good = R"({"format": "muster-oob/1", "rules": "acw", "armies": [],
        "sample": {"id": "x", "title": "X", "about": "a", "source": "s", "schedule": {"Heth": 2}}})";
    const auto s = app::parse_sample(good, "x.json");
    CHECK(s.schedule == std::vector<std::pair<std::string, Turn>>{{"Heth", Turn::read(2)}});
    CHECK_THROWS_WITH(app::parse_sample(R"({"format": "muster-oob/1", "rules": "acw", "armies": []})", "x.json"),
                      Contains("x.json") && Contains("sample"));
    std::string unknown = good;
    unknown.replace(unknown.find("\"about\""), 7, "\"abuot\"");
    CHECK_THROWS_WITH(app::parse_sample(unknown, "x.json"), Contains("abuot"));
    std::string turn = good;
    turn.replace(turn.find("\"Heth\": 2"), 9, "\"Heth\": 0");
    CHECK_THROWS_WITH(app::parse_sample(turn, "x.json"), Contains("$.sample.schedule"));
}

TEST_CASE("Every sample creates in one undoable operation, passes check, exports in every format and shows a side nothing hidden") {
    for (const auto& sample : app::samples()) {
        INFO(sample.id);
        test::TempDir dir;
        auto s = test::sample_campaign(dir.file("c.db"), sample);
        const auto c = s.current();
        CHECK(c.rules_id == sample.rules);
        CHECK(c.date == sample.date);
        CHECK(c.turn_days == sample.turn_days);
        CHECK(c.men_per_stand == sample.men_per_stand);

        const auto check = s.history().check();
        INFO((check.problems.empty() ? "" : check.problems.front()));
        CHECK(check.ok());
        CHECK(check.brigades > 0);
        // Every post is filled: a unit led by no one plays as one whose commander is lost.
        for (const auto& work : s.season().open_work()) CHECK_THAT(work, !Contains("no commander"));
        const auto journal = s.history().journal();
        REQUIRE(journal.size() == 2);  // created, and the sample's forces as one operation
        CHECK_THAT(journal.back().summary, Contains("Started from sample " + sample.id));

        // The schedule holds the sample's placeholders; each side has some entered by hand.
        CHECK(s.season().schedule().size() == sample.schedule.size());
        const auto umpire = s.forces().order_of_battle({});
        std::set<std::string> sides;
        for (const auto& a : umpire.armies) sides.insert(a.side);
        REQUIRE(sides.size() == 2);
        for (const auto& a : umpire.armies) {
            int entered = 0, placeholders = 0;
            for (const auto& k : a.corps)
                for (const auto& d : k.divisions) (d.status == DivisionStatus::placeholder ? placeholders : entered) += 1;
            CHECK(entered > 0);
            CHECK(placeholders > 0);
        }

        // Every format, as the umpire and as each side; a side's shows no name the enemy keeps hidden.
        for (const auto& side : sides) {
            const std::string enemy = side == *sides.begin() ? *sides.rbegin() : *sides.begin();
            const auto own = names_of(umpire, side);
            std::vector<std::string> secret;
            for (const auto& name : names_of(umpire, enemy)) {
                bool shared = false;  // a name both sides use ("Right Wing") proves nothing
                for (const auto& mine : own) shared = shared || mine.find(name) != std::string::npos;
                if (!shared) secret.push_back(name);
            }
            REQUIRE(secret.size() > 5);
            app::ExportRequest as_side;
            as_side.viewer = View::of_side(side);
            for (const auto& w : Vocabulary<OobFormat>::table) {
                INFO(side << " " << w.text);
                std::string text = s.exports().oob(as_side, w.value);
                if (w.value == OobFormat::pdf) {
                    std::ofstream(dir.file("side.pdf"), std::ios::binary) << text;
                    text = test::pdf_text(dir.file("side.pdf"));
                }
                CHECK(has_word(text, *names_of(umpire, side).begin()));  // its own forces are there
                for (const auto& name : secret) {
                    INFO(name);
                    CHECK_FALSE(has_word(text, name));
                }
                app::ExportRequest all;
                CHECK(s.exports().oob(all, w.value).size() > text.size() / 2);
            }
        }

        // Undone, the sample's forces and schedule are gone; the campaign stays, empty.
        s.history().undo();
        CHECK(s.forces().brigades().empty());
        CHECK(s.forces().order_of_battle({}).armies.empty());
        CHECK(s.season().schedule().empty());
        CHECK(s.history().check().ok());
    }
}

TEST_CASE("A sample with another rule set is refused, and nothing is created") {
    test::TempDir dir;
    app::Session s(dir.file("c.db"), app::Open::create);
    app::NewCampaign n;
    n.name = "Wrong";
    n.sample = "saratoga";
    n.rules = "acw";
    CHECK_THROWS_WITH(s.create_campaign(n), Contains("sample saratoga is written for rule set awi, not acw"));
    CHECK(s.campaigns().empty());
    n.sample.reset();
    n.rules.clear();
    CHECK_THROWS_WITH(s.create_campaign(n), Contains("--rules ID") && Contains("--sample ID"));
    CHECK(s.campaigns().empty());
}
