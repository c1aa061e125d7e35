// The typed-in dice parser on any bytes, for every die: a throw or a reading in range. The
// play tables' parsers on the same bytes: a band of scores (low at or below high), fire points
// (in range, written back as read), a modifier as the organiser names it.
#include "core/error.hpp"
#include "dice/dice.hpp"
#include "play/roll.hpp"
#include "rules/play_table.hpp"

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
    if (const auto band = muster::rules::parse_score_band(text)) {
        if (band->lo && band->hi && *band->lo > *band->hi) std::abort();
        if (!band->lo && !band->hi) std::abort();
    }
    if (const auto points = muster::rules::parse_points(text)) {
        if (points->quarters < 0 || points->quarters > 999 * 4 + 3) std::abort();
        const auto again = muster::rules::parse_points(points->text());
        if (!again || *again != *points) std::abort();
    }
    try {
        const auto choice = muster::play::parse_choice(text);
        if (choice.modifier.empty()) std::abort();
    } catch (const muster::UsageError&) {
    }
    return 0;
}
