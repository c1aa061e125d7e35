#pragma once
// The floor the benchmarks measure muster against: the rows a division's contents take
// (leaders, brigades with their 'generated' moves, batteries), written with raw prepared
// statements into campaign 1 of a muster database.
#include "army/division.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

#include <cstdint>
#include <string>

namespace muster::test {

class RawRows {
public:
    explicit RawRows(SQLite::Database& db) : m_db(db) {}

    std::int64_t leader(const std::string& side, const army::Leader& l, const char* rank) {
        m_leader.bind(1, side);
        m_leader.bind(2, l.name);
        m_leader.bind(3, rank);
        m_leader.bind(4, l.grade);
        m_leader.bind(5, l.rolled_grade);
        run(m_leader);
        return m_db.getLastInsertRowid();
    }

    /// The division's brigades (each with its brigadier and move of `operation`) and its
    /// batteries (the reserve's to army `reserve_army`).
    void contents(std::int64_t division_id, std::int64_t operation, const std::string& side, const army::Division& d,
                  std::int64_t reserve_army) {
        int position = 0;
        for (const auto& b : d.brigades) {
            m_brigade.bind(1, division_id);
            m_brigade.bind(2, position++);
            m_brigade.bind(3, b.name);
            m_brigade.bind(4, b.rating);
            m_brigade.bind(5, b.start_stands);
            m_brigade.bind(6, b.stands);
            if (b.label.worn_at) m_brigade.bind(7, *b.label.worn_at); else m_brigade.bind(7);
            if (b.label.spent_at) m_brigade.bind(8, *b.label.spent_at); else m_brigade.bind(8);
            m_brigade.bind(9, leader(side, b.commander, "brigadier"));
            run(m_brigade);
            m_move.bind(1, operation);
            m_move.bind(2, m_db.getLastInsertRowid());
            m_move.bind(3, b.start_stands);
            run(m_move);
        }
        for (const auto& bat : d.batteries) {
            if (bat.reserve) {
                m_battery.bind(1);
                m_battery.bind(2, reserve_army);
            } else {
                m_battery.bind(1, division_id);
                m_battery.bind(2);
            }
            m_battery.bind(3, m_batteries++);
            m_battery.bind(4, bat.name);
            run(m_battery);
        }
    }

    static void run(SQLite::Statement& q) {
        q.exec();
        q.reset();
    }

private:
    SQLite::Database& m_db;
    SQLite::Statement m_leader{m_db, "INSERT INTO leader (campaign_id, side, name, rank, grade, rolled_grade) VALUES (1, ?, ?, ?, ?, ?)"};
    SQLite::Statement m_brigade{m_db, "INSERT INTO brigade (campaign_id, division_id, position, name, arm, rating, start_stands, stands, "
                                      "worn_at, spent_at, commander_id) VALUES (1, ?, ?, ?, 'infantry', ?, ?, ?, ?, ?, ?)"};
    SQLite::Statement m_move{m_db, "INSERT INTO move (operation_id, brigade_id, kind, stands) VALUES (?, ?, 'generated', ?)"};
    SQLite::Statement m_battery{m_db, "INSERT INTO battery (campaign_id, division_id, army_id, position, name) VALUES (1, ?, ?, ?, ?)"};
    int m_batteries = 0;
};

}  // namespace muster::test
