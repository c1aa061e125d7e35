#include "core/names.hpp"

#include "core/error.hpp"
#include "core/text.hpp"

#include <algorithm>
#include <cstdio>
#include <utility>

namespace muster {
namespace {

constexpr char32_t k_invalid = 0xFFFFFFFF;

// Decodes the UTF-8 character at `i`, moving `i` past it; k_invalid (one byte taken) for a
// byte that does not begin a well-formed character (overlong forms and surrogates included).
char32_t decode(std::string_view s, size_t& i) {
    const auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char b = byte(i);
    int extra = 0;
    char32_t c = 0, least = 0;
    if (b < 0x80) return ++i, b;
    if ((b & 0xE0) == 0xC0) extra = 1, c = b & 0x1F, least = 0x80;
    else if ((b & 0xF0) == 0xE0) extra = 2, c = b & 0x0F, least = 0x800;
    else if ((b & 0xF8) == 0xF0) extra = 3, c = b & 0x07, least = 0x10000;
    else return ++i, k_invalid;
    if (i + static_cast<size_t>(extra) >= s.size()) return ++i, k_invalid;
    for (int k = 1; k <= extra; ++k) {
        if ((byte(i + static_cast<size_t>(k)) & 0xC0) != 0x80) return ++i, k_invalid;
        c = (c << 6) | (byte(i + static_cast<size_t>(k)) & 0x3F);
    }
    if (c < least || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return ++i, k_invalid;
    i += static_cast<size_t>(extra) + 1;
    return c;
}

bool is_control(char32_t c) { return c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F); }

bool is_bidi(char32_t c) {
    return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

// A space other than ASCII's: no-break, en, em, thin, ideographic...
// (and the braille blank, which shows as one).
bool is_wide_space(char32_t c) {
    return c == 0x00A0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) || c == 0x202F || c == 0x205F || c == 0x3000 || c == 0x2800;
}

// A character that shows nothing (Unicode's default ignorables and the fillers, but the joiners
// emoji and scripts need; variation selectors are refused apart): two names would look the same
// with and without it, or a name of it alone would look blank.
// U+2028 and U+2029, which break a line where a reader takes them as Unicode's line and paragraph ends.
bool is_line_separator(char32_t c) { return c == 0x2028 || c == 0x2029; }

bool is_invisible(char32_t c) {
    return c == 0x00AD || c == 0x034F || c == 0x115F || c == 0x1160 || c == 0x17B4 || c == 0x17B5 || (c >= 0x180B && c <= 0x180F) || c == 0x200B ||
           (c >= 0x2060 && c <= 0x2065) || (c >= 0x206A && c <= 0x206F) || c == 0x3164 || c == 0xFEFF || c == 0xFFA0 || (c >= 0xFFF0 && c <= 0xFFFB) ||
           (c >= 0x1D173 && c <= 0x1D17A) || (c >= 0x1BCA0 && c <= 0x1BCA3) || (c >= 0xE0000 && c <= 0xE0FFF && !(c >= 0xE0100 && c <= 0xE01EF));
}

// The character Unicode holds a character to be in other bytes (a canonical singleton: the
// Kelvin sign is K, the Ohm sign Omega, a Greek letter with oxia the one with tonos); 0: none.
char32_t same_as(char32_t c) {
    static constexpr std::pair<char32_t, char32_t> k_same[] = {
        {0x0340, 0x0300}, {0x0341, 0x0301}, {0x0343, 0x0313}, {0x0374, 0x02B9}, {0x037E, 0x003B}, {0x0387, 0x00B7}, {0x1F71, 0x03AC},
        {0x1F73, 0x03AD}, {0x1F75, 0x03AE}, {0x1F77, 0x03AF}, {0x1F79, 0x03CC}, {0x1F7B, 0x03CD}, {0x1F7D, 0x03CE}, {0x1FBB, 0x0386},
        {0x1FBE, 0x03B9}, {0x1FC9, 0x0388}, {0x1FCB, 0x0389}, {0x1FD3, 0x0390}, {0x1FDB, 0x038A}, {0x1FE3, 0x03B0}, {0x1FEB, 0x038E},
        {0x1FEE, 0x0385}, {0x1FEF, 0x0060}, {0x1FF9, 0x038C}, {0x1FFB, 0x038F}, {0x1FFD, 0x00B4}, {0x2000, 0x2002}, {0x2001, 0x2003},
        {0x2126, 0x03A9}, {0x212A, 0x004B}, {0x212B, 0x00C5}, {0x2329, 0x3008}, {0x232A, 0x3009}};
    for (const auto& [from, to] : k_same)
        if (from == c) return to;
    return 0;
}

// A mark drawn on the character before it, where that and the mark have one character of their
// own (é, が): typed apart, the name looks like, and is not, the one typed whole.
bool is_combining_accent(char32_t c) {
    return (c >= 0x0300 && c <= 0x036F) || (c >= 0x1AB0 && c <= 0x1AFF) || (c >= 0x1DC0 && c <= 0x1DFF) || (c >= 0x20D0 && c <= 0x20FF) ||
           (c >= 0xFE20 && c <= 0xFE2F) || c == 0x3099 || c == 0x309A;
}

std::string hex(const char* format, unsigned value) {
    char buf[16];
    std::snprintf(buf, sizeof buf, format, value);
    return buf;
}

}  // namespace

std::string utf8_problem(std::string_view text) {
    size_t chars = 0;
    for (size_t i = 0; i < text.size();) {
        const size_t at = i;
        ++chars;
        if (decode(text, i) == k_invalid)
            return "byte " + hex("\\x%02X", static_cast<unsigned char>(text[at])) + " is not valid UTF-8 at character " + std::to_string(chars);
    }
    return "";
}

std::string name_problem(std::string_view name, NameRule rule) {
    if (trim(name).empty()) return "it is empty";
    bool blank = true;
    for (size_t i = 0; i < name.size() && blank;) {
        const char32_t c = decode(name, i);
        blank = c == ' ' || is_wide_space(c);
    }
    if (blank) return "it is blank: spaces only";
    size_t chars = 0;
    for (size_t i = 0; i < name.size();) {
        const size_t at = i;
        const char32_t c = decode(name, i);
        ++chars;
        const auto where = [&] { return " at character " + std::to_string(chars); };
        if (is_wide_space(c) && (at == 0 || i == name.size()))
            return "space " + hex("U+%04X", static_cast<unsigned>(c)) + where() + " (a name does not begin or end with a space)";
        if (is_invisible(c)) return "invisible character " + hex("U+%04X", static_cast<unsigned>(c)) + where() + " (it shows nothing)";
        // A name another looks the same as, in other bytes, would be two names no one tells
        // apart: refused as it enters (a file kept from before the rule keeps its names).
        if (rule == NameRule::entered) {
            if ((c >= 0xFE00 && c <= 0xFE0F) || (c >= 0xE0100 && c <= 0xE01EF))
                return "variation selector " + hex("U+%04X", static_cast<unsigned>(c)) + where() + " (it changes how the character before it is drawn, not what it is)";
            if (const auto plain = same_as(c))
                return hex("U+%04X", static_cast<unsigned>(c)) + where() + ", which is " + hex("U+%04X", static_cast<unsigned>(plain)) +
                       " in other bytes (type that one: the name would look the same as, and not be, one typed with it)";
            if (is_wide_space(c))
                return "space " + hex("U+%04X", static_cast<unsigned>(c)) + where() + " (type a plain space: the name would look the same as, and not be, one typed with it)";
            if (is_combining_accent(c))
                return "combining accent " + hex("U+%04X", static_cast<unsigned>(c)) + where() +
                       " (type the accented letter as one character: \u00E9, not e and an accent after it)";
            // A joiner joins emoji, and the letters of scripts that need it, not a Latin letter.
            const auto ascii = [](std::string_view s, size_t k) { return k < s.size() && static_cast<unsigned char>(s[k]) < 0x80; };
            if ((c == 0x200C || c == 0x200D) && (ascii(name, at - 1) || ascii(name, i)))
                return "joiner " + hex("U+%04X", static_cast<unsigned>(c)) + where() + " beside a plain letter, where it shows nothing";
        }
        if (c == k_invalid) return "byte " + hex("\\x%02X", static_cast<unsigned char>(name[at])) + " is not valid UTF-8" + where();
        if (c == 0) return "a NUL character" + where();
        if (is_control(c)) return "control character " + hex("U+%04X", static_cast<unsigned>(c)) + where();
        if (is_bidi(c)) return "bidirectional control " + hex("U+%04X", static_cast<unsigned>(c)) + where();
        if (c == '/') return "a \"/\"" + where() + " (a reference puts it between a unit and the one it belongs to)";
        // What would read as a line break, or as the reference's "/", is refused with them.
        if (is_line_separator(c)) return "line separator " + hex("U+%04X", static_cast<unsigned>(c)) + where();
        if (c == 0x2044 || c == 0x2215 || c == 0x29F8 || c == 0xFF0F)
            return hex("U+%04X", static_cast<unsigned>(c)) + where() + ", which reads as a \"/\" (it separates the parts of a reference)";
    }
    if (chars > k_max_name_chars)
        return std::to_string(chars) + " characters, at most " + std::to_string(k_max_name_chars);
    return "";
}

std::string text_problem(std::string_view text, Lines lines) {
    size_t chars = 0;
    for (size_t i = 0; i < text.size();) {
        const size_t at = i;
        const char32_t c = decode(text, i);
        ++chars;
        const auto where = [&] { return " at character " + std::to_string(chars); };
        if (c == k_invalid) return "byte " + hex("\\x%02X", static_cast<unsigned char>(text[at])) + " is not valid UTF-8" + where();
        const bool kept = (c == '\n' && lines != Lines::one) || (c == '\t' && lines == Lines::prose);
        if (!kept && is_control(c)) return "control character " + hex("U+%04X", static_cast<unsigned>(c)) + where();
        if (is_bidi(c)) return "bidirectional control " + hex("U+%04X", static_cast<unsigned>(c)) + where();
        if (lines == Lines::one && is_line_separator(c)) return "line separator " + hex("U+%04X", static_cast<unsigned>(c)) + where();
    }
    return "";
}

std::string wide_encoding(std::string_view text) {
    const auto starts = [&](std::string_view bom) { return text.substr(0, bom.size()) == bom; };
    const char* which = nullptr;
    if (starts(std::string_view("\xFF\xFE\0\0", 4)) || starts(std::string_view("\0\0\xFE\xFF", 4))) which = "UTF-32";
    else if (starts("\xFF\xFE") || starts("\xFE\xFF")) which = "UTF-16";
    else if (text.size() >= 4 && text[0] != '\0' && text[1] == '\0' && text[2] == '\0' && text[3] == '\0') which = "UTF-32LE";
    else if (text.size() >= 4 && text[0] == '\0' && text[1] == '\0' && text[2] == '\0' && text[3] != '\0') which = "UTF-32BE";
    else if (text.size() >= 4 && (text[0] == '\0') != (text[1] == '\0') && (text[0] == '\0') == (text[2] == '\0') && (text[1] == '\0') == (text[3] == '\0'))
        which = text[0] == '\0' ? "UTF-16BE" : "UTF-16LE";  // no mark: the NUL's side says which
    return which ? which : "";
}

size_t characters(std::string_view text) {
    return static_cast<size_t>(std::count_if(text.begin(), text.end(), [](char b) { return (static_cast<unsigned char>(b) & 0xC0) != 0x80; }));
}

std::string checked_prose(std::string_view what, std::string_view text, size_t max_chars) {
    // CR LF read as LF.
    std::string kept;
    for (size_t i = 0; i < text.size(); ++i)
        if (!(text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n')) kept += text[i];
    if (const auto problem = text_problem(kept, Lines::prose); !problem.empty()) throw UsageError(std::string(what) + " is refused: " + problem);
    // One of nothing but spaces (of any script), line ends and what shows nothing is empty; blank
    // lines before and after are no part of one.
    bool blank = true;
    for (size_t i = 0; i < kept.size() && blank;) {
        const char32_t c = decode(kept, i);
        blank = c == ' ' || c == '\t' || c == '\n' || is_wide_space(c) || is_invisible(c);
    }
    if (blank) throw UsageError(std::string(what) + " is empty");
    const auto first = kept.find_first_not_of(" \t\n"), last = kept.find_last_not_of(" \t\n");
    kept = kept.substr(first, last - first + 1);
    if (const size_t chars = characters(kept); chars > max_chars)
        throw UsageError(std::string(what) + " has " + std::to_string(chars) + " characters, at most " + std::to_string(max_chars));
    return kept;
}

std::string checked_name(std::string_view what, std::string_view name) {
    const std::string_view kept = trim(name);
    const auto problem = name_problem(kept.empty() ? name : kept);
    if (!problem.empty()) {
        // Refused for its length (more than 200 characters), it is shown by its first 60: the
        // problem says how long it is. Refused for anything else, whole.
        size_t shown = name.size(), characters = 0;
        for (size_t i = 0; i < name.size(); ++i)
            if ((static_cast<unsigned char>(name[i]) & 0xC0) != 0x80 && ++characters == 61) shown = i;
        if (characters <= 200) shown = name.size();
        throw UsageError(std::string(what) + " \"" + visible(name.substr(0, shown)) + (shown < name.size() ? "...\"" : "\"") + " is refused: " + problem);
    }
    return std::string(kept);
}

std::string leader_name_problem(std::string_view name) {
    // In any case: a reference finds leaders so ("Leader #4" would be taken for leader #4).
    std::string lower(name.substr(0, 32));
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (lower.rfind('#', 0) == 0 || lower.rfind("leader #", 0) == 0) return "it begins as a leader's number does (\"leader #12\")";
    for (std::string_view post : {"commander of ", "former commander of "})
        if (lower.rfind(post, 0) == 0) return "it begins as an unnamed leader is called (\"" + std::string(post) + "Heth\")";
    return "";
}

std::string checked_leader_name(std::string_view name) {
    if (name.empty()) return "";
    auto kept = checked_name("leader name", name);
    if (const auto problem = leader_name_problem(kept); !problem.empty())
        throw UsageError("leader name \"" + visible(kept) + "\" is refused: " + problem);
    return kept;
}

std::string visible(std::string_view text) {
    std::string out;
    for (size_t i = 0; i < text.size();) {
        const size_t at = i;
        const char32_t c = decode(text, i);
        if (c == k_invalid) out += hex("\\x%02X", static_cast<unsigned char>(text[at]));
        else if (is_control(c) || is_bidi(c) || is_invisible(c) || is_line_separator(c))
            out += c < 0x80 ? hex("\\x%02X", static_cast<unsigned>(c)) : hex("\\u{%04X}", static_cast<unsigned>(c));  // an ASCII control as its byte; a C1 one as a character, not read as an invalid byte
        else out.append(text.substr(at, i - at));
    }
    return out;
}

std::string visible_lines(std::string_view text) {
    std::string out;
    VisibleLines lines([&out](std::string_view piece) { out.append(piece); });
    lines(text);
    lines.finish();
    return out;
}

namespace {

// Whether a line needs nothing written visibly: printable ASCII only (most lines), or a CRLF's CR at its end.
bool plain(std::string_view line) {
    for (size_t i = 0; i < line.size(); ++i) {
        const auto b = static_cast<unsigned char>(line[i]);
        if (b < 0x20 || b >= 0x7F) return b == '\r' && i + 1 == line.size();
    }
    return true;
}

std::string visible_line(std::string_view line) {
    if (plain(line)) return std::string(line);
    const bool crlf = !line.empty() && line.back() == '\r';
    return visible(crlf ? line.substr(0, line.size() - 1) : line) + (crlf ? "\r" : "");
}

}  // namespace

void VisibleLines::operator()(std::string_view piece) {
    // A line begun by an earlier piece is ended first; then the piece's whole lines go on in
    // runs of plain ones, passed on as they are.
    if (!m_line.empty()) {
        const auto end = piece.find('\n');
        m_line.append(piece.substr(0, end));
        if (end == std::string_view::npos) return;
        m_out(visible_line(m_line) + "\n");
        m_line.clear();
        piece.remove_prefix(end + 1);
    }
    size_t run = 0, at = 0;  // the plain lines from `run` to `at` wait to go on together
    for (auto end = piece.find('\n'); end != std::string_view::npos; at = end + 1, end = piece.find('\n', at)) {
        const auto line = piece.substr(at, end - at);
        if (plain(line)) continue;
        if (at > run) m_out(piece.substr(run, at - run));
        m_out(visible_line(line) + "\n");
        run = end + 1;
    }
    if (at > run) m_out(piece.substr(run, at - run));
    m_line.assign(piece.substr(at));
}

void VisibleLines::finish() {
    if (!m_line.empty()) m_out(visible_line(m_line));
    m_line.clear();
}

std::string one_line(std::string_view text) { return text.find('\n') == std::string_view::npos ? std::string(text) : visible(text); }

std::string as_typed_back(std::string_view text) {
    std::string out;
    for (size_t i = 0; i < text.size();) {
        const size_t at = i;
        const char32_t c = decode(text, i);
        if (c == k_invalid || (is_control(c) && c != '\n' && c != '\r' && c != '\t')) out += "\xEF\xBF\xBD";  // U+FFFD
        else out.append(text.substr(at, i - at));
    }
    return out;
}

std::string json_string(std::string_view text) {
    std::string out = "\"";
    for (size_t i = 0; i < text.size();) {
        const size_t at = i;
        const char32_t c = decode(text, i);
        if (c == k_invalid) out += "\\uFFFD";
        else if (c == '"' || c == '\\') out += std::string("\\") + static_cast<char>(c);
        else if (is_control(c) || is_bidi(c) || is_invisible(c) || is_line_separator(c)) out += hex("\\u%04X", static_cast<unsigned>(c));  // all in the first plane
        else out.append(text.substr(at, i - at));
    }
    return out + "\"";
}

std::string checked_unit_name(const std::string& what, std::string_view name) {
    auto kept = checked_name(what + " name", name);
    if (const auto problem = leader_name_problem(kept); !problem.empty())
        throw UsageError(what + " name \"" + visible(kept) + "\" is refused: " + problem + ", and would be read as a leader's");
    return kept;
}

}  // namespace muster
