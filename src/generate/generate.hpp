#pragma once
#include "army/division.hpp"
#include "dice/dice.hpp"
#include "rules/rule_set.hpp"

#include <cstddef>
#include <cstdint>
#include <map>
#include <new>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

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
    std::uint32_t row = 0;                     ///< the row it read, by its number (RangeTable::values_of)
    dice::Throw thrown;
    int percent = 0;
};

/// A list whose first N items are kept in place and the rest on the heap: what a division's
/// generation records, so that rolling up a division of the usual size allocates nothing, nor
/// fills room it does not use. For items copied as bytes.
template <class T, size_t N>
class InPlace {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

public:
    InPlace() {}  // NOLINT: the room in place is not filled until it is used
    /// A new item at the end, made by default, to be filled in place.
    T& emplace_back() {
        if (m_size < N) [[likely]]
            return *new (&m_first[m_size++ * sizeof(T)]) T{};
        return overflow();
    }
    size_t size() const { return m_size; }
    const T& operator[](size_t i) const {
        return i < N ? *std::launder(reinterpret_cast<const T*>(&m_first[i * sizeof(T)])) : m_rest[i - N];
    }

private:
    [[gnu::noinline]] T& overflow() {
        ++m_size;
        return m_rest.emplace_back();
    }
    alignas(T) std::byte m_first[N * sizeof(T)];
    std::vector<T> m_rest;
    size_t m_size = 0;
};

/// A brigade as the tables rolled it: the values they gave, read in the rule set.
struct RolledBrigade {
    rules::FieldRef rating;
    int stands = 0;
    rules::FieldRef grade;                     ///< its commander's; id empty: none
    std::optional<rules::FieldRef> alternate;  ///< its alternate commander's grade; none: it has none
};

/// A division as the tables rolled it, kept as what they gave (pointing into the rule set it was
/// rolled with) and put into words, an army::Division, only when it is read: rolling one up
/// builds no text.
struct Generated {
    std::string name;
    rules::Context context;  ///< what the division's own tables gave: side, arm, year, theater, brigades
    bool by_the_book = false;
    InPlace<RolledBrigade, 8> brigades;
    rules::FieldRef commander;  ///< the division leader's grade
    army::ArtilleryWorking artillery;
    InPlace<GeneratedRoll, 48> log;

    /// The division, read with the rule set it was rolled with (its roll log left out).
    army::Division division(const rules::RuleSet& rules) const;
    /// The division with its roll log in words (`rolls`): what each roll was for ("2nd Brigade:
    /// 4.) Brigade Strength: Number of Stands"), the table, the dice and what it decided ("7 stands").
    army::Division with_rolls(const rules::RuleSet& rules) const;
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
