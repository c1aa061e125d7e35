#include "cli/commands.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "export/division_text.hpp"
#include "export/text_table.hpp"

#include <memory>

namespace muster::cli {
namespace {

void print(std::ostream& out, const app::Outcome& o, bool show_rolls) {
    if (o.preview) out << "PREVIEW (nothing stored" << (o.rolls.empty() ? "" : "; its rolls are kept in the journal as discarded") << ")\n";
    for (const auto& line : o.lines) out << "  " << line << "\n";
    out << o.summary << "\n";
    if (show_rolls && !o.rolls.empty()) out << "\nRolls:\n" << exporter::rolls_text(o.rolls);
    if (o.operation) out << "Journal #" << o.operation << "\n";
}

}  // namespace

void add_battle_commands(CLI::App& app, Io& io) {
    auto* battle = app.add_subcommand("battle", "Record a battle's losses, then the return of casualties");
    battle->require_subcommand(1);

    struct ReportOptions {
        std::string file;
        battle::Report report;
        std::vector<std::string> loss, captured, leader, battery;
        bool preview = false;
    };
    auto ro = std::make_shared<ReportOptions>();
    auto* report = battle->add_subcommand("report", "Record a battle and its losses as one operation (from a file or options)");
    report->add_option("FILE", ro->file, "A muster-battle/1 JSON report (or give everything with options)");
    report->add_option("--name", ro->report.name, "Battle name");
    report->add_option("--date", ro->report.date, "Date");
    report->add_option("--place", ro->report.place, "Place");
    report->add_option("--division", ro->report.divisions, "A division that fought (repeat); default: those with losses");
    report->add_option("--loss", ro->loss, "Stands lost: \"Division/Brigade=N\" (repeat)");
    report->add_option("--captured", ro->captured, "Stands captured: \"Division/Brigade=N@Camp\" (repeat)");
    report->add_option("--leader", ro->leader, "A fallen leader: \"REF:killed\", \"REF:wounded/BATTLES\", \"REF:captured@Camp\"");
    report->add_option("--battery", ro->battery, "A battery lost: \"Owner/Battery:wrecked\" or \"...:captured@Camp\"");
    report->add_flag("--preview", ro->preview, "Check and show the report; store nothing");
    report->callback([ro, &io] {
        io.action = [ro, &io] {
            battle::Report r;
            if (!ro->file.empty()) {
                if (!ro->report.name.empty() || !ro->loss.empty() || !ro->captured.empty() || !ro->leader.empty() ||
                    !ro->battery.empty())
                    throw UsageError("give the report as a FILE or as options, not both");
                r = battle::read_report_file(ro->file);
            } else {
                r = ro->report;
                if (r.name.empty()) throw UsageError("--name is required (or give a report FILE)");
                for (const auto& s : ro->loss) battle::add_loss_spec(r, s);
                for (const auto& s : ro->captured) battle::add_captured_spec(r, s);
                for (const auto& s : ro->leader) battle::add_leader_spec(r, s);
                for (const auto& s : ro->battery) battle::add_battery_spec(r, s);
            }
            print(io.out, open_campaigns(io).report_battle(r, ro->preview), false);
        };
    });

    struct RecoverOptions {
        std::string battle, rolls;
        bool preview = false, show_rolls = false;
    };
    auto rc = std::make_shared<RecoverOptions>();
    auto* recover = battle->add_subcommand("recover", "Return the battle's casualties at the campaign's rate; prisoners stay");
    recover->add_option("BATTLE", rc->battle, "Battle name")->required();
    recover->add_option("--rolls", rc->rolls, "Your own percentile rolls for fractions of stands, in order");
    recover->add_flag("--preview", rc->preview, "Show what would return; keep the rolls as discarded");
    recover->add_flag("--show-rolls", rc->show_rolls, "Print every roll");
    recover->callback([rc, &io] {
        io.action = [rc, &io] {
            print(io.out, open_campaigns(io).recover(rc->battle, dice::split_rolls(rc->rolls), rc->preview), rc->show_rolls);
        };
    });

    battle->add_subcommand("list", "List the battles")->callback([&io] {
        io.action = [&io] {
            exporter::TextTable t;
            t.add({"Battle", "Date", "Place", "Casualties"});
            for (const auto& b : open_campaigns(io).battles())
                t.add({b.name, b.date, b.place, b.recovered ? "returned" : "not yet returned"});
            io.out << t.render();
        };
    });

    auto* camp = app.add_subcommand("camp", "Prisoner of war camps");
    camp->require_subcommand(1);
    struct CampOptions {
        std::string name, side;
    };
    auto co = std::make_shared<CampOptions>();
    auto* camp_new = camp->add_subcommand("new", "Open a camp of a side (the captor)");
    camp_new->add_option("NAME", co->name, "Camp name")->required();
    camp_new->add_option("--side", co->side, "The side that holds prisoners there")->required();
    camp_new->callback([co, &io] {
        io.action = [co, &io] {
            open_campaigns(io).add_camp(co->side, co->name);
            io.out << "Opened camp " << co->name << " (" << co->side << ").\n";
        };
    });
    camp->add_subcommand("list", "List the camps and whom each holds")->callback([&io] {
        io.action = [&io] {
            for (const auto& v : open_campaigns(io).camps()) {
                io.out << v.camp.name << " (" << v.camp.side << (v.camp.liberated ? ", liberated" : "") << "): "
                       << (v.holds.empty() ? "holds no one" : count_of(static_cast<int>(v.holds.size()), "holding", "holdings")) << "\n";
                for (const auto& h : v.holds) io.out << "  " << h << "\n";
            }
        };
    });
    auto lib = std::make_shared<std::string>();
    auto* liberate = camp->add_subcommand("liberate", "Free everyone held in a camp");
    liberate->add_option("NAME", *lib, "Camp name")->required();
    liberate->callback([lib, &io] { io.action = [lib, &io] { print(io.out, open_campaigns(io).liberate(*lib), false); }; });

    auto* exchange = app.add_subcommand("exchange", "Exchange prisoners by mutual consent");
    exchange->require_subcommand(1);
    auto ep = std::make_shared<app::ExchangeProposal>();
    auto* propose = exchange->add_subcommand("propose", "One side proposes an exchange; the other accepts or refuses");
    propose->add_option("--from", ep->from, "The proposing side")->required();
    propose->add_option("--with", ep->with, "The other side (default: the only other one)");
    propose->add_option("--offer", ep->offer, "Prisoners you hold: \"stands:Division/Brigade=N\", \"leader:REF\", \"battery:REF\"");
    propose->add_option("--ask", ep->ask, "Your own men the other side holds, in the same forms");
    propose->add_option("--note", ep->note, "A note to the other side");
    propose->callback([ep, &io] {
        io.action = [ep, &io] {
            const auto v = open_campaigns(io).propose_exchange(*ep);
            io.out << "Exchange #" << v.row.id << " proposed by " << v.row.proposer << " to " << v.row.counterpart << "\n"
                   << "  offers: " << (v.offer.empty() ? "nothing" : join(v.offer, ", ")) << "\n"
                   << "  asks:   " << (v.ask.empty() ? "nothing" : join(v.ask, ", ")) << "\n"
                   << "  " << v.balance << "\n";
        };
    });
    for (const bool accept : {true, false}) {
        struct Answer {
            std::int64_t id = 0;
            std::string side;
        };
        auto an = std::make_shared<Answer>();
        auto* cmd = exchange->add_subcommand(accept ? "accept" : "refuse",
                                             accept ? "The other side accepts: everyone in it goes home at once" : "The other side refuses");
        cmd->add_option("ID", an->id, "Exchange number")->required();
        cmd->add_option("--side", an->side, "The side answering (the one the proposal was made to)")->required();
        cmd->callback([an, accept, &io] {
            io.action = [an, accept, &io] { print(io.out, open_campaigns(io).answer_exchange(an->id, an->side, accept), false); };
        });
    }
    exchange->add_subcommand("list", "List proposals and what they weigh")->callback([&io] {
        io.action = [&io] {
            for (const auto& v : open_campaigns(io).exchanges())
                io.out << "#" << v.row.id << " " << v.row.proposer << " -> " << v.row.counterpart << " [" << v.row.status << "]"
                       << (v.row.note.empty() ? "" : " \"" + v.row.note + "\"") << "\n  offers: "
                       << (v.offer.empty() ? "nothing" : join(v.offer, ", ")) << "\n  asks:   "
                       << (v.ask.empty() ? "nothing" : join(v.ask, ", ")) << "\n  " << v.balance << "\n";
        };
    });

    auto* leader = app.add_subcommand("leader", "Fallen leaders: list, replace, return from wounds");
    leader->require_subcommand(1);
    leader->add_subcommand("list", "List every leader with his command and state")->callback([&io] {
        io.action = [&io] {
            exporter::TextTable t;
            t.add({"Leader", "Side", "Rank", "Grade", "State", "Commands"});
            for (const auto& l : open_campaigns(io).leaders())
                t.add({l.name.empty() ? "(unnamed)" : l.name, l.side, l.rank, l.grade,
                       l.status + (l.status == "wounded" ? " (out for " + count_of(l.out_battles, "battle", "battles") + ")" : ""),
                       l.commands.empty() ? "-" : l.commands});
            io.out << t.render();
        };
    });
    struct ReplaceOptions {
        std::string unit, rolls;
        int year = 0;
        bool preview = false, show_rolls = false;
    };
    auto rp = std::make_shared<ReplaceOptions>();
    auto* replace = leader->add_subcommand("replace", "Roll a new commander for a unit on the rule set's leader table");
    replace->add_option("UNIT", rp->unit, "\"Division/Brigade\", a division, corps or army")->required();
    replace->add_option("--year", rp->year, "Year for the leader table (default: the unit's division's)");
    replace->add_option("--rolls", rp->rolls, "Your own rolls");
    replace->add_flag("--preview", rp->preview, "Show the roll; keep it as discarded");
    replace->add_flag("--show-rolls", rp->show_rolls, "Print every roll");
    replace->callback([rp, &io, replace] {
        io.action = [rp, &io, replace] {
            const auto year = replace->count("--year") ? std::optional<int>(rp->year) : std::nullopt;
            print(io.out, open_campaigns(io).replace_leader(rp->unit, year, dice::split_rolls(rp->rolls), rp->preview), rp->show_rolls);
        };
    });
    struct CasualtyOptions {
        std::string leader, rolls;
        int out_for = 1;
        bool preview = false;
    };
    auto ca = std::make_shared<CasualtyOptions>();
    auto* casualty = leader->add_subcommand("casualty", "Roll the rule set's Fallen Leaders table for a leader who may have fallen");
    casualty->add_option("LEADER", ca->leader, "His name or the unit he commands")->required();
    casualty->add_option("--out-for", ca->out_for, "Battles a wounded leader misses (default 1)");
    casualty->add_option("--rolls", ca->rolls, "Your own roll, e.g. 3+4");
    casualty->add_flag("--preview", ca->preview, "Show the roll; keep it as discarded");
    casualty->callback([ca, &io] {
        io.action = [ca, &io] {
            print(io.out, open_campaigns(io).leader_casualty(ca->leader, ca->out_for, dice::split_rolls(ca->rolls), ca->preview), true);
        };
    });
    auto back = std::make_shared<std::string>();
    auto* ret = leader->add_subcommand("return", "A wounded leader returns (once the battles he was out for are fought)");
    ret->add_option("LEADER", *back, "His name or the unit he commanded")->required();
    ret->callback([back, &io] { io.action = [back, &io] { print(io.out, open_campaigns(io).return_leader(*back), false); }; });

    auto* brigade = app.add_subcommand("brigade", "Disband, destroy or merge brigades");
    brigade->require_subcommand(1);
    struct BrigadeOptions {
        std::string ref, into;
    };
    auto bo = std::make_shared<BrigadeOptions>();
    auto* disband = brigade->add_subcommand("disband", "Send a brigade's remaining stands home; it leaves the order of battle");
    disband->add_option("BRIGADE", bo->ref, "\"Division/Brigade\"")->required();
    disband->callback([bo, &io] { io.action = [bo, &io] { print(io.out, open_campaigns(io).disband_brigade(bo->ref), false); }; });
    auto* destroy = brigade->add_subcommand("destroy", "Mark a brigade with no stands left as destroyed");
    destroy->add_option("BRIGADE", bo->ref, "\"Division/Brigade\"")->required();
    destroy->callback([bo, &io] { io.action = [bo, &io] { print(io.out, open_campaigns(io).destroy_brigade(bo->ref), false); }; });
    auto* merge = brigade->add_subcommand("merge", "Move all of a brigade's stands into another of the same side");
    merge->add_option("BRIGADE", bo->ref, "\"Division/Brigade\" to merge")->required();
    merge->add_option("--into", bo->into, "\"Division/Brigade\" that takes them")->required();
    merge->callback([bo, &io] { io.action = [bo, &io] { print(io.out, open_campaigns(io).merge_brigade(bo->ref, bo->into), false); }; });
}

}  // namespace muster::cli
