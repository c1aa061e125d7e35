#pragma once
#include <stdexcept>
#include <string>

namespace muster {

/// An error fit to show the user: names the thing, the value and what was expected.
class Error : public std::runtime_error {
public:
    /// A NUL in the message (a damaged name listed whole) is written \x00, as names are shown:
    /// what() is read up to the first, and would end the message there.
    explicit Error(std::string message) : std::runtime_error(whole(std::move(message))) {}
    explicit Error(const char* message) : std::runtime_error(message) {}

private:
    static std::string whole(std::string message) {
        for (auto at = message.find('\0'); at != std::string::npos; at = message.find('\0', at + 4)) message.replace(at, 1, "\\x00");
        return message;
    }
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

/// A change refused because another muster changed the campaign since this one looked: the
/// front end shows the campaign as it is now and the organiser does it again.
class StaleError : public Error {
public:
    using Error::Error;
};

/// The database is locked by another muster writing to it for longer than the wait allowed.
class BusyError : public Error {
public:
    using Error::Error;
};

/// The campaign file holds what muster never writes (a reference to a missing row, a value
/// out of its kind): said as such, pointing at `muster check`. Work of several operations
/// stops whole on it, where another refusal stops only the one operation.
class Damaged : public Error {
public:
    explicit Damaged(const std::string& what) : Error("the campaign database is damaged: " + what) {}
    /// The same, naming the file it was found in (once: a read inside another names it only once).
    static Damaged in(const std::string& file, const Damaged& damage) {
        const std::string what = damage.what();
        return Damaged(what.rfind(file + ": ", 0) == 0 ? what : file + ": " + what, 0);
    }
    /// The same, said of the thing it was found in: "...damaged: brigade row 12: column stands holds -3".
    static Damaged of(const std::string& thing, const Damaged& damage) {
        const std::string what = damage.what(), head = "the campaign database is damaged: ";
        return what.rfind(head, 0) == 0 ? Damaged(thing + ": " + what.substr(head.size())) : damage;
    }

private:
    Damaged(const std::string& message, int) : Error(message) {}
};

/// What the organiser named does not exist (no division, brigade, camp... of that name).
class NotFoundError : public UsageError {
public:
    using UsageError::UsageError;
};

}  // namespace muster
