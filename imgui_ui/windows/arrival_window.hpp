#pragma once
#include "app/arrivals.hpp"
#include "app/model.hpp"
#include "dice_prompt.hpp"
#include "window.hpp"

#include <optional>
#include <string>
#include <vector>

namespace muster::gui {

/// A division arrives: pick the placeholder, roll it (the campaign's dice, or physical dice
/// asked for roll by roll by their purpose), preview it, accept or discard it.
class ArrivalWindow : public Forgetting<ArrivalWindow> {
public:
    const char* title() const override { return "Arrival"; }
    bool umpire_only() const override { return true; }
    void draw(GuiApp& app) override;
    /// Previews the division (with physical dice: asked roll by roll first).
    void preview(GuiApp& app);
    /// The division arrives (with physical dice: the rolls of the preview on screen, else asked
    /// roll by roll).
    void accept(GuiApp& app);
    void discard();

    // View state
    std::string division;
    int year = 0;          // 0: the campaign's
    std::string theater;   // empty: the campaign's
    bool roll_year_theater = false;  // roll them on the rule set's table instead
    PhysicalDice physical;
    DicePrompt dice;                    // the physical dice being asked
    std::optional<app::Arrival> shown;  // the preview on screen
    PreviewHeld previewed;              // its physical dice, which accepting takes; or discarded

private:
    app::ArrivalRequest request() const;
    void arrive(GuiApp& app, const std::vector<std::string>& rolls, bool preview);
};

}  // namespace muster::gui
