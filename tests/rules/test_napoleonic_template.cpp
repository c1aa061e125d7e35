// The Napoleonic template against L'Ordre Mixte, written out here independently.
#include "support.hpp"

#include "play/play_support.hpp"

#include <catch2/catch.hpp>

using namespace muster;
using test::nap;

namespace {

using V = std::vector<std::string>;

std::string modifiers(const std::vector<std::pair<std::string, int>>& mods) {
    std::string out;
    for (const auto& [k, v] : mods) out += k + "=" + std::to_string(v) + ";";
    return out;
}

}  // namespace

TEST_CASE("Napoleonic: nine classes, Veteran/Average/Raw crossed with Guard/Line/Militia") {
    V names;
    for (const auto& r : nap().ratings) names.push_back(r.name);
    CHECK(names == V{"Veteran Guard", "Veteran Line", "Veteran Militia", "Average Guard", "Average Line", "Average Militia",
                     "Raw Guard", "Raw Line", "Raw Militia"});
    for (const auto& r : nap().ratings) CHECK(nap().effectiveness.find(r.id, 7));  // every class has labels
    CHECK(nap().effectiveness.is_default);  // the source gives no numbers: marked
    // Guard +1 and Militia -1 belong to the troop class, not to a nation.
    for (const auto& r : nap().ratings) {
        if (r.id.find("_guard") != std::string::npos) CHECK(r.note == "Guard: +1 on Manoeuvre and Melee");
        if (r.id.find("_militia") != std::string::npos) CHECK(r.note == "Militia: -1 on Manoeuvre and Melee");
    }
}

TEST_CASE("Napoleonic: national characteristics") {
    V nations;
    for (const auto& n : nap().nationalities) nations.push_back(n.id + ":" + modifiers(n.modifiers));
    CHECK(nations == V{"french:charging=1;", "russian:defending=1;", "british:firing_in_single_line=1;", "austrian:manoeuvre=-1;",
                       "prussian:manoeuvre=-1;", "spanish:manoeuvre=-1;"});
    CHECK(nap().nationalities[4].note == "before 1809");
}

TEST_CASE("Napoleonic: command radius by grade - division 8 12 6 - corps 18 24 12") {
    CHECK(modifiers(nap().find_grade("average")->modifiers) == "division_radius=8;corps_radius=18;");
    CHECK(modifiers(nap().find_grade("exceptional")->modifiers) == "division_radius=12;corps_radius=24;manoeuvre=1;");
    CHECK(modifiers(nap().find_grade("poor")->modifiers) == "division_radius=6;corps_radius=12;");
}

TEST_CASE("Napoleonic: unit types including armoured cavalry, lancers, foot horse and heavy artillery") {
    V types;
    for (const auto& u : nap().unit_types) types.push_back(u.id);
    CHECK(types == V{"infantry", "light_brigade", "detachment", "cavalry", "armoured_cavalry", "lancers", "foot_artillery",
                     "horse_artillery", "heavy_artillery"});
}

TEST_CASE("Napoleonic: the 2d6 Fallen Leaders table row by row") {
    const auto* t = nap().find_play_table("fallen_leaders");
    REQUIRE(t);
    CHECK(t->die == rules::Die::two_d6);
    V rows;
    for (const auto& row : t->columns.at(0).rows) {
        const auto& r = t->results[row.result];
        rows.push_back(row.band.text + " " + r.text + " " + (r.effects.leader ? word(*r.effects.leader) : std::string("none")));
    }
    CHECK(rows == V{"2 Felled by sniper killed", "3 Crushed under falling horse killed", "4 Mortally stricken killed",
                    "5 Shot dead in the saddle killed", "6 Grievously wounded wounded", "7 Disabled wounded",
                    "8 Coolly ignores the fire No effect none", "9 Horse shot out from under but unscathed No effect none",
                    "10 Staff officer struck No effect none", "11 Coat pierced but unscathed No effect none",
                    "12 Mere flesh wound No effect none"});
    REQUIRE(nap().fallen_leaders);
    CHECK(nap().play_tables[*nap().fallen_leaders].id == "fallen_leaders");
    // The source rolls it for a fire roll of 11 or 12 before adjustment; a charge is not among its triggers.
    CHECK(t->note.find("charge") == std::string::npos);
    CHECK(t->note.find("11 or 12 before adjustment") != std::string::npos);
    CHECK_FALSE(t->readings.empty());  // killed and wounded are muster's reading, marked
}

TEST_CASE("Napoleonic: scales for 25 mm and 15 mm") {
    REQUIRE(nap().scales.size() == 2);
    CHECK(nap().scales[0].name == "25 mm");
    CHECK(nap().scales[0].men_per_figure == 100);
    CHECK(nap().scales[0].men_per_stand == 400);
    CHECK(nap().scales[0].guns_per_model == 10);
    CHECK(nap().scales[1].name == "15 mm");
    CHECK(nap().scales[1].men_per_stand == 200);
}
