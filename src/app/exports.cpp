// Exports: one order-of-battle snapshot, filtered for the view and the battle, handed to the
// writer of the format asked for.
#include "app/exports.hpp"
#include "app/season.hpp"

#include "app/battles.hpp"
#include "app/files.hpp"
#include "app/forces.hpp"
#include "app/prisoners.hpp"
#include "app/session_state.hpp"
#include "core/error.hpp"
#include "core/names.hpp"
#include "core/text.hpp"
#include "core/version.hpp"

#include <algorithm>
#include <filesystem>
#include <cctype>
#include <unistd.h>

namespace muster::app {
namespace {

// The extension of a file name, lower case, as a format is spelled (".txt" is text); empty: none.
std::string extension_word(const std::string& path) {
    const auto dot = path.rfind('.');
    const auto slash = path.find_last_of("/\\");
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return {};
    std::string ext = path.substr(dot + 1);
    for (auto& ch : ext) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (ext == "txt") return "text";
    if (ext == "htm") return "html";
    return ext;
}

template <class Format>
Format format_for(const std::string& path, std::optional<Format> asked, Format otherwise) {
    const std::string ext = extension_word(path);
    const auto named = find_word<Format>(ext);
    if (!named && find_word<OobFormat>(ext))
        throw UsageError("the file " + path + " is named as " + ext + ", which this export does not come in (" +
                         spellings<Format>() + ")");
    if (named && asked && *named != *asked)
        throw UsageError("the file " + path + " is named as " + word(*named) + " but the format asked for is " + word(*asked) +
                         ": rename the file, or leave the format out");
    return named ? *named : asked ? *asked : otherwise;
}

}  // namespace

OobFormat oob_format_for(const std::string& path, std::optional<OobFormat> asked, OobFormat otherwise) {
    return format_for(path, asked, otherwise);
}

LabelFormat label_format_for(const std::string& path, std::optional<LabelFormat> asked, LabelFormat otherwise) {
    return format_for(path, asked, otherwise);
}

army::OobSource Exports::source(const ExportRequest& r) const {
    const auto& store = m_session.state().store;
    // The battle as the viewer may name it: one it did not fight is not there for it.
    std::optional<std::vector<std::int64_t>> only;
    if (r.battle)
        only = db::Battles(store).battle_divisions(m_session.battles().named(*r.battle, r.viewer).id,
                                                   r.viewer.is_umpire() ? std::nullopt : std::optional<std::string>(r.viewer.side()));
    const auto request = checked(m_session.rules(), {r.side, r.viewer});
    // The campaign read on a second thread while the writer writes what it has read.
    return {m_session.current().name, request.viewer, [this, request, only](army::OobVisitor& v) {
                army::walk_beside([&](army::OobVisitor& handover) { m_session.forces().walk_oob(request, handover, only); }, v);
            }};
}

void Exports::oob(const ExportRequest& r, OobFormat format, const Sink& out) const {
    const auto& rules = m_session.rules();
    // One snapshot for every walk a writer makes. A text format is written visibly (a damaged
    // file's name may hold a terminal's escape, and the file be read with cat); JSON escapes its
    // own, and a PDF is no text.
    m_session.state().store.read([&] {
        const auto oob = source(r);
        const auto c = m_session.current();
        const exporter::Provenance p{c.date, c.turn};
        VisibleLines lines(out);
        const auto text = lines.sink();
        switch (format) {
            case OobFormat::text: exporter::oob_text(rules, oob, p, text); break;
            case OobFormat::md: exporter::oob_markdown(rules, oob, p, text); break;
            case OobFormat::csv: exporter::oob_csv(rules, oob, p, text); break;
            case OobFormat::html: exporter::oob_html(rules, oob, p, text); break;
            case OobFormat::json: return exporter::oob_json(rules, oob, p, out);
            case OobFormat::pdf: return exporter::oob_pdf(rules, oob, p, out);
        }
        lines.finish();
    });
}

void Exports::labels(const ExportRequest& r, LabelFormat format, const exporter::LabelSheet& sheet, const Sink& out) const {
    const auto& rules = m_session.rules();
    m_session.state().store.read([&] {
        const auto oob = source(r);
        const auto c = m_session.current();
        const exporter::Provenance p{c.date, c.turn};
        switch (format) {
            case LabelFormat::html: {
                VisibleLines lines(out);
                exporter::labels_html(rules, oob, p, sheet, lines.sink());
                return lines.finish();
            }
            case LabelFormat::pdf: return exporter::labels_pdf(rules, oob, p, sheet, out);
        }
    });
}

namespace {

Sink into(std::string& bytes) {
    return [&bytes](std::string_view piece) { bytes.append(piece); };
}

}  // namespace

std::string Exports::oob(const ExportRequest& r, OobFormat format) const {
    std::string bytes;
    oob(r, format, into(bytes));
    return bytes;
}

std::string Exports::labels(const ExportRequest& r, LabelFormat format, const exporter::LabelSheet& sheet) const {
    std::string bytes;
    labels(r, format, sheet, into(bytes));
    return bytes;
}

void Exports::handout(const std::string& typed_side, const HandoutFile& file, const exporter::LabelSheet& label_sheet) const {
    const auto side = side_id(m_session.rules(), typed_side);
    const auto viewer = View::of_side(side);
    const auto& rules = m_session.rules();
    // One snapshot for the whole packet: each part reads inside it.
    m_session.state().store.read([&] {
        // The papers are read first: nothing is written before everything has been read.
        const auto c = m_session.current();
        std::string papers = "Papers of " + rules.the_side(side) + ", campaign " + one_line(c.name) + ": " + c.turn.text() +
                             (c.date ? ", " + c.date->text() : "") + "\nPrinted by muster " + k_version + "\n\n";
        const auto battles = m_session.battles().list(viewer);
        papers += "The last battle\n";
        papers += battles.empty() ? "  none fought yet\n" : summary_text(rules, m_session.battles().summary(battles.back().name, viewer));
        const auto held = m_session.prisoners().held(viewer);
        for (const bool ours : {true, false}) {
            papers += ours ? "\nPrisoners held by " + rules.the_side(side) + "\n" : "\nMen of " + rules.the_side(side) + " held by the enemy\n";  // "the British's men" read badly
            int n = 0;
            for (const auto& h : held)
                if ((h.holder == side) == ours && !h.camp_liberated) {
                    papers += "  " + one_line(h.text) + " (" + one_line(h.camp) + ")\n";
                    ++n;
                }
            if (n == 0) papers += "  none\n";
        }
        papers += "\nExchange proposals awaiting an answer from " + rules.the_side(side) + "\n";
        int waiting = 0;
        for (const auto& x : m_session.prisoners().exchanges(viewer))
            if (x.awaiting() && x.row.counterpart == side) {
                const auto* from = rules.find_side(x.row.proposer);  // none: a damaged row's, shown as it is
                papers += "  #" + std::to_string(x.row.number) + " from " + (from ? rules.the_side(from->id) : "the " + visible(x.row.proposer)) + ": offers " +
                          (x.offer.empty() ? "nothing" : join(x.offer, ", ")) + "; asks " + (x.ask.empty() ? "nothing" : join(x.ask, ", ")) +
                          (x.row.note.empty() ? "" : " (\"" + x.row.note + "\")") + x.lapsed_note() + "\n";
                ++waiting;
            }
        if (waiting == 0) papers += "  none\n";
        const auto turn = turn_report_text(rules, m_session.season().report(std::nullopt, viewer));
        const auto before = c.turn.plus(-1);
        const auto last_turn = before ? turn_report_text(rules, m_session.season().report(*before, viewer))
                                      : "No turn before " + c.turn.text() + ": the campaign began with it.\nPrinted by muster " + k_version + "\n";
        ExportRequest everything;
        everything.viewer = viewer;
        ExportRequest own = everything;
        own.side = side;
        file("oob.pdf", [&](const Sink& out) { oob(everything, OobFormat::pdf, out); });
        file("labels.pdf", [&](const Sink& out) { labels(own, LabelFormat::pdf, label_sheet, out); });
        file("papers.txt", [&](const Sink& out) { out(visible_lines(papers)); });
        file("turn.txt", [&](const Sink& out) { out(visible_lines(turn)); });
        file("last-turn.txt", [&](const Sink& out) { out(visible_lines(last_turn)); });
    });
}

void Exports::write_handout(const std::string& side, const std::string& folder,
                            const std::function<void(const std::string& path, std::uintmax_t bytes)>& wrote, const Sink& tap,
                            const exporter::LabelSheet& labels) const {
    namespace fs = std::filesystem;
    std::error_code ec;
    // The packet is written whole or not at all: into a folder of its own first, then put in
    // place, so a refusal or a failure half-way leaves nothing of it behind. What it would
    // replace must be a folder, and in it each file a regular one, or nothing: never a link, a
    // pipe or a device (refused before anything is written).
    const fs::path target(folder);
    require_no_campaign_part(folder);
    const bool exists = fs::exists(fs::symlink_status(target, ec));
    if (exists && !fs::is_directory(target, ec)) throw FileError(folder, "", "is not a folder: the handout is written into a folder");
    if (exists)
        for (const char* name : k_handout_files) {
            const auto status = fs::symlink_status(target / name, ec);
            if (fs::exists(status) && !fs::is_regular_file(status))
                throw FileError((target / name).string(), "", "is not a regular file: muster replaces only regular files; nothing was written");
        }
    if (!exists && target.has_parent_path() && !fs::create_directories(target.parent_path(), ec) && ec)
        throw FileError(folder, "", "its folder cannot be made (" + ec.message() + ")");
    const fs::path temp = exists ? part_of((target / ".handout").string()) : part_of(folder);
    if (!fs::create_directory(temp, ec)) throw FileError(folder, "", "cannot be written (" + ec.message() + ")");
    std::vector<std::pair<std::string, std::uintmax_t>> written;
    try {
        handout(side, [&](const std::string& name, const Producer& produce) {
            const auto path = (temp / name).string();
            written.emplace_back(name, write_file(path, tap ? Producer([&](const Sink& out) {
                                                     produce([&](std::string_view piece) {
                                                         tap(piece);
                                                         out(piece);
                                                     });
                                                 })
                                                            : produce));
        }, labels);
        const auto put = [&](const fs::path& from, const fs::path& to) {
            fs::rename(from, to, ec);
            if (ec) throw FileError(to.string(), "", "cannot be put in place (" + ec.message() + ")");
        };
        if (!exists) {
            put(temp, target);
        } else {
            for (const auto& [name, bytes] : written) put(temp / name, target / name);
            fs::remove(temp, ec);
        }
    } catch (...) {
        fs::remove_all(temp, ec);
        throw;
    }
    for (const auto& [name, bytes] : written) wrote((target / name).string(), bytes);
}

}  // namespace muster::app
