#pragma once
// The order of battle the growth benchmarks import: `n` generated ACW divisions (1863, east),
// half a side, in corps of ten, every one entered.
#include "app_support.hpp"
#include "dice/dice.hpp"
#include "generate/generate.hpp"
#include "support.hpp"

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

}  // namespace muster::test
