// The check of a whole campaign file: SQLite's own checks, the ledgers, names, ownership, and
// every id against the campaign's rule set.
#include "db/history.hpp"
#include "store_impl.hpp"

#include "core/names.hpp"

#include <future>

namespace muster::db {

campaign::CheckReport History::check() const {
    return guarded(m_store.path(), [&] {
        // SQLite's own integrity check takes the longest and needs nothing of the rest: it runs
        // on a second, read-only connection (which never checkpoints) while this one checks
        // the rest. Its lines come first in the report.
        auto integrity = std::async(std::launch::async, [path = m_store.path(), wait = m_store.impl().busy_timeout_ms] {
            SQLite::Database other(path, SQLite::OPEN_READONLY, wait);
            std::vector<std::string> lines;
            SQLite::Statement q(other, "PRAGMA integrity_check");
            for (const Row row(q); q.executeStep();)
                if (const std::string line = row.text("integrity_check"); line != "ok") lines.push_back("integrity: " + line);
            return lines;
        });
        auto& db = m_store.impl().db;
        const ReadSnapshot snapshot(db);
        campaign::CheckReport report;
        SQLite::Statement fk(db, "PRAGMA foreign_key_check");
        for (const Row row(fk); fk.executeStep();)
            report.problems.push_back("foreign key: " + row.text("table") + " row " + std::to_string(row.id("rowid")) +
                                      " points at a missing " + row.text("parent") + " row");
        // Per brigade, in one pass over its moves: the ledger (its stands are the sum of its
        // moves; its start strength is what it was generated with, or merged up to), and every
        // stand somewhere: in service, lost for good, or held. What its moves say was captured
        // and not yet released is what the camps hold; what the battles say was lost, captured
        // and returned is what the moves say.
        SQLite::Statement ledger(db,
                                 "SELECT c.name AS campaign, d.name AS division, b.name AS brigade, b.stands, b.start_stands, b.labelled_for, "
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
                                 "(SELECT COALESCE(SUM(captured), 0) FROM battle_loss WHERE brigade_id = b.id) AS battle_captured "
                                 "FROM brigade b JOIN division d ON d.id = b.division_id JOIN campaign c ON c.id = b.campaign_id "
                                 "LEFT JOIN move m ON m.brigade_id = b.id GROUP BY b.id");
        for (const Row row(ledger); ledger.executeStep();) {
            ++report.brigades;
            const auto n = [&](const char* column) { return row.id(column); };
            const int now = row.integer("stands");
            report.stands += now;
            const auto who = [&] { return row.text("campaign") + ": " + row.text("division") + ", " + row.text("brigade"); };
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
            report.lost += n("moved_lost") - n("moved_returned") + n("disbanded");
        }
        SQLite::Statement merged(db, "SELECT c.name, SUM(m.stands) AS difference FROM move m JOIN brigade b ON b.id = m.brigade_id "
                                     "JOIN campaign c ON c.id = b.campaign_id WHERE m.kind = 'merged' GROUP BY c.id HAVING SUM(m.stands) <> 0");
        for (const Row row(merged); merged.executeStep();)
            report.problems.push_back("merges: in " + row.text("name") + " stands merged out and in differ by " +
                                      row.text("difference"));
        // Those marked captured and held nowhere, and those held and not marked captured: the
        // camps are read once, not once a leader.
        const char* captives[][2] = {
            {"leader", "SELECT (SELECT count(*) FROM leader WHERE status = 'captured' AND id NOT IN "
                       "(SELECT leader_id FROM prisoner WHERE leader_id IS NOT NULL)) + "
                       "(SELECT count(DISTINCT l.id) FROM prisoner p JOIN leader l ON l.id = p.leader_id WHERE l.status <> 'captured')"},
            {"battery", "SELECT (SELECT count(*) FROM battery WHERE status = 'captured' AND id NOT IN "
                        "(SELECT battery_id FROM prisoner WHERE battery_id IS NOT NULL)) + "
                        "(SELECT count(DISTINCT t.id) FROM prisoner p JOIN battery t ON t.id = p.battery_id WHERE t.status <> 'captured')"}};
        for (const auto& [what, sql] : captives)
            if (const int n = db.execAndGet(sql).getInt())
                report.problems.push_back(std::string("prisoners: ") + std::to_string(n) + " " + what +
                                          "(s) marked captured without being held in a camp, or held without being marked");
        for (auto& p : schema_problems(db)) report.problems.push_back(std::move(p));
        // Values the schema's types let through: a seed or dice counter that is not a number.
        SQLite::Statement numbers(db, "SELECT name FROM campaign WHERE typeof(seed) <> 'integer' OR typeof(dice_counter) <> 'integer'");
        for (const Row row(numbers); numbers.executeStep();)
            report.problems.push_back("campaign " + visible(row.text("name")) + ": its seed or dice counter is not a whole number");
        // Every name keeps the name rule (a leader may be unnamed).
        SQLite::Statement names(db,
                                "SELECT 'campaign' AS kind, name FROM campaign UNION ALL SELECT 'army', name FROM army UNION ALL "
                                "SELECT 'corps', name FROM corps UNION ALL SELECT 'division', name FROM division UNION ALL "
                                "SELECT 'brigade', name FROM brigade UNION ALL SELECT 'battery', name FROM battery UNION ALL "
                                "SELECT 'leader', name FROM leader WHERE name <> '' UNION ALL SELECT 'camp', name FROM camp UNION ALL "
                                "SELECT 'battle', name FROM battle");
        for (const Row row(names); names.executeStep();) {
            const auto name = row.text("name");
            if (const auto problem = name_problem(name); !problem.empty())
                report.problems.push_back("names: " + row.text("kind") + " \"" + visible(name) + "\": " + problem);
        }
        report.moves = db.execAndGet("SELECT count(*) FROM move").getInt();
        report.campaigns = db.execAndGet("SELECT count(*) FROM campaign").getInt();
        // Each row belongs to the same campaign as its parent.
        const char* parents[][2] = {
            {"corps", "SELECT count(*) FROM corps k JOIN army a ON a.id = k.army_id WHERE k.campaign_id <> a.campaign_id"},
            {"division", "SELECT count(*) FROM division d JOIN corps k ON k.id = d.corps_id WHERE d.campaign_id <> k.campaign_id"},
            {"brigade", "SELECT count(*) FROM brigade b JOIN division d ON d.id = b.division_id WHERE b.campaign_id <> d.campaign_id"},
            {"battery", "SELECT count(*) FROM battery t LEFT JOIN division d ON d.id = t.division_id LEFT JOIN corps k ON "
                        "k.id = t.corps_id LEFT JOIN army a ON a.id = t.army_id WHERE t.campaign_id <> "
                        "COALESCE(d.campaign_id, k.campaign_id, a.campaign_id)"},
            {"move", "SELECT count(*) FROM move m JOIN brigade b ON b.id = m.brigade_id JOIN operation o ON o.id = "
                     "m.operation_id WHERE b.campaign_id <> o.campaign_id"}};
        for (const auto& [table, sql] : parents) {
            const int n = db.execAndGet(sql).getInt();
            if (n) report.problems.push_back(std::string("ownership: ") + std::to_string(n) + " " + table +
                                             " rows belong to another campaign than their parent");
        }
        auto lines = integrity.get();
        report.problems.insert(report.problems.begin(), lines.begin(), lines.end());
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
        return out;
    });
}

}  // namespace muster::db
