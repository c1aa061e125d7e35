#pragma once
// What the order-of-battle writers share as they walk: the army and corps being written, what
// each holds in service so far and each side's, and output gathered into pieces for the sink.
#include "export/oob.hpp"

namespace muster::exporter {

/// Text for a sink, handed over in pieces of some tens of kilobytes rather than a call a line.
class Buffered {
public:
    explicit Buffered(const Sink& sink) : m_sink(sink) {}
    Buffered& operator+=(std::string_view text) {
        m_text.append(text);
        if (m_text.size() >= k_piece) flush();
        return *this;
    }
    /// Hands over what is gathered; the writer's last act.
    void flush() {
        if (m_text.empty()) return;
        m_sink(m_text);
        m_text.clear();
    }

private:
    static constexpr size_t k_piece = 64 * 1024;
    const Sink& m_sink;
    std::string m_text;
};

/// A writer hears each army and corps begin, each division with its totals, and each corps and
/// army end with theirs.
class OobWriter : public army::OobVisitor {
public:
    void army(const army::Army& a) final;
    void corps(const army::Corps& k) final;
    void division(const army::Division& d) final;
    void end_corps() final;
    void end_army() final;
    /// Each side's totals so far; empty while no army has been heard.
    const SideTotals& sides() const { return m_sides; }

protected:
    virtual void begin_army(const army::Army&) {}
    virtual void begin_corps(const army::Army&, const army::Corps&) {}
    virtual void write_division(const army::Army& a, const army::Corps& k, const army::Division& d, const Totals& t) = 0;
    virtual void finish_corps(const army::Army&, const army::Corps&, const Totals&) {}
    virtual void finish_army(const army::Army&, const Totals&) {}

private:
    army::Army m_army;
    army::Corps m_corps;
    Totals m_army_total, m_corps_total;
    SideTotals m_sides;
};

}  // namespace muster::exporter
