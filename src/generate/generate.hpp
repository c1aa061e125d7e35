#pragma once
#include "army/division.hpp"
#include "dice/dice.hpp"
#include "rules/rule_set.hpp"

#include <map>
#include <optional>
#include <string>

namespace muster::generate {

/// What the organiser knows when a division arrives.
struct Request {
    std::string side;
    std::string arm;                     ///< empty: the rule set's first arm (infantry)
    std::optional<int> year;             ///< with theater, skips the table that rolls them
    std::optional<std::string> theater;
    std::string name;                    ///< empty: "Division"
    bool despicable_by_the_book = false; ///< play grades with by_the_book_as as that grade
};

/// Rolls up a division from the rule set's generation tables, in the order the rule set
/// gives, recording every roll. Throws UsageError for a request the rule set cannot serve
/// (unknown side, a year outside its years...) and whatever the dice source throws.
army::Division generate_division(const rules::RuleSet& rules, const Request& request, dice::Source& dice);

/// Rolls one leader on the rule set's division-leader steps (the leader table) for the
/// request's side and year, appending the rolls to `rolls`. Used to replace fallen leaders.
army::Leader roll_leader(const rules::RuleSet& rules, const Request& request, dice::Source& dice,
                         std::vector<dice::RollRecord>& rolls, const std::string& purpose);

/// The exact chance of each value (value -> chance, the chances summing to 1).
using Distribution = std::map<int, double>;
double mean(const Distribution& d);

/// How a division of the request comes out, computed from the tables, not rolled: each row's
/// share of its die, brigade by brigade, the batteries with their fractional roll, and the
/// reserve's share with its own.
struct ExactOdds {
    Distribution brigades;
    Distribution stands;             ///< the division's stands at arrival
    Distribution batteries;          ///< all the batteries its stands give
    Distribution division_batteries; ///< those that stay with the division
    Distribution reserve_batteries;  ///< those that go to the artillery reserve
};
ExactOdds exact_odds(const rules::RuleSet& rules, const Request& request);

}  // namespace muster::generate
