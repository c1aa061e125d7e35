#include "gui_app.hpp"

#include "platform.hpp"
#include "test_hooks.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <ctime>

namespace muster::gui {
namespace {
double thread_cpu_ms() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}
}  // namespace

void columns_text(const std::string& text) {
    ImFont* mono = mono_font();
    if (mono) ImGui::PushFont(mono);
    ImGui::TextUnformatted(text.c_str());
    if (mono) ImGui::PopFont();
}

GuiApp::GuiApp(const std::string& db_path) { open_database(db_path); }

void GuiApp::open_database(const std::string& path) {
    try {
        m_session = std::make_unique<app::Session>(path, true);
        m_db_path = m_session->db_path();
        m_status = "Opened " + m_db_path;
    } catch (const std::exception& e) {
        m_session.reset();
        m_status = e.what();
    }
    // Nothing of the file shown before stays on screen.
    m_model = {};
    ++m_revision;
    changed();
}

// The one place the windows' campaign is read: in one read transaction, after a change.
void GuiApp::reload() {
    try {
        m_model = m_session ? app::load_model(*m_session) : app::CampaignModel{};
        m_stale = false;
        ++m_revision;
        // A change is refused (StaleError) if another muster writes after what the model shows.
        if (m_model.current) m_session->seen(m_model.revision);
    } catch (const std::exception& e) {
        // The file cannot be read now (busy, damaged): keep showing what was read last, say
        // why, and try again in a second. A change made meanwhile is refused as stale.
        m_status = e.what();
        m_retry_at = ImGui::GetTime() + 1.0;
    }
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
    if (ImGui::BeginMenu("Windows")) {
        for (auto& w : m_windows) ImGui::MenuItem(w->title(), nullptr, &w->open);
        ImGui::EndMenu();
    }
    if (ImGui::BeginMenu("Actions")) {
        for (const auto& a : m_actions)
            if (!a.label.empty() && ImGui::MenuItem(a.label.c_str(), a.shortcut.empty() ? nullptr : a.shortcut.c_str())) run(a.id);
        ImGui::EndMenu();
    }
    if (m_session) ImGui::TextDisabled("| %s", m_model.current ? m_model.current->name.c_str() : "no campaign yet");
    if (m_model.rules) {
        // Whose view the journal and prisoners windows show: the umpire's, or what a side may read.
        const auto& sides = m_model.rules->sides;
        const auto viewer = this->viewer();
        const std::string label = "View: " + (viewer.is_umpire() ? std::string("the umpire") : m_model.rules->find_side(viewer.side())->name) + "###view";
        const bool open = ImGui::BeginMenu(label.c_str());
        mark("Menu/View");
        if (open) {
            if (ImGui::MenuItem("The umpire (everything)", nullptr, viewer.is_umpire())) m_viewer = 0;
            mark("Menu/View/umpire");
            for (size_t i = 0; i < sides.size(); ++i) {
                if (ImGui::MenuItem(sides[i].name.c_str(), nullptr, viewer.side() == sides[i].id)) m_viewer = static_cast<int>(i) + 1;
                mark("Menu/View/" + sides[i].id);
            }
            ImGui::EndMenu();
        }
    }
    ImGui::EndMainMenuBar();
}

View GuiApp::viewer() const {
    if (m_viewer <= 0 || !m_model.rules || m_viewer > static_cast<int>(m_model.rules->sides.size())) return View::umpire();
    return View::of_side(m_model.rules->sides[static_cast<size_t>(m_viewer - 1)].id);
}

// The windows show the campaign as of one journal entry. Once a second, ask whether another
// muster (the CLI, another GUI) has written since; if so, read the model anew. Between looks,
// the store refuses a change made on what is no longer there (StaleError).
void GuiApp::notice_outside_changes() {
    if (!m_session || !m_model.current) return;
    const double now = ImGui::GetTime();
    if (m_last_look >= 0 && now - m_last_look < 1.0) return;
    m_last_look = now;
    try {
        if (m_session->last_operation() != m_model.revision) {
            m_status = "The campaign was changed outside this window: showing it as it is now";
            changed();
        }
    } catch (const std::exception&) {
        // The file is busy: look again next second.
    }
}

void GuiApp::draw_windows() {
    for (size_t i = 0; i < m_windows.size(); ++i) {
        auto& w = m_windows[i];
        if (!w->open) continue;
        const double started = thread_cpu_ms();
        // First use: cascade the windows so none hides another entirely.
        ImGui::SetNextWindowPos(ImVec2(20.f + 36.f * static_cast<float>(i), 36.f + 28.f * static_cast<float>(i)), ImGuiCond_FirstUseEver);
        ImGui::SetNextWindowSize(ImVec2(820, 560), ImGuiCond_FirstUseEver);
        if (ImGui::Begin(w->title(), &w->open)) {
            if (!m_model.current && w->needs_campaign()) ImGui::TextDisabled("No campaign chosen: make one current in the Campaigns window.");
            else w->draw(*this);
            if (!w->error.empty()) ImGui::TextColored(ImVec4(0.75f, 0.05f, 0.05f, 1), "%s", w->error.c_str());
            else if (!w->note.empty()) ImGui::TextColored(ImVec4(0.05f, 0.45f, 0.1f, 1), "%s", w->note.c_str());
        }
        ImGui::End();
        w->draw_cpu_ms = thread_cpu_ms() - started;
    }
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
    const ImGuiIO& io = ImGui::GetIO();
    if (io.KeyCtrl && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Z), false) && !io.WantTextInput) run("undo");
    menu();
    if (welcoming()) draw_welcome();
    else draw_windows();
    // The status bar: the last thing said outside a window.
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(ImVec2(vp->Pos.x, vp->Pos.y + vp->Size.y - ImGui::GetFrameHeight() - 4));
    ImGui::SetNextWindowSize(ImVec2(vp->Size.x, ImGui::GetFrameHeight() + 4));
    ImGui::Begin("##status", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoBringToFrontOnFocus);
    ImGui::TextUnformatted(m_status.c_str());
    ImGui::End();
}

}  // namespace muster::gui
