#pragma once
// The season's rows: the reinforcement schedule. (The campaign's clock is its own row: Store.)
#include "campaign/records.hpp"
#include "db/store.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace muster::db {

class Season {
public:
    explicit Season(const Store& store) : m_store(store) {}

    /// A division's turn in the reinforcement schedule; none: off the schedule.
    void set_schedule(std::int64_t division, std::optional<Turn> turn);
    /// The turn a division is due on, if it is in the schedule.
    std::optional<Turn> due_turn(std::int64_t division) const;
    /// The reinforcement schedule, by turn.
    std::vector<campaign::ScheduleEntry> schedule(std::int64_t campaign) const;

private:
    const Store& m_store;
};

}  // namespace muster::db
