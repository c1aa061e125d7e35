// The muster-oob/1 interchange format, written with RapidJSON's pretty writer straight into the
// sink's pieces (cereal's archive, which wrote through an ostream a character at a time, took
// a third of the export). app/oob_import.cpp reads it back; docs/printing.md documents it.
#include "core/names.hpp"
#include "core/version.hpp"
#include "export/oob_writer.hpp"

#include <rapidjson/prettywriter.h>

#include <algorithm>

namespace muster::exporter {
namespace {

// RapidJSON's output stream: the characters gathered into pieces of 64 KiB for the sink.
class Stream {
public:
    using Ch = char;
    explicit Stream(const Sink& sink) : m_sink(sink) {}
    void Put(char c) {
        if (m_size == sizeof m_piece) Flush();
        m_piece[m_size++] = c;
    }
    void put_n(char c, size_t n) {
        while (n > 0) {
            if (m_size == sizeof m_piece) Flush();
            const size_t k = std::min(n, sizeof m_piece - m_size);
            std::fill_n(m_piece + m_size, k, c);
            m_size += k;
            n -= k;
        }
    }
    /// Hands over what is gathered; the writer's last act.
    void Flush() {
        if (m_size > 0) m_sink(std::string_view(m_piece, m_size));
        m_size = 0;
    }

private:
    const Sink& m_sink;
    size_t m_size = 0;
    char m_piece[64 * 1024];
};
// The pretty writer's indent, found by argument-dependent lookup over RapidJSON's character by character.
[[maybe_unused]] void PutN(Stream& s, char c, size_t n) { s.put_n(c, n); }

class Writer {
public:
    explicit Writer(Stream& out) : m_w(out) { m_w.SetIndent(' ', 2); }
    void key(std::string_view k) { m_w.Key(k.data(), static_cast<rapidjson::SizeType>(k.size())); }
    void value(std::string_view v) {
        // Printable ASCII as RapidJSON writes it; the rest escaped where the command line would
        // write it otherwise, and a damaged file's invalid byte as U+FFFD: valid JSON either way.
        if (std::all_of(v.begin(), v.end(), [](char c) { return c >= 0x20 && c < 0x7F; })) {
            m_w.String(v.data(), static_cast<rapidjson::SizeType>(v.size()));
            return;
        }
        const auto quoted = json_string(v);
        m_w.RawValue(quoted.data(), quoted.size(), rapidjson::kStringType);
    }
    void value(const char* v) { value(std::string_view(v)); }  // not the bool a pointer would take
    void value(int v) { m_w.Int(v); }
    void value(bool v) { m_w.Bool(v); }
    template <class T>
    void field(std::string_view k, const T& v) {
        key(k);
        value(v);
    }
    void open_object(std::string_view k = {}) {
        if (!k.empty()) key(k);
        m_w.StartObject();
    }
    void close_object() { m_w.EndObject(); }
    void open_array(std::string_view k) {
        key(k);
        m_w.StartArray();
    }
    void close_array() { m_w.EndArray(); }

private:
    rapidjson::PrettyWriter<Stream> m_w;
};

void leader(Writer& w, const char* key, const army::Leader& l) {
    if (!l.present() && l.name.empty()) return;
    w.open_object(key);
    w.field("name", l.name);  // a placeholder's commander, known by name: his grade is rolled when it arrives
    if (l.present()) {
        w.field("grade", l.grade);
        w.field("rolled_grade", l.rolled_grade);
        w.field("status", word(l.status));
        if (l.status == LeaderStatus::wounded) w.field("out_for", l.out_battles);  // battles, as the leader list says
        if (l.company) w.field("company", l.company->text);
    }
    w.close_object();
}

void batteries(Writer& w, const char* key, const std::vector<army::Battery>& list) {
    w.open_array(key);
    for (const auto& b : list) {
        w.open_object();
        w.field("name", b.name);
        w.field("status", word(b.status));
        w.close_object();
    }
    w.close_array();
}

// Derived figures for a reader; the import ignores them.
void totals(Writer& w, const Totals& t) {
    w.open_object("totals");
    w.field("brigades", t.brigades);
    w.field("stands", t.stands);
    w.field("start_stands", t.start);
    w.field("batteries", t.batteries);
    w.close_object();
}

// Each army, corps and division an element of its array, opened as the walk comes to it and
// closed at its end with its totals.
class Json final : public OobWriter {
public:
    explicit Json(Writer& w) : m_w(w) {}

private:
    // An element of the array open, with its name and commander, its reserve, and its array of `inner` opened.
    void open(const std::string& name, const std::string* side, const army::Leader& commander, const std::vector<army::Battery>& reserve,
              const char* inner) {
        m_w.open_object();
        m_w.field("name", name);
        if (side) m_w.field("side", *side);
        leader(m_w, "commander", commander);
        batteries(m_w, "reserve_batteries", reserve);
        m_w.open_array(inner);
    }
    void close(const Totals& t) {
        m_w.close_array();
        totals(m_w, t);
        m_w.close_object();
    }
    void begin_army(const army::Army& a) override { open(a.name, &a.side.str(), a.commander, a.reserve, "corps"); }
    void begin_corps(const army::Army&, const army::Corps& k) override { open(k.name, nullptr, k.commander, k.reserve, "divisions"); }
    void write_division(const army::Army&, const army::Corps&, const army::Division& d, const Totals& t) override {
        auto& w = m_w;
        w.open_object();
        w.field("name", d.name);
        w.field("arm", d.arm);
        w.field("status", word(d.status));
        w.field("hidden", d.hidden);
        if (d.year) w.field("year", d.year);
        if (!d.theater.empty()) w.field("theater", d.theater);
        if (!d.nationality.empty()) w.field("nationality", d.nationality);
        leader(w, "commander", d.commander);
        w.open_array("brigades");
        for (const auto& b : d.brigades) {
            w.open_object();
            w.field("name", b.name);
            w.field("arm", b.arm);
            w.field("rating", b.rating);
            w.field("start_stands", b.start_stands);
            w.field("stands", b.stands);
            w.field("label", b.label.text());
            w.field("state", b.state_text());
            w.field("status", word(b.status));
            leader(w, "commander", b.commander);
            leader(w, "alternate", b.alternate.value_or_default());
            w.close_object();
        }
        w.close_array();
        batteries(w, "batteries", d.batteries);
        totals(w, t);
        w.close_object();
    }
    void finish_corps(const army::Army&, const army::Corps&, const Totals& t) override { close(t); }
    void finish_army(const army::Army&, const Totals& t) override { close(t); }
    Writer& m_w;
};

}  // namespace

void oob_json(const rules::RuleSet& rules, const army::OobSource& oob, const Provenance& p, const Sink& sink) {
    Stream out(sink);
    Writer w(out);
    w.open_object();
    w.field("format", "muster-oob/1");
    w.field("muster", k_version);
    w.field("campaign", oob.campaign);
    w.field("rules", rules.id);
    w.field("view", oob.view.text());
    w.field("date", text_or(p.date, ""));
    w.field("turn", p.turn.number());
    w.open_array("armies");
    Json writer(w);
    oob.walk(writer);
    w.close_array();
    w.open_array("sides");
    for (const auto& [side, t] : writer.sides()) {
        w.open_object();
        w.field("side", side);
        totals(w, t);
        w.close_object();
    }
    w.close_array();
    w.close_object();
    out.Put('\n');
    out.Flush();
}

}  // namespace muster::exporter
