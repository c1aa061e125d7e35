// `muster battle plan|deploy|reserve|arrive|report|recover|list|show` and `muster brigade disband|destroy|merge|relabel`.
#include "app/battles.hpp"
#include "app/plans.hpp"
#include "app/forces.hpp"
#include "app/files.hpp"
#include "app/table_side.hpp"
#include "export/report_json.hpp"
#include "core/text.hpp"
#include "cli/dice_at_table.hpp"
#include "export/text_table.hpp"

#include <memory>

namespace muster::cli {
namespace {

// What a plan's step did, and each division rolled up in it, as `arrive` prints them.
void print_step(Io& io, const rules::RuleSet& rules, const app::PlanStep& step, bool show_rolls) {
    print_outcome(io.out, step.outcome, false);
    for (const auto& a : step.arrivals)
        if (!a.note.empty()) io.err << "muster: note: " << a.note << "\n";
    print_arrivals(io, rules, {step.arrivals, {}, {}}, show_rolls);
}

// A battle before it is fought: `battle plan|deploy|reserve|arrive`.
void add_plan_commands(CLI::App* battle, Io& io) {
    struct PlanOptions {
        std::string battle, place;
        std::optional<Day> date;
        std::vector<std::string> divisions;
        std::string division;
        RollOptions dice;
        bool show_rolls = false;
    };
    auto po = std::make_shared<PlanOptions>();
    auto* plan = battle->add_subcommand("plan", "Plan a battle before it is fought: its divisions are then deployed, or put in reserve (one operation)");
    plan->add_option("BATTLE", po->battle, "The battle's name")->required();
    day_option(plan, "--date", po->date, "The day it is fought (its divisions are rolled up for its year)");
    plan->add_option("--place", po->place, "Where it is fought");
    on_run(plan, io, [po, &io] { print_outcome(io.out, open_campaigns(io).plans().plan(po->battle, po->date, po->place), false); });

    auto* deploy = battle->add_subcommand("deploy", "Put divisions on the field of a planned battle: a placeholder is rolled up there, "
                                                    "hidden from the enemy until revealed (one step: undo takes it whole)");
    deploy->add_option("BATTLE", po->battle, "The planned battle")->required();
    deploy->add_option("DIVISION", po->divisions, "The divisions on the field when it begins")->required();
    add_roll_options(deploy, po->dice, "Dice you rolled for the one placeholder rolled up, in order (several: --dice ask)");
    deploy->add_flag("--show-rolls", po->show_rolls, "Print every roll of the divisions rolled up");
    on_run(deploy, io, [po, &io] {
        auto session = open_campaigns(io);
        const auto step = session.plans().deploy(po->battle, po->divisions, arrive_each(session, io, po->dice), !po->dice.rolls.empty());
        print_step(io, session.rules(), step, po->show_rolls);
    });
    auto* reserve = battle->add_subcommand("reserve", "Name divisions off-table reserves of a planned battle: nothing is rolled until one arrives");
    reserve->add_option("BATTLE", po->battle, "The planned battle")->required();
    reserve->add_option("DIVISION", po->divisions, "The divisions in reserve")->required();
    on_run(reserve, io, [po, &io] { print_outcome(io.out, open_campaigns(io).plans().reserve(po->battle, po->divisions), false); });
    auto* arrive = battle->add_subcommand("arrive", "A reserve arrives on the field of a planned battle: rolled up then, if a placeholder "
                                                    "(one step: undo takes it whole)");
    arrive->add_option("BATTLE", po->battle, "The planned battle")->required();
    arrive->add_option("DIVISION", po->division, "The reserve that arrives")->required();
    add_roll_options(arrive, po->dice, "Dice you rolled, in order, e.g. 34,78,00");
    arrive->add_flag("--show-rolls", po->show_rolls, "Print every roll of the division rolled up");
    on_run(arrive, io, [po, &io] {
        auto session = open_campaigns(io);
        const auto step = session.plans().arrive(po->battle, po->division, arrive_each(session, io, po->dice), !po->dice.rolls.empty());
        print_step(io, session.rules(), step, po->show_rolls);
    });
}

}  // namespace

void add_battle_commands(CLI::App& app, Io& io) {
    auto* battle = app.add_subcommand("battle", "Record a battle's losses, then the return of casualties");
    battle->require_subcommand(1);

    struct ReportOptions {
        std::string file, draft;
        int out_for = 1;
        battle::Report report;
        std::vector<std::string> loss, captured, leader, battery, camps;
        app::Mode mode = app::Mode::apply;
        Fog engaged = Fog::seen;
    };
    auto ro = std::make_shared<ReportOptions>();
    auto* report = battle->add_subcommand("report", "Record a battle and its losses as one operation (from a file or options)");
    report->add_option("FILE", ro->file, "A muster-battle/1 JSON report (or give everything with options)");
    report->add_option("--name", ro->report.name, "Battle name");
    day_option(report, "--date", ro->report.date, "The battle's date (default: its plan's, else the campaign's)");
    report->add_option("--place", ro->report.place, "Place");
    report->add_option("--division", ro->report.divisions, "A division that fought (repeat): given, they are all that fought, those with losses among them; none given: those with losses (with --draft: beside the draft's)");
    report->add_option("--loss", ro->loss, "Stands lost: \"Division/Brigade=N\" (repeat)");
    report->add_option("--captured", ro->captured, "Stands captured: \"Division/Brigade=N@Camp\" (repeat)");
    report->add_option("--leader", ro->leader, "A fallen leader: \"REF:killed\", \"REF:wounded/BATTLES\", \"REF:captured@Camp\"");
    report->add_option("--battery", ro->battery, "A battery lost: \"Owner/Battery:wrecked\" or \"...:captured@Camp\"");
    report->add_option("--draft", ro->draft, "Apply the draft report the table side's rolls filled for this battle (see muster battle draft), "
                                             "with any --loss, --captured, --leader and --battery given beside it");
    report->add_option("--camp", ro->camps, "With --draft: the camp that takes the prisoners its side captured where the draft names none (repeat: one a side)");
    report->add_option("--out-for", ro->out_for, "With --draft: battles a wounded leader of the draft, or one given beside it without /BATTLES, misses (default 1)");
    flag_for(report, "--preview", ro->mode, app::Mode::preview, "Check and show the report; store nothing");
    flag_for(report, "--reveal-engaged", ro->engaged, Fog::seen, "The divisions that fought become seen by the enemy (the default)");
    flag_for(report, "--keep-hidden", ro->engaged, Fog::hidden, "The divisions that fought and were hidden stay hidden");
    on_run(report, io, [ro, report, &io] {
        if (report->count("--reveal-engaged") && report->count("--keep-hidden"))
            throw UsageError("--reveal-engaged and --keep-hidden say opposite things of the divisions that fought: give one (--reveal-engaged is the default)");
        if (report->count("--out-for") && ro->draft.empty())
            throw UsageError("--out-for goes with --draft; in a report of your own give it per leader (\"REF:wounded/BATTLES\")");
        if (!ro->camps.empty() && ro->draft.empty())
            throw UsageError("--camp goes with --draft; in a report of your own give the camp after each capture's @ (\"Division/Brigade=N@Camp\")");
        const auto specs = [&](battle::Report& r) {
            for (const auto& s : ro->loss) battle::add_loss_spec(r, s);
            for (const auto& s : ro->captured) battle::add_captured_spec(r, s);
            for (const auto& s : ro->leader) battle::add_leader_spec(r, s, ro->out_for);
            for (const auto& s : ro->battery) battle::add_battery_spec(r, s);
        };
        if (!ro->draft.empty()) {
            if (!ro->file.empty() || !ro->report.name.empty())
                throw UsageError("--draft applies the battle's draft report, named by it: give no FILE or --name with it (losses, prisoners, "
                                 "leaders and batteries given beside it are added to it)");
            battle::Report beside;
            beside.divisions = ro->report.divisions;
            beside.date = ro->report.date;
            beside.place = ro->report.place;
            specs(beside);
            print_outcome(io.out, open_campaigns(io).battles().report_draft(ro->draft, app::DraftReport{ro->engaged, ro->out_for, beside, ro->camps}, ro->mode),
                          false);
            return;
        }
        battle::Report r;
        if (!ro->file.empty()) {
            if (!ro->report.name.empty() || !ro->loss.empty() || !ro->captured.empty() || !ro->leader.empty() ||
                !ro->battery.empty() || !ro->report.divisions.empty() || ro->report.date || !ro->report.place.empty())
                throw UsageError("give the report as a FILE or as options (--name, --date, --place, --division, --loss, --captured, --leader, "
                                 "--battery), not both: a FILE holds them all");
            r = battle::read_report_file(ro->file);
        } else {
            r = ro->report;
            if (r.name.empty()) throw UsageError("--name is required (or give a report FILE)");
            specs(r);
        }
        r.engaged = ro->engaged;
        print_outcome(io.out, open_campaigns(io).battles().report_battle(r, ro->mode), false);
    });

    struct AmendOptions {
        std::string battle;
        std::vector<std::string> loss, leader;
        app::Mode mode = app::Mode::apply;
    };
    auto am = std::make_shared<AmendOptions>();
    auto* amend = battle->add_subcommand("amend", "Correct a battle's report: a brigade's stands lost there, a leader's fall, as one operation (undo takes it back)");
    amend->add_option("BATTLE", am->battle, "Battle name")->required();
    amend->add_option("--loss", am->loss, "REF=STANDS: what the brigade lost there, as it should have been reported (repeatable)");
    amend->add_option("--leader", am->leader, "REF:FATE[/N|@CAMP] as in a report: a leader's fall there as it should have been reported; REF:none: he did not fall (repeatable)");
    flag_for(amend, "--preview", am->mode, app::Mode::preview, "Show what would change, and change nothing");
    on_run(amend, io, [am, &io] { print_outcome(io.out, open_campaigns(io).battles().amend(am->battle, am->loss, am->leader, am->mode), false); });

    struct DraftOptions {
        std::string battle, write;
        bool discard = false;
    };
    auto dr = std::make_shared<DraftOptions>();
    auto* draft = battle->add_subcommand("draft", "A battle's draft report, filled by rolls at the table side (muster table roll ... --battle NAME)");
    draft->add_option("BATTLE", dr->battle, "The battle; none: the battles with a draft waiting");
    draft->add_flag("--discard", dr->discard, "Throw the draft away (one operation: undo brings it back)");
    draft->add_option("--write", dr->write, "Write the draft as a muster-battle/1 report file, to edit and apply with muster battle report FILE");
    on_run(draft, io, [dr, &io] {
        auto session = open_campaigns(io);
        auto side = session.table_side();
        if (dr->battle.empty()) {
            if (dr->discard) throw UsageError("--discard needs the BATTLE whose draft to throw away");
            const auto drafts = side.drafts();
            if (drafts.empty()) io.out << "No draft reports. muster table roll TABLE --battle NAME --unit REF starts one.\n";
            for (const auto& d : drafts) io.out << d.battle << ": " << count_of(d.lines, "line", "lines") << "\n";
            return;
        }
        if (dr->discard) {
            print_outcome(io.out, side.discard(dr->battle), false);
            return;
        }
        const auto d = side.draft(dr->battle);
        if (!dr->write.empty()) {
            app::write_file(dr->write, exporter::report_json(d.report));
            io.out << "Wrote " << dr->write << ". Edit it, and apply it with: muster battle report " << shell_word(dr->write)
                   << " (the report replaces the draft)\n";
            if (!d.doubled.empty())
                io.out << "Check the stands lost of each " << session.rules().brigade_noun() << " both rolled at the table and submitted by a player: "
                       << "the file gives the larger, not the two added\n";
            for (const auto& l : d.doubled) io.out << "  " << l << "\n";
            // The file's "lost" leaves out the prisoners given beside it, which a player's number counts.
            std::vector<std::string> submitted;
            for (const auto& l : d.submitted) submitted.push_back(l.brigade + ": " + std::to_string(l.stands) + " " + l.why);
            if (!submitted.empty())
                io.out << "A player's number is his " << session.rules().brigade_noun() << "'s whole loss, captured ones too: where you give prisoners of one in the file, "
                       << "take them off its \"lost\" (" << join(submitted, "; ") << ")\n";
            return;
        }
        io.out << "Draft report of " << d.battle << "\n  Rolled for at the table: " << (d.engaged.empty() ? "none yet" : join(d.engaged, ", ")) << "\n";
        for (const auto& l : d.lines) io.out << "  " << l << "\n";
        if (!d.states.empty()) io.out << "On the table:\n";
        for (const auto& st : d.states) io.out << "  " << st << "\n";
        // Reported already (from the file --write made, say): the draft is left over.
        const auto battles = session.battles().list(View::umpire());
        if (std::any_of(battles.begin(), battles.end(), [&](const campaign::BattleInfo& b) { return same_ignoring_case(b.name, d.battle); })) {
            io.out << "\nThe battle of " << d.battle << " is recorded already: throw this draft away with: muster battle draft " << shell_positional(d.battle)
                   << " --discard\n";
            return;
        }
        io.out << "\nAs a report:\n";
        try {
            print_outcome(io.out, session.battles().report_draft(dr->battle, app::DraftReport{}, app::Mode::preview), false);
        } catch (const Damaged&) {
            throw;  // the file's, not the draft's
        } catch (const FileError&) {
            throw;
        } catch (const BusyError&) {
            throw;
        } catch (const Error& e) {
            // The draft shown is what was asked: what the report would need (a name typed, a camp
            // open to take its prisoners) is said, not an error.
            io.out << "  not yet: " << e.what() << "\n";
            return;
        }
        io.out << "Apply it with: muster battle report " << shell_option("--draft", d.battle) << "\n";
    });

    struct RecoverOptions {
        std::string battle;
        RollOptions dice;
        app::Mode mode = app::Mode::apply;
        bool show_rolls = false;
        app::Previewed previewed = app::Previewed::held;
    };
    auto rc = std::make_shared<RecoverOptions>();
    auto* recover = battle->add_subcommand("recover", "Return the battle's casualties at the campaign's rate; prisoners stay");
    recover->add_option("BATTLE", rc->battle, "Battle name")->required();
    add_roll_options(recover, rc->dice, "Your own percentile rolls for fractions of stands, in order");
    flag_for(recover, "--preview", rc->mode, app::Mode::preview, "Show what would return; keep the rolls as discarded");
    flag_for(recover, "--discard-preview", rc->previewed, app::Previewed::discarded, "Roll anew although the battle's preview showed other rolls");
    recover->add_flag("--show-rolls", rc->show_rolls, "Print every roll");
    on_run(recover, io, [rc, &io] {
        auto session = open_campaigns(io);
        print_outcome(io.out,
                      with_dice(session, io, rc->dice,
                                [&](const std::vector<std::string>& rolls) { return session.battles().recover(rc->battle, rolls, rc->mode, rc->previewed); }),
                      rc->show_rolls);
    });

    add_plan_commands(battle, io);

    auto as = std::make_shared<std::string>();
    auto* list = battle->add_subcommand("list", "List the battles and the battles planned (--as SIDE: those it fought, and the plans)");
    add_view_option(list, *as);
    on_run(list, io, [as, &io] {
        exporter::TextTable t;
        t.add({"Battle", "Date", "Place", "State"});
        auto session = open_campaigns(io);
        const auto view = session.view(*as);
        const auto battles = session.battles().list(view);
        for (const auto& b : battles)
            t.add({b.name, text_or(b.date, ""), b.place, app::return_state(b)});
        // The plans still open, then those whose battle the view did not fight (reported all the same).
        const auto plans = session.plans().list(view);
        for (const bool open : {true, false})
            for (const auto& p : plans) {
                const bool fought = std::any_of(battles.begin(), battles.end(), [&](const auto& b) { return p.plan.battle_id == b.id; });
                if (p.plan.open() == open && !fought) t.add({p.plan.name, text_or(p.plan.date, ""), p.plan.place, open ? "planned" : "reported"});
            }
        io.out << t.render();
    });

    struct ShowOptions {
        std::string battle, as;
    };
    auto so = std::make_shared<ShowOptions>();
    auto* show = battle->add_subcommand("show", "A battle's summary (per side and division, stands engaged, lost, captured, returned), or a planned battle's divisions");
    show->add_option("BATTLE", so->battle, "The battle")->required();
    add_view_option(show, so->as);
    on_run(show, io, [so, &io] {
        auto session = open_campaigns(io);
        io.out << session.plans().show(so->battle, session.view(so->as));
    });

    auto* brigade = app.add_subcommand("brigade", "Disband, destroy, merge or relabel brigades");
    brigade->require_subcommand(1);
    struct BrigadeOptions {
        std::string ref, into;
        app::Mode mode = app::Mode::apply;
    };
    auto bo = std::make_shared<BrigadeOptions>();
    auto* disband = brigade->add_subcommand("disband", "Send a brigade's remaining stands home; it leaves the order of battle");
    disband->add_option("BRIGADE", bo->ref, "\"Division/Brigade\"")->required();
    flag_for(disband, "--preview", bo->mode, app::Mode::preview, "Show what disbanding would do, and change nothing");
    on_run(disband, io, [bo, &io] { print_outcome(io.out, open_campaigns(io).battles().disband_brigade(bo->ref, bo->mode), false); });
    auto* destroy = brigade->add_subcommand("destroy", "Mark a brigade with no stands left as destroyed");
    destroy->add_option("BRIGADE", bo->ref, "\"Division/Brigade\"")->required();
    flag_for(destroy, "--preview", bo->mode, app::Mode::preview, "Show what it would do, and change nothing");
    on_run(destroy, io, [bo, &io] { print_outcome(io.out, open_campaigns(io).battles().destroy_brigade(bo->ref, bo->mode), false); });
    auto* merge = brigade->add_subcommand("merge", "Move all of a brigade's stands into another of the same side");
    merge->add_option("BRIGADE", bo->ref, "\"Division/Brigade\" to merge")->required();
    // The brigade that takes them by --into, or as a second word ("merge A B"), one of the two.
    merge->add_option("--into", bo->into, "\"Division/Brigade\" that takes them");
    merge->add_option("INTO", bo->into, "The same, given as a second word (not beside --into)");

    flag_for(merge, "--preview", bo->mode, app::Mode::preview, "Show what the merge would do, and change nothing");
    on_run(merge, io, [bo, merge, &io] {
        if (merge->count("--into") && merge->count("INTO"))
            throw UsageError("the brigade that takes the stands is given twice, as a second word and by --into: give it once");
        if (bo->into.empty()) throw UsageError("--into is required: the \"Division/Brigade\" that takes the stands (or give it as a second word: muster brigade merge A B)");
        print_outcome(io.out, open_campaigns(io).battles().merge_brigade(bo->ref, bo->into, bo->mode), false);
    });
    auto start = std::make_shared<int>(0);
    auto* relabel = brigade->add_subcommand("relabel", "Label a brigade for another start strength (the stands it has stay)");
    relabel->add_option("BRIGADE", bo->ref, "\"Division/Brigade\"")->required();
    relabel->add_option("--stands", *start, "The start strength to label it for")->required()->check(whole_in(1, 1000));
    on_run(relabel, io, [bo, start, &io] { print_outcome(io.out, open_campaigns(io).forces().relabel_brigade(bo->ref, *start), false); });
}

}  // namespace muster::cli
