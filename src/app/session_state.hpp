#pragma once
// Private to src/app: the store behind a Session, and the steps every operation shares.
#include "app/outcome.hpp"
#include "app/session.hpp"
#include "db/battles.hpp"
#include "db/forces.hpp"
#include "db/history.hpp"
#include "db/leaders.hpp"
#include "db/prisoners.hpp"
#include "db/roster.hpp"
#include "db/season.hpp"
#include "db/store.hpp"
#include "dice/dice.hpp"

#include <functional>
#include <memory>
#include <map>
#include <optional>

namespace muster::app {

class Refs;

struct Session::State {
    State(const std::string& path, Open open, int lock_wait_ms, Catalog c)
        : store(path, open == Open::create ? db::OpenMode::create : db::OpenMode::existing, lock_wait_ms), catalog(std::move(c)) {}
    db::Store store;
    Catalog catalog;
    std::optional<std::string> selected;
    // The pinned rule set never changes, so it is parsed and validated once per campaign.
    std::int64_t rules_campaign = 0;
    std::shared_ptr<const rules::RuleSet> rules;  // shared with the models read from it (they outlive a switch)
    bool own_dice = false;  // Session::roll_own_dice
};

/// One operation on what the organiser names: `change` gets the operation's id and the
/// campaign's roster as read under the write lock, fills the outcome and writes through the store.
/// Where `divisions` gives the divisions everything the change reads belongs to, the roster is
/// theirs alone (Rosters::roster_of); otherwise the whole campaign's.
Outcome named_operation(Session& session, OperationKind kind,
                        const std::function<void(std::int64_t operation, const Refs& refs, Outcome& out)>& change,
                        const std::function<std::optional<std::vector<std::int64_t>>()>& divisions = {});

/// The same operation applied, or (Mode::preview) checked and said alike on the campaign's roster
/// read in one snapshot, writing nothing: `change` is given operation 0 and must not write then.
Outcome named_operation(Session& session, OperationKind kind, Mode mode,
                        const std::function<void(std::int64_t operation, const Refs& refs, Outcome& out)>& change);

/// The dice of an operation that rolls, opened inside its transaction: the seeded dice of the
/// operation's audience and subject (the division arriving, the unit whose commander is rolled:
/// its own stream, so no other roll, the enemy's hidden ones least of all, shifts its numbers)
/// where their counter stands now (under the write lock, so two musters cannot roll the same
/// numbers), or the typed-in rolls (given, the campaign's dice are typed, or the session rolls
/// the organiser's own), every one of which must be used. Opening them sets the operation's audience.
///
/// A stream's numbers follow from its name, which says what the enemy may read of its subject
/// ("french|Ghost"); its counter is kept for its `owner` alone ("division 12", "leader 40"):
/// two subjects of one name (a hidden division once called what a seen one is called now, two
/// leaders drawn one name) each count their own draws, so neither shifts the other's dice.
class OperationDice {
public:
    OperationDice(Session::State& state, const campaign::CampaignInfo& campaign, std::int64_t operation,
                  const Audience& audience, const std::string& subject, const std::string& owner, const std::vector<std::string>& typed);
    dice::Source& source() { return m_typed ? static_cast<dice::Source&>(*m_typed) : m_seeded; }
    /// The dice of one subject of the operation (a brigade's recovery, a unit's table roll): a
    /// seeded stream of its own, named `stream` and counted for `owner`, so what is rolled for it
    /// never moves with what is rolled for anything else (a hidden unit's dice never shift a seen
    /// one's). Typed dice stay one sequence, in the order the organiser rolls them. With the
    /// subject's `division`, the stream is that of the times it has been revealed (seen_since).
    dice::Source& source_for(const std::string& stream, const std::string& owner, std::optional<std::int64_t> division = std::nullopt);
    bool typed() const { return m_typed.has_value(); }
    /// A leader to be named: what he commands (for the journal), at which rank.
    struct Unnamed {
        army::Leader* leader;
        std::string post;
        Rank rank;
    };
    /// Names every unnamed leader in `leaders` from muster's lists for the side (and
    /// nationality), among the names that fit his rank and the time (`year`, the month the
    /// campaign's date gives in that year; 0: the campaign's date), if the campaign draws names:
    /// not a game roll, so always with the seeded dice of the operation's stream, even where the
    /// game's are typed; a name the side's leaders already bear passes to the next, as do the
    /// names in `beside` (those read with the unit: the man a new commander replaces, those
    /// above him, his division's units and their leaders).
    /// Returns the draws.
    std::vector<dice::RollRecord> name_leaders(const db::Store& store, const campaign::CampaignInfo& campaign, const rules::RuleSet& rules,
                                               const std::string& side, const std::string& nationality, int year,
                                               const std::vector<Unnamed>& leaders, const std::vector<std::string>& beside = {});
    /// Journals the rolls before their results are written: applied, or discarded for a
    /// preview. A preview leaves the dice where they were, so doing it for real rolls the same.
    void record(db::Store& store, std::int64_t operation, const std::vector<dice::RollRecord>& rolls, Mode mode);
    /// The same for a roll its preview binds (a recovery, a Fallen Leaders roll, a new
    /// commander's), rolled for `subject` ("battle 12": History::record_rolled_for): done for
    /// real, its rolls and the names drawn must be those the subject's waiting preview showed,
    /// else it is refused, naming `what` ("the recovery of Bemis Heights") and the first roll
    /// that differs, unless the preview was discarded (--discard-preview): no quiet re-roll with other dice.
    void record_previewed(db::Store& store, std::int64_t operation, const std::vector<dice::RollRecord>& rolls, Mode mode,
                          const std::string& subject, const std::string& what, Previewed previewed);

private:
    db::Store& m_store;
    std::int64_t m_campaign;
    std::uint64_t m_seed;
    std::string m_stream, m_owner;                         // the stream's name, and whose counter it is
    // source_for's streams, by where their counters are kept, each with the count it began at
    std::map<std::string, std::pair<dice::SeededSource, std::uint64_t>> m_subjects;
    std::map<std::int64_t, std::string> m_seen_since;  // by division: what its subjects' streams add (seen_since)
    dice::SeededSource m_seeded;
    std::uint64_t m_seeded_from = 0;  // the count the operation's own stream began at
    std::optional<dice::TypedSource> m_typed;
    dice::SeededSource m_names;  // the stream's names: "<stream>|names", kept for the owner as the stream is
    std::vector<dice::RollRecord> m_name_rolls;
};

/// The first roll of `rolls` that is not as `shown` showed it (for, thrown and read), in words
/// ("roll 2 (2nd Brigade returning stands): 4 then, 7 now"; "roll 3 (...): not thrown then, 7
/// now" where one has more); none if they are the same.
std::optional<std::string> rolls_differ(const std::vector<journal::Roll>& shown, const std::vector<dice::RollRecord>& rolls);

/// What the name of a stream of dice of a subject under `division` (its brigades, batteries,
/// commanders) adds for the times the division has been revealed ("#2"; "" before the first):
/// its dice after a reveal come from a stream of their own, so what it rolled while hidden never
/// moves what the enemy then reads of it.
std::string seen_since(const db::Store& store, std::optional<std::int64_t> division);
/// The same for the dice of a unit's commander: a brigade's or a division's by its division, a
/// corps' or an army's by the reveals of its divisions every side reads, so that what it rolled
/// while the enemy saw none of it never moves what the enemy reads once it sees one.
std::string seen_since(const db::Store& store, UnitKind kind, std::int64_t unit);

/// Stores imported armies (read by read_oob) into a campaign inside the caller's operation;
/// refuses a name the campaign already has. Returns a summary ("2 armies, 5 divisions, 14 brigades").
std::string store_imported_oob(db::Store& store, std::int64_t campaign, std::int64_t operation,
                               const army::OrderOfBattle& oob, const rules::RuleSet& rules);
/// What an order of battle holds, as an import says it ("1 army, 1 corps, 2 divisions, 6
/// brigades"): of one side's armies, or (none) of all.
std::string forces_count(const army::OrderOfBattle& oob, const rules::RuleSet& rules, const std::optional<std::string>& side = std::nullopt);

/// A name the organiser gives, by the one name rule (core/names.hpp): returned trimmed.
std::string require_name(const std::string& what, const std::string& name);
/// The same for an army's, corps', division's or brigade's name, which may not begin as a
/// reference to a leader does ("#12", "commander of Heth"): it would be read as his.
std::string require_unit_name(const std::string& what, const std::string& name);
/// A battle's place as given: by the name rule, but for the `/` a place may hold ("Adams
/// County/Cemetery Hill"); returned trimmed, empty for none.
std::string require_place(const std::string& place);

/// A side or theater of the rule set as a person typed it (exactly, ignoring case, or a unique
/// beginning): its id; else UsageError listing them, with the nearest.
std::string side_id(const rules::RuleSet& rules, const std::string& typed);
std::string theater_id(const rules::RuleSet& rules, const std::string& typed);
/// A day within the rule set's years (else UsageError naming `what`: "date", "battle date").
void require_in_years(const rules::RuleSet& rules, const Day& day, const std::string& what);
/// The campaign's date is a day within the rule set's years; its theater one of
/// the rule set's (else UsageError).
void check_date_and_theater(const rules::RuleSet& rules, const campaign::CampaignInfo& campaign);
/// The campaign's stored theater, one of its rule set's: one that is not is damage (Damaged).
void require_stored_theater(const rules::RuleSet& rules, const campaign::CampaignInfo& campaign);
/// The division, corps or army a person named: exactly, ignoring case, or by the one name it
/// begins; else NotFoundError with the nearest names (an ambiguous beginning: UsageError).
db::DivisionRef division_named(const db::Store& store, const campaign::CampaignInfo& campaign, const std::string& typed);
/// A corps or an army a person named: its id, its side and its name as the campaign spells it.
struct UnitFound {
    std::int64_t id = 0;
    std::string side, name;
};
UnitFound corps_named(const db::Store& store, const campaign::CampaignInfo& campaign, const std::string& typed);
UnitFound army_named(const db::Store& store, const campaign::CampaignInfo& campaign, const std::string& typed);
/// After stands came back to a brigade (returned, freed, exchanged): one they took above its
/// start strength is labelled for its new strength (the ledger takes it as given), where the rule
/// set's table has a label for that many; a line for the outcome says so, or says why not.
void relabel_above_start(db::Store& store, const rules::RuleSet& rules, std::int64_t brigade, const std::string& ref, Outcome& out);
/// The same, giving the line (none: the brigade is not above its start).
std::optional<std::string> relabel_above_start(db::Store& store, const rules::RuleSet& rules, std::int64_t brigade, const std::string& ref);
/// What relabel_above_start would do and say of `b` (called `ref`) at `stands`, writing nothing (a
/// preview's): the label it would take (none: it keeps its own) and the line; none where not above its start.
std::optional<std::pair<const rules::EffectivenessLabel*, std::string>> above_start(const rules::RuleSet& rules, const army::BrigadeRecord& b, int stands,
                                                                                    const std::string& ref);

/// A side the campaign's rows name: one its rule set does not have is damage, refused naming it
/// and pointing at muster check.
const rules::Side& stored_side(const rules::RuleSet& rules, const std::string& id);

/// The battle whose draft report a person named (as people type names), else NotFoundError
/// with the nearest.
std::string draft_named(const db::Store& store, const rules::RuleSet& rules, std::int64_t campaign, const std::string& typed);

/// The umpire, or a side of the rule set (else UsageError listing them).
void require_view(const rules::RuleSet& rules, const View& viewer);

/// The operation kind of a rolled operation: itself, or a preview.
inline OperationKind kind_or_preview(OperationKind kind, Mode mode) { return mode == Mode::preview ? OperationKind::preview : kind; }

}  // namespace muster::app
