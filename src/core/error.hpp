#pragma once
#include <stdexcept>
#include <string>

namespace muster {

/// An error fit to show the user: names the thing, the value and what was expected.
class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// The user asked for something malformed (exit code 2 at the CLI).
class UsageError : public Error {
public:
    using Error::Error;
};

/// A file (rule set, import, report) that is not what muster expects; says where.
class FileError : public Error {
public:
    /// `file: path: reason`, path being a JSON path such as `$.tables.brigades.blocks[0]`.
    FileError(const std::string& file, const std::string& path, const std::string& reason)
        : Error(file + ": " + (path.empty() ? "" : path + ": ") + reason) {}
};

}  // namespace muster
