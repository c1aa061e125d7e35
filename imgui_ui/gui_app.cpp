#include "gui_app.hpp"

#include "app/forces.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "navigator.hpp"
#include "platform.hpp"
#include "test_hooks.hpp"

#include <imgui.h>
#include <imgui_internal.h>  // ImGuiSettingsHandler: the workspace's layout in ImGui's settings file
#include <imgui_stdlib.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <utility>

namespace muster::gui {

void columns_text(const std::string& text) {
    ImFont* mono = mono_font();
    if (mono) ImGui::PushFont(mono);
    ImGui::TextUnformatted(text.c_str());
    if (mono) ImGui::PopFont();
}

namespace {

// A turning bar: long work is under way.
char spin() { return "|/-\\"[static_cast<int>(ImGui::GetTime() * 8) % 4]; }
constexpr const char* k_settings = "Muster";

// The workspace's layout is one entry of ImGui's settings file: [Muster][Workspace].
void keep_layout(GuiApp* app) {
    ImGuiSettingsHandler h;
    h.TypeName = k_settings;
    h.TypeHash = ImHashStr(k_settings);
    h.UserData = app;
    h.ReadOpenFn = [](ImGuiContext*, ImGuiSettingsHandler* self, const char* name) -> void* {
        return std::strcmp(name, "Workspace") == 0 ? self->UserData : nullptr;
    };
    h.ReadLineFn = [](ImGuiContext*, ImGuiSettingsHandler*, void* entry, const char* line) { static_cast<GuiApp*>(entry)->restore_layout(line); };
    h.WriteAllFn = [](ImGuiContext*, ImGuiSettingsHandler* self, ImGuiTextBuffer* out) {
        out->appendf("[%s][Workspace]\n%s\n", k_settings, static_cast<GuiApp*>(self->UserData)->layout().c_str());
    };
    ImGui::GetCurrentContext()->SettingsHandlers.push_back(h);
}
}  // namespace

GuiApp::GuiApp(const std::string& db_path) : m_navigator(std::make_unique<Navigator>()) {
    if (ImGui::GetCurrentContext()) keep_layout(this);
    open_database(db_path);
}

GuiApp::~GuiApp() {
    if (m_loading.valid()) m_loading.wait();  // the worker's reader is not closed under it
    if (m_looking.valid()) m_looking.wait();
    if (m_work) m_work->landing.wait();       // nor the panels its result lands in
    ImGuiContext* ctx = ImGui::GetCurrentContext();
    if (!ctx) return;
    // Saved now, while the panels it names are here; then ImGui forgets this app, and does not
    // save again when its context ends (that would write the file without the workspace).
    if (ImGuiIO& io = ImGui::GetIO(); io.IniFilename) {
        ImGui::SaveIniSettingsToDisk(io.IniFilename);
        io.IniFilename = nullptr;
    }
    auto& handlers = ctx->SettingsHandlers;
    handlers.erase(std::remove_if(handlers.begin(), handlers.end(), [this](const ImGuiSettingsHandler& h) { return h.UserData == this; }),
                   handlers.end());
}

std::string GuiApp::layout() const {
    std::vector<std::string> open;  // in the order of their tabs
    for (const auto& title : m_tab_order)
        for (const auto& w : m_windows)
            if (w->open && title == w->title()) open.push_back(title);
    for (const auto& w : m_windows)
        if (w->open && std::find(open.begin(), open.end(), w->title()) == open.end()) open.emplace_back(w->title());
    return "Navigator=" + std::to_string(static_cast<int>(navigator_width)) + "\nOpen=" + join(open, "|") +
           "\nFront=" + (m_front ? m_front->title() : "") + "\nView=" + m_view_side;
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
        m_tab_order.assign(titles.begin(), titles.end());
    } else if (key == "Front") {
        for (auto& w : m_windows)
            if (value == w->title() && w->open) m_bring = w.get();
    } else if (key == "View") {
        m_view_side = value;
    }
}

void GuiApp::show(Window& window) {
    window.open = true;
    m_bring = &window;
}

const army::OrderOfBattle& GuiApp::seen_oob() const { return viewer().is_umpire() ? m_model.oob : seen().oob; }

void GuiApp::open_database(const std::string& path) {
    finish_work();  // what was under way for the file shown lands before it goes
    if (m_loading.valid()) m_loading.wait();  // the reader is not closed under a read
    if (m_looking.valid()) m_looking.wait();
    m_looking = {};
    m_loading = {};
    m_reader.reset();
    try {
        m_session = std::make_unique<app::Session>(path, app::Open::create);
        m_db_path = m_session->db_path();
        m_reader = std::make_unique<app::Session>(m_db_path, app::Open::existing);
        m_status = "Opened " + m_db_path;
    } catch (const std::exception& e) {
        m_session.reset();
        m_reader.reset();
        m_status = e.what();
    }
    // Nothing of the file shown before stays on screen.
    m_model = {};
    m_read_once = !m_session;
    ++m_revision;
    changed();
}

// The one place the panels' campaign is read: in one read transaction, after a change, on a
// worker thread through the reader's own connection (SQLite in WAL mode: the writer is not held).
void GuiApp::reload() {
    if (m_loading.valid()) return;  // one read at a time: a change meanwhile reads again after it
    m_stale = false;
    if (!m_reader) {
        m_model = {};
        ++m_revision;
        return;
    }
    // The reader does one thing at a time; this read supersedes a look under way.
    if (m_looking.valid()) m_looking.wait();
    m_looking = {};
    m_load_started = ImGui::GetTime();
    m_loading = std::async(std::launch::async, [reader = m_reader.get()] { return app::load_model(*reader); });
}

// The model read on the worker, once it is there (or, `wait`, when it is).
void GuiApp::take_model(bool wait) {
    if (!m_loading.valid()) return;
    if (!wait && m_loading.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
    try {
        // The model shown until now is freed on a worker: at 5,000 divisions that is thousands
        // of allocations a frame need not wait for.
        auto old = std::exchange(m_model, m_loading.get());
        m_retired = std::async(std::launch::async, [old = std::move(old)]() mutable { old = {}; });
        m_read_once = true;
        ++m_revision;
        // A change is refused (StaleError) if another muster writes after what the model shows.
        if (m_model.current) m_session->seen(m_model.revision);
    } catch (const std::exception& e) {
        // The file cannot be read now (busy, damaged): keep showing what was read last, say
        // why, and try again in a second. A change made meanwhile is refused as stale.
        m_status = e.what();
        m_stale = true;
        m_retry_at = ImGui::GetTime() + 1.0;
    }
}

void GuiApp::start_work(Window& window, std::string what, Work::Job job) {
    if (m_work) throw UsageError(m_work->what + " is still under way: wait for it before starting more");
    window.note.clear();
    window.error.clear();
    auto done = std::make_shared<std::atomic<std::uint64_t>>(0);
    auto landing = std::async(std::launch::async, [job = std::move(job), done] {
        wait_while_work_held();
        return job(*done);
    });
    m_work = Work{std::move(what), &window, viewer(), ImGui::GetTime(), std::move(done), std::move(landing)};
}

// The work's result shown in its panel once it is over (or, `wait`, when it is).
void GuiApp::land_work(bool wait) {
    if (!m_work) return;
    if (!wait && m_work->landing.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
    Work work = std::move(*m_work);
    m_work.reset();
    try {
        work.landing.get()();
    } catch (const std::exception& e) {
        work.window->error = e.what();
    }
    // What it wrote (its size says how much there is) is not told to a view it was not started in.
    if (!(work.viewer == viewer())) {
        work.window->note = work.what + ": done, in the view it was started in";
        work.window->error.clear();
    }
}

void GuiApp::finish_work() { land_work(true); }

// "Writing oob.pdf / 1.2 MB, 3.1 s": what the work is, how far it has got, how long it has run.
std::string GuiApp::work_line() const {
    const double bytes = m_work->viewer == viewer() ? static_cast<double>(m_work->done->load()) : 0, seconds = ImGui::GetTime() - m_work->started;
    char line[64];
    if (bytes >= 1 << 20) std::snprintf(line, sizeof line, " %c %.1f MB, %.1f s", spin(), bytes / (1 << 20), seconds);
    else if (bytes > 0) std::snprintf(line, sizeof line, " %c %.0f KB, %.1f s", spin(), bytes / (1 << 10), seconds);
    else std::snprintf(line, sizeof line, " %c %.1f s", spin(), seconds);
    return m_work->what + line;
}

void GuiApp::settle() {
    if (m_stale && ImGui::GetTime() >= m_retry_at) reload();
    take_model(true);
}

void GuiApp::add_window(std::unique_ptr<Window> window) { m_windows.push_back(std::move(window)); }

void GuiApp::add_action(Action action) { m_actions.push_back(std::move(action)); }

bool GuiApp::run(const std::string& id) {
    for (auto& a : m_actions) {
        if (a.id != id) continue;
        std::string& error = a.window ? a.window->error : m_status;
        try {
            if (!m_session && id.rfind("window.", 0) != 0 && id != "welcome.open")
                throw std::runtime_error("no campaign database is open (File > Open)");
            a.run();
            if (a.window) a.window->error.clear();
            changed();
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

void GuiApp::menu() {
    if (!ImGui::BeginMainMenuBar()) return;
    if (ImGui::BeginMenu("File")) {
        ImGui::InputText("##path", &m_open_path);
        ImGui::SameLine();
        if (ImGui::MenuItem("Open database")) open_database(m_open_path);
        ImGui::TextDisabled("%s", m_db_path.c_str());
        ImGui::EndMenu();
    }
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
    if (ImGui::BeginMenu("Actions")) {
        for (const auto& a : m_actions)
            if (!a.label.empty() && ImGui::MenuItem(a.label.c_str(), a.shortcut.empty() ? nullptr : a.shortcut.c_str())) run(a.id);
        ImGui::EndMenu();
    }
    if (m_model.rules) {
        // Whose view every panel shows: the umpire's, or what a side may read.
        const auto& sides = m_model.rules->sides;
        const auto viewer = this->viewer();
        const std::string label = "View: " + (viewer.is_umpire() ? std::string("the umpire") : m_model.rules->find_side(viewer.side())->name) + "###view";
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
    if (m_view_side.empty() || !m_model.rules || !m_model.rules->find_side(m_view_side)) return View::umpire();
    return View::of_side(m_view_side);
}

void GuiApp::set_viewer(const View& viewer) {
    const std::string side = viewer.is_umpire() ? std::string() : viewer.side();
    if (side == m_view_side) return;
    m_view_side = side;
    // What the panels and the status bar last said was said to the previous view (an undone
    // arrival, a new commander): another view does not read it.
    m_status.clear();
    for (auto& w : m_windows) {
        w->note.clear();
        w->error.clear();
    }
}

// The windows show the campaign as of one journal entry. Once a second the reader asks, on a
// worker, for the newest: another muster (the CLI, another GUI) may have written since; if so,
// the model is read anew. The answer is taken in a later frame; none is asked while the model
// is being read (that read shows the change). Between looks, the store refuses a change made
// on what is no longer there (StaleError).
void GuiApp::notice_outside_changes() {
    if (!m_reader || !m_model.current) return;
    if (m_looking.valid()) {
        if (m_looking.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
        try {
            if (m_looking.get() != m_model.revision && !m_stale && !m_loading.valid()) {
                m_status = "The campaign was changed outside this window: showing it as it is now";
                changed();
            }
        } catch (const std::exception&) {
            // The file is busy: look again next second.
        }
        return;
    }
    const double now = ImGui::GetTime();
    if ((m_last_look >= 0 && now - m_last_look < 1.0) || m_loading.valid()) return;
    m_last_look = now;
    m_looking = std::async(std::launch::async, [reader = m_reader.get()] { return reader->last_operation(); });
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
    navigator_width = std::clamp(navigator_width, 120.f, std::max(120.f, avail.x - 320.f));
    ImGui::BeginChild("##navigator", ImVec2(navigator_width, 0), true);
    if (m_model.current) m_navigator->draw(*this);
    else ImGui::TextDisabled("No campaign chosen.");
    ImGui::EndChild();
    // The splitter: dragged, it gives the navigator more or less of the width.
    ImGui::SameLine(0, 0);
    ImGui::InvisibleButton("##split", ImVec2(8, std::max(1.f, avail.y)));
    mark("Workspace/Splitter");
    if (ImGui::IsItemActive()) navigator_width += ImGui::GetIO().MouseDelta.x;
    if (ImGui::IsItemHovered() || ImGui::IsItemActive()) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    ImGui::GetWindowDrawList()->AddLine(ImVec2((a.x + b.x) / 2, a.y), ImVec2((a.x + b.x) / 2, b.y), ImGui::GetColorU32(ImGuiCol_Separator), 2.f);
    ImGui::SameLine(0, 0);
    ImGui::BeginChild("##panels");
    m_front = nullptr;
    if (ImGui::BeginTabBar("##tabs", ImGuiTabBarFlags_Reorderable | ImGuiTabBarFlags_FittingPolicyScroll | ImGuiTabBarFlags_TabListPopupButton)) {
        // Submitted in the order the tabs were last seen in (a new tab goes last), so a restored
        // layout opens its tabs in the order they were left in.
        std::vector<Window*> order;
        for (const auto& title : m_tab_order)
            for (auto& w : m_windows)
                if (title == w->title()) order.push_back(w.get());
        for (auto& w : m_windows)
            if (std::find(order.begin(), order.end(), w.get()) == order.end()) order.push_back(w.get());
        for (auto* w : order) {
            if (!w->open) continue;
            const bool front = ImGui::BeginTabItem(w->title(), &w->open, m_bring == w ? ImGuiTabItemFlags_SetSelected : 0);
            mark(std::string("Tab/") + w->title());
            if (!front) continue;
            m_front = w;
            draw_panel(*w);
            ImGui::EndTabItem();
        }
        // The order on screen, as dragging the tabs left it.
        const ImGuiTabBar* bar = ImGui::GetCurrentContext()->CurrentTabBar;
        m_tab_order.clear();
        for (const auto& tab : bar->Tabs) m_tab_order.emplace_back(bar->GetTabName(&tab));
        ImGui::EndTabBar();
    }
    m_bring = nullptr;
    if (!m_front) ImGui::TextDisabled("No panel open: open one from the Panels menu, or click a unit in the navigator.");
    ImGui::EndChild();
    ImGui::End();
}

// A panel: its body, then what its last action said (a refusal in red), always in sight.
void GuiApp::draw_panel(Window& w) {
    const std::string& said = w.error.empty() ? w.note : w.error;
    const std::string working = m_work && m_work->window == &w ? work_line() : std::string();
    const float width = ImGui::GetContentRegionAvail().x;
    const ImGuiStyle& style = ImGui::GetStyle();
    const auto height = [&](const std::string& text) { return ImGui::CalcTextSize(text.c_str(), nullptr, false, width).y + 2 * style.ItemSpacing.y + 2; };
    const float foot = (said.empty() ? 0.f : height(said)) + (working.empty() ? 0.f : height(working));
    ImGui::BeginChild("##body", ImVec2(0, -foot));
    if (!m_model.current && w.needs_campaign()) ImGui::TextDisabled("No campaign chosen: make one current in the Campaigns panel.");
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
        ImGui::TextColored(w.error.empty() ? ImVec4(0.05f, 0.45f, 0.1f, 1) : ImVec4(0.75f, 0.05f, 0.05f, 1), "%s", said.c_str());
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
    if (const auto& c = m_model.current) {
        const auto v = viewer();
        const auto* side = v.is_umpire() ? nullptr : m_model.rules->find_side(v.side());
        ImGui::Text("%s  |  %s  |  turn %d  |  View: %s  |", c->name.c_str(), text_or(c->date, "no date").c_str(), c->turn.number(),
                    side ? side->name.c_str() : "the umpire");
        mark("Status/Campaign");
        ImGui::SameLine();
    }
    if (m_loading.valid() && ImGui::GetTime() - m_load_started > 0.1) {
        // Long work shows it is under way: the frames go on meanwhile.
        ImGui::Text("Reading the campaign %c %.1f s  |", spin(), ImGui::GetTime() - m_load_started);
        mark("Status/Reading");
        ImGui::SameLine();
    }
    if (m_work) {
        ImGui::Text("%s  |", work_line().c_str());
        mark("Status/Working");
        ImGui::SameLine();
    }
    ImGui::TextUnformatted(m_status.c_str());
    if (ImGui::IsItemHovered() && ImGui::GetItemRectMax().x > ImGui::GetWindowPos().x + ImGui::GetWindowWidth())
        ImGui::SetTooltip("%s", m_status.c_str());  // cut at the window's edge: read whole on hover
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
        if (!m_welcome->error.empty()) ImGui::TextColored(ImVec4(0.75f, 0.05f, 0.05f, 1), "%s", m_welcome->error.c_str());
    }
    ImGui::End();
}

void GuiApp::frame() {
    clear_marks();
    notice_outside_changes();
    if (m_stale && ImGui::GetTime() >= m_retry_at) reload();
    take_model(false);
    land_work(false);
    const ImGuiIO& io = ImGui::GetIO();
    if (io.KeyCtrl && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Z), false) && !io.WantTextInput) run("undo");
    menu();
    if (welcoming()) draw_welcome();
    else draw_workspace();
    draw_status_bar();
    // A change of layout (a tab, the navigator's width, the view) is saved with ImGui's settings.
    if (auto now = layout(); now != m_layout) {
        m_layout = std::move(now);
        ImGui::MarkIniSettingsDirty();
    }
}

}  // namespace muster::gui
