// Each row type mapped once, by name: brigades, batteries and leaders, read the same way by the
// roster, the order of battle and the modules that list them.
#include "store_impl.hpp"

#include <algorithm>

#include <map>

namespace muster::db {

size_t rows_of(SQLite::Database& db, const char* table, std::int64_t campaign) {
    SQLite::Statement q(db, std::string("SELECT count(*) AS n FROM ") + table + " WHERE campaign_id = ?");
    bind_all(q, campaign);
    q.executeStep();
    return static_cast<size_t>(Row(q).id("n"));
}

const char* const k_brigade_columns =
    "b.id, b.division_id, b.name, b.arm, b.rating, b.start_stands, b.stands, b.worn_at, b.spent_at, b.commander_id, "
    "b.alternate_id, b.status";

army::Brigade read_brigade(const Row& row) {
    army::Brigade b;
    b.id = row.id("id");
    b.division_id = row.id("division_id");
    b.name = row.text("name");
    b.arm = row.text("arm");
    b.rating = row.text("rating");
    b.start_stands = row.integer("start_stands");
    b.stands = row.integer("stands");
    b.label = {b.start_stands, row.optional_integer("worn_at"), row.optional_integer("spent_at")};
    b.commander.id = row.optional_id("commander_id").value_or(0);
    b.alternate.id = row.optional_id("alternate_id").value_or(0);
    b.status = row.word<BrigadeStatus>("status");
    return b;
}

const char* const k_battery_columns = "t.id, t.division_id, t.corps_id, t.army_id, t.name, t.status";

army::Battery read_battery(const Row& row) {
    army::Battery t;
    t.id = row.id("id");
    t.name = row.text("name");
    t.status = row.word<BatteryStatus>("status");
    t.division_id = row.optional_id("division_id");
    t.reserve = !t.division_id;
    return t;
}

std::vector<army::Leader> read_leaders(SQLite::Database& db, std::int64_t campaign, const std::string* ids) {
    SQLite::Statement q(db,
                        std::string("SELECT id, name, side, rank, grade, rolled_grade, status, fell_in, out_battles, former_post, grade_revealed, attached_to "
                                    "FROM leader WHERE ") + (ids ? "+" : "") + "campaign_id = ?1 " +
                            (ids ? "AND id IN (SELECT value FROM json_each(?2)) " : "") + "ORDER BY id");
    if (ids) bind_all(q, campaign, *ids);
    else bind_all(q, campaign);
    std::vector<army::Leader> out;
    if (!ids) out.reserve(rows_of(db, "leader", campaign));
    std::map<std::pair<std::string, std::string>, int> posts;  // (side, former post) -> former commanders so far
    for (const Row row(q); q.executeStep();) {
        army::Leader l;
        l.id = row.id("id");
        l.name = row.text("name");
        l.side = row.text("side");
        l.rank = row.word<Rank>("rank");
        l.grade = row.text("grade");
        l.rolled_grade = row.text("rolled_grade");
        l.grade_revealed = row.flag("grade_revealed");
        l.attached_to = row.optional_id("attached_to");
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
    // Each attachment in play, as both leaders print it: by name, or by the unit commanded.
    SQLite::Statement company(db,
                              "SELECT c.id AS corps_leader, d.id AS division_leader, c.grade_revealed, "
                              "COALESCE(NULLIF(c.name, ''), 'the commander of ' || (SELECT name FROM corps WHERE commander_id = c.id), 'leader #' || c.id) AS corps, "
                              "COALESCE(NULLIF(d.name, ''), 'the commander of ' || (SELECT name FROM division WHERE commander_id = d.id), 'leader #' || d.id) AS division "
                              "FROM leader c JOIN leader d ON d.id = c.attached_to WHERE c.campaign_id = ? AND c.status = 'active'");
    bind_all(company, campaign);
    const auto at = [&](std::int64_t id) -> army::Leader* {
        const auto it = std::lower_bound(out.begin(), out.end(), id, [](const army::Leader& l, std::int64_t v) { return l.id < v; });
        return it != out.end() && it->id == id ? &*it : nullptr;
    };
    for (const Row row(company); company.executeStep();) {
        auto* corps = at(row.id("corps_leader"));
        auto* division = at(row.id("division_leader"));
        if (!corps || !division) continue;
        const bool revealed = row.flag("grade_revealed");
        corps->company = army::Leader::Company{"attached to " + row.text("division"), revealed};
        division->company = army::Leader::Company{"with corps leader " + row.text("corps") + " attached", revealed};
    }
    return out;
}

void CommandOffer::offer(int rank, std::string_view name, std::optional<UnitKind> unit, std::int64_t id) {
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

void give_commands(std::vector<army::Leader>& leaders, CommandOffers offers) {
    for (auto& l : leaders)
        if (const auto c = offers.find(l.id); c != offers.end()) l.command = {std::move(c->second.text), c->second.kind, c->second.unit_id};
}

}  // namespace muster::db
