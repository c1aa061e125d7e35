#include "app/files.hpp"

#include "core/error.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace muster::app {

void write_file(const std::string& path, const std::string& content) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto folder = fs::path(path).parent_path();
    if (!folder.empty() && !fs::is_directory(folder, ec)) throw Error(path + ": the folder " + folder.string() + " does not exist");
    if (fs::is_directory(path, ec)) throw Error(path + ": is a folder; give a file name");
    const std::string temp = path + ".part-" + std::to_string(::getpid());
    {
        std::ofstream out(temp, std::ios::binary | std::ios::trunc);
        if (!out) throw Error(path + ": cannot write here (" + std::strerror(errno) + ")");
        out.write(content.data(), static_cast<std::streamsize>(content.size()));
        out.close();
        if (!out) {
            fs::remove(temp, ec);
            throw Error(path + ": writing failed (is the disk full?); nothing was written");
        }
    }
    fs::rename(temp, path, ec);
    if (ec) {
        fs::remove(temp, ec);
        throw Error(path + ": cannot put the file in place (" + ec.message() + ")");
    }
}

}  // namespace muster::app
