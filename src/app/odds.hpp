#pragma once
#include "generate/generate.hpp"

#include <cstdint>
#include <functional>
#include <vector>

namespace muster::app {

/// How often a division of a rule set comes out at each strength in stands: `count`
/// divisions rolled with seeded dice (the same seed, the same figures).
struct StrengthOdds {
    int min_stands = 0;
    std::vector<float> share;  ///< share[i]: the share of divisions with min_stands + i stands
    double mean = 0;
    int divisions = 0;
};

/// Rolls `count` divisions for the request; `progress` (0..1) is called now and then, so a
/// front end can show it.
StrengthOdds strength_odds(const rules::RuleSet& rules, const generate::Request& request, int count, std::uint64_t seed,
                           const std::function<void(float)>& progress = {});

}  // namespace muster::app
