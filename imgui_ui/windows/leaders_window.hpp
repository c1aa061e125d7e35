#pragma once
#include "app/leaders.hpp"
#include "dice_prompt.hpp"
#include "widgets.hpp"
#include "window.hpp"

#include <deque>
#include <optional>
#include <string>
#include <vector>

namespace muster::gui {

/// The leaders the view may see, in a sortable table. For the umpire: a unit's commander
/// replaced on the rule set's leader table, a leader's Fallen Leaders roll (both with the
/// campaign's dice or the organiser's), a wounded leader's return, a leader assigned to a unit.
class LeadersWindow : public Forgetting<LeadersWindow> {
public:
    const char* title() const override { return "Leaders"; }
    void draw(GuiApp& app) override;
    /// Rolls a new commander for `unit` (preview: shows it and stores only the rolls).
    void replace(GuiApp& app, app::Mode mode);
    /// Discards the new commander's preview on screen: rolled next, he is rolled anew.
    void discard();
    void enter_roll(GuiApp& app);
    /// Rolls the Fallen Leaders table for `leader` (wounded: out for `out_for` battles).
    void casualty(GuiApp& app);
    /// `leader` returns from his wounds.
    void return_from_wounds(GuiApp& app);
    /// `leader` takes command of `unit`.
    void assign(GuiApp& app);

    // View state
    std::string unit;        ///< the unit whose commander is replaced, or a leader is assigned to
    std::string leader;      ///< the leader who may have fallen, returns or is assigned
    int out_for = 1;         ///< battles a leader wounded on the Fallen Leaders table misses
    bool force = false;      ///< replace a sound commander too
    PhysicalDice physical;
    DicePrompt dice;
    std::optional<app::Outcome> shown;
    PreviewHeld previewed;  ///< the new commander's preview: its physical dice, which rolling him takes; or discarded
    TableOrder order{0};  ///< the model's leaders come by name
    /// The leaders the view may see, as sorted.
    const std::vector<const army::Leader*>& leaders() const { return m_leaders; }

private:
    std::vector<const army::Leader*> m_leaders;  // into the model's view (or m_as_seen), as sorted
    std::deque<army::Leader> m_as_seen;          // the enemy's leaders who fell out of the view's sight, as it reads them: in play
    int m_revision = -1;
    std::string m_side;
    // The leader last clicked, by his number, and the reference the Leader field was given for
    // him: the model read again (he fell, his post filled), the field follows him, not the words
    // ("commander of X" is then another man).
    std::int64_t m_clicked = 0;
    std::string m_clicked_ref;
};

}  // namespace muster::gui
