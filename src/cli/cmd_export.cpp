#include "app/exports.hpp"
#include "app/files.hpp"
#include "cli/commands.hpp"
#include "core/error.hpp"

#include <memory>
#include <optional>
#include <string_view>

namespace muster::cli {
namespace {

const std::vector<std::string> k_papers{"a4", "letter"};

struct ExportOptions {
    std::string side, as = std::string(View::k_umpire), battle, output, size = "60x20", paper = "a4";
    std::optional<OobFormat> format;  // none: from the file's extension, else text
    std::optional<LabelFormat> label_format;  // none: from the file's extension, else pdf
    bool brigadier = false;                   // labels: the brigadier's name on each
};

app::ExportRequest request_from(const ExportOptions& o) {
    app::ExportRequest r;
    if (!o.side.empty()) r.side = o.side;
    r.viewer = view_of(o.side, o.as);
    if (!o.battle.empty()) r.battle = o.battle;
    return r;
}

void view_options(CLI::App* cmd, ExportOptions& o) {
    cmd->add_option("--side", o.side, "Only this side's armies");
    cmd->add_option("--as", o.as, "Whose view: umpire (everything, the default), side (the --side's), or a side id");
    cmd->add_option("--battle", o.battle, "Only the divisions that fought this battle");
    cmd->add_option("-o,--output", o.output, "The file to write (written whole or not at all)")->required()->check(named("give the name of the file or folder to write", true));
}

void write(Io& io, const std::string& path, const Producer& produce) {
    const auto bytes = app::write_file(path, produce);
    io.out << "Wrote " << path << " (" << bytes << " bytes)\n";
}

// "60x20", "62.5 X 25": each side up to four digits and two decimals, spaces around either.
// Read by hand: std::regex's matcher recurses once a character, and 100,000 spaces overflowed the stack.
std::optional<std::pair<double, double>> label_size(const std::string& typed) {
    const auto trimmed = [](std::string_view v) {
        const auto first = v.find_first_not_of(" \t"), last = v.find_last_not_of(" \t");
        return first == std::string_view::npos ? std::string_view() : v.substr(first, last - first + 1);
    };
    const auto millimetres = [](std::string_view v) -> std::optional<double> {
        const auto dot = v.find('.');
        const auto whole = v.substr(0, dot), decimals = dot == std::string_view::npos ? std::string_view() : v.substr(dot + 1);
        const auto digits = [](std::string_view d, size_t most) { return !d.empty() && d.size() <= most && d.find_first_not_of("0123456789") == std::string_view::npos; };
        if (!digits(whole, 4) || (dot != std::string_view::npos && !digits(decimals, 2))) return std::nullopt;
        return std::stod(std::string(v));
    };
    const auto x = typed.find_first_of("xX");
    if (x == std::string::npos) return std::nullopt;
    const auto w = millimetres(trimmed(std::string_view(typed).substr(0, x))), h = millimetres(trimmed(std::string_view(typed).substr(x + 1)));
    if (!w || !h) return std::nullopt;
    return std::pair(*w, *h);
}

}  // namespace

void add_export_commands(CLI::App& app, Io& io) {
    auto* exp = app.add_subcommand("export", "Print orders of battle and brigade labels to files");
    exp->require_subcommand(1);

    auto oo = std::make_shared<ExportOptions>();
    auto* oob = exp->add_subcommand("oob", "The order of battle as text, md, csv, html, json or pdf");
    view_options(oob, *oo);
    word_option<OobFormat>(oob, "--format", oo->format, "The format (default: the file's extension, else text)");
    on_run(oob, io, [oo, &io] {
        const auto format = app::oob_format_for(oo->output, oo->format, OobFormat::text);
        auto session = open_campaigns(io);
        const auto exports = session.exports();
        write(io, oo->output, [&](const Sink& out) { exports.oob(request_from(*oo), format, out); });
    });

    auto lo = std::make_shared<ExportOptions>();
    auto* labels = exp->add_subcommand("labels", "A sheet of brigade labels, with cut lines, for command stands");
    view_options(labels, *lo);
    word_option<LabelFormat>(labels, "--format", lo->label_format, "The format (default: the file's extension, else pdf)");
    labels->add_option("--size", lo->size, "Label size in mm, WIDTHxHEIGHT (default 60x20)");
    labels->add_option_function<std::string>(
        "--paper", [lo](const std::string& text) { lo->paper = k_papers[one_of("--paper", text, {k_papers.begin(), k_papers.end()}, "paper")]; },
        "a4 or letter (default a4)");
    labels->add_flag("--brigadier", lo->brigadier, "Each brigade's label names its brigadier");
    on_run(labels, io, [lo, &io] {
        const auto format = app::label_format_for(lo->output, lo->label_format, LabelFormat::pdf);
        exporter::LabelSheet sheet;
        sheet.paper = lo->paper;
        sheet.brigadier = lo->brigadier;
        // Millimetres, each up to four digits and two decimals (the range is the sheet's to say):
        // nothing more, nothing trailing.
        const auto size = label_size(lo->size);
        if (!size)
            throw UsageError("--size \"" + visible(lo->size) + "\" is not WIDTHxHEIGHT in mm, each up to four digits and two decimals, e.g. 60x20 or 62.5x25");
        sheet.width_mm = size->first;
        sheet.height_mm = size->second;
        auto session = open_campaigns(io);
        const auto exports = session.exports();
        write(io, lo->output, [&](const Sink& out) { exports.labels(request_from(*lo), format, sheet, out); });
    });

    struct HandoutOptions {
        std::string side, folder;
        bool brigadier = false;
    };
    auto ho = std::make_shared<HandoutOptions>();
    auto* handout = app.add_subcommand("handout", "One side's papers for the next battle: its order of battle, labels and papers");
    handout->add_option("--side", ho->side, "The side whose papers these are")->required();
    handout->add_option("-o,--output", ho->folder, "The folder to write them in (made if missing; files in it replaced)")
        ->required()
        ->check(named("give the name of the folder to write", true))
        ->type_name("FOLDER");
    handout->add_flag("--brigadier", ho->brigadier, "Each brigade's label names its brigadier");
    on_run(handout, io, [ho, &io] {
        auto session = open_campaigns(io);
        exporter::LabelSheet labels;
        labels.brigadier = ho->brigadier;
        session.exports().write_handout(
            ho->side, ho->folder, [&](const std::string& path, std::uintmax_t bytes) { io.out << "Wrote " << path << " (" << bytes << " bytes)\n"; },
            {}, labels);
    });
}

}  // namespace muster::cli
