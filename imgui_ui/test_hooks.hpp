#pragma once
// Where the last frame drew the items a test may click: a button marks itself with an id.
#include <imgui.h>

#include <optional>
#include <string>
#include <vector>

namespace muster::gui {

/// Records the rectangle of the item just drawn under `id` ("Arrival/Accept").
void mark(const std::string& id);
/// The same for a row spanning a table's columns: marked near its start, for its centre may
/// fall on a column's border, where a click takes the border to resize the column.
void mark_row(const std::string& id);
/// The same for the item's right end, inside it (where a tab's close button is).
void mark_end(const std::string& id);
/// The centre of a marked item in the last frame, if it was drawn.
std::optional<ImVec2> marked(const std::string& id);
/// Records what the item marked `id` shows where its text is not its label (a combo's choice).
void mark_shown(const std::string& id, std::string text);
/// What the item marked `id` showed in the last frame, if it was drawn.
std::optional<std::string> shown(const std::string& id);
/// Forgets the marks (at the start of each frame).
void clear_marks();

/// A glyph the last frame drew cut by the edge of what it was drawn in: text clipped, not ended
/// in an ellipsis.
struct ClippedGlyph {
    std::string window;  ///< ImGui's name of the window it was drawn in
    ImVec2 at;           ///< the glyph's top left
    float edge;          ///< the edge that cut it
};
/// The glyphs the last rendered frame cut at the right edge of their clip rectangle, in every
/// window without a sideways scrollbar (where there is one, the rest is in reach). Found in the
/// draw lists: a glyph crossing its clip rectangle, or one trimmed to it (ImGui trims a button's
/// or a header's text to its frame). A text cut exactly between two glyphs shows neither, so a
/// test that walks many rows finds a clipped column, not always a single cut word.
std::vector<ClippedGlyph> clipped_glyphs();

/// Holds long work (GuiApp::start_work) at its start until let go, so a test sees the frames
/// drawn while it is under way.
void hold_work(bool held);
/// Where the worker waits while work is held.
void wait_while_work_held();

}  // namespace muster::gui
