// `muster campaign new|list|show|set|use`.
#include "app/catalog.hpp"
#include "app/samples.hpp"
#include "cli/commands.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "export/text_table.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>
#include <optional>
#include <random>

#include <unistd.h>

namespace muster::cli {
namespace {

// The umpire's view shows the file and the dice; a side's, neither: where the dice stand
// counts every roll, the enemy's hidden ones too.
void show_campaign(std::ostream& out, const campaign::CampaignInfo& c, const rules::RuleSet& rules, const std::string& path,
                   const View& viewer = View::umpire()) {
    exporter::TextTable t;
    t.add({"Campaign", c.name});
    if (viewer.is_umpire()) t.add({"Database", path});
    t.add({"Rule set", c.rules_id + " (pinned copy)"});
    t.add({"Casualties returning", std::to_string(c.return_rate) + "%"});
    t.add({"Fractions of stands", word(c.rounding)});
    // A grade played otherwise by the book (the ACW's despicable) is what the setting is about.
    const bool despicable = rules.plays_a_grade_by_the_book();
    t.add({"Despicable leaders", !despicable ? "(the rule set has none)" : c.despicable == Despicable::book ? "by the book (as average)" : "expanded (DP)"});
    if (!viewer.is_umpire()) t.add({"Dice", c.dice == DiceMode::seeded ? "seeded by muster" : "typed in by the organiser"});
    else
        t.add({"Dice", c.dice == DiceMode::seeded ? "seeded: " + std::to_string(c.seed) + ", " + std::to_string(c.draws) +
                                                         " draws so far of all its dice"
                                                   : "typed in by the organiser"});
    const auto scale = rules.men_per_stand();
    t.add({"Men per stand", c.men_per_stand ? std::to_string(*c.men_per_stand)
                            : scale         ? std::to_string(*scale) + " (the rule set's scale)"
                                            : "(none: the rule set gives no scale)"});
    t.add({"Date", text_or(c.date, "(not set: give --year when a division arrives)")});
    t.add({"Theater", c.theater ? *c.theater : rules.theaters.empty() ? "(the rule set has none)" : "(not set)"});
    // A rule set of sides no list names (the organiser's own) draws none: said here.
    std::vector<std::string> unlisted;
    for (const auto& side : rules.sides)
        if (generate::name_pool(app::leader_name_lists(), rules, side.id, "").empty()) unlisted.push_back(rules.the_side(side.id));
    t.add({"Leader names", !c.leader_names ? "off"
                           : unlisted.empty() ? "drawn from muster's lists for the leaders the tables roll"
                                              : "on, but muster has no list for " + join(unlisted, " or ") + ": their leaders are named as you name them"});
    t.add({"Turn", std::to_string(c.turn.number()) + (c.turn_days ? ", of " + count_of(*c.turn_days, "day", "days") : " (turns have no length: give --turn-length)")});
    t.add({"Created", c.created_at});
    out << t.render();
}

// A new file appears whole, holding its first campaign, or not at all (a refusal, a kill): it
// is made beside it under a name of its own and linked into place once closed, its log written
// back. None: another muster made the file meanwhile (it wins; link never replaces a file).
std::optional<campaign::CampaignInfo> create_in_new_file(const std::string& path, const app::NewCampaign& wanted, int lock_wait_ms) {
    namespace fs = std::filesystem;
    app::require_plain_companions(path);  // the file linked in would find them
    std::error_code ec;
    const std::string part = path + ".part-" + std::to_string(::getpid()) + "-" + std::to_string(std::random_device{}());
    const auto remove_part = [&] {
        for (const char* end : {"", "-wal", "-shm", "-journal"}) fs::remove(part + end, ec);
    };
    // What was saved into the file thrown away stands nowhere: no change was made.
    const auto saved_before = app::changes_saved();
    const auto throw_away = [&] {
        remove_part();
        app::forget_changes_saved_since(saved_before);
    };
    // Its errors name the file asked for, not the one beside it that goes again.
    const auto named = [&](std::string what) {
        for (auto at = what.find(part); at != std::string::npos; at = what.find(part, at + path.size())) what.replace(at, part.size(), path);
        return what;
    };
    std::optional<campaign::CampaignInfo> made;
    try {
        app::Session service(part, app::Open::create, lock_wait_ms);
        made = service.create_campaign(wanted);
    } catch (const UsageError& e) {
        throw_away();
        throw UsageError(named(e.what()));
    } catch (const Error& e) {
        throw_away();
        throw Error(named(e.what()));
    }
    // Closed, its log is written back into it: one left over would be lost with it.
    if (fs::file_size(part + "-wal", ec) > 0 && !ec) {
        throw_away();
        throw Error(path + ": the new campaign database could not be written whole (is the disk full?); nothing was made");
    }
    if (::link(part.c_str(), path.c_str()) != 0) {
        const int why = errno;
        if (why == EEXIST) {
            throw_away();
            return std::nullopt;
        }
        // A file system without hard links: moved into place instead, if nothing is there yet.
        const auto refused = [&](const std::string& reason) {
            throw_away();
            return Error(path + ": cannot put the new campaign database in place (" + reason + "); nothing was made");
        };
        if (why != EPERM && why != ENOTSUP && why != EOPNOTSUPP && why != ENOSYS) throw refused(std::strerror(why));
        if (fs::exists(fs::symlink_status(path, ec))) {
            throw_away();
            return std::nullopt;
        }
        fs::rename(part, path, ec);
        if (ec) throw refused(ec.message());
    }
    remove_part();
    return made;
}

}  // namespace

void add_campaign_commands(CLI::App& app, Io& io) {
    auto* cmd = app.add_subcommand("campaign", "Create, list, show and choose campaigns");
    cmd->require_subcommand(1);

    auto n = std::make_shared<app::NewCampaign>();
    auto* create = cmd->add_subcommand("new", "Create a campaign (it pins a copy of its rule set) and make it current");
    create->add_option("NAME", n->name, "Campaign name")->required();
    create->add_option("--rules", n->rules, "Rule set id or .json file (with --sample: the sample's, unless given)");
    create->add_option("--sample", n->sample, "Start from a sample campaign: its armies, schedule and settings (muster campaign samples)");
    create->add_option("--return-rate", n->return_rate, "Percent of casualties that return after a battle (default 50)");
    word_option<Rounding>(create, "--rounding", n->rounding, "Fractions of returning stands (default roll)");
    word_option<Despicable>(create, "--despicable", n->despicable, "Despicable leaders (default expanded)");
    word_option<DiceMode>(create, "--dice", n->dice, "Dice: seeded by muster (default) or typed in by you");
    seed_option(create, "--seed", n->seed, "Seed of the campaign's dice (default: a fresh one)");
    create->add_option("--men-per-stand", n->men_per_stand, "Men a stand stands for (weighs stands in an exchange cartel)");
    day_option(create, "--date", n->date, "The campaign's date: arrivals and the leader table take its year");
    create->add_option("--theater", n->theater, "The theater of operations, where the rule set has them (acw: east or west): arrivals take it");
    create->add_option_function<std::string>("--turn-length", [n](const std::string& t) { n->turn_days = parse_turn_length(t); },
                                             "How long a turn lasts, e.g. 7d or 2w: `muster turn next` moves the date on by it");
    word_option<Switch>(create, "--leader-names", n->leader_names,
                        "Names drawn from muster's lists for the leaders the tables roll (default on)");
    on_run(create, io, [n, &io] {
        const std::string path = io.db.empty() ? app::default_db_path() : io.db;
        const auto created = [&](const campaign::CampaignInfo& c) {
            io.out << "Created campaign \"" << c.name << "\" in " << path << " (now current).\n";
            show_campaign(io.out, c, *app::pinned_rules(c.rules_json, c.name), path);  // read once: the session that made it read it
        };
        const auto into_existing = [&] {
            auto service = open_campaigns(io, app::Open::create, Campaign::file);
            created(service.create_campaign(*n));
        };
        std::error_code ec;
        if (std::filesystem::exists(std::filesystem::symlink_status(path, ec))) return into_existing();  // a link counts, dangling or not
        if (const auto made = create_in_new_file(path, *n, io.lock_wait_ms)) return created(*made);
        into_existing();  // another muster made the file meanwhile: the campaign goes into it
    });

    on_run(cmd->add_subcommand("samples", "The sample campaigns muster ships: what each holds and where it comes from"), io, [&io] {
        exporter::TextTable t;
        t.add({"Sample", "Rule set", "Title", "Starts"});
        for (const auto& s : app::samples()) t.add({s.id, s.rules, s.title, text_or(s.date, "")});
        io.out << t.render();
        for (const auto& s : app::samples()) io.out << "\n" << s.id << ": " << s.about << "\n  Source: " << s.source << "\n";
        io.out << "\nStart one: muster campaign new NAME --sample ID\n";
    });

    on_run(cmd->add_subcommand("list", "List the campaigns in the database"), io, [&io] {
        auto service = open_campaigns(io, app::Open::existing, Campaign::file);
        exporter::TextTable t;
        t.add({"Campaign", "Rule set", "Dice", "Created", ""});
        const auto current = service.current_if_any();
        for (const auto& c : service.campaigns()) t.add({c.name, c.rules_id, word(c.dice), c.created_at, current && current->id == c.id ? "current" : ""});
        io.out << t.render();
    });

    auto as = std::make_shared<std::string>();
    auto* show = cmd->add_subcommand("show", "Show the current campaign's settings");
    add_view_option(show, *as);
    on_run(show, io, [as, &io] {
        auto service = open_campaigns(io);
        show_campaign(io.out, service.current(), service.rules(), service.db_path(), service.view(*as));
    });

    auto settings = std::make_shared<app::CampaignSettings>();
    auto* set = cmd->add_subcommand("set", "Change the current campaign's settings (an undoable operation)");
    set->add_option("--return-rate", settings->return_rate, "Percent of casualties that return after a battle");
    word_option<Rounding>(set, "--rounding", settings->rounding, "Fractions of returning stands");
    word_option<Despicable>(set, "--despicable", settings->despicable, "Despicable leaders");
    set->add_option("--men-per-stand", settings->men_per_stand, "Men a stand stands for (weighs stands in an exchange cartel)");
    day_option(set, "--date", settings->date, "The campaign's date: arrivals and the leader table take its year");
    set->add_option("--theater", settings->theater, "The theater of operations, where the rule set has them (acw: east or west): arrivals take it");
    set->add_option_function<std::string>("--turn-length", [settings](const std::string& t) { settings->turn_days = parse_turn_length(t); },
                                          "How long a turn lasts, e.g. 7d or 2w");
    word_option<Switch>(set, "--leader-names", settings->leader_names, "Names drawn for the leaders the tables roll from now on");
    word_option<DiceMode>(set, "--dice", settings->dice, "Dice from now on: seeded by muster or typed in by you");
    on_run(set, io, [settings, set, &io] {
        // None given: asked for, not answered as though each were given as it is.
        const auto options = set->get_options();  // a copy: begin and end of one
        if (std::all_of(options.begin(), options.end(), [](const CLI::Option* o) { return o->count() == 0; }))
            throw UsageError("no setting given: give one or more of --return-rate, --rounding, --despicable, --men-per-stand, --date, --theater, "
                             "--turn-length, --leader-names, --dice (muster campaign show shows them as they are)");
        auto service = open_campaigns(io);
        service.change_settings(*settings);
        show_campaign(io.out, service.current(), service.rules(), service.db_path());
    });

    auto use_name = std::make_shared<std::string>();
    auto* use = cmd->add_subcommand("use", "Make a campaign the database's current one");
    use->add_option("NAME", *use_name, "Campaign name")->required();
    on_run(use, io, [use_name, &io] {
        auto service = open_campaigns(io, app::Open::existing, Campaign::file);
        const auto name = service.use_campaign(*use_name);
        io.out << "Current campaign: " << name << "\n";
    });
}

}  // namespace muster::cli
