#pragma once
// Play tables: the tables players read at the tabletop (manoeuvre, fire, melee), as data. The
// code knows three kinds and never a system: a roll read against results, a grid of reference
// text (movement), and ranges with fire points.
#include "core/words.hpp"
#include "rules/die.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace muster::rules {

/// A band of scores as the source writes it: "2,3", "8,9,10", "0-10", "11+", "1<", "11>",
/// "1 (-)", "7 or more", "-7 or less", "-1 to -3", "+6 to 9", "5". Open at one end or closed.
struct ScoreBand {
    std::optional<int> lo;  ///< none: every score at or below hi
    std::optional<int> hi;  ///< none: every score at or above lo
    std::string text;       ///< as the source prints it
    bool contains(int score) const { return (!lo || score >= *lo) && (!hi || score <= *hi); }
};

/// Reads a band; nullopt when the text is none of the forms above.
std::optional<ScoreBand> parse_score_band(std::string_view text);

/// Fire points, held exactly in quarters (a half point, and a half of that under ×½).
struct Points {
    int quarters = 0;
    /// "7", "1/2", "3½" style: "3 1/2", "1/4".
    std::string text() const;
    bool operator==(const Points&) const = default;
    auto operator<=>(const Points&) const = default;
};
/// Reads "7", "1/2", "3.5", "3 1/2", ".5"; nullopt otherwise (or past 999 points).
std::optional<Points> parse_points(std::string_view text);

/// A d10 rolled for the unit's own leader after a result ("the line officer is killed on a
/// roll of 1-5 on 1d(10)"): the band and the fate it gives.
struct LeaderCheck {
    ScoreBand band;
    LeaderFate fate = LeaderFate::killed;
    bool operator==(const LeaderCheck& o) const { return band.lo == o.band.lo && band.hi == o.band.hi && fate == o.fate; }
};

/// What a result does that muster can carry into a campaign, or that players mark on the table.
struct PlayEffects {
    int stands_lost = 0;          ///< casualties (a stand that flees counts as lost: muster's reading)
    int stands_captured = 0;
    int captured_each_over = 0;   ///< one more stand captured for each point of difference past this (0: none)
    bool disordered = false;      ///< stays on the table
    std::optional<LeaderFate> leader;  ///< the unit's leader is killed, wounded or captured
    std::string leader_roll;      ///< a table to roll for the unit's leader (a fallen-leader table)
    std::optional<BatteryFate> battery;  ///< a battery with the unit is wrecked or captured
    // States on the table, carried in the battle's draft.
    bool rallied = false;        ///< the unit's disorder is removed
    bool low_ammo = false;       ///< the unit is low on ammunition
    bool silenced = false;       ///< a battery is silenced
    bool damaged = false;        ///< a battery is damaged
    bool removed = false;        ///< the unit is removed from play (quits the field)
    int broken_reroll = 0;       ///< BROKEN: roll this table again at once; removed from play at this score or below (0: no)
    std::vector<LeaderCheck> leader_checks;  ///< d10 rolls for the unit's own leader
    bool any() const {
        return stands_lost || stands_captured || captured_each_over || disordered || leader || !leader_roll.empty() || battery || rallied ||
               low_ammo || silenced || damaged || removed || broken_reroll || !leader_checks.empty();
    }
    bool operator==(const PlayEffects&) const = default;
};

/// Who a difference table's modifier or effect is for.
using muster::Party;

/// The values of facts that are not the rule set's ids: yes and no (a state on the table), no
/// leader (a commander's grade where the unit has none in command), a brigade or a battery.
inline constexpr const char* k_yes = "yes";
inline constexpr const char* k_no = "no";
inline constexpr const char* k_no_leader = "none";
inline constexpr const char* k_brigade_unit = "brigade";
inline constexpr const char* k_battery_unit = "battery";

/// One test of what the campaign knows of a unit: a fact and the values that pass it
/// ("rating is veteran_guard, average_guard or raw_guard"); for the year, before `before_year`.
struct FactTest {
    Fact fact = Fact::state;
    std::vector<std::string> values;
    std::optional<int> before_year;
};

using muster::Whose;

/// When the campaign decides a modifier or a column: any of `when`, each a conjunction of tests.
struct CampaignBinding {
    Whose of = Whose::unit;
    std::vector<std::vector<FactTest>> when;
    /// The campaign applies it where its facts hold, and the organiser may also give it for
    /// what happens at the table (an attached leader, a formation) where they do not.
    bool or_at_table = false;
    bool empty() const { return when.empty(); }
};

/// One named modifier the source lists: added to the score, or multiplying the fire points.
struct PlayModifier {
    std::string id;
    std::string text;             ///< as the source gives it: "Attached exceptional corps/division leader"
    int value = 0;                ///< added to the score (each time, for `each`)
    std::optional<std::pair<int, int>> choose;  ///< the organiser picks a value in [first, second] ("+1 to +3")
    bool each = false;            ///< counted: "-1 Each stand lost" given as =N
    int factor_num = 1;           ///< multiplies the fire points ("x1/2"): num/den, 1/1 for an additive one
    int factor_den = 1;
    std::string group;            ///< at most one modifier of a group applies (grades, outnumbered)
    Party party = Party::either;  ///< difference tables: whose roll it modifies
    CampaignBinding campaign;     ///< when the campaign applies it; empty: only the organiser gives it
    std::vector<std::string> excludes;  ///< modifier groups that do not apply with it (no leader in radius)
    std::vector<std::string> needs;     ///< modifiers one of which it is given with (a negation: the Poltroon it negates); empty: none
    bool is_factor() const { return factor_num != factor_den; }
    /// "+2", "-1 each", "+1 to +3", "x1/2".
    std::string value_text() const;
};

/// One result: the source's whole text, and what muster can apply (by party on difference tables).
struct PlayResult {
    std::string id;
    std::string name;  ///< a short heading where the source gives one ("Desultory"), or empty
    std::string text;
    PlayEffects effects;           ///< one-roll tables: on the unit rolled for (the target, for fire)
    PlayEffects attacker_effects;  ///< difference tables
    PlayEffects defender_effects;
    /// Its short name, or else its text's first sentence ("Swept from the field").
    std::string heading() const;
};

/// One row of a column: the scores it covers and its result (an index into `results`).
struct PlayRow {
    ScoreBand band;
    size_t result = 0;
    std::string reading;  ///< muster's reading where the printed band does not cover what it must, and why
};

/// A column the roll is read in: a grade, good order or disorder, or a band of fire points.
struct PlayColumn {
    std::string id;
    std::string name;
    std::optional<Points> points_from;  ///< tables read by fire points: this column from here up to the next
    std::vector<PlayRow> rows;
    CampaignBinding campaign;           ///< when the campaign reads the roll in this column
    std::vector<std::string> excludes;  ///< modifier groups that do not apply in it (no leader in radius)
};

/// A roll at the table before adjustment: "a roll of 11 or 12 before adjustment".
struct NaturalRoll {
    ScoreBand band;
    std::string text;
    PlayEffects effects;        ///< on the unit rolled for (the target, on a fire table)
    PlayEffects firer_effects;  ///< on the firer ("the firers are low on ammo")
};

/// muster's reading of a source's table, and what it is about: the table as a whole (empty
/// `on`), or a modifier, result or column by its id, which `table show` marks with `*`.
struct Reading {
    std::string on;
    std::string text;
};

/// Reference text laid out as rows and columns (movement rates).
struct PlayGrid {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
};

/// How far a weapon reaches and its fire points at each range.
struct RangeBand {
    std::string name;            ///< "Canister", or empty
    std::optional<int> up_to;    ///< inches; none: the band does not apply ("n/a")
    Points points;
    std::string text;            ///< as printed: "4\" - 10", "less or = 5\" (2)"
};
struct Weapon {
    std::string id;
    std::string name;
    std::string per;  ///< "stand", "gun": what the points are counted by
    std::vector<RangeBand> bands;
};

using muster::PlayKind;
/// How a roll table is printed: a row a band of scores with a result a column (Manoeuvre);
/// a row a result with the bands in the columns (Good Order, by grade); a row a column with
/// the bands under each result (Musketry, a row of fire points).
using muster::PlayLayout;

struct PlayTable {
    std::string id;
    std::string title;
    std::string source;   ///< where in the source it is printed
    std::string note;     ///< the source's own notes under the table
    std::vector<Reading> readings;  ///< muster's readings where the source is garbled, open or silent
    PlayKind kind = PlayKind::roll;
    bool fire = false;  ///< a fire table: the unit rolled for is the target, and a firer may be named
    /// The units the campaign rolls on it (AWI Good Order: those not disordered); empty: any. A
    /// roll for a unit it does not is refused, unless overridden (or the table may know more).
    CampaignBinding campaign;

    // roll
    Die die = Die::d6;
    bool difference = false;     ///< both sides roll; the score is attacker's total minus defender's
    PlayLayout layout = PlayLayout::score_rows;  ///< how the source prints it
    std::string column_name;     ///< "Rating of Higher-Element", "Fire Points"
    std::optional<int> lowest_score;  ///< a modified score below this reads as this (a reading)
    std::vector<PlayModifier> modifiers;
    std::vector<PlayColumn> columns;
    std::vector<PlayResult> results;
    std::vector<NaturalRoll> natural;

    // grid
    PlayGrid grid;
    // ranges
    std::vector<std::string> range_header;
    std::vector<Weapon> weapons;

    bool by_points() const { return !columns.empty() && columns.front().points_from.has_value(); }
    const PlayColumn* find_column(std::string_view id) const;
    /// The column for fire points: the last whose points_from is at or below them; nullptr below the first.
    const PlayColumn* column_for(Points points) const;
    /// Modifiers with this id that a party may take (a difference table may list one id per party).
    const PlayModifier* find_modifier(std::string_view id, Party party) const;
    /// The lowest and highest modified score the dice and modifiers can reach (each group's
    /// extreme once; counted modifiers up to k_most_each times).
    std::pair<int, int> reachable() const;
    /// The row of a column for a modified score (after lowest_score), or nullptr.
    const PlayRow* row_for(const PlayColumn& column, int score) const;
    /// The score a modified total is read at: raised to lowest_score.
    int read_score(int score) const { return lowest_score && score < *lowest_score ? *lowest_score : score; }
};

/// The most times a counted modifier ("each stand lost") may be taken.
inline constexpr int k_most_each = 12;

}  // namespace muster::rules
