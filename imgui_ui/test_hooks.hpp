#pragma once
// Where the last frame drew the items a test may click: a button marks itself with an id.
#include <imgui.h>

#include <optional>
#include <string>

namespace muster::gui {

/// Records the rectangle of the item just drawn under `id` ("Arrival/Accept").
void mark(const std::string& id);
/// The centre of a marked item in the last frame, if it was drawn.
std::optional<ImVec2> marked(const std::string& id);
/// Forgets the marks (at the start of each frame).
void clear_marks();

/// Holds long work (GuiApp::start_work) at its start until let go, so a test sees the frames
/// drawn while it is under way.
void hold_work(bool held);
/// Where the worker waits while work is held.
void wait_while_work_held();

}  // namespace muster::gui
