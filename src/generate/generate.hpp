#pragma once
#include "army/division.hpp"
#include "dice/dice.hpp"
#include "rules/rule_set.hpp"

#include <cstdint>
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

/// One roll of a division's generation, kept as what it read and what it was for: put into
/// words (a dice::RollRecord) only when the roll log is read, so that rolling a division up
/// builds no text.
struct GeneratedRoll {
    enum class For : std::uint8_t { division, brigade, alternate, division_leader, leader, artillery, fraction, reserve_share };
    For what = For::division;
    std::uint16_t brigade = 0;                 ///< a brigade's (or its alternate's) roll: the brigade's index
    const rules::RangeTable* table = nullptr;  ///< the table read; none: a chance, a percentile roll against `percent`
    const rules::Row* row = nullptr;           ///< the row it read
    dice::Throw thrown;
    int percent = 0;
};

/// A division as the tables rolled it, its roll log in that compact form (pointing into the
/// rule set it was rolled with).
struct Generated {
    army::Division division;
    std::vector<GeneratedRoll> log;
    /// The division with its roll log in words (`rolls`), read with the rule set it was rolled
    /// with: what each roll was for ("2nd Brigade: 4.) Brigade Strength: Number of Stands"),
    /// the table, the dice and what it decided ("7 stands").
    army::Division with_rolls(const rules::RuleSet& rules) &&;
};

/// Rolls up a division from the rule set's generation tables, in the order the rule set
/// gives, recording every roll. Throws UsageError for a request the rule set cannot serve
/// (unknown side, a year outside its years...) and whatever the dice source throws.
Generated generate_division(const rules::RuleSet& rules, const Request& request, dice::Source& dice);

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
