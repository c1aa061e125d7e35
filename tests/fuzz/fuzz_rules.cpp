// The rule-set loader and validator on any bytes: a FileError or a rule set, nothing else.
// A rule set that loads has its play tables shown and rolled: every roll finds a row (the
// loader promised one for every reachable score), whatever the dice.
#include "core/error.hpp"
#include "export/play_text.hpp"
#include "play/roll.hpp"
#include "rules/load.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace muster;
    rules::RuleSet rules;
    try {
        rules = rules::load_rule_set(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.json");
    } catch (const Error&) {
        return 0;
    }
    for (const auto& t : rules.play_tables) {
        (void)exporter::play_table_text(t);
        if (t.kind != rules::PlayKind::roll) continue;
        for (std::uint64_t seed = 0; seed < 4; ++seed) {
            play::Request request;
            if (t.by_points()) request.points = t.columns.back().points_from;
            else request.column = t.columns.back().id;
            dice::SeededSource dice(seed + size);
            try {
                const auto roll = play::roll(t, request, dice);
                if (!roll.result || !roll.row) std::abort();
                (void)exporter::play_roll_text(roll);
            } catch (const UsageError&) {
                // a request this table refuses (a column id the fuzzer emptied)
            }
        }
    }
    return 0;
}
