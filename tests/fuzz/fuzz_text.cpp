// The name rule, visible text and the CSV and Markdown writers on any bytes, with the
// properties they promise checked (a broken one aborts, which libFuzzer reports):
// - a name the rule keeps is shown as it is; visible text has no control byte;
// - every CSV record has the header's number of fields, and no cell a spreadsheet would run;
// - every Markdown table row is one line that begins and ends with "|".
#include "core/error.hpp"
#include "csv_reader.hpp"
#include "core/names.hpp"
#include "core/text.hpp"
#include "export/oob.hpp"
#include "fuzz_support.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

using muster::fuzz::acw;
using muster::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace muster;
    const std::string text(reinterpret_cast<const char*>(data), size);
    const auto problem = name_problem(text);
    const auto shown = visible(text);
    for (unsigned char c : shown) require(c >= 0x20 && c != 0x7f);
    if (problem.empty()) require(shown == text && text.find('/') == std::string::npos);
    try {
        require(checked_name("name", text) == std::string(trim(text)));
        require(problem.empty() || trim(text) != text);
    } catch (const UsageError& e) {
        for (unsigned char c : std::string(e.what())) require(c >= 0x20 && c != 0x7f);
    }

    // The writers take any stored text (a file written by something else) as names.
    const auto oob = fuzz::named_everywhere(text);
    const exporter::Provenance p{Day::read("2026-01-01")};
    const auto records = test::csv_records(exporter::in_memory(exporter::oob_csv, acw(), oob, p));
    for (const auto& r : records) {
        require(r.size() == records.front().size());
        for (const auto& cell : r) require(cell.empty() || std::string_view("=+-@\t\r").find(cell.front()) == std::string_view::npos);
    }
    const auto md = exporter::in_memory(exporter::oob_markdown, acw(), oob, p);
    for (const auto& line : split(md, '\n'))
        if (!line.empty() && line.front() == '|') require(line.back() == '|');
    return 0;
}
