#include "cli/commands.hpp"

#include <memory>

namespace muster::cli {

void add_forces_commands(CLI::App& app, Io& io) {
    auto* add = app.add_subcommand("add", "Lay out the armies: armies, corps, placeholder divisions, hand-entered units");
    add->require_subcommand(1);

    struct Named {
        std::string parent, name, side, arm, leader, grade;
    };
    auto army = std::make_shared<Named>();
    auto* a = add->add_subcommand("army", "Add an army of a side");
    a->add_option("NAME", army->name, "Army name")->required();
    a->add_option("--side", army->side, "Side id, e.g. union")->required();
    a->add_option("--leader", army->leader, "Commander's name");
    a->add_option("--grade", army->grade, "Commander's grade, e.g. average");
    a->callback([army, &io] {
        io.action = [army, &io] {
            open_campaigns(io).add_army(army->side, army->name, {army->leader, army->grade});
            io.out << "Added army " << army->name << ".\n";
        };
    });

    auto corps = std::make_shared<Named>();
    auto* k = add->add_subcommand("corps", "Add a corps to an army");
    k->add_option("NAME", corps->name, "Corps name")->required();
    k->add_option("--army", corps->parent, "Army it belongs to")->required();
    k->add_option("--leader", corps->leader, "Commander's name");
    k->add_option("--grade", corps->grade, "Commander's grade");
    k->callback([corps, &io] {
        io.action = [corps, &io] {
            open_campaigns(io).add_corps(corps->parent, corps->name, {corps->leader, corps->grade});
            io.out << "Added corps " << corps->name << ".\n";
        };
    });

    auto div = std::make_shared<Named>();
    auto* d = add->add_subcommand("division", "Add a placeholder division to a corps: rolled up when it arrives");
    d->add_option("NAME", div->name, "Division name")->required();
    d->add_option("--corps", div->parent, "Corps it belongs to")->required();
    d->add_option("--arm", div->arm, "Arm, e.g. infantry or cavalry (default: the rule set's first)");
    d->callback([div, &io] {
        io.action = [div, &io] {
            open_campaigns(io).add_division(div->parent, div->name, div->arm);
            io.out << "Added division " << div->name << " (placeholder).\n";
        };
    });

    auto bri = std::make_shared<app::BrigadeEntry>();
    auto* b = add->add_subcommand("brigade", "Enter a historical brigade by hand into a placeholder or hand-entered division");
    b->add_option("NAME", bri->name, "Brigade name")->required();
    b->add_option("--division", bri->division, "Division it belongs to")->required();
    b->add_option("--rating", bri->rating, "Rating, e.g. veteran")->required();
    b->add_option("--stands", bri->stands, "Stands now")->required();
    b->add_option("--start", bri->start, "Start strength, when not --stands");
    b->add_option("--label", bri->label, "Effectiveness label start/worn/spent, e.g. 6/5/3 (default: the rule set's)");
    b->add_option("--arm", bri->arm, "Arm (default: the division's)");
    b->add_option("--leader", bri->commander.name, "Brigadier's name");
    b->add_option("--grade", bri->commander.grade, "Brigadier's grade");
    b->callback([bri, &io] {
        io.action = [bri, &io] {
            open_campaigns(io).add_brigade(*bri);
            io.out << "Added brigade " << bri->name << ".\n";
        };
    });

    auto bat = std::make_shared<app::BatteryEntry>();
    auto* t = add->add_subcommand("battery", "Add a battery to a division or to a corps' or army's artillery reserve");
    t->add_option("NAME", bat->name, "Battery name")->required();
    t->add_option("--division", bat->division, "Division");
    t->add_option("--corps", bat->corps, "Corps (its artillery reserve)");
    t->add_option("--army", bat->army, "Army (its artillery reserve)");
    t->callback([bat, &io] {
        io.action = [bat, &io] {
            open_campaigns(io).add_battery(*bat);
            io.out << "Added battery " << bat->name << ".\n";
        };
    });

    struct RenameOptions {
        std::string kind, ref, name;
    };
    auto rn = std::make_shared<RenameOptions>();
    auto* rename = app.add_subcommand("rename", "Rename an army, corps, division or brigade, or name a leader");
    rename->add_option("KIND", rn->kind, "army, corps, division, brigade or leader")
        ->required()->check(CLI::IsMember({"army", "corps", "division", "brigade", "leader"}));
    rename->add_option("NAME", rn->ref, "Its name now (a brigade as Division/Brigade; a leader by name or unit)")->required();
    rename->add_option("NEW", rn->name, "The new name")->required();
    rename->callback([rn, &io] {
        io.action = [rn, &io] {
            open_campaigns(io).rename(rn->kind, rn->ref, rn->name);
            io.out << "Renamed " << rn->kind << " " << rn->ref << " to " << rn->name << ".\n";
        };
    });

    auto* imp = app.add_subcommand("import", "Import an order of battle");
    imp->require_subcommand(1);
    auto file = std::make_shared<std::string>();
    auto* oob = imp->add_subcommand("oob", "Add the armies of a muster-oob/1 JSON file to the campaign, all or nothing");
    oob->add_option("FILE", *file, "The JSON file (as `muster oob --format json` writes it)")->required();
    oob->callback([file, &io] {
        io.action = [file, &io] {
            const auto summary = open_campaigns(io).import_oob(*file);
            io.out << "Imported " << summary << ".\n";
        };
    });
}

}  // namespace muster::cli
