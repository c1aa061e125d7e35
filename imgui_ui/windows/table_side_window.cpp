#include "table_side_window.hpp"
#include "theme.hpp"
#include "widgets.hpp"

#include "app/battles.hpp"
#include "app/refs.hpp"
#include "app/table_side.hpp"
#include "core/match.hpp"
#include "core/text.hpp"
#include "dice/dice.hpp"
#include "export/play_text.hpp"
#include "gui_app.hpp"
#include "test_hooks.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

namespace muster::gui {
namespace {

const rules::PlayTable* shown_table(const rules::RuleSet& rules, int index) {
    if (rules.play_tables.empty()) return nullptr;
    return &rules.play_tables[static_cast<size_t>(std::clamp(index, 0, static_cast<int>(rules.play_tables.size()) - 1))];
}

// A bullet whose text wraps (BulletText does not).
void bullet(const std::string& text) {
    ImGui::Bullet();
    ImGui::SameLine();
    ImGui::TextWrapped("%s", text.c_str());
}

}  // namespace

void TableSideWindow::reset_for(int table_index, size_t modifiers) {
    m_shown = table_index;
    column = 0;
    ticked.assign(modifiers, false);
    ticked_defender.assign(modifiers, false);
    counts.assign(modifiers, 1);
    from_campaign.assign(modifiers, "");
    from_campaign_defender.assign(modifiers, "");
    m_read_who.clear();
    m_read_at.clear();
    m_text.clear();
}

// The column shown as the roll's request reads it.
namespace {
std::string column_id(const rules::PlayTable& t, int column) {
    if (t.by_points() || t.columns.size() < 2) return "";
    return t.columns[static_cast<size_t>(std::clamp(column, 0, static_cast<int>(t.columns.size()) - 1))].id;
}
}  // namespace

// What the campaign gives the roll, read when what it depends on changes: its modifiers ticked
// and marked, its column chosen. Without the override they stay ticked.
void TableSideWindow::read_campaign(GuiApp& app, const rules::PlayTable& t) {
    const bool for_battle = app.viewer().is_umpire() && !trim(battle).empty() && (!trim(unit).empty() || !trim(defender).empty());
    const std::string who = for_battle ? t.id + "|" + battle + "|" + unit + "|" + defender + "|" + firer + (override ? "|o" : "") : "";
    const std::string at = column_id(t, column) + "|" + std::to_string(app.revision());
    if (who == m_read_who && at == m_read_at) return;
    // New units: the campaign picks the column; the same units, the column shown is read.
    const bool pick_column = who != m_read_who;
    // The campaign's ticks of the last reading come off; the organiser's own stay.
    for (size_t i = 0; i < t.modifiers.size(); ++i) {
        if (!from_campaign[i].empty() && !override) ticked[i] = false;
        if (!from_campaign_defender[i].empty() && !override) ticked_defender[i] = false;
    }
    from_campaign.assign(t.modifiers.size(), "");
    from_campaign_defender.assign(t.modifiers.size(), "");
    campaign_column.clear();
    campaign_note.clear();
    m_read_who = who;
    m_read_at = at;
    if (!for_battle || !app.session()) return;
    app::CampaignRoll r{t.id, {}, battle, unit, t.difference ? defender : "", t.fire ? firer : "", false};
    r.request.column = pick_column ? "" : column_id(t, column);
    try {
        const auto resolved = app.session()->table_side().campaign_choices(r);
        for (const auto& c : resolved.request.modifiers)
            for (size_t i = 0; i < t.modifiers.size(); ++i) {
                const auto& m = t.modifiers[i];
                if (m.id != c.modifier || (m.party != rules::Party::either && m.party != c.party)) continue;
                const bool def = c.party == rules::Party::defender;
                (def ? ticked_defender : ticked)[i] = true;
                (def ? from_campaign_defender : from_campaign)[i] = c.from;
                break;
            }
        for (size_t i = 0; i < t.columns.size(); ++i)
            if (!resolved.request.column_from.empty() && t.columns[i].id == resolved.request.column) column = static_cast<int>(i);
        campaign_column = resolved.request.column_from;
        m_read_at = column_id(t, column) + "|" + std::to_string(app.revision());
    } catch (const Error& e) {
        campaign_note = e.what();
    }
}

void TableSideWindow::roll(GuiApp& app) {
    if (!physical) return roll_with(app, dice::split_rolls(dice), false);
    const auto* t = shown_table(*app.model().rules, table);
    m_asked_umpire = app.viewer().is_umpire() && !trim(battle).empty();
    asked.start(*app.session(), t ? t->title : "the table", [this, g = &app](const std::vector<std::string>& rolls) { roll_with(*g, rolls, true); });
}

// `asking`: the dice are the organiser's even before any is typed (a roll short is asked for).
void TableSideWindow::roll_with(GuiApp& app, const std::vector<std::string>& typed, bool asking) {
    auto* session = app.session();
    const auto* t = shown_table(*app.model().rules, table);
    if (!session || !t) return;
    play::Request request;
    if (t->by_points()) {
        request.points = rules::parse_points(points);
        if (!request.points) throw UsageError("fire points \"" + points + "\" are not a number: expected e.g. 6, 1/2 or 3 1/2");
    } else if (t->columns.size() > 1) {
        request.column = t->columns[static_cast<size_t>(std::clamp(column, 0, static_cast<int>(t->columns.size()) - 1))].id;
    }
    for (size_t i = 0; i < t->modifiers.size() && i < ticked.size(); ++i) {
        const auto& m = t->modifiers[i];
        const std::optional<int> n = m.each || m.choose ? std::optional<int>(counts[i]) : std::nullopt;
        if (ticked[i]) request.modifiers.push_back({m.id, t->difference ? rules::Party::attacker : rules::Party::either, n});
        if (ticked_defender[i] && t->difference) request.modifiers.push_back({m.id, rules::Party::defender, n});
    }
    std::string text;
    const bool for_battle = app.viewer().is_umpire() && !trim(battle).empty();
    if (for_battle) {
        const auto rolled = session->table_side().roll({t->id, request, battle, unit, t->difference ? defender : "", t->fire ? firer : "", override}, typed);
        text = exporter::play_roll_text(rolled.roll) + (rolled.fallen ? exporter::play_roll_text(*rolled.fallen) : "");
        for (const auto& l : rolled.overridden) text += "  Left out by the override: " + l + "\n";
        for (const auto& g : rolled.given_over) text += "  Given over the campaign's reading: " + g + "\n";
        for (const auto& l : rolled.outcome.lines) text += "  " + l + "\n";
        text += rolled.outcome.summary + "\n";
        log.push_back({"#" + std::to_string(rolled.outcome.operation) + " " + rolled.outcome.summary, true});
    } else {
        app::TableRollRequest r{t->id, request, std::nullopt, typed, asking};
        const auto rolled = app::roll_play_table(*app.model().rules, r);
        text = exporter::play_roll_text(rolled.roll) + (rolled.again ? exporter::broken_again_text(rolled.roll, *rolled.again) : "") +
               "(not recorded: no battle named)\n";
        log.push_back({t->title + ": " + (t->difference ? "difference " : "score ") + std::to_string(rolled.roll.score) + ", " +
                           rolled.roll.result->heading() + " (not recorded)",
                       false});
    }
    result = {text, for_battle};
    dice.clear();
    error.clear();
}

void TableSideWindow::apply(GuiApp& app) {
    app::DraftReport how;
    for (const auto& [side, camp] : camps)
        if (!camp.empty()) how.camps.push_back(camp);
    const auto out = app.session()->battles().report_draft(battle, how, app::Mode::apply);
    camps.clear();
    note = out.summary;
    battle.clear();  // reported: the next roll is for a battle still to be reported (this one's draft is gone)
    log.push_back({"#" + std::to_string(out.operation) + " " + out.summary, true});
}

void TableSideWindow::discard(GuiApp& app) {
    const auto out = app.session()->table_side().discard(battle);
    note = out.summary;
    log.push_back({"#" + std::to_string(out.operation) + " " + out.summary, true});
}

void TableSideWindow::draw(GuiApp& app) {
    const auto& rules = *app.model().rules;
    const auto* t = shown_table(rules, table);
    if (!t) {
        ImGui::TextWrapped("Rule set %s has no play tables. Add your own to a copy: muster rules copy %s FILE", rules.id.c_str(), rules.id.c_str());
        return;
    }
    if (m_shown != table || ticked.size() != t->modifiers.size()) reset_for(table, t->modifiers.size());
    field_fits(px(360), "Table");
    const bool choosing = ImGui::BeginCombo("Table", (t->title + " [" + t->id + "]").c_str());
    mark("TableSide/Table");
    if (choosing) {
        for (size_t i = 0; i < rules.play_tables.size(); ++i) {
            const auto& p = rules.play_tables[i];
            if (ImGui::Selectable((p.title + " [" + p.id + "]").c_str(), table == static_cast<int>(i))) table = static_cast<int>(i);
            mark("TableSide/Table/" + p.id);
        }
        ImGui::EndCombo();
    }
    if (m_shown != table) return;  // the next frame shows the new table
    if (!t->source.empty()) wrapped(ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled), "From " + t->source);
    if (t->kind == rules::PlayKind::roll) read_campaign(app, *t);

    if (t->kind != rules::PlayKind::roll) {
        if (m_text.empty()) m_text = exporter::play_table_text(*t);
        ImGui::BeginChild("reference", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
        columns_text(m_text);
        ImGui::EndChild();
        return;
    }

    // Left: what is rolled; right: what came of it.
    const float left_w = ImGui::GetContentRegionAvail().x * 0.66f;  // the modifiers' words want the room
    ImGui::BeginChild("roll", ImVec2(left_w, 0));
    ImGui::Text("Dice: %s%s", std::string(rules::die_name(t->die)).c_str(), t->difference ? " each side; the difference is read" : "");
    if (t->by_points()) {
        field_fits(px(120), "Fire points");
        ImGui::InputText("Fire points", &points);
        mark("TableSide/Points");
    } else if (t->columns.size() > 1) {
        std::vector<const char*> cols;
        for (const auto& c : t->columns) cols.push_back(c.name.c_str());
        // The column's name can be long ("Rating of Highest Ranking Officer..."): written above, wrapped.
        ImGui::TextWrapped("%s", t->column_name.empty() ? "Column" : t->column_name.c_str());
        ImGui::SetNextItemWidth(px(200));
        ImGui::Combo("##column", &column, cols.data(), static_cast<int>(cols.size()));
        mark("TableSide/Column");
        if (!campaign_column.empty()) {
            ImGui::SameLine();
            ImGui::TextColored(palette().done, "%s from the campaign", icon::flag);
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", campaign_column.c_str());
        }
    }

    // The modifiers, as the source lists them: tick, value, the source's words (whole on hover).
    if (!t->modifiers.empty()) {
        const bool counted = std::any_of(t->modifiers.begin(), t->modifiers.end(), [](const rules::PlayModifier& m) { return m.each || m.choose; });
        const int ncols = (t->difference ? 4 : 3) + (counted ? 1 : 0);
        const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_Resizable | ImGuiTableFlags_ScrollY;
        // Below the table: the dice, the battle, the units, the override, a refusal to come, Roll.
        const float lines = 5.f + (t->difference || t->fire ? 1.f : 0.f) + (campaign_note.empty() ? 0.f : 2.f);
        const float controls = ImGui::GetFrameHeightWithSpacing() * lines + 8;
        const float rows_h = ImGui::GetFrameHeightWithSpacing() * static_cast<float>(t->modifiers.size() + 1);
        // Each table its own columns (and widths kept): one of four columns after one of three
        // took the other's widths, its modifiers cut to a letter.
        if (ImGui::BeginTable(("modifiers##" + t->id).c_str(), ncols, flags, ImVec2(0, std::min(rows_h, std::max(120.f, ImGui::GetContentRegionAvail().y - controls))))) {
            ImGui::TableSetupScrollFreeze(0, 1);
            ImGui::TableSetupColumn(t->difference ? "Att." : "Take", ImGuiTableColumnFlags_WidthFixed, px(36));
            if (t->difference) ImGui::TableSetupColumn("Def.", ImGuiTableColumnFlags_WidthFixed, px(36));
            ImGui::TableSetupColumn("Value", ImGuiTableColumnFlags_WidthFixed, px(64));
            if (counted) ImGui::TableSetupColumn("N", ImGuiTableColumnFlags_WidthFixed, px(40));
            ImGui::TableSetupColumn("Modifier", ImGuiTableColumnFlags_WidthStretch);
            ImGui::TableHeadersRow();
            for (size_t i = 0; i < t->modifiers.size(); ++i) {
                const auto& m = t->modifiers[i];
                ImGui::PushID(static_cast<int>(i));
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                // Ticks: the roll's, or on a table both sides roll the attacker's and the defender's
                // (a modifier worded for one side has only that side's).
                // The campaign's ticks are its own: unticked only with the override.
                auto tick = [&](std::vector<bool>& v, const char* id, const std::string& mark_id) {
                    const auto& why = (&v == &ticked ? from_campaign : from_campaign_defender)[i];
                    bool on = v[i];
                    ImGui::BeginDisabled(!why.empty() && !override);
                    if (ImGui::Checkbox(id, &on)) v[i] = on;
                    ImGui::EndDisabled();
                    mark("TableSide/Mod/" + mark_id);
                    if (!why.empty() && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
                        ImGui::SetTooltip("From the campaign: %s%s", why.c_str(), override ? "" : "\n(tick Override to leave it out)");
                };
                if (!t->difference) tick(ticked, "##take", m.id);
                else if (m.party != rules::Party::defender) tick(ticked, "##attacker", "attacker:" + m.id);
                if (t->difference) {
                    ImGui::TableNextColumn();
                    if (m.party != rules::Party::attacker) tick(ticked_defender, "##defender", "defender:" + m.id);
                }
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(m.value_text().c_str());
                if (counted) {
                    ImGui::TableNextColumn();
                    if (m.each || m.choose) {
                        ImGui::SetNextItemWidth(-1);
                        ImGui::InputInt("##n", &counts[i], 0);
                        if (ImGui::IsItemHovered()) ImGui::SetTooltip(m.each ? "How many times it counts" : "The value you choose");
                    }
                }
                ImGui::TableNextColumn();
                const std::string why = join(std::vector<std::string>{from_campaign[i], from_campaign_defender[i]}, "; ");
                const bool campaign = !from_campaign[i].empty() || !from_campaign_defender[i].empty();
                const std::string text = (campaign ? std::string(icon::flag) + " " : "") + m.text + (m.group.empty() ? "" : "  (one of " + m.group + ")");
                if (campaign) ImGui::PushStyleColor(ImGuiCol_Text, palette().done);
                fit_text(text);
                if (campaign) ImGui::PopStyleColor();
                if (ImGui::IsItemHovered())
                    ImGui::SetTooltip("%s\nid: %s%s", text.c_str(), m.id.c_str(), campaign ? ("\nFrom the campaign: " + why).c_str() : "");
                ImGui::PopID();
            }
            ImGui::EndTable();
        }
    }

    if (!physical) {
        field_fits(px(160), "Dice from the table");
        ImGui::InputTextWithHint("Dice from the table", "blank: muster rolls", &dice);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Each die as it lay, in order, with commas: 10,1 (a roll that brings a fallen leader's asks for more; Physical dice asks for each)");
        mark("TableSide/Dice");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("The dice as they lay, in order (on a table both sides roll, the attacker's first): 7 or 3+4, 9,5");
        next_on_line(checkbox_width("Ask each die"));
    }
    ImGui::Checkbox("Ask each die", &physical);
    mark("TableSide/Physical");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Physical dice: each die asked for by its purpose as the roll comes to it, with take-back");
    const bool umpire = app.viewer().is_umpire();
    if (umpire) {
        field_fits(px(200), "Battle");
        ImGui::InputTextWithHint("Battle", "blank: a roll not recorded", &battle);
        mark("TableSide/Battle");
    } else {
        ImGui::TextDisabled("A side's view: rolls here are not recorded");
    }
    if (umpire && !trim(battle).empty()) {
        const auto hint = rules.term_division + "/" + rules.term_brigade + " or a battery";
        field_fits(px(240), t->difference ? "Attacker" : "Unit");
        ImGui::InputTextWithHint(t->difference ? "Attacker" : "Unit", hint.c_str(), &unit);
        mark("TableSide/Unit");
        if (t->difference) {
            field_fits(px(240), "Defender");
            ImGui::InputTextWithHint("Defender", hint.c_str(), &defender);
            mark("TableSide/Defender");
        }
        if (t->fire) {
            field_fits(px(240), "Firer");
            ImGui::InputTextWithHint("Firer", "the unit firing (optional)", &firer);
            mark("TableSide/Firer");
        }
        ImGui::Checkbox("Override the campaign", &override);
        mark("TableSide/Override");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Roll exactly what is ticked, where the campaign's facts say otherwise: journaled as your choice");
        if (!campaign_note.empty()) wrapped(palette().refused, campaign_note);  // whole, however narrow the panel
    }
    asked.buttons(app, {{"Roll", "tableside.roll", "TableSide/Roll"}});
    ImGui::EndChild();

    ImGui::SameLine();
    ImGui::BeginChild("came", ImVec2(0, 0), true);
    // The die asked for, at the top of what came of the roll: always in sight (a campaign
    // roll's, which names both sides' units, only in the umpire's view).
    if (umpire || !m_asked_umpire) {
        asked.draw(app, "tableside.dice");
        if (asked.asking()) ImGui::Separator();
    }
    if (!result.text.empty() && (umpire || !result.umpire)) {
        ImGui::BeginChild("result", ImVec2(0, ImGui::GetContentRegionAvail().y * 0.5f), false);
        ImGui::PushTextWrapPos(0);
        ImGui::TextUnformatted(result.text.c_str());
        ImGui::PopTextWrapPos();
        ImGui::EndChild();
        ImGui::Separator();
    }

    // The battle's draft report, from the model, and the way to apply it: found as the CLI finds
    // it, in any case (begun by a player's submission, perhaps), and called as the umpire types it.
    for (const auto& d : app.model().drafts)
        if (umpire && same_ignoring_case(d.battle, trim(battle))) {
            ImGui::TextWrapped("Draft report of %s (engaged: %s)", d.battle.c_str(), join(d.engaged, ", ").c_str());
            // Where a captor has more than one open camp, the umpire chooses the one its prisoners go to.
            if (const auto at = d.battle + "|" + std::to_string(app.revision()); at != m_choose_at) {
                m_choose_at = at;
                m_choose = app::camps_to_choose(d.report, app::Refs(app.model().roster, rules));
                std::erase_if(camps, [&](const auto& c) { return !m_choose.count(c.first); });
            }
            for (const auto& [side, names] : m_choose) {
                auto& chosen = camps[side];
                ImGui::TextWrapped("The %s side's prisoners go to:", rules.side_name(side).c_str());
                ImGui::SetNextItemWidth(std::min(px(240), ImGui::GetContentRegionAvail().x));
                const bool open = ImGui::BeginCombo(("##camp " + side).c_str(), chosen.empty() ? "choose a camp" : chosen.c_str());
                mark("TableSide/Camp/" + side);
                if (open) {
                    for (const auto& name : names) {
                        if (ImGui::Selectable(name.c_str(), chosen == name)) chosen = name;
                        mark("TableSide/Camp/" + side + "/" + name);
                    }
                    ImGui::EndCombo();
                }
            }
            // Short words, that a narrow panel does not cut: what the draft becomes is said on hover.
            if (ImGui::Button("Apply the draft")) app.run("tableside.apply");
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("Apply the draft as the battle's report");
            mark("TableSide/Apply");
            next_on_line(button_width("Discard the draft"));
            if (ImGui::Button("Discard the draft")) app.run("tableside.discard_draft");
            mark("TableSide/Discard");
            for (const auto& l : d.lines) bullet(l);
            if (!d.states.empty()) ImGui::TextDisabled("On the table:");
            for (const auto& l : d.states) bullet(l);
        }
    if (!log.empty() && ImGui::CollapsingHeader("Rolls", ImGuiTreeNodeFlags_DefaultOpen)) {
        for (auto it = log.rbegin(); it != log.rend(); ++it)
            if (umpire || !it->umpire) bullet(it->text);
    }
    ImGui::EndChild();
}

}  // namespace muster::gui
