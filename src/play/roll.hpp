#pragma once
// Rolling a play table at the table side: the dice, each modifier by name with its value, the
// modified score, the row and the result's whole text. Pure: dice in, a Roll out.
#include "dice/dice.hpp"
#include "rules/play_table.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace muster::play {

/// One modifier as the organiser names it: "fresh", "attacker:fresh", "stand_lost=2" (counted
/// twice), "defender:ground=3" (a value chosen within the source's range).
struct Choice {
    std::string modifier;
    rules::Party party = rules::Party::either;
    std::optional<int> n;
    std::string from;  ///< the campaign's facts that give it, where the campaign applies it
};
/// Reads "[attacker:|defender:]ID[=N]"; throws UsageError naming the text.
Choice parse_choice(std::string_view text);

struct Request {
    std::string column;                   ///< the column to read, where the table has several
    std::optional<rules::Points> points;  ///< fire points, for a table read by them
    std::vector<Choice> modifiers;
    std::string purpose;  ///< what the roll is for, as the dice are asked for it; empty: the table's title
    std::string column_from;  ///< the campaign's facts that chose the column, where they did
};

/// A modifier as applied: to whose roll, how many times, what it did.
struct Applied {
    const rules::PlayModifier* modifier = nullptr;
    rules::Party party = rules::Party::either;
    int times = 1;  ///< counted modifiers
    int value = 0;  ///< added to the score (0 for a factor)
    std::string from;  ///< the campaign's facts that give it, where the campaign applies it
    /// "Fresh +2", "Each stand lost -1 x2 = -2", "Disordered x1/2".
    std::string text() const;
};

/// The ids of a table's columns, in its order.
std::vector<std::string> column_ids(const rules::PlayTable& t);

/// A modifier of a group the column excludes (NO: no leader in radius) or another modifier given
/// excludes (out of radius: no leadership modifier) does not apply: the sources' rule. A campaign
/// checks it against its facts, with the organiser's override; outside one, it is refused.
void check_excluded(const rules::PlayColumn& column, const std::vector<Applied>& applied);

struct Roll {
    const rules::PlayTable* table = nullptr;
    const rules::PlayColumn* column = nullptr;
    std::string column_from;                   ///< the campaign's facts that chose the column, where they did
    std::vector<dice::Throw> throws;           ///< one; or the attacker's then the defender's
    std::vector<std::string> purposes;         ///< what each throw was for, as it was asked
    std::vector<Applied> applied;
    std::optional<rules::Points> points_given;  ///< fire points before the factors
    std::optional<rules::Points> points;        ///< after them: they chose the column
    int natural = 0;     ///< the dice as read (difference tables: attacker's minus defender's)
    int attacker = 0;    ///< difference tables: each side's modified total
    int defender = 0;
    int score = 0;       ///< the modified score
    int read_at = 0;     ///< the score the table is read at (raised to its lowest score)
    const rules::PlayRow* row = nullptr;
    const rules::PlayResult* result = nullptr;
    std::vector<const rules::NaturalRoll*> natural_rolls;  ///< what the dice before adjustment add
    /// What the result does, extra captures for the difference counted in, natural rolls added.
    rules::PlayEffects effects;
    rules::PlayEffects attacker_effects;
    rules::PlayEffects defender_effects;
    rules::PlayEffects firer_effects;  ///< a fire table: what the natural rolls do to the firer
};

/// Checks the request against the table (refusing an unknown column or modifier, a modifier
/// for the wrong party, two of one group, a count out of range) before any die is thrown,
/// then rolls. Throws UsageError (or dice::RollNeeded from typed dice that run out).
Roll roll(const rules::PlayTable& table, const Request& request, dice::Source& dice);
/// The request with its column and modifiers as the table spells them, where one was typed in
/// another case ("NO", "FRESH"): a rule set's ids are lower case, so only one can match.
Request spelled_as_table(const rules::PlayTable& table, Request request);

}  // namespace muster::play
