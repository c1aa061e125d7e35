#pragma once
// The players' pages' own stylesheet and script (assets/web/), built into the binary.
#include <string_view>

namespace muster::web {

extern const std::string_view k_stylesheet;
extern const std::string_view k_script;

}  // namespace muster::web
