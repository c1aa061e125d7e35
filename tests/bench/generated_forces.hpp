#pragma once
// The order of battle the benchmarks import: `n` generated ACW divisions (1863, east), half a
// side, in corps of ten, every one entered; and the campaign they make.
#include "app/forces.hpp"
#include "app/prisoners.hpp"
#include "app_support.hpp"
#include "export/oob.hpp"
#include "dice/dice.hpp"
#include "generate/generate.hpp"
#include "support.hpp"

#include <fstream>
#include <string>

namespace muster::test {

inline army::OrderOfBattle generated_forces(int n) {
    army::OrderOfBattle oob;
    dice::SeededSource dice(1);
    for (const char* side : {"union", "confederate"}) {
        army::Army a;
        a.name = std::string(side) + " army";
        a.side = side;
        generate::Request r;
        r.side = side;
        r.year = 1863;
        r.theater = "east";
        for (int i = 0; i < n / 2; ++i) {
            if (i % 10 == 0) a.corps.push_back({0, a.name + " corps " + std::to_string(i / 10), {}, {}, {}});
            auto d = generate::generate_division(acw(), r, dice);
            d.name = std::string(side) + " division " + std::to_string(i);
            d.status = DivisionStatus::entered;
            d.rolls.clear();
            a.corps.back().divisions.push_back(std::move(d));
        }
        oob.armies.push_back(std::move(a));
    }
    return oob;
}

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
