// The rule-set loader and validator on any bytes: a FileError or a rule set, nothing else.
// A rule set that loads has its play tables shown and rolled: every roll finds a row (the
// loader promised one for every reachable score), whatever the dice. It rolls up divisions for
// each side, and each comes out the same (or is refused the same) with its tables' blocks found
// by their index as by reading the blocks' conditions one by one, and their rows by reading as by
// their ranges.
#include "core/error.hpp"
#include "export/division_text.hpp"
#include "export/play_text.hpp"
#include "generate/generate.hpp"
#include "play/roll.hpp"
#include "rules/load.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace muster;
    rules::RuleSet rules;
    try {
        rules = rules::load_rule_set(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.json");
    } catch (const Error&) {
        return 0;
    }
    auto scanned = rules;  // the same rule set, its blocks found by their conditions and its rows by their ranges
    for (auto& t : scanned.tables) {
        t.block_at.clear();
        t.row_at.clear();
    }
    const auto roll_up = [&](const rules::RuleSet& r, const std::string& side, std::uint64_t seed) -> std::string {
        generate::Request request;
        request.side = side;
        dice::SeededSource dice(seed);
        try {
            return exporter::division_json(r, generate::generate_division(r, request, dice).with_rolls(r), true);
        } catch (const UsageError& e) {
            return std::string("refused: ") + e.what();
        }
    };
    for (size_t s = 0; s < rules.sides.size() && s < 2; ++s)
        for (std::uint64_t seed = 0; seed < 2; ++seed)
            if (roll_up(rules, rules.sides[s].id, seed + size) != roll_up(scanned, rules.sides[s].id, seed + size)) std::abort();
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
