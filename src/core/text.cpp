#include "core/text.hpp"

#include <charconv>

namespace muster {

std::string ordinal(int n) {
    const int tens = n % 100;
    const char* suffix = "th";
    if (tens < 11 || tens > 13) {
        switch (n % 10) {
            case 1: suffix = "st"; break;
            case 2: suffix = "nd"; break;
            case 3: suffix = "rd"; break;
            default: break;
        }
    }
    return std::to_string(n) + suffix;
}

std::string join(const std::vector<std::string>& parts, std::string_view sep) {
    std::string out;
    for (size_t i = 0; i < parts.size(); ++i) {
        if (i) out += sep;
        out += parts[i];
    }
    return out;
}

std::string join_and(const std::vector<std::string>& parts) {
    if (parts.size() < 2) return join(parts, "");
    return join({parts.begin(), parts.end() - 1}, ", ") + " and " + parts.back();
}

std::vector<std::string> split(std::string_view text, char sep) {
    std::vector<std::string> out;
    size_t start = 0;
    for (;;) {
        const size_t at = text.find(sep, start);
        out.emplace_back(text.substr(start, at == std::string_view::npos ? text.npos : at - start));
        if (at == std::string_view::npos) return out;
        start = at + 1;
    }
}

std::string_view trim(std::string_view text) {
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos) return {};
    const auto last = text.find_last_not_of(" \t");
    return text.substr(first, last - first + 1);
}

bool parse_int(std::string_view text, int& out) {
    if (text.empty()) return false;
    if (text.front() == '+') text.remove_prefix(1);
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size();
}

std::string shell_word(std::string_view word) {
    if (!word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/") == std::string_view::npos)
        return std::string(word);
    // An apostrophe, and nothing a shell reads within double quotes: "Freeman's Farm".
    if (word.find('\'') != std::string_view::npos && word.find_first_of("\"$`\\!") == std::string_view::npos) return "\"" + std::string(word) + "\"";
    std::string out = "'";
    for (const char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string lower(std::string_view text) {
    std::string out(text);
    for (auto& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

std::string count_of(int n, std::string_view singular, std::string_view plural) {
    std::string out = std::to_string(n);
    out += ' ';
    out += n == 1 ? singular : plural;
    return out;
}

std::string a_or_an(std::string_view word) {
    const bool vowel = !word.empty() && std::string_view("aeiouAEIOU").find(word.front()) != std::string_view::npos;
    return (vowel ? "an " : "a ") + std::string(word);
}

std::string shell_positional(std::string_view word) { return (!word.empty() && word.front() == '-' ? "-- " : "") + shell_word(word); }

std::string shell_option(std::string_view option, std::string_view value) {
    return std::string(option) + (!value.empty() && value.front() == '-' ? "=" : " ") + shell_word(value);
}

std::string possessive(std::string_view name) {
    return std::string(name) + (!name.empty() && (name.back() == 's' || name.back() == 'S') ? "'" : "'s");
}

}  // namespace muster
