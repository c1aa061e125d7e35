#pragma once
// Helpers shared by the tests: the shipped templates and running the real binary.
#include "rules/load.hpp"

#include <string>

namespace muster::test {

/// The text of a template in the source tree's templates/ folder.
std::string template_text(const std::string& file);
/// The ACW rule set as shipped.
const rules::RuleSet& acw();

/// The output and exit code of the muster binary run with `args` (a shell-quoted string).
struct Run {
    int code = -1;
    std::string out;
    std::string err;
};
Run run_muster(const std::string& args, const std::string& env = "");

}  // namespace muster::test
