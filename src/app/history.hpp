#pragma once
// Looking back: the journal of operations and rolls, undo, the ledger check, backups.
#include "app/session.hpp"
#include "journal/journal.hpp"

#include <string>
#include <vector>

namespace muster::app {

class History {
public:
    explicit History(Session& session) : m_session(session) {}
    /// The current campaign's journal, oldest first, as `viewer` may read it: a side reads the
    /// operations of its own forces, and of the others only what it is party to (battles it
    /// fought, exchanges, reveals, the campaign's settings), numbered 1, 2, ... in its view.
    std::vector<journal::Entry> journal(const View& viewer = View::umpire()) const;
    /// Reverses the last operation exactly, as a new journal entry.
    journal::Entry undo();
    /// The whole file: integrity, and every stand's ledger.
    campaign::CheckReport check() const;
    /// A consistent copy of the database file at `dest` (which must not exist).
    void backup(const std::string& dest) const;

private:
    Session& m_session;
};

}  // namespace muster::app
