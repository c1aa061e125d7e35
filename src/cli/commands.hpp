#pragma once
#include "app/campaign_service.hpp"

#include <CLI/CLI.hpp>

#include <functional>
#include <ostream>
#include <string>

namespace muster::cli {

/// Where a command writes, the global options, and the action the chosen subcommand leaves
/// to run after parsing.
struct Io {
    std::ostream& out;
    std::ostream& err;
    std::function<void()> action;
    std::string db;        ///< --db FILE; empty: the default database
    std::string campaign;  ///< --campaign NAME; empty: the file's current campaign
    int lock_wait_ms = 5000;  ///< --lock-wait MS
};

/// The export request for --side and --as: "umpire", "side" (the --side's own view) or a side id.
app::ExportRequest view_request(const std::string& side, const std::string& as, const std::string& format);

/// Opens the campaign database named by --db (the default one otherwise); `select`: act on --campaign.
app::CampaignService open_campaigns(const Io& io, bool create = false, bool select = true);

/// `muster campaign new|list|show|use`.
void add_campaign_command(CLI::App& app, Io& io);
/// `muster add army|corps|division|brigade|battery` and `muster import oob`.
void add_forces_commands(CLI::App& app, Io& io);
/// `muster arrive`, `reveal`, `oob`, `journal`, `undo`, `check`, `backup`.
void add_play_commands(CLI::App& app, Io& io);
/// `muster battle`, `camp`, `exchange`, `leader`, `brigade`: after the battle.
void add_battle_commands(CLI::App& app, Io& io);
/// `muster export oob|labels`.
void add_export_command(CLI::App& app, Io& io);
/// `muster generate`: roll up a division outside a campaign.
void add_generate_command(CLI::App& app, Io& io);
/// `muster rules list|show|validate|copy`.
void add_rules_command(CLI::App& app, Io& io);

}  // namespace muster::cli
