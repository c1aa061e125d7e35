#include "model_reader.hpp"

#include <chrono>
#include <exception>
#include <utility>

namespace muster::gui {
namespace {

template <class T>
bool ready(const std::future<T>& f) {
    return f.valid() && f.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
}

}  // namespace

ModelReader::~ModelReader() { wait_all(); }

// The reader is not closed under a read or a look.
void ModelReader::wait_all() {
    if (m_loading.valid()) m_loading.wait();
    if (m_looking.valid()) m_looking.wait();
    m_loading = {};
    m_looking = {};
}

void ModelReader::open(const std::string& path) {
    wait_all();
    m_reader.reset();
    if (!path.empty()) m_reader = std::make_unique<app::Session>(path, app::Open::existing);
    // Nothing of the file shown before stays on screen.
    m_model = {};
    m_read_once = !m_reader;
    ++m_revision;
    m_stale = true;
}

// The one place the panels' campaign is read: in one read transaction, after a change, on a
// worker thread through the reader's own connection (SQLite in WAL mode: the writer is not held).
void ModelReader::reload(double now) {
    if (m_loading.valid()) return;  // one read at a time: a change meanwhile reads again after it
    m_stale = false;
    if (!m_reader) {
        m_model = {};
        ++m_revision;
        return;
    }
    // The reader does one thing at a time; this read supersedes a look under way.
    if (m_looking.valid()) m_looking.wait();
    m_looking = {};
    m_load_started = now;
    m_loading = std::async(std::launch::async, [reader = m_reader.get()] { return app::load_model(*reader); });
}

// The model read on the worker, once it is there (or, `wait`, when it is).
std::string ModelReader::take(bool wait, double now) {
    if (!m_loading.valid() || (!wait && !ready(m_loading))) return {};
    try {
        // The model shown until now is freed on a worker: at 5,000 divisions that is thousands
        // of allocations a frame need not wait for.
        auto old = std::exchange(m_model, m_loading.get());
        m_retired = std::async(std::launch::async, [old = std::move(old)]() mutable { old = {}; });
        m_read_once = true;
        ++m_revision;
        return {};
    } catch (const std::exception& e) {
        // The file cannot be read now (busy, damaged): keep showing what was read last, say
        // why, and try again in a second.
        m_stale = true;
        m_retry_at = now + 1.0;
        return e.what();
    }
}

// The windows show the campaign as of one journal entry. Once a second the reader asks, on a
// worker, for the newest: another muster (the CLI, another GUI) may have written since; if so,
// the model is read anew. The answer is taken in a later frame; none is asked while the model
// is being read (that read shows the change).
void ModelReader::look(double now) {
    if (!m_reader || !m_model.current) return;
    if (m_looking.valid()) {
        if (!ready(m_looking)) return;
        try {
            if (m_looking.get() != m_model.revision && !m_stale && !m_loading.valid()) {
                m_noticed = true;
                m_stale = true;
            }
        } catch (const std::exception&) {
            // The file is busy: look again next second.
        }
        return;
    }
    if ((m_last_look >= 0 && now - m_last_look < 1.0) || m_loading.valid()) return;
    m_last_look = now;
    m_looking = std::async(std::launch::async, [reader = m_reader.get()] { return reader->last_operation(); });
}

std::string ModelReader::poll(double now) {
    look(now);
    if (m_stale && now >= m_retry_at) reload(now);
    return take(false, now);
}

std::string ModelReader::settle(double now) {
    if (m_stale && now >= m_retry_at) reload(now);
    return take(true, now);
}

}  // namespace muster::gui
