#include "army/view.hpp"

#include <algorithm>
#include <type_traits>

namespace muster::army {

OrderOfBattle view_of(const OrderOfBattle& all, const std::optional<std::string>& only_side, const View& viewer) {
    OrderOfBattle out;
    out.campaign = all.campaign;
    out.rules = all.rules;
    out.view = viewer;
    OobCollector collect(out);
    OobFilter filter(collect, only_side, viewer);
    walk(all, filter);
    return out;
}

void OobFilter::army(const Army& a) {
    m_army_state = {};
    m_army_state.skipped = m_side && a.side != *m_side;
    if (m_army_state.skipped) return;
    // An enemy army: only what the viewer has seen, and no reserves (never revealed); of its
    // leaders, their grades only once revealed.
    const bool own = m_viewer.owns(a.side);
    m_army = own ? a : Army{a.id, a.name, a.side, a.commander.as_enemy_sees(), {}, {}};
    if (m_only) m_army.reserve.clear();  // the divisions asked for only: not the reserves' batteries, of divisions besides
    m_army_state.pruned = !own || m_only;
    if (!m_army_state.pruned) pass_army();
}

void OobFilter::corps(const Corps& k) {
    m_corps_state = {};
    m_corps_state.skipped = m_army_state.skipped;
    if (m_corps_state.skipped) return;
    m_corps = m_viewer.owns(m_army.side) ? k : Corps{k.id, k.name, k.commander.as_enemy_sees(), {}, {}};
    if (m_only) m_corps.reserve.clear();
    m_corps_state.pruned = m_army_state.pruned;
    if (!m_corps_state.pruned) pass_corps();
}

template <class D>
void OobFilter::pass_division(D& d) {
    if (m_corps_state.skipped || (m_only && !std::binary_search(m_only->begin(), m_only->end(), d.id))) return;
    // Given up to the next where this filter may give it: the walk's own, or a copy made here.
    const auto shown = [&](auto& seen) {
        pass_army();
        pass_corps();
        if constexpr (std::is_const_v<std::remove_reference_t<decltype(seen)>>) m_next.division(seen);
        else m_next.take_division(seen);
    };
    if (m_viewer.owns(m_army.side)) return shown(d);
    // A placeholder seen is seen by name (and arm) only, before it arrives and after (when it
    // arrives hidden it stays what it was to this side): not its nationality or its leader's
    // name, which an edit or an arrival the side does not see would change.
    const auto name_only = [&] {
        Division out;
        out.id = d.id;
        out.name = d.name;
        out.side = d.side;
        out.arm = d.arm;
        out.status = DivisionStatus::placeholder;
        out.hidden = false;
        shown(out);
    };
    if (!d.hidden && d.status == DivisionStatus::placeholder) return name_only();
    if (!d.hidden) {
        auto seen = d;
        seen.commander = d.commander.as_enemy_sees();
        for (auto& b : seen.brigades) {
            b.commander = b.commander.as_enemy_sees();
            if (b.alternate) b.alternate = b.alternate->as_enemy_sees();
        }
        return shown(seen);
    }
    // Seen by name as a placeholder, arrived since: still a placeholder to this side.
    if (d.name_seen) name_only();
}

void OobFilter::end_corps() {
    if (m_corps_state.passed) m_next.end_corps();
    m_corps_state = {};
}

void OobFilter::end_army() {
    if (m_army_state.passed) m_next.end_army();
    m_army_state = {};
}

void OobFilter::pass_army() {
    if (m_army_state.passed) return;
    m_army_state.passed = true;
    m_next.army(m_army);
}

void OobFilter::pass_corps() {
    if (m_corps_state.passed) return;
    m_corps_state.passed = true;
    m_next.corps(m_corps);
}

}  // namespace muster::army
