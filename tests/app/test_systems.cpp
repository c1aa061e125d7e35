// A campaign of each system: created, a division generated, a battle applied, labels exported;
// and an organiser's own rule set, good and malformed.
#include "core/error.hpp"
#include "db/db_support.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using namespace muster;
using Catch::Matchers::Contains;

namespace {

void campaign_of(const std::string& rules, const std::string& side_a, const std::string& side_b, int year) {
    test::TempDir dir;
    auto s = test::empty_campaign(dir.file("c.db"), rules + " campaign", rules, 42);
    s.forces().add_army(side_a, "A", {});
    s.forces().add_corps("A", "A1", {});
    s.forces().add_division("A1", "First", "");
    s.forces().add_army(side_b, "B", {});
    s.forces().add_corps("B", "B1", {});
    s.forces().add_division("B1", "Second", "");
    s.prisoners().add_camp(side_b, "Camp B");
    for (const char* d : {"First", "Second"}) {
        app::ArrivalRequest a;
        a.division = d;
        a.year = year;
        if (!s.rules().theaters.empty()) a.theater = s.rules().theaters.front().id;
        const auto arrived = s.arrivals().arrive(a);
        REQUIRE_FALSE(arrived.division.brigades.empty());
    }
    const auto first = s.forces().brigades().front();
    battle::Report r;
    r.name = "Clash";
    battle::add_loss_spec(r, first.ref() + "=2");
    battle::add_captured_spec(r, first.ref() + "=1@Camp B");
    s.battles().report_battle(r, app::Mode::apply);
    s.battles().recover("Clash", {}, app::Mode::apply);
    CHECK(s.history().check().ok());
    const auto labels = test::export_labels(s, [] { test::Export e; e.format = "html"; return e; }(), {});
    CHECK_THAT(labels, Contains(first.name));
    const auto oob = test::export_oob(s, [] { test::Export e; e.format = "text"; return e; }());
    CHECK_THAT(oob, Contains(s.rules().term_brigade));
}

}  // namespace

TEST_CASE("A campaign of each system: created, generated, fought, labelled") {
    SECTION("ACW") { campaign_of("acw", "union", "confederate", 1863); }
    SECTION("AWI") { campaign_of("awi", "british", "american", 1777); }
    SECTION("Napoleonic") { campaign_of("napoleonic", "french", "allies", 1809); }
}

TEST_CASE("Napoleonic fallen leaders: the 2d6 table decides") {
    test::TempDir dir;
    auto s = test::empty_campaign(dir.file("c.db"), "1809", "napoleonic");
    s.forces().add_army("french", "Armee", {"Napoleon", "exceptional"});
    s.forces().add_corps("Armee", "IV Corps", {"Massena", "exceptional"});
    s.forces().add_division("IV Corps", "Saint-Cyr", "infantry");
    s.forces().add_brigade({"Saint-Cyr", "1st Brigade", "average_line", 6, std::nullopt, "", "", {}});
    auto fate = [&](const std::string& leader, const std::string& roll) {
        return s.leaders().leader_casualty(leader, 2, {roll}, app::Mode::apply).summary;
    };
    // A preview binds the roll done for real: other dice are refused until it is taken or rolled anew.
    CHECK(s.leaders().leader_casualty("Massena", 2, {"3+3"}, app::Mode::preview).preview);
    CHECK_THROWS_WITH(fate("Massena", "5+5"), Contains("the Fallen Leaders roll for Massena would not roll as its preview") &&
                                                  Contains("3+3 (") && Contains("5+5 ("));
    CHECK_THAT(s.leaders().leader_casualty("Massena", 2, {"5+5"}, app::Mode::apply, app::Previewed::discarded).summary, Contains("Staff officer struck, no effect"));
    CHECK_THAT(fate("Massena", "5+5"), Contains("Staff officer struck, no effect"));
    CHECK_THAT(fate("Massena", "3+3"), Contains("Grievously wounded, wounded, out for 2 battles"));
    // Fallen before any battle: the battles fought from then on count towards his return.
    CHECK_THROWS_WITH(s.leaders().return_leader("Massena"), Contains("out for 2 battles from when he fell; 0 fought since"));
    for (const char* name : {"Aspern", "Wagram"}) {
        battle::Report r;
        r.name = name;
        r.divisions = {"Saint-Cyr"};  // a battle his side fought
        s.battles().report_battle(r, app::Mode::apply);
        if (std::string(name) == "Aspern") CHECK_THROWS_WITH(s.leaders().return_leader("Massena"), Contains("1 fought since"));
    }
    CHECK_THAT(s.leaders().return_leader("Massena").summary, Contains("returns from his wounds to IV Corps"));
    CHECK_THAT(fate("Napoleon", "1+1"), Contains("Felled by sniper, killed"));
    CHECK_THROWS_WITH(fate("Napoleon", "6"), Contains("is already killed"));
    s.forces().add_corps("Armee", "V Corps", {"Lannes", "exceptional"});
    CHECK_THROWS_WITH(fate("Lannes", "13"), Contains("typed roll \"13\" for roll 1, fallen leader: Lannes (2d6)"));
}

TEST_CASE("An organiser's own rule set: copied, edited, validated, used - or refused") {
    test::TempDir dir;
    const std::string rules_dir = dir.file("rules");
    std::filesystem::create_directories(rules_dir);
    auto text = test::template_text("acw_fire_and_fury.json");
    text.replace(text.find("\"id\": \"acw\""), 11, "\"id\": \"my_acw\"");
    text.replace(text.find("\"6/4/3\""), 7, "\"6/5/3\"");  // the rulebook's label, say
    std::ofstream(rules_dir + "/my_acw.json") << text;
    const app::Catalog catalog(rules_dir);
    const auto mine = catalog.load("my_acw");
    CHECK(mine.effectiveness.find("veteran", 6)->text() == "6/5/3");
    app::Session s(dir.file("c.db"), app::Open::create, 5000, app::Catalog(rules_dir));
    app::NewCampaign n;
    n.name = "Mine";
    n.rules = "my_acw";
    s.create_campaign(n);
    CHECK(s.current().rules_id == "my_acw");

    // Editing the file later changes no running campaign: it pinned its copy.
    text.replace(text.find("\"6/5/3\""), 7, "\"6/3/2\"");
    std::ofstream(rules_dir + "/my_acw.json", std::ios::trunc) << text;
    CHECK(s.rules().effectiveness.find("veteran", 6)->text() == "6/5/3");

    std::ofstream(rules_dir + "/broken.json") << R"({"format": "muster-rules/1", "id": "broken", "name": "x", "sides": []})";
    bool listed = false;
    for (const auto& e : catalog.list())
        if (e.origin == rules_dir + "/broken.json") {
            listed = true;
            CHECK_THAT(e.error, Contains("$.sides: expected exactly two sides, not 0"));
        }
    CHECK(listed);
    CHECK_THROWS_WITH(catalog.load("broken"), Contains("is refused"));
    // A third side is refused too: the fog of war is one flag a division, hidden from the
    // enemy or seen by it, and a third side would see what a battle it was not in revealed.
    auto three = test::template_text("acw_fire_and_fury.json");
    three.replace(three.find("\"id\": \"acw\""), 11, "\"id\": \"three\"");
    three.replace(three.find("\"sides\": ["), 10, "\"sides\": [{\"id\": \"mexico\", \"name\": \"Mexico\", \"reserve\": \"R\", \"reserve_level\": \"army\"},");
    std::ofstream(rules_dir + "/three.json") << three;
    CHECK_THROWS_WITH(catalog.load("three"), Contains("$.sides: expected exactly two sides, not 3"));
    // A side may not take a view's word for its id: --as could not ask for it, and its player
    // would read as the umpire.
    for (const std::string word : {"umpire", "side"}) {
        auto taken = test::template_text("acw_fire_and_fury.json");
        taken.replace(taken.find("\"id\": \"acw\""), 11, "\"id\": \"taken\"");
        for (auto at = taken.find("\"confederate\""); at != std::string::npos; at = taken.find("\"confederate\"", at))
            taken.replace(at, 13, "\"" + word + "\"");
        std::ofstream(rules_dir + "/taken.json", std::ios::trunc) << taken;
        CHECK_THROWS_WITH(catalog.load("taken"), Contains("$.sides[1].id") && Contains("\"" + word + "\" is what --as calls a view"));
    }
}

TEST_CASE("An AWI campaign speaks of brigades and battalions, as its rule set names them") {
    test::TempDir dir;
    app::Session s(dir.file("c.db"), app::Open::create);
    app::NewCampaign c;
    c.name = "Brandywine";
    c.rules = "awi";
    c.date = Day::read("1777-09-11");
    s.create_campaign(c);
    s.forces().add_army("british", "Howe's Army", {"Howe", "competent"});
    s.forces().add_corps("Howe's Army", "Knyphausen's Column", {"Knyphausen", "aggressive"});
    s.forces().add_division("Knyphausen's Column", "Stirn", "");
    s.forces().add_division("Knyphausen's Column", "Grant", "");
    s.forces().add_brigade({"Stirn", "Leib Regiment", "veteran", 10, std::nullopt, "", "", {"Wurmb", "competent"}});
    app::ArrivalRequest a;
    a.division = "Grant";
    const auto arrived = s.arrivals().arrive(a);
    CHECK(arrived.division.year == 1777);  // the campaign's date
    battle::Report r;
    r.name = "Chadds Ford";
    battle::add_loss_spec(r, "Stirn/Leib Regiment=2");
    const auto fought = s.battles().report_battle(r, app::Mode::apply);
    CHECK_THAT(fought.summary, Contains("Battle of Chadds Ford: 1 brigade,"));
    const auto journal = s.history().journal();
    std::string summaries;
    for (const auto& e : journal) summaries += e.summary + "\n";
    CHECK_THAT(summaries, Contains("Added brigade Stirn (placeholder") && Contains("Added battalion Leib Regiment") &&
                              Contains("Grant arrived: " + std::to_string(arrived.division.brigades.size()) + " battalion"));
    CHECK(summaries.find("division") == std::string::npos);
    const auto text = test::export_oob(s, {{std::nullopt, View::umpire(), std::nullopt}, "text"});
    CHECK_THAT(text, Contains("Battalion") && Contains("battalions,"));
    CHECK(text.find("brigadier") == std::string::npos);
    // A battalion whose label has no Spent state (militia 5/4/-) left with no stands is said to
    // have none left, in the order of battle as in the battle report; not Worn.
    s.forces().add_brigade({"Stirn", "Jaegers", "militia", 5, std::nullopt, "", "", {}});  // no leader: a name of his might be drawn already (the seed is fresh)
    battle::Report all;
    all.name = "Birmingham Meeting House";
    battle::add_loss_spec(all, "Stirn/Jaegers=5");
    CHECK_THAT(join(s.battles().report_battle(all, app::Mode::apply).lines, "\n"), Contains("none left (5/4/-)"));
    CHECK_THAT(test::export_oob(s, {{std::nullopt, View::umpire(), std::nullopt}, "html"}), Contains("<tr class=\"none-left\"><td>Jaegers"));
    for (const std::string format : {"text", "csv", "json"}) {
        const auto oob = test::export_oob(s, {{std::nullopt, View::umpire(), std::nullopt}, format});
        CAPTURE(format);
        const auto at = oob.find("Jaegers");
        REQUIRE(at != std::string::npos);
        const auto line = oob.substr(at, oob.find(format == "json" ? '}' : '\n', at) - at);  // its row, or its object
        CHECK_THAT(line, Contains("none left") && !Contains("Worn"));
    }
    // A name not found, or found twice, is refused in the rule set's words too.
    a.division = "Grnt";
    CHECK_THROWS_WITH(s.arrivals().arrive(a), Contains("no brigade named \"Grnt\"") && Contains("did you mean Grant?"));
    CHECK_THROWS_WITH(s.forces().rename(NamedKind::division, "Grnt", "Gray"), Contains("no brigade named \"Grnt\""));
    CHECK_THROWS_WITH(s.battles().amend("Chadds Ford", {}, {}, app::Mode::apply), Contains("--loss \"Brigade/Battalion=N\""));
    app::ExchangeProposal swap;
    swap.from = "british";
    swap.offer = {"stands:Stirn/Leib Regiment=x"};
    CHECK_THROWS_WITH(s.prisoners().propose_exchange(swap), Contains("expected stands:Brigade/Battalion=N"));
    s.forces().add_division("Knyphausen's Column", "Grayson", "");
    a.division = "Gr";
    CHECK_THROWS_WITH(s.arrivals().arrive(a), Contains("brigade \"Gr\" could be") && !Contains("division"));
}
