// Every window and every action, registered in one place. Buttons, the menu, shortcuts and
// the GUI tests all run these actions by name.
#include "app/history.hpp"
#include "gui_app.hpp"
#include "windows/arrival_window.hpp"
#include "windows/battle_window.hpp"
#include "windows/campaigns_window.hpp"
#include "windows/export_window.hpp"
#include "windows/journal_window.hpp"
#include "windows/leaders_window.hpp"
#include "windows/oob_window.hpp"
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
    campaigns->open = oob->open = season->open = journal->open = true;

    auto* c = campaigns.get();

    auto* a = arrival.get();
    auto* b = battle.get();
    auto* p = prisoners.get();
    auto* e = exports.get();
    auto* t = tables.get();
    auto* ts = table_side.get();
    GuiApp* g = &app;
    auto welcome = std::make_unique<WelcomeWindow>(*campaigns);
    auto* hello = welcome.get();
    app.add_action({"welcome.open", "", "", hello, [hello, g] { hello->open_file(*g); }});
    app.set_welcome(std::move(welcome));
    app.add_action({"campaign.create", "Create campaign", "", c, [c, g] { c->create(*g); }});
    app.add_action({"campaign.sample", "", "", c, [c, g] { c->start_sample(*g); }});
    app.add_action({"campaign.use", "", "", c, [c, g] { c->use(*g); }});
    app.add_action({"campaign.settings", "", "", c, [c, g] { c->save_settings(*g); }});
    auto* o = oob.get();
    app.add_action({"oob.rename", "", "", o, [o, g] { o->rename(*g); }});
    app.add_action({"oob.add_brigade", "", "", o, [o, g] { o->add_brigade(*g); }});
    app.add_action({"arrival.roll", "", "", a, [a, g] { a->dice.enter(*g->session()); }});
    app.add_action({"arrival.take_back", "", "", a, [a] { a->dice.take_back(); }});
    app.add_action({"arrival.cancel", "", "", a, [a] { a->dice.cancel(); }});
    app.add_action({"arrival.preview", "Preview arrival", "", a, [a, g] { a->preview(*g); }});
    app.add_action({"arrival.accept", "Accept arrival", "", a, [a, g] { a->accept(*g); }});
    app.add_action({"arrival.discard", "", "", a, [a] { a->discard(); }});
    app.add_action({"battle.apply", "Apply battle report", "", b, [b, g] { b->apply(*g); }});
    app.add_action({"recovery.preview", "", "", b, [b, g] { b->recover(*g, true); }});
    app.add_action({"recovery.apply", "Apply recovery", "", b, [b, g] { b->recover(*g, false); }});
    app.add_action({"recovery.roll", "", "", b, [b, g] { b->enter_roll(*g); }});
    app.add_action({"recovery.take_back", "", "", b, [b] { b->dice.take_back(); }});
    app.add_action({"recovery.cancel", "", "", b, [b] { b->dice.cancel(); }});
    app.add_action({"camp.new", "", "", p, [p, g] { p->new_camp(*g); }});
    app.add_action({"camp.liberate", "", "", p, [p, g] { p->liberate(*g); }});
    app.add_action({"exchange.propose", "Propose exchange", "", p, [p, g] { p->propose(*g); }});
    app.add_action({"exchange.accept", "", "", p, [p, g] { p->answer(*g, true); }});
    app.add_action({"exchange.refuse", "", "", p, [p, g] { p->answer(*g, false); }});
    app.add_action({"export.write", "Export", "", e, [e, g] { e->write(*g); }});
    app.add_action({"export.handout", "Write a handout", "", e, [e, g] { e->write_handout(*g); }});
    app.add_action({"tables.odds", "", "", t, [t, g] { t->compute_odds(*g); }});
    app.add_action({"tableside.roll", "", "", ts, [ts, g] { ts->roll(*g); }});
    app.add_action({"tableside.apply", "", "", ts, [ts, g] { ts->apply(*g); }});
    app.add_action({"tableside.dice.roll", "", "", ts, [ts, g] { ts->asked.enter(*g->session()); }});
    app.add_action({"tableside.dice.take_back", "", "", ts, [ts] { ts->asked.take_back(); }});
    app.add_action({"tableside.dice.cancel", "", "", ts, [ts] { ts->asked.cancel(); }});
    auto* se = season.get();
    app.add_action({"turn.next", "Next turn", "", se, [se, g] { se->next_turn(*g); }});
    app.add_action({"turn.roll", "", "", se, [se, g] { se->enter_roll(*g); }});
    app.add_action({"turn.take_back", "", "", se, [se] { se->take_back(); }});
    app.add_action({"turn.cancel", "", "", se, [se] { se->cancel(); }});
    app.add_action({"schedule.add", "", "", se, [se, g] { se->schedule(*g); }});
    app.add_action({"schedule.remove", "", "", se, [se, g] { se->unschedule(*g); }});
    auto* l = leaders.get();
    app.add_action({"leader.preview", "", "", l, [l, g] { l->replace(*g, true); }});
    app.add_action({"leader.replace", "Roll a new commander", "", l, [l, g] { l->replace(*g, false); }});
    app.add_action({"leader.roll", "", "", l, [l, g] { l->enter_roll(*g); }});
    app.add_action({"leader.casualty", "Fallen Leaders roll", "", l, [l, g] { l->casualty(*g); }});
    app.add_action({"leader.return", "", "", l, [l, g] { l->return_from_wounds(*g); }});
    app.add_action({"leader.assign", "", "", l, [l, g] { l->assign(*g); }});
    app.add_action({"leader.take_back", "", "", l, [l] { l->dice.take_back(); }});
    app.add_action({"leader.cancel", "", "", l, [l] { l->dice.cancel(); }});
    app.add_action({"undo", "Undo", "Ctrl+Z", journal.get(), [g] {
                        const auto entry = g->session()->history().undo();
                        g->set_status(entry.summary);
                    }});

    for (auto* w : std::initializer_list<Window*>{campaigns.get(), oob.get(), season.get(), arrival.get(), battle.get(), prisoners.get(),
                                                   leaders.get(), exports.get(), tables.get(), table_side.get(), journal.get()})
        app.add_action({std::string("window.") + w->title(), "", "", nullptr, [w, g] { g->show(*w); }});
    app.add_window(std::move(campaigns));
    app.add_window(std::move(oob));
    app.add_window(std::move(season));
    app.add_window(std::move(arrival));
    app.add_window(std::move(battle));
    app.add_window(std::move(prisoners));
    app.add_window(std::move(leaders));
    app.add_window(std::move(exports));
    app.add_window(std::move(tables));
    app.add_window(std::move(table_side));
    app.add_window(std::move(journal));
}

}  // namespace muster::gui
