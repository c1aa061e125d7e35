#pragma once
// Finding the units, leaders, batteries and camps the organiser names, with errors that say
// what to write instead. Built from one read of the campaign; used inside an operation.
#include "db/campaign_store.hpp"

#include <string>
#include <vector>

namespace muster::app {

class Refs {
public:
    Refs(const db::CampaignStore& store, std::int64_t campaign);

    /// "Division/Brigade", or a brigade name unique in the campaign.
    const db::BrigadeRow& brigade(const std::string& ref) const;
    /// A leader's name, or the unit he commands ("Heth/1st Brigade", "Heth", a corps or army).
    const db::LeaderRow& leader(const std::string& ref) const;
    /// The leader commanding a unit ("Heth/1st Brigade", "Heth", a corps or army), if any; the
    /// unit must exist. Returns (unit kind, unit id, current commander or nullptr).
    struct Unit {
        std::string kind;  ///< brigade, division, corps, army
        std::int64_t id = 0;
        std::string side;
        const db::LeaderRow* commander = nullptr;
    };
    Unit unit(const std::string& ref) const;
    /// "Owner/Battery", or a battery name unique in the campaign.
    const db::BatteryRow& battery(const std::string& ref) const;
    const db::CampRow& camp(const std::string& name) const;

    const db::BrigadeRow* brigade_by_id(std::int64_t id) const;
    const db::LeaderRow* leader_by_id(std::int64_t id) const;
    const db::BatteryRow* battery_by_id(std::int64_t id) const;
    const std::vector<db::CampRow>& camps() const { return m_camps; }
    const std::vector<db::Holding>& holdings() const { return m_holdings; }
    /// How a held thing reads: "3 stands of Heth/1st Brigade", "leader Archer (brigadier, ...)".
    std::string describe(const db::Holding& h) const;
    std::string describe(const db::ExchangeItem& item) const;

private:
    const db::CampaignStore& m_store;
    std::int64_t m_campaign;
    std::vector<db::BrigadeRow> m_brigades;
    std::vector<db::LeaderRow> m_leaders;
    std::vector<db::BatteryRow> m_batteries;
    std::vector<db::CampRow> m_camps;
    std::vector<db::Holding> m_holdings;
};

}  // namespace muster::app
