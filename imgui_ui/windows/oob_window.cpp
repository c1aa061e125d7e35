#include "oob_window.hpp"
#include "theme.hpp"

#include "core/error.hpp"
#include "export/oob.hpp"
#include "gui_app.hpp"
#include "test_hooks.hpp"
#include "widgets.hpp"

#include <imgui_stdlib.h>

#include <imgui.h>

namespace muster::gui {

namespace {

std::string key_of(char what, std::int64_t id) { return what + std::to_string(id); }

}  // namespace

std::string OobWindow::Row::key() const {
    struct Key {
        std::string operator()(const army::Army* a) const { return key_of('a', a->id); }
        std::string operator()(const army::Corps* k) const { return key_of('k', k->id); }
        std::string operator()(const army::Division* d) const { return key_of('d', d->id); }
        std::string operator()(const army::Brigade* b) const { return key_of('b', b->id); }
        std::string operator()(const army::Battery* t) const { return key_of('t', t->id); }
    };
    return std::visit(Key{}, unit);
}

namespace {

// The unit the edit bar acts on, as the order of battle holds it: none after an undo took its
// name back, or in another campaign. A division's or a brigade's, their division (and brigade).
struct Found {
    bool there = false;
    const army::Division* division = nullptr;
    const army::Brigade* brigade = nullptr;
};
Found find_unit(const army::OrderOfBattle& oob, NamedKind kind, std::string_view ref) {
    for (const auto& a : oob.armies) {
        if (kind == NamedKind::army && a.name == ref) return {true};
        for (const auto& k : a.corps) {
            if (kind == NamedKind::corps && k.name == ref) return {true};
            for (const auto& d : k.divisions) {
                if (kind == NamedKind::division && d.name == ref) return {true, &d};
                if (kind != NamedKind::brigade || ref.size() <= d.name.size() || !ref.starts_with(d.name) || ref[d.name.size()] != '/') continue;
                for (const auto& b : d.brigades)
                    if (ref.substr(d.name.size() + 1) == b.name) return {true, &d, &b};
            }
        }
    }
    return {};
}

}  // namespace

void OobWindow::reveal(const std::string& key, NamedKind kind, const std::string& ref, const std::vector<std::string>& parents) {
    for (const auto& p : parents) collapsed.erase(p);
    selected_kind = kind;
    selected_ref = ref;
    selected_open = false;
    new_name.clear();
    merge_into.clear();
    m_scroll_to = key;
    m_revision = -1;  // the lines opened, and whether the division takes brigades, are worked out anew
}

void OobWindow::rebuild(GuiApp& app) {
    const auto& model = app.model();
    const auto& rules = *model.rules;
    const auto request = view.request(rules, app.viewer());
    // The umpire's whole order of battle is the model's own: pointed at, not copied.
    if (request.viewer.is_umpire() && !request.side) {
        m_view_oob = {};
        m_oob = &model.oob;
    } else {
        m_view_oob = app::view_of(rules, model.oob, request);
        m_oob = &m_view_oob;
    }
    // No key is made for a line unless some are collapsed: 130,000 lines at 33,000 divisions.
    const auto closed = [&](char what, std::int64_t id) { return !collapsed.empty() && collapsed.count(key_of(what, id)) > 0; };
    const size_t before = m_rows.size();
    m_rows.clear();
    m_rows.reserve(before);
    for (const auto& a : m_oob->armies) {
        m_rows.push_back({0, &a});
        if (closed('a', a.id)) continue;
        for (const auto& k : a.corps) {
            m_rows.push_back({1, &k});
            if (closed('k', k.id)) continue;
            for (const auto& d : k.divisions) {
                m_rows.push_back({2, &d});
                if (closed('d', d.id)) continue;
                for (const auto& b : d.brigades) m_rows.push_back({3, &b, &d});
                for (const auto& t : d.batteries) m_rows.push_back({3, &t});
            }
            for (const auto& t : k.reserve) m_rows.push_back({2, &t, nullptr, " (corps reserve)"});
        }
        for (const auto& t : a.reserve) m_rows.push_back({1, &t, nullptr, " (army reserve)"});
    }
    m_revision = app.revision();
    m_view = view;
    m_viewer = app.viewer();
    m_collapsed = collapsed.size();
}

OobWindow::Line OobWindow::line(const rules::RuleSet& rules, const Row& row) const {
    struct Make {
        const rules::RuleSet& rules;
        const Row& row;
        Line operator()(const army::Army* a) const {
            const auto* sd = rules.find_side(a->side);
            return {key_of('a', a->id), a->name + " [" + (sd ? sd->name : a->side.str()) + "] " + exporter::commander_text(rules, a->commander),
                    {}, -1, NamedKind::army, a->name};
        }
        Line operator()(const army::Corps* k) const {
            return {key_of('k', k->id), k->name + " " + exporter::commander_text(rules, k->commander), {}, -1, NamedKind::corps, k->name};
        }
        Line operator()(const army::Division* d) const {
            return {key_of('d', d->id), d->name + " (" + exporter::division_facts(rules, *d) + ") " + exporter::commander_text(rules, d->commander),
                    {}, -1, NamedKind::division, d->name, d->status != DivisionStatus::arrived};
        }
        Line operator()(const army::Brigade* b) const {
            auto cells = exporter::brigade_cells(rules, *b);
            std::string label = std::move(cells.front());
            cells.erase(cells.begin());
            return {"", std::move(label), std::move(cells), !is_active(b->status) ? -1 : static_cast<int>(b->stands == 0 ? rules::State::spent : b->state()), NamedKind::brigade,
                    row.division->name + "/" + b->name};
        }
        Line operator()(const army::Battery* t) const {
            return {"", t->name + row.note, {"1", "", word(t->status), "battery", ""}, -1, std::nullopt, t->name};
        }
    };
    return std::visit(Make{rules, row}, row.unit);
}

void OobWindow::draw(GuiApp& app) {
    const auto& rules = *app.model().rules;
    view.draw(rules);
    if (m_revision != app.revision() && selected_kind && !find_unit(app.model().oob, *selected_kind, selected_ref).there) selected_kind.reset();
    if (m_revision != app.revision() || !(m_view == view) || !(m_viewer == app.viewer()) || m_collapsed != collapsed.size()) rebuild(app);
    ImGui::SameLine();
    ImGui::TextDisabled("%zu lines", m_rows.size());

    // Not resizable: the columns always fit their entries as the campaign changes, and no line
    // between them crosses the headings that run across the row.
    const ImGuiTableFlags flags = k_data_table & ~(ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_Resizable);
    const float panel = !selected_kind ? 0.f : (selected_open ? 8.f : selected_kind == NamedKind::brigade ? 4.f : 3.f) * ImGui::GetFrameHeightWithSpacing();
    if (!ImGui::BeginTable("oob", 6, flags, ImVec2(0, -ImGui::GetFrameHeightWithSpacing() - panel))) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupScrollFreeze(1, 1);  // the tree stays in sight when the table scrolls sideways
    ImGui::TableSetupColumn(rules.term_brigade.c_str());
    for (const char* c : {"Stands", "Label", "State", "Rating", "Commander"}) ImGui::TableSetupColumn(c);
    ImGui::TableHeadersRow();
    // A line the navigator chose: scrolled into sight (the clipper measured the rows' height).
    if (!m_scroll_to.empty()) {
        for (size_t i = 0; i < m_rows.size(); ++i)
            if (m_rows[i].key() == m_scroll_to) {
                const auto l = line(rules, m_rows[i]);
                selected_open = l.open;
                if (m_row_height > 0) ImGui::SetScrollY(std::max(0.f, (static_cast<float>(i) - 3.f) * m_row_height));
                break;
            }
        if (m_row_height > 0) m_scroll_to.clear();
    }
    // Only the rows on screen are drawn: the clipper skips the rest.
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(m_rows.size()));
    const ImVec4 colours[] = {palette().done, palette().caution, palette().refused};
    while (clipper.Step())
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const auto row = line(rules, m_rows[static_cast<size_t>(i)]);
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            std::optional<IndentBy> indent(std::in_place, static_cast<float>(m_rows[static_cast<size_t>(i)].depth) * 14.f);
            ImGui::PushID(i);
            if (!row.key.empty()) {
                const bool is_collapsed = collapsed.count(row.key) > 0;
                if (ImGui::SmallButton(is_collapsed ? "+" : "-")) {
                    if (is_collapsed) collapsed.erase(row.key);
                    else collapsed.insert(row.key);
                }
                ImGui::SameLine();
            }
            // Selecting a line opens the edit panel below the table for it. A heading (an army, a
            // corps, a division) has no cells: its words run on across the row, ended in an
            // ellipsis at the table's edge, and do not widen the column the units' names fit.
            const bool heading = row.cells.empty();
            const ImVec2 at(ImGui::GetCursorScreenPos().x, ImGui::GetCursorScreenPos().y + ImGui::GetCurrentWindow()->DC.CurrLineTextBaseOffset);
            const bool chosen = selected_kind == row.kind && selected_ref == row.ref;
            if (ImGui::Selectable(heading ? "##heading" : row.label.c_str(), chosen, heading ? ImGuiSelectableFlags_SpanAllColumns : 0) && row.kind) {
                selected_kind = row.kind;
                selected_ref = row.ref;
                selected_open = row.open;
                new_name.clear();
                merge_into.clear();
            }
            mark("OOB/Line/" + row.ref);
            if (heading) {
                const float right = ImGui::GetCurrentTable()->InnerClipRect.Max.x - ImGui::GetStyle().CellPadding.x;
                const ImVec2 size = ImGui::CalcTextSize(row.label.c_str());
                ImDrawList* dl = ImGui::GetWindowDrawList();
                // Across every column, but not over the frozen header row when scrolled under it:
                // the cell's own clip (column 0 alone) gives the top and bottom of what may show.
                const ImRect cell = ImGui::GetCurrentWindow()->ClipRect;
                dl->PushClipRect(ImVec2(at.x, std::max(at.y, cell.Min.y)), ImVec2(right, std::min(at.y + size.y, cell.Max.y)), false);
                ImGui::RenderTextEllipsis(dl, at, ImVec2(right, at.y + size.y), right, right, row.label.c_str(), nullptr, &size);
                dl->PopClipRect();
                if (ImGui::IsItemHovered() && at.x + size.x > right) ImGui::SetTooltip("%s", row.label.c_str());
            }
            ImGui::PopID();
            indent.reset();  // the unit's cells are not indented
            for (size_t c = 0; c < row.cells.size(); ++c) {
                ImGui::TableSetColumnIndex(static_cast<int>(c) + 1);
                if (c == 2 && row.state >= 0) ImGui::PushStyleColor(ImGuiCol_Text, colours[row.state]);
                fit_text(row.cells[c]);
                if (c == 2 && row.state >= 0) ImGui::PopStyleColor();
            }
        }
    m_row_height = clipper.ItemsHeight;
    ImGui::EndTable();
    if (!selected_kind || !app.viewer().is_umpire()) return;  // renaming and adding are the umpire's work

    // Its name in at most 40% of the bar: a long one does not push the field and buttons off it.
    fit_text(rules.noun_of(*selected_kind) + " " + selected_ref + ":", ImGui::GetContentRegionAvail().x * 0.4f);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(px(260));
    ImGui::InputText("##newname", &new_name);
    mark("OOB/NewName");
    ImGui::SameLine();
    if (ImGui::Button("Rename")) app.run("oob.rename");
    mark("OOB/Rename");
    // What else the umpire does to it: a division shown to the enemy or hidden from it again; a
    // brigade in service disbanded, destroyed, or merged into another of its division.
    const auto found = find_unit(app.model().oob, *selected_kind, selected_ref);
    if (found.division && !found.brigade) {
        ImGui::SameLine();
        if (ImGui::Button(found.division->hidden ? "Reveal to the enemy" : "Hide from the enemy again")) app.run("oob.fog");
        mark("OOB/Fog");
    }
    if (found.brigade && is_active(found.brigade->status)) {
        if (ImGui::Button("Disband")) app.run("oob.disband");
        mark("OOB/Disband");
        ImGui::SameLine();
        if (ImGui::Button("Destroyed")) app.run("oob.destroy");
        mark("OOB/Destroy");
        ImGui::SameLine();
        ImGui::SetNextItemWidth(px(220));
        const bool into = ImGui::BeginCombo("##into", merge_into.empty() ? "merge into..." : merge_into.c_str());
        mark("OOB/MergeInto");
        if (into) {
            for (const auto& b : found.division->brigades)
                if (&b != found.brigade && is_active(b.status)) {
                    if (ImGui::Selectable(b.name.c_str(), merge_into == b.name)) merge_into = b.name;
                    mark("OOB/MergeInto/" + b.name);
                }
            ImGui::EndCombo();
        }
        ImGui::SameLine();
        if (ImGui::Button("Merge")) app.run("oob.merge");
        mark("OOB/Merge");
    }
    if (!selected_open) return;
    const auto& noun = rules.brigade_noun();  // AWI's battalion
    ImGui::TextWrapped("Enter a %s by hand into this %s:", noun.c_str(), rules.division_noun().c_str());
    ImGui::SetNextItemWidth(px(200));
    ImGui::InputText("Name##brigade", &entry.name);
    mark("OOB/EntryName");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(px(140));
    const bool rating = ImGui::BeginCombo("Rating", entry.rating.c_str());
    mark("OOB/Rating");
    if (rating) {
        for (const auto& r : rules.ratings) {
            if (ImGui::Selectable(r.name.c_str(), entry.rating == r.id)) entry.rating = r.id;
            mark("OOB/Rating/" + r.id);
        }
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(px(90));
    ImGui::InputInt("Stands", &entry.stands, 0, 0);  // typed: no step buttons under the click
    mark("OOB/EntryStands");
    ImGui::SetNextItemWidth(px(100));
    ImGui::InputText("Label (empty: the rule set's)", &entry.label);
    // A commander's name and grade: the brigadier's, and where the rule set has them (AWI) the Alternate's.
    const auto leader = [&](app::LeaderEntry& l, const char* name, const char* grade, const std::string& id, const char* none) {
        ImGui::SetNextItemWidth(px(180));
        ImGui::InputText(name, &l.name);
        mark("OOB/" + id);
        ImGui::SameLine();
        ImGui::SetNextItemWidth(px(150));
        const bool open = ImGui::BeginCombo(grade, l.grade.c_str());
        mark("OOB/" + id + "Grade");
        if (open) {
            if (ImGui::Selectable(none)) l.grade.clear();
            for (const auto& g : rules.grades) {
                if (ImGui::Selectable(g.name.c_str(), l.grade == g.id)) l.grade = g.id;
                mark("OOB/" + id + "Grade/" + g.id);
            }
            ImGui::EndCombo();
        }
    };
    leader(entry.commander, "Commander", "Grade", "Brigadier", "(no commander)");
    if (!rules.generation.alternate.empty()) leader(entry.alternate, "Alternate", "Alternate's grade", "Alternate", "(no alternate)");
    if (ImGui::Button(("Add " + noun + "###AddBrigade").c_str())) app.run("oob.add_brigade");
    mark("OOB/AddBrigade");
}

void OobWindow::rename(GuiApp& app) {
    if (!selected_kind) throw UsageError("choose what to rename in the order of battle");
    app.session()->forces().rename(*selected_kind, selected_ref, new_name);
    note = "Renamed " + selected_ref + " to " + new_name;
    selected_ref = selected_kind == NamedKind::brigade ? selected_ref.substr(0, selected_ref.find('/') + 1) + new_name : new_name;
    new_name.clear();
}

void OobWindow::set_fog(GuiApp& app) {
    const auto found = selected_kind ? find_unit(app.model().oob, *selected_kind, selected_ref) : Found{};
    if (!found.division || found.brigade) throw UsageError("choose a division in the order of battle to reveal or hide");
    note = app.session()->forces().set_fog(selected_ref, found.division->hidden ? Fog::seen : Fog::hidden).summary;
}

void OobWindow::brigade_out(GuiApp& app, BrigadeEnd end) {
    const auto found = selected_kind ? find_unit(app.model().oob, *selected_kind, selected_ref) : Found{};
    const auto noun = app.model().rules->brigade_noun();  // AWI: battalion
    if (!found.brigade) throw UsageError("choose a " + noun + " in the order of battle");
    auto battles = app.session()->battles();
    switch (end) {
        case BrigadeEnd::disband: note = battles.disband_brigade(selected_ref).summary; break;
        case BrigadeEnd::destroy: note = battles.destroy_brigade(selected_ref).summary; break;
        case BrigadeEnd::merge: {
            if (merge_into.empty()) throw UsageError("choose the " + noun + " of " + found.division->name + " to merge " + selected_ref + " into");
            note = battles.merge_brigade(selected_ref, found.division->name + "/" + merge_into).summary;
            merge_into.clear();
            break;
        }
    }
}

void OobWindow::add_brigade(GuiApp& app) {
    entry.division = selected_ref;
    app.session()->forces().add_brigade(entry);
    note = "Added " + entry.name + " to " + selected_ref;
    entry = app::BrigadeEntry{};
}

}  // namespace muster::gui
