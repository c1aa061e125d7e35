#pragma once
#include "action.hpp"
#include "app/model.hpp"
#include "app/session.hpp"
#include "layout.hpp"
#include "model_reader.hpp"
#include "window.hpp"
#include "worker.hpp"

#include <atomic>
#include <cstdint>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace muster::gui {

class Navigator;

/// The application: the session the actions write through, and the workspace each frame draws
/// (menu bar, navigator, the panels as tabs, status bar). Its other jobs are parts of their own:
/// the model's reader (model_reader.hpp), long work (worker.hpp), the layout kept between runs
/// (layout.hpp), the actions as data (action.hpp, registry.cpp). Panels read only the model;
/// they change the campaign only through actions.
class GuiApp {
public:
    /// Opens the campaign database (`mode`: one named by the person is `existing`, refused where
    /// there is none; the user's default one is made on first use); a refusal is shown, not
    /// thrown. The workspace's layout is kept in ImGui's settings file (when the platform keeps one).
    explicit GuiApp(const std::string& db_path, app::Open mode = app::Open::create);
    ~GuiApp();
    GuiApp(const GuiApp&) = delete;
    GuiApp& operator=(const GuiApp&) = delete;

    /// Draws one frame of the whole UI: menu bar, shortcuts, navigator, panels, status bar.
    void frame();

    void add_window(std::unique_ptr<Window> window);
    /// Opens a panel's tab and brings it to the front.
    void show(Window& window);
    /// Shows a strip over the panels saying what to do next (after a campaign is started), until
    /// the organiser closes it.
    void offer_next_steps() { m_next_steps = true; }
    bool offering_next_steps() const { return m_next_steps; }
    /// The panel whose tab is in front (nullptr: none open).
    Window* front() const { return m_front; }
    Navigator& navigator() { return *m_navigator; }
    /// The panel that fills the window while there is no campaign to show (no database, or
    /// none in it): the other windows wait until there is one.
    void set_welcome(std::unique_ptr<Window> welcome) { m_welcome = std::move(welcome); }
    /// Whether the welcome is what this frame shows.
    bool welcoming() const { return m_welcome && (!m_session || (m_model.read_once() && model().campaigns.empty())); }
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
    /// Whether the action may run in the view shown: one that writes, in a side's view, only
    /// where it is that side's own act (Action::sides).
    bool runs_in_view(const Action& action) const;
    /// Runs an action by id; a refusal goes to its window (or the status bar). An action that
    /// writes has the model read anew. True if it ran.
    bool run(const std::string& id);
    const std::vector<Action>& actions() const { return m_actions; }

    /// The session, or nullptr when no database could be opened. For actions, not for draw().
    app::Session* session() { return m_session.get(); }
    /// The connection the model is read through (on a worker thread), or nullptr.
    const app::Session* reader() const { return m_model.session(); }
    /// What the windows draw: the campaign as of its last change, read in one transaction.
    const app::CampaignModel& model() const { return m_model.model(); }
    /// Whose view every panel shows: the umpire's or a side's, chosen once in the menu bar.
    View viewer() const;
    /// Chooses the view (a side the rule set does not have: the umpire's).
    void set_viewer(const View& viewer);
    /// What that viewer may read of the model.
    const app::SeenModel& seen() const { return model().seen_by(viewer()); }
    /// Opens another database file: one there (File > Open database), or made where there is
    /// none (File > New database, the welcome's path, the file the program starts with).
    void open_database(const std::string& path, app::Open mode = app::Open::create);
    const std::string& db_path() const { return m_db_path; }
    /// Bumped whenever the model is read anew: windows rebuild what they derive from it.
    int revision() const { return m_model.revision(); }
    /// What the panels show, as a number that changes when the model is read anew or the view
    /// changes (a table then fits its columns to its entries again).
    std::size_t shown() const { return std::hash<std::string>{}(m_view_side) * 31 + static_cast<std::size_t>(revision()); }
    /// The campaign changed (or may have): the model is read anew, on a worker thread with its
    /// own connection; the frames go on drawing the model as it was until the new one lands.
    void changed() { m_model.changed(); }
    /// Whether the model is being read anew.
    bool loading() const { return m_model.loading(); }
    /// Starts reading the model if it is stale and waits for it (the GUI tests: a person waits
    /// for the screen to show what they did).
    void settle();
    /// Starts long work for a panel (one piece at a time: refused while another runs). Its
    /// panel's note and error are cleared; a refusal from the job lands in its error.
    void start_work(Window& window, std::string what, Work::Job job);
    /// The work under way (nullptr: none).
    const Work* work() const { return m_worker.work(); }
    /// Waits for the work under way and shows its result (the GUI tests, and closing).
    void finish_work();
    const std::string& status() const { return m_status; }
    /// The path in File's field, for Open and New database.
    const std::string& open_path() const { return m_open_path; }
    void set_status(std::string s) { m_status = std::move(s); }
    /// Clears what every panel last said (its note and its refusal): said of a campaign that is
    /// no more as it was (an undo, a redo), or to another view.
    void forget_what_panels_said();

    /// The workspace's layout as kept in the settings file (one "key=value" a line).
    std::string layout_text() const;
    /// Restores a layout line read from the settings file; unknown keys and panels are ignored.
    void restore_layout(std::string_view line);
    float navigator_width = 300;  ///< in pixels of 16 px text (px): wider on a HiDPI screen

private:
    void run_in_front(const Action& action);
    void menu();
    void process_shortcuts();
    void actions_menu(const std::string& name);
    void take_model();
    void draw_workspace();
    void draw_panel(Window& w);
    void draw_next_steps();
    void draw_welcome();
    void draw_status_bar();
    std::unique_ptr<app::Session> m_session;
    ModelReader m_model;
    int m_taken = -1;  // the model revision the session was last told of
    // Another muster's change noticed, told once the model it brings is taken, and to a side's
    // view only where its journal grew (a change to what it may not read is not news to it).
    bool m_outside = false;
    std::pair<std::string, std::int64_t> m_newest{"", -1};  // the view, and the newest entry it read
    std::optional<std::int64_t> m_campaign;  // the campaign the panels hold what was typed and chosen of
    Worker m_worker;
    std::string m_db_path;
    std::vector<std::unique_ptr<Window>> m_windows;
    std::unique_ptr<Window> m_welcome;
    std::vector<Action> m_actions;
    std::string m_status;
    std::string m_open_path;
    std::string m_view_side;  // empty: the umpire
    std::unique_ptr<Navigator> m_navigator;
    Window* m_front = nullptr;
    Window* m_bring = nullptr;  // brought to the front in the next frame
    Window* m_focus_panel = nullptr;  // brought to the front: its body takes the keyboard as it is next drawn
    bool m_next_steps = false;
    Layout m_layout;            // constructed last: it reads the panels' titles
};

/// Text laid out in columns (a rule set's table, a roll log), in the monospaced font.
void columns_text(const std::string& text);

/// Every window and action, registered in one place.
void register_windows(GuiApp& app);

}  // namespace muster::gui
