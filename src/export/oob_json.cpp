// The muster-oob/1 interchange format, written with cereal. app/oob_import.cpp reads it back;
// docs/printing.md documents it.
#include "core/version.hpp"
#include "export/oob.hpp"

#include <cereal/archives/json.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/vector.hpp>

#include <sstream>

namespace muster::exporter {
namespace {

using cereal::make_nvp;

template <class Archive>
void leader(Archive& ar, const char* key, const army::Leader& l) {
    if (!l.present() && l.name.empty()) return;
    ar.setNextName(key);
    ar.startNode();
    if (l.present())
        ar(make_nvp("name", l.name), make_nvp("grade", l.grade), make_nvp("rolled_grade", l.rolled_grade),
           make_nvp("status", word(l.status)));
    if (l.present() && l.company) ar(make_nvp("company", l.company->text));
    if (!l.present())
        ar(make_nvp("name", l.name));  // a placeholder's commander, known by name: his grade is rolled when it arrives
    ar.finishNode();
}

template <class Archive>
void batteries(Archive& ar, const char* key, const std::vector<army::Battery>& list) {
    ar.setNextName(key);
    ar.startNode();
    ar.makeArray();
    for (const auto& b : list) {
        ar.startNode();
        ar(make_nvp("name", b.name), make_nvp("status", word(b.status)));
        ar.finishNode();
    }
    ar.finishNode();
}

// Derived figures for a reader; the import ignores them.
template <class Archive>
void totals(Archive& ar, const Totals& t) {
    ar.setNextName("totals");
    ar.startNode();
    ar(make_nvp("brigades", t.brigades), make_nvp("stands", t.stands), make_nvp("start_stands", t.start),
       make_nvp("batteries", t.batteries));
    ar.finishNode();
}

template <class Archive, class T, class F>
void array(Archive& ar, const char* key, const std::vector<T>& list, F&& each) {
    ar.setNextName(key);
    ar.startNode();
    ar.makeArray();
    for (const auto& x : list) {
        ar.startNode();
        each(x);
        ar.finishNode();
    }
    ar.finishNode();
}

}  // namespace

std::string oob_json(const rules::RuleSet& rules, const army::OrderOfBattle& oob, const Provenance& p) {
    std::ostringstream os;
    {
        cereal::JSONOutputArchive ar(os, cereal::JSONOutputArchive::Options(324, cereal::JSONOutputArchive::Options::IndentChar::space, 2));
        ar(make_nvp("format", std::string("muster-oob/1")), make_nvp("muster", std::string(k_version)),
           make_nvp("campaign", oob.campaign), make_nvp("rules", rules.id), make_nvp("view", oob.view.text()),
           make_nvp("date", text_or(p.date, "")), make_nvp("turn", p.turn.number()));
        array(ar, "armies", oob.armies, [&](const army::Army& a) {
            ar(make_nvp("name", a.name), make_nvp("side", a.side));
            leader(ar, "commander", a.commander);
            batteries(ar, "reserve_batteries", a.reserve);
            array(ar, "corps", a.corps, [&](const army::Corps& k) {
                ar(make_nvp("name", k.name));
                leader(ar, "commander", k.commander);
                batteries(ar, "reserve_batteries", k.reserve);
                array(ar, "divisions", k.divisions, [&](const army::Division& d) {
                    ar(make_nvp("name", d.name), make_nvp("arm", d.arm), make_nvp("status", word(d.status)),
                       make_nvp("hidden", d.hidden));
                    if (d.year) ar(make_nvp("year", d.year));
                    if (!d.theater.empty()) ar(make_nvp("theater", d.theater));
                    if (!d.nationality.empty()) ar(make_nvp("nationality", d.nationality));
                    leader(ar, "commander", d.commander);
                    array(ar, "brigades", d.brigades, [&](const army::Brigade& b) {
                        ar(make_nvp("name", b.name), make_nvp("arm", b.arm), make_nvp("rating", b.rating),
                           make_nvp("start_stands", b.start_stands), make_nvp("stands", b.stands),
                           make_nvp("label", b.label.text()), make_nvp("state", std::string(spell(b.state()))),
                           make_nvp("status", word(b.status)));
                        leader(ar, "commander", b.commander);
                        leader(ar, "alternate", b.alternate);
                    });
                    batteries(ar, "batteries", d.batteries);
                    totals(ar, totals_of(d));
                });
                totals(ar, totals_of(k));
            });
            totals(ar, totals_of(a));
        });
        array(ar, "sides", side_totals(oob), [&](const std::pair<std::string, Totals>& s) {
            ar(make_nvp("side", s.first));
            totals(ar, s.second);
        });
    }
    return os.str() + "\n";
}

}  // namespace muster::exporter
