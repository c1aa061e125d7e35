#pragma once
#include <string>

namespace muster::exporter {

/// Escapes text for HTML element content and attribute values (& < > " ').
std::string html_escape(const std::string& text);

/// A printed page's foot, `provenance` (escaped) on every page: the style, the body's start
/// and its end. The body is one table whose foot, repeated on each printed page, keeps the room
/// the footer is fixed in (a fixed footer alone is printed over the page's last line).
struct PrintedFoot {
    static constexpr const char* k_style =
        "table.page, table.page > * > tr > td { border: 0; padding: 0; margin: 0; border-collapse: collapse; }\n"
        // As wide as the paper, whatever it holds: a name of no spaces breaks within its cell,
        // not widens the page past the paper's edge.
        "table.page { width: 100%; table-layout: fixed; }\n"
        "td, th, h1, h2, h3, h4, p, li { overflow-wrap: anywhere; }\n"
        ".foot-room, footer { display: none; }\n"
        "@media print {\n"
        "  .foot-room { display: block; height: 1.8em; }\n"
        "  footer { display: block; position: fixed; bottom: 0; font-size: 8pt; color: #555; }\n"
        "}\n";
    static constexpr const char* k_begin = "<table class=\"page\"><tfoot><tr><td><div class=\"foot-room\"></div></td></tr></tfoot><tbody><tr><td>\n";
    static std::string end(const std::string& provenance) { return "</td></tr></tbody></table>\n<footer>" + provenance + "</footer>\n"; }
};

}  // namespace muster::exporter
