// Reading whole campaigns: the order of battle, the journal, the check, the backup.
#include "store_impl.hpp"

#include <SQLiteCpp/Backup.h>

#include <filesystem>
#include <map>
#include <unistd.h>

namespace muster::db {
namespace {

namespace fs = std::filesystem;

std::map<std::int64_t, army::Leader> load_leaders(SQLite::Database& db, std::int64_t campaign) {
    std::map<std::int64_t, army::Leader> out;
    SQLite::Statement q(db, "SELECT id, name, grade, rolled_grade, status FROM leader WHERE campaign_id = ?");
    q.bind(1, campaign);
    while (q.executeStep()) {
        army::Leader l;
        l.id = q.getColumn(0).getInt64();
        l.name = q.getColumn(1).getString();
        l.grade = q.getColumn(2).getString();
        l.rolled_grade = q.getColumn(3).getString();
        l.status = q.getColumn(4).getString();
        out.emplace(l.id, l);
    }
    return out;
}

army::Leader leader_of(const std::map<std::int64_t, army::Leader>& leaders, const SQLite::Column& id) {
    if (id.isNull()) return {};
    const auto it = leaders.find(id.getInt64());
    return it == leaders.end() ? army::Leader{} : it->second;
}

// Faces are stored as written ("4,4", "3+5", "10").
std::vector<int> parse_faces(const std::string& text) {
    std::vector<int> faces;
    int n = 0;
    bool digits = false;
    for (char ch : text) {
        if (ch >= '0' && ch <= '9') {
            n = n * 10 + (ch - '0');
            digits = true;
        } else if (digits) {
            faces.push_back(n);
            n = 0;
            digits = false;
        }
    }
    if (digits) faces.push_back(n);
    return faces;
}

std::optional<int> optional_int(const SQLite::Column& c) {
    if (c.isNull()) return std::nullopt;
    return c.getInt();
}

}  // namespace

army::OrderOfBattle CampaignStore::order_of_battle(std::int64_t campaign) const {
    return guarded(m_path, [&] {
        auto& db = m_impl->db;
        // Reads see one snapshot: a writer in another process cannot tear the tree.
        const ReadSnapshot snapshot(db);
        const CampaignRow c = this->campaign(campaign);
        army::OrderOfBattle oob;
        oob.campaign = c.name;
        oob.rules = c.rules_id;
        oob.view = "umpire";
        const auto leaders = load_leaders(db, campaign);

        std::map<std::int64_t, army::Army*> armies;
        std::map<std::int64_t, army::Corps*> corps;
        std::map<std::int64_t, army::Division*> divisions;
        SQLite::Statement qa(db, "SELECT id, name, side, commander_id FROM army WHERE campaign_id = ? ORDER BY id");
        qa.bind(1, campaign);
        while (qa.executeStep()) {
            army::Army a;
            a.id = qa.getColumn(0).getInt64();
            a.name = qa.getColumn(1).getString();
            a.side = qa.getColumn(2).getString();
            a.commander = leader_of(leaders, qa.getColumn(3));
            oob.armies.push_back(std::move(a));
        }
        for (auto& a : oob.armies) armies[a.id] = &a;

        SQLite::Statement qc(db, "SELECT id, army_id, name, commander_id FROM corps WHERE campaign_id = ? ORDER BY id");
        qc.bind(1, campaign);
        while (qc.executeStep()) {
            army::Corps k;
            k.id = qc.getColumn(0).getInt64();
            k.name = qc.getColumn(2).getString();
            k.commander = leader_of(leaders, qc.getColumn(3));
            armies.at(qc.getColumn(1).getInt64())->corps.push_back(std::move(k));
        }
        for (auto& a : oob.armies)
            for (auto& k : a.corps) corps[k.id] = &k;

        SQLite::Statement qd(db,
                             "SELECT d.id, d.corps_id, d.name, d.arm, d.status, d.hidden, d.year, d.theater, d.commander_id, a.side "
                             "FROM division d JOIN corps c ON c.id = d.corps_id JOIN army a ON a.id = c.army_id "
                             "WHERE d.campaign_id = ? ORDER BY d.id");
        qd.bind(1, campaign);
        while (qd.executeStep()) {
            army::Division d;
            d.id = qd.getColumn(0).getInt64();
            d.name = qd.getColumn(2).getString();
            d.arm = qd.getColumn(3).getString();
            d.status = qd.getColumn(4).getString();
            d.hidden = qd.getColumn(5).getInt() != 0;
            d.year = qd.getColumn(6).isNull() ? 0 : qd.getColumn(6).getInt();
            d.theater = qd.getColumn(7).isNull() ? "" : qd.getColumn(7).getString();
            d.commander = leader_of(leaders, qd.getColumn(8));
            d.side = qd.getColumn(9).getString();
            corps.at(qd.getColumn(1).getInt64())->divisions.push_back(std::move(d));
        }
        for (auto& a : oob.armies)
            for (auto& k : a.corps)
                for (auto& d : k.divisions) divisions[d.id] = &d;

        SQLite::Statement qb(db,
                             "SELECT id, division_id, name, arm, rating, start_stands, stands, worn_at, spent_at, commander_id, status, alternate_id "
                             "FROM brigade WHERE campaign_id = ? ORDER BY division_id, position, id");
        qb.bind(1, campaign);
        while (qb.executeStep()) {
            army::Brigade b;
            b.id = qb.getColumn(0).getInt64();
            b.name = qb.getColumn(2).getString();
            b.arm = qb.getColumn(3).getString();
            b.rating = qb.getColumn(4).getString();
            b.start_stands = qb.getColumn(5).getInt();
            b.stands = qb.getColumn(6).getInt();
            b.label = {b.start_stands, optional_int(qb.getColumn(7)), optional_int(qb.getColumn(8))};
            b.commander = leader_of(leaders, qb.getColumn(9));
            b.status = qb.getColumn(10).getString();
            b.alternate = leader_of(leaders, qb.getColumn(11));
            divisions.at(qb.getColumn(1).getInt64())->brigades.push_back(std::move(b));
        }

        SQLite::Statement qt(db,
                             "SELECT id, division_id, corps_id, army_id, name, status FROM battery WHERE campaign_id = ? "
                             "ORDER BY position, id");
        qt.bind(1, campaign);
        while (qt.executeStep()) {
            army::Battery bat;
            bat.id = qt.getColumn(0).getInt64();
            bat.name = qt.getColumn(4).getString();
            bat.status = qt.getColumn(5).getString();
            bat.reserve = qt.getColumn(1).isNull();
            if (!qt.getColumn(1).isNull()) divisions.at(qt.getColumn(1).getInt64())->batteries.push_back(bat);
            else if (!qt.getColumn(2).isNull()) corps.at(qt.getColumn(2).getInt64())->reserve.push_back(bat);
            else armies.at(qt.getColumn(3).getInt64())->reserve.push_back(bat);
        }
        return oob;
    });
}

std::vector<journal::Entry> CampaignStore::journal_entries(std::int64_t campaign) const {
    return guarded(m_path, [&] {
        auto& db = m_impl->db;
        const ReadSnapshot snapshot(db);
        std::vector<journal::Entry> out;
        std::map<std::int64_t, size_t> index;
        SQLite::Statement q(db,
                            "SELECT id, kind, summary, created_at, changeset IS NOT NULL, undoes, undone_by FROM operation "
                            "WHERE campaign_id = ? ORDER BY id");
        q.bind(1, campaign);
        while (q.executeStep()) {
            journal::Entry e;
            e.id = q.getColumn(0).getInt64();
            e.kind = q.getColumn(1).getString();
            e.summary = q.getColumn(2).getString();
            e.created_at = q.getColumn(3).getString();
            if (!q.getColumn(5).isNull()) e.undoes = q.getColumn(5).getInt64();
            if (!q.getColumn(6).isNull()) e.undone_by = q.getColumn(6).getInt64();
            e.undoable = q.getColumn(4).getInt() != 0 && !e.undone_by && e.kind != "undo";
            index[e.id] = out.size();
            out.push_back(std::move(e));
        }
        SQLite::Statement r(db,
                            "SELECT r.operation_id, r.seq, r.purpose, r.table_id, r.dice, r.faces, r.reading, r.result, "
                            "r.source, r.status FROM roll r JOIN operation o ON o.id = r.operation_id "
                            "WHERE o.campaign_id = ? ORDER BY r.operation_id, r.seq");
        r.bind(1, campaign);
        while (r.executeStep()) {
            journal::Roll jr;
            jr.seq = r.getColumn(1).getInt();
            jr.roll.purpose = r.getColumn(2).getString();
            jr.roll.table = r.getColumn(3).getString();
            jr.roll.thrown.die = rules::parse_die(r.getColumn(4).getString()).value_or(rules::Die::percentile);
            jr.roll.thrown.reading = r.getColumn(6).getInt();
            jr.roll.thrown.faces = parse_faces(r.getColumn(5).getString());
            jr.roll.result = r.getColumn(7).getString();
            jr.source = r.getColumn(8).getString();
            jr.status = r.getColumn(9).getString();
            out[index.at(r.getColumn(0).getInt64())].rolls.push_back(std::move(jr));
        }
        return out;
    });
}

CheckReport CampaignStore::check() const {
    return guarded(m_path, [&] {
        auto& db = m_impl->db;
        const ReadSnapshot snapshot(db);
        CheckReport report;
        SQLite::Statement integrity(db, "PRAGMA integrity_check");
        while (integrity.executeStep()) {
            const std::string line = integrity.getColumn(0).getString();
            if (line != "ok") report.problems.push_back("integrity: " + line);
        }
        SQLite::Statement fk(db, "PRAGMA foreign_key_check");
        while (fk.executeStep())
            report.problems.push_back("foreign key: " + fk.getColumn(0).getString() + " row " +
                                      std::to_string(fk.getColumn(1).getInt64()) + " points at a missing " +
                                      fk.getColumn(2).getString() + " row");
        SQLite::Statement ledger(db,
                                 "SELECT c.name, d.name, b.name, b.stands, COALESCE(SUM(m.stands), 0), b.start_stands, "
                                 "COALESCE(SUM(CASE WHEN m.kind = 'generated' THEN m.stands END), 0) "
                                 "FROM brigade b JOIN division d ON d.id = b.division_id JOIN campaign c ON c.id = b.campaign_id "
                                 "LEFT JOIN move m ON m.brigade_id = b.id GROUP BY b.id");
        while (ledger.executeStep()) {
            ++report.brigades;
            const int now = ledger.getColumn(3).getInt();
            const int sum = ledger.getColumn(4).getInt();
            report.stands += now;
            const std::string who = ledger.getColumn(0).getString() + ": " + ledger.getColumn(1).getString() + ", " +
                                    ledger.getColumn(2).getString();
            if (now != sum)
                report.problems.push_back("ledger: " + who + " has " + std::to_string(now) +
                                          " stands but its recorded moves add up to " + std::to_string(sum));
            if (ledger.getColumn(6).getInt() != ledger.getColumn(5).getInt())
                report.problems.push_back("ledger: " + who + " starts with " + ledger.getColumn(5).getString() +
                                          " stands but was generated with " + ledger.getColumn(6).getString());
        }
        // Every stand is somewhere: in service, lost for good, or held. Per brigade, what its
        // moves say was captured and not yet released is what the camps hold; what the battles
        // say was lost, captured and returned is what the moves say.
        SQLite::Statement pools(db,
                                "SELECT c.name, d.name, b.name, "
                                "COALESCE((SELECT -SUM(stands) FROM move WHERE brigade_id = b.id AND kind = 'captured'), 0) - "
                                "COALESCE((SELECT SUM(stands) FROM move WHERE brigade_id = b.id AND kind IN ('exchanged', 'freed')), 0), "
                                "COALESCE((SELECT SUM(stands) FROM prisoner WHERE brigade_id = b.id), 0), "
                                "COALESCE((SELECT -SUM(stands) FROM move WHERE brigade_id = b.id AND kind = 'casualty'), 0), "
                                "COALESCE((SELECT SUM(casualties) FROM battle_loss WHERE brigade_id = b.id), 0), "
                                "COALESCE((SELECT SUM(stands) FROM move WHERE brigade_id = b.id AND kind = 'returned'), 0), "
                                "COALESCE((SELECT SUM(returned) FROM battle_loss WHERE brigade_id = b.id), 0), "
                                "COALESCE((SELECT -SUM(stands) FROM move WHERE brigade_id = b.id AND kind = 'captured'), 0), "
                                "COALESCE((SELECT SUM(captured) FROM battle_loss WHERE brigade_id = b.id), 0), "
                                "COALESCE((SELECT SUM(stands) FROM move WHERE brigade_id = b.id AND kind IN ('generated', 'edited')), 0), "
                                "COALESCE((SELECT -SUM(stands) FROM move WHERE brigade_id = b.id AND kind = 'disbanded'), 0) "
                                "FROM brigade b JOIN division d ON d.id = b.division_id JOIN campaign c ON c.id = b.campaign_id");
        while (pools.executeStep()) {
            const std::string who = pools.getColumn(0).getString() + ": " + pools.getColumn(1).getString() + ", " +
                                    pools.getColumn(2).getString();
            auto col = [&](int i) { return pools.getColumn(i).getInt64(); };
            if (col(3) != col(4))
                report.problems.push_back("prisoners: " + who + " has " + std::to_string(col(3)) +
                                          " stands captured and not released, but the camps hold " + std::to_string(col(4)));
            if (col(5) != col(6) || col(7) != col(8) || col(9) != col(10))
                report.problems.push_back("battles: " + who + "'s battle losses (" + std::to_string(col(6)) + " lost, " +
                                          std::to_string(col(10)) + " captured, " + std::to_string(col(8)) +
                                          " returned) disagree with its moves (" + std::to_string(col(5)) + ", " +
                                          std::to_string(col(9)) + ", " + std::to_string(col(7)) + ")");
            report.held += col(4);
            report.generated += col(11);
            report.lost += col(5) - col(7) + col(12);
        }
        SQLite::Statement merged(db, "SELECT c.name, SUM(m.stands) FROM move m JOIN brigade b ON b.id = m.brigade_id "
                                     "JOIN campaign c ON c.id = b.campaign_id WHERE m.kind = 'merged' GROUP BY c.id HAVING SUM(m.stands) <> 0");
        while (merged.executeStep())
            report.problems.push_back("merges: in " + merged.getColumn(0).getString() + " stands merged out and in differ by " +
                                      merged.getColumn(1).getString());
        const char* captives[][2] = {
            {"leader", "SELECT count(*) FROM leader l WHERE (l.status = 'captured') <> "
                       "(EXISTS (SELECT 1 FROM prisoner p WHERE p.leader_id = l.id))"},
            {"battery", "SELECT count(*) FROM battery t WHERE (t.status = 'captured') <> "
                        "(EXISTS (SELECT 1 FROM prisoner p WHERE p.battery_id = t.id))"}};
        for (const auto& [what, sql] : captives)
            if (const int n = db.execAndGet(sql).getInt())
                report.problems.push_back(std::string("prisoners: ") + std::to_string(n) + " " + what +
                                          "(s) marked captured without being held in a camp, or held without being marked");
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
        return report;
    });
}

void CampaignStore::backup(const std::string& dest) const {
    std::error_code ec;
    if (fs::exists(dest, ec)) throw Error(dest + ": the file exists; muster will not overwrite it with a backup");
    const auto parent = fs::path(dest).parent_path();
    if (!parent.empty() && !fs::is_directory(parent, ec)) throw Error(dest + ": the folder " + parent.string() + " does not exist");
    const std::string temp = dest + ".part-" + std::to_string(::getpid());
    try {
        guarded(dest, [&] {
            SQLite::Database out(temp, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
            SQLite::Backup copy(out, m_impl->db);
            copy.executeStep();  // all pages in one step: a consistent snapshot
        });
        fs::rename(temp, dest);
    } catch (...) {
        fs::remove(temp, ec);
        throw;
    }
}

}  // namespace muster::db
