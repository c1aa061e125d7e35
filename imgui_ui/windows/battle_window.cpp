#include "battle_window.hpp"
#include "theme.hpp"

#include "core/error.hpp"
#include "core/match.hpp"
#include "core/text.hpp"
#include "gui_app.hpp"
#include "test_hooks.hpp"
#include "widgets.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

namespace muster::gui {
namespace {

std::string division_of(const std::string& ref) { return ref.substr(0, ref.find('/')); }

}  // namespace

battle::Report BattleWindow::report() const {
    battle::Report r;
    r.name = name;
    r.date = Day::parse(trim(date));  // checked when the report is applied
    r.place = place;
    r.divisions.assign(divisions.begin(), divisions.end());
    for (const auto& [ref, l] : lines) {
        const bool commander = m_commanders.count(ref) > 0;  // a division's, corps' or army's commander: his fate alone
        if (!commander && !divisions.count(division_of(ref))) continue;
        if (!commander && (l.lost || l.captured)) r.brigades.push_back({ref, l.lost, l.captured, l.camp});
        if (l.fate)
            r.leaders.push_back({ref, *l.fate, l.fate == LeaderFate::captured ? l.camp : "", l.fate == LeaderFate::wounded ? l.out_for : 0});
    }
    for (const auto& [ref, fate] : batteries)
        if (fate && divisions.count(division_of(ref)))
            r.batteries.push_back({ref, *fate, fate == BatteryFate::captured ? battery_camp : ""});
    return r;
}

void BattleWindow::apply(GuiApp& app) {
    if (!trim(date).empty()) Day::read(trim(date), "battle date");  // refused by name, not dropped
    const auto out = app.session()->battles().report_battle(report(), app::Mode::apply);
    note = out.summary + " (journal #" + std::to_string(out.operation) + ")";
    recovery_battle = name;
    // The form empty for the next battle: nothing of this one carried into it (its date, place,
    // divisions ticked, the reserve that arrived at its plan).
    lines.clear();
    batteries.clear();
    name.clear();
    date.clear();
    place.clear();
    divisions.clear();
    battery_camp.clear();
    plan_step.reset();
    recovery.reset();
}

void BattleWindow::recover(GuiApp& app, app::Mode mode) {
    if (recovery_battle.empty()) throw UsageError("choose the battle whose casualties return");
    const bool preview = mode == app::Mode::preview;
    const auto run = [this, g = &app, battle = recovery_battle, mode](const std::vector<std::string>& rolls) {
        recovery = g->session()->battles().recover(battle, rolls, mode, recovery_previewed.previewed(battle));
        if (recovery->preview) recovery_previewed.shown(battle, rolls);
        else recovery_previewed.done();
        note = (recovery->preview ? "Preview, not applied: " : "") + recovery->summary;
    };
    // The preview on screen is done with its dice (the physical ones lie on the table), whatever
    // the Physical dice box says now.
    if (const auto rolls = recovery_previewed.dice_for(recovery_battle); rolls && !preview) return run(*rolls);
    if (!physical.on(app)) return run({});
    recovery.reset();
    dice.start(*app.session(), (preview ? "preview of the recovery of " : "recovery of ") + recovery_battle, run);
}

void BattleWindow::discard_recovery() {
    recovery_previewed.discard(recovery_battle);
    recovery.reset();
    dice.cancel();
    note = "Discarded: the preview's rolls stay in the journal; applied, the recovery rolls anew";
}

void BattleWindow::enter_roll(GuiApp& app) { dice.enter(*app.session()); }

void BattleWindow::plan(GuiApp& app) {
    const auto date = trim(new_plan_date).empty() ? std::nullopt : std::optional(Day::read(trim(new_plan_date), "battle date"));
    note = app.session()->plans().plan(new_plan, date, new_plan_place).summary;
    new_plan.clear();
    new_plan_date.clear();
    new_plan_place.clear();
}

void BattleWindow::place_on_plan(GuiApp& app, PlanRole role) {
    const std::string division(trim(plan_division));
    if (plan_battle.empty() || division.empty()) throw UsageError("name the division to place on the plan");
    if (role == PlanRole::reserve) {
        note = app.session()->plans().reserve(plan_battle, {division}).summary;
        plan_step.reset();  // the last deployment's words are not this step's
        m_plan_typed[plan_battle].clear();
        return;
    }
    // Deployed, a placeholder is rolled up there: with the campaign's dice, or (Physical dice)
    // the organiser's, asked roll by roll, as a reserve that arrives is.
    const auto run = [this, g = &app, battle = plan_battle, division](const std::vector<std::string>& rolls) {
        plan_step = g->session()->plans().deploy(battle, {division}, [g, &rolls](app::ArrivalRequest r) {
            r.rolls = rolls;
            return g->session()->arrivals().arrive(r);
        });
        note = plan_step->outcome.summary;
        m_plan_typed[battle].clear();
    };
    if (!plan_physical.on(app)) return run({});
    plan_step.reset();
    plan_dice.start(*app.session(), division + " is deployed at " + plan_battle, run);
}

void BattleWindow::arrive_reserve(GuiApp& app) {
    if (plan_battle.empty() || plan_division.empty()) throw UsageError("choose the reserve that arrives");
    const auto run = [this, g = &app, battle = plan_battle, division = plan_division](const std::vector<std::string>& rolls) {
        plan_step = g->session()->plans().arrive(battle, division, [g, &rolls](app::ArrivalRequest r) {
            r.rolls = rolls;
            return g->session()->arrivals().arrive(r);
        });
        note = plan_step->outcome.summary + " (journal #" + std::to_string(plan_step->outcome.operation) + ")";
    };
    if (!plan_physical.on(app)) return run({});
    plan_step.reset();
    plan_dice.start(*app.session(), plan_division + " arrives at " + plan_battle, run);
}

void BattleWindow::report_plan(GuiApp& app, const app::PlanView& plan) {
    name = plan.plan.name;
    date = plan.plan.date ? plan.plan.date->text() : "";
    place = plan.plan.place;
    divisions.clear();
    for (const auto* part : {&plan.deployed, &plan.arrived})
        for (const auto& l : *part)
            if (l.status != DivisionStatus::placeholder) divisions.insert(l.division);
    // A draft report waiting for the battle (the table side's rolls, a player's losses) fills
    // the form as its report would read: applied here, the report replaces the draft.
    const app::Draft* draft = nullptr;
    if (app.viewer().is_umpire())
        for (const auto& d : app.model().drafts)
            if (same_ignoring_case(d.battle, plan.plan.name)) draft = &d;
    if (!draft) {
        rebuild(app);
        return;
    }
    const auto& r = draft->report;
    divisions.insert(r.divisions.begin(), r.divisions.end());
    rebuild(app);
    lines.clear();
    batteries.clear();
    for (const auto& b : r.brigades) {
        auto& l = lines[b.brigade];
        l.lost = b.lost;
        l.captured = b.captured;
        l.camp = b.camp;
    }
    // A leader by the unit he commands: a brigade's on its row, a division's, corps' or army's on
    // his own ("commander of Heth").
    for (const auto& f : r.leaders) {
        auto& l = lines[m_commanders.count("commander of " + f.leader) ? "commander of " + f.leader : f.leader];
        l.fate = f.fate;
        l.out_for = f.out_for;
        if (f.fate == LeaderFate::captured) l.camp = f.camp;
    }
    for (const auto& g : r.batteries) {
        batteries[g.battery] = g.fate;
        if (g.fate == BatteryFate::captured) battery_camp = g.camp;
    }
    note = "Filled from the draft report of " + draft->battle + ": applied here, this report replaces it";
}

void BattleWindow::draw_plans(GuiApp& app) {
    const auto& plans = app.seen().plans;
    // A battle planned before it is fought (muster battle plan): its name, date and place.
    if (ImGui::CollapsingHeader("Plan a battle")) {
        mark("Battle/PlanHeader");
        ImGui::SetNextItemWidth(px(200));
        ImGui::InputTextWithHint("##newplan", "its name", &new_plan);
        mark("Battle/NewPlan");
        ImGui::SameLine();
        ImGui::SetNextItemWidth(px(120));
        ImGui::InputTextWithHint("##newplandate", "YYYY-MM-DD", &new_plan_date);
        ImGui::SameLine();
        ImGui::SetNextItemWidth(px(160));
        ImGui::InputTextWithHint("##newplanplace", "where", &new_plan_place);
        next_on_line(button_width("Plan it"));
        if (ImGui::Button("Plan it")) app.run("plan.new");
        mark("Battle/PlanIt");
    } else {
        mark("Battle/PlanHeader");
    }
    const auto open = std::count_if(plans.begin(), plans.end(), [](const app::PlanView& p) { return !p.reported(); });
    if (open == 0) return;
    const bool shown = ImGui::CollapsingHeader(("Planned battles (" + std::to_string(open) + ")###plans").c_str(), ImGuiTreeNodeFlags_DefaultOpen);
    mark("Battle/Plans");
    if (!shown) return;
    const auto& rules = *app.model().rules;
    for (const auto& p : plans) {
        if (p.reported()) continue;
        ImGui::PushID(p.plan.name.c_str());
        ImGui::TextUnformatted((p.plan.name + (p.plan.date ? ", " + p.plan.date->text() : "") + (p.plan.place.empty() ? "" : ", " + p.plan.place)).c_str());
        next_on_line(button_width("Fill the report"));
        if (ImGui::SmallButton("Fill the report")) report_plan(app, p);
        mark("Battle/Plan/Report/" + p.plan.name);
        ImGui::Indent();
        // Each part: its divisions by side; a reserve each with its button to bring it on.
        const auto part = [&](const char* heading, const std::vector<app::PlanLine>& lines, bool reserve) {
            const auto text = app::by_side(rules, lines);
            ImGui::TextDisabled("%s", heading);
            ImGui::SameLine();
            ImGui::TextWrapped("%s", text.empty() ? "none" : join(text, "; ").c_str());
            if (!reserve) return;
            for (const auto& l : lines) {
                const std::string label = "Arrive: " + l.division;
                if (&l != &lines.front()) next_on_line(button_width(label.c_str()));
                ImGui::BeginDisabled(plan_dice.asking());
                if (ImGui::Button(label.c_str())) {
                    plan_battle = p.plan.name;
                    plan_division = l.division;
                    app.run("plan.arrive");
                }
                ImGui::EndDisabled();
                mark("Battle/Plan/Arrive/" + l.division);
            }
        };
        part("Deployed:", p.deployed, false);
        part("In reserve:", p.reserve, true);
        part("Arrived:", p.arrived, false);
        // A division put on its field (a placeholder rolled up there) or in its reserve.
        std::string& typed = m_plan_typed[p.plan.name];
        ImGui::SetNextItemWidth(px(200));
        ImGui::InputTextWithHint("##place", ("a " + rules.division_noun()).c_str(), &typed);
        mark("Battle/Plan/Division/" + p.plan.name);
        ImGui::BeginDisabled(plan_dice.asking());  // one roll asked at a time
        for (const auto& [label, id] : {std::pair{"Deploy", "plan.deploy"}, {"In reserve", "plan.reserve"}}) {
            next_on_line(button_width(label));
            if (ImGui::Button(label)) {
                plan_battle = p.plan.name;
                plan_division = typed;
                app.run(id);
            }
            mark(std::string("Battle/Plan/") + label + "/" + p.plan.name);
        }
        ImGui::EndDisabled();
        if (p.draft_lines)
            ImGui::TextWrapped("A draft report is waiting (%s of losses and fates): the table side's rolls, or players' losses; Fill the report takes it",
                               count_of(*p.draft_lines, "line", "lines").c_str());
        ImGui::Unindent();
        ImGui::PopID();
    }
    plan_physical.draw(app, "Physical dice##plan");
    mark("Battle/PlanPhysical");
    plan_dice.draw(app, "plan");
    if (plan_step) bullet_lines({plan_step->outcome.summary});
    ImGui::Separator();
}

void BattleWindow::rebuild(GuiApp& app) {
    m_arrived.clear();
    m_units.clear();
    m_commanders.clear();
    order.invalidate();
    // A unit's commander in play, on a row of his own ("commander of Heth": whoever commands it
    // now, not a leader named so), once for his division, corps or army among those ticked.
    const auto commander = [&](const std::string& unit, const army::Leader& l, const std::string& side) {
        if (!l.present() || !is_active(l.status)) return;
        const auto ref = "commander of " + unit;
        if (m_commanders.insert(ref).second) m_units.push_back({ref, 0, false, true, side, unit});
    };
    for (const auto& a : app.model().oob.armies)
        for (const auto& k : a.corps)
            for (const auto& d : k.divisions) {
                if (d.status == DivisionStatus::placeholder) continue;
                m_arrived.push_back(d.name);
                if (!divisions.count(d.name)) continue;
                commander(d.name, d.commander, d.side);
                commander(k.name, k.commander, a.side);
                commander(a.name, a.commander, a.side);
                for (const auto& b : d.brigades)
                    if (is_active(b.status)) m_units.push_back({d.name + "/" + b.name, b.stands, false, b.commander.present(), d.side, ""});
                for (const auto& t : d.batteries)
                    if (is_active(t.status)) m_units.push_back({d.name + "/" + t.name, 0, true, false, d.side, ""});
            }
    m_revision = app.revision();
    m_built_for = divisions;
}

void BattleWindow::draw(GuiApp& app) {
    const auto& model = app.model();
    if (m_revision != app.revision() || m_built_for != divisions) rebuild(app);
    draw_plans(app);
    ImGui::InputText("Battle", &name);
    mark("Battle/Name");
    ImGui::SetNextItemWidth(px(140));
    ImGui::InputText("Date", &date);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(px(200));
    ImGui::InputText("Place", &place);

    // The divisions that fought: a filtered list, clipped, so thousands stay quick to draw.
    ImGui::Text("%ss that fought (%zu ticked):", model.rules->term_division.c_str(), divisions.size());
    ImGui::SameLine();
    ImGui::SetNextItemWidth(px(200));
    ImGui::InputTextWithHint("##divfilter", "filter", &division_filter);
    std::vector<const std::string*> shown;
    for (const auto& d : m_arrived)
        if (contains_ignoring_case(d, division_filter)) shown.push_back(&d);
    ImGui::BeginChild("divisions", ImVec2(0, 3.5f * ImGui::GetFrameHeightWithSpacing()), true);
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(shown.size()));
    while (clipper.Step())
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const auto& d = *shown[static_cast<size_t>(i)];
            bool in = divisions.count(d) > 0;
            if (ImGui::Checkbox(d.c_str(), &in)) {
                if (in) divisions.insert(d);
                else divisions.erase(d);
            }
            mark("Battle/Division/" + d);
        }
    ImGui::EndChild();

    // The camps that can take a unit's prisoners: the other side's, not liberated (for the
    // batteries' one camp, every camp).
    // Left empty, the captor's only camp takes them; where it has more, one is to be chosen:
    // either said where there are `prisoners` to go there.
    const auto camp_combo = [&](const char* id, std::string& camp, const std::string& marked, const std::string& own_side, int prisoners) {
        std::vector<const campaign::CampInfo*> open_camps;
        for (const auto& c : model.roster.camps)
            if (!c.liberated && c.side != own_side) open_camps.push_back(&c);
        const std::string unchosen = open_camps.empty()      ? "(the captor has no camp: open one in the Prisoners panel)"
                                     : open_camps.size() == 1 ? "(the captor's only camp)"
                                                              : "(choose one of the captor's " + std::to_string(open_camps.size()) + " camps)";
        const std::string shown = !camp.empty()          ? camp
                                  : prisoners == 0         ? std::string()
                                  : open_camps.size() == 1 ? open_camps.front()->name
                                  : open_camps.empty()     ? std::string()
                                                           : "choose a camp";
        const bool open = ImGui::BeginCombo(id, shown.c_str());
        mark(marked);
        mark_shown(marked, shown);
        if (!open) return;
        if (ImGui::Selectable(unchosen.c_str(), camp.empty())) camp.clear();
        mark(marked + "/");
        for (const auto* c : open_camps) {
            if (ImGui::Selectable(c->name.c_str(), camp == c->name)) camp = c->name;
            mark(marked + "/" + c->name);
        }
        ImGui::EndCombo();
    };

    const ImGuiTableFlags flags = k_data_table | ImGuiTableFlags_Sortable;
    // The table takes what the window has left above the check, Apply and the recovery.
    const float below = 9.f * ImGui::GetFrameHeightWithSpacing();
    const float height = std::max(6.f * ImGui::GetFrameHeightWithSpacing(), ImGui::GetContentRegionAvail().y - below);
    if (ImGui::BeginTable("report", 7, flags, ImVec2(0, height))) {
        ImGui::TableSetupScrollFreeze(1, 1);  // the brigade stays in sight when the rest scrolls sideways
        // Sorted by what the table shows of the order of battle; not by what is being typed
        // (a row would move under the cursor).
        ImGui::TableSetupColumn(model.rules->term_brigade.c_str(), ImGuiTableColumnFlags_DefaultSort);
        ImGui::TableSetupColumn("Stands");
        // The fields' columns as wide as a field needs (ems: the font's size), kept when the
        // others are fitted to their entries (a field has no width of its own to fit).
        const float em = ImGui::GetFontSize();
        for (const auto& [c, ems] : {std::pair{"Lost", 9.f}, {"Captured", 9.f}, {"Camp", 10.f}, {"Commander", 8.f}, {"Out for", 9.f}})
            ImGui::TableSetupColumn(c, ImGuiTableColumnFlags_WidthFixed | ImGuiTableColumnFlags_NoSort | ImGuiTableColumnFlags_NoResize, ems * em);
        headers_row("Battle/Table");
        fit_columns_to(app.shown() * 31 + m_units.size());
        if (order.changed())
            order.sort(m_units, [&](const Unit& u) { return order.column == 1 ? std::pair<int, std::string>{u.stands, ""} : std::pair<int, std::string>{0, u.ref}; });
        ImGuiListClipper rows;
        rows.Begin(static_cast<int>(m_units.size()));
        while (rows.Step())
            for (int i = rows.DisplayStart; i < rows.DisplayEnd; ++i) {
                const auto& u = m_units[static_cast<size_t>(i)];
                ImGui::PushID(u.ref.c_str());
                ImGui::TableNextRow();
                ImGui::TableSetColumnIndex(0);
                if (u.battery) {
                    ImGui::Text("%s (battery)", u.ref.c_str());
                    ImGui::TableSetColumnIndex(2);
                    ImGui::SetNextItemWidth(-1);
                    word_combo("##battery", batteries[u.ref]);
                    ImGui::PopID();
                    continue;
                }
                auto& l = lines[u.ref];
                ImGui::TextUnformatted(u.ref.c_str());
                if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", u.ref.c_str());
                if (u.commander_of.empty()) {  // a commander's row has no stands of its own
                    ImGui::TableSetColumnIndex(1);
                    ImGui::Text("%d", u.stands);
                    ImGui::TableSetColumnIndex(2);
                    ImGui::SetNextItemWidth(-1);
                    ImGui::InputInt("##lost", &l.lost, 1, 1);
                    mark("Battle/Lost/" + u.ref);
                    ImGui::TableSetColumnIndex(3);
                    ImGui::SetNextItemWidth(-1);
                    ImGui::InputInt("##captured", &l.captured, 1, 1);
                    mark("Battle/Captured/" + u.ref);
                }
                ImGui::TableSetColumnIndex(4);
                ImGui::SetNextItemWidth(-1);
                camp_combo("##camp", l.camp, "Battle/Camp/" + u.ref, u.side, l.captured + (l.fate == LeaderFate::captured ? 1 : 0));
                ImGui::TableSetColumnIndex(5);
                ImGui::SetNextItemWidth(-1);
                if (u.has_commander) word_combo("##fate", l.fate, "Battle/Fate/" + u.ref);
                ImGui::TableSetColumnIndex(6);
                if (l.fate == LeaderFate::wounded) {
                    ImGui::SetNextItemWidth(-1);
                    ImGui::InputInt("##out", &l.out_for, 1, 1);
                }
                ImGui::PopID();
            }
        ImGui::EndTable();
    }
    ImGui::SetNextItemWidth(px(200));
    camp_combo("Camp for captured batteries", battery_camp, "Battle/BatteryCamp", "",
               static_cast<int>(std::count_if(batteries.begin(), batteries.end(), [](const auto& b) { return b.second == BatteryFate::captured; })));

    // Inline validation: the report is checked against the model whenever it changes.
    const auto r = report();
    std::string key = r.name + "|";
    for (const auto& b : r.brigades) key += b.brigade + std::to_string(b.lost) + "," + std::to_string(b.captured) + b.camp + ";";
    for (const auto& l : r.leaders) key += l.leader + word(l.fate) + l.camp + std::to_string(l.out_for) + ";";
    for (const auto& b : r.batteries) key += b.battery + word(b.fate) + b.camp + ";";
    for (const auto& d : r.divisions) key += d + ",";
    key += std::to_string(app.revision());
    if (key != m_checked) {
        m_checked = key;
        try {
            if (!model.current) throw UsageError("no campaign is current: choose one in the Campaigns panel");
            std::vector<campaign::DraftInfo> drafts;
            for (const auto& d : model.drafts) drafts.push_back({d.battle, 0, d.submitted});
            const auto preview = app::describe_battle(*model.current, model.roster, model.plans, model.oob, drafts, r, *model.rules);
            m_check = join(preview.lines, "\n") + (preview.lines.empty() ? "" : "\n") + preview.summary;
            m_check_ok = true;
        } catch (const Error& e) {
            m_check = e.what();
            m_check_ok = false;
        }
    }
    // An empty form (a fresh one, or one just applied) is no fault: it says what to do.
    const bool blank = trim(r.name).empty() && r.brigades.empty() && r.leaders.empty() && r.batteries.empty();
    ImGui::PushTextWrapPos(0);
    if (blank) {
        ImGui::TextDisabled("Name the battle and give what its %ss lost.", model.rules->brigade_noun().c_str());
        mark("Battle/Blank");
    } else ImGui::TextColored(m_check_ok ? palette().done : palette().refused, "%s", m_check.c_str());
    ImGui::PopTextWrapPos();
    ImGui::BeginDisabled(!m_check_ok);
    if (ImGui::Button("Apply the report")) app.run("battle.apply");
    mark("Battle/Apply");
    ImGui::EndDisabled();

    ImGui::Separator();
    ImGui::TextWrapped("Recovery: casualties return, prisoners do not");
    ImGui::SetNextItemWidth(px(220));
    const bool choosing = ImGui::BeginCombo("Battle##recovery", recovery_battle.c_str());
    mark("Battle/RecoveryBattle");
    if (choosing) {
        for (const auto& b : model.roster.battles) {
            if (!b.recovered && ImGui::Selectable(b.name.c_str(), recovery_battle == b.name)) recovery_battle = b.name;
            mark("Battle/RecoveryBattle/" + b.name);
        }
        ImGui::EndCombo();
    }
    next_on_line(checkbox_width("Physical dice"));
    physical.draw(app, "Physical dice##recovery");
    mark("Battle/RecoveryPhysical");
    next_on_line(button_width("Preview recovery"));
    dice.buttons(app, {{"Preview recovery", "recovery.preview", "Battle/RecoveryPreview"}, {"Apply recovery", "recovery.apply", "Battle/RecoveryApply"}});
    dice.draw(app, "recovery");
    if (recovery) {
        if (recovery->preview) ImGui::TextUnformatted("PREVIEW (the rolls are kept as discarded)");
        bullet_lines(recovery->lines);
        if (recovery->preview) {  // last: discarding it takes away what is drawn above
            if (ImGui::Button("Discard the preview")) app.run("recovery.discard");
            mark("Battle/RecoveryDiscard");
        }
    }

    ImGui::Separator();
    ImGui::TextWrapped("Amend a report: what a %s lost, as it should have been reported", app.model().rules->brigade_noun().c_str());
    ImGui::SetNextItemWidth(px(220));
    const bool amending = ImGui::BeginCombo("Battle##amend", amend_battle.c_str());
    mark("Battle/AmendBattle");
    if (amending) {
        for (const auto& b : model.roster.battles) {
            if (ImGui::Selectable(b.name.c_str(), amend_battle == b.name)) amend_battle = b.name;
            mark("Battle/AmendBattle/" + b.name);
        }
        ImGui::EndCombo();
    }
    next_on_line(px(260));
    ImGui::SetNextItemWidth(px(260));
    ImGui::InputTextWithHint("##amendbrigade", (app.model().rules->term_division + "/" + app.model().rules->term_brigade).c_str(), &amend_brigade);
    mark("Battle/AmendBrigade");
    next_on_line(field_width(px(100), "lost"));
    ImGui::SetNextItemWidth(px(100));
    ImGui::InputInt("lost##amend", &amend_lost, 0, 0);
    mark("Battle/AmendLost");
    next_on_line(button_width("Preview amendment"));
    if (ImGui::Button("Preview amendment")) app.run("battle.amend_preview");
    mark("Battle/AmendPreview");
    next_on_line(button_width("Amend"));
    if (ImGui::Button("Amend")) app.run("battle.amend");
    mark("Battle/Amend");
    if (amendment) {
        if (amendment->preview) ImGui::TextUnformatted(("PREVIEW (" + amendment->preview_note() + ")").c_str());
        bullet_lines(amendment->lines);
    }
}

void BattleWindow::amend(GuiApp& app, app::Mode mode) {
    if (amend_battle.empty()) throw UsageError("choose the battle whose report to amend");
    amendment = app.session()->battles().amend(amend_battle, {amend_brigade + "=" + std::to_string(amend_lost)}, {}, mode);
    note = (amendment->preview ? "Preview, not applied: " : "") + amendment->summary;
}

}  // namespace muster::gui
