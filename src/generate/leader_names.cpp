#include "generate/leader_names.hpp"

#include "core/error.hpp"
#include "core/names.hpp"
#include "core/text.hpp"

#include <set>

namespace muster::generate {

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
            else if (key == "nationality") list.nationality = value;
            else throw FileError(file, where, "\"" + visible(line) + "\" is not a header: expected rules: ID, side: ID or nationality: ID");
            continue;
        }
        if (line.empty()) continue;
        try {
            list.names.push_back(checked_leader_name(line));
        } catch (const Error& e) {
            throw FileError(file, where, e.what());
        }
        if (!seen.insert(line).second) throw FileError(file, where, "\"" + line + "\" is listed twice");
    }
    if (list.rules.empty() || list.side.empty()) throw FileError(file, "", "the header needs rules: ID and side: ID");
    if (list.names.empty()) throw FileError(file, "", "lists no names");
    return list;
}

std::vector<const NameList*> name_pool(const std::vector<NameList>& lists, const std::string& rules, const std::string& side,
                                       const std::string& nationality) {
    std::vector<const NameList*> of_side, of_nationality;
    for (const auto& l : lists) {
        if (l.rules != rules || l.side != side) continue;
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

std::string draw_name(const std::vector<const NameList*>& pool, const std::function<bool(const std::string&)>& taken,
                      dice::Source& dice, std::vector<dice::RollRecord>& rolls, const std::string& purpose) {
    std::vector<std::pair<const NameList*, const std::string*>> names;
    for (const auto* l : pool)
        for (const auto& n : l->names) names.emplace_back(l, &n);
    if (names.empty()) return {};
    const auto thrown = dice.roll(rules::Die::percentile, purpose);
    const auto drawn = static_cast<size_t>(thrown.reading - 1) % names.size();
    // From the name drawn down the list to the first free one; every name taken, the list
    // again with each name numbered: Ames II, Buford II, ... then III. Two leaders never share a
    // name, so each can be named in a report.
    for (int round = 1; round < 4000; ++round) {
        const std::string number = round == 1 ? "" : " " + roman(round);
        for (size_t step = 0; step < names.size(); ++step) {
            const auto pick = (drawn + step) % names.size();
            const std::string name = *names[pick].second + number;
            if (taken(name)) continue;
            const std::string result =
                name == *names[drawn].second ? name : name + " (" + *names[drawn].second + " is taken: the next free name on the list)";
            rolls.push_back({purpose, "names: " + names[pick].first->title, thrown, result});
            return name;
        }
    }
    rolls.push_back({purpose, "names: " + names[drawn].first->title, thrown, "every name is taken: left unnamed"});
    return {};
}

}  // namespace muster::generate
