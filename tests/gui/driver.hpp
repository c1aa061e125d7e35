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
    /// `ini`: where the workspace's layout is kept (empty: not kept); the window `width` x `height`.
    explicit Driver(const std::string& db, const std::string& ini = {}, int width = 1280, int height = 800)
        : platform({width, height, "muster test", ini}), app(db) {
        gui::register_windows(app);
    }

    void frame(const std::string& png = {}) {
        platform.begin_frame([this](ImGuiIO& io) {
            if (!mouse_from_platform) {
                if (m_mouse) io.MousePos = *m_mouse;
                io.MouseDown[0] = m_down;
            }
            for (unsigned c : m_chars) io.AddInputCharacter(c);
            m_chars.clear();
            if (keys_from_platform) return;
            io.KeyCtrl = m_ctrl;
            io.KeyShift = m_shift;
            for (int key : {'Z', 'Y', 'F', 'A'}) io.KeysDown[key] = m_key == key;
            io.KeysDown[io.KeyMap[ImGuiKey_Enter]] = m_enter;
            io.KeysDown[io.KeyMap[ImGuiKey_Backspace]] = m_backspace;
        });
        app.frame();
        platform.end_frame(png);
        app.settle();  // as a person waits for the screen to show what they did
        if (wait_for_work) app.finish_work();
    }
    /// Whether the keys are as the platform was told them (Platform::key_event, as GLFW tells
    /// them), not set by this driver's own keys.
    bool keys_from_platform = false;
    /// Whether the mouse is as the platform was told it (Platform::mouse_button_event and the
    /// pointer GLFW reads), not set by this driver.
    bool mouse_from_platform = false;
    /// Whether each frame waits for long work to be done (off: the frames go on meanwhile).
    bool wait_for_work = true;
    void frames(int n) {
        for (int i = 0; i < n; ++i) frame();
    }
    /// Opens a panel's tab and brings it to the front, as the Panels menu does.
    template <class T>
    T& show() {
        auto& w = app.window<T>();
        app.show(w);
        frames(3);
        return w;
    }
    /// A click: hover, press, release on the marked item.
    bool click(const std::string& mark) {
        if (!move_to(mark)) return false;
        m_down = true;
        frame();
        m_down = false;
        frame();
        frames(2);  // what the click opened or brought to the front settles
        return true;
    }
    void type(const std::string& text) {
        for (unsigned char c : text) m_chars.push_back(c);
        frame();
    }
    /// Backspace pressed and released `n` times (in the field that has the keyboard).
    void backspace(int n) {
        for (int i = 0; i < n; ++i) {
            m_backspace = true;
            frame();
            m_backspace = false;
            frame();
        }
    }
    void press_enter() {
        m_enter = true;
        frame();
        m_enter = false;
        frame();
    }
    void ctrl_z() { ctrl_key('Z'); }
    /// Ctrl (and Shift) and a letter key (GLFW's key code: its capital), as a person presses them.
    void ctrl_key(int key, bool shift = false) {
        m_mouse = ImVec2(2, 790);  // away from any text field
        frame();
        m_ctrl = true;
        m_shift = shift;
        m_key = key;
        frame();
        m_ctrl = m_shift = false;
        m_key = 0;
        frame();
    }
    /// Drags the mouse from one marked item by (dx, dy), a frame a step.
    bool drag(const std::string& mark, float dx, float dy, int steps = 4) {
        const auto at = move_to(mark);
        if (!at) return false;
        m_down = true;
        frame();
        for (int i = 1; i <= steps; ++i) {
            const float k = static_cast<float>(i) / static_cast<float>(steps);
            m_mouse = ImVec2(at->x + dx * k, at->y + dy * k);
            frame();
        }
        m_down = false;
        frame();
        return true;
    }
    /// Moves the mouse over a marked item and leaves it there (for a tooltip).
    bool hover(const std::string& mark) {
        if (!move_to(mark)) return false;
        frames(2);
        return true;
    }

    gui::Platform platform;
    gui::GuiApp app;

private:
    // The mouse moved over a marked item (as the last frames drew it), a frame drawn there.
    std::optional<ImVec2> move_to(const std::string& mark) {
        frames(2);
        const auto at = gui::marked(mark);
        if (!at) return std::nullopt;
        m_mouse = *at;
        frame();
        return at;
    }
    std::optional<ImVec2> m_mouse;
    bool m_down = false, m_ctrl = false, m_shift = false, m_enter = false, m_backspace = false;
    int m_key = 0;
    std::vector<unsigned> m_chars;
};

}  // namespace muster::test
