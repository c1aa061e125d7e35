#pragma once
#include "core/words.hpp"

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace muster::json {

class Document;

/// A read-only view of one JSON value that knows its file and JSON path, so every
/// error it raises says where: `file: $.tables.brigades.blocks[0]: expected a string, found a number`.
class Value {
public:
    /// The JSON path of this value, e.g. `$.tables.brigades.blocks[0].rows[2]`.
    const std::string& path() const { return m_path; }
    /// Throws a FileError about this value.
    [[noreturn]] void fail(const std::string& reason) const;

    bool is_array() const;
    bool is_int() const;
    bool is_string() const;
    /// "an object", "a string", "a number"... for messages.
    std::string type_name() const;

    /// A required member of an object; refuses a non-object or a missing key.
    Value at(std::string_view key) const;
    /// An optional member of an object; refuses a non-object.
    std::optional<Value> find(std::string_view key) const;
    /// Refuses any member not named here (catches typos in hand-written files).
    void allow_only(std::initializer_list<std::string_view> keys) const;
    void allow_only(std::span<const std::string_view> keys) const;

    std::string as_string() const;
    /// An integer within [lo, hi], named in the error otherwise.
    int as_int(int lo, int hi) const;
    bool as_bool() const;
    /// One of muster's words, named in the error with every spelling otherwise.
    template <class E>
    E as_word() const {
        const auto text = as_string();
        if (auto w = find_word<E>(text)) return *w;
        fail("\"" + text + "\" is not a " + std::string(Vocabulary<E>::what) + ": expected " + spellings<E>());
    }
    /// The elements of an array (refuses a non-array).
    std::vector<Value> items() const;
    /// The members of an object in file order (refuses a non-object).
    std::vector<std::pair<std::string, Value>> members() const;

private:
    friend class Document;
    Value(const void* node, std::string path, const std::string* file)
        : m_node(node), m_path(std::move(path)), m_file(file) {}
    const void* m_node;
    std::string m_path;
    const std::string* m_file;
};

/// A parsed JSON text. Syntax errors are reported with line and column.
class Document {
public:
    /// Parses `text`; `file` names it in every error. Throws FileError.
    Document(std::string_view text, std::string file);
    ~Document();
    Document(Document&&) noexcept;
    Document& operator=(Document&&) noexcept;

    /// The top-level value, path `$`.
    Value root() const;
    const std::string& file() const { return m_file; }

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
    std::string m_file;
};

/// Reads a whole file as text, refusing a missing file or one larger than `max_bytes`.
std::string read_file(const std::string& path, size_t max_bytes);

}  // namespace muster::json
