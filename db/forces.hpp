#pragma once
// The forces' rows: armies, corps, divisions, brigades and batteries, their strength and fog of
// war, and finding them by name. Writes are called inside Store::run_operation.
#include "army/division.hpp"
#include "db/store.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace muster::db {

/// A division as the store finds it by name, with where it sits.
struct DivisionRef {
    std::int64_t id = 0;
    std::string name;
    std::string arm;
    DivisionStatus status = DivisionStatus::placeholder;
    std::int64_t corps_id = 0;
    std::int64_t army_id = 0;
    std::string side;
    bool hidden = true;       ///< not yet seen by the other side
    std::string nationality;  ///< a nationality of the rule set, or empty
    std::string leader_name;  ///< a placeholder's commander, known by name before it arrives; or empty
    bool commanded = false;   ///< a leader is in command of it (one named when added has his grade)
};

/// Where a generated division's reserve batteries go.
struct ReserveTarget {
    std::int64_t corps_id = 0;  ///< one of the two is set
    std::int64_t army_id = 0;
};


/// Who labels a brigade for a start strength: a merge (the ledger counts the stands merged in
/// as part of its start), or as given (the organiser's choice, or stands coming back above the
/// start: the ledger takes the start strength as it is).
enum class LabelledBy { merge, as_given };

/// A division's side, corps and army, and whether the other side may not read it.
struct DivisionFog {
    std::string side;
    bool hidden = false;
    bool seen_ever = false;  ///< seen now, or read whole before and hidden again since (not by name alone)
    bool hidden_again = false;  ///< with a battle: seen fighting there, hidden from the enemy since
    std::int64_t corps_id = 0, army_id = 0;
};

class Forces {
public:
    explicit Forces(const Store& store) : m_store(store) {}

    std::int64_t insert_army(std::int64_t campaign, std::string_view side, std::string_view name, std::optional<std::int64_t> commander);
    std::int64_t insert_corps(std::int64_t campaign, std::int64_t army, std::string_view name, std::optional<std::int64_t> commander);
    /// A division; `leader_name`: a placeholder's commander, known by name before it arrives.
    std::int64_t insert_division(std::int64_t campaign, std::int64_t corps, std::string_view name, std::string_view arm,
                                 std::string_view leader_name = {});
    /// A placeholder about to be filled (rolled up) holds no brigades: one that does (a damaged
    /// file's) is refused as damage, not met as names taken when its own are stored.
    void require_empty(const DivisionRef& placeholder) const;
    /// Stores a division's contents (brigades with their 'generated' moves, commanders,
    /// batteries, the reserve's share) and sets its status, year, theater and commander.
    void store_division_contents(std::int64_t campaign, std::int64_t operation, const DivisionRef& where,
                                 const army::Division& division, const ReserveTarget& reserve, DivisionStatus status);
    /// Adds one brigade (and its 'generated' move, and 'edited' move when stands differ from start).
    std::int64_t insert_brigade(std::int64_t campaign, std::int64_t operation, std::int64_t division, std::string_view side,
                                const army::Brigade& brigade);
    std::int64_t insert_battery(std::int64_t campaign, const ReserveTarget& reserve, std::int64_t division, const army::Battery& battery);
    void set_division_status(std::int64_t division, DivisionStatus status);
    /// Renames an army, corps, division, brigade or leader.
    void rename(NamedKind kind, std::int64_t id, std::string_view name);
    /// A division's nationality (empty: none).
    void set_nationality(std::int64_t division, std::string_view nationality);
    void set_fog(std::int64_t division, Fog fog);
    /// Changes a brigade's strength by `delta` as a recorded move of `kind`.
    void change_stands(std::int64_t operation, std::int64_t brigade, MoveKind kind, int delta);
    /// Disbanded, destroyed or merged by `operation`: out of service from it on.
    void take_out_of_service(std::int64_t brigade, BrigadeStatus status, std::int64_t operation);
    /// Gives a brigade a new start strength and label.
    void relabel_brigade(std::int64_t brigade, const rules::EffectivenessLabel& label, LabelledBy by);
    void set_battery_status(std::int64_t battery, BatteryStatus status);

    /// Found by the exact name (a name a person typed is matched by app's *_named first).
    std::optional<DivisionRef> find_division(std::int64_t campaign, std::string_view name) const;
    /// The year (0: none) and nationality (empty: none) of each division under a unit: a
    /// brigade's division, a division itself, a corps' or an army's divisions that every side
    /// reads whole (revealed, not a placeholder seen by name): what a side may not read of a
    /// corps or an army must not shape what it reads of its commander.
    std::vector<std::pair<int, std::string>> divisions_under(UnitKind kind, std::int64_t id) const;
    /// How many times the division of a brigade, a division, or the divisions of a corps or an
    /// army that every side reads (whole or by name), have been revealed (the unit's dice go on from a stream of
    /// their own after each).
    int reveals_under(UnitKind kind, std::int64_t id) const;
    /// Whether the enemy reads the unit's commander: a brigade's or a division's where it has read
    /// the division whole (hidden again since or not: it reads him again once it is revealed), a
    /// corps' or an army's where it sees one of its divisions (by name too).
    bool read_by_enemy(UnitKind kind, std::int64_t id) const;
    /// The names of the commanders of a unit's division (a brigade's; a division's own), corps
    /// and army (a corps': its army's).
    std::vector<std::string> commanders_above(UnitKind kind, std::int64_t id) const;
    /// The brigades in service ("Division/Brigade") and the divisions come into play that no one
    /// commands (entered by hand without a leader, or left by one moved elsewhere), oldest first.
    std::vector<std::pair<UnitKind, std::string>> uncommanded(std::int64_t campaign) const;
    /// A brigade out of service (merged, disbanded, destroyed) that holds stands still (come back
    /// from a camp since): "Division/Brigade", its status, its stands; in the order of battle's order.
    struct Idle {
        std::string ref;
        BrigadeStatus status = BrigadeStatus::merged;
        int stands = 0;
    };
    std::vector<Idle> idle_stands(std::int64_t campaign) const;
    /// The names of a campaign's divisions, corps or armies, oldest first.
    std::vector<std::string> unit_names(std::int64_t campaign, UnitKind kind) const;
    std::optional<std::pair<std::int64_t, std::string>> find_army(std::int64_t campaign, std::string_view name) const;
    /// Each army's id and side, oldest first.
    std::vector<std::pair<std::int64_t, std::string>> army_sides(std::int64_t campaign) const;
    /// (corps id, army id, side)
    std::optional<std::tuple<std::int64_t, std::int64_t, std::string>> find_corps(std::int64_t campaign, std::string_view name) const;
    /// One brigade as its row holds it (commanders by id, where it sits by division id), if it is there.
    std::optional<army::BrigadeRecord> brigade(std::int64_t id) const;
    /// Every brigade (or battery) of the campaign with where it sits, commanders by id; or, given
    /// `divisions` (their ids as a JSON array), only theirs: what an operation on a few divisions reads.
    std::vector<army::BrigadeRecord> brigades(std::int64_t campaign, const std::string* divisions = nullptr) const;
    std::vector<army::Battery> batteries(std::int64_t campaign, const std::string* divisions = nullptr) const;
    /// A division's name by its id.
    std::string division_name(std::int64_t division) const;
    /// The army, corps or division of the campaign named `name` but for case, as it is spelled:
    /// a new name must differ from every other by more than case, or no one could type either.
    std::optional<std::string> unit_named_ignoring_case(std::int64_t campaign, UnitKind kind, std::string_view name) const;
    /// The division's brigade of that name but for case, as it is spelled; none: no such brigade
    /// (a unit's own are told apart by their names).
    /// A brigade of the campaign called `name` but for case, as "Division/Brigade"; none: no such.
    std::optional<std::string> brigade_called(std::int64_t campaign, std::string_view name) const;
    /// Every brigade of the campaign: its name, and "Division/Brigade".
    std::vector<std::pair<std::string, std::string>> brigade_names(std::int64_t campaign) const;
    std::optional<std::string> brigade_named(std::int64_t division, std::string_view name) const;
    /// The same for a battery of the division (given), else of the corps's or army's reserve.
    std::optional<std::string> battery_named(std::int64_t division, const ReserveTarget& reserve, std::string_view name) const;
    /// The ids of the divisions named `name`, ignoring case (an index finds them).
    std::vector<std::int64_t> divisions_named(std::int64_t campaign, std::string_view name) const;
    /// Whether a division is hidden from the other side, which has read it all the same: by name
    /// (seen as a placeholder, arrived since), whole (revealed, hidden again), or in a battle.
    bool read_while_hidden(std::int64_t division) const;
    /// Whether the enemy reads a corps or an army (`kind`) only through what it read of it before:
    /// it sees none of its divisions now, and has read one that is hidden now, or took a battery
    /// of its reserve in a battle (which its battles and camps name it by).
    bool read_while_hidden_only(UnitKind kind, std::int64_t id) const;
    /// Each division's side, corps and army, and whether it is hidden from the other side, by id;
    /// with a battle, hidden too where the enemy did not see it there (a reveal since does not
    /// tell that battle).
    std::map<std::int64_t, DivisionFog> division_fog(const std::vector<std::int64_t>& divisions, std::optional<std::int64_t> battle = std::nullopt) const;
    /// Armies, then corps, then divisions, each by id.
    /// Every army, corps and division; or, given `divisions`, those and their corps and armies.
    std::vector<army::Unit> units(std::int64_t campaign, const std::string* divisions = nullptr) const;
    /// The names of the batteries in a corps' or an army's reserve.
    std::vector<std::string> reserve_battery_names(const ReserveTarget& reserve) const;

private:
    const Store& m_store;
};

}  // namespace muster::db
