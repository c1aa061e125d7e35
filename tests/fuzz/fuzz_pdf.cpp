// The PDF writer on any bytes as text, with the properties it promises checked (a broken one
// aborts, which libFuzzer reports):
// - every object the table of offsets (xref) names begins at its offset ("N 0 obj");
// - a text wrapped to a width comes back in lines no wider than it (but a line of one
//   character, which is never broken), and cut to a width no wider than it;
// - the order of battle and label sheets with the text as every name are whole PDFs too.
#include "export/oob.hpp"
#include "export/pdf.hpp"
#include "fuzz_support.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

using muster::fuzz::acw;
using muster::fuzz::require;

namespace {

// Whether each object a PDF's table of offsets names begins at its offset.
bool offsets_hold(const std::string& pdf) {
    const auto tail = pdf.rfind("startxref\n");
    if (tail == std::string::npos) return false;
    const size_t table = std::stoul(pdf.substr(tail + 10));
    if (pdf.compare(table, 7, "xref\n0 ") != 0) return false;
    const size_t count = std::stoul(pdf.substr(table + 7));
    const size_t entries = pdf.find('\n', table + 7) + 1 + 20;  // past the free entry of object 0
    for (size_t i = 1; i < count; ++i) {
        const size_t at = std::stoul(pdf.substr(entries + 20 * (i - 1), 10));
        const auto head = std::to_string(i) + " 0 obj\n";
        if (pdf.compare(at, head.size(), head) != 0) return false;
    }
    return true;
}

// Whether `s` is one character (a lead byte and its continuation bytes), which wrap never breaks.
bool one_character(const std::string& s) {
    size_t starts = 0;
    for (const char c : s) starts += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return starts <= 1;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace muster;
    // A name is at most 200 characters (a damaged file's may be longer, and costs in
    // proportion: a test holds wrap and cut to their definitions): the first 2,000 bytes, so
    // the fuzzer's time goes to more texts rather than longer ones.
    const std::string text(reinterpret_cast<const char*>(data), std::min<std::size_t>(size, 2000));
    std::string bytes;
    exporter::Pdf::write(300, 400, text, [&](std::string_view piece) { bytes += piece; }, [&](exporter::Pdf& pdf) {
        for (const double width : {20.0, 80.0}) {
            for (const auto& line : pdf.wrap(text, width, 9))
                require(pdf.text_width(line, 9) <= width + 1e-6 || one_character(line));
            const auto cut = pdf.cut(text, width, 9, true);
            require(pdf.text_width(cut, 9, true) <= width + 1e-6 || cut == "…");
        }
        pdf.text(36, 80, text, 9);
        pdf.lines({{36, 90, 200, 90}}, true);
        pdf.new_page();
        pdf.text(36, 80, text, 12, true, true);
    });
    require(offsets_hold(bytes));

    // The sheets, with the text as every name.
    const auto oob = fuzz::named_everywhere(text);
    const exporter::Provenance p{Day::read("2026-01-01")};
    require(offsets_hold(exporter::in_memory(exporter::oob_pdf, acw(), oob, p)));
    require(offsets_hold(exporter::in_memory(exporter::labels_pdf, acw(), oob, p, exporter::LabelSheet{})));
    return 0;
}
