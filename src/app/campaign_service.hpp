#pragma once
#include "app/catalog.hpp"
#include "army/division.hpp"
#include "db/campaign_store.hpp"
#include "journal/journal.hpp"
#include "rules/rule_set.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace muster::app {

/// The default campaign database: <data dir>/campaigns.db.
std::string default_db_path();

/// Settings of a new campaign.
struct NewCampaign {
    std::string name;
    std::string rules;                  ///< rule set id or .json path; a copy is pinned
    int return_rate = 50;               ///< percent of casualties that return after a battle
    std::string rounding = "roll";      ///< fractions of stands: down, half_up or roll
    std::string despicable = "expanded";///< expanded (the article's DP rule) or book (as average)
    std::string dice = "seeded";        ///< seeded or typed
    std::optional<std::uint64_t> seed;  ///< none: a fresh one
};

/// A leader entered by hand: grade empty means none.
struct LeaderEntry {
    std::string name;
    std::string grade;
};

/// A brigade entered by hand (a historical unit).
struct BrigadeEntry {
    std::string division;
    std::string name;
    std::string rating;
    int stands = 0;
    std::optional<int> start;  ///< start strength when not `stands`
    std::string label;         ///< "6/5/3"; empty: from the rule set's effectiveness table
    std::string arm;           ///< empty: the division's
    LeaderEntry commander;
};

/// Where a hand-entered battery goes: exactly one of these.
struct BatteryEntry {
    std::string name;
    std::string division;
    std::string corps;  ///< the corps' reserve
    std::string army;   ///< the army's reserve
};

struct ArrivalRequest {
    std::string division;
    std::optional<int> year;
    std::optional<std::string> theater;
    std::vector<std::string> rolls;  ///< typed-in dice; empty: the campaign's seeded dice
    bool preview = false;            ///< roll and show; store nothing but the (discarded) rolls
};

struct Arrival {
    army::Division division;
    std::int64_t operation = 0;
    bool preview = false;
    std::string source;  ///< seeded or typed
};

/// Which forces, as whom: `side` filters the armies; `viewer` is "umpire" or a side id.
struct OobRequest {
    std::optional<std::string> side;
    std::string viewer = "umpire";
};

/// Every use case of a campaign database, for the CLI and the GUI alike. Each change is one
/// operation of the store: one transaction, one journal entry, undoable.
class CampaignService {
public:
    /// Opens `db_path` (empty: the default database). `create` makes the file if missing;
    /// `lock_wait_ms` is how long to wait for another muster's write lock before giving up.
    CampaignService(std::string db_path, bool create, int lock_wait_ms = 5000, Catalog catalog = default_catalog());
    ~CampaignService();
    CampaignService(CampaignService&&) noexcept;
    CampaignService& operator=(CampaignService&&) noexcept;

    const std::string& db_path() const;

    db::CampaignRow create_campaign(const NewCampaign& request);
    std::vector<db::CampaignRow> campaigns() const;
    /// Acts on this campaign from now on (the CLI's --campaign).
    void select_campaign(const std::string& name);
    /// Makes a campaign the file's current one (what commands act on without --campaign).
    void use_campaign(const std::string& name);
    /// The campaign commands act on: the selected one, else the file's current one, else the only one.
    db::CampaignRow current() const;
    /// The rule set the current campaign pinned when it was created (loaded once per campaign).
    const rules::RuleSet& rules() const;

    void add_army(const std::string& side, const std::string& name, const LeaderEntry& commander);
    void add_corps(const std::string& army, const std::string& name, const LeaderEntry& commander);
    void add_division(const std::string& corps, const std::string& name, const std::string& arm);
    void add_brigade(const BrigadeEntry& entry);
    void add_battery(const BatteryEntry& entry);

    /// A division arrives: rolled up with the pinned rule set and the campaign's dice (or the
    /// typed ones), stored, hidden from the other side. A preview stores only its rolls, as discarded.
    Arrival arrive(const ArrivalRequest& request);
    /// Shows a division to the other side (or hides it again).
    void reveal(const std::string& division, bool hidden = false);

    army::OrderOfBattle order_of_battle(const OobRequest& request) const;
    std::vector<journal::Entry> journal() const;
    journal::Entry undo();
    db::CheckReport check() const;
    void backup(const std::string& dest) const;
    /// Adds the armies of an OOB JSON file (muster-oob/1) to the current campaign, all or nothing.
    std::string import_oob(const std::string& file);

private:
    struct State;
    std::unique_ptr<State> m;
};

}  // namespace muster::app
