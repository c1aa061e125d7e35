#pragma once
// RFC 4180 read back, for tests and fuzz targets: fields split at commas outside quotes,
// records at CRLF outside quotes, doubled quotes inside a quoted field read as one.
#include <string>
#include <utility>
#include <vector>

namespace muster::test {

inline std::vector<std::vector<std::string>> csv_records(const std::string& csv) {
    std::vector<std::vector<std::string>> out(1);
    std::string field;
    bool quoted = false;
    for (size_t i = 0; i < csv.size(); ++i) {
        const char c = csv[i];
        if (quoted) {
            if (c == '"' && i + 1 < csv.size() && csv[i + 1] == '"') field += csv[++i];
            else if (c == '"') quoted = false;
            else field += c;
        } else if (c == '"') quoted = true;
        else if (c == ',') out.back().push_back(std::exchange(field, {}));
        else if (c == '\r' && i + 1 < csv.size() && csv[i + 1] == '\n') {
            out.back().push_back(std::exchange(field, {}));
            if (++i + 1 < csv.size()) out.emplace_back();
        } else field += c;
    }
    return out;
}

}  // namespace muster::test
