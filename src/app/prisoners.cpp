// Prisoners of war: camps, exchanges by mutual consent, liberation.
#include "app/prisoners.hpp"

#include "app/refs.hpp"
#include "app/session_state.hpp"
#include "db/players.hpp"
#include "core/error.hpp"
#include "core/match.hpp"
#include "core/names.hpp"
#include "core/text.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <limits>
#include <map>
#include <set>
#include <tuple>

namespace muster::app {
namespace {

// The lines of a summary read by several sides, each as a side may read it: a held unit as the
// side calls it (its captor by the name it was taken under), and a line that tells of a brigade
// beyond what every reader knows (its fate, its strength) by its own side only while its
// division is hidden from the enemy.
struct SummaryLines {
    struct Line {
        std::string text;                                           // the umpire's
        std::map<std::string, std::optional<std::string>> read_by;  // a side's, where it differs (none: nothing)
    };
    std::vector<Line> lines;
    std::map<std::int64_t, db::DivisionFog> fog;

    // A held unit's line: "home: " and what each reader calls it.
    void add_home(const Refs& refs, const std::vector<std::string>& readers, HeldKind kind, std::int64_t unit, int stands,
                  const std::string& known_as);
    // A note on the last line, of a brigade of `division`: private to its side while the enemy
    // has not seen it.
    void append_private(const std::string& note, std::int64_t division, const std::vector<std::string>& readers) {
        auto& l = lines.back();
        const auto& f = fog.at(division);
        for (const auto& r : readers) {
            const auto it = l.read_by.find(r);
            const std::string base = it == l.read_by.end() ? l.text : it->second.value_or("");
            l.read_by[r] = !f.hidden || r == f.side ? base + note : base;
        }
        l.text += note;
    }
    // A line on a brigade of `division`, private to its side while the enemy has not seen it.
    void add_private(std::string text, std::int64_t division, const std::vector<std::string>& readers) {
        Line l{std::move(text), {}};
        const auto& f = fog.at(division);
        for (const auto& r : readers)
            if (f.hidden && r != f.side) l.read_by[r] = std::nullopt;
        lines.push_back(std::move(l));
    }
    // The umpire's summary in `out` (its lines too); each reader's where it differs.
    void write(db::Store& store, std::int64_t op, const std::string& head, const std::vector<std::string>& readers, Outcome& out) const {
        for (const auto& l : lines) out.lines.push_back(l.text);
        out.summary = head + join(out.lines, "; ");
        for (const auto& side : readers) {
            std::vector<std::string> seen;
            for (const auto& l : lines) {
                const auto it = l.read_by.find(side);
                if (it == l.read_by.end()) seen.push_back(l.text);
                else if (it->second) seen.push_back(*it->second);
            }
            if (auto line = head + join(seen, "; "); line != out.summary) {
                store.set_side_summary(op, side, line);
                out.read_by[side] = std::move(line);
            }
        }
    }
};

// "stands:Heth/1st Brigade=3", "leader:Archer", "battery:Heth/1st Battery".
// How an exchange names a unit held: a brigade's "Division/Brigade", a leader's name (or, for
// one unnamed, the post he held), a battery's "Owner/Battery".
std::string held_name(const Refs& refs, HeldKind kind, std::int64_t unit_id) {
    switch (kind) {
        case HeldKind::stands: return refs.brigade_at(unit_id, "a prisoner").ref();
        case HeldKind::leader: return refs.leader_at(unit_id, "a prisoner").label();
        case HeldKind::battery: return refs.battery_at(unit_id, "a prisoner").ref();
    }
    return {};
}

// How `viewer` names a held thing: the umpire and its own side by the unit's name now, its
// captor as the camp took it (the enemy may since have renamed or replaced what it cannot see).
bool by_known_name(const Refs& refs, const View& viewer, HeldKind kind, std::int64_t unit_id, const std::string& known_as) {
    return !known_as.empty() && !viewer.is_umpire() && !viewer.owns(refs.side_of(kind, unit_id));
}

std::string name_for(const Refs& refs, const View& viewer, HeldKind kind, std::int64_t unit_id, const std::string& known_as) {
    return by_known_name(refs, viewer, kind, unit_id, known_as) ? known_as : held_name(refs, kind, unit_id);
}

// "3 stands of Heth/1st Brigade", "leader Archer", "battery Heth/1st Battery", as `viewer` reads it.
std::string describe_for(const Refs& refs, const View& viewer, HeldKind kind, std::int64_t unit_id, int stands, const std::string& known_as) {
    if (!by_known_name(refs, viewer, kind, unit_id, known_as)) return refs.describe(kind, unit_id, stands);
    switch (kind) {
        case HeldKind::stands: return count_of(stands, "stand", "stands") + " of " + known_as;
        case HeldKind::leader:  // one known by a post he had left reads bare, as Refs::describe has him
            return known_as.rfind("former commander of ", 0) == 0 || known_as.rfind("leader #", 0) == 0 ? known_as : "leader " + known_as;
        case HeldKind::battery: return "battery " + known_as;
    }
    return {};
}
std::string describe_for(const Refs& refs, const View& viewer, const campaign::ExchangeItem& i) {
    return describe_for(refs, viewer, i.kind, i.unit_id, i.stands, i.known_as);
}

void SummaryLines::add_home(const Refs& refs, const std::vector<std::string>& readers, HeldKind kind, std::int64_t unit, int stands,
                            const std::string& known_as) {
    Line l{"home: " + refs.describe(kind, unit, stands), {}};
    for (const auto& r : readers)
        if (auto text = "home: " + describe_for(refs, View::of_side(r), kind, unit, stands, known_as); text != l.text) l.read_by[r] = std::move(text);
    lines.push_back(std::move(l));
}

// A held item as the camps list it in words ("2 stands of Heth/1st Brigade", "leader Archer",
// "battery Heth/1st Battery", "former commander of Heth/1st Brigade"): its kind, and its
// reference as the code form has it after the colon ("Heth/1st Brigade=2", "Archer").
std::optional<std::pair<HeldKind, std::string>> in_words(std::string_view s) {
    s = trim(s);
    size_t digits = 0;
    while (digits < s.size() && digits < 7 && std::isdigit(static_cast<unsigned char>(s[digits]))) ++digits;
    if (digits > 0 && digits < 7) {
        for (const std::string_view stands : {" stands of ", " stand of "})
            if (s.substr(digits).starts_with(stands)) {
                const auto ref = trim(s.substr(digits + stands.size()));
                if (!ref.empty()) return std::pair{HeldKind::stands, std::string(ref) + "=" + std::string(s.substr(0, digits))};
            }
        return std::nullopt;
    }
    if (s.starts_with("leader ") && !s.starts_with("leader #")) return std::pair{HeldKind::leader, std::string(trim(s.substr(7)))};
    if (s.starts_with("battery ")) return std::pair{HeldKind::battery, std::string(trim(s.substr(8)))};
    if (s.starts_with("former commander of ") || s.starts_with("leader #")) return std::pair{HeldKind::leader, std::string(s)};
    return std::nullopt;
}

// An item of a proposal, found among the units held in the camps of `holder` only: what the two
// sides both know of (nothing hidden is looked at, so no other unit, hidden or not, can make a
// name ambiguous or be suggested).
campaign::ExchangeItem parse_item(const Refs& refs, const rules::RuleSet& r, const std::string& line, Direction direction, const std::string& holder) {
    // A line of the served camps page's lists pasted whole: its code, then its words in brackets.
    std::string spec = line;
    if (const auto t = trim(std::string_view(line)); t.ends_with(')'))
        if (const auto open = t.rfind(" ("); open != std::string_view::npos && t.substr(0, open).find(':') != std::string_view::npos &&
                                             in_words(t.substr(open + 2, t.size() - open - 3)))
            spec = std::string(t.substr(0, open));
    const auto colon = spec.find(':');
    // muster's own word found as names are (any case, a beginning only it has), spaces around it.
    std::optional<HeldKind> kind;
    if (colon != std::string::npos) {
        std::vector<std::string> words;
        for (const auto& w : Vocabulary<HeldKind>::table) words.emplace_back(w.text);
        if (const auto found = matching_names(trim(std::string_view(spec).substr(0, colon)), words); found.size() == 1)
            kind = Vocabulary<HeldKind>::table[found.front()].value;
    }
    std::string rest = colon == std::string::npos ? "" : spec.substr(colon + 1);
    // Or as the camps list it, pasted from there: "2 stands of Heth/1st Brigade", "leader
    // Archer", "battery Heth/1st Battery", "former commander of Heth/1st Brigade".
    if (!kind)
        if (const auto words = in_words(spec)) std::tie(kind, rest) = *words;
    if (!kind)
        throw UsageError("exchange item \"" + visible(spec) + "\": expected stands:REF=N, leader:REF or battery:REF (or as the camps list it: \"2 stands of REF\", "
                         "\"leader NAME\", \"battery REF\")");
    campaign::ExchangeItem item;
    item.direction = direction;
    item.kind = *kind;
    if (*kind == HeldKind::stands) {
        const auto eq = rest.rfind('=');
        int n = 0;
        if (eq == std::string::npos || !parse_int(std::string(trim(std::string_view(rest).substr(eq + 1))), n) || n < 1)
            throw UsageError("exchange item \"" + visible(spec) + "\": expected stands:" + refs.form() + "=N with N a whole number of stands: 1 or more, and at most what its camps hold");
        item.stands = n;
        rest = rest.substr(0, eq);
    }
    auto name = std::string(trim(rest));
    std::vector<std::int64_t> ids;
    std::vector<std::string> names;
    const auto collect = [&] {
        for (const auto& h : refs.holdings()) {
            if (h.kind != *kind || refs.camp_at(h.camp_id, "a prisoner").side != holder) continue;
            // A roster of the named divisions: a unit of another cannot bear the name (nor be
            // suggested; a refusal is made again from the whole campaign).
            if (refs.narrow() && !(h.kind == HeldKind::stands ? refs.brigade_by_id(h.unit_id) != nullptr
                                                              : h.kind == HeldKind::leader ? refs.leader_by_id(h.unit_id) != nullptr
                                                                                           : refs.battery_by_id(h.unit_id) != nullptr))
                continue;
            // The captor offers them as its camp calls them; a side asks for its own by their names now.
            const auto held = direction == Direction::offer ? name_for(refs, View::of_side(holder), h.kind, h.unit_id, h.known_as)
                                                            : held_name(refs, h.kind, h.unit_id);
            if (std::find(names.begin(), names.end(), held) == names.end()) names.push_back(held);
            // By what the camps call it; one's own leader also by the unit he commands, as elsewhere
            // (not the enemy's: his unit may be hidden, and a match would confirm its name). Never by
            // a leader's number, which counts every side's leaders, the enemy's hidden ones too.
            const bool commands = h.kind == HeldKind::leader && direction == Direction::ask && !name.empty() &&
                                  refs.leader_at(h.unit_id, "a prisoner").command.unit == name;
            if ((held == name || commands) && std::find(ids.begin(), ids.end(), h.unit_id) == ids.end()) {
                ids.push_back(h.unit_id);
                item.known_as = h.known_as;
            }
        }
    };
    collect();
    // None by that name exactly: the one name held it stands for as people type (any case, or
    // a unique beginning), among those the side may name.
    if (ids.empty()) {
        const auto found = matching_names(name, names);
        if (found.size() > 1) {
            std::vector<std::string> candidates;
            for (const auto i : found) candidates.push_back(names[i]);
            throw UsageError("exchange item \"" + visible(spec) + "\": could be any of " + join(candidates, ", ") + ": give more of the name");
        }
        if (found.size() == 1) {
            name = names[found.front()];
            names.clear();
            collect();
        }
    }
    // Two held under one name: their own side tells them apart once the umpire has renamed one
    // (their captor keeps calling both as it took them, and may not learn the new name).
    if (ids.size() > 1) {
        const auto owner = r.the_side(refs.side_of(*kind, ids.front()));
        throw UsageError("exchange item \"" + visible(spec) + "\": " + std::to_string(ids.size()) + " held are called " + name +
                         (direction == Direction::ask ? ": the umpire must rename one of them (muster rename) before either is asked for"
                                                      : ", whom " + r.the_side(holder) + " cannot tell apart: " + owner +
                                                            " may ask for the one it wants by his name (the umpire renames one of them first, muster rename)"));
    }
    if (ids.empty())
        throw UsageError("exchange item \"" + visible(spec) + "\": no " + (*kind == HeldKind::stands ? std::string("stands of ") : word(*kind) + " ") +
                         visible(name) + " held in the camps of " + r.the_side(holder) + did_you_mean(name, names));
    item.unit_id = ids.front();
    return item;
}

// What the items of one exchange have taken so far of each holding (by its place in the
// roster's): an item never takes what an earlier one of the exchange took.
using Taken = std::map<const campaign::Holding*, int>;

// The holdings that make up an item, in camps of `holder`, less what `taken` says the exchange's
// earlier items took (and adds this one's to it); refuses what is not held there, calling it as
// `reader` does: as a proposal's item that does not fit what it names (`proposing`), else as an
// offer that lapsed.
std::vector<std::pair<campaign::Holding, int>> take(const Refs& refs, const rules::RuleSet& r, const campaign::ExchangeItem& item, const std::string& holder,
                                                    const View& reader, Taken& taken, bool proposing = false) {
    std::vector<std::pair<campaign::Holding, int>> out;
    const bool stands = item.kind == HeldKind::stands;
    int wanted = stands ? item.stands : 1;
    for (const auto& h : refs.holdings()) {
        if (wanted == 0) break;
        if (h.kind != item.kind || h.unit_id != item.unit_id || refs.camp_at(h.camp_id, "a prisoner").side != holder) continue;
        const int n = std::min(wanted, (stands ? h.stands : 1) - taken[&h]);
        if (n <= 0) continue;
        out.emplace_back(h, n);
        taken[&h] += n;
        wanted -= n;
    }
    if (wanted > 0) {
        const auto what = describe_for(refs, reader, item) + " " + (stands && item.stands != 1 ? "are" : "is") + " not held by " + r.the_side(holder) +
                          (stands ? " (short by " + std::to_string(wanted) + ")" : "");
        if (proposing) throw UsageError(what);
        throw Error(what);
    }
    return out;
}

// Sends a held thing home: stands back to their brigade, a leader or battery back to duty.
void free_holding(db::Store& store, std::int64_t op, const campaign::Holding& h, int stands, MoveKind move) {
    switch (h.kind) {
        case HeldKind::stands: db::Forces(store).change_stands(op, h.unit_id, move, stands); break;
        case HeldKind::leader:  // back from a capture every side saw
            db::Leaders(store).set_leader_status(h.unit_id, LeaderStatus::active, std::nullopt, std::nullopt);
            db::Leaders(store).end_attachments(h.unit_id);
            break;
        case HeldKind::battery: db::Forces(store).set_battery_status(h.unit_id, BatteryStatus::active); break;
    }
    db::Prisoners(store).release(h, stands);
}

// Stands sent home to a brigade out of service (disbanded, destroyed, merged): said where they
// stay, on the line of `h` just added.
void note_waiting(SummaryLines& lines, const Refs& refs, const rules::RuleSet& r, HeldKind kind, std::int64_t unit, const std::vector<std::string>& readers) {
    const auto* b = kind == HeldKind::stands ? &refs.brigade_at(unit, "a prisoner") : nullptr;
    if (b && !is_active(b->status))
        lines.append_private(" (the " + r.brigade_noun() + " is " + word(b->status) + ": they wait there until merged into another)", b->division_id, readers);
}

// What the cartel weighs an exchange at now, in privates offered and asked: none where the rule
// set has no cartel, or stands are exchanged and the campaign no men a stand.
std::optional<std::pair<long, long>> weigh(const Refs& refs, const rules::RuleSet& r, const campaign::CampaignInfo& c, const campaign::ExchangeInfo& row) {
    if (!r.cartel) return std::nullopt;
    const auto& cartel = *r.cartel;
    const std::optional<int> men = c.men_per_stand ? c.men_per_stand : r.men_per_stand();
    long values[2] = {0, 0};
    for (const auto& item : row.items) {
        long& value = values[item.direction == Direction::offer ? 0 : 1];
        if (item.kind == HeldKind::stands) {
            if (!men) return std::nullopt;
            value += static_cast<long>(item.stands) * *men * cartel.find(cartel.stand_rank)->privates;
        } else if (item.kind == HeldKind::leader) {
            const auto* rank = cartel.for_leader(word(refs.leader_at(item.unit_id, "an exchange").rank));
            value += rank ? rank->privates : 0;
        }  // batteries are guns, not men: the cartel does not weigh them
    }
    // More privates than muster counts (an int) are not weighed: the file keeps no such count.
    if (values[0] > std::numeric_limits<int>::max() || values[1] > std::numeric_limits<int>::max()) return std::nullopt;
    return std::pair{values[0], values[1]};
}

// A proposal as `reader` reads it (each side calls the men as it does); one answered, weighed as
// it was then.
ExchangeView describe_exchange(const Refs& refs, const rules::RuleSet& r, const campaign::CampaignInfo& c,
                               const campaign::ExchangeInfo& row, const View& reader) {
    ExchangeView v{row, {}, {}, {}, {}};
    for (const auto& item : row.items) (item.direction == Direction::offer ? v.offer : v.ask).push_back(describe_for(refs, reader, item));
    const auto weighed = row.status != ExchangeStatus::proposed && row.weighed ? row.weighed : weigh(refs, r, c, row);
    // A proposal whose men were freed or exchanged since cannot be accepted: say so, each of them.
    if (row.status == ExchangeStatus::proposed) {
        Taken taken;
        std::vector<std::string> gone;
        for (const auto& item : row.items) {
            try {
                take(refs, r, item, item.direction == Direction::offer ? row.proposer : row.counterpart, reader, taken);
            } catch (const Error& e) {
                gone.emplace_back(e.what());
            }
        }
        v.lapsed = join(gone, "; ");
    }
    if (!r.cartel) {
        v.balance = "not weighed: the rule set has no exchange cartel (the sides weigh it themselves)";
    } else if (!weighed) {
        v.balance = std::string("stands cannot be weighed: ") +
                    (reader.is_umpire() ? "set the campaign's men per stand (muster campaign set --men-per-stand N; in the GUI, the Campaigns panel's Men per stand)" : "the umpire has not set the campaign's men per stand");
    } else {
        const auto [offered, asked] = *weighed;
        const long diff = offered - asked;
        v.balance = r.cartel->name + (r.cartel->muster_own() ? " (muster's own values)" : "") + ": offers " + std::to_string(offered) + " privates, asks " +
                    std::to_string(asked) +
                    (diff == 0 ? ": balanced" : diff > 0 ? ": the proposer gives " + std::to_string(diff) + " more"
                                                         : ": the proposer asks " + std::to_string(-diff) + " more");
    }
    return v;
}

}  // namespace

namespace {

// Whether `viewer` sees a prisoner: the captor's and the prisoner's own side do.
bool sees(const Refs& refs, const View& viewer, const campaign::Holding& h) {
    return viewer.owns(refs.camp_at(h.camp_id, "a prisoner").side) || viewer.owns(refs.side_of(h.kind, h.unit_id));
}

}  // namespace

std::vector<CampView> camps_of(const Refs& refs, const View& viewer) {
    std::vector<CampView> all;
    std::map<std::int64_t, size_t> index;
    for (const auto& camp : refs.camps()) {
        index[camp.id] = all.size();
        all.push_back({camp, {}});
    }
    for (const auto& h : refs.holdings())
        if (sees(refs, viewer, h))
            all[index.at(refs.camp_at(h.camp_id, "a prisoner").id)].holds.push_back(describe_for(refs, viewer, h.kind, h.unit_id, h.stands, h.known_as));
    std::vector<CampView> out;
    for (auto& v : all)
        if (viewer.owns(v.camp.side) || !v.holds.empty()) out.push_back(std::move(v));
    // A side's by name: the order they were made in would tell when the enemy made its own.
    if (!viewer.is_umpire()) std::stable_sort(out.begin(), out.end(), [](const CampView& a, const CampView& b) { return a.camp.name < b.camp.name; });
    return out;
}

std::vector<HeldItem> held_of(const Refs& refs, const View& viewer) {
    std::vector<HeldItem> out;
    for (const auto& h : refs.holdings()) {
        if (!sees(refs, viewer, h)) continue;
        const auto& camp = refs.camp_at(h.camp_id, "a prisoner");
        HeldItem item{camp.name, camp.liberated, camp.side, refs.side_of(h.kind, h.unit_id), h.kind, "",
                      describe_for(refs, viewer, h.kind, h.unit_id, h.stands, h.known_as), h.stands};
        item.spec = word(h.kind) + ":" + name_for(refs, viewer, h.kind, h.unit_id, h.known_as);
        out.push_back(std::move(item));
    }
    // A side's by camp name (camps_of): not in the order the camps were made.
    if (!viewer.is_umpire()) std::stable_sort(out.begin(), out.end(), [](const HeldItem& a, const HeldItem& b) { return a.camp < b.camp; });
    return out;
}

std::vector<ExchangeView> exchanges_of(const Refs& refs, const rules::RuleSet& rules, const campaign::CampaignInfo& c,
                                       const View& viewer) {
    std::vector<ExchangeView> out;
    for (const auto& e : refs.exchanges())
        if (viewer.owns(e.proposer) || viewer.owns(e.counterpart)) out.push_back(describe_exchange(refs, rules, c, e, viewer));
    return out;
}

std::string camp_shown(const std::vector<CampView>& seen, const std::string& name, const std::string& side, const rules::RuleSet& rules) {
    const bool shared = std::any_of(seen.begin(), seen.end(), [&](const CampView& v) { return v.camp.side != side && same_ignoring_case(v.camp.name, name); });
    return shared ? camp_with_side(name, side, rules) : name;
}

std::string Prisoners::add_camp(const std::string& typed_side, const std::string& given_name) {
    const auto name = require_name("camp", given_name);
    // A report names a camp after a fate or a count and an "@" ("REF:captured@CAMP", "REF=2@CAMP"):
    // one holding any of them would let a spec be read two ways ("X=1@C=2": 1 of X to C=2, or 2 of X=1@C).
    if (const auto at = name.find_first_of("@:="); at != std::string::npos)
        throw UsageError("camp name \"" + visible(name) + "\" is refused: a \"" + name[at] +
                         "\" (a report names a camp after a fate or a count and an \"@\": REF:captured@CAMP, REF=2@CAMP)");
    // Nor one that ends as muster names a camp by its side ("Elmira (Union)", where both sides
    // have an Elmira): it would name two camps. (Held to the rule set's sides, not to the camps
    // there are: a refusal tells no side of a camp it may not see.)
    for (const auto& sd : m_session.rules().sides)
        for (const auto& called : {sd.name, sd.id})
            if (const auto tail = " (" + called + ")"; name.size() > tail.size() && same_ignoring_case(std::string_view(name).substr(name.size() - tail.size()), tail))
                throw UsageError("camp name \"" + visible(name) + "\" is refused: it ends as muster names a camp by its side where two sides' camps share a name (\"" +
                                 visible(name.substr(0, name.size() - tail.size())) + tail + "\"): give it another");
    const auto c = m_session.current();
    const auto side = side_id(m_session.rules(), typed_side);
    auto& store = m_session.state().store;
    store.run_operation(c.id, OperationKind::camp, [&](std::int64_t op) {
        store.set_audience(op, Audience::side(side));
        // A name is its side's own: another side's camp of that name, which this side may not
        // see, is no refusal (two sides' camps of one name are told apart by their sides).
        for (const auto& camp : db::Prisoners(store).camps(c.id))
            if (camp.side == side && same_ignoring_case(camp.name, name))
                throw Error("a camp of the " + m_session.rules().side_name(side) + " side named \"" + camp.name + "\" already exists" +
                            (camp.liberated ? " (liberated: it keeps its name in the battles and exchanges that tell of it): give the new one another, \"" +
                                                  camp.name + " II\" perhaps"
                                            : ""));
        db::Prisoners(store).insert_camp(c.id, side, name);
        return "New POW camp " + name + " (" + m_session.rules().side_name(side) + ")";
    });
    return name + " (" + m_session.rules().side_name(side) + ")";
}

namespace {

// What the camps and exchanges name, read from their divisions and leaders alone
// (Prisoners::named_in_camps), or from the whole campaign where one of them is not found there
// (a reserve battery) or is an unnamed leader: what they say is the same either way, and reading
// them costs what they hold, not the campaign's size.
campaign::Roster camps_roster(const db::Store& store, std::int64_t campaign) {
    const auto named = db::Prisoners(store).named_in_camps(campaign);
    auto roster = db::Rosters(store).roster_of(campaign, named.divisions, named.leaders);
    const Refs refs(roster);
    // An unnamed leader is called by his post, which the whole campaign numbers (the second
    // former commander of a brigade) and a command outside these divisions may give (a corps's):
    // only a named one is called the same from a narrow roster.
    const auto found = [&](HeldKind kind, std::int64_t id) {
        switch (kind) {
            case HeldKind::stands: return refs.brigade_by_id(id) != nullptr;
            case HeldKind::leader: {
                const auto* l = refs.leader_by_id(id);
                return l && !l->name.empty();
            }
            case HeldKind::battery: return refs.battery_by_id(id) != nullptr;
        }
        return false;
    };
    bool all = std::all_of(roster.holdings.begin(), roster.holdings.end(), [&](const auto& h) { return found(h.kind, h.unit_id); });
    for (const auto& e : roster.exchanges)
        for (const auto& item : e.items) all = all && found(item.kind, item.unit_id);
    return all ? std::move(roster) : db::Rosters(store).roster(campaign);
}

}  // namespace

std::vector<CampView> Prisoners::camps(const View& viewer) const {
    require_view(m_session.rules(), viewer);
    const auto roster = camps_roster(m_session.state().store, m_session.current().id);
    return camps_of(Refs(roster), viewer);
}

std::vector<HeldItem> Prisoners::held(const View& viewer) const {
    require_view(m_session.rules(), viewer);
    const auto roster = camps_roster(m_session.state().store, m_session.current().id);
    return held_of(Refs(roster), viewer);
}

std::vector<ExchangeView> Prisoners::exchanges(const View& viewer) const {
    require_view(m_session.rules(), viewer);
    const auto c = m_session.current();
    const auto roster = camps_roster(m_session.state().store, c.id);
    return exchanges_of(Refs(roster), m_session.rules(), c, viewer);
}

Prisoners::Overview Prisoners::overview(const View& viewer) const {
    require_view(m_session.rules(), viewer);
    const auto c = m_session.current();
    const auto roster = camps_roster(m_session.state().store, c.id);
    const Refs refs(roster, m_session.rules());
    return {camps_of(refs, viewer), held_of(refs, viewer), exchanges_of(refs, m_session.rules(), c, viewer)};
}

Outcome Prisoners::liberate(const std::string& camp_name, Mode mode) {
    auto& store = m_session.state().store;
    // Whom the camp holds, a line each as each of its readers (the captor and every side whose
    // men go home) reads it; each holding freed by `op`, unless previewed.
    const auto liberated = [&](const Refs& refs, std::optional<std::int64_t> op, std::set<std::string>& sides, SummaryLines& lines) -> const campaign::CampInfo& {
        const auto& camp = refs.camp(camp_name);
        if (camp.liberated) throw Error("camp " + camp.name + " was already liberated");
        sides = {camp.side};
        std::vector<std::int64_t> divisions;
        for (const auto& h : refs.holdings())
            if (h.camp_id == camp.id) {
                sides.insert(refs.side_of(h.kind, h.unit_id));
                if (h.kind == HeldKind::stands) divisions.push_back(refs.brigade_at(h.unit_id, "a prisoner").division_id);
            }
        const std::vector<std::string> readers(sides.begin(), sides.end());
        lines.fog = db::Forces(store).division_fog(divisions);
        for (const auto& h : refs.holdings()) {
            if (h.camp_id != camp.id) continue;
            lines.add_home(refs, readers, h.kind, h.unit_id, h.stands, h.known_as);
            note_waiting(lines, refs, m_session.rules(), h.kind, h.unit_id, readers);
            if (op) free_holding(store, *op, h, h.stands, MoveKind::freed);
        }
        // A camp overrun empty is liberated too: it takes no more prisoners.
        if (lines.lines.empty()) lines.lines.push_back({"it held no one, and takes no more prisoners", {}});
        return camp;
    };
    if (mode == Mode::preview) {
        Outcome out;
        out.preview = true;
        store.read([&] {
            const auto roster = db::Rosters(store).roster(m_session.current().id);
            std::set<std::string> sides;
            SummaryLines lines;
            const Refs refs(roster, m_session.rules());
            const auto& camp = liberated(refs, std::nullopt, sides, lines);
            for (const auto& l : lines.lines) out.lines.push_back(l.text);
            // A brigade they would take above its start, as the liberation labels it.
            std::map<std::int64_t, int> freed;
            for (const auto& h : refs.holdings())
                if (h.camp_id == camp.id && h.kind == HeldKind::stands) freed[h.unit_id] += h.stands;
            for (const auto& [id, stands] : freed) {
                const auto& b = refs.brigade_at(id, "a prisoner");
                if (auto said = above_start(m_session.rules(), b, b.stands + stands, b.ref())) out.lines.push_back(std::move(said->second));
            }
            out.summary = "Liberation of " + camp_with_side(camp.name, camp.side, m_session.rules()) + ": " + join(out.lines, "; ");  // not done: no "Liberated"
        });
        return out;
    }
    return named_operation(m_session, OperationKind::liberation, [&](std::int64_t op, const Refs& refs, Outcome& out) {
        std::set<std::string> sides;
        SummaryLines lines;
        const auto& camp = liberated(refs, op, sides, lines);
        const std::vector<std::string> readers(sides.begin(), sides.end());
        for (const auto& h : refs.holdings())
            if (h.camp_id == camp.id && h.kind == HeldKind::stands) {
                const auto& b = refs.brigade_at(h.unit_id, "a prisoner");
                if (auto line = relabel_above_start(store, m_session.rules(), b.id, b.ref())) lines.add_private(std::move(*line), b.division_id, readers);
            }
        db::Prisoners(store).set_camp_liberated(camp.id);
        store.set_audience(op, Audience::sides(sides));
        // Its side said, to every reader: one whose own camp bears its name reads which was freed.
        lines.write(store, op, "Liberated " + camp_with_side(camp.name, camp.side, m_session.rules()) + ": ", readers, out);
    });
}

ExchangeView Prisoners::propose_exchange(const ExchangeProposal& p) {
    const auto c = m_session.current();
    const auto& r = m_session.rules();
    const auto from = side_id(r, p.from);
    std::string with = p.with.empty() ? "" : side_id(r, p.with);
    if (with.empty()) {
        if (r.sides.size() != 2) throw UsageError("give the other side of the exchange (--with SIDE)");
        with = r.sides[0].id == from ? r.sides[1].id : r.sides[0].id;
    }
    if (with == from) throw UsageError("an exchange is between two different sides");
    if (p.offer.empty() && p.ask.empty()) throw UsageError("the proposal offers nothing and asks nothing");
    // The note is shown as it is, on a line of each side's list and papers; a blank one is none.
    const std::string note(trim(p.note));
    if (const auto problem = text_problem(note, Lines::one); !problem.empty()) throw UsageError("the note is refused: " + problem);
    if (const auto n = characters(note); n > k_max_note_chars)
        throw UsageError("the note has " + std::to_string(n) + " characters, at most " + std::to_string(k_max_note_chars));
    auto& store = m_session.state().store;
    ExchangeView view;
    store.run_operation(c.id, OperationKind::exchange, [&](std::int64_t op) {
        store.set_audience(op, Audience::sides(std::array{from, with}));
        if (const auto player = store.player()) {
            const auto turn = db::History(store).turn_span(c.id, c.turn);
            if (db::Players(store).operations_by(c.id, *player, OperationKind::exchange, turn ? turn->first : 0, op) >= k_max_proposals_a_turn)
                throw UsageError("you have proposed " + std::to_string(k_max_proposals_a_turn) + " exchanges in " + c.turn.text() +
                                 ", the most a player proposes in a turn: propose again next turn");
        }
        campaign::ExchangeInfo row{0, 0, from, with, ExchangeStatus::proposed, note, {}};
        const auto items = [&](const Refs& refs) {
            row.items.clear();
            Taken taken;
            for (const auto& [specs, direction] : {std::pair{&p.offer, Direction::offer}, std::pair{&p.ask, Direction::ask}})
                for (const auto& spec : *specs) {
                    // The proposer offers the other side's men it holds, and asks for its own.
                    const bool offer = direction == Direction::offer;
                    auto item = parse_item(refs, r, spec, direction, offer ? from : with);
                    const std::string owner = offer ? with : from;
                    if (refs.side_of(item.kind, item.unit_id) != owner)
                        throw UsageError("exchange item \"" + spec + "\": " + describe_for(refs, View::of_side(from), item) + " is not of " + r.the_side(owner) +
                                         (offer ? " (offer the other side's prisoners you hold)"
                                                : " (ask for your own men the other side holds)"));
                    for (const auto& earlier : row.items)
                        if (earlier.kind == item.kind && earlier.unit_id == item.unit_id)
                            throw UsageError("exchange item \"" + visible(spec) + "\": " + describe_for(refs, View::of_side(from), item) +
                                             " is named twice in the proposal" + (item.kind == HeldKind::stands ? " (name its stands once, all of them)" : ""));
                    take(refs, r, item, offer ? from : with, View::of_side(from), taken, true);
                    row.items.push_back(item);
                }
        };
        // What each item names ("stands:Heth/1st Brigade=2": Heth/1st Brigade), read from its
        // division alone where it names one.
        std::vector<std::string> named;
        for (const auto* specs : {&p.offer, &p.ask})
            for (const auto& spec : *specs) {
                const auto colon = spec.find(':');
                const auto ref = colon == std::string::npos ? spec : spec.substr(colon + 1);
                named.push_back(ref.substr(0, ref.rfind('=')));
            }
        const auto roster = roster_naming(store, c.id, named, items);
        const Refs refs(roster, m_session.rules());
        items(refs);
        // The same proposal again while the first awaits its answer (a form sent twice): refused.
        const auto key = [](const std::vector<campaign::ExchangeItem>& list) {
            std::vector<std::tuple<Direction, HeldKind, std::int64_t, int>> out;
            for (const auto& i : list) out.emplace_back(i.direction, i.kind, i.unit_id, i.stands);
            std::sort(out.begin(), out.end());
            return out;
        };
        for (const auto& e : refs.exchanges())
            if (e.status == ExchangeStatus::proposed && e.proposer == from && e.counterpart == with && key(e.items) == key(row.items))
                throw Error("exchange #" + std::to_string(e.number) + " proposes just this to " + r.the_side(with) + " and awaits its answer");
        std::tie(row.id, row.number) = db::Prisoners(store).insert_exchange(c.id, row);
        // Each side reads it calling the men as it does.
        const auto line = [&](const View& reader) {
            const auto v = describe_exchange(refs, r, c, row, reader);
            return "Exchange #" + std::to_string(row.number) + " proposed by " + r.the_side(from) + " to " + r.the_side(with) + ": offers " +
                   (v.offer.empty() ? "nothing" : join(v.offer, ", ")) + "; asks " + (v.ask.empty() ? "nothing" : join(v.ask, ", "));
        };
        view = describe_exchange(refs, r, c, row, View::of_side(from));
        const auto all = line(View::umpire());
        for (const auto& side : {from, with})
            if (const auto seen = line(View::of_side(side)); seen != all) store.set_side_summary(op, side, seen);
        return all;
    });
    return view;
}

Outcome Prisoners::answer_exchange(std::int64_t number, const std::string& typed_side, Answer answer) {
    const bool accept = answer == Answer::accept;
    const auto c = m_session.current();
    const auto side = side_id(m_session.rules(), typed_side);
    auto& store = m_session.state().store;
    // What the answer makes of the proposal, and the journal's kind of entry for it.
    const auto ending = accept                     ? std::pair{OperationKind::exchange_accepted, ExchangeStatus::accepted}
                        : answer == Answer::refuse ? std::pair{OperationKind::exchange_refused, ExchangeStatus::refused}
                                                   : std::pair{OperationKind::exchange_withdrawn, ExchangeStatus::withdrawn};
    const auto kind = ending.first;
    const auto status = ending.second;  // a plain variable: clang's lambdas take no structured binding
    return named_operation(m_session, kind, [&](std::int64_t op, const Refs& refs, Outcome& out) {
        const campaign::ExchangeInfo* row = nullptr;
        for (const auto& e : refs.exchanges())
            if (e.number == number) row = &e;
        if (!row) throw NotFoundError("no exchange #" + std::to_string(number) + " in campaign " + c.name);
        const auto id = row->id;
        if (row->status != ExchangeStatus::proposed) throw Error("exchange #" + std::to_string(number) + " was already " + word(row->status));
        const auto& r = m_session.rules();
        const auto proposer = r.the_side(row->proposer), counterpart = r.the_side(row->counterpart), answering = r.the_side(side);
        if (side != row->proposer && side != row->counterpart)
            throw Error("exchange #" + std::to_string(number) + " is between " + proposer + " and " + counterpart);
        if (answer == Answer::withdraw && side != row->proposer)
            throw Error("exchange #" + std::to_string(number) + " was proposed by " + proposer + ": only " + proposer +
                        " may withdraw it (" + answering + " may accept or refuse it)");
        if (answer != Answer::withdraw && side == row->proposer)
            throw Error("exchange #" + std::to_string(number) + " was proposed by " + answering + ": only " + counterpart +
                        " may accept or refuse it (" + answering + " may withdraw it)");
        if (accept && row->items.empty())  // a proposal offers or asks something: its items were lost
            throw Damaged("exchange #" + std::to_string(number) + " holds nothing it offers or asks; run muster check, or restore a backup");
        store.set_audience(op, Audience::sides(std::array{row->proposer, row->counterpart}));
        out.acted_by = side;
        // Its entry is the side's newest now that the side reads this operation: read here, in
        // the operation, a damaged journal refuses the answer, not what it prints after.
        const auto newest = db::History(store).journal_entries(c.id, View::of_side(side), 1);
        if (newest.empty()) throw Damaged("the journal of " + answering + " does not hold the answer being written; run muster check");
        out.acted_by_entry = newest.back().id;
        db::Prisoners(store).answer_exchange(id, status, weigh(refs, r, m_session.current(), *row));  // read as it is weighed now, ever after
        if (!accept) {
            out.summary = "Exchange #" + std::to_string(number) + " " + word(status) + " by " + answering;
            return;
        }
        // Everything is checked before anything moves: all of it goes home, or none of it.
        std::vector<std::pair<campaign::Holding, int>> moves;
        const std::vector<std::string> readers{row->proposer, row->counterpart};
        SummaryLines lines;
        std::vector<std::int64_t> divisions;
        for (const auto& item : row->items)
            if (item.kind == HeldKind::stands) divisions.push_back(refs.brigade_at(item.unit_id, "an exchange").division_id);
        lines.fog = db::Forces(store).division_fog(divisions);
        Taken taken;
        for (const auto& item : row->items) {
            const auto parts = take(refs, r, item, item.direction == Direction::offer ? row->proposer : row->counterpart, View::of_side(side), taken);
            moves.insert(moves.end(), parts.begin(), parts.end());
            lines.add_home(refs, readers, item.kind, item.unit_id, item.stands, item.known_as);
            note_waiting(lines, refs, m_session.rules(), item.kind, item.unit_id, readers);
        }
        for (const auto& [h, n] : moves) free_holding(store, op, h, n, MoveKind::exchanged);
        for (const auto& [h, n] : moves)
            if (h.kind == HeldKind::stands) {
                const auto& b = refs.brigade_at(h.unit_id, "a prisoner");
                if (auto line = relabel_above_start(store, m_session.rules(), b.id, b.ref())) lines.add_private(std::move(*line), b.division_id, readers);
            }
        lines.write(store, op, "Exchange #" + std::to_string(number) + " accepted by " + answering + ": ", readers, out);
    }, [&] { return db::Prisoners(store).exchange_divisions(c.id, number); });  // its brigades' and batteries' divisions hold all it reads
}

}  // namespace muster::app
