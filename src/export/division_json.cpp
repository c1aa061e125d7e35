#include "export/division_text.hpp"

#include <cereal/archives/json.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/vector.hpp>

#include <sstream>

namespace muster {
template <class Archive>
std::string save_minimal(const Archive&, const Interned& text) {
    return text.str();
}

namespace dice {
template <class Archive>
void save(Archive& ar, const RollRecord& r) {
    ar(cereal::make_nvp("purpose", r.purpose), cereal::make_nvp("table", r.table),
       cereal::make_nvp("dice", std::string(rules::die_name(r.thrown.die))), cereal::make_nvp("faces", std::vector<int>(r.thrown.faces.begin(), r.thrown.faces.end())),
       cereal::make_nvp("reading", r.thrown.reading), cereal::make_nvp("result", r.result));
}
}  // namespace dice

namespace army {
template <class Archive>
void save(Archive& ar, const Leader& l) {
    ar(cereal::make_nvp("name", l.name), cereal::make_nvp("grade", l.grade),
       cereal::make_nvp("rolled_grade", l.rolled_grade));
}

template <class Archive>
void save(Archive& ar, const Brigade& b) {
    ar(cereal::make_nvp("name", b.name), cereal::make_nvp("arm", b.arm), cereal::make_nvp("rating", b.rating),
       cereal::make_nvp("start_stands", b.start_stands), cereal::make_nvp("stands", b.stands),
       cereal::make_nvp("label", b.label.text()), cereal::make_nvp("state", std::string(b.state_text())),
       cereal::make_nvp("commander", b.commander));
}

template <class Archive>
void save(Archive& ar, const Battery& b) {
    ar(cereal::make_nvp("name", b.name), cereal::make_nvp("owner", std::string(b.reserve ? "reserve" : "division")));
}

template <class Archive>
void save(Archive& ar, const ArtilleryWorking& a) {
    ar(cereal::make_nvp("stands_per_battery", a.stands_per_battery), cereal::make_nvp("total_stands", a.total_stands),
       cereal::make_nvp("whole_batteries", a.whole), cereal::make_nvp("fraction_percent", a.fraction_percent),
       cereal::make_nvp("fraction_rolled_in", a.extra), cereal::make_nvp("batteries", a.batteries),
       cereal::make_nvp("reserve_fraction_percent", a.reserve_percent), cereal::make_nvp("to_reserve", a.to_reserve));
}
}  // namespace army

namespace exporter {

std::string division_json(const rules::RuleSet& rules, const army::Division& d, bool with_rolls) {
    std::ostringstream os;
    {
        cereal::JSONOutputArchive ar(os);
        ar(cereal::make_nvp("rules", rules.id), cereal::make_nvp("name", d.name), cereal::make_nvp("side", d.side),
           cereal::make_nvp("arm", d.arm), cereal::make_nvp("year", d.year), cereal::make_nvp("theater", d.theater),
           cereal::make_nvp("commander", d.commander), cereal::make_nvp("brigades", d.brigades),
           cereal::make_nvp("batteries", d.batteries), cereal::make_nvp("artillery", d.artillery));
        if (with_rolls) ar(cereal::make_nvp("rolls", d.rolls));
    }
    return os.str() + "\n";
}

}  // namespace exporter
}  // namespace muster
