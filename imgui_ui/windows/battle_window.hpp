#pragma once
#include "app/battles.hpp"
#include "app/plans.hpp"
#include "app/outcome.hpp"
#include "dice_prompt.hpp"
#include "widgets.hpp"
#include "window.hpp"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace muster::gui {

/// The battles planned and not yet fought, each with its divisions deployed, in reserve and
/// arrived: a reserve brought on the field (rolled up, with the campaign's dice or the
/// organiser's), the report's form filled from a plan. The battle report in one bulk table:
/// every brigade of the divisions that fought, with stands lost and captured, the brigadier's
/// fate and the batteries lost; checked as it is typed against the campaign model; applied.
/// Then the recovery of the casualties, previewed and applied; and the amendment of a report
/// already applied.
class BattleWindow : public Forgetting<BattleWindow> {
public:
    const char* title() const override { return "Battle report"; }
    bool umpire_only() const override { return true; }
    void draw(GuiApp& app) override;
    void apply(GuiApp& app);
    /// Previews or applies the recovery, with the campaign's dice or (physical) the organiser's,
    /// asked roll by roll.
    void recover(GuiApp& app, app::Mode mode);
    /// Discards the recovery's preview on screen: applied next, it rolls anew.
    void discard_recovery();
    /// Physical dice: the roll typed for the recovery.
    void enter_roll(GuiApp& app);
    /// Previews or applies the amendment of a battle's report: one brigade's stands lost.
    void amend(GuiApp& app, app::Mode mode);
    /// The reserve chosen (`plan_division` of `plan_battle`) arrives on the field: rolled up if
    /// a placeholder, with the campaign's dice or (physical) the organiser's, asked roll by roll.
    void arrive_reserve(GuiApp& app);
    /// Plans the battle `new_plan` names (its date and place as typed), as muster battle plan does.
    void plan(GuiApp& app);
    /// Puts `plan_division` on the field of `plan_battle` (deploy: a placeholder rolled up there
    /// with the campaign's dice), or in its reserve.
    void place_on_plan(GuiApp& app, PlanRole role);
    /// Fills the report's form from a planned battle: its name, date and place, and its
    /// divisions on the field that can have fought (deployed or arrived, rolled up).
    void report_plan(GuiApp& app, const app::PlanView& plan);
    /// What the form's report would do, as its check last said it (or why it is refused).
    const std::string& check_text() const { return m_check; }

    struct Line {
        int lost = 0;
        int captured = 0;
        std::string camp;
        std::optional<LeaderFate> fate;
        int out_for = 1;
    };
    // View state
    std::string name, date, place;
    std::set<std::string> divisions;     // that fought
    std::string division_filter;         // narrows the list of divisions to tick
    std::map<std::string, Line> lines;   // by brigade ref
    std::map<std::string, std::optional<BatteryFate>> batteries;  // by battery ref
    std::string battery_camp;
    std::string recovery_battle;
    std::optional<app::Outcome> recovery;
    PreviewHeld recovery_previewed;  ///< its physical dice, which applying takes; or discarded
    PhysicalDice physical;  ///< the recovery's dice are the organiser's
    DicePrompt dice;
    TableOrder order;  ///< the report table's rows: by brigade or by stands
    std::string amend_battle, amend_brigade;  ///< the report to amend, and the brigade
    int amend_lost = 0;                        ///< what it lost there, as it should have been reported
    std::optional<app::Outcome> amendment;
    std::string plan_battle, plan_division;  ///< the plan, and its division placed or the reserve that arrives
    std::string new_plan, new_plan_date, new_plan_place;  ///< a battle planned
    PhysicalDice plan_physical;              ///< its dice are the organiser's
    DicePrompt plan_dice;
    std::optional<app::PlanStep> plan_step;  ///< what the last arrival did

    /// The report as the table stands.
    battle::Report report() const;

private:
    void rebuild(GuiApp& app);
    void draw_plans(GuiApp& app);
    // Derived from the model when it or the ticked divisions change, not every frame.
    struct Unit {
        std::string ref;
        int stands = 0;
        bool battery = false;
        bool has_commander = false;
        std::string side;  // its own: the camps of the other side take its prisoners
        std::string commander_of;  // a row of a division's, corps' or army's commander alone: the unit he commands
    };
    std::vector<std::string> m_arrived;  // divisions that can have fought
    std::vector<Unit> m_units;           // the table's rows, as sorted
    std::set<std::string> m_commanders;  // the refs of the commanders' rows ("commander of Heth"), of the divisions ticked
    int m_revision = -1;
    std::set<std::string> m_built_for;
    std::string m_check;     // the preview of the report, or why it is refused
    bool m_check_ok = false;
    std::string m_checked;   // the report text last checked
    std::map<std::string, std::string> m_plan_typed;  // by plan: the division typed to place on it
};

}  // namespace muster::gui
