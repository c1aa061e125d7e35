#include "gui_app.hpp"

#include "app/forces.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "navigator.hpp"
#include "platform.hpp"
#include "theme.hpp"
#include "test_hooks.hpp"
#include "widgets.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <utility>

namespace muster::gui {

void columns_text(const std::string& text) {
    ImFont* mono = mono_font();
    if (mono) ImGui::PushFont(mono);
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    if (size.x <= ImGui::GetContentRegionAvail().x) {
        ImGui::TextUnformatted(text.c_str());
    } else {
        // Wider than the panel: in a strip of its own that scrolls sideways, its columns kept.
        const float height = size.y + ImGui::GetStyle().ScrollbarSize + 2 * ImGui::GetStyle().WindowPadding.y;
        ImGui::BeginChild(ImGui::GetID(text.c_str()), ImVec2(0, height), false, ImGuiWindowFlags_HorizontalScrollbar);
        ImGui::TextUnformatted(text.c_str());
        ImGui::EndChild();
    }
    if (mono) ImGui::PopFont();
}

GuiApp::GuiApp(const std::string& db_path, app::Open mode)
    : m_navigator(std::make_unique<Navigator>()),
      m_layout([this] { return layout_text(); }, [this](std::string_view line) { restore_layout(line); }) {
    open_database(db_path, mode);
}

GuiApp::~GuiApp() {
    m_worker.wait();  // the panels its result lands in go with this app
    m_layout.save_now();
}

std::string GuiApp::layout_text() const {
    std::vector<std::string> open;  // in the order of their tabs
    for (const auto& title : m_layout.tab_order())
        for (const auto& w : m_windows)
            if (w->open && title == w->title()) open.push_back(title);
    for (const auto& w : m_windows)
        if (w->open && std::find(open.begin(), open.end(), w->title()) == open.end()) open.emplace_back(w->title());
    return "Navigator=" + std::to_string(static_cast<int>(navigator_width)) + "\nOpen=" + join(open, "|") +
           "\nFront=" + (m_front ? m_front->title() : "") + "\nView=" + m_view_side + "\nTheme=" + (current_theme() == Theme::dark ? "dark" : "light");
}

void GuiApp::restore_layout(std::string_view line) {
    const auto eq = line.find('=');
    if (eq == std::string_view::npos) return;
    const auto key = line.substr(0, eq);
    const std::string value(line.substr(eq + 1));
    if (key == "Navigator") {
        int width = 0;
        if (parse_int(value, width)) navigator_width = static_cast<float>(std::clamp(width, 120, 1200));
    } else if (key == "Open") {
        const auto titles = split(value, '|');
        for (auto& w : m_windows) w->open = std::find(titles.begin(), titles.end(), w->title()) != titles.end();
        m_layout.set_tab_order(titles);
    } else if (key == "Front") {
        for (auto& w : m_windows)
            if (value == w->title() && w->open) m_bring = w.get();
    } else if (key == "View") {
        m_view_side = value;
    } else if (key == "Theme") {
        apply_theme(value == "dark" ? Theme::dark : Theme::light);
    }
}

void GuiApp::show(Window& window) {
    window.open = true;
    m_bring = &window;
    m_focus_panel = &window;
}

void GuiApp::open_database(const std::string& path, app::Open mode) {
    finish_work();  // what was under way for the file shown lands before it goes
    std::error_code none;
    if (mode == app::Open::existing && !std::filesystem::exists(path, none)) {
        m_status = path + ": no file there; to make a new campaign database there, choose File > New database";
        m_open_path = path;  // File's path holds it, for New database
        if (!m_session) m_model.open("");
        return;  // the file shown stays shown
    }
    std::unique_ptr<app::Session> opened;
    try {
        opened = std::make_unique<app::Session>(path, mode);
    } catch (const std::exception& e) {
        // Refused: the file shown stays shown (none shown: the welcome names why).
        m_status = e.what();
        if (m_session) return;
        m_model.open("");
        return;
    }
    m_session = std::move(opened);
    // Nothing of the file shown before carries over: a player's link made there, what was typed.
    for (auto& w : m_windows) w->forget();
    m_db_path = m_session->db_path();
    m_model.open(m_db_path);
    m_status = "Opened " + m_db_path;
}

// The model the reader has read, taken once it is there: a change is refused (StaleError) if
// another muster writes after what it shows.
void GuiApp::take_model() {
    m_outside = m_model.noticed_outside_change() || m_outside;
    if (m_taken == revision()) return;
    m_taken = revision();
    const auto& journal = seen().journal;
    const std::pair newest{viewer().text(), journal.empty() ? std::int64_t{0} : journal.back().id};
    if (std::exchange(m_outside, false) && (viewer().is_umpire() || (newest.first == m_newest.first && newest.second != m_newest.second)))
        m_status = "The campaign was changed outside this window: showing it as it is now";
    m_newest = newest;
    // Another campaign made current: the panels of one hold nothing of the other (a battle
    // chosen there, a unit typed); the campaigns' own panels keep what they said of the change.
    const auto campaign = model().current ? std::optional(model().current->id) : std::nullopt;
    if (m_campaign && campaign != m_campaign)
        for (auto& w : m_windows)
            if (w->needs_campaign()) w->forget();
    m_campaign = campaign;
    if (model().current && m_session) m_session->seen(model().revision);
}

void GuiApp::start_work(Window& window, std::string what, Work::Job job) { m_worker.start(window, std::move(what), viewer(), ImGui::GetTime(), std::move(job)); }

void GuiApp::finish_work() { m_worker.land(true, viewer()); }

void GuiApp::settle() {
    if (const auto why = m_model.settle(ImGui::GetTime()); !why.empty()) m_status = why;
    take_model();
}

void GuiApp::add_window(std::unique_ptr<Window> window) { m_windows.push_back(std::move(window)); }

void GuiApp::add_action(Action action) { m_actions.push_back(std::move(action)); }

bool GuiApp::runs_in_view(const Action& a) const { return a.effect == Effect::view || a.sides || viewer().is_umpire(); }

bool GuiApp::run(const std::string& id) {
    for (auto& a : m_actions) {
        if (a.id != id) continue;
        std::string& error = a.window ? a.window->error : m_status;
        try {
            if (!m_session && a.needs_database) throw std::runtime_error("no campaign database is open (File > Open)");
            if (!runs_in_view(a)) throw std::runtime_error("this is the umpire's work: choose View > The umpire in the menu bar");
            if (!a.can_run()) throw std::runtime_error(a.label.empty() ? a.id + " cannot run now" : a.label + " cannot run now");
            const std::string said = m_status;
            a.run();
            // What the status bar said was of the last action: an action that said nothing there,
            // and wrote or said its piece in its panel (an export written), takes it away (a
            // campaign created long ago, a refusal since put right, is not news).
            if (m_status == said && (a.effect == Effect::writes || a.window)) m_status.clear();
            if (a.window) a.window->error.clear();
            if (a.effect == Effect::writes) changed();
            return true;
        } catch (const StaleError& e) {
            // Another muster wrote first: show its changes, refuse ours, let the organiser redo.
            error = e.what();
            changed();
            return false;
        } catch (const std::exception& e) {
            // Refusals and failures are shown where the organiser is looking: never a crash.
            error = e.what();
            if (a.window) a.window->note.clear();
            return false;
        }
    }
    m_status = "no action " + id;
    return false;
}

// An action chosen from a menu or by its keys: its panel comes to the front, where what it did or
// why it was refused is shown (run behind another panel, it seemed to do nothing).
void GuiApp::run_in_front(const Action& a) {
    if (a.window) show(*a.window);
    run(a.id);
}

// The first action whose shortcut is pressed, if it can run now (while text is typed, none of the keys that edit it).
void GuiApp::process_shortcuts() {
    const ImGuiIO& io = ImGui::GetIO();
    // A field being typed in keeps the keys its text is edited with (Ctrl+Z undoes the typing,
    // not the campaign); the others (Ctrl+F) work from it too.
    const auto edits_text = [](const Shortcut& k) { return k.ctrl && std::string_view("ACVXYZ").find(static_cast<char>(k.key)) != std::string_view::npos; };
    for (const auto& a : m_actions)
        for (const auto& k : {a.shortcut, a.also})
            if (k.key && !(io.WantTextInput && edits_text(k)) && io.KeyCtrl == k.ctrl && io.KeyShift == k.shift && ImGui::IsKeyPressed(k.key, false)) {
                // Pressed in a side's view, the umpire's work says so (Ctrl+Z did nothing, silently).
                if (!runs_in_view(a) && !a.label.empty()) {
                    m_status = a.label + " is the umpire's work: choose View > The umpire in the menu bar";
                    return;
                }
                if (runs_in_view(a) && a.can_run()) {
                    run_in_front(a);
                    return;
                }
            }
}

// A menu of the actions that name it, each with its words as they stand now.
void GuiApp::actions_menu(const std::string& name) {
    const bool open = ImGui::BeginMenu(name.c_str());
    mark("Menu/" + name);
    if (!open) return;
    for (const auto& a : m_actions) {
        if (a.label.empty() || a.menu != name) continue;
        const auto keys = a.shortcut.text();
        const auto title = std::string(a.icon ? a.icon : "") + (a.icon ? "  " : "") + (a.title ? a.title() : a.label) + "###" + a.id;
        if (ImGui::MenuItem(title.c_str(), keys.empty() ? nullptr : keys.c_str(), a.chosen && a.chosen(), runs_in_view(a) && a.can_run())) run_in_front(a);
        mark("Menu/" + name + "/" + a.id);
    }
    ImGui::EndMenu();
}

void GuiApp::menu() {
    if (!ImGui::BeginMainMenuBar()) return;
    const bool file = ImGui::BeginMenu("File");
    mark("Menu/File");
    if (file) {
        // Enter in the path opens it, as Open does.
        const bool entered = ImGui::InputText("##path", &m_open_path, ImGuiInputTextFlags_EnterReturnsTrue);
        mark("Menu/File/Path");
        ImGui::SameLine();
        // A path mistyped is not a new file made without a word: Open takes one there, New makes one.
        if (ImGui::MenuItem("Open database") || entered) {
            open_database(m_open_path, app::Open::existing);
            if (entered) ImGui::CloseCurrentPopup();
        }
        mark("Menu/File/Open");
        if (ImGui::MenuItem("New database")) open_database(m_open_path, app::Open::create);
        mark("Menu/File/New");
        ImGui::TextDisabled("%s", m_db_path.c_str());
        ImGui::EndMenu();
    }
    actions_menu("Edit");
    const bool panels = ImGui::BeginMenu("Panels");
    mark("Menu/Panels");
    if (panels) {
        for (auto& w : m_windows) {
            if (ImGui::MenuItem(w->title(), nullptr, w->open)) {
                if (w->open && m_front == w.get()) w->open = false;  // ticked and in front: closes it
                else show(*w);
            }
            mark(std::string("Menu/Panels/") + w->title());
        }
        ImGui::EndMenu();
    }
    actions_menu("Actions");
    actions_menu("Look");
    if (model().rules) {
        // Whose view every panel shows: the umpire's, or what a side may read.
        const auto& sides = model().rules->sides;
        const auto viewer = this->viewer();
        const std::string label = "View: " + (viewer.is_umpire() ? std::string("the umpire") : model().rules->find_side(viewer.side())->name) + "###view";
        const bool open = ImGui::BeginMenu(label.c_str());
        mark("Menu/View");
        if (open) {
            if (ImGui::MenuItem("The umpire (everything)", nullptr, viewer.is_umpire())) set_viewer(View::umpire());
            mark("Menu/View/umpire");
            for (const auto& side : sides) {
                if (ImGui::MenuItem(side.name.c_str(), nullptr, viewer.side() == side.id)) set_viewer(View::of_side(side.id));
                mark("Menu/View/" + side.id);
            }
            ImGui::EndMenu();
        }
    }
    ImGui::EndMainMenuBar();
}

View GuiApp::viewer() const {
    if (m_view_side.empty() || !model().rules || !model().rules->find_side(m_view_side)) return View::umpire();
    return View::of_side(m_view_side);
}

void GuiApp::set_viewer(const View& viewer) {
    const std::string side = viewer.is_umpire() ? std::string() : viewer.side();
    if (side == m_view_side) return;
    m_view_side = side;
    // What the panels and the status bar last said was said to the previous view (an undone
    // arrival, a new commander): another view does not read it.
    m_status.clear();
    forget_what_panels_said();
    // Nor what was typed into the navigator's filter: a name searched for in the umpire's view
    // ("No unit's name holds ...") is not shown to a side.
    m_navigator->filter.clear();
}

void GuiApp::forget_what_panels_said() {
    for (auto& w : m_windows) {
        w->note.clear();
        w->error.clear();
    }
}

// Between the menu bar and the status bar: the navigator, a splitter, and the panels as tabs.
void GuiApp::draw_workspace() {
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    const float bar = ImGui::GetFrameHeight();
    ImGui::SetNextWindowPos(ImVec2(vp->Pos.x, vp->Pos.y + bar));
    ImGui::SetNextWindowSize(ImVec2(vp->Size.x, vp->Size.y - 2 * bar - 4));
    const ImGuiWindowFlags fixed = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoBringToFrontOnFocus;
    ImGui::Begin("##workspace", nullptr, fixed);
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    // Its width is kept for 16 px text (px): a HiDPI screen widens it with its words.
    navigator_width = std::clamp(navigator_width, 120.f, std::max(120.f, avail.x / px(1) - 320.f));
    ImGui::BeginChild("##navigator", ImVec2(px(navigator_width), 0), true);
    if (model().current) m_navigator->draw(*this);
    else ImGui::TextDisabled("No campaign chosen.");
    ImGui::EndChild();
    // The splitter: dragged, it gives the navigator more or less of the width.
    ImGui::SameLine(0, 0);
    ImGui::InvisibleButton("##split", ImVec2(px(8), std::max(1.f, avail.y)));
    mark("Workspace/Splitter");
    if (ImGui::IsItemActive()) navigator_width += ImGui::GetIO().MouseDelta.x / px(1);
    if (ImGui::IsItemHovered() || ImGui::IsItemActive()) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    ImGui::GetWindowDrawList()->AddLine(ImVec2((a.x + b.x) / 2, a.y), ImVec2((a.x + b.x) / 2, b.y), ImGui::GetColorU32(ImGuiCol_Separator), 2.f);
    ImGui::SameLine(0, 0);
    ImGui::BeginChild("##panels");
    if (m_next_steps && model().current && viewer().is_umpire()) draw_next_steps();  // the organiser's steps: a side's view has none of them
    m_front = nullptr;
    if (ImGui::BeginTabBar("##tabs", ImGuiTabBarFlags_Reorderable | ImGuiTabBarFlags_FittingPolicyScroll | ImGuiTabBarFlags_TabListPopupButton)) {
        // Submitted in the order the tabs were last seen in (a new tab goes last), so a restored
        // layout opens its tabs in the order they were left in.
        std::vector<Window*> order;
        for (const auto& title : m_layout.tab_order())
            for (auto& w : m_windows)
                if (title == w->title()) order.push_back(w.get());
        for (auto& w : m_windows)
            if (std::find(order.begin(), order.end(), w.get()) == order.end()) order.push_back(w.get());
        for (auto* w : order) {
            if (!w->open) continue;
            const bool front = ImGui::BeginTabItem(w->title(), &w->open, m_bring == w ? ImGuiTabItemFlags_SetSelected : 0);
            // A panel chosen by its tab takes the keyboard, as one brought forward otherwise does.
            if (ImGui::IsItemClicked()) m_focus_panel = w;
            mark(std::string("Tab/") + w->title());
            mark_end(std::string("TabEnd/") + w->title());
            if (!front) continue;
            m_front = w;
            draw_panel(*w);
            ImGui::EndTabItem();
        }
        m_layout.read_tab_order();  // as dragging the tabs left it
        ImGui::EndTabBar();
    }
    m_bring = nullptr;
    if (!m_front) ImGui::TextDisabled("No panel open: open one from the Panels menu, or click a unit in the navigator.");
    ImGui::EndChild();
    ImGui::End();
}

// Over the panels, once a campaign is started: what an organiser does next, each a button that
// opens the panel where it is done.
void GuiApp::draw_next_steps() {
    ImGui::TextColored(palette().done, "%s  What next:", icon::hint);
    const std::pair<const char*, std::string> steps[] = {
        {"Season", std::string(icon::turn) + "  Next turn: the " + model().rules->division_noun() + "s due arrive"},
        {"Battle report", std::string(icon::flag) + "  After a battle: its losses"},
        {"Export", std::string(icon::print) + "  Print each side's papers"},
        {"Players", std::string(icon::players) + "  Give each player his link"}};
    for (const auto& [title, label] : steps) {
        next_on_line(button_width(label.c_str()));
        if (ImGui::Button(label.c_str())) show(window_titled(title));
        mark(std::string("NextSteps/") + title);
    }
    next_on_line(button_width("Got it"));
    if (ImGui::Button("Got it")) m_next_steps = false;
    mark("NextSteps/Close");
    ImGui::Separator();
}

// A panel: its body, then what its last action said (a refusal in red), always in sight, in a
// line kept for it.
void GuiApp::draw_panel(Window& w) {
    const std::string& said = w.error.empty() ? w.note : w.error;
    const std::string working = work() && work()->window == &w ? m_worker.line(viewer(), ImGui::GetTime()) : std::string();
    const float width = ImGui::GetContentRegionAvail().x;
    const ImGuiStyle& style = ImGui::GetStyle();
    const auto height = [&](const std::string& text) { return ImGui::CalcTextSize(text.c_str(), nullptr, false, width).y + 2 * style.ItemSpacing.y + 2; };
    // A line is kept for it though nothing is said: a refusal of one line moves no control (a
    // click aimed at a button below a table would land on another).
    const float foot = std::max(height(" "), (said.empty() ? 0.f : height(said)) + (working.empty() ? 0.f : height(working)));
    // Brought to the front, its body takes the keyboard: Tab goes to its first field (the tab
    // bar, which the click focused, holds none), with no click inside it first.
    if (m_focus_panel == &w) {
        ImGui::SetNextWindowFocus();
        m_focus_panel = nullptr;
    }
    ImGui::BeginChild("##body", ImVec2(0, -foot));
    if (!model().current && w.needs_campaign()) ImGui::TextDisabled("No campaign chosen: make one current in the Campaigns panel.");
    else if (w.umpire_only() && !viewer().is_umpire()) ImGui::TextWrapped("This is the umpire's work: it shows what no side may read. Choose View > The umpire in the menu bar.");
    else w.draw(*this);
    ImGui::EndChild();
    ImGui::PushTextWrapPos(0);
    if (!working.empty()) {
        ImGui::Separator();
        ImGui::TextUnformatted(working.c_str());
        mark(std::string(w.title()) + "/Working");
    }
    if (!said.empty()) {
        ImGui::Separator();
        ImGui::TextColored(w.error.empty() ? palette().done : palette().refused, "%s", said.c_str());
        mark(std::string(w.title()) + "/Said");
    }
    ImGui::PopTextWrapPos();
}

// The status bar: the campaign, its date and turn, whose view, and the last thing said outside a panel.
void GuiApp::draw_status_bar() {
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(ImVec2(vp->Pos.x, vp->Pos.y + vp->Size.y - ImGui::GetFrameHeight() - 4));
    ImGui::SetNextWindowSize(ImVec2(vp->Size.x, ImGui::GetFrameHeight() + 4));
    ImGui::Begin("##status", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoBringToFrontOnFocus);
    // Its parts in a row, a bar between two.
    bool first = true;
    const auto next_part = [&first] {
        if (!first) {
            ImGui::SameLine();
            ImGui::TextUnformatted("|");
            ImGui::SameLine();
        }
        first = false;
    };
    if (const auto& c = model().current) {
        const auto v = viewer();
        const auto* side = v.is_umpire() ? nullptr : model().rules->find_side(v.side());
        next_part();
        ImGui::Text("%s  |  %s %s  |  turn %d  |  %s View: %s", c->name.c_str(), icon::calendar, text_or(c->date, "no date").c_str(),
                    c->turn.number(), icon::view, side ? side->name.c_str() : "the umpire");
        mark("Status/Campaign");
    }
    if (const double now = ImGui::GetTime(); loading() && now - m_model.load_started() > 0.1) {
        // Long work shows it is under way: the frames go on meanwhile.
        next_part();
        ImGui::Text("Reading the campaign %c %.1f s", spin(now), now - m_model.load_started());
        mark("Status/Reading");
    }
    if (work()) {
        next_part();
        ImGui::TextUnformatted(m_worker.line(viewer(), ImGui::GetTime()).c_str());
        mark("Status/Working");
    }
    if (!m_status.empty()) {
        next_part();
        fit_text(m_status);
    }
    ImGui::End();
}

// Between the menu bar and the status bar, the whole window: nothing else to look at yet.
void GuiApp::draw_welcome() {
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    const float bar = ImGui::GetFrameHeight();
    ImGui::SetNextWindowPos(ImVec2(vp->Pos.x, vp->Pos.y + bar));
    ImGui::SetNextWindowSize(ImVec2(vp->Size.x, vp->Size.y - 2 * bar - 4));
    if (ImGui::Begin("Welcome", nullptr, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                                             ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus)) {
        m_welcome->draw(*this);
        if (!m_welcome->error.empty()) ImGui::TextColored(palette().refused, "%s", m_welcome->error.c_str());
    }
    ImGui::End();
}

void GuiApp::frame() {
    clear_marks();
    if (const auto why = m_model.poll(ImGui::GetTime()); !why.empty()) m_status = why;
    take_model();
    m_worker.land(false, viewer());
    process_shortcuts();
    menu();
    if (welcoming()) draw_welcome();
    else draw_workspace();
    draw_status_bar();
    // A change of layout (a tab, the navigator's width, the view) is saved with ImGui's settings.
    m_layout.note(layout_text());
}

}  // namespace muster::gui
