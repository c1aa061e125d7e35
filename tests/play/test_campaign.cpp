// What the campaign knows, read into a roll (play::with_campaign): the sources' worked examples
// from the units' own facts, every kind of binding (a state, a grade, a rating list, the firer's
// facts, a year, a state on the table), and each refusal with the override that lifts it.
#include "play/campaign.hpp"
#include "play/play_support.hpp"

#include <catch2/catch.hpp>

using namespace muster;
using Catch::Matchers::Contains;
using test::awi;
using test::nap;
using test::table;

namespace {

play::Facts facts(std::initializer_list<std::pair<Fact, std::string>> known) {
    play::Facts f;
    for (const auto& [fact, value] : known) f.known[fact] = {value, std::string(spell(fact)) + " is " + value};
    return f;
}

play::Request typed(std::vector<std::string> modifiers, std::string column = "") {
    play::Request r;
    r.column = std::move(column);
    for (const auto& m : modifiers) r.modifiers.push_back(play::parse_choice(m));
    return r;
}

// The modifiers resolved, "party:id" in order, each marked * where the campaign gives it.
std::vector<std::string> ids(const play::Resolved& r) {
    std::vector<std::string> out;
    for (const auto& c : r.request.modifiers)
        out.push_back((c.party == Party::either ? "" : std::string(spell(c.party)) + ":") + c.modifier + (c.from.empty() ? "" : "*"));
    return out;
}

std::string refusal(const rules::PlayTable& t, const play::Request& r, const play::Units& u) {
    try {
        play::with_campaign(t, r, u, false);
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("The AWI worked examples from the campaign's facts: Fresh and the grade taken from the units, no leader under NO") {
    const auto& good = table(awi(), "good_order");
    // Continentals: Regulars 9/7/5 at 8 stands (Fresh), a Cautious line officer, out of radius of a
    // Competent brigade commander: --column no, Fresh from the campaign, nothing of the leaders.
    const auto continentals = facts({{Fact::state, "fresh"}, {Fact::rating, "regulars"}, {Fact::commander, "cautious"}, {Fact::superior, "competent"}});
    const auto out = play::with_campaign(good, typed({}, "no"), {&continentals}, false);
    CHECK(ids(out) == std::vector<std::string>{"fresh*"});
    CHECK(out.request.column == "no");
    dice::TypedSource six({"6"});
    const auto rolled = play::roll(good, out.request, six);
    CHECK(rolled.score == 8);
    CHECK(rolled.result->name == "HOLD GROUND");
    CHECK_THAT(rolled.applied.at(0).from, Contains("state is fresh"));
    // In radius, the column is the superior's grade, and so is the modifier.
    const auto in_radius = play::with_campaign(good, typed({}), {&continentals}, false);
    CHECK(in_radius.request.column == "com");
    CHECK_THAT(in_radius.request.column_from, Contains("superior is competent"));
    CHECK(ids(in_radius) == std::vector<std::string>{"fresh*", "com*"});
    // Grenadiers: Crack, Worn at 7 of 11/8/5 (no modifier), an Exceptional brigade commander in
    // radius (+2): 4 + 2 = 6, SHAKEN; the Aggressive line officer adds nothing.
    const auto grenadiers = facts({{Fact::state, "worn"}, {Fact::commander, "aggressive"}, {Fact::superior, "exceptional"}, {Fact::disordered, "yes"}});
    const auto shaken = play::with_campaign(table(awi(), "disordered"), typed({}), {&grenadiers}, false);
    CHECK(ids(shaken) == std::vector<std::string>{"exc*"});
    dice::TypedSource four({"4"});
    CHECK(play::roll(table(awi(), "disordered"), shaken.request, four).result->text.rfind("SHAKEN:", 0) == 0);
}

TEST_CASE("A typed modifier or column the campaign contradicts is refused with the fact, unless overridden") {
    const auto& good = table(awi(), "good_order");
    const auto unit = facts({{Fact::state, "fresh"}, {Fact::rating, "regulars"}, {Fact::commander, "cautious"}, {Fact::superior, "competent"}});
    // Spent for a Fresh unit; the line officer's Cautious under NO; a column of another grade.
    CHECK_THAT(refusal(good, typed({"spent"}), {&unit}), Contains("modifier \"spent\" (Spent Troops, -2) contradicts the campaign: state is fresh"));
    CHECK_THAT(refusal(good, typed({"cau"}, "no"), {&unit}), Contains("which do not apply with column \"no\" (NO)"));
    CHECK_THAT(refusal(good, typed({}, "exc"), {&unit}), Contains("column \"exc\" (EXC) of table good_order contradicts the campaign: superior is competent (the campaign reads column com)"));
    for (const auto& msg : {refusal(good, typed({"spent"}), {&unit}), refusal(good, typed({}, "exc"), {&unit})}) CHECK_THAT(msg, Contains("--override"));
    // No column given where the campaign reads none (no superior in command): said why.
    const auto leaderless = facts({{Fact::state, "fresh"}, {Fact::superior, rules::k_no_leader}});
    CHECK_THAT(refusal(good, typed({}), {&leaderless}), Contains("table good_order is read in one of its columns (") &&
                                                            Contains("and the campaign reads none for it (superior is none): give --column, one of exc, agg, com, cau, pol, no"));
    // The override rolls exactly what is typed and says what the campaign would have added.
    const auto over = play::with_campaign(good, typed({"cau"}, "no"), {&unit}, true);
    CHECK(ids(over) == std::vector<std::string>{"cau"});
    REQUIRE(over.overridden.size() == 1);
    CHECK_THAT(over.overridden[0], Contains("modifier \"fresh\" (Fresh Troops, +2): state is fresh"));
    // ...and what it set aside of what was typed: a column, a modifier the campaign contradicts.
    const auto set_aside = play::with_campaign(good, typed({"spent"}, "exc"), {&unit}, true);
    CHECK(set_aside.request.column == "exc");
    CHECK(ids(set_aside) == std::vector<std::string>{"spent"});
    std::string said;
    for (const auto& s : set_aside.given_over) said += s + "\n";
    CHECK_THAT(said, Contains("column exc where superior is competent (the campaign reads column com)") &&
                         Contains("modifier \"spent\" (Spent Troops, -2) where state is fresh"));
    // AWI close combat: Elite typed for a Regulars attacker, Spent for a Fresh defender.
    const auto& cc = table(awi(), "close_combat");
    const auto att = facts({{Fact::rating, "regulars"}, {Fact::state, "fresh"}});
    const auto def = facts({{Fact::rating, "militia"}, {Fact::state, "fresh"}});
    CHECK_THAT(refusal(cc, typed({"attacker:elite"}), {&att, &def}), Contains("modifier \"attacker:elite\" (Unit Rating: Elite, +3) contradicts the campaign: rating is regulars"));
    CHECK_THAT(refusal(cc, typed({"defender:spent"}), {&att, &def}), Contains("contradicts the campaign"));
    // Out of radius on the Disordered table (muster's own modifier) takes the leader's off.
    const auto out = play::with_campaign(table(awi(), "disordered"), typed({"out_of_radius"}), {&unit}, false);
    CHECK(ids(out) == std::vector<std::string>{"fresh*", "out_of_radius"});
}

TEST_CASE("A unit the campaign holds disordered is refused the Good Order table and column unless overridden, and one in good order may take the Disordered") {
    // AWI: "Units which have a DISORDER Marker roll for movement on the DISORDERED TABLE."
    const auto& good = table(awi(), "good_order");
    const auto disordered = facts({{Fact::state, "fresh"}, {Fact::superior, "competent"}, {Fact::disordered, "yes"}});
    const auto refused = refusal(good, typed({}), {&disordered});
    CHECK_THAT(refused, Contains("table good_order (Maneuver Table: Good Order) contradicts the campaign: disordered is yes") && Contains("--override"));
    CHECK_THAT(refusal(good, typed({}, "no"), {&disordered}), Contains("table good_order (Maneuver Table: Good Order) contradicts the campaign"));
    const auto over = play::with_campaign(good, typed({}), {&disordered}, true);
    REQUIRE(over.given_over.size() == 1);
    CHECK(over.given_over[0] == "table good_order where disordered is yes");
    // The table knows of disorder the campaign does not (a friend's rout ran through it): a unit
    // the campaign holds in good order may roll the Disordered table; one unknown, either.
    const auto in_order = facts({{Fact::state, "fresh"}, {Fact::superior, "competent"}, {Fact::disordered, "no"}});
    CHECK(play::with_campaign(table(awi(), "disordered"), typed({}), {&in_order}, false).given_over.empty());
    CHECK(play::with_campaign(good, typed({}), {&in_order}, false).request.column == "com");
    const auto unknown = facts({{Fact::state, "fresh"}, {Fact::superior, "competent"}});
    CHECK(play::with_campaign(good, typed({}), {&unknown}, false).request.column == "com");
    // L'Ordre Mixte: "a disordered brigade MUST roll" on the Disorder column.
    const auto& man = table(nap(), "manoeuvre");
    const auto brigade = facts({{Fact::rating, "average_line"}, {Fact::disordered, "yes"}});
    CHECK_THAT(refusal(man, typed({}, "good_order"), {&brigade}),
               Contains("column \"good_order\" (Good Order) of table manoeuvre contradicts the campaign: disordered is yes (the campaign reads column disorder)"));
    const auto steady = facts({{Fact::rating, "average_line"}, {Fact::disordered, "no"}});
    CHECK(play::with_campaign(man, typed({}, "disorder"), {&steady}, false).request.column == "disorder");
}

TEST_CASE("Every kind of fact: rating lists, nationality and year, the firer's facts, states on the table, and what is unknown") {
    // L'Ordre Mixte manoeuvre: Guard by rating; Prussian before 1809; Militia; the column from disorder.
    const auto& man = table(nap(), "manoeuvre");
    const auto guard = facts({{Fact::rating, "veteran_guard"}, {Fact::state, "worn"}, {Fact::disordered, "no"}, {Fact::nationality, "prussian"},
                              {Fact::year, "1808"}, {Fact::commander, "exceptional"}});
    const auto g = play::with_campaign(man, typed({}), {&guard}, false);
    CHECK(ids(g) == std::vector<std::string>{"exceptional_brigadier*", "column_or_guard*", "nation*"});
    CHECK(g.request.column == "good_order");
    auto later = guard;
    later.known[Fact::year] = {"1813", "the year is 1813"};
    later.known[Fact::disordered] = {"yes", "disordered"};
    const auto l = play::with_campaign(man, typed({}), {&later}, false);
    CHECK(ids(l) == std::vector<std::string>{"exceptional_brigadier*", "column_or_guard*"});
    CHECK(l.request.column == "disorder");
    // Typing the nation's -1 for Prussians in 1813 is refused; column or Guard typed for a line
    // brigade whose formation is unknown is the organiser's (or_at_table).
    CHECK_THAT(refusal(man, typed({"nation"}), {&later}), Contains("contradicts the campaign"));
    const auto line = facts({{Fact::rating, "average_line"}});
    CHECK(ids(play::with_campaign(man, typed({"column_or_guard"}, "good_order"), {&line}, false)) == std::vector<std::string>{"column_or_guard"});
    // Musketry: the firer's disorder halves the points; a cavalry target adds one; a British firer in line.
    const auto& musketry = table(nap(), "musketry");
    const auto target = facts({{Fact::arm, "cavalry"}});
    const auto firer = facts({{Fact::disordered, "no"}, {Fact::low_ammo, "yes"}, {Fact::nationality, "british"}, {Fact::formation, "line"}});
    const auto m = play::with_campaign(musketry, typed({}), {&target, nullptr, &firer}, false);
    CHECK(ids(m) == std::vector<std::string>{"disordered*", "cavalry*", "british*"});
    CHECK_THAT(m.request.modifiers[0].from, Contains("low_ammo is yes"));
    // No firer named: nothing of the firer's is known, and the organiser may type it.
    CHECK(ids(play::with_campaign(musketry, typed({"british"}), {&target}, false)) == std::vector<std::string>{"cavalry*", "british"});
    // The charge: each side's own facts, for each party.
    const auto& charge = table(nap(), "charge");
    const auto french = facts({{Fact::nationality, "french"}, {Fact::arm, "cavalry"}, {Fact::state, "fresh"}});
    const auto russian = facts({{Fact::nationality, "russian"}, {Fact::rating, "raw_militia"}, {Fact::low_ammo, "yes"}});
    CHECK(ids(play::with_campaign(charge, typed({}), {&french, &russian}, false)) ==
          std::vector<std::string>{"attacker:fresh*", "attacker:french_charging*", "defender:russians_defending*", "attacker:cavalry*",
                                   "attacker:cavalry_charging*", "defender:low_ammo*", "defender:militia*"});
}
