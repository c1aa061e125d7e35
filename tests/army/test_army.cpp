// The forces as values (src/army): what each view may see of an order of battle, and how a
// leader is called when he has no name.
#include "army/view.hpp"

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
