#pragma once
// A division arrives: rolled up from the pinned rule set's tables, stored, hidden from the
// other side.
#include "app/outcome.hpp"
#include "app/session.hpp"
#include "army/division.hpp"

#include <optional>
#include <string>
#include <vector>

namespace muster::app {

struct ArrivalRequest {
    std::string division;
    std::optional<int> year;                ///< none: the campaign's
    std::optional<std::string> theater;     ///< none: the campaign's
    bool roll_year_theater = false;         ///< roll them on the rule set's table instead
    std::vector<std::string> rolls;  ///< typed-in dice; empty: the campaign's seeded dice
    Mode mode = Mode::apply;         ///< a preview rolls and shows; it stores nothing but the (discarded) rolls
    /// Roll anew although the division's newest preview showed something else. Without it an
    /// arrival that would not roll what its preview showed is refused, naming the difference.
    bool discard_preview = false;
};

struct Arrival {
    army::Division division;
    std::int64_t operation = 0;
    bool preview = false;
    std::string note;  ///< a word of warning: "Heth is due on turn 5 (this is turn 2): it arrives early"
};

class Arrivals {
public:
    explicit Arrivals(Session& session) : m_session(session) {}
    /// A division arrives: rolled up with the pinned rule set and the campaign's dice (or the
    /// typed ones), stored, hidden from the other side. A preview stores only its rolls, as
    /// discarded; accepting it rolls the previewed division or is refused (see discard_preview).
    Arrival arrive(const ArrivalRequest& request);

private:
    Session& m_session;
};

}  // namespace muster::app
