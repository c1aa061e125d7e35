// Every window and every action, registered in one place. Buttons, the menu, shortcuts and
// the GUI tests all run these actions by name.
#include "app/battles.hpp"
#include "app/history.hpp"
#include "app/leaders.hpp"
#include "app/plans.hpp"
#include "app/prisoners.hpp"
#include "gui_app.hpp"
#include "navigator.hpp"
#include "theme.hpp"
#include "windows/arrival_window.hpp"
#include "windows/battle_window.hpp"
#include "windows/campaigns_window.hpp"
#include "windows/export_window.hpp"
#include "windows/journal_window.hpp"
#include "windows/leaders_window.hpp"
#include "windows/oob_window.hpp"
#include "windows/players_window.hpp"
#include "windows/prisoners_window.hpp"
#include "windows/season_window.hpp"
#include "windows/table_side_window.hpp"
#include "windows/tables_window.hpp"
#include "windows/welcome_window.hpp"

namespace muster::gui {

void register_windows(GuiApp& app) {
    auto campaigns = std::make_unique<CampaignsWindow>();
    auto oob = std::make_unique<OobWindow>();
    auto arrival = std::make_unique<ArrivalWindow>();
    auto battle = std::make_unique<BattleWindow>();
    auto prisoners = std::make_unique<PrisonersWindow>();
    auto exports = std::make_unique<ExportWindow>();
    auto tables = std::make_unique<TablesWindow>();
    auto table_side = std::make_unique<TableSideWindow>();
    auto journal = std::make_unique<JournalWindow>();
    auto season = std::make_unique<SeasonWindow>();
    auto leaders = std::make_unique<LeadersWindow>();
    auto players = std::make_unique<PlayersWindow>();
    campaigns->open = oob->open = season->open = journal->open = true;

    auto* c = campaigns.get();

    auto* a = arrival.get();
    auto* b = battle.get();
    auto* p = prisoners.get();
    auto* e = exports.get();
    auto* t = tables.get();
    auto* ts = table_side.get();
    GuiApp* g = &app;
    // Most actions: an id, a label for the Actions menu (or none), the panel that shows their
    // refusal, and whether they write the campaign.
    const auto act = [&app](std::string id, std::string label, Window* window, Effect effect, std::function<void()> run) {
        app.add_action({.id = std::move(id), .label = std::move(label), .window = window, .effect = effect, .run = std::move(run)});
    };
    // A side's own acts, which its view may run too.
    const auto side_act = [&app](std::string id, std::string label, Window* window, std::function<void()> run) {
        app.add_action({.id = std::move(id), .label = std::move(label), .window = window, .run = std::move(run), .sides = true});
    };
    auto welcome = std::make_unique<WelcomeWindow>(*campaigns);
    auto* hello = welcome.get();
    // Opening another file is the one action that needs no database open.
    app.add_action({.id = "welcome.open", .window = hello, .effect = Effect::view, .needs_database = false, .run = [hello, g] { hello->open_file(*g); }});
    app.set_welcome(std::move(welcome));
    act("campaign.create", "Create campaign", c, Effect::writes, [c, g] { c->create(*g); });
    act("campaign.sample", "", c, Effect::writes, [c, g] { c->start_sample(*g); });
    act("campaign.use", "", c, Effect::writes, [c, g] { c->use(*g); });
    act("campaign.settings", "", c, Effect::writes, [c, g] { c->save_settings(*g); });
    auto* o = oob.get();
    act("oob.rename", "", o, Effect::writes, [o, g] { o->rename(*g); });
    act("oob.add_brigade", "", o, Effect::writes, [o, g] { o->add_brigade(*g); });
    act("oob.fog", "", o, Effect::writes, [o, g] { o->set_fog(*g); });
    act("oob.disband", "", o, Effect::writes, [o, g] { o->brigade_out(*g, OobWindow::BrigadeEnd::disband); });
    act("oob.destroy", "", o, Effect::writes, [o, g] { o->brigade_out(*g, OobWindow::BrigadeEnd::destroy); });
    act("oob.merge", "", o, Effect::writes, [o, g] { o->brigade_out(*g, OobWindow::BrigadeEnd::merge); });
    act("arrival.roll", "", a, Effect::writes, [a, g] { a->dice.enter(*g->session()); });
    act("arrival.take_back", "", a, Effect::view, [a] { a->dice.take_back(); });
    act("arrival.cancel", "", a, Effect::view, [a] { a->dice.cancel(); });
    act("arrival.preview", "Preview arrival", a, Effect::writes, [a, g] { a->preview(*g); });
    act("arrival.accept", "Accept arrival", a, Effect::writes, [a, g] { a->accept(*g); });
    act("arrival.discard", "", a, Effect::view, [a] { a->discard(); });
    act("battle.apply", "Apply battle report", b, Effect::writes, [b, g] { b->apply(*g); });
    act("battle.amend_preview", "", b, Effect::view, [b, g] { b->amend(*g, app::Mode::preview); });
    act("battle.amend", "", b, Effect::writes, [b, g] { b->amend(*g, app::Mode::apply); });
    act("recovery.preview", "", b, Effect::writes, [b, g] { b->recover(*g, app::Mode::preview); });
    act("recovery.apply", "Apply recovery", b, Effect::writes, [b, g] { b->recover(*g, app::Mode::apply); });
    act("recovery.roll", "", b, Effect::writes, [b, g] { b->enter_roll(*g); });
    act("recovery.take_back", "", b, Effect::view, [b] { b->dice.take_back(); });
    act("recovery.cancel", "", b, Effect::view, [b] { b->dice.cancel(); });
    act("recovery.discard", "", b, Effect::view, [b] { b->discard_recovery(); });
    act("plan.arrive", "", b, Effect::writes, [b, g] { b->arrive_reserve(*g); });
    act("plan.new", "", b, Effect::writes, [b, g] { b->plan(*g); });
    act("plan.deploy", "", b, Effect::writes, [b, g] { b->place_on_plan(*g, PlanRole::deployed); });
    act("plan.reserve", "", b, Effect::writes, [b, g] { b->place_on_plan(*g, PlanRole::reserve); });
    act("plan.roll", "", b, Effect::writes, [b, g] { b->plan_dice.enter(*g->session()); });
    act("plan.take_back", "", b, Effect::view, [b] { b->plan_dice.take_back(); });
    act("plan.cancel", "", b, Effect::view, [b] { b->plan_dice.cancel(); });
    side_act("camp.new", "", p, [p, g] { p->new_camp(*g); });
    act("camp.liberate", "", p, Effect::writes, [p, g] { p->liberate(*g); });
    side_act("exchange.propose", "Propose exchange", p, [p, g] { p->propose(*g); });
    side_act("exchange.accept", "", p, [p, g] { p->answer(*g, app::Answer::accept); });
    side_act("exchange.refuse", "", p, [p, g] { p->answer(*g, app::Answer::refuse); });
    side_act("exchange.withdraw", "", p, [p, g] { p->answer(*g, app::Answer::withdraw); });
    act("export.write", "Export", e, Effect::view, [e, g] { e->write(*g); });
    act("export.handout", "Write a handout", e, Effect::view, [e, g] { e->write_handout(*g); });
    act("tables.odds", "", t, Effect::view, [t, g] { t->compute_odds(*g); });
    side_act("tableside.roll", "", ts, [ts, g] { ts->roll(*g); });  // recorded in the umpire's view only: a side's is a plain roll
    act("tableside.apply", "", ts, Effect::writes, [ts, g] { ts->apply(*g); });
    act("tableside.discard_draft", "", ts, Effect::writes, [ts, g] { ts->discard(*g); });
    side_act("tableside.dice.roll", "", ts, [ts, g] { ts->asked.enter(*g->session()); });
    act("tableside.dice.take_back", "", ts, Effect::view, [ts] { ts->asked.take_back(); });
    act("tableside.dice.cancel", "", ts, Effect::view, [ts] { ts->asked.cancel(); });
    auto* se = season.get();
    act("turn.next", "Next turn", se, Effect::writes, [se, g] { se->next_turn(*g); });
    act("turn.arrive_due", "Bring in those due now", se, Effect::writes, [se, g] { se->arrive_due(*g); });
    act("turn.roll", "", se, Effect::writes, [se, g] { se->enter_roll(*g); });
    act("turn.take_back", "", se, Effect::view, [se] { se->take_back(); });
    act("turn.cancel", "", se, Effect::view, [se, g] { se->cancel(*g); });
    act("schedule.add", "", se, Effect::writes, [se, g] { se->schedule(*g); });
    act("schedule.remove", "", se, Effect::writes, [se, g] { se->unschedule(*g); });
    auto* l = leaders.get();
    act("leader.preview", "", l, Effect::writes, [l, g] { l->replace(*g, app::Mode::preview); });
    act("leader.replace", "Roll a new commander", l, Effect::writes, [l, g] { l->replace(*g, app::Mode::apply); });
    act("leader.roll", "", l, Effect::writes, [l, g] { l->enter_roll(*g); });
    act("leader.discard", "", l, Effect::view, [l] { l->discard(); });
    act("leader.casualty", "Fallen Leaders roll", l, Effect::writes, [l, g] { l->casualty(*g); });
    act("leader.return", "", l, Effect::writes, [l, g] { l->return_from_wounds(*g); });
    act("leader.assign", "", l, Effect::writes, [l, g] { l->assign(*g); });
    act("leader.take_back", "", l, Effect::view, [l] { l->dice.take_back(); });
    act("leader.cancel", "", l, Effect::view, [l] { l->dice.cancel(); });
    auto* pl = players.get();
    act("players.add", "Make a player's link", pl, Effect::writes, [pl, g] { pl->add(*g); });
    act("players.revoke", "", pl, Effect::writes, [pl, g] { pl->revoke(*g); });
    act("players.relink", "", pl, Effect::writes, [pl, g] { pl->relink(*g); });
    act("players.accept", "", pl, Effect::writes, [pl, g] { pl->answer(*g, true); });
    act("players.refuse", "", pl, Effect::writes, [pl, g] { pl->answer(*g, false); });
    // Edit: Undo and Redo, named for the step each would take: the umpire's, in his view (a side's
    // view would take back, and name, what the side may not read).
    for (const bool redo : {false, true}) {
        const std::string verb = redo ? "Redo" : "Undo";
        app.add_action({.id = redo ? "redo" : "undo", .label = verb, .shortcut = {'Z', true, redo}, .window = journal.get(),
                        .run = [g, redo, verb] {
                            const auto step = redo ? g->model().redo_step : g->model().undo_step;
                            auto history = g->session()->history();
                            redo ? history.redo() : history.undo(true);  // the umpire reads the step it takes in its title
                            g->forget_what_panels_said();  // "Liberated Spandau", said of what is undone now
                            g->set_status(std::string(redo ? "Redid: " : "Undid: ") + app::step_name(step));
                        },
                        .enabled = [g, redo] {
                            return g->model().current && g->viewer().is_umpire() && !(redo ? g->model().redo_step : g->model().undo_step).empty();
                        },
                        .also = redo ? Shortcut{'Y', true} : Shortcut{},
                        .menu = "Edit",
                        .title = [g, redo, verb] {
                            const auto& step = redo ? g->model().redo_step : g->model().undo_step;
                            return !g->viewer().is_umpire() ? verb + " (the umpire's view)" : !step.empty() ? verb + " " + app::step_name(step) : verb;
                        },
                        .icon = redo ? icon::redo : icon::undo});
    }
    for (const auto theme : {Theme::light, Theme::dark}) {
        const bool dark = theme == Theme::dark;
        app.add_action({.id = dark ? "look.dark" : "look.light", .label = dark ? "Dark theme" : "Light theme", .effect = Effect::view,
                        .needs_database = false, .run = [theme] { apply_theme(theme); }, .chosen = [theme] { return current_theme() == theme; }, .menu = "Look",
                        .icon = dark ? icon::dark : icon::light});
    }
    app.add_action({.id = "navigator.find", .label = "Find in the navigator", .shortcut = {'F', true}, .effect = Effect::view,
                    .needs_database = false, .run = [g] { g->navigator().focus_filter = true; }});

    for (auto* w : std::initializer_list<Window*>{campaigns.get(), oob.get(), season.get(), arrival.get(), battle.get(), prisoners.get(),
                                                   leaders.get(), players.get(), exports.get(), tables.get(), table_side.get(), journal.get()})
        app.add_action({.id = std::string("window.") + w->title(), .effect = Effect::view, .needs_database = false, .run = [w, g] { g->show(*w); }});
    app.add_window(std::move(campaigns));
    app.add_window(std::move(oob));
    app.add_window(std::move(season));
    app.add_window(std::move(arrival));
    app.add_window(std::move(battle));
    app.add_window(std::move(prisoners));
    app.add_window(std::move(leaders));
    app.add_window(std::move(players));
    app.add_window(std::move(exports));
    app.add_window(std::move(tables));
    app.add_window(std::move(table_side));
    app.add_window(std::move(journal));
}

}  // namespace muster::gui
