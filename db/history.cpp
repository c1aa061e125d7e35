// The campaign's history: the journal as each view may read it, and the backup.
#include "db/history.hpp"
#include "store_impl.hpp"

#include "core/text.hpp"

#include <SQLiteCpp/Backup.h>

#include <filesystem>
#include <limits>
#include <map>
#include <unistd.h>

namespace muster::db {
namespace {

namespace fs = std::filesystem;

// Faces are stored as written ("4,4", "3+5", "10"), read once k_faces_as_written holds them so.
dice::Faces parse_faces(const std::string& text) {
    dice::Faces faces;
    int n = 0;
    bool digits = false;
    for (char ch : text) {
        if (ch >= '0' && ch <= '9') {
            if (n < 100000) n = n * 10 + (ch - '0');
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
                                "SELECT o.id, s.number, o.kind, COALESCE((SELECT v.summary FROM operation_view v WHERE v.operation_id = o.id "
                                "AND v.side = ?2), o.summary) AS summary, o.created_at, " + changed_anything("o") + " AS recorded, "
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
        const bool reversal = e.kind == OperationKind::undo || e.kind == OperationKind::redo;
        e.undoable = row.flag("recorded") && !row.optional_id("undone_by") && !reversal;
        e.audience = Audience::parse(row.text("seen_by"));
        // An undo or a redo names what it acted on by its number: in a side's view, that view's.
        const std::string verb = e.kind == OperationKind::undo ? "Undid #" : "Redid #";
        const auto named = verb + std::to_string(row.optional_id("undoes").value_or(0));
        if (reversal && e.undoes && e.summary.rfind(named, 0) == 0) e.summary = verb + std::to_string(*e.undoes) + e.summary.substr(named.size());
        index[row.id("id")] = out.size();
        out.push_back(std::move(e));
    }
    SQLite::Statement r(db, std::string(k_seen) +
                                "SELECT r.operation_id, s.number AS entry, r.seq, r.purpose, r.table_id, r.dice, r.faces, " + k_faces_as_written + " AS faces_ok, r.reading, "
                                "r.result, r.source, r.status FROM roll r JOIN seen s ON s.id = r.operation_id "
                                "WHERE s.number BETWEEN ?3 AND ?4 AND (?2 IS NULL OR r.seen_by IS NULL OR r.seen_by = '*' OR "
                                "instr(',' || r.seen_by || ',', ',' || ?2 || ',') > 0) ORDER BY r.operation_id, r.seq");
    bind_all(r, campaign, side_of(viewer), first, last);
    for (const Row row(r); r.executeStep();) {
        journal::Roll jr;
        jr.seq = row.integer("seq");
        jr.roll.purpose = row.text("purpose");
        jr.roll.table = row.text("table_id");
        jr.roll.thrown.die = rules::parse_die(row.text("dice")).value_or(rules::Die::percentile);
        jr.roll.thrown.reading = row.integer("reading");
        if (!row.flag("faces_ok"))
            throw Damaged("a roll of journal entry #" + std::to_string(row.id("entry")) + " holds the faces \"" +
                          visible(row.text("faces")) + "\", not as muster writes a " + row.text("dice") + " roll that reads " +
                          std::to_string(jr.roll.thrown.reading) + "; run muster check, or restore a backup");
        jr.roll.thrown.faces = parse_faces(row.text("faces"));
        jr.roll.result = row.text("result");
        jr.source = row.word<DiceMode>("source");
        jr.status = row.word<RollStatus>("status");
        out[parent(index, row.id("operation_id"), "roll", "operation")].rolls.push_back(std::move(jr));
    }
    return out;
}

}  // namespace

std::vector<std::int64_t> History::submissions_waiting(std::int64_t campaign, const View& viewer) const {
    return guarded(m_store.path(), [&] {
        auto& db = m_store.impl().db;
        SQLite::Statement q(db, std::string(k_seen) + "SELECT s.number FROM seen s JOIN operation o ON o.id = s.id WHERE o.kind = ?3 AND "
                                                      "EXISTS (SELECT 1 FROM draft_line d WHERE d.operation_id = o.id) ORDER BY s.number");
        bind_all(q, campaign, side_of(viewer), OperationKind::submission);
        std::vector<std::int64_t> out;
        for (const Row row(q); q.executeStep();) out.push_back(row.id("number"));
        return out;
    });
}

std::vector<journal::Entry> History::journal_entries(std::int64_t campaign, const View& viewer, std::optional<int> newest) const {
    return guarded(m_store.path(), [&] {
        auto& db = m_store.impl().db;
        const ReadSnapshot snapshot(db);
        // The first entry of the page: the newest so many, or all of them.
        std::int64_t first = 0;
        if (newest && *newest < 1) return std::vector<journal::Entry>{};  // a page of none
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

std::optional<History::Span> History::turn_span(std::int64_t campaign, Turn turn) const {
    return guarded(m_store.path(), [&]() -> std::optional<Span> {
        auto& db = m_store.impl().db;
        const ReadSnapshot snapshot(db);
        // Turn 1 begins once the campaign is made (what a sample brings was there when it
        // began); a later one with its "Turn N begins" that stands.
        Span span{0, std::numeric_limits<std::int64_t>::max()};
        const auto begins = "Turn " + std::to_string(turn.number()) + " begins";
        if (turn.number() == 1) {
            // Made: its first operation, and an order of battle imported next (a sample's, or the
            // organiser's first step), its own operations counted (a file holds other campaigns').
            SQLite::Statement q(db, "SELECT id, kind FROM operation WHERE campaign_id = ? ORDER BY id LIMIT 2");
            bind_all(q, campaign);
            for (const Row row(q); q.executeStep();)
                if (span.first == 0 || row.word<OperationKind>("kind") == OperationKind::import) span.first = row.id("id") + 1;
        } else {
            SQLite::Statement q(db, "SELECT MAX(id) AS id FROM operation WHERE campaign_id = ? AND kind = ? AND undone_by IS NULL AND "
                                    "(summary = ? OR summary LIKE ? || ':%')");
            bind_all(q, campaign, OperationKind::turn, begins, begins);
            if (!q.executeStep() || Row(q).null("id")) return std::nullopt;
            span.first = Row(q).id("id");
        }
        SQLite::Statement next(db, "SELECT MIN(id) AS id FROM operation WHERE campaign_id = ? AND kind = ? AND undone_by IS NULL AND id > ?");
        bind_all(next, campaign, OperationKind::turn, span.first);
        if (next.executeStep() && !Row(next).null("id")) span.end = Row(next).id("id");
        return span;
    });
}

std::vector<journal::Entry> History::entries_in(std::int64_t campaign, const View& viewer, Span span) const {
    return guarded(m_store.path(), [&] {
        auto& db = m_store.impl().db;
        const ReadSnapshot snapshot(db);
        // The span's ids as the view numbers them.
        SQLite::Statement q(db, std::string(k_seen) + "SELECT COALESCE(MIN(number), 0) AS first, COALESCE(MAX(number), -1) AS last FROM seen "
                                                      "WHERE id >= ?3 AND id < ?4");
        bind_all(q, campaign, side_of(viewer), span.first, span.end);
        q.executeStep();
        const Row row(q);
        return read_entries(db, campaign, viewer, row.id("first"), row.id("last"));
    });
}

std::map<std::string, History::InService> History::stands_in_service(std::int64_t campaign, Span span) const {
    return guarded(m_store.path(), [&] {
        auto& db = m_store.impl().db;
        const ReadSnapshot snapshot(db);
        // A brigade's stands are the sum of its moves: those made before the operation, of a
        // brigade in service then (what comes home to one out of service waits there).
        const std::string in_service = "(b.status = 'active' OR b.out_at >= ";
        SQLite::Statement q(db, "SELECT a.side, SUM(CASE WHEN m.operation_id < ?2 AND " + in_service + "?2) THEN m.stands ELSE 0 END) AS before, "
                                "SUM(CASE WHEN " + in_service + "?3) THEN m.stands ELSE 0 END) AS after "
                                "FROM move m JOIN brigade b ON b.id = m.brigade_id JOIN division d ON d.id = b.division_id JOIN corps c ON "
                                "c.id = d.corps_id JOIN army a ON a.id = c.army_id WHERE b.campaign_id = ?1 AND m.operation_id < ?3 GROUP BY a.side");
        bind_all(q, campaign, span.first, span.end);
        std::map<std::string, InService> out;
        summing_moves(db, [&] { return campaign; }, [&] {
            for (const Row row(q); q.executeStep();) out[row.text("side")] = {row.integer("before"), row.integer("after")};
        });
        return out;
    });
}

void History::record_preview(std::int64_t operation, std::int64_t division, const campaign::ArrivalAsked& asked) {
    guarded(m_store.path(), [&] {
        // The typed rolls a line each: a roll as typed holds no line break.
        exec(m_store.impl().db,
             "INSERT INTO preview (operation_id, division_id, year, theater, roll_year_theater, typed_rolls) VALUES (?, ?, ?, ?, ?, ?)",
             operation, division, asked.year, asked.theater, asked.roll_year_theater, join(asked.rolls, "\n"));
    });
}

namespace {

// The umpire's entry of operation `id`, which a row of another table names: not read (the
// operation's index damaged, say) is damage, named.
journal::Entry entry_named(SQLite::Database& db, std::int64_t campaign, std::int64_t id, std::string_view by) {
    auto entries = read_entries(db, campaign, View::umpire(), id, id);
    if (entries.empty())
        throw Damaged(std::string(by) + " names journal entry #" + std::to_string(id) + ", which the campaign's journal does not read: run muster check");
    return std::move(entries.front());
}

}  // namespace

std::optional<campaign::Preview> History::newest_preview(std::int64_t campaign, std::int64_t division) const {
    return guarded(m_store.path(), [&]() -> std::optional<campaign::Preview> {
        auto& db = m_store.impl().db;
        const ReadSnapshot snapshot(db);
        SQLite::Statement f(db, "SELECT p.operation_id, p.year, p.theater, p.roll_year_theater, p.typed_rolls FROM preview p "
                                "JOIN operation o ON o.id = p.operation_id WHERE o.campaign_id = ? AND p.division_id = ? "
                                "ORDER BY p.operation_id DESC LIMIT 1");
        bind_all(f, campaign, division);
        if (!f.executeStep()) return std::nullopt;
        const Row row(f);
        campaign::Preview out;
        const auto id = row.id("operation_id");
        out.asked.year = row.optional_integer("year");
        if (!row.null("theater")) out.asked.theater = row.text("theater");
        out.asked.roll_year_theater = row.flag("roll_year_theater");
        if (const auto rolls = row.text("typed_rolls"); !rolls.empty()) out.asked.rolls = split(rolls, '\n');
        f.reset();
        out.entry = entry_named(db, campaign, id, "a preview");
        return out;
    });
}

void History::record_rolled_for(std::int64_t operation, const std::string& subject) {
    guarded(m_store.path(), [&] { exec(m_store.impl().db, "INSERT INTO rolled_for (operation_id, subject) VALUES (?, ?)", operation, subject); });
}

std::optional<journal::Entry> History::preview_waiting(std::int64_t campaign, const std::string& subject) const {
    return guarded(m_store.path(), [&]() -> std::optional<journal::Entry> {
        auto& db = m_store.impl().db;
        const ReadSnapshot snapshot(db);
        // A preview's campaign taken back (an undo since of a step made before it: the battle or
        // the leader it rolled for may be gone, and its id another's now) binds nothing.
        SQLite::Statement q(db, "SELECT r.operation_id, o.kind = ?3 AND NOT EXISTS (SELECT 1 FROM operation u WHERE u.campaign_id = ?1 AND u.kind = ?4 "
                                "AND u.id > r.operation_id AND u.undoes < r.operation_id) AS previewed FROM rolled_for r JOIN operation o ON o.id = r.operation_id "
                                "WHERE o.campaign_id = ?1 AND r.subject = ?2 ORDER BY r.operation_id DESC LIMIT 1");
        bind_all(q, campaign, subject, OperationKind::preview, OperationKind::undo);
        if (!q.executeStep() || !Row(q).flag("previewed")) return std::nullopt;
        const auto id = Row(q).id("operation_id");
        q.reset();
        return entry_named(db, campaign, id, "a roll's record of what it was for");
    });
}

int History::journal_size(std::int64_t campaign) const {
    return guarded(m_store.path(), [&] {
        SQLite::Statement q(m_store.impl().db, "SELECT count(*) AS entries FROM operation WHERE campaign_id = ?");
        bind_all(q, campaign);
        q.executeStep();
        return Row(q).integer("entries");
    });
}

void History::require_whole(const std::string& instead) const {
    guarded(m_store.path(), [&] {
        auto& db = m_store.impl().db;
        SQLite::Statement q(db, "PRAGMA quick_check");
        if (!q.executeStep()) return;
        std::string says = Row(q).text("quick_check");
        if (says == "ok") return;
        // SQLite names a broken constraint's table alone: the constraint and its rows said too.
        static constexpr std::string_view check_failed = "CHECK constraint failed in ";
        if (says.rfind(check_failed, 0) == 0)
            if (const auto broken = broken_checks(db, says.substr(check_failed.size())); !broken.empty()) says = broken.front();
        throw Error(m_store.path() + ": the campaign database is damaged (" + visible(says) + "); " + instead +
                    ": run muster check, or restore an earlier backup");
    });
}

void History::backup(const std::string& dest) const {
    std::error_code ec;
    // Anything there, a link to nothing included, is refused: a backup is a new file.
    if (fs::exists(fs::symlink_status(dest, ec))) throw Error(dest + ": something is there already (a file, a folder or a link); muster writes a backup only as a new file");
    require_whole("no backup was written");  // a damaged file is not copied as though it were whole
    const auto parent = fs::path(dest).parent_path();
    if (!parent.empty() && !fs::is_directory(parent, ec)) throw Error(dest + ": the folder " + parent.string() + " does not exist");
    const std::string temp = dest + ".part-" + std::to_string(::getpid());
    try {
        guarded(dest, [&] {
            SQLite::Database out(temp, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
            SQLite::Backup copy(out, m_store.impl().db);
            copy.executeStep();  // all pages in one step: a consistent snapshot
        });
        fs::rename(temp, dest);
    } catch (...) {
        fs::remove(temp, ec);
        throw;
    }
}

}  // namespace muster::db
