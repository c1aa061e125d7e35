// `muster camp new|list|liberate` and `muster exchange propose|accept|refuse|withdraw|list`.
#include "core/names.hpp"
#include "app/history.hpp"
#include "app/prisoners.hpp"
#include "cli/commands.hpp"
#include "core/text.hpp"

#include <memory>

namespace muster::cli {

void add_prisoner_commands(CLI::App& app, Io& io) {
    auto* camp = app.add_subcommand("camp", "Prisoner of war camps");
    camp->require_subcommand(1);
    struct CampOptions {
        std::string name, side;
    };
    auto co = std::make_shared<CampOptions>();
    auto* camp_new = camp->add_subcommand("new", "Open a camp of a side (the captor)");
    camp_new->add_option("NAME", co->name, "Camp name")->required();
    camp_new->add_option("--side", co->side, "The side that holds prisoners there")->required();
    on_run(camp_new, io, [co, &io] {
        const auto camp = open_campaigns(io).prisoners().add_camp(co->side, co->name);
        io.out << "Opened camp " << camp << ".\n";
    });
    auto camp_view = std::make_shared<std::string>();
    auto* camp_list = camp->add_subcommand("list", "List the camps and whom each holds");
    add_view_option(camp_list, *camp_view);
    on_run(camp_list, io, [camp_view, &io] {
        auto session = open_campaigns(io);
        for (const auto& v : session.prisoners().camps(session.view(*camp_view))) {
            io.out << one_line(v.camp.name) << " (" << session.rules().side_name(v.camp.side) << (v.camp.liberated ? ", liberated" : "") << "): "
                   << (v.holds.empty() ? "holds no one" : count_of(static_cast<int>(v.holds.size()), "holding", "holdings")) << "\n";
            for (const auto& h : v.holds) io.out << "  " << h << "\n";
        }
    });
    struct Liberate {
        std::string camp;
        app::Mode mode = app::Mode::apply;
    };
    auto lib = std::make_shared<Liberate>();
    auto* liberate = camp->add_subcommand("liberate", "Free everyone held in a camp");
    liberate->add_option("NAME", lib->camp, "Camp name")->required();
    flag_for(liberate, "--preview", lib->mode, app::Mode::preview, "Show who would go home, and change nothing");
    on_run(liberate, io, [lib, &io] { print_outcome(io.out, open_campaigns(io).prisoners().liberate(lib->camp, lib->mode), false); });

    auto* exchange = app.add_subcommand("exchange", "Exchange prisoners by mutual consent");
    exchange->require_subcommand(1);
    auto ep = std::make_shared<app::ExchangeProposal>();
    auto* propose = exchange->add_subcommand("propose", "One side proposes an exchange; the other accepts or refuses");
    propose->add_option("--from", ep->from, "The proposing side")->required();
    propose->add_option("--with", ep->with, "The other side (default: the only other one)");
    propose->add_option("--offer", ep->offer, "Prisoners you hold: \"stands:Division/Brigade=N\", \"leader:REF\", \"battery:REF\"");
    propose->add_option("--ask", ep->ask, "Your own men the other side holds, in the same forms");
    propose->add_option("--note", ep->note, "A note to the other side");
    on_run(propose, io, [ep, &io] {
        auto session = open_campaigns(io);
        const auto v = session.prisoners().propose_exchange(*ep);
        io.out << "Exchange #" << v.row.number << " proposed by " << session.rules().the_side(v.row.proposer) << " to "
               << session.rules().the_side(v.row.counterpart) << "\n"
               << "  offers: " << (v.offer.empty() ? "nothing" : join(v.offer, ", ")) << "\n"
               << "  asks:   " << (v.ask.empty() ? "nothing" : join(v.ask, ", ")) << "\n"
               << "  " << v.balance << "\n";
    });
    for (const auto answer : {app::Answer::accept, app::Answer::refuse, app::Answer::withdraw}) {
        const bool accept = answer == app::Answer::accept, withdraw = answer == app::Answer::withdraw;
        struct Answer {
            std::string id;  // read here: CLI11 would take a number too large for what fits, and say nothing
            std::string side;
        };
        auto an = std::make_shared<Answer>();
        auto* cmd = exchange->add_subcommand(accept ? "accept" : withdraw ? "withdraw" : "refuse",
                                             accept     ? "The other side accepts: everyone in it goes home at once"
                                             : withdraw ? "The proposing side takes its proposal back, while it awaits an answer"
                                                        : "The other side refuses");
        cmd->add_option("ID", an->id, "Exchange number")->required();
        cmd->add_option("--side", an->side, withdraw ? "The side that proposed it" : "The side answering (the one the proposal was made to)")->required();
        on_run(cmd, io, [an, answer, &io] {
            int id = 0;
            if (!parse_int(an->id, id) || id < 1)
                throw UsageError("exchange number \"" + visible(an->id) + "\" is not one: expected the number exchange list shows, 1 or more");
            // The side answers: it is told what its journal reads, numbered as its journal numbers
            // it (the umpire's lines name the enemy's units as they are now, hidden ones too).
            auto session = open_campaigns(io);
            const auto done = session.prisoners().answer_exchange(id, an->side, answer);
            io.out << done.read_as(done.acted_by) << "\n";
            io.out << "Entry #" << done.acted_by_entry << " of the journal of " << session.rules().the_side(done.acted_by) << ", as it numbers its own (muster journal --as "
                   << done.acted_by << ")\n";
        });
    }
    auto exchange_view = std::make_shared<std::string>();
    auto* exchange_list = exchange->add_subcommand("list", "List proposals and what they weigh");
    add_view_option(exchange_list, *exchange_view);
    on_run(exchange_list, io, [exchange_view, &io] {
        auto session = open_campaigns(io);
        for (const auto& v : session.prisoners().exchanges(session.view(*exchange_view)))
            io.out << "#" << v.row.number << " " << session.rules().side_name(v.row.proposer) << " -> " << session.rules().side_name(v.row.counterpart) << " [" << word(v.row.status) << (v.lapsed.empty() ? "" : ", lapsed: " + v.lapsed) << "]"
                   << (v.row.note.empty() ? "" : " \"" + v.row.note + "\"") << "\n  offers: "
                   << (v.offer.empty() ? "nothing" : join(v.offer, ", ")) << "\n  asks:   "
                   << (v.ask.empty() ? "nothing" : join(v.ask, ", ")) << "\n  " << v.balance << "\n";
    });
}

}  // namespace muster::cli
