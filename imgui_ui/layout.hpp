#pragma once
// The workspace's layout, kept between runs in ImGui's settings file ([Muster][Workspace]): the
// tabs open and their order on screen, the one in front, the navigator's width, the view.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace muster::gui {

class Window;

class Layout {
public:
    /// Registers the layout with ImGui's settings (if there is a context): `write` gives the
    /// entry's text when the file is saved, `read` takes each of its lines when it is read.
    Layout(std::function<std::string()> write, std::function<void(std::string_view line)> read);
    ~Layout();
    Layout(const Layout&) = delete;
    Layout& operator=(const Layout&) = delete;

    /// Saves the settings now, while the panels it names are there; ImGui then forgets this
    /// layout (it does not save again when its context ends).
    void save_now();
    /// Marks the settings to be saved when the layout's text has changed since the last frame.
    void note(const std::string& text);

    /// The tab bar being drawn: the tabs' order on screen, as dragging them left it (ImGui 1.86
    /// keeps it only with docking, so it is read from the bar and kept here).
    void read_tab_order();
    const std::vector<std::string>& tab_order() const { return m_tab_order; }
    void set_tab_order(std::vector<std::string> order) { m_tab_order = std::move(order); }

private:
    std::function<std::string()> m_write;
    std::function<void(std::string_view)> m_read;
    std::vector<std::string> m_tab_order;
    std::string m_last;  // as last kept
};

}  // namespace muster::gui
