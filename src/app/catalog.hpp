#pragma once
#include "generate/leader_names.hpp"
#include "rules/rule_set.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace muster::app {

/// One rule set muster can offer.
struct CatalogEntry {
    std::string id;
    std::string name;
    std::string origin;  ///< "built in" or the file's path
    std::string error;   ///< why an organiser's file was refused; empty when it loads
};

/// The rule sets on offer: the templates built into muster, and the organiser's own
/// files in `<data dir>/rules/*.json`.
class Catalog {
public:
    /// `user_dir` may be empty or missing: then only the built-in templates are offered.
    explicit Catalog(std::string user_dir);
    /// Every rule set, built-in first; an organiser's file that does not load is listed with its error.
    std::vector<CatalogEntry> list() const;
    /// An organiser's rule set file, loaded and checked as list() checks it: refused (Error) where
    /// it does not load or its id is a built-in rule set's.
    static rules::RuleSet validate(const std::string& file);
    /// Whether `id` is a built-in rule set's (a file of that id is taken by a campaign, a sample of
    /// it too, but not among the organiser's rule sets).
    static bool is_builtin(std::string_view id);
    /// Loads a rule set by id, or by path when `name` ends in .json or holds a '/'.
    rules::RuleSet load(std::string_view name) const;
    /// The JSON text of a rule set (to copy a template and edit it).
    std::string text(std::string_view name) const;

private:
    std::vector<std::string> user_files() const;
    std::string m_user_dir;
};

/// The catalog over the user's data directory.
Catalog default_catalog();

/// muster's lists of leader names (assets/names, built in), in file order.
const std::vector<generate::NameList>& leader_name_lists();

}  // namespace muster::app
