#include "platform.hpp"

#include "core/error.hpp"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>
#include <stb_image_write.h>

#include <cstdlib>
#include <filesystem>
#include <vector>

namespace muster::gui {
namespace {

constexpr const char* k_font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
constexpr const char* k_mono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf";
ImFont* g_mono = nullptr;

}  // namespace

ImFont* mono_font() { return g_mono; }

namespace {

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

}  // namespace

Platform::Platform(const PlatformOptions& options) : m_ini(options.ini_path) {
    start_window_system();
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    m_window = glfwCreateWindow(options.width, options.height, options.title.c_str(), nullptr, nullptr);
    if (!m_window) throw Error("cannot open a window with OpenGL 3.3");
    glfwMakeContextCurrent(m_window);
    glfwSwapInterval(options.vsync ? 1 : 0);
    float xscale = 1.f, yscale = 1.f;
    glfwGetWindowContentScale(m_window, &xscale, &yscale);
    m_scale = std::max(1.f, xscale);

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    // Layout is kept next to the user's data, never in the working directory.
    if (!m_ini.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(std::filesystem::path(m_ini).parent_path(), ec);
    }
    io.IniFilename = m_ini.empty() ? nullptr : m_ini.c_str();
    if (std::filesystem::exists(k_font)) io.Fonts->AddFontFromFileTTF(k_font, 16.f * m_scale);
    else io.Fonts->AddFontDefault();
    g_mono = std::filesystem::exists(k_mono) ? io.Fonts->AddFontFromFileTTF(k_mono, 15.f * m_scale) : nullptr;
    ImGui::StyleColorsLight();
    ImGui::GetStyle().ScaleAllSizes(m_scale);
    ImGui_ImplGlfw_InitForOpenGL(m_window, true);
    ImGui_ImplOpenGL3_Init("#version 330 core");
}

Platform::~Platform() {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    glfwDestroyWindow(m_window);
}

bool Platform::should_close() const { return glfwWindowShouldClose(m_window); }

void Platform::begin_frame(const std::function<void(ImGuiIO&)>& input) {
    glfwPollEvents();
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    if (input) input(ImGui::GetIO());
    ImGui::NewFrame();
}

void Platform::end_frame(const std::string& png) {
    ImGui::Render();
    int w = 0, h = 0;
    glfwGetFramebufferSize(m_window, &w, &h);
    glViewport(0, 0, w, h);
    glClearColor(0.82f, 0.84f, 0.86f, 1.f);
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
