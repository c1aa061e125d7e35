#include "app/samples.hpp"

#include "core/error.hpp"
#include "core/match.hpp"
#include "core/names.hpp"
#include "core/text.hpp"
#include "json/json.hpp"

#include <algorithm>

namespace muster::embedded {
const std::vector<std::pair<std::string_view, std::string_view>>& samples();
}

namespace muster::app {

Sample parse_sample(std::string_view text, const std::string& file) {
    const json::Document doc(text, file);
    const auto root = doc.root();
    const auto v = root.at("sample");
    v.allow_only({"id", "title", "about", "source", "date", "theater", "turn_days", "men_per_stand", "schedule"});
    Sample s;
    s.id = v.at("id").as_string();
    s.title = v.at("title").as_string();
    s.about = v.at("about").as_string();
    s.source = v.at("source").as_string();
    s.rules = root.at("rules").as_string();
    s.file = file;
    s.text = std::string(text);
    if (auto d = v.find("date")) {
        s.date = Day::parse(d->as_string());
        if (!s.date) d->fail("\"" + d->as_string() + "\" is not a day of the calendar: expected YYYY-MM-DD");
    }
    if (auto t = v.find("theater")) s.theater = t->as_string();
    if (auto t = v.find("turn_days")) s.turn_days = t->as_int(1, 366);
    if (auto m = v.find("men_per_stand")) s.men_per_stand = m->as_int(1, 100000);
    if (auto list = v.find("schedule"))
        for (const auto& [division, turn] : list->members()) s.schedule.emplace_back(division, *Turn::of(turn.as_int(1, Turn::k_last)));
    return s;
}

const std::vector<Sample>& samples() {
    // Built-in samples are checked by the tests; reading one cannot fail in a released build.
    static const std::vector<Sample> all = [] {
        std::vector<Sample> out;
        for (const auto& [file, text] : embedded::samples()) out.push_back(parse_sample(text, "assets/samples/" + std::string(file)));
        std::sort(out.begin(), out.end(), [](const Sample& a, const Sample& b) { return a.id < b.id; });
        return out;
    }();
    return all;
}

const Sample& find_sample(std::string_view id) {
    std::vector<std::string> ids;
    for (const auto& s : samples()) ids.push_back(s.id);
    const auto i = match_one(id, ids, "sample");
    if (i < 0)
        throw UsageError("no sample campaign \"" + visible(id) + "\"" + did_you_mean(id, ids) + " (samples: " +
                         join(ids, ", ") + ")");
    return samples()[static_cast<size_t>(i)];
}

}  // namespace muster::app
