#include "generate/leader_names.hpp"

#include "core/error.hpp"
#include "core/names.hpp"
#include "core/text.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace muster::generate {
namespace {

// "1863" or "1863-05" as year * 100 + month: the first month of a year that begins a span, the
// last of one that ends it.
int year_month(std::string_view text, bool end) {
    const auto bad = [&] { return UsageError("\"" + visible(std::string(text)) + "\" is not YYYY or YYYY-MM"); };
    const auto digits = [](std::string_view t) { return !t.empty() && std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; }); };
    const auto year = text.substr(0, 4);
    if (year.size() != 4 || !digits(year)) throw bad();
    int month = end ? 12 : 1;
    if (text.size() > 4) {
        const auto m = text.substr(5);
        if (text[4] != '-' || m.size() != 2 || !digits(m)) throw bad();
        month = std::stoi(std::string(m));
        if (month < 1 || month > 12) throw bad();
    }
    return std::stoi(std::string(year)) * 100 + month;
}

// "Jackson | 1861-06..1863-05 | brigadier division corps", more spans following as
// "| FROM..TO | RANKS", or a name alone.
ListedName listed_name(const std::string& line) {
    const auto fields = split(line, '|');
    if (fields.size() % 2 == 0)
        throw UsageError("\"" + visible(line) + "\" is not NAME or NAME | FROM..TO | RANKS (more spans following as | FROM..TO | RANKS)");
    ListedName out;
    out.name = checked_leader_name(trim(fields[0]));
    if (out.name.empty()) throw UsageError("\"" + visible(line) + "\" has no name");
    for (size_t f = 1; f + 1 < fields.size(); f += 2) {
        ListedName::Span& at = out.spans.emplace_back();
        const auto span = std::string(trim(fields[f]));
        const auto dots = span.find("..");
        if (dots == std::string::npos) throw UsageError("\"" + visible(span) + "\" is not FROM..TO (YYYY or YYYY-MM each)");
        at.from = year_month(std::string_view(span).substr(0, dots), false);
        at.to = year_month(std::string_view(span).substr(dots + 2), true);
        if (at.from > at.to) throw UsageError("\"" + span + "\" ends before it begins");
        for (const auto& word : split(std::string(trim(fields[f + 1])), ' ')) {
            if (word.empty()) continue;
            const auto rank = find_word<Rank>(word);
            if (!rank) throw UsageError("\"" + visible(std::string(word)) + "\" is not a rank: expected " + spellings<Rank>());
            at.ranks.push_back(*rank);
        }
        if (at.ranks.empty()) throw UsageError("\"" + visible(line) + "\" gives no rank for " + span);
    }
    return out;
}

}  // namespace

bool ListedName::fits(const NameFit& when) const {
    if (spans.empty()) return true;
    return std::any_of(spans.begin(), spans.end(), [&](const Span& s) {
        if (std::find(s.ranks.begin(), s.ranks.end(), when.rank) == s.ranks.end()) return false;
        if (!when.year) return true;
        if (!when.month) return s.from / 100 <= when.year && when.year <= s.to / 100;
        const int at = when.year * 100 + when.month;
        return s.from <= at && at <= s.to;
    });
}

NameList parse_name_list(const std::string& file, std::string_view text) {
    NameList list;
    list.file = file;
    bool in_names = false;
    std::set<std::string> seen;
    int number = 0;
    for (const auto& raw : split(text, '\n')) {
        ++number;
        const auto line = std::string(trim(raw));
        const auto where = "line " + std::to_string(number);
        if (!line.empty() && line[0] == '#') {
            if (list.title.empty()) list.title = std::string(trim(std::string_view(line).substr(1)));
            continue;
        }
        if (!in_names) {
            if (line.empty()) {
                in_names = true;
                continue;
            }
            const auto colon = line.find(':');
            const auto key = line.substr(0, colon == std::string::npos ? 0 : colon);
            const auto value = colon == std::string::npos ? std::string() : std::string(trim(std::string_view(line).substr(colon + 1)));
            if (key == "rules") list.rules = value;
            else if (key == "side") list.side = value;
            else if (key == "nationality") list.nationality = value;  // layering: not a word (a name list's header)
            else throw FileError(file, where, "\"" + visible(line) + "\" is not a header: expected rules: ID, side: ID or nationality: ID");
            continue;
        }
        if (line.empty()) continue;
        ListedName entry;
        try {
            entry = listed_name(line);
        } catch (const Error& e) {
            throw FileError(file, where, e.what());
        }
        if (!seen.insert(entry.name).second) throw FileError(file, where, "\"" + entry.name + "\" is listed twice");
        list.names.push_back(std::move(entry));
    }
    if (list.rules.empty() || list.side.empty()) throw FileError(file, "", "the header needs rules: ID and side: ID");
    if (list.names.empty()) throw FileError(file, "", "lists no names");
    return list;
}

std::vector<const NameList*> name_pool(const std::vector<NameList>& lists, const rules::RuleSet& rules, const std::string& side,
                                       const std::string& nationality) {
    // A rule set of the organiser's own (a copy of a built-in one, its id changed) has no lists:
    // its are those of the rule set whose lists name the very sides it has (not another war's
    // that shares one side's id: a "french" of 1870 is not Napoleon's).
    std::map<std::string, std::set<std::string>> sides_listed;  // rule set -> the sides its lists name
    for (const auto& l : lists) sides_listed[l.rules].insert(l.side);
    std::set<std::string> sides;
    for (const auto& s : rules.sides) sides.insert(s.id);
    std::string of = rules.id;
    if (!sides_listed.count(rules.id))
        for (const auto& [listed, named] : sides_listed)
            if (named == sides) of = listed;
    std::vector<const NameList*> of_side, of_nationality;
    for (const auto& l : lists) {
        if (l.rules != of || l.side != side) continue;
        of_side.push_back(&l);
        if (!nationality.empty() && l.nationality == nationality) of_nationality.push_back(&l);
    }
    return of_nationality.empty() ? of_side : of_nationality;
}

namespace {

// 2 -> "II", 14 -> "XIV": the number a repeated name carries.
std::string roman(int n) {
    static constexpr std::pair<int, const char*> numerals[] = {{1000, "M"}, {900, "CM"}, {500, "D"}, {400, "CD"}, {100, "C"},
                                                               {90, "XC"},  {50, "L"},   {40, "XL"},  {10, "X"},   {9, "IX"},
                                                               {5, "V"},    {4, "IV"},   {1, "I"}};
    std::string out;
    for (const auto& [value, text] : numerals)
        for (; n >= value; n -= value) out += text;
    return out;
}

}  // namespace

std::string draw_name(const std::vector<const NameList*>& pool, const NameFit& when, const std::function<bool(const std::string&)>& taken,
                      dice::Source& dice, std::vector<dice::RollRecord>& rolls, const std::string& purpose) {
    using Named = std::pair<const NameList*, const std::string*>;
    // The names that fit; then those of the post's rank at another time, but at no other rank
    // at this date (Blücher led a brigade in 1794, an army in 1813); then the rest.
    const auto elsewhere_now = [&](const ListedName& n) {
        if (!when.year) return false;
        for (const auto& rank : Vocabulary<Rank>::table)
            if (rank.value != when.rank && n.fits({rank.value, when.year, when.month})) return true;
        return false;
    };
    std::vector<Named> fitting, others, rest;
    for (const auto* l : pool)
        for (const auto& n : l->names)
            (n.fits(when) ? fitting : n.fits({when.rank, 0, 0}) && !elsewhere_now(n) ? others : rest).emplace_back(l, &n.name);
    others.insert(others.end(), rest.begin(), rest.end());
    if (fitting.empty() && others.empty()) return {};
    const bool none_fit = fitting.empty();
    if (none_fit) std::swap(fitting, others);
    // One roll where it draws every name alike; else two, read as 1 to 10,000.
    auto thrown = dice.roll(rules::Die::percentile, purpose);
    long reading = thrown.reading;
    if (100 % fitting.size() != 0) {
        rolls.push_back({purpose, "names", thrown, "the first of two rolls over " + std::to_string(fitting.size()) + " names"});
        thrown = dice.roll(rules::Die::percentile, purpose + ", second roll");
        reading = (reading - 1) * 100 + thrown.reading;
    }
    const auto drawn = static_cast<size_t>(reading - 1) % fitting.size();
    const auto& first = *fitting[drawn].second;
    const auto chosen = [&](const Named& at, const std::string& name, const std::string& why) {
        rolls.push_back({purpose, "names: " + at.first->title, thrown, name == first ? name + why : name + " (" + first + " is taken: " + why + ")"});
        return name;
    };
    const std::string fit_note = none_fit ? " (no name on the lists fits the post and the date: drawn from them all)" : "";
    // From the name drawn down the fitting names to the first free one.
    for (size_t step = 0; step < fitting.size(); ++step) {
        const auto& at = fitting[(drawn + step) % fitting.size()];
        if (!taken(*at.second)) return chosen(at, *at.second, step ? "the next free name that fits" + fit_note : fit_note);
    }
    // Every fitting name taken: the first free one of the lists' others, then the fitting names
    // again, numbered: Ames II, Buford II, ... then III. Two leaders never share a name, so each
    // can be named in a report.
    for (const auto& at : others)
        if (!taken(*at.second)) return chosen(at, *at.second, "every name that fits is taken: the next free name on the lists");
    for (int round = 2; round < 4000; ++round)
        for (size_t step = 0; step < fitting.size(); ++step) {
            const auto& at = fitting[(drawn + step) % fitting.size()];
            const auto name = *at.second + " " + roman(round);
            if (!taken(name)) return chosen(at, name, "every name is taken: numbered");
        }
    rolls.push_back({purpose, "names: " + fitting[drawn].first->title, thrown, "every name is taken: left unnamed"});
    return {};
}

}  // namespace muster::generate
