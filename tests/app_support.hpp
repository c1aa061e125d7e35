#pragma once
// Every part of the application layer, for tests that drive whole campaigns through it.
#include "app/arrivals.hpp"
#include "app/battles.hpp"
#include "app/exports.hpp"
#include "app/forces.hpp"
#include "app/history.hpp"
#include "app/leaders.hpp"
#include "app/model.hpp"
#include "app/prisoners.hpp"
#include "app/samples.hpp"
#include "app/session.hpp"

#include <string>

namespace muster::test {

/// An export request with its format spelled as the command line spells it ("text", "pdf").
struct Export {
    app::ExportRequest request;
    std::string format = "text";
};
inline std::string export_oob(app::Session& s, const Export& e) { return s.exports().oob(e.request, parse_word<OobFormat>(e.format)); }
inline std::string export_labels(app::Session& s, const Export& e, const exporter::LabelSheet& sheet) {
    return s.exports().labels(e.request, parse_word<LabelFormat>(e.format), sheet);
}

/// A new file holding one campaign started from `sample` (named as the sample is, seed 1).
inline app::Session sample_campaign(const std::string& db_path, const app::Sample& sample) {
    app::Session s(db_path, app::Open::create);
    app::NewCampaign n;
    n.name = sample.title;
    n.sample = sample.id;
    n.seed = 1;
    s.create_campaign(n);
    return s;
}

/// A new file holding "Wagram", a L'Ordre Mixte campaign (dice as given) of two divisions
/// entered by hand, for the table side: Legrand (Ledru 6 stands, Lobau 5, a horse battery) of
/// the French and Fresnel (Klenau 8, Kleist 6) of the Allies, each brigadier named for his
/// brigade; a camp each side (Vienna, Pressburg).
inline app::Session wagram(const std::string& db_path, DiceMode dice = DiceMode::seeded) {
    app::Session s(db_path, app::Open::create, 5000, app::Catalog(""));
    app::NewCampaign n;
    n.name = "Wagram";
    n.rules = "napoleonic";
    n.dice = dice;
    n.seed = 1809;  // the same campaign every run: what a test reads of it does not depend on a draw
    s.create_campaign(n);
    s.forces().add_army("french", "Armee", {"Napoleon", "exceptional"});
    s.forces().add_corps("Armee", "IV Corps", {"Massena", "exceptional"});
    s.forces().add_division("IV Corps", "Legrand", "");
    s.forces().add_brigade({"Legrand", "Ledru", "veteran_line", 6, std::nullopt, "", "", {"Ledru", "average"}});
    s.forces().add_brigade({"Legrand", "Lobau", "average_line", 5, std::nullopt, "", "", {"Lobau", "average"}});
    s.forces().add_battery({"Horse Battery", "Legrand", "", ""});
    s.forces().add_army("allies", "KK", {"Charles", "exceptional"});
    s.forces().add_corps("KK", "I Korps", {"Bellegarde", "average"});
    s.forces().add_division("I Korps", "Fresnel", "");
    s.forces().add_brigade({"Fresnel", "Klenau", "veteran_line", 8, std::nullopt, "", "", {"Klenau", "average"}});
    s.forces().add_brigade({"Fresnel", "Kleist", "raw_militia", 6, std::nullopt, "", "", {"Kleist", "poor"}});
    s.prisoners().add_camp("french", "Vienna");
    s.prisoners().add_camp("allies", "Pressburg");
    return s;
}

}  // namespace muster::test
