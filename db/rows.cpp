// Each row type mapped once, by name: brigades, batteries and leaders, read the same way by the
// roster, the order of battle and the modules that list them.
#include "store_impl.hpp"

#include "core/text.hpp"

#include <algorithm>
#include <functional>

#include <map>

namespace muster::db {

Damaged missing_parent(const std::string& child, const std::string& what, std::int64_t id) {
    return Damaged("a " + child + " points at " + what + " " + std::to_string(id) + ", which is not there, or not of this campaign; run muster check, or restore a backup");
}

Damaged placeholder_holding(std::int64_t division, size_t brigades) {
    return Damaged("division row " + std::to_string(division) + ": it is a placeholder, not yet arrived, yet holds " + std::to_string(brigades) +
                   " brigade(s); run muster check, or restore a backup");
}

void require_moves_in_range(SQLite::Database& db, std::int64_t campaign) {
    SQLite::Statement q(db, "SELECT m.id, m.stands FROM move m JOIN brigade b ON b.id = m.brigade_id WHERE b.campaign_id = ? "
                            "AND (m.stands > 999 OR m.stands < -999 OR typeof(m.stands) != 'integer') ORDER BY m.id LIMIT 1");
    bind_all(q, campaign);
    if (!q.executeStep()) return;
    const Row row(q);
    throw Damaged("move row " + std::to_string(row.id("id")) + ": column stands holds " + visible(row.text("stands")) +
                  " (expected -999 to 999: no brigade holds more); run muster check, or restore a backup");
}

size_t rows_of(SQLite::Database& db, const char* table, std::int64_t campaign) {
    SQLite::Statement q(db, std::string("SELECT count(*) AS n FROM ") + table + " WHERE campaign_id = ?");
    bind_all(q, campaign);
    q.executeStep();
    return static_cast<size_t>(Row(q).id("n"));
}

const char* const k_brigade_columns =
    "b.id, b.division_id, b.name, b.arm, b.rating, b.start_stands, b.stands, b.worn_at, b.spent_at, b.commander_id, "
    "b.alternate_id, b.status, b.position";

army::BrigadeRecord read_brigade(const Row& row) {
    return read_row("brigade", row, "id", [&] {
        army::BrigadeRecord b;
        b.id = row.id("id");
        b.division_id = row.id("division_id");
        b.name = row.name("name");
        b.arm = row.given_text("arm");
        b.rating = row.given_text("rating");
        b.start_stands = row.integer_in("start_stands", 1, 99);  // as the schema checks: 0 would make a label of no start ("-/5/4", "7/0")
        b.stands = row.count("stands", 999);  // the schema's bounds, as for the label's
        b.label = {b.start_stands, row.optional_integer_in("worn_at", 0, 99), row.optional_integer_in("spent_at", 0, 99)};
        b.commander_id = row.optional_id("commander_id").value_or(0);
        b.alternate_id = row.optional_id("alternate_id").value_or(0);
        b.status = row.word<BrigadeStatus>("status");
        row.id("position");  // read for its kind alone: a division's brigades are in its order, and text sorts after every number
        return b;
    });
}

const char* const k_battery_columns = "t.id, t.division_id, t.corps_id, t.army_id, t.name, t.status, t.position";

army::Battery read_battery(const Row& row) {
    return read_row("battery", row, "id", [&] {
        army::Battery t;
        t.id = row.id("id");
        t.name = row.name("name");
        t.status = row.word<BatteryStatus>("status");
        t.division_id = row.optional_id("division_id");
        t.corps_id = row.optional_id("corps_id").value_or(0);
        t.army_id = row.optional_id("army_id").value_or(0);
        t.reserve = !t.division_id;
        // One owner, as the schema's check says: a battery of two would be read twice, once with each.
        std::vector<std::string> owners;
        if (t.division_id) owners.push_back("division row " + std::to_string(*t.division_id));
        if (t.corps_id) owners.push_back("corps row " + std::to_string(t.corps_id));
        if (t.army_id) owners.push_back("army row " + std::to_string(t.army_id));
        if (owners.size() != 1)
            throw Damaged("it belongs to " + (owners.empty() ? std::string("nothing") : join(owners, " and ")) +
                          " (expected one division, corps or army); run muster check, or restore a backup");
        row.id("position");  // read for its kind alone, as a brigade's
        return t;
    });
}

namespace {

// A leader's own columns, in the order LeaderColumns names them.
constexpr const char* k_leader_columns[] = {"id", "name", "side", "rank", "grade", "rolled_grade", "status", "fell_in", "out_battles",
                                            "former_post", "grade_revealed", "attached_to"};
enum LeaderColumn { l_id, l_name, l_side, l_rank, l_grade, l_rolled_grade, l_status, l_fell_in, l_out_battles, l_former_post,
                    l_grade_revealed, l_attached_to, l_fall_seen, l_fall_seen_then, l_company, l_enemy_company };

// How a corps leader and a division leader attached to him are named in each other's company:
// by name, else by the unit commanded, else by number.
std::string named_as(const std::string& alias, const char* unit) {
    return "COALESCE(NULLIF(" + alias + ".name, ''), 'the commander of ' || (SELECT name FROM " + unit + " WHERE commander_id = " + alias +
           ".id), 'leader #' || " + alias + ".id)";
}
const std::string k_corps_leader_named = named_as("ck", "corps"), k_division_leader_named = named_as("dk", "division");

// The enemy may read a corps leader's attachment once his grade is revealed (it tells the
// grade), and only while the division leader he is attached to commands a division it has seen.
std::string seen_division_leader(const std::string& leader) {
    return "NOT EXISTS (SELECT 1 FROM division WHERE commander_id = " + leader + " AND hidden)";
}

// The condition a fall seen in a battle adds for the division seen there (alias d), if any.
const char* not_hidden_since(Sight sight) { return sight == Sight::and_since ? " AND NOT d.hidden" : ""; }

}  // namespace

std::string fallen_division(const std::string& fallen) {
    return "COALESCE(" + fallen + ".division_id, (SELECT fb.division_id FROM brigade fb WHERE fb.alternate_id = " + fallen + ".leader_id))";
}

// Whether the enemy saw the fall `fall` (a battle_fallen row's alias) of a leader of `side`
// (two sides: a division of his "not hidden" is seen by the other) in its battle: the division
// he fought with there, seen there and not hidden since; above the divisions, one of the
// divisions there of the corps or army he commanded when he fell (one who commanded none:
// unseen), or where an earlier muster kept none of that (schema 36 and before), one of his
// side's. (`fall` and `side` are none of its subqueries' own: fb, bd, d, k, r.)
std::string fall_row_seen(const std::string& fall, const std::string& side, Sight sight) {
    return "EXISTS (SELECT 1 FROM battle_division bd JOIN division d ON d.id = bd.division_id JOIN corps k ON k.id = d.corps_id JOIN army r ON r.id = k.army_id "
           "WHERE bd.battle_id = " + fall + ".battle_id AND r.side = " + side + " AND bd.seen" + not_hidden_since(sight) + " AND CASE WHEN " + fallen_division(fall) +
           " IS NOT NULL THEN bd.division_id = " + fallen_division(fall) + " WHEN " + fall + ".corps_id IS NOT NULL THEN d.corps_id = " + fall +
           ".corps_id WHEN " + fall + ".army_id IS NOT NULL THEN k.army_id = " + fall + ".army_id ELSE " + fall + ".known_as IS NULL END)";
}

// Whether the enemy saw leader `alias` fall, in the battle he fell in: as fall_row_seen reads
// his fall there, or, in a battle of an earlier muster that kept no fall, where it saw one of his
// side's divisions. A fall in no battle (a casualty roll of the Fallen Leaders table) is his
// side's to read. (`alias` is none of the subqueries' own: f, fb, bd, d, k, r.)
std::string fall_seen(const std::string& alias, Sight sight) {
    const std::string side_seen_there = "EXISTS (SELECT 1 FROM battle_division bd JOIN division d ON d.id = bd.division_id "
                                        "JOIN corps k ON k.id = d.corps_id JOIN army r ON r.id = k.army_id WHERE bd.battle_id = " + alias + ".fell_in AND r.side = " +
                                        alias + ".side AND bd.seen" + not_hidden_since(sight) + ")";
    return "CASE WHEN " + alias + ".status IN ('wounded', 'killed') THEN " + alias + ".fell_in IS NOT NULL AND NOT " + alias + ".fell_by_roll AND COALESCE((SELECT " +
           fall_row_seen("f", alias + ".side", sight) + " FROM battle_fallen f WHERE f.battle_id = " + alias + ".fell_in AND f.leader_id = " + alias + ".id), " +
           side_seen_there + ") ELSE 1 END";
}

namespace {

// Leader `alias` in play: to his side, active; to the enemy, active or fallen out of its sight.
std::string in_play_to_side(const std::string& alias) { return "(" + alias + ".status = 'active')"; }
std::string in_play_to_enemy(const std::string& alias) { return "(" + alias + ".status = 'active' OR NOT (" + fall_seen(alias) + "))"; }

}  // namespace

LeaderColumns::LeaderColumns(const std::string& alias, bool company) : m_company(company) {
    for (const char* c : k_leader_columns) {
        m_names.push_back(alias + "_" + c);
        m_select += (m_select.empty() ? "" : ", ") + alias + "." + c + " AS " + m_names.back();
    }
    m_names.push_back(alias + "_fall_seen");
    m_select += ", " + fall_seen(alias) + " AS " + m_names.back();
    m_names.push_back(alias + "_fall_seen_then");
    m_select += ", " + fall_seen(alias, Sight::then) + " AS " + m_names.back();
    if (!company) return;
    // A corps leader attached to a division leader, or the division leader he is attached to,
    // while both are in play: to his side, both active; to the enemy, both in play as it reads
    // them (one who fell out of its sight still is). The attachment outlasts a fall so that the
    // enemy reads it as before one it did not see; it ends when either is displaced, or comes
    // back from a fall it saw. One subquery each way: its text, after whether the enemy may read
    // it ('1', the corps leader's grade revealed and the division leader's division seen; '0').
    // Only between two leaders of one side: an attachment a damaged file makes across the sides,
    // or to himself, is none (muster check names it), never an enemy's grade told.
    const auto company_in = [&](const std::string& suffix, const std::function<std::string(const std::string&)>& in_play) {
        m_names.push_back(alias + "_" + suffix);
        m_select += ", CASE WHEN " + in_play(alias) + " THEN COALESCE((SELECT (" + alias + ".grade_revealed AND " + seen_division_leader("dk.id") +
                    ") || 'attached to ' || " + k_division_leader_named + " FROM leader dk WHERE dk.id = " + alias + ".attached_to AND " + in_play("dk") +
                    " AND dk.side = " + alias + ".side AND dk.id <> " + alias + ".id" +
                    "), (SELECT (ck.grade_revealed AND " + seen_division_leader(alias + ".id") + ") || 'with corps leader ' || " + k_corps_leader_named +
                    " || ' attached' FROM leader ck WHERE ck.attached_to = " + alias + ".id AND " + in_play("ck") +
                    " AND ck.side = " + alias + ".side AND ck.id <> " + alias + ".id)) END AS " + m_names.back();
    };
    company_in("company", in_play_to_side);
    company_in("enemy_company", in_play_to_enemy);
}

army::Leader LeaderColumns::read(const Row& row, std::int64_t named) const {
    auto l = read(row);
    if (named && !l.id) missing_leader(named);
    return l;
}

void missing_leader(std::int64_t id) {
    throw Damaged("leader #" + std::to_string(id) + ", whom the campaign names (a unit's commander, a prisoner, an exchange's item), is not in the leader table; "
                  "run muster check, or restore a backup");
}

void require_leaders_found(const std::vector<army::Leader>& read, const std::vector<std::int64_t>& named) {
    const auto by_id = [](const army::Leader& l, std::int64_t id) { return l.id < id; };  // read_leaders gives them by id
    for (const auto id : named)
        if (const auto it = std::lower_bound(read.begin(), read.end(), id, by_id); it == read.end() || it->id != id) missing_leader(id);
}

army::Leader LeaderColumns::read(const Row& row) const {
    army::Leader l;
    const auto name = [&](LeaderColumn c) { return m_names[c].c_str(); };
    if (row.null(name(l_id))) return l;
    read_row("leader", row, name(l_id), [&] {
        l.id = row.id(name(l_id));
        l.name = row.text(name(l_name));
        l.side = row.text(name(l_side));
        l.rank = row.word<Rank>(name(l_rank));
        l.grade = row.text(name(l_grade));
        l.rolled_grade = row.text(name(l_rolled_grade));
        l.grade_revealed = row.flag(name(l_grade_revealed));
        l.attached_to = row.optional_id(name(l_attached_to));
        l.status = row.word<LeaderStatus>(name(l_status));
        l.fell_in = row.optional_id(name(l_fell_in));
        l.out_battles = row.optional_integer_in(name(l_out_battles), 0, 100).value_or(0);  // the schema's bounds
        l.fall_seen = row.flag(name(l_fall_seen));
        l.fall_seen_then = row.flag(name(l_fall_seen_then));
        for (const auto& [column, company] : {std::pair{l_company, &army::Leader::company}, std::pair{l_enemy_company, &army::Leader::enemy_company}})
            if (m_company && !row.null(name(column))) {
                const auto text = row.text(name(column));  // whether the enemy may read it, then it
                if (!text.empty()) l.*company = army::Leader::Company{text.substr(1), text.front() == '1'};
            }
    });
    return l;
}

std::vector<army::Leader> read_leaders(SQLite::Database& db, std::int64_t campaign, const std::string* ids) {
    static const LeaderColumns columns("l", false);
    SQLite::Statement q(db, "SELECT " + columns.select() + " FROM leader l WHERE " + (ids ? "+" : "") + "l.campaign_id = ?1 " +
                                (ids ? "AND l.id IN (SELECT value FROM json_each(?2)) " : "") + "ORDER BY l.id");
    if (ids) bind_all(q, campaign, *ids);
    else bind_all(q, campaign);
    std::vector<army::Leader> out;
    if (!ids) out.reserve(rows_of(db, "leader", campaign));
    std::map<std::pair<std::string, std::string>, int> posts;  // (side, former post) -> former commanders so far
    for (const Row row(q); q.executeStep();) {
        auto l = columns.read(row);
        if (!row.null("l_former_post")) {
            auto post = row.text("l_former_post");
            const int number = ++posts[{l.side, post}];
            l.former_post = army::Leader::Post{std::move(post), number};
        }
        out.push_back(std::move(l));
    }
    // Each attachment, as both leaders print it: by name, or by the unit commanded (of the leaders
    // read: with ids, those corps leaders by their ids, not every one of the campaign); in play to
    // their side, and to the enemy, as LeaderColumns reads them.
    SQLite::Statement company(db, "SELECT ck.id AS corps_leader, dk.id AS division_leader, ck.grade_revealed AND " + seen_division_leader("dk.id") +
                                      " AS grade_revealed, " + k_corps_leader_named + " AS corps, " + k_division_leader_named + " AS division, " +
                                      in_play_to_side("ck") + " AND " + in_play_to_side("dk") + " AS to_side, " + in_play_to_enemy("ck") + " AND " +
                                      in_play_to_enemy("dk") + " AS to_enemy FROM leader ck JOIN leader dk ON dk.id = ck.attached_to WHERE " +
                                      (ids ? "+" : "") + "ck.campaign_id = ?1" + (ids ? " AND ck.id IN (SELECT value FROM json_each(?2))" : ""));
    if (ids) bind_all(company, campaign, *ids);
    else bind_all(company, campaign);
    const auto at = [&](std::int64_t id) -> army::Leader* {
        const auto it = std::lower_bound(out.begin(), out.end(), id, [](const army::Leader& l, std::int64_t v) { return l.id < v; });
        return it != out.end() && it->id == id ? &*it : nullptr;
    };
    for (const Row row(company); company.executeStep();) {
        auto* corps = at(row.id("corps_leader"));
        auto* division = at(row.id("division_leader"));
        if (!corps || !division) continue;
        const bool revealed = row.flag("grade_revealed");
        for (const auto& [in_play, company] : {std::pair{row.flag("to_side"), &army::Leader::company}, std::pair{row.flag("to_enemy"), &army::Leader::enemy_company}})
            if (in_play) {
                corps->*company = army::Leader::Company{"attached to " + row.text("division"), revealed};
                division->*company = army::Leader::Company{"with corps leader " + row.text("corps") + " attached", revealed};
            }
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
    size_t given = 0;
    for (auto& l : leaders)
        if (const auto c = offers.find(l.id); c != offers.end()) {
            l.command = {std::move(c->second.text), c->second.kind, c->second.unit_id};
            ++given;
        }
    if (given < offers.size())  // a unit's commander not among the leaders: the one missing named
        for (const auto& [id, _] : offers) require_leaders_found(leaders, {id});
}

}  // namespace muster::db
