#pragma once
// Dice at the table: `--rolls` and `--dice ask` on every command that rolls. Asked dice are
// read from standard input one by one, as the operation comes to each roll, by its purpose.
#include "cli/commands.hpp"
#include "dice/dice.hpp"

#include <string>
#include <vector>

namespace muster::cli {

/// A command's dice as typed: rolls given up front, and whether to ask for the rest.
struct RollOptions {
    std::string rolls;  ///< --rolls 34,78,00
    bool ask = false;   ///< --dice ask
    /// How typed dice not given are given to this command (add_roll_options: --rolls where
    /// it has them).
    std::string hint = "give --dice ask to be asked for each roll in turn";
};

/// Adds `--rolls` (unless `rolls_help` is empty) and `--dice ask` to a command that rolls.
void add_roll_options(CLI::App* cmd, RollOptions& options, const std::string& rolls_help);

/// Asks on standard input for the roll `need` names: a good value is added to `rolls`, a bad one
/// is refused and asked again, "back" takes back the last roll given. False: input ended.
/// `answers` counts the lines read for the operation: past k_most_answers it is refused (an
/// endless input of bad values or take-backs would otherwise never end).
bool ask_roll(Io& io, const dice::RollNeeded& need, std::vector<std::string>& rolls, size_t& answers);
constexpr size_t k_most_answers = 1000;
/// The longest answer read: a roll, "back", or a mistyped one with room to spare. With
/// k_most_answers, at most about 128 KB of input is read for one operation.
constexpr size_t k_longest_answer = 128;

/// Whether this command asks for its dice: --dice ask, or by default a campaign of typed dice
/// when standard input is a terminal.
bool asks_for_dice(const app::Session& session, const RollOptions& options);

/// Runs `attempt(rolls)` with the rolls given; each time it runs short (dice::RollNeeded:
/// nothing was changed) the next roll is asked for on standard input and it runs again, until
/// it is done; if input ends first, it is refused naming the roll it needed.
template <class Attempt>
auto ask_until_done(Io& io, std::vector<std::string> rolls, Attempt&& attempt) {
    size_t answers = 0;
    for (;;) {
        try {
            return attempt(rolls);
        } catch (const dice::RollNeeded& need) {
            if (!ask_roll(io, need, rolls, answers)) throw UsageError(std::string(need.what()) + " when standard input ended");
        }
    }
}

/// The rolls of --rolls, refusing an empty list.
std::vector<std::string> given_rolls(const RollOptions& options);

/// Runs `attempt(rolls)`, an operation of the campaign that rolls, with the dice given, asking
/// for the rest when the command asks for its dice (asks_for_dice).
template <class Attempt>
auto with_dice(app::Session& session, Io& io, const RollOptions& options, Attempt&& attempt) {
    auto rolls = given_rolls(options);
    if (!asks_for_dice(session, options)) try {
            return attempt(rolls);
        } catch (const dice::RollNeeded& need) {
            // Typed dice not given (standard input not a terminal, say): said how they are given.
            throw UsageError(std::string(need.what()) + " (" + options.hint + ")");
        }
    session.roll_own_dice(Switch::on);
    return ask_until_done(io, std::move(rolls), attempt);
}

/// Each division one operation brings in (those due, or deployed to a field), rolled up with
/// its own dice: the campaign's, or asked for each in turn. --rolls are one division's dice: a
/// second division refused, not rolled up on the first one's.
inline auto arrive_each(app::Session& session, Io& io, const RollOptions& dice, bool discard_previews = false) {
    RollOptions each = dice;  // --rolls serve one division alone: said so where dice are wanting
    each.hint = "give --dice ask to be asked for each roll in turn, or --rolls where one division alone is rolled up (else bring each in "
                    "by name: muster arrive DIVISION --rolls ...)";
    return [&session, &io, each, discard_previews, asking = asks_for_dice(session, dice), rolled = 0](app::ArrivalRequest r) mutable {
        const auto& dice = each;
        if (!dice.rolls.empty() && ++rolled > 1)
            throw UsageError("--rolls gives the dice of one division, and more than one is rolled up here (" + r.division +
                             " too): give --dice ask to roll each at the table, or bring each in by name (muster arrive DIVISION --rolls ...)");
        r.discard_preview = r.discard_preview || discard_previews;
        if (asking) io.err << "Dice for " << r.division << ":\n";
        return with_dice(session, io, dice, [&](const std::vector<std::string>& rolls) {
            r.rolls = rolls;
            return session.arrivals().arrive(r);
        });
    };
}

}  // namespace muster::cli
