// `muster journal`, `undo`, `check`, `backup`: looking back, and keeping the file safe.
#include "app/history.hpp"
#include "cli/commands.hpp"
#include "export/oob.hpp"

#include <memory>

namespace muster::cli {

void add_history_commands(CLI::App& app, Io& io) {
    auto as = std::make_shared<std::string>();
    auto* journal = app.add_subcommand("journal", "List every operation and every roll (--as SIDE: what that side may read)");
    add_view_option(journal, *as);
    on_run(journal, io, [as, &io] {
        auto session = open_campaigns(io);
        io.out << exporter::journal_text(session.history().journal(session.view(*as)));
    });

    for (const bool redo : {false, true}) {
        auto preview = std::make_shared<bool>(false);
        auto players_too = std::make_shared<bool>(redo);
        auto* cmd = redo ? app.add_subcommand("redo", "Do again exactly, with the same rolls, what undo took back last (until another operation is made)")
                         : app.add_subcommand("undo", "Reverse the last operation exactly (a turn with everything it brought, as one)");
        cmd->add_flag("--preview", *preview, redo ? "Say what redo would do again, and change nothing" : "Say what undo would take back, and change nothing");
        if (!redo) cmd->add_flag("--player", *players_too, "Take back a step even if a player made it through his link (muster serve)");
        on_run(cmd, io, [redo, preview, players_too, &io] {
            auto session = open_campaigns(io);
            if (*preview) {
                const auto step = session.history().plan(redo);
                if (step.empty()) throw app::nothing_to_take(redo);
                io.out << (redo ? "redo would do again, in this order:\n" : "undo would take back, in this order:\n");
                for (const auto& e : step)
                    io.out << "  #" << e.id << " (" << word(e.kind) << "): " << one_line(e.summary) << (e.player.empty() ? "" : " [made by player " + e.player + "]") << "\n";
                return;
            }
            for (const auto& e : redo ? session.history().redo() : session.history().undo(*players_too)) io.out << one_line(e.summary) << " (journal #" << e.id << ")\n";
        });
    }

    auto* check = app.add_subcommand("check", "Verify the database: integrity, its schema object by object, references, ids and names, and every stand's ledger");
    on_run(check, io, [&io] {
        auto session = open_campaigns(io);
        const auto report = session.history().check();
        // Brigades as the file's one campaign calls them (AWI's battalions); of several, or of a
        // campaign whose rule set does not load (the check says why), brigades.
        const auto brigades = [&](int n) {
            if (report.campaigns == 1) try {
                    if (session.current_if_any()) return session.rules().count_brigades(n);
                } catch (const Error&) {
                }
            return count_of(n, "brigade", "brigades");
        };
        for (const auto& p : report.problems) io.out << "PROBLEM: " << p << "\n";
        io.out << (report.ok() ? "ok: " : "FAILED: ") << count_of(report.campaigns, "campaign", "campaigns") << ", ";
        if (!report.counted)
            io.out << count_of(report.moves, "recorded move", "recorded moves") << "; brigades and stands not counted (numbers in the file are not whole numbers)";
        else
            io.out << brigades(report.brigades) << ", " << count_of(report.moves, "recorded move", "recorded moves")
                   << "; stands: " << report.generated << " generated = " << report.stands << " in service + "
                   << (report.idle ? std::to_string(report.idle) + " in brigades out of service + " : "") << report.lost << " lost for good + "
                   << (report.awaiting ? std::to_string(report.awaiting) + " lost awaiting their return + " : "")
                   << report.held << " held as prisoners";
        io.out << (report.ok() ? "; every ledger balances\n" : "\n");
        if (!report.ok()) throw Error("the campaign database failed its check (" + count_of(static_cast<int>(report.problems.size()), "problem", "problems") + ")");
    });

    auto dest = std::make_shared<std::string>();
    auto* backup = app.add_subcommand("backup", "Write a consistent copy of the database (safe while it is in use)");
    backup->add_option("FILE", *dest, "Where to write the copy (must not exist)")->required()->check(named("give the name of the copy to write", true));
    on_run(backup, io, [dest, &io] {
        open_campaigns(io).history().backup(*dest);
        io.out << "Backed up to " << *dest << "\n";
    });
}

}  // namespace muster::cli
