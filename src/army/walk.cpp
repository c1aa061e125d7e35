#include "army/walk.hpp"

#include <array>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>

namespace muster::army {
namespace {

// The writer failed: the walk unwinds from where it stands.
struct Stopped {};

// The walk's side of walk_beside: each unit it hears is copied into the next free slot of a
// ring, which the writer's side empties in order. Each side wakes the other only when it waits,
// and the writer waits for a batch of units, not one: a wake costs the processor a switch of
// threads, more than a unit costs to copy.
class Handover final : public OobVisitor {
public:
    explicit Handover(const OobVisitor& writer) : m_writer(writer) {}

    void army(const Army& a) override { claim(Kind::army).army = a; publish(); }
    void corps(const Corps& k) override { claim(Kind::corps).corps = k; publish(); }
    void division(const Division& d) override { claim(Kind::division).division = d; publish(); }
    // Swapped into its slot, not copied: the walk is given back the slot's last, to fill anew.
    void take_division(Division& d) override {
        std::swap(claim(Kind::division).division, d);
        publish();
    }
    void end_corps() override { claim(Kind::end_corps); publish(); }
    void end_army() override { claim(Kind::end_army); publish(); }
    bool reads_hidden_contents(const Army& a) const override { return m_writer.reads_hidden_contents(a); }

    // The walk has ended, failed if `failed`.
    void close(std::exception_ptr failed) {
        {
            const std::lock_guard l(m_lock);
            m_closed = true;
            m_failed = std::move(failed);
        }
        m_ready.notify_one();
    }
    // The writer failed: the walk stops at the next unit it hears.
    void stop() {
        {
            const std::lock_guard l(m_lock);
            m_stopped = true;
        }
        m_room.notify_one();
    }
    // Hands `v` each unit in the order walked until the walk ends; throws the walk's failure.
    void drain(OobVisitor& v) {
        for (;;) {
            size_t ready = 0;
            {
                std::unique_lock l(m_lock);
                m_writer_waits = true;
                m_ready.wait(l, [&] { return m_count >= k_batch || m_closed; });
                m_writer_waits = false;
                ready = m_count;
            }
            if (ready == 0) break;
            // Outside the lock, while the walk fills the slots after them.
            for (size_t i = 0; i < ready; ++i) {
                Slot& s = m_slots[(m_head + i) % m_slots.size()];
                switch (s.kind) {
                    case Kind::army: v.army(s.army); break;
                    case Kind::corps: v.corps(s.corps); break;
                    case Kind::division: v.division(s.division); break;
                    case Kind::end_corps: v.end_corps(); break;
                    case Kind::end_army: v.end_army(); break;
                }
            }
            bool wake = false;
            {
                const std::lock_guard l(m_lock);
                m_head = (m_head + ready) % m_slots.size();
                m_count -= ready;
                wake = m_walk_waits;
            }
            if (wake) m_room.notify_one();
        }
        if (m_failed) std::rethrow_exception(m_failed);
    }

private:
    static constexpr size_t k_batch = 64;
    enum class Kind { army, corps, division, end_corps, end_army };
    struct Slot {
        Kind kind = Kind::army;
        Army army;
        Corps corps;
        Division division;
    };
    // The next free slot, once there is one: not yet the writer's until published.
    Slot& claim(Kind kind) {
        std::unique_lock l(m_lock);
        m_walk_waits = true;
        m_room.wait(l, [&] { return m_count < m_slots.size() || m_stopped; });
        m_walk_waits = false;
        if (m_stopped) throw Stopped{};
        Slot& s = m_slots[(m_head + m_count) % m_slots.size()];
        s.kind = kind;
        return s;
    }
    void publish() {
        bool wake = false;
        {
            const std::lock_guard l(m_lock);
            ++m_count;
            wake = m_writer_waits && m_count >= k_batch;
        }
        if (wake) m_ready.notify_one();
    }

    const OobVisitor& m_writer;
    std::array<Slot, 4 * k_batch> m_slots;
    size_t m_head = 0, m_count = 0;
    bool m_writer_waits = false, m_walk_waits = false, m_closed = false, m_stopped = false;
    std::exception_ptr m_failed;
    std::mutex m_lock;
    std::condition_variable m_ready, m_room;
};

}  // namespace

void walk(const OrderOfBattle& oob, OobVisitor& v) {
    for (const auto& a : oob.armies) {
        v.army({a.id, a.name, a.side, a.commander, {}, a.reserve});
        for (const auto& k : a.corps) {
            v.corps({k.id, k.name, k.commander, {}, k.reserve});
            for (const auto& d : k.divisions) v.division(d);
            v.end_corps();
        }
        v.end_army();
    }
}

void walk_beside(const std::function<void(OobVisitor&)>& walk, OobVisitor& v) {
    Handover handover(v);
    std::thread walker;
    try {
        walker = std::thread([&] {
            std::exception_ptr failed;
            try {
                walk(handover);
            } catch (const Stopped&) {
            } catch (...) {
                failed = std::current_exception();
            }
            handover.close(std::move(failed));
        });
    } catch (const std::system_error&) {
        walk(v);  // no thread to be had (a process at its limit): one after the other
        return;
    }
    try {
        handover.drain(v);
    } catch (...) {
        handover.stop();
        walker.join();
        throw;
    }
    walker.join();
}

OobSource OobSource::of(const OrderOfBattle& oob) {
    return {oob.campaign, oob.view, [&oob](OobVisitor& v) { army::walk(oob, v); }};
}

void OobCollector::army(const Army& a) { m_oob.armies.push_back(a); }
void OobCollector::corps(const Corps& k) { m_oob.armies.back().corps.push_back(k); }
void OobCollector::division(const Division& d) { m_oob.armies.back().corps.back().divisions.push_back(d); }

void OutlineCollector::division(const Division& d) {
    m_lines.push_back({d.id, d.name, 2});
    for (const auto& b : d.brigades) m_lines.push_back({b.id, b.name, 3, b.stands});
}

}  // namespace muster::army
