#include "core/match.hpp"

#include "core/error.hpp"
#include "core/names.hpp"

#include <algorithm>
#include <unordered_map>

namespace muster {
namespace {

char fold(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

}  // namespace

bool same_ignoring_case(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return fold(x) == fold(y); });
}

bool contains_ignoring_case(std::string_view text, std::string_view part) {
    return std::search(text.begin(), text.end(), part.begin(), part.end(), [](char x, char y) { return fold(x) == fold(y); }) != text.end();
}

namespace {

bool begins_ignoring_case(std::string_view name, std::string_view prefix) {
    return name.size() > prefix.size() && same_ignoring_case(name.substr(0, prefix.size()), prefix);
}

// A name's last words, after a space ("Jackson", "Stonewall Jackson" of "T. J. Stonewall
// Jackson"): a surname as people give one. Not a reference's (a name holding '/').
bool ends_in_words_ignoring_case(std::string_view name, std::string_view words) {
    return name.size() > words.size() && name[name.size() - words.size() - 1] == ' ' && name.find('/') == std::string_view::npos &&
           same_ignoring_case(name.substr(name.size() - words.size()), words);
}

// A Latin letter with a mark, as its plain letters ("u" for "ü", "ss" for "ß"), lower-cased; none:
// not such a letter. The Latin-1 Supplement and Latin Extended-A, by code point.
const char* plain_letters(char32_t c) {
    static constexpr const char* latin1[] = {
        "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",   // U+00C0
        "d", "n", "o", "o", "o", "o", "o", nullptr, "o", "u", "u", "u", "u", "y", "th", "ss",  // U+00D0
        "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",   // U+00E0
        "d", "n", "o", "o", "o", "o", "o", nullptr, "o", "u", "u", "u", "u", "y", "th", "y"};  // U+00F0
    if (c >= 0xC0 && c <= 0xFF) return latin1[c - 0xC0];
    if (c < 0x100 || c > 0x17F) return nullptr;
    // Latin Extended-A runs letter by letter, upper then lower, in groups of one base letter.
    struct Run {
        char32_t last;
        const char* plain;
    };
    static constexpr Run runs[] = {{0x105, "a"}, {0x10D, "c"}, {0x111, "d"}, {0x11B, "e"}, {0x123, "g"}, {0x127, "h"}, {0x131, "i"},
                                   {0x133, "ij"}, {0x135, "j"}, {0x138, "k"}, {0x142, "l"}, {0x14B, "n"}, {0x151, "o"}, {0x153, "oe"},
                                   {0x159, "r"}, {0x161, "s"}, {0x167, "t"}, {0x173, "u"}, {0x175, "w"}, {0x178, "y"}, {0x17E, "z"},
                                   {0x17F, "s"}};
    for (const auto& r : runs)
        if (c <= r.last) return r.plain;
    return nullptr;
}

// `text` with its marked Latin letters plain ("Blücher" as "Blucher"); whether any was.
bool plain(std::string_view text, std::string& out) {
    out.clear();
    bool changed = false;
    for (size_t i = 0; i < text.size();) {
        const auto b = static_cast<unsigned char>(text[i]);
        // Two-byte UTF-8 reaches U+017F: a lead byte 0xC3 to 0xC5.
        if (b >= 0xC3 && b <= 0xC5 && i + 1 < text.size() && (static_cast<unsigned char>(text[i + 1]) & 0xC0) == 0x80) {
            const char32_t c = ((b & 0x1Fu) << 6) | (static_cast<unsigned char>(text[i + 1]) & 0x3Fu);
            if (const char* p = plain_letters(c)) {
                out += p;
                changed = true;
                i += 2;
                continue;
            }
        }
        out += text[i++];
    }
    return changed;
}

// Levenshtein distance ignoring case, giving up (returning `limit` + 1) past `limit`.
size_t distance(std::string_view a, std::string_view b, size_t limit) {
    if ((a.size() > b.size() ? a.size() - b.size() : b.size() - a.size()) > limit) return limit + 1;
    std::vector<size_t> row(b.size() + 1);
    for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (size_t i = 1; i <= a.size(); ++i) {
        size_t diagonal = row[0], best = ++row[0];
        for (size_t j = 1; j <= b.size(); ++j) {
            const size_t up = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (fold(a[i - 1]) == fold(b[j - 1]) ? 0 : 1)});
            diagonal = up;
            best = std::min(best, row[j]);
        }
        if (best > limit) return limit + 1;
    }
    return row[b.size()];
}

}  // namespace

namespace {

// matching_names's rules on the names as they are spelled.
std::vector<size_t> matching(std::string_view typed, const std::vector<std::string>& names) {
    std::vector<size_t> out;
    for (size_t i = 0; i < names.size(); ++i)
        if (names[i] == typed) out.push_back(i);
    if (!out.empty() || typed.empty()) return out;
    for (size_t i = 0; i < names.size(); ++i)
        if (same_ignoring_case(names[i], typed)) out.push_back(i);
    if (!out.empty()) return out;
    // The names it begins or ends as their last words, as one rule: "Hill" is as much A. P. Hill
    // as the Hill Army (the one found alone, the other not offered, acted on the wrong one).
    const bool words = typed.find('/') == std::string_view::npos && typed.front() != ' ';
    for (size_t i = 0; i < names.size(); ++i)
        if (begins_ignoring_case(names[i], typed) || (words && ends_in_words_ignoring_case(names[i], typed))) out.push_back(i);
    if (!out.empty()) return out;
    // "Owner/Name" part by part: the owner among the names' owners by the rules above, then the
    // rest among that owner's ("heth/3rd" for "Heth's Division/3rd Brigade").
    const auto slash = typed.find('/');
    if (slash == std::string_view::npos) return out;
    std::vector<std::string> owners;                       // each once, as first met
    std::vector<long> owner_of(names.size(), -1);          // each name's place in owners
    std::unordered_map<std::string_view, long> place;
    for (size_t i = 0; i < names.size(); ++i)
        if (const auto at = names[i].find('/'); at != std::string::npos) {
            const auto [it, added] = place.emplace(std::string_view(names[i]).substr(0, at), static_cast<long>(owners.size()));
            if (added) owners.emplace_back(it->first);
            owner_of[i] = it->second;
        }
    const auto hits = matching_names(typed.substr(0, slash), owners);
    std::vector<long> slot(owners.size(), -1);  // an owner found: its place in hits
    for (size_t k = 0; k < hits.size(); ++k) slot[hits[k]] = static_cast<long>(k);
    std::vector<std::vector<std::string>> rests(hits.size());  // each found owner's names, after the '/'
    std::vector<std::vector<size_t>> at(hits.size());
    for (size_t i = 0; i < names.size(); ++i)
        if (const long k = owner_of[i] < 0 ? -1 : slot[static_cast<size_t>(owner_of[i])]; k >= 0) {
            rests[static_cast<size_t>(k)].push_back(names[i].substr(owners[hits[static_cast<size_t>(k)]].size() + 1));
            at[static_cast<size_t>(k)].push_back(i);
        }
    for (size_t k = 0; k < hits.size(); ++k)
        for (const auto r : matching_names(typed.substr(slash + 1), rests[k])) out.push_back(at[k][r]);
    std::sort(out.begin(), out.end());
    return out;
}

}  // namespace

std::vector<size_t> matching_names(std::string_view typed, const std::vector<std::string>& names) {
    auto out = matching(typed, names);
    if (!out.empty() || typed.empty()) return out;
    // None, as typed: the same rules with marked letters plain on both sides, so that "Blucher"
    // finds "Blücher" and "Bülow" finds "Bulow" (a name list's, or one typed without the mark).
    std::string plain_typed;
    bool any = plain(typed, plain_typed);
    std::vector<std::string> plain_names(names.size());
    for (size_t i = 0; i < names.size(); ++i) any = plain(names[i], plain_names[i]) || any;
    return any ? matching(plain_typed, plain_names) : out;
}

long match_one(std::string_view typed, const std::vector<std::string>& names, std::string_view what) {
    const auto found = matching_names(typed, names);
    if (found.empty()) return -1;
    if (found.size() == 1) return static_cast<long>(found.front());
    std::vector<std::string> candidates;
    for (size_t i = 0; i < found.size() && i < 6; ++i) candidates.push_back(visible(names[found[i]]));
    std::string list;
    for (size_t i = 0; i < candidates.size(); ++i) list += (i ? ", " : "") + candidates[i];
    throw UsageError(std::string(what) + " \"" + visible(typed) + "\" could be any of " + std::to_string(found.size()) + " (" + list +
                     (found.size() > candidates.size() ? ", ..." : "") + "): give more of the name");
}

bool same_letters(std::string_view a, std::string_view b) {
    const auto letters = [](std::string_view text) {
        std::string folded, out;
        plain(text, folded);
        for (const char c : folded)
            if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || static_cast<unsigned char>(c) >= 0x80) out += fold(c);
        return out;
    };
    return letters(a) == letters(b);
}

std::string did_you_mean(std::string_view typed, const std::vector<std::string>& names) {
    // A slip: a third of the name's letters at most (two for a short one), its marks aside
    // ("Grossbern" is a slip of "Großbeeren", as "Grossbeeren" with two letters left out).
    std::string typed_plain, name_plain;
    plain(typed, typed_plain);
    const size_t limit = std::max<size_t>(2, typed_plain.size() / 3);
    std::vector<std::pair<size_t, size_t>> near;  // distance, index
    for (size_t i = 0; i < names.size(); ++i) {
        plain(names[i], name_plain);
        // A slip of the whole name, or else a smaller one of its beginning, a letter in ten typed
        // ("Advanced Corps/Grenadiers" for "Advanced Corps/Grenadier Battalion"; a name of fewer
        // than ten letters, "Stew" or "Heth/9th", is no beginning slipped), offered after the
        // whole names' slips.
        auto d = distance(typed_plain, name_plain, limit);
        if (const size_t begin_limit = typed_plain.size() / 10; d > limit && begin_limit > 0 && name_plain.size() > typed_plain.size())
            if (const auto b = distance(typed_plain, std::string_view(name_plain).substr(0, typed_plain.size()), begin_limit); b <= begin_limit) d = b + 1;
        const bool again = std::any_of(near.begin(), near.end(), [&](const auto& n) { return names[n.second] == names[i]; });
        if (d <= limit && !again) near.emplace_back(d, i);
    }
    if (near.empty()) return "";
    std::stable_sort(near.begin(), near.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::string out = ": did you mean ";
    const size_t n = std::min<size_t>(near.size(), 3);
    for (size_t k = 0; k < n; ++k) out += (k == 0 ? "" : k + 1 == n ? " or " : ", ") + visible(names[near[k].second]);
    return out + "?";
}

}  // namespace muster
