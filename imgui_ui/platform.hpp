#pragma once
// The window, the OpenGL context and Dear ImGui's GLFW/OpenGL3 backends; the content scale (theme.hpp: fonts, look);
// screenshots. Used by muster-gui and by the GUI tests alike.
#include <array>
#include <deque>
#include <functional>
#include <string>
#include <vector>

struct GLFWwindow;
struct ImGuiIO;

namespace muster::gui {

struct PlatformOptions {
    int width = 1280;
    int height = 800;
    std::string title = "muster";
    std::string ini_path;  ///< where ImGui keeps the window layout; empty: not kept
    bool vsync = true;     ///< off for measuring frame time
    /// The size is the screen's at scale 1: grown by its content scale (HiDPI), and where then
    /// larger than the screen's room, opened maximized within it.
    bool fit_screen = false;
};

class Platform {
public:
    explicit Platform(const PlatformOptions& options);
    ~Platform();
    Platform(const Platform&) = delete;
    Platform& operator=(const Platform&) = delete;

    bool should_close() const;
    /// Polls events and starts an ImGui frame; `input` may then override what the backend read
    /// (the GUI tests drive the mouse and keyboard through it).
    void begin_frame(const std::function<void(ImGuiIO&)>& input = {});
    /// As begin_frame, but idle (no input for a few frames, nothing held or typed into) it waits
    /// up to `seconds` for an event first: a window left open does not draw 60 frames a second
    /// for nothing, and still shows within `seconds` what changed outside it.
    void begin_frame_or_wait(double seconds);
    /// Renders; writes the frame to `png` first when it is not empty.
    void end_frame(const std::string& png = {});
    float scale() const { return m_scale; }
    /// A key pressed or released, as GLFW tells it (its key callback; a test calls it as GLFW
    /// would). ImGui 1.86 reads a key as held or not at each frame, with no queue: a key tapped
    /// within one batch of events (a quick tap during a long frame, xdotool's), a key tapped
    /// again, or Ctrl let go in the batch that brought its Z, would be lost. So each key changes
    /// at most once a frame: the events queue, and each frame takes them in order up to the first
    /// of a key changed already, which waits with all after it for the next frame.
    void key_event(int key, int scancode, int action, int mods);
    /// A character typed, as GLFW tells it: queued with the keys, in their order.
    void char_event(unsigned int c);
    /// A mouse button pressed or released, as GLFW tells it: queued with the keys. A press that
    /// comes with the pointer moved since the last frame waits a frame: ImGui 1.86 takes a tab
    /// (an item that may overlap) as hovered only where it was hovered the frame before, so a
    /// move and a click in one batch (a touch screen's, a remote desktop's, xdotool's) was lost.
    void mouse_button_event(int button, int action, int mods);
    /// Where the pointer is, as GLFW tells it (a test moves it so).
    void move_pointer(double x, double y);

private:
    /// Polls events (first waiting up to `wait_seconds` for one) and starts an ImGui frame.
    void start_frame(double wait_seconds, const std::function<void(ImGuiIO&)>& input);
    /// Gives the backend the keys', characters' and mouse buttons' events queued that this frame
    /// may take (key_event, mouse_button_event).
    void take_keys();
    struct Key {
        int key, scancode, action, mods;  ///< key -1: a character; a mouse button's: its number
        unsigned int c;
        bool button = false;  ///< a mouse button's
    };
    std::deque<Key> m_keys;  // the keys', characters' and mouse buttons' events not yet given to the backend, in order
    double m_pointer_x = -1, m_pointer_y = -1;  // where the last frame saw the pointer
    bool m_press_waited = false;                // a press waited a frame for its move: it waits no more
    std::array<bool, 5> m_buttons{};            // the mouse buttons held, as the queue gave them
    std::array<bool, 5> m_pressed{};            // pressed since the last frame (and perhaps let go)
    GLFWwindow* m_window = nullptr;
    std::string m_ini;
    float m_scale = 1.f;
    int m_lively = 0;  // frames still drawn at full rate after the last input
};

}  // namespace muster::gui
