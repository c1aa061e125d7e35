#pragma once
#include "app/campaign_service.hpp"
#include "window.hpp"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace muster::gui {

/// The battle report in one bulk table: every brigade of the divisions that fought, with
/// stands lost and captured, the brigadier's fate and the batteries lost; checked as it is
/// typed; previewed; applied. Then the recovery of the casualties, previewed and applied.
class BattleWindow : public Window {
public:
    const char* title() const override { return "Battle report"; }
    void draw(GuiApp& app) override;
    void apply(GuiApp& app);
    void recover(GuiApp& app, bool preview);

    struct Line {
        int lost = 0;
        int captured = 0;
        std::string camp;
        int fate = 0;  // 0 none, 1 killed, 2 wounded, 3 captured
        int out_for = 1;
    };
    // View state
    std::string name, date, place;
    std::set<std::string> divisions;     // that fought
    std::map<std::string, Line> lines;   // by brigade ref
    std::map<std::string, int> batteries;  // by battery ref: 0 none, 1 wrecked, 2 captured
    std::string battery_camp;
    std::string recovery_battle;
    std::optional<app::Outcome> recovery;

    /// The report as the table stands.
    battle::Report report() const;

private:
    std::string m_check;     // the preview of the report, or why it is refused
    bool m_check_ok = false;
    std::string m_checked;   // the report text last checked
};

}  // namespace muster::gui
