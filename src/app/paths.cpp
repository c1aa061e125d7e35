#include "app/paths.hpp"

#include "core/error.hpp"

#include <cstdlib>

namespace muster::app {

std::string data_dir() {
    if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg) return std::string(xdg) + "/muster";
    if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.local/share/muster";
    throw Error("cannot find a data directory: neither XDG_DATA_HOME nor HOME is set");
}

}  // namespace muster::app
