#pragma once
// Whole campaigns read in one snapshot: the order of battle (every division, hidden ones
// included), the roster an operation finds names in, and both together for the GUI's model.
#include "army/walk.hpp"
#include "campaign/records.hpp"
#include "db/store.hpp"

#include <cstdint>

namespace muster::db {

/// Which kinds of unit a roster reads (the camps, battles and exchanges always): a reader that
/// names none of a kind need not read a whole campaign's worth of it.
struct RosterParts {
    bool brigades = true, leaders = true, batteries = true, units = true;
};

/// The order of battle and the roster together, the roster's brigades and batteries those of
/// the order of battle, pointed at: moved whole, never copied (a copy's roster would point at
/// the first's).
struct Whole {
    army::OrderOfBattle oob;
    campaign::Roster roster;
    Whole(army::OrderOfBattle o, campaign::Roster r) : oob(std::move(o)), roster(std::move(r)) {}
    Whole(const Whole&) = delete;
    Whole& operator=(const Whole&) = delete;
    Whole(Whole&&) = default;
    Whole& operator=(Whole&&) = default;
};

class Rosters {
public:
    explicit Rosters(const Store& store) : m_store(store) {}

    /// The whole tree of a campaign, every division (hidden ones included).
    army::OrderOfBattle order_of_battle(std::int64_t campaign) const;
    /// The same tree walked for `v` in one snapshot, read a division at a time: what holds it
    /// holds no more than one division, whatever the campaign's size.
    void walk_oob(std::int64_t campaign, army::OobVisitor& v) const;
    /// Everything an operation finds by name, in one snapshot.
    campaign::Roster roster(std::int64_t campaign, RosterParts parts = {}) const;
    /// The roster of a few divisions (by id): their brigades and batteries, the divisions with
    /// their corps and armies, the leaders commanding any of them or attached to those, and the
    /// campaign's camps, holdings, battles and exchanges, in one snapshot. What an operation
    /// that names only these divisions reads: it costs what it touches. The leaders `also` (ids)
    /// are read too, whatever they command.
    campaign::Roster roster_of(std::int64_t campaign, const std::vector<std::int64_t>& divisions,
                               const std::vector<std::int64_t>& also = {}) const;
    /// The order of battle and the roster in one snapshot: the roster's units and leaders'
    /// commands are taken from the order of battle's rows, not read twice, and its brigades and
    /// batteries are the order of battle's own (each given where it sits, as a roster names it).
    Whole whole(std::int64_t campaign) const;

private:
    const Store& m_store;
};

}  // namespace muster::db
