#pragma once
#include <string>

namespace muster::app {

/// muster's data directory: $XDG_DATA_HOME/muster, else ~/.local/share/muster. Not created here.
std::string data_dir();

}  // namespace muster::app
