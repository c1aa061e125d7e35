#include "rules/read.hpp"

#include "core/names.hpp"
#include "core/text.hpp"

#include <algorithm>

namespace muster::rules::detail {

using json::Value;

// Ids are what organisers type on the command line: keep them plain.
bool is_id(std::string_view id) {
    return !id.empty() && id.size() <= 40 && std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    });
}

std::string read_id(const Value& v) {
    std::string id = v.as_string();
    if (!is_id(id)) v.fail("\"" + id + "\" is not a valid id: expected 1 to 40 of a-z, 0-9, _ and -");
    return id;
}

namespace {

thread_local bool t_keeping_older_text = false;

// Text a rule set shows as it is, in listings and on paper: no character that would act on a
// terminal or forge a line (a note alone may run to more lines than one).
std::string shown_text(const Value& v, size_t max, Lines lines) {
    std::string s = v.as_string();
    if (const auto problem = text_problem(s, lines); !problem.empty()) {
        if (t_keeping_older_text) return visible(s);
        v.fail("text refused: " + problem);
    }
    if (const auto n = characters(s); n > max) v.fail("text of " + std::to_string(n) + " characters; at most " + std::to_string(max));
    return s;
}

}  // namespace

KeepingOlderText::KeepingOlderText(bool keep) : m_was(t_keeping_older_text) { t_keeping_older_text = keep; }
KeepingOlderText::~KeepingOlderText() { t_keeping_older_text = m_was; }
bool keeping_older_text() { return t_keeping_older_text; }

std::string read_text(const Value& v, size_t max) { return shown_text(v, max, Lines::one); }

std::string read_called(const Value& v, size_t max) {
    auto s = read_text(v, max);
    if (t_keeping_older_text) return s;
    if (trim(s).empty()) v.fail("text refused: it is empty or blank, and it names something in a sentence");
    if (trim(s) != s) v.fail("text refused: \"" + s + "\" begins or ends with a space");
    if (const auto problem = name_problem(s, NameRule::stored); problem.rfind("space U+", 0) == 0) v.fail("text refused: " + problem);  // a wide one
    if (visible(s) != s) v.fail("text refused: \"" + visible(s) + "\" holds a character that shows nothing");
    return s;
}

std::string optional_text(const Value& parent, std::string_view key) {
    auto v = parent.find(key);
    return v ? shown_text(*v, 20000, Lines::many) : std::string();
}

}  // namespace muster::rules::detail
