// The leaders' rows: leaders, whom they command, their fates.
#include "db/leaders.hpp"
#include "store_impl.hpp"


namespace muster::db {

std::int64_t Leaders::insert_leader(std::int64_t campaign, std::string_view side, Rank rank,
                                          const army::Leader& leader) {
    return guarded(m_store.path(), [&] {
        auto& q = m_store.impl().cached(
            "INSERT INTO leader (campaign_id, side, name, rank, grade, rolled_grade, status, out_battles) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
        bind_all(q, campaign, side, leader.name, rank, leader.grade, leader.rolled_grade.empty() ? leader.grade : leader.rolled_grade, leader.status,
                 leader.status == LeaderStatus::wounded ? std::optional(leader.out_battles) : std::nullopt);
        q.exec();
        return m_store.impl().db.getLastInsertRowid();
    });
}

void Leaders::set_commander(UnitKind unit_kind, std::int64_t unit, std::int64_t leader, Rank rank, const std::string& post) {
    guarded(m_store.path(), [&] {
        // The table of each kind of unit has the kind's own spelling as its name.
        SQLite::Statement was(m_store.impl().db, "SELECT commander_id FROM " + word(unit_kind) + " WHERE id = ? AND commander_id IS NOT NULL");
        bind_all(was, unit);
        if (was.executeStep()) {
            const std::int64_t old = Row(was).id("commander_id");
            exec(m_store.impl().db, "UPDATE leader SET former_post = ? WHERE id = ?", post, old);
            end_attachments(old);  // displaced, his attachment ends (a corps leader's, or one to him as a division leader)
        }
        SQLite::Statement q(m_store.impl().db, "UPDATE " + word(unit_kind) + " SET commander_id = ? WHERE id = ?");
        bind_all(q, leader, unit);
        q.exec();
        SQLite::Statement r(m_store.impl().db, "UPDATE leader SET rank = ? WHERE id = ?");
        bind_all(r, rank, leader);
        r.exec();
    });
}

void Leaders::set_leader_status(std::int64_t leader, LeaderStatus status, std::optional<std::int64_t> fell_in,
                                      std::optional<int> out_battles, bool by_roll) {
    guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db, "UPDATE leader SET status = ?, fell_in = ?, out_battles = ?, fell_by_roll = ? WHERE id = ?");
        bind_all(q, status, fell_in, out_battles, by_roll, leader);
        q.exec();
    });
}

void Leaders::leave_brigade(std::int64_t brigade, const std::string& post) {
    guarded(m_store.path(), [&] {
        exec(m_store.impl().db, "UPDATE leader SET former_post = ?1 WHERE id IN (SELECT commander_id FROM brigade WHERE id = ?2 UNION ALL "
                                "SELECT alternate_id FROM brigade WHERE id = ?2)", post, brigade);
        exec(m_store.impl().db, "UPDATE brigade SET commander_id = NULL, alternate_id = NULL WHERE id = ?", brigade);
    });
}

void Leaders::promote_alternate(std::int64_t brigade, const std::string& post) {
    guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db, "SELECT alternate_id FROM brigade WHERE id = ? AND alternate_id IS NOT NULL");
        bind_all(q, brigade);
        if (!q.executeStep()) throw Damaged("brigade #" + std::to_string(brigade) + " has no Alternate commander to promote");
        const auto alternate = Row(q).id("alternate_id");
        // He holds that post alone: a leader holds one post (check names one holding two).
        SQLite::Statement posts(m_store.impl().db, "SELECT (SELECT count(*) FROM army WHERE commander_id = ?1) + (SELECT count(*) FROM corps WHERE commander_id = ?1) + "
                                                   "(SELECT count(*) FROM division WHERE commander_id = ?1) + (SELECT count(*) FROM brigade WHERE commander_id = ?1 "
                                                   "OR alternate_id = ?1) AS n");
        bind_all(posts, alternate);
        posts.executeStep();
        if (Row(posts).count("n") != 1)
            throw Damaged("brigade row " + std::to_string(brigade) + ": column alternate_id names leader #" + std::to_string(alternate) +
                          ", who holds another post too (a leader holds one); run muster check, or restore a backup");
        exec(m_store.impl().db, "UPDATE brigade SET alternate_id = NULL WHERE id = ?", brigade);
        set_commander(UnitKind::brigade, brigade, alternate, Rank::brigadier, post);
    });
}

void Leaders::end_attachments(std::int64_t leader) {
    guarded(m_store.path(), [&] { exec(m_store.impl().db, "UPDATE leader SET attached_to = NULL WHERE id = ?1 OR attached_to = ?1", leader); });
}

namespace {

// The unit each leader commands, from three scans joined here by the leader's id: SQLite would
// build a temporary index for each join. A brigade out of service (merged, disbanded,
// destroyed) is commanded by no one: its brigadier may be given another. Given divisions (a
// JSON array of ids), only theirs and the corps and armies above them.
CommandOffers command_offers(SQLite::Database& db, std::int64_t campaign, const std::string* divisions) {
    CommandOffers commands;
    SQLite::Statement brigades(db, std::string("SELECT b.id, b.name, d.name AS division, b.commander_id, b.alternate_id FROM brigade b "
                                               "JOIN division d ON d.id = b.division_id WHERE " + std::string(divisions ? "+" : "") +
                                                   "b.campaign_id = ?1 AND b.status = 'active' "
                                               "AND (b.commander_id IS NOT NULL OR b.alternate_id IS NOT NULL) ") +
                                       (divisions ? "AND b.division_id IN (SELECT value FROM json_each(?2)) " : "") + "ORDER BY b.id");
    if (divisions) bind_all(brigades, campaign, *divisions);
    else bind_all(brigades, campaign);
    for (const Row row(brigades); brigades.executeStep();) {
        const std::string ref = row.text("division") + "/" + row.text("name");
        if (const auto id = row.optional_id("commander_id")) commands[*id].offer(CommandOffer::k_brigade, ref, UnitKind::brigade, row.id("id"));
        if (const auto id = row.optional_id("alternate_id")) commands[*id].offer(CommandOffer::k_alternate, ref + " (alternate)", std::nullopt, 0);
    }
    const std::string in = "(SELECT value FROM json_each(?2))";
    const std::string campaign_is = divisions ? "+campaign_id = ?1" : "campaign_id = ?1";  // filtered: by the ids, not the campaign's index
    SQLite::Statement units(
        db, "SELECT 'division' AS kind, id, name, commander_id FROM division WHERE " + campaign_is + " AND commander_id IS NOT NULL" +
                (divisions ? " AND id IN " + in : "") +
                " UNION ALL SELECT 'corps', id, name, commander_id FROM corps WHERE " + campaign_is + " AND commander_id IS NOT NULL" +
                (divisions ? " AND id IN (SELECT corps_id FROM division WHERE id IN " + in + ")" : "") +
                " UNION ALL SELECT 'army', id, name, commander_id FROM army WHERE " + campaign_is + " AND commander_id IS NOT NULL" +
                (divisions ? " AND id IN (SELECT k.army_id FROM corps k JOIN division d ON d.corps_id = k.id WHERE d.id IN " + in + ")" : "") +
                " ORDER BY id");
    if (divisions) bind_all(units, campaign, *divisions);
    else bind_all(units, campaign);
    for (const Row row(units); units.executeStep();) {
        const auto kind = row.word<UnitKind>("kind");
        commands[row.id("commander_id")].offer(CommandOffer::rank_of(kind), row.text("name"), kind, row.id("id"));
    }
    return commands;
}

}  // namespace

std::vector<army::Leader> Leaders::leaders(std::int64_t campaign) const {
    return guarded(m_store.path(), [&] {
        auto& db = m_store.impl().db;
        const ReadSnapshot snapshot(db);
        auto commands = command_offers(db, campaign, nullptr);
        auto out = read_leaders(db, campaign);
        give_commands(out, std::move(commands));
        return out;
    });
}

std::vector<army::Leader> Leaders::leaders_of(std::int64_t campaign, const std::string& divisions, const std::vector<std::int64_t>& also) const {
    return guarded(m_store.path(), [&] {
        auto& db = m_store.impl().db;
        const ReadSnapshot snapshot(db);
        auto commands = command_offers(db, campaign, &divisions);
        // The commanders, the leaders attached to them, and those they are attached to (whether
        // that one is still in play says whether a corps leader is with his division leader).
        std::string ids = "[";
        for (const auto& [id, _] : commands) ids += (ids.size() > 1 ? "," : "") + std::to_string(id);
        ids += "]";
        SQLite::Statement attached(db, "SELECT id FROM leader WHERE attached_to IN (SELECT value FROM json_each(?1)) UNION "
                                       "SELECT attached_to FROM leader WHERE id IN (SELECT value FROM json_each(?1)) AND attached_to IS NOT NULL");
        bind_all(attached, ids);
        std::string with = ids.substr(0, ids.size() - 1);
        for (const Row row(attached); attached.executeStep();) with += (with.size() > 1 ? "," : "") + std::to_string(row.id("id"));
        for (const auto id : also) with += (with.size() > 1 ? "," : "") + std::to_string(id);
        with += "]";
        auto out = read_leaders(db, campaign, &with);
        require_leaders_found(out, also);  // the commanders' give_commands finds
        give_commands(out, std::move(commands));
        return out;
    });
}

void Leaders::attach(std::int64_t corps_leader, std::int64_t division_leader) {
    guarded(m_store.path(), [&] { exec(m_store.impl().db, "UPDATE leader SET attached_to = ? WHERE id = ?", division_leader, corps_leader); });
}

void Leaders::set_grade(std::int64_t leader, std::string_view grade) {
    guarded(m_store.path(), [&] {
        exec(m_store.impl().db, "UPDATE leader SET grade = ?1, rolled_grade = ?1, grade_revealed = 1 WHERE id = ?2", grade, leader);
    });
}

void Leaders::play_rolled_grade(std::int64_t campaign, std::string_view rolled, std::string_view book, std::string_view plays) {
    guarded(m_store.path(), [&] {
        exec(m_store.impl().db, "UPDATE leader SET grade = ?4 WHERE campaign_id = ?1 AND rolled_grade = ?2 AND grade IN (?2, ?3) AND grade <> ?4", campaign, rolled,
             book, plays);
    });
}

void Leaders::reveal_grade(std::int64_t leader) {
    guarded(m_store.path(), [&] { exec(m_store.impl().db, "UPDATE leader SET grade_revealed = 1 WHERE id = ?", leader); });
}

bool Leaders::leader_name_taken(std::int64_t campaign, std::string_view side, std::string_view name) const {
    return guarded(m_store.path(), [&] {
        // From the name: the side's few leaders and units of that name (by the indexes on names),
        // then whether the side sees them (a leader by the units he commands, by the indexes on
        // commanders; the prisoners, few, scanned for one held under it); not every unit the side
        // sees. Cached: it is asked once a name drawn.
        static const std::string seen_division = "JOIN corps k ON k.id = d.corps_id JOIN army a ON a.id = k.army_id WHERE d.hidden = 0 AND a.side = ?2";
        // A corps or an army the other side reads: one with a division it has seen, or seen by
        // name (as its views show them); the names in one it never reads would tell of it.
        static const std::string seen_corps = "EXISTS (SELECT 1 FROM division s WHERE s.corps_id = k.id AND (s.hidden = 0 OR s.name_seen))";
        static const std::string seen_army =
            "EXISTS (SELECT 1 FROM corps t JOIN division s ON s.corps_id = t.id WHERE t.army_id = a.id AND (s.hidden = 0 OR s.name_seen))";
        static const std::string sql =
            "SELECT EXISTS (SELECT 1 FROM leader l WHERE l.campaign_id = ?1 AND l.side = ?2 AND l.name = ?3 AND ("
            "EXISTS (SELECT 1 FROM army a WHERE a.commander_id = l.id AND a.side = ?2 AND " + seen_army + ") "
            "OR EXISTS (SELECT 1 FROM corps k JOIN army a ON a.id = k.army_id WHERE k.commander_id = l.id AND a.side = ?2 AND " + seen_corps + ") "
            "OR EXISTS (SELECT 1 FROM division d " + seen_division + " AND d.commander_id = l.id) "
            "OR EXISTS (SELECT 1 FROM brigade b JOIN division d ON d.id = b.division_id " + seen_division + " AND b.commander_id = l.id) "
            "OR EXISTS (SELECT 1 FROM brigade b JOIN division d ON d.id = b.division_id " + seen_division + " AND b.alternate_id = l.id) "
            // One who fell where the enemy saw it: its battle views name him, by the name he fell
            // under where the battle keeps it (below), not one given him out of its sight since.
            "OR (l.status IN ('wounded', 'killed') AND NOT EXISTS (SELECT 1 FROM battle_fallen fk WHERE fk.battle_id = l.fell_in AND fk.leader_id = l.id "
            "AND fk.known_as IS NOT NULL) AND " + fall_seen("l") + "))) "
            // Each fall it saw, his latest or one he has come back from (the falls, few, scanned for
            // the name: not every leader of the side).
            "OR EXISTS (SELECT 1 FROM battle_fallen fk CROSS JOIN leader l ON l.id = fk.leader_id WHERE fk.known_as = ?3 "
            "AND l.campaign_id = ?1 AND l.side = ?2 AND " + fall_row_seen("fk", "l.side") + ") "
            // One its camps hold, by the name they took him under (his side may have renamed him since).
            "OR EXISTS (SELECT 1 FROM prisoner p JOIN leader h ON h.id = p.leader_id WHERE h.campaign_id = ?1 AND h.side = ?2 AND p.known_as = ?3) "
            "OR EXISTS (SELECT 1 FROM army a WHERE a.campaign_id = ?1 AND a.name = ?3 AND a.side = ?2 AND " + seen_army + ") "
            "OR EXISTS (SELECT 1 FROM corps k JOIN army a ON a.id = k.army_id WHERE k.campaign_id = ?1 AND k.name = ?3 AND a.side = ?2 AND " + seen_corps + ") "
            "OR EXISTS (SELECT 1 FROM division d JOIN corps k ON k.id = d.corps_id JOIN army a ON a.id = k.army_id WHERE (d.hidden = 0 OR d.name_seen) "
            "AND a.side = ?2 AND d.campaign_id = ?1 AND d.name = ?3) AS taken";  // a division's name, read whole or by name alone
        const Store::Impl::Lookup lookup(m_store.impl(), sql.c_str());
        auto& q = lookup.q;
        bind_all(q, campaign, side, name);
        q.executeStep();
        return Row(q).integer("taken") != 0;
    });
}

// The names leaders bear, and those placeholders' commanders are known by before they arrive.
constexpr const char* k_leader_names = "SELECT name FROM leader WHERE campaign_id = ?1 UNION ALL SELECT leader_name FROM division "
                                       "WHERE campaign_id = ?1 AND status = 'placeholder' AND commander_id IS NULL AND leader_name IS NOT NULL";

std::optional<std::string> Leaders::leader_named(std::int64_t campaign, std::string_view name) const {
    return guarded(m_store.path(), [&]() -> std::optional<std::string> {
        SQLite::Statement q(m_store.impl().db, std::string("SELECT name FROM (") + k_leader_names + ") WHERE name = ?2 COLLATE NOCASE LIMIT 1");
        bind_all(q, campaign, name);
        if (!q.executeStep()) return std::nullopt;
        return Row(q).text("name");
    });
}

std::vector<std::string> Leaders::leader_names(std::int64_t campaign) const {
    return guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db, k_leader_names);
        bind_all(q, campaign);
        std::vector<std::string> out;
        for (const Row row(q); q.executeStep();) out.push_back(row.text("name"));
        return out;
    });
}

}  // namespace muster::db
