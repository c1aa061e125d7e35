#include "core/text.hpp"
#include "export/oob_writer.hpp"

#include <algorithm>
#include <array>
#include <charconv>

namespace muster::exporter {
namespace {

// RFC 4180: a field with a comma, quote, CR or LF is quoted, quotes doubled; records end CRLF.
// A field a spreadsheet would evaluate as a formula (it begins with =, +, -, @, a tab or a CR:
// the OWASP rule) is written after an apostrophe, so "-/5/4" goes out as "'-/5/4"; so is one
// that begins with an apostrophe ("'Tis" as "''Tis"), which a spreadsheet would hide, and an
// import would take for muster's own.
void append_field(std::string& out, std::string_view raw) {
    const bool formula = !raw.empty() && std::string_view("=+-@\t\r'").find(raw.front()) != std::string_view::npos;
    if (std::none_of(raw.begin(), raw.end(), [](char c) { return c == ',' || c == '"' || c == '\r' || c == '\n'; })) {
        if (formula) out += '\'';
        out += raw;
        return;
    }
    out += '"';
    if (formula) out += '\'';
    for (char c : raw) {
        if (c == '"') out += '"';
        out += c;
    }
    out += '"';
}

// A record's fields, each quoted, joined by commas, after what `out` holds.
template <typename Fields>
void append_record(std::string& out, const Fields& fields) {
    for (size_t i = 0; i < std::size(fields); ++i) {
        if (i) out += ',';
        append_field(out, fields[i]);
    }
}

// A column of k_oob_csv_columns, found by its name when muster is compiled.
struct Column {
    size_t index;
    consteval Column(const char* name) : index(std::size(k_oob_csv_columns)) {
        for (size_t i = 0; i < std::size(k_oob_csv_columns); ++i)
            if (std::string_view(name) == k_oob_csv_columns[i]) index = i;
        if (index == std::size(k_oob_csv_columns)) throw "not a column of k_oob_csv_columns";
    }
};

// A record's fields by column; those not set are empty. A field is a view of text that lives
// until the record is added (a unit's name, a word of muster's, a rule set's mark), or of text
// the record keeps: numbers and a label. One record is filled at a time, in place: no string
// is made for a field of the 30 a record has.
class Record {
public:
    void clear() {
        m_fields.fill({});
        m_kept = 0;
    }
    Record& set(Column column, std::string_view value) {
        m_fields[column.index] = value;
        return *this;
    }
    Record& set(Column column, int value) {
        char* at = m_numbers + m_kept;
        const auto end = std::to_chars(at, m_numbers + sizeof m_numbers, value).ptr;
        m_kept = static_cast<size_t>(end - m_numbers);
        return set(column, std::string_view(at, static_cast<size_t>(end - at)));
    }
    Record& set_label(const rules::EffectivenessLabel& label) {
        m_label = label.text();
        return set("label", m_label);
    }
    // A leader in the commander's columns, or in the alternate's.
    Record& leader(const rules::RuleSet& rules, const army::Leader& l, bool alternate = false) {
        if (!l.present() && l.name.empty()) return *this;
        set(alternate ? Column("alternate") : Column("commander"), l.name);
        if (!l.present()) return *this;  // a placeholder's commander, known by name: his grade is rolled when it arrives
        set(alternate ? Column("alternate_grade") : Column("grade"), l.grade);
        set(alternate ? Column("alternate_rolled_grade") : Column("rolled_grade"), l.rolled_grade);
        set(alternate ? Column("alternate_status") : Column("commander_status"), spell(l.status));
        if (l.status == LeaderStatus::wounded) set(alternate ? Column("alternate_out_for") : Column("commander_out_for"), l.out_battles);
        if (!alternate)
            if (const auto* g = rules.find_grade(l.grade)) set("mark", g->mark);
        return *this;
    }
    const auto& fields() const { return m_fields; }

private:
    std::array<std::string_view, std::size(k_oob_csv_columns)> m_fields;
    char m_numbers[8 * 12];  // room for every number a record holds (at most five)
    size_t m_kept = 0;
    std::string m_label;
};

// Each record as the walk comes to it, the provenance in its last fields.
class Csv final : public OobWriter {
public:
    Csv(const rules::RuleSet& rules, const std::vector<std::string>& provenance, Buffered& out)
        : m_rules(rules), m_out(out) {
        m_provenance = ",";
        append_record(m_provenance, provenance);
        m_provenance += "\r\n";
    }
    void add(const Record& r) {
        m_line.clear();
        append_record(m_line, r.fields());
        m_line += m_provenance;
        m_out += m_line;
    }
    // The record, emptied, where it stands: its side, army, corps and division (a division's
    // nationality on each of its records, and on no other).
    Record& at(std::string_view side, std::string_view army, std::string_view corps, const army::Division* d) {
        m_record.clear();
        m_record.set("side", side).set("army", army).set("corps", corps);
        if (d) m_record.set("division", d->name).set("nationality", d->nationality);
        return m_record;
    }
    void total(Record& r, std::string_view level, const std::string& name, const Totals& t) {
        m_total = std::string(level) + " total";
        add(r.set("unit", m_total).set("name", name).set("stands", t.stands).set("start", t.start).set("brigades", t.brigades).set("batteries", t.batteries));
    }

private:
    void battery(Record& r, const army::Battery& b, std::string_view owner) {
        const bool active = is_active(b.status);
        add(r.set("unit", "battery").set("name", b.name).set("arm", k_artillery).set("stands", active ? "1" : "0").set("start", "1")
                .set("state", spell(b.status)).set("owner", owner).set("status", spell(b.status)).set("batteries", active ? "1" : "0"));
    }
    void begin_army(const army::Army& a) override {
        add(at(a.side, a.name, "", nullptr).set("unit", "army").set("name", a.name).leader(m_rules, a.commander));
        for (const auto& b : a.reserve) battery(at(a.side, a.name, "", nullptr), b, "army reserve");
    }
    void begin_corps(const army::Army& a, const army::Corps& k) override {
        add(at(a.side, a.name, k.name, nullptr).set("unit", "corps").set("name", k.name).leader(m_rules, k.commander));
        for (const auto& b : k.reserve) battery(at(a.side, a.name, k.name, nullptr), b, "corps reserve");
    }
    void write_division(const army::Army& a, const army::Corps& k, const army::Division& d, const Totals& t) override {
        auto& r = at(a.side, a.name, k.name, &d).set("unit", "division").set("name", d.name).set("arm", d.arm).set("state", spell(d.status))
                      .set("status", spell(d.status)).set("hidden", d.hidden ? "yes" : "no").set("theater", d.theater).leader(m_rules, d.commander);
        if (d.year) r.set("year", d.year);
        add(r);
        for (const auto& b : d.brigades) {
            const bool active = is_active(b.status);
            add(at(a.side, a.name, k.name, &d).set("unit", "brigade").set("name", b.name).set("arm", b.arm)
                    .set("stands", b.stands).set("start", b.start_stands).set_label(b.label)
                    .set("state", active ? b.state_text() : spell(b.status)).set("rating", b.rating).set("owner", "division")
                    .set("status", spell(b.status)).set("brigades", active ? "1" : "0").leader(m_rules, b.commander)
                    .leader(m_rules, b.alternate.value_or_default(), true));
        }
        for (const auto& b : d.batteries) battery(at(a.side, a.name, k.name, &d), b, "division");
        total(at(a.side, a.name, k.name, &d), "division", d.name, t);
    }
    void finish_corps(const army::Army& a, const army::Corps& k, const Totals& t) override {
        total(at(a.side, a.name, k.name, nullptr), "corps", k.name, t);
    }
    void finish_army(const army::Army& a, const Totals& t) override { total(at(a.side, a.name, "", nullptr), "army", a.name, t); }
    const rules::RuleSet& m_rules;
    std::string m_provenance;  // the provenance's fields, quoted, and the record's end
    Buffered& m_out;
    Record m_record;
    std::string m_line, m_total;
};

}  // namespace

void oob_csv(const rules::RuleSet& rules, const army::OobSource& oob, const Provenance& p, const Sink& sink) {
    std::vector<std::string> head(std::begin(k_oob_csv_columns), std::end(k_oob_csv_columns));
    head.insert(head.end(), std::begin(k_oob_csv_provenance), std::end(k_oob_csv_provenance));
    Buffered out(sink);
    std::string line;
    append_record(line, head);
    out += line + "\r\n";
    Csv csv(rules, provenance_fields(rules, oob, p), out);
    oob.walk(csv);
    for (const auto& [side, t] : csv.sides()) csv.total(csv.at(side, "", "", nullptr), "side", side, t);
    out.flush();
}

}  // namespace muster::exporter
