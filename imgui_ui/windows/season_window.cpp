#include "season_window.hpp"
#include "theme.hpp"

#include "app/season.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "gui_app.hpp"
#include "test_hooks.hpp"
#include "widgets.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

namespace muster::gui {

// The divisions due now, rolled up with the organiser's dice one after another (`turn_after`:
// then the turn begins).
void SeasonWindow::roll_up_due(GuiApp& app, bool turn_after) {
    rolling.clear();
    for (const auto& d : app.model().turn.due) rolling.push_back(d.entry.division);
    m_turn_waits = turn_after;
    note.clear();
    roll_up_next(app);
}

void SeasonWindow::next_turn(GuiApp& app) {
    if (dice.asking()) throw UsageError("the dice for " + rolling.front() + " are still being asked: enter them or abandon first");
    if (!physical.on(app)) {
        note.clear();  // what the turn brings, not what an earlier action said
        return begin_turn(app);
    }
    // With the organiser's dice as with muster's: what is due now arrives first, on this turn,
    // then the turn begins and what is due on it arrives. Abandoned before the last, the turn
    // has not begun, and Next turn goes on from what is still due.
    roll_up_due(app, true);
}

void SeasonWindow::arrive_due(GuiApp& app) {
    if (dice.asking()) throw UsageError("the dice for " + rolling.front() + " are still being asked: enter them or abandon first");
    if (app.model().turn.due.empty()) throw UsageError("no division is due now");
    if (physical.on(app)) return roll_up_due(app, false);
    note.clear();
    const auto due = app.session()->season().arrive_due();
    for (const auto& a : due.arrivals) note += (note.empty() ? "" : "; ") + a.division.name + " arrived";
}

void SeasonWindow::begin_turn(GuiApp& app) {
    auto& s = *app.session();
    const auto result = physical.on(app) ? s.season().next_turn([](const app::ArrivalRequest&) { return std::optional<app::Arrival>(); })
                                 : s.season().next_turn();
    note = (note.empty() ? "" : note + "; ") + "Turn " + std::to_string(result.turn.number()) + " begins" +
           (result.date ? " (" + result.date->text() + ")" : "") + ": " + std::to_string(result.arrivals.size()) + " arrived";
    rolling.assign(result.waiting.begin(), result.waiting.end());
    roll_up_next(app);
}

// The next due division, rolled up with the organiser's dice: its first roll is asked for. The
// last of those due before the turn rolled, the turn begins.
void SeasonWindow::roll_up_next(GuiApp& app) {
    while (!rolling.empty()) {
        const std::string division = rolling.front();
        if (!dice.start(*app.session(), division + " arrives", [g = &app, division](const std::vector<std::string>& rolls) {
                app::ArrivalRequest r;
                r.division = division;
                r.rolls = rolls;
                g->session()->arrivals().arrive(r);
            }))
            return;  // asking for its dice
        note += (note.empty() ? "" : "; ") + division + " arrived";
        rolling.pop_front();
    }
    if (m_turn_waits) {
        m_turn_waits = false;
        begin_turn(app);
    }
}

void SeasonWindow::enter_roll(GuiApp& app) {
    if (!dice.enter(*app.session())) return;
    note = rolling.front() + " arrived, hidden from the other side";
    rolling.pop_front();
    roll_up_next(app);
}

void SeasonWindow::cancel(const GuiApp& app) {
    dice.cancel();
    if (!rolling.empty())
        note = app.model().rules->count_divisions(static_cast<int>(rolling.size())) + (rolling.size() == 1 ? " stays" : " stay") + " due: " + rolling.front() +
               (rolling.size() > 1 ? " and others" : "") +
               (m_turn_waits ? std::string("; the turn has not begun (Next turn goes on from ") + (rolling.size() == 1 ? "it)" : "them)") : "");
    rolling.clear();
    m_turn_waits = false;
}

void SeasonWindow::schedule(GuiApp& app) {
    if (to_schedule.empty()) throw UsageError("pick the placeholder " + app.model().rules->division_noun() + " to put on the schedule");
    const auto s = by_date ? app.session()->season().schedule_division(to_schedule, std::nullopt, Day::read(trim(due_date)))
                           : app.session()->season().schedule_division(to_schedule, Turn::read(due_turn), std::nullopt);
    note = s.entry.division + " is due on " + s.entry.turn.text() + (s.date ? " (" + s.date->text() + ")" : "");
    to_schedule.clear();
}

void SeasonWindow::unschedule(GuiApp& app) {
    if (unscheduling.empty()) throw UsageError("pick the division to take off the schedule");
    app.session()->season().unschedule(unscheduling);
    note = unscheduling + " is off the schedule: it stays a placeholder, to arrive when the umpire says";
    unscheduling.clear();
}

// The umpire's schedule: who is due when, each with Take off; and a placeholder put on it by
// turn or by date.
void SeasonWindow::draw_schedule(GuiApp& app) {
    const auto& model = app.model();
    const auto& rules = *model.rules;
    if (model.schedule.empty()) ImGui::TextDisabled("Nobody is on the schedule.");
    else if (ImGui::BeginTable("schedule", 6, k_data_table, ImVec2(0, table_height(model.schedule.size(), 7 * ImGui::GetFrameHeight())))) {
        ImGui::TableSetupScrollFreeze(0, 1);
        for (const std::string& c : {rules.term_division, std::string("Side"), std::string("Turn"), std::string("Date"), std::string("Status"), std::string()})
            ImGui::TableSetupColumn(c.c_str());
        ImGui::TableHeadersRow();
        fit_columns_to(app.shown());
        for (const auto& e : model.schedule) {
            ImGui::TableNextRow();
            const auto* side = rules.find_side(e.entry.side);
            // As muster schedule says it: a placeholder is due, an arrived division says so and is
            // off the schedule's hands.
            const bool waiting = e.entry.status == DivisionStatus::placeholder;
            const std::string status = waiting ? "due" : std::string(word(e.entry.status));
            for (const std::string& v : {e.entry.division, side ? side->name : e.entry.side, std::to_string(e.entry.turn.number()),
                                         text_or(e.date, "-"), status}) {
                ImGui::TableNextColumn();
                fit_text(v);
            }
            ImGui::TableNextColumn();
            if (!waiting) continue;
            ImGui::PushID(e.entry.division.c_str());
            if (ImGui::SmallButton("Take off")) {
                unscheduling = e.entry.division;
                app.run("schedule.remove");
            }
            mark("Season/Unschedule/" + e.entry.division);
            ImGui::PopID();
        }
        ImGui::EndTable();
    }
    ImGui::SetNextItemWidth(px(220));
    const bool choosing = ImGui::BeginCombo("##placeholder", to_schedule.empty() ? ("(a placeholder " + model.rules->division_noun() + ")").c_str() : to_schedule.c_str());
    mark("Season/Division");
    if (choosing) {
        for (const auto& a : model.oob.armies)
            for (const auto& k : a.corps)
                for (const auto& d : k.divisions) {
                    if (d.status != DivisionStatus::placeholder) continue;
                    if (ImGui::Selectable((d.name + "  (" + k.name + ", " + model.rules->side_name(a.side) + ")").c_str(), to_schedule == d.name)) to_schedule = d.name;
                    mark("Season/Division/" + d.name);
                }
        ImGui::EndCombo();
    }
    // The row wraps where the panel is narrow (1024 wide, a larger scale), never cut off.
    next_on_line(ImGui::CalcTextSize("due on").x);
    ImGui::TextUnformatted("due on");
    const bool dated = model.turn.date && model.turn.turn_days;
    if (!dated) by_date = false;
    next_on_line(checkbox_width("turn"));  // a radio button is as wide as a checkbox
    if (ImGui::RadioButton("turn", !by_date)) by_date = false;
    mark("Season/ByTurn");
    if (!by_date) {
        next_on_line(px(60));
        ImGui::SetNextItemWidth(px(60));
        ImGui::InputInt("##turn", &due_turn, 0, 0, ImGuiInputTextFlags_AutoSelectAll);
        mark("Season/Turn");
    }
    if (dated) {
        next_on_line(checkbox_width("the turn of the date"));
        if (ImGui::RadioButton("the turn of the date", by_date)) by_date = true;
        mark("Season/ByDate");
    }
    if (by_date) {
        next_on_line(px(120));
        ImGui::SetNextItemWidth(px(120));
        ImGui::InputTextWithHint("##date", "YYYY-MM-DD", &due_date, ImGuiInputTextFlags_AutoSelectAll);
        mark("Season/Date");
    }
    next_on_line(button_width("Put on the schedule"));
    if (ImGui::Button("Put on the schedule")) app.run("schedule.add");
    mark("Season/Schedule");
}

void SeasonWindow::draw_battles(GuiApp& app) {
    const auto& rules = *app.model().rules;
    const auto& lines = app.seen().picture.lines;
    if (lines.empty()) {
        ImGui::TextDisabled("No battle recorded yet.");
        return;
    }
    if (m_rows.empty()) {
        for (const auto& l : lines)
            for (const auto& s : l.sides)
                if (s.known) m_rows.push_back({&l, &s});
        order.invalidate();
    }
    if (!ImGui::BeginTable("battles", 11, k_data_table | ImGuiTableFlags_Sortable, ImVec2(0, table_height(m_rows.size(), 9 * ImGui::GetFrameHeight())))) return;
    ImGui::TableSetupScrollFreeze(1, 1);
    ImGui::TableSetupColumn("Battle", ImGuiTableColumnFlags_DefaultSort);
    const auto divisions = rules.term_division + "s";
    for (const char* c : {"Date", "Place", "Side", divisions.c_str(), "Lost", "Captured", "Returned", "Leaders", "Guns", "Recovered"}) ImGui::TableSetupColumn(c);
    headers_row("Season/Battles");
    fit_columns_to(app.shown() * 31 + m_rows.size());
    mark("Season/Battles");
    // Sorted by the column clicked; numbers as numbers.
    if (order.changed())
        order.sort(m_rows, [&](const Row& r) -> std::pair<int, std::string> {
            const auto& s = *r.side;
            switch (order.column) {
            case 0: return {0, r.battle->name};
            case 1: return {0, text_or(r.battle->date, "")};
            case 2: return {0, r.battle->place};
            case 3: return {0, s.side};
            case 4: return {s.divisions, ""};
            case 5: return {s.casualties, ""};
            case 6: return {s.captured, ""};
            case 7: return {s.returned, ""};
            case 8: return {s.leaders, ""};
            case 9: return {s.guns, ""};
            default: return {r.battle->recovered, ""};
            }
        });
    for (const auto& r : m_rows) {
        const auto* side = rules.find_side(r.side->side);
        ImGui::TableNextRow();
        for (const std::string& v : {r.battle->name, text_or(r.battle->date, ""), r.battle->place, side ? side->name : r.side->side}) {
            ImGui::TableNextColumn();
            fit_text(v);
        }
        for (int v : {r.side->divisions, r.side->casualties, r.side->captured, r.side->returned, r.side->leaders, r.side->guns}) {
            ImGui::TableNextColumn();
            ImGui::Text("%d", v);
        }
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(r.battle->recovered ? "yes" : r.battle->casualties ? "no" : "none lost");
    }
    ImGui::EndTable();
}

void SeasonWindow::draw(GuiApp& app) {
    const auto& model = app.model();
    const bool umpire = app.viewer().is_umpire();
    const std::string side = umpire ? std::string() : app.viewer().side();
    if (m_revision != app.revision() || m_side != side) {
        const auto& picture = app.seen().picture;
        std::vector<std::string> sides;
        for (const auto& sd : model.rules->sides) sides.push_back(sd.id);
        // Each point named for when it was counted: just before each battle, then now (a point
        // named for a battle but counted after it read as the battle's cost, arrivals since and all).
        m_stands = {"Stands in service just before each battle, and now", "stands", picture.battles, picture.stands, false, sides};
        m_stands.points.push_back("now");
        m_losses = {"Stands lost per battle (casualties and captured)", "stands", picture.battles, picture.losses, true, sides};
        m_prisoners = {"Prisoners held now, by camp (the captor's colour)", "stands", {"held"}, picture.prisoners, true, sides};
        m_rows.clear();
        m_revision = app.revision();
        m_side = side;
    }
    // The turn: every side's to read; what is due is the umpire's (it says who is coming).
    const auto& t = model.turn;
    ImGui::Text("Turn %d", t.turn.number());
    ImGui::SameLine();
    ImGui::TextUnformatted(t.date ? ("  " + t.date->text() + (t.turn_days ? ", turns of " + count_of(*t.turn_days, "day", "days") : "")).c_str()
                                  : "  (the campaign has no date)");
    if (umpire) {
        const auto names = [](const std::vector<app::Scheduled>& due) {
            std::string out;
            for (const auto& d : due) out += (out.empty() ? "" : ", ") + d.entry.division;
            return out.empty() ? std::string("nothing") : out;
        };
        ImGui::TextWrapped("Due now: %s", names(t.due).c_str());
        ImGui::TextWrapped("Due next turn: %s", names(t.next).c_str());
        physical.draw(app, "Physical dice for the arrivals");
        mark("Season/Physical");
        ImGui::SameLine();
        dice.buttons(app, {{"Bring in those due now", "turn.arrive_due", "Season/ArriveDue"}, {"Next turn", "turn.next", "Season/NextTurn"}});
        dice.draw(app, "turn");
        if (dice.asking() && rolling.size() > 1) ImGui::TextDisabled("then: %s more due", app.model().rules->count_divisions(static_cast<int>(rolling.size()) - 1).c_str());
        const bool open_schedule = ImGui::CollapsingHeader("The schedule (the umpire's)");
        mark("Season/ScheduleHeader");
        if (open_schedule) draw_schedule(app);
    }
    // The report of the turn so far, as the view reads it.
    const bool open_report = ImGui::CollapsingHeader("The report of this turn");
    mark("Season/ReportHeader");
    if (open_report) {
        ImGui::BeginChild("report", ImVec2(0, ImGui::GetTextLineHeightWithSpacing() * 14), true, ImGuiWindowFlags_HorizontalScrollbar);
        // Monospaced: its battle tables are laid out in columns of characters, as muster turn report prints them.
        if (mono_font()) ImGui::PushFont(mono_font());
        ImGui::TextUnformatted(app.seen().turn_report.c_str());
        if (mono_font()) ImGui::PopFont();
        ImGui::EndChild();
        mark("Season/Report");
    }
    ImGui::Separator();
    draw_battles(app);
    // The charts, side by side where the panel is wide enough, filling the rest of its height (in
    // the font's measure: at a larger scale a chart's title and legend take more of it).
    const float w = ImGui::GetContentRegionAvail().x;
    const bool row = w > px(900);
    const ImVec2 size(row ? (w - 2 * ImGui::GetStyle().ItemSpacing.x) / 3 : w, std::max(px(320), ImGui::GetContentRegionAvail().y));
    for (const auto* chart : {&m_stands, &m_losses, &m_prisoners}) {
        if (row && chart != &m_stands) ImGui::SameLine();
        const char* id = chart == &m_stands ? "stands" : chart == &m_losses ? "losses" : "prisoners";
        ImGui::BeginChild(id, size);
        draw_chart(id, *chart);
        ImGui::EndChild();
    }
}

}  // namespace muster::gui
