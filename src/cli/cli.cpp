#include "cli/cli.hpp"

#include "cli/commands.hpp"
#include "core/error.hpp"
#include "core/version.hpp"

namespace muster::cli {

int run(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
    Io io{out, err, {}};
    CLI::App app{"muster: campaign manager and army generator for Fire and Fury", "muster"};
    app.set_version_flag("--version", std::string("muster ") + k_version);
    app.require_subcommand(1);
    app.fallthrough(false);
    add_generate_command(app, io);
    add_rules_command(app, io);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int code = app.exit(e, out, err);
        return code == 0 ? 0 : 2;
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
