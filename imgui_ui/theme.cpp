#include "theme.hpp"

#include <cfloat>
#include <filesystem>

namespace muster::gui {
namespace {

constexpr const char* k_font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
constexpr const char* k_mono = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf";
constexpr const char* k_icons = "/usr/share/fonts/truetype/font-awesome/fontawesome-webfont.ttf";
// Latin with its accents (Kościuszko, Lafayette's men), and the dashes, quotes and ellipsis of
// General Punctuation (the Dix–Hill cartel).
constexpr ImWchar k_text_range[] = {0x0020, 0x00FF, 0x0100, 0x017F, 0x2010, 0x205E, 0};
// Font Awesome 4's private-use range.
constexpr ImWchar k_icon_range[] = {0xf000, 0xf2e0, 0};

ImFont* g_mono = nullptr;
Theme g_theme = Theme::light;
float g_scale = 1.f;

const Palette k_light{ImVec4(0.05f, 0.45f, 0.1f, 1), ImVec4(0.75f, 0.05f, 0.05f, 1), ImVec4(0.62f, 0.4f, 0.f, 1),
                          ImVec4(0.42f, 0.42f, 0.42f, 1), IM_COL32(255, 255, 255, 255), IM_COL32(215, 215, 215, 255)};
const Palette k_dark{ImVec4(0.42f, 0.82f, 0.45f, 1), ImVec4(1.f, 0.45f, 0.42f, 1), ImVec4(0.95f, 0.72f, 0.3f, 1),
                         ImVec4(0.62f, 0.64f, 0.68f, 1), IM_COL32(30, 33, 38, 255), IM_COL32(62, 66, 74, 255)};

// A face with the icons merged in, so a label can hold both.
ImFont* add_face(const char* file, float size) {
    ImGuiIO& io = ImGui::GetIO();
    if (!std::filesystem::exists(file)) return nullptr;
    ImFont* font = io.Fonts->AddFontFromFileTTF(file, size, nullptr, k_text_range);
    if (font && std::filesystem::exists(k_icons)) {
        ImFontConfig merge;
        merge.MergeMode = true;
        merge.GlyphMinAdvanceX = size;  // icons one em wide, so a column of them lines up
        io.Fonts->AddFontFromFileTTF(k_icons, size * 0.9f, &merge, k_icon_range);
    }
    return font;
}

void spacing(ImGuiStyle& s) {
    s.WindowPadding = ImVec2(10, 8);
    s.FramePadding = ImVec2(7, 3);
    s.CellPadding = ImVec2(6, 2);
    s.ItemSpacing = ImVec2(8, 4);
    s.ItemInnerSpacing = ImVec2(6, 4);
    s.IndentSpacing = 18;
    s.ScrollbarSize = 14;
    s.GrabMinSize = 12;
    s.WindowRounding = 0;
    s.ChildRounding = 4;
    s.FrameRounding = 4;
    s.PopupRounding = 4;
    s.ScrollbarRounding = 6;
    s.GrabRounding = 3;
    s.TabRounding = 4;
    // A tab not in front shows no close button: a click at its right end brings it to the front
    // (the button showed on hover, and a click there closed the panel that was to come forward).
    s.TabMinWidthForCloseButton = FLT_MAX;
    s.WindowBorderSize = 0;
    s.ChildBorderSize = 1;
    s.FrameBorderSize = 0;
}

void light(ImVec4* c) {
    ImGui::StyleColorsLight();
    c[ImGuiCol_Text] = ImVec4(0.1f, 0.11f, 0.13f, 1);
    c[ImGuiCol_TextDisabled] = ImVec4(0.38f, 0.38f, 0.37f, 1);  // hints and notes: 4.5:1 on the page at least
    c[ImGuiCol_WindowBg] = ImVec4(0.96f, 0.95f, 0.93f, 1);
    c[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 0);
    c[ImGuiCol_PopupBg] = ImVec4(1, 1, 1, 0.98f);
    c[ImGuiCol_MenuBarBg] = ImVec4(0.89f, 0.88f, 0.85f, 1);
    c[ImGuiCol_FrameBg] = ImVec4(1, 1, 1, 1);
    c[ImGuiCol_Border] = ImVec4(0.72f, 0.7f, 0.66f, 0.6f);
    c[ImGuiCol_Header] = ImVec4(0.2f, 0.33f, 0.5f, 0.18f);
    c[ImGuiCol_HeaderHovered] = ImVec4(0.2f, 0.33f, 0.5f, 0.3f);
    c[ImGuiCol_HeaderActive] = ImVec4(0.2f, 0.33f, 0.5f, 0.42f);
    c[ImGuiCol_Button] = ImVec4(0.2f, 0.33f, 0.5f, 0.16f);
    c[ImGuiCol_ButtonHovered] = ImVec4(0.2f, 0.33f, 0.5f, 0.32f);
    c[ImGuiCol_ButtonActive] = ImVec4(0.2f, 0.33f, 0.5f, 0.5f);
    c[ImGuiCol_Tab] = ImVec4(0.2f, 0.33f, 0.5f, 0.12f);
    c[ImGuiCol_TabHovered] = ImVec4(0.2f, 0.33f, 0.5f, 0.35f);
    c[ImGuiCol_TabActive] = ImVec4(0.2f, 0.33f, 0.5f, 0.28f);
    c[ImGuiCol_TableHeaderBg] = ImVec4(0.86f, 0.85f, 0.81f, 1);
    c[ImGuiCol_TableRowBgAlt] = ImVec4(0.2f, 0.2f, 0.1f, 0.04f);
    c[ImGuiCol_CheckMark] = ImVec4(0.16f, 0.3f, 0.56f, 1);
}

void dark(ImVec4* c) {
    ImGui::StyleColorsDark();
    c[ImGuiCol_Text] = ImVec4(0.9f, 0.9f, 0.88f, 1);
    c[ImGuiCol_TextDisabled] = ImVec4(0.66f, 0.66f, 0.64f, 1);
    c[ImGuiCol_WindowBg] = ImVec4(0.13f, 0.14f, 0.16f, 1);
    c[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 0);
    c[ImGuiCol_PopupBg] = ImVec4(0.16f, 0.17f, 0.2f, 0.98f);
    c[ImGuiCol_MenuBarBg] = ImVec4(0.18f, 0.19f, 0.22f, 1);
    c[ImGuiCol_FrameBg] = ImVec4(0.2f, 0.22f, 0.26f, 1);
    c[ImGuiCol_Border] = ImVec4(0.3f, 0.32f, 0.36f, 0.8f);
    c[ImGuiCol_Header] = ImVec4(0.36f, 0.5f, 0.72f, 0.3f);
    c[ImGuiCol_HeaderHovered] = ImVec4(0.36f, 0.5f, 0.72f, 0.45f);
    c[ImGuiCol_HeaderActive] = ImVec4(0.36f, 0.5f, 0.72f, 0.6f);
    c[ImGuiCol_Button] = ImVec4(0.36f, 0.5f, 0.72f, 0.3f);
    c[ImGuiCol_ButtonHovered] = ImVec4(0.36f, 0.5f, 0.72f, 0.5f);
    c[ImGuiCol_ButtonActive] = ImVec4(0.36f, 0.5f, 0.72f, 0.7f);
    c[ImGuiCol_Tab] = ImVec4(0.36f, 0.5f, 0.72f, 0.16f);
    c[ImGuiCol_TabHovered] = ImVec4(0.36f, 0.5f, 0.72f, 0.5f);
    c[ImGuiCol_TabActive] = ImVec4(0.36f, 0.5f, 0.72f, 0.4f);
    c[ImGuiCol_TableHeaderBg] = ImVec4(0.2f, 0.21f, 0.25f, 1);
    c[ImGuiCol_TableRowBgAlt] = ImVec4(1, 1, 1, 0.04f);
}

}  // namespace

void load_fonts(float scale) {
    g_scale = scale;
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    if (!add_face(k_font, 16.f * scale)) io.Fonts->AddFontDefault();
    g_mono = add_face(k_mono, 15.f * scale);
}

ImFont* mono_font() { return g_mono; }

void apply_theme(Theme theme) {
    g_theme = theme;
    ImGuiStyle& style = ImGui::GetStyle();
    style = ImGuiStyle();
    if (theme == Theme::dark) dark(style.Colors);
    else light(style.Colors);
    spacing(style);
    if (theme == Theme::light) style.FrameBorderSize = 1;  // white fields on a light page need their edge
    style.ScaleAllSizes(g_scale);
}

Theme current_theme() { return g_theme; }

const Palette& palette() { return g_theme == Theme::dark ? k_dark : k_light; }

ImVec4 backdrop() { return g_theme == Theme::dark ? ImVec4(0.09f, 0.1f, 0.11f, 1) : ImVec4(0.84f, 0.83f, 0.8f, 1); }

}  // namespace muster::gui
