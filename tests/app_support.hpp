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
    app::Session s(db_path, true);
    app::NewCampaign n;
    n.name = sample.title;
    n.sample = sample.id;
    n.seed = 1;
    s.create_campaign(n);
    return s;
}

}  // namespace muster::test
