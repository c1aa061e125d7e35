#pragma once
#include "army/walk.hpp"

#include <algorithm>
#include <optional>
#include <string>

namespace muster::army {

/// What one viewer may see of an order of battle. The umpire sees everything; a side
/// sees its own forces whole and, of the others, only divisions it has seen (not hidden).
/// Armies and corps with nothing visible are left out; so are armies not of `only_side`.
OrderOfBattle view_of(const OrderOfBattle& all, const std::optional<std::string>& only_side, const View& viewer);

/// Passes on what one viewer may see (view_of), and of that, where `only` is given, only those
/// divisions; the corps and armies left with none are left out.
class OobFilter : public OobVisitor {
public:
    OobFilter(OobVisitor& next, std::optional<std::string> only_side, View viewer,
              std::optional<std::vector<std::int64_t>> only = std::nullopt)
        : m_next(next), m_side(std::move(only_side)), m_viewer(std::move(viewer)), m_only(std::move(only)) {
        if (m_only) std::sort(m_only->begin(), m_only->end());
    }
    void army(const Army& a) override;
    void corps(const Corps& k) override;
    void division(const Division& d) override { pass_division(d); }
    void take_division(Division& d) override { pass_division(d); }
    void end_corps() override;
    void end_army() override;
    /// A hidden division of the enemy's is passed on as a name at most: what it holds is never read.
    bool reads_hidden_contents(const Army& a) const override { return m_viewer.owns(a.side); }

private:
    // Where an army or corps heard stands: an army of the viewer's own is passed on at once
    // (it shows whole), an enemy's, or any where only some divisions are asked for, with its
    // first division shown (pruned), so that one left with none is never passed on.
    struct Pending {
        bool skipped = false;  // not of the side asked for
        bool passed = false;
        bool pruned = false;   // passed on only with a division
    };
    void pass_army();
    void pass_corps();
    // Passes on what the viewer may see of a division, for the next to take where it may.
    template <class D>
    void pass_division(D& d);
    OobVisitor& m_next;
    std::optional<std::string> m_side;
    View m_viewer;
    std::optional<std::vector<std::int64_t>> m_only;
    Army m_army;
    Corps m_corps;
    Pending m_army_state, m_corps_state;
};


}  // namespace muster::army
