#pragma once
#include "dice/roll_record.hpp"
#include "rules/rule_set.hpp"

#include <string>
#include <vector>

namespace muster::army {

/// A commander: brigadier, division or corps leader.
struct Leader {
    std::string name;          ///< empty until the organiser names him
    std::string grade;         ///< the grade in play (a despicable leader by the book plays as average)
    std::string rolled_grade;  ///< the grade the table gave
};

/// The manoeuvre unit: counted in stands, with the effectiveness label of its start strength.
struct Brigade {
    std::string name;
    std::string arm;
    std::string rating;
    int start_stands = 0;
    int stands = 0;
    rules::EffectivenessLabel label;
    Leader commander;
    rules::State state() const { return label.state_at(stands); }
};

/// One battery (one gun model), owned by the division or sent to the artillery reserve.
struct Battery {
    std::string name;
    bool reserve = false;
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

/// A generated (or hand-entered) division.
struct Division {
    std::string name;
    std::string side;
    std::string arm;
    int year = 0;          ///< 0 where the rule set has no years
    std::string theater;   ///< empty where the rule set has no theaters
    Leader commander;
    std::vector<Brigade> brigades;
    std::vector<Battery> batteries;  ///< the division's and the reserve's share
    ArtilleryWorking artillery;
    std::vector<dice::RollRecord> rolls;

    int stands() const;
};

}  // namespace muster::army
