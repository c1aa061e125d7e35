#pragma once
// What the fuzz targets of the writers share: a failed property aborts (which libFuzzer
// reports), the ACW rule set, and an order of battle with one text as every name.
#include "app/catalog.hpp"
#include "army/division.hpp"

#include <cstdlib>
#include <string>

namespace muster::fuzz {

inline void require(bool ok) {
    if (!ok) std::abort();
}

inline const rules::RuleSet& acw() {
    static const auto rules = app::default_catalog().load("acw");
    return rules;
}

/// One army, corps, division, brigade and battery, each named `text` (the campaign too, and
/// the brigade's rating): what a file written by something else may hold.
inline army::OrderOfBattle named_everywhere(const std::string& text) {
    army::OrderOfBattle oob;
    oob.campaign = text;
    army::Army a;
    a.name = text;
    a.side = "union";
    army::Corps k;
    k.name = text;
    army::Division d;
    d.name = text;
    d.side = "union";
    d.arm = "infantry";
    army::Brigade b;
    b.name = text;
    b.arm = "infantry";
    b.rating = text;
    b.start_stands = b.stands = 6;
    b.label = {6, 5, 3};
    d.brigades.push_back(b);
    army::Battery t;
    t.name = text;
    d.batteries.push_back(t);
    k.divisions.push_back(d);
    a.corps.push_back(k);
    oob.armies.push_back(a);
    return oob;
}

}  // namespace muster::fuzz
