#include "app/roll_division.hpp"
#include "cli/commands.hpp"
#include "core/error.hpp"
#include "core/names.hpp"
#include "export/division_text.hpp"

#include <memory>

namespace muster::cli {

void add_generate_command(CLI::App& app, Io& io) {
    struct Options {
        app::RollDivisionRequest request;
        int year = 0;
        std::string theater;
        std::string rolls;
        Despicable despicable = Despicable::expanded;
        PrintFormat format = PrintFormat::text;
        bool show_rolls = false;
    };
    auto o = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("generate", "Roll up a division from a rule set's tables, outside any campaign");
    cmd->add_option("--rules", o->request.rules, "Rule set id (see `muster rules list`) or a .json file")->required();
    cmd->add_option("--side", o->request.division.side, "Side id, as the rule set names its sides (acw: union, confederate; awi: american, british; napoleonic: french, allies)")->required();
    cmd->add_option("--arm", o->request.division.arm, "Arm of the division, e.g. infantry or cavalry (default: the rule set's first)");
    cmd->add_option("--year", o->year, "Year (default: rolled; a rule set that rolls year and theater together, as acw's table 1, takes both or neither)");
    cmd->add_option("--theater", o->theater, "Theater, where the rule set has them (acw: east or west; default: rolled, with the year where one table rolls both)");
    cmd->add_option("--name", o->request.division.name, "Division name");
    seed_option(cmd, "--seed", o->request.seed, "Seed of the dice: the same seed rolls the same division");
    cmd->add_option("--rolls", o->rolls, "Dice you rolled yourself, in order, e.g. 34,78,00 (percentile 1-100, 00 = 100)");
    word_option<Despicable>(cmd, "--despicable", o->despicable,
                            "Despicable leaders: the article's rule (DP, the default), or by the book (played as average)");
    word_option<PrintFormat>(cmd, "--format", o->format, "Output format (default text)");
    cmd->add_flag("--show-rolls", o->show_rolls, "Also print every roll: purpose, dice, reading, result");
    on_run(cmd, io, [o, &io, cmd] {
        auto& r = o->request;
        // Named as a campaign's division is: no control, invisible or unpaired bidi characters, no
        // bytes that are not UTF-8 (which no JSON could carry), a length a page can print, and
        // not as a leader is called ("#12").
        if (cmd->count("--name")) r.division.name = checked_unit_name("division", r.division.name);
        if (cmd->count("--year")) r.division.year = o->year;
        if (cmd->count("--theater")) r.division.theater = o->theater;
        r.division.despicable_by_the_book = o->despicable == Despicable::book;
        r.typed_rolls = dice::split_rolls(o->rolls);
        if (cmd->count("--rolls") && r.typed_rolls.empty()) throw UsageError("--rolls is empty: give the rolls, e.g. 34,78,00");
        const auto result = app::roll_division(app::default_catalog(), r);
        if (o->format == PrintFormat::json) {
            io.out << exporter::division_json(result.rules, result.division, o->show_rolls);
            return;
        }
        io.out << exporter::division_text(result.rules, result.division);
        if (o->show_rolls) io.out << "\nRolls:\n" << exporter::rolls_text(result.division.rolls);
        if (result.seed) io.out << "\nSeed " << *result.seed << " (--seed " << *result.seed << " rolls this division again)\n";
    });
}

}  // namespace muster::cli
