#pragma once
#include "army/division.hpp"

#include <optional>
#include <string>

namespace muster::army {

/// What one viewer may see of an order of battle. The umpire sees everything; a side
/// sees its own forces whole and, of the others, only divisions it has seen (not hidden).
/// Armies and corps with nothing visible are left out; so are armies not of `only_side`.
OrderOfBattle view_of(const OrderOfBattle& all, const std::optional<std::string>& only_side, const View& viewer);

}  // namespace muster::army
