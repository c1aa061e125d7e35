#pragma once
// The order of battle the benchmarks import: `n` generated divisions (ACW's of 1863 in the east,
// unless another rule set is asked for), half a side, in corps of ten, every one entered; and the
// campaign they make.
#include "app/forces.hpp"
#include "app/prisoners.hpp"
#include "app_support.hpp"
#include "export/oob.hpp"
#include "dice/dice.hpp"
#include "generate/generate.hpp"
#include "support.hpp"

#include <array>
#include <fstream>
#include <optional>
#include <string>

namespace muster::test {

/// `n` divisions of `rules` generated for its two `sides` in `year` (and `theater`, where the
/// rule set has theaters), half a side, in corps of ten, every one entered.
inline army::OrderOfBattle generated_forces(int n, const rules::RuleSet& rules, const std::array<std::string, 2>& sides, int year,
                                            const std::optional<std::string>& theater) {
    army::OrderOfBattle oob;
    dice::SeededSource dice(1);
    for (const auto& side : sides) {
        army::Army a;
        a.name = side + " army";
        a.side = side;
        generate::Request r;
        r.side = side;
        r.year = year;
        r.theater = theater;
        for (int i = 0; i < n / 2; ++i) {
            if (i % 10 == 0) a.corps.push_back({0, a.name + " corps " + std::to_string(i / 10), {}, {}, {}});
            auto d = generate::generate_division(rules, r, dice).division(rules);  // entered: no roll log
            d.name = side + " division " + std::to_string(i);
            d.status = DivisionStatus::entered;
            a.corps.back().divisions.push_back(std::move(d));
        }
        oob.armies.push_back(std::move(a));
    }
    return oob;
}

inline army::OrderOfBattle generated_forces(int n) { return generated_forces(n, acw(), {"union", "confederate"}, 1863, "east"); }

/// A new campaign "Bench" in `db` (acw, seed 9, 1863-07-01 in the east, turns of 7 days) with
/// generated_forces(n) imported (through `dir`/oob.json) and a camp on each side.
inline app::Session bench_campaign(const std::string& db, int n, const std::string& dir) {
    app::Session s(db, app::Open::create, 5000, app::Catalog(""));
    app::NewCampaign c;
    c.name = "Bench";
    c.rules = "acw";
    c.seed = 9;
    c.date = Day::read("1863-07-01");
    c.theater = "east";
    c.turn_days = 7;
    s.create_campaign(c);
    const auto file = dir + "/oob.json";
    std::ofstream(file) << exporter::in_memory(exporter::oob_json, acw(), generated_forces(n), {Day::read("2026-01-01")});
    s.forces().import_oob(file);
    s.prisoners().add_camp("union", "Fort Delaware");
    s.prisoners().add_camp("confederate", "Libby");
    return s;
}

}  // namespace muster::test
