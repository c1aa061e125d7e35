// The OOB JSON importer on any bytes, against the shipped ACW rule set.
#include "app/catalog.hpp"
#include "app/oob_import.hpp"
#include "core/error.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const auto rules = muster::app::Catalog("").load("acw");
    try {
        const auto oob = muster::app::read_oob(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.json", rules);
        (void)oob;
    } catch (const muster::Error&) {
    }
    return 0;
}
