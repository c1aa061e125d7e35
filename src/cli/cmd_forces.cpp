// `muster add`, `rename`, `import oob`, `reveal`, `oob`: laying out and reading the forces.
#include "app/exports.hpp"
#include "app/forces.hpp"
#include "cli/commands.hpp"

#include <memory>

namespace muster::cli {

void add_forces_commands(CLI::App& app, Io& io) {
    auto* add = app.add_subcommand("add", "Lay out the armies: armies, corps, placeholder divisions, hand-entered units");
    add->require_subcommand(1);

    struct Named {
        std::string parent, name, side, arm, leader, grade, nationality;
    };
    auto army = std::make_shared<Named>();
    auto* a = add->add_subcommand("army", "Add an army of a side");
    a->add_option("NAME", army->name, "Army name")->required();
    a->add_option("--side", army->side, "Side id, as the rule set names its sides (acw: union, confederate; awi: american, british; napoleonic: french, allies)")->required();
    a->add_option("--leader", army->leader, "Commander's name");
    a->add_option("--grade", army->grade, "Commander's grade, one of the rule set's (muster rules show RULES lists them; default with --leader: rolled on the leader table for the campaign's year)");
    on_run(a, io, [army, &io] {
        io.out << open_campaigns(io).forces().add_army(army->side, army->name, {army->leader, army->grade}) << ".\n";
    });

    auto corps = std::make_shared<Named>();
    auto* k = add->add_subcommand("corps", "Add a corps to an army");
    k->add_option("NAME", corps->name, "Corps name")->required();
    k->add_option("--army", corps->parent, "Army it belongs to")->required();
    k->add_option("--leader", corps->leader, "Commander's name");
    k->add_option("--grade", corps->grade, "Commander's grade (default with --leader: rolled on the leader table for the campaign's year)");
    on_run(k, io, [corps, &io] {
        io.out << open_campaigns(io).forces().add_corps(corps->parent, corps->name, {corps->leader, corps->grade}) << ".\n";
    });

    auto div = std::make_shared<Named>();
    auto* d = add->add_subcommand("division", "Add a placeholder division to a corps: rolled up when it arrives");
    d->add_option("NAME", div->name, "Division name")->required();
    d->add_option("--corps", div->parent, "Corps it belongs to")->required();
    d->add_option("--arm", div->arm, "Arm, e.g. infantry or cavalry (default: the rule set's first)");
    d->add_option("--leader", div->leader, "Its commander, known by name: his grade is rolled when it arrives (no name is drawn for him)");
    d->add_option("--nationality", div->nationality, "Its nationality, in a rule set that has them (its leaders' names are drawn from its list)");
    on_run(d, io, [div, &io] {
        io.out << open_campaigns(io).forces().add_division(div->parent, div->name, div->arm, div->leader, div->nationality) << ".\n";
    });

    auto bri = std::make_shared<app::BrigadeEntry>();
    auto* b = add->add_subcommand("brigade", "Enter a historical brigade by hand into a placeholder or hand-entered division");
    b->add_option("NAME", bri->name, "Brigade name")->required();
    b->add_option("--division", bri->division, "Division it belongs to")->required();
    b->add_option("--rating", bri->rating, "Rating id, as the rule set names its ratings (muster rules show RULES lists them)")->required();
    b->add_option("--stands", bri->stands, "Stands now")->required();
    b->add_option("--start", bri->start, "Its start strength, where it has fewer stands now than it began with (default: --stands)");
    b->add_option("--label", bri->label, "Effectiveness label start/worn/spent, e.g. 6/5/3 (default: the rule set's)");
    b->add_option("--arm", bri->arm, "Arm (default: the division's)");
    b->add_option("--leader", bri->commander.name, "Brigadier's name");
    b->add_option("--grade", bri->commander.grade, "Brigadier's grade");
    b->add_option("--alternate", bri->alternate.name, "Its Alternate commander's name, in a rule set with them (AWI)");
    b->add_option("--alternate-grade", bri->alternate.grade, "Its Alternate commander's grade");
    on_run(b, io, [bri, &io] {
        io.out << open_campaigns(io).forces().add_brigade(*bri) << ".\n";
    });

    auto bat = std::make_shared<app::BatteryEntry>();
    auto* t = add->add_subcommand("battery", "Add a battery to a division or to a corps' or army's artillery reserve");
    t->add_option("NAME", bat->name, "Battery name")->required();
    t->add_option("--division", bat->division, "Division");
    t->add_option("--corps", bat->corps, "Corps (its artillery reserve)");
    t->add_option("--army", bat->army, "Army (its artillery reserve)");
    on_run(t, io, [bat, &io] {
        io.out << open_campaigns(io).forces().add_battery(*bat) << ".\n";
    });

    struct RenameOptions {
        NamedKind kind = NamedKind::army;
        std::string ref, name;
    };
    auto rn = std::make_shared<RenameOptions>();
    auto* rename = app.add_subcommand("rename", "Rename an army, corps, division, brigade or battery, or name a leader");
    word_option<NamedKind>(rename, "KIND", rn->kind, "What to rename")->required();
    rename->add_option("NAME", rn->ref, "Its name now (a brigade as Division/Brigade; a leader by name or unit)")->required();
    rename->add_option("NEW", rn->name, "The new name")->required();
    on_run(rename, io, [rn, &io] {
        const auto renamed = open_campaigns(io).forces().rename(rn->kind, rn->ref, rn->name);
        io.out << renamed.summary << ".\n";
    });

    auto* imp = app.add_subcommand("import", "Import an order of battle");
    imp->require_subcommand(1);
    auto file = std::make_shared<std::string>();
    auto columns = std::make_shared<std::vector<std::string>>();
    auto* oob = imp->add_subcommand("oob", "Add the armies of an order of battle to the campaign, all or nothing: a muster-oob/1 JSON file, or a spreadsheet (.csv)");
    oob->add_option("FILE", *file, "The JSON file (as `muster oob --format json` writes it), or a .csv (as `--format csv` writes it, or mapped with --columns); - reads standard input, JSON or CSV by what it holds")->required();
    oob->add_option("--columns", *columns, "HEADER=COLUMN: the spreadsheet's header that holds muster's column (e.g. \"Brigade=name\"; repeatable, or comma-separated)");
    on_run(oob, io, [file, columns, &io] {
        std::map<std::string, std::string> mapped;
        for (const auto& option : *columns)
            for (const auto& pair : split(option, ',')) {
                const auto eq = pair.rfind('=');
                if (eq == std::string::npos || trim(pair.substr(0, eq)).empty() || trim(pair.substr(eq + 1)).empty())
                    throw UsageError("--columns \"" + visible(pair) + "\" is not HEADER=COLUMN, e.g. \"Brigade=name\"");
                mapped[std::string(trim(pair.substr(0, eq)))] = std::string(trim(pair.substr(eq + 1)));
            }
        const auto summary = open_campaigns(io).forces().import_oob(*file, mapped);
        io.out << "Imported " << summary << ".\n";
    });

    struct RevealOptions {
        std::string division;
        bool hide = false;
    };
    auto rv = std::make_shared<RevealOptions>();
    auto* reveal = app.add_subcommand("reveal", "Show a division to the other side");
    reveal->add_option("DIVISION", rv->division, "Division")->required();
    reveal->add_flag("--hide", rv->hide, "Hide it again instead");
    on_run(reveal, io, [rv, &io] {
        print_outcome(io.out, open_campaigns(io).forces().set_fog(rv->division, rv->hide ? Fog::hidden : Fog::seen), false);
    });

    struct NationalityOptions {
        std::string division, nationality;
    };
    auto na = std::make_shared<NationalityOptions>();
    auto* division = app.add_subcommand("division", "Edit a division");
    division->require_subcommand(1);
    auto* nationality = division->add_subcommand("nationality", "Give a division its nationality (rule sets with nationalities)");
    nationality->add_option("DIVISION", na->division, "Division")->required();
    nationality->add_option("NATIONALITY", na->nationality, "A nationality of the rule set; none given: none");
    on_run(nationality, io, [na, &io] { print_outcome(io.out, open_campaigns(io).forces().set_nationality(na->division, na->nationality), false); });

    struct OobOptions {
        std::string side, as = std::string(View::k_umpire);
        OobFormat format = OobFormat::text;
    };
    auto oo = std::make_shared<OobOptions>();
    auto* print = app.add_subcommand("oob", "Print the order of battle with strength and Fresh/Worn/Spent per brigade");
    print->add_option("--side", oo->side, "Only this side's armies");
    print->add_option("--as", oo->as, "Whose view: umpire (everything, the default), side (the --side's own), or a side id");
    word_option<OobFormat>(print, "--format", oo->format, "The format; json is muster-oob/1 (default text)",
                           {{OobFormat::pdf, "a PDF goes to a file: muster export oob --format pdf -o FILE"}});
    on_run(print, io, [oo, &io] {
        app::ExportRequest r;
        if (!oo->side.empty()) r.side = oo->side;
        r.viewer = view_of(oo->side, oo->as);
        io.out << open_campaigns(io).exports().oob(r, oo->format);
    });
}

}  // namespace muster::cli
