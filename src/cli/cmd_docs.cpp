// `muster completion bash|zsh` and the manual page (`muster manual`, not listed): both written from
// the command line's own definition, so neither can drift from what muster accepts.
#include "app/catalog.hpp"
#include "cli/commands.hpp"
#include "core/version.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>

namespace muster::cli {
namespace {

/// The options a user may give `app` itself (its help flag and positionals left out).
std::vector<const CLI::Option*> options_of(const CLI::App& app) {
    return app.get_options([&app](const CLI::Option* o) { return o->nonpositional() && o != app.get_help_ptr() && !o->get_group().empty(); });
}

std::vector<const CLI::Option*> positionals_of(const CLI::App& app) {
    return app.get_options([](const CLI::Option* o) { return !o->nonpositional(); });
}

std::string upper(std::string s) {
    for (auto& c : s) c = c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    return s;
}

/// The words an option or argument takes, where it takes one of a few: its value named by them,
/// "bash|zsh" (word_option names them so).
std::optional<std::string> words_of(const CLI::Option& o) {
    const auto& named = o.get_type_name();
    if (named.find('|') == std::string::npos) return std::nullopt;
    std::string words = named;
    std::replace(words.begin(), words.end(), '|', ' ');
    return words;
}

std::vector<std::string> option_names(const CLI::Option& o) {
    std::vector<std::string> names;
    for (const auto& s : o.get_snames()) names.push_back("-" + s);
    for (const auto& l : o.get_lnames()) names.push_back("--" + l);
    return names;
}


/// What an option's value is called in --help and the manual: its words where it takes one of
/// a few (--format text|md|csv), what to type (--db FILE, --as VIEW, handout's -o FOLDER), N for
/// another number, else the option's own name.
std::string value_name(const CLI::Option& o) {
    if (words_of(o) || o.get_type_name() == "FOLDER") return o.get_type_name();  // named where it is made (handout -o FOLDER)
    static const std::map<std::string, std::string> named = {
        {"db", "FILE"},     {"output", "FILE"},      {"cert", "FILE"},   {"key", "FILE"},   {"write", "FILE"},   {"as", "VIEW"},
        {"side", "SIDE"},   {"campaign", "NAME"},     {"listen", "ADDRESS"}, {"base", "URL"}, {"date", "YYYY-MM-DD"},
        {"lock-wait", "MS"}, {"size", "WxH"},         {"paper", "a4|letter"}, {"rules", "RULES"}, {"seed", "SEED"}};
    const std::string name = o.get_lnames().empty() ? "" : o.get_lnames().front();
    if (const auto it = named.find(name); it != named.end()) return it->second;
    if (o.get_type_name().rfind("INT", 0) == 0) return "N";
    return name.empty() ? "VALUE" : upper(name);
}

/// Names every option's value as value_name does, so --help says what to type (an argument is
/// named by its own name).
void name_values(CLI::App& app) {
    for (CLI::Option* o : app.get_options()) {
        if (!o->nonpositional()) o->type_name(words_of(*o) ? o->get_type_name() : "");
        else if (takes_value(*o)) o->type_name(value_name(*o));
    }
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) name_values(*sub);
}

/// roff text: a backslash written as \e, a hyphen as \-, a line never starting with a control character.
std::string roff(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '\\') out += "\\e";
        else if (c == '-') out += "\\-";
        else out += c;
    }
    if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out = "\\&" + out;
    return out;
}

void option_items(std::ostream& out, const std::vector<const CLI::Option*>& options) {
    for (const auto* o : options) {
        out << ".TP\n";
        const auto names = option_names(*o);
        for (std::size_t i = 0; i < names.size(); ++i) out << (i ? ", " : "") << "\\fB" << roff(names[i]) << "\\fR";
        if (takes_value(*o)) out << " \\fI" << roff(o->get_type_name().substr(0, o->get_type_name().find(':'))) << "\\fR";
        out << "\n" << roff(o->get_description()) << "\n";
    }
}

/// A command's section: its synopsis, what it does, its arguments and options.
void command_text(std::ostream& out, const CLI::App& cmd, const std::string& path) {
    out << ".SS \"" << roff(path);
    for (const auto* p : positionals_of(cmd)) {
        const std::string name = upper(p->get_name(true));
        out << " " << (p->get_required() ? name : "[" + name + "]") << (p->get_items_expected_max() > 1 ? "..." : "");
    }
    out << "\"\n" << roff(cmd.get_description()) << "\n";
    for (const auto* p : positionals_of(cmd)) out << ".TP\n\\fI" << roff(upper(p->get_name(true))) << "\\fR\n" << roff(p->get_description()) << "\n";
    option_items(out, options_of(cmd));
}

/// One section a command that runs: each with no commands under it, and one with commands under
/// it that takes options of its own (`muster turn`); then the commands under it.
void command_section(std::ostream& out, const CLI::App& cmd, const std::string& path) {
    const auto subs = commands_of(cmd);
    if (subs.empty() || !options_of(cmd).empty() || !positionals_of(cmd).empty()) command_text(out, cmd, path);
    for (const auto* sub : subs) command_section(out, *sub, path + " " + sub->get_name());
}

std::string manual_page(const CLI::App& app) {
    std::ostringstream out;
    out << ".TH MUSTER 1 \"\" \"muster " << k_version << "\" \"User Commands\"\n"
        << ".SH NAME\nmuster \\- campaign manager and army generator for Fire and Fury\n"
        << ".SH SYNOPSIS\n.B muster\n[\\fIOPTIONS\\fR] \\fICOMMAND\\fR [\\fIARGUMENTS\\fR]\n"
        << ".SH DESCRIPTION\n"
        << "muster rolls up divisions from the variable unit tables of Fire and Fury (the American Civil War),\n"
           "its American War of Independence adaptation and L'Ordre Mixte (Napoleonic), and keeps a campaign:\n"
           "its forces and leaders, the season's clock and schedule, battles and the recovery of casualties,\n"
           "prisoners in camps and their exchange, every change in a journal that can be undone, printed\n"
           "orders of battle, labels and each side's papers, and the players' own pages (\\fBmuster serve\\fR).\n"
           "Every command that reads what a side may read (forces, battles, leaders, camps, the journal, papers) takes\n"
           "\\fB\\-\\-as\\fR \\fISIDE\\fR to print only what that side may know; the umpire's own lists take none.\n"
        << ".SH OPTIONS\nThese go before or after the command.\n";
    option_items(out, options_of(app));
    out << ".SH COMMANDS\n";
    for (const auto* cmd : commands_of(app)) command_section(out, *cmd, "muster " + cmd->get_name());
    out << ".SH EXIT STATUS\n.TP\n0\nDone.\n.TP\n1\nRefused: the campaign, a file or the rules did not allow it; nothing was changed.\n"
           ".TP\n2\nA usage error: an unknown command or option, a value of the wrong kind, a unit, side or campaign not found, or an "
           "argument that does not fit what it names (more stands lost than a brigade has, a prisoner sent to a camp liberated); nothing was changed.\n"
        << ".SH FILES\n.TP\n\\fI$XDG_DATA_HOME/muster/campaigns.db\\fR\nThe default campaign database "
           "(\\fI~/.local/share/muster/campaigns.db\\fR without XDG_DATA_HOME).\n"
           ".TP\n\\fI$XDG_DATA_HOME/muster/rules/*.json\\fR\nThe organiser's own rule sets, offered beside the built-in ones.\n"
        << ".SH EXAMPLES\n.nf\nmuster campaign new Gettysburg \\-\\-sample gettysburg\nmuster oob \\-\\-as union\n"
           "muster turn next\nmuster handout \\-\\-side union \\-o papers/union\n.fi\n"
        << ".SH SEE ALSO\n\\fBmuster\\-gui\\fR(1); the guide, installed as /usr/share/doc/muster/README.md and its docs/ (campaign.md, serve.md, rules.md...)\n";
    return out.str();
}

/// What completion knows of the commands: each path ("muster", "muster battle report"...) with
/// the commands and options that may follow it; the words an option's value (keyed "PATH
/// --option") or a command's Nth argument ("PATH #N") is one of; the options that take a value,
/// each with whether it is a file's name (FILE, FOLDER; RULES: a built-in id or a file); the
/// arguments that are a file's or a rule set's ("PATH #N": a name of a unit is neither).
struct Completions {
    std::map<std::string, std::string> subs, opts, words;
    std::map<std::string, bool> valued;
    std::set<std::string> rules_valued;
    std::map<std::string, int> file_args;  ///< 1: a file's name; 2: a rule set's, a built-in id or a file
};

void walk(const CLI::App& cmd, const std::string& path, Completions& c) {
    std::string words;
    for (const auto* sub : commands_of(cmd)) {
        words += (words.empty() ? "" : " ") + sub->get_name();
        walk(*sub, path + " " + sub->get_name(), c);
    }
    c.subs[path] = words;
    std::set<std::string> seen = {"--help"};
    std::string names = "--help";
    for (const auto* o : options_of(cmd))
        for (const auto& name : option_names(*o)) {
            if (seen.insert(name).second) names += " " + name;
            if (!takes_value(*o)) continue;
            const auto& value = o->get_type_name();
            c.valued[name] = c.valued[name] || value == "FILE" || value == "FOLDER";
            if (value == "RULES") c.rules_valued.insert(name);
            if (const auto w = words_of(*o)) c.words[path + " " + name] = *w;
        }
    c.opts[path] = names;
    const auto positionals = positionals_of(cmd);
    for (size_t i = 0; i < positionals.size(); ++i) {
        const auto at = path + " #" + std::to_string(i + 1);
        if (const auto w = words_of(*positionals[i])) c.words[at] = *w;
        else if (positionals[i]->get_name() == "FILE") c.file_args[at] = 1;
        else if (positionals[i]->get_name() == "RULES") c.file_args[at] = 2;
    }
}

/// The completion script for bash, or for zsh, which runs the same through its bashcompinit.
std::string completion_script(const std::string& shell, const CLI::App& app) {
    Completions c;
    walk(app, "muster", c);
    const auto& [subs, opts, words_after, valued, rules_valued, file_args] = c;
    std::ostringstream out;
    if (shell == "zsh") out << "#compdef muster\nautoload -U +X bashcompinit && bashcompinit\n";
    out << "# " << shell << " completion for muster " << k_version << ", written by `muster completion " << shell << "` from its own commands.\n"
        << "typeset -gA _muster_commands _muster_options _muster_words _muster_file_args\n_muster_commands=(\n";
    for (const auto& [path, words] : subs) out << "  [\"" << path << "\"]=\"" << words << "\"\n";
    out << ")\n_muster_options=(\n";
    for (const auto& [path, words] : opts) out << "  [\"" << path << "\"]=\"" << words << "\"\n";
    out << ")\n_muster_words=(\n";
    for (const auto& [after, words] : words_after) out << "  [\"" << after << "\"]=\"" << words << "\"\n";
    out << ")\n_muster_file_args=(\n";
    for (const auto& [at, kind] : file_args) out << "  [\"" << at << "\"]=" << kind << "\n";
    for (const bool files : {true, false}) {
        out << (files ? ")\n_muster_files=\"" : "_muster_valued=\"");
        for (const auto& [name, file] : valued)
            if (file == files && !rules_valued.count(name)) out << " " << name;
        out << " \"\n";
    }
    out << "_muster_rules=\"";
    for (const auto& name : rules_valued) out << " " << name;
    out << " \"\n_muster_rule_ids=\"";
    for (const auto& e : app::Catalog("").list()) out << " " << e.id;  // the built-in ones: the script is the same on every machine
    out << "\"\n";
    out
        << R"(_muster() {
  local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" path=muster i w n=0
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="${COMP_WORDS[i]}"
    if [[ "$_muster_files$_muster_valued$_muster_rules" == *" $w "* ]]; then ((i++)); continue; fi
    if [[ " ${_muster_commands[$path]} " == *" $w "* ]]; then path="$path $w"; n=0
    elif [[ "$w" != -* ]]; then ((n++)); fi
  done
  if [[ -n "${_muster_words[$path $prev]}" ]]; then
    COMPREPLY=($(compgen -W "${_muster_words[$path $prev]}" -- "$cur"))
  elif [[ "$_muster_rules" == *" $prev "* ]]; then
    COMPREPLY=($(compgen -W "$_muster_rule_ids" -- "$cur") $(compgen -f -- "$cur"))
  elif [[ "$_muster_files" == *" $prev "* ]]; then
    COMPREPLY=($(compgen -f -- "$cur"))
  elif [[ "$_muster_valued" == *" $prev "* ]]; then
    COMPREPLY=()
  elif [[ "$cur" != -* && -n "${_muster_words[$path #$((n + 1))]}" ]]; then
    COMPREPLY=($(compgen -W "${_muster_words[$path #$((n + 1))]}" -- "$cur"))
  elif [[ "$cur" == -* ]]; then
    local global="${_muster_options[muster]}"
    [[ "$path" == muster ]] && global="" || global="${global#--help }"
    COMPREPLY=($(compgen -W "${_muster_options[$path]} $global" -- "$cur"))
  else
    COMPREPLY=($(compgen -W "${_muster_commands[$path]}" -- "$cur"))
    if [[ -z "${_muster_commands[$path]}" ]]; then
      case "${_muster_file_args[$path #$((n + 1))]}" in
        1) COMPREPLY=($(compgen -f -- "$cur")) ;;
        2) COMPREPLY=($(compgen -W "$_muster_rule_ids" -- "$cur") $(compgen -f -- "$cur")) ;;
      esac
    fi
  fi
}
complete -o filenames -F _muster muster
)";
    return out.str();
}

}  // namespace

void add_docs_commands(CLI::App& app, Io& io) {
    auto shell = std::make_shared<std::string>();
    auto* completion = app.add_subcommand("completion", "Print the shell's completion script: source <(muster completion bash)");
    completion->add_option("SHELL", *shell, "bash or zsh")
        ->required()
        ->check(CLI::Validator([](std::string& s) { return s == "bash" || s == "zsh" ? std::string() : "\"" + s + "\" is not bash or zsh"; }, ""))
        ->type_name("bash|zsh");
    on_run(completion, io, [shell, &app, &io] { io.out << completion_script(*shell, app); });

    auto* manual = app.add_subcommand("manual", "Print muster(1), the manual page, in roff");
    manual->group("");  // for the build, which installs it; `man muster` reads it
    on_run(manual, io, [&app, &io] { io.out << manual_page(app); });
    name_values(app);  // last: every command is defined
}

}  // namespace muster::cli
