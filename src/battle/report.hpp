#pragma once
#include "core/date.hpp"
#include "core/words.hpp"

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace muster::battle {

/// What one brigade lost: stands lost to fire, melee and straggling, and stands captured.
struct BrigadeLoss {
    std::string brigade;  ///< "Division/Brigade", or a brigade name unique in the campaign
    int lost = 0;
    int captured = 0;
    std::string camp;     ///< where the captured stands go (a camp of the captor)
};

/// The battles a wounded leader misses: at least one (a wound that costs none is no fall), at
/// most a hundred.
inline constexpr int k_least_out_for = 1;
inline constexpr int k_most_out_for = 100;
/// Refuses a number of battles out of that range, naming it.
void require_out_for(int battles);

/// A leader who fell: killed, wounded (out for some battles) or captured.
struct FallenLeader {
    std::string leader;   ///< a leader's name, or the unit he commands ("Heth/1st Brigade", "Heth")
    LeaderFate fate = LeaderFate::killed;
    std::string camp;     ///< for captured
    int out_for = 1;      ///< for wounded: battles before he may return (1 unless the report says)
};

/// A battery wrecked or captured.
struct LostBattery {
    std::string battery;  ///< "Division/Battery", "Corps/Battery", or a unique battery name
    BatteryFate fate = BatteryFate::wrecked;
    std::string camp;
};

/// A battle and everything that happened to the units in it, applied as one operation.
struct Report {
    std::string name;
    std::optional<Day> date;  ///< none: the campaign's date, if it has one
    std::string place;
    std::vector<std::string> divisions;  ///< that fought; empty: those of the reported brigades
    /// `divisions` are beside those of what it reports (its plan's field, the report naming
    /// none; or those given beside a draft's lines): the reported brigades' own divisions fought
    /// there too.
    bool divisions_planned = false;
    std::vector<BrigadeLoss> brigades;
    std::vector<FallenLeader> leaders;
    std::vector<LostBattery> batteries;
    /// The divisions that fought: seen by the enemy, if any side but theirs was there (muster's
    /// default: a division that fought has been seen), or hidden ones kept hidden.
    Fog engaged = Fog::seen;
    /// Divisions that fought kept hidden though `engaged` shows the rest (by id): those the enemy
    /// never saw that only a draft's lines name, which the report itself does not (muster's own).
    std::set<std::int64_t> kept_hidden;
    /// Whether the enemy reads nothing of a division that fought, by the report.
    bool keeps_hidden(std::int64_t division) const { return engaged != Fog::seen || kept_hidden.count(division) > 0; }
};

/// The largest battle report file muster reads.
inline constexpr size_t k_max_report_bytes = 16 * 1024 * 1024;

/// Reads a muster-battle/1 JSON report; errors name the file and JSON path. Shape only:
/// the units are checked against the campaign when the report is applied.
Report read_report(std::string_view text, const std::string& file);
Report read_report_file(const std::string& path);

/// The command line's forms: "REF=LOST" (--loss), "REF=N@CAMP" (--captured), "REF:FATE"
/// (--leader, --battery; a fate in any case), a camp after a capture only ("REF:captured@CAMP")
/// and the battles out after a wound only ("REF:wounded/BATTLES"; without them, a wounded
/// leader misses `wounded_out_for`). Throw UsageError.
void add_loss_spec(Report& report, std::string_view spec);
void add_captured_spec(Report& report, std::string_view spec);
void add_leader_spec(Report& report, std::string_view spec, int wounded_out_for = 1);
void add_battery_spec(Report& report, std::string_view spec);

}  // namespace muster::battle
