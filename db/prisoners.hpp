#pragma once
// The prisoners' rows: camps, what they hold, exchanges. Writes are called inside
// Store::run_operation.
#include "campaign/records.hpp"
#include "db/store.hpp"

#include <cstdint>
#include <optional>
#include <utility>
#include <string_view>
#include <vector>

namespace muster::db {

class Prisoners {
public:
    explicit Prisoners(const Store& store) : m_store(store) {}

    std::int64_t insert_camp(std::int64_t campaign, std::string_view side, std::string_view name);
    /// The divisions an exchange's items (the campaign's exchange of that number) belong to: its brigades' and its batteries'; none where
    /// one of them is a leader or a reserve battery (which no division holds), or it has no items.
    std::optional<std::vector<std::int64_t>> exchange_divisions(std::int64_t campaign, std::int64_t number) const;
    /// What the camps and exchanges name: the divisions of the brigades and batteries they hold
    /// or trade, and of the brigades and divisions their leaders command (`divisions`), and those
    /// leaders (`leaders`). A reserve battery's division is not among them, nor every unit an
    /// unnamed leader's label depends on: a reader checks each is found, and named, and reads the
    /// whole campaign where one is not.
    struct Named {
        std::vector<std::int64_t> divisions, leaders;
    };
    Named named_in_camps(std::int64_t campaign) const;
    void set_camp_liberated(std::int64_t camp);
    /// Adds stands of a brigade to what a camp holds.
    /// Into a camp, called `known_as` (the name the captor took them under; more stands of a
    /// brigade the camp holds keep the first name).
    void hold_stands(std::int64_t camp, std::int64_t brigade, int stands, const std::string& known_as);
    void hold_leader(std::int64_t camp, std::int64_t leader, const std::string& known_as);
    void hold_battery(std::int64_t camp, std::int64_t battery, const std::string& known_as);
    /// Takes `stands` (all, for a leader or battery) out of a holding; removes it when empty.
    void release(const campaign::Holding& holding, int stands);
    /// Its id, and its number within its campaign (the next after its last).
    std::pair<std::int64_t, std::int64_t> insert_exchange(std::int64_t campaign, const campaign::ExchangeInfo& exchange);
    /// An exchange answered: its status, and what the cartel weighed it at then (privates offered, asked).
    void answer_exchange(std::int64_t exchange, ExchangeStatus status, std::optional<std::pair<long, long>> weighed);
    std::vector<campaign::CampInfo> camps(std::int64_t campaign) const;
    std::vector<campaign::Holding> holdings(std::int64_t campaign) const;
    std::vector<campaign::ExchangeInfo> exchanges(std::int64_t campaign) const;

private:
    const Store& m_store;
};

}  // namespace muster::db
