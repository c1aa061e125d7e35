#include "arrival_window.hpp"

#include "core/error.hpp"
#include "export/division_text.hpp"
#include "gui_app.hpp"
#include "test_hooks.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

namespace muster::gui {

app::ArrivalRequest ArrivalWindow::request() const {
    app::ArrivalRequest r;
    r.division = division;
    if (year > 0) r.year = year;
    if (!theater.empty()) r.theater = theater;
    r.roll_year_theater = roll_year_theater;
    if (physical) r.rolls = rolls;
    r.discard_preview = discarded;
    return r;
}

void ArrivalWindow::preview(GuiApp& app) {
    if (division.empty()) throw UsageError("pick the division that arrives");
    auto r = request();
    r.preview = true;
    shown = app.session()->arrivals().arrive(r);
    discarded = false;
    note = "Preview #" + std::to_string(shown->operation) + ": its rolls stay in the journal as discarded";
}

void ArrivalWindow::accept(GuiApp& app) {
    if (division.empty()) throw UsageError("pick the division that arrives");
    shown = app.session()->arrivals().arrive(request());
    note = division + " arrived (journal #" + std::to_string(shown->operation) + "), hidden from the other side";
    division.clear();
    rolls.clear();
    discarded = false;
}

void ArrivalWindow::discard() {
    shown.reset();
    discarded = true;
    note = "Discarded: the preview's rolls stay in the journal";
}

void ArrivalWindow::take_back() {
    if (!rolls.empty()) rolls.pop_back();
}

// The next physical roll the tables ask for, worked out in memory from the model's placeholder.
void ArrivalWindow::ask_next(const app::CampaignModel& model) {
    m_asking.clear();
    m_die.reset();
    m_complete = false;
    if (division.empty()) return;
    const army::Division* placeholder = nullptr;
    for (const auto& a : model.oob.armies)
        for (const auto& k : a.corps)
            for (const auto& d : k.divisions)
                if (d.name == division) placeholder = &d;
    try {
        if (!placeholder) throw UsageError("no division named \"" + division + "\" in this campaign");
        app::dry_run_arrival(*model.rules, *model.current, *placeholder, request());
        m_complete = true;
    } catch (const dice::RollNeeded& need) {
        m_asking = "Roll " + std::to_string(need.index + 1) + ": " + need.purpose + " (" + std::string(rules::die_name(need.die)) + ")";
        m_die = need.die;
    } catch (const Error& e) {
        error = e.what();
    }
}

void ArrivalWindow::enter_roll(GuiApp& app) {
    ask_next(app.model());
    if (!m_die) throw UsageError(m_complete ? "every roll is in: preview or accept" : "pick the division first");
    dice::parse_typed(*m_die, next_roll, m_asking);  // refuses a bad value, naming the roll
    rolls.push_back(next_roll);
    next_roll.clear();
}

void ArrivalWindow::draw(GuiApp& app) {
    const auto& rules = *app.model().rules;
    if (ImGui::BeginCombo("Division", division.empty() ? "(choose a placeholder)" : division.c_str())) {
        for (const auto& a : app.model().oob.armies)
            for (const auto& k : a.corps)
                for (const auto& d : k.divisions)
                    if (d.status == DivisionStatus::placeholder && ImGui::Selectable((d.name + "  (" + k.name + ", " + a.side + ")").c_str())) {
                        division = d.name;
                        rolls.clear();
                        shown.reset();
                    }
        ImGui::EndCombo();
    }
    const auto& campaign = *app.model().current;
    if (!rules.years.empty() && !roll_year_theater)
        ImGui::InputInt(campaign.year() ? ("Year (0: the campaign's, " + std::to_string(*campaign.year()) + ")").c_str() : "Year", &year);
    const std::string campaigns_theater = "(the campaign's" + (campaign.theater ? ", " + *campaign.theater : std::string()) + ")";
    if (!rules.theaters.empty() && !roll_year_theater &&
        ImGui::BeginCombo("Theater", theater.empty() ? campaigns_theater.c_str() : theater.c_str())) {
        if (ImGui::Selectable(campaigns_theater.c_str())) theater.clear();
        for (const auto& t : rules.theaters)
            if (ImGui::Selectable(t.name.c_str(), theater == t.id)) theater = t.id;
        ImGui::EndCombo();
    }
    if (!rules.years.empty() && ImGui::Checkbox("Roll the year and theater on the rule set's table", &roll_year_theater)) {
        year = 0;
        theater.clear();
    }
    if (ImGui::Checkbox("Physical dice (type each roll as it is asked for)", &physical)) rolls.clear();

    if (physical && !division.empty()) {
        const std::string asked = division + "|" + std::to_string(year) + "|" + theater + "|" + std::to_string(roll_year_theater) + "|" +
                                  std::to_string(rolls.size());
        if (m_revision != app.revision() || m_asked != asked) {
            ask_next(app.model());
            m_revision = app.revision();
            m_asked = asked;
        }
        for (size_t i = 0; i < rolls.size(); ++i) ImGui::BulletText("roll %zu: %s", i + 1, rolls[i].c_str());
        if (!m_asking.empty()) {
            ImGui::TextUnformatted(m_asking.c_str());
            ImGui::SetNextItemWidth(80);
            const bool entered = ImGui::InputText("##roll", &next_roll, ImGuiInputTextFlags_EnterReturnsTrue);
            mark("Arrival/Roll");
            ImGui::SameLine();
            if (ImGui::Button("Enter roll") || entered) app.run("arrival.roll");
            mark("Arrival/EnterRoll");
        } else if (m_complete) {
            ImGui::TextUnformatted("Every roll is in.");
        }
        if (!rolls.empty() && ImGui::SmallButton("Take back the last roll")) app.run("arrival.take_back");
    }

    if (ImGui::Button("Preview")) app.run("arrival.preview");
    mark("Arrival/Preview");
    ImGui::SameLine();
    if (ImGui::Button("Accept")) app.run("arrival.accept");
    mark("Arrival/Accept");
    ImGui::SameLine();
    if (ImGui::Button("Discard")) app.run("arrival.discard");

    if (shown) {
        ImGui::Separator();
        ImGui::TextUnformatted(shown->preview ? "PREVIEW (not stored)" : "ARRIVED");
        columns_text(exporter::division_text(rules, shown->division));
        if (ImGui::CollapsingHeader("Rolls", ImGuiTreeNodeFlags_DefaultOpen))
            columns_text(exporter::rolls_text(shown->division.rolls));
    }
}

}  // namespace muster::gui
