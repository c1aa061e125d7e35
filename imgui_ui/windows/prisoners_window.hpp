#pragma once
#include "app/prisoners.hpp"
#include "widgets.hpp"
#include "window.hpp"

#include <map>
#include <string>
#include <vector>

namespace muster::gui {

/// Prisoners: camps and whom they hold (a sortable table), liberation, and exchanges proposed by one side and
/// accepted or refused by the other, with the cartel's balance.
class PrisonersWindow : public Forgetting<PrisonersWindow> {
public:
    const char* title() const override { return "Prisoners"; }
    void draw(GuiApp& app) override;
    void new_camp(GuiApp& app);
    void liberate(GuiApp& app);
    void propose(GuiApp& app);
    void answer(GuiApp& app, app::Answer answer);

    // View state
    std::string camp_name, camp_side;
    std::string liberate_camp;
    std::string from;                 // the proposing side
    std::map<std::string, int> picked;  // spec -> stands (1 for a leader or battery); 0: not in
    std::string exchange_note;
    std::int64_t selected_exchange = 0;
    TableOrder held_order;
    /// Whom the camps hold, as the view may read it, as sorted.
    const std::vector<const app::HeldItem*>& held() const { return m_held; }

private:
    void draw_held(GuiApp& app);
    std::vector<const app::HeldItem*> m_held;  // into the model's view
    int m_revision = -1;
    View m_viewer;
};

}  // namespace muster::gui
