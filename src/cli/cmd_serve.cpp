// `muster serve` and `muster player`: the players' site, and who may use it.
#include "app/players.hpp"
#include "app/prisoners.hpp"
#include "app/table_side.hpp"
#include "app/history.hpp"
#include "cli/commands.hpp"
#include "core/text.hpp"
#include "export/text_table.hpp"
#include "web/server.hpp"

#include <algorithm>
#include <memory>

namespace muster::cli {

void add_serve_commands(CLI::App& app, Io& io) {
    auto so = std::make_shared<web::ServeOptions>();
    auto* serve = app.add_subcommand("serve", "Serve the players: each reads and answers for his side at his own screen, by his link");
    serve->add_option("--listen", so->listen, "ADDR:PORT to listen on (default 127.0.0.1:8080; 0.0.0.0:8080 for a LAN; port 0: any free one)");
    serve->add_option("--cert", so->cert_file, "HTTPS: the server's certificate (PEM)");
    serve->add_option("--key", so->key_file, "HTTPS: its private key (PEM)");
    serve->add_option("--per-address", so->per_address, "Connections at once from one address (default 128)");
    serve->add_option("--idle", so->idle_seconds, "Seconds a connection may sit without a byte before it is closed (default 10)");
    serve->add_flag("--behind-proxy", so->behind_proxy,
                    "Behind a reverse proxy on this machine: a request from it is known by the address its X-Forwarded-For gives last, for the limits and the log");
    serve->add_option("--request-time", so->request_seconds,
                      "Seconds a request may take to come in whole, however steadily it trickles, before it is cut off (default 30)");
    on_run(serve, io, [so, &io] {
        // The file opens, is muster's and is whole before anyone is told to come.
        auto session = open_campaigns(io);
        session.history().require_whole("muster serve did not start");
        for (const auto& c : session.campaigns()) {  // ...and each campaign's pinned rule set reads, or no page of it would
            session.select_campaign(c.name);
            session.rules();
        }
        web::Site site(session.db_path(), app::random_token(), io.lock_wait_ms, [&io](const std::string& what) { io.err << "muster: failed: " << what << "\n"; });
        site.prepare();  // its pages made before the first player comes
        web::serve(*so, site, io.out, io.err);
    });

    auto* player = app.add_subcommand("player", "Players at their own screens (muster serve): add one and print his link, list, revoke, read the inbox");
    player->require_subcommand(1);
    const auto print_link = [](std::ostream& out, const rules::RuleSet& rules, const std::string& base, const app::NewLink& link) {
        out << "Player " << link.player.name << " ("
            << (link.player.umpire ? std::string("the umpire") : rules.side_name(link.player.side)) << "): " << base
            << "/p/" << link.token << "/\n"
            << "Give him this link; it is shown once (muster keeps only its hash). muster player revoke " << shell_word(link.player.name) << " kills it.\n";
    };
    struct AddOptions {
        std::string name, side, base = "http://127.0.0.1:8080";
    };
    const char* const base_help = "Where players reach muster serve (default http://127.0.0.1:8080)";
    auto ao = std::make_shared<AddOptions>();
    auto* add = player->add_subcommand("add", "Make a player of a side (or the umpire) and print his secret link, once");
    add->add_option("NAME", ao->name, "The player's name")->required();
    add->add_option("--side", ao->side, "The side he plays, or umpire (a link that reads every side)")->required();
    add->add_option("--base", ao->base, base_help);
    on_run(add, io, [ao, &io, print_link] {
        const auto base = app::link_base(ao->base, "--base");
        auto session = open_campaigns(io);
        print_link(io.out, session.rules(), base, session.players().add(ao->name, ao->side));
    });
    auto lo = std::make_shared<AddOptions>();
    auto* relink = player->add_subcommand("link", "Give a player a new link, once (his link lost, leaked or revoked): the old one dies");
    relink->add_option("NAME", lo->name, "The player")->required();
    relink->add_option("--base", lo->base, base_help);
    on_run(relink, io, [lo, &io, print_link] {
        const auto base = app::link_base(lo->base, "--base");
        auto session = open_campaigns(io);
        print_link(io.out, session.rules(), base, session.players().relink(lo->name));
    });
    on_run(player->add_subcommand("list", "List the players, their sides, and when each link was last used"), io, [&io] {
        exporter::TextTable t;
        t.add({"Player", "Side", "Link", "Added", "Last used"});
        auto session = open_campaigns(io);
        for (const auto& p : session.players().list())
            t.add({p.name, p.umpire ? "umpire" : session.rules().side_name(p.side), p.revoked ? "revoked" : "live", p.created_at, p.last_used.empty() ? "never" : p.last_used});
        io.out << t.render();
    });
    auto revoked = std::make_shared<std::string>();
    auto* revoke = player->add_subcommand("revoke", "Kill a player's link: it answers 404 from now on");
    revoke->add_option("NAME", *revoked, "The player")->required();
    on_run(revoke, io, [revoked, &io] { print_outcome(io.out, open_campaigns(io).players().revoke(*revoked), false); });
    auto inbox_turn = std::make_shared<std::optional<Turn>>();
    auto* inbox = player->add_subcommand("inbox", "What the players sent: messages, exchanges awaiting an answer, losses submitted");
    turn_option(inbox, "--turn", *inbox_turn, "Only the messages sent in this turn (default: every turn's)");
    on_run(inbox, io, [inbox_turn, &io] {
        auto session = open_campaigns(io);
        if (const auto now = session.current().turn; *inbox_turn && now < **inbox_turn)
            throw UsageError(inbox_turn->value().text() + " has not begun: the campaign is at " + now.text());
        // Everything read before a line is printed: a damaged file is refused whole, not halfway.
        auto messages = session.players().messages(View::umpire());
        if (*inbox_turn) std::erase_if(messages, [&](const campaign::MessageInfo& m) { return !(m.turn == **inbox_turn); });
        const auto exchanges = session.prisoners().exchanges(View::umpire());
        const auto drafts = session.table_side().drafts();
        io.out << "Messages" << (*inbox_turn ? " of " + inbox_turn->value().text() : std::string()) << " (" << messages.size() << "):\n";
        for (const auto& m : messages) {
            io.out << "  " << m.turn.text() << ", " << m.player << " (" << session.rules().side_name(m.side) << "), " << m.created_at << ":\n";
            for (const auto& line : split(m.text, '\n')) io.out << "    " << line << "\n";
        }
        io.out << "Exchanges awaiting an answer:\n";
        int waiting = 0;
        for (const auto& x : exchanges)
            if (x.awaiting()) {
                ++waiting;
                io.out << "  #" << x.row.number << " " << session.rules().side_name(x.row.proposer) << " -> " << session.rules().side_name(x.row.counterpart) << ": offers "
                       << (x.offer.empty() ? "nothing" : join(x.offer, ", ")) << "; asks " << (x.ask.empty() ? "nothing" : join(x.ask, ", ")) << x.lapsed_note()
                       << (x.row.note.empty() ? "" : "; its note: \"" + x.row.note + "\"") << "\n";
            }
        if (!waiting) io.out << "  none\n";
        io.out << "Draft reports waiting (losses submitted, rolls at the table side):\n";
        for (const auto& d : drafts)
            io.out << "  " << d.battle << ": " << count_of(d.lines, "line", "lines") << " (muster battle draft " << shell_positional(d.battle) << ")\n";
        if (drafts.empty()) io.out << "  none\n";
    });
}

}  // namespace muster::cli
