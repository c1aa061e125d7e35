#pragma once
// Private to src/app: the state behind CampaignService, shared by its implementation files.
#include "app/campaign_service.hpp"

#include <functional>
#include <optional>

namespace muster::app {

struct CampaignService::State {
    State(const std::string& path, bool create, int lock_wait_ms, Catalog c)
        : store(path, create ? db::OpenMode::create : db::OpenMode::existing, lock_wait_ms), catalog(std::move(c)) {}
    db::CampaignStore store;
    Catalog catalog;
    std::optional<std::string> selected;
    // The pinned rule set never changes, so it is parsed and validated once per campaign.
    std::int64_t rules_campaign = 0;
    std::optional<rules::RuleSet> rules;
};

/// What a rolled operation worked out, and how to write it (not run for a preview).
struct CampaignService::Planned {
    Outcome outcome;
    std::function<void()> apply;
};

}  // namespace muster::app
