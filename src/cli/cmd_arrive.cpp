// `muster arrive`: a division arrives.
#include "app/arrivals.hpp"
#include "app/season.hpp"
#include "cli/dice_at_table.hpp"
#include "export/division_text.hpp"

#include <memory>

namespace muster::cli {

void print_arrivals(Io& io, const rules::RuleSet& rules, const app::DueArrivals& due, bool show_rolls) {
    for (const auto& a : due.arrivals)
        io.out << "\n" << exporter::division_text(rules, a.division) << (show_rolls ? "\nRolls:\n" + exporter::rolls_text(a.division.rolls) + "\n" : "")
               << "Journal #" << a.operation << ": arrived, hidden from the other side until `muster reveal`.\n";
}

namespace {

// Every division due now arrives, each with its dice (asked, when the organiser rolls them).
void arrive_due(Io& io, const RollOptions& dice, bool show_rolls, bool discard_previews) {
    auto session = open_campaigns(io);
    const auto& rules = session.rules();  // read before a line is printed: a campaign it refuses prints none
    const auto due = session.season().arrive_due(arrive_each(session, io, dice, discard_previews));
    if (due.arrivals.empty()) io.out << "Nothing is due: every division scheduled by this turn has arrived.\n";
    print_arrivals(io, rules, due, show_rolls);
}

}  // namespace

void add_arrive_command(CLI::App& app, Io& io) {
    struct ArriveOptions {
        app::ArrivalRequest request;
        int year = 0;
        std::string theater;
        RollOptions dice;
        bool show_rolls = false, due = false;
    };
    auto ar = std::make_shared<ArriveOptions>();
    auto* arrive = app.add_subcommand("arrive", "A division arrives: roll it up, store it, hidden from the other side");
    arrive->add_option("DIVISION", ar->request.division, "The placeholder division (or --due)");
    arrive->add_flag("--due", ar->due, "Every division due on this turn or before, in the schedule, arrives");
    arrive->add_option("--year", ar->year, "Year (default: the campaign's date)");
    arrive->add_option("--theater", ar->theater, "Theater, where the rule set has them (acw: east or west; default: the campaign's)");
    arrive->add_flag("--roll-year-theater", ar->request.roll_year_theater,
                     "Roll the year and theater on the rule set's table instead (ACW table 1)");
    add_roll_options(arrive, ar->dice, "Dice you rolled, in order, e.g. 34,78,00");
    flag_for(arrive, "--preview", ar->request.mode, app::Mode::preview, "Show the division and keep its rolls as discarded; store nothing");
    arrive->add_flag("--discard-preview", ar->request.discard_preview,
                     "Roll anew although the division's preview showed something else");
    arrive->add_flag("--show-rolls", ar->show_rolls, "Print every roll");
    on_run(arrive, io, [ar, &io, arrive] {
        auto& r = ar->request;
        if (ar->due) {
            if (!r.division.empty()) throw UsageError("give a DIVISION or --due, not both");
            // Each division due arrives as its schedule and the campaign say: a preview (which
            // --due would have stored), a year or a theater is one division's, given by its name.
            // (--discard-preview is each one's: every division due rolls anew.)
            for (const char* option : {"--preview", "--year", "--theater", "--roll-year-theater"})
                if (arrive->count(option))
                    throw UsageError(std::string("--due takes no ") + option + ": give it for one division by name (muster arrive DIVISION " + option + ")");
            arrive_due(io, ar->dice, ar->show_rolls, r.discard_preview);
            return;
        }
        if (r.division.empty()) throw UsageError("name the DIVISION that arrives, or give --due for every division due now");
        if (arrive->count("--year")) r.year = ar->year;
        if (arrive->count("--theater")) r.theater = ar->theater;
        auto service = open_campaigns(io);
        const auto result = with_dice(service, io, ar->dice, [&](const std::vector<std::string>& rolls) {
            r.rolls = rolls;
            return service.arrivals().arrive(r);
        });
        const auto rules = service.rules();
        if (!result.note.empty()) io.err << "muster: note: " << result.note << "\n";
        io.out << (result.preview ? "PREVIEW (not stored; its rolls are kept in the journal as discarded)\n" : "");
        io.out << exporter::division_text(rules, result.division);
        if (ar->show_rolls) io.out << "\nRolls:\n" << exporter::rolls_text(result.division.rolls);
        io.out << "\nJournal #" << result.operation
               << (result.preview ? ": preview. Run again without --preview to accept it.\n"
                                  : ": arrived, hidden from the other side until `muster reveal`.\n");
    });
}

}  // namespace muster::cli
