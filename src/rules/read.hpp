#pragma once
// Reading the plain values of a rule set file, shared by its readers.
#include "json/json.hpp"

#include <string>
#include <string_view>

namespace muster::rules::detail {

/// Whether a text is an id as organisers type it: 1 to 40 of a-z, 0-9, _ and -.
bool is_id(std::string_view text);
/// An id as organisers type it: 1 to 40 of a-z, 0-9, _ and -.
std::string read_id(const json::Value& v);
/// A text of one line, at most `max` characters, with no control character or bidirectional control.
std::string read_text(const json::Value& v, size_t max = 2000);
/// A text a sentence or a heading names something by (a side, its artillery reserve): read_text,
/// and something shows: not empty, no space at either end, no character that shows nothing.
std::string read_called(const json::Value& v, size_t max);
/// An optional text member (a note: lines, up to 20,000 characters, as a text), empty when absent.
std::string optional_text(const json::Value& parent, std::string_view key);

/// While it lives (on this thread), a text a rule added since refuses is kept (by read_text and
/// optional_text, written visibly): a campaign's pinned rule set, taken before the rule was,
/// still opens, for check to report.
class KeepingOlderText {
public:
    explicit KeepingOlderText(bool keep);
    ~KeepingOlderText();
    KeepingOlderText(const KeepingOlderText&) = delete;
    KeepingOlderText& operator=(const KeepingOlderText&) = delete;

private:
    bool m_was;
};
/// Whether a KeepingOlderText lives on this thread.
bool keeping_older_text();

}  // namespace muster::rules::detail
