#include "app/table_side.hpp"

#include "core/error.hpp"
#include "core/match.hpp"
#include "core/text.hpp"

#include <random>

namespace muster::app {

const rules::PlayTable& play_table(const rules::RuleSet& rules, const std::string& id) {
    if (const auto* t = rules.find_play_table(id)) return *t;
    if (rules.play_tables.empty())
        throw UsageError("rule set " + rules.id + " has no play tables: add your own to a copy (muster rules copy " + rules.id + " FILE)");
    std::vector<std::string> ids;
    for (const auto& t : rules.play_tables) ids.push_back(t.id);
    throw UsageError("rule set " + rules.id + " has no play table \"" + id + "\" (play tables: " + join(ids, ", ") + ")" + did_you_mean(id, ids));
}

TableRolled roll_play_table(const rules::RuleSet& rules, const TableRollRequest& request) {
    if (request.seed && !request.typed_rolls.empty()) throw UsageError("give a seed or typed-in rolls, not both");
    const auto& table = play_table(rules, request.table);
    if (request.typed || !request.typed_rolls.empty()) {
        dice::TypedSource dice(request.typed_rolls);
        TableRolled out{play::roll(table, request.request, dice), std::nullopt};
        dice.require_all_used();
        return out;
    }
    // A fresh seed is printed, so the roll can be made again.
    const std::uint64_t seed = request.seed ? *request.seed : (std::uint64_t{std::random_device{}()} << 32 | std::random_device{}());
    dice::SeededSource dice(seed);
    return {play::roll(table, request.request, dice), seed};
}

}  // namespace muster::app
