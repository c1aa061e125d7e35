// Rows of the after-battle rules: strength moves, fates of units and leaders, battles and
// their losses, camps, prisoners and exchanges. Called inside CampaignStore::run_operation.
#include "store_impl.hpp"

namespace muster::db {
namespace {

void exec(SQLite::Database& db, const char* sql, std::initializer_list<std::int64_t> ids) {
    SQLite::Statement q(db, sql);
    int i = 1;
    for (auto id : ids) q.bind(i++, id);
    q.exec();
}

std::optional<std::int64_t> optional_id(const SQLite::Column& c) {
    if (c.isNull()) return std::nullopt;
    return c.getInt64();
}

}  // namespace

void CampaignStore::change_stands(std::int64_t operation, std::int64_t brigade, std::string_view kind, int delta) {
    if (delta == 0) return;
    guarded(m_path, [&] {
        auto& db = m_impl->db;
        SQLite::Statement m(db, "INSERT INTO move (operation_id, brigade_id, kind, stands) VALUES (?, ?, ?, ?)");
        m.bind(1, operation);
        m.bind(2, brigade);
        m.bind(3, std::string(kind));
        m.bind(4, delta);
        m.exec();
        exec(db, "UPDATE brigade SET stands = stands + ? WHERE id = ?", {delta, brigade});
    });
}

void CampaignStore::set_brigade_status(std::int64_t brigade, std::string_view status) {
    guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "UPDATE brigade SET status = ? WHERE id = ?");
        q.bind(1, std::string(status));
        q.bind(2, brigade);
        q.exec();
    });
}

void CampaignStore::set_commander(std::string_view unit_kind, std::int64_t unit, std::int64_t leader) {
    const std::string table = unit_kind == "brigadier" || unit_kind == "brigade" ? "brigade" : std::string(unit_kind);
    if (table != "brigade" && table != "division" && table != "corps" && table != "army")
        throw Error("no unit kind \"" + std::string(unit_kind) + "\" has a commander");
    guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "UPDATE " + table + " SET commander_id = ? WHERE id = ?");
        q.bind(1, leader);
        q.bind(2, unit);
        q.exec();
    });
}

void CampaignStore::set_leader_status(std::int64_t leader, std::string_view status, std::optional<std::int64_t> fell_in,
                                      std::optional<int> out_battles) {
    guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "UPDATE leader SET status = ?, fell_in = ?, out_battles = ? WHERE id = ?");
        q.bind(1, std::string(status));
        if (fell_in) q.bind(2, *fell_in);
        else q.bind(2);
        if (out_battles) q.bind(3, *out_battles);
        else q.bind(3);
        q.bind(4, leader);
        q.exec();
    });
}

void CampaignStore::set_battery_status(std::int64_t battery, std::string_view status) {
    guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "UPDATE battery SET status = ? WHERE id = ?");
        q.bind(1, std::string(status));
        q.bind(2, battery);
        q.exec();
    });
}

void CampaignStore::update_campaign_settings(const CampaignRow& row) {
    guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db,
                            "UPDATE campaign SET return_rate = ?, rounding = ?, despicable = ?, men_per_stand = ? WHERE id = ?");
        q.bind(1, row.return_rate);
        q.bind(2, row.rounding);
        q.bind(3, row.despicable);
        if (row.men_per_stand) q.bind(4, *row.men_per_stand);
        else q.bind(4);
        q.bind(5, row.id);
        q.exec();
    });
}

std::int64_t CampaignStore::insert_battle(std::int64_t campaign, const BattleRow& b) {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "INSERT INTO battle (campaign_id, name, date, place) VALUES (?, ?, ?, ?)");
        q.bind(1, campaign);
        q.bind(2, b.name);
        q.bind(3, b.date);
        q.bind(4, b.place);
        q.exec();
        return m_impl->db.getLastInsertRowid();
    });
}

void CampaignStore::insert_battle_division(std::int64_t battle, std::int64_t division) {
    guarded(m_path, [&] { exec(m_impl->db, "INSERT INTO battle_division (battle_id, division_id) VALUES (?, ?)", {battle, division}); });
}

void CampaignStore::insert_loss(std::int64_t battle, std::int64_t brigade, int casualties, int captured) {
    guarded(m_path, [&] {
        exec(m_impl->db, "INSERT INTO battle_loss (battle_id, brigade_id, casualties, captured) VALUES (?, ?, ?, ?)",
             {battle, brigade, casualties, captured});
    });
}

void CampaignStore::set_returned(std::int64_t battle, std::int64_t brigade, int returned) {
    guarded(m_path, [&] {
        exec(m_impl->db, "UPDATE battle_loss SET returned = ? WHERE battle_id = ? AND brigade_id = ?", {returned, battle, brigade});
    });
}

void CampaignStore::set_battle_recovered(std::int64_t battle) {
    guarded(m_path, [&] { exec(m_impl->db, "UPDATE battle SET recovered = 1 WHERE id = ?", {battle}); });
}

std::int64_t CampaignStore::insert_camp(std::int64_t campaign, std::string_view side, std::string_view name) {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "INSERT INTO camp (campaign_id, side, name) VALUES (?, ?, ?)");
        q.bind(1, campaign);
        q.bind(2, std::string(side));
        q.bind(3, std::string(name));
        q.exec();
        return m_impl->db.getLastInsertRowid();
    });
}

void CampaignStore::set_camp_liberated(std::int64_t camp) {
    guarded(m_path, [&] { exec(m_impl->db, "UPDATE camp SET liberated = 1 WHERE id = ?", {camp}); });
}

void CampaignStore::hold_stands(std::int64_t camp, std::int64_t brigade, int stands) {
    guarded(m_path, [&] {
        exec(m_impl->db,
             "INSERT INTO prisoner (camp_id, brigade_id, stands) VALUES (?, ?, ?) "
             "ON CONFLICT (camp_id, brigade_id) DO UPDATE SET stands = stands + excluded.stands",
             {camp, brigade, stands});
    });
}

void CampaignStore::hold_leader(std::int64_t camp, std::int64_t leader) {
    guarded(m_path, [&] { exec(m_impl->db, "INSERT INTO prisoner (camp_id, leader_id) VALUES (?, ?)", {camp, leader}); });
}

void CampaignStore::hold_battery(std::int64_t camp, std::int64_t battery) {
    guarded(m_path, [&] { exec(m_impl->db, "INSERT INTO prisoner (camp_id, battery_id) VALUES (?, ?)", {camp, battery}); });
}

void CampaignStore::release(const Holding& h, int stands) {
    guarded(m_path, [&] {
        if (h.kind == "stands" && stands < h.stands)
            exec(m_impl->db, "UPDATE prisoner SET stands = stands - ? WHERE id = ?", {stands, h.prisoner_id});
        else
            exec(m_impl->db, "DELETE FROM prisoner WHERE id = ?", {h.prisoner_id});
    });
}

std::int64_t CampaignStore::insert_exchange(std::int64_t campaign, const ExchangeRow& e) {
    return guarded(m_path, [&] {
        auto& db = m_impl->db;
        SQLite::Statement q(db, "INSERT INTO exchange (campaign_id, proposer, counterpart, note) VALUES (?, ?, ?, ?)");
        q.bind(1, campaign);
        q.bind(2, e.proposer);
        q.bind(3, e.counterpart);
        q.bind(4, e.note);
        q.exec();
        const auto id = db.getLastInsertRowid();
        SQLite::Statement item(db,
                               "INSERT INTO exchange_item (exchange_id, direction, brigade_id, stands, leader_id, battery_id) "
                               "VALUES (?, ?, ?, ?, ?, ?)");
        for (const auto& it : e.items) {
            item.bind(1, id);
            item.bind(2, it.direction);
            if (it.kind == "stands") item.bind(3, it.unit_id); else item.bind(3);
            item.bind(4, it.kind == "stands" ? it.stands : 0);
            if (it.kind == "leader") item.bind(5, it.unit_id); else item.bind(5);
            if (it.kind == "battery") item.bind(6, it.unit_id); else item.bind(6);
            item.exec();
            item.reset();
        }
        return id;
    });
}

void CampaignStore::set_exchange_status(std::int64_t exchange, std::string_view status) {
    guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "UPDATE exchange SET status = ? WHERE id = ?");
        q.bind(1, std::string(status));
        q.bind(2, exchange);
        q.exec();
    });
}

std::vector<BrigadeRow> CampaignStore::brigades(std::int64_t campaign) const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db,
                            "SELECT b.id, b.name, d.name, d.id, a.side, b.rating, b.status, b.stands, b.start_stands, b.commander_id, "
                            "b.worn_at, b.spent_at "
                            "FROM brigade b JOIN division d ON d.id = b.division_id JOIN corps k ON k.id = d.corps_id "
                            "JOIN army a ON a.id = k.army_id WHERE b.campaign_id = ? ORDER BY b.id");
        q.bind(1, campaign);
        std::vector<BrigadeRow> out;
        while (q.executeStep())
            out.push_back({q.getColumn(0).getInt64(), q.getColumn(1).getString(), q.getColumn(2).getString(),
                           q.getColumn(3).getInt64(), q.getColumn(4).getString(), q.getColumn(5).getString(),
                           q.getColumn(6).getString(), q.getColumn(7).getInt(), q.getColumn(8).getInt(),
                           optional_id(q.getColumn(9)),
                           q.getColumn(10).isNull() ? std::nullopt : std::optional<int>(q.getColumn(10).getInt()),
                           q.getColumn(11).isNull() ? std::nullopt : std::optional<int>(q.getColumn(11).getInt())});
        return out;
    });
}

std::vector<LeaderRow> CampaignStore::leaders(std::int64_t campaign) const {
    return guarded(m_path, [&] {
        // The unit each leader commands, if any: a brigade (named with its division), a division, a corps or an army.
        SQLite::Statement q(m_impl->db,
                            "SELECT l.id, l.name, l.side, l.rank, l.grade, l.rolled_grade, l.status, l.fell_in, l.out_battles, "
                            "COALESCE(bd.name || '/' || b.name, xd.name || '/' || x.name || ' (alternate)', d.name, k.name, a.name, ''), "
                            "CASE WHEN b.id IS NOT NULL THEN 'brigade' WHEN x.id IS NOT NULL THEN 'alternate' WHEN d.id IS NOT NULL "
                            "THEN 'division' WHEN k.id IS NOT NULL THEN 'corps' WHEN a.id IS NOT NULL THEN 'army' ELSE '' END, "
                            "COALESCE(b.id, x.id, d.id, k.id, a.id, 0) "
                            "FROM leader l LEFT JOIN brigade b ON b.commander_id = l.id LEFT JOIN division bd ON bd.id = b.division_id "
                            "LEFT JOIN brigade x ON x.alternate_id = l.id LEFT JOIN division xd ON xd.id = x.division_id "
                            "LEFT JOIN division d ON d.commander_id = l.id LEFT JOIN corps k ON k.commander_id = l.id "
                            "LEFT JOIN army a ON a.commander_id = l.id WHERE l.campaign_id = ? ORDER BY l.id");
        q.bind(1, campaign);
        std::vector<LeaderRow> out;
        while (q.executeStep()) {
            LeaderRow l;
            l.id = q.getColumn(0).getInt64();
            l.name = q.getColumn(1).getString();
            l.side = q.getColumn(2).getString();
            l.rank = q.getColumn(3).getString();
            l.grade = q.getColumn(4).getString();
            l.rolled_grade = q.getColumn(5).getString();
            l.status = q.getColumn(6).getString();
            l.fell_in = optional_id(q.getColumn(7));
            l.out_battles = q.getColumn(8).isNull() ? 0 : q.getColumn(8).getInt();
            l.commands = q.getColumn(9).getString();
            l.unit_kind = q.getColumn(10).getString();
            l.unit_id = q.getColumn(11).getInt64();
            out.push_back(std::move(l));
        }
        return out;
    });
}

std::vector<BatteryRow> CampaignStore::batteries(std::int64_t campaign) const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db,
                            "SELECT t.id, t.name, COALESCE(d.name, k.name, a.name), COALESCE(da.side, ka.side, a.side), t.status "
                            "FROM battery t LEFT JOIN division d ON d.id = t.division_id "
                            "LEFT JOIN corps dk ON dk.id = d.corps_id LEFT JOIN army da ON da.id = dk.army_id "
                            "LEFT JOIN corps k ON k.id = t.corps_id LEFT JOIN army ka ON ka.id = k.army_id "
                            "LEFT JOIN army a ON a.id = t.army_id WHERE t.campaign_id = ? ORDER BY t.id");
        q.bind(1, campaign);
        std::vector<BatteryRow> out;
        while (q.executeStep())
            out.push_back({q.getColumn(0).getInt64(), q.getColumn(1).getString(), q.getColumn(2).getString(),
                           q.getColumn(3).getString(), q.getColumn(4).getString()});
        return out;
    });
}

std::vector<CampRow> CampaignStore::camps(std::int64_t campaign) const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "SELECT id, name, side, liberated FROM camp WHERE campaign_id = ? ORDER BY id");
        q.bind(1, campaign);
        std::vector<CampRow> out;
        while (q.executeStep())
            out.push_back({q.getColumn(0).getInt64(), q.getColumn(1).getString(), q.getColumn(2).getString(),
                           q.getColumn(3).getInt() != 0});
        return out;
    });
}

std::vector<Holding> CampaignStore::holdings(std::int64_t campaign) const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db,
                            "SELECT p.id, p.camp_id, CASE WHEN p.brigade_id IS NOT NULL THEN 'stands' WHEN p.leader_id IS NOT NULL "
                            "THEN 'leader' ELSE 'battery' END, COALESCE(p.brigade_id, p.leader_id, p.battery_id), p.stands "
                            "FROM prisoner p JOIN camp c ON c.id = p.camp_id WHERE c.campaign_id = ? ORDER BY p.camp_id, p.id");
        q.bind(1, campaign);
        std::vector<Holding> out;
        while (q.executeStep())
            out.push_back({q.getColumn(0).getInt64(), q.getColumn(1).getInt64(), q.getColumn(2).getString(),
                           q.getColumn(3).getInt64(), q.getColumn(4).getInt()});
        return out;
    });
}

std::vector<BattleRow> CampaignStore::battles(std::int64_t campaign) const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "SELECT id, name, date, place, recovered FROM battle WHERE campaign_id = ? ORDER BY id");
        q.bind(1, campaign);
        std::vector<BattleRow> out;
        while (q.executeStep())
            out.push_back({q.getColumn(0).getInt64(), q.getColumn(1).getString(), q.getColumn(2).getString(),
                           q.getColumn(3).getString(), q.getColumn(4).getInt() != 0});
        return out;
    });
}

std::vector<LossRow> CampaignStore::losses(std::int64_t battle) const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db,
                            "SELECT brigade_id, casualties, captured, returned FROM battle_loss WHERE battle_id = ? ORDER BY brigade_id");
        q.bind(1, battle);
        std::vector<LossRow> out;
        while (q.executeStep())
            out.push_back({q.getColumn(0).getInt64(), q.getColumn(1).getInt(), q.getColumn(2).getInt(), q.getColumn(3).getInt()});
        return out;
    });
}

std::vector<std::int64_t> CampaignStore::battle_divisions(std::int64_t battle) const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "SELECT division_id FROM battle_division WHERE battle_id = ? ORDER BY division_id");
        q.bind(1, battle);
        std::vector<std::int64_t> out;
        while (q.executeStep()) out.push_back(q.getColumn(0).getInt64());
        return out;
    });
}

std::vector<ExchangeRow> CampaignStore::exchanges(std::int64_t campaign) const {
    return guarded(m_path, [&] {
        auto& db = m_impl->db;
        std::vector<ExchangeRow> out;
        SQLite::Statement q(db, "SELECT id, proposer, counterpart, status, note FROM exchange WHERE campaign_id = ? ORDER BY id");
        q.bind(1, campaign);
        while (q.executeStep())
            out.push_back({q.getColumn(0).getInt64(), q.getColumn(1).getString(), q.getColumn(2).getString(),
                           q.getColumn(3).getString(), q.getColumn(4).getString(), {}});
        SQLite::Statement items(db,
                                "SELECT direction, CASE WHEN brigade_id IS NOT NULL THEN 'stands' WHEN leader_id IS NOT NULL "
                                "THEN 'leader' ELSE 'battery' END, COALESCE(brigade_id, leader_id, battery_id), stands "
                                "FROM exchange_item WHERE exchange_id = ? ORDER BY id");
        for (auto& e : out) {
            items.bind(1, e.id);
            while (items.executeStep())
                e.items.push_back({items.getColumn(0).getString(), items.getColumn(1).getString(),
                                   items.getColumn(2).getInt64(), items.getColumn(3).getInt()});
            items.reset();
        }
        return out;
    });
}

}  // namespace muster::db
