#pragma once
// Drives the real muster-gui windows: frames, mouse clicks on marked items, typed text,
// Ctrl+Z, screenshots. The input goes through ImGui's IO like a person's would.
#include "gui_app.hpp"
#include "platform.hpp"
#include "test_hooks.hpp"

#include <imgui.h>

#include <optional>
#include <string>
#include <vector>

namespace muster::test {

class Driver {
public:
    explicit Driver(const std::string& db) : platform({1280, 800, "muster test", ""}), app(db) { gui::register_windows(app); }

    void frame(const std::string& png = {}) {
        platform.begin_frame([this](ImGuiIO& io) {
            if (m_mouse) io.MousePos = *m_mouse;
            io.MouseDown[0] = m_down;
            for (unsigned c : m_chars) io.AddInputCharacter(c);
            m_chars.clear();
            io.KeyCtrl = m_ctrl;
            io.KeysDown[io.KeyMap[ImGuiKey_Z]] = m_z;
            io.KeysDown[io.KeyMap[ImGuiKey_Enter]] = m_enter;
        });
        app.frame();
        platform.end_frame(png);
    }
    void frames(int n) {
        for (int i = 0; i < n; ++i) frame();
    }
    /// Only this window open, so nothing covers what the test clicks.
    template <class T>
    T& show() {
        for (const char* title : {"Campaigns", "Order of battle", "Arrival", "Battle report", "Prisoners", "Export", "Tables", "Table side", "Journal"})
            close(title);
        auto& w = app.window<T>();
        w.open = true;
        frames(3);
        return w;
    }
    void close(const char* title) {
        app.run(std::string("window.") + title);  // opens it...
        for (const auto& a : app.actions())
            if (a.id == std::string("window.") + title) (void)a;
        set_open(title, false);
    }
    /// A click: hover, press, release on the marked item.
    bool click(const std::string& mark) {
        frames(2);
        const auto at = gui::marked(mark);
        if (!at) return false;
        m_mouse = *at;
        frame();
        m_down = true;
        frame();
        m_down = false;
        frame();
        return true;
    }
    void type(const std::string& text) {
        for (unsigned char c : text) m_chars.push_back(c);
        frame();
    }
    void press_enter() {
        m_enter = true;
        frame();
        m_enter = false;
        frame();
    }
    void ctrl_z() {
        m_mouse = ImVec2(2, 790);  // away from any text field
        frame();
        m_ctrl = m_z = true;
        frame();
        m_ctrl = m_z = false;
        frame();
    }

    gui::Platform platform;
    gui::GuiApp app;

private:
    void set_open(const char* title, bool open);
    std::optional<ImVec2> m_mouse;
    bool m_down = false, m_ctrl = false, m_z = false, m_enter = false;
    std::vector<unsigned> m_chars;
};

}  // namespace muster::test
