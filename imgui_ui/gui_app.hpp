#pragma once
#include "app/campaign_service.hpp"
#include "window.hpp"

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace muster::gui {

/// A named action: the menu, a shortcut, a button and a test all run the same one.
struct Action {
    std::string id;        ///< "arrival.accept"
    std::string label;     ///< for the menu
    std::string shortcut;  ///< shown in the menu ("Ctrl+Z"); empty: none
    Window* window;        ///< where its error is shown; nullptr: the status bar
    std::function<void()> run;
};

/// The application: the campaign service, the windows, the actions, the menu.
class GuiApp {
public:
    /// Opens (creating if needed) the campaign database; a refusal is shown, not thrown.
    explicit GuiApp(const std::string& db_path);

    /// Draws one frame of the whole UI: menu bar, shortcuts, open windows, status bar.
    void frame();

    void add_window(std::unique_ptr<Window> window);
    /// The window of a type (each is registered once).
    template <class T>
    T& window() {
        for (auto& w : m_windows)
            if (auto* t = dynamic_cast<T*>(w.get())) return *t;
        throw std::logic_error("window not registered");
    }
    /// The window with this title.
    Window& window_titled(std::string_view title) {
        for (auto& w : m_windows)
            if (title == w->title()) return *w;
        throw std::logic_error("no window titled " + std::string(title));
    }
    void add_action(Action action);
    /// Runs an action by id; a refusal goes to its window (or the status bar). True if it ran.
    bool run(const std::string& id);
    const std::vector<Action>& actions() const { return m_actions; }

    /// The service, or nullptr when no database could be opened.
    app::CampaignService* service() { return m_service.get(); }
    /// Opens another database file (File > Open).
    void open_database(const std::string& path);
    const std::string& db_path() const { return m_db_path; }
    /// Bumped after every change: windows reload what they show when it moves.
    int revision() const { return m_revision; }
    void changed() {
        ++m_revision;
        m_seen = -1;  // look at the database again before the next frame
    }
    const std::string& status() const { return m_status; }
    void set_status(std::string s) { m_status = std::move(s); }

private:
    void menu();
    std::unique_ptr<app::CampaignService> m_service;
    std::string m_db_path;
    std::vector<std::unique_ptr<Window>> m_windows;
    std::vector<Action> m_actions;
    std::string m_status;
    void notice_outside_changes();
    std::string m_open_path;
    int m_revision = 0;
    std::int64_t m_seen = -1;   // the newest journal entry the windows show
    double m_last_look = 0;     // when the database was last asked for it
};

/// Text laid out in columns (a rule set's table, a roll log), in the monospaced font.
void columns_text(const std::string& text);

/// Every window and action, registered in one place.
void register_windows(GuiApp& app);

}  // namespace muster::gui
