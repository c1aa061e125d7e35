// The check of a whole campaign file: SQLite's own checks, the ledgers, names, ownership, and
// every id against the campaign's rule set.
#include "db/history.hpp"
#include "store_impl.hpp"

#include "core/match.hpp"
#include "core/names.hpp"
#include "core/text.hpp"

#define SQLITE_ENABLE_SESSION 1
#include <sqlite3.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <future>
#include <set>
#include <string_view>

namespace muster::db {

namespace {

using Problems = std::vector<std::string>;

// The CHECK constraints of a table's CREATE statement, each expression as written (strings,
// quoted names and comments skipped over, so none of them is taken for one).
std::vector<std::string> check_expressions(std::string_view sql) {
    std::vector<std::string> out;
    // Past a string, quoted name or comment starting at `i`; `i` itself where none does.
    const auto skip = [&](size_t i) {
        const char c = sql[i];
        if (c == '\'' || c == '"' || c == '`' || c == '[') {
            const char close = c == '[' ? ']' : c;
            const auto end = sql.find(close, i + 1);
            return end == std::string_view::npos ? sql.size() : end + 1;
        }
        if (sql.substr(i, 2) == "--") {
            const auto end = sql.find('\n', i);
            return end == std::string_view::npos ? sql.size() : end + 1;
        }
        if (sql.substr(i, 2) == "/*") {
            const auto end = sql.find("*/", i + 2);
            return end == std::string_view::npos ? sql.size() : end + 2;
        }
        return i;
    };
    const auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (size_t i = 0; i < sql.size();) {
        if (const auto past = skip(i); past != i) {
            i = past;
            continue;
        }
        if (!same_ignoring_case(sql.substr(i, 5), "check") || (i > 0 && word_char(sql[i - 1])) || (i + 5 < sql.size() && word_char(sql[i + 5]))) {
            ++i;
            continue;
        }
        size_t at = i + 5;
        while (at < sql.size() && std::isspace(static_cast<unsigned char>(sql[at]))) ++at;
        if (at >= sql.size() || sql[at] != '(') {
            i = at;
            continue;
        }
        int depth = 0;
        size_t end = at;
        while (end < sql.size()) {
            if (const auto past = skip(end); past != end) {
                end = past;
                continue;
            }
            depth += sql[end] == '(' ? 1 : sql[end] == ')' ? -1 : 0;
            if (depth == 0) break;
            ++end;
        }
        if (end >= sql.size()) break;  // never closed: not SQLite's to have stored
        out.emplace_back(sql.substr(at + 1, end - at - 1));
        i = end + 1;
    }
    return out;
}

// SQLite's own check, on a connection of its own that may write but never does (a read-only
// one skips the CHECK constraints; this one does not checkpoint when it closes either).
Problems integrity(const std::string& path, int wait) {
    SQLite::Database other(path, SQLite::OPEN_READWRITE, wait);
    sqlite3_db_config(other.getHandle(), SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
    Problems lines;
    std::vector<int> times;  // how many times SQLite said each line (once a row: "CHECK constraint failed in brigade")
    SQLite::Statement q(other, "PRAGMA integrity_check");
    // A row may hold several of SQLite's lines (a damaged page's cells): one problem each, a
    // line said again for another row counted with it. A page it cannot read at all stops it
    // (SQLITE_CORRUPT): said, with what it found before.
    try {
        for (const Row row(q); q.executeStep();)
            for (const auto& line : split(row.text("integrity_check"), '\n')) {
                if (line == "ok" || line.empty() || line.rfind("*** ", 0) == 0) continue;
                const auto said = "integrity: " + visible(line);
                const auto at = std::find(lines.begin(), lines.end(), said);
                if (at != lines.end()) ++times[static_cast<size_t>(at - lines.begin())];
                else lines.push_back(said), times.push_back(1);
            }
    } catch (const SQLite::Exception& e) {
        lines.push_back("integrity: SQLite's own check stopped, for it cannot read a page (" + visible(e.what()) + "): restore a backup");
        times.push_back(1);
    }
    for (size_t i = 0; i < lines.size(); ++i)
        if (times[i] > 1) lines[i] += " (said for " + std::to_string(times[i]) + " rows)";
    // Which constraint, and which rows: SQLite 3.40 names the table alone.
    static constexpr std::string_view check_failed = "integrity: CHECK constraint failed in ";
    other.exec("PRAGMA query_only = 1");
    Problems detailed;
    for (const auto& line : lines) {
        detailed.push_back(line);
        if (line.rfind(check_failed, 0) != 0) continue;
        const auto rest = line.substr(check_failed.size());
        const auto table = rest.substr(0, rest.find(" (said for "));
        try {
            for (const auto& broken : broken_checks(other, table)) detailed.push_back("integrity: " + broken);
        } catch (const SQLite::Exception&) {
        }
    }
    return detailed;
}

void foreign_keys(SQLite::Database& db, Problems& out) {
    SQLite::Statement fk(db, "PRAGMA foreign_key_check");
    for (const Row row(fk); fk.executeStep();)
        out.push_back("foreign key: " + row.text("table") + " row " + std::to_string(row.id("rowid")) + " points at a missing " +
                      row.text("parent") + " row");
}

// Per brigade, in one pass over its moves: the ledger (its stands are the sum of its moves; its
// start strength is what it was generated with, or merged up to), and every stand somewhere: in
// service, lost for good, lost in a battle whose casualties have not yet returned, or held. What its moves say was captured and not yet released is what
// the camps hold; what the battles say was lost, captured and returned is what the moves say.
void ledgers(SQLite::Database& db, campaign::CheckReport& report) {
    SQLite::Statement ledger(db,
                             "SELECT c.name AS campaign, d.name AS division, b.name AS brigade, b.stands, b.status, b.start_stands, b.labelled_for, "
                             "COALESCE(SUM(m.stands), 0) AS moved, "
                             "COALESCE(SUM(CASE WHEN m.kind = 'generated' THEN m.stands END), 0) AS generated, "
                             "COALESCE(SUM(CASE WHEN m.kind = 'merged' AND m.stands > 0 THEN m.stands END), 0) AS merged_in, "
                             "COALESCE(-SUM(CASE WHEN m.kind = 'captured' THEN m.stands END), 0) AS moved_captured, "
                             "COALESCE(SUM(CASE WHEN m.kind IN ('exchanged', 'freed') THEN m.stands END), 0) AS released, "
                             "COALESCE(-SUM(CASE WHEN m.kind = 'casualty' THEN m.stands END), 0) AS moved_lost, "
                             "COALESCE(SUM(CASE WHEN m.kind = 'returned' THEN m.stands END), 0) AS moved_returned, "
                             "COALESCE(SUM(CASE WHEN m.kind IN ('generated', 'edited') THEN m.stands END), 0) AS entered, "
                             "COALESCE(-SUM(CASE WHEN m.kind = 'disbanded' THEN m.stands END), 0) AS disbanded, "
                             "(SELECT COALESCE(SUM(stands), 0) FROM prisoner WHERE brigade_id = b.id) AS held, "
                             "(SELECT COALESCE(SUM(casualties), 0) FROM battle_loss WHERE brigade_id = b.id) AS battle_lost, "
                             "(SELECT COALESCE(SUM(returned), 0) FROM battle_loss WHERE brigade_id = b.id) AS battle_returned, "
                             "(SELECT COALESCE(SUM(captured), 0) FROM battle_loss WHERE brigade_id = b.id) AS battle_captured, "
                             "(SELECT COALESCE(SUM(l.casualties), 0) FROM battle_loss l JOIN battle t ON t.id = l.battle_id "
                             "WHERE l.brigade_id = b.id AND NOT t.recovered AND b.status = 'active') AS awaiting "
                             "FROM brigade b JOIN division d ON d.id = b.division_id JOIN campaign c ON c.id = b.campaign_id "
                             "LEFT JOIN move m ON m.brigade_id = b.id GROUP BY b.id");
    // Each figure of a row as a problem names it, and its column.
    const std::pair<const char*, const char*> figures[] = {
        {"stands", "stands"}, {"stands in its moves", "moved"}, {"stands generated", "generated"}, {"stands merged in", "merged_in"},
        {"stands captured", "moved_captured"}, {"stands released", "released"}, {"stands lost", "moved_lost"},
        {"stands returned", "moved_returned"}, {"stands entered", "entered"}, {"stands disbanded", "disbanded"},
        {"stands held in camps", "held"}, {"battle losses", "battle_lost"}, {"stands returned from battles", "battle_returned"},
        {"stands captured in battles", "battle_captured"}, {"stands awaiting their return", "awaiting"}, {"start strength", "start_stands"},
        {"label's strength", "labelled_for"}};
    for (const Row row(ledger); ledger.executeStep();) {
        ++report.brigades;
        const auto n = [&](const char* column) { return row.id(column); };
        const auto who = [&] { return row.text("campaign") + ": " + row.text("division") + ", " + row.text("brigade"); };
        // A count no campaign holds (a damaged file's) is said, not added: the totals would
        // overflow and wrap around.
        constexpr long long k_beyond = 1'000'000'000;
        if (const auto* wild = std::find_if(std::begin(figures), std::end(figures),
                                            [&](const auto& f) { return !row.null(f.second) && (n(f.second) > k_beyond || n(f.second) < -k_beyond); });
            wild != std::end(figures)) {
            report.problems.push_back("ledger: " + who() + " has " + std::to_string(n(wild->second)) + " " + wild->first +
                                      ", beyond any count of stands: left out of the totals");
            continue;
        }
        const int now = row.integer("stands");
        (row.text("status") == word(BrigadeStatus::active) ? report.stands : report.idle) += now;
        if (now != n("moved"))
            report.problems.push_back("ledger: " + who() + " has " + std::to_string(now) +
                                      " stands but its recorded moves add up to " + std::to_string(n("moved")));
        // A merge above the start strength relabels the brigade for its new strength; the
        // organiser may relabel it for another (brigade relabel), recorded as he gave it.
        const auto generated = n("generated"), start = n("start_stands");
        if (!row.null("labelled_for") ? start != n("labelled_for") : start < generated || start > generated + n("merged_in"))
            report.problems.push_back("ledger: " + who() + " starts with " + std::to_string(start) + " stands but was generated with " +
                                      std::to_string(generated) + " and had " + std::to_string(n("merged_in")) + " merged in");
        const auto unreleased = n("moved_captured") - n("released");
        if (unreleased != n("held"))
            report.problems.push_back("prisoners: " + who() + " has " + std::to_string(unreleased) +
                                      " stands captured and not released, but the camps hold " + std::to_string(n("held")));
        if (n("moved_lost") != n("battle_lost") || n("moved_returned") != n("battle_returned") ||
            n("moved_captured") != n("battle_captured"))
            report.problems.push_back("battles: " + who() + "'s battle losses (" + std::to_string(n("battle_lost")) + " lost, " +
                                      std::to_string(n("battle_captured")) + " captured, " +
                                      std::to_string(n("battle_returned")) + " returned) disagree with its moves (" +
                                      std::to_string(n("moved_lost")) + ", " + std::to_string(n("moved_captured")) + ", " +
                                      std::to_string(n("moved_returned")) + ")");
        report.held += n("held");
        report.generated += n("entered");
        report.awaiting += n("awaiting");
        report.lost += n("moved_lost") - n("moved_returned") + n("disbanded") - n("awaiting");
    }
}

// Stands merged out of one brigade went into another: in each campaign they add up to nothing.
void merges(SQLite::Database& db, Problems& out) {
    SQLite::Statement merged(db, "SELECT c.name, SUM(m.stands) AS difference FROM move m JOIN brigade b ON b.id = m.brigade_id "
                                 "JOIN campaign c ON c.id = b.campaign_id WHERE m.kind = 'merged' GROUP BY c.id HAVING SUM(m.stands) <> 0");
    for (const Row row(merged); merged.executeStep();)
        out.push_back("merges: in " + row.text("name") + " stands merged out and in differ by " +
                                  row.text("difference"));
}

// Those marked captured and held nowhere, and those held and not marked captured: the camps are
// read once, not once a leader.
void captives(SQLite::Database& db, Problems& out) {
    const char* captives[][2] = {
        {"leader", "SELECT (SELECT count(*) FROM leader WHERE status = 'captured' AND id NOT IN "
                   "(SELECT leader_id FROM prisoner WHERE leader_id IS NOT NULL)) + "
                   "(SELECT count(DISTINCT l.id) FROM prisoner p JOIN leader l ON l.id = p.leader_id WHERE l.status <> 'captured')"},
        {"battery", "SELECT (SELECT count(*) FROM battery WHERE status = 'captured' AND id NOT IN "
                    "(SELECT battery_id FROM prisoner WHERE battery_id IS NOT NULL)) + "
                    "(SELECT count(DISTINCT t.id) FROM prisoner p JOIN battery t ON t.id = p.battery_id WHERE t.status <> 'captured')"}};
    for (const auto& [what, sql] : captives)
        if (const int n = db.execAndGet(sql).getInt())
            out.push_back(std::string("prisoners: ") + std::to_string(n) + " " + what +
                                      "(s) marked captured without being held in a camp, or held without being marked");
    // A player's loss submitted again replaces the one before: one a brigade in a draft.
    if (const int n = db.execAndGet("SELECT count(*) FROM (SELECT 1 FROM draft_line l JOIN operation o ON o.id = l.operation_id AND o.kind = 'submission' "
                                    "WHERE l.kind = 'lost' GROUP BY l.campaign_id, l.battle, l.brigade_id HAVING count(*) > 1)").getInt())
        out.push_back("drafts: " + std::to_string(n) + " brigade(s) with more than one loss submitted in a draft report (a loss submitted again replaces the one before)");
    // A camp liberated freed everyone in it, and takes no more.
    if (const int n = db.execAndGet("SELECT count(*) FROM prisoner p JOIN camp c ON c.id = p.camp_id WHERE c.liberated <> 0").getInt())
        out.push_back("prisoners: " + std::to_string(n) + " held in a camp that was liberated (it freed everyone in it)");
}

// A corps leader attached to a division leader: both of one campaign and side, a corps leader
// attached to a division leader (in play or not: a fall leaves it, to be read as the enemy
// reads the two).
void attachments(SQLite::Database& db, Problems& out) {
    const int n = db.execAndGet("SELECT count(*) FROM leader c LEFT JOIN leader d ON d.id = c.attached_to WHERE c.attached_to IS NOT NULL AND "
                                "(d.id IS NULL OR d.campaign_id <> c.campaign_id OR d.side <> c.side OR c.rank <> 'corps' OR d.rank <> 'division')").getInt();
    if (n) out.push_back("leaders: " + std::to_string(n) + " corps leader(s) attached to a leader who is not a division leader of their side");
}

// A leader commands one unit at most, and a camp holds the enemy's men, never its own side's.
void relations(SQLite::Database& db, Problems& out) {
    const int twice = db.execAndGet("SELECT count(*) FROM (SELECT commander_id FROM (SELECT commander_id FROM army UNION ALL SELECT commander_id "
                                    "FROM corps UNION ALL SELECT commander_id FROM division UNION ALL SELECT commander_id FROM brigade "
                                    "UNION ALL SELECT alternate_id FROM brigade) "
                                    "WHERE commander_id IS NOT NULL GROUP BY commander_id HAVING count(*) > 1)").getInt();
    if (twice) out.push_back("leaders: " + std::to_string(twice) + " leader(s) command more than one unit (a brigade's Alternate holds that post alone)");
    const int own = db.execAndGet(std::string("SELECT count(*) ") + k_prisoner_sides + "WHERE c.side = " + k_held_side).getInt();
    if (own) out.push_back("prisoners: " + std::to_string(own) + " held in a camp of their own side");
    // A unit's leaders are of its side; a brigade's, of its division's side.
    const int sides = db.execAndGet(
        "WITH corps_side AS (SELECT k.id, k.commander_id, a.side FROM corps k JOIN army a ON a.id = k.army_id), "
        "division_side AS (SELECT d.id, d.commander_id, c.side FROM division d JOIN corps_side c ON c.id = d.corps_id) "
        "SELECT count(*) FROM (SELECT side, commander_id AS l FROM army UNION ALL SELECT side, commander_id FROM corps_side "
        "UNION ALL SELECT side, commander_id FROM division_side UNION ALL SELECT d.side, b.commander_id FROM brigade b JOIN division_side d ON d.id = b.division_id "
        "UNION ALL SELECT d.side, b.alternate_id FROM brigade b JOIN division_side d ON d.id = b.division_id) u "
        "JOIN leader l ON l.id = u.l WHERE l.side <> u.side").getInt();
    if (sides) out.push_back("leaders: " + std::to_string(sides) + " command a unit of the other side");
    // A battle's losses are of the divisions it holds: its summary and the turn's report read
    // them through those.
    const int unheld = db.execAndGet("SELECT count(*) FROM battle_loss x JOIN brigade u ON u.id = x.brigade_id WHERE NOT EXISTS "
                                     "(SELECT 1 FROM battle_division bd WHERE bd.battle_id = x.battle_id AND bd.division_id = u.division_id)").getInt();
    if (unheld)
        out.push_back("battles: " + std::to_string(unheld) + " loss(es) of a brigade whose division its battle does not hold (its summary leaves them out)");
    if (const auto astray = reversal_astray(db))
        out.push_back("journal: entry #" + std::to_string(*astray) + " is not as undo and redo write it: an undo or redo that names no earlier entry it "
                      "reverses, an entry of another kind that names one, or an entry said to be undone by one that did not undo it (undo would pass over it)");
    if (const int astray = steps_astray(db))
        out.push_back("journal: " + std::to_string(astray) + " entr" + (astray == 1 ? "y is" : "ies are") +
                      " part of a step whose first is not an earlier entry of its campaign (undo would take back together what was not made together)");
}

// Each row belongs to the same campaign as its parent.
void ownership(SQLite::Database& db, Problems& out) {
    const char* parents[][2] = {
        {"corps", "SELECT count(*) FROM corps k JOIN army a ON a.id = k.army_id WHERE k.campaign_id <> a.campaign_id"},
        {"division", "SELECT count(*) FROM division d JOIN corps k ON k.id = d.corps_id WHERE d.campaign_id <> k.campaign_id"},
        {"brigade", "SELECT count(*) FROM brigade b JOIN division d ON d.id = b.division_id WHERE b.campaign_id <> d.campaign_id"},
        {"battery", "SELECT count(*) FROM battery t LEFT JOIN division d ON d.id = t.division_id LEFT JOIN corps k ON "
                    "k.id = t.corps_id LEFT JOIN army a ON a.id = t.army_id WHERE t.campaign_id <> "
                    "COALESCE(d.campaign_id, k.campaign_id, a.campaign_id)"},
        {"move", "SELECT count(*) FROM move m JOIN brigade b ON b.id = m.brigade_id JOIN operation o ON o.id = "
                 "m.operation_id WHERE b.campaign_id <> o.campaign_id"},
        {"battle_plan", "SELECT count(*) FROM battle_plan p JOIN battle b ON b.id = p.battle_id WHERE p.campaign_id <> b.campaign_id"},
        {"plan_division", "SELECT count(*) FROM plan_division pd JOIN battle_plan p ON p.id = pd.plan_id JOIN division d ON "
                          "d.id = pd.division_id WHERE p.campaign_id <> d.campaign_id"},
        // A unit's leaders are of its campaign.
        {"leader", "SELECT count(*) FROM (SELECT campaign_id, commander_id AS l FROM army UNION ALL SELECT campaign_id, commander_id FROM corps "
                   "UNION ALL SELECT campaign_id, commander_id FROM division UNION ALL SELECT campaign_id, commander_id FROM brigade "
                   "UNION ALL SELECT campaign_id, alternate_id FROM brigade) u JOIN leader l ON l.id = u.l WHERE l.campaign_id <> u.campaign_id"},
        // What a camp holds, a battle lost or took, an exchange names, a draft waits on: of the
        // campaign of the camp, battle, exchange or draft.
        {"prisoner", "SELECT count(*) FROM prisoner p JOIN camp c ON c.id = p.camp_id LEFT JOIN brigade b ON b.id = p.brigade_id "
                     "LEFT JOIN leader l ON l.id = p.leader_id LEFT JOIN battery t ON t.id = p.battery_id "
                     "WHERE c.campaign_id <> COALESCE(b.campaign_id, l.campaign_id, t.campaign_id)"},
        {"battle_loss", "SELECT count(*) FROM battle_loss x JOIN battle b ON b.id = x.battle_id JOIN brigade u ON u.id = x.brigade_id "
                        "WHERE b.campaign_id <> u.campaign_id"},
        {"battle_division", "SELECT count(*) FROM battle_division x JOIN battle b ON b.id = x.battle_id JOIN division u ON u.id = x.division_id "
                            "WHERE b.campaign_id <> u.campaign_id"},
        {"battle_fallen", "SELECT count(*) FROM battle_fallen x JOIN battle b ON b.id = x.battle_id JOIN leader u ON u.id = x.leader_id "
                          "WHERE b.campaign_id <> u.campaign_id"},
        {"battle_gun", "SELECT count(*) FROM battle_gun x JOIN battle b ON b.id = x.battle_id JOIN battery u ON u.id = x.battery_id "
                       "WHERE b.campaign_id <> u.campaign_id"},
        {"exchange_item", "SELECT count(*) FROM exchange_item x JOIN exchange e ON e.id = x.exchange_id LEFT JOIN brigade b ON b.id = x.brigade_id "
                          "LEFT JOIN leader l ON l.id = x.leader_id LEFT JOIN battery t ON t.id = x.battery_id "
                          "WHERE e.campaign_id <> COALESCE(b.campaign_id, l.campaign_id, t.campaign_id)"},
        {"draft_line", "SELECT count(*) FROM draft_line x JOIN operation o ON o.id = x.operation_id LEFT JOIN brigade b ON b.id = x.brigade_id "
                       "LEFT JOIN leader l ON l.id = x.leader_id LEFT JOIN battery t ON t.id = x.battery_id "
                       "WHERE x.campaign_id <> o.campaign_id OR x.campaign_id <> COALESCE(b.campaign_id, l.campaign_id, t.campaign_id, x.campaign_id)"},
        {"message", "SELECT count(*) FROM message m JOIN player p ON p.id = m.player_id WHERE m.campaign_id <> p.campaign_id"}};
    for (const auto& [table, sql] : parents) {
        const int n = db.execAndGet(sql).getInt();
        if (n) out.push_back(std::string("ownership: ") + std::to_string(n) + " " + table +
                                         " rows belong to another campaign than their parent");
    }
}

// Text muster writes as lines (a rule set's JSON, a journal entry's record of the rows it
// added, prose): a line break is no damage there.
const std::set<std::string> k_lines{"campaign.rules_json", "operation.inserted", "operation.summary", "operation_view.summary", "exchange.note", "draft_line.why",
                                    "roll.purpose", "roll.result", "meta.value"};
// Prose a person wrote (a player's message): its lines and tabs kept (checked_prose), and no
// other control character.
const std::set<std::string> k_prose{"message.text"};
// Words a line each (a preview's rolls as typed): line breaks, and no other control character.
const std::set<std::string> k_word_lines{"preview.typed_rolls"};
// A dice stream kept for its owner: the stream's name and the owner parted by the unit
// separator (U+001F, db::Store::k_owner_mark), which no name holds.
const std::set<std::string> k_kept{"dice_stream.stream"};
// A GLOB pattern matching text that holds a control character (U+0001 to U+001F, U+007F) but
// for those `but` names, in one bracket expression.
std::string control_pattern(std::string_view but = {}) {
    std::string p = "*[";
    for (char c = '\x01'; c <= '\x1f'; ++c)
        if (but.find(c) == std::string_view::npos) p += c;
    return p + "\x7f]*";
}
const std::string k_control = control_pattern();
const std::string k_control_but_mark = control_pattern("\x1f");  // the unit separator
const std::string k_control_but_prose = control_pattern("\n\t");
const std::string k_control_but_lines = control_pattern("\n");

// A value of the wrong kind in any column: text where a number belongs, or a number where text
// does (SQLite's columns take either). One pass over each table, every column at once.
void types(SQLite::Database& db, Problems& out) {
    std::vector<std::string> tables;
    SQLite::Statement t(db, "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY name");
    for (const Row row(t); t.executeStep();) tables.push_back(row.text("name"));
    struct Column {
        std::string name;
        bool integer;  ///< else text
    };
    for (const auto& table : tables) {
        std::vector<Column> columns;
        SQLite::Statement info(db, "SELECT name, type FROM pragma_table_info(?)");
        bind_all(info, table);
        for (const Row row(info); info.executeStep();)
            if (const auto type = row.text("type"); type == "INTEGER" || type == "TEXT") columns.push_back({row.text("name"), type == "INTEGER"});
        if (columns.empty()) continue;
        // Per column i: values of the wrong type (wi), and for text muster does not write as
        // lines, values holding a control character (ci). ?1 is the pattern of one.
        std::string sql = "SELECT 0";
        for (size_t i = 0; i < columns.size(); ++i) {
            const auto& c = columns[i];
            const auto n = std::to_string(i);
            const auto full = table + "." + c.name;
            sql += ", COALESCE(SUM(typeof(\"" + c.name + "\") NOT IN ('" + (c.integer ? "integer" : "text") + "', 'null')), 0) AS w" + n + ", " +
                   (c.integer || k_lines.count(full) ? "0" : "COALESCE(SUM(\"" + c.name + "\" GLOB " +
                                                                 (k_prose.count(full) ? "?2" : k_kept.count(full) ? "?3" : k_word_lines.count(full) ? "?4" : "?1") + "), 0)") +
                   " AS c" + n;
        }
        sql += " FROM \"" + table + "\" WHERE ?1 IS NOT NULL AND ?2 IS NOT NULL AND ?3 IS NOT NULL AND ?4 IS NOT NULL";  // there whether or not a column asks for them
        SQLite::Statement q(db, sql);
        bind_all(q, k_control, k_control_but_prose, k_control_but_mark, k_control_but_lines);
        if (!q.executeStep()) continue;
        // By name, the names made here (a Row keys its columns by literal).
        const auto count = [&](const std::string& name) { return q.getColumn(name.c_str()).getInt64(); };
        for (size_t i = 0; i < columns.size(); ++i) {
            const auto& c = columns[i];
            if (const auto n = count("w" + std::to_string(i)))
                out.push_back("types: " + std::to_string(n) + " " + table + " row(s) hold something other than " +
                              (c.integer ? "a whole number" : "text") + " in " + c.name);
            if (const auto n = count("c" + std::to_string(i)))
                out.push_back("text: " + std::to_string(n) + " " + table + " row(s) hold a control character in " + c.name);
        }
    }
}

// What the schema cannot say: days are days of the calendar, a journal entry's audience is
// sides, a seed is a number, names keep the name rule (and a leader's does not look like his
// number).
void domain(SQLite::Database& db, Problems& out) {
    // The rate and rounding a battle's casualties returned at: both or neither, and only once returned.
    SQLite::Statement returned(db, "SELECT name FROM battle WHERE (return_rate IS NULL) <> (return_rounding IS NULL) "
                                   "OR (return_rate IS NOT NULL AND recovered = 0)");
    for (const Row row(returned); returned.executeStep();)
        out.push_back("battles: " + visible(row.text("name")) +
                      " keeps a rate or rounding its casualties returned at without the other, or without having returned them");
    SQLite::Statement days(db, "SELECT 'campaign ' || name AS who, date FROM campaign WHERE date IS NOT NULL "
                               "UNION ALL SELECT 'battle ' || name, date FROM battle WHERE date <> '' "
                               "UNION ALL SELECT 'planned battle ' || name, date FROM battle_plan WHERE date IS NOT NULL "
                               "UNION ALL SELECT 'turn ' || turn || ' of campaign #' || campaign_id, date FROM turn_date WHERE date IS NOT NULL");
    for (const Row row(days); days.executeStep();)
        if (!Day::parse(row.text("date")))
            out.push_back("dates: " + visible(row.text("who")) + " has the date \"" + visible(row.text("date")) + "\", not a day of the calendar");
    // A placeholder holds no brigades until it arrives (a battery it may be given beforehand): one holding some is read with none.
    SQLite::Statement holding(db, "SELECT d.name FROM division d WHERE d.status = 'placeholder' AND EXISTS (SELECT 1 FROM brigade b WHERE b.division_id = d.id) "
                                  "ORDER BY d.id");
    for (const Row row(holding); holding.executeStep();)
        out.push_back("divisions: " + visible(row.text("name")) + " is a placeholder, not yet arrived, yet holds brigades");
    // A label's worn and spent strengths within its start, spent below worn.
    if (const int labels = db.execAndGet("SELECT count(*) FROM brigade WHERE worn_at > start_stands OR spent_at > start_stands OR spent_at > worn_at").getInt())
        out.push_back("brigades: " + std::to_string(labels) + " whose effectiveness label is Worn or Spent above its start strength, or Spent above Worn");
    // A state on the table is set or not, but for a formation, which names one.
    if (const int states = db.execAndGet("SELECT count(*) FROM draft_state WHERE state <> 'formation' AND value NOT IN ('yes', 'no')").getInt())
        out.push_back("drafts: " + std::to_string(states) + " state(s) on the table neither set nor not (yes or no)");
    // The current campaign is one the file holds.
    SQLite::Statement current(db, "SELECT value FROM meta WHERE key = 'current_campaign' AND value NOT IN (SELECT name FROM campaign)");
    if (current.executeStep()) out.push_back("meta: the current campaign is \"" + visible(Row(current).text("value")) + "\", which the file does not hold");
    SQLite::Statement audiences(db, "SELECT id, seen_by FROM operation WHERE seen_by <> '*' AND seen_by <> ''");
    for (const Row row(audiences); audiences.executeStep();) {
        const auto text = row.text("seen_by");
        const auto sides = split(text, ',');
        bool ok = std::is_sorted(sides.begin(), sides.end()) && std::adjacent_find(sides.begin(), sides.end()) == sides.end();
        for (const auto& side : sides) ok = ok && !side.empty() && side.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_-") == std::string::npos;
        if (!ok) out.push_back("journal: entry #" + std::to_string(row.id("id")) + " is read by \"" + visible(text) + "\", not a list of sides");
    }
    // What a journal entry is, and its record of the rows it added, read as muster reads them.
    SQLite::Statement ops(db, "SELECT id, campaign_id, kind, inserted, changeset, undoes, undone_by, "
                              "id = (SELECT min(id) FROM operation f WHERE f.campaign_id = operation.campaign_id) AS first FROM operation");
    for (const Row row(ops); ops.executeStep();) {
        const auto id = std::to_string(row.id("id"));
        if (!find_word<OperationKind>(row.text("kind")))
            out.push_back("journal: entry #" + id + " is of the kind \"" + visible(row.text("kind")) + "\", which muster does not know");
        if (!row.null("inserted") && !read_inserted(db, row.text("inserted")))
            out.push_back("journal: entry #" + id + "'s record of the rows it added does not read");
        const auto kind = row.text("kind");
        if (row.null("changeset")) {
            if (record_lost(kind, true, row.null("inserted"), row.flag("first")))
                out.push_back("journal: entry #" + id + " (" + visible(kind) + ") has no record of its changes (undo would pass over it as having changed nothing)");
        } else {
            const auto record = row.blob("changeset");
            const RecordOwner owner{row.id("id"), row.id("campaign_id"), kind};
            if (!changeset_reads(record, owner))
                out.push_back("journal: entry #" + id + "'s record of its changes does not read as made for an entry of its kind, " + visible(kind) +
                              " (its changes or its kind were edited: undo and redo cannot use it)");
            else if (const auto unfit = record_unfit_table(db, record, owner))
                out.push_back("journal: entry #" + id + " changed the table " + visible(*unfit) + ", whose columns are not those it had then (undo and redo cannot use it)");
        }
        // An undo (a redo) reverses an entry made before it; an entry is reversed by one after.
        if (!row.null("undoes") && row.id("undoes") >= row.id("id")) out.push_back("journal: entry #" + id + " undoes entry #" + std::to_string(row.id("undoes")) + ", not one before it");
        if (!row.null("undone_by") && row.id("undone_by") <= row.id("id"))
            out.push_back("journal: entry #" + id + " is undone by entry #" + std::to_string(row.id("undone_by")) + ", not one after it");
    }
    // A player's operation names a player of its campaign; one undone may name a player since
    // undone himself (his `player add` is taken back after his operations).
    SQLite::Statement players(db, "SELECT o.id, o.player_id FROM operation o WHERE o.player_id IS NOT NULL AND o.undone_by IS NULL AND NOT EXISTS "
                                  "(SELECT 1 FROM player p WHERE p.id = o.player_id AND p.campaign_id = o.campaign_id)");
    for (const Row row(players); players.executeStep();)
        out.push_back("journal: entry #" + std::to_string(row.id("id")) + " was made by player #" + std::to_string(row.id("player_id")) +
                      ", who is not of its campaign");
    SQLite::Statement previews(db, "SELECT p.operation_id FROM preview p LEFT JOIN division d ON d.id = p.division_id WHERE d.id IS NULL");
    for (const Row row(previews); previews.executeStep();)
        out.push_back("journal: the preview of entry #" + std::to_string(row.id("operation_id")) + " is of a division that is not there");
    // Stands held, offered or moved: at most what a brigade holds (999, the schema's bound).
    for (const char* table : {"prisoner", "exchange_item", "move"})
        if (const auto n = db.execAndGet(std::string("SELECT count(*) FROM ") + table + " WHERE abs(stands) > 999").getInt64())
            out.push_back("stands: " + std::to_string(n) + " " + table + " row(s) count more stands than a brigade holds");
    // An exchange answered was weighed at a count of privates (the schema's bound: an int).
    if (const auto n = db.execAndGet("SELECT count(*) FROM exchange WHERE weighed_offer NOT BETWEEN 0 AND 2147483647 OR "
                                     "weighed_ask NOT BETWEEN 0 AND 2147483647").getInt64())
        out.push_back("exchanges: " + std::to_string(n) + " weighed at more privates than muster counts, or fewer than none");
    // Both sides weighed together, when it was answered: none of an open proposal, never one alone.
    if (const auto n = db.execAndGet("SELECT count(*) FROM exchange WHERE (weighed_offer IS NULL) <> (weighed_ask IS NULL) OR "
                                     "(status = 'proposed' AND weighed_offer IS NOT NULL)").getInt64())
        out.push_back("exchanges: " + std::to_string(n) + " weighed on one side only, or weighed before they were answered");
    // A brigade holds at most 999 stands (the schema's bound), so a division engages at most
    // that many for each brigade it has.
    SQLite::Statement engaged(db, "SELECT t.name AS battle, d.name AS division, bd.engaged FROM battle_division bd JOIN battle t ON t.id = "
                                  "bd.battle_id JOIN division d ON d.id = bd.division_id WHERE bd.engaged > 999 * (SELECT count(*) FROM "
                                  "brigade b WHERE b.division_id = d.id)");
    for (const Row row(engaged); engaged.executeStep();)
        out.push_back("battles: " + visible(row.text("battle")) + " has " + visible(row.text("division")) + " engaging " +
                      std::to_string(row.id("engaged")) + " stands, more than its brigades can hold");
    // (`led`: a leader's name, or a unit's, which may not begin as a reference to a leader does.)
    SQLite::Statement names(db,
                            "SELECT 'campaign' AS kind, name, 0 AS led FROM campaign UNION ALL SELECT 'army', name, 1 FROM army UNION ALL "
                            "SELECT 'corps', name, 1 FROM corps UNION ALL SELECT 'division', name, 1 FROM division UNION ALL "
                            "SELECT 'brigade', name, 1 FROM brigade UNION ALL SELECT 'battery', name, 0 FROM battery UNION ALL "
                            "SELECT 'leader', name, 1 FROM leader WHERE name <> '' UNION ALL SELECT 'leader', leader_name, 1 FROM division "
                            "WHERE leader_name IS NOT NULL UNION ALL SELECT 'camp', name, 0 FROM camp UNION ALL "
                            "SELECT 'battle', name, 0 FROM battle UNION ALL SELECT 'draft', battle, 0 FROM draft_line UNION ALL "
                            "SELECT 'planned battle', name, 0 FROM battle_plan");
    for (const Row row(names); names.executeStep();) {
        const auto name = row.text("name"), kind = row.text("kind");
        auto problem = name_problem(name, NameRule::stored);
        if (problem.empty() && row.flag("led")) problem = leader_name_problem(name);
        if (!problem.empty()) out.push_back("names: " + kind + " \"" + visible(name) + "\": " + problem);
    }
    // The name a fall was read under: a leader's name, or his post ("commander of Heth/1st
    // Brigade", "former commander of Heth (2)"), each unit's name in it a name.
    SQLite::Statement known(db, "SELECT known_as FROM battle_fallen WHERE typeof(known_as) = 'text'");
    for (const Row row(known); known.executeStep();) {
        const auto name = row.text("known_as");
        std::string_view units = name;
        for (std::string_view post : {"former commander of ", "commander of "})
            if (units.starts_with(post)) {
                units.remove_prefix(post.size());
                if (const auto open = units.rfind(" ("); open != std::string_view::npos && units.ends_with(")") &&
                    std::all_of(units.begin() + static_cast<long>(open) + 2, units.end() - 1, [](char c) { return c >= '0' && c <= '9'; }))
                    units = units.substr(0, open);  // "(2)": the second to hold that post
                break;
            }
        for (const auto& part : split(units, '/'))
            if (auto problem = name_problem(part, NameRule::stored); !problem.empty()) {
                out.push_back("names: the fall of a leader read as \"" + visible(name) + "\": " + problem);
                break;
            }
    }
    // A fall is of the leader's own side's division, corps or army (one of the two above the
    // divisions, or none): the enemy reads it by them.
    static const std::string corps_astray = "f.corps_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM corps k JOIN army a ON a.id = k.army_id WHERE k.id = f.corps_id AND a.side = l.side)";
    static const std::string army_astray = "f.army_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM army a WHERE a.id = f.army_id AND a.side = l.side)";
    static const std::string division_astray = "f.division_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM division d JOIN corps k ON k.id = d.corps_id "
                                               "JOIN army a ON a.id = k.army_id WHERE d.id = f.division_id AND a.side = l.side)";
    SQLite::Statement falls(db, "SELECT t.name AS battle, l.id AS leader, CASE WHEN f.corps_id IS NOT NULL AND f.army_id IS NOT NULL "
                                "THEN 'both corps ' || f.corps_id || ' and army ' || f.army_id || ' (one or the other, or neither)' "
                                "WHEN " + corps_astray + " THEN 'corps ' || f.corps_id || ', which is not of his side' "
                                "WHEN " + army_astray + " THEN 'army ' || f.army_id || ', which is not of his side' "
                                "ELSE 'division ' || f.division_id || ', which is not of his side' END AS what "
                                "FROM battle_fallen f JOIN battle t ON t.id = f.battle_id JOIN leader l ON l.id = f.leader_id "
                                "WHERE (f.corps_id IS NOT NULL AND f.army_id IS NOT NULL) OR (" + corps_astray + ") OR (" + army_astray + ") OR (" +
                                division_astray + ")");
    for (const Row row(falls); falls.executeStep();)
        out.push_back("battles: " + visible(row.text("battle")) + " records the fall of leader #" + std::to_string(row.id("leader")) + " with " + row.text("what"));
    // No campaign's dice draw a trillion numbers: a counter past that is damage (a roll would overflow it).
    SQLite::Statement draws(db, "SELECT stream, counter FROM dice_stream WHERE counter > 1000000000000 UNION ALL "
                                "SELECT 'every side''s', dice_counter FROM campaign WHERE dice_counter > 1000000000000");
    for (const Row row(draws); draws.executeStep();)
        out.push_back("dice: the dice of " + visible(row.text("stream")) + " have drawn " + std::to_string(row.id("counter")) +
                      " numbers, past any campaign's");
    // What a roll held to its preview was rolled for: "battle 12", "leader 40", "brigade 7", by an
    // entry that rolls so (a recovery, a Fallen Leaders roll, a new commander) or its preview.
    // The subject's kind is the entry's (a preview's, any of them), its number an id (at most 18 digits).
    SQLite::Statement rolled(db, "SELECT r.operation_id, r.subject FROM rolled_for r LEFT JOIN operation o ON o.id = r.operation_id "
                                 "WHERE o.kind IS NULL OR typeof(r.subject) <> 'text' OR r.subject NOT GLOB '[a-z]* [1-9]*' "
                                 "OR substr(r.subject, instr(r.subject, ' ') + 1) GLOB '*[^0-9]*' OR length(r.subject) - instr(r.subject, ' ') > 18 "
                                 "OR NOT (CASE substr(r.subject, 1, instr(r.subject, ' ') - 1) WHEN 'battle' THEN o.kind IN (?1, ?2) "
                                 "WHEN 'leader' THEN o.kind IN (?1, ?3) WHEN ?5 THEN o.kind IN (?1, ?4) WHEN ?6 THEN o.kind IN (?1, ?4) "
                                 "WHEN ?7 THEN o.kind IN (?1, ?4) WHEN ?8 THEN o.kind IN (?1, ?4) ELSE 0 END)");
    bind_all(rolled, OperationKind::preview, OperationKind::recovery, OperationKind::fallen_leader, OperationKind::replace, UnitKind::brigade,
             UnitKind::division, UnitKind::corps, UnitKind::army);
    for (const Row row(rolled); rolled.executeStep();)
        out.push_back("journal: entry #" + std::to_string(row.id("operation_id")) + " is said to have rolled for \"" + visible(row.text("subject")) +
                      "\", which is not an entry that rolls for a battle, a leader or a post, or not one that rolls for that (a preview would bind nothing)");
    SQLite::Statement faces(db, std::string("SELECT r.operation_id, r.seq, r.dice, r.faces, r.reading FROM roll r WHERE NOT ") + k_faces_as_written);
    for (const Row row(faces); faces.executeStep();)
        out.push_back("journal: roll " + std::to_string(row.id("seq")) + " of entry #" + std::to_string(row.id("operation_id")) + " holds the faces \"" +
                      visible(row.text("faces")) + "\", not as muster writes a " + visible(row.text("dice")) + " roll that reads " + visible(row.text("reading")));
    // A battle still planned bears no recorded battle's name, in any case (planning one is
    // refused so): a reference to either would name both.
    SQLite::Statement planned(db, "SELECT c.name AS campaign, p.name FROM battle_plan p JOIN campaign c ON c.id = p.campaign_id WHERE p.battle_id IS NULL "
                                  "AND EXISTS (SELECT 1 FROM battle b WHERE b.campaign_id = p.campaign_id AND lower(b.name) = lower(p.name))");
    for (const Row row(planned); planned.executeStep();)
        out.push_back("battles: campaign " + visible(row.text("campaign")) + " plans a battle \"" + visible(row.text("name")) +
                      "\" under the name of one it recorded: a reference names both (rename or undo the plan, or restore a backup)");
    // A proposal offers or asks something (one of nothing is refused when made).
    SQLite::Statement empty(db, "SELECT c.name AS campaign, e.number FROM exchange e JOIN campaign c ON c.id = e.campaign_id "
                                "WHERE NOT EXISTS (SELECT 1 FROM exchange_item i WHERE i.exchange_id = e.id)");
    for (const Row row(empty); empty.executeStep();)
        out.push_back("exchanges: #" + std::to_string(row.id("number")) + " of campaign " + visible(row.text("campaign")) + " holds nothing it offers or asks: its items were lost");
    // Each is numbered within its campaign, from 1 (the index keeps two of one number apart).
    if (const auto n = db.execAndGet("SELECT count(*) FROM exchange WHERE number < 1").getInt64())
        out.push_back("exchanges: " + std::to_string(n) + " with no number in their campaign (numbered from 1)");
    // A unit's batteries are told apart by their names (its brigades' are unique by the schema).
    SQLite::Statement twice(db, "SELECT COALESCE(d.name, k.name, a.name, '?') AS owner, t.name, count(*) AS n FROM battery t "
                                "LEFT JOIN division d ON d.id = t.division_id LEFT JOIN corps k ON k.id = t.corps_id LEFT JOIN army a ON a.id = t.army_id "
                                "GROUP BY t.division_id, t.corps_id, t.army_id, t.name HAVING count(*) > 1");
    for (const Row row(twice); twice.executeStep();)
        out.push_back("names: " + std::to_string(row.id("n")) + " batteries of " + visible(row.text("owner")) + " are named \"" +
                      visible(row.text("name")) + "\": no reference can tell them apart (undo the step that named the second, or restore a backup)");
    // Names alike but for the case of their letters, which the schema lets by and muster never
    // gives (it refuses a name another unit of the kind bears in any case): a name typed in a
    // third case names both. Armies, corps, divisions, camps and battles in a campaign; brigades
    // and batteries in their unit.
    SQLite::Statement alike(db,
                            "SELECT kind, owner, names, n FROM ("
                            "SELECT 'armies' AS kind, 'campaign ' || c.name AS owner, group_concat(x.name, char(31)) AS names, count(*) AS n "
                            "FROM army x JOIN campaign c ON c.id = x.campaign_id GROUP BY x.campaign_id, lower(x.name) HAVING count(DISTINCT x.name) > 1 "
                            "UNION ALL SELECT 'corps', 'campaign ' || c.name, group_concat(x.name, char(31)), count(*) "
                            "FROM corps x JOIN campaign c ON c.id = x.campaign_id GROUP BY x.campaign_id, lower(x.name) HAVING count(DISTINCT x.name) > 1 "
                            "UNION ALL SELECT 'divisions', 'campaign ' || c.name, group_concat(x.name, char(31)), count(*) "
                            "FROM division x JOIN campaign c ON c.id = x.campaign_id GROUP BY x.campaign_id, lower(x.name) HAVING count(DISTINCT x.name) > 1 "
                            "UNION ALL SELECT 'brigades', 'division ' || d.name, group_concat(x.name, char(31)), count(*) "
                            "FROM brigade x JOIN division d ON d.id = x.division_id GROUP BY x.division_id, lower(x.name) HAVING count(DISTINCT x.name) > 1 "
                            "UNION ALL SELECT 'camps', 'campaign ' || c.name || ', side ' || x.side, group_concat(x.name, char(31)), count(*) "
                            "FROM camp x JOIN campaign c ON c.id = x.campaign_id GROUP BY x.campaign_id, x.side, lower(x.name) HAVING count(DISTINCT x.name) > 1 "
                            "UNION ALL SELECT 'battles', 'campaign ' || c.name, group_concat(x.name, char(31)), count(*) "
                            "FROM battle x JOIN campaign c ON c.id = x.campaign_id GROUP BY x.campaign_id, lower(x.name) HAVING count(DISTINCT x.name) > 1 "
                            "UNION ALL SELECT 'batteries', COALESCE(d.name, k.name, a.name, '?'), group_concat(t.name, char(31)), count(*) FROM battery t "
                            "LEFT JOIN division d ON d.id = t.division_id LEFT JOIN corps k ON k.id = t.corps_id LEFT JOIN army a ON a.id = t.army_id "
                            "GROUP BY t.division_id, t.corps_id, t.army_id, lower(t.name) HAVING count(DISTINCT t.name) > 1)");
    for (const Row row(alike); alike.executeStep();) {
        std::vector<std::string> names;
        for (const auto& name : split(row.text("names"), '\x1f')) names.push_back("\"" + visible(name) + "\"");
        // Camps and battles are not renamed: undone, the second is made again under another name.
        const auto kind = row.text("kind");
        const bool renamed = kind != "camps" && kind != "battles";
        out.push_back("names: " + std::to_string(row.id("n")) + " " + kind + " of " + visible(row.text("owner")) +
                      " are named alike but for case (" + join(names, ", ") + "): a name typed in another case names them all (" +
                      (renamed ? "rename all but one" : "undo the step that named the second") + ", or restore a backup)");
    }
}

}  // namespace

std::vector<std::string> broken_checks(SQLite::Database& db, const std::string& table) {
    std::vector<std::string> out;
    SQLite::Statement create(db, "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?");
    bind_all(create, table);
    if (!create.executeStep() || Row(create).null("sql")) return out;
    std::string quoted = "\"";
    for (const char c : table) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    quoted += "\"";
    for (const auto& expression : check_expressions(Row(create).text("sql"))) {
        try {
            const std::string breaking = " FROM " + quoted + " WHERE NOT (" + expression + ")";
            const auto count = db.execAndGet("SELECT count(*)" + breaking).getInt64();
            if (count == 0) continue;
            std::vector<std::string> rows;
            SQLite::Statement first(db, "SELECT rowid AS row" + breaking + " ORDER BY rowid LIMIT 5");
            while (first.executeStep()) rows.push_back(std::to_string(Row(first).id("row")));
            out.push_back("in " + visible(table) + ", " + count_of(static_cast<int>(std::min<std::int64_t>(count, 1'000'000'000)), "row breaks", "rows break") +
                          " CHECK (" + visible(expression) + "): row" + (rows.size() == 1 ? " " : "s ") + join(rows, ", ") +
                          (count > static_cast<std::int64_t>(rows.size()) ? " and more" : ""));
        } catch (const SQLite::Exception&) {
            // An expression this cannot read again as SQLite did: SQLite's own line stands.
        }
    }
    return out;
}

campaign::CheckReport History::check() const {
    return guarded(m_store.path(), [&] {
        // SQLite's own integrity check takes the longest and needs nothing of the rest: it runs
        // on a second connection while this one checks the rest. Its lines come first.
        auto sqlite_says = std::async(std::launch::async, integrity, m_store.path(), m_store.impl().busy_timeout_ms);
        auto& db = m_store.impl().db;
        const ReadSnapshot snapshot(db);
        campaign::CheckReport report;
        auto& out = report.problems;
        // A section that meets a number column holding something else (which `types` names)
        // is left unchecked, said so, and the rest go on: the check reports, it never fails whole.
        // (A control character in text, which `types` names too, leaves the numbers whole.)
        Problems typed;
        bool numbers_whole = true;
        try {
            types(db, typed);
            numbers_whole = std::none_of(typed.begin(), typed.end(), [](const std::string& p) { return p.rfind("types: ", 0) == 0; });
        } catch (const SQLite::Exception& e) {
            typed.push_back("types: not checked (SQLite cannot read them: " + visible(e.what()) + ")");
            numbers_whole = false;
        }
        // A section whose pages SQLite cannot read (the integrity lines say where) is left
        // unchecked too.
        const auto section = [&](const char* name, const std::function<void()>& check) {
            try {
                check();
            } catch (const Damaged& e) {
                out.push_back(std::string(name) + ": not checked (" + e.what() + ")");
            } catch (const SQLite::Exception& e) {
                out.push_back(std::string(name) + ": not checked (SQLite cannot read it: " + visible(e.what()) + ")");
            }
        };
        section("foreign keys", [&] { foreign_keys(db, out); });
        // A move of more stands than any brigade holds, named by its row before anything adds
        // the moves up (a sum past the largest number stops what adds it).
        section("moves", [&] {
            SQLite::Statement wild(db, "SELECT id, stands FROM move WHERE typeof(stands) = 'integer' AND (stands > 999 OR stands < -999) ORDER BY id LIMIT 20");
            for (const Row row(wild); wild.executeStep();)
                out.push_back("moves: move row " + std::to_string(row.id("id")) + " holds " + row.text("stands") + " stands (expected -999 to 999: no brigade holds more)");
        });
        // The ledgers add numbers up: where a number column holds something else they would
        // read nonsense (SUM of text is a real), so they wait for the file to be mended.
        if (numbers_whole) section("ledger", [&] { ledgers(db, report); });
        else out.push_back("ledger: not checked, for numbers in the file are not whole numbers, or cannot be read (below)");
        report.counted = numbers_whole;
        section("merges", [&] { merges(db, out); });
        section("prisoners", [&] { captives(db, out); });
        section("attachments", [&] { attachments(db, out); });
        section("relations", [&] { relations(db, out); });
        section("schema", [&] {
            for (auto& p : schema_problems(db)) out.push_back(std::move(p));
        });
        out.insert(out.end(), typed.begin(), typed.end());
        section("domain", [&] { domain(db, out); });
        section("ownership", [&] { ownership(db, out); });
        section("counts", [&] {
            report.moves = db.execAndGet("SELECT count(*) FROM move").getInt();
            report.campaigns = db.execAndGet("SELECT count(*) FROM campaign").getInt();
        });
        auto lines = sqlite_says.get();
        out.insert(out.begin(), lines.begin(), lines.end());
        return report;
    });
}

std::vector<History::UnknownId> History::unknown_ids(std::int64_t campaign, const KnownIds& known) const {
    return guarded(m_store.path(), [&] {
        // Every id-valued field of the campaign's rows whose value is not among the known ones,
        // with its owner. The rows are filtered before an owner's name is made, so a campaign
        // whose ids are all known costs one pass over its rows and nothing more. ?1 is the
        // campaign; each list of known ids is bound after it.
        std::vector<std::string> bound;
        const auto not_in = [&](const std::vector<std::string>& ids) {
            std::string list;
            for (const auto& id : ids) {
                bound.push_back(id);
                list += (list.empty() ? "?" : ", ?") + std::to_string(bound.size() + 1);
            }
            return " NOT IN (" + list + ")";
        };
        const std::string brigades = " FROM brigade b JOIN division d ON d.id = b.division_id WHERE b.campaign_id = ?1 AND ";
        const std::string sql =
            "SELECT 'army' AS owner, name, 'the side' AS what, side AS value FROM army WHERE campaign_id = ?1 AND side" + not_in(known.sides) +
            " UNION ALL SELECT 'camp', name, 'the side', side FROM camp WHERE campaign_id = ?1 AND side" + not_in(known.sides) +
            " UNION ALL SELECT 'exchange', '#' || number, 'the proposer', proposer FROM exchange WHERE campaign_id = ?1 AND proposer" +
            not_in(known.sides) + " UNION ALL SELECT 'exchange', '#' || number, 'the counterpart', counterpart FROM exchange WHERE campaign_id = ?1 "
            "AND counterpart" + not_in(known.sides) +
            " UNION ALL SELECT 'campaign', name, 'the theater', theater FROM campaign WHERE id = ?1 AND theater IS NOT NULL AND theater" +
            not_in(known.theaters) +
            " UNION ALL SELECT 'preview', '#' || p.operation_id, 'the theater', p.theater FROM preview p JOIN operation o ON o.id = "
            "p.operation_id WHERE o.campaign_id = ?1 AND p.theater IS NOT NULL AND p.theater" + not_in(known.theaters) +
            " UNION ALL SELECT 'leader', name, 'the side', side FROM leader WHERE campaign_id = ?1 AND side" + not_in(known.sides) +
            " UNION ALL SELECT 'player', name, 'the side', side FROM player WHERE campaign_id = ?1 AND umpire = 0 AND side" + not_in(known.sides) +
            " UNION ALL SELECT 'message', '#' || id, 'the side', side FROM message WHERE campaign_id = ?1 AND side" + not_in(known.sides) +
            " UNION ALL SELECT 'journal entry', '#' || o.id, 'a side reading it', v.side FROM operation_view v JOIN operation o ON o.id = "
            "v.operation_id WHERE o.campaign_id = ?1 AND v.side" + not_in(known.sides) +
            " UNION ALL SELECT 'division', name, 'the nationality', nationality FROM division WHERE campaign_id = ?1 AND nationality IS NOT "
            "NULL AND nationality" + not_in(known.nationalities) +
            " UNION ALL SELECT 'division', name, 'the year', year FROM division WHERE campaign_id = ?1 AND year IS NOT NULL AND year NOT "
            "BETWEEN " + std::to_string(known.first_year) + " AND " + std::to_string(known.last_year) +
            " UNION ALL SELECT 'division', name, 'the arm', arm FROM division WHERE campaign_id = ?1 AND arm" + not_in(known.arms) +
            " UNION ALL SELECT 'division', name, 'the theater', theater FROM division WHERE campaign_id = ?1 AND theater <> '' AND theater" +
            not_in(known.theaters) + " UNION ALL SELECT 'brigade', d.name || '/' || b.name, 'the rating', b.rating" + brigades + "b.rating" +
            not_in(known.ratings) + " UNION ALL SELECT 'brigade', d.name || '/' || b.name, 'the arm', b.arm" + brigades + "b.arm" +
            not_in(known.arms) + " UNION ALL SELECT 'leader', name, 'the grade', grade FROM leader WHERE campaign_id = ?1 AND grade" +
            not_in(known.grades) +
            " UNION ALL SELECT 'leader', name, 'the rolled grade', rolled_grade FROM leader WHERE campaign_id = ?1 AND rolled_grade <> '' "
            "AND rolled_grade" + not_in(known.grades);
        SQLite::Statement q(m_store.impl().db, sql);
        bind_all(q, campaign);
        for (size_t i = 0; i < bound.size(); ++i) q.bind(static_cast<int>(i) + 2, bound[i]);
        std::vector<UnknownId> out;
        for (const Row row(q); q.executeStep();) out.push_back({row.text("owner"), row.text("name"), row.text("what"), row.text("value")});
        // Who reads a journal entry or one of its rolls: every side ("*"), the umpire (none), or
        // sides the rule set knows; one it does not know reads it, and the side meant never does.
        SQLite::Statement readers(m_store.impl().db,
                                  "SELECT 'journal entry' AS owner, '#' || o.id AS name, o.seen_by AS value FROM operation o WHERE o.campaign_id = ?1 "
                                  "AND typeof(o.seen_by) = 'text' AND o.seen_by NOT IN ('', ?2) UNION ALL SELECT 'roll of journal entry', '#' || o.id, r.seen_by "
                                  "FROM roll r JOIN operation o ON o.id = r.operation_id WHERE o.campaign_id = ?1 AND typeof(r.seen_by) = 'text' "
                                  "AND r.seen_by NOT IN ('', ?2)");
        bind_all(readers, campaign, std::string(Audience::k_everyone));
        for (const Row row(readers); readers.executeStep();)
            for (const auto& side : split(row.text("value"), ','))
                if (std::find(known.sides.begin(), known.sides.end(), side) == known.sides.end())
                    out.push_back({row.text("owner"), row.text("name"), "a side reading it", side});
        return out;
    });
}

}  // namespace muster::db
