// Writing and finding rows: campaigns, leaders, armies, corps, divisions, brigades, batteries,
// moves and rolls. Called inside CampaignStore::run_operation, so each is part of one operation.
#include "store_impl.hpp"

namespace muster::db {
namespace {

campaign::CampaignInfo read_campaign(const Row& row) {
    campaign::CampaignInfo r;
    r.id = row.id("id");
    r.name = row.text("name");
    r.rules_id = row.text("rules_id");
    r.rules_json = row.text("rules_json");
    r.return_rate = row.integer("return_rate");
    r.rounding = row.word<Rounding>("rounding");
    r.despicable = row.word<Despicable>("despicable");
    r.dice = row.word<DiceMode>("dice");
    r.seed = from_sql(row.id("seed"));
    r.dice_counter = from_sql(row.id("dice_counter"));
    r.created_at = row.text("created_at");
    r.men_per_stand = row.optional_integer("men_per_stand");
    if (!row.null("date")) r.date = row.text("date");
    if (!row.null("theater")) r.theater = row.text("theater");
    r.turn = row.integer("turn");
    r.turn_days = row.optional_integer("turn_days");
    r.leader_names = row.integer("leader_names") != 0;
    return r;
}

constexpr const char* k_campaign_columns =
    "SELECT id, name, rules_id, rules_json, return_rate, rounding, despicable, dice, seed, dice_counter, created_at, "
    "men_per_stand, date, theater, turn, turn_days, leader_names FROM campaign ";

constexpr const char* k_insert_move = "INSERT INTO move (operation_id, brigade_id, kind, stands) VALUES (?, ?, ?, ?)";

void insert_move(SQLite::Statement& m, std::int64_t operation, std::int64_t brigade, MoveKind kind, int stands) {
    bind_all(m, operation, brigade, kind, stands);
    m.exec();
}

}  // namespace

std::int64_t CampaignStore::create_campaign(const campaign::CampaignInfo& row, std::string_view current_key,
                                            const std::optional<FirstOperation>& first) {
    return guarded(m_path, [&] {
        auto& db = m_impl->db;
        SQLite::Transaction t(db, SQLite::TransactionBehavior::IMMEDIATE);
        SQLite::Statement exists(db, "SELECT 1 FROM campaign WHERE name = ?");
        bind_all(exists, row.name);
        if (exists.executeStep()) throw Error("a campaign named \"" + row.name + "\" already exists in " + m_path);
        SQLite::Statement q(db,
                            "INSERT INTO campaign (name, rules_id, rules_json, return_rate, rounding, despicable, dice, "
                            "seed, dice_counter, created_at, men_per_stand, date, theater, turn_days, leader_names) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)");
        const std::string now = now_utc();
        bind_all(q, row.name, row.rules_id, row.rules_json, row.return_rate, row.rounding, row.despicable, row.dice,
                 to_sql(row.seed), now, row.men_per_stand, row.date, row.theater, row.turn_days, row.leader_names ? 1 : 0);
        q.exec();
        const std::int64_t id = db.getLastInsertRowid();
        SQLite::Statement op(db, "INSERT INTO operation (campaign_id, kind, summary, created_at, seen_by) VALUES (?, ?, ?, ?, ?)");
        bind_all(op, id, OperationKind::create, "Created campaign " + row.name + " with rule set " + row.rules_id, now,
                 Audience::everyone().text());
        op.exec();
        if (first) record_operation(id, first->kind, [&](std::int64_t operation) { return first->change(id, operation); });
        set_meta(current_key, row.name);
        t.commit();
        return id;
    });
}

std::vector<campaign::CampaignInfo> CampaignStore::campaigns() const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, std::string(k_campaign_columns) + "ORDER BY id");
        std::vector<campaign::CampaignInfo> out;
        while (q.executeStep()) out.push_back(read_campaign(Row(q)));
        return out;
    });
}

std::optional<campaign::CampaignInfo> CampaignStore::find_campaign(std::string_view name) const {
    return guarded(m_path, [&]() -> std::optional<campaign::CampaignInfo> {
        SQLite::Statement q(m_impl->db, std::string(k_campaign_columns) + "WHERE name = ?");
        bind_all(q, std::string(name));
        if (!q.executeStep()) return std::nullopt;
        return read_campaign(Row(q));
    });
}

campaign::CampaignInfo CampaignStore::campaign(std::int64_t id) const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, std::string(k_campaign_columns) + "WHERE id = ?");
        bind_all(q, id);
        if (!q.executeStep()) throw Error("campaign #" + std::to_string(id) + " is not in " + m_path);
        return read_campaign(Row(q));
    });
}

std::uint64_t CampaignStore::dice_counter(std::int64_t campaign, std::string_view stream) const {
    if (stream == Audience::k_everyone) return this->campaign(campaign).dice_counter;
    return guarded(m_path, [&]() -> std::uint64_t {
        SQLite::Statement q(m_impl->db, "SELECT counter FROM dice_stream WHERE campaign_id = ? AND stream = ?");
        bind_all(q, campaign, stream);
        return q.executeStep() ? from_sql(Row(q).id("counter")) : 0;
    });
}

bool CampaignStore::leader_name_taken(std::int64_t campaign, std::string_view side, std::string_view name) const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db,
                            "SELECT EXISTS (SELECT 1 FROM leader WHERE campaign_id = ?1 AND side = ?2 AND name = ?3) "
                            "OR EXISTS (SELECT 1 FROM army WHERE campaign_id = ?1 AND side = ?2 AND name = ?3) "
                            "OR EXISTS (SELECT 1 FROM corps k JOIN army a ON a.id = k.army_id "
                            "WHERE k.campaign_id = ?1 AND k.name = ?3 AND a.side = ?2) "
                            "OR EXISTS (SELECT 1 FROM division d JOIN corps k ON k.id = d.corps_id JOIN army a ON a.id = k.army_id "
                            "WHERE d.campaign_id = ?1 AND d.name = ?3 AND a.side = ?2) AS taken");
        bind_all(q, campaign, side, name);
        q.executeStep();
        return Row(q).integer("taken") != 0;
    });
}

void CampaignStore::set_dice_counter(std::int64_t campaign, std::string_view stream, std::uint64_t counter) {
    guarded(m_path, [&] {
        if (stream == Audience::k_everyone) {
            SQLite::Statement q(m_impl->db, "UPDATE campaign SET dice_counter = ? WHERE id = ?");
            bind_all(q, to_sql(counter), campaign);
            q.exec();
            return;
        }
        SQLite::Statement q(m_impl->db, "INSERT INTO dice_stream (campaign_id, stream, counter) VALUES (?, ?, ?) "
                                        "ON CONFLICT (campaign_id, stream) DO UPDATE SET counter = excluded.counter");
        bind_all(q, campaign, stream, to_sql(counter));
        q.exec();
    });
}

void CampaignStore::set_audience(std::int64_t operation, const Audience& audience) {
    guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "UPDATE operation SET seen_by = ? WHERE id = ?");
        bind_all(q, audience.text(), operation);
        q.exec();
    });
}

std::optional<std::string> CampaignStore::meta(std::string_view key) const {
    return guarded(m_path, [&]() -> std::optional<std::string> {
        SQLite::Statement q(m_impl->db, "SELECT value FROM meta WHERE key = ?");
        bind_all(q, std::string(key));
        if (!q.executeStep()) return std::nullopt;
        return Row(q).text("value");
    });
}

void CampaignStore::set_meta(std::string_view key, std::string_view value) {
    guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value");
        bind_all(q, std::string(key), std::string(value));
        q.exec();
    });
}

std::int64_t CampaignStore::insert_leader(std::int64_t campaign, std::string_view side, Rank rank,
                                          const army::Leader& leader) {
    return guarded(m_path, [&] {
        auto& q = m_impl->cached("INSERT INTO leader (campaign_id, side, name, rank, grade, rolled_grade, status) VALUES (?, ?, ?, ?, ?, ?, ?)");
        bind_all(q, campaign, side, leader.name, rank, leader.grade, leader.rolled_grade.empty() ? leader.grade : leader.rolled_grade, leader.status);
        q.exec();
        return m_impl->db.getLastInsertRowid();
    });
}

std::int64_t CampaignStore::insert_army(std::int64_t campaign, std::string_view side, std::string_view name,
                                        std::optional<std::int64_t> commander) {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "INSERT INTO army (campaign_id, side, name, commander_id) VALUES (?, ?, ?, ?)");
        bind_all(q, campaign, std::string(side), std::string(name), commander);
        q.exec();
        return m_impl->db.getLastInsertRowid();
    });
}

std::int64_t CampaignStore::insert_corps(std::int64_t campaign, std::int64_t army, std::string_view name,
                                         std::optional<std::int64_t> commander) {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "INSERT INTO corps (campaign_id, army_id, name, commander_id) VALUES (?, ?, ?, ?)");
        bind_all(q, campaign, army, std::string(name), commander);
        q.exec();
        return m_impl->db.getLastInsertRowid();
    });
}

std::int64_t CampaignStore::insert_division(std::int64_t campaign, std::int64_t corps, std::string_view name,
                                            std::string_view arm) {
    return guarded(m_path, [&] {
        auto& q = m_impl->cached("INSERT INTO division (campaign_id, corps_id, name, arm) VALUES (?, ?, ?, ?)");
        bind_all(q, campaign, corps, std::string(name), std::string(arm));
        q.exec();
        return m_impl->db.getLastInsertRowid();
    });
}

std::int64_t CampaignStore::insert_brigade(std::int64_t campaign, std::int64_t operation, std::int64_t division,
                                           std::string_view side, const army::Brigade& b) {
    return guarded(m_path, [&] {
        auto& db = m_impl->db;
        std::optional<std::int64_t> commander, alternate;
        if (b.commander.present()) commander = insert_leader(campaign, side, Rank::brigadier, b.commander);
        if (b.alternate.present()) alternate = insert_leader(campaign, side, Rank::brigadier, b.alternate);
        auto& q = m_impl->cached("INSERT INTO brigade (campaign_id, division_id, position, name, arm, rating, start_stands, "
                                 "stands, worn_at, spent_at, commander_id, status, alternate_id) VALUES (?, ?, "
                                 "(SELECT count(*) FROM brigade WHERE division_id = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        bind_all(q, campaign, division, division, b.name, b.arm, b.rating,
                 b.start_stands, b.stands, b.label.worn_at, b.label.spent_at, commander, b.status, alternate);
        q.exec();
        const std::int64_t id = db.getLastInsertRowid();
        insert_move(m_impl->cached(k_insert_move), operation, id, MoveKind::generated, b.start_stands);
        if (b.stands != b.start_stands) insert_move(m_impl->cached(k_insert_move), operation, id, MoveKind::edited, b.stands - b.start_stands);
        return id;
    });
}

std::int64_t CampaignStore::insert_battery(std::int64_t campaign, const ReserveTarget& reserve, std::int64_t division,
                                           const army::Battery& battery) {
    return guarded(m_path, [&] {
        auto& q = m_impl->cached("INSERT INTO battery (campaign_id, division_id, corps_id, army_id, position, name, status) "
                                 "VALUES (?, ?, ?, ?, (SELECT COALESCE(MAX(position) + 1, 0) FROM battery WHERE campaign_id = ?), ?, ?)");
        bind_all(q, campaign, division ? std::optional<std::int64_t>(division) : std::nullopt, !division && reserve.corps_id ? std::optional<std::int64_t>(reserve.corps_id) : std::nullopt,
                 !division && reserve.army_id ? std::optional<std::int64_t>(reserve.army_id) : std::nullopt, campaign, battery.name, battery.status);
        q.exec();
        return m_impl->db.getLastInsertRowid();
    });
}

void CampaignStore::store_division_contents(std::int64_t campaign, std::int64_t operation, const DivisionRef& where,
                                            const army::Division& d, const ReserveTarget& reserve,
                                            DivisionStatus status) {
    guarded(m_path, [&] {
        std::optional<std::int64_t> commander;
        if (d.commander.present()) commander = insert_leader(campaign, where.side, Rank::division, d.commander);
        for (const auto& b : d.brigades) insert_brigade(campaign, operation, where.id, where.side, b);
        for (const auto& bat : d.batteries) insert_battery(campaign, reserve, bat.reserve ? 0 : where.id, bat);
        auto& q = m_impl->cached("UPDATE division SET status = ?, year = ?, theater = ?, commander_id = ?, hidden = 1 WHERE id = ?");
        bind_all(q, status, d.year ? std::optional<int>(d.year) : std::nullopt,
                 d.theater.empty() ? std::nullopt : std::optional<std::string>(d.theater), commander, where.id);
        q.exec();
    });
}

void CampaignStore::set_division_status(std::int64_t division, DivisionStatus status) {
    guarded(m_path, [&] {
        // A placeholder filled by hand is hidden again: revealing it showed its name only.
        SQLite::Statement q(m_impl->db,
                            "UPDATE division SET hidden = CASE WHEN status = 'placeholder' THEN 1 ELSE hidden END, status = ? WHERE id = ?");
        bind_all(q, status, division);
        q.exec();
    });
}

void CampaignStore::rename(NamedKind kind, std::int64_t id, std::string_view name) {
    guarded(m_path, [&] {
        // The table of each kind has the kind's own spelling as its name.
        SQLite::Statement q(m_impl->db, "UPDATE " + word(kind) + " SET name = ? WHERE id = ?");
        bind_all(q, std::string(name), id);
        q.exec();
    });
}

void CampaignStore::set_nationality(std::int64_t division, std::string_view nationality) {
    guarded(m_path, [&] {
        auto& q = m_impl->cached("UPDATE division SET nationality = NULLIF(?, '') WHERE id = ?");
        bind_all(q, std::string(nationality), division);
        q.exec();
    });
}

void CampaignStore::set_hidden(std::int64_t division, bool hidden) {
    guarded(m_path, [&] {
        // Revealing a placeholder shows its name only; hiding a division takes that back too.
        auto& q = m_impl->cached("UPDATE division SET hidden = ?, name_seen = CASE WHEN ? THEN 0 WHEN status = 'placeholder' THEN 1 "
                                 "ELSE name_seen END WHERE id = ?");
        bind_all(q, hidden, hidden, division);
        q.exec();
    });
}

void CampaignStore::insert_rolls(std::int64_t operation, const std::vector<dice::RollRecord>& rolls,
                                 DiceMode source, RollStatus status) {
    guarded(m_path, [&] {
        // Numbered on from the operation's rolls so far (its game's, then the names drawn).
        SQLite::Statement q(m_impl->db,
                            "INSERT INTO roll (operation_id, seq, purpose, table_id, dice, faces, reading, result, source, status) "
                            "VALUES (?1, (SELECT COALESCE(MAX(seq), 0) + 1 FROM roll WHERE operation_id = ?1), ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)");
        for (const auto& r : rolls) {
            bind_all(q, operation, r.purpose, r.table, std::string(rules::die_name(r.thrown.die)), r.thrown.faces_text(),
                     r.thrown.reading, r.result, source, status);
            q.exec();
            q.reset();
        }
    });
}

std::optional<DivisionRef> CampaignStore::find_division(std::int64_t campaign, std::string_view name) const {
    return guarded(m_path, [&]() -> std::optional<DivisionRef> {
        const Impl::Lookup lookup(*m_impl,
                                  "SELECT d.id, d.name, d.arm, d.status, d.corps_id, c.army_id, a.side, d.hidden, d.nationality FROM division d "
                                  "JOIN corps c ON c.id = d.corps_id JOIN army a ON a.id = c.army_id "
                                  "WHERE d.campaign_id = ? AND d.name = ?");
        auto& q = lookup.q;
        bind_all(q, campaign, std::string(name));
        if (!q.executeStep()) return std::nullopt;
        const Row row(q);
        return DivisionRef{row.id("id"), row.text("name"), row.text("arm"), row.word<DivisionStatus>("status"),
                           row.id("corps_id"), row.id("army_id"), row.text("side"), row.flag("hidden"),
                           row.null("nationality") ? "" : row.text("nationality")};
    });
}

std::vector<std::string> CampaignStore::unit_names(std::int64_t campaign, UnitKind kind) const {
    return guarded(m_path, [&] {
        if (kind == UnitKind::brigade) throw Error("brigade names are not unique: they are found with their division");
        // The table of each kind of unit has the kind's own spelling as its name.
        SQLite::Statement q(m_impl->db, "SELECT name FROM " + word(kind) + " WHERE campaign_id = ? ORDER BY id");
        bind_all(q, campaign);
        std::vector<std::string> out;
        for (const Row row(q); q.executeStep();) out.push_back(row.text("name"));
        return out;
    });
}

std::optional<std::pair<std::int64_t, std::string>> CampaignStore::find_army(std::int64_t campaign,
                                                                             std::string_view name) const {
    return guarded(m_path, [&]() -> std::optional<std::pair<std::int64_t, std::string>> {
        SQLite::Statement q(m_impl->db, "SELECT id, side FROM army WHERE campaign_id = ? AND name = ?");
        bind_all(q, campaign, std::string(name));
        if (!q.executeStep()) return std::nullopt;
        const Row row(q);
        return std::pair{row.id("id"), row.text("side")};
    });
}

std::optional<std::tuple<std::int64_t, std::int64_t, std::string>> CampaignStore::find_corps(std::int64_t campaign,
                                                                                             std::string_view name) const {
    return guarded(m_path, [&]() -> std::optional<std::tuple<std::int64_t, std::int64_t, std::string>> {
        const Impl::Lookup lookup(*m_impl,
                                  "SELECT c.id, c.army_id, a.side FROM corps c JOIN army a ON a.id = c.army_id "
                                  "WHERE c.campaign_id = ? AND c.name = ?");
        auto& q = lookup.q;
        bind_all(q, campaign, std::string(name));
        if (!q.executeStep()) return std::nullopt;
        const Row row(q);
        return std::tuple{row.id("id"), row.id("army_id"), row.text("side")};
    });
}

}  // namespace muster::db
