#pragma once
#include <ostream>

namespace muster::cli {

/// Runs the muster command line. Returns the exit code: 0 done, 1 refused, 2 usage error.
int run(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

}  // namespace muster::cli
