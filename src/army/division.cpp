#include "army/division.hpp"

namespace muster::army {

int Division::stands() const {
    int n = 0;
    for (const auto& b : brigades) n += b.stands;
    return n;
}

}  // namespace muster::army
