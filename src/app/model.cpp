#include "app/model.hpp"
#include "app/players.hpp"

#include "app/forces.hpp"
#include "app/history.hpp"
#include "app/leaders.hpp"
#include "app/refs.hpp"
#include "app/season.hpp"
#include "app/session_state.hpp"
#include "army/view.hpp"

#include <algorithm>
#include <deque>
#include <map>
#include <set>
#include <string_view>
#include <unordered_map>

namespace muster::app {

namespace {

// A view's list of units: the lines of `whole` (the umpire's, read first), pointed at, where the
// view's lines are among them in order, as a side's are (what it sees of a unit is the unit's
// name and stands, or nothing); else (the umpire's own) its own lines.
RecordList<army::OutlineLine> outline_within(const RecordList<army::OutlineLine>& whole, std::vector<army::OutlineLine> lines) {
    std::vector<const army::OutlineLine*> at;
    at.reserve(lines.size());
    size_t i = 0;
    for (const auto& line : lines) {
        while (i < whole.size() && !(whole[i] == line)) ++i;
        if (i == whole.size()) break;
        at.push_back(&whole[i++]);
    }
    if (at.size() == lines.size() && !lines.empty()) return RecordList<army::OutlineLine>::pointing_at(std::move(at));
    lines.shrink_to_fit();  // the model is kept until the campaign changes: no room to spare
    return lines;
}

}  // namespace

CampaignModel load_model(Session& session, int journal_page) {
    CampaignModel model;
    const auto& store = session.state().store;
    std::vector<campaign::DraftInfo> drafts;
    store.read([&] {
        model.campaigns = store.campaigns();
        model.current = session.current_if_any();
        if (!model.current) return;
        const auto id = model.current->id;
        model.rules = session.shared_rules();
        model.revision = store.last_operation(id);
        auto whole = db::Rosters(store).whole(id);
        model.oob = std::move(whole.oob);
        model.roster = std::move(whole.roster);
        const Refs refs(model.roster);
        std::vector<View> viewers{View::umpire()};
        for (const auto& side : model.rules->sides) viewers.push_back(View::of_side(side.id));
        for (const auto& viewer : viewers) {
            SeenModel seen;
            seen.viewer = viewer;
            seen.camps = camps_of(refs, viewer);
            seen.held = held_of(refs, viewer);
            seen.exchanges = exchanges_of(refs, *model.rules, *model.current, viewer);
            seen.journal = db::History(store).journal_entries(id, viewer, journal_page);
            try {
                // Its battles summarized from the campaign read above, not read again for each view.
                seen.turn_report = turn_report_text(*model.rules, session.season().report(std::nullopt, viewer, ReadCampaign{model.roster, model.oob}));
            } catch (const Error& e) {
                seen.turn_report = e.what();
            }
            model.views.push_back(std::move(seen));
        }
        model.journal_size = db::History(store).journal_size(id);
        model.plans = db::Battles(store).plans(id);
        drafts = db::Battles(store).drafts(id);  // read once: the umpire's drafts, and what a plan's umpire is told is waiting
        for (const auto& d : drafts) {
            model.drafts.push_back(make_draft(d.battle, db::Battles(store).draft(id, d.battle), db::Battles(store).draft_states(id, d.battle), refs, *model.rules));
            model.drafts.back().submitted = d.submitted;
        }
        model.turn = session.season().now();
        model.schedule = session.season().schedule();
        for (const auto& b : model.roster.battles) model.battles.push_back({b, db::Battles(store).battle_record(b.id), db::Battles(store).losses(b.id), {}});
        // What each army has moved since each battle, from the moves since the first one placed.
        std::optional<std::int64_t> first;
        for (const auto& b : model.battles)
            if (b.battle.operation && (!first || *b.battle.operation < *first)) first = b.battle.operation;
        if (first)
            for (const auto& m : db::Battles(store).army_moves_since(id, *first))
                for (auto& b : model.battles)
                    if (b.battle.operation && m.operation >= *b.battle.operation) b.moved_since[m.army] += m.stands;
        model.fought_since_fall = session.leaders().battles_since_fall(model.roster.leaders);
        model.players = session.players().list();
        model.messages = session.players().messages(View::umpire());
        model.undo_step = session.history().plan(false);
        model.redo_step = session.history().plan(true);
    });
    if (!model.current) return model;
    // What each view draws, worked out here so that the first frame after a change need not.
    std::vector<std::string> labels;
    for (const auto& l : model.roster.leaders) labels.push_back(l.label());
    // Each battle's divisions, for the battles a side knows were fought (Battles::battles_known_to).
    std::map<std::int64_t, std::vector<const army::Division*>> fought_by;
    std::set<std::pair<std::int64_t, std::int64_t>> seen_there;  // (battle, division) the enemy saw fight there
    if (!model.plans.empty()) {
        std::map<std::int64_t, const army::Division*> division;
        for (const auto& a : model.oob.armies)
            for (const auto& k : a.corps)
                for (const auto& d : k.divisions) division[d.id] = &d;
        for (const auto& b : model.battles)
            for (const auto& d : b.record.divisions)
                if (const auto it = division.find(d.division_id); it != division.end()) {
                    fought_by[b.battle.id].push_back(it->second);
                    if (d.seen) seen_there.emplace(b.battle.id, d.division_id);
                }
    }
    for (auto& seen : model.views) {
        // What the view's list of units shows, heard through its filter: not a copy of the
        // whole order of battle a side reads (a side's took 20 MB at 10,000 divisions).
        std::vector<army::OutlineLine> outline;
        army::OutlineCollector lines(outline);
        army::OobFilter filter(lines, std::nullopt, seen.viewer);
        army::walk(model.oob, filter);
        seen.outline = outline_within(model.views.front().outline, std::move(outline));
        seen.leaders = leaders_seen_at(model.roster, model.oob, seen.viewer, &seen.held_leaders);
        const auto label = [&](size_t i) -> const std::string& {
            const auto held = seen.held_leaders.find(i);
            return held != seen.held_leaders.end() ? held->second.name : labels[i];
        };
        std::stable_sort(seen.leaders.begin(), seen.leaders.end(), [&](size_t a, size_t b) { return label(a) < label(b); });
        // The labels two leaders bear (a panel tells them apart by number), found here: at
        // 33,000 divisions a set of every label took the leaders panel's first frame 60 ms.
        std::unordered_map<std::string_view, int> bearing;  // by how many bear each label shown
        std::deque<std::string> held_labels;                // the prisoners' as shown (few)
        for (const auto i : seen.leaders) {
            const auto held = seen.held_leaders.find(i);
            const std::string& shown = held != seen.held_leaders.end() ? held_labels.emplace_back(held->second.label()) : labels[i];
            if (++bearing[shown] == 2) seen.shared_labels.insert(shown);
        }
        seen.picture = season_picture(model, seen.viewer);
        if (model.plans.empty()) continue;
        std::set<std::int64_t> known;
        for (const auto& fought : fought_by) {
            const auto battle = fought.first;  // clang 14 (the fuzz build) cannot capture a structured binding
            if (std::any_of(fought.second.begin(), fought.second.end(), [&](const army::Division* d) {
                    return seen.viewer.owns(d->side) || seen_there.count({battle, d->id});  // hidden again since or not
                }))
                known.insert(battle);
        }
        seen.plans = plans_seen(model.plans, model.oob, divisions_seen(model.oob, seen.viewer), drafts, known, seen_there, seen.viewer);
    }
    return model;
}

const SeenModel& CampaignModel::seen_by(const View& viewer) const {
    static const SeenModel none;
    for (const auto& v : views)
        if (v.viewer == viewer) return v;
    return none;  // never another view's: a side the model does not know reads nothing
}

}  // namespace muster::app
