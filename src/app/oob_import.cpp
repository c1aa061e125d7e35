#include "app/oob_import.hpp"
#include "app/session_state.hpp"

#include "core/error.hpp"
#include "core/names.hpp"
#include "core/match.hpp"
#include "core/text.hpp"
#include "json/json.hpp"

#include <map>
#include <type_traits>
#include <set>

namespace muster::app {
namespace {

using json::Value;

class Reader {
public:
    explicit Reader(const rules::RuleSet& rules) : m_rules(rules) {}

    army::OrderOfBattle read(const Value& root) {
        root.allow_only({"format", "muster", "campaign", "rules", "view", "date", "turn", "armies", "sides", "sample"});
        const auto format = root.at("format");
        if (format.as_string() != "muster-oob/1")
            format.fail("\"" + format.as_string() + "\" is not an order of battle muster reads: expected \"muster-oob/1\"");
        army::OrderOfBattle oob;
        for (const auto& a : root.at("armies").items()) oob.armies.push_back(army(a));
        return oob;
    }

private:
    // `refuse_leader_like`: a unit's name a reference would read as a leader's ("#12") is refused (a battery's is not found so).
    std::string name(const Value& parent, std::set<std::string>& seen, const char* what, bool refuse_leader_like = true) {
        const auto v = parent.at("name");
        const std::string raw = v.as_string();
        if (const auto problem = name_problem(trim(raw).empty() ? raw : std::string(trim(raw))); !problem.empty())
            v.fail(std::string(what) + " name \"" + visible(raw) + "\" is refused: " + problem);
        std::string n(trim(raw));
        if (const auto problem = refuse_leader_like ? leader_name_problem(n) : std::string(); !problem.empty())
            v.fail(std::string(what) + " name \"" + visible(n) + "\" is refused: " + problem + ", and would be read as a leader's");
        // Told apart by more than case, as names are everywhere (no one could type one of two).
        if (!seen.insert(lower(n)).second) v.fail("a second " + std::string(what) + " named \"" + n + "\" (names differ by more than case)");
        return n;
    }

    // One of the rule set's sides, arms, ratings...: by its id, in any case, or by its name as
    // muster prints it ("Union", "Superior"), as a spreadsheet may hold it.
    template <class T>
    std::string id_in(const Value& v, const char* what, const std::vector<T>& items) {
        const std::string typed = v.as_string();
        // The first rule that finds any: the id, the id in any case, the name in any case.
        for (const auto by : {+[](const T& x, const std::string& t) { return x.id == t; }, +[](const T& x, const std::string& t) { return same_ignoring_case(x.id, t); },
                              +[](const T& x, const std::string& t) { return same_ignoring_case(x.name, t); }}) {
            std::vector<std::string> found;
            for (const auto& item : items)
                if (by(item, typed)) found.push_back(item.id);
            if (found.size() == 1) return found.front();
            if (found.size() > 1) v.fail(std::string(what) + " \"" + typed + "\" could be any of " + join(found, ", ") + ": give its id");
        }
        v.fail("unknown " + std::string(what) + " \"" + typed + "\" (expected one of: " + join(ids(items), ", ") + ")");
    }

    template <class E>
    E word_in(const Value& v) {
        const std::string text = v.as_string();
        if (auto w = find_word<E>(text)) return *w;
        v.fail("unknown " + std::string(Vocabulary<E>::what) + " \"" + text + "\" (expected one of: " + spellings<E>() + ")");
    }

    template <class T>
    static std::vector<std::string> ids(const std::vector<T>& items) {
        std::vector<std::string> out;
        for (const auto& x : items) out.push_back(x.id);
        return out;
    }

    // A commander: his name and grade; `graded` false, a placeholder's, known by name only.
    army::Leader leader(const Value& parent, std::string_view key = "commander", bool graded = true) {
        auto v = parent.find(key);
        if (!v) return {};
        v->allow_only({"name", "grade", "rolled_grade", "status", "out_for", "company"});
        army::Leader l;
        try {
            l.name = checked_leader_name(v->at("name").as_string());
        } catch (const UsageError& e) {
            v->at("name").fail(e.what());
        }
        if (!graded) {
            if (v->find("grade") || v->find("rolled_grade") || v->find("status") || v->find("out_for"))
                v->fail("a placeholder's commander is known by name only: his grade is rolled when the division arrives");
            if (l.name.empty()) v->at("name").fail("a placeholder's commander is given by name");
            return l;
        }
        l.grade = id_in(v->at("grade"), "leader grade", m_rules.grades);
        l.rolled_grade = v->find("rolled_grade") ? id_in(v->at("rolled_grade"), "leader grade", m_rules.grades) : l.grade.str();
        if (auto s = v->find("status")) l.status = word_in<LeaderStatus>(*s);
        // A wounded leader is out for so many battles (the leader list's count), counted from
        // the import: the battles he fell in are not imported.
        if (auto out = v->find("out_for")) {
            if (l.status != LeaderStatus::wounded) out->fail("only a wounded leader is out for a number of battles; this one is " + word(l.status));
            l.out_battles = out->as_int(0, 100);
        }
        // His company (a corps leader attached to a division leader), as the file tells it: read
        // so that the import can say it is not made again, never stored.
        if (auto c = v->find("company")) l.company = army::Leader::Company{c->as_string(), false};
        return l;
    }

    std::vector<army::Battery> batteries(const Value& parent, const char* key, bool reserve) {
        std::vector<army::Battery> out;
        std::set<std::string> seen;
        auto list = parent.find(key);
        if (!list) return out;
        for (const auto& b : list->items()) {
            b.allow_only({"name", "status"});
            army::Battery bat;
            bat.name = name(b, seen, "battery", false);
            bat.reserve = reserve;
            if (auto s = b.find("status")) bat.status = word_in<BatteryStatus>(*s);
            out.push_back(bat);
        }
        return out;
    }

    army::Army army(const Value& v) {
        v.allow_only({"name", "side", "commander", "reserve_batteries", "corps", "totals"});
        army::Army a;
        a.name = name(v, m_armies, "army");
        a.side = id_in(v.at("side"), "side", m_rules.sides);
        a.commander = leader(v);
        a.reserve = batteries(v, "reserve_batteries", true);
        for (const auto& k : v.at("corps").items()) a.corps.push_back(corps(k, a.side));
        return a;
    }

    army::Corps corps(const Value& v, const std::string& side) {
        v.allow_only({"name", "commander", "reserve_batteries", "divisions", "totals"});
        army::Corps k;
        k.name = name(v, m_corps, "corps");
        k.commander = leader(v);
        k.reserve = batteries(v, "reserve_batteries", true);
        for (const auto& d : v.at("divisions").items()) k.divisions.push_back(division(d, side));
        return k;
    }

    army::Division division(const Value& v, const std::string& side) {
        v.allow_only({"name", "arm", "status", "hidden", "year", "theater", "nationality", "commander", "brigades", "batteries", "totals"});
        army::Division d;
        d.name = name(v, m_divisions, "division");
        d.side = side;
        d.arm = id_in(v.at("arm"), "arm", m_rules.arms);
        d.status = word_in<DivisionStatus>(v.at("status"));
        if (auto h = v.find("hidden")) d.hidden = h->as_bool();
        if (auto y = v.find("year")) {
            if (m_rules.years.empty()) y->fail("rule set " + m_rules.id + " has no years");
            d.year = y->as_int(m_rules.years.front(), m_rules.years.back());
        }
        if (auto t = v.find("theater")) d.theater = id_in(*t, "theater", m_rules.theaters);
        if (auto n = v.find("nationality")) {
            if (m_rules.nationalities.empty()) n->fail("rule set " + m_rules.id + " has no nationalities");
            d.nationality = id_in(*n, "nationality", m_rules.nationalities);
        }
        // A division entered by hand may keep the commander its placeholder knew by name only
        // (as muster's export writes him): his grade comes when a leader is rolled for it.
        const auto commander = v.find("commander");
        d.commander = leader(v, "commander", d.status == DivisionStatus::arrived || (d.status == DivisionStatus::entered && commander && commander->find("grade")));
        std::set<std::string> names;
        if (auto list = v.find("brigades"))
            for (const auto& b : list->items()) d.brigades.push_back(brigade(b, names, d.arm));
        d.batteries = batteries(v, "batteries", false);
        if (d.status == DivisionStatus::placeholder && (!d.brigades.empty() || !d.batteries.empty() || d.commander.present()))
            v.at("status").fail("a placeholder division has not arrived: it can have no brigades, batteries or commander");
        return d;
    }

    army::Brigade brigade(const Value& v, std::set<std::string>& names, const std::string& arm) {
        v.allow_only({"name", "arm", "rating", "start_stands", "stands", "label", "state", "status", "commander", "alternate"});
        army::Brigade b;
        b.name = name(v, names, "brigade");
        b.arm = v.find("arm") ? id_in(v.at("arm"), "arm", m_rules.arms) : arm;
        b.rating = id_in(v.at("rating"), "rating", m_rules.ratings);
        const auto* rating = m_rules.find_rating(b.rating);
        b.start_stands = v.at("start_stands").as_int(1, rating->max_stands.value_or(99));
        // A brigade pushed above its start (a merge, stands coming back) is relabelled for its
        // new strength; only where the table has no label for that many does it keep its start,
        // and no more can come back to it than the largest unit of its rating.
        b.stands = v.at("stands").as_int(0, b.start_stands + rating->max_stands.value_or(b.start_stands));
        if (b.stands > b.start_stands && m_rules.effectiveness.find(b.rating, b.stands))
            v.at("stands").fail(std::to_string(b.stands) + " stands is above start_stands " + std::to_string(b.start_stands) +
                                ": a brigade above its start is labelled for its new strength (start_stands " + std::to_string(b.stands) + ")");
        if (auto l = v.find("label")) {
            try {
                b.label = rules::parse_label(l->as_string());
            } catch (const FileError&) {
                throw;
            } catch (const Error& e) {
                l->fail(e.what());
            }
            if (b.label.stands != b.start_stands)
                l->fail("label " + l->as_string() + " is for " + std::to_string(b.label.stands) + " stands, but start_stands is " +
                        std::to_string(b.start_stands));
        } else if (const auto* label = m_rules.effectiveness.find(b.rating, b.start_stands)) {
            b.label = *label;
        } else {
            v.fail("no \"label\", and rule set " + m_rules.id + " has none for " + a_or_an(m_rules.describe(rules::Field::rating, {0, b.rating})) + " " + m_rules.brigade_noun() + " of " +
                   count_of(b.start_stands, "stand", "stands"));
        }
        b.commander = leader(v);
        if (v.find("alternate")) b.alternate = leader(v, "alternate");
        if (auto s = v.find("status")) b.status = word_in<BrigadeStatus>(*s);
        return b;
    }

    const rules::RuleSet& m_rules;
    std::set<std::string> m_armies, m_corps, m_divisions;
};

}  // namespace

army::OrderOfBattle read_oob(std::string_view text, const std::string& file, const rules::RuleSet& rules) {
    const json::Document doc(text, file);
    return Reader(rules).read(doc.root());
}

std::string forces_count(const army::OrderOfBattle& oob, const rules::RuleSet& rules, const std::optional<std::string>& side) {
    int armies = 0, corps = 0, divisions = 0, brigades = 0;
    for (const auto& a : oob.armies) {
        if (side && a.side != *side) continue;
        ++armies;
        for (const auto& k : a.corps) {
            ++corps;
            divisions += static_cast<int>(k.divisions.size());
            for (const auto& d : k.divisions) brigades += static_cast<int>(d.brigades.size());
        }
    }
    return count_of(armies, "army", "armies") + ", " + count_of(corps, "corps", "corps") + ", " + rules.count_divisions(divisions) + ", " +
           rules.count_brigades(brigades);
}

std::string store_imported_oob(db::Store& store, std::int64_t campaign, std::int64_t operation,
                               const army::OrderOfBattle& oob, const rules::RuleSet& rules) {
    // A captured leader or battery comes in active: an order of battle carries no camps, so he
    // would be held by none (and an export of a campaign with prisoners imports again).
    int freed_leaders = 0, freed_batteries = 0;
    const auto release = [&](auto unit) {
        if (unit.status == decltype(unit.status)::captured) {
            unit.status = decltype(unit.status)::active;
            ++(std::is_same_v<decltype(unit), army::Leader> ? freed_leaders : freed_batteries);
        }
        return unit;
    };
    auto leader_id = [&](const army::Leader& l, const std::string& side, Rank rank) -> std::optional<std::int64_t> {
        if (!l.present()) return std::nullopt;
        return db::Leaders(store).insert_leader(campaign, side, rank, release(l));
    };
    const auto captured = [](const army::Division& d) {
        const auto held = [](const auto& x) { return x.status == decltype(x.status)::captured; };
        return held(d.commander) || std::any_of(d.brigades.begin(), d.brigades.end(), [&](const auto& b) { return held(b.commander) || held(b.alternate.value_or_default()); }) ||
               std::any_of(d.batteries.begin(), d.batteries.end(), held);
    };
    // A name the file gives may not let a reference name two leaders: a leader's that a leader or
    // a unit of the campaign already bears, nor a unit's that a leader of it bears (as `add`
    // refuses them). Within the file names may repeat, as drawn names do: the
    // export of a campaign imports again.
    std::map<std::string, std::string> leaders, units;  // each name in lower case, as spelled
    for (const auto& n : db::Leaders(store).leader_names(campaign)) leaders.emplace(lower(n), n);
    for (const auto kind : {UnitKind::army, UnitKind::corps, UnitKind::division})
        for (const auto& n : db::Forces(store).unit_names(campaign, kind))
            units.emplace(lower(n), (kind == UnitKind::division ? rules.division_noun() : word(kind)) + " " + n);
    for (const auto& [n, ref] : db::Forces(store).brigade_names(campaign)) units.emplace(lower(n), rules.brigade_noun() + " " + ref);
    // An army, corps or division of the file: no army, corps or division bears its name (any case).
    const auto new_unit = [&](const std::string& name) {
        for (const auto kind : {UnitKind::army, UnitKind::corps, UnitKind::division})
            if (const auto taken = db::Forces(store).unit_named_ignoring_case(campaign, kind, name))
                throw Error("the campaign already has " + std::string(kind == UnitKind::army ? "an " : "a ") + rules.noun_of(kind) + " named \"" + *taken + "\"");
    };
    const auto free_name = [&](const std::string& name, const std::string& what, bool leader) {
        if (name.empty()) return;
        if (const auto it = leaders.find(lower(name)); it != leaders.end())
            throw Error("the file's " + what + " \"" + name + "\" bears the name of the campaign's leader " + it->second + ": a reference to it would name two leaders; give " +
                        (leader ? "him" : "it") + " another name");
        if (const auto it = units.find(lower(name)); leader && it != units.end())
            throw Error("the file's " + what + " \"" + name + "\" bears the name of the campaign's " + it->second + ": a reference to it would name two leaders; give him another name");
    };
    for (const auto& a : oob.armies) {
        new_unit(a.name);
        free_name(a.name, "army", false);
        free_name(a.commander.name, "commander of " + a.name, true);
        const auto army_id = db::Forces(store).insert_army(campaign, a.side, a.name, leader_id(a.commander, a.side, Rank::army));
        for (const auto& bat : a.reserve) db::Forces(store).insert_battery(campaign, {0, army_id}, 0, release(bat));
        for (const auto& k : a.corps) {
            new_unit(k.name);
            free_name(k.name, "corps", false);
            free_name(k.commander.name, "commander of " + k.name, true);
            const auto corps_id = db::Forces(store).insert_corps(campaign, army_id, k.name, leader_id(k.commander, a.side, Rank::corps));
            for (const auto& bat : k.reserve) db::Forces(store).insert_battery(campaign, {corps_id, 0}, 0, release(bat));
            for (const auto& d : k.divisions) {
                new_unit(d.name);
                free_name(d.name, rules.division_noun(), false);
                free_name(d.commander.name, "commander of " + d.name, true);
                for (const auto& b : d.brigades) {
                    free_name(b.name, rules.brigade_noun() + " of " + d.name, false);
                    free_name(b.commander.name, "commander of " + d.name + "/" + b.name, true);
                    if (b.alternate) free_name(b.alternate->name, "alternate of " + d.name + "/" + b.name, true);
                }
                db::DivisionRef ref;
                ref.id = db::Forces(store).insert_division(campaign, corps_id, d.name, d.arm,
                                                           d.commander.present() ? std::string() : d.commander.name);
                ref.name = d.name;
                ref.side = a.side;
                ref.corps_id = corps_id;
                ref.army_id = army_id;
                if (!d.nationality.empty()) db::Forces(store).set_nationality(ref.id, d.nationality);
                if (d.status != DivisionStatus::placeholder) {
                    std::optional<army::Division> released;  // a copy only where one is held
                    if (captured(d)) {
                        released = d;
                        released->commander = release(d.commander);
                        for (auto& b : released->brigades) {
                            b.commander = release(b.commander);
                            if (b.alternate) b.alternate = release(*b.alternate);
                        }
                        for (auto& t : released->batteries) t = release(t);
                    }
                    db::Forces(store).store_division_contents(campaign, operation, ref, released ? *released : d, {}, d.status);
                }
                if (!d.hidden) db::Forces(store).set_fog(ref.id, Fog::seen);
            }
        }
    }
    std::vector<std::string> freed;
    if (freed_leaders) freed.push_back(count_of(freed_leaders, "leader", "leaders"));
    if (freed_batteries) freed.push_back(count_of(freed_batteries, "battery", "batteries"));
    return forces_count(oob, rules) +
           (freed.empty() ? ""
                          : "; " + join(freed, " and ") + " marked captured came in active (an order of battle carries no camps: record a capture with muster battle report)");
}

}  // namespace muster::app
