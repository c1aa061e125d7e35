#pragma once
// The battles' rows: battles, the divisions that fought, their losses, the leaders and
// batteries lost, the draft reports the table side fills, and the battles planned before they
// are fought. Writes are called inside Store::run_operation.
#include "campaign/records.hpp"
#include "db/store.hpp"

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace muster::db {

class Battles {
public:
    explicit Battles(const Store& store) : m_store(store) {}

    std::int64_t insert_battle(std::int64_t campaign, std::int64_t operation, const campaign::BattleInfo& battle);
    void insert_battle_division(std::int64_t battle, std::int64_t division, int engaged, bool seen);
    void insert_battle_gun(std::int64_t battle, std::int64_t battery, BatteryFate fate);
    void insert_loss(std::int64_t battle, std::int64_t brigade, int casualties, int captured);
    /// The enemy has read the casualties of `division` return after `battle` (schema 44).
    void set_returns_read(std::int64_t battle, std::int64_t division);
    void set_returned(std::int64_t battle, std::int64_t brigade, int returned);
    /// A leader's fall in a battle as amended: his fate (added if he had none), or none (taken back).
    /// What he was before (`prior`, where he had fallen already out of the enemy's sight) is kept
    /// from the first fall recorded there: a fate changed keeps it.
    /// A fall added takes the name or post he is `known_as` and, above the divisions, the corps or
    /// army he commands, which a fate changed keeps too.
    void set_fallen(std::int64_t battle, std::int64_t leader, std::optional<LeaderFate> fate, std::optional<std::int64_t> division,
                    const std::string& known_as, std::optional<std::int64_t> corps, std::optional<std::int64_t> army,
                    const std::optional<campaign::BattleRecord::Prior>& prior = std::nullopt);
    /// A brigade's loss in a battle as amended (added if it had none).
    void set_loss(std::int64_t battle, const campaign::LossInfo& loss);
    void set_battle_recovered(std::int64_t battle, int rate, Rounding rounding);
    std::vector<campaign::BattleInfo> battles(std::int64_t campaign) const;
    std::vector<campaign::LossInfo> losses(std::int64_t battle) const;
    /// The divisions that fought a battle, by id; with a `reader` side, only its own and the
    /// enemy's it saw there.
    std::vector<std::int64_t> battle_divisions(std::int64_t battle, const std::optional<std::string>& reader = std::nullopt) const;
    /// The stands a brigade had when a battle was reported: the sum of its moves before the
    /// report's `operation` (one undone and redone keeps its moves' operation).
    int stands_when_reported(std::int64_t operation, std::int64_t brigade) const;
    /// Each army's stands moved (their moves summed) by the operation that moved them, from
    /// operation `first` on, of brigades in service then (a brigade out of service now counts
    /// until the operation that took it out): what an army had in service just before an
    /// operation is what it has in service now less what has moved since.
    struct ArmyMoves {
        std::int64_t army = 0;
        std::int64_t operation = 0;
        int stands = 0;
    };
    std::vector<ArmyMoves> army_moves_since(std::int64_t campaign, std::int64_t first) const;
    /// The battles of a campaign that a division of `side` fought, in id order.
    std::vector<campaign::BattleInfo> battles_fought_by(std::int64_t campaign, std::string_view side) const;
    /// The battles of a campaign that `side` knows were fought: those a division of it fought,
    /// and those a division it saw there (and sees still) fought in.
    std::set<std::int64_t> battles_known_to(std::int64_t campaign, std::string_view side) const;
    /// The battles of a campaign that a division of `side` fought that its enemy fought too and
    /// saw it there (and sees still: not hidden).
    std::set<std::int64_t> battles_seen_fought_by(std::int64_t campaign, std::string_view side) const;
    /// The (battle, division) pairs of the campaign's divisions the enemy saw fight in the battle.
    std::set<std::pair<std::int64_t, std::int64_t>> fought_seen(std::int64_t campaign) const;
    /// The divisions that fought with the stands they engaged, the leaders and batteries lost.
    campaign::BattleRecord battle_record(std::int64_t battle) const;

    /// Adds a line to a battle's draft report (inside run_operation: the roll that gave it).
    void insert_draft_line(std::int64_t campaign, const campaign::DraftLine& line);
    /// Takes out of a battle's draft the stands a player submitted earlier
    /// as lost by `brigade`: what they were, none where nothing was.
    std::optional<int> take_submitted_loss(std::int64_t campaign, const std::string& battle, std::int64_t brigade);
    /// A battle's draft report, in the order the rolls added it.
    std::vector<campaign::DraftLine> draft(std::int64_t campaign, const std::string& battle) const;
    /// The battles with a draft report waiting, by name.
    std::vector<campaign::DraftInfo> drafts(std::int64_t campaign) const;
    /// Removes a battle's draft report (applied or discarded).
    void clear_draft(std::int64_t campaign, const std::string& battle);
    /// Removes a battle's draft report as a report of sides `fought` replaces it: all but the
    /// losses the players of another side submitted (drafts() counts them by side).
    void clear_draft_but(std::int64_t campaign, const std::string& battle, const std::set<std::string>& fought);

    /// Plans a battle (open: no battle reported under it yet); returns its id.
    std::int64_t insert_plan(std::int64_t campaign, const campaign::PlanInfo& plan);
    /// Every planned battle of the campaign, open and closed, in the order planned, each with its
    /// divisions in the order the plan was given them.
    std::vector<campaign::PlannedBattle> plans(std::int64_t campaign) const;
    /// Gives a division its part in a plan (added if it had none there).
    void set_plan_division(std::int64_t plan, std::int64_t division, PlanRole role);
    /// Closes a plan: `battle` was reported under its name.
    void close_plan(std::int64_t plan, std::int64_t battle);
    /// Records a change of a unit's state on the table (inside run_operation).
    void insert_draft_state(std::int64_t campaign, const campaign::DraftState& state);
    /// A battle's changes of state on the table, oldest first.
    std::vector<campaign::DraftState> draft_states(std::int64_t campaign, const std::string& battle) const;

private:
    const Store& m_store;
};

}  // namespace muster::db
