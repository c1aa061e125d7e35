#include "campaigns_window.hpp"

#include "app/samples.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "gui_app.hpp"
#include "test_hooks.hpp"
#include "widgets.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

namespace muster::gui {
void CampaignsWindow::create(GuiApp& app) {
    app::NewCampaign n;
    n.name = name;
    n.rules = rules;
    n.return_rate = return_rate;
    n.rounding = rounding;
    n.despicable = despicable;
    n.dice = dice;
    if (!seed.empty()) {
        std::uint64_t value = 0;
        for (char c : seed) {
            if (c < '0' || c > '9') throw UsageError("seed \"" + seed + "\" is not a whole number");
            value = value * 10 + static_cast<std::uint64_t>(c - '0');
        }
        n.seed = value;
    }
    if (men_per_stand > 0) n.men_per_stand = men_per_stand;
    if (!date.empty()) n.date = Day::read(date);
    if (!theater.empty()) n.theater = theater;
    const auto c = app.session()->create_campaign(n);
    note = "Created campaign " + c.name + " (now current)";
    selected = c.name;
    // Its name and seed are its own: the next campaign is given its own.
    name.clear();
    seed.clear();
}

void CampaignsWindow::start_sample(GuiApp& app) {
    const auto& chosen = app::find_sample(sample);
    app::NewCampaign n;
    n.name = sample_name.empty() ? chosen.title : sample_name;
    n.sample = chosen.id;
    n.dice = sample_dice;
    const auto c = app.session()->create_campaign(n);
    note = "Created campaign " + c.name + " from sample " + chosen.id + " (now current)";
    app.set_status(note);
    selected = c.name;
    // The campaign is what to look at next: its order of battle, and the season with what is due,
    // and a strip saying what an organiser does next.
    app.show(app.window_titled("Season"));
    app.show(app.window_titled("Order of battle"));
    app.offer_next_steps();
}

void CampaignsWindow::use(GuiApp& app) {
    if (selected.empty()) throw UsageError("no campaign chosen: click one in the list, then Make current");
    app.session()->use_campaign(selected);
    note = "Current campaign: " + selected;
}

namespace {

CampaignsWindow::Settings settings_of(const campaign::CampaignInfo& c) {
    return {c.return_rate, c.rounding, c.despicable, c.men_per_stand.value_or(0), text_or(c.date, ""), c.theater.value_or(""),
            c.turn_days.value_or(0)};
}

// A campaign's theater, among the rule set's: where it has none, the field is shut and empty.
void theater_field(const char* label, const std::vector<std::string>& theaters, std::string& theater) {
    if (theaters.empty()) theater.clear();
    ImGui::BeginDisabled(theaters.empty());
    ImGui::InputTextWithHint(label, theaters.empty() ? "the rule set has no theaters" : ("e.g. " + join(theaters, " or ") + ": arrivals take it").c_str(),
                             &theater);
    ImGui::EndDisabled();
}

// The men per stand field, saying what 0 stands for in the rule set: its scale's, or none (the
// ACW article gives no scale). Its id stays one whatever the label says.
std::string men_per_stand_label(std::optional<int> scale) {
    return "Men per stand (0: " + (scale ? "the rule set's, " + std::to_string(*scale) : std::string("none given")) + ")###men_per_stand";
}

// The room the longest label of the settings' fields takes, which they leave, so none is cut off in a narrow column.
float label_room() { return ImGui::CalcTextSize("Men per stand (0: the rule set's, 9999)").x + ImGui::GetStyle().ItemInnerSpacing.x; }

}  // namespace

// Only what the organiser changed is sent: the rest stays as the campaign has it.
void CampaignsWindow::save_settings(GuiApp& app) {
    const auto& was = m_shown;
    const auto& now = settings;
    app::CampaignSettings s;
    if (now.return_rate != was.return_rate) s.return_rate = now.return_rate;
    if (now.rounding != was.rounding) s.rounding = now.rounding;
    if (now.despicable != was.despicable) s.despicable = now.despicable;
    if (now.men_per_stand != was.men_per_stand && now.men_per_stand > 0) s.men_per_stand = now.men_per_stand;
    if (trim(now.date) != was.date) s.date = Day::read(trim(now.date));
    if (trim(now.theater) != was.theater) s.theater = std::string(trim(now.theater));
    if (now.turn_days != was.turn_days && now.turn_days > 0) s.turn_days = now.turn_days;
    const auto out = app.session()->change_settings(s);
    note = out.summary;
}

// The current campaign's settings, as it has them; changed here and saved as one operation.
void CampaignsWindow::draw_settings(GuiApp& app) {
    const auto& c = *app.model().current;
    const auto shown = settings_of(c);
    if (app.revision() != m_settings_revision) {
        // What the campaign has now is what the form shows, unless the organiser is changing it.
        if (settings == m_shown || m_settings_revision < 0) settings = shown;
        m_shown = shown;
        m_settings_revision = app.revision();
    }
    ImGui::PushItemWidth(-label_room());
    ImGui::SliderInt("Casualties returning (%)##current", &settings.return_rate, 0, 100);
    word_combo("Fractions of stands##current", settings.rounding);
    // A rule set with no grade played otherwise by the book has nothing for the setting to
    // choose: said, as campaign show says it.
    if (app.model().rules->plays_a_grade_by_the_book()) {
        word_combo("Despicable leaders##current", settings.despicable, "Campaigns/Settings/Despicable");
    } else {
        ImGui::TextDisabled("Despicable leaders: the rule set has none");
        mark("Campaigns/Settings/Despicable");
    }
    ImGui::InputInt((men_per_stand_label(app.model().rules->men_per_stand()) + "_current").c_str(), &settings.men_per_stand);
    ImGui::InputTextWithHint("Date##current", "YYYY-MM-DD", &settings.date);
    mark("Campaigns/Settings/Date");
    {
        std::vector<std::string> theaters;
        for (const auto& t : app.model().rules->theaters) theaters.push_back(t.id);
        theater_field("Theater##current", theaters, settings.theater);
    }
    ImGui::InputInt("Days a turn (0: none)##current", &settings.turn_days);
    ImGui::PopItemWidth();
    ImGui::BeginDisabled(settings == m_shown);
    if (ImGui::Button("Save settings")) app.run("campaign.settings");
    mark("Campaigns/SaveSettings");
    ImGui::EndDisabled();
}

void CampaignsWindow::draw(GuiApp& app) {
    const auto& model = app.model();
    const std::string current = model.current ? model.current->name : "";
    ImGui::TextWrapped("Campaigns in this database (click one, then Make current):");
    const ImGuiTableFlags flags = k_data_table | ImGuiTableFlags_Sortable;
    if (ImGui::BeginTable("campaigns", 6, flags, ImVec2(0, table_height(model.campaigns.size(), 10 * ImGui::GetFrameHeight())))) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("Campaign", ImGuiTableColumnFlags_DefaultSort);
        for (const char* c : {"Rules", "Dice", "Date", "Turn", "Created"}) ImGui::TableSetupColumn(c);
        headers_row("Campaigns/Table");
        fit_columns_to(app.shown());
        if (m_revision != app.revision()) {
            m_rows.clear();
            for (const auto& c : model.campaigns) m_rows.push_back(&c);
            order.invalidate();
            m_revision = app.revision();
        }
        if (order.changed())
            order.sort(m_rows, [&](const campaign::CampaignInfo* c) -> std::pair<int, std::string> {
                switch (order.column) {
                case 1: return {0, c->rules_id};
                case 2: return {0, word(c->dice)};
                case 3: return {0, text_or(c->date, "")};
                case 4: return {c->turn.number(), ""};
                case 5: return {0, c->created_at};
                default: return {0, c->name};
                }
            });
        for (const auto* c : m_rows) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            if (ImGui::Selectable((c->name + (c->name == current ? "  (current)" : "")).c_str(), selected == c->name)) selected = c->name;
            mark("Campaigns/Row/" + c->name);
            for (const std::string& v : {c->rules_id, word(c->dice), text_or(c->date, "-"), std::to_string(c->turn.number()), c->created_at}) {
                ImGui::TableNextColumn();
                fit_text(v);
            }
        }
        ImGui::EndTable();
    }
    if (ImGui::Button("Make current")) app.run("campaign.use");
    mark("Campaigns/Use");

    if (ImGui::CollapsingHeader("Start from a sample campaign")) draw_samples(app);
    ImGui::Separator();
    ImGui::TextUnformatted("New campaign");
    draw_new_campaign(app);
    if (model.current) {
        ImGui::Separator();
        ImGui::Text("The settings of %s", model.current->name.c_str());
        draw_settings(app);
    }
}

void CampaignsWindow::draw_samples(GuiApp& app) {
    const app::Sample* chosen = nullptr;
    for (const auto& s : app::samples()) {
        const std::string text = s.title + "  [" + s.rules + "]", shown = fitted(text);
        if (ImGui::Selectable(shown.c_str(), sample == s.id)) sample = s.id;
        hover_whole(text, shown);
        mark("Campaigns/Sample/" + s.id);
        if (sample == s.id) chosen = &s;
    }
    if (chosen) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextUnformatted(chosen->about.c_str());
        ImGui::TextDisabled("Source: %s", chosen->source.c_str());
        ImGui::PopTextWrapPos();
    }
    ImGui::InputTextWithHint("Campaign name##sample", chosen ? chosen->title.c_str() : "", &sample_name);
    mark("Campaigns/SampleName");
    word_combo("Dice##sample", sample_dice);
    if (ImGui::Button("Start this sample")) app.run("campaign.sample");
    mark("Campaigns/StartSample");
}

void CampaignsWindow::draw_new_campaign(GuiApp& app) {
    ImGui::PushItemWidth(-label_room());
    ImGui::InputText("Name", &name);
    mark("Campaigns/Name");
    if (ImGui::BeginCombo("Rule set", rules.c_str())) {
        if (!m_rule_sets) m_rule_sets = app::default_catalog().list();
        for (const auto& e : *m_rule_sets)
            if (e.error.empty() && ImGui::Selectable((e.id + "  " + e.name).c_str(), rules == e.id)) rules = e.id;
        ImGui::EndCombo();
    }
    ImGui::SliderInt("Casualties returning (%)", &return_rate, 0, 100);
    word_combo("Fractions of stands", rounding);
    if (m_chosen.rules != rules) {
        m_chosen = {rules, true, {}};  // a rule set that does not load is refused at Create, saying why
        try {
            const auto loaded = app::default_catalog().load(rules);
            m_chosen.by_the_book = loaded.plays_a_grade_by_the_book();
            m_chosen.men_per_stand = loaded.men_per_stand();
            for (const auto& t : loaded.theaters) m_chosen.theaters.push_back(t.id);
        } catch (const Error&) {
        }
    }
    // As for the current campaign's settings: nothing to choose where no grade is played by the book.
    if (!m_chosen.by_the_book) despicable = Despicable::expanded;
    if (m_chosen.by_the_book) word_combo("Despicable leaders", despicable);
    else ImGui::TextDisabled("Despicable leaders: the rule set has none");
    mark("Campaigns/Despicable");
    word_combo("Dice", dice);
    ImGui::InputText("Seed (empty: fresh)", &seed, ImGuiInputTextFlags_CharsDecimal);
    mark("Campaigns/Seed");
    ImGui::InputInt(men_per_stand_label(m_chosen.men_per_stand).c_str(), &men_per_stand);
    ImGui::InputTextWithHint("Date", "YYYY-MM-DD: arrivals take its year", &date);
    mark("Campaigns/Date");
    theater_field("Theater", m_chosen.theaters, theater);
    mark("Campaigns/Theater");
    ImGui::PopItemWidth();
    if (ImGui::Button("Create")) app.run("campaign.create");
    mark("Campaigns/Create");
}

}  // namespace muster::gui
