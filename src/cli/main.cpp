#include "app/session.hpp"
#include "cli/cli.hpp"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <iostream>
#include <streambuf>
#include <unistd.h>

namespace {

// Standard output, written with write(2) so that a failure keeps its reason: a full disk, a
// reader that went away. After one, nothing more is written.
class StandardOutput : public std::streambuf {
public:
    StandardOutput() { setp(m_buffer, m_buffer + sizeof m_buffer); }
    int error() const { return m_error; }

protected:
    // At a terminal, each line as it comes (a prompt for dice may follow it).
    std::streamsize xsputn(const char* s, std::streamsize n) override {
        const auto put = std::streambuf::xsputn(s, n);
        if (m_terminal) sync();
        return put;
    }
    int_type overflow(int_type c) override {
        if (sync() != 0) return traits_type::eof();
        if (!traits_type::eq_int_type(c, traits_type::eof())) sputc(traits_type::to_char_type(c));
        return traits_type::not_eof(c);
    }
    int sync() override {
        for (const char* at = pbase(); at < pptr() && !m_error;) {
            const ssize_t n = ::write(STDOUT_FILENO, at, static_cast<size_t>(pptr() - at));
            if (n > 0) at += n;
            else if (n < 0 && errno != EINTR) m_error = errno;
        }
        setp(m_buffer, m_buffer + sizeof m_buffer);
        return m_error ? -1 : 0;
    }

private:
    char m_buffer[1 << 16];
    int m_error = 0;
    bool m_terminal = ::isatty(STDOUT_FILENO) == 1;
};

}  // namespace

int main(int argc, char** argv) {
    // A reader that went away (`muster oob | head -1`) is an output that could not be written,
    // said as such with exit 1, not a death by signal.
    std::signal(SIGPIPE, SIG_IGN);
    // A file grown past the size limit (ulimit -f) is a write that failed (EFBIG): SQLite rolls
    // the operation back and muster says so, not a death by signal halfway through.
    std::signal(SIGXFSZ, SIG_IGN);
    muster::app::sessions_one_thread_each();
    StandardOutput buffer;
    std::ostream out(&buffer);
    const int code = muster::cli::run(argc, argv, out, std::cerr);
    out.flush();
    if (buffer.error()) {
        std::cerr << "muster: cannot write to standard output: " << std::strerror(buffer.error()) << " (what was written is incomplete)\n";
        return code == 0 ? 1 : code;
    }
    return code;
}
