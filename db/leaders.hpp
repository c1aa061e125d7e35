#pragma once
// The leaders' rows: leaders, whom they command, their fates. Writes are called inside
// Store::run_operation.
#include "army/division.hpp"
#include "db/store.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace muster::db {

class Leaders {
public:
    explicit Leaders(const Store& store) : m_store(store) {}

    std::int64_t insert_leader(std::int64_t campaign, std::string_view side, Rank rank, const army::Leader& leader);
    /// Puts `leader` in command of the unit, at the post's `rank`; the leader he replaces keeps
    /// `post` (the unit as named now) as his former post.
    void set_commander(UnitKind unit_kind, std::int64_t unit, std::int64_t leader, Rank rank, const std::string& post);
    /// A brigade going out of service (merged, disbanded, destroyed) is commanded by no one: its
    /// commander and Alternate leave it, keeping `post` (as it is named) as their former post,
    /// free to be given another unit. Every side that reads the brigade reads it go.
    void leave_brigade(std::int64_t brigade, const std::string& post);
    /// A brigade's Alternate commander takes its command: its commander (set_commander), and it
    /// has no Alternate after.
    void promote_alternate(std::int64_t brigade, const std::string& post);
    /// Ends the attachment of a corps leader, or to a division leader (displaced, or back from a
    /// fall the enemy saw: a fall alone does not end it, for the enemy reads it as before a fall
    /// it did not see).
    void end_attachments(std::int64_t leader);
    /// His status; fallen, in `fell_in` (or, `by_roll`, to a casualty roll in no battle after it:
    /// no enemy saw it), out for `out_battles`.
    void set_leader_status(std::int64_t leader, LeaderStatus status, std::optional<std::int64_t> fell_in, std::optional<int> out_battles,
                           bool by_roll = false);
    /// Attaches a corps leader to a division leader, until either is displaced (or, in play to
    /// his side, falls).
    void attach(std::int64_t corps_leader, std::int64_t division_leader);
    /// His grade is `grade`, as rolled and in play, and every side may read it (a penalty).
    void set_grade(std::int64_t leader, std::string_view grade);
    /// The campaign's leaders rolled `rolled` (a grade played by the book as `book`) play as
    /// `plays`: one of the two, as the campaign's despicable setting says.
    void play_rolled_grade(std::int64_t campaign, std::string_view rolled, std::string_view book, std::string_view plays);
    /// The enemy may read his grade from now on.
    void reveal_grade(std::int64_t leader);
    /// Every leader of the campaign, by id, with the unit he commands.
    std::vector<army::Leader> leaders(std::int64_t campaign) const;
    /// The leaders commanding the given divisions (ids as a JSON array), their brigades, corps
    /// and armies, and those attached to them, each with his command: what an operation on a
    /// few divisions reads of the leaders; and the leaders `also` (ids), whatever they command.
    std::vector<army::Leader> leaders_of(std::int64_t campaign, const std::string& divisions, const std::vector<std::int64_t>& also = {}) const;
    /// A leader of the campaign who bears `name` but for case, or a placeholder's commander known
    /// by it (named when it was added), his name as spelled; none: no one.
    std::optional<std::string> leader_named(std::int64_t campaign, std::string_view name) const;
    /// Every name those bear (leader_named's), as spelled.
    std::vector<std::string> leader_names(std::int64_t campaign) const;
    /// Whether what every side sees of `side` holds `name`: one of its armies, corps or divisions
    /// not hidden is called so, or a leader commanding one of them (or a brigade of such a
    /// division) bears it. What is hidden is never consulted: a name drawn must not depend on it.
    bool leader_name_taken(std::int64_t campaign, std::string_view side, std::string_view name) const;

private:
    const Store& m_store;
};

}  // namespace muster::db
