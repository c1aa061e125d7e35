#pragma once
#include <CLI/CLI.hpp>

#include <functional>
#include <ostream>

namespace muster::cli {

/// Where a command writes, and the action the chosen subcommand leaves to run after parsing.
struct Io {
    std::ostream& out;
    std::ostream& err;
    std::function<void()> action;
};

/// `muster generate`: roll up a division outside a campaign.
void add_generate_command(CLI::App& app, Io& io);
/// `muster rules list|show|validate|copy`.
void add_rules_command(CLI::App& app, Io& io);

}  // namespace muster::cli
