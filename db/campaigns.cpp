// The campaigns a file holds: their rows and settings, the file's own settings (meta), the dice
// streams and the rolls journaled with each operation.
#include "store_impl.hpp"

#include <sqlite3.h>

namespace muster::db {
namespace {

campaign::CampaignInfo read_campaign(const Row& row) {
    campaign::CampaignInfo r;
    r.id = row.id("id");
    r.name = row.name("name");
    r.rules_id = row.text("rules_id");
    r.rules_json = row.text("rules_json");
    r.return_rate = row.integer_in("return_rate", 0, 100);
    r.rounding = row.word<Rounding>("rounding");
    r.despicable = row.word<Despicable>("despicable");
    r.dice = row.word<DiceMode>("dice");
    r.seed = from_sql(row.id("seed"));
    r.dice_counter = from_sql(row.id("dice_counter"));
    r.draws = r.dice_counter + from_sql(row.id("stream_draws"));
    r.created_at = row.text("created_at");
    r.men_per_stand = row.optional_integer_in("men_per_stand", 1, 10000);
    r.date = row.day("date");
    if (!row.null("theater")) r.theater = row.text("theater");
    r.turn = row.turn("turn");
    r.turn_days = row.optional_integer_in("turn_days", 1, 366);
    r.leader_names = row.flag("leader_names");
    return r;
}

// More numbers than any campaign's dice draw (k_campaign_columns spells it too).
constexpr std::int64_t k_most_draws = 1'000'000'000'000;

constexpr const char* k_campaign_columns =
    "SELECT id, name, rules_id, rules_json, return_rate, rounding, despicable, dice, seed, dice_counter, created_at, "
    "men_per_stand, date, theater, turn, turn_days, leader_names, "
    // (a counter past any real campaign's is damage for check to name, not a sum to overflow)
    "(SELECT COALESCE(SUM(s.counter), 0) FROM dice_stream s WHERE s.campaign_id = campaign.id AND s.counter BETWEEN 0 AND 1000000000000 "
    // (a row of an earlier muster's, kept by the stream's name, that an owner's row goes on from: counted there)
    "AND NOT (instr(s.stream, char(31)) = 0 AND EXISTS (SELECT 1 FROM dice_stream n WHERE n.campaign_id = s.campaign_id AND "
    "n.stream > s.stream || char(31) AND n.stream < s.stream || char(32)))) "
    "AS stream_draws FROM campaign ";

}  // namespace

std::int64_t Store::create_campaign(const campaign::CampaignInfo& row, std::string_view current_key,
                                            const std::optional<FirstOperation>& first) {
    return guarded(m_path, [&] {
        auto& db = m_impl->db;
        SQLite::Transaction t = write_transaction(db, m_impl->busy_timeout_ms);
        require_sound_trees();
        // One as people type it, case aside (as --campaign finds it): "shiloh" beside "Shiloh"
        // could then be named by neither but whole.
        SQLite::Statement exists(db, "SELECT name FROM campaign WHERE name = ?1 COLLATE NOCASE");
        bind_all(exists, row.name);
        if (exists.executeStep()) throw Error("a campaign named \"" + visible(Row(exists).text("name")) + "\" already exists in " + m_path);
        SQLite::Statement q(db,
                            "INSERT INTO campaign (name, rules_id, rules_json, return_rate, rounding, despicable, dice, "
                            "seed, dice_counter, created_at, men_per_stand, date, theater, turn_days, leader_names) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)");
        const std::string now = now_utc();
        bind_all(q, row.name, row.rules_id, row.rules_json, row.return_rate, row.rounding, row.despicable, row.dice,
                 to_sql(row.seed), now, row.men_per_stand, row.date, row.theater, row.turn_days, row.leader_names ? 1 : 0);
        q.exec();
        const std::int64_t id = db.getLastInsertRowid();
        require_unclaimed(db, "campaign", id);
        SQLite::Statement op(db, "INSERT INTO operation (campaign_id, kind, summary, created_at, seen_by) VALUES (?, ?, ?, ?, ?)");
        bind_all(op, id, OperationKind::create, "Created campaign " + row.name + " with rule set " + row.rules_id, now,
                 Audience::everyone().text());
        op.exec();
        require_newest_entry(db, db.getLastInsertRowid());
        if (first) record_operation(id, first->kind, [&](std::int64_t operation) { return first->change(id, operation); });
        set_meta(current_key, row.name);
        saved(t);
        return id;
    });
}

std::vector<campaign::CampaignInfo> Store::campaigns() const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, std::string(k_campaign_columns) + "ORDER BY id");
        std::vector<campaign::CampaignInfo> out;
        while (q.executeStep()) out.push_back(read_campaign(Row(q)));
        // None, where rows of one remain: the file lost it, and is damaged, not new.
        if (out.empty())
            if (const auto lost = claimed_lost(m_impl->db, "campaign"))
                throw Damaged("the file lost campaign #" + std::to_string(lost->id) + ", whose rows it still holds (the " + lost->child +
                              " table's among them); run muster check, or restore a backup");
        return out;
    });
}

std::optional<campaign::CampaignInfo> Store::find_campaign(std::string_view name) const {
    return guarded(m_path, [&]() -> std::optional<campaign::CampaignInfo> {
        SQLite::Statement q(m_impl->db, std::string(k_campaign_columns) + "WHERE name = ?");
        bind_all(q, std::string(name));
        if (!q.executeStep()) return std::nullopt;
        return read_campaign(Row(q));
    });
}

campaign::CampaignInfo Store::campaign(std::int64_t id) const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, std::string(k_campaign_columns) + "WHERE id = ?");
        bind_all(q, id);
        if (!q.executeStep()) throw Error("campaign #" + std::to_string(id) + " is not in " + m_path);
        return read_campaign(Row(q));
    });
}

void Store::update_campaign_settings(const campaign::CampaignInfo& row) {
    guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db,
                            "UPDATE campaign SET return_rate = ?, rounding = ?, despicable = ?, men_per_stand = ?, date = ?, theater = ?, "
                            "turn = ?, turn_days = ?, leader_names = ?, dice = ? WHERE id = ?");
        bind_all(q, row.return_rate, row.rounding, row.despicable, row.men_per_stand, row.date, row.theater, row.turn, row.turn_days,
                 row.leader_names ? 1 : 0, row.dice, row.id);
        q.exec();
    });
}

std::uint64_t Store::dice_counter(std::int64_t campaign, std::string_view stream) const {
    if (stream == Audience::k_everyone) return this->campaign(campaign).dice_counter;
    return guarded(m_path, [&]() -> std::uint64_t {
        SQLite::Statement q(m_impl->db, "SELECT counter FROM dice_stream WHERE campaign_id = ? AND stream = ?");
        bind_all(q, campaign, stream);
        if (!q.executeStep()) return std::uint64_t{0};
        const auto counter = Row(q).id("counter");
        if (counter < 0 || counter > k_most_draws)
            throw Damaged("the dice of " + visible(stream) + " have drawn " + std::to_string(counter) +
                          " numbers, past any campaign's; run muster check, or restore a backup");
        return from_sql(counter);
    });
}

void Store::set_dice_counter(std::int64_t campaign, std::string_view stream, std::uint64_t counter) {
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

std::optional<std::string> Store::meta(std::string_view key) const {
    return guarded(m_path, [&]() -> std::optional<std::string> {
        SQLite::Statement q(m_impl->db, "SELECT value FROM meta WHERE key = ?");
        bind_all(q, std::string(key));
        if (!q.executeStep()) return std::nullopt;
        return Row(q).text("value");
    });
}

void Store::set_meta(std::string_view key, std::string_view value) {
    guarded(m_path, [&] {
        // Under the write lock: its own transaction, or the one it is written in.
        std::optional<SQLite::Transaction> t;
        write_ahead(m_impl->db, m_impl->busy_timeout_ms);
        if (sqlite3_get_autocommit(m_impl->db.getHandle())) t.emplace(m_impl->db, SQLite::TransactionBehavior::IMMEDIATE);
        require_sound_trees();
        SQLite::Statement q(m_impl->db, "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value");
        bind_all(q, std::string(key), std::string(value));
        q.exec();
        if (t) t->commit();
    });
}

void Store::set_audience(std::int64_t operation, const Audience& audience) {
    guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "UPDATE operation SET seen_by = ? WHERE id = ?");
        bind_all(q, audience.text(), operation);
        q.exec();
    });
}

void Store::set_side_summary(std::int64_t operation, const std::string& side, const std::string& summary) {
    guarded(m_path, [&] { exec(m_impl->db, "INSERT OR REPLACE INTO operation_view (operation_id, side, summary) VALUES (?, ?, ?)", operation, side, summary); });
}

void Store::insert_rolls(std::int64_t operation, const std::vector<dice::RollRecord>& rolls,
                                 DiceMode source, RollStatus status) {
    guarded(m_path, [&] {
        // Numbered on from the operation's rolls so far (its game's, then the names drawn).
        SQLite::Statement q(m_impl->db,
                            "INSERT INTO roll (operation_id, seq, purpose, table_id, dice, faces, reading, result, source, status, seen_by) "
                            "VALUES (?1, (SELECT COALESCE(MAX(seq), 0) + 1 FROM roll WHERE operation_id = ?1), ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
        for (const auto& r : rolls) {
            bind_all(q, operation, r.purpose, r.table, std::string(rules::die_name(r.thrown.die)), r.thrown.faces_text(),
                     r.thrown.reading, r.result, source, status, r.seen_by ? std::optional(r.seen_by->text()) : std::nullopt);
            q.exec();
            q.reset();
        }
    });
}

}  // namespace muster::db
