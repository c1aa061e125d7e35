#pragma once
#include <functional>
#include <string_view>

namespace muster {

/// Where a writer puts its output, piece by piece: a file being written, or a string. A long
/// document (a PDF of thousands of pages) is never whole in memory.
using Sink = std::function<void(std::string_view)>;

/// Writes whatever it is given to a sink.
using Producer = std::function<void(const Sink&)>;

}  // namespace muster
