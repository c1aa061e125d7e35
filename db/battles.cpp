// The battles' rows: battles, the divisions that fought, losses, fallen leaders and lost
// batteries, the draft reports, and the battles planned before they are fought.
#include "db/battles.hpp"

#include "store_impl.hpp"

#include <set>

namespace muster::db {
std::int64_t Battles::insert_battle(std::int64_t campaign, std::int64_t operation, const campaign::BattleInfo& b) {
    return guarded(m_store.path(), [&] {
        // Fought on the campaign's turn.
        SQLite::Statement q(m_store.impl().db, "INSERT INTO battle (campaign_id, name, date, place, turn, operation_id) "
                                               "VALUES (?1, ?2, ?3, ?4, (SELECT turn FROM campaign WHERE id = ?1), ?5)");
        bind_all(q, campaign, b.name, text_or(b.date, ""), b.place, operation);  // the column holds "" for no date
        q.exec();
        return m_store.impl().db.getLastInsertRowid();
    });
}

void Battles::insert_battle_division(std::int64_t battle, std::int64_t division, int engaged, bool seen) {
    guarded(m_store.path(), [&] {
        exec(m_store.impl().db, "INSERT INTO battle_division (battle_id, division_id, engaged, seen) VALUES (?, ?, ?, ?)", battle, division, engaged,
             seen);
    });
}

void Battles::insert_battle_gun(std::int64_t battle, std::int64_t battery, BatteryFate fate) {
    guarded(m_store.path(), [&] { exec(m_store.impl().db, "INSERT INTO battle_gun (battle_id, battery_id, fate) VALUES (?, ?, ?)", battle, battery, fate); });
}

void Battles::insert_loss(std::int64_t battle, std::int64_t brigade, int casualties, int captured) {
    guarded(m_store.path(), [&] {
        exec(m_store.impl().db, "INSERT INTO battle_loss (battle_id, brigade_id, casualties, captured) VALUES (?, ?, ?, ?)",
             battle, brigade, casualties, captured);
    });
}

void Battles::set_returns_read(std::int64_t battle, std::int64_t division) {
    guarded(m_store.path(), [&] {
        exec(m_store.impl().db, "UPDATE battle_division SET returns_read = 1 WHERE battle_id = ? AND division_id = ?", battle, division);
    });
}

void Battles::set_returned(std::int64_t battle, std::int64_t brigade, int returned) {
    guarded(m_store.path(), [&] {
        exec(m_store.impl().db, "UPDATE battle_loss SET returned = ? WHERE battle_id = ? AND brigade_id = ?", returned, battle, brigade);
    });
}

void Battles::set_loss(std::int64_t battle, const campaign::LossInfo& loss) {
    guarded(m_store.path(), [&] {
        exec(m_store.impl().db,
             "INSERT INTO battle_loss (battle_id, brigade_id, casualties, captured, returned) VALUES (?1, ?2, ?3, ?4, ?5) "
             "ON CONFLICT (battle_id, brigade_id) DO UPDATE SET casualties = ?3, captured = ?4, returned = ?5",
             battle, loss.brigade_id, loss.casualties, loss.captured, loss.returned);
    });
}

void Battles::set_fallen(std::int64_t battle, std::int64_t leader, std::optional<LeaderFate> fate, std::optional<std::int64_t> division,
                         const std::string& known_as, std::optional<std::int64_t> corps, std::optional<std::int64_t> army,
                         const std::optional<campaign::BattleRecord::Prior>& prior) {
    guarded(m_store.path(), [&] {
        if (!fate) {
            exec(m_store.impl().db, "DELETE FROM battle_fallen WHERE battle_id = ? AND leader_id = ?", battle, leader);
            return;
        }
        // What he was before, and what the enemy read of him, are the first fall's: a fate changed keeps them.
        exec(m_store.impl().db,
             "INSERT INTO battle_fallen (battle_id, leader_id, fate, division_id, prior_status, prior_fell_in, prior_out_battles, prior_by_roll, known_as, corps_id, army_id) "
             "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) ON CONFLICT (battle_id, leader_id) DO UPDATE SET fate = ?3, division_id = ?4",
             battle, leader, *fate, division, prior ? std::optional<LeaderStatus>(prior->status) : std::nullopt,
             prior ? prior->fell_in : std::nullopt, prior ? std::optional<int>(prior->out_battles) : std::nullopt, prior && prior->by_roll, known_as,
             division ? std::nullopt : corps, division ? std::nullopt : army);
    });
}

void Battles::set_battle_recovered(std::int64_t battle, int rate, Rounding rounding) {
    guarded(m_store.path(), [&] {
        exec(m_store.impl().db, "UPDATE battle SET recovered = 1, return_rate = ?, return_rounding = ? WHERE id = ?", rate, word(rounding), battle);
    });
}

std::vector<campaign::BattleInfo> Battles::battles(std::int64_t campaign) const {
    return guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db, "SELECT id, name, date, place, recovered, turn, return_rate, return_rounding, operation_id, "
                                               "EXISTS (SELECT 1 FROM battle_loss l WHERE l.battle_id = battle.id AND l.casualties > 0) AS casualties "
                                               "FROM battle WHERE campaign_id = ? ORDER BY id");
        bind_all(q, campaign);
        std::vector<campaign::BattleInfo> out;
        for (const Row row(q); q.executeStep();)
            out.push_back({row.id("id"), row.text("name"), row.day("date"), row.text("place"), row.flag("recovered"),
                           row.null("turn") ? std::nullopt : std::optional(row.turn("turn")),
                           row.null("return_rate") || row.null("return_rounding")
                               ? std::nullopt
                               : std::optional(campaign::BattleInfo::ReturnedAt{row.integer("return_rate"), row.word<Rounding>("return_rounding")}),
                           row.optional_id("operation_id"), row.flag("casualties")});
        return out;
    });
}

std::vector<Battles::ArmyMoves> Battles::army_moves_since(std::int64_t campaign, std::int64_t first) const {
    return guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db,
                            // Of a brigade out of service now, what came to it after it went out waited there.
                            "SELECT a.id AS army, m.operation_id AS operation, SUM(CASE WHEN b.status = 'active' OR m.operation_id <= b.out_at "
                            "THEN m.stands ELSE 0 END) AS stands FROM move m JOIN brigade b ON b.id = m.brigade_id "
                            "JOIN division d ON d.id = b.division_id JOIN corps c ON c.id = d.corps_id JOIN army a ON a.id = c.army_id "
                            "WHERE m.operation_id >= ?2 AND b.campaign_id = ?1 GROUP BY a.id, m.operation_id");
        bind_all(q, campaign, first);
        std::vector<ArmyMoves> out;
        summing_moves(m_store.impl().db, [&] { return campaign; }, [&] {
            for (const Row row(q); q.executeStep();) out.push_back({row.id("army"), row.id("operation"), row.integer("stands")});
        });
        return out;
    });
}

std::vector<campaign::LossInfo> Battles::losses(std::int64_t battle) const {
    return guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db,
                            "SELECT rowid AS id, brigade_id, casualties, captured, returned FROM battle_loss WHERE battle_id = ? ORDER BY brigade_id");
        bind_all(q, battle);
        std::vector<campaign::LossInfo> out;
        for (const Row row(q); q.executeStep();)
            read_row("battle_loss", row, "id", [&] {
                const auto& loss = out.emplace_back(campaign::LossInfo{row.id("brigade_id"), row.count("casualties"), row.count("captured"), row.count("returned")});
                if (loss.returned > loss.casualties)  // as the schema checks: no more come back than fell
                    throw Damaged("column returned holds " + std::to_string(loss.returned) + ", more than its " + std::to_string(loss.casualties) +
                                  " casualties; run muster check, or restore a backup");
            });
        return out;
    });
}

std::vector<std::int64_t> Battles::battle_divisions(std::int64_t battle, const std::optional<std::string>& reader) const {
    return guarded(m_store.path(), [&] {
        // Every row read: one naming a division the campaign does not hold, or a "seen" neither
        // yes nor no, is damage, not a division left out of the battle.
        SQLite::Statement q(m_store.impl().db, "SELECT bd.division_id, d.id AS found, a.side, bd.seen FROM battle_division bd LEFT JOIN division d ON d.id = bd.division_id "
                                               "LEFT JOIN corps k ON k.id = d.corps_id LEFT JOIN army a ON a.id = k.army_id "
                                               "WHERE bd.battle_id = ? ORDER BY bd.division_id");
        bind_all(q, battle);
        std::vector<std::int64_t> out;
        for (const Row row(q); q.executeStep();) {
            if (row.null("found"))
                throw Damaged("battle #" + std::to_string(battle) + " names division #" + std::to_string(row.id("division_id")) +
                              ", which the campaign does not hold; run muster check, or restore a backup");
            if (row.flag("seen") || !reader || (!row.null("side") && row.text("side") == *reader)) out.push_back(row.id("division_id"));
        }
        return out;
    });
}

int Battles::stands_when_reported(std::int64_t operation, std::int64_t brigade) const {
    return guarded(m_store.path(), [&] {
        auto& db = m_store.impl().db;
        SQLite::Statement q(db, "SELECT COALESCE(SUM(stands), 0) AS stands FROM move WHERE brigade_id = ? AND operation_id < ?");
        bind_all(q, brigade, operation);
        // Its campaign read only where the sum is refused: a report sums many brigades' moves.
        const auto campaign = [&] {
            SQLite::Statement of(db, "SELECT campaign_id FROM brigade WHERE id = ?");
            bind_all(of, brigade);
            return of.executeStep() ? Row(of).id("campaign_id") : 0;
        };
        return summing_moves(db, campaign, [&] {
            q.executeStep();
            return Row(q).integer("stands");
        });
    });
}

namespace {

// The ids of a campaign's battles a division fought that is `which`: of `side` ("a.side = ?2"),
// of it and seen by the enemy, or of it or seen by the enemy (seen there, bd.seen, and not
// hidden since).
std::set<std::int64_t> battle_ids(SQLite::Database& db, std::int64_t campaign, std::string_view side, const char* which) {
    // In the same scan, a battle naming a division the campaign does not hold (or one in no
    // army): it would drop out of a side's battles unseen, where the umpire's refuses it, so it
    // is damage to every view alike. By number only: the battle may be one the side does not know of.
    SQLite::Statement q(db, std::string("SELECT DISTINCT bd.battle_id, bd.division_id, a.id IS NULL AS lost FROM battle_division bd JOIN battle b ON b.id = bd.battle_id "
                                        "LEFT JOIN division d ON d.id = bd.division_id LEFT JOIN corps k ON k.id = d.corps_id LEFT JOIN army a ON a.id = k.army_id "
                                        "WHERE b.campaign_id = ?1 AND (a.id IS NULL OR (") + which + "))");
    bind_all(q, campaign, std::string(side));
    std::set<std::int64_t> out;
    for (const Row row(q); q.executeStep();) {
        if (row.flag("lost"))
            throw Damaged("battle #" + std::to_string(row.id("battle_id")) + " names division #" + std::to_string(row.id("division_id")) +
                          ", which the campaign does not hold; run muster check, or restore a backup");
        out.insert(row.id("battle_id"));
    }
    return out;
}

}  // namespace

std::vector<campaign::BattleInfo> Battles::battles_fought_by(std::int64_t campaign, std::string_view side) const {
    return guarded(m_store.path(), [&] {
        const ReadSnapshot snapshot(m_store.impl().db);
        auto& db = m_store.impl().db;
        const auto fought = battle_ids(db, campaign, side, "a.side = ?2");
        // Casualties there are the side's to read where it sees them (its own, or the enemy's it saw
        // there, hidden again since or not), and their return where it read it (its own, or the
        // enemy's in its sight at the recovery or revealed since): a recovery of only what it did
        // not see tells it nothing. (app::summarize reads a battle so too.)
        SQLite::Statement q(db, "SELECT l.battle_id, max(a.side = ?2 OR NOT d.hidden OR COALESCE(bd.returns_read, 0)) AS returns, "
                                "max(COALESCE(bd.returns_read NOT IN (0, 1), 0)) AS damaged FROM battle_loss l JOIN brigade b ON b.id = l.brigade_id "
                                "JOIN division d ON d.id = b.division_id JOIN corps k ON k.id = d.corps_id JOIN army a ON a.id = k.army_id "
                                "LEFT JOIN battle_division bd ON bd.battle_id = l.battle_id AND bd.division_id = d.id "
                                "WHERE b.campaign_id = ?1 AND l.casualties > 0 AND (a.side = ?2 OR COALESCE(bd.seen, NOT d.hidden)) GROUP BY l.battle_id");
        bind_all(q, campaign, std::string(side));
        std::set<std::int64_t> casualties_seen, returns_read;
        for (const Row row(q); q.executeStep();) {
            if (row.flag("damaged"))
                throw Damaged("battle_division: a division of battle row " + std::to_string(row.id("battle_id")) +
                              " holds a returns_read that is not 0 or 1; run muster check, or restore a backup");
            casualties_seen.insert(row.id("battle_id"));
            if (row.flag("returns")) returns_read.insert(row.id("battle_id"));
        }
        auto out = battles(campaign);
        std::erase_if(out, [&](const campaign::BattleInfo& b) { return !fought.count(b.id); });
        for (auto& b : out) {
            b.casualties = casualties_seen.count(b.id) > 0;
            if (!returns_read.count(b.id)) {
                b.recovered = false;
                b.returned_at.reset();
            }
        }
        return out;
    });
}

std::set<std::int64_t> Battles::battles_known_to(std::int64_t campaign, std::string_view side) const {
    return guarded(m_store.path(), [&] { return battle_ids(m_store.impl().db, campaign, side, "(a.side = ?2 OR bd.seen)"); });
}

std::set<std::int64_t> Battles::battles_seen_fought_by(std::int64_t campaign, std::string_view side) const {
    // ...in a battle the enemy fought, which is its to know of, hidden again since or not (a battle
    // of one side alone is not, though a division of it seen before fought there).
    return guarded(m_store.path(), [&] {
        return battle_ids(m_store.impl().db, campaign, side,
                          "a.side = ?2 AND bd.seen AND EXISTS (SELECT 1 FROM battle_division eb JOIN division ed ON ed.id = eb.division_id "
                          "JOIN corps ek ON ek.id = ed.corps_id JOIN army ea ON ea.id = ek.army_id WHERE eb.battle_id = bd.battle_id AND ea.side <> ?2)");
    });
}

std::set<std::pair<std::int64_t, std::int64_t>> Battles::fought_seen(std::int64_t campaign) const {
    return guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db, "SELECT bd.battle_id, bd.division_id FROM battle_division bd JOIN battle b ON b.id = bd.battle_id "
                                               "WHERE b.campaign_id = ? AND bd.seen");
        bind_all(q, campaign);
        std::set<std::pair<std::int64_t, std::int64_t>> out;
        for (const Row row(q); q.executeStep();) out.emplace(row.id("battle_id"), row.id("division_id"));
        return out;
    });
}

campaign::BattleRecord Battles::battle_record(std::int64_t battle) const {
    return guarded(m_store.path(), [&] {
        auto& db = m_store.impl().db;
        const ReadSnapshot snapshot(db);
        campaign::BattleRecord out;
        // Every row, whatever it points at (one a damaged file lost is the reader's to refuse).
        SQLite::Statement d(db, "SELECT bd.rowid AS id, bd.division_id, bd.engaged, bd.seen, bd.returns_read, COALESCE(d.corps_id, 0) AS corps_id, COALESCE(k.army_id, 0) AS army_id "
                                "FROM battle_division bd LEFT JOIN division d ON d.id = bd.division_id LEFT JOIN corps k ON k.id = d.corps_id "
                                "WHERE bd.battle_id = ? ORDER BY bd.division_id");
        bind_all(d, battle);
        for (const Row row(d); d.executeStep();)
            read_row("battle_division", row, "id", [&] {
                out.divisions.push_back({row.id("division_id"), row.optional_count("engaged"), row.flag("seen"), row.id("corps_id"), row.id("army_id"),
                                         row.flag("returns_read")});
            });
        SQLite::Statement f(db, "SELECT f.leader_id, f.fate, " + fallen_division("f") +
                                    " AS division_id, f.prior_status, f.prior_fell_in, f.prior_out_battles, f.prior_by_roll, f.known_as, f.corps_id, f.army_id "
                                    "FROM battle_fallen f WHERE f.battle_id = ? ORDER BY f.leader_id");
        bind_all(f, battle);
        for (const Row row(f); f.executeStep();) {
            std::optional<campaign::BattleRecord::Prior> prior;
            if (!row.null("prior_status"))
                prior = campaign::BattleRecord::Prior{row.word<LeaderStatus>("prior_status"), row.optional_id("prior_fell_in"),
                                                      row.null("prior_out_battles") ? 0 : row.count("prior_out_battles"), row.flag("prior_by_roll")};
            out.fallen.push_back({row.id("leader_id"), row.word<LeaderFate>("fate"), row.optional_id("division_id"), prior,
                                  row.null("known_as") ? std::string() : row.text("known_as"), row.optional_id("corps_id"), row.optional_id("army_id")});
        }
        SQLite::Statement g(db, "SELECT g.battery_id, g.fate, t.corps_id, t.army_id FROM battle_gun g LEFT JOIN battery t ON t.id = g.battery_id "
                                "WHERE g.battle_id = ? ORDER BY g.battery_id");
        bind_all(g, battle);
        for (const Row row(g); g.executeStep();)
            out.guns.push_back({row.id("battery_id"), row.word<BatteryFate>("fate"), row.optional_id("corps_id"), row.optional_id("army_id")});
        return out;
    });
}

void Battles::insert_draft_line(std::int64_t campaign, const campaign::DraftLine& l) {
    guarded(m_store.path(), [&] {
        exec(m_store.impl().db,
             "INSERT INTO draft_line (campaign_id, battle, operation_id, kind, brigade_id, leader_id, battery_id, stands, fate, why) "
             "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
             campaign, l.battle, l.operation, l.kind, l.brigade_id, l.leader_id, l.battery_id, l.stands,
             l.leader_fate ? std::optional<std::string>(spell(*l.leader_fate))
                           : l.battery_fate ? std::optional<std::string>(spell(*l.battery_fate)) : std::nullopt,
             l.why);
    });
}

std::vector<campaign::DraftLine> Battles::draft(std::int64_t campaign, const std::string& battle) const {
    return guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db,
                            "SELECT id, battle, operation_id, kind, brigade_id, leader_id, battery_id, stands, fate, why, "
                            "EXISTS (SELECT 1 FROM operation o WHERE o.id = operation_id AND o.kind = ?3) AS submitted "
                            "FROM draft_line WHERE campaign_id = ?1 AND battle = ?2 ORDER BY id");
        bind_all(q, campaign, battle, OperationKind::submission);
        std::vector<campaign::DraftLine> out;
        for (const Row row(q); q.executeStep();) read_row("draft_line", row, "id", [&] {
            campaign::DraftLine l;
            l.battle = row.text("battle");
            l.operation = row.id("operation_id");
            l.kind = row.word<DraftKind>("kind");
            l.brigade_id = row.optional_id("brigade_id");
            l.leader_id = row.optional_id("leader_id");
            l.battery_id = row.optional_id("battery_id");
            l.stands = row.count("stands");
            l.submitted = row.flag("submitted");
            if (l.kind == DraftKind::leader) l.leader_fate = row.word<LeaderFate>("fate");
            if (l.kind == DraftKind::battery) l.battery_fate = row.word<BatteryFate>("fate");
            // What each kind of line names is there (the schema says so; a damaged file may not).
            const bool whole = l.kind == DraftKind::engaged  ? (l.brigade_id.has_value() != l.battery_id.has_value())
                               : l.kind == DraftKind::leader ? l.leader_id.has_value()
                               : l.kind == DraftKind::battery ? l.battery_id.has_value()
                                                              : l.brigade_id.has_value();
            if (!whole) throw Damaged("it does not name the unit its kind needs; run muster check, or restore a backup");
            l.why = row.text("why");
            out.push_back(std::move(l));
        });
        return out;
    });
}

std::vector<campaign::DraftInfo> Battles::drafts(std::int64_t campaign) const {
    return guarded(m_store.path(), [&] {
        auto& db = m_store.impl().db;
        // A line of no operation there is is damage, not a line of no one's: refused, not cleared
        // with a draft a report replaces as though it were the umpire's.
        SQLite::Statement orphan(db, "SELECT l.id AS line, l.operation_id AS operation FROM draft_line l LEFT JOIN operation o ON o.id = l.operation_id "
                                     "WHERE l.campaign_id = ? AND o.id IS NULL LIMIT 1");
        bind_all(orphan, campaign);
        if (const Row row(orphan); orphan.executeStep())
            throw Damaged("draft_line row " + row.text("line") + ": column operation_id holds \"" + row.text("operation") +
                          "\", an operation that is not there; run muster check, or restore a backup");
        SQLite::Statement q(db, "SELECT battle, sum(kind <> 'engaged') AS n FROM draft_line WHERE campaign_id = ? GROUP BY battle ORDER BY battle");
        bind_all(q, campaign);
        std::vector<campaign::DraftInfo> out;
        for (const Row row(q); q.executeStep();) out.push_back({row.text("battle"), row.integer("n"), {}});
        // A submitted loss's side: its brigade's army's.
        SQLite::Statement s(db, "SELECT l.battle, l.brigade_id, d.name AS division, b.name AS brigade, a.side, l.stands, l.why FROM draft_line l "
                                "JOIN operation o ON o.id = l.operation_id AND o.kind = ?2 JOIN brigade b ON b.id = l.brigade_id "
                                "JOIN division d ON d.id = b.division_id JOIN corps k ON k.id = d.corps_id JOIN army a ON a.id = k.army_id "
                                "WHERE l.campaign_id = ?1 ORDER BY l.id");
        bind_all(s, campaign, OperationKind::submission);
        for (const Row row(s); s.executeStep();)
            for (auto& d : out)
                if (d.battle == row.text("battle"))
                    d.submitted.push_back({row.id("brigade_id"), row.name("division") + "/" + row.name("brigade"), row.text("side"), row.count("stands"), row.text("why")});
        return out;
    });
}

std::optional<int> Battles::take_submitted_loss(std::int64_t campaign, const std::string& battle, std::int64_t brigade) {
    return guarded(m_store.path(), [&]() -> std::optional<int> {
        auto& db = m_store.impl().db;
        const std::string lines = "FROM draft_line WHERE campaign_id = ?1 AND battle = ?2 AND kind = ?3 AND brigade_id = ?4 AND "
                                  "operation_id IN (SELECT id FROM operation WHERE kind = ?5)";
        SQLite::Statement q(db, "SELECT count(*) AS n, sum(stands) AS stands " + lines);
        bind_all(q, campaign, battle, DraftKind::lost, brigade, OperationKind::submission);
        q.executeStep();
        if (Row(q).integer("n") == 0) return std::nullopt;
        const int stands = Row(q).integer("stands");
        exec(db, ("DELETE " + lines).c_str(), campaign, battle, DraftKind::lost, brigade, OperationKind::submission);
        return stands;
    });
}

void Battles::clear_draft(std::int64_t campaign, const std::string& battle) {
    guarded(m_store.path(), [&] {
        exec(m_store.impl().db, "DELETE FROM draft_line WHERE campaign_id = ? AND battle = ?", campaign, battle);
        exec(m_store.impl().db, "DELETE FROM draft_state WHERE campaign_id = ? AND battle = ?", campaign, battle);
    });
}

void Battles::clear_draft_but(std::int64_t campaign, const std::string& battle, const std::set<std::string>& fought) {
    guarded(m_store.path(), [&] {
        auto& db = m_store.impl().db;
        // A submitted loss's side is its brigade's army's, read here: whether it stays depends on
        // that line alone, not on which divisions the report read.
        std::string sides = ",";
        for (const auto& s : fought) sides += s + ",";
        exec(db,
             "DELETE FROM draft_line WHERE campaign_id = ?1 AND battle = ?2 AND NOT (operation_id IN (SELECT id FROM operation WHERE kind = ?3) AND "
             "COALESCE(brigade_id IN (SELECT b.id FROM brigade b JOIN division d ON d.id = b.division_id JOIN corps k ON k.id = d.corps_id "
             "JOIN army a ON a.id = k.army_id WHERE instr(?4, ',' || a.side || ',') = 0), 0))",
             campaign, battle, OperationKind::submission, sides);
        exec(db, "DELETE FROM draft_state WHERE campaign_id = ? AND battle = ?", campaign, battle);
    });
}

void Battles::insert_draft_state(std::int64_t campaign, const campaign::DraftState& s) {
    guarded(m_store.path(), [&] {
        exec(m_store.impl().db,
             "INSERT INTO draft_state (campaign_id, battle, operation_id, brigade_id, battery_id, state, value, why) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
             campaign, s.battle, s.operation, s.brigade_id, s.battery_id, s.state, s.value, s.why);
    });
}

std::vector<campaign::DraftState> Battles::draft_states(std::int64_t campaign, const std::string& battle) const {
    return guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db,
                            "SELECT battle, operation_id, brigade_id, battery_id, state, value, why FROM draft_state WHERE campaign_id = ? AND battle = ? "
                            "ORDER BY id");
        bind_all(q, campaign, battle);
        std::vector<campaign::DraftState> out;
        for (const Row row(q); q.executeStep();) {
            campaign::DraftState s{row.text("battle"), row.id("operation_id"), row.optional_id("brigade_id"), row.optional_id("battery_id"),
                                   row.word<TableState>("state"), row.text("value"), row.text("why")};
            if (s.brigade_id.has_value() == s.battery_id.has_value())
                throw Damaged("a state on the table in the draft of " + visible(battle) + " names no one unit; run muster check, or restore a backup");
            out.push_back(std::move(s));
        }
        return out;
    });
}

std::int64_t Battles::insert_plan(std::int64_t campaign, const campaign::PlanInfo& p) {
    return guarded(m_store.path(), [&] {
        exec(m_store.impl().db, "INSERT INTO battle_plan (campaign_id, name, date, place) VALUES (?, ?, ?, ?)", campaign, p.name, p.date, p.place);
        return m_store.impl().db.getLastInsertRowid();
    });
}

std::vector<campaign::PlannedBattle> Battles::plans(std::int64_t campaign) const {
    return guarded(m_store.path(), [&] {
        auto& db = m_store.impl().db;
        const ReadSnapshot snapshot(db);
        std::vector<campaign::PlannedBattle> out;
        SQLite::Statement q(db, "SELECT id, name, date, place, battle_id FROM battle_plan WHERE campaign_id = ? ORDER BY id");
        bind_all(q, campaign);
        for (const Row row(q); q.executeStep();)
            read_row("battle_plan", row, "id", [&] {
                out.push_back({{row.id("id"), row.text("name"), row.day("date"), row.text("place"), row.optional_id("battle_id")}, {}});
            });
        if (out.empty()) return out;
        SQLite::Statement d(db, "SELECT pd.id, pd.plan_id, pd.division_id, pd.role FROM plan_division pd JOIN battle_plan p ON p.id = pd.plan_id "
                                "WHERE p.campaign_id = ? ORDER BY pd.id");
        bind_all(d, campaign);
        for (const Row row(d); d.executeStep();)
            read_row("plan_division", row, "id", [&] {
                const auto plan = row.id("plan_id");
                for (auto& p : out)
                    if (p.plan.id == plan) p.divisions.push_back({row.id("division_id"), row.word<PlanRole>("role")});
            });
        return out;
    });
}

void Battles::set_plan_division(std::int64_t plan, std::int64_t division, PlanRole role) {
    guarded(m_store.path(), [&] {
        exec(m_store.impl().db,
             "INSERT INTO plan_division (plan_id, division_id, role) VALUES (?1, ?2, ?3) ON CONFLICT (plan_id, division_id) DO UPDATE SET role = ?3",
             plan, division, role);
    });
}

void Battles::close_plan(std::int64_t plan, std::int64_t battle) {
    guarded(m_store.path(), [&] { exec(m_store.impl().db, "UPDATE battle_plan SET battle_id = ? WHERE id = ?", battle, plan); });
}

}  // namespace muster::db
