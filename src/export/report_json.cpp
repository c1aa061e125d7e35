#include "export/report_json.hpp"

#include <cereal/archives/json.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/vector.hpp>

#include <sstream>

namespace muster::battle {

template <class Archive>
void save(Archive& ar, const BrigadeLoss& l) {
    ar(cereal::make_nvp("brigade", l.brigade), cereal::make_nvp("lost", l.lost), cereal::make_nvp("captured", l.captured),
       cereal::make_nvp("camp", l.camp));
}

template <class Archive>
void save(Archive& ar, const FallenLeader& f) {
    ar(cereal::make_nvp("leader", f.leader), cereal::make_nvp("fate", std::string(spell(f.fate))), cereal::make_nvp("camp", f.camp),
       cereal::make_nvp("out_for", f.out_for));
}

template <class Archive>
void save(Archive& ar, const LostBattery& b) {
    ar(cereal::make_nvp("battery", b.battery), cereal::make_nvp("fate", std::string(spell(b.fate))), cereal::make_nvp("camp", b.camp));
}

}  // namespace muster::battle

namespace muster::exporter {

std::string report_json(const battle::Report& r) {
    std::ostringstream os;
    {
        cereal::JSONOutputArchive ar(os);
        ar(cereal::make_nvp("format", std::string("muster-battle/1")));
        ar.setNextName("battle");
        ar.startNode();
        ar(cereal::make_nvp("name", r.name), cereal::make_nvp("date", r.date ? r.date->text() : std::string()), cereal::make_nvp("place", r.place));
        ar.finishNode();
        ar(cereal::make_nvp("divisions", r.divisions), cereal::make_nvp("brigades", r.brigades), cereal::make_nvp("leaders", r.leaders),
           cereal::make_nvp("batteries", r.batteries));
    }
    return os.str() + "\n";
}

}  // namespace muster::exporter
