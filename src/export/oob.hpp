#pragma once
#include "core/date.hpp"
#include "army/walk.hpp"
#include "core/sink.hpp"
#include "journal/journal.hpp"
#include "rules/rule_set.hpp"

#include <string>
#include <vector>

namespace muster::exporter {

/// What every exported file says about itself: muster's version, campaign, date and view.
struct Provenance {
    std::optional<Day> date;  ///< the campaign's date (none: it has none)
    Turn turn = Turn::first();  ///< the campaign's turn
};

/// muster's version, the campaign, its date ("" when it has none), its turn and the view:
/// "muster 0.1.0", "Virginia 1863", "1863-07-01", "turn 3", "umpire's view" (or "view of the Union", "view of the Confederates").
std::vector<std::string> provenance_fields(const rules::RuleSet& rules, const army::OobSource& oob, const Provenance& p);
/// The fields joined: "muster 0.1.0 | Virginia 1863 | 1863-07-01 | turn 3 | umpire's view".
std::string provenance_line(const rules::RuleSet& rules, const army::OobSource& oob, const Provenance& p);

// Every writer of an order of battle writes to a sink as it walks the source, holding no more
// than a division of it (a PDF walks it three times: to size its columns, to count its pages,
// and to draw them).

/// The size and paper of a label sheet.
struct LabelSheet {
    double width_mm = 60;
    double height_mm = 20;
    std::string paper = "a4";  ///< a4 or letter
    bool brigadier = false;    ///< a line with the brigade commander's name under the brigade's
};

/// Markdown: a heading per army, corps and division, a table of brigades per division.
void oob_markdown(const rules::RuleSet& rules, const army::OobSource& oob, const Provenance& p, const Sink& out);
/// CSV (RFC 4180): a header, then a record for each army, corps and division (its commander,
/// and a division's arm, status, fog, year, theater), each brigade and battery, and each total
/// of a division, corps, army and side, every record with the same fields (k_oob_csv_columns),
/// the provenance in the last five. `import oob FILE.csv` reads it back (app/oob_import.hpp).
void oob_csv(const rules::RuleSet& rules, const army::OobSource& oob, const Provenance& p, const Sink& out);
/// The CSV's columns, in order, before the provenance.
inline constexpr const char* k_oob_csv_columns[] = {
    "side", "army", "corps", "division", "unit", "name", "arm", "stands", "start", "label", "state", "rating", "commander", "grade", "mark",
    "owner", "status", "hidden", "year", "theater", "rolled_grade", "commander_status", "alternate", "alternate_grade",
    "alternate_rolled_grade", "alternate_status", "brigades", "batteries", "nationality", "commander_out_for", "alternate_out_for"};
/// ...and the provenance's.
inline constexpr const char* k_oob_csv_provenance[] = {"muster", "campaign", "date", "turn", "view"};
/// One self-contained HTML page with a print stylesheet; every name escaped.
void oob_html(const rules::RuleSet& rules, const army::OobSource& oob, const Provenance& p, const Sink& out);
/// A PDF (DejaVu Sans) with the provenance and "page N of M" on every page, written to
/// `out` page by page: the theater most divisions are in named once, under the title; the
/// brigade tables' columns sized from what they hold in the whole sheet.
void oob_pdf(const rules::RuleSet& rules, const army::OobSource& oob, const Provenance& p, const Sink& out);
/// Brigade labels to stick under command stands, laid out with cut lines; with the brigadier's
/// name where the sheet asks for it.
void labels_html(const rules::RuleSet& rules, const army::OobSource& oob, const Provenance& p, const LabelSheet& sheet, const Sink& out);
void labels_pdf(const rules::RuleSet& rules, const army::OobSource& oob, const Provenance& p, const LabelSheet& sheet, const Sink& out);

/// A brigade's label as printed: name, division, start/worn/spent, rating, leader mark.
/// A stand's label: a brigade's, or a corps or division leader's (his name, his post, his grade).
struct LabelText {
    std::string brigade;
    std::string brigadier;  ///< a brigade's commander in action, by name; else empty
    std::string division;
    std::string effectiveness;  ///< "6/5/3"; a leader's grade
    std::string rating;         ///< empty for a leader
    std::string mark;           ///< "EXC", "DP" or empty
    /// "6/5/3  Veteran  DP": the label's third line.
    std::string third_line() const;
};
/// The labels of every brigade in service, in order of battle, each corps and division led by
/// the label of its leader (in play) first, each given to `label` as the walk comes to it. The
/// writers print a brigadier only where the sheet asks for it.
void each_label(const rules::RuleSet& rules, const army::OobSource& oob, const std::function<void(const LabelText&)>& label);
/// The same, all of them, from one held in memory.
std::vector<LabelText> label_texts(const rules::RuleSet& rules, const army::OrderOfBattle& oob);

/// The brigade table's cells, shared by the text-like writers: name, stands now/start, label,
/// state (or status), rating, brigadier.
std::vector<std::string> brigade_cells(const rules::RuleSet& rules, const army::Brigade& b);
/// "Infantry, 1863, Eastern Theater of Operations, hidden" and the like; the theater left out
/// when it is `known_theater` (an id: the one a sheet names in its heading).
std::string division_facts(const rules::RuleSet& rules, const army::Division& d, const std::string& known_theater = "");
/// "(R. E. Lee, Exceptional [EXC])" or "" for no commander.
std::string commander_text(const rules::RuleSet& rules, const army::Leader& l);
/// A list of batteries as every format writes it: those in service counted and named, then
/// those out of it with what became of them ("2 batteries: A, B; out of service: C
/// (captured)", "none"), each name through `escape` (the format's, if it has one).
std::string batteries_text(const std::vector<army::Battery>& list, std::string (*escape)(const std::string&) = nullptr);
/// Whether a division's artillery line is written: not where the rule set rolls no artillery
/// (AWI, L'Ordre Mixte) and the division has no battery, where it would read "none" on each.
bool shows_artillery(const rules::RuleSet& rules, const std::vector<army::Battery>& list);

/// What a division, corps, army or side has in service: brigades, their stands now and at
/// their start, and batteries. Counted from the order of battle as the view shows it (a
/// corps', army's and side's by OobWriter as it walks).
struct Totals {
    int brigades = 0;
    int stands = 0;
    int start = 0;
    int batteries = 0;
    Totals& operator+=(const Totals& other);
};
Totals totals_of(const army::Division& d);
/// Each side's totals, sides in the order their first army comes.
using SideTotals = std::vector<std::pair<std::string, Totals>>;
/// "3 brigades, 18/21 stands, 2 batteries", in the rule set's terms; no batteries, in a rule set
/// that rolls no artillery: "3 battalions, 18/21 stands".
std::string totals_text(const rules::RuleSet& rules, const Totals& t);
/// "Union: 12 brigades, ...; Confederate: ..." for the foot of an order of battle (in a side's
/// view, the enemy's "Confederate (as far as seen): ...").
std::vector<std::string> side_totals_lines(const rules::RuleSet& rules, const View& view, const SideTotals& sides);

/// The order of battle as text: army -> corps -> division -> brigades and batteries, with
/// strength now/start, label, Fresh/Worn/Spent, rating and leaders.
void oob_text(const rules::RuleSet& rules, const army::OobSource& oob, const Provenance& p, const Sink& out);
/// The interchange format muster-oob/1 (cereal JSON); `muster import oob` reads it back.
void oob_json(const rules::RuleSet& rules, const army::OobSource& oob, const Provenance& p, const Sink& out);

/// What a writer writes of an order of battle held in memory, as one string:
/// `in_memory(oob_json, rules, oob, p)`, `in_memory(labels_html, rules, oob, p, sheet)`.
template <class Writer, class... Extra>
std::string in_memory(Writer write, const rules::RuleSet& rules, const army::OrderOfBattle& oob, const Provenance& p, const Extra&... extra) {
    std::string out;
    write(rules, army::OobSource::of(oob), p, extra..., [&out](std::string_view piece) { out.append(piece); });
    return out;
}
/// The journal: every operation and, under it, every roll.
std::string journal_text(const std::vector<journal::Entry>& entries);

}  // namespace muster::exporter
