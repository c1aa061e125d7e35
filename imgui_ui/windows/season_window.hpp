#pragma once
#include "app/picture.hpp"
#include "chart.hpp"
#include "dice_prompt.hpp"
#include "widgets.hpp"
#include "window.hpp"

#include <deque>
#include <string>

namespace muster::gui {

/// The season at a glance: the turn and date, what is due, Next turn (the due divisions rolled
/// up with the campaign's dice or the organiser's, asked roll by roll); each battle's summary;
/// charts of stands in service, losses and prisoners held. A side's view shows its own only.
class SeasonWindow : public Forgetting<SeasonWindow> {
public:
    const char* title() const override { return "Season"; }
    void draw(GuiApp& app) override;
    /// The next turn begins; the divisions due arrive (with physical dice: asked one by one).
    void next_turn(GuiApp& app);
    /// Every division due now arrives, the turn staying (muster arrive --due): with the
    /// campaign's dice at once, or the organiser's asked division by division.
    void arrive_due(GuiApp& app);
    /// Physical dice: the roll typed for the division being rolled up.
    void enter_roll(GuiApp& app);
    void take_back() { dice.take_back(); }
    /// Stops rolling up the due divisions; those not yet arrived stay due.
    void cancel(const GuiApp& app);

    /// Puts the placeholder picked on the schedule, for the turn or the date typed.
    void schedule(GuiApp& app);
    /// Takes `unscheduling` off the schedule.
    void unschedule(GuiApp& app);

    PhysicalDice physical;
    DicePrompt dice;
    std::string to_schedule;    ///< the placeholder to put on the schedule
    bool by_date = false;       ///< due on the turn that holds `due_date`, not on `due_turn`
    int due_turn = 2;
    std::string due_date;
    std::string unscheduling;   ///< the division whose "Take off" was clicked
    std::deque<std::string> rolling;  ///< due divisions still to roll up with physical dice
    TableOrder order;  ///< the battles table's
    struct Row {
        const app::BattleLine* battle;
        const app::BattleLine::Side* side;
    };
    /// The battles table's rows (a battle and side the view read anything of), as sorted.
    const std::vector<Row>& rows() const { return m_rows; }
    /// The chart of the stands lost in each battle, as last drawn.
    const Chart& losses_chart() const { return m_losses; }
    const Chart& stands_chart() const { return m_stands; }

private:
    void roll_up_next(GuiApp& app);
    void begin_turn(GuiApp& app);
    void roll_up_due(GuiApp& app, bool turn_after);
    void draw_battles(GuiApp& app);
    void draw_schedule(GuiApp& app);
    Chart m_stands, m_losses, m_prisoners;
    std::vector<Row> m_rows;
    int m_revision = -1;
    bool m_turn_waits = false;  // the divisions due now are rolled up with physical dice before the turn begins
    std::string m_side;
};

}  // namespace muster::gui
