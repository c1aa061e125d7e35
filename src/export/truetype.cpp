#include "export/truetype.hpp"

#include "core/error.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <mutex>

namespace muster::exporter {
namespace {

// DejaVu Sans, where Debian's fonts-dejavu-core puts it (muster-gui draws with it too).
TrueType load(bool bold) {
    const std::string file = std::string("/usr/share/fonts/truetype/dejavu/DejaVuSans") + (bold ? "-Bold" : "") + ".ttf";
    std::ifstream in(file, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in.is_open() || in.bad())
        throw Error("cannot read the font file " + file + ": " + std::strerror(errno) + " (expected DejaVu Sans: install the Debian package fonts-dejavu-core)");
    return TrueType(std::move(bytes), file);
}

void put16(std::string& s, std::uint32_t v) {
    s += static_cast<char>(v >> 8 & 0xFF);
    s += static_cast<char>(v & 0xFF);
}
void put32(std::string& s, std::uint32_t v) {
    put16(s, v >> 16);
    put16(s, v & 0xFFFF);
}

// A table's checksum: the sum of its big-endian 32-bit words, the last padded with zeros.
std::uint32_t checksum(const std::string& s) {
    std::uint32_t sum = 0;
    const auto* b = reinterpret_cast<const unsigned char*>(s.data());
    size_t i = 0;
    for (; i + 3 < s.size(); i += 4)
        sum += static_cast<std::uint32_t>(b[i]) << 24 | static_cast<std::uint32_t>(b[i + 1]) << 16 | static_cast<std::uint32_t>(b[i + 2]) << 8 | b[i + 3];
    for (int shift = 24; i < s.size(); ++i, shift -= 8) sum += static_cast<std::uint32_t>(b[i]) << shift;
    return sum;
}

}  // namespace

const TrueType& TrueType::dejavu_sans(bool bold) {
    // Read once and never changed after, so threads (muster serve's requests) share it. A
    // failure is not kept: the next PDF looks again.
    static std::mutex lock;
    static std::unique_ptr<TrueType> fonts[2];
    const std::lock_guard hold(lock);
    auto& font = fonts[bold ? 1 : 0];
    if (!font) font = std::make_unique<TrueType>(load(bold));
    return *font;
}

std::uint32_t TrueType::u32(std::size_t at) const { return static_cast<std::uint32_t>(u16(at)) << 16 | u16(at + 2); }

std::uint16_t TrueType::u16(std::size_t at) const {
    if (at + 2 > m_bytes.size() || at + 2 < at) throw Error("the font file " + m_file + " is cut short or damaged (expected a TrueType font)");
    return static_cast<std::uint16_t>(static_cast<unsigned char>(m_bytes[at]) << 8 | static_cast<unsigned char>(m_bytes[at + 1]));
}

TrueType::Table TrueType::table(const char* tag, bool required) const {
    for (const auto& [name, t] : m_tables)
        if (name == tag) return t;
    if (required) throw Error("the font file " + m_file + " has no " + tag + " table (expected a TrueType font with outlines)");
    return {};
}

TrueType::TrueType(std::string bytes, std::string file) : m_bytes(std::move(bytes)), m_file(std::move(file)) {
    if (const auto version = u32(0); version != 0x00010000 && version != 0x74727565)  // "true"
        throw Error("the font file " + m_file + " is not a TrueType font (expected outlines in glyf, not CFF)");
    const std::uint16_t count = u16(4);
    for (std::uint16_t i = 0; i < count; ++i) {
        const size_t at = 12 + 16 * size_t{i};
        const Table t{u32(at + 8), u32(at + 12)};
        if (std::uint64_t{t.offset} + t.length > m_bytes.size())
            throw Error("the font file " + m_file + " is cut short or damaged (a table runs past its end)");
        m_tables.emplace_back(m_bytes.substr(at, 4), t);
    }
    const auto head = table("head"), hhea = table("hhea"), maxp = table("maxp"), hmtx = table("hmtx"), cmap = table("cmap");
    table("glyf");
    table("loca");
    const double em = u16(head.offset + 18);
    if (em < 16) throw Error("the font file " + m_file + " gives an em of " + std::to_string(em) + " units (expected 16 or more)");
    m_long_loca = s16(head.offset + 50) == 1;
    const std::uint16_t glyphs = u16(maxp.offset + 4), metrics = u16(hhea.offset + 34);
    if (glyphs == 0 || metrics == 0) throw Error("the font file " + m_file + " has no glyphs");
    m_advance.resize(glyphs);
    for (std::uint16_t g = 0; g < glyphs; ++g) m_advance[g] = u16(hmtx.offset + 4 * size_t{std::min(g, static_cast<std::uint16_t>(metrics - 1))}) / em;
    const auto thousandths = [&](double units) { return units * 1000 / em; };
    m_metrics.x_min = thousandths(s16(head.offset + 36));
    m_metrics.y_min = thousandths(s16(head.offset + 38));
    m_metrics.x_max = thousandths(s16(head.offset + 40));
    m_metrics.y_max = thousandths(s16(head.offset + 42));
    m_metrics.ascent = thousandths(s16(hhea.offset + 4));
    m_metrics.descent = thousandths(s16(hhea.offset + 6));
    const auto os2 = table("OS/2", false);
    m_metrics.cap_height = os2.length >= 90 && u16(os2.offset) >= 2 ? thousandths(s16(os2.offset + 88)) : m_metrics.ascent;
    if (const auto post = table("post", false); post.length >= 8) m_metrics.italic_angle = static_cast<std::int32_t>(u32(post.offset + 4)) / 65536.0;

    // The Unicode character map: the full one (format 12) where there is one, else the
    // Basic Multilingual Plane's (format 4).
    for (std::uint16_t i = 0, n = u16(cmap.offset + 2); i < n; ++i) {
        const size_t record = cmap.offset + 4 + 8 * size_t{i};
        const std::uint16_t platform = u16(record), encoding = u16(record + 2);
        const std::uint32_t at = cmap.offset + u32(record + 4);
        const std::uint16_t format = u16(at);
        const bool unicode = platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10));
        if (unicode && (format == 12 || (format == 4 && m_cmap_format != 12))) {
            m_cmap = at;
            m_cmap_format = format;
        }
    }
    if (m_cmap_format == 0) throw Error("the font file " + m_file + " has no Unicode character map");
    // The Basic Multilingual Plane's glyphs in a table: each range the map covers looked up.
    std::vector<std::uint16_t> bmp(0x10000, 0);
    const auto cover = [&](std::uint32_t first, std::uint32_t last) {
        for (std::uint32_t c = first; c <= std::min<std::uint32_t>(last, 0xFFFF); ++c) bmp[c] = look_up(c);
    };
    if (m_cmap_format == 12)
        for (std::uint32_t i = 0, n = u32(m_cmap + 12); i < n; ++i) cover(u32(m_cmap + 16 + 12 * size_t{i}), u32(m_cmap + 20 + 12 * size_t{i}));
    else
        for (size_t i = 0, n = u16(m_cmap + 6) / 2u; i < n; ++i) cover(u16(m_cmap + 16 + 2 * n + 2 * i), u16(m_cmap + 14 + 2 * i));
    m_bmp = std::move(bmp);
    for (char32_t c = 0; c < 128; ++c) m_ascii_advance[c] = advance(m_bmp[c]);

    // The PostScript name (name 6), in its Macintosh or Windows record: letters, digits and
    // hyphens only, as a PDF font name.
    if (const auto names = table("name", false); names.length >= 6) {
        const size_t strings = names.offset + u16(names.offset + 4);
        for (std::uint16_t i = 0, n = u16(names.offset + 2); i < n && m_name.empty(); ++i) {
            const size_t record = names.offset + 6 + 12 * size_t{i};
            if (u16(record + 6) != 6) continue;
            const std::uint16_t platform = u16(record), length = u16(record + 8), offset = u16(record + 10);
            const size_t step = platform == 1 ? 1 : 2;
            for (size_t k = 0; k + step <= length; k += step) {
                const auto c = step == 1 ? static_cast<unsigned char>(m_bytes.at(strings + offset + k)) : u16(strings + offset + k);
                if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-') m_name += static_cast<char>(c);
            }
        }
    }
    if (m_name.empty()) m_name = "Font";
}

std::uint16_t TrueType::look_up(char32_t c) const {
    if (m_cmap_format == 12) {
        std::uint32_t low = 0, high = u32(m_cmap + 12);
        while (low < high) {
            const std::uint32_t mid = low + (high - low) / 2;
            const size_t group = m_cmap + 16 + 12 * size_t{mid};
            if (c < u32(group)) high = mid;
            else if (c > u32(group + 4)) low = mid + 1;
            else {
                const std::uint32_t g = u32(group + 8) + (c - u32(group));
                return g < m_advance.size() ? static_cast<std::uint16_t>(g) : 0;
            }
        }
        return 0;
    }
    if (c > 0xFFFF) return 0;
    const size_t segments = u16(m_cmap + 6) / 2, ends = m_cmap + 14, starts = ends + 2 * segments + 2;
    const size_t deltas = starts + 2 * segments, ranges = deltas + 2 * segments;
    size_t low = 0, high = segments;
    while (low < high) {  // the first segment ending at or after c
        const size_t mid = (low + high) / 2;
        if (u16(ends + 2 * mid) < c) low = mid + 1;
        else high = mid;
    }
    if (low == segments || c < u16(starts + 2 * low)) return 0;
    const std::uint16_t delta = u16(deltas + 2 * low), range = u16(ranges + 2 * low);
    std::uint16_t g = 0;
    if (range == 0) g = static_cast<std::uint16_t>(c + delta);
    else if (const std::uint16_t at = u16(ranges + 2 * low + range + 2 * (c - u16(starts + 2 * low))); at != 0)
        g = static_cast<std::uint16_t>(at + delta);
    return g < m_advance.size() ? g : 0;
}

TrueType::Table TrueType::outline(std::uint16_t g) const {
    const auto loca = table("loca"), glyf = table("glyf");
    const auto at = [&](size_t i) { return m_long_loca ? u32(loca.offset + 4 * i) : 2u * u16(loca.offset + 2 * i); };
    const std::uint32_t begin = at(g), end = at(g + size_t{1});
    if (end < begin || end > glyf.length) throw Error("the font file " + m_file + " is damaged (glyph " + std::to_string(g) + "'s outline lies outside its table)");
    return {glyf.offset + begin, end - begin};
}

std::string TrueType::subset(const std::vector<std::uint16_t>& drawn) const {
    // The glyphs drawn, and those a compound glyph (an accented letter) is built of. The font
    // ends at the last glyph kept (text in a Latin script keeps a few hundred of DejaVu's
    // thousands): its loca and hmtx tables shortened to match, so a small sheet's fonts are small.
    std::vector<char> used(m_advance.size(), 0);
    std::vector<std::uint16_t> todo{0};  // the missing-glyph box is always kept
    for (const auto g : drawn)
        if (g < used.size()) todo.push_back(g);
    size_t count = 1;
    while (!todo.empty()) {
        const auto g = todo.back();
        todo.pop_back();
        if (used[g]) continue;
        used[g] = 1;
        count = std::max<size_t>(count, g + size_t{1});
        const auto o = outline(g);
        if (o.length < 10 || s16(o.offset) >= 0) continue;  // empty, or a simple glyph
        for (size_t at = o.offset + 10;;) {
            const std::uint16_t flags = u16(at), part = u16(at + 2);
            if (part < used.size()) todo.push_back(part);
            at += 4 + (flags & 0x0001 ? 4 : 2) + (flags & 0x0008 ? 2 : flags & 0x0040 ? 4 : flags & 0x0080 ? 8 : 0);
            if (!(flags & 0x0020) || at >= o.offset + o.length) break;
        }
    }
    std::string glyf, loca;
    loca.reserve(4 * count + 4);
    for (size_t g = 0; g < count; ++g) {
        put32(loca, static_cast<std::uint32_t>(glyf.size()));
        if (!used[g]) continue;
        const auto o = outline(static_cast<std::uint16_t>(g));
        glyf.append(m_bytes, o.offset, o.length);
        glyf.resize((glyf.size() + 3) & ~size_t{3});  // each outline on a 4-byte boundary
    }
    put32(loca, static_cast<std::uint32_t>(glyf.size()));

    std::vector<std::pair<std::string, std::string>> tables;  // in the order of their tags
    for (const char* tag : {"cvt ", "fpgm", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "prep"}) {
        const auto t = table(tag, false);
        if (!std::strcmp(tag, "glyf")) tables.emplace_back(tag, glyf);
        else if (!std::strcmp(tag, "loca")) tables.emplace_back(tag, loca);
        else if (t.length > 0) tables.emplace_back(tag, m_bytes.substr(t.offset, t.length));
    }
    const auto metrics = std::min<size_t>(u16(table("hhea").offset + 34), count);  // advances given whole, then side bearings alone
    const auto set16 = [](std::string& data, size_t at, size_t v) {
        data[at] = static_cast<char>(v >> 8 & 0xFF);
        data[at + 1] = static_cast<char>(v & 0xFF);
    };
    for (auto& [tag, data] : tables) {
        if (tag == "head" && data.size() >= 54) {
            std::fill(data.begin() + 8, data.begin() + 12, '\0');  // checkSumAdjustment: not kept
            set16(data, 50, 1);  // the loca table is long
        } else if (tag == "maxp" && data.size() >= 6) {
            set16(data, 4, count);
        } else if (tag == "hhea" && data.size() >= 36) {
            set16(data, 34, metrics);
        } else if (tag == "hmtx") {
            data.resize(std::min(data.size(), 4 * metrics + 2 * (count - metrics)));
        }
    }
    std::string font;
    put32(font, 0x00010000);
    const auto n = static_cast<std::uint16_t>(tables.size());
    std::uint16_t power = 1, log = 0;
    while (power * 2 <= n) {
        power *= 2;
        ++log;
    }
    put16(font, n);
    put16(font, power * 16);
    put16(font, log);
    put16(font, n * 16 - power * 16);
    std::uint32_t offset = 12 + 16 * std::uint32_t{n};
    for (const auto& [tag, data] : tables) {
        font += tag;
        put32(font, checksum(data));
        put32(font, offset);
        put32(font, static_cast<std::uint32_t>(data.size()));
        offset += static_cast<std::uint32_t>((data.size() + 3) & ~size_t{3});  // each table on a 4-byte boundary
    }
    for (const auto& [tag, data] : tables) {
        font += data;
        font.resize((font.size() + 3) & ~size_t{3});
    }
    return font;
}

}  // namespace muster::exporter
