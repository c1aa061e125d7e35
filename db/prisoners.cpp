// The prisoners' rows: camps, what they hold, exchanges.
#include "db/prisoners.hpp"
#include "core/text.hpp"
#include "store_impl.hpp"

#include "core/names.hpp"

namespace muster::db {
namespace {

// The kind of a prisoner or exchange line, from which of its three references is set.
constexpr const char* k_held_kind =
    "CASE WHEN brigade_id IS NOT NULL THEN 'stands' WHEN leader_id IS NOT NULL THEN 'leader' ELSE 'battery' END AS kind";

}  // namespace

std::optional<std::vector<std::int64_t>> Prisoners::exchange_divisions(std::int64_t campaign, std::int64_t number) const {
    return guarded(m_store.path(), [&]() -> std::optional<std::vector<std::int64_t>> {
        SQLite::Statement q(m_store.impl().db, "SELECT COALESCE(b.division_id, t.division_id) AS division FROM exchange_item i "
                                               "LEFT JOIN brigade b ON b.id = i.brigade_id LEFT JOIN battery t ON t.id = i.battery_id "
                                               "WHERE i.exchange_id = (SELECT id FROM exchange WHERE campaign_id = ? AND number = ?)");
        bind_all(q, campaign, number);
        std::vector<std::int64_t> out;
        for (const Row row(q); q.executeStep();) {
            if (row.null("division")) return std::nullopt;
            out.push_back(row.id("division"));
        }
        if (out.empty()) return std::nullopt;
        return out;
    });
}

Prisoners::Named Prisoners::named_in_camps(std::int64_t campaign) const {
    return guarded(m_store.path(), [&] {
        // Each by its index: a unit's division by its id, a leader's commands by the commander indexes.
        SQLite::Statement q(m_store.impl().db,
                            "WITH named AS (SELECT p.brigade_id, p.leader_id, p.battery_id FROM prisoner p JOIN camp c ON c.id = p.camp_id "
                            "WHERE c.campaign_id = ?1 UNION SELECT i.brigade_id, i.leader_id, i.battery_id FROM exchange_item i "
                            "JOIN exchange e ON e.id = i.exchange_id WHERE e.campaign_id = ?1) "
                            "SELECT 0 AS leader, b.division_id AS id FROM named n JOIN brigade b ON b.id = n.brigade_id "
                            "UNION SELECT 0, t.division_id FROM named n JOIN battery t ON t.id = n.battery_id WHERE t.division_id IS NOT NULL "
                            "UNION SELECT 0, b.division_id FROM named n JOIN brigade b ON b.commander_id = n.leader_id "
                            "UNION SELECT 0, b.division_id FROM named n JOIN brigade b ON b.alternate_id = n.leader_id "
                            "UNION SELECT 0, d.id FROM named n JOIN division d ON d.commander_id = n.leader_id "
                            "UNION SELECT 1, n.leader_id FROM named n WHERE n.leader_id IS NOT NULL");
        bind_all(q, campaign);
        Named out;
        for (const Row row(q); q.executeStep();) (row.id("leader") ? out.leaders : out.divisions).push_back(row.id("id"));
        return out;
    });
}

std::int64_t Prisoners::insert_camp(std::int64_t campaign, std::string_view side, std::string_view name) {
    return guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db, "INSERT INTO camp (campaign_id, side, name) VALUES (?, ?, ?)");
        bind_all(q, campaign, std::string(side), std::string(name));
        q.exec();
        const auto id = m_store.impl().db.getLastInsertRowid();
        require_unclaimed(m_store.impl().db, "camp", id);
        return id;
    });
}

void Prisoners::set_camp_liberated(std::int64_t camp) {
    guarded(m_store.path(), [&] { exec(m_store.impl().db, "UPDATE camp SET liberated = 1 WHERE id = ?", camp); });
}

void Prisoners::hold_stands(std::int64_t camp, std::int64_t brigade, int stands, const std::string& known_as) {
    guarded(m_store.path(), [&] {
        exec(m_store.impl().db,
             "INSERT INTO prisoner (camp_id, brigade_id, stands, known_as) VALUES (?, ?, ?, ?) "
             "ON CONFLICT (camp_id, brigade_id) DO UPDATE SET stands = stands + excluded.stands",
             camp, brigade, stands, known_as);
    });
}

void Prisoners::hold_leader(std::int64_t camp, std::int64_t leader, const std::string& known_as) {
    guarded(m_store.path(), [&] {
        exec(m_store.impl().db, "INSERT INTO prisoner (camp_id, leader_id, known_as) VALUES (?, ?, ?)", camp, leader, known_as);
    });
}

void Prisoners::hold_battery(std::int64_t camp, std::int64_t battery, const std::string& known_as) {
    guarded(m_store.path(), [&] {
        exec(m_store.impl().db, "INSERT INTO prisoner (camp_id, battery_id, known_as) VALUES (?, ?, ?)", camp, battery, known_as);
    });
}

void Prisoners::release(const campaign::Holding& h, int stands) {
    guarded(m_store.path(), [&] {
        if (h.kind == HeldKind::stands && stands < h.stands)
            exec(m_store.impl().db, "UPDATE prisoner SET stands = stands - ? WHERE id = ?", stands, h.prisoner_id);
        else
            exec(m_store.impl().db, "DELETE FROM prisoner WHERE id = ?", h.prisoner_id);
    });
}

std::pair<std::int64_t, std::int64_t> Prisoners::insert_exchange(std::int64_t campaign, const campaign::ExchangeInfo& e) {
    return guarded(m_store.path(), [&] {
        auto& db = m_store.impl().db;
        // Numbered within its campaign, after its last.
        SQLite::Statement q(db, "INSERT INTO exchange (campaign_id, proposer, counterpart, note, number) "
                                "VALUES (?1, ?2, ?3, ?4, (SELECT COALESCE(MAX(number), 0) + 1 FROM exchange WHERE campaign_id = ?1)) RETURNING id, number");
        bind_all(q, campaign, e.proposer, e.counterpart, e.note);
        const Row made(q);
        q.executeStep();
        const auto id = made.id("id"), number = made.id("number");
        q.reset();  // the insert done, before its items go in
        SQLite::Statement item(db,
                               "INSERT INTO exchange_item (exchange_id, direction, brigade_id, stands, leader_id, battery_id, known_as) "
                               "VALUES (?, ?, ?, ?, ?, ?, NULLIF(?, ''))");
        for (const auto& it : e.items) {
            const auto unit_if = [&](HeldKind k) { return it.kind == k ? std::optional(it.unit_id) : std::nullopt; };
            bind_all(item, id, it.direction, unit_if(HeldKind::stands), it.kind == HeldKind::stands ? it.stands : 0,
                     unit_if(HeldKind::leader), unit_if(HeldKind::battery), it.known_as);
            item.exec();
            item.reset();
        }
        return std::pair{id, number};
    });
}

void Prisoners::answer_exchange(std::int64_t exchange, ExchangeStatus status, std::optional<std::pair<long, long>> weighed) {
    guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db, "UPDATE exchange SET status = ?, weighed_offer = ?, weighed_ask = ? WHERE id = ?");
        bind_all(q, status, weighed ? std::optional<std::int64_t>(weighed->first) : std::nullopt,
                 weighed ? std::optional<std::int64_t>(weighed->second) : std::nullopt, exchange);
        q.exec();
    });
}

std::vector<campaign::CampInfo> Prisoners::camps(std::int64_t campaign) const {
    return guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db, "SELECT id, name, side, liberated FROM camp WHERE campaign_id = ? ORDER BY id");
        bind_all(q, campaign);
        std::vector<campaign::CampInfo> out;
        for (const Row row(q); q.executeStep();)
            out.push_back({row.id("id"), row.text("name"), row.text("side"), row.flag("liberated")});
        return out;
    });
}

std::vector<campaign::Holding> Prisoners::holdings(std::int64_t campaign) const {
    return guarded(m_store.path(), [&] {
        // One held in a camp that is not there would be held by no one: its men never freed,
        // nor sent home.
        SQLite::Statement lost(m_store.impl().db, "SELECT p.id, p.camp_id FROM prisoner p WHERE NOT EXISTS (SELECT 1 FROM camp c WHERE c.id = p.camp_id) LIMIT 1");
        if (lost.executeStep()) {
            const Row row(lost);
            throw Damaged("prisoner row " + std::to_string(row.id("id")) + " is held in camp #" + std::to_string(row.id("camp_id")) +
                          ", which is not there; run muster check, or restore a backup");
        }
        // One held by his own side would go "home" from it, or be offered back to it.
        SQLite::Statement own(m_store.impl().db, std::string("SELECT p.id, c.name, c.side ") + k_prisoner_sides + "WHERE c.campaign_id = ? AND c.side = " +
                                                     k_held_side + " LIMIT 1");
        bind_all(own, campaign);
        if (own.executeStep()) {
            const Row row(own);
            throw Damaged("prisoner row " + std::to_string(row.id("id")) + " is held in camp " + visible(row.text("name")) + " of his own side (" +
                          visible(row.text("side")) + "); run muster check, or restore a backup");
        }
        SQLite::Statement q(m_store.impl().db,
                            std::string("SELECT p.id, p.camp_id, ") + k_held_kind +
                                ", COALESCE(brigade_id, leader_id, battery_id) AS unit_id, p.stands, COALESCE(p.known_as, '') AS known_as, "
                                "p.brigade_id, p.leader_id, p.battery_id FROM prisoner p JOIN camp c ON c.id = p.camp_id WHERE c.campaign_id = ? "
                                "ORDER BY p.camp_id, p.id");
        bind_all(q, campaign);
        std::vector<campaign::Holding> out;
        for (const Row row(q); q.executeStep();)
            read_row("prisoner", row, "id", [&] {
                // One brigade's stands (some), a leader or a battery a row, as the schema checks: a
                // row naming two would be held as the first alone.
                std::vector<std::string> named;
                for (const char* column : {"brigade_id", "leader_id", "battery_id"})
                    if (!row.null(column)) named.push_back(std::string(column) + " " + std::to_string(row.id(column)));
                if (named.size() != 1)
                    throw Damaged((named.empty() ? std::string("it names none of brigade_id, leader_id and battery_id") : "it names " + join(named, " and ")) +
                                  " (expected exactly one of them); run muster check, or restore a backup");
                const int stands = row.count("stands", 999);  // no brigade holds more: freed, they would overflow it
                if ((stands > 0) != !row.null("brigade_id"))
                    throw Damaged("column stands holds " + std::to_string(stands) + (row.null("brigade_id") ? " for a leader or a battery (expected 0)" : " of a brigade (expected 1 or more)") +
                                  "; run muster check, or restore a backup");
                out.push_back({row.id("id"), row.id("camp_id"), row.word<HeldKind>("kind"), row.id("unit_id"), stands, row.text("known_as")});
            });
        return out;
    });
}

std::vector<campaign::ExchangeInfo> Prisoners::exchanges(std::int64_t campaign) const {
    return guarded(m_store.path(), [&] {
        auto& db = m_store.impl().db;
        std::vector<campaign::ExchangeInfo> out;
        // An item whose exchange is not there was lost from one: the exchange would be read (and
        // accepted) without it, one-sided.
        SQLite::Statement lost(db, "SELECT i.id, i.exchange_id FROM exchange_item i WHERE NOT EXISTS (SELECT 1 FROM exchange e WHERE e.id = i.exchange_id) LIMIT 1");
        if (lost.executeStep()) {
            const Row row(lost);
            throw Damaged("exchange_item row " + std::to_string(row.id("id")) + " points at exchange #" + std::to_string(row.id("exchange_id")) +
                          ", which is not there: an exchange has lost it; run muster check, or restore a backup");
        }
        // An item of this campaign's exchanges holding a unit not of this campaign (or none) is
        // named as the item it is: it is not a prisoner's.
        SQLite::Statement astray(db,
                                 "SELECT i.id, e.number, CASE WHEN i.brigade_id IS NOT NULL THEN 'brigade' WHEN i.leader_id IS NOT NULL THEN 'leader' "
                                 "WHEN i.battery_id IS NOT NULL THEN 'battery' END AS kind, "
                                 "COALESCE(i.brigade_id, i.leader_id, i.battery_id) AS unit FROM exchange_item i JOIN exchange e ON e.id = i.exchange_id "
                                 "WHERE e.campaign_id = ?1 AND NOT EXISTS (SELECT 1 FROM brigade WHERE id = i.brigade_id AND campaign_id = ?1) "
                                 "AND NOT EXISTS (SELECT 1 FROM leader WHERE id = i.leader_id AND campaign_id = ?1) "
                                 "AND NOT EXISTS (SELECT 1 FROM battery WHERE id = i.battery_id AND campaign_id = ?1) LIMIT 1");
        bind_all(astray, campaign);
        if (astray.executeStep()) {
            const Row row(astray);
            const auto item = "exchange_item row " + std::to_string(row.id("id")) + " (of exchange #" + std::to_string(row.id("number")) + ")";
            if (row.null("kind")) throw Damaged(item + " holds no brigade, leader or battery (expected one); run muster check, or restore a backup");
            throw Damaged(item + " points at " + row.text("kind") + " " + std::to_string(row.id("unit")) +
                          ", which is not there, or not of this campaign; run muster check, or restore a backup");
        }
        SQLite::Statement q(db, "SELECT id, number, proposer, counterpart, status, note, weighed_offer, weighed_ask FROM exchange WHERE campaign_id = ? ORDER BY id");
        bind_all(q, campaign);
        // The note as every reader shows it on a line of its own: one an earlier muster let in
        // with a control or bidirectional character comes out written visibly.
        for (const Row row(q); q.executeStep();)
            read_row("exchange", row, "id", [&] {
                auto& e = out.emplace_back(campaign::ExchangeInfo{row.id("id"), row.id("number"), row.text("proposer"), row.text("counterpart"),
                                                                  row.word<ExchangeStatus>("status"), visible(row.text("note")), {}, std::nullopt});
                if (e.proposer == e.counterpart)  // as the schema checks: an exchange is between two sides
                    throw Damaged("it is proposed by " + visible(e.proposer) + " to itself (expected the other side); run muster check, or restore a backup");
                if (!row.null("weighed_offer") && !row.null("weighed_ask")) e.weighed = std::pair<long, long>{row.count("weighed_offer"), row.count("weighed_ask")};
            });
        SQLite::Statement items(db,
                                std::string("SELECT direction, ") + k_held_kind +
                                    ", COALESCE(brigade_id, leader_id, battery_id) AS unit_id, stands, COALESCE(known_as, '') AS known_as "
                                    "FROM exchange_item WHERE exchange_id = ? ORDER BY id");
        for (auto& e : out) {
            bind_all(items, e.id);
            for (const Row row(items); items.executeStep();)
                e.items.push_back({row.word<Direction>("direction"), row.word<HeldKind>("kind"), row.id("unit_id"),
                                   row.count("stands"), row.text("known_as")});
            items.reset();
        }
        return out;
    });
}

}  // namespace muster::db
