// `muster leader list|replace|assign|casualty|return`.
#include "app/leaders.hpp"
#include "cli/dice_at_table.hpp"
#include "core/text.hpp"
#include "export/text_table.hpp"

#include <memory>

namespace muster::cli {

void add_leader_commands(CLI::App& app, Io& io) {
    auto* leader = app.add_subcommand("leader", "Leaders: list, replace, assign, casualty (the Fallen Leaders roll), return from wounds, reveal a grade, penalty, attach");
    leader->require_subcommand(1);
    auto as = std::make_shared<std::string>();
    auto* list = leader->add_subcommand("list", "List every leader with his number, command and state");
    add_view_option(list, *as);
    on_run(list, io, [as, &io] {
        exporter::TextTable t;
        auto session = open_campaigns(io);
        const auto viewer = session.view(*as);
        // The umpire's list numbers every leader ("#12" names him in any command); a side's has
        // no numbers, which count every side's leaders.
        std::vector<std::string> head = {"Leader", "Side", "Rank", "Grade", "State", "Commands"};
        if (viewer.is_umpire()) head.insert(head.begin(), "No.");
        t.add(head);
        const auto& rules = session.rules();
        const auto leaders = session.leaders().list(viewer);
        const auto since = session.leaders().battles_since_fall(leaders);
        for (const auto& l : leaders) {
            // Side and grade as the rule set names them, as the order of battle prints them.
            const auto& grade = l.grade == army::k_unrevealed_grade ? l.grade.str() : rules::name_or_id(rules.find_grade(l.grade), l.grade);
            std::vector<std::string> row = {l.label(), rules.side_name(l.side), rules.rank_name(l.rank), grade.empty() ? "-" : grade,
                                            app::Leaders::state_text(l, since), l.command.unit.empty() ? "-" : l.command.unit};
            if (viewer.is_umpire()) row.insert(row.begin(), "#" + std::to_string(l.id));
            t.add(row);
        }
        io.out << t.render();
    });
    struct ReplaceOptions {
        std::string unit, name, grade;
        RollOptions dice;
        int year = 0;
        app::Mode mode = app::Mode::apply;
        app::Displace sound = app::Displace::keep;
        bool show_rolls = false;
        app::Previewed previewed = app::Previewed::held;
    };
    auto rp = std::make_shared<ReplaceOptions>();
    auto* replace = leader->add_subcommand("replace", "Roll a new commander for a unit on the rule set's leader table");
    replace->add_option("UNIT", rp->unit, "\"Division/Brigade\", a division, corps or army, or the name of the commander replaced")->required();
    replace->add_option("--year", rp->year, "Year for the leader table (default: the unit's division's)");
    add_roll_options(replace, rp->dice, "Your own rolls");
    flag_for(replace, "--preview", rp->mode, app::Mode::preview, "Show the roll; keep it as discarded");
    flag_for(replace, "--discard-preview", rp->previewed, app::Previewed::discarded, "Roll anew although the post's preview showed other rolls");
    replace->add_option("--name", rp->name, "The new commander's name");
    replace->add_option("--grade", rp->grade, "The new commander's grade, as known (a historical commander's): not rolled");
    flag_for(replace, "--force", rp->sound, app::Displace::replace, "Replace a commander who is sound (the organiser's choice, not a rule)");
    replace->add_flag("--show-rolls", rp->show_rolls, "Print every roll");
    on_run(replace, io, [rp, &io, replace] {
        if (replace->count("--name") && std::string(trim(rp->name)).empty())
            throw UsageError("--name is empty: give the new commander's name, or leave --name out");
        const auto year = replace->count("--year") ? std::optional<int>(rp->year) : std::nullopt;
        auto session = open_campaigns(io);
        print_outcome(io.out, with_dice(session, io, rp->dice, [&](const std::vector<std::string>& rolls) {
                          return session.leaders().replace_leader(rp->unit, year, rolls, rp->mode, rp->sound, rp->name, rp->grade, rp->previewed);
                      }),
                      rp->show_rolls);
    });
    struct AssignOptions {
        std::string leader, unit;
        app::Displace sound = app::Displace::keep;
    };
    auto as_opt = std::make_shared<AssignOptions>();
    auto* assign = leader->add_subcommand("assign", "Put a leader who commands nothing (returned, exchanged, displaced), or a brigade's Alternate, in command of a unit");
    assign->add_option("LEADER", as_opt->leader, "His name, or his number as leader list shows it (#12)")->required();
    assign->add_option("UNIT", as_opt->unit, "\"Division/Brigade\", a division, corps or army of his side")->required();
    flag_for(assign, "--force", as_opt->sound, app::Displace::replace, "Displace a commander who is sound (the organiser's choice, not a rule)");
    on_run(assign, io, [as_opt, &io] {
        print_outcome(io.out, open_campaigns(io).leaders().assign(as_opt->leader, as_opt->unit, as_opt->sound), false);
    });
    struct CasualtyOptions {
        std::string leader;
        RollOptions dice;
        int out_for = 1;
        app::Mode mode = app::Mode::apply;
        app::Previewed previewed = app::Previewed::held;
    };
    auto ca = std::make_shared<CasualtyOptions>();
    auto* casualty = leader->add_subcommand("casualty", "Roll the rule set's Fallen Leaders table for a leader who may have fallen (L'Ordre Mixte has one; the ACW and AWI rule sets do not: report his fate in the battle report)");
    casualty->add_option("LEADER", ca->leader, "His name or the unit he commands")->required();
    casualty->add_option("--out-for", ca->out_for, "Battles a wounded leader misses (default 1)");
    add_roll_options(casualty, ca->dice, "Your own roll, e.g. 3+4");
    flag_for(casualty, "--preview", ca->mode, app::Mode::preview, "Show the roll; keep it as discarded");
    flag_for(casualty, "--discard-preview", ca->previewed, app::Previewed::discarded, "Roll anew although his preview showed another roll");
    casualty->add_flag("--show-rolls")->description("Print the roll (it always is: taken as other rolling commands take it)");
    on_run(casualty, io, [ca, &io] {
        auto session = open_campaigns(io);
        print_outcome(io.out, with_dice(session, io, ca->dice, [&](const std::vector<std::string>& rolls) {
                          return session.leaders().leader_casualty(ca->leader, ca->out_for, rolls, ca->mode, ca->previewed);
                      }),
                      true);
    });
    auto back = std::make_shared<std::string>();
    auto* ret = leader->add_subcommand("return", "A wounded leader returns (once the battles he was out for are fought)");
    ret->add_option("LEADER", *back, "His name or the unit he commanded")->required();
    on_run(ret, io, [back, &io] { print_outcome(io.out, open_campaigns(io).leaders().return_leader(*back), false); });
    auto revealed = std::make_shared<std::string>();
    auto* reveal = leader->add_subcommand("reveal", "Reveal a leader's grade to the enemy (his side's secret until then)");
    reveal->add_option("LEADER", *revealed, "His name, the unit he commands, or his number (#12)")->required();
    on_run(reveal, io, [revealed, &io] { print_outcome(io.out, open_campaigns(io).leaders().reveal_grade(*revealed), false); });
    auto penalised = std::make_shared<std::string>();
    auto* penalty = leader->add_subcommand(
        "penalty", "A side forgot to reveal a despicable leader: the opponent downgrades one of its average leaders to despicable");
    penalty->add_option("LEADER", *penalised, "The leader the opponent chooses: his name, the unit he commands, or his number (#12)")->required();
    on_run(penalty, io, [penalised, &io] { print_outcome(io.out, open_campaigns(io).leaders().penalty(*penalised), false); });
    auto pair = std::make_shared<std::pair<std::string, std::string>>();
    auto* attach = leader->add_subcommand("attach", "A despicable corps leader seeks the company of one division leader of his corps");
    attach->add_option("CORPS-LEADER", pair->first, "The corps leader: his name, his corps, or his number (#12)")->required();
    attach->add_option("DIVISION-LEADER", pair->second, "The division leader: his name, his division, or his number")->required();
    on_run(attach, io, [pair, &io] { print_outcome(io.out, open_campaigns(io).leaders().attach(pair->first, pair->second), false); });
}

}  // namespace muster::cli
