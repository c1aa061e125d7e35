// Reading whole campaigns: the order of battle, the journal, the check, the backup.
#include "store_impl.hpp"

#include <SQLiteCpp/Backup.h>

#include "core/names.hpp"

#include <algorithm>
#include <filesystem>
#include <future>
#include <limits>
#include <map>
#include <unordered_map>
#include <unistd.h>

namespace muster::db {
namespace {

namespace fs = std::filesystem;

using Leaders = std::unordered_map<std::int64_t, army::Leader>;

Leaders load_leaders(SQLite::Database& db, std::int64_t campaign) {
    Leaders out;
    SQLite::Statement q(db, "SELECT id, name, grade, rolled_grade, status FROM leader WHERE campaign_id = ?");
    bind_all(q, campaign);
    for (const Row row(q); q.executeStep();) {
        army::Leader l;
        l.id = row.id("id");
        l.name = row.text("name");
        l.grade = row.text("grade");
        l.rolled_grade = row.text("rolled_grade");
        l.status = row.word<LeaderStatus>("status");
        const auto id = l.id;
        out.emplace(id, std::move(l));
    }
    return out;
}

army::Leader leader_of(const Leaders& leaders, std::optional<std::int64_t> id) {
    if (!id) return {};
    const auto it = leaders.find(*id);
    return it == leaders.end() ? army::Leader{} : it->second;
}

// A row's parent as read: a reference to a row that is not there is damage, said so.
template <class Map>
auto parent(const Map& map, std::int64_t id, const char* child, const char* what) {
    const auto it = map.find(id);
    if (it == map.end())
        throw Error(std::string("the campaign database is damaged: a ") + child + " points at " + what + " " + std::to_string(id) +
                    ", which is not there; run muster check, or restore a backup");
    return it->second;
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

// The whole tree of a campaign, its commanders taken from `leaders`.
army::OrderOfBattle read_oob(SQLite::Database& db, const campaign::CampaignInfo& c, const Leaders& leaders) {
    const auto campaign = c.id;
    army::OrderOfBattle oob;
    oob.campaign = c.name;
    oob.rules = c.rules_id;
    oob.view = View::umpire();

    std::unordered_map<std::int64_t, army::Army*> armies;
    std::unordered_map<std::int64_t, army::Corps*> corps;
    std::unordered_map<std::int64_t, army::Division*> divisions;
    SQLite::Statement qa(db, "SELECT id, name, side, commander_id FROM army WHERE campaign_id = ? ORDER BY id");
    bind_all(qa, campaign);
    for (const Row row(qa); qa.executeStep();) {
        army::Army a;
        a.id = row.id("id");
        a.name = row.text("name");
        a.side = row.text("side");
        a.commander = leader_of(leaders, row.optional_id("commander_id"));
        oob.armies.push_back(std::move(a));
    }
    for (auto& a : oob.armies) armies[a.id] = &a;

    SQLite::Statement qc(db, "SELECT id, army_id, name, commander_id FROM corps WHERE campaign_id = ? ORDER BY id");
    bind_all(qc, campaign);
    for (const Row row(qc); qc.executeStep();) {
        army::Corps k;
        k.id = row.id("id");
        k.name = row.text("name");
        k.commander = leader_of(leaders, row.optional_id("commander_id"));
        parent(armies, row.id("army_id"), "corps", "army")->corps.push_back(std::move(k));
    }
    for (auto& a : oob.armies)
        for (auto& k : a.corps) corps[k.id] = &k;

    SQLite::Statement qd(db,
                         "SELECT d.id, d.corps_id, d.name, d.arm, d.status, d.hidden, d.name_seen, d.year, d.theater, d.nationality, d.commander_id, a.side "
                         "FROM division d JOIN corps c ON c.id = d.corps_id JOIN army a ON a.id = c.army_id "
                         "WHERE d.campaign_id = ? ORDER BY d.id");
    bind_all(qd, campaign);
    for (const Row row(qd); qd.executeStep();) {
        army::Division d;
        d.id = row.id("id");
        d.name = row.text("name");
        d.arm = row.text("arm");
        d.status = row.word<DivisionStatus>("status");
        d.hidden = row.flag("hidden");
        d.name_seen = row.flag("name_seen");
        d.year = row.optional_integer("year").value_or(0);
        d.theater = row.null("theater") ? "" : row.text("theater");
        d.nationality = row.null("nationality") ? "" : row.text("nationality");
        d.commander = leader_of(leaders, row.optional_id("commander_id"));
        d.side = row.text("side");
        parent(corps, row.id("corps_id"), "division", "corps")->divisions.push_back(std::move(d));
    }
    for (auto& a : oob.armies)
        for (auto& k : a.corps)
            for (auto& d : k.divisions) divisions[d.id] = &d;

    SQLite::Statement qb(db,
                         "SELECT id, division_id, name, arm, rating, start_stands, stands, worn_at, spent_at, commander_id, status, "
                         "alternate_id "
                         "FROM brigade WHERE campaign_id = ? ORDER BY division_id, position, id");
    bind_all(qb, campaign);
    for (const Row row(qb); qb.executeStep();) {
        army::Brigade b;
        b.id = row.id("id");
        b.name = row.text("name");
        b.arm = row.text("arm");
        b.rating = row.text("rating");
        b.start_stands = row.integer("start_stands");
        b.stands = row.integer("stands");
        b.label = {b.start_stands, row.optional_integer("worn_at"), row.optional_integer("spent_at")};
        b.commander = leader_of(leaders, row.optional_id("commander_id"));
        b.status = row.word<BrigadeStatus>("status");
        b.alternate = leader_of(leaders, row.optional_id("alternate_id"));
        parent(divisions, row.id("division_id"), "brigade", "division")->brigades.push_back(std::move(b));
    }

    SQLite::Statement qt(db,
                         "SELECT id, division_id, corps_id, army_id, name, status FROM battery WHERE campaign_id = ? "
                         "ORDER BY position, id");
    bind_all(qt, campaign);
    for (const Row row(qt); qt.executeStep();) {
        army::Battery bat;
        bat.id = row.id("id");
        bat.name = row.text("name");
        bat.status = row.word<BatteryStatus>("status");
        bat.reserve = row.null("division_id");
        if (!bat.reserve) parent(divisions, row.id("division_id"), "battery", "division")->batteries.push_back(bat);
        else if (!row.null("corps_id")) parent(corps, row.id("corps_id"), "battery", "corps")->reserve.push_back(bat);
        else parent(armies, row.id("army_id"), "battery", "army")->reserve.push_back(bat);
    }
    return oob;
}

}  // namespace

army::OrderOfBattle CampaignStore::order_of_battle(std::int64_t campaign) const {
    return guarded(m_path, [&] {
        // Reads see one snapshot: a writer in another process cannot tear the tree.
        const ReadSnapshot snapshot(m_impl->db);
        return read_oob(m_impl->db, this->campaign(campaign), load_leaders(m_impl->db, campaign));
    });
}

CampaignStore::Whole CampaignStore::whole(std::int64_t campaign) const {
    return guarded(m_path, [&] {
        auto& db = m_impl->db;
        const ReadSnapshot snapshot(db);
        // The leader table once: the tree's commanders are its rows.
        auto infos = leader_infos(db, campaign);
        Leaders leaders;
        leaders.reserve(infos.size());
        for (const auto& l : infos) leaders.emplace(l.id, army::Leader{l.id, l.name, l.grade, l.rolled_grade, l.status});
        Whole w{read_oob(db, this->campaign(campaign), leaders), {}};
        auto& r = w.roster;
        // Each kind of unit with its commander; brigades with their division.
        using Unit = std::pair<campaign::UnitInfo, const army::Leader*>;
        std::vector<Unit> units[3];  // armies, corps, divisions
        std::vector<std::pair<const army::Brigade*, const army::Division*>> brigades;
        struct Owned {
            const army::Battery* battery;
            const std::string* owner;
            const std::string* side;
            std::optional<std::int64_t> division;
        };
        std::vector<Owned> batteries;
        const auto battery = [&](const army::Battery& t, const std::string& owner, const std::string& side, std::optional<std::int64_t> division) {
            batteries.push_back({&t, &owner, &side, division});
        };
        for (const auto& a : w.oob.armies) {
            units[0].push_back({{UnitKind::army, a.id, a.name, a.side, std::nullopt}, &a.commander});
            for (const auto& k : a.corps) {
                units[1].push_back({{UnitKind::corps, k.id, k.name, a.side, std::nullopt}, &k.commander});
                for (const auto& d : k.divisions) {
                    units[2].push_back({{UnitKind::division, d.id, d.name, a.side, d.status}, &d.commander});
                    for (const auto& b : d.brigades) brigades.emplace_back(&b, &d);
                    for (const auto& t : d.batteries) battery(t, d.name, a.side, d.id);
                }
                for (const auto& t : k.reserve) battery(t, k.name, a.side, std::nullopt);
            }
            for (const auto& t : a.reserve) battery(t, a.name, a.side, std::nullopt);
        }
        // In id order, as the roster's own queries give them and as leaders() offers commands.
        std::sort(batteries.begin(), batteries.end(), [](const Owned& x, const Owned& y) { return x.battery->id < y.battery->id; });
        r.batteries.reserve(batteries.size());
        for (const auto& [t, owner, side, division] : batteries) r.batteries.push_back({t->id, t->name, *owner, *side, t->status, division});
        std::sort(brigades.begin(), brigades.end(), [](const auto& x, const auto& y) { return x.first->id < y.first->id; });
        Commands commands;
        const auto commanded = [&](const army::Leader& l, int rank, std::string_view name, std::optional<UnitKind> kind, std::int64_t id) {
            if (l.id) commands[l.id].offer(rank, name, kind, id);
        };
        r.brigades.reserve(brigades.size());
        for (const auto& [b, d] : brigades) {
            r.brigades.push_back({b->id, b->name, d->name, d->id, d->side, b->rating, b->status, b->stands, b->start_stands,
                                  b->commander.id ? std::optional(b->commander.id) : std::nullopt, b->label.worn_at, b->label.spent_at});
            if (!b->commander.id && !b->alternate.id) continue;
            const std::string ref = d->name + "/" + b->name;
            commanded(b->commander, Command::k_brigade, ref, UnitKind::brigade, b->id);
            commanded(b->alternate, Command::k_alternate, ref + " (alternate)", std::nullopt, 0);
        }
        for (auto& list : units) {
            std::sort(list.begin(), list.end(), [](const Unit& x, const Unit& y) { return x.first.id < y.first.id; });
            for (const auto& [u, l] : list) {
                commanded(*l, Command::rank_of(u.kind), u.name, u.kind, u.id);
                r.units.push_back(u);
            }
        }
        give_commands(infos, std::move(commands));
        r.leaders = std::move(infos);
        r.camps = camps(campaign);
        r.holdings = holdings(campaign);
        r.battles = battles(campaign);
        r.exchanges = exchanges(campaign);
        return w;
    });
}

void CampaignStore::read(const std::function<void()>& read) const {
    guarded(m_path, [&] {
        const ReadSnapshot snapshot(m_impl->db);
        read();
    });
}

int CampaignStore::journal_size(std::int64_t campaign) const {
    return guarded(m_path, [&] {
        SQLite::Statement q(m_impl->db, "SELECT count(*) AS entries FROM operation WHERE campaign_id = ?");
        bind_all(q, campaign);
        q.executeStep();
        return Row(q).integer("entries");
    });
}

namespace {

// The operations `viewer` may read, each with its number in that view: the umpire's are the
// journal's own ids; a side's count 1, 2, ... over only what it may read, so no gap betrays
// what it may not. A common table expression, bound (campaign, side).
constexpr const char* k_seen =
    "WITH seen AS (SELECT id, CASE WHEN ?2 IS NULL THEN id ELSE row_number() OVER (ORDER BY id) END AS number "
    "FROM operation WHERE campaign_id = ?1 AND (?2 IS NULL OR seen_by = '*' OR instr(',' || seen_by || ',', ',' || ?2 || ',') > 0)) ";

// The side a view binds as ?2: none for the umpire.
std::optional<std::string> side_of(const View& viewer) {
    if (viewer.is_umpire()) return std::nullopt;
    return viewer.side();
}

// The journal entries `viewer` may read whose numbers run from `first` to `last` (in that
// view), each with its rolls, numbered as the view numbers them.
std::vector<journal::Entry> read_entries(SQLite::Database& db, std::int64_t campaign, const View& viewer, std::int64_t first,
                                         std::int64_t last) {
    std::vector<journal::Entry> out;
    std::map<std::int64_t, size_t> index;  // by operation id
    SQLite::Statement q(db, std::string(k_seen) +
                                "SELECT o.id, s.number, o.kind, o.summary, o.created_at, (o.changeset IS NOT NULL OR o.inserted IS NOT NULL) AS recorded, "
                                "o.undoes, o.undone_by, o.seen_by, (SELECT number FROM seen WHERE id = o.undoes) AS undoes_number, "
                                "(SELECT number FROM seen WHERE id = o.undone_by) AS undone_by_number "
                                "FROM seen s JOIN operation o ON o.id = s.id WHERE s.number BETWEEN ?3 AND ?4 ORDER BY o.id");
    bind_all(q, campaign, side_of(viewer), first, last);
    for (const Row row(q); q.executeStep();) {
        journal::Entry e;
        e.id = row.id("number");
        e.kind = row.word<OperationKind>("kind");
        e.summary = row.text("summary");
        e.created_at = row.text("created_at");
        e.undoes = row.optional_id("undoes_number");
        e.undone_by = row.optional_id("undone_by_number");
        e.undoable = row.flag("recorded") && !row.optional_id("undone_by") && e.kind != OperationKind::undo;
        e.audience = Audience::parse(row.text("seen_by"));
        // An undo names what it reversed by its number: in a side's view, that view's number.
        const auto undid = "Undid #" + std::to_string(row.optional_id("undoes").value_or(0));
        if (e.kind == OperationKind::undo && e.undoes && e.summary.rfind(undid, 0) == 0)
            e.summary = "Undid #" + std::to_string(*e.undoes) + e.summary.substr(undid.size());
        index[row.id("id")] = out.size();
        out.push_back(std::move(e));
    }
    SQLite::Statement r(db, std::string(k_seen) +
                                "SELECT r.operation_id, r.seq, r.purpose, r.table_id, r.dice, r.faces, r.reading, r.result, "
                                "r.source, r.status FROM roll r JOIN seen s ON s.id = r.operation_id "
                                "WHERE s.number BETWEEN ?3 AND ?4 ORDER BY r.operation_id, r.seq");
    bind_all(r, campaign, side_of(viewer), first, last);
    for (const Row row(r); r.executeStep();) {
        journal::Roll jr;
        jr.seq = row.integer("seq");
        jr.roll.purpose = row.text("purpose");
        jr.roll.table = row.text("table_id");
        jr.roll.thrown.die = rules::parse_die(row.text("dice")).value_or(rules::Die::percentile);
        jr.roll.thrown.reading = row.integer("reading");
        jr.roll.thrown.faces = parse_faces(row.text("faces"));
        jr.roll.result = row.text("result");
        jr.source = row.word<DiceMode>("source");
        jr.status = row.word<RollStatus>("status");
        out[parent(index, row.id("operation_id"), "roll", "operation")].rolls.push_back(std::move(jr));
    }
    return out;
}

}  // namespace

std::vector<journal::Entry> CampaignStore::journal_entries(std::int64_t campaign, const View& viewer, std::optional<int> newest) const {
    return guarded(m_path, [&] {
        auto& db = m_impl->db;
        const ReadSnapshot snapshot(db);
        // The first entry of the page: the newest so many, or all of them.
        std::int64_t first = 0;
        if (newest) {
            SQLite::Statement f(db, std::string(k_seen) + "SELECT COALESCE(MIN(number), 0) AS first FROM "
                                                          "(SELECT number FROM seen ORDER BY id DESC LIMIT ?3)");
            bind_all(f, campaign, side_of(viewer), *newest);
            f.executeStep();
            first = Row(f).id("first");
        }
        return read_entries(db, campaign, viewer, first, std::numeric_limits<std::int64_t>::max());
    });
}

std::optional<journal::Entry> CampaignStore::newest_preview(std::int64_t campaign, std::string_view summary_prefix) const {
    return guarded(m_path, [&]() -> std::optional<journal::Entry> {
        auto& db = m_impl->db;
        const ReadSnapshot snapshot(db);
        SQLite::Statement f(db, "SELECT id FROM operation WHERE campaign_id = ? AND kind = ? AND substr(CAST(summary AS BLOB), 1, ?) = CAST(? AS BLOB) "
                                "ORDER BY id DESC LIMIT 1");
        bind_all(f, campaign, OperationKind::preview, static_cast<int>(summary_prefix.size()), summary_prefix);
        if (!f.executeStep()) return std::nullopt;
        const auto id = Row(f).id("id");
        auto entries = read_entries(db, campaign, View::umpire(), id, id);
        return entries.front();
    });
}

campaign::CheckReport CampaignStore::check() const {
    return guarded(m_path, [&] {
        // SQLite's own integrity check takes the longest and needs nothing of the rest: it runs
        // on a second, read-only connection (which never checkpoints) while this one checks
        // the rest. Its lines come first in the report.
        auto integrity = std::async(std::launch::async, [path = m_path, wait = m_impl->busy_timeout_ms] {
            SQLite::Database other(path, SQLite::OPEN_READONLY, wait);
            std::vector<std::string> lines;
            SQLite::Statement q(other, "PRAGMA integrity_check");
            for (const Row row(q); q.executeStep();)
                if (const std::string line = row.text("integrity_check"); line != "ok") lines.push_back("integrity: " + line);
            return lines;
        });
        auto& db = m_impl->db;
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

std::vector<CampaignStore::UnknownId> CampaignStore::unknown_ids(std::int64_t campaign, const KnownIds& known) const {
    return guarded(m_path, [&] {
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
        SQLite::Statement q(m_impl->db, sql);
        bind_all(q, campaign);
        for (size_t i = 0; i < bound.size(); ++i) q.bind(static_cast<int>(i) + 2, bound[i]);
        std::vector<UnknownId> out;
        for (const Row row(q); q.executeStep();) out.push_back({row.text("owner"), row.text("name"), row.text("what"), row.text("value")});
        return out;
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
