// Whole campaigns read in one snapshot: the order of battle, the roster, both together.
#include "db/roster.hpp"
#include "db/battles.hpp"
#include "db/forces.hpp"
#include "db/leaders.hpp"
#include "core/text.hpp"
#include "db/prisoners.hpp"
#include "store_impl.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>

namespace muster::db {
namespace {

using LeadersById = std::unordered_map<std::int64_t, army::Leader>;

// Every leader by id: the tree's commanders are these rows.
LeadersById by_id(std::vector<army::Leader> all) {
    LeadersById out;
    out.reserve(all.size());
    for (auto& l : all) {
        const auto id = l.id;
        out.emplace(id, std::move(l));
    }
    return out;
}

army::Leader leader_of(const LeadersById& leaders, std::int64_t id) {
    if (!id) return {};
    const auto it = leaders.find(id);
    if (it == leaders.end()) missing_leader(id);
    return it->second;
}

// A division's own columns (not its side, nor its contents), with its commander.
void read_division(const Row& row, army::Division& d, army::Leader commander) {
    read_row("division", row, "id", [&] {
        d.id = row.id("id");
        d.name = row.name("name");
        d.arm = row.given_text("arm");
        d.status = row.word<DivisionStatus>("status");
        d.hidden = row.flag("hidden");
        d.name_seen = row.flag("name_seen");
        d.year = row.optional_integer("year").value_or(0);
        d.theater = row.null("theater") ? "" : row.text("theater");
        d.nationality = row.null("nationality") ? "" : row.text("nationality");
    });
    d.commander = std::move(commander);
    // A placeholder's commander known by name: named, not yet rolled (no grade).
    if (!d.commander.id && !row.null("leader_name")) d.commander.name = row.text("leader_name");
}

// A placeholder holds no brigades until it arrives (a battery it may be given beforehand).
void require_holds_as_it_stands(const army::Division& d) {
    if (d.status == DivisionStatus::placeholder && !d.brigades.empty()) throw placeholder_holding(d.id, d.brigades.size());
}

// The whole tree of a campaign, its commanders taken from `leaders`.
army::OrderOfBattle read_oob(SQLite::Database& db, const campaign::CampaignInfo& c, const LeadersById& leaders) {
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
        a.name = row.name("name");
        a.side = row.text("side");
        a.commander = leader_of(leaders, row.optional_id("commander_id").value_or(0));
        oob.armies.push_back(std::move(a));
    }
    for (auto& a : oob.armies) armies[a.id] = &a;

    SQLite::Statement qc(db, "SELECT id, army_id, name, commander_id FROM corps WHERE campaign_id = ? ORDER BY id");
    bind_all(qc, campaign);
    for (const Row row(qc); qc.executeStep();) {
        army::Corps k;
        k.id = row.id("id");
        k.name = row.name("name");
        k.commander = leader_of(leaders, row.optional_id("commander_id").value_or(0));
        parent(armies, row.id("army_id"), "corps", "army")->corps.push_back(std::move(k));
    }
    for (auto& a : oob.armies)
        for (auto& k : a.corps) corps[k.id] = &k;

    SQLite::Statement qd(db,
                         "SELECT d.id, d.corps_id, d.name, d.arm, d.status, d.hidden, d.name_seen, d.year, d.theater, d.nationality, d.commander_id, "
                         "d.leader_name, a.side "
                         "FROM division d JOIN corps c ON c.id = d.corps_id JOIN army a ON a.id = c.army_id "
                         "WHERE d.campaign_id = ? ORDER BY d.id");
    bind_all(qd, campaign);
    for (const Row row(qd); qd.executeStep();) {
        army::Division d;
        read_division(row, d, leader_of(leaders, row.optional_id("commander_id").value_or(0)));
        d.side = row.text("side");
        parent(corps, row.id("corps_id"), "division", "corps")->divisions.push_back(std::move(d));
    }
    for (auto& a : oob.armies)
        for (auto& k : a.corps)
            for (auto& d : k.divisions) divisions[d.id] = &d;

    SQLite::Statement qb(db, std::string("SELECT ") + k_brigade_columns + " FROM brigade b WHERE b.campaign_id = ? "
                                                                       "ORDER BY b.division_id, b.position, b.id");
    bind_all(qb, campaign);
    for (const Row row(qb); qb.executeStep();) {
        army::Brigade b{read_brigade(row), {}, {}};
        b.commander = leader_of(leaders, b.commander_id);
        if (b.alternate_id) b.alternate = leader_of(leaders, b.alternate_id);
        parent(divisions, b.division_id, "brigade", "division")->brigades.push_back(std::move(b));
    }

    SQLite::Statement qt(db, std::string("SELECT ") + k_battery_columns + " FROM battery t WHERE t.campaign_id = ? ORDER BY t.position, t.id");
    bind_all(qt, campaign);
    for (const Row row(qt); qt.executeStep();) {
        auto bat = read_battery(row);
        if (!bat.reserve) parent(divisions, *bat.division_id, "battery", "division")->batteries.push_back(std::move(bat));
        else if (!row.null("corps_id")) parent(corps, row.id("corps_id"), "battery", "corps")->reserve.push_back(std::move(bat));
        else parent(armies, row.id("army_id"), "battery", "army")->reserve.push_back(std::move(bat));
    }
    for (const auto& [id, d] : divisions) require_holds_as_it_stands(*d);
    return oob;
}

// Whether some unit or content of any campaign points at a parent that is not there, or not in
// `campaign`: each distinct parent a kind names, from the index on it, looked up once (not each
// row), and any battery of no owner. None: no row of the campaign is orphaned. Some (damage, or
// another campaign in the file): the rows are looked at one by one.
bool may_be_orphaned(SQLite::Database& db, std::int64_t campaign) {
    std::string sql;
    // (A battery's owner is one of three, the others none: those none are no parent lost.)
    const auto lost = [&](const char* child, const char* column, const char* parent, bool may_be_none = false) {
        sql += fmt::format("SELECT 1 FROM (SELECT DISTINCT {1} AS d FROM {0}{3}) LEFT JOIN {2} p ON p.id = d WHERE p.id IS NULL OR p.campaign_id IS NOT ?1 UNION ALL ",
                           child, column, parent, may_be_none ? fmt::format(" WHERE {} IS NOT NULL", column) : "");
    };
    lost("corps", "army_id", "army");
    lost("division", "corps_id", "corps");
    lost("brigade", "division_id", "division");
    lost("battery", "division_id", "division", true);
    lost("battery", "corps_id", "corps", true);
    lost("battery", "army_id", "army", true);
    SQLite::Statement q(db, sql + "SELECT 1 FROM battery INDEXED BY battery_by_division WHERE division_id IS NULL AND corps_id IS NULL AND army_id IS NULL LIMIT 1");
    bind_all(q, campaign);
    return q.executeStep();
}

// A row reached from its parent (`parent`, a unit of `campaign`) is the campaign's own: one of
// another campaign's, moved there by damage, would be read into this one, or, were the walk to
// pass over it, left out unseen.
void require_campaign(const Row& row, const char* table, const char* parent, std::int64_t campaign) {
    if (const auto its = row.id("campaign"); its != campaign)
        throw Damaged(std::string(table) + " row " + std::to_string(row.id("id")) + ": it belongs to campaign #" + std::to_string(its) + ", yet its " +
                      parent + " to campaign #" + std::to_string(campaign) + "; run muster check, or restore a backup");
}

// The rows of a kind of content (a corps's divisions, a division's brigades or batteries) of
// every unit of the campaign, read forward through one statement ordered by their unit's id
// (the column `unit`), which begins at a unit's id (?1), each with its campaign (`campaign`). The walk asks for
// each unit's rows as it reaches the unit: where it reaches units in that order (every unit an
// import or a generation makes, made in the order walked), the statement stands on the unit's
// first row already; where it reaches one out of that order, or has passed units by (a hidden
// division whose contents it does not read), the statement is begun again at the unit.
class Stream {
public:
    Stream(SQLite::Database& db, const std::string& sql, const char* table, const char* parent, std::int64_t campaign)
        : m_q(db, sql), m_row(m_q), m_table(table), m_parent(parent), m_campaign(campaign) {}

    // Reads each row of unit `id`, in order.
    template <class Read>
    void each(std::int64_t id, const Read& read) {
        // Once begun, the statement stands on the first row of a unit after m_read (none: there is none).
        if (!m_begun || id <= m_read || (m_on_row && m_row.id("unit") < id)) {
            m_q.reset();
            bind_all(m_q, id);
            m_on_row = m_q.executeStep();
            m_begun = true;
        }
        for (; m_on_row && m_row.id("unit") == id; m_on_row = m_q.executeStep()) {
            require_campaign(m_row, m_table, m_parent, m_campaign);
            read(m_row);
        }
        m_read = id;
    }

private:
    SQLite::Statement m_q;
    const Row m_row;
    const char *m_table, *m_parent;
    std::int64_t m_campaign;
    std::int64_t m_read = 0;
    bool m_begun = false, m_on_row = false;
};

}  // namespace

army::OrderOfBattle Rosters::order_of_battle(std::int64_t campaign) const {
    return guarded(m_store.path(), [&] {
        auto& db = m_store.impl().db;
        // Reads see one snapshot: a writer in another process cannot tear the tree.
        const ReadSnapshot snapshot(db);
        return read_oob(db, m_store.campaign(campaign), by_id(read_leaders(db, campaign)));
    });
}

void Rosters::walk_oob(std::int64_t campaign, army::OobVisitor& v) const {
    guarded(m_store.path(), [&] {
        auto& db = m_store.impl().db;
        const ReadSnapshot snapshot(db);
        static const LeaderColumns in_company("l", true), alone("l", false), commander("c", false), alternate("a", false);
        // A unit's commander with his company (a corps leader attached to him, or the division
        // leader he is attached to) only where some leader of the file is attached to another:
        // most campaigns have none, and the two subqueries each unit's commander takes for it
        // cost half as much as the divisions' rows (8 ms of 10,000 divisions).
        SQLite::Statement attached(db, "SELECT 1 FROM leader WHERE attached_to IS NOT NULL LIMIT 1");
        const LeaderColumns& unit_leader = attached.executeStep() ? in_company : alone;
        // The walk reaches a unit from its parent: a row whose parent is not there would be
        // left out unseen, so it is looked for first (as read_oob finds it): row by row, one
        // index lookup each, only where a look at each parent once (may_be_orphaned) finds one
        // missing or another campaign's.
        if (may_be_orphaned(db, campaign)) {
            SQLite::Statement orphan(db,
                                     "SELECT 'corps' AS child, 'army' AS parent, u.army_id AS id, typeof(u.army_id) AS kind, u.id AS row, 0 AS owned_by_one FROM corps u WHERE u.campaign_id = ?1 AND "
                                     "NOT EXISTS (SELECT 1 FROM army p WHERE p.id = u.army_id AND p.campaign_id = ?1) "
                                     "UNION ALL SELECT 'division', 'corps', u.corps_id, typeof(u.corps_id), u.id, 0 FROM division u WHERE u.campaign_id = ?1 AND "
                                     "NOT EXISTS (SELECT 1 FROM corps p WHERE p.id = u.corps_id AND p.campaign_id = ?1) "
                                     "UNION ALL SELECT 'brigade', 'division', u.division_id, typeof(u.division_id), u.id, 0 FROM brigade u WHERE u.campaign_id = ?1 AND "
                                     "NOT EXISTS (SELECT 1 FROM division p WHERE p.id = u.division_id AND p.campaign_id = ?1) "
                                     "UNION ALL SELECT 'battery', CASE WHEN u.division_id IS NOT NULL THEN 'division' WHEN u.corps_id IS NOT NULL THEN 'corps' ELSE 'army' END, "
                                     "COALESCE(u.division_id, u.corps_id, u.army_id), typeof(COALESCE(u.division_id, u.corps_id, u.army_id)), u.id, 1 FROM battery u WHERE u.campaign_id = ?1 AND NOT EXISTS ("
                                     "SELECT 1 FROM division p WHERE p.id = u.division_id AND p.campaign_id = ?1 UNION ALL "
                                     "SELECT 1 FROM corps p WHERE p.id = u.corps_id AND p.campaign_id = ?1 UNION ALL "
                                     "SELECT 1 FROM army p WHERE p.id = u.army_id AND p.campaign_id = ?1) LIMIT 1");
            bind_all(orphan, campaign);
            if (orphan.executeStep()) {
                const Row row(orphan);
                const auto child = row.text("child"), parent = row.text("parent");
                const auto where = child + " row " + std::to_string(row.id("row")) + ": ";
                if (row.flag("owned_by_one") && row.null("id"))  // a battery: none of its three owners
                    throw Damaged(where + "it belongs to nothing (expected one division, corps or army); run muster check, or restore a backup");
                if (row.text("kind") != "integer")  // NULL, text, a real: not a row's number
                    throw Damaged(where + "column " + parent + "_id holds " + (row.null("id") ? std::string("nothing (NULL)") : "\"" + visible(row.text("id")) + "\"") +
                                  ", not a whole number; run muster check, or restore a backup");
                throw missing_parent(child, parent, row.id("id"));
            }
        }
        // Each unit with its commander, in the order read_oob gives them. A corps's divisions, and
        // a division's brigades and batteries, are read forward through one statement each for
        // the whole walk, ordered by their unit's id on the index on it (Stream): in a campaign
        // made in the order it is walked (an import, arrivals), each statement runs once, not
        // once a unit. Each row is found by its parent, never by its campaign (an index on that
        // would be taken instead: one ordered by position scanned every battery of the campaign
        // for each division), and must be the campaign's (require_campaign).
        SQLite::Statement qa(db, "SELECT u.id, u.name, u.side, u.commander_id, " + unit_leader.select() +
                                     " FROM army u LEFT JOIN leader l ON l.id = u.commander_id WHERE u.campaign_id = ? ORDER BY u.id");
        SQLite::Statement qc(db, "SELECT u.id, u.campaign_id AS campaign, u.name, u.commander_id, " + unit_leader.select() +
                                     " FROM corps u LEFT JOIN leader l ON l.id = u.commander_id WHERE u.army_id = ? ORDER BY u.id");
        Stream divisions(db, "SELECT u.corps_id AS unit, u.campaign_id AS campaign, u.id, u.name, u.arm, u.status, u.hidden, u.name_seen, u.year, u.theater, "
                             "u.nationality, u.leader_name, u.commander_id, " + unit_leader.select() + " FROM division u LEFT JOIN leader l ON l.id = u.commander_id "
                             "WHERE u.corps_id >= ?1 ORDER BY u.corps_id, u.id", "division", "corps", campaign);
        Stream brigades(db, std::string("SELECT b.division_id AS unit, b.campaign_id AS campaign, ") + k_brigade_columns + ", " + commander.select() + ", " +
                                alternate.select() + " FROM brigade b LEFT JOIN leader c ON c.id = b.commander_id LEFT JOIN leader a ON a.id = b.alternate_id "
                                "WHERE b.division_id >= ?1 ORDER BY b.division_id, b.position, b.id", "brigade", "division", campaign);
        Stream division_batteries(db, std::string("SELECT t.division_id AS unit, t.campaign_id AS campaign, ") + k_battery_columns +
                                          " FROM battery t WHERE t.division_id >= ?1 ORDER BY t.division_id, t.position, t.id", "battery", "division", campaign);
        const auto reserve = [&](const char* owner) {
            return SQLite::Statement(db, std::string("SELECT t.campaign_id AS campaign, ") + k_battery_columns + " FROM battery t WHERE t." + owner +
                                             " = ?1 ORDER BY t.position, t.id");
        };
        SQLite::Statement army_reserve = reserve("army_id"), corps_reserve = reserve("corps_id");
        // Each statement's columns found by name once for the whole walk, not once a unit.
        const Row ra(qa), rc(qc), r_army_reserve(army_reserve), r_corps_reserve(corps_reserve);
        const auto read_reserve = [campaign](SQLite::Statement& q, const Row& r, std::int64_t owner, const char* of) {
            q.reset();
            bind_all(q, owner);
            std::vector<army::Battery> out;
            while (q.executeStep()) {
                require_campaign(r, "battery", of, campaign);
                out.push_back(read_battery(r));
            }
            return out;
        };
        bind_all(qa, campaign);
        army::Division d;  // one at a time, its vectors' room kept from one to the next
        while (qa.executeStep()) {
            const army::Army a{ra.id("id"), ra.name("name"), ra.text("side"), unit_leader.read(ra, ra.optional_id("commander_id").value_or(0)), {},
                               read_reserve(army_reserve, r_army_reserve, ra.id("id"), "army")};
            v.army(a);
            // A side's view of the enemy does not read a hidden division's contents.
            const bool hidden_contents = v.reads_hidden_contents(a);
            qc.reset();
            bind_all(qc, a.id);
            while (qc.executeStep()) {
                require_campaign(rc, "corps", "army", campaign);
                const army::Corps k{rc.id("id"), rc.name("name"), unit_leader.read(rc, rc.optional_id("commander_id").value_or(0)), {}, read_reserve(corps_reserve, r_corps_reserve, rc.id("id"), "corps")};
                v.corps(k);
                divisions.each(k.id, [&](const Row& row) {
                    read_division(row, d, unit_leader.read(row, row.optional_id("commander_id").value_or(0)));
                    d.side = a.side;
                    d.brigades.clear();
                    d.batteries.clear();
                    if (!d.hidden || hidden_contents) {
                        brigades.each(d.id, [&](const Row& rb) {
                            auto& b = d.brigades.emplace_back(army::Brigade{read_brigade(rb), {}, {}});
                            b.commander = commander.read(rb, b.commander_id);
                            if (b.alternate_id) b.alternate = alternate.read(rb, b.alternate_id);
                        });
                        division_batteries.each(d.id, [&](const Row& rt) { d.batteries.push_back(read_battery(rt)); });
                    }
                    require_holds_as_it_stands(d);
                    v.take_division(d);  // filled anew, every field it reads, for the next
                });
                v.end_corps();
            }
            v.end_army();
        }
    });
}

campaign::Roster Rosters::roster(std::int64_t campaign, RosterParts parts) const {
    campaign::Roster r;
    m_store.read([&] {
        if (parts.brigades) r.brigades = Forces(m_store).brigades(campaign);
        if (parts.leaders) r.leaders = Leaders(m_store).leaders(campaign);
        if (parts.batteries) r.batteries = Forces(m_store).batteries(campaign);
        if (parts.units) r.units = Forces(m_store).units(campaign);
        r.camps = Prisoners(m_store).camps(campaign);
        r.holdings = Prisoners(m_store).holdings(campaign);
        r.battles = Battles(m_store).battles(campaign);
        r.exchanges = Prisoners(m_store).exchanges(campaign);
    });
    return r;
}

campaign::Roster Rosters::roster_of(std::int64_t campaign, const std::vector<std::int64_t>& divisions,
                                    const std::vector<std::int64_t>& also) const {
    std::string ids = "[";
    for (const auto d : divisions) ids += (ids.size() > 1 ? "," : "") + std::to_string(d);
    ids += "]";
    campaign::Roster r;
    m_store.read([&] {
        r.brigades = Forces(m_store).brigades(campaign, &ids);
        r.leaders = Leaders(m_store).leaders_of(campaign, ids, also);
        r.batteries = Forces(m_store).batteries(campaign, &ids);
        r.units = Forces(m_store).units(campaign, &ids);
        r.camps = Prisoners(m_store).camps(campaign);
        r.holdings = Prisoners(m_store).holdings(campaign);
        r.battles = Battles(m_store).battles(campaign);
        r.exchanges = Prisoners(m_store).exchanges(campaign);
    });
    r.narrow = true;
    return r;
}

Whole Rosters::whole(std::int64_t campaign) const {
    return guarded(m_store.path(), [&] {
        auto& db = m_store.impl().db;
        const ReadSnapshot snapshot(db);
        // The leader table once: the tree's commanders are its rows.
        auto all = read_leaders(db, campaign);
        Whole w{read_oob(db, m_store.campaign(campaign), by_id(all)), {}};
        auto& r = w.roster;
        // Kept (the GUI's model) until the campaign changes: each list of units held at its
        // length, not at the room its growth left (a division's three brigades sat in room for
        // four, 33 MB of a campaign of 33,000 divisions held for nothing). Before the roster
        // points into them: it points at the brigades and batteries where they will stay.
        for (auto& a : w.oob.armies) {
            for (auto& k : a.corps) {
                for (auto& d : k.divisions) {
                    d.brigades.shrink_to_fit();
                    d.batteries.shrink_to_fit();
                }
                k.divisions.shrink_to_fit();
                k.reserve.shrink_to_fit();
            }
            a.corps.shrink_to_fit();
            a.reserve.shrink_to_fit();
        }
        // Each kind of unit with its commander; the brigades and batteries, with where they sit
        // as a roster names it, pointed at where the order of battle holds them.
        using Named = std::pair<army::Unit, const army::Leader*>;
        std::vector<Named> units[3];  // armies, corps, divisions
        std::vector<const army::Brigade*> brigades;
        std::vector<const army::Battery*> batteries;
        const auto owned = [&](army::Battery& t, const std::string& owner, const std::string& side) {
            t.owner = owner;
            t.side = side;
            batteries.push_back(&t);
        };
        for (auto& a : w.oob.armies) {
            units[0].push_back({{UnitKind::army, a.id, a.name, a.side, std::nullopt}, &a.commander});
            for (auto& k : a.corps) {
                units[1].push_back({{UnitKind::corps, k.id, k.name, a.side, std::nullopt, a.id}, &k.commander});
                for (auto& d : k.divisions) {
                    units[2].push_back({{UnitKind::division, d.id, d.name, a.side, d.status, k.id}, &d.commander});
                    for (auto& b : d.brigades) {
                        b.division = d.name;
                        b.side = d.side;
                        brigades.push_back(&b);
                    }
                    for (auto& t : d.batteries) owned(t, d.name, a.side);
                }
                for (auto& t : k.reserve) owned(t, k.name, a.side);
            }
            for (auto& t : a.reserve) owned(t, a.name, a.side);
        }
        // In id order, as the roster's own queries give them and as leaders() offers commands.
        const auto in_id_order = [](const auto* x, const auto* y) { return x->id < y->id; };
        std::sort(batteries.begin(), batteries.end(), in_id_order);
        std::sort(brigades.begin(), brigades.end(), in_id_order);
        CommandOffers commands;
        const auto commanded = [&](const army::Leader& l, int rank, std::string_view name, std::optional<UnitKind> kind, std::int64_t id) {
            if (l.id) commands[l.id].offer(rank, name, kind, id);
        };
        for (const auto* b : brigades) {
            // A brigade out of service (merged, disbanded, destroyed) is commanded by no one.
            if ((!b->commander.id && !b->alternate_id) || !is_active(b->status)) continue;
            const std::string ref = b->ref();
            commanded(b->commander, CommandOffer::k_brigade, ref, UnitKind::brigade, b->id);
            if (b->alternate) commanded(*b->alternate, CommandOffer::k_alternate, ref + " (alternate)", std::nullopt, 0);
        }
        r.brigades = RecordList<army::BrigadeRecord>::pointing_at({brigades.begin(), brigades.end()});
        r.batteries = RecordList<army::Battery>::pointing_at(std::move(batteries));
        r.units.reserve(units[0].size() + units[1].size() + units[2].size());
        for (auto& list : units) {
            std::sort(list.begin(), list.end(), [](const Named& x, const Named& y) { return x.first.id < y.first.id; });
            for (const auto& [u, l] : list) {
                commanded(*l, CommandOffer::rank_of(u.kind), u.name, u.kind, u.id);
                r.units.push_back(u);
            }
        }
        give_commands(all, std::move(commands));
        // Each leader where the order of battle seats him (the first seat, were a damaged file to
        // give him two), with his command there too; those it seats nowhere (fallen, replaced,
        // never given a post) the roster's own.
        std::unordered_map<std::int64_t, army::Leader*> seat;
        const auto seated = [&](army::Leader& l) {
            if (l.id) seat.emplace(l.id, &l);
        };
        for (auto& a : w.oob.armies) {
            seated(a.commander);
            for (auto& k : a.corps) {
                seated(k.commander);
                for (auto& d : k.divisions) {
                    seated(d.commander);
                    for (auto& b : d.brigades) {
                        seated(b.commander);
                        if (b.alternate) seated(*b.alternate);
                    }
                }
            }
        }
        std::vector<army::Leader> own;
        own.reserve(all.size() - std::min(all.size(), seat.size()));  // never grown: the list points into it
        std::vector<const army::Leader*> leaders;
        leaders.reserve(all.size());
        for (auto& l : all) {
            const auto it = seat.find(l.id);
            auto& place = it != seat.end() ? *it->second : own.emplace_back();
            place = std::move(l);
            leaders.push_back(&place);
        }
        r.leaders = RecordList<army::Leader>::pointing_at(std::move(leaders), std::move(own));
        r.camps = Prisoners(m_store).camps(campaign);
        r.holdings = Prisoners(m_store).holdings(campaign);
        r.battles = Battles(m_store).battles(campaign);
        r.exchanges = Prisoners(m_store).exchanges(campaign);
        return w;
    });
}

}  // namespace muster::db
