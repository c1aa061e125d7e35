#include "json/json.hpp"

#include "core/error.hpp"
#include "core/names.hpp"

#include <cmath>
#include <rapidjson/document.h>
#include <rapidjson/error/en.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <sys/stat.h>

namespace muster::json {
namespace {

const rapidjson::Value& node(const void* p) { return *static_cast<const rapidjson::Value*>(p); }

// Iterative parsing: a hostile, deeply nested file cannot exhaust the stack.
constexpr unsigned k_parse_flags = rapidjson::kParseIterativeFlag | rapidjson::kParseValidateEncodingFlag;

}  // namespace

struct Document::Impl {
    rapidjson::Document doc;
};

Document::Document(std::string_view text, std::string file)
    : m_impl(std::make_unique<Impl>()), m_file(std::move(file)) {
    const auto refuse = [&](size_t offset, const std::string& why) {
        size_t line = 1, column = 1;
        for (size_t i = 0; i < std::min(offset, text.size()); ++i) {
            if (text[i] == '\n') {
                ++line;
                column = 1;
            } else {
                ++column;
            }
        }
        throw FileError(m_file, "", "not valid JSON at line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + why);
    };
    if (const auto wide = wide_encoding(text); !wide.empty())
        throw FileError(m_file, "", "the file is written in " + wide + ", not UTF-8: convert it with iconv -f " + wide + " -t UTF-8");
    // RapidJSON reads a NUL byte as the end of the text: whatever follows it would pass unread.
    if (const auto nul = text.find('\0'); nul != std::string_view::npos) refuse(nul, "a NUL byte, which no JSON text holds");
    m_impl->doc.Parse<k_parse_flags>(text.data(), text.size());
    if (m_impl->doc.HasParseError()) refuse(m_impl->doc.GetErrorOffset(), rapidjson::GetParseError_En(m_impl->doc.GetParseError()));
}

Document::~Document() = default;
Document::Document(Document&&) noexcept = default;
Document& Document::operator=(Document&&) noexcept = default;

Value Document::root() const { return Value(&m_impl->doc, "$", &m_file); }

// The reason as it can be shown: a NUL the file held would end the message where it stands.
void Value::fail(const std::string& reason) const { throw FileError(*m_file, m_path, visible(reason)); }

bool Value::is_array() const { return node(m_node).IsArray(); }
bool Value::is_int() const { return node(m_node).IsInt(); }
bool Value::is_string() const { return node(m_node).IsString(); }

std::string Value::type_name() const {
    const auto& v = node(m_node);
    if (v.IsObject()) return "an object";
    if (v.IsArray()) return "an array";
    if (v.IsString()) return "a string";
    if (v.IsBool()) return "a boolean";
    if (v.IsNull()) return "null";
    return "a number";
}

Value Value::at(std::string_view key) const {
    auto found = find(key);
    if (!found) fail("missing \"" + std::string(key) + "\"");
    return *found;
}

std::optional<Value> Value::find(std::string_view key) const {
    const auto& v = node(m_node);
    if (!v.IsObject()) fail("expected an object, found " + type_name());
    const auto it = v.FindMember(rapidjson::StringRef(key.data(), key.size()));
    if (it == v.MemberEnd()) return std::nullopt;
    return Value(&it->value, m_path + "." + std::string(key), m_file);
}

void Value::allow_only(std::initializer_list<std::string_view> keys) const { allow_only(std::span(keys.begin(), keys.size())); }

void Value::allow_only(std::span<const std::string_view> keys) const {
    for (const auto& [name, value] : members()) {
        bool known = false;
        for (auto k : keys) known = known || k == name;
        if (!known) {
            std::string expected;
            for (auto k : keys) expected += (expected.empty() ? "" : ", ") + std::string(k);
            fail("unknown key \"" + name + "\" (expected one of: " + expected + ")");
        }
    }
}

std::string Value::as_string() const {
    const auto& v = node(m_node);
    if (!v.IsString()) fail("expected a string, found " + type_name());
    return std::string(v.GetString(), v.GetStringLength());
}

int Value::as_int(int lo, int hi) const {
    const auto& v = node(m_node);
    const auto range = std::to_string(lo) + " to " + std::to_string(hi);
    if (!v.IsInt()) {
        // A whole number too large for any count, or a number with a fraction: said as such.
        if (v.IsInt64() || v.IsUint64() || (v.IsDouble() && std::isinf(v.GetDouble())) ||
            (v.IsDouble() && std::abs(v.GetDouble()) >= 2147483648.0 && v.GetDouble() == std::floor(v.GetDouble())))
            fail("a number far out of range: expected " + range);
        if (v.IsDouble() && v.GetDouble() != std::floor(v.GetDouble())) fail("a number with a fraction: expected a whole number, " + range);
        if (v.IsDouble()) fail("a whole number written as a decimal or with an exponent: expected one in digits only, " + range);
        fail("expected a whole number, found " + type_name());
    }
    const int n = v.GetInt();
    if (n < lo || n > hi)
        fail(std::to_string(n) + " is out of range: expected " + range);
    return n;
}

bool Value::as_bool() const {
    const auto& v = node(m_node);
    if (!v.IsBool()) fail("expected true or false, found " + type_name());
    return v.GetBool();
}

std::vector<Value> Value::items() const {
    const auto& v = node(m_node);
    if (!v.IsArray()) fail("expected an array, found " + type_name());
    std::vector<Value> out;
    out.reserve(v.Size());
    for (rapidjson::SizeType i = 0; i < v.Size(); ++i)
        out.push_back(Value(&v[i], m_path + "[" + std::to_string(i) + "]", m_file));
    return out;
}

std::vector<std::pair<std::string, Value>> Value::members() const {
    const auto& v = node(m_node);
    if (!v.IsObject()) fail("expected an object, found " + type_name());
    std::vector<std::pair<std::string, Value>> out;
    for (auto it = v.MemberBegin(); it != v.MemberEnd(); ++it) {
        std::string name(it->name.GetString(), it->name.GetStringLength());
        for (const auto& seen : out)
            if (seen.first == name) fail("the key \"" + name + "\" appears twice");
        out.emplace_back(name, Value(&it->value, m_path + "." + name, m_file));
    }
    return out;
}

std::string read_file(const std::string& path, size_t max_bytes) {
    // "-" is standard input, read up to the limit; anything else must be a regular file, so a
    // FIFO or a device can never keep muster waiting.
    if (path == "-") {
        std::string text(max_bytes + 1, '\0');
        std::cin.read(text.data(), static_cast<std::streamsize>(text.size()));
        text.resize(static_cast<size_t>(std::cin.gcount()));
        if (text.size() > max_bytes)
            throw Error("standard input: more than " + std::to_string(max_bytes) + " bytes; muster reads at most that here");
        return text;
    }
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) throw Error(path + ": cannot open the file (does it exist, and may you read it?)");
    if (S_ISDIR(st.st_mode)) throw Error(path + ": is a folder, not a file");
    if (!S_ISREG(st.st_mode))
        throw Error(path + ": is " + (S_ISFIFO(st.st_mode) ? "a pipe or FIFO" : S_ISSOCK(st.st_mode) ? "a socket" : "a device") +
                    ", not a regular file: give a file, or - for standard input");
    if (static_cast<unsigned long long>(st.st_size) > max_bytes)
        throw Error(path + ": the file is " + std::to_string(st.st_size) + " bytes; muster reads at most " +
                    std::to_string(max_bytes) + " bytes here");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(path + ": cannot open the file (does it exist, and may you read it?)");
    // Read up to the limit whatever the size said: some files (those of /proc) say 0 and have more.
    std::string text;
    char block[65536];
    while (in.read(block, sizeof block) || in.gcount() > 0) {
        text.append(block, static_cast<size_t>(in.gcount()));
        if (text.size() > max_bytes)
            throw Error(path + ": more than " + std::to_string(max_bytes) + " bytes; muster reads at most that here");
    }
    if (in.bad()) throw Error(path + ": cannot read the file");
    return text;
}

}  // namespace muster::json
