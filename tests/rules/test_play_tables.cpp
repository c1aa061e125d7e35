// Every cell of the play tables of L'Ordre Mixte and the AWI adaptation, against the sources'
// numbers and texts written out here, independently of the templates.
#include "play/play_support.hpp"

#include <catch2/catch.hpp>

#include <climits>
#include <map>

using namespace muster;
using test::awi;
using test::nap;
using test::roll;
using test::table;

namespace {

// A column as the source prints it: the highest score of each band (INT_MAX for "or more"), in order.
using Bands = std::vector<std::pair<int, std::string>>;

std::string expected(const Bands& bands, int score) {
    for (const auto& [hi, text] : bands)
        if (score <= hi) return text;
    return "(none)";
}

// Every score the dice and modifiers reach reads the source's result in this column.
void check_column(const rules::PlayTable& t, const std::string& column, const Bands& bands, bool by_name = false) {
    const auto* c = column.empty() ? &t.columns.at(0) : t.find_column(column);
    REQUIRE(c);
    const auto [lo, hi] = t.reachable();
    for (int s = lo; s <= hi; ++s) {
        INFO(t.id << " column " << column << " score " << s);
        const auto* row = t.row_for(*c, s);
        REQUIRE(row);
        const auto& r = t.results[row->result];
        CHECK((by_name ? r.name : r.text) == expected(bands, s));
    }
}

const int k_max = INT_MAX;

}  // namespace

TEST_CASE("Score bands are read as the sources print them") {
    auto band = [](const char* text) {
        auto b = rules::parse_score_band(text);
        REQUIRE(b);
        return std::pair{b->lo.value_or(INT_MIN), b->hi.value_or(INT_MAX)};
    };
    CHECK(band("1<") == std::pair{INT_MIN, 1});
    CHECK(band("11>") == std::pair{11, INT_MAX});
    CHECK(band("2,3") == std::pair{2, 3});
    CHECK(band("8,9,10") == std::pair{8, 10});
    CHECK(band("0-10") == std::pair{0, 10});
    CHECK(band("11+") == std::pair{11, INT_MAX});
    CHECK(band("8 +") == std::pair{8, INT_MAX});
    CHECK(band("1 (-)") == std::pair{INT_MIN, 1});
    CHECK(band("4(-)") == std::pair{INT_MIN, 4});
    CHECK(band("7 or more") == std::pair{7, INT_MAX});
    CHECK(band("-7 or less") == std::pair{INT_MIN, -7});
    CHECK(band("-1 to -3") == std::pair{-3, -1});
    CHECK(band("+6 to 9") == std::pair{6, 9});
    CHECK(band("+10 or more") == std::pair{10, INT_MAX});
    CHECK(band("0") == std::pair{0, 0});
    CHECK(band("-5") == std::pair{-5, -5});
    for (const char* bad : {"", "x", "2,4", "3,2", "10-2", "1 to", "or more", "1--2", "99999", "5-", "n/a", "2, three"}) {
        INFO(bad);
        CHECK_FALSE(rules::parse_score_band(bad));
    }
}

TEST_CASE("Fire points are read exactly, in halves and quarters") {
    auto q = [](const char* text) {
        auto p = rules::parse_points(text);
        REQUIRE(p);
        return p->quarters;
    };
    CHECK(q("1/2") == 2);
    CHECK(q(".5") == 2);
    CHECK(q("3 1/2") == 14);
    CHECK(q("3.5") == 14);
    CHECK(q("7") == 28);
    CHECK(q("1/4") == 1);
    CHECK(rules::Points{14}.text() == "3 1/2");
    CHECK(rules::Points{2}.text() == "1/2");
    for (const char* bad : {"", "-1", "1/3", "x", "1000", "3.3", "2 1/3", "1/2/3"}) {
        INFO(bad);
        CHECK_FALSE(rules::parse_points(bad));
    }
}

// ----- L'Ordre Mixte -----

TEST_CASE("L'Ordre Mixte Manoeuvre Table: both columns, every score, every modifier") {
    const auto& t = table(nap(), "manoeuvre");
    CHECK(t.die == rules::Die::two_d6);
    check_column(t, "good_order", {{1, "Retire full move"}, {3, "Disengage out of musket range"}, {5, "Hold ground (no FC)"},
                                   {7, "Tardy - Half move (may FC)"}, {10, "Well Handled"}, {k_max, "Well handled"}});
    check_column(t, "disorder", {{1, "Quit the field"}, {3, "Broken, lose base & retire"}, {5, "Wavering - hold in disorder"},
                                 {7, "Shaken - Rally & Hold Ground"}, {10, "Rally & Half move (may FC)"}, {k_max, "Rally with Élan!"}});
    std::vector<std::pair<std::string, int>> mods;
    for (const auto& m : t.modifiers) mods.emplace_back(m.text, m.value);
    CHECK(mods == std::vector<std::pair<std::string, int>>{
                      {"per attached corps or division leader, or exceptional brigadier", 1},
                      {"exceptional brigadier (the same line's +1)", 1},  // muster's reading: the campaign's part of that line
                      {"if in column or Guard", 1}, {"Fresh", 2},
                      {"Attached exceptional corps/division leader", 2}, {"Spent", -2}, {"If Austrian, Prussian before 1809, Spanish, Militia", -1},
                      {"Close order troops trying to move in bad going", -2}, {"Out of command radius", -1},
                      {"More than a normal move from commander", -2}});
    // 2d6, Spent, every penalty: 2-2-1-2-1-2; 12 plus 12 leaders, the exceptional brigadier, column or Guard, the exceptional leader.
    CHECK(t.reachable() == std::pair{-6, 30});
    // Broken loses a base.
    const auto broken = roll(t, {"3"}, {}, "disorder");
    CHECK(broken.effects.stands_lost == 1);
    CHECK(broken.effects.disordered);
    // Every reading of the dice, unmodified.
    for (int d = 2; d <= 12; ++d) {
        INFO(d);
        CHECK(roll(t, {std::to_string(d)}, {}, "good_order").score == d);
    }
    // The leader modifier counts each leader attached.
    const auto r = roll(t, {"5"}, {"leader=2", "spent", "out_of_radius"}, "good_order");
    CHECK(r.score == 5 + 2 - 2 - 1);
    CHECK(r.result->text == "Hold ground (no FC)");
}

TEST_CASE("L'Ordre Mixte Musketry & Cannonade table: every row of fire points and every score") {
    const auto& t = table(nap(), "musketry");
    // The source's table written out: the rows of fire points (1/2 printed as 12), then the
    // result at each modified score 0, 1, ..., 12 and above (D Desultory, L Lively, T Telling,
    // K Deadly, W Withering). The last letter holds for every higher score.
    const std::vector<std::pair<std::string, std::string>> source = {
        {"1/2", "DDDDDDDDDDDL"},    // 0-10, 11+
        {"1", "DDDDDDDDDDL"},       // 0-9, 10+
        {"2", "DDDDDDDDDLLLT"},     // 0-8, 9-11, 12+
        {"3", "DDDDDDDDDLLT"},      // 0-8, 9-10, 11+
        {"4", "DDDDDDDDLLLT"},      // 0-7, 8-10, 11+
        {"5", "DDDDDDDLLLT"},       // 0-6, 7-9, 10+
        {"6", "DDDDDDLLLTTTK"},     // 6,7: 0-5, 6-8, 9-11, 12+
        {"8", "DDDDDDLLLTTK"},      // 8,9: 0-5, 6-8, 9-10, 11+
        {"10", "DDDDDLLLTTTK"},     // 10,11: 0-4, 5-7, 8-10, 11+
        {"12", "DDDDLLLTTTK"},      // 12-14: 0-3, 4-6, 7-9, 10+
        {"15", "DDDLLLTTTKKKW"},    // 15-19: 0-2, 3-5, 6-8, 9-11, 12+
        {"20", "DDLLLTTTKKKW"},     // 20-24: 0-1, 2-4, 5-7, 8-10, 11+
        {"25", "DLLLTTTKKKW"},      // 25-29: 0, 1-3, 4-6, 7-9, 10+
        {"30", "LLLTTTKKKW"},       // 30-34: 0-2, 3-5, 6-8, 9+
        {"35", "LLTTTKKKW"},        // 35-39: 0-1, 2-4, 5-7, 8+
        {"40", "LTTTKKKW"},         // 40-44: 0, 1-3, 4-6, 7+
        {"45", "LTTKKKW"},          // 45-49: 0, 1-2, 3-5, 6+
        {"50", "LTTKKW"},           // 50+: 0, 1-2, 3-4, 5+
    };
    const std::map<char, std::string> names = {{'D', "Desultory"}, {'L', "Lively"}, {'T', "Telling"}, {'K', "Deadly"}, {'W', "Withering"}};
    REQUIRE(t.columns.size() == source.size());
    const auto [lo, hi] = t.reachable();
    CHECK(lo == 2 - 1 - 3);  // skirmishers and entrenchments
    CHECK(hi == 12 + 3);     // formation, cavalry, British
    for (size_t i = 0; i < source.size(); ++i) {
        const auto& [points, letters] = source[i];
        const auto p = rules::parse_points(points);
        REQUIRE(p);
        const auto* column = t.column_for(*p);
        REQUIRE(column == &t.columns[i]);
        for (int s = lo; s <= hi; ++s) {
            const size_t at = static_cast<size_t>(std::clamp(s, 0, static_cast<int>(letters.size()) - 1));
            INFO(points << " fire points, score " << s);
            const auto* row = t.row_for(*column, s);
            REQUIRE(row);
            CHECK(t.results[row->result].name == names.at(letters[at]));
        }
        // Through the roll: each reading of the dice, with no modifier, at the row's fewest points.
        for (int d = 2; d <= 12; ++d) {
            const auto r = roll(t, {std::to_string(d)}, {}, "", points);
            CHECK(r.column == column);
            CHECK(r.result->name == names.at(letters[std::min<size_t>(static_cast<size_t>(d), letters.size() - 1)]));
        }
    }
    // Points between the printed rows read on the row below; 49 reads 45-49, 1000 is refused.
    for (const auto& [given, row] : std::vector<std::pair<std::string, std::string>>{
             {"3 1/2", "3"}, {"7", "6,7"}, {"9", "8,9"}, {"11", "10,11"}, {"14", "12-14"}, {"19", "15-19"}, {"24", "20-24"},
             {"29", "25-29"}, {"34", "30-34"}, {"39", "35-39"}, {"44", "40-44"}, {"49", "45-49"}, {"50", "50+"}, {"999", "50+"}}) {
        INFO(given);
        CHECK(t.column_for(*rules::parse_points(given))->name == row);
    }
    // The effects, as the source's Effects list gives them.
    std::vector<std::string> texts;
    for (const auto& r : t.results) texts.push_back(r.text);
    CHECK(texts == std::vector<std::string>{"Desultory No effect", "Lively Target disordered, Artillery silenced",
                                            "Telling Target disordered & one base lost. Artillery damaged & silenced.",
                                            "Deadly Target disordered & two bases lost. Artillery wrecked.",
                                            "Withering Target disordered & three bases lost. Artillery wrecked."});
    CHECK(t.results[2].effects.stands_lost == 1);
    CHECK(t.results[3].effects.stands_lost == 2);
    CHECK(t.results[4].effects.stands_lost == 3);
    CHECK(t.results[4].effects.battery == BatteryFate::wrecked);
    // The fire modifiers: factors on the points, the rest on the score.
    std::vector<std::string> mods;
    for (const auto& m : t.modifiers) mods.push_back(m.text + " " + m.value_text());
    CHECK(mods == std::vector<std::string>{"Disordered or low on ammo. Damaged battery firing. x1/2", "Enemy enfiladed or in column of route x2",
                                           "Enemy in column of attack, supported line, changing formation +1",
                                           "Firing at cavalry, limbered artillery. +1", "British in single line firing +1",
                                           "Target in soft cover -1",
                                           "Target skirmishers, staff officers, unlimbered artillery (Only applies if target in open ground) -1",
                                           "Target in hard cover -2", "Target in entrenchments -3"});
    // 6 points disordered are 3; enfiladed 12. A 2 in entrenchments reads 0.
    CHECK(roll(t, {"9"}, {"disordered"}, "", "6").column->name == "3");
    CHECK(roll(t, {"9"}, {"enfiladed"}, "", "6").column->name == "12-14");
    const auto low = roll(t, {"2"}, {"entrenchments"}, "", "6");
    CHECK(low.score == -1);
    CHECK(low.read_at == 0);
    CHECK(low.result->name == "Desultory");
    // 11 or 12 before adjustment: low on ammo and a roll on the Fallen Leaders table.
    for (int d = 2; d <= 12; ++d) {
        const auto r = roll(t, {std::to_string(d)}, {"hard_cover"}, "", "4");
        CHECK(r.natural_rolls.size() == (d >= 11 ? 1u : 0u));
        CHECK(r.effects.leader_roll == (d >= 11 ? "fallen_leaders" : ""));
    }
}

TEST_CASE("L'Ordre Mixte Charge Table: every difference, its effects on each side, every modifier") {
    const auto& t = table(nap(), "charge");
    CHECK(t.difference);
    check_column(t, "",
                 {{-7, "Charge repulsed. Attackers retreat a full move in disorder & one stand flees. One leader & stand captured. An extra stand is "
                       "captured for each difference over -10."},
                  {-4, "Assault falters. Attackers retreat in disorder beyond musket range. One stand flees."},
                  {-1, "Assault checked. Attackers disordered & recoil 2\""},
                  {0, "A desperate struggle. Both sides disordered & lose 1 stand. Roll again with adjusted modifiers."},
                  {3, "Hard Pressed. Defenders disordered and recoil 2\". Batteries silenced & withdraw beyond musket range. Attackers carry the "
                      "position"},
                  {6, "Driven Back. Defenders retreat disordered/silenced beyond musket range. One stand flees. Battery damaged. Attackers may carry "
                      "position or break through."},
                  {k_max, "Swept from the field. Defenders retreat full move disordered/silenced. One stand captured, one flees. Leader & battery "
                          "captured if present. One extra stand is captured for each difference over 10. Attackers break through & must charge half "
                          "move toward nearest enemy."}});
    std::vector<std::pair<std::string, int>> mods;
    for (const auto& m : t.modifiers) mods.emplace_back(m.text, m.value);
    CHECK(mods == std::vector<std::pair<std::string, int>>{
                      {"Attached leader or exceptional brigade commander (not cumulative)", 1}, {"Fresh", 2}, {"Spent", -2},
                      {"French charging", 1}, {"Russians defending", 1}, {"Cavalry", 1}, {"Cavalry charging", 1}, {"Armoured cavalry", 1},
                      {"Lancers charging", 1}, {"supported (friends within 1/2 move to rear)", 1}, {"Breakthrough charge", 1},
                      {"Outnumbered 3:2", -1}, {"Outnumbered 2:1", -2}, {"Outnumbered 3:1 or more", -3}, {"Disordered", -1},
                      {"Low on ammo", -1}, {"Each stand lost during fire phase or desperate struggle", -1},
                      {"Defending hill, ford, woods", 1}, {"Defending Sunken road, stone wall, buildings", 2},
                      {"Defending trenches or fieldworks", 3}, {"Defender outflanked.", -3}, {"Defender surrounded.", -5}, {"Guards", 1},
                      {"Militia", -1}});
    // Both sides roll 2d6; the difference is the attacker's total less the defender's.
    const auto swept = roll(t, {"12", "2"}, {"attacker:fresh", "defender:surrounded"});
    CHECK(swept.attacker == 14);
    CHECK(swept.defender == -3);
    CHECK(swept.score == 17);
    // One captured, one flees, one more captured for each point over 10: 1 + 7.
    CHECK(swept.defender_effects.stands_captured == 8);
    CHECK(swept.defender_effects.stands_lost == 1);
    CHECK(swept.defender_effects.leader == LeaderFate::captured);
    CHECK(swept.defender_effects.battery == BatteryFate::captured);
    CHECK_FALSE(swept.attacker_effects.any());
    const auto repulsed = roll(t, {"2", "11"}, {"attacker:stand_lost=2", "defender:wall"});
    CHECK(repulsed.score == (2 - 2) - (11 + 2));
    CHECK(repulsed.attacker_effects.stands_captured == 1 + 3);
    CHECK(repulsed.attacker_effects.leader == LeaderFate::captured);
    const auto struggle = roll(t, {"7", "7"});
    CHECK(struggle.attacker_effects.stands_lost == 1);
    CHECK(struggle.defender_effects.stands_lost == 1);
    // Modifiers worded for one side are refused on the other's roll.
    CHECK_THROWS_WITH(roll(t, {"7", "7"}, {"defender:french_charging"}), Catch::Contains("not for the defender's roll"));
    CHECK_THROWS_WITH(roll(t, {"7", "7"}, {"attacker:hill", "attacker:wall"}), Catch::Contains("not for the attacker's roll"));
    CHECK_THROWS_WITH(roll(t, {"7", "7"}, {"defender:hill", "defender:wall"}), Catch::Contains("one group (ground)"));
    // The same modifier on each side is two modifiers.
    CHECK(roll(t, {"7", "7"}, {"attacker:fresh", "defender:fresh"}).score == 0);
}

TEST_CASE("L'Ordre Mixte Movement and ranges, as printed (x12 read as x1/2)") {
    const auto& m = table(nap(), "movement");
    CHECK(m.grid.header == std::vector<std::string>{"Troop Type", "Normal", "Road", "Rough", "Obstacle"});
    CHECK(m.grid.rows == std::vector<std::vector<std::string>>{{"Infantry", "12\"", "x2", "x1/2", "-3\""},
                                                               {"Cavalry", "18\"", "x2", "x1/3", "-3\""},
                                                               {"Leaders", "18\"", "x2", "x1/2", "-3\""},
                                                               {"Foot guns", "8\"", "x3", "x1/3", "-4\""},
                                                               {"Horse guns", "12\"", "x3", "x1/4", "-6\""}});
    const auto& r = table(nap(), "ranges");
    std::vector<std::string> got;
    for (const auto& w : r.weapons) {
        std::string line = w.name + ":";
        for (const auto& b : w.bands) line += " " + std::to_string(*b.up_to) + "=" + b.points.text();
        got.push_back(line);
    }
    CHECK(got == std::vector<std::string>{"Infantry: 4=1", "Infantry, rifles: 6=1", "Foot Artillery: 4=10 12=3 18=2 24=1",
                                          "Horse Artillery: 4=8 8=3 12=2 20=1", "Heavy Artillery: 4=12 16=4 24=2 32=1"});
}

// ----- The AWI adaptation -----

TEST_CASE("AWI Good Order maneuver table: every grade's column, every score") {
    const auto& t = table(awi(), "good_order");
    CHECK(t.die == rules::Die::d10);
    // d10, Spent, Poltroon: 1-2-2; 10 + column + Fresh + Exceptional + an Exceptional commander negating (muster's own).
    CHECK(t.reachable() == std::pair{-3, 17});
    const std::string R = "RETIRE", D = "DISENGAGE", H = "HOLD GROUND", S = "SLOW ADVANCE", A = "ADVANCE", W = "WELL-HANDLED";
    check_column(t, "exc", {{1, R}, {3, D}, {5, H}, {6, S}, {7, A}, {k_max, W}}, true);
    check_column(t, "agg", {{1, R}, {3, D}, {5, H}, {6, S}, {8, A}, {k_max, W}}, true);
    check_column(t, "com", {{1, R}, {4, D}, {7, H}, {9, S}, {10, A}, {k_max, W}}, true);
    // CAU: printed RETIRE 2 (-) and DISENGAGE 2-5; muster reads DISENGAGE 3-5 (marked).
    check_column(t, "cau", {{2, R}, {5, D}, {8, H}, {10, S}, {11, A}, {k_max, W}}, true);
    check_column(t, "pol", {{3, R}, {6, D}, {9, H}, {10, S}, {11, A}, {k_max, W}}, true);
    // NO: ADVANCE and WELL-HANDLED n/a; 11 or more reads SLOW ADVANCE (marked).
    check_column(t, "no", {{4, R}, {7, D}, {10, H}, {k_max, S}}, true);
    CHECK_FALSE(t.find_column("cau")->rows[1].reading.empty());
    CHECK(t.find_column("cau")->rows[1].band.text == "2-5");
    CHECK_FALSE(t.find_column("no")->rows[3].reading.empty());
    std::vector<std::string> texts;
    for (const auto& r : t.results) texts.push_back(r.text);
    CHECK(texts == std::vector<std::string>{
                       "RETIRE: The unit retreats 8 inches from enemy, facing away, and in good order.",
                       "DISENGAGE: The unit pulls back 3 inches, facing the enemy, and in good order.",
                       "HOLD GROUND: The unit remains in place; it may not change formation.",
                       "SLOW ADVANCE: The unit moves one-third of normal movement; it may not change formation.",
                       "ADVANCE: The unit may move a full move, or change formation and move half a move - but not both.",
                       "WELL-HANDLED: The unit may move and change formation normally."});
    std::vector<std::pair<std::string, int>> mods;
    for (const auto& m : t.modifiers) mods.emplace_back(m.id, m.value);
    CHECK(mods == std::vector<std::pair<std::string, int>>{{"column", 1}, {"fresh", 2}, {"spent", -2}, {"pol", -2}, {"cau", -1},
                                                           {"com", 0}, {"agg", 1}, {"exc", 2}, {"negate_pol_agg", 1}, {"negate_pol_exc", 2}});
    // muster's own modifiers say so in a reading on them.
    for (const char* own : {"negate_pol_agg"})
        CHECK(std::any_of(t.readings.begin(), t.readings.end(), [&](const rules::Reading& r) { return r.on == own; }));
}

TEST_CASE("AWI Disordered maneuver table and the roll against rating") {
    const auto& t = table(awi(), "disordered");
    check_column(t, "",
                 {{1, "QUITS THE FIELD: The unit is removed from play. Other units within 8 inches of the or less dispersal must roll against "
                      "rating(*), otherwise they become DISORDERED as well."},
                  {3, "BROKEN: The unit retreats 8 inches - facing away from the enemy - and in DISORDER. The unit loses 1 stand due to retreat "
                      "effects. All friendly units contacted by this retreating unit will become disordered. The BROKEN unit must immediately roll "
                      "on this table again. On a modified roll of 3 or less, the unit is removed from play."},
                  {5, "WAVERING: The unit holds in place, but is marked DISORDERED."},
                  {7, "SHAKEN: The unit rallies in place. No offensive movement is allowed, nor may the unit change its present formation. The "
                      "unit may defend itself with small arms or in close combat."},
                  {10, "RALLY: The unit restores order and may advance ld(8) inches in present formation. Or, the unit may remain in place and "
                       "change its formation."},
                  {k_max, "RALLY WITH ELAN: The unit may move and change formation normally."}});
    CHECK(roll(t, {"2"}).effects.stands_lost == 1);
    // Elite and Crack 2-6, Veterans 3-6, Regulars 4-6, Militia 5-6, Green a 6, Levy automatically disordered.
    const auto& rally = table(awi(), "rally");
    for (const auto& [rating, least] : std::vector<std::pair<std::string, int>>{
             {"elite", 2}, {"crack", 2}, {"veteran", 3}, {"regulars", 4}, {"militia", 5}, {"green", 6}, {"levy", 7}})
        for (int d = 1; d <= 6; ++d) {
            INFO(rating << " rolls " << d);
            const auto r = roll(rally, {std::to_string(d)}, {}, rating);
            CHECK(r.effects.disordered == (d < least));
        }
    // Every rating of the rule set has its column.
    for (const auto& r : awi().ratings) CHECK(rally.find_column(r.id));
}

TEST_CASE("AWI Close Combat Resolution: every difference, each side's losses, every modifier") {
    const auto& t = table(awi(), "close_combat");
    CHECK(t.difference);
    CHECK(t.die == rules::Die::d10);
    std::vector<std::string> names;
    for (const auto& r : t.results) names.push_back(r.name);
    check_column(t, "", {{-10, "CHARGE REPULSED"}, {-6, "ATTACK FALTERS"}, {-1, "ASSAULT CHECKED"}, {0, "DESPERATE STRUGGLE"},
                         {5, "HARD PRESSED"}, {9, "DRIVEN BACK"}, {k_max, "SWEPT FROM FIELD"}},
                 true);
    auto at = [&](int a, int d) { return roll(t, {std::to_string(a), std::to_string(d)}); };
    // Stands lost by each side: swept 3, driven back 2, hard pressed 1, struggle 1 each, checked 1, falters 2, repulsed 3.
    CHECK(roll(t, {"10", "1"}, {"attacker:elite"}).defender_effects.stands_lost == 3);  // +12
    CHECK(roll(t, {"10", "1"}, {"attacker:elite"}).defender_effects.leader == LeaderFate::killed);
    CHECK(at(8, 1).defender_effects.stands_lost == 2);  // +7
    CHECK(at(8, 1).defender_effects.battery == BatteryFate::wrecked);
    CHECK(at(4, 1).defender_effects.stands_lost == 1);
    CHECK(at(5, 5).defender_effects.stands_lost == 1);
    CHECK(at(5, 5).attacker_effects.stands_lost == 1);
    CHECK(at(1, 4).attacker_effects.stands_lost == 1);
    CHECK(at(1, 8).attacker_effects.stands_lost == 2);
    const auto repulsed = roll(t, {"1", "10"}, {"defender:favourable_ground=2"});
    CHECK(repulsed.score == -11);
    CHECK(repulsed.attacker_effects.stands_lost == 3);
    CHECK(repulsed.attacker_effects.leader == LeaderFate::killed);
    // The attacking and defending units' lists, as the source prints them.
    std::vector<std::string> attacker, defender;
    for (const auto& m : t.modifiers) (m.party == rules::Party::attacker ? attacker : defender).push_back(m.text + " " + m.value_text());
    CHECK(attacker == std::vector<std::string>{
                          "FRESH Troops +2", "SPENT Troops -2", "British Charging +1", "Cavalry Charging +1", "Supported Unit +1",
                          "Breakthrough Advance +1", "DISORDERED -1", "Low on Ammunition -1", "NO Bayonets -1", "For each stand lost in fire phase -1 each",
                          "Integral Line Officer: Exceptional +2", "Integral Line Officer: Aggressive +1", "Integral Line Officer: Competent +0",
                          "Integral Line Officer: Cautious -1", "Integral Line Officer: Poltroon -2", "Integral Line Officer: MIA/KIA -3",
                          "Attached Officer: Exceptional +2", "Attached Officer: Aggressive +1", "Attached Officer: Competent +0",
                          "Attached Officer: Cautious -1", "Attached Officer: Poltroon -2", "Unit Rating: Elite +3", "Unit Rating: Crack +2",
                          "Unit Rating: Veteran +1", "Unit Rating: Regulars +0", "Unit Rating: Militia -1", "Unit Rating: Green -2",
                          "Unit Rating: Levy -3"});
    CHECK(defender == std::vector<std::string>{
                          "FRESH Troops +2", "SPENT Troops -2", "Supported Unit +1", "DISORDERED -1", "Low on Ammunition -1", "NO Bayonets -1",
                          "For each stand lost in fire phase -1 each", "Defending \"favorable\" ground +1 to +3", "Artillery Battery ALONE -2",
                          "Outflanked -3", "Attacked in the Rear -5", "Integral Line Officer: Exceptional +2", "Integral Line Officer: Aggressive +1",
                          "Integral Line Officer: Competent +0", "Integral Line Officer: Cautious -1", "Integral Line Officer: Poltroon -2",
                          "Integral Line Officer: MIA/KIA -3", "Attached Officer: Exceptional +2", "Attached Officer: Aggressive +1",
                          "Attached Officer: Competent +0", "Attached Officer: Cautious -1", "Attached Officer: Poltroon -2",
                          "Outnumbered by 3:2 -1", "Outnumbered by 2:1 -2", "Outnumbered by 3:1 -3", "Unit Rating: Elite +3",
                          "Unit Rating: Crack +2", "Unit Rating: Veteran +1", "Unit Rating: Regulars +0", "Unit Rating: Militia -1",
                          "Unit Rating: Green -2", "Unit Rating: Levy -3"});
}

TEST_CASE("AWI command casualty, movement, ranges and fire modifiers, as printed") {
    const auto& cc = table(awi(), "command_casualty");
    for (int d = 1; d <= 10; ++d) {
        const auto r = roll(cc, {std::to_string(d)}, {"rifles"});
        CHECK((r.result->id == "probable") == (d + 1 >= 8));
    }
    CHECK(cc.results.at(1).text ==
          "On a modified die result of 8 +, the command element of the target unit is considered a Probable casualty. A subsequent roll is "
          "made on the FIRE AND FURY Fallen Leader Table (page 41), with an additional -1 modifier.");
    const auto& m = table(awi(), "movement");
    CHECK(m.grid.rows == std::vector<std::vector<std::string>>{{"Light Infantry/ Skirmishers", "12 inches", "x2", "x2/3", "-3 inches"},
                                                               {"Formed Infantry", "9 inches", "x2", "x1/2", "-3 inches"},
                                                               {"Cavalry/ Detached Leaders", "15 inches", "x2", "x1/3", "-3 inches"},
                                                               {"Artillery", "8 inches", "x2", "x 1/4", "-4 inches"}});
    std::vector<std::string> got;
    for (const auto& w : table(awi(), "ranges").weapons) {
        std::string line = w.name + ":";
        for (const auto& b : w.bands) line += " " + (b.up_to ? std::to_string(*b.up_to) : std::string("n/a")) + "=" + b.points.text();
        got.push_back(line);
    }
    CHECK(got == std::vector<std::string>{"Rifle-armed Militia: n/a=0 5=2 9=1", "Other Infantry: n/a=0 3=1 5=1/2",
                                          "Light Artillery*: 4=4 10=2 16=1", "Field Artillery*: 6=5 18=2 28=1"});
    std::vector<std::string> fire;
    for (const auto& row : table(awi(), "fire_modifiers").grid.rows) fire.push_back(row[1] + " " + row[2]);
    CHECK(fire == std::vector<std::string>{"DISORDERED x 1/2", "DAMAGED x 1/2", "From Enfilade x2", "Elite Troops +2", "Crack Troops +1",
                                           "Veteran Troops +1", "Regulars +0", "Green -1", "Militia -1", "Levy -2", "Rifle-armed Troops +1",
                                           "First Volley (both artillery and musketry) +1", "Limbered Artillery +1", "ANY Unit in Column +1",
                                           "ANY Cavalry +1", "Skirmishers -1", "In Light Cover -1", "In Medium Cover -2", "In Heavy Cover -3"});
}

namespace {

// The ACW rule set with these play tables added, as an organiser would add them to a copy.
rules::RuleSet with_play_tables(const std::string& tables) {
    std::string text = test::template_text("acw_fire_and_fury.json");
    text.insert(text.find('{') + 1, "\"play_tables\": {" + tables + "},");
    return rules::load_rule_set(text, "mine.json");
}

const char* k_example = R"("example_morale": {"kind": "roll", "title": "EXAMPLE ONLY: a made-up morale check", "dice": "d10",
    "modifiers": [{"id": "fresh", "text": "Fresh", "value": 1, "group": "state"}, {"id": "spent", "text": "Spent", "value": -1, "group": "state"}],
    "results": {"hold": {"text": "Holds"}, "falls_back": {"text": "Falls back", "effects": {"disordered": true}}},
    "rows": [["5 or less", "falls_back"], ["6+", "hold"]]})";

}  // namespace

TEST_CASE("An organiser's own play table loads into a copy of a rule set, and rolls") {
    const auto r = with_play_tables(k_example);
    const auto& t = table(r, "example_morale");
    CHECK(t.reachable() == std::pair{0, 11});
    CHECK(roll(t, {"5"}, {"fresh"}).result->text == "Holds");
    CHECK(roll(t, {"5"}).effects.disordered);
}

TEST_CASE("A play table that leaves a score without a row, or gives one two, is refused with the place and the scores") {
    auto refused = [](const std::string& tables, const char* says) {
        INFO(tables);
        CHECK_THROWS_WITH(with_play_tables(tables), Catch::Contains(says));
    };
    const std::string head = R"("t": {"kind": "roll", "title": "T", "dice": "d10", "results": {"a": {"text": "A"}, "b": {"text": "B"}}, )";
    refused(head + R"("rows": [["1-4", "a"], ["6-10", "b"]]})", "no row covers 5");
    refused(head + R"("rows": [["1-5", "a"], ["5-10", "b"]]})", "both cover score 5");
    // A modifier reaches past the rows: 10 + 2 = 12.
    refused(head + R"("modifiers": [{"id": "m", "text": "M", "value": 2}], "rows": [["1-5", "a"], ["6-10", "b"]]})", "no row covers 11 to 12");
    refused(head + R"("modifiers": [{"id": "m", "text": "M", "value": -1, "each": true}], "rows": [["1-5", "a"], ["6+", "b"]]})", "no row covers -11 to 0");
    refused(head + R"("rows": [["1-5", "a"], ["6+", "c"]]})", "unknown result \"c\"");
    refused(head + R"("rows": [["1-10", "a"]]})", "result \"b\" is in no row");
    refused(head + R"("rows": [["1 - five", "a"], ["6+", "b"]]})", "is not a band of scores");
    refused(head + R"("modifiers": [{"id": "m", "text": "M", "factor": "1/2"}], "rows": [["5-", "a"], ["6+", "b"]]})", "not a band of scores");
    refused(head + R"("modifiers": [{"id": "m", "text": "M", "factor": "1/2"}], "rows": [["5 or less", "a"], ["6+", "b"]]})",
            "multiplies fire points, but this table's columns are not read by fire points");
    refused(head + R"("modifiers": [{"id": "m", "text": "M", "value": 1, "for": "attacker"}], "rows": [["5 or less", "a"], ["6+", "b"]]})",
            "only a difference table's modifiers say whose roll");
    refused(head + R"("modifiers": [{"id": "m", "text": "M", "value": 1}, {"id": "m", "text": "N", "value": 2}], "rows": [["5 or less", "a"], ["6+", "b"]]})",
            "listed twice");
    refused(head + R"("modifiers": [{"id": "m", "text": "M", "value": 1, "choose": [1, 2]}], "rows": [["5 or less", "a"], ["6+", "b"]]})", "one of \"value\"");
    refused(head + R"("rows": [["5 or less", "a"], ["6+", "b"]], "columns": []})", "either \"columns\"");
    refused(R"("t": {"kind": "roll", "title": "T", "dice": "percentile", "results": {"a": {"text": "A"}}, "rows": [["1+", "a"]]})", "not a die of the table side");
    refused(R"("t": {"kind": "dice", "title": "T"})", "not a kind of play table");
    refused(R"("T!": {"kind": "grid", "title": "T", "header": ["a"], "rows": [["x"]]})", "not a valid table id");
    refused(R"("t": {"kind": "grid", "title": "T", "header": ["a", "b"], "rows": [["x"]]})", "expected 2 cells");
    refused(R"("brigades": {"kind": "grid", "title": "T", "header": ["a"], "rows": [["x"]]})", "also a generation table's id");
    refused(head + R"("rows": [["5 or less", "a"], ["6+", "b"]], "natural": [{"rolls": "11+", "text": "N"}]})", "is not a roll of d10");
    refused(R"("t": {"kind": "roll", "title": "T", "dice": "d6", "results": {"a": {"text": "A", "effects": {"leader_roll": "nowhere"}}}, "rows": [["1+", "a"]]})",
            "which is no table that decides a leader's fate");
    refused(R"("t": {"kind": "roll", "title": "T", "dice": "d6", "results": {"a": {"text": "A", "effects": {"leader": "promoted"}}}, "rows": [["1+", "a"]]})",
            "is not a leader fate");
    refused(R"("t": {"kind": "roll", "title": "T", "dice": "d6", "column_name": "P", "results": {"a": {"text": "A"}},
              "columns": [{"id": "two", "name": "2", "points": "2", "rows": [["1+", "a"]]}, {"id": "one", "name": "1", "points": "1", "rows": [["1+", "a"]]}]})",
            "list them from the fewest points up");
    // The campaign's fallen-leader table must decide a leader's fate.
    refused(std::string(k_example) + R"(}, "campaign": {"fallen_leaders": "example_morale")", "cannot decide a fallen leader's fate");
    refused(std::string(k_example) + R"(}, "campaign": {"fallen_leaders": "nosuch")", "unknown play table \"nosuch\"");
    // Lists are capped; the largest table allowed, with every modifier counted, still loads.
    std::string many;
    for (int i = 0; i < 201; ++i) many += std::string(i ? "," : "") + R"({"id": "m)" + std::to_string(i) + R"(", "text": "M", "value": 20, "each": true})";
    refused(head + R"("modifiers": [)" + many + R"(], "rows": [["5 or less", "a"], ["6+", "b"]]})", "201 entries; at most 200");
    many.resize(many.rfind(",{"));
    const auto big = with_play_tables(head + R"("modifiers": [)" + many + R"(], "rows": [["5 or less", "a"], ["6+", "b"]]})");
    CHECK(big.play_tables.at(0).reachable() == std::pair{1, 10 + 200 * 20 * rules::k_most_each});
    refused(R"("t": {"kind": "ranges", "title": "T", "weapons": [{"id": "w", "name": "W", "per": "stand", "bands": [{"up_to": 8, "points": "1", "text": "8"}, {"up_to": 4, "points": "2", "text": "4"}]}]})",
            "ranges must grow");
}

TEST_CASE("A result's heading ends at its first full stop or colon outside brackets, so its brackets stay balanced") {
    rules::PlayResult r;
    r.text = "The command element is unharmed (muster's words: the source names only 8 +). More.";
    CHECK(r.heading() == "The command element is unharmed (muster's words: the source names only 8 +)");
    r.text = "HOLD GROUND: the unit stays.";
    CHECK(r.heading() == "HOLD GROUND");
    for (const auto* rs : {&awi(), &nap()})
        for (const auto& t : rs->play_tables)
            for (const auto& res : t.results) {
                const auto h = res.heading();
                INFO(t.id << ": " << h);
                CHECK(std::count(h.begin(), h.end(), '(') == std::count(h.begin(), h.end(), ')'));
            }
}

TEST_CASE("What a play table reads of the campaign is checked against the rule set - facts, values, whose, groups, readings") {
    auto refused = [](const std::string& tables, const char* says) {
        INFO(tables);
        CHECK_THROWS_WITH(with_play_tables(tables), Catch::Contains(says));
    };
    const std::string head = R"("t": {"kind": "roll", "title": "T", "dice": "d10", "results": {"a": {"text": "A"}, "b": {"text": "B"}}, )";
    const std::string rows = R"(, "rows": [["5 or less", "a"], ["6+", "b"]]})";
    auto mod = [](const std::string& campaign) { return R"("modifiers": [{"id": "m", "text": "M", "value": 1, "group": "g", )" + campaign + "}]"; };
    refused(head + mod(R"("campaign": {"when": {"mood": "good"}})") + rows, "\"mood\" is not a fact of the campaign");
    refused(head + mod(R"("campaign": {"when": {"rating": "heroic"}})") + rows, "\"heroic\" is not a rating of rule set acw: expected one of green, veteran");
    refused(head + mod(R"("campaign": {"when": {"state": "tired"}})") + rows, "expected one of fresh, worn, spent");
    refused(head + mod(R"("campaign": {"when": {"superior": "brave"}})") + rows, "expected one of");
    refused(head + mod(R"("campaign": {"when": {"formation": "square"}})") + rows, "\"square\" is not a formation of rule set acw: expected one of ");
    refused(head + mod(R"("campaign": {"when": {"disordered": "maybe"}})") + rows, "expected one of yes, no");
    refused(head + mod(R"("campaign": {"when": []})") + rows, "expected at least one set of facts");
    refused(head + mod(R"("campaign": {"when": {}})") + rows, "expected at least one fact");
    refused(head + mod(R"("campaign": {"of": "firer", "when": {"state": "fresh"}})") + rows, "only a fire table");
    refused(head + mod(R"("campaign": {"of": "enemy", "when": {"state": "fresh"}})") + rows, "expected unit or firer");
    refused(head + R"("modifiers": [{"id": "m", "text": "M", "value": -1, "each": true, "campaign": {"when": {"state": "fresh"}}}])" + rows,
            "the campaign applies a modifier once");
    refused(head + R"("modifiers": [{"id": "m", "text": "M", "value": 0, "excludes": ["nosuch"]}])" + rows, "excludes \"nosuch\", which is no group");
    refused(head + R"("modifiers": [{"id": "m", "text": "M", "value": 1, "requires": ["nosuch"]}])" + rows, "requires \"nosuch\", which is no modifier of this table");
    {
        // A formation names arms of the rule set, or artillery.
        std::string text = test::template_text("acw_fire_and_fury.json");
        text.insert(text.find('{') + 1, R"("formations": [{"id": "square", "name": "square", "arms": ["dragoons"]}],)");
        CHECK_THROWS_WITH(rules::load_rule_set(text, "mine.json"), Catch::Contains("no arm \"dragoons\" in this rule set"));
    }
    refused(head + R"("readings": [{"on": "nosuch", "text": "R"}])" + rows, "a reading is on \"nosuch\", which is no modifier, result or column");
    refused(head + R"("rows": [["5 or less", "a"], ["6+", "b"]], "natural": [{"rolls": "10", "text": "N", "firer_effects": {"low_ammo": true}}]})",
            "only a fire table");
    refused(head + R"("rows": [["5 or less", "a"], ["6+", "b"]], "fire": true, "difference": true})", "not a firer");
    refused(R"("t": {"kind": "roll", "title": "T", "dice": "d6", "results": {"a": {"text": "A", "effects": {"leader_checks": [{"rolls": "0-11", "fate": "killed"}]}}}, "rows": [["1+", "a"]]})",
            "is not a band of a d10");
    refused(R"("t": {"kind": "roll", "title": "T", "dice": "d6", "results": {"a": {"text": "A", "effects": {"disordered": true, "rallied": true}}}, "rows": [["1+", "a"]]})",
            "either disorders the unit or rallies it");
    // A good one loads: facts, lists, whose, a year, a column read from the campaign.
    const auto ok = with_play_tables(head + mod(R"("campaign": {"when": [{"rating": ["green", "veteran"], "state": "fresh"}, {"year_before": 1863}], "or_at_table": true})") +
                                     R"(, "readings": ["whole", {"on": "m", "text": "on m"}], "rows": [["5 or less", "a"], ["6+", "b"]]})");
    const auto& m = ok.play_tables.at(0).modifiers.at(0);
    REQUIRE(m.campaign.when.size() == 2);
    CHECK(m.campaign.when[0][0].values == std::vector<std::string>{"green", "veteran"});
    CHECK(m.campaign.when[1][0].before_year == 1863);
    CHECK(m.campaign.or_at_table);
    CHECK(ok.play_tables.at(0).readings.at(1).on == "m");
}
