#pragma once
// The command line: one file a command group, each registering its commands on the app.
#include "app/outcome.hpp"
#include "app/battles.hpp"
#include "app/season.hpp"
#include "app/session.hpp"
#include "core/date.hpp"
#include "core/error.hpp"
#include "core/match.hpp"
#include "core/names.hpp"
#include "core/words.hpp"

#include <CLI/CLI.hpp>

#include <charconv>
#include <cstdint>
#include <functional>
#include <istream>
#include <optional>
#include <ostream>
#include <string>

namespace muster::cli {

/// Where a command writes, the global options, and the action the chosen subcommand leaves
/// to run after parsing.
struct Io {
    std::ostream& out;
    std::ostream& err;
    std::istream& in;  ///< asked dice (--dice ask)
    std::function<void()> action;
    std::string db;        ///< --db FILE; empty: the default database
    std::string campaign;  ///< --campaign NAME; empty: the file's current campaign
    int lock_wait_ms = 5000;  ///< --lock-wait MS
};

/// What `cmd` does when it is the command given: run after the whole line is parsed (so global
/// options after it count), its errors caught once in cli::run.
inline void on_run(CLI::App* cmd, Io& io, std::function<void()> action) {
    cmd->callback([&io, action = std::move(action)] { io.action = action; });
}

/// Which of `words` an option's `text` is, as names are found: exactly, ignoring case, or by a
/// beginning only it has ("Roll", "let"); refused at parse time naming the option, the text and
/// every word.
inline size_t one_of(const std::string& option, const std::string& text, const std::vector<std::string>& words, const std::string& what) {
    const auto found = matching_names(text, words);
    if (found.size() == 1) return found.front();
    std::string expected;
    for (size_t i = 0; i < words.size(); ++i) expected += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + words[i];
    throw CLI::ValidationError(option, "\"" + visible(text) + "\" is " + (found.empty() ? "not a " : "more than one ") + what + ": expected " + expected);
}

/// An option that takes one of muster's words (a rounding, a format...), found as names are.
/// Its value is named by its words ("text|md|csv"), as --help and the manual show it and shell
/// completion offers them. A word `not_here` is none of them: typed, it is refused saying why
/// ("a PDF goes to a file: ...").
template <class E, class Target>
CLI::Option* word_option(CLI::App* cmd, const std::string& name, Target& target, const std::string& help,
                         const std::vector<std::pair<E, std::string>>& not_here = {}) {
    std::vector<std::string> words;
    std::vector<E> values;
    for (const auto& w : Vocabulary<E>::table)
        if (std::none_of(not_here.begin(), not_here.end(), [&](const auto& n) { return n.first == w.value; })) {
            words.emplace_back(w.text);
            values.push_back(w.value);
        }
    std::string words_named;
    for (const auto& w : words) words_named += (words_named.empty() ? "" : "|") + w;
    return cmd
        ->add_option_function<std::string>(
            name,
            [&target, name, words, values, not_here](const std::string& text) {
                for (const auto& [value, why] : not_here)
                    if (same_ignoring_case(text, spell(value))) throw CLI::ValidationError(name, "\"" + visible(text) + "\": " + why);
                target = values[one_of(name, text, words, std::string(Vocabulary<E>::what))];
            },
            help)
        ->type_name(words_named);
}

/// A flag that sets `target` to `value` when given (`--preview` sets app::Mode::preview).
template <class E>
CLI::Option* flag_for(CLI::App* cmd, const std::string& name, E& target, E value, const std::string& help) {
    return cmd->add_flag_callback(name, [&target, value] { target = value; }, help);
}

/// A value that must not be empty (a file, a folder, a name): refused saying `expected`, and,
/// where `path`, "-" too (muster writes a file whole, not to standard output).
inline CLI::Validator named(const std::string& expected, bool path = false) {
    return CLI::Validator(
        [expected, path](std::string& text) -> std::string {
            if (text.empty()) return "is empty: " + expected;
            if (path && text == "-") return "is \"-\": muster writes a file whole, not to standard output; " + expected;
            return "";
        },
        "");
}

/// A whole number from `lo` to `hi` in decimal digits, refused naming the value and the range:
/// "\"1e3\" is not a whole number: expected one from 0 to 600000", "\"600001\" is out of range:
/// expected 0 to 600000".
inline CLI::Validator whole_in(long long lo, long long hi) {
    return CLI::Validator(
        [lo, hi](std::string& text) -> std::string {
            const std::string_view digits = std::string_view(text).substr(!text.empty() && text[0] == '+' ? 1 : 0);
            long long value = 0;
            const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
            const auto range = std::to_string(lo) + " to " + std::to_string(hi);
            if (digits.empty() || end != digits.data() + digits.size() || (error != std::errc() && error != std::errc::result_out_of_range))
                return "\"" + text + "\" is not a whole number: expected one from " + range;
            if (error == std::errc::result_out_of_range || value < lo || value > hi) return "\"" + text + "\" is out of range: expected " + range;
            return "";
        },
        "");
}

/// A seed: a whole number from 0 to 18446744073709551615 (a leading + read as every whole number is),
/// refused (never clamped) outside it.
inline CLI::Option* seed_option(CLI::App* cmd, const std::string& name, std::optional<std::uint64_t>& target, const std::string& help) {
    return cmd->add_option_function<std::string>(
        name,
        [&target, name](const std::string& text) {
            const std::string_view digits = std::string_view(text).substr(!text.empty() && text[0] == '+' ? 1 : 0);  // as whole_in reads a sign
            std::uint64_t value = 0;
            const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
            if (digits.empty() || error != std::errc() || end != digits.data() + digits.size())
                throw CLI::ValidationError(name, "\"" + text + "\" is not a seed: expected a whole number from 0 to 18446744073709551615");
            target = value;
        },
        help);
}

/// A date: a day of the calendar, refused at parse time naming the option and the text.
inline CLI::Option* day_option(CLI::App* cmd, const std::string& name, std::optional<Day>& target, const std::string& help) {
    return cmd->add_option_function<std::string>(
        name,
        [&target, name](const std::string& text) {
            target = Day::parse(text);
            if (!target)
                throw CLI::ValidationError(name, "\"" + text + "\" is not a day of the calendar: expected YYYY-MM-DD, e.g. 1863-07-01");
        },
        help);  // its type, YYYY-MM-DD, names the form
}

/// A turn of the campaign's clock, refused at parse time outside 1 to Turn::k_last.
inline CLI::Option* turn_option(CLI::App* cmd, const std::string& name, std::optional<Turn>& target, const std::string& help) {
    return cmd->add_option_function<std::string>(
        name,
        [&target, name](const std::string& text) {
            long long n = 0;
            const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
            if (text.empty() || error != std::errc() || end != text.data() + text.size() || !(target = Turn::of(n)))
                throw CLI::ValidationError(name, "\"" + text + "\" is not a turn: expected a whole number from 1 to " + std::to_string(Turn::k_last));
        },
        help);
}

/// The commands under `app` that a user may type (a hidden one has no group), in the order given.
inline std::vector<const CLI::App*> commands_of(const CLI::App& app) {
    return app.get_subcommands([](const CLI::App* sub) { return !sub->get_group().empty(); });
}
/// Whether an option is given a value ("--db FILE"), not a flag.
inline bool takes_value(const CLI::Option& o) { return o.get_type_size_max() > 0 && o.get_expected_max() > 0; }

/// Prints what an operation did (or would do): its lines, its summary, its rolls if asked, its journal entry.
void print_outcome(std::ostream& out, const app::Outcome& outcome, bool show_rolls);

/// The view for --side and --as: "umpire", "side" (the --side's own view) or a side id.
View view_of(const std::string& side, const std::string& as);
/// `--as VIEW` on a reading command: whose view, the umpire's (the default) or a side's.
void add_view_option(CLI::App* cmd, std::string& as);

/// Whether a command acts on the campaign --campaign names, or on the file as a whole.
enum class Campaign { selected, file };
/// Opens the campaign database named by --db (the default one otherwise), acting on --campaign.
app::Session open_campaigns(const Io& io, app::Open open = app::Open::existing, Campaign campaign = Campaign::selected);

/// `muster campaign new|list|show|set|use`.
void add_campaign_commands(CLI::App& app, Io& io);
/// `muster add army|corps|division|brigade|battery`, `rename`, `division nationality`, `import oob`, `reveal`, `oob`.
void add_forces_commands(CLI::App& app, Io& io);
/// `muster arrive`.
void add_arrive_command(CLI::App& app, Io& io);
/// Prints the divisions that arrived as they were due.
void print_arrivals(Io& io, const rules::RuleSet& rules, const app::DueArrivals& due, bool show_rolls = false);
/// `muster battle report|recover|list|show` and `muster brigade disband|destroy|merge|relabel`.
void add_battle_commands(CLI::App& app, Io& io);
/// `muster leader list|replace|assign|casualty|return`.
void add_leader_commands(CLI::App& app, Io& io);
/// `muster camp new|list|liberate` and `muster exchange propose|accept|refuse|list`.
void add_prisoner_commands(CLI::App& app, Io& io);
/// `muster export oob|labels`.
void add_export_commands(CLI::App& app, Io& io);
/// `muster journal`, `undo`, `check`, `backup`.
void add_history_commands(CLI::App& app, Io& io);
/// `muster turn [next]`, `muster schedule`.
void add_season_commands(CLI::App& app, Io& io);
void add_serve_commands(CLI::App& app, Io& io);
/// A turn's length as typed: "7d", "2w" or a number of days (else a usage error at parse time).
std::optional<int> parse_turn_length(const std::string& text);
/// `muster generate`: roll up a division outside a campaign.
void add_generate_command(CLI::App& app, Io& io);
/// `muster rules list|show|validate|copy`.
void add_rules_commands(CLI::App& app, Io& io);
/// `muster table list|show|roll`.
void add_table_commands(CLI::App& app, Io& io);
/// `muster completion bash`, and the manual page the build installs (`muster manual`).
void add_docs_commands(CLI::App& app, Io& io);

}  // namespace muster::cli
