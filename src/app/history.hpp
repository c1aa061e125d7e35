#pragma once
// Looking back: the journal of operations and rolls, undo, the ledger check, backups.
#include "app/session.hpp"
#include "core/error.hpp"
#include "journal/journal.hpp"

#include <string>
#include <vector>

namespace muster::app {

/// The refusal of an undo (a redo) with nothing to take back (do again).
Error nothing_to_take(bool redo);

class History {
public:
    explicit History(Session& session) : m_session(session) {}
    /// The current campaign's journal, oldest first, as `viewer` may read it: a side reads the
    /// operations of its own forces, and of the others only what it is party to (battles it
    /// fought, exchanges, reveals, the campaign's settings), numbered 1, 2, ... in its view;
    /// given `newest`, only so many of the newest.
    std::vector<journal::Entry> journal(const View& viewer = View::umpire(), std::optional<int> newest = std::nullopt) const;
    /// Reverses the last step exactly (an operation, or a turn with everything it brought): one
    /// new journal entry an operation it took back, newest first. A step holding a player's
    /// operation (made through his link) is refused unless `players_too`.
    std::vector<journal::Entry> undo(bool players_too = false);
    /// Does again exactly, with the same rolls, the step undone last, unless an operation was
    /// made since: one new journal entry an operation, in the order first made.
    std::vector<journal::Entry> redo();
    /// What undo would take back (newest first), or redo do again (in that order), as the umpire
    /// reads it; empty: nothing.
    std::vector<journal::Entry> plan(bool redo) const;
    /// The whole file: integrity, and every stand's ledger.
    campaign::CheckReport check() const;
    /// Refuses a file SQLite's quick check finds damaged, saying `instead` was not done.
    void require_whole(const std::string& instead) const;
    /// A consistent copy of the database file at `dest` (which must not exist).
    void backup(const std::string& dest) const;

private:
    Session& m_session;
};

/// A step as a menu names it: its turn's summary, else its first operation's, cut at about 48
/// characters ("..."), with how many more operations it holds ("Turn 5 begins (and 3 more)").
std::string step_name(const std::vector<journal::Entry>& step);

}  // namespace muster::app
