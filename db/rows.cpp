// Writing and finding rows: campaigns, leaders, armies, corps, divisions, brigades, batteries,
// moves and rolls. Called inside CampaignStore::run_operation, so each is part of one operation.
#include "store_impl.hpp"

namespace muster::db {
namespace {

void bind_optional(SQLite::Statement& s, int index, std::optional<std::int64_t> v) {
    if (v) s.bind(index, *v);
    else s.bind(index);
}

void bind_optional_int(SQLite::Statement& s, int index, std::optional<int> v) {
    if (v) s.bind(index, *v);
    else s.bind(index);
}

CampaignRow read_campaign(SQLite::Statement& q) {
    CampaignRow r;
    r.id = q.getColumn(0).getInt64();
    r.name = q.getColumn(1).getString();
    r.rules_id = q.getColumn(2).getString();
    r.rules_json = q.getColumn(3).getString();
    r.return_rate = q.getColumn(4).getInt();
    r.rounding = q.getColumn(5).getString();
    r.despicable = q.getColumn(6).getString();
    r.dice = q.getColumn(7).getString();
    r.seed = from_sql(q.getColumn(8).getInt64());
    r.dice_counter = from_sql(q.getColumn(9).getInt64());
    r.created_at = q.getColumn(10).getString();
    if (!q.getColumn(11).isNull()) r.men_per_stand = q.getColumn(11).getInt();
    return r;
}

constexpr const char* k_campaign_columns =
    "SELECT id, name, rules_id, rules_json, return_rate, rounding, despicable, dice, seed, dice_counter, created_at, "
    "men_per_stand FROM campaign ";

void insert_move(SQLite::Database& db, std::int64_t operation, std::int64_t brigade, std::string_view kind, int stands) {
    SQLite::Statement m(db, "INSERT INTO move (operation_id, brigade_id, kind, stands) VALUES (?, ?, ?, ?)");
    m.bind(1, operation);
    m.bind(2, brigade);
    m.bind(3, std::string(kind));
    m.bind(4, stands);
    m.exec();
}

}  // namespace

std::int64_t CampaignStore::create_campaign(const CampaignRow& row) {
    return guarded(m_path, [&] {
        auto& db = m_impl->db;
        SQLite::Transaction t(db, SQLite::TransactionBehavior::IMMEDIATE);
        SQLite::Statement q(db,
                            "INSERT INTO campaign (name, rules_id, rules_json, return_rate, rounding, despicable, dice, "
                            "seed, dice_counter, created_at, men_per_stand) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)");
        q.bind(1, row.name);
        q.bind(2, row.rules_id);
        q.bind(3, row.rules_json);
        q.bind(4, row.return_rate);
        q.bind(5, row.rounding);
        q.bind(6, row.despicable);
        q.bind(7, row.dice);
        q.bind(8, to_sql(row.seed));
        const std::string now = now_utc();
        q.bind(9, now);
        bind_optional_int(q, 10, row.men_per_stand);
        q.exec();
        const std::int64_t id = db.getLastInsertRowid();
        SQLite::Statement op(db, "INSERT INTO operation (campaign_id, kind, summary, created_at) VALUES (?, 'create', ?, ?)");
        op.bind(1, id);
        op.bind(2, "Created campaign " + row.name + " with rule set " + row.rules_id);
        op.bind(3, now);
        op.exec();
        t.commit();
        return id;
    });
}

std::vector<CampaignRow> CampaignStore::campaigns() const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, std::string(k_campaign_columns) + "ORDER BY id");
        std::vector<CampaignRow> out;
        while (q.executeStep()) out.push_back(read_campaign(q));
        return out;
    });
}

std::optional<CampaignRow> CampaignStore::find_campaign(std::string_view name) const {
    return guarded(m_path, [&]() -> std::optional<CampaignRow> {
        SQLite::Statement q(m_impl->db, std::string(k_campaign_columns) + "WHERE name = ?");
        q.bind(1, std::string(name));
        if (!q.executeStep()) return std::nullopt;
        return read_campaign(q);
    });
}

CampaignRow CampaignStore::campaign(std::int64_t id) const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, std::string(k_campaign_columns) + "WHERE id = ?");
        q.bind(1, id);
        if (!q.executeStep()) throw Error("campaign #" + std::to_string(id) + " is not in " + m_path);
        return read_campaign(q);
    });
}

void CampaignStore::set_dice_counter(std::int64_t campaign, std::uint64_t counter) {
    guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "UPDATE campaign SET dice_counter = ? WHERE id = ?");
        q.bind(1, to_sql(counter));
        q.bind(2, campaign);
        q.exec();
    });
}

std::optional<std::string> CampaignStore::meta(std::string_view key) const {
    return guarded(m_path, [&]() -> std::optional<std::string> {
        SQLite::Statement q(m_impl->db, "SELECT value FROM meta WHERE key = ?");
        q.bind(1, std::string(key));
        if (!q.executeStep()) return std::nullopt;
        return q.getColumn(0).getString();
    });
}

void CampaignStore::set_meta(std::string_view key, std::string_view value) {
    guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value");
        q.bind(1, std::string(key));
        q.bind(2, std::string(value));
        q.exec();
    });
}

std::int64_t CampaignStore::insert_leader(std::int64_t campaign, std::string_view side, std::string_view rank,
                                          const army::Leader& leader) {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db,
                            "INSERT INTO leader (campaign_id, side, name, rank, grade, rolled_grade, status) VALUES (?, ?, ?, ?, ?, ?, ?)");
        q.bind(1, campaign);
        q.bind(2, std::string(side));
        q.bind(3, leader.name);
        q.bind(4, std::string(rank));
        q.bind(5, leader.grade);
        q.bind(6, leader.rolled_grade.empty() ? leader.grade : leader.rolled_grade);
        q.bind(7, leader.status);
        q.exec();
        return m_impl->db.getLastInsertRowid();
    });
}

std::int64_t CampaignStore::insert_army(std::int64_t campaign, std::string_view side, std::string_view name,
                                        std::optional<std::int64_t> commander) {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "INSERT INTO army (campaign_id, side, name, commander_id) VALUES (?, ?, ?, ?)");
        q.bind(1, campaign);
        q.bind(2, std::string(side));
        q.bind(3, std::string(name));
        bind_optional(q, 4, commander);
        q.exec();
        return m_impl->db.getLastInsertRowid();
    });
}

std::int64_t CampaignStore::insert_corps(std::int64_t campaign, std::int64_t army, std::string_view name,
                                         std::optional<std::int64_t> commander) {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "INSERT INTO corps (campaign_id, army_id, name, commander_id) VALUES (?, ?, ?, ?)");
        q.bind(1, campaign);
        q.bind(2, army);
        q.bind(3, std::string(name));
        bind_optional(q, 4, commander);
        q.exec();
        return m_impl->db.getLastInsertRowid();
    });
}

std::int64_t CampaignStore::insert_division(std::int64_t campaign, std::int64_t corps, std::string_view name,
                                            std::string_view arm) {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "INSERT INTO division (campaign_id, corps_id, name, arm) VALUES (?, ?, ?, ?)");
        q.bind(1, campaign);
        q.bind(2, corps);
        q.bind(3, std::string(name));
        q.bind(4, std::string(arm));
        q.exec();
        return m_impl->db.getLastInsertRowid();
    });
}

std::int64_t CampaignStore::insert_brigade(std::int64_t campaign, std::int64_t operation, std::int64_t division,
                                           std::string_view side, const army::Brigade& b) {
    return guarded(m_path, [&] {
        auto& db = m_impl->db;
        std::optional<std::int64_t> commander, alternate;
        if (b.commander.present()) commander = insert_leader(campaign, side, "brigadier", b.commander);
        if (b.alternate.present()) alternate = insert_leader(campaign, side, "brigadier", b.alternate);
        SQLite::Statement q(db,
                            "INSERT INTO brigade (campaign_id, division_id, position, name, arm, rating, start_stands, "
                            "stands, worn_at, spent_at, commander_id, status, alternate_id) VALUES (?, ?, "
                            "(SELECT count(*) FROM brigade WHERE division_id = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        q.bind(1, campaign);
        q.bind(2, division);
        q.bind(3, division);
        q.bind(4, b.name);
        q.bind(5, b.arm);
        q.bind(6, b.rating);
        q.bind(7, b.start_stands);
        q.bind(8, b.stands);
        bind_optional_int(q, 9, b.label.worn_at);
        bind_optional_int(q, 10, b.label.spent_at);
        bind_optional(q, 11, commander);
        q.bind(12, b.status);
        bind_optional(q, 13, alternate);
        q.exec();
        const std::int64_t id = db.getLastInsertRowid();
        insert_move(db, operation, id, "generated", b.start_stands);
        if (b.stands != b.start_stands) insert_move(db, operation, id, "edited", b.stands - b.start_stands);
        return id;
    });
}

std::int64_t CampaignStore::insert_battery(std::int64_t campaign, const ReserveTarget& reserve, std::int64_t division,
                                           const army::Battery& battery) {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db,
                            "INSERT INTO battery (campaign_id, division_id, corps_id, army_id, position, name, status) "
                            "VALUES (?, ?, ?, ?, (SELECT count(*) FROM battery WHERE campaign_id = ?), ?, ?)");
        q.bind(1, campaign);
        bind_optional(q, 2, division ? std::optional<std::int64_t>(division) : std::nullopt);
        bind_optional(q, 3, !division && reserve.corps_id ? std::optional<std::int64_t>(reserve.corps_id) : std::nullopt);
        bind_optional(q, 4, !division && reserve.army_id ? std::optional<std::int64_t>(reserve.army_id) : std::nullopt);
        q.bind(5, campaign);
        q.bind(6, battery.name);
        q.bind(7, battery.status);
        q.exec();
        return m_impl->db.getLastInsertRowid();
    });
}

void CampaignStore::store_division_contents(std::int64_t campaign, std::int64_t operation, const DivisionRef& where,
                                            const army::Division& d, const ReserveTarget& reserve,
                                            std::string_view status) {
    guarded(m_path, [&] {
        std::optional<std::int64_t> commander;
        if (d.commander.present()) commander = insert_leader(campaign, where.side, "division", d.commander);
        for (const auto& b : d.brigades) insert_brigade(campaign, operation, where.id, where.side, b);
        for (const auto& bat : d.batteries) insert_battery(campaign, reserve, bat.reserve ? 0 : where.id, bat);
        SQLite::Statement q(m_impl->db,
                            "UPDATE division SET status = ?, year = ?, theater = ?, commander_id = ? WHERE id = ?");
        q.bind(1, std::string(status));
        if (d.year) q.bind(2, d.year);
        else q.bind(2);
        if (d.theater.empty()) q.bind(3);
        else q.bind(3, d.theater);
        bind_optional(q, 4, commander);
        q.bind(5, where.id);
        q.exec();
    });
}

void CampaignStore::set_division_status(std::int64_t division, std::string_view status) {
    guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "UPDATE division SET status = ? WHERE id = ?");
        q.bind(1, std::string(status));
        q.bind(2, division);
        q.exec();
    });
}

void CampaignStore::rename(std::string_view table, std::int64_t id, std::string_view name) {
    const std::string t(table);
    if (t != "army" && t != "corps" && t != "division" && t != "brigade" && t != "leader")
        throw Error("nothing of kind \"" + t + "\" can be renamed");
    guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "UPDATE " + t + " SET name = ? WHERE id = ?");
        q.bind(1, std::string(name));
        q.bind(2, id);
        q.exec();
    });
}

void CampaignStore::set_hidden(std::int64_t division, bool hidden) {
    guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "UPDATE division SET hidden = ? WHERE id = ?");
        q.bind(1, hidden ? 1 : 0);
        q.bind(2, division);
        q.exec();
    });
}

void CampaignStore::insert_rolls(std::int64_t operation, const std::vector<dice::RollRecord>& rolls,
                                 std::string_view source, std::string_view status) {
    guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db,
                            "INSERT INTO roll (operation_id, seq, purpose, table_id, dice, faces, reading, result, source, "
                            "status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        for (size_t i = 0; i < rolls.size(); ++i) {
            const auto& r = rolls[i];
            q.bind(1, operation);
            q.bind(2, static_cast<int>(i + 1));
            q.bind(3, r.purpose);
            q.bind(4, r.table);
            q.bind(5, std::string(rules::die_name(r.thrown.die)));
            q.bind(6, r.thrown.faces_text());
            q.bind(7, r.thrown.reading);
            q.bind(8, r.result);
            q.bind(9, std::string(source));
            q.bind(10, std::string(status));
            q.exec();
            q.reset();
        }
    });
}

std::optional<DivisionRef> CampaignStore::find_division(std::int64_t campaign, std::string_view name) const {
    return guarded(m_path, [&]() -> std::optional<DivisionRef> {
        SQLite::Statement q(m_impl->db,
                            "SELECT d.id, d.name, d.arm, d.status, d.corps_id, c.army_id, a.side FROM division d "
                            "JOIN corps c ON c.id = d.corps_id JOIN army a ON a.id = c.army_id "
                            "WHERE d.campaign_id = ? AND d.name = ?");
        q.bind(1, campaign);
        q.bind(2, std::string(name));
        if (!q.executeStep()) return std::nullopt;
        return DivisionRef{q.getColumn(0).getInt64(), q.getColumn(1).getString(), q.getColumn(2).getString(),
                           q.getColumn(3).getString(), q.getColumn(4).getInt64(), q.getColumn(5).getInt64(),
                           q.getColumn(6).getString()};
    });
}

std::optional<std::pair<std::int64_t, std::string>> CampaignStore::find_army(std::int64_t campaign,
                                                                             std::string_view name) const {
    return guarded(m_path, [&]() -> std::optional<std::pair<std::int64_t, std::string>> {
        SQLite::Statement q(m_impl->db, "SELECT id, side FROM army WHERE campaign_id = ? AND name = ?");
        q.bind(1, campaign);
        q.bind(2, std::string(name));
        if (!q.executeStep()) return std::nullopt;
        return std::pair{q.getColumn(0).getInt64(), q.getColumn(1).getString()};
    });
}

std::optional<std::tuple<std::int64_t, std::int64_t, std::string>> CampaignStore::find_corps(std::int64_t campaign,
                                                                                             std::string_view name) const {
    return guarded(m_path, [&]() -> std::optional<std::tuple<std::int64_t, std::int64_t, std::string>> {
        SQLite::Statement q(m_impl->db,
                            "SELECT c.id, c.army_id, a.side FROM corps c JOIN army a ON a.id = c.army_id "
                            "WHERE c.campaign_id = ? AND c.name = ?");
        q.bind(1, campaign);
        q.bind(2, std::string(name));
        if (!q.executeStep()) return std::nullopt;
        return std::tuple{q.getColumn(0).getInt64(), q.getColumn(1).getInt64(), q.getColumn(2).getString()};
    });
}

}  // namespace muster::db
