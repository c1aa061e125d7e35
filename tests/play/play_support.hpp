#pragma once
// The rule sets with play tables, as shipped, and a roll of one of their tables with the
// organiser's dice: what the play tables' tests and the rolls' tests share.
#include "play/roll.hpp"
#include "rules/load.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

namespace muster::test {

inline const rules::RuleSet& nap() {
    static const auto r = rules::load_rule_set(test::template_text("napoleonic_lordre_mixte.json"), "napoleonic_lordre_mixte.json");
    return r;
}

inline const rules::RuleSet& awi() {
    static const auto r = rules::load_rule_set(test::template_text("awi_fire_and_fury.json"), "awi_fire_and_fury.json");
    return r;
}

inline const rules::PlayTable& table(const rules::RuleSet& r, const std::string& id) {
    const auto* t = r.find_play_table(id);
    REQUIRE(t);
    return *t;
}

inline play::Roll roll(const rules::PlayTable& t, std::vector<std::string> dice, std::vector<std::string> modifiers = {},
                std::string column = "", std::optional<std::string> points = std::nullopt) {
    play::Request request;
    request.column = std::move(column);
    if (points) request.points = rules::parse_points(*points);
    for (const auto& m : modifiers) request.modifiers.push_back(play::parse_choice(m));
    dice::TypedSource source(std::move(dice));
    auto out = play::roll(t, request, source);
    source.require_all_used();
    return out;
}

}  // namespace muster::test
