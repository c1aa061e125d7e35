#include "army/view.hpp"

namespace muster::army {

OrderOfBattle view_of(const OrderOfBattle& all, const std::optional<std::string>& only_side, const View& viewer) {
    OrderOfBattle out;
    out.campaign = all.campaign;
    out.rules = all.rules;
    out.view = viewer;
    for (const auto& a : all.armies) {
        if (only_side && a.side != *only_side) continue;
        if (viewer.owns(a.side)) {
            out.armies.push_back(a);
            continue;
        }
        // An enemy army: only what the viewer has seen, and no reserves (never revealed); of
        // its leaders, their grades only once revealed.
        Army seen{a.id, a.name, a.side, a.commander.as_enemy_sees(), {}, {}};
        for (const auto& k : a.corps) {
            Corps corps{k.id, k.name, k.commander.as_enemy_sees(), {}, {}};
            for (const auto& d : k.divisions) {
                if (!d.hidden) {
                    auto shown = d;
                    shown.commander = d.commander.as_enemy_sees();
                    for (auto& b : shown.brigades) {
                        b.commander = b.commander.as_enemy_sees();
                        b.alternate = b.alternate.as_enemy_sees();
                    }
                    corps.divisions.push_back(std::move(shown));
                }
                // Seen by name as a placeholder, arrived since: still a placeholder to this side.
                else if (d.name_seen) {
                    Division name_only;
                    name_only.id = d.id;
                    name_only.name = d.name;
                    name_only.side = d.side;
                    name_only.arm = d.arm;
                    name_only.status = DivisionStatus::placeholder;
                    name_only.hidden = false;
                    corps.divisions.push_back(std::move(name_only));
                }
            }
            if (!corps.divisions.empty()) seen.corps.push_back(std::move(corps));
        }
        if (!seen.corps.empty()) out.armies.push_back(std::move(seen));
    }
    return out;
}

}  // namespace muster::army
