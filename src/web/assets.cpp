#include "web/assets.hpp"

#include <string>
#include <utility>
#include <vector>

namespace muster::embedded {
const std::vector<std::pair<std::string_view, std::string_view>>& web();
}

namespace muster::web {
namespace {

std::string_view asset(std::string_view name) {
    for (const auto& [file, text] : embedded::web())
        if (file == name) return text;
    return {};
}

}  // namespace

const std::string_view k_stylesheet = asset("muster.css");
const std::string_view k_script = asset("muster.js");

}  // namespace muster::web
