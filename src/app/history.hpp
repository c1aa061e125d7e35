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
    /// The current campaign's journal, oldest first.
    std::vector<journal::Entry> journal() const;
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
