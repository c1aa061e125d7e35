#include "cli/commands.hpp"
#include "core/error.hpp"
#include "export/text_table.hpp"

#include <memory>

namespace muster::cli {
namespace {

void show_campaign(std::ostream& out, const db::CampaignRow& c, const std::string& path) {
    exporter::TextTable t;
    t.add({"Campaign", c.name});
    t.add({"Database", path});
    t.add({"Rule set", c.rules_id + " (pinned copy)"});
    t.add({"Casualties returning", std::to_string(c.return_rate) + "%"});
    t.add({"Fractions of stands", c.rounding});
    t.add({"Despicable leaders", c.despicable == "book" ? "by the book (as average)" : "expanded (DP)"});
    t.add({"Dice", c.dice == "seeded" ? "seeded: " + std::to_string(c.seed) + ", " + std::to_string(c.dice_counter) + " draws so far"
                                      : "typed in by the organiser"});
    t.add({"Men per stand", c.men_per_stand ? std::to_string(*c.men_per_stand) : "(the rule set's scale, if any)"});
    t.add({"Created", c.created_at});
    out << t.render();
}

}  // namespace

void add_campaign_command(CLI::App& app, Io& io) {
    auto* cmd = app.add_subcommand("campaign", "Create, list, show and choose campaigns");
    cmd->require_subcommand(1);

    auto n = std::make_shared<app::NewCampaign>();
    auto* create = cmd->add_subcommand("new", "Create a campaign (it pins a copy of its rule set) and make it current");
    create->add_option("NAME", n->name, "Campaign name")->required();
    create->add_option("--rules", n->rules, "Rule set id or .json file")->required();
    create->add_option("--return-rate", n->return_rate, "Percent of casualties that return after a battle (default 50)");
    create->add_option("--rounding", n->rounding, "Fractions of returning stands: down, half_up or roll (default roll)");
    create->add_option("--despicable", n->despicable, "Despicable leaders: expanded (default) or book");
    create->add_option("--dice", n->dice, "seeded (default) or typed (you roll, muster records)");
    create->add_option("--seed", n->seed, "Seed of the campaign's dice (default: a fresh one)");
    create->add_option("--men-per-stand", n->men_per_stand, "Men a stand stands for (weighs stands in an exchange cartel)");
    create->callback([n, &io] {
        io.action = [n, &io] {
            auto service = open_campaigns(io, true, false);
            const auto c = service.create_campaign(*n);
            io.out << "Created campaign \"" << c.name << "\" in " << service.db_path() << " (now current).\n";
            show_campaign(io.out, c, service.db_path());
        };
    });

    cmd->add_subcommand("list", "List the campaigns in the database")->callback([&io] {
        io.action = [&io] {
            auto service = open_campaigns(io, false, false);
            exporter::TextTable t;
            t.add({"Campaign", "Rule set", "Dice", "Created"});
            for (const auto& c : service.campaigns()) t.add({c.name, c.rules_id, c.dice, c.created_at});
            io.out << t.render();
        };
    });

    cmd->add_subcommand("show", "Show the current campaign's settings")->callback([&io] {
        io.action = [&io] {
            auto service = open_campaigns(io);
            show_campaign(io.out, service.current(), service.db_path());
        };
    });

    auto settings = std::make_shared<app::CampaignSettings>();
    auto* set = cmd->add_subcommand("set", "Change the current campaign's settings (an undoable operation)");
    set->add_option("--return-rate", settings->return_rate, "Percent of casualties that return after a battle");
    set->add_option("--rounding", settings->rounding, "Fractions of returning stands: down, half_up or roll");
    set->add_option("--despicable", settings->despicable, "expanded or book");
    set->add_option("--men-per-stand", settings->men_per_stand, "Men a stand stands for (weighs stands in an exchange cartel)");
    set->callback([settings, &io] {
        io.action = [settings, &io] {
            auto service = open_campaigns(io);
            service.change_settings(*settings);
            show_campaign(io.out, service.current(), service.db_path());
        };
    });

    auto use_name = std::make_shared<std::string>();
    auto* use = cmd->add_subcommand("use", "Make a campaign the database's current one");
    use->add_option("NAME", *use_name, "Campaign name")->required();
    use->callback([use_name, &io] {
        io.action = [use_name, &io] {
            auto service = open_campaigns(io, false, false);
            service.use_campaign(*use_name);
            io.out << "Current campaign: " << *use_name << "\n";
        };
    });
}

}  // namespace muster::cli
