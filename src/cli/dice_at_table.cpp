#include "cli/dice_at_table.hpp"

#include "core/names.hpp"
#include "core/text.hpp"

#include <optional>

#include <unistd.h>

namespace muster::cli {

void add_roll_options(CLI::App* cmd, RollOptions& options, const std::string& rolls_help) {
    if (!rolls_help.empty()) {
        cmd->add_option("--rolls", options.rolls, rolls_help);
        options.hint = "give every roll with --rolls, or --dice ask to be asked for each in turn";
    }
    cmd->add_option_function<std::string>(
        "--dice",
        [&options](const std::string& text) {
            if (text != "ask") throw CLI::ValidationError("--dice", "\"" + text + "\" is not valid: expected ask");  // layering: not a word
            options.ask = true;
        },
        "ask: ask for each roll on standard input as it comes (one a line; \"back\" takes back the last); "
        "the default in a campaign of typed dice on a terminal");
}

std::vector<std::string> given_rolls(const RollOptions& options) {
    auto rolls = dice::split_rolls(options.rolls);
    if (!options.rolls.empty() && rolls.empty()) throw UsageError("--rolls is empty: give the rolls, e.g. 34,78,00");
    return rolls;
}

bool asks_for_dice(const app::Session& session, const RollOptions& options) {
    return options.ask || (session.current().dice == DiceMode::typed && isatty(STDIN_FILENO));
}

namespace {

// One answer, a line read a byte at a time and never further than k_longest_answer bytes: an
// endless line (a device, a stream of zeros) is refused as soon as it is too long to be a roll.
// None when the input has ended.
std::optional<std::string> read_answer(std::istream& in, const std::string& what) {
    std::string line;
    for (int c = in.get(); c != std::char_traits<char>::eof(); c = in.get()) {
        if (c == '\n') return line;
        if (line.size() == k_longest_answer)
            throw UsageError("an answer of more than " + std::to_string(k_longest_answer) + " characters at " + what +
                             " (\"" + visible(line.substr(0, 20)) + "...\"): refused, nothing changed");
        line += static_cast<char>(c);
    }
    if (line.empty()) return std::nullopt;
    return line;
}

}  // namespace

bool ask_roll(Io& io, const dice::RollNeeded& need, std::vector<std::string>& rolls, size_t& answers) {
    const std::string what = "roll " + std::to_string(need.index + 1) + ", " + need.purpose;
    for (;;) {
        if (++answers > k_most_answers)
            throw UsageError("more than " + std::to_string(k_most_answers) + " answers for one operation, at " + what +
                             ": refused, nothing changed (does standard input repeat itself?)");
        io.err << "Roll " << need.index + 1 << " (" << rules::die_name(need.die) << ") for " << need.purpose << "? " << std::flush;
        const auto line = read_answer(io.in, what);
        if (!line) {
            io.err << "\n";
            return false;
        }
        const auto typed = std::string(trim(*line));
        if (!isatty(STDIN_FILENO)) io.err << typed << "\n";  // a transcript reads question, answer
        if (typed.empty()) continue;
        if (typed == "back") {
            if (rolls.empty()) {
                io.err << "  no roll to take back\n";
                continue;
            }
            io.err << "  took back roll " << rolls.size() << " (" << rolls.back() << ")\n";
            rolls.pop_back();
            return true;
        }
        try {
            dice::parse_typed(need.die, typed, what);
        } catch (const UsageError& e) {
            io.err << "  " << e.what() << "; roll again\n";
            continue;
        }
        rolls.push_back(typed);
        return true;
    }
}

}  // namespace muster::cli
