#pragma once
#include "window.hpp"

#include <string>

namespace muster::gui {

class CampaignsWindow;

/// The welcome: what muster-gui shows, filling the window, while the database holds no
/// campaign or could not be opened. Start from a sample, create a campaign, or open another
/// file; a refused file is named with the reason.
class WelcomeWindow : public Window {
public:
    explicit WelcomeWindow(CampaignsWindow& campaigns) : m_campaigns(campaigns) {}
    const char* title() const override { return "Welcome"; }
    bool needs_campaign() const override { return false; }
    void draw(GuiApp& app) override;
    void open_file(GuiApp& app);

    std::string path;  ///< another campaign file to open

private:
    CampaignsWindow& m_campaigns;
};

}  // namespace muster::gui
