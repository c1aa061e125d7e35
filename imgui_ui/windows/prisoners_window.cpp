#include "prisoners_window.hpp"
#include "theme.hpp"

#include "app/refs.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "gui_app.hpp"
#include "test_hooks.hpp"
#include "widgets.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

namespace muster::gui {

void PrisonersWindow::new_camp(GuiApp& app) {
    if (!app.viewer().owns(camp_side)) throw UsageError("a side's view opens camps of its own");
    app.session()->prisoners().add_camp(camp_side, camp_name);
    note = "Opened camp " + camp_name;
    camp_name.clear();
}

void PrisonersWindow::liberate(GuiApp& app) {
    if (!app.viewer().is_umpire()) throw UsageError("a camp is freed in the umpire's view");
    if (liberate_camp.empty()) throw UsageError("choose the camp to liberate");
    note = app.session()->prisoners().liberate(liberate_camp).summary;
}

void PrisonersWindow::propose(GuiApp& app) {
    if (from.empty()) throw UsageError("choose the side that proposes");
    if (!app.viewer().owns(from)) throw UsageError("a side's view proposes in its own name");
    app::ExchangeProposal p;
    p.from = from;
    p.note = exchange_note;
    for (const auto& item : app.seen().held) {
        const auto it = picked.find(item.spec);
        if (it == picked.end() || it->second <= 0) continue;
        const std::string spec = item.kind == HeldKind::stands ? item.spec + "=" + std::to_string(it->second) : item.spec;
        if (item.holder == from) p.offer.push_back(spec);
        else if (item.owner == from) p.ask.push_back(spec);
    }
    const auto v = app.session()->prisoners().propose_exchange(p);
    selected_exchange = v.row.number;
    note = "Exchange #" + std::to_string(v.row.number) + " proposed to " + app.model().rules->the_side(v.row.counterpart) + "; " + v.balance;
    picked.clear();
    exchange_note.clear();  // the proposal's, not the next one's (nor the other side's, in its view)
}

void PrisonersWindow::answer(GuiApp& app, app::Answer answer) {
    for (const auto& v : app.seen().exchanges)
        if (v.row.number == selected_exchange) {
            const auto& side = answer == app::Answer::withdraw ? v.row.proposer : v.row.counterpart;
            if (!app.viewer().owns(side))
                throw UsageError(answer == app::Answer::withdraw ? "a side's view withdraws only what it proposed" : "a side's view answers only what was proposed to it");
            note = app.session()->prisoners().answer_exchange(v.row.number, side, answer).summary;
            return;
        }
    throw UsageError("choose a proposal");
}

// Whom the camps hold, as the view may read it: a sortable table, only the rows on screen drawn.
void PrisonersWindow::draw_held(GuiApp& app) {
    const auto& rules = *app.model().rules;
    const auto& seen = app.seen();
    if (m_revision != app.revision() || !(m_viewer == app.viewer())) {
        m_held.clear();
        for (const auto& h : seen.held) m_held.push_back(&h);
        held_order.invalidate();
        m_revision = app.revision();
        m_viewer = app.viewer();
    }
    if (m_held.empty()) {
        ImGui::TextDisabled("Nobody is held.");
        return;
    }
    if (!ImGui::BeginTable("prisoners_held", 5, k_data_table | ImGuiTableFlags_Sortable, ImVec2(0, table_height(m_held.size(), 12 * ImGui::GetFrameHeight())))) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("Held");
    for (const char* c : {"Of", "Camp", "Held by"}) ImGui::TableSetupColumn(c, c[0] == 'C' ? ImGuiTableColumnFlags_DefaultSort : 0);
    ImGui::TableSetupColumn("Stands");
    headers_row("Prisoners/Held");
    fit_columns_to(app.shown() * 31 + m_held.size());
    if (held_order.changed())
        held_order.sort(m_held, [&](const app::HeldItem* h) -> std::pair<int, std::string> {
            switch (held_order.column) {
            case 0: return {0, h->text};
            case 1: return {0, h->owner};
            case 2: return {0, h->camp};
            case 3: return {0, h->holder};
            default: return {h->stands, ""};
            }
        });
    const auto side_name = [&](const std::string& id) {
        const auto* sd = rules.find_side(id);
        return sd ? sd->name : id;
    };
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(m_held.size()));
    while (clipper.Step())
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const auto& h = *m_held[static_cast<size_t>(i)];
            ImGui::TableNextRow();
            for (const std::string& c : {h.text, side_name(h.owner), h.camp + (h.camp_liberated ? " (liberated)" : ""), side_name(h.holder)}) {
                ImGui::TableNextColumn();
                fit_text(c);
            }
            ImGui::TableNextColumn();
            if (h.kind == HeldKind::stands) ImGui::Text("%d", h.stands);
        }
    ImGui::EndTable();
}

void PrisonersWindow::draw(GuiApp& app) {
    const auto& rules = *app.model().rules;
    const auto& seen = app.seen();  // the menu bar's view: a side sees its camps, its men held and its exchanges
    // ...and acts as that side alone: it proposes, opens camps and answers for itself; the
    // umpire frees a camp.
    const auto& viewer = app.viewer();
    if (!viewer.is_umpire()) from = camp_side = viewer.side();
    if (ImGui::CollapsingHeader("Camps", ImGuiTreeNodeFlags_DefaultOpen)) {
        if (!seen.camps.empty() && ImGui::BeginTable("camps", 5, k_data_table, ImVec2(0, table_height(seen.camps.size(), 6 * ImGui::GetFrameHeight())))) {
            for (const char* c : {"Camp", "Side", "Holdings", "State", ""}) ImGui::TableSetupColumn(c);
            ImGui::TableHeadersRow();
            fit_columns_to(app.shown());
            for (const auto& v : seen.camps) {
                ImGui::TableNextRow();
                const auto* side = rules.find_side(v.camp.side);
                for (const std::string& c : {v.camp.name, side ? side->name : v.camp.side, std::to_string(v.holds.size()),
                                             std::string(v.camp.liberated ? "liberated" : "holding")}) {
                    ImGui::TableNextColumn();
                    fit_text(c);
                }
                ImGui::TableNextColumn();
                ImGui::PushID(static_cast<int>(v.camp.id));
                if (!v.camp.liberated && viewer.is_umpire()) {
                    // Named as it is found: "Elmira (Union)" where the other side's bears its name too.
                    const auto ref = app::Refs(app.model().roster, rules).camp_ref(v.camp);
                    if (ImGui::SmallButton("Liberate")) {
                        liberate_camp = ref;
                        app.run("camp.liberate");
                    }
                    mark("Prisoners/Liberate/" + ref);
                }
                ImGui::PopID();
            }
            ImGui::EndTable();
        }
        ImGui::SetNextItemWidth(px(200));
        ImGui::InputText("New camp", &camp_name);
        // The row wraps where the panel is narrow (a large font): Open camp stays in reach.
        next_on_line(field_width(px(140), "of side"));
        ImGui::SetNextItemWidth(px(140));
        if (ImGui::BeginCombo("of side", camp_side.empty() ? "" : rules.side_name(camp_side).c_str())) {
            for (const auto& sd : rules.sides)
                if (viewer.owns(sd.id) && ImGui::Selectable(sd.name.c_str(), camp_side == sd.id)) camp_side = sd.id;
            ImGui::EndCombo();
        }
        next_on_line(button_width("Open camp"));
        if (ImGui::Button("Open camp")) app.run("camp.new");
    }
    if (ImGui::CollapsingHeader("Held", ImGuiTreeNodeFlags_DefaultOpen)) draw_held(app);
    if (ImGui::CollapsingHeader("Propose an exchange", ImGuiTreeNodeFlags_DefaultOpen)) {
        ImGui::SetNextItemWidth(px(160));
        const bool choosing = ImGui::BeginCombo("Proposing side", from.empty() ? "" : rules.side_name(from).c_str());
        mark("Prisoners/From");
        if (choosing) {
            for (const auto& sd : rules.sides) {
                if (!viewer.owns(sd.id)) continue;
                if (ImGui::Selectable(sd.name.c_str(), from == sd.id)) from = sd.id;
                mark("Prisoners/From/" + sd.id);
            }
            ImGui::EndCombo();
        }
        std::vector<const app::HeldItem*> offered;
        for (const auto& item : seen.held)
            if (!from.empty() && (item.holder == from || item.owner == from) && !item.camp_liberated) offered.push_back(&item);
        // Only the lines on screen are drawn: a long war fills the camps.
        ImGui::BeginChild("held", ImVec2(0, std::min(10.f, static_cast<float>(offered.size()) + 0.5f) * ImGui::GetFrameHeightWithSpacing()));
        ImGuiListClipper clipper;
        clipper.Begin(static_cast<int>(offered.size()));
        while (clipper.Step())
            for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
                const auto& item = *offered[static_cast<size_t>(i)];
                ImGui::PushID(item.spec.c_str());
                int& n = picked[item.spec];
                bool in = n > 0;
                // The box, the count of stands once ticked, then the words, cut to the panel's
                // width (a long name does not push the count off its edge); a click on them ticks too.
                bool toggled = ImGui::Checkbox("##pick", &in);
                mark("Prisoners/Pick/" + item.spec);
                if (n > 0 && item.kind == HeldKind::stands) {
                    ImGui::SameLine();
                    ImGui::SetNextItemWidth(px(90));
                    ImGui::InputInt("##stands", &n);
                    mark("Prisoners/Stands/" + item.spec);
                }
                ImGui::SameLine();
                fit_text((item.holder == from ? "offer: " : "ask for: ") + item.text + " in " + app::camp_shown(seen.camps, item.camp, item.holder, rules));
                if (!toggled && ImGui::IsItemClicked()) toggled = in = !in;
                if (toggled) n = in ? item.stands > 0 ? item.stands : 1 : 0;
                ImGui::PopID();
            }
        ImGui::EndChild();
        ImGui::InputText("Note", &exchange_note);
        if (ImGui::Button("Propose")) app.run("exchange.propose");
        mark("Prisoners/Propose");
    }
    if (ImGui::CollapsingHeader("Proposals", ImGuiTreeNodeFlags_DefaultOpen)) {
        for (const auto& v : seen.exchanges) {
            ImGui::PushID(static_cast<int>(v.row.number));
            const std::string head = "#" + std::to_string(v.row.number) + " " + rules.side_name(v.row.proposer) + " -> " + rules.side_name(v.row.counterpart) + " [" +
                                     word(v.row.status) + "]";
            if (ImGui::Selectable(head.c_str(), selected_exchange == v.row.number)) selected_exchange = v.row.number;
            ImGui::Indent();
            ImGui::TextWrapped("offers: %s", v.offer.empty() ? "nothing" : join(v.offer, ", ").c_str());
            ImGui::TextWrapped("asks: %s", v.ask.empty() ? "nothing" : join(v.ask, ", ").c_str());
            if (!v.row.note.empty()) {  // as exchange list shows it
                ImGui::TextWrapped("note: %s", v.row.note.c_str());
                mark("Prisoners/Note/" + std::to_string(v.row.number));
            }
            wrapped(ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled), v.balance);
            if (!v.lapsed.empty()) wrapped(palette().caution, "lapsed: " + v.lapsed);
            if (v.row.status == ExchangeStatus::proposed && v.lapsed.empty() && viewer.owns(v.row.counterpart)) {
                if (ImGui::SmallButton(("Accept as " + rules.the_side(v.row.counterpart)).c_str())) {
                    selected_exchange = v.row.number;
                    app.run("exchange.accept");
                }
                mark("Prisoners/Accept/" + std::to_string(v.row.number));
                ImGui::SameLine();
                if (ImGui::SmallButton(("Refuse as " + rules.the_side(v.row.counterpart)).c_str())) {
                    selected_exchange = v.row.number;
                    app.run("exchange.refuse");
                }
            }
            if (v.row.status == ExchangeStatus::proposed && viewer.owns(v.row.proposer)) {  // lapsed or not: it can be taken back
                if (v.lapsed.empty() && viewer.owns(v.row.counterpart)) ImGui::SameLine();
                if (ImGui::SmallButton(("Withdraw as " + rules.the_side(v.row.proposer)).c_str())) {
                    selected_exchange = v.row.number;
                    app.run("exchange.withdraw");
                }
                mark("Prisoners/Withdraw/" + std::to_string(v.row.number));
            }
            ImGui::Unindent();
            ImGui::PopID();
        }
    }
}

}  // namespace muster::gui
