// `muster table list|show|roll`: the play tables of a rule set, at the table side.
#include "app/catalog.hpp"
#include "app/table_side.hpp"
#include "cli/commands.hpp"
#include "cli/dice_at_table.hpp"
#include "export/play_text.hpp"

#include <memory>

namespace muster::cli {

void add_table_state_command(CLI::App* table_cmd, Io& io);

namespace {

// The rule set a table command reads: the one given, else the current campaign's.
rules::RuleSet rules_for(const Io& io, const std::string& given) {
    if (!given.empty()) return app::default_catalog().load(given);
    try {
        return open_campaigns(io).rules();
    } catch (const Error& e) {
        throw UsageError(std::string("give the rule set (--rules ID): there is no campaign to take it from (") + e.what() + ")");
    }
}

}  // namespace

void add_table_commands(CLI::App& app, Io& io) {
    auto* table_cmd = app.add_subcommand("table", "The play tables of a rule set: list, show as the source prints them, roll with modifiers");
    table_cmd->require_subcommand(1);

    auto list_rules = std::make_shared<std::string>();
    auto* list = table_cmd->add_subcommand("list", "List a rule set's play tables");
    list->add_option("--rules", *list_rules, "Rule set id or .json file (default: the campaign's)");
    on_run(list, io, [list_rules, &io] { io.out << exporter::play_tables_text(rules_for(io, *list_rules)); });

    struct ShowOptions {
        std::string rules, table;
    };
    auto show_o = std::make_shared<ShowOptions>();
    auto* show = table_cmd->add_subcommand("show", "Show a play table laid out as the source prints it, with its modifiers and muster's readings");
    show->add_option("--rules", show_o->rules, "Rule set id or .json file (default: the campaign's)");
    show->add_option("TABLE", show_o->table, "Play table id (see muster table list), or \"all\"")->required();
    on_run(show, io, [show_o, &io] {
        const auto r = rules_for(io, show_o->rules);
        if (show_o->table == "all") {
            for (const auto& t : r.play_tables) io.out << exporter::play_table_text(t) << "\n";
            if (r.play_tables.empty()) io.out << exporter::play_tables_text(r);
            return;
        }
        io.out << exporter::play_table_text(app::play_table(r, show_o->table));
    });

    struct RollOptionsT {
        std::string rules, points;
        PrintFormat format = PrintFormat::text;
        app::TableRollRequest request;
        std::vector<std::string> modifiers;
        RollOptions dice;
        std::string battle, unit, defender, firer;
        bool override = false;
    };
    add_table_state_command(table_cmd, io);

    auto o = std::make_shared<RollOptionsT>();
    auto* roll = table_cmd->add_subcommand("roll", "Roll a play table: the dice, each modifier by name with its value, the score, the row and the result");
    roll->add_option("--rules", o->rules, "Rule set id or .json file (default: the campaign's; not with --battle: a campaign rolls its own)");
    roll->add_option("TABLE", o->request.table, "Play table id (see muster table list)")->required();
    roll->add_option("--column", o->request.request.column, "The column to read: a grade, good order or disorder... (see muster table show)");
    roll->add_option("--points", o->points, "Fire points, for a table read by them: 6, 1/2, 3 1/2");
    roll->add_option("--modifier", o->modifiers,
                     "A modifier by id: ID, ID=N (counted N times, or a value you choose), attacker:ID or defender:ID on a table both sides roll");
    seed_option(roll, "--seed", o->request.seed, "Seed of the dice: the same seed rolls the same dice (not with --battle)");
    add_roll_options(roll, o->dice, "Dice you rolled yourself, in order: d6 1-6, d10 1-10, 2d6 a total 2-12 or 3+4; on a table both sides roll, the attacker's first");
    roll->add_option("--battle", o->battle, "In the campaign: the battle (not yet reported) whose draft report takes what the result costs");
    roll->add_option("--unit", o->unit, "With --battle: the brigade or battery rolled for (fire: the target; both sides rolling: the attacker)");
    roll->add_option("--defender", o->defender, "With --battle, on a table both sides roll: the defender's brigade or battery");
    roll->add_option("--firer", o->firer, "With --battle, on a fire table: the brigade or battery firing (--unit is its target)");
    roll->add_flag("--override", o->override,
                   "With --battle: roll the column and modifiers exactly as given where the campaign's facts say otherwise (journaled as your choice)");
    word_option<PrintFormat>(roll, "--format", o->format, "Output format");
    on_run(roll, io, [o, &io] {
        auto request = o->request;
        if (!o->points.empty()) {
            request.request.points = rules::parse_points(o->points);
            if (!request.request.points)
                throw UsageError("--points \"" + o->points + "\" is not a number of fire points: expected e.g. 6, 1/2 or 3 1/2 (0 to 999)");
        }
        for (const auto& m : o->modifiers) request.request.modifiers.push_back(play::parse_choice(m));
        if (!o->battle.empty()) {
            if (!o->rules.empty()) throw UsageError("--rules does not go with --battle: a campaign rolls the rule set it pinned");
            if (request.seed) throw UsageError("--seed does not go with --battle: a campaign rolls its own dice");
            if (o->format != PrintFormat::text) throw UsageError("--format json does not go with --battle");
            auto session = open_campaigns(io);
            const app::CampaignRoll roll{request.table, request.request, o->battle, o->unit, o->defender, o->firer, o->override};
            const auto rolled = with_dice(session, io, o->dice, [&](const std::vector<std::string>& rolls) { return session.table_side().roll(roll, rolls); });
            io.out << exporter::play_roll_text(rolled.roll);
            if (rolled.fallen) io.out << exporter::play_roll_text(*rolled.fallen);
            for (const auto& left : rolled.overridden) io.out << "  Left out by the override: " << left << "\n";
            for (const auto& given : rolled.given_over) io.out << "  Given over the campaign's reading: " << given << "\n";
            print_outcome(io.out, rolled.outcome, false);
            return;
        }
        if (!o->unit.empty() || !o->defender.empty() || !o->firer.empty()) throw UsageError("--unit, --defender and --firer go with --battle NAME, in a campaign");
        if (o->override) throw UsageError("--override goes with --battle NAME: outside a campaign there are no facts to override");
        const auto r = rules_for(io, o->rules);
        auto attempt = [&](const std::vector<std::string>& rolls) {
            auto req = request;
            req.typed_rolls = rolls;
            req.typed = o->dice.ask;
            return app::roll_play_table(r, req);
        };
        const auto rolls = given_rolls(o->dice);
        const auto rolled = o->dice.ask ? ask_until_done(io, rolls, attempt) : attempt(rolls);
        if (o->format == PrintFormat::json) {
            io.out << exporter::play_roll_json(rolled.roll, r.id, rolled.again ? &*rolled.again : nullptr);
            return;
        }
        io.out << exporter::play_roll_text(rolled.roll) << (rolled.again ? exporter::broken_again_text(rolled.roll, *rolled.again) : "");
        if (rolled.seed) io.out << "\nSeed " << *rolled.seed << " (--seed " << *rolled.seed << " rolls these dice again)\n";
    });
}

void add_table_state_command(CLI::App* table_cmd, Io& io) {
    struct StateOptions {
        std::string battle, unit;
        std::vector<std::string> states;
    };
    auto o = std::make_shared<StateOptions>();
    auto* state = table_cmd->add_subcommand("state", "Set a unit's state on the table in a battle's draft: disordered, low_ammo, formation, damaged, silenced, broken, off_field");
    state->add_option("--battle", o->battle, "The battle (not yet reported) whose draft carries the state")->required();
    state->add_option("--unit", o->unit, "The brigade or battery")->required();
    state->add_option("STATE", o->states, "STATE=VALUE: disordered=yes, low_ammo=no, formation=line, damaged=yes...")->required();
    on_run(state, io, [o, &io] {
        std::vector<app::StateChange> changes;
        for (const auto& s : o->states) changes.push_back(app::parse_state_change(s));
        auto session = open_campaigns(io);
        print_outcome(io.out, session.table_side().set_state(o->battle, o->unit, changes), false);
    });
}

}  // namespace muster::cli
