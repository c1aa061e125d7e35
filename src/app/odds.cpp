#include "app/odds.hpp"

#include <algorithm>
#include <map>

namespace muster::app {

StrengthOdds strength_odds(const rules::RuleSet& rules, const generate::Request& request, int count, std::uint64_t seed,
                           const std::function<void(float)>& progress) {
    dice::SeededSource dice(seed);
    std::map<int, int> seen;
    long total = 0;
    for (int i = 0; i < count; ++i) {
        const int stands = generate::generate_division(rules, request, dice).stands();
        ++seen[stands];
        total += stands;
        if (progress && i % 256 == 0) progress(static_cast<float>(i) / static_cast<float>(count));
    }
    StrengthOdds odds;
    odds.divisions = count;
    if (seen.empty()) return odds;
    odds.min_stands = seen.begin()->first;
    odds.share.assign(static_cast<size_t>(seen.rbegin()->first - odds.min_stands + 1), 0.f);
    for (const auto& [stands, n] : seen) odds.share[static_cast<size_t>(stands - odds.min_stands)] = static_cast<float>(n) / static_cast<float>(count);
    odds.mean = static_cast<double>(total) / count;
    if (progress) progress(1.f);
    return odds;
}

}  // namespace muster::app
