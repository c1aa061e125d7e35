// The rule-set loader and validator on any bytes: a FileError or a rule set, nothing else.
#include "core/error.hpp"
#include "rules/load.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        const auto rules = muster::rules::load_rule_set(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.json");
        (void)rules;
    } catch (const muster::Error&) {
    }
    return 0;
}
