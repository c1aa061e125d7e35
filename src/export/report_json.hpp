#pragma once
// A battle report as the muster-battle/1 file muster reads (battle::read_report).
#include "battle/report.hpp"

#include <string>

namespace muster::exporter {

/// The report as muster-battle/1 JSON: read back by battle::read_report, it is the same report.
std::string report_json(const battle::Report& report);

}  // namespace muster::exporter
