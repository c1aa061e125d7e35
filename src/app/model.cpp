#include "app/model.hpp"

#include "app/refs.hpp"
#include "app/session_state.hpp"

namespace muster::app {

CampaignModel load_model(Session& session, int journal_page) {
    CampaignModel model;
    const auto& store = session.state().store;
    store.read([&] {
        model.campaigns = store.campaigns();
        model.current = session.current_if_any();
        if (!model.current) return;
        const auto id = model.current->id;
        model.rules = &session.rules();
        model.revision = store.last_operation(id);
        model.oob = store.order_of_battle(id);
        model.roster = store.roster(id);
        const Refs refs(model.roster);
        model.camps = camps_of(refs);
        model.held = held_of(refs);
        model.exchanges = exchanges_of(refs, *model.rules, *model.current);
        model.journal = store.journal_entries(id, journal_page);
        model.journal_size = store.journal_size(id);
    });
    return model;
}

}  // namespace muster::app
