// The muster-oob/1 interchange format, written with cereal. app/oob_import.cpp reads it back;
// docs/printing.md documents it.
#include "core/version.hpp"
#include "export/oob_writer.hpp"

#include <cereal/archives/json.hpp>
#include <cereal/types/string.hpp>
#include <cereal/types/vector.hpp>

#include <exception>
#include <ostream>
#include <streambuf>

namespace muster::exporter {
namespace {

using cereal::make_nvp;

template <class Archive>
void leader(Archive& ar, const char* key, const army::Leader& l) {
    if (!l.present() && l.name.empty()) return;
    ar.setNextName(key);
    ar.startNode();
    if (l.present())
        ar(make_nvp("name", l.name), make_nvp("grade", l.grade), make_nvp("rolled_grade", l.rolled_grade),
           make_nvp("status", word(l.status)));
    if (l.present() && l.company) ar(make_nvp("company", l.company->text));
    if (!l.present())
        ar(make_nvp("name", l.name));  // a placeholder's commander, known by name: his grade is rolled when it arrives
    ar.finishNode();
}

template <class Archive>
void batteries(Archive& ar, const char* key, const std::vector<army::Battery>& list) {
    ar.setNextName(key);
    ar.startNode();
    ar.makeArray();
    for (const auto& b : list) {
        ar.startNode();
        ar(make_nvp("name", b.name), make_nvp("status", word(b.status)));
        ar.finishNode();
    }
    ar.finishNode();
}

// Derived figures for a reader; the import ignores them.
template <class Archive>
void totals(Archive& ar, const Totals& t) {
    ar.setNextName("totals");
    ar.startNode();
    ar(make_nvp("brigades", t.brigades), make_nvp("stands", t.stands), make_nvp("start_stands", t.start),
       make_nvp("batteries", t.batteries));
    ar.finishNode();
}

// A stream whose bytes go to a sink in pieces, for cereal to write into. What the sink throws
// is kept, and thrown once the archive is closed (a stream would swallow it, and the archive
// closes itself in its destructor); the sink hears nothing after it.
class SinkBuffer : public std::streambuf {
public:
    explicit SinkBuffer(const Sink& sink) : m_sink(sink) { setp(m_piece, m_piece + sizeof m_piece); }
    /// Hands over the rest, and throws what the sink threw, if it did.
    void finish() {
        sync();
        if (m_failed) std::rethrow_exception(m_failed);
    }

protected:
    int_type overflow(int_type c) override {
        sync();
        if (!traits_type::eq_int_type(c, traits_type::eof())) sputc(traits_type::to_char_type(c));
        return traits_type::not_eof(c);
    }
    int sync() override {
        if (pptr() > pbase() && !m_failed) try {
                m_sink(std::string_view(pbase(), static_cast<size_t>(pptr() - pbase())));
            } catch (...) {
                m_failed = std::current_exception();
            }
        setp(m_piece, m_piece + sizeof m_piece);
        return 0;
    }

private:
    const Sink& m_sink;
    std::exception_ptr m_failed;
    char m_piece[64 * 1024];
};

using Archive = cereal::JSONOutputArchive;

// Each army, corps and division an element of its array, opened as the walk comes to it and
// closed at its end with its totals.
class Json final : public OobWriter {
public:
    explicit Json(Archive& ar) : m_ar(ar) {}

private:
    // An element of the array open, with its name and commander, its reserve, and its array of `inner` opened.
    void open(const std::string& name, const std::string* side, const army::Leader& commander, const std::vector<army::Battery>& reserve,
              const char* inner) {
        m_ar.startNode();
        m_ar(make_nvp("name", name));
        if (side) m_ar(make_nvp("side", *side));
        leader(m_ar, "commander", commander);
        batteries(m_ar, "reserve_batteries", reserve);
        m_ar.setNextName(inner);
        m_ar.startNode();
        m_ar.makeArray();
    }
    void close(const Totals& t) {
        m_ar.finishNode();
        totals(m_ar, t);
        m_ar.finishNode();
    }
    void begin_army(const army::Army& a) override { open(a.name, &a.side, a.commander, a.reserve, "corps"); }
    void begin_corps(const army::Army&, const army::Corps& k) override { open(k.name, nullptr, k.commander, k.reserve, "divisions"); }
    void write_division(const army::Army&, const army::Corps&, const army::Division& d, const Totals& t) override {
        auto& ar = m_ar;
        ar.startNode();
        ar(make_nvp("name", d.name), make_nvp("arm", d.arm), make_nvp("status", word(d.status)), make_nvp("hidden", d.hidden));
        if (d.year) ar(make_nvp("year", d.year));
        if (!d.theater.empty()) ar(make_nvp("theater", d.theater));
        if (!d.nationality.empty()) ar(make_nvp("nationality", d.nationality));
        leader(ar, "commander", d.commander);
        ar.setNextName("brigades");
        ar.startNode();
        ar.makeArray();
        for (const auto& b : d.brigades) {
            ar.startNode();
            ar(make_nvp("name", b.name), make_nvp("arm", b.arm), make_nvp("rating", b.rating), make_nvp("start_stands", b.start_stands),
               make_nvp("stands", b.stands), make_nvp("label", b.label.text()), make_nvp("state", std::string(spell(b.state()))),
               make_nvp("status", word(b.status)));
            leader(ar, "commander", b.commander);
            leader(ar, "alternate", b.alternate);
            ar.finishNode();
        }
        ar.finishNode();
        batteries(ar, "batteries", d.batteries);
        totals(ar, t);
        ar.finishNode();
    }
    void finish_corps(const army::Army&, const army::Corps&, const Totals& t) override { close(t); }
    void finish_army(const army::Army&, const Totals& t) override { close(t); }
    Archive& m_ar;
};

}  // namespace

void oob_json(const rules::RuleSet& rules, const army::OobSource& oob, const Provenance& p, const Sink& sink) {
    SinkBuffer buffer(sink);
    std::ostream os(&buffer);
    {
        Archive ar(os, Archive::Options(324, Archive::Options::IndentChar::space, 2));
        ar(make_nvp("format", std::string("muster-oob/1")), make_nvp("muster", std::string(k_version)), make_nvp("campaign", oob.campaign),
           make_nvp("rules", rules.id), make_nvp("view", oob.view.text()), make_nvp("date", text_or(p.date, "")),
           make_nvp("turn", p.turn.number()));
        ar.setNextName("armies");
        ar.startNode();
        ar.makeArray();
        Json writer(ar);
        oob.walk(writer);
        ar.finishNode();
        ar.setNextName("sides");
        ar.startNode();
        ar.makeArray();
        for (const auto& [side, t] : writer.sides()) {
            ar.startNode();
            ar(make_nvp("side", side));
            totals(ar, t);
            ar.finishNode();
        }
        ar.finishNode();
    }
    os << "\n";
    buffer.finish();
}

}  // namespace muster::exporter
