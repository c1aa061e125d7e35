#include "rules/read.hpp"

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

std::string read_text(const Value& v, size_t max) {
    std::string s = v.as_string();
    if (s.size() > max) v.fail("text of " + std::to_string(s.size()) + " characters; at most " + std::to_string(max));
    return s;
}

std::string optional_text(const Value& parent, std::string_view key) {
    auto v = parent.find(key);
    return v ? read_text(*v, 20000) : std::string();
}

}  // namespace muster::rules::detail
