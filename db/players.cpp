// The players' rows: players, when their links were used, their messages.
#include "db/players.hpp"
#include "store_impl.hpp"

namespace muster::db {
namespace {

const char* const k_player_columns =
    "SELECT p.id, p.campaign_id, p.name, p.side, p.umpire, p.revoked, p.created_at, COALESCE(u.last_used, '') AS last_used "
    "FROM player p LEFT JOIN player_use u ON u.player_id = p.id ";

campaign::PlayerInfo player_of(const Row& row) {
    campaign::PlayerInfo p;
    p.id = row.id("id");
    p.campaign_id = row.id("campaign_id");
    p.name = row.text("name");
    p.umpire = row.flag("umpire");
    p.side = p.umpire ? std::string() : row.text("side");
    p.revoked = row.flag("revoked");
    p.created_at = row.text("created_at");
    p.last_used = row.text("last_used");
    return p;
}

}  // namespace

std::int64_t Players::insert_player(std::int64_t campaign, const campaign::PlayerInfo& player, std::string_view token_hash) {
    return guarded(m_store.path(), [&] {
        auto& db = m_store.impl().db;
        SQLite::Statement q(db, "INSERT INTO player (campaign_id, name, side, umpire, token_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)");
        bind_all(q, campaign, player.name, player.umpire ? std::string("umpire") : player.side, player.umpire ? 1 : 0, std::string(token_hash),
                 player.created_at);
        q.exec();
        return db.getLastInsertRowid();
    });
}

void Players::revoke(std::int64_t player) {
    guarded(m_store.path(), [&] { exec(m_store.impl().db, "UPDATE player SET revoked = 1 WHERE id = ?", player); });
}

void Players::relink(std::int64_t player, std::string_view token_hash) {
    guarded(m_store.path(), [&] { exec(m_store.impl().db, "UPDATE player SET token_hash = ?, revoked = 0 WHERE id = ?", std::string(token_hash), player); });
}

std::vector<campaign::PlayerInfo> Players::players(std::int64_t campaign) const {
    return guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db, std::string(k_player_columns) + "WHERE p.campaign_id = ? ORDER BY p.name");
        bind_all(q, campaign);
        std::vector<campaign::PlayerInfo> out;
        for (const Row row(q); q.executeStep();) out.push_back(player_of(row));
        return out;
    });
}

std::optional<campaign::PlayerInfo> Players::by_token_hash(std::string_view token_hash) const {
    return guarded(m_store.path(), [&]() -> std::optional<campaign::PlayerInfo> {
        SQLite::Statement q(m_store.impl().db, std::string(k_player_columns) + "WHERE p.token_hash = ?");
        bind_all(q, std::string(token_hash));
        const Row row(q);
        if (!q.executeStep()) return std::nullopt;
        return player_of(row);
    });
}

void Players::used(std::int64_t player, std::string_view when) const {
    auto& db = m_store.impl().db;
    try {
        db.setBusyTimeout(0);
        SQLite::Transaction t = write_transaction(db, 0);
        m_store.require_sound_trees();  // a file that would change behind the note (a trigger of another's) takes none; its forms say why
        SQLite::Statement q(db, "INSERT INTO player_use (player_id, last_used) VALUES (?, ?) "
                                "ON CONFLICT (player_id) DO UPDATE SET last_used = excluded.last_used");
        bind_all(q, player, std::string(when));
        q.exec();
        t.commit();
    } catch (const std::exception&) {
        // Busy (another muster is writing), or a file that would change behind it: the note waits for the next use.
    }
    db.setBusyTimeout(m_store.impl().busy_timeout_ms);
}

std::int64_t Players::insert_message(std::int64_t campaign, std::int64_t player, std::string_view side, Turn turn, std::string_view text,
                                     std::string_view when) {
    return guarded(m_store.path(), [&] {
        auto& db = m_store.impl().db;
        SQLite::Statement q(db, "INSERT INTO message (campaign_id, player_id, side, turn, text, created_at) VALUES (?, ?, ?, ?, ?, ?)");
        bind_all(q, campaign, player, std::string(side), turn, std::string(text), std::string(when));
        q.exec();
        return db.getLastInsertRowid();
    });
}

std::vector<campaign::MessageInfo> Players::messages(std::int64_t campaign) const {
    return guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db,
                            "SELECT m.id, p.name AS player, m.side, m.turn, m.text, m.created_at FROM message m JOIN player p ON p.id = m.player_id "
                            "WHERE m.campaign_id = ? ORDER BY m.id");
        bind_all(q, campaign);
        std::vector<campaign::MessageInfo> out;
        for (const Row row(q); q.executeStep();)
            out.push_back({row.id("id"), row.text("player"), row.text("side"), row.turn("turn"), row.text("text"), row.text("created_at")});
        return out;
    });
}

int Players::operations_by(std::int64_t campaign, std::int64_t player, OperationKind kind, std::int64_t first, std::int64_t end) const {
    return guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db,
                            "SELECT COUNT(*) AS n FROM operation WHERE campaign_id = ? AND player_id = ? AND kind = ? AND id >= ? AND id < ?");
        bind_all(q, campaign, player, kind, first, end);
        q.executeStep();
        return Row(q).integer("n");
    });
}

}  // namespace muster::db
