#pragma once
#include "window.hpp"

#include <string>

namespace muster::gui {

/// Campaigns: create one, choose the current one, change its settings.
class CampaignsWindow : public Window {
public:
    const char* title() const override { return "Campaigns"; }
    void draw(GuiApp& app) override;
    void create(GuiApp& app);
    void use(GuiApp& app);
    void save_settings(GuiApp& app);

    // View state: the form being filled in.
    std::string name;
    std::string rules = "acw";
    int return_rate = 50;
    int rounding = 2;    // down, half_up, roll
    int despicable = 0;  // expanded, book
    int dice = 0;        // seeded, typed
    std::string seed;
    std::string selected;
    int men_per_stand = 0;
};

}  // namespace muster::gui
