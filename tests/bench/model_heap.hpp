#pragma once
// The heap muster-gui's model of a campaign takes, for bench_growth and bench_gui alike.
#include "app/model.hpp"

#include <malloc.h>

namespace muster::bench {

/// Megabytes of heap the model read through `reader` holds. The heap counts the blocks malloc
/// maps on their own too (a vector of 30,000 brigades is one): without them, 10,000 divisions'
/// 137 MB read as 96.
inline double model_heap_mb(app::Session& reader) {
    const auto heap = [] {
        const auto i = mallinfo2();
        return i.uordblks + i.hblkhd;
    };
    const auto before = heap();
    const auto model = app::load_model(reader);
    return static_cast<double>(heap() - before) / (1 << 20);
}

}  // namespace muster::bench
