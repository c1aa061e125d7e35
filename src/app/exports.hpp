#pragma once
// Printed output: the order of battle in every format and sheets of brigade labels, all from
// one snapshot filtered for the view (and the battle) asked for.
#include "app/session.hpp"
#include "export/oob.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace muster::app {

/// What to export: which forces, as whom, of which battle.
struct ExportRequest {
    std::optional<std::string> side;    ///< only this side's armies
    View viewer;                        ///< the umpire, or what a side has seen
    std::optional<std::string> battle;  ///< only the divisions that fought this battle
};

/// The format to write `path` in: the one its extension names (.txt, .md, .csv, .html, .json,
/// .pdf; labels .html, .pdf), else `asked`, else `otherwise`. An extension that names another
/// format than `asked` is refused (a PDF written as text would open as nothing).
OobFormat oob_format_for(const std::string& path, std::optional<OobFormat> asked, OobFormat otherwise);
LabelFormat label_format_for(const std::string& path, std::optional<LabelFormat> asked, LabelFormat otherwise);

/// The files of a side's handout, in the order written.
inline constexpr const char* k_handout_files[] = {"oob.pdf", "labels.pdf", "papers.txt", "turn.txt", "last-turn.txt"};

class Exports {
public:
    explicit Exports(Session& session) : m_session(session) {}
    /// The order of battle in a format, written to `out` (a PDF page by page).
    void oob(const ExportRequest& request, OobFormat format, const Sink& out) const;
    /// A sheet of brigade labels, written to `out`.
    void labels(const ExportRequest& request, LabelFormat format, const exporter::LabelSheet& sheet, const Sink& out) const;
    /// The same, as bytes in memory.
    std::string oob(const ExportRequest& request, OobFormat format) const;
    std::string labels(const ExportRequest& request, LabelFormat format, const exporter::LabelSheet& sheet) const;
    /// One side's papers for the next battle, never more than it may know: its view of the
    /// order of battle (oob.pdf), its labels on `labels` (labels.pdf), and papers.txt: the turn and date,
    /// its last battle's summary, the prisoners it holds and the enemy holds of it, and the
    /// exchange proposals awaiting its answer; turn.txt, the report of the turn so far (see
    /// Season::report), and last-turn.txt, the turn before's, which `turn next` has just ended
    /// (in turn 1, a line saying there is none). Each file is given to `file` by name, with what writes it, all from one
    /// snapshot.
    using HandoutFile = std::function<void(const std::string& name, const Producer& produce)>;
    void handout(const std::string& side, const HandoutFile& file, const exporter::LabelSheet& labels = {}) const;
    /// The handout written into `folder` (made if missing; a file already there replaced, each
    /// whole or not at all). `wrote` hears each file's path and bytes once it is written;
    /// `tap` (if any) every piece as it is written, to count the work done.
    void write_handout(const std::string& side, const std::string& folder,
                       const std::function<void(const std::string& path, std::uintmax_t bytes)>& wrote, const Sink& tap = {},
                       const exporter::LabelSheet& labels = {}) const;

private:
    /// The forces asked for, walked from the campaign a division at a time (inside a read).
    army::OobSource source(const ExportRequest& request) const;
    Session& m_session;
};

}  // namespace muster::app
