#pragma once
// The season at a glance: what the campaign model says of the battles fought, as figures a
// front end draws as charts and a table, for one view (a side reads only its own side's).
#include "core/date.hpp"
#include "core/words.hpp"

#include <optional>
#include <string>
#include <vector>

namespace muster::app {

struct CampaignModel;

/// One line of a chart: a value for each point along it.
struct Series {
    std::string name;  ///< an army's or a side's name
    std::string side;  ///< its side's id
    std::vector<int> values;
};

/// A battle as the season's table shows it: what each side engaged and lost there, as the
/// view may read it (summarize).
struct BattleLine {
    std::string name;
    std::optional<Day> date;
    std::string place;
    bool recovered = false;
    bool casualties = false;  ///< any the view sees there (none: nothing returns)
    struct Side {
        std::string side;       ///< the side's id
        bool known = false;     ///< the view read anything of this side there
        int divisions = 0;      ///< engaged
        int casualties = 0;     ///< stands lost (not captured)
        int captured = 0;       ///< stands taken prisoner
        int returned = 0;       ///< of those lost, back in the ranks after recovery
        int leaders = 0;        ///< leaders killed, wounded or captured
        int guns = 0;           ///< batteries lost
    };
    std::vector<Side> sides;   ///< every side of the rule set, in its order
};

struct SeasonPicture {
    std::vector<std::string> battles;  ///< in the order fought: the charts' x axis
    /// Per army: its stands in service just before each battle (its recovery, arrivals, prisoners
    /// sent home since the one before counted), then now: a value a battle, and one more. Read
    /// from the stand ledger; a battle
    /// of an earlier muster that the file cannot place, worked back through the losses.
    std::vector<Series> stands;
    /// Per side the view owns (the umpire: every side): stands lost in each battle (casualties
    /// and captured).
    std::vector<Series> losses;
    /// Per camp the view may read: stands held now.
    std::vector<Series> prisoners;
    std::vector<BattleLine> lines;
};

/// The season as `viewer` may read it: the umpire sees every side; a side sees its own armies
/// and losses, the battles it fought as `summarize` lets it read them, and the camps the model
/// lets it read.
SeasonPicture season_picture(const CampaignModel& model, const View& viewer);

}  // namespace muster::app
