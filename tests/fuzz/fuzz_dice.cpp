// The typed-in dice parser on any bytes, for every die: a throw or a reading in range.
#include "core/error.hpp"
#include "dice/dice.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    using muster::rules::Die;
    for (Die die : {Die::d6, Die::d10, Die::two_d6, Die::percentile}) {
        try {
            const auto t = muster::dice::parse_typed(die, text, "fuzz");
            if (t.reading < muster::rules::die_min(die) || t.reading > muster::rules::die_max(die)) std::abort();
        } catch (const muster::Error&) {
        }
    }
    try {
        muster::dice::TypedSource source(muster::dice::split_rolls(text));
        for (int i = 0; i < 4; ++i) source.roll(Die::percentile, "fuzz");
    } catch (const muster::Error&) {
    }
    return 0;
}
