#pragma once
// Leaders: who commands what, replacements rolled on the rule set's leader table, the Fallen
// Leaders table, and the return of the wounded.
#include "app/outcome.hpp"
#include "app/session.hpp"
#include "army/division.hpp"
#include "core/record_list.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace muster::app {

/// A sound commander in the way of a replacement or an assignment: kept (the operation is
/// refused), or displaced by the organiser's choice.
enum class Displace { keep, replace };

class Leaders {
public:
    explicit Leaders(Session& session) : m_session(session) {}
    /// Every leader `viewer` may see (see leaders_seen_by), with the unit he commands.
    std::vector<army::Leader> list(const View& viewer = View::umpire()) const;
    /// For each wounded leader among `leaders` (as a list gives them), by his id: the battles
    /// fought since he fell that count toward his return (see return_leader).
    std::map<std::int64_t, int> battles_since_fall(const std::vector<army::Leader>& leaders) const;
    std::map<std::int64_t, int> battles_since_fall(const RecordList<army::Leader>& leaders) const;
    /// His state as a list shows it; wounded, his time out as it counts down, from
    /// `battles_since_fall` ("wounded (out for 2 battles, 1 fought since)", "... : may return)").
    static std::string state_text(const army::Leader& l, const std::map<std::int64_t, int>& since_fall);
    /// Rolls a new commander for a unit ("Heth/1st Brigade", "Heth", a corps or army) on the
    /// rule set's leader table. A fallen commander (or none) is replaced; a sound one only by the
    /// organiser's choice (`force`), and only if his grade allows it (a despicable brigadier
    /// keeps his brigade). `name`: the new commander's (else none); `grade`: his, as given (a
    /// historical commander's), where it is not to be rolled. Done for real, it rolls what its
    /// waiting preview showed (the grade, the name drawn), or is refused, unless it was discarded.
    Outcome replace_leader(const std::string& unit, std::optional<int> year, const std::vector<std::string>& rolls, Mode mode,
                           Displace sound, const std::string& name = "", const std::string& grade = "", Previewed previewed = Previewed::held);
    /// Puts a leader of the unit's side who commands nothing (returned from wounds, exchanged,
    /// displaced) in command of a unit, at its rank; a sound commander there is displaced only
    /// by the organiser's choice (`force`), as for a replacement.
    Outcome assign(const std::string& leader, const std::string& unit, Displace sound);
    /// Rolls the rule set's Fallen Leaders table for a leader who may have fallen and applies it:
    /// killed, wounded (out for `out_for` battles) or no effect. Done for real, it rolls what its
    /// waiting preview showed, or is refused, unless it was discarded.
    Outcome leader_casualty(const std::string& leader, int out_for, const std::vector<std::string>& rolls, Mode mode, Previewed previewed = Previewed::held);
    /// The leader's grade, his side's secret until now, is shown to every side from now on (the
    /// umpire does it for the owner: at the table, or as a rule requires); journalled for all.
    Outcome reveal_grade(const std::string& leader);
    /// A corps leader whose grade seeks company (source 003's despicable corps leader) is
    /// attached to one division leader of his corps, his side's choice, until either is removed
    /// from play; neither is displaced or assigned elsewhere meanwhile. Journalled for his side.
    Outcome attach(const std::string& corps_leader, const std::string& division_leader);
    /// The penalty for forgetting to reveal a grade its owner must reveal: the opponent
    /// downgrades one leader in play of a grade the rule set names (an average one, never an
    /// exceptional one) to that grade. Journalled for every side (the grade is known from then).
    Outcome penalty(const std::string& leader);
    /// A wounded leader returns once the battles he was out for have been fought.
    Outcome return_leader(const std::string& leader);

private:
    Session& m_session;
};

/// How a commander who fell out of the enemy's sight, one his grade keeps in command (a
/// despicable brigadier), is replaced: his fall recorded where the enemy sees it, in words.
std::string fall_to_record(const std::string& unit, LeaderStatus status);

/// The leaders `viewer` may see: a side, all its own; of the enemy, those commanding what its
/// view of the order of battle shows (`all`: the umpire's), and those its camps hold.
std::vector<army::Leader> leaders_seen_by(const campaign::Roster& roster, const army::OrderOfBattle& all,
                                                  const View& viewer);
/// The same, as their places in `roster.leaders`; with `held_only`, those of them the viewer
/// sees only as its prisoners (their command not in its view), each as its camp calls him
/// (held_as_seen).
std::vector<size_t> leaders_seen_at(const campaign::Roster& roster, const army::OrderOfBattle& all, const View& viewer,
                                    std::map<size_t, army::Leader>* held_only = nullptr);
/// An enemy leader a side holds and sees only as its prisoner: his grade as the enemy sees it,
/// no command, and named as the camp took him (the enemy may since have replaced or renamed him
/// out of the side's sight).
army::Leader held_as_seen(const army::Leader& leader, const std::string& known_as);

}  // namespace muster::app
