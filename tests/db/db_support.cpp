#include "db/db_support.hpp"

#include "db/store.hpp"

#include <SQLiteCpp/SQLiteCpp.h>

namespace muster::test {

std::string dump(const std::string& db_path, bool with_journal) {
    SQLite::Database db(db_path, SQLite::OPEN_READONLY);
    std::string out;
    SQLite::Statement tables(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
    while (tables.executeStep()) {
        const std::string t = tables.getColumn(0).getString();
        if (!with_journal && db::kept_outside_changes(t)) continue;
        out += "[" + t + "]\n";
        // Rows in the order of their values, column by column: a table keyed by its columns
        // (dice_stream, battle_loss, ...) keeps no meaning in its rowids, which a row that undo
        // or redo puts back may not get again; a table keyed by its id is in id order.
        const int columns = db.execAndGet("SELECT count(*) FROM pragma_table_info('" + t + "')").getInt();
        std::string order;
        for (int i = 1; i <= columns; ++i) order += (i > 1 ? ", " : "") + std::to_string(i);
        SQLite::Statement rows(db, "SELECT * FROM \"" + t + "\" ORDER BY " + order);
        while (rows.executeStep()) {
            for (int i = 0; i < rows.getColumnCount(); ++i) {
                const auto c = rows.getColumn(i);
                out += (i ? "|" : "") + (c.isNull() ? std::string("NULL") : c.isBlob() ? "<" + std::to_string(c.getBytes()) + " bytes>" : c.getString());
            }
            out += "\n";
        }
    }
    return out;
}

void raw_sql(const std::string& db_path, const std::string& sql) {
    SQLite::Database db(db_path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    db.exec(sql);
}

std::string raw_sql_value(const std::string& db_path, const std::string& sql) {
    SQLite::Database db(db_path, SQLite::OPEN_READONLY);
    return db.execAndGet(sql).getString();
}

app::Session empty_campaign(const std::string& db_path, const std::string& name, const std::string& rules, std::optional<std::uint64_t> seed) {
    app::Session s(db_path, app::Open::create, 5000, app::Catalog(""));
    app::NewCampaign n;
    n.name = name;
    n.rules = rules;
    n.seed = seed;
    s.create_campaign(n);
    return s;
}

app::Session make_campaign(const std::string& db_path, std::uint64_t seed) {
    auto s = empty_campaign(db_path, "Test", "acw", seed);
    s.forces().add_army("confederate", "Army of Northern Virginia", {"R. E. Lee", "exceptional"});
    s.forces().add_corps("Army of Northern Virginia", "Third Corps", {"A. P. Hill", "average"});
    s.forces().add_division("Third Corps", "Heth", "");
    s.forces().add_division("Third Corps", "Pender", "");
    s.forces().add_army("union", "Army of the Potomac", {});
    s.forces().add_corps("Army of the Potomac", "I Corps", {});
    s.forces().add_division("I Corps", "Wadsworth", "");
    return s;
}

app::ArrivalRequest arrival(const std::string& division) {
    app::ArrivalRequest r;
    r.division = division;
    r.year = 1863;
    r.theater = "east";
    return r;
}

void ready_to_fight(app::Session& s) {
    s.arrivals().arrive(test::arrival("Heth"));
    s.forces().add_brigade({"Wadsworth", "Iron Brigade", "veteran", 6, std::nullopt, "6/5/3", "", {"Meredith", "average"}});
    s.prisoners().add_camp("union", "Fort Delaware");
    s.prisoners().add_camp("confederate", "Libby Prison");
}

void fight(app::Session& s) {
    battle::Report r;
    r.name = "McPherson Ridge";
    r.brigades.push_back({"Heth/1st Brigade", 1, 2, "Fort Delaware"});
    r.brigades.push_back({"Wadsworth/Iron Brigade", 0, 1, "Libby Prison"});
    s.battles().report_battle(r, app::Mode::apply);
}

void fight_and_propose(app::Session& s) {
    ready_to_fight(s);
    fight(s);
    s.prisoners().propose_exchange({"union", "", {"stands:Heth/1st Brigade=1"}, {"stands:Wadsworth/Iron Brigade=1"}, ""});
}

}  // namespace muster::test
