#pragma once
// muster-gui's look: DejaVu Sans with Font Awesome's icons merged in, a monospaced face for text
// in columns, a light and a dark theme with one spacing, all scaled to the screen's content
// scale. Colours that carry meaning (a refusal, a state) come from the theme's palette.
#include <imgui.h>

namespace muster::gui {

enum class Theme { light, dark };

/// The colours that mean something, as the theme in use draws them.
struct Palette {
    ImVec4 done;     ///< what an action did
    ImVec4 refused;  ///< a refusal, an error; a Spent unit
    ImVec4 caution;  ///< a Worn unit, a lapsed offer
    ImVec4 muted;    ///< secondary text
    ImU32 chart_bg, chart_grid;
};

/// A length laid out for 16-pixel text, at the text's size now (the content scale): widths of
/// fields are given in it, so a HiDPI screen widens them with their words.
inline float px(float at_16) { return at_16 * ImGui::GetFontSize() / 16.f; }

/// Loads the fonts at `scale` (1: 16 px text) into ImGui's atlas, the monospaced one being
/// mono_font(); the themes are drawn at that scale.
void load_fonts(float scale);
/// The monospaced font, for text laid out in columns (tables, roll logs).
ImFont* mono_font();
/// Sets ImGui's style to `theme`, at the fonts' scale.
void apply_theme(Theme theme);
Theme current_theme();
const Palette& palette();
/// The colour the window is cleared to behind the workspace.
ImVec4 backdrop();

/// Font Awesome 4 icons, as UTF-8 (in the atlas when fonts-font-awesome is installed).
namespace icon {
inline constexpr const char* undo = "\xef\x83\xa2";
inline constexpr const char* redo = "\xef\x80\x9e";
inline constexpr const char* open = "\xef\x81\xbc";
inline constexpr const char* players = "\xef\x83\x80";
inline constexpr const char* flag = "\xef\x80\xa4";
inline constexpr const char* calendar = "\xef\x81\xb3";
inline constexpr const char* journal = "\xef\x80\xad";
inline constexpr const char* print = "\xef\x80\xaf";
inline constexpr const char* list = "\xef\x80\xba";
inline constexpr const char* exchange = "\xef\x83\xac";
inline constexpr const char* view = "\xef\x81\xae";
inline constexpr const char* next = "\xef\x81\xa1";
inline constexpr const char* hint = "\xef\x83\xab";
inline constexpr const char* forces = "\xef\x83\xa8";
inline constexpr const char* dice = "\xef\x86\xb2";
inline constexpr const char* start = "\xef\x81\x8b";
inline constexpr const char* light = "\xef\x86\x85";
inline constexpr const char* dark = "\xef\x86\x86";
inline constexpr const char* turn = "\xef\x81\x91";
}  // namespace icon

}  // namespace muster::gui
