// Exports: one order-of-battle snapshot, filtered for the view and the battle, handed to the
// writer of the format asked for.
#include "app/campaign_service.hpp"
#include "app/campaign_state.hpp"
#include "core/error.hpp"
#include "export/oob.hpp"

#include <algorithm>

namespace muster::app {
namespace {

// Keeps only the divisions in `keep`, and the corps and armies that still hold one.
army::OrderOfBattle only_divisions(army::OrderOfBattle oob, const std::vector<std::int64_t>& keep) {
    std::vector<army::Army> armies;
    for (auto& a : oob.armies) {
        std::vector<army::Corps> corps;
        for (auto& k : a.corps) {
            std::erase_if(k.divisions, [&](const army::Division& d) { return std::find(keep.begin(), keep.end(), d.id) == keep.end(); });
            if (!k.divisions.empty()) corps.push_back(std::move(k));
        }
        a.corps = std::move(corps);
        if (!a.corps.empty()) armies.push_back(std::move(a));
    }
    oob.armies = std::move(armies);
    return oob;
}

}  // namespace

namespace {
army::OrderOfBattle snapshot(const CampaignService& s, db::CampaignStore& store, const ExportRequest& r) {
    auto oob = s.order_of_battle({r.side, r.viewer});
    if (!r.battle) return oob;
    for (const auto& b : store.battles(s.current().id))
        if (b.name == *r.battle) return only_divisions(std::move(oob), store.battle_divisions(b.id));
    throw UsageError("no battle named \"" + *r.battle + "\" in campaign " + s.current().name);
}
}  // namespace

std::string CampaignService::export_oob(const ExportRequest& r) const {
    const auto& rules = this->rules();
    const auto oob = snapshot(*this, m->store, r);
    const exporter::Provenance p{r.date.empty() ? exporter::today() : r.date};
    if (r.format == "text") return exporter::oob_text(rules, oob, p);
    if (r.format == "md") return exporter::oob_markdown(rules, oob, p);
    if (r.format == "csv") return exporter::oob_csv(rules, oob, p);
    if (r.format == "html") return exporter::oob_html(rules, oob, p);
    if (r.format == "json") return exporter::oob_json(rules, oob, p);
    if (r.format == "pdf") return exporter::oob_pdf(rules, oob, p);
    throw UsageError("format \"" + r.format + "\" is not known: expected text, md, csv, html, json or pdf");
}

std::string CampaignService::export_labels(const ExportRequest& r, const exporter::LabelSheet& sheet) const {
    const auto& rules = this->rules();
    const auto oob = snapshot(*this, m->store, r);
    const exporter::Provenance p{r.date.empty() ? exporter::today() : r.date};
    if (r.format == "html") return exporter::labels_html(rules, oob, p, sheet);
    if (r.format == "pdf") return exporter::labels_pdf(rules, oob, p, sheet);
    throw UsageError("labels come as html or pdf, not \"" + r.format + "\"");
}

}  // namespace muster::app
