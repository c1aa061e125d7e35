// `muster turn [next]` and `muster schedule`: the campaign's clock and its reinforcements.
#include "core/names.hpp"
#include "app/season.hpp"
#include "cli/dice_at_table.hpp"
#include "export/division_text.hpp"
#include "core/text.hpp"
#include "export/text_table.hpp"

#include <memory>

namespace muster::cli {
namespace {

std::string when(const app::Scheduled& s) { return s.entry.turn.text() + (s.date ? " (" + s.date->text() + ")" : ""); }

}  // namespace

std::optional<int> parse_turn_length(const std::string& text) {
    // "7d", "2w" or a number of days.
    const bool weeks = !text.empty() && text.back() == 'w';
    const std::string number = !text.empty() && (text.back() == 'd' || weeks) ? text.substr(0, text.size() - 1) : text;
    if (number.empty() || number.find_first_not_of("0123456789") != std::string::npos)
        throw CLI::ValidationError("--turn-length", "\"" + text + "\" is not a length: expected days or weeks, e.g. 7d, 2w or 7");
    if (number.size() > 4) throw CLI::ValidationError("--turn-length", "\"" + text + "\" is out of range: expected 1 to 366 days");
    return std::stoi(number) * (weeks ? 7 : 1);
}

void add_season_commands(CLI::App& app, Io& io) {
    auto as = std::make_shared<std::string>();
    auto* turn = app.add_subcommand("turn", "The campaign's turn and date, and what is due (`turn next`: the next turn begins)");
    add_view_option(turn, *as);
    auto* next = turn->add_subcommand("next", "The next turn begins: the date moves on, and every division due arrives");
    struct ReportOptions {
        std::optional<Turn> turn;
        std::string as;
    };
    auto ro = std::make_shared<ReportOptions>();
    auto* report = turn->add_subcommand("report", "What a turn brought: arrivals, battles and losses, captures, returns, fallen leaders, exchanges, "
                                                  "the stands in service before and after (--as SIDE: as that side reads it)");
    turn_option(report, "TURN", ro->turn, "The turn (default: the campaign's)");
    add_view_option(report, ro->as);
    on_run(report, io, [ro, &io] {
        auto session = open_campaigns(io);
        io.out << app::turn_report_text(session.rules(), session.season().report(ro->turn, session.view(ro->as)));
    });
    turn->callback([&io, as, turn] {
        if (turn->got_subcommand("next") || turn->got_subcommand("report")) return;
        io.action = [&io, as] {
            auto session = open_campaigns(io);
            const auto viewer = session.view(*as);
            const auto now = session.season().now();
            // What waits on the umpire before the turn ends: his alone (it names hidden work).
            // Read before a line is printed: a damaged file is refused whole, not halfway.
            const auto open = viewer.is_umpire() ? std::optional(session.season().open_work()) : std::nullopt;
            io.out << "Turn " << now.turn.number() << " of campaign " << one_line(session.current().name) << (now.date ? ": " + now.date->text() : "")
                   << (now.turn_days ? " (turns of " + count_of(*now.turn_days, "day", "days") + ")" : "") << "\n";
            // Who is coming: a side reads its own (the enemy's are the umpire's secret), as its
            // served season page does.
            const auto list = [&](const std::vector<app::Scheduled>& due, bool dated) {
                std::vector<std::string> named;
                for (const auto& d : due)
                    if (viewer.is_umpire() || viewer.owns(d.entry.side))
                        named.push_back(d.entry.division + " (" + session.rules().side_name(d.entry.side) + (dated ? ", " + when(d) : "") + ")");
                return named.empty() ? std::string("nothing") : join(named, ", ");
            };
            io.out << "Due now: " << list(now.due, true) << "\nDue next turn: " << list(now.next, false) << "\n";
            if (!open) return;
            io.out << "Waiting on you:" << (open->empty() ? " nothing" : "") << "\n";
            for (const auto& line : *open) io.out << "  " << visible(line) << "\n";
        };
    });
    auto dice = std::make_shared<RollOptions>();
    add_roll_options(next, *dice, "");
    auto discard_previews = std::make_shared<bool>(false);
    next->add_flag("--discard-preview", *discard_previews, "Each division due rolls anew although its preview showed something else");
    auto show_rolls = std::make_shared<bool>(false);
    next->add_flag("--show-rolls", *show_rolls, "Print every roll of the divisions that arrive");
    on_run(next, io, [&io, dice, as, discard_previews, show_rolls] {
        auto session = open_campaigns(io);
        if (!session.view(*as).is_umpire()) throw UsageError("the next turn is the umpire's to begin: leave out --as");
        const bool asking = asks_for_dice(session, *dice);
        const auto result = session.season().next_turn([&](app::ArrivalRequest r) {
            r.discard_preview = *discard_previews;
            if (asking) io.err << "Dice for " << r.division << ":\n";
            return with_dice(session, io, *dice, [&](const std::vector<std::string>& rolls) {
                r.rolls = rolls;
                return session.arrivals().arrive(r);
            });
        });
        // In the journal's order: the divisions due on the turn that ends, then the turn, then
        // the divisions due on it.
        app::DueArrivals before, after{{}, result.waiting, {}};
        for (const auto& a : result.arrivals) (a.operation < result.operation ? before : after).arrivals.push_back(a);
        if (!before.arrivals.empty()) {
            io.out << "Due before turn " << result.turn.number() << ", arrived as turn " << result.turn.number() - 1 << " ended:\n";
            print_arrivals(io, session.rules(), before, *show_rolls);
            io.out << "\n";
        }
        io.out << "Turn " << result.turn.number() << " begins" << (result.date ? ": " + result.date->text() : "") << " (journal #" << result.operation
               << ")\n";
        if (const auto c = session.current(); c.date && !c.turn_days)
            io.out << "The date stays " << c.date->text() << ": the campaign's turns have no length (muster campaign set --turn-length 7d gives them one)\n";
        print_arrivals(io, session.rules(), after, *show_rolls);
        // What the turn that ended left undone, and still waits (as turn lists it).
        if (!result.open_work.empty()) {
            io.out << "Still waiting on you:\n";
            for (const auto& line : result.open_work) io.out << "  " << visible(line) << "\n";
        }
    });

    struct ScheduleOptions {
        std::string division;
        std::optional<Turn> turn;
        std::optional<Day> date;
        bool clear = false;
        std::string as;
    };
    auto so = std::make_shared<ScheduleOptions>();
    auto* schedule = app.add_subcommand("schedule", "The reinforcement schedule: list it, or put a division on a turn (umpire only)");
    schedule->add_option("DIVISION", so->division, "The placeholder division to schedule (none, or \"list\": list the schedule)");
    turn_option(schedule, "--turn", so->turn, "The turn it is due");
    day_option(schedule, "--date", so->date, "The date it is due (the turn that holds it)");
    schedule->add_flag("--clear", so->clear, "Take it off the schedule");
    add_view_option(schedule, so->as);
    on_run(schedule, io, [so, &io, schedule] {
        auto session = open_campaigns(io);
        auto season = session.season();
        // "schedule list" lists it, as "camp list" and the others do: a division named alone,
        // with nothing to do to it, is no request of its own.
        const bool only_named = !schedule->count("--turn") && !schedule->count("--date") && !so->clear;
        if (so->division == "list" && only_named) so->division.clear();
        if (so->division.empty()) {
            if (schedule->count("--turn") || schedule->count("--date") || so->clear)
                throw UsageError("name the division to schedule, e.g. muster schedule Heth --turn 3");
            const auto viewer = session.view(so->as);
            exporter::TextTable t;
            const auto& rules = session.rules();
            t.add({"Turn", "Date", rules.term_division, "Side", "Status"});
            for (const auto& s : season.schedule())
                if (viewer.is_umpire() || viewer.owns(s.entry.side))  // a side's own, as turn shows it
                    t.add({std::to_string(s.entry.turn.number()), text_or(s.date, "-"), s.entry.division, rules.side_name(s.entry.side),
                           s.entry.status == DivisionStatus::placeholder ? "due" : word(s.entry.status)});
            io.out << t.render();
            return;
        }
        if (!session.view(so->as).is_umpire()) throw UsageError("scheduling a division is the umpire's work: leave out --as");
        if (so->clear) {
            if (schedule->count("--turn") || schedule->count("--date"))
                throw UsageError("--clear takes " + so->division + " off the schedule: give it alone, or --turn or --date alone to move it");
            print_outcome(io.out, season.unschedule(so->division), false);
            return;
        }
        const auto s = season.schedule_division(so->division, so->turn, so->date);
        io.out << "Scheduled " << s.entry.division << " to arrive on " << when(s) << ".\n";
    });
}

}  // namespace muster::cli
