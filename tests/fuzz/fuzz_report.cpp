// The battle report reader on any bytes: the JSON file and the command line's forms.
#include "battle/report.hpp"
#include "core/error.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        muster::battle::read_report(text, "fuzz.json");
    } catch (const muster::Error&) {
    }
    muster::battle::Report r;
    using Add = void (*)(muster::battle::Report&, std::string_view);
    const auto leader = [](muster::battle::Report& report, std::string_view spec) { muster::battle::add_leader_spec(report, spec); };
    for (const Add add : {Add{muster::battle::add_loss_spec}, Add{muster::battle::add_captured_spec}, Add{leader}, Add{muster::battle::add_battery_spec}}) {
        try {
            add(r, text);
        } catch (const muster::Error&) {
        }
    }
    return 0;
}
