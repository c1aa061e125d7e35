#include "app/history.hpp"
#include "app/files.hpp"

#include "app/session_state.hpp"
#include "core/error.hpp"
#include "core/names.hpp"
#include "rules/load.hpp"

#include <algorithm>

namespace muster::app {

std::vector<journal::Entry> History::journal(const View& viewer, std::optional<int> newest) const {
    require_view(m_session.rules(), viewer);
    return db::History(m_session.state().store).journal_entries(m_session.current().id, viewer, newest);
}

Error nothing_to_take(bool redo) { return db::nothing_to_take(redo); }

std::vector<journal::Entry> History::undo(bool players_too) { return m_session.state().store.undo_last(m_session.current().id, players_too); }
std::vector<journal::Entry> History::redo() { return m_session.state().store.redo_last(m_session.current().id); }
std::vector<journal::Entry> History::plan(bool redo) const { return m_session.state().store.step_plan(m_session.current().id, redo); }

std::string step_name(const std::vector<journal::Entry>& step) {
    if (step.empty()) return "";
    const auto turn = std::find_if(step.begin(), step.end(), [](const auto& e) { return e.kind == OperationKind::turn; });
    const auto& head = turn != step.end() ? *turn : *std::min_element(step.begin(), step.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
    auto name = head.summary;
    if (name.size() > 48) {
        auto cut = name.rfind(' ', 47);
        if (cut == std::string::npos || cut < 24) cut = 47;
        while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
        name = name.substr(0, cut) + "...";
    }
    if (step.size() > 1) name += " (and " + std::to_string(step.size() - 1) + " more)";
    return name;
}

namespace {

// Every id a campaign's rows hold is one its pinned rule set knows: sides, arms, theaters,
// ratings, leader grades. The schema cannot say so; check does.
void check_ids(const db::Store& store, const campaign::CampaignInfo& c, campaign::CheckReport& report) {
    const std::string who = "campaign " + visible(c.name) + ": ";
    rules::RuleSet r;
    try {
        r = rules::load_rule_set(c.rules_json, "the pinned rule set");
    } catch (const Error& e) {
        // One that breaks only a rule added since it was pinned opens as it was taken: its ids
        // are still checked.
        try {
            r = rules::load_pinned_rule_set(c.rules_json, "the pinned rule set");
            report.problems.push_back(who + "its pinned rule set breaks a rule added since it was pinned (" + visible(e.what()) + ")");
        } catch (const Error&) {
            report.problems.push_back(who + "its pinned rule set does not load (" + visible(e.what()) + ")");
            return;
        }
    }
    if (c.rules_id != r.id)
        report.problems.push_back(who + "it names the rule set \"" + visible(c.rules_id) + "\", but its pinned rule set is " + r.id);
    const auto ids = [](const auto& list) {
        std::vector<std::string> out;
        for (const auto& item : list) out.push_back(item.id);
        return out;
    };
    db::History::KnownIds known{ids(r.sides), ids(r.arms), ids(r.theaters), ids(r.ratings), ids(r.grades), ids(r.nationalities)};
    // A rule set without years of its own takes any year of the calendar muster reads.
    known.first_year = r.years.empty() ? 1 : *std::min_element(r.years.begin(), r.years.end());
    known.last_year = r.years.empty() ? 9999 : *std::max_element(r.years.begin(), r.years.end());
    // Its date, as every command that reads it requires it (a turn, a battle dated by it).
    if (c.date) try {
            require_in_years(r, *c.date, "its date");
        } catch (const UsageError& e) {
            report.problems.push_back(who + e.what());
        }
    for (const auto& u : db::History(store).unknown_ids(c.id, known))
        report.problems.push_back(who + u.owner + " " + visible(u.name) + " has " + u.what + " \"" + visible(u.value) +
                                  "\", which rule set " + r.id + " does not know");
}

}  // namespace

campaign::CheckReport History::check() const {
    auto& store = m_session.state().store;
    auto report = db::History(store).check();
    // A campaign's row too damaged to read (its types, found above) has no rule set to check
    // its ids against: the check says so and goes no further, rather than failing whole.
    std::vector<campaign::CampaignInfo> campaigns;
    try {
        campaigns = store.campaigns();
    } catch (const Damaged& e) {
        if (report.ok()) throw;
        report.problems.push_back(std::string("ids and names: not checked, the campaigns cannot be read (") + e.what() + ")");
    }
    // So with a campaign whose rows cannot be read (a damaged page, which SQLite's own check
    // named above).
    for (const auto& c : campaigns) {
        try {
            check_ids(store, c, report);
        } catch (const Error& e) {
            if (report.ok()) throw;
            report.problems.push_back("ids and names of campaign " + visible(c.name) + ": not checked (" + e.what() + ")");
        }
    }
    return report;
}

void History::backup(const std::string& dest) const {
    require_no_campaign_part(dest);
    db::History(m_session.state().store).backup(dest);
}
void History::require_whole(const std::string& instead) const { db::History(m_session.state().store).require_whole(instead); }

}  // namespace muster::app
