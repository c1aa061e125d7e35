#pragma once
#include "app/arrivals.hpp"
#include "app/model.hpp"
#include "window.hpp"

#include <optional>
#include <string>
#include <vector>

namespace muster::gui {

/// A division arrives: pick the placeholder, roll it (the campaign's dice, or physical dice
/// typed in one field a roll as they are asked for), preview it, accept or discard it.
class ArrivalWindow : public Window {
public:
    const char* title() const override { return "Arrival"; }
    bool umpire_only() const override { return true; }
    void draw(GuiApp& app) override;
    void preview(GuiApp& app);
    void accept(GuiApp& app);
    void discard();
    /// Physical dice: checks the typed value against the roll asked for and takes it.
    void enter_roll(GuiApp& app);
    /// Physical dice: takes back the last roll entered.
    void take_back();

    // View state
    std::string division;
    int year = 0;          // 0: the campaign's
    std::string theater;   // empty: the campaign's
    bool roll_year_theater = false;  // roll them on the rule set's table instead
    bool physical = false;
    std::vector<std::string> rolls;  // physical dice entered so far
    std::string next_roll;           // the field being typed
    std::optional<app::Arrival> shown;  // the preview on screen
    bool discarded = false;             // the organiser discarded a preview: the next accept rolls anew

private:
    app::ArrivalRequest request() const;
    void ask_next(const app::CampaignModel& model);
    std::string m_asking;  // "Roll 4: 1st Brigade: 5.) Brigade Morale Rating (percentile)"
    std::optional<rules::Die> m_die;
    bool m_complete = false;
    int m_revision = -1;   // the model the question was worked out for
    std::string m_asked;   // and the request: division, year, theater, rolls so far
};

}  // namespace muster::gui
