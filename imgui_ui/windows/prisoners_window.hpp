#pragma once
#include "app/prisoners.hpp"
#include "window.hpp"

#include <map>
#include <string>

namespace muster::gui {

/// Prisoners: camps and whom they hold, liberation, and exchanges proposed by one side and
/// accepted or refused by the other, with the cartel's balance.
class PrisonersWindow : public Window {
public:
    const char* title() const override { return "Prisoners"; }
    void draw(GuiApp& app) override;
    void new_camp(GuiApp& app);
    void liberate(GuiApp& app);
    void propose(GuiApp& app);
    void answer(GuiApp& app, bool accept);

    // View state
    std::string camp_name, camp_side;
    std::string liberate_camp;
    std::string from;                 // the proposing side
    std::map<std::string, int> picked;  // spec -> stands (1 for a leader or battery); 0: not in
    std::string exchange_note;
    std::int64_t selected_exchange = 0;
};

}  // namespace muster::gui
