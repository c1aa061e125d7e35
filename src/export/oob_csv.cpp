#include "core/text.hpp"
#include "export/oob_writer.hpp"

#include <array>

namespace muster::exporter {
namespace {

// RFC 4180: a field with a comma, quote, CR or LF is quoted, quotes doubled; records end CRLF.
// A field a spreadsheet would evaluate as a formula (it begins with =, +, -, @, a tab or a CR:
// the OWASP rule) is written after an apostrophe, so "-/5/4" goes out as "'-/5/4".
void append_field(std::string& out, std::string_view raw) {
    const bool formula = !raw.empty() && std::string_view("=+-@\t\r").find(raw.front()) != std::string_view::npos;
    if (raw.find_first_of(",\"\r\n") == std::string_view::npos) {
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

// A record's fields by column; those not set are empty.
class Record {
public:
    Record& set(Column column, std::string value) {
        m_fields[column.index] = std::move(value);
        return *this;
    }
    // A leader in the commander's columns, or in the alternate's.
    Record& leader(const rules::RuleSet& rules, const army::Leader& l, bool alternate = false) {
        if (!l.present() && l.name.empty()) return *this;
        set(alternate ? Column("alternate") : Column("commander"), l.name);
        if (!l.present()) return *this;  // a placeholder's commander, known by name: his grade is rolled when it arrives
        set(alternate ? Column("alternate_grade") : Column("grade"), l.grade);
        set(alternate ? Column("alternate_rolled_grade") : Column("rolled_grade"), l.rolled_grade);
        set(alternate ? Column("alternate_status") : Column("commander_status"), word(l.status));
        if (!alternate)
            if (const auto* g = rules.find_grade(l.grade)) set("mark", g->mark);
        return *this;
    }
    const auto& fields() const { return m_fields; }

private:
    std::array<std::string, std::size(k_oob_csv_columns)> m_fields;
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
    // Where a record stands: its side, army, corps and division (a division's nationality on
    // each of its records, and on no other).
    static Record at(const std::string& side, const std::string& army, const std::string& corps, const army::Division* d) {
        Record r;
        r.set("side", side).set("army", army).set("corps", corps);
        if (d) r.set("division", d->name).set("nationality", d->nationality);
        return r;
    }
    void total(Record r, const std::string& level, const std::string& name, const Totals& t) {
        add(r.set("unit", level + " total").set("name", name).set("stands", std::to_string(t.stands)).set("start", std::to_string(t.start))
                .set("brigades", std::to_string(t.brigades)).set("batteries", std::to_string(t.batteries)));
    }

private:
    void battery(Record r, const army::Battery& b, const std::string& owner) {
        const bool active = is_active(b.status);
        add(r.set("unit", "battery").set("name", b.name).set("arm", std::string(k_artillery)).set("stands", active ? "1" : "0").set("start", "1")
                .set("state", word(b.status)).set("owner", owner).set("status", word(b.status)).set("batteries", active ? "1" : "0"));
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
        add(at(a.side, a.name, k.name, &d).set("unit", "division").set("name", d.name).set("arm", d.arm).set("state", word(d.status))
                .set("status", word(d.status)).set("hidden", d.hidden ? "yes" : "no").set("year", d.year ? std::to_string(d.year) : "")
                .set("theater", d.theater).leader(m_rules, d.commander));
        for (const auto& b : d.brigades) {
            const bool active = is_active(b.status);
            add(at(a.side, a.name, k.name, &d).set("unit", "brigade").set("name", b.name).set("arm", b.arm)
                    .set("stands", std::to_string(b.stands)).set("start", std::to_string(b.start_stands)).set("label", b.label.text())
                    .set("state", active ? std::string(spell(b.state())) : word(b.status)).set("rating", b.rating).set("owner", "division")
                    .set("status", word(b.status)).set("brigades", active ? "1" : "0").leader(m_rules, b.commander)
                    .leader(m_rules, b.alternate, true));
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
    std::string m_line;
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
    for (const auto& [side, t] : csv.sides()) csv.total(Csv::at(side, "", "", nullptr), "side", side, t);
    out.flush();
}

}  // namespace muster::exporter
