#include "battle/report.hpp"

#include "core/error.hpp"
#include "core/match.hpp"
#include "core/names.hpp"
#include "core/text.hpp"
#include "json/json.hpp"

namespace muster::battle {
namespace {

using json::Value;

std::string text(const Value& parent, std::string_view key, size_t max = 200) {
    auto v = parent.find(key);
    if (!v) return {};
    std::string s = v->as_string();
    if (s.size() > max) v->fail("at most " + std::to_string(max) + " characters");
    return s;
}

// A name, or a reference to a unit ("Division/Brigade": two names and the slash between).
std::string required_text(const Value& parent, std::string_view key) {
    const auto v = parent.at(key);
    const std::string s = v.as_string();
    constexpr size_t longest = 2 * k_max_name_chars + 1;
    if (trim(s).empty()) v.fail("empty: expected a name, or a reference such as \"Smith/1st\" (a division, then its unit)");
    if (const auto n = characters(s); n > longest) {
        size_t cut = 0;  // its first 40 characters, not a character cut in two
        for (int shown = 0; cut < s.size() && shown < 40; ++shown)
            do ++cut;
            while (cut < s.size() && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80);
        v.fail("\"" + visible(s.substr(0, cut)) + "...\" is " + std::to_string(n) + " characters: a name is at most " + std::to_string(k_max_name_chars) +
               ", a reference to a unit at most " + std::to_string(longest));
    }
    return s;
}

// "A@B" -> (A, B); no '@' -> (A, "").
std::pair<std::string, std::string> at_split(std::string_view s) {
    const auto at = s.rfind('@');
    if (at == std::string_view::npos) return {std::string(trim(s)), ""};
    return {std::string(trim(s.substr(0, at))), std::string(trim(s.substr(at + 1)))};
}


// The fate after the ':' of a --leader or --battery spec (in any case), and the camp after its
// '@', which only a capture takes.
template <class Fate>
std::pair<Fate, std::string> fate_at(std::string_view spec, std::string_view rest, std::string_view option) {
    const auto [typed, camp] = at_split(rest);
    for (const auto& w : Vocabulary<Fate>::table)
        if (same_ignoring_case(w.text, typed)) {
            if (rest.find('@') != std::string_view::npos && w.value != Fate::captured)
                throw UsageError(std::string(option) + " \"" + std::string(spec) + "\": a camp takes only the captured (\"captured@" + camp +
                                 "\"), not the " + word(w.value));
            return {w.value, camp};
        }
    throw UsageError(std::string(option) + " \"" + std::string(spec) + "\": unknown fate \"" + typed + "\" (expected " +
                     spellings<Fate>() + ")");
}

// A number after a spec's "=" or "/": stands (0 to 999), or the battles a wounded leader misses
// (k_least_out_for to k_most_out_for).
int count(std::string_view spec, std::string_view number, std::string_view option, std::string_view what = "stands", int least = 0,
          int most = 999) {
    int n = 0;
    if (!parse_int(trim(number), n) || n < least || n > most)
        throw UsageError(std::string(option) + " \"" + std::string(spec) + "\": \"" + std::string(number) + "\" is not a number of " +
                         std::string(what) + " from " + std::to_string(least) + " to " + std::to_string(most));
    return n;
}

// Splits "REF=REST" at the last '='; refuses a spec without one.
std::pair<std::string, std::string> eq_split(std::string_view spec, std::string_view option, std::string_view form) {
    const auto eq = spec.rfind('=');
    if (eq == std::string_view::npos || trim(spec.substr(0, eq)).empty())
        throw UsageError(std::string(option) + " \"" + std::string(spec) + "\" is not " + std::string(form));
    return {std::string(trim(spec.substr(0, eq))), std::string(spec.substr(eq + 1))};
}

}  // namespace

void require_out_for(int battles) {
    if (battles < k_least_out_for || battles > k_most_out_for)
        throw UsageError("out for " + std::to_string(battles) + " battles is out of range: a wounded leader misses " + std::to_string(k_least_out_for) +
                         " to " + std::to_string(k_most_out_for));
}

Report read_report(std::string_view json_text, const std::string& file) {
    const json::Document doc(json_text, file);
    const auto root = doc.root();
    root.allow_only({"format", "battle", "divisions", "brigades", "leaders", "batteries"});
    const auto format = root.at("format");
    if (format.as_string() != "muster-battle/1")
        format.fail("\"" + format.as_string() + "\" is not a battle report muster reads: expected \"muster-battle/1\"");
    Report r;
    const auto battle = root.at("battle");
    battle.allow_only({"name", "date", "place"});
    r.name = required_text(battle, "name");
    if (auto d = battle.find("date"); d && !d->as_string().empty()) {
        r.date = Day::parse(d->as_string());
        if (!r.date) d->fail("\"" + d->as_string() + "\" is not a day of the calendar: expected YYYY-MM-DD, e.g. 1863-07-01");
    }
    r.place = text(battle, "place");
    if (auto list = root.find("divisions"))
        for (const auto& d : list->items()) r.divisions.push_back(d.as_string());
    if (auto list = root.find("brigades"))
        for (const auto& b : list->items()) {
            b.allow_only({"brigade", "lost", "captured", "camp"});
            BrigadeLoss loss;
            loss.brigade = required_text(b, "brigade");
            if (auto v = b.find("lost")) loss.lost = v->as_int(0, 999);
            if (auto v = b.find("captured")) loss.captured = v->as_int(0, 999);
            loss.camp = text(b, "camp");
            r.brigades.push_back(loss);
        }
    if (auto list = root.find("leaders"))
        for (const auto& l : list->items()) {
            l.allow_only({"leader", "fate", "camp", "out_for"});
            FallenLeader f;
            f.leader = required_text(l, "leader");
            f.fate = l.at("fate").as_word<LeaderFate>();
            f.camp = text(l, "camp");
            if (!f.camp.empty() && f.fate != LeaderFate::captured) l.at("camp").fail("a camp takes only the captured, not the " + word(f.fate));
            // Read for a wound only (muster writes it beside every fate).
            if (auto v = l.find("out_for"); v && f.fate == LeaderFate::wounded) f.out_for = v->as_int(k_least_out_for, k_most_out_for);
            r.leaders.push_back(f);
        }
    if (auto list = root.find("batteries"))
        for (const auto& b : list->items()) {
            b.allow_only({"battery", "fate", "camp"});
            LostBattery f;
            f.battery = required_text(b, "battery");
            f.fate = b.at("fate").as_word<BatteryFate>();
            f.camp = text(b, "camp");
            if (!f.camp.empty() && f.fate != BatteryFate::captured) b.at("camp").fail("a camp takes only the captured, not the " + word(f.fate));
            r.batteries.push_back(f);
        }
    return r;
}

Report read_report_file(const std::string& path) { return read_report(json::read_file(path, k_max_report_bytes), path); }

void add_loss_spec(Report& report, std::string_view spec) {
    const auto [ref, n] = eq_split(spec, "--loss", "REF=STANDS, e.g. \"Smith/1st=2\"");
    report.brigades.push_back({ref, count(spec, n, "--loss"), 0, ""});
}

void add_captured_spec(Report& report, std::string_view spec) {
    const auto [ref, rest] = eq_split(spec, "--captured", "REF=STANDS@CAMP, e.g. \"Smith/1st=1@Main Camp\"");
    const auto [n, camp] = at_split(rest);
    report.brigades.push_back({ref, 0, count(spec, n, "--captured"), camp});
}

void add_leader_spec(Report& report, std::string_view spec, int wounded_out_for) {
    const auto colon = spec.rfind(':');
    if (colon == std::string_view::npos)
        throw UsageError("--leader \"" + std::string(spec) + "\" is not REF:FATE, e.g. \"Smith/1st:captured@Main Camp\" or \"Smith:wounded/2\"");
    FallenLeader f;
    f.leader = std::string(trim(spec.substr(0, colon)));
    f.out_for = wounded_out_for;
    // FATE[/BATTLES][@CAMP]: the battles out are a wound's only, the camp a capture's.
    std::string rest(spec.substr(colon + 1));
    std::optional<std::string> battles;
    const auto at = rest.rfind('@');
    if (const auto slash = rest.find('/'); slash < at && slash != std::string::npos) {
        const auto end = std::min(at, rest.size());
        battles = rest.substr(slash + 1, end - slash - 1);
        rest.erase(slash, end - slash);
    }
    std::tie(f.fate, f.camp) = fate_at<LeaderFate>(spec, rest, "--leader");
    if (battles && f.fate != LeaderFate::wounded)
        throw UsageError("--leader \"" + std::string(spec) + "\": battles out are only the wounded's (\"wounded/" + *battles + "\"), not the " +
                         word(f.fate));
    if (battles) f.out_for = count(spec, *battles, "--leader", "battles", k_least_out_for, k_most_out_for);
    report.leaders.push_back(f);
}

void add_battery_spec(Report& report, std::string_view spec) {
    const auto colon = spec.rfind(':');
    if (colon == std::string_view::npos)
        throw UsageError("--battery \"" + std::string(spec) + "\" is not REF:FATE, e.g. \"Smith/1st Battery:wrecked\"");
    LostBattery f;
    f.battery = std::string(trim(spec.substr(0, colon)));
    std::tie(f.fate, f.camp) = fate_at<BatteryFate>(spec, spec.substr(colon + 1), "--battery");
    report.batteries.push_back(f);
}

}  // namespace muster::battle
