#include "app/catalog.hpp"
#include "app/files.hpp"
#include "cli/commands.hpp"
#include "core/error.hpp"
#include "core/match.hpp"
#include "core/text.hpp"
#include "export/play_text.hpp"
#include "export/rules_text.hpp"
#include "export/text_table.hpp"
#include "rules/load.hpp"

#include <filesystem>
#include <fstream>
#include <memory>

namespace muster::cli {

void add_rules_commands(CLI::App& app, Io& io) {
    auto* rules_cmd = app.add_subcommand("rules", "List, show, validate and copy rule sets");
    rules_cmd->require_subcommand(1);

    auto* list = rules_cmd->add_subcommand("list", "List the built-in rule sets and your own (in <data dir>/rules)");
    on_run(list, io, [&io] {
        exporter::TextTable table;
        table.add({"Id", "Name", "From"});
        for (const auto& e : app::default_catalog().list())
            table.add({e.id, e.error.empty() ? e.name : "REFUSED: " + e.error, e.origin});
        io.out << table.render();
    });

    struct ShowOptions {
        std::string name, table;
    };
    auto show_o = std::make_shared<ShowOptions>();
    auto* show = rules_cmd->add_subcommand("show", "Show a rule set, or one of its tables as the source prints it");
    show->add_option("RULES", show_o->name, "Rule set id or .json file")->required();
    show->add_option("TABLE", show_o->table, "A table id, \"effectiveness\", \"cartel\" (the exchange values), or \"all\"");
    on_run(show, io, [show_o, &io] {
        const auto r = app::default_catalog().load(show_o->name);
        const auto t = lower(show_o->table);  // ids are lower case: "Cartel" is the cartel
        if (t.empty()) {
            io.out << exporter::rule_set_summary(r);
        } else if (t == "effectiveness") {
            io.out << exporter::effectiveness_text(r);
        } else if (t == "cartel" && r.cartel) {
            io.out << exporter::cartel_text(r);
        } else if (t == "all") {
            for (const auto& table : r.tables) io.out << exporter::table_text(r, table) << "\n";
            io.out << exporter::effectiveness_text(r);
            if (r.cartel) io.out << "\n" << exporter::cartel_text(r);
        } else if (const auto* table = r.find_table(t)) {
            io.out << exporter::table_text(r, *table);
        } else if (const auto* play = r.find_play_table(t)) {
            io.out << exporter::play_table_text(*play);
        } else if (t == "cartel") {
            throw UsageError("rule set " + r.id + " has no exchange cartel: its exchanges are not weighed (the sides weigh them themselves)");
        } else {
            std::vector<std::string> ids;
            for (const auto& x : r.tables) ids.push_back(x.id);
            for (const auto& x : r.play_tables) ids.push_back(x.id);
            ids.push_back("effectiveness");
            if (r.cartel) ids.push_back("cartel");
            ids.push_back("all");
            throw UsageError("rule set " + r.id + " has no table \"" + show_o->table + "\" (tables: " + join(ids, ", ") + ")" + did_you_mean(show_o->table, ids));
        }
    });

    struct OddsOptions {
        std::string rules;
        PrintFormat format = PrintFormat::text;
        generate::Request request;
        int year = 0;
        std::string theater;
    };
    auto odds_o = std::make_shared<OddsOptions>();
    auto* odds = rules_cmd->add_subcommand("odds", "The exact chances of a division's brigades, stands and batteries, from the tables");
    odds->add_option("--rules", odds_o->rules, "Rule set id or .json file")->required();
    odds->add_option("--side", odds_o->request.side, "Side id, as the rule set names its sides (acw: union, confederate; awi: american, british; napoleonic: french, allies)")->required();
    odds->add_option("--arm", odds_o->request.arm, "Arm (default: the rule set's first)");
    odds->add_option("--year", odds_o->year, "Year (default: rolled on the rule set's table; where one table rolls year and theater, as acw's table 1, give both or neither)");
    odds->add_option("--theater", odds_o->theater, "Theater (default: rolled on the rule set's table, with the year where one table rolls both)");
    word_option<PrintFormat>(odds, "--format", odds_o->format, "Output format");
    on_run(odds, io, [odds_o, odds, &io] {
        const auto r = app::default_catalog().load(odds_o->rules);
        auto request = odds_o->request;
        if (odds->count("--year")) request.year = odds_o->year;
        if (odds->count("--theater")) request.theater = odds_o->theater;
        const auto exact = generate::exact_odds(r, request);  // refuses an unknown side, arm, year or theater
        if (request.arm.empty()) request.arm = r.arms.front().id;
        io.out << (odds_o->format == PrintFormat::json ? exporter::odds_json(exact, r.id, request) : exporter::odds_text(exact, r, request));
    });

    auto files = std::make_shared<std::vector<std::string>>();
    auto* validate = rules_cmd->add_subcommand("validate", "Check rule set files; says the file, JSON path and problem");
    validate->add_option("FILE", *files, "Rule set .json files")->required();
    on_run(validate, io, [files, &io] {
        // Every file, each said ok or why not (one file alone: its refusal is the command's);
        // refused if any is not. One keeping a built-in's id is sound: a campaign takes it, a
        // sample of that rule set too; only the organiser's rules folder wants another id.
        size_t refused = 0;
        for (const auto& f : *files) {
            try {
                const auto r = rules::load_rule_set_file(f);
                io.out << f << ": ok (" << r.id << ": " << r.name << ", " << r.tables.size() << " tables)\n";
                if (app::Catalog::is_builtin(r.id))
                    io.out << "  its id \"" << r.id << "\" is the built-in rule set's: a campaign takes it as it is (muster campaign new NAME --rules " << shell_word(f)
                           << ", a sample of " << r.id << " too); kept in your rules folder beside the built-in, it needs another id\n";
            } catch (const Error& e) {
                if (files->size() == 1) throw;
                io.err << "muster: " << visible(e.what()) << "\n";
                ++refused;
            }
        }
        if (refused) throw Error(std::to_string(refused) + " of " + std::to_string(files->size()) + " rule set files do not validate (each said above)");
    });

    struct CopyOptions {
        std::string name, dest;
    };
    auto copy_o = std::make_shared<CopyOptions>();
    auto* copy = rules_cmd->add_subcommand("copy", "Write a rule set's JSON to a file, to edit it into your own");
    copy->add_option("RULES", copy_o->name, "Rule set id")->required();
    copy->add_option("FILE", copy_o->dest, "Where to write it (must not exist)")->required()->check(named("give the name of the file to write", true));
    on_run(copy, io, [copy_o, &io] {
        app::write_new_file(copy_o->dest, app::default_catalog().text(copy_o->name));
        io.out << "Wrote " << copy_o->dest << ". Edit it, then: muster rules validate " << shell_word(copy_o->dest)
               << " (keep its id to start a sample of it with the copy; change it to keep the copy in your rules folder)\n";
    });
}

}  // namespace muster::cli
