// The session: opening the database, the campaign acted on, its settings, and the steps every
// operation shares (named operations, the dice of rolled ones).
#include "app/session.hpp"

#include "app/arrivals.hpp"
#include "app/battles.hpp"
#include "app/plans.hpp"
#include "app/exports.hpp"
#include "app/forces.hpp"
#include "app/history.hpp"
#include "app/leaders.hpp"
#include "app/table_side.hpp"
#include "app/oob_import.hpp"
#include "app/paths.hpp"
#include "app/prisoners.hpp"
#include "app/refs.hpp"
#include "app/samples.hpp"
#include "app/season.hpp"
#include "app/players.hpp"
#include "app/session_state.hpp"
#include "core/date.hpp"
#include "db/forces.hpp"
#include "db/leaders.hpp"
#include "core/error.hpp"
#include "core/match.hpp"
#include "core/names.hpp"
#include "core/text.hpp"
#include "rules/load.hpp"

#include <algorithm>
#include <list>
#include <mutex>
#include <random>
#include <set>

namespace muster::app {

// A campaign's pinned rule set, read and checked once a process for each text: the server's
// requests, the GUI's reads and the commands a test runs in process open the same campaign
// again and again, and its copy is the same text each time. The last few are kept.
std::shared_ptr<const rules::RuleSet> pinned_rules(const std::string& text, const std::string& campaign) {
    static std::mutex mutex;
    static std::list<std::shared_ptr<const rules::RuleSet>> recent;  // the last used first
    {
        const std::lock_guard lock(mutex);
        for (auto it = recent.begin(); it != recent.end(); ++it)
            if ((*it)->text == text) {
                recent.splice(recent.begin(), recent, it);
                return recent.front();
            }
    }
    auto loaded = std::make_shared<const rules::RuleSet>(rules::load_pinned_rule_set(text, "the rule set pinned by campaign " + campaign));
    const std::lock_guard lock(mutex);
    recent.push_front(loaded);
    if (recent.size() > 4) recent.pop_back();
    return loaded;
}

namespace {

constexpr const char* k_current = "current_campaign";

std::uint64_t fresh_seed() {
    std::random_device rd;
    return (std::uint64_t{rd()} << 32) | rd();
}

// The settings a campaign may hold, checked the same way when it is created and changed.
void check_settings(const campaign::CampaignInfo& c) {
    if (c.return_rate < 0 || c.return_rate > 100)
        throw UsageError("return rate " + std::to_string(c.return_rate) + " is out of range: expected 0 to 100 (percent)");
    if (c.men_per_stand && (*c.men_per_stand < 1 || *c.men_per_stand > 10000))
        throw UsageError("men per stand " + std::to_string(*c.men_per_stand) + " is out of range: expected 1 to 10000");
    if (c.turn_days && (*c.turn_days < 1 || *c.turn_days > 366))
        throw UsageError("turn length " + std::to_string(*c.turn_days) + " days is out of range: expected 1 to 366 days");
}

}  // namespace

void require_in_years(const rules::RuleSet& r, const Day& day, const std::string& what) {
    if (!r.years.empty() && std::find(r.years.begin(), r.years.end(), day.year()) == r.years.end())
        throw UsageError(what + " " + day.text() + " is outside rule set " + r.id + "'s years: expected " + std::to_string(r.years.front()) +
                         " to " + std::to_string(r.years.back()));
}

void check_date_and_theater(const rules::RuleSet& r, const campaign::CampaignInfo& c) {
    if (c.date) require_in_years(r, *c.date, "date");
    require_stored_theater(r, c);
}

void require_stored_theater(const rules::RuleSet& r, const campaign::CampaignInfo& c) {
    // A theater typed is the rule set's by now (theater_id): one that is not was stored so.
    if (c.theater && std::none_of(r.theaters.begin(), r.theaters.end(), [&](const auto& t) { return t.id == *c.theater; })) {
        std::vector<std::string> ids;
        for (const auto& t : r.theaters) ids.push_back(t.id);
        throw Damaged("campaign " + visible(c.name) + ": its theater \"" + visible(*c.theater) + "\" is not one of rule set " + r.id + "'s (expected " +
                      (ids.empty() ? "none" : join(ids, ", ")) + "); run muster check, or give it one (muster campaign set --theater THEATER)");
    }
}

namespace {

// Despicable leaders played by the book asked of a rule set with no such grade: a setting that
// would change nothing, refused so the organiser does not think it does.
void require_despicable_applies(const rules::RuleSet& r, Despicable asked) {
    if (asked == Despicable::book && !r.plays_a_grade_by_the_book())
        throw UsageError("despicable leaders \"book\": rule set " + r.id +
                         " has no grade played otherwise by the book (the setting is about the ACW's despicable leaders): leave it " +
                         word(Despicable::expanded));
}

// The despicable setting where the rule set has a grade it is about (a rule set without one
// only takes "expanded", which would say nothing).
std::string settings_text(const rules::RuleSet& r, const campaign::CampaignInfo& c) {
    return "return rate " + std::to_string(c.return_rate) + "%, rounding " + word(c.rounding) +
           (r.plays_a_grade_by_the_book() ? ", despicable " + word(c.despicable) : std::string()) + (c.men_per_stand ? ", " + std::to_string(*c.men_per_stand) + " men per stand" : "") +
           (c.date ? ", date " + c.date->text() : "") + (c.theater ? ", theater " + *c.theater : "") +
           (c.turn_days ? ", turns of " + count_of(*c.turn_days, "day", "days") : "") + ", dice " + word(c.dice) +
           (c.leader_names ? "" : ", leader names not drawn");
}

}  // namespace

std::string default_db_path() { return data_dir() + "/campaigns.db"; }

void sessions_one_thread_each() { db::connections_one_thread_each(); }

void require_plain_companions(const std::string& path) { db::require_plain_companions(path); }

std::uint64_t changes_saved() { return db::changes_saved(); }
void forget_changes_saved_since(std::uint64_t count) { db::forget_changes_saved_since(count); }

Session::Session(std::string db_path, Open open, int lock_wait_ms, Catalog catalog)
    : m(std::make_unique<State>(db_path.empty() ? default_db_path() : db_path, open, lock_wait_ms, std::move(catalog))) {}

Session::~Session() = default;
Session::Session(Session&&) noexcept = default;
Session& Session::operator=(Session&&) noexcept = default;

const std::string& Session::db_path() const { return m->store.path(); }

campaign::CampaignInfo Session::create_campaign(const NewCampaign& request) {
    NewCampaign r = request;
    const Sample* sample = r.sample ? &find_sample(*r.sample) : nullptr;
    if (sample) {
        if (r.rules.empty()) r.rules = sample->rules;
        if (!r.date) r.date = sample->date;
        if (!r.theater) r.theater = sample->theater;
        if (!r.turn_days) r.turn_days = sample->turn_days;
        if (!r.men_per_stand) r.men_per_stand = sample->men_per_stand;
    }
    if (r.rules.empty()) throw UsageError("a new campaign needs a rule set (--rules ID) or a sample to start from (--sample ID)");
    campaign::CampaignInfo row;
    row.name = require_name("campaign", r.name);
    row.return_rate = r.return_rate;
    row.rounding = r.rounding;
    row.despicable = r.despicable;
    row.dice = r.dice;
    row.men_per_stand = r.men_per_stand;
    row.date = r.date;
    row.turn_days = r.turn_days;
    row.leader_names = r.leader_names == Switch::on;
    check_settings(row);
    const rules::RuleSet rules = m->catalog.load(r.rules);
    if (sample && rules.id != sample->rules)
        throw UsageError("sample " + sample->id + " is written for rule set " + sample->rules + ", not " + rules.id);
    if (r.theater) row.theater = theater_id(rules, *r.theater);
    check_date_and_theater(rules, row);
    require_despicable_applies(rules, r.despicable);
    row.rules_id = rules.id;
    row.rules_json = rules.text;
    row.seed = r.seed ? *r.seed : fresh_seed();
    std::optional<db::Store::FirstOperation> first;
    army::OrderOfBattle oob;
    if (sample) {
        // Read whole against the rule set before anything is written.
        oob = read_oob(sample->text, sample->file, rules);
        first = db::Store::FirstOperation{OperationKind::import, [&](std::int64_t campaign, std::int64_t op) {
            auto& store = m->store;
            const std::string summary = store_imported_oob(store, campaign, op, oob, rules);
            for (const auto& [division, turn] : sample->schedule) {
                const auto d = db::Forces(store).find_division(campaign, division);
                if (!d || d->status != DivisionStatus::placeholder)
                    throw FileError(sample->file, "$.sample.schedule", "\"" + division + "\" is not a placeholder division of the sample");
                db::Season(store).set_schedule(d->id, turn);
            }
            return "Started from sample " + sample->id + " (" + sample->title + "): " + summary + ", " +
                   rules.count_divisions(static_cast<int>(sample->schedule.size())) + " scheduled";
        }};
    }
    m->store.create_campaign(row, k_current, first);
    // Made current, it is the one this session acts on from now, whichever it was given before.
    m->selected = row.name;
    return *m->store.find_campaign(row.name);
}

Outcome Session::change_settings(const CampaignSettings& s) {
    const auto was = current();
    auto c = was;
    if (s.return_rate) c.return_rate = *s.return_rate;
    if (s.rounding) c.rounding = *s.rounding;
    if (s.despicable) c.despicable = *s.despicable;
    if (s.men_per_stand) c.men_per_stand = *s.men_per_stand;
    if (s.date) c.date = *s.date;
    if (s.theater) c.theater = theater_id(rules(), *s.theater);
    if (s.turn_days) c.turn_days = *s.turn_days;
    if (s.leader_names) c.leader_names = *s.leader_names == Switch::on;
    if (s.dice) c.dice = *s.dice;
    check_settings(c);
    check_date_and_theater(rules(), c);
    if (s.despicable) require_despicable_applies(rules(), *s.despicable);
    if (settings_text(rules(), c) == settings_text(rules(), was))
        throw UsageError("nothing to change: campaign " + possessive(c.name) + " settings are already " + settings_text(rules(), c));
    Outcome out;
    out.operation = m->store.run_operation(c.id, OperationKind::settings, [&](std::int64_t op) {
        // The date is the turn's: neither it nor the turn's length may put a battle already fought
        // after the turn (where turns have a length, as a battle's own date is checked).
        if ((s.date || s.turn_days) && c.date && c.turn_days)
            for (const auto& b : db::Battles(m->store).battles(c.id))
                if (b.date && *b.date > *c.turn_ends())
                    throw UsageError(std::string(s.date ? "date " + c.date->text() : "a turn of " + count_of(*c.turn_days, "day", "days")) + " would put " +
                                     c.turn_and_days() + " before the battle of " +
                                     visible(b.name) + ", fought " + b.date->text() + ": the campaign's date is the day its turn began");
        m->store.set_audience(op, Audience::everyone());  // the campaign's rules and date are every side's
        m->store.update_campaign_settings(c);
        out.summary = "Settings: " + settings_text(rules(), c);
        // The leaders already rolled a grade played by the book play as the setting says now (not
        // counted in the entry every side reads: the count would tell of hidden ones).
        if (c.despicable != was.despicable)
            for (const auto& g : rules().grades)
                if (!g.by_the_book_as.empty())
                    db::Leaders(m->store).play_rolled_grade(c.id, g.id, g.by_the_book_as, c.despicable == Despicable::book ? g.by_the_book_as : g.id);
        return out.summary;
    });
    return out;
}

std::vector<campaign::CampaignInfo> Session::campaigns() const { return m->store.campaigns(); }

void Session::select_campaign(const std::string& typed) {
    std::vector<std::string> names;
    for (const auto& c : m->store.campaigns()) names.push_back(c.name);
    const auto i = match_one(typed, names, "campaign");
    if (i < 0)
        throw NotFoundError("no campaign named \"" + visible(typed) + "\" in " + db_path() +
                            (names.empty() ? " (it has none)" : " (campaigns: " + join(names, ", ") + ")"));
    m->selected = names[static_cast<size_t>(i)];
}

std::string Session::use_campaign(const std::string& name) {
    select_campaign(name);
    m->store.set_meta(k_current, *m->selected);
    return *m->selected;
}

void Session::roll_own_dice(Switch own_dice) { m->own_dice = own_dice == Switch::on; }

campaign::CampaignInfo Session::current() const {
    if (m->selected) return *m->store.find_campaign(*m->selected);
    if (auto name = m->store.meta(k_current))
        if (auto c = m->store.find_campaign(*name)) return *c;
    const auto all = m->store.campaigns();
    if (all.size() == 1) return all.front();
    if (all.empty()) throw UsageError(db_path() + " holds no campaign yet: muster campaign new NAME --rules ID");
    std::vector<std::string> names;
    for (const auto& c : all) names.push_back(c.name);
    throw UsageError("which campaign? give --campaign NAME (" + join(names, ", ") + ")");
}

std::optional<campaign::CampaignInfo> Session::current_if_any() const {
    try {
        return current();
    } catch (const UsageError&) {
        return std::nullopt;
    }
}

void Session::seen(std::int64_t revision) { m->store.expect_last_operation(revision); }

std::int64_t Session::last_operation() const { return last_operation(current().id); }
std::int64_t Session::last_operation(std::int64_t campaign) const { return m->store.last_operation(campaign); }

const rules::RuleSet& Session::rules() const { return *shared_rules(); }

std::shared_ptr<const rules::RuleSet> Session::shared_rules() const {
    const auto c = current();
    if (!m->rules || m->rules_campaign != c.id) {
        auto rules = pinned_rules(c.rules_json, c.name);
        // Every army of a side of its rule set: one of another is no side's, and each side's
        // view would leave it out as the enemy's (its own units with it), unsaid. Said by its
        // number: a player's refused form may show it, and the army may be one hidden from him.
        for (const auto& [army, side] : db::Forces(m->store).army_sides(c.id))
            if (!rules->find_side(side)) {
                std::vector<std::string> sides;
                for (const auto& known : rules->sides) sides.push_back(known.id);
                throw Damaged::in(m->store.path(), Damaged("army row " + std::to_string(army) + " is of side \"" + visible(side) + "\", not a side of rule set " +
                                                            rules->id + " (expected one of: " + join(sides, ", ") + "); run muster check, or restore a backup"));
            }
        m->rules = std::move(rules);
        m->rules_campaign = c.id;
    }
    return m->rules;
}

View Session::view(std::string_view text) const {
    const auto viewer = View::parse(text);
    return viewer.is_umpire() ? viewer : View::of_side(side_id(rules(), viewer.side()));
}

Forces Session::forces() { return Forces(*this); }
Arrivals Session::arrivals() { return Arrivals(*this); }
Battles Session::battles() { return Battles(*this); }
TableSide Session::table_side() { return TableSide(*this); }
Leaders Session::leaders() { return Leaders(*this); }
Prisoners Session::prisoners() { return Prisoners(*this); }
Exports Session::exports() { return Exports(*this); }
History Session::history() { return History(*this); }
Season Session::season() { return Season(*this); }
Plans Session::plans() { return Plans(*this); }
Players Session::players() { return Players(*this); }

Outcome named_operation(Session& session, OperationKind kind,
                        const std::function<void(std::int64_t, const Refs&, Outcome&)>& change,
                        const std::function<std::optional<std::vector<std::int64_t>>()>& divisions) {
    const auto c = session.current();
    auto& store = session.state().store;
    Outcome out;
    out.operation = store.run_operation(c.id, kind, [&](std::int64_t op) {
        const auto ids = divisions ? divisions() : std::nullopt;
        const auto roster = ids ? db::Rosters(store).roster_of(c.id, *ids) : db::Rosters(store).roster(c.id);
        change(op, Refs(roster, session.rules()), out);
        return out.summary;
    });
    return out;
}

Outcome named_operation(Session& session, OperationKind kind, Mode mode, const std::function<void(std::int64_t, const Refs&, Outcome&)>& change) {
    if (mode == Mode::apply) return named_operation(session, kind, change);
    auto& store = session.state().store;
    Outcome out;
    out.preview = true;
    store.read([&] { change(0, Refs(db::Rosters(store).roster(session.current().id), session.rules()), out); });
    return out;
}

std::string require_name(const std::string& what, const std::string& name) { return checked_name(what + " name", name); }

std::string require_unit_name(const std::string& what, const std::string& name) { return checked_unit_name(what, name); }

std::string require_place(const std::string& given) {
    const std::string place(trim(given));
    if (place.empty()) return place;
    auto probe = place;  // the name rule refuses `/`, which references use
    std::replace(probe.begin(), probe.end(), '/', '-');
    checked_name("place", probe);
    return place;
}

std::string side_id(const rules::RuleSet& r, const std::string& typed) {
    std::vector<std::string> ids;
    for (const auto& s : r.sides) ids.push_back(s.id);
    const auto i = match_one(typed, ids, "side");
    if (i >= 0) return ids[static_cast<size_t>(i)];
    if (trim(typed).empty()) throw UsageError("no side given: expected one of rule set " + r.id + "'s sides (" + join(ids, ", ") + ")");
    throw UsageError("unknown side \"" + visible(typed) + "\" (rule set " + r.id + ": " + join(ids, ", ") + ")" + did_you_mean(typed, ids));
}

std::string theater_id(const rules::RuleSet& r, const std::string& typed) {
    std::vector<std::string> ids;
    for (const auto& t : r.theaters) ids.push_back(t.id);
    const auto i = match_one(typed, ids, "theater");
    if (i >= 0) return ids[static_cast<size_t>(i)];
    throw UsageError("theater \"" + visible(typed) + "\" is not one of rule set " + r.id + "'s" +
                     (ids.empty() ? " (it has no theaters)" : ": expected " + join(ids, ", ")) + did_you_mean(typed, ids));
}

namespace {

// The name a person typed for a division, corps or army, as the campaign spells it; refused in
// the campaign's rule set's words ("no brigade named" for an AWI brigade, its division).
std::string unit_name(const db::Store& store, const campaign::CampaignInfo& c, UnitKind kind, const std::string& typed) {
    const auto names = db::Forces(store).unit_names(c.id, kind);
    const auto noun = pinned_rules(c.rules_json, c.name)->noun_of(kind);
    const auto i = match_one(typed, names, noun);
    if (i < 0) throw NotFoundError("no " + noun + " named \"" + visible(typed) + "\" in campaign " + c.name + did_you_mean(typed, names));
    return names[static_cast<size_t>(i)];
}

// A name listed whose row the lookup cannot join to its corps, army and side is damage.
template <class T>
T found(std::optional<T> row, UnitKind kind, const std::string& name) {
    if (row) return *row;
    throw Damaged(word(kind) + " " + visible(name) + " is not joined to its corps, army or side; run muster check, or restore a backup");
}

}  // namespace

// The exact name is looked up first: only a miss lists the campaign's names (an arrival at
// 33,000 divisions reads one row, not every name).

db::DivisionRef division_named(const db::Store& store, const campaign::CampaignInfo& c, const std::string& typed) {
    if (auto d = db::Forces(store).find_division(c.id, typed)) return *d;
    const auto name = unit_name(store, c, UnitKind::division, typed);
    return found(db::Forces(store).find_division(c.id, name), UnitKind::division, name);
}

UnitFound corps_named(const db::Store& store, const campaign::CampaignInfo& c, const std::string& typed) {
    if (auto k = db::Forces(store).find_corps(c.id, typed)) return {std::get<0>(*k), std::get<2>(*k), typed};
    const auto name = unit_name(store, c, UnitKind::corps, typed);
    const auto k = found(db::Forces(store).find_corps(c.id, name), UnitKind::corps, name);
    return {std::get<0>(k), std::get<2>(k), name};
}

UnitFound army_named(const db::Store& store, const campaign::CampaignInfo& c, const std::string& typed) {
    if (auto a = db::Forces(store).find_army(c.id, typed)) return {a->first, a->second, typed};
    const auto name = unit_name(store, c, UnitKind::army, typed);
    const auto a = found(db::Forces(store).find_army(c.id, name), UnitKind::army, name);
    return {a.first, a.second, name};
}

std::optional<std::pair<const rules::EffectivenessLabel*, std::string>> above_start(const rules::RuleSet& r, const army::BrigadeRecord& b, int stands,
                                                                                    const std::string& ref) {
    if (stands <= b.start_stands) return std::nullopt;
    if (const auto* label = r.effectiveness.find(b.rating, stands))
        return std::pair{label, ref + " is above its start of " + std::to_string(b.start_stands) + " with " + std::to_string(stands) + " stands: labelled " + label->text()};
    return std::pair{nullptr, ref + " has " + std::to_string(stands) + " stands, above its start of " + std::to_string(b.start_stands) +
                                  ", and the effectiveness table has no " + std::string(b.rating) + " label for that many: it keeps " + b.label.text()};
}

std::optional<std::string> relabel_above_start(db::Store& store, const rules::RuleSet& r, std::int64_t id, const std::string& ref) {
    const auto b = db::Forces(store).brigade(id);
    auto said = b ? above_start(r, *b, b->stands, ref) : std::nullopt;
    if (!said) return std::nullopt;
    if (said->first) db::Forces(store).relabel_brigade(id, *said->first, db::LabelledBy::as_given);
    return std::move(said->second);
}

void relabel_above_start(db::Store& store, const rules::RuleSet& r, std::int64_t id, const std::string& ref, Outcome& out) {
    if (auto line = relabel_above_start(store, r, id, ref)) out.lines.push_back(std::move(*line));
}

const rules::Side& stored_side(const rules::RuleSet& r, const std::string& id) {
    if (const auto* side = r.find_side(id)) return *side;
    throw Damaged("it names the side \"" + visible(id) + "\", which rule set " + r.id +
                " does not have; run muster check, or restore a backup");
}

void require_view(const rules::RuleSet& r, const View& viewer) {
    if (!viewer.is_umpire() && side_id(r, viewer.side()) != viewer.side())
        throw UsageError("side \"" + visible(viewer.side()) + "\" is not as rule set " + r.id + " spells it: " + side_id(r, viewer.side()));
}

namespace {

// Where a stream's counter is kept: for its owner alone, after a separator no name holds (a
// control character), so no stream's name can be another's place (every side's own stream,
// "*", is the campaign's). A campaign of an earlier muster kept it by the stream's name: its
// count goes on.
std::string kept_as(const std::string& stream, const std::string& owner) {
    return stream == Audience::k_everyone ? stream : stream + std::string(db::Store::k_owner_mark) + owner;
}

std::uint64_t counter_of(const db::Store& store, std::int64_t campaign, const std::string& stream, const std::string& owner) {
    if (const auto n = store.dice_counter(campaign, kept_as(stream, owner))) return n;
    return store.dice_counter(campaign, stream);
}

}  // namespace

OperationDice::OperationDice(Session::State& state, const campaign::CampaignInfo& c, std::int64_t operation,
                             const Audience& audience, const std::string& subject, const std::string& owner,
                             const std::vector<std::string>& typed)
    : m_store(state.store), m_campaign(c.id), m_seed(c.seed), m_stream(audience.text() + (subject.empty() ? "" : "|" + subject)),
      m_owner(owner), m_seeded([&] {
          const auto counter = counter_of(state.store, c.id, m_stream, owner);
          return dice::SeededSource(m_stream == Audience::k_everyone ? c.seed : dice::SeededSource::stream_seed(c.seed, m_stream), counter);
      }()),
      m_seeded_from(m_seeded.counter()),
      m_names(dice::SeededSource::stream_seed(c.seed, m_stream + "|names"), counter_of(state.store, c.id, m_stream + "|names", owner)) {
    state.store.set_audience(operation, audience);
    // A campaign of typed-in dice takes only the organiser's rolls, none if nothing is rolled
    // (a recovery with no fraction to settle); one asked for and not given is named.
    if (!typed.empty() || c.dice == DiceMode::typed || state.own_dice) m_typed.emplace(typed);
}

std::string seen_since(const db::Store& store, std::optional<std::int64_t> division) {
    return division ? seen_since(store, UnitKind::division, *division) : "";
}

std::string seen_since(const db::Store& store, UnitKind kind, std::int64_t unit) {
    const int n = db::Forces(store).reveals_under(kind, unit);
    return n ? "#" + std::to_string(n) : "";
}

dice::Source& OperationDice::source_for(const std::string& named, const std::string& owner, std::optional<std::int64_t> division) {
    if (m_typed) return *m_typed;
    std::string stream = named;
    if (division) {  // each division's reveals read once an operation, not once a subject
        auto since = m_seen_since.find(*division);
        if (since == m_seen_since.end()) since = m_seen_since.emplace(*division, seen_since(m_store, division)).first;
        stream += since->second;
    }
    const auto kept = kept_as(stream, owner);
    auto it = m_subjects.find(kept);
    if (it == m_subjects.end()) {
        const auto from = counter_of(m_store, m_campaign, stream, owner);
        it = m_subjects.emplace(kept, std::pair{dice::SeededSource(dice::SeededSource::stream_seed(m_seed, stream), from), from}).first;
    }
    return it->second.first;
}

void OperationDice::record(db::Store& store, std::int64_t operation, const std::vector<dice::RollRecord>& rolls, Mode mode) {
    const bool preview = mode == Mode::preview;
    if (m_typed) m_typed->require_all_used();
    store.insert_rolls(operation, rolls, m_typed ? DiceMode::typed : DiceMode::seeded,
                       preview ? RollStatus::discarded : RollStatus::applied);
    if (!preview && !m_typed) {
        // Only the counts that moved: a stream the operation drew nothing from keeps no row.
        if (m_seeded.counter() != m_seeded_from) store.set_dice_counter(m_campaign, kept_as(m_stream, m_owner), m_seeded.counter());
        for (const auto& [kept, source] : m_subjects)
            if (source.first.counter() != source.second) store.set_dice_counter(m_campaign, kept, source.first.counter());
    }
    if (m_name_rolls.empty()) return;
    store.insert_rolls(operation, m_name_rolls, DiceMode::seeded, preview ? RollStatus::discarded : RollStatus::applied);
    if (!preview) store.set_dice_counter(m_campaign, kept_as(m_stream + "|names", m_owner), m_names.counter());
}

void OperationDice::record_previewed(db::Store& store, std::int64_t operation, const std::vector<dice::RollRecord>& rolls, Mode mode,
                                     const std::string& subject, const std::string& what, Previewed previewed) {
    db::History history(store);
    if (mode == Mode::apply && previewed == Previewed::held)
        if (const auto shown = history.preview_waiting(m_campaign, subject)) {
            auto thrown = rolls;
            thrown.insert(thrown.end(), m_name_rolls.begin(), m_name_rolls.end());
            if (const auto differs = rolls_differ(shown->rolls, thrown))
                throw UsageError(what + " would not roll as its preview (journal #" + std::to_string(shown->id) + ") showed: " + *differs +
                                 ". Roll the same dice, preview again, or discard the preview (--discard-preview) to roll anew");
        }
    record(store, operation, rolls, mode);
    history.record_rolled_for(operation, subject);
}

std::optional<std::string> rolls_differ(const std::vector<journal::Roll>& shown, const std::vector<dice::RollRecord>& rolls) {
    // Percentile dice as the tables read them ("50", not "5,0"); others by their faces ("3+3").
    const auto said = [](const dice::RollRecord& r) {
        return (r.thrown.die == rules::Die::percentile ? r.thrown.reading_text() : r.thrown.faces_text()) + (r.result.empty() ? "" : " (" + r.result + ")");
    };
    for (size_t i = 0; i < std::min(shown.size(), rolls.size()); ++i) {
        const auto& was = shown[i].roll;
        const auto& now = rolls[i];
        const auto n = "roll " + std::to_string(i + 1);
        if (was.purpose != now.purpose) return n + " was for " + was.purpose + ", now for " + now.purpose;
        if (!(was.thrown.faces == now.thrown.faces) || was.result != now.result) return n + " (" + now.purpose + "): " + said(was) + " then, " + said(now) + " now";
    }
    if (shown.size() == rolls.size()) return std::nullopt;
    const auto n = std::min(shown.size(), rolls.size());
    const auto& extra = shown.size() > n ? shown[n].roll : rolls[n];
    return "roll " + std::to_string(n + 1) + " (" + extra.purpose + "): " + (shown.size() > n ? said(extra) + " then, not thrown now" : "not thrown then, " + said(extra) + " now");
}

std::vector<dice::RollRecord> OperationDice::name_leaders(const db::Store& store, const campaign::CampaignInfo& c,
                                                          const rules::RuleSet& rules, const std::string& side, const std::string& nationality, int year,
                                                          const std::vector<Unnamed>& leaders, const std::vector<std::string>& beside) {
    std::vector<dice::RollRecord> drawn;
    if (!c.leader_names) return drawn;
    const auto pool = generate::name_pool(leader_name_lists(), rules, side, nationality);
    if (pool.empty()) return drawn;
    // Taken: a name drawn just now, or one every side sees the side's units or their leaders
    // bear. Never the enemy's, and never one hidden: the draw of a division the enemy will see
    // must not depend on what the enemy may not see (so two of a side's leaders may share a
    // name; each is found by his post or number). Nor one those named now already bear: a leader
    // of theirs named already, or a division among their posts ("Specht", which names its
    // commander), or `beside` (read with the unit a new commander takes): names that go with them
    // wherever they are read, so telling nothing.
    std::set<std::string> now(beside.begin(), beside.end());
    for (const auto& [leader, post, rank] : leaders) {
        if (!leader->name.empty()) now.insert(leader->name);
        now.insert(post);
    }
    const auto taken = [&](const std::string& name) { return now.count(name) > 0 || db::Leaders(store).leader_name_taken(c.id, side, name); };
    generate::NameFit when;
    when.year = year ? year : c.date ? c.date->year() : 0;
    if (c.date && c.date->year() == when.year) when.month = c.date->month();
    for (const auto& [leader, post, rank] : leaders) {
        if (!leader->present() || !leader->name.empty()) continue;
        when.rank = rank;
        leader->name = generate::draw_name(pool, when, taken, m_names, drawn, "name of the commander of " + post);
        now.insert(leader->name);
    }
    m_name_rolls.insert(m_name_rolls.end(), drawn.begin(), drawn.end());
    return drawn;
}

}  // namespace muster::app
