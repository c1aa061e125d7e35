#pragma once
#include "dice_prompt.hpp"
#include "rules/play_table.hpp"
#include "window.hpp"

#include <map>
#include <string>
#include <vector>

namespace muster::gui {

/// The table side: a play table of the campaign's rule set, its modifiers ticked (each with its
/// value and the source's words), the column or fire points picked, the dice rolled by muster or
/// typed from the table, the result read; with a battle and a unit named the roll is the
/// campaign's and fills that battle's draft report, shown here to apply. A log of the rolls.
/// The campaign's rolls are the umpire's: in a side's view the window rolls only unrecorded
/// rolls and shows none of the umpire's results, log lines or drafts.
class TableSideWindow : public Forgetting<TableSideWindow> {
public:
    const char* title() const override { return "Table side"; }
    void draw(GuiApp& app) override;
    /// Rolls the chosen table with the ticked modifiers (action "tableside.roll"): the dice typed
    /// in one field, muster's, or (physical) the organiser's asked one by one by their purpose.
    void roll(GuiApp& app);
    /// Applies the battle's draft as its report (action "tableside.apply").
    void apply(GuiApp& app);
    /// Throws the battle's draft away (a roll filed under a mistyped battle): undo brings it back.
    void discard(GuiApp& app);

    // View state
    int table = 0;
    int column = 0;
    std::string points;
    /// Per modifier of the table shown: ticked for the roll (the attacker's, on a table both sides roll) ...
    std::vector<bool> ticked;
    std::vector<bool> ticked_defender;  ///< ... and the defender's
    std::vector<int> counts;            ///< =N: how many, or the value chosen
    std::string dice;                   ///< typed dice, "9,4"; empty: muster rolls
    bool physical = false;              ///< the dice asked one by one (actions "tableside.dice.*")
    DicePrompt asked;
    std::string battle, unit, defender, firer;
    /// The camp chosen, by the captor's side, for the draft's prisoners where it has more than one.
    std::map<std::string, std::string> camps;
    /// The campaign's modifiers may be unticked, and a column it contradicts chosen: the roll is
    /// then exactly as ticked, journaled as the organiser's choice.
    bool override = false;
    /// Per modifier: why the campaign gives it (the attacker's, or the roll's) and the defender's;
    /// empty where it does not. Worked out when the table, battle, units or campaign change.
    std::vector<std::string> from_campaign, from_campaign_defender;
    std::string campaign_column;  ///< the column the campaign reads, and why
    std::string campaign_note;    ///< why the campaign's choices could not be worked out, or a refusal to come
    /// A roll's text, and whether it is the umpire's (a campaign roll, naming units).
    struct Line {
        std::string text;
        bool umpire = false;
    };
    Line result;                        ///< the last roll
    std::vector<Line> log;              ///< every roll made here, newest last

private:
    void reset_for(int table_index, size_t modifiers);
    void read_campaign(GuiApp& app, const rules::PlayTable& t);
    std::string m_read_who;  // the table, battle, units and override the campaign's choices were read for
    std::string m_read_at;   // and the column and campaign revision
    void roll_with(GuiApp& app, const std::vector<std::string>& typed, bool asking);
    int m_shown = -1;
    bool m_asked_umpire = false;  // the dice being asked are a campaign roll's
    std::string m_text;  // a reference table as text
    std::map<std::string, std::vector<std::string>> m_choose;  // the draft's captors with camps to choose among
    std::string m_choose_at;                                   // the draft and campaign revision they were read for
};

}  // namespace muster::gui
