#include "players_window.hpp"
#include "theme.hpp"

#include "app/players.hpp"
#include "app/prisoners.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "gui_app.hpp"
#include "test_hooks.hpp"
#include "widgets.hpp"

#include <algorithm>
#include <imgui.h>
#include <imgui_stdlib.h>

namespace muster::gui {

void PlayersWindow::add(GuiApp& app) {
    const auto url = app::link_base(base, "the address where players reach muster serve");
    if (side.empty()) throw UsageError("choose the side he plays (or the umpire)");
    const auto made = app.session()->players().add(name, side);
    link = url + "/p/" + made.token + "/";
    link_of = made.player.name;
    note = "Player " + made.player.name + " added: copy his link now, it is shown once";
    name.clear();
}

void PlayersWindow::relink(GuiApp& app) {
    if (player.empty()) throw UsageError("choose the player who needs a new link");
    const auto url = app::link_base(base, "the address where players reach muster serve");
    const auto made = app.session()->players().relink(player);
    link = url + "/p/" + made.token + "/";
    link_of = made.player.name;
    note = "A new link for " + made.player.name + ": copy it now, it is shown once; his old one is dead";
}

void PlayersWindow::revoke(GuiApp& app) {
    if (player.empty()) throw UsageError("choose the player whose link is revoked");
    note = app.session()->players().revoke(player).summary;
    if (link_of == player) link.clear();  // dead now: not shown to be copied; the player stays chosen, for a new one
}

void PlayersWindow::answer(GuiApp& app, bool accept) {
    for (const auto& x : app.model().seen_by(View::umpire()).exchanges)
        if (x.row.number == exchange) {
            note = app.session()->prisoners().answer_exchange(exchange, x.row.counterpart, accept ? app::Answer::accept : app::Answer::refuse).summary;
            return;
        }
    throw UsageError("choose a proposal to answer");
}

void PlayersWindow::draw(GuiApp& app) {
    const auto& model = app.model();
    const auto& rules = *model.rules;
    const ImGuiTableFlags flags = k_data_table;
    ImGui::TextWrapped("Players: each reads and answers for his side at his own screen (muster serve)");
    if (ImGui::BeginTable("players", 5, flags, ImVec2(0, table_height(model.players.size(), 8 * ImGui::GetFrameHeight())))) {
        for (const char* h : {"Player", "Side", "Link", "Added", "Last used"}) ImGui::TableSetupColumn(h);
        headers_row("Players/Table");
        fit_columns_to(app.shown());
        for (const auto& p : model.players) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            if (ImGui::Selectable(p.name.c_str(), player == p.name, ImGuiSelectableFlags_SpanAllColumns)) player = p.name;
            mark_row("Players/" + p.name);
            const auto* sd = rules.find_side(p.side);
            for (const std::string& v : {p.umpire ? std::string("the umpire") : sd ? sd->name : p.side, std::string(p.revoked ? "revoked" : "live"),
                                         p.created_at, p.last_used.empty() ? std::string("never") : p.last_used}) {
                ImGui::TableNextColumn();
                fit_text(v);
            }
        }
        ImGui::EndTable();
    }
    if (model.players.empty()) ImGui::TextDisabled("No players yet.");
    ImGui::BeginDisabled(player.empty());
    const auto whose = std::find_if(model.players.begin(), model.players.end(), [&](const auto& p) { return p.name == player; });
    ImGui::BeginDisabled(whose != model.players.end() && whose->revoked);  // nothing to revoke: a new link is what he may need
    if (ImGui::Button(player.empty() ? "Revoke the link" : ("Revoke " + player + "'s link").c_str())) app.run("players.revoke");
    mark("Players/Revoke");
    ImGui::EndDisabled();
    const auto relink_label = player.empty() ? std::string("New link") : "New link for " + player;
    next_on_line(button_width(relink_label.c_str()));
    if (ImGui::Button(relink_label.c_str())) app.run("players.relink");
    mark("Players/Relink");
    ImGui::EndDisabled();

    ImGui::Separator();
    ImGui::SetNextItemWidth(px(180));
    ImGui::InputTextWithHint("##name", "his name", &name);
    mark("Players/Name");
    next_on_line(px(160));
    ImGui::SetNextItemWidth(px(160));
    const auto* chosen = rules.find_side(side);
    if (ImGui::BeginCombo("##side", side == View::k_umpire ? "the umpire" : chosen ? chosen->name.c_str() : "side...")) {
        for (const auto& sd : rules.sides) {
            if (ImGui::Selectable(sd.name.c_str(), side == sd.id)) side = sd.id;
            mark("Players/Side/" + sd.id);
        }
        if (ImGui::Selectable("the umpire (reads every side)", side == View::k_umpire)) side = std::string(View::k_umpire);
        ImGui::EndCombo();
    }
    mark("Players/Side");
    next_on_line(px(220));
    ImGui::SetNextItemWidth(px(220));
    ImGui::InputTextWithHint("##base", "where players reach muster serve", &base);
    mark("Players/Base");
    next_on_line(button_width("Make his link"));
    if (ImGui::Button("Make his link")) app.run("players.add");
    mark("Players/Add");
    if (!link.empty()) {
        ImGui::SetNextItemWidth(-90);
        ImGui::InputText("##link", &link, ImGuiInputTextFlags_ReadOnly);
        ImGui::SameLine();
        if (ImGui::Button("Copy")) ImGui::SetClipboardText(link.c_str());
        mark("Players/Copy");
        // The link answers only while muster serve listens at that address.
        ImGui::TextDisabled("It answers while muster serve listens there: muster serve --listen 0.0.0.0:PORT on this machine");
    }

    ImGui::Separator();
    ImGui::Text("Inbox: %d message%s", static_cast<int>(model.messages.size()), model.messages.size() == 1 ? "" : "s");
    if (ImGui::BeginChild("inbox", ImVec2(0, 8 * ImGui::GetTextLineHeightWithSpacing()), true)) {
        for (auto it = model.messages.rbegin(); it != model.messages.rend(); ++it) {
            ImGui::TextDisabled("%s, %s (%s), %s", it->turn.text().c_str(), it->player.c_str(), app.model().rules->side_name(it->side).c_str(), it->created_at.c_str());
            ImGui::PushTextWrapPos(0);
            ImGui::TextUnformatted(it->text.c_str());
            ImGui::PopTextWrapPos();
        }
    }
    ImGui::EndChild();
    mark("Players/Inbox");
    ImGui::TextUnformatted("Exchanges awaiting an answer");
    int waiting = 0;
    for (const auto& x : model.seen_by(View::umpire()).exchanges) {
        if (x.row.status != ExchangeStatus::proposed || !x.lapsed.empty()) continue;
        ++waiting;
        const auto text = "#" + std::to_string(x.row.number) + " " + app.model().rules->side_name(x.row.proposer) + " to " + app.model().rules->side_name(x.row.counterpart) + ": offers " +
                          (x.offer.empty() ? "nothing" : join(x.offer, ", ")) + "; asks " + (x.ask.empty() ? "nothing" : join(x.ask, ", "));
        const auto shown = fitted(text);
        if (ImGui::Selectable(shown.c_str(), exchange == x.row.number)) exchange = x.row.number;
        hover_whole(text, shown);
        mark("Players/Exchange/" + std::to_string(x.row.number));
    }
    if (!waiting) ImGui::TextDisabled("None.");
    ImGui::BeginDisabled(exchange == 0);
    if (ImGui::Button("Accept for the side asked")) app.run("players.accept");
    mark("Players/Accept");
    ImGui::SameLine();
    if (ImGui::Button("Refuse for the side asked")) app.run("players.refuse");
    mark("Players/Refuse");
    ImGui::EndDisabled();
    ImGui::TextWrapped("Draft reports waiting (losses submitted, rolls at the table side)");
    for (const auto& d : model.drafts) ImGui::BulletText("%s: %d line%s", d.battle.c_str(), static_cast<int>(d.lines.size()), d.lines.size() == 1 ? "" : "s");
    if (model.drafts.empty()) ImGui::TextDisabled("None.");
}

}  // namespace muster::gui
