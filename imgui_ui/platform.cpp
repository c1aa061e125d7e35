#include "platform.hpp"

#include "core/error.hpp"
#include "theme.hpp"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>
#include <stb_image.h>
#include <stb_image_write.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <string_view>
#include <utility>
#include <vector>

namespace muster::embedded {
const std::vector<std::pair<std::string_view, std::string_view>>& icon();
}

namespace muster::gui {
namespace {

// The window's icon in the taskbar and the window list: muster's, at each size it is built in.
void set_icon(GLFWwindow* window) {
    std::vector<GLFWimage> images;
    for (const auto& [file, png] : embedded::icon()) {
        int width = 0, height = 0, channels = 0;
        stbi_uc* pixels = stbi_load_from_memory(reinterpret_cast<const stbi_uc*>(png.data()), static_cast<int>(png.size()), &width, &height, &channels, 4);
        if (pixels) images.push_back({width, height, pixels});
    }
    if (!images.empty()) glfwSetWindowIcon(window, static_cast<int>(images.size()), images.data());
    for (auto& image : images) stbi_image_free(image.pixels);
}

// The window system is started once a process and ended when it exits: a window closed and
// another opened (a restart, as the layout's test does) never starts it again, so nothing
// depends on how soon the display takes a new connection.
void start_window_system() {
    static const bool started = [] {
        if (!glfwInit()) return false;
        std::atexit(glfwTerminate);
        return true;
    }();
    if (!started) throw Error("cannot start the window system (no display? muster-gui needs one; the CLI does not)");
}

// The screen's content scale (HiDPI), as the window system gives it for the window, or before
// there is one for the primary monitor; MUSTER_SCALE (1 to 3) where it does not say, as X11
// without Xft.dpi.
float content_scale(GLFWwindow* window) {
    if (const char* forced = std::getenv("MUSTER_SCALE"); forced && *forced) {
        char* end = nullptr;
        const float s = std::strtof(forced, &end);
        if (end && *end == 0 && s >= 1.f && s <= 3.f) return s;
    }
    float x = 1.f, y = 1.f;
    if (window) glfwGetWindowContentScale(window, &x, &y);
    else if (auto* monitor = glfwGetPrimaryMonitor()) glfwGetMonitorContentScale(monitor, &x, &y);
    return std::clamp(x, 1.f, 3.f);
}

}  // namespace

Platform::Platform(const PlatformOptions& options) : m_ini(options.ini_path) {
    start_window_system();
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    int width = options.width, height = options.height;
    int room_x = 0, room_y = 0, room_width = 0, room_height = 0;  // the screen's, less its panels
    if (options.fit_screen) {
        // Laid out for text at 16 px: at twice the size, twice the room.
        const float scale = content_scale(nullptr);
        width = static_cast<int>(static_cast<float>(width) * scale);
        height = static_cast<int>(static_cast<float>(height) * scale);
    }
    if (auto* monitor = options.fit_screen ? glfwGetPrimaryMonitor() : nullptr) glfwGetMonitorWorkarea(monitor, &room_x, &room_y, &room_width, &room_height);
    const bool too_large = room_width > 0 && room_height > 0 && (width > room_width || height > room_height);
    if (too_large) {
        width = std::min(width, room_width);  // where no window manager maximizes it
        height = std::min(height, room_height);
    }
    glfwWindowHint(GLFW_MAXIMIZED, too_large ? GLFW_TRUE : GLFW_FALSE);
    m_window = glfwCreateWindow(width, height, options.title.c_str(), nullptr, nullptr);
    if (!m_window) throw Error("cannot open a window with OpenGL 3.3");
    set_icon(m_window);
    glfwMakeContextCurrent(m_window);
    glfwSwapInterval(options.vsync ? 1 : 0);
    m_scale = content_scale(m_window);

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    // Layout is kept next to the user's data, never in the working directory.
    if (!m_ini.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(std::filesystem::path(m_ini).parent_path(), ec);
    }
    io.IniFilename = m_ini.empty() ? nullptr : m_ini.c_str();
    // The keyboard moves among the controls (Tab, the arrows, Space to press), and Escape closes
    // a popup or a menu (else the next click closed it and did nothing more).
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    load_fonts(m_scale);
    apply_theme(Theme::light);
    ImGui_ImplGlfw_InitForOpenGL(m_window, true);
    ImGui_ImplOpenGL3_Init("#version 330 core");
    // Keys through key_event, which gives them to the backend's own callback.
    glfwSetWindowUserPointer(m_window, this);
    glfwSetKeyCallback(m_window, [](GLFWwindow* w, int key, int scancode, int action, int mods) {
        static_cast<Platform*>(glfwGetWindowUserPointer(w))->key_event(key, scancode, action, mods);
    });
    glfwSetCharCallback(m_window, [](GLFWwindow* w, unsigned int c) { static_cast<Platform*>(glfwGetWindowUserPointer(w))->char_event(c); });
    glfwSetMouseButtonCallback(m_window, [](GLFWwindow* w, int button, int action, int mods) {
        static_cast<Platform*>(glfwGetWindowUserPointer(w))->mouse_button_event(button, action, mods);
    });
}

void Platform::key_event(int key, int scancode, int action, int mods) {
    if (action != GLFW_REPEAT) m_keys.push_back({key, scancode, action, mods, 0});  // ImGui repeats a held key itself
}

void Platform::char_event(unsigned int c) { m_keys.push_back({-1, 0, 0, 0, c}); }

void Platform::mouse_button_event(int button, int action, int mods) { m_keys.push_back({button, 0, action, mods, 0, true}); }

void Platform::move_pointer(double x, double y) { glfwSetCursorPos(m_window, x, y); }

void Platform::take_keys() {
    // A field reads a frame's characters before its keys: a character after a key waits for the
    // next frame (Ctrl+A, then what replaces the selection). A key let go after one pressed waits
    // too: the frame reads the press with every key held as it was (Z with Ctrl still down, for a
    // tap whose Ctrl is let go as fast as its Z is pressed).
    // A mouse button pressed with the pointer moved since the last frame waits a frame, once
    // (mouse_button_event); let go after a press in this frame, it waits too.
    double x = 0, y = 0;
    glfwGetCursorPos(m_window, &x, &y);
    const bool moved = x != m_pointer_x || y != m_pointer_y;
    m_pointer_x = x;
    m_pointer_y = y;
    bool clicked = false;
    std::set<int> changed;
    bool pressed = false;
    while (!m_keys.empty()) {
        const auto k = m_keys.front();
        if (k.button) {
            if (k.action == GLFW_PRESS && moved && !m_press_waited) {
                m_press_waited = true;
                break;
            }
            if (k.action == GLFW_RELEASE && clicked) break;
            clicked = clicked || k.action == GLFW_PRESS;
            m_press_waited = false;
            m_keys.pop_front();
            if (k.key >= 0 && static_cast<size_t>(k.key) < m_buttons.size()) {
                m_buttons[static_cast<size_t>(k.key)] = k.action == GLFW_PRESS;
                m_pressed[static_cast<size_t>(k.key)] = m_pressed[static_cast<size_t>(k.key)] || k.action == GLFW_PRESS;
            }
            continue;
        }
        if (k.key < 0 ? !changed.empty() : (pressed && k.action == GLFW_RELEASE) || !changed.insert(k.key).second) break;
        pressed = pressed || (k.key >= 0 && k.action == GLFW_PRESS);
        m_keys.pop_front();
        if (k.key < 0) ImGui_ImplGlfw_CharCallback(m_window, k.c);
        else ImGui_ImplGlfw_KeyCallback(m_window, k.key, k.scancode, k.action, k.mods);
    }
}

void Platform::start_frame(double wait_seconds, const std::function<void(ImGuiIO&)>& input) {
    // Keys still queued are taken without waiting: the frames come until they are all read.
    if (wait_seconds > 0 && m_keys.empty()) glfwWaitEventsTimeout(wait_seconds);  // the callbacks take what came
    glfwPollEvents();
    take_keys();
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    // The buttons as the queue has given them, not as GLFW holds them now: the backend reads
    // GLFW's, which a press held back a frame has changed already (the click then landed in
    // the frame it was held from).
    auto& io = ImGui::GetIO();
    for (size_t b = 0; b < m_buttons.size(); ++b) {
        io.MouseDown[b] = m_buttons[b] || m_pressed[b];
        m_pressed[b] = false;
    }
    if (input) input(io);
    ImGui::NewFrame();
}

Platform::~Platform() {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    glfwDestroyWindow(m_window);
}

bool Platform::should_close() const { return glfwWindowShouldClose(m_window); }

void Platform::begin_frame(const std::function<void(ImGuiIO&)>& input) { start_frame(0, input); }

void Platform::begin_frame_or_wait(double seconds) {
    start_frame(m_lively == 0 ? seconds : 0, {});
    // Input, a held button or a field being typed into keeps frames coming, and a few after it,
    // for what it set moving (a popup opening, a hover, the cursor's blink while typing).
    const auto& io = ImGui::GetIO();
    const bool input = io.MouseDelta.x != 0 || io.MouseDelta.y != 0 || io.MouseWheel != 0 || io.MouseWheelH != 0 || !io.InputQueueCharacters.empty() ||
                       ImGui::IsAnyMouseDown() || ImGui::IsAnyItemActive();
    const bool key = std::any_of(std::begin(io.KeysDown), std::end(io.KeysDown), [](bool down) { return down; });
    m_lively = input || key ? 8 : std::max(0, m_lively - 1);
}

void Platform::end_frame(const std::string& png) {
    ImGui::Render();
    int w = 0, h = 0;
    glfwGetFramebufferSize(m_window, &w, &h);
    glViewport(0, 0, w, h);
    const ImVec4 back = backdrop();
    glClearColor(back.x, back.y, back.z, 1.f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    if (!png.empty()) {
        std::vector<unsigned char> pixels(static_cast<size_t>(w) * static_cast<size_t>(h) * 3);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glReadBuffer(GL_BACK);
        glReadPixels(0, 0, w, h, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
        stbi_flip_vertically_on_write(1);
        stbi_write_png(png.c_str(), w, h, 3, pixels.data(), w * 3);
    }
    glfwSwapBuffers(m_window);
}

}  // namespace muster::gui
