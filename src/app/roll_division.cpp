#include "app/roll_division.hpp"

#include "app/session_state.hpp"
#include "core/error.hpp"

#include <random>

namespace muster::app {

RolledDivision roll_division(const Catalog& catalog, const RollDivisionRequest& request) {
    if (request.seed && !request.typed_rolls.empty())
        throw UsageError("give a seed or typed-in rolls, not both");
    RolledDivision out{catalog.load(request.rules), {}, std::nullopt};
    // The side and theater as the rule set spells them, typed in any case or by a beginning
    // only one has, as a campaign takes them.
    auto division = request.division;
    division.side = side_id(out.rules, division.side);
    if (division.theater) division.theater = theater_id(out.rules, *division.theater);
    if (!request.typed_rolls.empty()) {
        dice::TypedSource dice(request.typed_rolls);
        out.division = generate::generate_division(out.rules, division, dice).with_rolls(out.rules);
        dice.require_all_used();
        return out;
    }
    // A fresh seed is only a starting point: it is printed, so the division can be rolled again.
    const std::uint64_t seed = request.seed ? *request.seed : (std::uint64_t{std::random_device{}()} << 32 | std::random_device{}());
    dice::SeededSource dice(seed);
    out.division = generate::generate_division(out.rules, division, dice).with_rolls(out.rules);
    out.seed = seed;
    return out;
}

}  // namespace muster::app
