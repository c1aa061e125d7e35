#include "core/clock.hpp"

#include <ctime>

namespace muster {

std::string utc_now(const char* format) {
    const std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[64];
    std::strftime(buf, sizeof buf, format, &tm);
    return buf;
}

}  // namespace muster
