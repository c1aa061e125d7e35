#pragma once
#include <string>

namespace muster {

/// The current time, UTC, in strftime's `format` ("%Y-%m-%d").
std::string utc_now(const char* format);

}  // namespace muster
