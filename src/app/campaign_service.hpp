#pragma once
#include "app/catalog.hpp"
#include "army/division.hpp"
#include "battle/report.hpp"
#include "export/oob.hpp"
#include "db/campaign_store.hpp"
#include "journal/journal.hpp"
#include "rules/rule_set.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace muster::app {

class Refs;

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
    std::optional<int> men_per_stand;   ///< none: the rule set's scale, if it has one
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
};

/// A campaign's settings that may change mid-campaign (each change is an undoable operation).
struct CampaignSettings {
    std::optional<int> return_rate;
    std::optional<std::string> rounding;
    std::optional<std::string> despicable;
    std::optional<int> men_per_stand;
};

/// What an operation did, line by line, for the organiser to read (and to preview).
struct Outcome {
    std::int64_t operation = 0;  ///< its journal entry; 0 for a preview that rolled nothing
    bool preview = false;
    std::string summary;
    std::vector<std::string> lines;
    std::vector<dice::RollRecord> rolls;
};

/// One side's proposal: prisoners it offers (it holds them) and asks for (the other side holds).
/// Items: "stands:REF=N" (N stands of a brigade), "leader:REF", "battery:REF".
struct ExchangeProposal {
    std::string from;
    std::string with;  ///< the other side; may be left out when the rule set has two sides
    std::vector<std::string> offer;
    std::vector<std::string> ask;
    std::string note;
};

/// A camp and what it holds, as lines ("3 stands of Heth/1st Brigade").
struct CampView {
    db::CampRow camp;
    std::vector<std::string> holds;
};

/// One thing held in a camp, as the prisoners screen lists it.
struct HeldItem {
    std::string camp;
    bool camp_liberated = false;
    std::string holder;  ///< the captor side
    std::string owner;   ///< the prisoner's side
    std::string kind;    ///< stands, leader, battery
    std::string spec;    ///< for an exchange item: "stands:Heth/1st Brigade" (add "=N"), "leader:...", "battery:..."
    std::string text;    ///< "3 stands of Heth/1st Brigade"
    int stands = 0;
};

/// A proposal with its lines and, where the rule set has a cartel, their values in privates.
struct ExchangeView {
    db::ExchangeRow row;
    std::vector<std::string> offer;
    std::vector<std::string> ask;
    std::string balance;  ///< "offers 60 privates, asks 80: unbalanced by 20", or why it cannot be weighed
};

/// What to export: which forces, as whom, in which format.
struct ExportRequest {
    std::optional<std::string> side;    ///< only this side's armies
    std::string viewer = "umpire";      ///< umpire or a side id: what that side has seen
    std::optional<std::string> battle;  ///< only the divisions that fought this battle
    std::string format = "text";        ///< text, md, csv, html, json, pdf (labels: html, pdf)
    std::string date;                   ///< printed on every page; empty: today
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
    /// For a front end that shows the campaign between changes (the GUI): what it shows is up
    /// to date now; a later change is refused (db::StaleError) if another muster wrote first.
    void seen();
    /// The current campaign's newest journal entry (to notice another muster's changes).
    std::int64_t last_operation() const;
    /// The rule set the current campaign pinned when it was created (loaded once per campaign).
    const rules::RuleSet& rules() const;

    void add_army(const std::string& side, const std::string& name, const LeaderEntry& commander);
    void add_corps(const std::string& army, const std::string& name, const LeaderEntry& commander);
    void add_division(const std::string& corps, const std::string& name, const std::string& arm);
    void add_brigade(const BrigadeEntry& entry);
    void add_battery(const BatteryEntry& entry);
    /// Renames an army, corps, division or brigade ("Division/Brigade"), or names a leader
    /// (by his name or the unit he commands).
    void rename(const std::string& kind, const std::string& ref, const std::string& new_name);

    /// A division arrives: rolled up with the pinned rule set and the campaign's dice (or the
    /// typed ones), stored, hidden from the other side. A preview stores only its rolls, as discarded.
    Arrival arrive(const ArrivalRequest& request);
    /// Rolls a division with typed dice and stores nothing, not even the rolls: for a front end
    /// asking for physical dice one at a time. Throws dice::RollNeeded naming the next roll.
    army::Division dry_run_arrival(const ArrivalRequest& request) const;
    /// Shows a division to the other side (or hides it again).
    void reveal(const std::string& division, bool hidden = false);

    army::OrderOfBattle order_of_battle(const OobRequest& request) const;
    std::vector<journal::Entry> journal() const;
    journal::Entry undo();
    db::CheckReport check() const;
    void backup(const std::string& dest) const;
    /// The order of battle in a format, as bytes (the same snapshot for every format).
    std::string export_oob(const ExportRequest& request) const;
    /// A sheet of brigade labels (html or pdf).
    std::string export_labels(const ExportRequest& request, const exporter::LabelSheet& sheet) const;

    /// Adds the armies of an OOB JSON file (muster-oob/1) to the current campaign, all or nothing.
    std::string import_oob(const std::string& file);
    void change_settings(const CampaignSettings& settings);

    // --- after the battle ----------------------------------------------------------------
    /// Records a battle and everything lost in it, checked as a whole, as one operation.
    /// A preview checks and describes it and stores nothing.
    Outcome report_battle(const battle::Report& report, bool preview);
    /// Casualties of a battle return at the campaign's rate and rounding; prisoners do not.
    Outcome recover(const std::string& battle, const std::vector<std::string>& rolls, bool preview);
    std::vector<db::BattleRow> battles() const;

    void add_camp(const std::string& side, const std::string& name);
    std::vector<CampView> camps() const;
    /// Everything held in every camp, with the spec an exchange names it by.
    std::vector<HeldItem> held() const;
    /// Everyone held in the camp goes home; the camp is marked liberated.
    Outcome liberate(const std::string& camp);

    ExchangeView propose_exchange(const ExchangeProposal& proposal);
    /// The other side accepts (everyone in it goes home, atomically) or refuses.
    Outcome answer_exchange(std::int64_t id, const std::string& side, bool accept);
    std::vector<ExchangeView> exchanges() const;

    std::vector<db::LeaderRow> leaders() const;
    /// Every brigade with its division, side, strength and status (the battle report's rows).
    std::vector<db::BrigadeRow> brigades() const;
    /// Rolls a new commander for a unit ("Heth/1st Brigade", "Heth", a corps or army) on the
    /// rule set's leader table. A fallen commander is replaced; a standing one only if his
    /// grade allows it (a despicable brigadier keeps his brigade).
    Outcome replace_leader(const std::string& unit, std::optional<int> year, const std::vector<std::string>& rolls, bool preview);
    /// Rolls the rule set's Fallen Leaders table for a leader who may have fallen and applies it:
    /// killed, wounded (out for `out_for` battles) or no effect.
    Outcome leader_casualty(const std::string& leader, int out_for, const std::vector<std::string>& rolls, bool preview);
    /// A wounded leader returns once the battles he was out for have been fought.
    Outcome return_leader(const std::string& leader);

    Outcome disband_brigade(const std::string& brigade);
    Outcome destroy_brigade(const std::string& brigade);
    /// Moves all of a brigade's stands into another of the same side.
    Outcome merge_brigade(const std::string& from, const std::string& into);

private:
    /// Runs an operation that may roll dice: seeded (advancing the campaign's counter unless a
    /// preview) or typed; the rolls are journaled, as discarded for a preview.
    struct Planned;
    /// One operation that finds what the organiser named (Refs) and says what it did.
    Outcome named_operation(std::string_view kind,
                            const std::function<void(std::int64_t operation, const Refs& refs, Outcome& out)>& change);
    ExchangeView describe_exchange(const Refs& refs, const db::ExchangeRow& row) const;
    Outcome rolled_operation(std::string_view kind, const std::vector<std::string>& typed, bool preview,
                             const std::function<Planned(std::int64_t operation, dice::Source& dice)>& change);
    struct State;
    std::unique_ptr<State> m;
};

}  // namespace muster::app
