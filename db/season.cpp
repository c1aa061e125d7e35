// The season's rows: the reinforcement schedule and the dates past turns began.
#include "db/season.hpp"
#include "store_impl.hpp"

namespace muster::db {

void Season::set_schedule(std::int64_t division, std::optional<Turn> turn) {
    guarded(m_store.path(), [&] {
        if (!turn) {
            exec(m_store.impl().db, "DELETE FROM schedule WHERE division_id = ?", division);
            return;
        }
        SQLite::Statement q(m_store.impl().db, "INSERT INTO schedule (division_id, turn) VALUES (?, ?) "
                                        "ON CONFLICT (division_id) DO UPDATE SET turn = excluded.turn");
        bind_all(q, division, *turn);
        q.exec();
    });
}

std::vector<campaign::ScheduleEntry> Season::schedule(std::int64_t campaign) const {
    return guarded(m_store.path(), [&] {
        // A division due that is not there (or in no army) would drop out of the schedule unseen,
        // and a turn begin without it.
        // Which link is missing is said: the division, its corps, or the corps' army.
        SQLite::Statement lost(m_store.impl().db, "SELECT s.division_id, d.id IS NULL AS no_division, d.corps_id, k.id IS NULL AS no_corps, k.army_id "
                                                  "FROM schedule s LEFT JOIN division d ON d.id = s.division_id LEFT JOIN corps k ON k.id = d.corps_id "
                                                  "LEFT JOIN army a ON a.id = k.army_id WHERE a.id IS NULL LIMIT 1");
        if (lost.executeStep()) {
            const Row row(lost);
            const auto named = "the schedule names division #" + std::to_string(row.id("division_id"));
            throw Damaged((row.flag("no_division") ? named + ", which is not there"
                           : row.flag("no_corps")  ? named + ", whose corps #" + std::to_string(row.id("corps_id")) + " is not there"
                                                   : named + ", whose corps' army #" + std::to_string(row.id("army_id")) + " is not there") +
                          "; run muster check, or restore a backup");
        }
        SQLite::Statement q(m_store.impl().db,
                            "SELECT s.division_id, d.name, a.side, d.status, s.turn FROM schedule s JOIN division d ON d.id = s.division_id "
                            "JOIN corps k ON k.id = d.corps_id JOIN army a ON a.id = k.army_id WHERE d.campaign_id = ? "
                            "ORDER BY s.turn, d.id");
        bind_all(q, campaign);
        std::vector<campaign::ScheduleEntry> out;
        for (const Row row(q); q.executeStep();) {
            campaign::ScheduleEntry e;
            e.division_id = row.id("division_id");
            e.division = row.name("name");
            e.side = row.text("side");
            e.status = row.word<DivisionStatus>("status");
            e.turn = row.turn("turn");
            out.push_back(std::move(e));
        }
        return out;
    });
}

std::optional<Turn> Season::due_turn(std::int64_t division) const {
    return guarded(m_store.path(), [&]() -> std::optional<Turn> {
        SQLite::Statement q(m_store.impl().db, "SELECT turn FROM schedule WHERE division_id = ?");
        bind_all(q, division);
        if (!q.executeStep()) return std::nullopt;
        return Row(q).turn("turn");
    });
}

void Season::keep_turn_date(std::int64_t campaign, Turn turn, std::optional<Day> date) {
    guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db, "INSERT INTO turn_date (campaign_id, turn, date) VALUES (?, ?, ?) "
                                               "ON CONFLICT (campaign_id, turn) DO UPDATE SET date = excluded.date");
        bind_all(q, campaign, turn, date);
        q.exec();
    });
}

std::map<int, std::optional<Day>> Season::turn_dates(std::int64_t campaign) const {
    return guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db, "SELECT turn, date FROM turn_date WHERE campaign_id = ?");
        bind_all(q, campaign);
        std::map<int, std::optional<Day>> out;
        for (const Row row(q); q.executeStep();) out[row.turn("turn").number()] = row.day("date");
        return out;
    });
}

}  // namespace muster::db
