// The forces' rows: armies, corps, divisions, brigades, batteries; their strength and fog of war.
#include "db/forces.hpp"
#include "db/leaders.hpp"
#include "store_impl.hpp"

namespace muster::db {
namespace {

// The position after the last of a list (0 for the first), `of` its positions ("FROM brigade
// WHERE division_id = ?"): none past half SQLite's largest whole number, a damaged file's, whose
// next would be stored as a real (NOT NULL refuses it). MAX alone, which the index on the list's
// positions answers at once: beside count(*), it scanned the list, every battery of the campaign
// for each one imported (an import of 10,000 divisions took 16 s).
std::string next_position(const char* of) {
    return std::string("(SELECT CASE WHEN m IS NULL THEN 0 WHEN m < 4611686018427387904 THEN m + 1 END FROM (SELECT MAX(position) AS m ") + of + "))";
}

constexpr const char* k_insert_move = "INSERT INTO move (operation_id, brigade_id, kind, stands) VALUES (?, ?, ?, ?)";

void insert_move(SQLite::Statement& m, std::int64_t operation, std::int64_t brigade, MoveKind kind, int stands) {
    bind_all(m, operation, brigade, kind, stands);
    m.exec();
}

}  // namespace

std::int64_t Forces::insert_army(std::int64_t campaign, std::string_view side, std::string_view name,
                                        std::optional<std::int64_t> commander) {
    return guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db, "INSERT INTO army (campaign_id, side, name, commander_id) VALUES (?, ?, ?, ?)");
        bind_all(q, campaign, std::string(side), std::string(name), commander);
        q.exec();
        return m_store.impl().db.getLastInsertRowid();
    });
}

std::int64_t Forces::insert_corps(std::int64_t campaign, std::int64_t army, std::string_view name,
                                         std::optional<std::int64_t> commander) {
    return guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db, "INSERT INTO corps (campaign_id, army_id, name, commander_id) VALUES (?, ?, ?, ?)");
        bind_all(q, campaign, army, std::string(name), commander);
        q.exec();
        return m_store.impl().db.getLastInsertRowid();
    });
}

std::int64_t Forces::insert_division(std::int64_t campaign, std::int64_t corps, std::string_view name, std::string_view arm,
                                     std::string_view leader_name) {
    return guarded(m_store.path(), [&] {
        auto& q = m_store.impl().cached("INSERT INTO division (campaign_id, corps_id, name, arm, leader_name) VALUES (?, ?, ?, ?, NULLIF(?, ''))");
        bind_all(q, campaign, corps, name, arm, leader_name);
        q.exec();
        return m_store.impl().db.getLastInsertRowid();
    });
}

std::int64_t Forces::insert_brigade(std::int64_t campaign, std::int64_t operation, std::int64_t division,
                                           std::string_view side, const army::Brigade& b) {
    return guarded(m_store.path(), [&] {
        auto& db = m_store.impl().db;
        std::optional<std::int64_t> commander, alternate;
        if (b.commander.present()) commander = Leaders(m_store).insert_leader(campaign, side, Rank::brigadier, b.commander);
        if (b.alternate.value_or_default().present()) alternate = Leaders(m_store).insert_leader(campaign, side, Rank::brigadier, *b.alternate);
        static const std::string sql = "INSERT INTO brigade (campaign_id, division_id, position, name, arm, rating, start_stands, "
                                       "stands, worn_at, spent_at, commander_id, status, alternate_id) VALUES (?, ?, " +
                                       next_position("FROM brigade WHERE division_id = ?") + ", ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
        auto& q = m_store.impl().cached(sql.c_str());
        bind_all(q, campaign, division, division, b.name, b.arm, b.rating,
                 b.start_stands, b.stands, b.label.worn_at, b.label.spent_at, commander, b.status, alternate);
        q.exec();
        const std::int64_t id = db.getLastInsertRowid();
        insert_move(m_store.impl().cached(k_insert_move), operation, id, MoveKind::generated, b.start_stands);
        if (b.stands != b.start_stands) insert_move(m_store.impl().cached(k_insert_move), operation, id, MoveKind::edited, b.stands - b.start_stands);
        return id;
    });
}

std::int64_t Forces::insert_battery(std::int64_t campaign, const ReserveTarget& reserve, std::int64_t division,
                                           const army::Battery& battery) {
    return guarded(m_store.path(), [&] {
        static const std::string sql = "INSERT INTO battery (campaign_id, division_id, corps_id, army_id, position, name, status) "
                                       "VALUES (?, ?, ?, ?, " + next_position("FROM battery WHERE campaign_id = ?") + ", ?, ?)";
        auto& q = m_store.impl().cached(sql.c_str());
        bind_all(q, campaign, division ? std::optional<std::int64_t>(division) : std::nullopt, !division && reserve.corps_id ? std::optional<std::int64_t>(reserve.corps_id) : std::nullopt,
                 !division && reserve.army_id ? std::optional<std::int64_t>(reserve.army_id) : std::nullopt, campaign, battery.name, battery.status);
        q.exec();
        return m_store.impl().db.getLastInsertRowid();
    });
}

void Forces::require_empty(const DivisionRef& placeholder) const {
    guarded(m_store.path(), [&] {
        SQLite::Statement held(m_store.impl().db, "SELECT count(*) AS n FROM brigade WHERE division_id = ?");
        bind_all(held, placeholder.id);
        held.executeStep();
        if (const auto brigades = Row(held).id("n"); brigades > 0) throw placeholder_holding(placeholder.id, static_cast<size_t>(brigades));
    });
}

void Forces::store_division_contents(std::int64_t campaign, std::int64_t operation, const DivisionRef& where,
                                            const army::Division& d, const ReserveTarget& reserve,
                                            DivisionStatus status) {
    guarded(m_store.path(), [&] {
        std::optional<std::int64_t> commander;
        if (d.commander.present()) commander = Leaders(m_store).insert_leader(campaign, where.side, Rank::division, d.commander);
        for (const auto& b : d.brigades) insert_brigade(campaign, operation, where.id, where.side, b);
        for (const auto& bat : d.batteries) insert_battery(campaign, reserve, bat.reserve ? 0 : where.id, bat);
        auto& q = m_store.impl().cached("UPDATE division SET status = ?, year = ?, theater = ?, commander_id = ?, hidden = 1 WHERE id = ?");
        bind_all(q, status, d.year ? std::optional<int>(d.year) : std::nullopt,
                 d.theater.empty() ? std::nullopt : std::optional<std::string>(d.theater), commander, where.id);
        q.exec();
    });
}

void Forces::set_division_status(std::int64_t division, DivisionStatus status) {
    guarded(m_store.path(), [&] {
        // A placeholder filled by hand is hidden again: revealing it showed its name only.
        SQLite::Statement q(m_store.impl().db,
                            "UPDATE division SET hidden = CASE WHEN status = 'placeholder' THEN 1 ELSE hidden END, status = ? WHERE id = ?");
        bind_all(q, status, division);
        q.exec();
    });
}

void Forces::rename(NamedKind kind, std::int64_t id, std::string_view name) {
    guarded(m_store.path(), [&] {
        // The table of each kind has the kind's own spelling as its name.
        SQLite::Statement q(m_store.impl().db, "UPDATE " + word(kind) + " SET name = ? WHERE id = ?");
        bind_all(q, std::string(name), id);
        q.exec();
    });
}

void Forces::set_nationality(std::int64_t division, std::string_view nationality) {
    guarded(m_store.path(), [&] {
        auto& q = m_store.impl().cached("UPDATE division SET nationality = NULLIF(?, '') WHERE id = ?");
        bind_all(q, std::string(nationality), division);
        q.exec();
    });
}

void Forces::set_fog(std::int64_t division, Fog fog) {
    guarded(m_store.path(), [&] {
        // Revealing a placeholder shows its name only; hiding a division takes that back too.
        // A reveal is counted: the division's dice go on from a stream of their own for it. One
        // revealed whole stays read whole (seen_whole), hidden again or not.
        auto& q = m_store.impl().cached("UPDATE division SET reveals = reveals + (hidden AND NOT ?1), hidden = ?1, "
                                        "name_seen = CASE WHEN ?1 THEN 0 WHEN status = 'placeholder' THEN 1 ELSE name_seen END, "
                                        "seen_whole = seen_whole OR (NOT ?1 AND status <> 'placeholder') WHERE id = ?2");
        const bool hidden = fog == Fog::hidden;
        bind_all(q, hidden, division);
        q.exec();
        // Read again, its casualties' returns after the battles the enemy saw it fight are read too.
        if (!hidden)
            exec(m_store.impl().db, "UPDATE battle_division SET returns_read = 1 WHERE division_id = ? AND seen AND NOT returns_read "
                                    "AND EXISTS (SELECT 1 FROM battle t WHERE t.id = battle_id AND t.recovered)", division);
    });
}

void Forces::change_stands(std::int64_t operation, std::int64_t brigade, MoveKind kind, int delta) {
    if (delta == 0) return;
    guarded(m_store.path(), [&] {
        auto& db = m_store.impl().db;
        exec(db, "INSERT INTO move (operation_id, brigade_id, kind, stands) VALUES (?, ?, ?, ?)", operation, brigade, kind, delta);
        exec(db, "UPDATE brigade SET stands = stands + ? WHERE id = ?", delta, brigade);
    });
}

void Forces::take_out_of_service(std::int64_t brigade, BrigadeStatus status, std::int64_t operation) {
    guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db, "UPDATE brigade SET status = ?, out_at = ? WHERE id = ?");
        bind_all(q, status, operation, brigade);
        q.exec();
    });
}

void Forces::relabel_brigade(std::int64_t brigade, const rules::EffectivenessLabel& label, LabelledBy by) {
    guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db, "UPDATE brigade SET start_stands = ?, worn_at = ?, spent_at = ?, labelled_for = ? WHERE id = ?");
        bind_all(q, label.stands, label.worn_at, label.spent_at, by == LabelledBy::as_given ? std::optional<int>(label.stands) : std::nullopt, brigade);
        q.exec();
    });
}

void Forces::set_battery_status(std::int64_t battery, BatteryStatus status) {
    guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db, "UPDATE battery SET status = ? WHERE id = ?");
        bind_all(q, status, battery);
        q.exec();
    });
}

std::optional<DivisionRef> Forces::find_division(std::int64_t campaign, std::string_view name) const {
    return guarded(m_store.path(), [&]() -> std::optional<DivisionRef> {
        const Store::Impl::Lookup lookup(m_store.impl(),
                                  "SELECT d.id, d.name, d.arm, d.status, d.corps_id, c.army_id, a.side, d.hidden, d.nationality, d.leader_name, "
                                  "d.commander_id IS NOT NULL AS commanded FROM division d "
                                  "JOIN corps c ON c.id = d.corps_id JOIN army a ON a.id = c.army_id "
                                  "WHERE d.campaign_id = ? AND d.name = ?");
        auto& q = lookup.q;
        bind_all(q, campaign, std::string(name));
        if (!q.executeStep()) return std::nullopt;
        const Row row(q);
        return DivisionRef{row.id("id"), row.text("name"), row.text("arm"), row.word<DivisionStatus>("status"),
                           row.id("corps_id"), row.id("army_id"), row.text("side"), row.flag("hidden"),
                           row.null("nationality") ? "" : row.text("nationality"), row.null("leader_name") ? "" : row.text("leader_name"),
                           row.flag("commanded")};
    });
}

namespace {

// The divisions under a unit (`?` its id); of a corps or an army, those every side reads
// (`read`: "d.hidden = 0", its whole; or by name too).
std::string divisions_under_sql(UnitKind kind, const char* read) {
    switch (kind) {
        case UnitKind::brigade: return "d.id = (SELECT division_id FROM brigade WHERE id = ?)";
        case UnitKind::division: return "d.id = ?";
        case UnitKind::corps: return std::string("d.corps_id = ? AND ") + read;
        case UnitKind::army: return std::string("d.corps_id IN (SELECT id FROM corps WHERE army_id = ?) AND ") + read;
    }
    return "0";
}
// Read whole: its year and nationality (a placeholder seen by name shows neither).
const char* const k_read_whole = "d.hidden = 0 AND d.status <> 'placeholder'";
// Read at all: a reveal of one by name begins the enemy's sight of the unit too.
const char* const k_read_at_all = "(d.hidden = 0 OR d.name_seen)";

}  // namespace

std::vector<std::pair<int, std::string>> Forces::divisions_under(UnitKind kind, std::int64_t id) const {
    return guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db, "SELECT d.year, d.nationality FROM division d WHERE " + divisions_under_sql(kind, k_read_whole));
        bind_all(q, id);
        std::vector<std::pair<int, std::string>> out;
        for (const Row row(q); q.executeStep();)
            out.emplace_back(row.optional_integer("year").value_or(0), row.null("nationality") ? "" : row.text("nationality"));
        return out;
    });
}

int Forces::reveals_under(UnitKind kind, std::int64_t id) const {
    return guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db, "SELECT COALESCE(sum(d.reveals), 0) AS reveals FROM division d WHERE " + divisions_under_sql(kind, k_read_at_all));
        bind_all(q, id);
        q.executeStep();
        return Row(q).integer("reveals");
    });
}

bool Forces::read_by_enemy(UnitKind kind, std::int64_t id) const {
    return guarded(m_store.path(), [&] {
        // A brigade's or a division's commander with the division read whole, now or before it
        // was hidden again (it reads him again once it is revealed); a corps' or an army's, with
        // one of its divisions seen at all.
        const bool own_division = kind == UnitKind::brigade || kind == UnitKind::division;
        SQLite::Statement q(m_store.impl().db, "SELECT EXISTS (SELECT 1 FROM division d WHERE " + divisions_under_sql(kind, k_read_at_all) +
                                                   (own_division ? " AND (d.hidden = 0 OR d.seen_whole)" : "") + ") AS seen");
        bind_all(q, id);
        q.executeStep();
        return Row(q).flag("seen");
    });
}

std::vector<std::string> Forces::commanders_above(UnitKind kind, std::int64_t id) const {
    return guarded(m_store.path(), [&] {
        std::string division = "NULL", corps = "NULL";
        switch (kind) {
            case UnitKind::brigade: division = "(SELECT division_id FROM brigade WHERE id = ?1)"; break;
            case UnitKind::division: division = "?1"; break;
            case UnitKind::corps: corps = "?1"; break;
            case UnitKind::army: return std::vector<std::string>{};
        }
        if (corps == "NULL") corps = "(SELECT corps_id FROM division WHERE id = " + division + ")";
        const std::string army = "(SELECT army_id FROM corps WHERE id = " + corps + ")";
        SQLite::Statement q(m_store.impl().db, "SELECT l.name FROM leader l WHERE l.id IN (SELECT commander_id FROM division WHERE id = " + division +
                                                   " UNION ALL SELECT commander_id FROM corps WHERE id = " + corps +
                                                   " UNION ALL SELECT commander_id FROM army WHERE id = " + army + ")");
        bind_all(q, id);
        std::vector<std::string> out;
        for (const Row row(q); q.executeStep();) out.push_back(row.text("name"));
        return out;
    });
}

namespace {
// A division the enemy has read all the same, hidden now: `d` (Forces::read_while_hidden).
constexpr const char* k_read_while_hidden = "d.hidden AND (d.name_seen OR d.seen_whole OR EXISTS (SELECT 1 FROM battle_division b WHERE b.division_id = d.id AND b.seen))";
}  // namespace

bool Forces::read_while_hidden_only(UnitKind kind, std::int64_t id) const {
    return guarded(m_store.path(), [&] {
        const bool army = kind == UnitKind::army;
        const std::string under = army ? "d.corps_id IN (SELECT id FROM corps WHERE army_id = ?1)" : "d.corps_id = ?1";
        // Read through a division hidden now, or a battery of its reserve the enemy took in a battle.
        SQLite::Statement q(m_store.impl().db, "SELECT NOT EXISTS (SELECT 1 FROM division d WHERE " + under + " AND NOT d.hidden) AND (EXISTS "
                                               "(SELECT 1 FROM division d WHERE " + under + " AND " + k_read_while_hidden + ") OR EXISTS "
                                               "(SELECT 1 FROM battle_gun g JOIN battery t ON t.id = g.battery_id WHERE g.fate = ?2 AND t.division_id IS NULL AND " +
                                               (army ? "t.army_id" : "t.corps_id") + " = ?1)) AS known");
        bind_all(q, id, BatteryFate::captured);
        return q.executeStep() && Row(q).flag("known");
    });
}

bool Forces::read_while_hidden(std::int64_t division) const {
    return guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db, std::string("SELECT ") + k_read_while_hidden + " AS known FROM division d WHERE d.id = ?");
        bind_all(q, division);
        return q.executeStep() && Row(q).flag("known");
    });
}

std::map<std::int64_t, DivisionFog> Forces::division_fog(const std::vector<std::int64_t>& divisions, std::optional<std::int64_t> battle) const {
    return guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db, "SELECT a.side, d.hidden OR NOT COALESCE(bd.seen, 1) AS hidden, d.seen_whole OR NOT d.hidden AS seen_ever, "
                                               "d.hidden AND COALESCE(bd.seen, 0) AS hidden_again, d.corps_id, k.army_id FROM division d "
                                               "JOIN corps k ON k.id = d.corps_id JOIN army a ON a.id = k.army_id "
                                               "LEFT JOIN battle_division bd ON bd.battle_id = ?2 AND bd.division_id = d.id WHERE d.id = ?1");
        std::map<std::int64_t, DivisionFog> out;
        for (const auto id : divisions) {
            bind_all(q, id, battle);
            if (!q.executeStep()) throw Damaged("division " + std::to_string(id) + " is not joined to its corps, army or side; run muster check, or restore a backup");
            const Row row(q);
            out[id] = {row.text("side"), row.flag("hidden"), row.flag("seen_ever"), row.flag("hidden_again"), row.id("corps_id"), row.id("army_id")};
            q.reset();
        }
        return out;
    });
}

std::string Forces::division_name(std::int64_t division) const {
    return guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db, "SELECT name FROM division WHERE id = ?");
        bind_all(q, division);
        if (!q.executeStep()) throw Damaged("division " + std::to_string(division) + " is not there; run muster check, or restore a backup");
        return Row(q).text("name");
    });
}

std::optional<std::string> Forces::unit_named_ignoring_case(std::int64_t campaign, UnitKind kind, std::string_view name) const {
    return guarded(m_store.path(), [&]() -> std::optional<std::string> {
        const char* table = kind == UnitKind::army ? "army" : kind == UnitKind::corps ? "corps" : "division";
        SQLite::Statement q(m_store.impl().db, std::string("SELECT name FROM ") + table + " WHERE campaign_id = ? AND name = ? COLLATE NOCASE");
        bind_all(q, campaign, std::string(name));
        if (!q.executeStep()) return std::nullopt;
        return Row(q).text("name");
    });
}

std::optional<std::string> Forces::brigade_called(std::int64_t campaign, std::string_view name) const {
    return guarded(m_store.path(), [&]() -> std::optional<std::string> {
        SQLite::Statement q(m_store.impl().db, "SELECT d.name || '/' || b.name AS ref FROM brigade b JOIN division d ON d.id = b.division_id "
                                               "WHERE b.campaign_id = ? AND b.name = ? COLLATE NOCASE LIMIT 1");
        bind_all(q, campaign, std::string(name));
        if (!q.executeStep()) return std::nullopt;
        return Row(q).text("ref");
    });
}

std::vector<std::pair<std::string, std::string>> Forces::brigade_names(std::int64_t campaign) const {
    return guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db, "SELECT b.name AS name, d.name || '/' || b.name AS ref FROM brigade b JOIN division d ON d.id = b.division_id "
                                               "WHERE b.campaign_id = ?");
        bind_all(q, campaign);
        std::vector<std::pair<std::string, std::string>> out;
        for (const Row row(q); q.executeStep();) out.emplace_back(row.text("name"), row.text("ref"));
        return out;
    });
}

std::optional<std::string> Forces::brigade_named(std::int64_t division, std::string_view name) const {
    return guarded(m_store.path(), [&]() -> std::optional<std::string> {
        SQLite::Statement q(m_store.impl().db, "SELECT name FROM brigade WHERE division_id = ? AND name = ? COLLATE NOCASE");
        bind_all(q, division, std::string(name));
        if (!q.executeStep()) return std::nullopt;
        return Row(q).text("name");
    });
}

std::optional<std::string> Forces::battery_named(std::int64_t division, const ReserveTarget& reserve, std::string_view name) const {
    return guarded(m_store.path(), [&]() -> std::optional<std::string> {
        SQLite::Statement q(m_store.impl().db, division ? "SELECT name FROM battery WHERE division_id = ?1 AND name = ?2 COLLATE NOCASE"
                                               : reserve.corps_id ? "SELECT name FROM battery WHERE corps_id = ?1 AND division_id IS NULL AND name = ?2 COLLATE NOCASE"
                                                                  : "SELECT name FROM battery WHERE army_id = ?1 AND division_id IS NULL AND corps_id IS NULL AND name = ?2 COLLATE NOCASE");
        bind_all(q, division ? division : reserve.corps_id ? reserve.corps_id : reserve.army_id, std::string(name));
        if (!q.executeStep()) return std::nullopt;
        return Row(q).text("name");
    });
}

std::vector<Forces::Idle> Forces::idle_stands(std::int64_t campaign) const {
    return guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db, "SELECT b.id AS id, d.name AS division, b.name AS name, b.status AS status, b.stands AS stands FROM brigade b "
                                               "JOIN division d ON d.id = b.division_id WHERE b.campaign_id = ? AND b.status <> 'active' AND b.stands > 0 "
                                               "ORDER BY d.id, b.position, b.id");
        bind_all(q, campaign);
        std::vector<Idle> out;
        for (const Row row(q); q.executeStep();)
            read_row("brigade", row, "id", [&] {
                out.push_back({row.text("division") + "/" + row.text("name"), row.word<BrigadeStatus>("status"), row.count("stands", 999)});
            });
        return out;
    });
}

std::vector<std::pair<UnitKind, std::string>> Forces::uncommanded(std::int64_t campaign) const {
    return guarded(m_store.path(), [&] {
        // Every unit without a commander read, its status a word muster knows and a brigade's
        // division there: damage is refused, not left out of the list or taken as in play.
        SQLite::Statement q(m_store.impl().db,
                            "SELECT 'brigade' AS kind, b.status AS status, d.id AS division, d.name AS division_name, b.name AS name, b.id AS id "
                            "FROM brigade b LEFT JOIN division d ON d.id = b.division_id AND d.campaign_id = b.campaign_id "
                            "WHERE b.campaign_id = ?1 AND b.commander_id IS NULL "
                            "UNION ALL SELECT 'division', status, id, name, name, 0 FROM division WHERE campaign_id = ?1 AND commander_id IS NULL "
                            "UNION ALL SELECT 'corps', NULL, NULL, NULL, name, id FROM corps WHERE campaign_id = ?1 AND commander_id IS NULL "
                            "UNION ALL SELECT 'army', NULL, NULL, NULL, name, id FROM army WHERE campaign_id = ?1 AND commander_id IS NULL "
                            "ORDER BY division, id");
        bind_all(q, campaign);
        std::vector<std::pair<UnitKind, std::string>> out;
        for (const Row row(q); q.executeStep();) {
            const auto kind = row.word<UnitKind>("kind");
            if (kind == UnitKind::brigade) {
                if (row.null("division")) throw Damaged("brigade #" + std::to_string(row.id("id")) + " is of a division the campaign does not hold; run muster check, or restore a backup");
                if (read_row("brigade", row, "id", [&] { return is_active(row.word<BrigadeStatus>("status")); }))
                    out.emplace_back(kind, row.text("division_name") + "/" + row.text("name"));
            } else if (kind != UnitKind::division || row.word<DivisionStatus>("status") != DivisionStatus::placeholder) {
                out.emplace_back(kind, row.text("name"));
            }
        }
        return out;
    });
}

std::vector<std::string> Forces::unit_names(std::int64_t campaign, UnitKind kind) const {
    return guarded(m_store.path(), [&] {
        if (kind == UnitKind::brigade) throw Error("brigade names are not unique: they are found with their division");
        // The table of each kind of unit has the kind's own spelling as its name.
        SQLite::Statement q(m_store.impl().db, "SELECT name FROM " + word(kind) + " WHERE campaign_id = ? ORDER BY id");
        bind_all(q, campaign);
        std::vector<std::string> out;
        for (const Row row(q); q.executeStep();) out.push_back(row.text("name"));
        return out;
    });
}

std::vector<std::pair<std::int64_t, std::string>> Forces::army_sides(std::int64_t campaign) const {
    return guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db, "SELECT id, side FROM army WHERE campaign_id = ? ORDER BY id");
        bind_all(q, campaign);
        std::vector<std::pair<std::int64_t, std::string>> out;
        for (const Row row(q); q.executeStep();) out.emplace_back(row.id("id"), row.text("side"));
        return out;
    });
}

std::optional<std::pair<std::int64_t, std::string>> Forces::find_army(std::int64_t campaign,
                                                                             std::string_view name) const {
    return guarded(m_store.path(), [&]() -> std::optional<std::pair<std::int64_t, std::string>> {
        SQLite::Statement q(m_store.impl().db, "SELECT id, side FROM army WHERE campaign_id = ? AND name = ?");
        bind_all(q, campaign, std::string(name));
        if (!q.executeStep()) return std::nullopt;
        const Row row(q);
        return std::pair{row.id("id"), row.text("side")};
    });
}

std::optional<std::tuple<std::int64_t, std::int64_t, std::string>> Forces::find_corps(std::int64_t campaign,
                                                                                             std::string_view name) const {
    return guarded(m_store.path(), [&]() -> std::optional<std::tuple<std::int64_t, std::int64_t, std::string>> {
        const Store::Impl::Lookup lookup(m_store.impl(),
                                  "SELECT c.id, c.army_id, a.side FROM corps c JOIN army a ON a.id = c.army_id "
                                  "WHERE c.campaign_id = ? AND c.name = ?");
        auto& q = lookup.q;
        bind_all(q, campaign, std::string(name));
        if (!q.executeStep()) return std::nullopt;
        const Row row(q);
        return std::tuple{row.id("id"), row.id("army_id"), row.text("side")};
    });
}

std::optional<army::BrigadeRecord> Forces::brigade(std::int64_t id) const {
    return guarded(m_store.path(), [&]() -> std::optional<army::BrigadeRecord> {
        static const std::string sql = std::string("SELECT ") + k_brigade_columns + " FROM brigade b WHERE b.id = ?";
        const Store::Impl::Lookup lookup(m_store.impl(), sql.c_str());
        bind_all(lookup.q, id);
        if (!lookup.q.executeStep()) return std::nullopt;
        return read_brigade(Row(lookup.q));
    });
}

std::vector<army::BrigadeRecord> Forces::brigades(std::int64_t campaign, const std::string* divisions) const {
    return guarded(m_store.path(), [&] {
        auto& db = m_store.impl().db;
        SQLite::Statement q(db, std::string("SELECT ") + k_brigade_columns + ", d.name AS division, a.side "
                                "FROM brigade b JOIN division d ON d.id = b.division_id JOIN corps k ON k.id = d.corps_id "
                                "JOIN army a ON a.id = k.army_id WHERE " + (divisions ? "+" : "") + "b.campaign_id = ?1 " +
                                (divisions ? "AND b.division_id IN (SELECT value FROM json_each(?2)) " : "") + "ORDER BY b.id");
        if (divisions) bind_all(q, campaign, *divisions);
        else bind_all(q, campaign);
        std::vector<army::BrigadeRecord> out;
        if (!divisions) out.reserve(rows_of(db, "brigade", campaign));
        for (const Row row(q); q.executeStep();) {
            auto b = read_brigade(row);
            b.division = row.text("division");
            b.side = row.text("side");
            out.push_back(std::move(b));
        }
        return out;
    });
}

std::vector<army::Battery> Forces::batteries(std::int64_t campaign, const std::string* divisions) const {
    return guarded(m_store.path(), [&] {
        auto& db = m_store.impl().db;
        SQLite::Statement q(db,
                            std::string("SELECT ") + k_battery_columns + ", COALESCE(d.name, k.name, a.name) AS owner, "
                            "COALESCE(da.side, ka.side, a.side) AS side "
                            "FROM battery t LEFT JOIN division d ON d.id = t.division_id "
                            "LEFT JOIN corps dk ON dk.id = d.corps_id LEFT JOIN army da ON da.id = dk.army_id "
                            "LEFT JOIN corps k ON k.id = t.corps_id LEFT JOIN army ka ON ka.id = k.army_id "
                            "LEFT JOIN army a ON a.id = t.army_id WHERE " + std::string(divisions ? "+" : "") + "t.campaign_id = ?1 " +
                                std::string(divisions ? "AND t.division_id IN (SELECT value FROM json_each(?2)) " : "") + "ORDER BY t.id");
        if (divisions) bind_all(q, campaign, *divisions);
        else bind_all(q, campaign);
        std::vector<army::Battery> out;
        if (!divisions) out.reserve(rows_of(db, "battery", campaign));
        for (const Row row(q); q.executeStep();) {
            auto t = read_battery(row);
            t.owner = row.text("owner");
            t.side = row.text("side");
            out.push_back(std::move(t));
        }
        return out;
    });
}

std::vector<army::Unit> Forces::units(std::int64_t campaign, const std::string* divisions) const {
    return guarded(m_store.path(), [&] {
        // Given divisions, those and the corps and armies above them.
        const std::string only_divisions = divisions ? " AND d.id IN (SELECT value FROM json_each(?2))" : "";
        const std::string only_corps =
            divisions ? " AND k.id IN (SELECT corps_id FROM division WHERE id IN (SELECT value FROM json_each(?2)))" : "";
        const std::string only_armies =
            divisions ? " AND id IN (SELECT k.army_id FROM corps k JOIN division d ON d.corps_id = k.id WHERE d.id IN (SELECT value FROM json_each(?2)))"
                      : "";
        const std::string plus = divisions ? "+" : "";  // filtered: by the ids, not the campaign's index
        SQLite::Statement q(m_store.impl().db,
                            "SELECT 1 AS tier, 'army' AS kind, id, name, side, NULL AS status, 0 AS parent FROM army WHERE " + plus + "campaign_id = ?1" + only_armies +
                                " UNION ALL SELECT 2, 'corps', k.id, k.name, a.side, NULL, k.army_id FROM corps k JOIN army a ON a.id = k.army_id "
                                "WHERE " + plus + "k.campaign_id = ?1" + only_corps +
                                " UNION ALL SELECT 3, 'division', d.id, d.name, a.side, d.status, d.corps_id FROM division d "
                                "JOIN corps k ON k.id = d.corps_id JOIN army a ON a.id = k.army_id WHERE " + plus + "d.campaign_id = ?1" + only_divisions +
                                " ORDER BY tier, id");
        if (divisions) bind_all(q, campaign, *divisions);
        else bind_all(q, campaign);
        std::vector<army::Unit> out;
        for (const Row row(q); q.executeStep();) {
            army::Unit u{row.word<UnitKind>("kind"), row.id("id"), row.text("name"), row.text("side"), std::nullopt, row.id("parent")};
            if (!row.null("status")) u.status = row.word<DivisionStatus>("status");
            out.push_back(std::move(u));
        }
        return out;
    });
}

std::vector<std::int64_t> Forces::divisions_named(std::int64_t campaign, std::string_view name) const {
    return guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db, "SELECT id FROM division WHERE campaign_id = ? AND name = ? COLLATE NOCASE ORDER BY id");
        bind_all(q, campaign, name);
        std::vector<std::int64_t> out;
        for (const Row row(q); q.executeStep();) out.push_back(row.id("id"));
        return out;
    });
}

std::vector<std::string> Forces::reserve_battery_names(const ReserveTarget& reserve) const {
    return guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db, "SELECT name FROM battery WHERE corps_id IS ? AND army_id IS ? ORDER BY id");
        bind_all(q, reserve.corps_id ? std::optional(reserve.corps_id) : std::nullopt,
                 reserve.army_id ? std::optional(reserve.army_id) : std::nullopt);
        std::vector<std::string> out;
        for (const Row row(q); q.executeStep();) out.push_back(row.text("name"));
        return out;
    });
}

}  // namespace muster::db
