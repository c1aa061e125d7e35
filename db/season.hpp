#pragma once
// The season's rows: the reinforcement schedule and the dates past turns began. (The campaign's
// clock, its present turn and date, is its own row: Store.)
#include "campaign/records.hpp"
#include "db/store.hpp"

#include <cstdint>
#include <map>
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
    /// Keeps the date a turn began (none: it had none), as the turn ends.
    void keep_turn_date(std::int64_t campaign, Turn turn, std::optional<Day> date);
    /// The dates the campaign's past turns began, by turn number (a turn that began with no date
    /// holds none); a turn not there ended before muster kept them.
    std::map<int, std::optional<Day>> turn_dates(std::int64_t campaign) const;

private:
    const Store& m_store;
};

}  // namespace muster::db
