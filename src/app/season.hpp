#pragma once
// The campaign season: its clock (the turn and the date, turns of so many days) and the
// reinforcement schedule (which division is due on which turn), rolled up as turns pass.
#include "app/arrivals.hpp"
#include "app/battles.hpp"
#include "app/outcome.hpp"
#include "app/session.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace muster::app {

/// A division in the schedule, with the date its turn begins (when the campaign has a date and
/// its turns a length).
struct Scheduled {
    campaign::ScheduleEntry entry;
    std::optional<Day> date;
};

/// Where the campaign stands: its turn and date, and what is due.
struct TurnView {
    Turn turn = Turn::first();
    std::optional<Day> date;
    std::optional<int> turn_days;
    std::vector<Scheduled> due;   ///< scheduled for this turn or an earlier one, not yet arrived
    std::vector<Scheduled> next;  ///< scheduled for the next turn
};

/// The divisions due that rolled up, and those that wait for the organiser's dice.
struct DueArrivals {
    std::vector<Arrival> arrivals;
    std::vector<std::string> waiting;  ///< due, left to be rolled up with the organiser's dice
    /// What the turn that ended left waiting on the umpire (open_work), read before the turn is
    /// saved: a file damaged where it reads is refused whole, as `turn` refuses it.
    std::vector<std::string> open_work;
};

/// What a turn's passing did: the new turn, and each division due that rolled up.
struct TurnResult {
    Turn turn = Turn::first();
    std::optional<Day> date;
    std::int64_t operation = 0;
    std::vector<Arrival> arrivals;
    std::vector<std::string> waiting;  ///< due, left to be rolled up with the organiser's dice
    /// What the turn that ended left waiting on the umpire (open_work), read before the turn is
    /// saved: a file damaged where it reads is refused whole, as `turn` refuses it.
    std::vector<std::string> open_work;
};

/// A turn as a view may read it: what arrived, the battles with their losses and captures, the
/// casualties returned, the fallen leaders, the exchanges made and those awaiting an answer,
/// and each side's stands in service when it began and when it ended (or now). A side reads
/// only what its journal shows it, and counts only its own stands.
struct TurnReport {
    std::string campaign;
    View viewer = View::umpire();
    Turn turn = Turn::first();
    std::optional<Day> date;  ///< the date it began, when the campaign keeps one
    bool current = false;     ///< the campaign's turn: it has not ended
    std::vector<std::string> arrived;
    std::vector<BattleSummary> battles;
    std::vector<std::string> amended;    ///< battles amended (of this turn or an earlier one)
    std::vector<std::string> returned;   ///< the casualties' returns
    std::vector<std::string> brigades;   ///< brigades merged, disbanded and destroyed
    std::vector<std::string> leaders;    ///< Fallen Leaders rolls, leaders replaced, assigned, attached, downgraded and back from their wounds
    std::vector<std::string> by_hand;    ///< units entered by hand, brigades relabelled, nationalities set
    std::vector<std::string> exchanges;  ///< exchanges proposed, accepted and refused, camps liberated
    std::vector<std::string> awaiting;   ///< exchange proposals awaiting an answer, now
    struct Stands {
        std::string side;
        int before = 0, after = 0;
    };
    std::vector<Stands> stands;
};

/// The report as text, as `turn report` prints it and a side's handout holds it (turn.txt).
std::string turn_report_text(const rules::RuleSet& rules, const TurnReport& report);

class Season {
public:
    explicit Season(Session& session) : m_session(session) {}
    TurnView now() const;
    /// The date a turn began or begins, when it has one: a past turn's as it was when the turn
    /// ended, the present turn's the campaign's date, a later one's counted on from it.
    std::optional<Day> began(Turn turn) const;
    /// What waits on the organiser (the umpire's, for it names hidden work too), each with the
    /// command that does it: battles planned and not reported, drafts of losses waiting, battles
    /// whose casualties have not returned, wounded leaders who may return.
    std::vector<std::string> open_work() const;
    /// The whole schedule, by turn (the umpire's: it says who is coming).
    std::vector<Scheduled> schedule() const;
    /// Puts a placeholder division in the schedule for a turn, or for the turn that holds a date
    /// (the campaign needs a date and a turn length for that); an undoable operation.
    Scheduled schedule_division(const std::string& division, std::optional<Turn> turn, std::optional<Day> date);
    /// Takes a division off the schedule.
    Outcome unschedule(const std::string& division);
    /// How one division due is rolled up: by default Arrivals::arrive; a front end that asks for
    /// the organiser's dice wraps it. Where it gives nothing the division stays due, as waiting:
    /// a front end that asks for dice between frames rolls it up afterwards.
    using ArriveFn = std::function<std::optional<Arrival>(const ArrivalRequest&)>;
    /// Every division due on this turn or before that has not arrived arrives, each as its own
    /// operation with its rolls in the journal, hidden as usual (a campaign that begins with
    /// divisions due on turn 1 brings them on so). All or none: one that cannot arrive is named
    /// and none of them is kept (one transaction: other writers wait meanwhile, also while dice
    /// are asked for).
    DueArrivals arrive_due(const ArriveFn& arrive = {});
    /// What is still due this turn arrives (on this turn, at its date); then the next turn
    /// begins (the date moves on by the turn's length) as one operation, and every division due
    /// on it arrives. All or nothing, as arrive_due: a division due that cannot arrive is named
    /// and the turn does not begin.
    TurnResult next_turn(const ArriveFn& arrive = {});
    /// Turn `turn` (none: the campaign's) as `viewer` may read it. Refused for a turn to come,
    /// and for one the journal holds no beginning of. Its battles are summarized from the campaign
    /// `read` already, where given (in the caller's read snapshot).
    TurnReport report(std::optional<Turn> turn, const View& viewer, std::optional<ReadCampaign> read = std::nullopt) const;

private:
    TurnResult begin_turn(const ArriveFn& arrive);
    DueArrivals arrive_due(const ArriveFn& arrive, Turn up_to, std::optional<Turn> from, const std::string& stops);
    Session& m_session;
};

}  // namespace muster::app
