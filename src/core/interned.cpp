#include "core/interned.hpp"

#include <array>
#include <mutex>
#include <set>

namespace muster {
namespace {

// Every text interned, for the process's life (a set's nodes stay where they are).
struct Pool {
    std::mutex lock;
    std::set<std::string, std::less<>> texts;
};

Pool& pool() {
    static Pool* p = new Pool;  // never destroyed: records read at exit still point into it
    return *p;
}

}  // namespace

const std::string& Interned::none() {
    static const std::string* empty = [] {
        auto& p = pool();
        const std::lock_guard guard(p.lock);  // another thread may be interning a word
        return &*p.texts.emplace().first;
    }();
    return *empty;
}

Interned::Interned(std::string_view text) {
    // The words a thread met last, looked up without the lock: a rule set has few, and a
    // campaign's rows repeat them in every brigade and leader.
    struct Met {
        std::string_view text;
        const std::string* at = nullptr;
    };
    thread_local std::array<Met, 32> met;
    thread_local std::size_t next = 0;
    for (const auto& m : met)
        if (m.at && m.text == text) {
            m_text = m.at;
            return;
        }
    auto& p = pool();
    {
        const std::lock_guard guard(p.lock);
        auto it = p.texts.find(text);
        if (it == p.texts.end()) it = p.texts.emplace(text).first;
        m_text = &*it;
    }
    met[next] = {*m_text, m_text};
    next = (next + 1) % met.size();
}

}  // namespace muster
