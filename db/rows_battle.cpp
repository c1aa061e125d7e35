// Rows of the after-battle rules: strength moves, fates of units and leaders, battles and
// their losses, camps, prisoners and exchanges. Called inside CampaignStore::run_operation.
#include "store_impl.hpp"

#include <map>
#include <unordered_map>

namespace muster::db {
namespace {

template <class... Values>
void exec(SQLite::Database& db, const char* sql, const Values&... values) {
    SQLite::Statement q(db, sql);
    bind_all(q, values...);
    q.exec();
}

// The kind of a prisoner or exchange line, from which of its three references is set.
constexpr const char* k_held_kind =
    "CASE WHEN brigade_id IS NOT NULL THEN 'stands' WHEN leader_id IS NOT NULL THEN 'leader' ELSE 'battery' END AS kind";

// How many rows of `table` the campaign has: what to reserve before reading them all (a vector
// grown row by row moved 130,000 leaders a dozen times, and faulted in every new block).
size_t rows_of(SQLite::Database& db, const char* table, std::int64_t campaign) {
    SQLite::Statement q(db, std::string("SELECT count(*) AS n FROM ") + table + " WHERE campaign_id = ?");
    bind_all(q, campaign);
    q.executeStep();
    return static_cast<size_t>(Row(q).id("n"));
}

}  // namespace

void CampaignStore::change_stands(std::int64_t operation, std::int64_t brigade, MoveKind kind, int delta) {
    if (delta == 0) return;
    guarded(m_path, [&] {
        auto& db = m_impl->db;
        exec(db, "INSERT INTO move (operation_id, brigade_id, kind, stands) VALUES (?, ?, ?, ?)", operation, brigade, kind, delta);
        exec(db, "UPDATE brigade SET stands = stands + ? WHERE id = ?", delta, brigade);
    });
}

void CampaignStore::set_brigade_status(std::int64_t brigade, BrigadeStatus status) {
    guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "UPDATE brigade SET status = ? WHERE id = ?");
        bind_all(q, status, brigade);
        q.exec();
    });
}

void CampaignStore::relabel_brigade(std::int64_t brigade, const rules::EffectivenessLabel& label, bool by_organiser) {
    guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "UPDATE brigade SET start_stands = ?, worn_at = ?, spent_at = ?, labelled_for = ? WHERE id = ?");
        bind_all(q, label.stands, label.worn_at, label.spent_at, by_organiser ? std::optional<int>(label.stands) : std::nullopt, brigade);
        q.exec();
    });
}

void CampaignStore::set_commander(UnitKind unit_kind, std::int64_t unit, std::int64_t leader, Rank rank, const std::string& post) {
    guarded(m_path, [&] {
        // The table of each kind of unit has the kind's own spelling as its name.
        SQLite::Statement old(m_impl->db, "UPDATE leader SET former_post = ? WHERE id = (SELECT commander_id FROM " + word(unit_kind) +
                                              " WHERE id = ?)");
        bind_all(old, post, unit);
        old.exec();
        SQLite::Statement q(m_impl->db, "UPDATE " + word(unit_kind) + " SET commander_id = ? WHERE id = ?");
        bind_all(q, leader, unit);
        q.exec();
        SQLite::Statement r(m_impl->db, "UPDATE leader SET rank = ? WHERE id = ?");
        bind_all(r, rank, leader);
        r.exec();
    });
}

void CampaignStore::set_leader_status(std::int64_t leader, LeaderStatus status, std::optional<std::int64_t> fell_in,
                                      std::optional<int> out_battles) {
    guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "UPDATE leader SET status = ?, fell_in = ?, out_battles = ? WHERE id = ?");
        bind_all(q, status, fell_in, out_battles, leader);
        q.exec();
    });
}

void CampaignStore::set_battery_status(std::int64_t battery, BatteryStatus status) {
    guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "UPDATE battery SET status = ? WHERE id = ?");
        bind_all(q, status, battery);
        q.exec();
    });
}

void CampaignStore::update_campaign_settings(const campaign::CampaignInfo& row) {
    guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db,
                            "UPDATE campaign SET return_rate = ?, rounding = ?, despicable = ?, men_per_stand = ?, date = ?, theater = ?, "
                            "turn = ?, turn_days = ?, leader_names = ?, dice = ? WHERE id = ?");
        bind_all(q, row.return_rate, row.rounding, row.despicable, row.men_per_stand, row.date, row.theater, row.turn, row.turn_days,
                 row.leader_names ? 1 : 0, row.dice, row.id);
        q.exec();
    });
}

void CampaignStore::set_schedule(std::int64_t division, std::optional<int> turn) {
    guarded(m_path, [&] {
        if (!turn) {
            exec(m_impl->db, "DELETE FROM schedule WHERE division_id = ?", division);
            return;
        }
        SQLite::Statement q(m_impl->db, "INSERT INTO schedule (division_id, turn) VALUES (?, ?) "
                                        "ON CONFLICT (division_id) DO UPDATE SET turn = excluded.turn");
        bind_all(q, division, *turn);
        q.exec();
    });
}

std::vector<campaign::ScheduleEntry> CampaignStore::schedule(std::int64_t campaign) const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db,
                            "SELECT s.division_id, d.name, a.side, d.status, s.turn FROM schedule s JOIN division d ON d.id = s.division_id "
                            "JOIN corps k ON k.id = d.corps_id JOIN army a ON a.id = k.army_id WHERE d.campaign_id = ? "
                            "ORDER BY s.turn, d.id");
        bind_all(q, campaign);
        std::vector<campaign::ScheduleEntry> out;
        for (const Row row(q); q.executeStep();) {
            campaign::ScheduleEntry e;
            e.division_id = row.id("division_id");
            e.division = row.text("name");
            e.side = row.text("side");
            e.status = row.word<DivisionStatus>("status");
            e.turn = row.integer("turn");
            out.push_back(std::move(e));
        }
        return out;
    });
}

std::int64_t CampaignStore::insert_battle(std::int64_t campaign, const campaign::BattleInfo& b) {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "INSERT INTO battle (campaign_id, name, date, place) VALUES (?, ?, ?, ?)");
        bind_all(q, campaign, b.name, b.date, b.place);
        q.exec();
        return m_impl->db.getLastInsertRowid();
    });
}

void CampaignStore::insert_battle_division(std::int64_t battle, std::int64_t division, int engaged) {
    guarded(m_path, [&] {
        exec(m_impl->db, "INSERT INTO battle_division (battle_id, division_id, engaged) VALUES (?, ?, ?)", battle, division, engaged);
    });
}

void CampaignStore::insert_battle_fallen(std::int64_t battle, std::int64_t leader, LeaderFate fate) {
    guarded(m_path, [&] { exec(m_impl->db, "INSERT INTO battle_fallen (battle_id, leader_id, fate) VALUES (?, ?, ?)", battle, leader, fate); });
}

void CampaignStore::insert_battle_gun(std::int64_t battle, std::int64_t battery, BatteryFate fate) {
    guarded(m_path, [&] { exec(m_impl->db, "INSERT INTO battle_gun (battle_id, battery_id, fate) VALUES (?, ?, ?)", battle, battery, fate); });
}

void CampaignStore::insert_loss(std::int64_t battle, std::int64_t brigade, int casualties, int captured) {
    guarded(m_path, [&] {
        exec(m_impl->db, "INSERT INTO battle_loss (battle_id, brigade_id, casualties, captured) VALUES (?, ?, ?, ?)",
             battle, brigade, casualties, captured);
    });
}

void CampaignStore::set_returned(std::int64_t battle, std::int64_t brigade, int returned) {
    guarded(m_path, [&] {
        exec(m_impl->db, "UPDATE battle_loss SET returned = ? WHERE battle_id = ? AND brigade_id = ?", returned, battle, brigade);
    });
}

void CampaignStore::set_battle_recovered(std::int64_t battle) {
    guarded(m_path, [&] { exec(m_impl->db, "UPDATE battle SET recovered = 1 WHERE id = ?", battle); });
}

std::int64_t CampaignStore::insert_camp(std::int64_t campaign, std::string_view side, std::string_view name) {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "INSERT INTO camp (campaign_id, side, name) VALUES (?, ?, ?)");
        bind_all(q, campaign, std::string(side), std::string(name));
        q.exec();
        return m_impl->db.getLastInsertRowid();
    });
}

void CampaignStore::set_camp_liberated(std::int64_t camp) {
    guarded(m_path, [&] { exec(m_impl->db, "UPDATE camp SET liberated = 1 WHERE id = ?", camp); });
}

void CampaignStore::hold_stands(std::int64_t camp, std::int64_t brigade, int stands) {
    guarded(m_path, [&] {
        exec(m_impl->db,
             "INSERT INTO prisoner (camp_id, brigade_id, stands) VALUES (?, ?, ?) "
             "ON CONFLICT (camp_id, brigade_id) DO UPDATE SET stands = stands + excluded.stands",
             camp, brigade, stands);
    });
}

void CampaignStore::hold_leader(std::int64_t camp, std::int64_t leader) {
    guarded(m_path, [&] { exec(m_impl->db, "INSERT INTO prisoner (camp_id, leader_id) VALUES (?, ?)", camp, leader); });
}

void CampaignStore::hold_battery(std::int64_t camp, std::int64_t battery) {
    guarded(m_path, [&] { exec(m_impl->db, "INSERT INTO prisoner (camp_id, battery_id) VALUES (?, ?)", camp, battery); });
}

void CampaignStore::release(const campaign::Holding& h, int stands) {
    guarded(m_path, [&] {
        if (h.kind == HeldKind::stands && stands < h.stands)
            exec(m_impl->db, "UPDATE prisoner SET stands = stands - ? WHERE id = ?", stands, h.prisoner_id);
        else
            exec(m_impl->db, "DELETE FROM prisoner WHERE id = ?", h.prisoner_id);
    });
}

std::int64_t CampaignStore::insert_exchange(std::int64_t campaign, const campaign::ExchangeInfo& e) {
    return guarded(m_path, [&] {
        auto& db = m_impl->db;
        SQLite::Statement q(db, "INSERT INTO exchange (campaign_id, proposer, counterpart, note) VALUES (?, ?, ?, ?)");
        bind_all(q, campaign, e.proposer, e.counterpart, e.note);
        q.exec();
        const auto id = db.getLastInsertRowid();
        SQLite::Statement item(db,
                               "INSERT INTO exchange_item (exchange_id, direction, brigade_id, stands, leader_id, battery_id) "
                               "VALUES (?, ?, ?, ?, ?, ?)");
        for (const auto& it : e.items) {
            const auto unit_if = [&](HeldKind k) { return it.kind == k ? std::optional(it.unit_id) : std::nullopt; };
            bind_all(item, id, it.direction, unit_if(HeldKind::stands), it.kind == HeldKind::stands ? it.stands : 0,
                     unit_if(HeldKind::leader), unit_if(HeldKind::battery));
            item.exec();
            item.reset();
        }
        return id;
    });
}

void CampaignStore::set_exchange_status(std::int64_t exchange, ExchangeStatus status) {
    guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "UPDATE exchange SET status = ? WHERE id = ?");
        bind_all(q, status, exchange);
        q.exec();
    });
}

std::vector<campaign::BrigadeInfo> CampaignStore::brigades(std::int64_t campaign) const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db,
                            "SELECT b.id, b.name, d.name AS division, d.id AS division_id, a.side, b.rating, b.status, b.stands, "
                            "b.start_stands, b.commander_id, b.worn_at, b.spent_at "
                            "FROM brigade b JOIN division d ON d.id = b.division_id JOIN corps k ON k.id = d.corps_id "
                            "JOIN army a ON a.id = k.army_id WHERE b.campaign_id = ? ORDER BY b.id");
        bind_all(q, campaign);
        std::vector<campaign::BrigadeInfo> out;
        out.reserve(rows_of(m_impl->db, "brigade", campaign));
        for (const Row row(q); q.executeStep();)
            out.push_back({row.id("id"), row.text("name"), row.text("division"), row.id("division_id"), row.text("side"),
                           row.text("rating"), row.word<BrigadeStatus>("status"), row.integer("stands"),
                           row.integer("start_stands"), row.optional_id("commander_id"), row.optional_integer("worn_at"),
                           row.optional_integer("spent_at")});
        return out;
    });
}

void Command::offer(int rank, std::string_view name, std::optional<UnitKind> unit, std::int64_t id) {
    if (rank < text_rank) {
        text_rank = rank;
        text = name;
    }
    // An alternate commander is not the commander of his unit.
    if (unit && rank < unit_rank) {
        unit_rank = rank;
        kind = unit;
        unit_id = id;
    }
}

std::vector<campaign::LeaderInfo> leader_infos(SQLite::Database& db, std::int64_t campaign) {
    SQLite::Statement q(db,
                        "SELECT id, name, side, rank, grade, rolled_grade, status, fell_in, out_battles, former_post "
                        "FROM leader WHERE campaign_id = ? ORDER BY id");
    bind_all(q, campaign);
    std::vector<campaign::LeaderInfo> out;
    out.reserve(rows_of(db, "leader", campaign));
    std::map<std::pair<std::string, std::string>, int> posts;  // (side, former post) -> former commanders so far
    for (const Row row(q); q.executeStep();) {
        campaign::LeaderInfo l;
        l.id = row.id("id");
        l.name = row.text("name");
        l.side = row.text("side");
        l.rank = row.word<Rank>("rank");
        l.grade = row.text("grade");
        l.rolled_grade = row.text("rolled_grade");
        l.status = row.word<LeaderStatus>("status");
        l.fell_in = row.optional_id("fell_in");
        l.out_battles = row.optional_integer("out_battles").value_or(0);
        if (!row.null("former_post")) {
            auto post = row.text("former_post");
            const int number = ++posts[{l.side, post}];
            l.former_post = {std::move(post), number};
        }
        out.push_back(std::move(l));
    }
    return out;
}

void give_commands(std::vector<campaign::LeaderInfo>& leaders, Commands commands) {
    for (auto& l : leaders)
        if (const auto c = commands.find(l.id); c != commands.end()) {
            l.commands = std::move(c->second.text);
            l.unit_kind = c->second.kind;
            l.unit_id = c->second.unit_id;
        }
}

std::vector<campaign::LeaderInfo> CampaignStore::leaders(std::int64_t campaign) const {
    return guarded(m_path, [&] {
        auto& db = m_impl->db;
        const ReadSnapshot snapshot(db);
        // The unit each leader commands, from three scans joined here by the leader's id:
        // SQLite would build a temporary index for each join.
        Commands commands;
        SQLite::Statement brigades(db,
                                   "SELECT b.id, b.name, d.name AS division, b.commander_id, b.alternate_id FROM brigade b "
                                   "JOIN division d ON d.id = b.division_id WHERE b.campaign_id = ? "
                                   "AND (b.commander_id IS NOT NULL OR b.alternate_id IS NOT NULL) ORDER BY b.id");
        bind_all(brigades, campaign);
        for (const Row row(brigades); brigades.executeStep();) {
            const std::string ref = row.text("division") + "/" + row.text("name");
            if (const auto id = row.optional_id("commander_id")) commands[*id].offer(Command::k_brigade, ref, UnitKind::brigade, row.id("id"));
            if (const auto id = row.optional_id("alternate_id")) commands[*id].offer(Command::k_alternate, ref + " (alternate)", std::nullopt, 0);
        }
        SQLite::Statement units(db,
                                "SELECT 'division' AS kind, id, name, commander_id FROM division WHERE campaign_id = ?1 AND commander_id IS NOT NULL "
                                "UNION ALL SELECT 'corps', id, name, commander_id FROM corps WHERE campaign_id = ?1 AND commander_id IS NOT NULL "
                                "UNION ALL SELECT 'army', id, name, commander_id FROM army WHERE campaign_id = ?1 AND commander_id IS NOT NULL "
                                "ORDER BY id");
        bind_all(units, campaign);
        for (const Row row(units); units.executeStep();) {
            const auto kind = row.word<UnitKind>("kind");
            commands[row.id("commander_id")].offer(Command::rank_of(kind), row.text("name"), kind, row.id("id"));
        }
        auto out = leader_infos(db, campaign);
        give_commands(out, std::move(commands));
        return out;
    });
}

std::vector<campaign::BatteryInfo> CampaignStore::batteries(std::int64_t campaign) const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db,
                            "SELECT t.id, t.name, COALESCE(d.name, k.name, a.name) AS owner, COALESCE(da.side, ka.side, a.side) AS side, "
                            "t.status, t.division_id "
                            "FROM battery t LEFT JOIN division d ON d.id = t.division_id "
                            "LEFT JOIN corps dk ON dk.id = d.corps_id LEFT JOIN army da ON da.id = dk.army_id "
                            "LEFT JOIN corps k ON k.id = t.corps_id LEFT JOIN army ka ON ka.id = k.army_id "
                            "LEFT JOIN army a ON a.id = t.army_id WHERE t.campaign_id = ? ORDER BY t.id");
        bind_all(q, campaign);
        std::vector<campaign::BatteryInfo> out;
        out.reserve(rows_of(m_impl->db, "battery", campaign));
        for (const Row row(q); q.executeStep();)
            out.push_back({row.id("id"), row.text("name"), row.text("owner"), row.text("side"), row.word<BatteryStatus>("status"),
                           row.optional_id("division_id")});
        return out;
    });
}

std::vector<campaign::CampInfo> CampaignStore::camps(std::int64_t campaign) const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "SELECT id, name, side, liberated FROM camp WHERE campaign_id = ? ORDER BY id");
        bind_all(q, campaign);
        std::vector<campaign::CampInfo> out;
        for (const Row row(q); q.executeStep();)
            out.push_back({row.id("id"), row.text("name"), row.text("side"), row.flag("liberated")});
        return out;
    });
}

std::vector<campaign::Holding> CampaignStore::holdings(std::int64_t campaign) const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db,
                            std::string("SELECT p.id, p.camp_id, ") + k_held_kind +
                                ", COALESCE(brigade_id, leader_id, battery_id) AS unit_id, p.stands "
                                "FROM prisoner p JOIN camp c ON c.id = p.camp_id WHERE c.campaign_id = ? ORDER BY p.camp_id, p.id");
        bind_all(q, campaign);
        std::vector<campaign::Holding> out;
        for (const Row row(q); q.executeStep();)
            out.push_back({row.id("id"), row.id("camp_id"), row.word<HeldKind>("kind"), row.id("unit_id"), row.integer("stands")});
        return out;
    });
}

std::vector<campaign::BattleInfo> CampaignStore::battles(std::int64_t campaign) const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "SELECT id, name, date, place, recovered FROM battle WHERE campaign_id = ? ORDER BY id");
        bind_all(q, campaign);
        std::vector<campaign::BattleInfo> out;
        for (const Row row(q); q.executeStep();)
            out.push_back({row.id("id"), row.text("name"), row.text("date"), row.text("place"), row.flag("recovered")});
        return out;
    });
}

std::vector<campaign::LossInfo> CampaignStore::losses(std::int64_t battle) const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db,
                            "SELECT brigade_id, casualties, captured, returned FROM battle_loss WHERE battle_id = ? ORDER BY brigade_id");
        bind_all(q, battle);
        std::vector<campaign::LossInfo> out;
        for (const Row row(q); q.executeStep();)
            out.push_back({row.id("brigade_id"), row.integer("casualties"), row.integer("captured"), row.integer("returned")});
        return out;
    });
}

campaign::BattleRecord CampaignStore::battle_record(std::int64_t battle) const {
    return guarded(m_path, [&] {
        auto& db = m_impl->db;
        const ReadSnapshot snapshot(db);
        campaign::BattleRecord out;
        SQLite::Statement d(db, "SELECT division_id, engaged FROM battle_division WHERE battle_id = ? ORDER BY division_id");
        bind_all(d, battle);
        for (const Row row(d); d.executeStep();) out.divisions.push_back({row.id("division_id"), row.optional_integer("engaged")});
        SQLite::Statement f(db, "SELECT leader_id, fate FROM battle_fallen WHERE battle_id = ? ORDER BY leader_id");
        bind_all(f, battle);
        for (const Row row(f); f.executeStep();) out.fallen.push_back({row.id("leader_id"), row.word<LeaderFate>("fate")});
        SQLite::Statement g(db, "SELECT battery_id, fate FROM battle_gun WHERE battle_id = ? ORDER BY battery_id");
        bind_all(g, battle);
        for (const Row row(g); g.executeStep();) out.guns.push_back({row.id("battery_id"), row.word<BatteryFate>("fate")});
        return out;
    });
}

std::vector<std::int64_t> CampaignStore::battle_divisions(std::int64_t battle) const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "SELECT division_id FROM battle_division WHERE battle_id = ? ORDER BY division_id");
        bind_all(q, battle);
        std::vector<std::int64_t> out;
        for (const Row row(q); q.executeStep();) out.push_back(row.id("division_id"));
        return out;
    });
}

std::vector<campaign::ExchangeInfo> CampaignStore::exchanges(std::int64_t campaign) const {
    return guarded(m_path, [&] {
        auto& db = m_impl->db;
        std::vector<campaign::ExchangeInfo> out;
        SQLite::Statement q(db, "SELECT id, proposer, counterpart, status, note FROM exchange WHERE campaign_id = ? ORDER BY id");
        bind_all(q, campaign);
        for (const Row row(q); q.executeStep();)
            out.push_back({row.id("id"), row.text("proposer"), row.text("counterpart"), row.word<ExchangeStatus>("status"),
                           row.text("note"), {}});
        SQLite::Statement items(db,
                                std::string("SELECT direction, ") + k_held_kind +
                                    ", COALESCE(brigade_id, leader_id, battery_id) AS unit_id, stands "
                                    "FROM exchange_item WHERE exchange_id = ? ORDER BY id");
        for (auto& e : out) {
            bind_all(items, e.id);
            for (const Row row(items); items.executeStep();)
                e.items.push_back({row.word<Direction>("direction"), row.word<HeldKind>("kind"), row.id("unit_id"),
                                   row.integer("stands")});
            items.reset();
        }
        return out;
    });
}

std::vector<campaign::UnitInfo> CampaignStore::units(std::int64_t campaign) const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db,
                            "SELECT 1 AS tier, 'army' AS kind, id, name, side, NULL AS status FROM army WHERE campaign_id = ?1 "
                            "UNION ALL SELECT 2, 'corps', k.id, k.name, a.side, NULL FROM corps k JOIN army a ON a.id = k.army_id "
                            "WHERE k.campaign_id = ?1 "
                            "UNION ALL SELECT 3, 'division', d.id, d.name, a.side, d.status FROM division d "
                            "JOIN corps k ON k.id = d.corps_id JOIN army a ON a.id = k.army_id WHERE d.campaign_id = ?1 "
                            "ORDER BY tier, id");
        bind_all(q, campaign);
        std::vector<campaign::UnitInfo> out;
        for (const Row row(q); q.executeStep();) {
            campaign::UnitInfo u{row.word<UnitKind>("kind"), row.id("id"), row.text("name"), row.text("side"), std::nullopt};
            if (!row.null("status")) u.status = row.word<DivisionStatus>("status");
            out.push_back(std::move(u));
        }
        return out;
    });
}

std::vector<std::string> CampaignStore::reserve_battery_names(const ReserveTarget& reserve) const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "SELECT name FROM battery WHERE corps_id IS ? AND army_id IS ? ORDER BY id");
        bind_all(q, reserve.corps_id ? std::optional(reserve.corps_id) : std::nullopt,
                 reserve.army_id ? std::optional(reserve.army_id) : std::nullopt);
        std::vector<std::string> out;
        for (const Row row(q); q.executeStep();) out.push_back(row.text("name"));
        return out;
    });
}

campaign::Roster CampaignStore::roster(std::int64_t campaign, RosterParts parts) const {
    campaign::Roster r;
    read([&] {
        if (parts.brigades) r.brigades = brigades(campaign);
        if (parts.leaders) r.leaders = leaders(campaign);
        if (parts.batteries) r.batteries = batteries(campaign);
        if (parts.units) r.units = units(campaign);
        r.camps = camps(campaign);
        r.holdings = holdings(campaign);
        r.battles = battles(campaign);
        r.exchanges = exchanges(campaign);
    });
    return r;
}

void CampaignStore::insert_draft_line(std::int64_t campaign, const campaign::DraftLine& l) {
    guarded(m_path, [&] {
        exec(m_impl->db,
             "INSERT INTO draft_line (campaign_id, battle, operation_id, kind, brigade_id, leader_id, battery_id, stands, fate, why) "
             "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
             campaign, l.battle, l.operation, l.kind, l.brigade_id, l.leader_id, l.battery_id, l.stands,
             l.leader_fate ? std::optional<std::string>(spell(*l.leader_fate))
                           : l.battery_fate ? std::optional<std::string>(spell(*l.battery_fate)) : std::nullopt,
             l.why);
    });
}

std::vector<campaign::DraftLine> CampaignStore::draft(std::int64_t campaign, const std::string& battle) const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db,
                            "SELECT battle, operation_id, kind, brigade_id, leader_id, battery_id, stands, fate, why "
                            "FROM draft_line WHERE campaign_id = ? AND battle = ? ORDER BY id");
        bind_all(q, campaign, battle);
        std::vector<campaign::DraftLine> out;
        for (const Row row(q); q.executeStep();) {
            campaign::DraftLine l;
            l.battle = row.text("battle");
            l.operation = row.id("operation_id");
            l.kind = row.word<DraftKind>("kind");
            l.brigade_id = row.optional_id("brigade_id");
            l.leader_id = row.optional_id("leader_id");
            l.battery_id = row.optional_id("battery_id");
            l.stands = row.integer("stands");
            if (l.kind == DraftKind::leader) l.leader_fate = row.word<LeaderFate>("fate");
            if (l.kind == DraftKind::battery) l.battery_fate = row.word<BatteryFate>("fate");
            l.why = row.text("why");
            out.push_back(std::move(l));
        }
        return out;
    });
}

std::vector<campaign::DraftInfo> CampaignStore::drafts(std::int64_t campaign) const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "SELECT battle, sum(kind <> 'engaged') AS n FROM draft_line WHERE campaign_id = ? GROUP BY battle ORDER BY battle");
        bind_all(q, campaign);
        std::vector<campaign::DraftInfo> out;
        for (const Row row(q); q.executeStep();) out.push_back({row.text("battle"), row.integer("n")});
        return out;
    });
}

void CampaignStore::clear_draft(std::int64_t campaign, const std::string& battle) {
    guarded(m_path, [&] { exec(m_impl->db, "DELETE FROM draft_line WHERE campaign_id = ? AND battle = ?", campaign, battle); });
}

}  // namespace muster::db
