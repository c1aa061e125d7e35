// The forces as values (src/army): what each view may see of an order of battle, and how a
// leader is called when he has no name.
#include "army/view.hpp"
#include "core/error.hpp"

#include <catch2/catch.hpp>

using namespace muster;

namespace {

army::Battery reserve_battery(std::int64_t id, const std::string& name) {
    army::Battery b;
    b.id = id;
    b.name = name;
    b.reserve = true;
    return b;
}


army::Division division(std::int64_t id, std::string name, std::string side, bool hidden, bool name_seen = false) {
    army::Division d;
    d.id = id;
    d.name = std::move(name);
    d.side = std::move(side);
    d.hidden = hidden;
    d.name_seen = name_seen;
    d.status = DivisionStatus::arrived;
    army::Brigade b;
    b.name = "1st Brigade";
    b.stands = b.start_stands = 6;
    d.brigades.push_back(b);
    return d;
}

army::OrderOfBattle two_sides() {
    army::OrderOfBattle oob;
    oob.campaign = "C";
    army::Army blue{1, "Army of the Potomac", "union", {}, {}, {}};
    army::Corps first{1, "I Corps", {}, {division(1, "Wadsworth", "union", true)}, {reserve_battery(1, "Reserve Battery")}};
    blue.corps.push_back(first);
    blue.reserve.push_back(reserve_battery(2, "Army Reserve"));
    army::Army grey{2, "Army of Northern Virginia", "confederate", {}, {}, {}};
    army::Corps third{2, "Third Corps", {}, {division(2, "Heth", "confederate", false), division(3, "Pender", "confederate", true),
                                             division(4, "Anderson", "confederate", true, true)},
                      {reserve_battery(3, "Corps Battery")}};
    grey.corps.push_back(third);
    army::Corps second{3, "Second Corps", {}, {division(5, "Rodes", "confederate", true)}, {}};
    grey.corps.push_back(second);
    oob.armies = {blue, grey};
    return oob;
}

}  // namespace

TEST_CASE("A side sees its own forces whole and of the enemy only the divisions it has seen") {
    const auto all = two_sides();
    CHECK(army::view_of(all, std::nullopt, View::umpire()).armies.size() == 2);
    const auto blue = army::view_of(all, std::nullopt, View::of_side("union"));
    REQUIRE(blue.armies.size() == 2);
    // Its own: whole, hidden divisions and reserves included.
    CHECK(blue.armies[0].corps[0].divisions.size() == 1);
    CHECK(blue.armies[0].reserve.size() == 1);
    // The enemy's: the division it saw, one seen by name as a placeholder, no reserves, no
    // corps with nothing seen.
    const auto& grey = blue.armies[1];
    CHECK(grey.reserve.empty());
    REQUIRE(grey.corps.size() == 1);
    CHECK(grey.corps[0].reserve.empty());
    REQUIRE(grey.corps[0].divisions.size() == 2);
    CHECK(grey.corps[0].divisions[0].name == "Heth");
    CHECK(grey.corps[0].divisions[0].brigades.size() == 1);
    const auto& named = grey.corps[0].divisions[1];
    CHECK(named.name == "Anderson");
    CHECK(named.status == DivisionStatus::placeholder);
    CHECK(named.brigades.empty());
    // Only one side's armies, when asked.
    CHECK(army::view_of(all, std::string("confederate"), View::umpire()).armies.size() == 1);
}

TEST_CASE("An unnamed leader is called by what he commands, or commanded, or his number") {
    army::Leader l;
    l.id = 12;
    l.name = "Archer";
    CHECK(l.label() == "Archer");
    l.name.clear();
    l.command.unit = "Heth/1st Brigade";
    CHECK(l.label() == "commander of Heth/1st Brigade");
    l.command = {};
    l.former_post = army::Leader::Post{"Heth/1st Brigade", 1};
    CHECK(l.label() == "former commander of Heth/1st Brigade");
    l.former_post->number = 2;
    CHECK(l.label() == "former commander of Heth/1st Brigade (2)");
    l.former_post.reset();
    CHECK(l.label() == "leader #12");
}

namespace {

// An order of battle of `divisions` divisions, their brigades named after them, in one corps
// of one army: more units than the walk hands over at once.
army::OrderOfBattle many_divisions(int divisions) {
    army::OrderOfBattle oob;
    auto& a = oob.armies.emplace_back();
    a.id = 1;
    a.name = "Army";
    a.side = "union";
    auto& k = a.corps.emplace_back();
    k.id = 2;
    k.name = "I Corps";
    for (int i = 0; i < divisions; ++i) k.divisions.push_back(division(100 + i, "Division " + std::to_string(i), "union", false));
    return oob;
}

// What a visitor heard, a line a unit; throws at the `fail_at`th unit (0: never).
struct Heard : army::OobVisitor {
    std::vector<std::string> lines;
    size_t fail_at = 0;
    void hear(std::string line) {
        lines.push_back(std::move(line));
        if (lines.size() == fail_at) throw std::runtime_error("the disk is full");
    }
    void army(const army::Army& a) override { hear("army " + a.name); }
    void corps(const army::Corps& k) override { hear("corps " + k.name); }
    void division(const army::Division& d) override { hear("division " + d.name + " " + d.brigades.at(0).name); }
    void end_corps() override { hear("end corps"); }
    void end_army() override { hear("end army"); }
};

// Passes each unit on, counting them; the walk fails (damage read) at the `fail_at`th (0: never).
struct Relay : army::OobVisitor {
    army::OobVisitor& next;
    int units = 0;
    int fail_at = 0;
    explicit Relay(army::OobVisitor& v) : next(v) {}
    void step() {
        if (++units == fail_at) throw Damaged("column stands holds \"x\"");
    }
    void army(const army::Army& a) override { step(), next.army(a); }
    void corps(const army::Corps& k) override { step(), next.corps(k); }
    void division(const army::Division& d) override { step(), next.division(d); }
    void end_corps() override { step(), next.end_corps(); }
    void end_army() override { step(), next.end_army(); }
};

}  // namespace

TEST_CASE("A walk beside its writer hands it every unit in the order walked", "[army][walk]") {
    const auto oob = many_divisions(500);
    Heard alone, beside;
    army::walk(oob, alone);
    army::walk_beside([&](army::OobVisitor& v) { army::walk(oob, v); }, beside);
    REQUIRE(alone.lines.size() == 504);
    CHECK(beside.lines == alone.lines);
}

TEST_CASE("A walk that gives each division up beside its writer, filling one anew each time, hands over each as it was filled") {
    // As the campaign's walk does: one Division refilled for each, its brigades of a count that
    // changes, given up to the handover, which swaps it into its ring and hands back another.
    const auto oob = many_divisions(700);
    Heard alone, beside;
    army::walk(oob, alone);
    army::walk_beside(
        [&](army::OobVisitor& v) {
            const auto& a = oob.armies.front();
            v.army({a.id, a.name, a.side, a.commander, {}, a.reserve});
            const auto& k = a.corps.front();
            v.corps({k.id, k.name, k.commander, {}, k.reserve});
            army::Division d;
            for (const auto& from : k.divisions) {
                d.id = from.id;
                d.name = from.name;
                d.brigades.clear();
                for (int i = 0; i <= from.id % 3; ++i) d.brigades.push_back(from.brigades.front());
                v.take_division(d);
            }
            v.end_corps();
            v.end_army();
        },
        beside);
    CHECK(beside.lines == alone.lines);
}

TEST_CASE("A walk that fails beside its writer throws its own failure, after what it walked before", "[army][walk]") {
    const auto oob = many_divisions(300);
    Heard heard;
    const auto failing = [&](army::OobVisitor& v) {
        Relay relay(v);
        relay.fail_at = 100;
        army::walk(oob, relay);
    };
    CHECK_THROWS_AS(army::walk_beside(failing, heard), Damaged);
    CHECK(heard.lines.size() == 99);  // every unit walked before the failure, none after
}

TEST_CASE("A writer that fails beside its walk stops the walk and throws its failure", "[army][walk]") {
    const auto oob = many_divisions(2000);
    Heard heard;
    heard.fail_at = 10;
    int walked = 0;
    CHECK_THROWS_WITH(army::walk_beside(
                          [&](army::OobVisitor& v) {
                              Relay relay(v);
                              army::walk(oob, relay);
                              walked = relay.units;
                          },
                          heard),
                      "the disk is full");
    CHECK(heard.lines.size() == 10);
    CHECK(walked == 0);  // the walk stopped once the writer failed: it never reached its end
}
