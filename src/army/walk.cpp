#include "army/walk.hpp"

namespace muster::army {

void walk(const OrderOfBattle& oob, OobVisitor& v) {
    for (const auto& a : oob.armies) {
        v.army({a.id, a.name, a.side, a.commander, {}, a.reserve});
        for (const auto& k : a.corps) {
            v.corps({k.id, k.name, k.commander, {}, k.reserve});
            for (const auto& d : k.divisions) v.division(d);
            v.end_corps();
        }
        v.end_army();
    }
}

OobSource OobSource::of(const OrderOfBattle& oob) {
    return {oob.campaign, oob.view, [&oob](OobVisitor& v) { army::walk(oob, v); }};
}

void OobCollector::army(const Army& a) { m_oob.armies.push_back(a); }
void OobCollector::corps(const Corps& k) { m_oob.armies.back().corps.push_back(k); }
void OobCollector::division(const Division& d) { m_oob.armies.back().corps.back().divisions.push_back(d); }

void OutlineCollector::division(const Division& d) {
    m_lines.push_back({d.id, d.name, 2});
    for (const auto& b : d.brigades) m_lines.push_back({b.id, b.name, 3, b.stands});
}

}  // namespace muster::army
