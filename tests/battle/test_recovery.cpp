#include "battle/recovery.hpp"
#include "battle/report.hpp"
#include "core/error.hpp"

#include <catch2/catch.hpp>

using namespace muster;
using Catch::Matchers::Contains;

namespace {
battle::Return with_roll(int casualties, int rate, Rounding rounding, std::vector<std::string> rolls) {
    dice::TypedSource dice(std::move(rolls));
    auto r = battle::recover(casualties, rate, rounding, dice, "test");
    dice.require_all_used();
    return r;
}
}  // namespace

TEST_CASE("Half of 3 casualties is 1.5 stands: the fraction is rolled like a fractional battery") {
    const auto in = with_roll(3, 50, Rounding::roll, {"50"});
    CHECK(in.whole == 1);
    CHECK(in.percent == 50);
    CHECK(in.stands == 2);
    REQUIRE(in.roll);
    CHECK(in.roll->result == "the fraction brings a stand back (50 <= 50)");
    const auto out = with_roll(3, 50, Rounding::roll, {"51"});
    CHECK(out.stands == 1);
    CHECK(out.roll->result == "the fraction brings none back (51 > 50)");
}

TEST_CASE("Rounding down and half up roll no dice") {
    CHECK(with_roll(3, 50, Rounding::down, {}).stands == 1);
    CHECK(with_roll(3, 50, Rounding::half_up, {}).stands == 2);
    CHECK(with_roll(5, 33, Rounding::half_up, {}).stands == 2);  // 1.65
    CHECK(with_roll(4, 33, Rounding::half_up, {}).stands == 1);  // 1.32
    CHECK_FALSE(with_roll(3, 50, Rounding::half_up, {}).roll);
}

TEST_CASE("Whole returns roll nothing - any rate from 0 to 100") {
    CHECK(with_roll(4, 50, Rounding::roll, {}).stands == 2);
    CHECK(with_roll(7, 100, Rounding::roll, {}).stands == 7);
    CHECK(with_roll(7, 0, Rounding::roll, {}).stands == 0);
    CHECK(with_roll(0, 50, Rounding::roll, {}).stands == 0);
}

TEST_CASE("A battle report file is read with paths in its errors") {
    const auto r = battle::read_report(R"({"format": "muster-battle/1", "battle": {"name": "Gettysburg", "date": "1863-07-01"},
        "divisions": ["Heth"], "brigades": [{"brigade": "Heth/1st Brigade", "lost": 3, "captured": 1, "camp": "Fort Delaware"}],
        "leaders": [{"leader": "Archer", "fate": "captured", "camp": "Fort Delaware"}, {"leader": "Heth", "fate": "wounded", "out_for": 2}],
        "batteries": [{"battery": "Heth/1st Battery", "fate": "wrecked"}]})", "r.json");
    CHECK(r.name == "Gettysburg");
    REQUIRE(r.brigades.size() == 1);
    CHECK(r.brigades[0].lost == 3);
    CHECK(r.brigades[0].captured == 1);
    CHECK(r.leaders[1].out_for == 2);
    CHECK(word(r.batteries[0].fate) == "wrecked");
    auto refusal = [](const std::string& text) {
        try {
            battle::read_report(text, "r.json");
        } catch (const FileError& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    CHECK_THAT(refusal(R"({"format": "muster-battle/1", "battle": {"name": "X"}, "brigades": [{"brigade": "A/B", "lost": -1}]})"),
               Contains("r.json: $.brigades[0].lost: -1 is out of range: expected 0 to 999"));
    CHECK_THAT(refusal(R"({"format": "muster-battle/1", "battle": {"name": "X"}, "leaders": [{"leader": "A", "fate": "eaten"}]})"),
               Contains("$.leaders[0].fate: \"eaten\" is not a leader fate: expected killed, wounded or captured"));
    CHECK_THAT(refusal(R"({"format": "muster-battle/1", "battle": {}})"), Contains("$.battle: missing \"name\""));
    // A name too long for any name or reference says how long it is and what is allowed, in characters.
    CHECK_THAT(refusal(R"({"format": "muster-battle/1", "battle": {"name": ")" + std::string(100000, 'x') + R"("}})"),
               Contains("$.battle.name: \"xxxx") && Contains("...\" is 100000 characters: a name is at most 200, a reference to a unit at most 401"));
    CHECK(refusal(R"({"format": "muster-battle/1", "battle": {"name": "X"}, "brigades": [{"brigade": ")" + std::string(200, 'e') + "/" + std::string(200, 'b') +
                  R"(", "lost": 1}]})") == "accepted");
    CHECK_THAT(refusal(R"({"format": "muster-battle/1", "battle": {"name": " "}})"), Contains("$.battle.name: empty: expected a name"));
    // A NUL the file holds is written visibly, not the end of the message.
    CHECK_THAT(refusal(R"({"format": "muster-battle/1", "battle": {"name": "X"}, "leaders": [{"leader": "A", "fate": "ki\u0000lled"}]})"),
               Contains("lled\" is not a leader fate: expected killed, wounded or captured"));
    CHECK_THAT(refusal(R"({"format": "muster-battle/2", "battle": {"name": "X"}})"), Contains("expected \"muster-battle/1\""));
    CHECK_THAT(refusal(R"({"format": "muster-battle/1", "battle": {"name": "X"}, "brigades": [{"brigade": "A", "lsot": 1}]})"),
               Contains("unknown key \"lsot\""));
    // A camp is a capture's alone, the battles out a wound's (1 to 100); muster writes out_for
    // beside every fate, read for a wound only.
    const auto leader = [](const std::string& fields) {
        return R"({"format": "muster-battle/1", "battle": {"name": "X"}, "leaders": [{"leader": "A", )" + fields + "}]}";
    };
    CHECK_THAT(refusal(leader(R"("fate": "killed", "camp": "Libby")")), Contains("$.leaders[0].camp: a camp takes only the captured, not the killed"));
    CHECK_THAT(refusal(leader(R"("fate": "wounded", "out_for": 0)")), Contains("$.leaders[0].out_for: 0 is out of range: expected 1 to 100"));
    CHECK(battle::read_report(leader(R"("fate": "killed", "camp": "", "out_for": 0)"), "r.json").leaders.size() == 1);
    CHECK_THAT(refusal(R"({"format": "muster-battle/1", "battle": {"name": "X"}, "batteries": [{"battery": "A", "fate": "wrecked", "camp": "Libby"}]})"),
               Contains("$.batteries[0].camp: a camp takes only the captured, not the wrecked"));
}

TEST_CASE("The command line forms of a report") {
    battle::Report r;
    battle::add_loss_spec(r, "Heth/1st Brigade=3");
    battle::add_captured_spec(r, "Heth/1st Brigade=1@Fort Delaware");
    battle::add_leader_spec(r, "Heth/2nd Brigade:captured@Fort Delaware");
    battle::add_leader_spec(r, "Heth:wounded/2");
    battle::add_battery_spec(r, "Heth/1st Battery:captured@Fort Delaware");
    REQUIRE(r.brigades.size() == 2);
    CHECK(r.brigades[0].brigade == "Heth/1st Brigade");
    CHECK(r.brigades[0].lost == 3);
    CHECK(r.brigades[1].captured == 1);
    CHECK(r.brigades[1].camp == "Fort Delaware");
    CHECK(r.leaders[0].camp == "Fort Delaware");
    CHECK(word(r.leaders[1].fate) == "wounded");
    CHECK(r.leaders[1].out_for == 2);
    CHECK(r.batteries[0].camp == "Fort Delaware");
    CHECK_THROWS_WITH(battle::add_loss_spec(r, "Heth/1st Brigade"), Contains("is not REF=STANDS"));
    CHECK_THROWS_WITH(battle::add_loss_spec(r, "Heth/1st Brigade=-2"), Contains("is not a number of stands"));
    CHECK_THROWS_WITH(battle::add_leader_spec(r, "Heth:drunk"), Contains("unknown fate \"drunk\""));
    CHECK_THROWS_AS(battle::add_battery_spec(r, "Heth/1st Battery"), UsageError);
    // A fate in any case; a camp after a capture only, battles out after a wound only, and at
    // least one (a wound that costs no battle would let a despicable leader be replaced at will).
    battle::add_leader_spec(r, "Archer:CAPTURED@Libby");
    CHECK(r.leaders.back().fate == LeaderFate::captured);
    CHECK(r.leaders.back().camp == "Libby");
    battle::add_leader_spec(r, "Archer:Wounded", 3);
    CHECK(r.leaders.back().out_for == 3);
    const auto size = r.leaders.size();
    for (const auto& [spec, says] : std::vector<std::pair<std::string, std::string>>{
             {"Heth:killed@Libby", "a camp takes only the captured (\"captured@Libby\"), not the killed"},
             {"Heth:wounded/2@Libby", "a camp takes only the captured (\"captured@Libby\"), not the wounded"},
             {"Heth:killed/3", "battles out are only the wounded's (\"wounded/3\"), not the killed"},
             {"Heth:captured/3@Libby", "battles out are only the wounded's (\"wounded/3\"), not the captured"},
             {"Heth:wounded/2@", "a camp takes only the captured (\"captured@\"), not the wounded"},
             {"Heth:wounded/0", "\"0\" is not a number of battles from 1 to 100"},
             {"Heth:wounded/101", "\"101\" is not a number of battles from 1 to 100"},
             {"Heth:wounded/", "\"\" is not a number of battles from 1 to 100"}}) {
        INFO(spec);
        CHECK_THROWS_WITH(battle::add_leader_spec(r, spec), Contains(says));
    }
    CHECK_THROWS_WITH(battle::add_battery_spec(r, "Heth/1st Battery:wrecked@Libby"), Contains("a camp takes only the captured (\"captured@Libby\"), not the wrecked"));
    CHECK(r.leaders.size() == size);
    CHECK_THROWS_WITH(battle::require_out_for(0), Contains("out for 0 battles is out of range: a wounded leader misses 1 to 100"));
}
