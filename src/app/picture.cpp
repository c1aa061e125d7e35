#include "app/picture.hpp"

#include "app/model.hpp"

#include <algorithm>
#include <limits>
#include <map>

namespace muster::app {

SeasonPicture season_picture(const CampaignModel& model, const View& viewer) {
    SeasonPicture out;
    if (!model.rules) return out;
    const auto& rules = *model.rules;
    // The armies the view owns, and where each of their brigades belongs.
    std::map<std::int64_t, size_t> army_of_division;
    std::vector<const army::Army*> armies;
    for (const auto& a : model.oob.armies) {
        if (!viewer.owns(a.side)) continue;
        for (const auto& k : a.corps)
            for (const auto& d : k.divisions) army_of_division[d.id] = armies.size();
        armies.push_back(&a);
    }
    std::map<std::int64_t, std::int64_t> division_of_brigade;
    for (const auto& b : model.roster.brigades) division_of_brigade[b.id] = b.division_id;
    for (const auto& sd : rules.sides)
        if (viewer.owns(sd.id)) out.losses.push_back({sd.name, sd.id, {}});

    std::vector<std::vector<int>> net;  // [battle][army]: what it cost, net of what came back
    std::vector<const FoughtBattle*> charted;  // the battles net counts, in order
    const auto seen_divisions = divisions_seen(model.oob, viewer);
    for (const auto& fought : model.battles) {
        const auto summary = summarize(rules, model.roster, seen_divisions, fought, viewer);
        if (!summary) continue;  // a battle the side did not fight
        BattleLine line{fought.battle.name, fought.battle.date, fought.battle.place, summary->battle.recovered, summary->battle.casualties, {}};
        for (const auto& sd : rules.sides) {
            BattleLine::Side s{sd.id};
            for (const auto& in : summary->sides) {
                if (in.side != sd.id) continue;
                s.known = true;
                s.divisions = static_cast<int>(in.divisions.size());
                for (const auto& d : in.divisions) {
                    s.casualties += d.lost;
                    s.captured += d.captured;
                    s.returned += d.returned;
                }
                s.leaders = static_cast<int>(in.fallen.size());
                s.guns = static_cast<int>(in.batteries.size());
            }
            line.sides.push_back(s);
        }
        for (auto& series : out.losses)
            for (const auto& s : line.sides)
                if (s.side == series.side) series.values.push_back(s.casualties + s.captured);
        std::vector<int> cost(armies.size(), 0);
        for (const auto& l : fought.losses)
            if (const auto a = army_of_division.find(division_of_brigade[l.brigade_id]); a != army_of_division.end())
                cost[a->second] += l.casualties + l.captured - l.returned;
        net.push_back(std::move(cost));
        charted.push_back(&fought);
        out.battles.push_back(line.name);
        out.lines.push_back(std::move(line));
    }

    // Stands in service: now, and just before each battle (now less what has moved since: the
    // stand ledger); a battle an earlier muster recorded that cannot be placed, worked back
    // through the battles' losses.
    for (size_t a = 0; a < armies.size(); ++a) {
        int now = 0;  // the brigades' in service, as the turn report's and the order of battle's (one out of service holds none but prisoners come home waiting)
        for (const auto& k : armies[a]->corps)
            for (const auto& d : k.divisions)
                for (const auto& b : d.brigades)
                    if (is_active(b.status)) now += b.stands;
        std::vector<int> values(net.size() + 1, 0);
        values.back() = now;
        for (size_t k = net.size(); k > 0; --k) {
            const auto& moved = charted[k - 1]->moved_since;
            const auto m = moved.find(armies[a]->id);
            const std::int64_t before = now - (m == moved.end() ? 0 : m->second);
            values[k - 1] = charted[k - 1]->battle.operation
                                ? static_cast<int>(std::clamp<std::int64_t>(before, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()))
                                : values[k] + net[k - 1][a];
        }
        out.stands.push_back({armies[a]->name, armies[a]->side, std::move(values)});
    }

    const auto& seen = model.seen_by(viewer);
    for (const auto& c : seen.camps) {
        int held = 0;
        for (const auto& h : seen.held)
            if (h.camp == c.camp.name && h.holder == c.camp.side && h.kind == HeldKind::stands) held += h.stands;
        out.prisoners.push_back({camp_shown(seen.camps, c.camp.name, c.camp.side, rules), c.camp.side, {held}});
    }
    return out;
}

}  // namespace muster::app
