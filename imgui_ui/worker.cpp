#include "worker.hpp"

#include "core/error.hpp"
#include "test_hooks.hpp"
#include "window.hpp"

#include <chrono>
#include <cstdio>

namespace muster::gui {

char spin(double now) { return "|/-\\"[static_cast<int>(now * 8) % 4]; }

void Worker::start(Window& window, std::string what, const View& viewer, double now, Work::Job job) {
    if (m_work) throw UsageError(m_work->what + " is still under way: wait for it before starting more");
    window.note.clear();
    window.error.clear();
    auto done = std::make_shared<std::atomic<std::uint64_t>>(0);
    auto landing = std::async(std::launch::async, [job = std::move(job), done] {
        wait_while_work_held();
        return job(*done);
    });
    m_work = Work{std::move(what), &window, viewer, now, std::move(done), std::move(landing)};
}

void Worker::land(bool wait, const View& viewer) {
    if (!m_work) return;
    if (!wait && m_work->landing.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
    Work work = std::move(*m_work);
    m_work.reset();
    try {
        work.landing.get()();
    } catch (const std::exception& e) {
        work.window->error = e.what();
    }
    // What it wrote (its size says how much there is) is not told to a view it was not started in.
    if (!(work.viewer == viewer)) {
        work.window->note = work.what + ": done, in the view it was started in";
        work.window->error.clear();
    }
}

void Worker::wait() {
    if (m_work) m_work->landing.wait();
}

std::string Worker::line(const View& viewer, double now) const {
    const double bytes = m_work->viewer == viewer ? static_cast<double>(m_work->done->load()) : 0, seconds = now - m_work->started;
    char line[64];
    if (bytes >= 1 << 20) std::snprintf(line, sizeof line, " %c %.1f MB, %.1f s", spin(now), bytes / (1 << 20), seconds);
    else if (bytes > 0) std::snprintf(line, sizeof line, " %c %.0f KB, %.1f s", spin(now), bytes / (1 << 10), seconds);
    else std::snprintf(line, sizeof line, " %c %.1f s", spin(now), seconds);
    return m_work->what + line;
}

}  // namespace muster::gui
