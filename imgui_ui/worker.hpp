#pragma once
// Long work on a worker thread (an export written, the odds worked out): the frames go on
// while it runs, and its panel and the status bar show it under way and how far it has got.
#include "core/words.hpp"

#include <atomic>
#include <cstdint>
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <string>

namespace muster::gui {

class Window;

/// One piece of long work under way.
struct Work {
    /// What runs on the worker: it counts what it has done in `done` (bytes written), and
    /// gives back what to do on the main thread when it is over (show the result).
    using Job = std::function<std::function<void()>(std::atomic<std::uint64_t>& done)>;
    std::string what;  ///< "Writing oob.pdf"
    Window* window;    ///< where its result, or why it failed, is shown
    View viewer;       ///< the view it was started in: another is not told how far it got
    double started = 0;
    std::shared_ptr<std::atomic<std::uint64_t>> done;
    std::future<std::function<void()>> landing;
};

/// One piece of work at a time.
class Worker {
public:
    ~Worker() { wait(); }
    /// Starts work for a panel (refused while another runs). The panel's note and error are cleared.
    void start(Window& window, std::string what, const View& viewer, double now, Work::Job job);
    /// Shows the result in its panel once the work is over (or, `wait`, when it is); in a view
    /// other than the one it started in, says only that it is done.
    void land(bool wait, const View& viewer);
    /// Waits for the work under way without landing it (closing).
    void wait();
    const Work* work() const { return m_work ? &*m_work : nullptr; }
    /// "Writing oob.pdf / 1.2 MB, 3.1 s": what it is, how far it has got (in its own view), how long.
    std::string line(const View& viewer, double now) const;

private:
    std::optional<Work> m_work;
};

/// A turning bar: long work is under way.
char spin(double now);

}  // namespace muster::gui
