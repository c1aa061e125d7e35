#include "app/files.hpp"

#include "core/error.hpp"
#include "db/store.hpp"

#include <cerrno>
#include <fcntl.h>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <signal.h>
#include <unistd.h>

namespace muster::app {

namespace {

// Whether the regular file at `path` begins with `magic`.
bool begins_with(const std::string& path, std::string_view magic) {
    std::ifstream in(path, std::ios::binary);
    std::string head(magic.size(), '\0');
    return in.read(head.data(), static_cast<std::streamsize>(head.size())) && head == magic;
}

bool is_database(const std::string& path) { return begins_with(path, std::string_view("SQLite format 3\0", 16)); }

// A database, its write-ahead log, or the log, index or rollback journal beside one: a campaign
// (any, the open one above all) or part of one. An export written over it would destroy it. One
// this process holds open is known without reading it, which would drop the process's locks.
bool campaign_part(const std::string& path) {
    if (db::held_open(path)) return true;
    if (is_database(path) || begins_with(path, "\x37\x7f\x06\x82") || begins_with(path, "\x37\x7f\x06\x83")) return true;
    const auto database = db::database_beside(path);
    return database && is_database(*database);
}

constexpr std::uintmax_t k_send_every = 2u << 20;

// Writes all of `piece`, through interruptions and short writes.
bool write_all(int fd, std::string_view piece) {
    while (!piece.empty()) {
        const auto n = ::write(fd, piece.data(), piece.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        piece.remove_prefix(static_cast<size_t>(n));
    }
    return true;
}

// Starts writing a range of the file out to disk, waiting for none of it: a hint, whose failure
// changes nothing (a write error shows at close, as without it).
void send_to_disk(int fd, std::uintmax_t from, std::uintmax_t bytes) {
#ifdef __linux__
    ::sync_file_range(fd, static_cast<off_t>(from), static_cast<off_t>(bytes), SYNC_FILE_RANGE_WRITE);
#else
    (void)fd, (void)from, (void)bytes;
#endif
}

}  // namespace

std::string part_of(const std::string& stem) {
    namespace fs = std::filesystem;
    const fs::path p(stem);
    const auto folder = p.has_parent_path() ? p.parent_path() : fs::path(".");
    const auto prefix = p.filename().string() + ".part-";
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        const auto name = it->path().filename().string();
        if (name.rfind(prefix, 0) != 0) continue;
        const auto digits = name.substr(prefix.size());
        if (digits.empty() || digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos) continue;
        const auto pid = static_cast<pid_t>(std::stol(digits));
        // Gone from this machine, and untouched for a while: a write on another machine sharing
        // the folder (its process is not here) still grows its part.
        std::error_code ignored;
        const auto touched = fs::last_write_time(it->path(), ignored);
        if (ignored || fs::file_time_type::clock::now() - touched < std::chrono::minutes(10)) continue;
        if (pid != ::getpid() && ::kill(pid, 0) != 0 && errno == ESRCH) fs::remove_all(it->path(), ignored);
    }
    return stem + ".part-" + std::to_string(::getpid());
}

void require_no_campaign_part(const std::string& path) {
    namespace fs = std::filesystem;
    if (!campaign_part(path)) return;
    std::error_code ec;
    throw Error(path + (fs::exists(fs::symlink_status(path, ec)) ? ": is a campaign database (or part of one): muster does not write over it"
                                                                : ": is where the campaign database beside it keeps its log or journal: muster does not write there") +
                "; give another file name; nothing was written");
}

std::uintmax_t write_file(const std::string& path, const Producer& produce) {
    namespace fs = std::filesystem;
    if (path.empty()) throw UsageError("the file to write is empty: give its name");
    std::error_code ec;
    const auto folder = fs::path(path).parent_path();
    if (!folder.empty() && !fs::is_directory(folder, ec)) throw Error(path + ": the folder " + folder.string() + " does not exist");
    if (fs::is_directory(path, ec)) throw Error(path + ": is a folder; give a file name");
    // Only a new file or a regular one is replaced: never a link, a device or a pipe.
    const auto status = fs::symlink_status(path, ec);
    if (!ec && fs::exists(status) && !fs::is_regular_file(status))
        throw Error(path + ": is " +
                    (fs::is_symlink(status)        ? std::string("a symbolic link; give the file it points to")
                     : fs::is_fifo(status)         ? std::string("a pipe or FIFO")
                     : fs::is_character_file(status) || fs::is_block_file(status) ? std::string("a device")
                                                                                   : std::string("not a regular file")) +
                    ": muster writes only a new file or replaces a regular one; nothing was written");
    require_no_campaign_part(path);
    // Written unnamed in its folder where the file system can (O_TMPFILE), and named only once
    // whole, so a muster killed while writing leaves nothing; elsewhere (or with no /proc to
    // name it through) as the part of this process, which the next write removes once it is old.
    const std::string temp = part_of(path);
    int fd = -1;
    if (::access("/proc/self/fd", X_OK) == 0)
        fd = ::open(folder.empty() ? "." : folder.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
    const bool unnamed = fd >= 0;
    if (!unnamed) fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) throw Error(path + ": cannot write here (" + std::strerror(errno) + ")");
    std::uintmax_t written = 0, sent = 0;
    const auto failed = [&] { return Error(path + ": writing failed (is the disk full?); nothing was written"); };
    try {
        produce([&](std::string_view piece) {
            if (!write_all(fd, piece)) throw failed();
            written += piece.size();
            // Each 2 MB written is sent to disk as the rest is made. ext4 writes out a file
            // renamed over another before the rename returns: a big export replacing the last
            // one paid for all of it after its last byte (20 ms for 26 MB), not while it walked.
            if (written - sent >= k_send_every) {
                send_to_disk(fd, sent, written - sent);
                sent = written;
            }
        });
    } catch (...) {
        ::close(fd);
        if (!unnamed) fs::remove(temp, ec);
        throw;
    }
    if (unnamed && ::linkat(AT_FDCWD, ("/proc/self/fd/" + std::to_string(fd)).c_str(), AT_FDCWD, temp.c_str(), AT_SYMLINK_FOLLOW) != 0) {
        const std::string why = std::strerror(errno);
        ::close(fd);
        throw Error(path + ": cannot put the file in place (" + why + "); nothing was written");
    }
    if (::close(fd) != 0) {
        fs::remove(temp, ec);
        throw failed();
    }
    fs::rename(temp, path, ec);
    if (ec) {
        fs::remove(temp, ec);
        throw Error(path + ": cannot put the file in place (" + ec.message() + ")");
    }
    return written;
}

std::uintmax_t write_file(const std::string& path, std::string_view content) {
    return write_file(path, [&](const Sink& out) { out(content); });
}

std::uintmax_t write_new_file(const std::string& path, std::string_view content) {
    std::error_code ec;
    if (std::filesystem::exists(std::filesystem::symlink_status(path, ec)))
        throw Error(path + ": something is there already (a file, a folder or a link); muster will not overwrite it");
    return write_file(path, content);
}

}  // namespace muster::app
