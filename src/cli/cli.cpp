#include "cli/cli.hpp"

#include "cli/commands.hpp"
#include "core/error.hpp"
#include "core/version.hpp"
#include "export/division_text.hpp"

namespace muster::cli {

app::Session open_campaigns(const Io& io, bool create, bool select) {
    app::Session session(io.db, create, io.lock_wait_ms);
    if (select && !io.campaign.empty()) session.select_campaign(io.campaign);
    return session;
}

View view_of(const std::string& side, const std::string& as) {
    if (as != "side") return View::parse(as);
    if (side.empty()) throw UsageError("--as side needs --side SIDE: whose view?");
    return View::of_side(side);
}

void print_outcome(std::ostream& out, const app::Outcome& o, bool show_rolls) {
    if (o.preview) out << "PREVIEW (nothing stored" << (o.rolls.empty() ? "" : "; its rolls are kept in the journal as discarded") << ")\n";
    for (const auto& line : o.lines) out << "  " << line << "\n";
    out << o.summary << "\n";
    if (show_rolls && !o.rolls.empty()) out << "\nRolls:\n" << exporter::rolls_text(o.rolls);
    if (o.operation) out << "Journal #" << o.operation << "\n";
}

int run(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
    Io io{out, err, {}, {}, {}, 5000};
    CLI::App app{"muster: campaign manager and army generator for Fire and Fury", "muster"};
    app.set_version_flag("--version", std::string("muster ") + k_version);
    app.require_subcommand(1);
    // Global options may come before or after the subcommand (fallthrough).
    app.fallthrough(true);
    app.add_option("--db", io.db, "Campaign database file (default: $XDG_DATA_HOME/muster/campaigns.db)");
    app.add_option("--campaign", io.campaign, "Campaign to act on (default: the database's current one)");
    app.add_option("--lock-wait", io.lock_wait_ms, "Milliseconds to wait for another muster's write lock (default 5000)")
        ->check(CLI::Range(0, 600000));
    add_campaign_commands(app, io);
    add_forces_commands(app, io);
    add_arrive_command(app, io);
    add_battle_commands(app, io);
    add_leader_commands(app, io);
    add_prisoner_commands(app, io);
    add_export_commands(app, io);
    add_history_commands(app, io);
    add_generate_command(app, io);
    add_rules_commands(app, io);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        // --help and --version are "errors" with exit code 0; real ones get one line.
        if (e.get_exit_code() == 0) return app.exit(e, out, err);
        err << "muster: " << e.what() << " (see --help)\n";
        return 2;
    }
    try {
        if (io.action) io.action();
        return 0;
    } catch (const UsageError& e) {
        err << "muster: " << e.what() << "\n";
        return 2;
    } catch (const Error& e) {
        err << "muster: " << e.what() << "\n";
        return 1;
    } catch (const std::exception& e) {
        err << "muster: unexpected error: " << e.what() << "\n";
        return 1;
    }
}

}  // namespace muster::cli
