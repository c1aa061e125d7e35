#pragma once
#include "core/sink.hpp"

#include <cstdint>
#include <string>

namespace muster::app {

/// Writes a whole file or nothing: `produce` writes into a temporary file beside it, piece by
/// piece, which is then renamed over it; if `produce` throws, nothing is left. The temporary
/// file is unnamed until whole where the file system allows (O_TMPFILE), so a muster killed
/// while writing leaves nothing. Refuses a path
/// whose folder is missing or unwritable, naming it. Returns the bytes written.
std::uintmax_t write_file(const std::string& path, const Producer& produce);
std::uintmax_t write_file(const std::string& path, std::string_view content);
/// Writes a new file: anything already there (a file, a folder, a link, a link to nothing) is
/// refused, naming it, and nothing is written.
std::uintmax_t write_new_file(const std::string& path, std::string_view content);

/// Refuses, naming it, a path that is a campaign database or part of one (its write-ahead log,
/// its index or its journal), there or to come: anything written there would destroy it, or
/// be read as its log and keep it from opening.
void require_no_campaign_part(const std::string& path);

/// The temporary file or folder `stem` + ".part-PID" of this process, with any of the same stem
/// left by a muster that died before it could put its own in place (killed: its process is gone,
/// and the part untouched for ten minutes) removed first. Another's still being written is left
/// alone.
std::string part_of(const std::string& stem);

}  // namespace muster::app
