// An order of battle from a spreadsheet (CSV): muster's own CSV export, or another's columns
// mapped onto muster's. The rows become a muster-oob/1 document, read by the same reader as a
// JSON file (app/oob_import.cpp), so the same checks and refusals apply; a refusal names the row
// and the column of the spreadsheet it comes from.
#include "app/oob_import.hpp"

#include "core/error.hpp"
#include "core/match.hpp"
#include "core/names.hpp"
#include "core/text.hpp"
#include "export/oob.hpp"
#include "json/json.hpp"

#include <algorithm>
#include <charconv>
#include <list>
#include <map>

namespace muster::app {
namespace {

// A cell as written: muster's export puts an apostrophe before what a spreadsheet would take
// for a formula ('=..., '-..., '+..., '@...), or before an apostrophe of the text's own ('');
// it is taken off again.
std::string cell_text(std::string_view raw) {
    const auto t = trim(raw);
    if (t.size() > 1 && t.front() == '\'' && std::string_view("=+-@\t\r'").find(t[1]) != std::string_view::npos) return std::string(t.substr(1));
    return std::string(t);
}

// The character a sheet's fields are split at: of a comma, a semicolon (a spreadsheet saved
// where the comma is the decimal point) and a tab (tab-separated text), the one its first row
// that is not blank holds most of outside quotes; a comma where it holds none.
char separator_of(std::string_view text) {
    std::map<char, int> count{{',', 0}, {';', 0}, {'\t', 0}};
    bool quoted = false, any = false;
    for (const char c : text) {
        if (c == '"') quoted = !quoted;
        else if (!quoted && (c == '\n' || c == '\r')) {
            if (any) break;  // the first row that holds anything is read
        } else if (!quoted && count.count(c)) ++count[c];
        any = any || (!quoted && c != '\n' && c != '\r');
    }
    char best = ',';
    for (const char c : {';', '\t'})
        if (count[c] > count[best]) best = c;
    return best;
}

// RFC 4180, as spreadsheets write it: fields split at commas (or the separator the first row
// shows) outside quotes, records at CRLF, LF or CR alone outside quotes, doubled quotes inside
// a quoted field read as one; a UTF-8 byte order mark at the start skipped; a row of empty or
// blank fields skipped, as a blank line is. Each record with its row in the sheet (blank ones counted,
// a cell's line breaks not).
struct CsvRecord {
    int row = 0;
    std::vector<std::string> fields;
};

// The most fields a row may have: muster's own sheet has 37 columns; a row of millions of empty
// fields would take some forty bytes of memory for each byte of the file before it was refused.
constexpr size_t k_max_fields = 1000;

std::vector<CsvRecord> csv_records(std::string_view text, const std::string& file) {
    if (const auto wide = wide_encoding(text); !wide.empty())
        throw FileError(file, "", "the file is written in " + wide + ", not UTF-8 (as a spreadsheet's \"Unicode text\" is): save the sheet as \"CSV UTF-8 "
                                  "(comma delimited)\" (LibreOffice: Text CSV, character set Unicode (UTF-8)), or convert it with iconv -f " + wide + " -t UTF-8");
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    const char separator = separator_of(text);
    std::vector<CsvRecord> out;
    CsvRecord record{1, {}};
    std::string field;
    bool quoted = false, was_quoted = false;
    const auto here = [&] { return "row " + std::to_string(record.row); };
    const auto end_field = [&] {
        // Named by its row and column here: the JSON reader behind would say only that some
        // string is badly encoded.
        if (const auto problem = utf8_problem(field); !problem.empty()) {
            const auto column = record.fields.size();
            throw FileError(file, here() + ", column " +
                                      (!out.empty() && column < out.front().fields.size() ? "\"" + visible(cell_text(out.front().fields[column])) + "\""
                                                                                          : std::to_string(column + 1)),
                            "\"" + visible(field.substr(0, 60)) + (field.size() > 60 ? "...\"" : "\"") + ": " + problem +
                                " (save the sheet as CSV UTF-8: a spreadsheet's plain CSV is in the computer's own encoding)");
        }
        if (record.fields.size() == k_max_fields)
            throw FileError(file, here(), "more than " + std::to_string(k_max_fields) + " fields: no sheet of muster's has as many columns (is it a spreadsheet?)");
        record.fields.push_back(std::exchange(field, {}));
        was_quoted = false;
    };
    const auto end_record = [&] {
        end_field();
        const int next = record.row + 1;
        if (!std::all_of(record.fields.begin(), record.fields.end(), [](const std::string& f) { return trim(f).empty(); }))
            out.push_back(std::move(record));  // not a blank line, nor a row of empty (or blank) fields
        record = {next, {}};
    };
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') field += text[++i];
            else if (c == '"') quoted = false;
            else field += c;
        } else if (c == '"') {
            if (!field.empty() || was_quoted) throw FileError(file, here(), "a quote inside a field that does not begin with one");
            quoted = was_quoted = true;
        } else if (c == separator) {
            end_field();
        } else if (c == '\n' || c == '\r') {  // a line ends in LF, CR LF, or CR alone (an old Mac's spreadsheet)
            if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
            end_record();
        } else {
            if (was_quoted) throw FileError(file, here(), "text after a quoted field's closing quote");
            field += c;
        }
    }
    if (quoted) throw FileError(file, here(), "a quoted field is never closed");
    if (!field.empty() || !record.fields.empty()) end_record();
    // A row of one field holding another separator, under a header of many: saved with another
    // separator than the header's, which would read as a row of empty cells.
    const auto name = [](char c) { return c == '\t' ? std::string("tabs") : c == ';' ? std::string("semicolons") : std::string("commas"); };
    for (size_t r = 1; r < out.size(); ++r)
        if (out[r].fields.size() == 1 && out.front().fields.size() > 1)
            for (const char other : {',', ';', '\t'})
                if (other != separator && out[r].fields.front().find(other) != std::string::npos)
                    throw FileError(file, "row " + std::to_string(out[r].row),
                                    "its fields are split by " + name(other) + ", the header's by " + name(separator) + ": save the sheet with one separator");
    return out;
}

// A JSON value being built, each part remembering the row and column of the spreadsheet it came
// from, so that the reader's JSON paths can be told as rows and columns.
struct Node {
    std::string scalar;  // JSON text of a string, number or boolean; empty: an object or array
    bool array = false;
    std::list<std::pair<std::string, Node>> members;  // an object's (an array's: keys empty); a list: what is added never moves
    int row = 0;
    const std::string* column = nullptr;  // the spreadsheet's own header (the Sheet's, which outlives it)
    Node& add(const std::string& key, Node node) {
        members.emplace_back(key, std::move(node));
        return members.back().second;
    }
    Node* find(const std::string& key) {
        for (auto& [k, v] : members)
            if (k == key) return &v;
        return nullptr;
    }
    const Node* find(const std::string& key) const { return const_cast<Node*>(this)->find(key); }
};

void write(const Node& n, std::string& out) {
    if (!n.scalar.empty()) {
        out += n.scalar;
        return;
    }
    out += n.array ? "[" : "{";
    size_t i = 0;
    for (const auto& [key, value] : n.members) {
        if (i) out += ",";
        if (!n.array) out += json_string(key) + ":";
        write(value, out);
        ++i;
    }
    out += n.array ? "]" : "}";
}

class Sheet {
public:
    Sheet(const std::string& file, const std::vector<CsvRecord>& records, const std::map<std::string, std::string>& columns,
          std::string default_arm)
        : m_file(file), m_records(records), m_default_arm(std::move(default_arm)) {
        if (records.empty()) throw FileError(file, "", "it is empty: expected a header row, then a row per unit");
        const auto& header = records.front().fields;
        m_header.resize(header.size());
        std::map<std::string, std::string> ours;  // the file's header -> muster's column
        for (const auto& h : header) {
            const auto name = cell_text(h);
            std::string lower = name;
            std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
            ours[name] = columns.count(name) ? columns.at(name) : lower;  // muster's own names in any case ("Side")
        }
        for (const auto& [theirs, _] : columns)
            if (!ours.count(theirs))
                throw UsageError("--columns maps \"" + visible(theirs) + "\", which " + visible(file) + " has no column of (its columns: " +
                                 visible(join(header, ", ")) + ")");
        for (size_t i = 0; i < header.size(); ++i) {
            const auto& name = ours.at(cell_text(header[i]));
            if (std::find(std::begin(exporter::k_oob_csv_columns), std::end(exporter::k_oob_csv_columns), name) ==
                    std::end(exporter::k_oob_csv_columns) &&
                std::find(std::begin(exporter::k_oob_csv_provenance), std::end(exporter::k_oob_csv_provenance), name) ==
                    std::end(exporter::k_oob_csv_provenance)) {
                if (columns.count(cell_text(header[i])))
                    throw UsageError("--columns maps \"" + visible(cell_text(header[i])) + "\" to \"" + visible(name) +
                                     "\", which is not a column muster reads (expected one of: " + join(std::vector<std::string>(std::begin(exporter::k_oob_csv_columns), std::end(exporter::k_oob_csv_columns)), ", ") + ")");
                continue;  // a column muster does not read (notes, say): left alone
            }
            if (m_at.count(name)) throw FileError(file, "row " + std::to_string(records.front().row), "two columns are \"" + name + "\" (" + visible(m_header[m_at.at(name)]) + " and " + visible(cell_text(header[i])) + ")");
            m_at[name] = i;
            m_header[i] = cell_text(header[i]);
        }
        // Without a unit column, every row is a brigade: these it cannot do without.
        static const std::pair<const char*, const char*> required[] = {{"side", "its side"}, {"army", "its army"}, {"corps", "its corps"},
                                                                        {"division", "its division"}, {"name", "the unit's name"}};
        static const std::pair<const char*, const char*> for_brigades[] = {{"rating", "a brigade's rating"}, {"stands", "a brigade's stands"}};
        const auto need = [&](const char* column, const char* what) {
            if (!m_at.count(column))
                throw FileError(file, "row " + std::to_string(records.front().row), "no column \"" + std::string(column) + "\" (" + what + "): the spreadsheet's columns are " +
                                                   visible(join(header, ", ")) + "; map one with --columns HEADER=" + column);
        };
        for (const auto& [column, what] : required) need(column, what);
        if (!m_at.count("unit"))
            for (const auto& [column, what] : for_brigades) need(column, what);
    }

    // The rows as a muster-oob/1 document; where each part came from is kept (`where`).
    std::string document() {
        Node& root = m_root;
        root.add("format", {json_string("muster-oob/1")});
        m_armies = &root.add("armies", Node{});
        m_armies->array = true;
        for (size_t r = 1; r < m_records.size(); ++r) {
            // A field past the header's last is under no column: refused, not dropped unread
            // (a comma in a name the spreadsheet did not quote shifts every field after it).
            const auto& fields = m_records[r].fields;
            for (size_t i = m_header.size(); i < fields.size(); ++i)
                if (!cell_text(fields[i]).empty())
                    fail(r, nullptr, "it has " + std::to_string(fields.size()) + " fields, the header " + std::to_string(m_header.size()) + ": field " +
                                         std::to_string(i + 1) + " (\"" + visible(cell_text(fields[i])) + "\") is under no column");
            row(r);
        }
        // A division with no row of its own: entered, of its first brigade's arm (or the rule
        // set's first arm).
        for (auto& [_, d] : m_division) {
            if (!d.node->find("status")) d.node->add("status", cell(0, "", json_string("entered")));
            if (d.node->find("arm")) continue;
            const auto& brigades = d.node->find("brigades")->members;
            const auto* arm = brigades.empty() ? nullptr : brigades.front().second.find("arm");
            d.node->add("arm", arm ? *arm : cell(0, "", json_string(m_default_arm)));
        }
        std::string out;
        write(root, out);
        return out;
    }

    // The row and column (the spreadsheet's header) a JSON path of the document came from: of
    // the deepest part of it the document has ("$.armies[0].corps[1].name"), found by walking
    // the parts kept, not from a table of every path (which took more than the rows).
    std::pair<int, std::string> where(std::string_view path) const {
        const Node* at = &m_root;
        std::pair<int, std::string> found{0, ""};
        if (path.substr(0, 1) == "$") path.remove_prefix(1);
        while (!path.empty()) {
            const Node* next = nullptr;
            if (path[0] == '[') {
                const auto close = path.find(']');
                size_t i = 0;
                if (close == std::string_view::npos || std::from_chars(path.data() + 1, path.data() + close, i).ec != std::errc()) break;
                if (at->array && i < at->members.size()) next = &std::next(at->members.begin(), static_cast<std::ptrdiff_t>(i))->second;
                path.remove_prefix(close + 1);
            } else if (path[0] == '.') {
                path.remove_prefix(1);
                const auto end = path.find_first_of(".[");
                if (!at->array) next = at->find(std::string(path.substr(0, end)));
                path.remove_prefix(end == std::string_view::npos ? path.size() : end);
            }
            if (!next) break;
            at = next;
            found = {at->row, at->column ? *at->column : ""};
        }
        return found;
    }

private:
    std::string get(size_t r, const char* column) const {
        const auto it = m_at.find(column);
        if (it == m_at.end() || it->second >= m_records[r].fields.size()) return "";
        return cell_text(m_records[r].fields[it->second]);
    }
    int row_number(size_t r) const { return m_records[r].row; }
    [[noreturn]] void fail(size_t r, const char* column, const std::string& reason) const {
        const auto at = column ? m_at.find(column) : m_at.end();
        // A row ending before the column blamed: its fields may have shifted left (one left out).
        const auto& fields = m_records[r].fields;
        const std::string short_row = at != m_at.end() && at->second >= fields.size() ? " (the row has " + std::to_string(fields.size()) + " fields, the header " +
                                                                                              std::to_string(m_header.size()) + ": is one left out?)"
                                                                                        : "";
        throw FileError(m_file, "row " + std::to_string(row_number(r)) + (at != m_at.end() ? ", column \"" + m_header[at->second] + "\"" : ""), reason + short_row);
    }
    Node cell(size_t r, const char* column, std::string json) const {
        Node n{std::move(json)};
        n.row = r ? row_number(r) : 0;
        if (m_at.count(column)) n.column = &m_header[m_at.at(column)];
        return n;
    }
    Node object(size_t r) const {
        Node n;
        n.row = row_number(r);
        return n;
    }
    Node list(size_t r) const {
        Node n = object(r);
        n.array = true;
        return n;
    }
    // A text cell as a member, when it has something.
    void text(Node& n, size_t r, const char* column, const char* key = nullptr) const {
        if (const auto v = get(r, column); !v.empty()) n.add(key ? key : column, cell(r, column, json_string(v)));
    }
    void number(Node& n, size_t r, const char* column, const char* key) const {
        const auto v = get(r, column);
        if (v.empty()) return;
        // A whole number of any size or sign goes on as one: the document's reader says the
        // range its field takes (-3 stands, "expected 0 to 18"), at this row and column.
        auto digits = v.substr(v.front() == '-' ? 1 : 0);
        if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos) fail(r, column, "\"" + visible(v) + "\" is not a whole number");
        if (digits.size() > 30) fail(r, column, "a number far out of range");
        digits.erase(0, std::min(digits.find_first_not_of('0'), digits.size() - 1));  // "007" as 7: JSON writes no leading zero
        n.add(key, cell(r, column, v.front() == '-' && digits != "0" ? "-" + digits : digits));
    }
    void leader(Node& n, size_t r, bool alternate) const {
        const char* name = alternate ? "alternate" : "commander";
        const char* grade = alternate ? "alternate_grade" : "grade";
        if (get(r, name).empty() && get(r, grade).empty()) return;  // an unnamed leader has his grade
        Node l = cell(r, name, "");  // what he lacks is told at his name's column
        l.add("name", cell(r, name, json_string(get(r, name))));
        text(l, r, grade, "grade");
        text(l, r, alternate ? "alternate_rolled_grade" : "rolled_grade", "rolled_grade");
        text(l, r, alternate ? "alternate_status" : "commander_status", "status");
        number(l, r, alternate ? "alternate_out_for" : "commander_out_for", "out_for");
        n.add(alternate ? "alternate" : "commander", std::move(l));
    }

    // The army, corps and division a row names, made when first named (a header row of its own
    // may say more of it, once).
    Node& army(size_t r) {
        const auto name = get(r, "army");
        if (name.empty()) fail(r, "army", "empty: expected the name of the army the row is in");
        if (auto it = m_army.find(name); it != m_army.end()) {
            if (const auto side = get(r, "side"); !side.empty() && !same_ignoring_case(side, it->second.side))  // as the import reads a side
                fail(r, "side", "army " + visible(name) + " is of the " + it->second.side + " (row " + std::to_string(it->second.row) + "), not the " + visible(side));
            return *it->second.node;
        }
        Node a = object(r);
        a.add("name", cell(r, "army", json_string(name)));
        text(a, r, "side");
        Node& made = m_armies->add("", std::move(a));
        made.add("corps", list(r));
        m_army[name] = {&made, get(r, "side"), row_number(r)};
        return made;
    }
    // Each names its army (corps, division) again: checked against where it was first put.
    Node& corps(size_t r) {
        Node& in = army(r);
        const auto name = get(r, "corps");
        if (name.empty()) fail(r, "corps", "empty: expected the name of the corps the row is in");
        if (auto it = m_corps.find(name); it != m_corps.end()) {
            if (it->second.army != get(r, "army"))
                fail(r, "army", "corps " + visible(name) + " is in " + visible(it->second.army) + " (row " + std::to_string(it->second.row) + "), not " + visible(get(r, "army")));
            return *it->second.node;
        }
        Node k = object(r);
        k.add("name", cell(r, "corps", json_string(name)));
        Node& made = in.find("corps")->add("", std::move(k));
        made.add("divisions", list(r));
        m_corps[name] = {&made, get(r, "army"), row_number(r)};
        return made;
    }
    struct Division {
        Node* node;
        std::string corps;
        int row;
        bool described = false;
    };
    Division& division(size_t r) {
        Node& in = corps(r);
        const auto name = get(r, "division");
        if (name.empty()) fail(r, "division", "empty: expected the name of the division the row is in");
        if (auto it = m_division.find(name); it != m_division.end()) {
            if (it->second.corps != get(r, "corps"))
                fail(r, "corps", "division " + visible(name) + " is in " + visible(it->second.corps) + " (row " + std::to_string(it->second.row) + "), not " + visible(get(r, "corps")));
            return it->second;
        }
        Node d = object(r);
        d.add("name", cell(r, "division", json_string(name)));
        Node& made = in.find("divisions")->add("", std::move(d));
        made.add("brigades", list(r));
        made.add("batteries", list(r));
        return m_division[name] = {&made, get(r, "corps"), row_number(r)};
    }

    void row(size_t r) {
        const auto unit_text = get(r, "unit");
        if (unit_text.size() > 6 && unit_text.ends_with(" total")) return;  // derived figures: not read
        const auto unit = m_at.count("unit") ? find_word<NamedKind>(unit_text) : NamedKind::brigade;
        if (unit == NamedKind::army) {
            auto& a = army(r);
            if (a.find("commander")) fail(r, "unit", "a second row for army " + visible(get(r, "army")));
            leader(a, r, false);
            if (get(r, "name") != get(r, "army")) fail(r, "name", "an army's row names it in both \"army\" and \"name\"");
        } else if (unit == NamedKind::corps) {
            auto& k = corps(r);
            if (k.find("commander")) fail(r, "unit", "a second row for corps " + visible(get(r, "corps")));
            leader(k, r, false);
            if (get(r, "name") != get(r, "corps")) fail(r, "name", "a corps' row names it in both \"corps\" and \"name\"");
        } else if (unit == NamedKind::division) {
            auto& d = division(r);
            if (d.described) fail(r, "unit", "a second row for division " + visible(get(r, "division")) + " (the first is row " + std::to_string(d.row) + ")");
            if (get(r, "name") != get(r, "division")) fail(r, "name", "a division's row names it in both \"division\" and \"name\"");
            describe(*d.node, r);
            d.described = true;
        } else if (unit == NamedKind::brigade) {
            auto& d = division(r);
            Node b = object(r);
            text(b, r, "name");
            text(b, r, "arm");
            text(b, r, "rating");
            if (get(r, "start").empty() && get(r, "stands").empty())
                fail(r, "stands", "brigade " + visible(get(r, "name")) + " has no stands: give them in \"stands\" (and in \"start\" its start strength, where it differs)");
            number(b, r, "start", "start_stands");
            if (!b.find("start_stands")) number(b, r, "stands", "start_stands");  // a spreadsheet of full brigades
            number(b, r, "stands", "stands");
            text(b, r, "label");
            if (const auto status = get(r, "status"); !status.empty()) text(b, r, "status");
            else if (const auto state = find_word<BrigadeStatus>(get(r, "state")); state && *state != BrigadeStatus::active) text(b, r, "state", "status");
            leader(b, r, false);
            leader(b, r, true);
            d.node->find("brigades")->add("", std::move(b));
        } else if (unit == NamedKind::battery) {
            Node b = object(r);
            text(b, r, "name");
            text(b, r, "status");
            const auto owner = get(r, "owner");
            if (owner == "army reserve") reserve(army(r), r).add("", std::move(b));
            else if (owner == "corps reserve") reserve(corps(r), r).add("", std::move(b));
            else if (owner.empty() || find_word<NamedKind>(owner) == NamedKind::division) division(r).node->find("batteries")->add("", std::move(b));
            else fail(r, "owner", "\"" + visible(owner) + "\" is not who owns a battery: expected division, corps reserve or army reserve");
        } else {
            fail(r, "unit", "\"" + visible(unit_text) + "\" is not a unit: expected army, corps, division, brigade, battery, or a total");
        }
    }
    Node& reserve(Node& owner, size_t r) {
        if (auto* list = owner.find("reserve_batteries")) return *list;
        return owner.add("reserve_batteries", list(r));
    }
    // A division's own row: its arm, status, fog, year, theater, nationality and commander.
    void describe(Node& d, size_t r) const {
        text(d, r, "arm");
        if (!get(r, "status").empty()) text(d, r, "status");
        else text(d, r, "state", "status");
        if (const auto h = get(r, "hidden"); !h.empty()) {
            const bool yes = h == "yes" || h == "true" || h == "1", no = h == "no" || h == "false" || h == "0";
            if (!yes && !no) fail(r, "hidden", "\"" + visible(h) + "\" is not yes or no");
            d.add("hidden", cell(r, "hidden", yes ? "true" : "false"));
        }
        number(d, r, "year", "year");
        text(d, r, "theater");
        text(d, r, "nationality");
        leader(d, r, false);
    }

    struct Named {
        Node* node;
        std::string side;
        int row;
    };
    struct InCorps {
        Node* node;
        std::string army;
        int row;
    };
    const std::string& m_file;
    const std::vector<CsvRecord>& m_records;
    std::string m_default_arm;
    std::map<std::string, size_t> m_at;  // muster's column -> the field's place
    std::vector<std::string> m_header;   // the file's own header, by place
    Node m_root;
    Node* m_armies = nullptr;
    std::map<std::string, Named> m_army;
    std::map<std::string, InCorps> m_corps;
    std::map<std::string, Division> m_division;
};

}  // namespace

army::OrderOfBattle read_oob_csv(std::string_view text, const std::string& file, const rules::RuleSet& rules,
                                 const std::map<std::string, std::string>& columns) {
    auto records = csv_records(text, file);
    Sheet sheet(file, records, columns, rules.arms.empty() ? std::string() : rules.arms.front().id);
    const auto json = sheet.document();
    std::vector<CsvRecord>().swap(records);  // read: the document and its parts stand for them now
    const std::string marker = "\x01" "csv";
    try {
        // The reader's own checks, as for a JSON file; its JSON path told as a row and column.
        return read_oob(json, marker, rules);
    } catch (const FileError& e) {
        std::string what = e.what();
        const auto prefix = marker + ": ";
        if (what.rfind(prefix, 0) != 0) throw;
        what = what.substr(prefix.size());
        const auto colon = what.find(": ");
        std::string path = colon == std::string::npos ? "" : what.substr(0, colon);
        const std::string reason = colon == std::string::npos ? what : what.substr(colon + 2);
        const auto [row, column] = sheet.where(path);
        throw FileError(file, row ? "row " + std::to_string(row) + (column.empty() ? "" : ", column \"" + column + "\"") : "", reason);
    }
}

}  // namespace muster::app
