#include "app/history.hpp"

#include "app/session_state.hpp"
#include "core/error.hpp"
#include "core/names.hpp"
#include "rules/load.hpp"

namespace muster::app {

std::vector<journal::Entry> History::journal(const View& viewer) const {
    require_view(m_session.rules(), viewer);
    return m_session.state().store.journal_entries(m_session.current().id, viewer);
}

journal::Entry History::undo() { return m_session.state().store.undo_last(m_session.current().id); }

namespace {

// Every id a campaign's rows hold is one its pinned rule set knows: sides, arms, theaters,
// ratings, leader grades. The schema cannot say so; check does.
void check_ids(const db::CampaignStore& store, const campaign::CampaignInfo& c, campaign::CheckReport& report) {
    const std::string who = "campaign " + visible(c.name) + ": ";
    rules::RuleSet r;
    try {
        r = rules::load_rule_set(c.rules_json, "the pinned rule set");
    } catch (const Error& e) {
        report.problems.push_back(who + "its pinned rule set does not load (" + visible(e.what()) + ")");
        return;
    }
    army::OrderOfBattle oob;
    try {
        oob = store.order_of_battle(c.id);
    } catch (const Error& e) {
        report.problems.push_back(who + visible(e.what()));
        return;
    }
    const auto unknown = [&](const std::string& what, const std::string& owner, const std::string& id) {
        report.problems.push_back(who + owner + " has " + what + " \"" + visible(id) + "\", which rule set " + r.id + " does not know");
    };
    const auto leader = [&](const army::Leader& l, const std::string& owner) {
        if (!l.present()) return;
        if (!r.find_grade(l.grade)) unknown("a leader of grade", owner, l.grade);
        if (!l.rolled_grade.empty() && !r.find_grade(l.rolled_grade)) unknown("a leader of rolled grade", owner, l.rolled_grade);
    };
    for (const auto& a : oob.armies) {
        if (!r.find_side(a.side)) unknown("the side", "army " + visible(a.name), a.side);
        leader(a.commander, "army " + visible(a.name));
        for (const auto& k : a.corps) {
            leader(k.commander, "corps " + visible(k.name));
            for (const auto& d : k.divisions) {
                const std::string dn = "division " + visible(d.name);
                if (!r.find_arm(d.arm)) unknown("the arm", dn, d.arm);
                if (!d.theater.empty() && !r.find_theater(d.theater)) unknown("the theater", dn, d.theater);
                leader(d.commander, dn);
                for (const auto& b : d.brigades) {
                    const std::string bn = "brigade " + visible(d.name + "/" + b.name);
                    if (!r.find_rating(b.rating)) unknown("the rating", bn, b.rating);
                    if (!r.find_arm(b.arm)) unknown("the arm", bn, b.arm);
                    leader(b.commander, bn);
                    leader(b.alternate, bn);
                }
            }
        }
    }
}

}  // namespace

campaign::CheckReport History::check() const {
    auto& store = m_session.state().store;
    auto report = store.check();
    for (const auto& c : store.campaigns()) check_ids(store, c, report);
    return report;
}

void History::backup(const std::string& dest) const { m_session.state().store.backup(dest); }

}  // namespace muster::app
