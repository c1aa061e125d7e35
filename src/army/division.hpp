#pragma once
#include "core/words.hpp"
#include "dice/roll_record.hpp"
#include "rules/rule_set.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace muster::army {

/// A commander: brigadier, division, corps or army leader.
struct Leader {
    std::int64_t id = 0;       ///< the campaign's id for him; 0 when not stored
    std::string name;          ///< empty until the organiser names him
    std::string grade;         ///< the grade in play (a despicable leader by the book plays as average); empty: no leader
    std::string rolled_grade;  ///< the grade the table gave (or the organiser entered)
    LeaderStatus status = LeaderStatus::active;
    bool present() const { return !grade.empty(); }
};

/// The manoeuvre unit: counted in stands, with the effectiveness label of its start strength.
struct Brigade {
    std::int64_t id = 0;
    std::string name;
    std::string arm;
    std::string rating;
    int start_stands = 0;
    int stands = 0;
    rules::EffectivenessLabel label;
    Leader commander;  ///< the Main commander where the unit has two
    Leader alternate;  ///< the Alternate commander, for units with extra command
    BrigadeStatus status = BrigadeStatus::active;
    rules::State state() const { return label.state_at(stands); }
};

/// One battery (one gun model), owned by the division or sent to the artillery reserve.
struct Battery {
    std::int64_t id = 0;
    std::string name;
    bool reserve = false;  ///< generated for the artillery reserve (stored with the corps or army)
    BatteryStatus status = BatteryStatus::active;
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
    std::string side;
    std::string arm;
    int year = 0;          ///< 0 where the rule set has no years
    std::string theater;   ///< empty where the rule set has no theaters
    std::string nationality;  ///< a nationality of the rule set; empty: none given
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
    std::string side;
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
