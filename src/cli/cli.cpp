#include "cli/cli.hpp"

#include "cli/commands.hpp"
#include "core/error.hpp"
#include "core/match.hpp"
#include "core/text.hpp"
#include "core/names.hpp"
#include "core/version.hpp"
#include "export/division_text.hpp"

#include <algorithm>
#include <iostream>
#include <streambuf>

namespace muster::cli {
namespace {

// What muster prints goes out line by line with every control character, bidi control and
// invalid byte written visibly (\x1B, \u{202E}): no data can retitle a terminal, move its
// cursor or reorder a line. A CRLF line end (CSV) stays as it is.
class VisibleLines : public std::streambuf {
public:
    explicit VisibleLines(std::streambuf* target) : m_target(target) {}
    ~VisibleLines() override { sync(); }

protected:
    int_type overflow(int_type c) override {
        if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
        if (traits_type::to_char_type(c) == '\n') return flush_line(true) ? c : traits_type::eof();
        m_line += traits_type::to_char_type(c);
        return c;
    }
    int sync() override { return flush_line(false) && m_target->pubsync() == 0 ? 0 : -1; }

private:
    bool flush_line(bool newline) {
        const bool crlf = newline && !m_line.empty() && m_line.back() == '\r';
        if (crlf) m_line.pop_back();
        const std::string out = visible(m_line) + (crlf ? "\r\n" : newline ? "\n" : "");
        m_line.clear();
        return m_target->sputn(out.data(), static_cast<std::streamsize>(out.size())) == static_cast<std::streamsize>(out.size());
    }
    std::streambuf* m_target;
    std::string m_line;
};

// CLI11 says "Could not convert: --year = abc", for an option whose value is a whole number
// (muster's command line takes no other kind of number): said as muster says a bad value, with
// what the option takes.
std::string conversion_error(const std::string& what) {
    // Read without std::regex, whose matcher recurses once a character: a value of 30,000
    // characters overflowed the stack.
    static constexpr std::string_view head = "Could not convert: ";
    const auto equals = what.find(" = ", head.size());
    if (what.rfind(head, 0) != 0 || equals == std::string::npos || what.find(' ', head.size()) < equals) return what;
    const auto option = what.substr(head.size(), equals - head.size()), value = what.substr(equals + 3);
    const auto digits = value.substr(!value.empty() && (value[0] == '+' || value[0] == '-') ? 1 : 0);
    const bool whole = !digits.empty() && digits.find_first_not_of("0123456789") == std::string::npos;
    return option + " \"" + value + "\" " +
           (!whole ? "is not a whole number: expected one such as 3"
                   : value[0] == '-' ? "is far out of range: below any value " + option + " takes"
                                     : "is far out of range: above any value " + option + " takes");
}

// An error that came after the command saved its change: said as such, without the "nothing was
// changed" a refusal would carry.
std::string after_saving(std::string what) {
    for (const std::string_view claim : {"; nothing was changed", " and nothing was changed", ", nothing was changed", "nothing was changed; "})
        for (auto at = what.find(claim); at != std::string::npos; at = what.find(claim)) what.erase(at, claim.size());
    return "the change was made and saved, but what follows it failed: " + what;
}

// An error as said on its one line: visible, and cut short past a screenful (a 400,000-column
// spreadsheet's header, a name of 100,000 characters echoed), saying how much more there was.
std::string said(std::string_view what) {
    constexpr size_t most = 2000;
    auto line = visible(what);
    if (line.size() <= most) return line;
    size_t cut = most;
    while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;  // between characters
    return line.substr(0, cut) + " ... (" + std::to_string(line.size() - cut) + " more bytes)";
}

// Every option's value as given, checked: a whole number takes decimal digits (CLI11 alone reads "0x10" as 16
// and "0b11" as 3, which muster's files and forms refuse, and "010" as 8, octal: read as 10, its
// leading zeros dropped before any check of the option's); a text is never empty (below).
void values_checked(CLI::App* app) {
    static const CLI::Validator decimal(
        [](const std::string& value) {
            const auto digits = std::string_view(value).substr(!value.empty() && (value[0] == '+' || value[0] == '-') ? 1 : 0);
            if (!digits.empty() && digits.find_first_not_of("0123456789") == std::string_view::npos) return std::string();
            return "\"" + value + "\" is not a whole number: expected decimal digits, such as 3";
        },
        "", "decimal");
    static const CLI::Validator no_leading_zeros(
        [](std::string& value) {
            const size_t sign = !value.empty() && (value[0] == '+' || value[0] == '-') ? 1 : 0;
            const auto digits = std::string_view(value).substr(sign);
            if (!digits.empty() && digits.find_first_not_of("0123456789") == std::string_view::npos)
                value.erase(sign, std::min(digits.find_first_not_of('0'), digits.size() - 1));
            return std::string();
        },
        "", "no leading zeros");
    // And every value given is one: an empty text ("--battle ''") is refused naming its option,
    // not read as the option left out (an export of every battle) nor as a name. (A value whose
    // words are checked says so itself; a check of the option's own, added before, speaks first.)
    static const CLI::Validator given(
        [](const std::string& value) { return value.empty() ? std::string("is empty: give a value, or leave it out") : std::string(); }, "", "given");
    static const CLI::Validator required(
        [](const std::string& value) { return value.empty() ? std::string("is empty: give a value") : std::string(); }, "", "given");
    for (auto* option : app->get_options())
        if (const auto type = option->get_type_name(); type.rfind("INT", 0) == 0 || type.rfind("UINT", 0) == 0)
            option->check(decimal)->transform(no_leading_zeros);  // (a transform is run first)
        else if (type == "TEXT" && option->get_items_expected_min() > 0)
            option->check(option->get_required() ? required : given);
    for (auto* sub : app->get_subcommands([](CLI::App*) { return true; })) values_checked(sub);
}

}  // namespace

app::Session open_campaigns(const Io& io, app::Open open, Campaign campaign) {
    app::Session session(io.db, open, io.lock_wait_ms);
    if (campaign == Campaign::selected && !io.campaign.empty()) session.select_campaign(io.campaign);
    return session;
}

View view_of(const std::string& side, const std::string& as) {
    if (as != View::k_named_side) return View::parse(as);
    if (side.empty()) throw UsageError("--as side needs --side SIDE: whose view?");
    return View::of_side(side);
}

void add_view_option(CLI::App* cmd, std::string& as) {
    as = std::string(View::k_umpire);
    cmd->add_option("--as", as, "Whose view: umpire (everything, the default) or a side id (what that side may know)");
}

namespace {

// Where a command line asks for a subcommand it does not have (CLI11 says only "A subcommand
// is required"): the word typed where one was expected, with the commands there are, or of a
// command typed with none, those it has. Walks the words as the parse did: into each command
// named, over each option's value (an option of the command or of one above it).
std::string missing_subcommand(const CLI::App& app, int argc, const char* const* argv) {
    const CLI::App* at = &app;
    std::string path;  // the commands named, "battle" or "add division"
    std::vector<const CLI::App*> chain{&app};
    // An option's value is the next word, unless given with it ("--db=FILE").
    const auto value_follows = [&](const std::string& word) {
        const auto name = word.substr(0, word.find('='));
        for (auto it = chain.rbegin(); it != chain.rend(); ++it)
            if (const auto* o = (*it)->get_option_no_throw(name)) return word.find('=') == std::string::npos && takes_value(*o);
        return false;
    };
    // Those a user may type (commands_of): a hidden one is found, never offered.
    const auto names = [](const CLI::App* of) {
        std::vector<std::string> out;
        for (const auto* sub : commands_of(*of)) out.push_back(sub->get_name());
        return out;
    };
    for (int i = 1; i < argc; ++i) {
        const std::string word = argv[i];
        if (word.rfind("-", 0) == 0) {
            if (value_follows(word)) ++i;
            continue;
        }
        const auto all = at->get_subcommands([](const CLI::App*) { return true; });
        const auto named = std::find_if(all.begin(), all.end(), [&](const CLI::App* sub) { return sub->check_name(word); });
        if (named != all.end()) {
            at = *named;
            chain.push_back(at);
            path += (path.empty() ? "" : " ") + word;
            continue;
        }
        if (at->get_require_subcommand_min() == 0) break;  // a command's own argument
        return (path.empty() ? "no command \"" : path + " has no command \"") + word + "\"" + did_you_mean(word, names(at)) +
               " (expected one of: " + join(names(at), ", ") + ")";
    }
    if (at->get_require_subcommand_min() == 0) return "";
    return (path.empty() ? "muster" : path) + " needs a command: one of " + join(names(at), ", ");
}

// What CLI11 says of words a command does not take ("The following arguments were not expected:
// average --grade", in reverse): the command that was given them, the first of them in order,
// and for an option, the options it has.
// None where it was given none: the parse failed on something else (a value, an option missing).
std::optional<std::string> extras_said(const CLI::App& app) {
    const CLI::App* at = &app;
    std::string path;
    for (auto subs = at->get_subcommands(); !subs.empty(); subs = at->get_subcommands()) {
        at = subs.front();
        path += " " + at->get_name();
    }
    auto extras = at->remaining();
    if (extras.empty()) extras = app.remaining();
    const std::string command = path.empty() ? "muster" : path.substr(1);
    if (extras.empty()) return std::nullopt;
    const auto& first = extras.front();
    if (first.size() > 1 && first.front() == '-') {
        const auto name = first.substr(0, first.find('='));
        std::vector<std::string> options;
        for (const auto* o : at->get_options())
            for (const auto& l : o->get_lnames())
                if (l != "help") options.push_back("--" + l);
        return command + " takes no option " + name + did_you_mean(name, options) +
               (options.empty() ? "" : " (its options: " + join(options, ", ") + ")");
    }
    return command + " takes no word \"" + first + "\" there" + (extras.size() > 1 ? " (nor the " + std::to_string(extras.size() - 1) + " after it)" : "");
}

}  // namespace

void print_outcome(std::ostream& out, const app::Outcome& o, bool show_rolls) {
    if (o.preview) out << "PREVIEW (" << o.preview_note() << ")\n";
    for (const auto& line : o.lines) out << "  " << line << "\n";
    out << o.summary << "\n";
    if (show_rolls && !o.rolls.empty()) out << "\nRolls:\n" << exporter::rolls_text(o.rolls);
    if (o.operation) out << "Journal #" << o.operation << "\n";
}

int run(int argc, const char* const* argv, std::ostream& raw_out, std::ostream& raw_err) {
    VisibleLines out_lines(raw_out.rdbuf()), err_lines(raw_err.rdbuf());
    std::ostream out(&out_lines), err(&err_lines);
    Io io{out, err, std::cin, {}, {}, {}, 5000};
    CLI::App app{"muster: campaign manager and army generator for Fire and Fury", "muster"};
    app.set_version_flag("--version", std::string("muster ") + k_version);
    app.require_subcommand(1);
    // Global options may come before or after the subcommand (fallthrough).
    app.fallthrough(true);
    app.add_option("--db", io.db, "Campaign database file (default: $XDG_DATA_HOME/muster/campaigns.db)")
        ->check(named("give the campaign database file, or leave --db out for the default"));
    app.add_option("--campaign", io.campaign, "Campaign to act on (default: the database's current one)")
        ->check(named("give a campaign's name, or leave --campaign out for the current one"));
    app.add_option("--lock-wait", io.lock_wait_ms, "Milliseconds to wait for another muster's write lock, 0 to 600000 (default 5000)")
        ->check(whole_in(0, 600000));
    add_campaign_commands(app, io);
    add_forces_commands(app, io);
    add_arrive_command(app, io);
    add_battle_commands(app, io);
    add_leader_commands(app, io);
    add_prisoner_commands(app, io);
    add_export_commands(app, io);
    add_history_commands(app, io);
    add_season_commands(app, io);
    add_serve_commands(app, io);
    add_generate_command(app, io);
    add_table_commands(app, io);
    add_rules_commands(app, io);
    values_checked(&app);  // before the docs name the values: an integer's type is known by its name until then
    add_docs_commands(app, io);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // --help and --version are "errors" with exit code 0; real ones get one line.
        if (e.get_exit_code() == 0) return app.exit(e, out, err);
        // A command muster has not first, then a word the command does not take, in the order
        // typed: whatever failed after it (a value read in its place, an option then missing)
        // follows from it.
        if (const auto missing = missing_subcommand(app, argc, argv); !missing.empty()) {
            err << "muster: " << said(missing) << " (see --help)\n";
            return 2;
        }
        if (const auto extras = extras_said(app)) {
            err << "muster: " << said(*extras) << " (see --help)\n";
            return 2;
        }
        if (dynamic_cast<const CLI::ConversionError*>(&e)) {
            err << "muster: " << said(conversion_error(e.what())) << " (see --help)\n";
            return 2;
        }
        // CLI11's words for an option given twice ("--rolls: At Most 1 required but received 2").
        const std::string what = e.what();
        constexpr std::string_view twice = ": At Most 1 required but received ";
        if (const auto at = what.find(twice); at != std::string::npos)
            err << "muster: " << said(what.substr(0, at)) << " is given " << said(what.substr(at + twice.size())) << " times: give it once"
                << " (see --help)\n";
        else
            err << "muster: " << said(what) << " (see --help)\n";
        return 2;
    }
    // An error after the command saved a change is no refusal: the change stands, and is said to.
    const auto saved_before = app::changes_saved();
    const auto told = [&](const std::string& what) { return said(app::changes_saved() == saved_before ? what : after_saving(what)); };
    try {
        if (io.action) io.action();
        return 0;
    } catch (const UsageError& e) {
        err << "muster: " << told(e.what()) << "\n";  // one line, whatever a damaged file put in it
        return 2;
    } catch (const Damaged& e) {
        // Named with its file where it was found in what was read from it, not in its reading
        // (which names the file it read).
        const std::string what = e.what();
        const bool unnamed = what.rfind(Damaged("").what(), 0) == 0;
        err << "muster: " << told(unnamed ? (io.db.empty() ? app::default_db_path() : io.db) + ": " + what : what) << "\n";
        return 1;
    } catch (const Error& e) {
        err << "muster: " << told(e.what()) << "\n";
        return 1;
    } catch (const std::exception& e) {
        err << "muster: " << told(std::string("unexpected error: ") + e.what()) << "\n";
        return 1;
    }
}

}  // namespace muster::cli
