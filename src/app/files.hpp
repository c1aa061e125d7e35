#pragma once
#include <string>

namespace muster::app {

/// Writes a whole file or nothing: into a temporary file beside it, then renamed over it.
/// Refuses a path whose folder is missing or unwritable, naming it.
void write_file(const std::string& path, const std::string& content);

}  // namespace muster::app
