#include "leaders_window.hpp"

#include "app/leaders.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "gui_app.hpp"
#include "test_hooks.hpp"
#include "widgets.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

namespace muster::gui {

void LeadersWindow::replace(GuiApp& app, app::Mode mode) {
    if (trim(unit).empty()) throw UsageError("name the unit whose commander is replaced (click a leader's row, or type it)");
    const bool preview = mode == app::Mode::preview;
    const std::string u(trim(unit));
    const auto run = [this, g = &app, u, mode](const std::vector<std::string>& rolls) {
        shown = g->session()->leaders().replace_leader(u, std::nullopt, rolls, mode, force ? app::Displace::replace : app::Displace::keep, "", "",
                                                       previewed.previewed(u));
        if (shown->preview) previewed.shown(u, rolls);
        else previewed.done();
        note = (shown->preview ? "Preview, not applied: " : "") + shown->summary;
    };
    shown.reset();
    // The preview on screen is done with its dice (the physical ones lie on the table), whatever
    // the Physical dice box says now.
    if (const auto rolls = previewed.dice_for(u); rolls && !preview) return run(*rolls);
    if (!physical.on(app)) return run({});
    dice.start(*app.session(), (preview ? "preview of a new commander for " : "a new commander for ") + std::string(trim(unit)), run);
}

void LeadersWindow::discard() {
    previewed.discard(std::string(trim(unit)));
    shown.reset();
    dice.cancel();
    note = "Discarded: the preview's rolls stay in the journal; rolled next, the new commander is rolled anew";
}

void LeadersWindow::enter_roll(GuiApp& app) { dice.enter(*app.session()); }

namespace {
std::string named(const std::string& leader) {
    std::string who(trim(leader));
    if (who.empty()) throw UsageError("name the leader (click his row, or type his name)");
    return who;
}

// How a clicked row names its leader: two leaders of one name (drawn so) told apart, for the
// umpire, by their numbers, as muster leader list shows them (a side's view numbers none: the
// numbers count the enemy's leaders too).
std::string reference_of(const GuiApp& app, bool umpire, const army::Leader& l) {
    return umpire && app.seen().shared_labels.count(l.label()) > 0 ? "#" + std::to_string(l.id) : l.label();
}
}  // namespace

void LeadersWindow::casualty(GuiApp& app) {
    const auto run = [this, g = &app, who = named(leader), out = out_for](const std::vector<std::string>& rolls) {
        shown = g->session()->leaders().leader_casualty(who, out, rolls, app::Mode::apply);
        note = shown->summary;
    };
    shown.reset();
    if (!physical.on(app)) return run({});
    dice.start(*app.session(), "the Fallen Leaders roll for " + named(leader), run);
}

void LeadersWindow::return_from_wounds(GuiApp& app) {
    shown = app.session()->leaders().return_leader(named(leader));
    note = shown->summary;
}

void LeadersWindow::assign(GuiApp& app) {
    if (trim(unit).empty()) throw UsageError("name the unit he is to command (click a leader's row, or type it)");
    shown = app.session()->leaders().assign(named(leader), std::string(trim(unit)), force ? app::Displace::replace : app::Displace::keep);
    note = shown->summary;
}

void LeadersWindow::draw(GuiApp& app) {
    const auto& model = app.model();
    const auto& rules = *model.rules;
    const bool umpire = app.viewer().is_umpire();
    const std::string side = umpire ? std::string() : app.viewer().side();
    const ImGuiTableFlags flags = k_data_table | ImGuiTableFlags_Sortable;
    const float below = umpire ? 9 * ImGui::GetFrameHeightWithSpacing() : 0.f;
    if (!ImGui::BeginTable("leaders", 6, flags, ImVec2(0, -below))) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("Leader", ImGuiTableColumnFlags_DefaultSort);
    for (const char* c : {"Side", "Rank", "Grade", "Status", "Commands"}) ImGui::TableSetupColumn(c);
    headers_row("Leaders/Table");
    fit_columns_to(app.shown());
    mark("Leaders/Table");
    // An enemy leader's grade as the view may read it: only once revealed.
    const auto grade_of = [&](const army::Leader& l) { return umpire || l.side == side ? l.grade : l.as_enemy_sees().grade; };
    if (m_revision != app.revision() || m_side != side) {
        m_leaders.clear();
        m_as_seen.clear();
        for (const auto i : app.seen().leaders) {
            const auto held = app.seen().held_leaders.find(i);  // an enemy seen only as a prisoner: as his camp calls him
            const auto& l = model.roster.leaders[i];
            if (held != app.seen().held_leaders.end()) m_leaders.push_back(&held->second);
            else if (!umpire && l.side != side && !l.fall_seen) m_leaders.push_back(&m_as_seen.emplace_back(l.as_enemy_sees()));  // his status, sorted by too, is the view's
            else m_leaders.push_back(&l);
        }
        order.invalidate();
        m_revision = app.revision();
        m_side = side;
        // The leader clicked, as he is named now: untyped over, the field follows him.
        if (m_clicked && leader == m_clicked_ref) {
            const auto it = std::find_if(m_leaders.begin(), m_leaders.end(), [&](const army::Leader* l) { return l->id == m_clicked; });
            leader = m_clicked_ref = it == m_leaders.end() ? std::string() : reference_of(app, umpire, **it);
        }
    }
    // Sorted again only when the leaders or the order asked for changed; the model's own order
    // is by name.
    if (order.changed())
        order.sort(m_leaders, [&](const army::Leader* l) -> std::string {
            switch (order.column) {
            case 1: return l->side;
            case 2: return std::to_string(static_cast<int>(l->rank));
            case 3: return grade_of(*l);
            case 4: return word(l->status);
            case 5: return l->command.unit;
            default: return l->label();
            }
        });
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(m_leaders.size()));
    while (clipper.Step())
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const auto& l = *m_leaders[static_cast<size_t>(i)];
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::PushID(i);
            const std::string ref = reference_of(app, umpire, l);
            if (ImGui::Selectable((ref != l.label() ? l.label() + " (" + ref + ")" : l.label()).c_str(), leader == ref, ImGuiSelectableFlags_SpanAllColumns)) {
                leader = m_clicked_ref = ref;
                m_clicked = l.id;
                unit = !l.command.unit.empty() ? l.command.unit : l.former_post ? l.former_post->unit : unit;
            }
            mark("Leaders/" + l.label());
            ImGui::PopID();
            const auto* sd = rules.find_side(l.side);
            const std::string shown_grade = grade_of(l);
            const auto* grade = rules.find_grade(shown_grade);
            const auto state = app::Leaders::state_text(l, model.fought_since_fall);  // a wounded leader's time out counting down
            for (const std::string& v : {sd ? sd->name : l.side.str(), rules.rank_name(l.rank), grade ? grade->name : shown_grade, state, l.command.unit}) {
                ImGui::TableNextColumn();
                fit_text(v);
            }
            mark("Leaders/" + l.label() + ": " + state);  // the row, by what its state says
        }
    ImGui::EndTable();
    if (!umpire) return;
    // The umpire's: a new commander rolled for a unit.
    const auto hint = rules.term_division + "/" + rules.term_brigade + ", a " + rules.division_noun() + ", a corps or an army";
    const char* unit_hint = hint.c_str();
    ImGui::SetNextItemWidth(hint_width(unit_hint));
    ImGui::InputTextWithHint("Unit", unit_hint, &unit);
    mark("Leaders/Unit");
    next_on_line(checkbox_width("Replace a sound commander too"));
    ImGui::Checkbox("Replace a sound commander too", &force);
    mark("Leaders/Force");
    next_on_line(checkbox_width("Physical dice"));
    physical.draw(app, "Physical dice");
    mark("Leaders/Physical");
    dice.buttons(app, {{"Preview", "leader.preview", "Leaders/Preview"}, {"Roll a new commander", "leader.replace", "Leaders/Replace"}});
    if (shown && shown->preview) {
        ImGui::SameLine();
        if (ImGui::Button("Discard the preview")) app.run("leader.discard");
        mark("Leaders/Discard");
    }
    // The umpire's: a leader who may have fallen, returns from his wounds, or takes a command.
    const char* leader_hint = "his name, or click his row";
    ImGui::SetNextItemWidth(hint_width(leader_hint));
    ImGui::InputTextWithHint("Leader", leader_hint, &leader);
    mark("Leaders/Leader");
    const float out_for_width = 3 * ImGui::GetFontSize();
    next_on_line(field_width(out_for_width, "battles out if wounded"));
    ImGui::SetNextItemWidth(out_for_width);
    ImGui::InputInt("##out_for", &out_for, 0, 0, ImGuiInputTextFlags_AutoSelectAll);
    mark("Leaders/OutFor");
    ImGui::SameLine();
    ImGui::TextUnformatted("battles out if wounded");
    if (rules.fallen_leaders) dice.buttons(app, {{"Fallen Leaders roll", "leader.casualty", "Leaders/Casualty"}});
    else wrapped(ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled), rules.name + " has no Fallen Leaders table");
    ImGui::BeginDisabled(dice.asking());
    if (ImGui::Button("Return from wounds")) app.run("leader.return");
    mark("Leaders/Return");
    next_on_line(button_width("Assign to the unit"));
    if (ImGui::Button("Assign to the unit")) app.run("leader.assign");
    mark("Leaders/Assign");
    ImGui::EndDisabled();
    dice.draw(app, "leader");
    if (shown) bullet_lines(shown->lines);
}

}  // namespace muster::gui
