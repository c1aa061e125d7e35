#include "app/catalog.hpp"

#include "app/paths.hpp"
#include "core/error.hpp"
#include "core/match.hpp"
#include "json/json.hpp"
#include "rules/load.hpp"

#include <algorithm>
#include <filesystem>

namespace muster::embedded {
const std::vector<std::pair<std::string_view, std::string_view>>& templates();
const std::vector<std::pair<std::string_view, std::string_view>>& names();
}

namespace muster::app {
namespace {

namespace fs = std::filesystem;

bool is_path(std::string_view name) {
    return name.find('/') != std::string_view::npos || (name.size() > 5 && name.substr(name.size() - 5) == ".json");
}

// Built-in templates are checked by the tests; loading one cannot fail in a released build.
std::vector<rules::RuleSet> load_builtins() {
    std::vector<rules::RuleSet> out;
    for (const auto& [file, text] : embedded::templates())
        out.push_back(rules::load_rule_set(text, "templates/" + std::string(file)));
    return out;
}

const std::vector<rules::RuleSet>& builtins() {
    static const std::vector<rules::RuleSet> all = load_builtins();
    return all;
}

}  // namespace

Catalog::Catalog(std::string user_dir) : m_user_dir(std::move(user_dir)) {}

std::vector<std::string> Catalog::user_files() const {
    std::vector<std::string> files;
    std::error_code ec;
    if (m_user_dir.empty() || !fs::is_directory(m_user_dir, ec)) return files;
    for (const auto& entry : fs::directory_iterator(m_user_dir, ec))
        if (entry.path().extension() == ".json") files.push_back(entry.path().string());
    std::sort(files.begin(), files.end());
    return files;
}

rules::RuleSet Catalog::validate(const std::string& file) {
    auto r = rules::load_rule_set_file(file);
    if (is_builtin(r.id)) throw Error(file + ": its id \"" + r.id + "\" is a built-in rule set's; give it another");
    return r;
}

bool Catalog::is_builtin(std::string_view id) {
    return std::any_of(builtins().begin(), builtins().end(), [&](const rules::RuleSet& b) { return b.id == id; });
}

std::vector<CatalogEntry> Catalog::list() const {
    std::vector<CatalogEntry> out;
    for (const auto& r : builtins()) out.push_back({r.id, r.name, "built in", ""});
    for (const auto& file : user_files()) {
        CatalogEntry e{fs::path(file).stem().string(), "", file, ""};
        try {
            const auto r = validate(file);
            e.id = r.id;
            e.name = r.name;
        } catch (const Error& err) {
            e.error = err.what();
        }
        out.push_back(e);
    }
    // Two files of one id: which one `--rules ID` took would be the files' order, unseen.
    const size_t first_user = builtins().size();
    std::vector<std::string> shared(out.size());
    for (size_t i = first_user; i < out.size(); ++i)
        for (size_t j = first_user; j < out.size(); ++j)
            if (i != j && out[i].error.empty() && out[j].error.empty() && out[i].id == out[j].id)
                shared[i] += (shared[i].empty() ? "" : ", ") + out[j].origin;
    for (size_t i = first_user; i < out.size(); ++i)
        if (!shared[i].empty()) out[i].error = "its id \"" + out[i].id + "\" is also that of " + shared[i] + "; give each its own";
    return out;
}

rules::RuleSet Catalog::load(std::string_view name) const {
    if (is_path(name)) return rules::load_rule_set_file(std::string(name));
    // A rule set's id is lower case: "AWI" is one only.
    for (const auto& r : builtins())
        if (same_ignoring_case(r.id, name)) return r;
    std::vector<std::string> known;
    for (const auto& e : list()) {
        if (same_ignoring_case(e.id, name) && e.origin != "built in") {
            if (!e.error.empty()) throw Error("rule set " + std::string(name) + " (" + e.origin + ") is refused: " + e.error);
            return rules::load_rule_set_file(e.origin);
        }
        if (e.error.empty()) known.push_back(e.id);
    }
    std::string list;
    for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
    throw UsageError("unknown rule set \"" + std::string(name) + "\" (known: " + list +
                     "; or give the path of a .json file)");
}

std::string Catalog::text(std::string_view name) const { return load(name).text; }

Catalog default_catalog() { return Catalog(data_dir() + "/rules"); }

const std::vector<generate::NameList>& leader_name_lists() {
    // Built-in lists are checked by the tests; reading one cannot fail in a released build.
    static const std::vector<generate::NameList> lists = [] {
        std::vector<generate::NameList> out;
        for (const auto& [file, text] : embedded::names()) out.push_back(generate::parse_name_list("assets/names/" + std::string(file), text));
        std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.file < b.file; });
        return out;
    }();
    return lists;
}

}  // namespace muster::app
