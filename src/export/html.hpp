#pragma once
#include <string>

namespace muster::exporter {

/// Escapes text for HTML element content and attribute values (& < > " ').
std::string html_escape(const std::string& text);

}  // namespace muster::exporter
