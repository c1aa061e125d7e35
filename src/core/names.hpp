#pragma once
// The one rule for every name muster keeps (campaigns, armies, corps, divisions, brigades,
// batteries, leaders, camps, battles), from every source: the command line, JSON imports,
// battle reports and the GUI.
#include "core/sink.hpp"

#include <string>
#include <string_view>

namespace muster {

/// The longest name, in characters.
constexpr size_t k_max_name_chars = 200;

/// What is wrong with a name, or "" when it keeps the rule: valid UTF-8; no NUL, control
/// character (C0, DEL, C1) or bidirectional override, embedding, isolate or mark; no `/` (the
/// separator of references such as "Heth/1st Brigade"); not empty or blank; at most
/// k_max_name_chars characters. Positions are counted in characters from 1. As a name enters
/// (`entered`), also nothing that makes it look like another in other bytes: a combining accent
/// where the letter has one character, a variation selector, a joiner beside a plain letter; a
/// name `stored` from before that rule keeps it.
enum class NameRule { entered, stored };
std::string name_problem(std::string_view name, NameRule rule = NameRule::entered);

/// The name with leading and trailing spaces removed, or a UsageError naming `what` (e.g.
/// "brigade name"), the name as it can be shown, the problem and where it is.
std::string checked_name(std::string_view what, std::string_view name);

/// The same for an army's, corps', division's or brigade's name (`what`: "division"), which may
/// not begin as a reference to a leader does ("#12", "commander of Heth"): it would be read as his.
std::string checked_unit_name(const std::string& what, std::string_view name);

/// What is wrong with a leader's name beyond the name rule, or "": it may not begin as his number
/// or an unnamed leader's call does ("#12", "leader #12", "commander of ...").
std::string leader_name_problem(std::string_view name);

/// A leader's name: "" (unnamed) or a name by the rule that does not begin with "#",
/// "leader #", "commander of " or "former commander of " (how an unnamed leader is called).
std::string checked_leader_name(std::string_view name);

/// What is wrong with text shown as it is (a rule set's names and notes, a note on an
/// exchange), or "": a byte that is not UTF-8, a control character or a line separator (a line
/// break too, in one line; a tab too, but in prose), a bidirectional control, with the character
/// it is at.
enum class Lines { one, many, prose };
std::string text_problem(std::string_view text, Lines lines);
/// The characters of valid UTF-8 text: its bytes that do not continue a character.
size_t characters(std::string_view text);

/// Prose a person sends (a player's orders or message to the umpire): valid UTF-8, lines and
/// tabs kept (CR LF read as LF), no other control character or bidirectional control, not blank, at
/// most `max_chars` characters; trimmed. Else a UsageError naming `what`, the problem and where.
std::string checked_prose(std::string_view what, std::string_view text, size_t max_chars);

/// What is wrong with text as UTF-8 ("byte \\xFF is not valid UTF-8 at character 3"), or "".
std::string utf8_problem(std::string_view text);

/// Where a file's first bytes show it written in UTF-16 or UTF-32 (a byte order mark, or NULs
/// beside each of the first characters, as a spreadsheet's "Unicode text" is), its encoding as
/// iconv names it ("UTF-16", "UTF-16LE", "UTF-32BE"...); else "".
std::string wide_encoding(std::string_view text);

/// Text as it can safely be shown on a terminal or in one line: control characters, bidi
/// controls, characters that show nothing (a zero-width space, a byte order mark) and invalid
/// bytes written as \xNN or \u{NNNN}; everything else as it is.
std::string visible(std::string_view text);
/// `text` kept to one line: with a line break in it (a damaged file's name), as `visible` writes
/// it, so no data can forge a line of a listing; else as it is.
std::string one_line(std::string_view text);
/// Text of many lines as `visible` writes each line: its line ends kept (a CRLF too), nothing
/// else that could move a terminal's cursor or retitle it (a text file read with cat).
std::string visible_lines(std::string_view text);
/// A sink passing text on to `out` as visible_lines writes it, a line at a time: call finish()
/// once the text is written, for its last line.
class VisibleLines {
public:
    explicit VisibleLines(Sink out) : m_out(std::move(out)) {}
    void operator()(std::string_view piece);
    void finish();
    Sink sink() {
        return [this](std::string_view piece) { (*this)(piece); };
    }

private:
    Sink m_out;
    std::string m_line;  ///< the last line, not yet ended
};
/// What a person typed, given back into a form (a page is UTF-8): an invalid byte and a control
/// character other than a line break or tab as U+FFFD, the rest as typed.
std::string as_typed_back(std::string_view text);
/// `text` as a JSON string, quotes and all, that the command line's `visible` leaves as it is:
/// every control character, bidi control and invisible character as a `\uXXXX` escape, an
/// invalid byte as U+FFFD (a damaged file's; JSON holds only UTF-8).
std::string json_string(std::string_view text);

}  // namespace muster
