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
    r.discard_preview = previewed.discarded(division);
    return r;
}

void ArrivalWindow::arrive(GuiApp& app, const std::vector<std::string>& rolls, bool preview) {
    auto r = request();
    r.rolls = rolls;
    r.mode = preview ? app::Mode::preview : app::Mode::apply;
    shown = app.session()->arrivals().arrive(r);
    if (preview) {
        previewed.shown(division, rolls);
        note = "Preview #" + std::to_string(shown->operation) + ": its rolls stay in the journal as discarded";
        return;
    }
    note = division + " arrived (journal #" + std::to_string(shown->operation) + "), hidden from the other side";
    division.clear();
    previewed.done();
}

namespace {

// The divisions still to arrive, each with its army and corps: what the panel offers.
struct Placeholder {
    const army::Army* army;
    const army::Corps* corps;
    const army::Division* division;
};
std::vector<Placeholder> placeholders(const army::OrderOfBattle& oob) {
    std::vector<Placeholder> out;
    for (const auto& a : oob.armies)
        for (const auto& k : a.corps)
            for (const auto& d : k.divisions)
                if (d.status == DivisionStatus::placeholder) out.push_back({&a, &k, &d});
    return out;
}

// No division chosen: which to choose, or that none is left to choose (the list is empty).
void require_chosen(const GuiApp& app, const std::string& division) {
    if (!division.empty()) return;
    const auto& rules = *app.model().rules;
    if (!placeholders(app.model().oob).empty()) throw UsageError("pick the " + rules.division_noun() + " that arrives");
    throw UsageError("no " + rules.division_noun() + " is left to arrive: every one has arrived. A new one is laid out at the command line "
                     "(muster add division NAME --corps CORPS), left empty to be rolled up when it arrives");
}

}  // namespace

void ArrivalWindow::preview(GuiApp& app) {
    require_chosen(app, division);
    if (!physical.on(app)) return arrive(app, {}, true);
    dice.start(*app.session(), division + " (preview)", [this, g = &app](const std::vector<std::string>& rolls) { arrive(*g, rolls, true); });
}

void ArrivalWindow::accept(GuiApp& app) {
    require_chosen(app, division);
    // The preview on screen is done with its dice (the physical ones lie on the table), whatever
    // the Physical dice box says now.
    if (const auto rolls = previewed.dice_for(division)) return arrive(app, *rolls, false);
    if (!physical.on(app)) return arrive(app, {}, false);
    dice.start(*app.session(), division + " arrives", [this, g = &app](const std::vector<std::string>& rolls) { arrive(*g, rolls, false); });
}

void ArrivalWindow::discard() {
    shown.reset();
    dice.cancel();
    previewed.discard(division);
    note = "Discarded: the preview's rolls stay in the journal";
}

void ArrivalWindow::draw(GuiApp& app) {
    const auto& rules = *app.model().rules;
    const bool choosing = ImGui::BeginCombo((rules.term_division + "##division").c_str(), division.empty() ? "(choose a placeholder)" : division.c_str());
    mark("Arrival/Division");
    if (choosing) {
        for (const auto& [a, k, d] : placeholders(app.model().oob)) {
            if (ImGui::Selectable((d->name + "  (" + k->name + ", " + rules.side_name(a->side) + ")").c_str())) {
                division = d->name;
                dice.cancel();
                shown.reset();
            }
            mark("Arrival/Division/" + d->name);
        }
        ImGui::EndCombo();
    }
    const auto& campaign = *app.model().current;
    if (!rules.years.empty() && !roll_year_theater)
        // No stepper: from 0 (the campaign's year) it would step to year 1.
        ImGui::InputInt(campaign.year() ? ("Year (0: the campaign's, " + std::to_string(*campaign.year()) + ")").c_str() : "Year", &year, 0, 0);
    const std::string campaigns_theater = "(the campaign's" + (campaign.theater ? ", " + *campaign.theater : std::string()) + ")";
    if (!rules.theaters.empty() && !roll_year_theater &&
        ImGui::BeginCombo("Theater", theater.empty() ? campaigns_theater.c_str() : theater.c_str())) {
        if (ImGui::Selectable(campaigns_theater.c_str())) theater.clear();
        for (const auto& t : rules.theaters)
            if (ImGui::Selectable(t.name.c_str(), theater == t.id)) theater = t.id;
        ImGui::EndCombo();
    }
    // As the command line offers it: where the rule set has theaters, whose table rolls both.
    if (!rules.theaters.empty() && ImGui::Checkbox("Roll the year and theater on the rule set's table", &roll_year_theater)) {
        year = 0;
        theater.clear();
    }
    if (!rules.theaters.empty()) mark("Arrival/RollYearTheater");
    if (physical.draw(app, "Physical dice (each roll asked for as the tables come to it)")) dice.cancel();
    mark("Arrival/Physical");
    dice.buttons(app, {{"Preview", "arrival.preview", "Arrival/Preview"}, {"Accept", "arrival.accept", "Arrival/Accept"}});
    ImGui::SameLine();
    if (ImGui::Button("Discard")) app.run("arrival.discard");
    dice.draw(app, "arrival");

    if (shown) {
        ImGui::Separator();
        ImGui::TextUnformatted(shown->preview ? "PREVIEW (not stored)" : "ARRIVED");
        columns_text(exporter::division_text(rules, shown->division));
        if (ImGui::CollapsingHeader("Rolls", ImGuiTreeNodeFlags_DefaultOpen))
            columns_text(exporter::rolls_text(shown->division.rolls));
    }
}

}  // namespace muster::gui
