#include "app/history.hpp"

#include "app/session_state.hpp"

namespace muster::app {

std::vector<journal::Entry> History::journal() const { return m_session.state().store.journal_entries(m_session.current().id); }

journal::Entry History::undo() { return m_session.state().store.undo_last(m_session.current().id); }

campaign::CheckReport History::check() const { return m_session.state().store.check(); }

void History::backup(const std::string& dest) const { m_session.state().store.backup(dest); }

}  // namespace muster::app
