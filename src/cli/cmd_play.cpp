#include "cli/commands.hpp"
#include "core/error.hpp"
#include "export/division_text.hpp"

#include <memory>

namespace muster::cli {

void add_play_commands(CLI::App& app, Io& io) {
    struct ArriveOptions {
        app::ArrivalRequest request;
        int year = 0;
        std::string theater, rolls;
        bool show_rolls = false;
    };
    auto ar = std::make_shared<ArriveOptions>();
    auto* arrive = app.add_subcommand("arrive", "A division arrives: roll it up, store it, hidden from the other side");
    arrive->add_option("DIVISION", ar->request.division, "The placeholder division")->required();
    arrive->add_option("--year", ar->year, "Year (with --theater; otherwise rolled)");
    arrive->add_option("--theater", ar->theater, "Theater, e.g. east");
    arrive->add_option("--rolls", ar->rolls, "Dice you rolled, in order, e.g. 34,78,00");
    arrive->add_flag("--preview", ar->request.preview, "Show the division and keep its rolls as discarded; store nothing");
    arrive->add_flag("--show-rolls", ar->show_rolls, "Print every roll");
    arrive->callback([ar, &io, arrive] {
        io.action = [ar, &io, arrive] {
            auto& r = ar->request;
            if (arrive->count("--year")) r.year = ar->year;
            if (arrive->count("--theater")) r.theater = ar->theater;
            r.rolls = dice::split_rolls(ar->rolls);
            if (arrive->count("--rolls") && r.rolls.empty()) throw UsageError("--rolls is empty: give the rolls, e.g. 34,78,00");
            auto service = open_campaigns(io);
            const auto result = service.arrive(r);
            const auto rules = service.rules();
            io.out << (result.preview ? "PREVIEW (not stored; its rolls are kept in the journal as discarded)\n" : "");
            io.out << exporter::division_text(rules, result.division);
            if (ar->show_rolls) io.out << "\nRolls:\n" << exporter::rolls_text(result.division.rolls);
            io.out << "\nJournal #" << result.operation
                   << (result.preview ? ": preview. Run again without --preview to accept it.\n"
                                      : ": arrived, hidden from the other side until `muster reveal`.\n");
        };
    });

    struct RevealOptions {
        std::string division;
        bool hide = false;
    };
    auto rv = std::make_shared<RevealOptions>();
    auto* reveal = app.add_subcommand("reveal", "Show a division to the other side");
    reveal->add_option("DIVISION", rv->division, "Division")->required();
    reveal->add_flag("--hide", rv->hide, "Hide it again instead");
    reveal->callback([rv, &io] {
        io.action = [rv, &io] {
            open_campaigns(io).reveal(rv->division, rv->hide);
            io.out << (rv->hide ? "Hidden: " : "Revealed: ") << rv->division << "\n";
        };
    });

    struct OobOptions {
        std::string side, as = "umpire", format = "text";
    };
    auto oo = std::make_shared<OobOptions>();
    auto* oob = app.add_subcommand("oob", "Print the order of battle with strength and Fresh/Worn/Spent per brigade");
    oob->add_option("--side", oo->side, "Only this side's armies");
    oob->add_option("--as", oo->as, "Whose view: umpire (everything), side (the --side's own), or a side id");
    oob->add_option("--format", oo->format, "text, md, csv, html or json (muster-oob/1); files and PDF: muster export oob")
        ->check(CLI::IsMember({"text", "md", "csv", "html", "json"}));
    oob->callback([oo, &io] {
        io.action = [oo, &io] {
            io.out << open_campaigns(io).export_oob(view_request(oo->side, oo->as, oo->format));
        };
    });

    app.add_subcommand("journal", "List every operation and every roll")->callback([&io] {
        io.action = [&io] { io.out << exporter::journal_text(open_campaigns(io).journal()); };
    });

    app.add_subcommand("undo", "Reverse the last operation exactly")->callback([&io] {
        io.action = [&io] {
            const auto e = open_campaigns(io).undo();
            io.out << e.summary << " (journal #" << e.id << ")\n";
        };
    });

    app.add_subcommand("check", "Verify the database: integrity, foreign keys, and every brigade's stand ledger")
        ->callback([&io] {
            io.action = [&io] {
                const auto report = open_campaigns(io).check();
                for (const auto& p : report.problems) io.out << "PROBLEM: " << p << "\n";
                io.out << (report.ok() ? "ok: " : "FAILED: ") << report.campaigns << " campaigns, " << report.brigades
                       << " brigades, " << report.moves << " recorded moves; stands: " << report.generated
                       << " generated = " << report.stands << " in service + " << report.lost << " lost for good + "
                       << report.held << " held as prisoners";
                io.out << (report.ok() ? "; every ledger balances\n" : "\n");
                if (!report.ok()) throw Error("the campaign database failed its check (" + std::to_string(report.problems.size()) + " problems)");
            };
        });

    auto dest = std::make_shared<std::string>();
    auto* backup = app.add_subcommand("backup", "Write a consistent copy of the database (safe while it is in use)");
    backup->add_option("FILE", *dest, "Where to write the copy (must not exist)")->required();
    backup->callback([dest, &io] {
        io.action = [dest, &io] {
            open_campaigns(io).backup(*dest);
            io.out << "Backed up to " << *dest << "\n";
        };
    });
}

}  // namespace muster::cli
