#pragma once
#include "app/catalog.hpp"
#include "army/division.hpp"
#include "generate/generate.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace muster::app {

/// A division to roll up outside any campaign (`muster generate`).
struct RollDivisionRequest {
    std::string rules;                    ///< rule set id or path
    generate::Request division;
    std::optional<std::uint64_t> seed;    ///< none and no typed rolls: a fresh random seed
    std::vector<std::string> typed_rolls; ///< the organiser's own dice, used in order
};

struct RolledDivision {
    rules::RuleSet rules;
    army::Division division;
    std::optional<std::uint64_t> seed;  ///< the seed used; none when the rolls were typed in
};

/// Loads the rule set and generates the division. Typed rolls must all be used: a roll
/// left over was meant for something, so it is refused rather than ignored.
RolledDivision roll_division(const Catalog& catalog, const RollDivisionRequest& request);

}  // namespace muster::app
