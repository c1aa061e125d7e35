#pragma once
#include "core/interned.hpp"
#include "core/rare.hpp"
#include "core/words.hpp"
#include "dice/roll_record.hpp"
#include "rules/rule_set.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace muster::army {

/// A leader: brigadier, division, corps or army commander (an AWI battalion's too). One type for
/// every use: generated, stored, in an order of battle (on the unit he commands) and in a roster
/// (with the unit he commands named).
/// The grade the enemy reads of a leader whose grade is not revealed: not a grade of any rule
/// set (ids are a-z, 0-9, _ and -), printed as "grade not revealed".
inline constexpr const char* k_unrevealed_grade = "not revealed";

struct Leader {
    std::int64_t id = 0;       ///< the campaign's id for him; 0 when not stored
    std::string name;          ///< empty until the organiser (or the name lists) names him
    Interned grade;            ///< the grade in play (a despicable leader by the book plays as average); empty: no leader
    Interned rolled_grade;     ///< the grade the table gave (or the organiser entered)
    Interned side;             ///< his side, once stored
    LeaderStatus status = LeaderStatus::active;
    Rank rank = Rank::brigadier;           ///< the rank of his post
    int out_battles = 0;                   ///< wounded: how many battles he is out for
    bool grade_revealed = false;           ///< the enemy may read his grade (`leader reveal`)
    /// Wounded or killed, whether the enemy saw it: where it saw none of his side's divisions in
    /// the battle he fell in (a corps leader falling with hidden ones), or he fell in no battle
    /// (a casualty roll, his side's to read), it reads him as it last saw him, in play.
    bool fall_seen = true;
    /// Whether the enemy saw his fall when he fell, though it may read that battle no longer (the
    /// division he fell with hidden again since: it reads him in play until it sees it again).
    bool fall_seen_then = true;
    std::optional<std::int64_t> fell_in;   ///< the battle he fell in
    /// The unit he commanded until he was replaced, and which of its former commanders he is
    /// (1: the first replaced).
    struct Post {
        std::string unit;
        int number = 1;
    };
    Rare<Post> former_post;  ///< (on the heap: few leaders have one, and a roster holds every leader)
    /// What he commands, as a roster names it ("Heth/1st Brigade", "Heth", a corps or an army;
    /// an alternate's "... (alternate)"); empty where he commands nothing, and in an order of
    /// battle read on its own, where he sits on his unit (one read with its roster,
    /// Rosters::whole, gives it him there too).
    struct Command {
        std::string unit;
        std::optional<UnitKind> kind;  ///< none: he commands nothing (an alternate commands no unit)
        std::int64_t unit_id = 0;
    };
    Command command;
    /// A corps leader's attachment to one division leader of his corps (a grade's rule: source
    /// 003's despicable corps leader): the division leader he is attached to.
    std::optional<std::int64_t> attached_to;
    /// The attachment as printed on either leader ("attached to Doubleday", "with corps leader
    /// Reynolds attached"), while both are in play (active); `revealed`: the enemy may read it
    /// (the corps leader's grade is revealed, for the attachment tells it).
    struct Company {
        std::string text;
        bool revealed = false;
    };
    Rare<Company> company;
    /// The same as the enemy reads it: while both are in play to it (one who fell out of its
    /// sight still is), so a fall it did not see does not end it.
    Rare<Company> enemy_company;

    bool present() const { return !grade.empty(); }
    /// In play as the enemy reads him: active, or fallen where it did not see him fall. Such a
    /// one still stands on the table for it (until he is replaced), so its fire may strike him
    /// and a battle may record his fall: it would tell of the fall it did not see were it refused.
    bool in_play_to_enemy() const { return status == LeaderStatus::active || !fall_seen; }
    /// Whether a battle may record his fall: in play as the enemy reads him, but not one it saw
    /// fall, his division hidden again since (else, seen again, he would read in play, or fallen
    /// anew, where it saw him fall).
    bool may_fall() const { return status == LeaderStatus::active || !fall_seen_then; }
    /// As the enemy reads him: his grade (and the grade rolled) `k_unrevealed_grade` until
    /// it is revealed; in play, if it did not see him fall.
    Leader as_enemy_sees() const;
    /// His name; unnamed, the unit he commands; commanding nothing, the unit he commanded
    /// ("former commander of Heth/1st Brigade", "... (2)" for the second), or for a leader of
    /// an earlier muster who has none, his number ("leader #12"). A reference may give any.
    std::string label() const;
};

/// A brigade's state as printed: "none left" with no stands (whatever its label: militia's 5/4/-
/// has no Spent state, and would read Worn), else Fresh, Worn or Spent.
inline std::string_view state_text(const rules::EffectivenessLabel& label, int stands) {
    return stands == 0 ? std::string_view("none left") : spell(label.state_at(stands));
}

/// The manoeuvre unit: counted in stands, with the effectiveness label of its start strength.
/// Where it sits is given where it is read on its own (a roster); in an order of battle, by the
/// division it is in (one read with its roster, Rosters::whole, gives it both). Its commanders by id: a roster's leaders are theirs (an order of battle's
/// Brigade carries them whole).
struct BrigadeRecord {
    std::int64_t id = 0;
    std::string name;
    Interned arm;
    Interned rating;
    int start_stands = 0;
    int stands = 0;
    rules::EffectivenessLabel label;
    std::int64_t commander_id = 0;  ///< the Main commander where the unit has two; 0: none
    std::int64_t alternate_id = 0;  ///< the Alternate commander, for units with extra command; 0: none
    BrigadeStatus status = BrigadeStatus::active;
    std::int64_t division_id = 0;
    std::string division;  ///< the division's name (in a roster)
    Interned side;         ///< (in a roster)
    rules::State state() const { return label.state_at(stands); }
    /// Its state as printed (army::state_text).
    std::string_view state_text() const { return army::state_text(label, stands); }
    /// "Division/Brigade" (in a roster).
    std::string ref() const { return division + "/" + name; }
};

/// A brigade in an order of battle (or generated, or entered): with its commanders, who sit on it.
struct Brigade : BrigadeRecord {
    Leader commander;  ///< the Main commander where the unit has two
    /// The Alternate commander, for units with extra command; none for every other unit (on
    /// the heap: most units have none, and a GUI's model holds every brigade).
    Rare<Leader> alternate;
};

/// One battery (one gun model), owned by the division or sent to the artillery reserve.
struct Battery {
    std::int64_t id = 0;
    std::string name;
    bool reserve = false;  ///< generated for the artillery reserve (stored with the corps or army)
    BatteryStatus status = BatteryStatus::active;
    std::string owner;  ///< the division, or the corps or army whose reserve it is (in a roster)
    Interned side;      ///< (in a roster)
    std::optional<std::int64_t> division_id;  ///< none: a corps' or army's reserve battery (in a roster)
    std::int64_t corps_id = 0, army_id = 0;   ///< a reserve battery's corps or army (0: none)
    /// "Owner/Battery" (in a roster).
    std::string ref() const { return owner + "/" + name; }
};

/// An army, corps or division as the organiser names it: its kind, name and side (a roster's
/// list of the units that have names and commanders).
struct Unit {
    UnitKind kind = UnitKind::division;
    std::int64_t id = 0;
    std::string name;
    Interned side;
    std::optional<DivisionStatus> status;  ///< a division's
    std::int64_t parent = 0;               ///< the corps a division is of, the army a corps is of; 0: an army's
};

/// How the artillery was worked out: ratio, whole batteries, the fraction and its roll, the split.
struct ArtilleryWorking {
    int stands_per_battery = 0;
    int total_stands = 0;
    int whole = 0;             ///< total_stands / stands_per_battery, rounded down
    int fraction_percent = 0;  ///< the chance of one more battery, in percent (44 for 2.44)
    bool extra = false;        ///< the percentile roll was at or under fraction_percent
    int batteries = 0;         ///< whole + extra
    int reserve_percent = 0;   ///< the chance the reserve's fractional share becomes a battery
    int to_reserve = 0;
};

/// A division: a placeholder until it arrives (generated) or is entered by hand.
struct Division {
    std::int64_t id = 0;
    std::string name;
    Interned side;
    Interned arm;
    int year = 0;          ///< 0 where the rule set has no years
    Interned theater;      ///< empty where the rule set has no theaters
    Interned nationality;  ///< a nationality of the rule set; empty: none given
    DivisionStatus status = DivisionStatus::arrived;
    bool hidden = true;    ///< not yet seen by the other side
    bool name_seen = false;  ///< hidden, but seen by name as a placeholder: the other side sees that
    Leader commander;
    std::vector<Brigade> brigades;
    std::vector<Battery> batteries;  ///< the division's and the reserve's share
    ArtilleryWorking artillery;
    std::vector<dice::RollRecord> rolls;

    int stands() const;
};

/// A corps: its divisions and, where the rule set sends them there, reserve batteries.
struct Corps {
    std::int64_t id = 0;
    std::string name;
    Leader commander;
    std::vector<Division> divisions;
    std::vector<Battery> reserve;
};

/// An army of one side: its corps and its artillery reserve.
struct Army {
    std::int64_t id = 0;
    std::string name;
    Interned side;
    Leader commander;
    std::vector<Corps> corps;
    std::vector<Battery> reserve;
};

/// A campaign's forces, army -> corps -> division -> brigade/battery, for one view.
struct OrderOfBattle {
    std::string campaign;
    std::string rules;
    View view;
    std::vector<Army> armies;
};

}  // namespace muster::army
