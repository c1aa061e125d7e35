// Every export format on a fixed seeded campaign: golden files, hidden divisions absent
// from a side's view, HTML in headless Chromium, PDF through pdftotext, bad input refused.
// MUSTER_UPDATE_GOLDEN=1 rewrites the golden files (then read the diff before committing).
#include "app/files.hpp"
#include "app/oob_import.hpp"
#include "app/session_state.hpp"
#include "army/view.hpp"
#include "db/battles.hpp"
#include "db/roster.hpp"
#include "core/error.hpp"
#include "csv_reader.hpp"
#include "core/text.hpp"
#include "export/oob.hpp"
#include "export/pdf.hpp"
#include "export/text_table.hpp"
#include "json/json.hpp"
#include "bench/generated_forces.hpp"
#include "db/db_support.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <random>
#include <regex>
#include <set>
#include <thread>
#include <utility>
#include <sys/wait.h>
#include <unistd.h>

using namespace muster;
using Catch::Matchers::Contains;

namespace {

// The campaign's date and turn, on every page.
const Day k_date = Day::read("1863-07-01");
// No "/" in it: the name rule keeps that for references.
const std::string k_script_name = "<script>document.title='PWNED'<img src=x onerror=\"document.title='PWNED'\">";

// A campaign with arrivals (one never seen), a hidden hand-entered division, a battle, prisoners and a
// script-named brigade; the same every run.
app::Session fixed_campaign(const std::string& path) {
    auto s = test::make_campaign(path, 1863);
    app::ArrivalRequest a;
    a.year = 1863;
    a.theater = "east";
    s.forces().add_division("Third Corps", "Anderson", "");
    for (const char* d : {"Heth", "Pender", "Anderson"}) {
        a.division = d;
        s.arrivals().arrive(a);
    }
    s.forces().set_fog("Pender", Fog::seen);
    s.forces().add_division("Third Corps", "Hidden Longstreet", "infantry");
    s.forces().add_brigade({"Hidden Longstreet", "Kershaw Secret", "veteran", 7, std::nullopt, "", "", {"Kershaw", "exceptional"}});
    s.forces().add_brigade({"Wadsworth", "Iron Brigade", "veteran", 6, std::nullopt, "6/5/3", "", {"Meredith", "average"}});
    s.forces().add_brigade({"Wadsworth", k_script_name, "green", 6, std::nullopt, "", "", {}});
    s.forces().add_battery({"Battery B", "Wadsworth", "", ""});
    s.prisoners().add_camp("union", "Fort Delaware");
    battle::Report r;
    r.name = "Gettysburg";
    battle::add_loss_spec(r, "Heth/1st Brigade=2");
    battle::add_captured_spec(r, "Heth/1st Brigade=1@Fort Delaware");
    battle::add_loss_spec(r, "Wadsworth/Iron Brigade=1");
    s.battles().report_battle(r, app::Mode::apply);
    s.battles().recover("Gettysburg", {}, app::Mode::apply);
    app::CampaignSettings dated;
    dated.date = k_date;
    s.change_settings(dated);
    return s;
}

std::string golden(const std::string& name, const std::string& actual) {
    const std::string path = std::string(MUSTER_SOURCE_DIR) + "/tests/export/golden/" + name;
    if (std::getenv("MUSTER_UPDATE_GOLDEN")) app::write_file(path, actual);
    return test::file_bytes(path);
}

using test::pdf_text;
using test::shell;

int pdf_pages(const std::string& file) {
    std::smatch m;
    const auto info = shell("pdfinfo " + test::quote(file) + " 2>&1");
    REQUIRE(std::regex_search(info, m, std::regex("Pages:\\s+(\\d+)")));
    return std::stoi(m[1]);
}

test::Export request(const std::string& format, std::optional<std::string> side = std::nullopt,
                           const std::string& viewer = "umpire") {
    test::Export r;
    r.format = format;
    r.request.side = std::move(side);
    r.request.viewer = View::parse(viewer);
    return r;
}

}  // namespace

TEST_CASE("Every format matches its golden file on a fixed seeded campaign") {
    test::TempDir dir;
    auto s = fixed_campaign(dir.file("c.db"));
    for (const char* format : {"text", "md", "csv", "html", "json"}) {
        INFO(format);
        const auto out = test::export_oob(s, request(format));
        CHECK(out == golden(std::string("oob.") + format, out));
        // Every file says muster's version, the campaign, the date and the view.
        if (std::string(format) == "json") {
            CHECK_THAT(out, Contains("\"muster\": \"0.1.0\""));
            CHECK_THAT(out, Contains("\"date\": \"" + k_date.text() + "\"") && Contains("\"turn\": 1"));
        } else {
            CHECK_THAT(out, Contains("muster 0.1.0") && Contains(k_date.text()) && Contains("turn 1") && Contains("umpire"));
        }
    }
    const auto labels = test::export_labels(s, request("html"), {});
    CHECK(labels == golden("labels.html", labels));
    const auto union_view = test::export_oob(s, request("text", std::nullopt, "union"));
    CHECK(union_view == golden("oob_union_view.text", union_view));
}

TEST_CASE("An export walked from the campaign is byte for byte the whole order of battle written, in every format, view and battle") {
    test::TempDir dir;
    auto s = fixed_campaign(dir.file("c.db"));
    // What the walk must reach besides: a corps with nothing in it on either side, a corps'
    // reserve, a revealed grade, and a placeholder the enemy has seen by name.
    s.forces().add_corps("Army of the Potomac", "Empty Corps", {});
    s.forces().add_corps("Army of Northern Virginia", "Empty Rebel Corps", {});
    s.forces().add_battery({"Reserve Battery", "", "Third Corps", ""});
    s.forces().add_division("Third Corps", "Seen Placeholder", "");
    s.forces().set_fog("Seen Placeholder", Fog::seen);
    s.leaders().reveal_grade("Meredith");
    const auto all = s.forces().order_of_battle({});
    const auto battle = s.battles().list(View::umpire()).front();
    const auto fought = db::Battles(s.state().store).battle_divisions(s.battles().named(battle.name, View::umpire()).id);
    const exporter::Provenance p{k_date, Turn::first()};
    for (const auto* viewer : {"umpire", "union", "confederate"})
        for (const auto& side : {std::optional<std::string>(), std::optional<std::string>("union")})
            for (const bool of_battle : {false, true}) {
                INFO(viewer << " " << side.value_or("both sides") << (of_battle ? ", of the battle" : ""));
                app::ExportRequest r;
                r.viewer = View::parse(viewer);
                r.side = side;
                if (of_battle) r.battle = battle.name;
                // The same forces held whole in memory and filtered as the walk filters them.
                army::OrderOfBattle expected;
                expected.campaign = all.campaign;
                expected.view = r.viewer;
                army::OobCollector collect(expected);
                army::OobFilter filter(collect, side, r.viewer,
                                       of_battle ? std::optional(fought) : std::nullopt);
                army::walk(all, filter);
                CHECK(s.exports().oob(r, OobFormat::text) == exporter::in_memory(exporter::oob_text, s.rules(), expected, p));
                CHECK(s.exports().oob(r, OobFormat::md) == exporter::in_memory(exporter::oob_markdown, s.rules(), expected, p));
                CHECK(s.exports().oob(r, OobFormat::csv) == exporter::in_memory(exporter::oob_csv, s.rules(), expected, p));
                CHECK(s.exports().oob(r, OobFormat::html) == exporter::in_memory(exporter::oob_html, s.rules(), expected, p));
                CHECK(s.exports().oob(r, OobFormat::json) == exporter::in_memory(exporter::oob_json, s.rules(), expected, p));
                CHECK(s.exports().oob(r, OobFormat::pdf) == exporter::in_memory(exporter::oob_pdf, s.rules(), expected, p));
                CHECK(s.exports().labels(r, LabelFormat::html, {}) == exporter::in_memory(exporter::labels_html, s.rules(), expected, p, exporter::LabelSheet{}));
            }
}

TEST_CASE("A walk is the whole order of battle, in whatever order its units were added") {
    // The walk reads each kind of content forward in the order of its unit's id, begun again
    // where the walk reaches a unit out of that order: units made late in early corps and
    // divisions, interleaved between the sides, hidden and seen, reach every case of it.
    for (const unsigned seed : {1u, 2u, 3u, 4u}) {
        INFO("seed " << seed);
        test::TempDir dir;
        auto s = test::empty_campaign(dir.file("c.db"), "Shuffled");
        std::mt19937 random(seed);
        const auto pick = [&](const std::vector<std::string>& from) { return from[random() % from.size()]; };
        std::vector<std::string> armies, corps, divisions;
        int made = 0;
        for (const char* side : {"union", "confederate"}) {
            armies.push_back(fmt::format("Army {}", made++));
            s.forces().add_army(side, armies.back(), {});
        }
        for (int step = 0; step < 60; ++step) {
            const auto name = fmt::format("Unit {}", made++);
            switch (corps.empty() ? 0 : divisions.empty() ? 1 : random() % 6) {
                case 0: s.forces().add_corps(pick(armies), name, {}); corps.push_back(name); break;
                case 1: s.forces().add_division(pick(corps), name, "infantry"); divisions.push_back(name); break;
                case 2:
                case 3: s.forces().add_brigade({pick(divisions), name, "veteran", 7, std::nullopt, "", "", {}}); break;
                case 4: s.forces().add_battery(random() % 3 ? app::BatteryEntry{name, pick(divisions), "", ""} : app::BatteryEntry{name, "", pick(corps), ""}); break;
                case 5:  // (refused where the division is so already)
                    try {
                        s.forces().set_fog(pick(divisions), random() % 2 ? Fog::seen : Fog::hidden);
                    } catch (const Error&) {
                    }
                    break;
            }
        }
        const auto all = s.forces().order_of_battle({});
        const exporter::Provenance p{std::nullopt, Turn::first()};
        for (const auto* viewer : {"umpire", "union", "confederate"}) {
            INFO(viewer);
            app::ExportRequest r;
            r.viewer = View::parse(viewer);
            army::OrderOfBattle expected;
            expected.campaign = all.campaign;
            expected.view = r.viewer;
            army::OobCollector collect(expected);
            army::OobFilter filter(collect, std::nullopt, r.viewer, std::nullopt);
            army::walk(all, filter);
            CHECK(s.exports().oob(r, OobFormat::json) == exporter::in_memory(exporter::oob_json, s.rules(), expected, p));
        }
    }
}

TEST_CASE("A walk for a side's view never reads what the enemy's hidden divisions hold, and reads the rest whole") {
    test::TempDir dir;
    auto s = fixed_campaign(dir.file("c.db"));
    // The Union's view of the Confederates: it does not read what their hidden divisions hold.
    struct Heard : army::OobVisitor {
        std::string side;
        std::map<std::string, size_t> units;  // division -> brigades and batteries heard
        void army(const army::Army& a) override { side = a.side; }
        void corps(const army::Corps&) override {}
        void division(const army::Division& d) override { units[d.name] = d.brigades.size() + d.batteries.size(); }
        void end_corps() override {}
        void end_army() override {}
        bool reads_hidden_contents(const army::Army& a) const override { return a.side == "union"; }
    } heard;
    db::Rosters(s.state().store).walk_oob(s.current().id, heard);
    const auto all = s.forces().order_of_battle({});
    int hidden_enemy = 0;
    for (const auto& a : all.armies)
        for (const auto& k : a.corps)
            for (const auto& d : k.divisions) {
                INFO(d.name);
                const bool unread = d.hidden && a.side != "union";
                hidden_enemy += unread && !d.brigades.empty() ? 1 : 0;
                CHECK(heard.units.at(d.name) == (unread ? 0 : d.brigades.size() + d.batteries.size()));
            }
    CHECK(hidden_enemy > 0);  // the campaign has one for the walk to pass over
}

TEST_CASE("A PDF holds no clock: the same sheet printed a second later is the same bytes") {
    test::TempDir dir;
    auto s = fixed_campaign(dir.file("c.db"));
    const auto oob = test::export_oob(s, request("pdf", std::nullopt, "union"));
    const auto labels = test::export_labels(s, request("pdf"), {});
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    CHECK(test::export_oob(s, request("pdf", std::nullopt, "union")) == oob);
    CHECK(test::export_labels(s, request("pdf"), {}) == labels);
    CHECK(oob.find("/CreationDate") == std::string::npos);
}

TEST_CASE("A text table's columns line up on a terminal whatever script a name is in - wide characters take two columns, a combining mark none") {
    exporter::TextTable t;
    t.add({"\u7B2C\u4E00\u65C5\u56E3 \U0001F409", "6/6"});  // four CJK characters and a dragon: 11 columns
    t.add({"Zo\u00EB's Brigade", "6/6"});                 // 13
    t.add({"e\u0301te", "6/6"});                          // "ete" with its accent set on the e: 3
    CHECK(t.render() == "\u7B2C\u4E00\u65C5\u56E3 \U0001F409    6/6\n"
                        "Zo\u00EB's Brigade  6/6\n"
                        "e\u0301te            6/6\n");
}

TEST_CASE("CSV quotes by RFC 4180") {
    test::TempDir dir;
    auto s = fixed_campaign(dir.file("c.db"));
    s.forces().add_brigade({"Wadsworth", "Cutler, \"Old Iron\"", "veteran", 7, std::nullopt, "", "", {}});
    const auto csv = test::export_oob(s, request("csv"));
    CHECK_THAT(csv, Contains(",\"Cutler, \"\"Old Iron\"\"\",infantry,7,7,"));
    CHECK(csv.find("\r\n") != std::string::npos);
    // The header comes first and every record has its number of fields, the provenance last.
    const auto records = test::csv_records(csv);
    REQUIRE(records.size() > 10);
    CHECK(records.front().front() == "side");
    CHECK(records.front().back() == "view");
    for (const auto& r : records) {
        INFO(join(r, "|"));
        CHECK(r.size() == records.front().size());
        if (&r != &records.front()) CHECK(r.back() == "umpire's view");
    }
    const auto totals = std::count_if(records.begin(), records.end(), [](const auto& r) { return r[4].find(" total") != std::string::npos; });
    CHECK(totals == 5 /* divisions */ + 2 /* corps */ + 2 /* armies */ + 2 /* sides */);
}

TEST_CASE("A CSV cell a spreadsheet would evaluate is neutralised, and Markdown escapes its specials") {
    test::TempDir dir;
    auto s = fixed_campaign(dir.file("c.db"));
    const std::vector<std::string> formulas = {"=HYPERLINK(\"http:x\";\"click\")", "+1+1", "-1-1", "@SUM(A1)"};
    for (const auto& f : formulas) s.forces().add_brigade({"Wadsworth", f, "green", 6, std::nullopt, "", "", {}});
    s.forces().add_brigade({"Wadsworth", "Smith & Wesson *bold* [link](x)", "green", 6, std::nullopt, "", "", {}});
    const auto records = test::csv_records(test::export_oob(s, request("csv")));
    int neutralised = 0;
    for (const auto& r : records)
        for (const auto& cell : r) {
            INFO(cell);
            CHECK(std::string_view("=+-@\t\r").find(cell.empty() ? 'x' : cell.front()) == std::string_view::npos);
            for (const auto& f : formulas) neutralised += cell == "'" + f;
        }
    CHECK(neutralised == static_cast<int>(formulas.size()));
    const auto md = test::export_oob(s, request("md"));
    CHECK_THAT(md, Contains("Smith &amp; Wesson \\*bold\\* \\[link\\](x)"));
}

TEST_CASE("A reserve's name that begins its Markdown line begins no list there") {
    for (const auto& [reserve, written] : std::vector<std::pair<std::string, std::string>>{
             {"1. Corps Reserve", "1\\. Corps Reserve"}, {"12) Corps Reserve", "12\\) Corps Reserve"}, {"- Corps Reserve", "\\- Corps Reserve"},
             {"+ Corps Reserve", "\\+ Corps Reserve"}, {"Corps Reserve 1. - +", "Corps Reserve 1. - +"}}) {
        INFO(reserve);
        test::TempDir dir;
        { fixed_campaign(dir.file("c.db")); }
        test::raw_sql(dir.file("c.db"), "UPDATE campaign SET rules_json = replace(rules_json, '\"Corps Artillery Reserve\"', '\"" + reserve + "\"')");
        app::Session s(dir.file("c.db"), app::Open::existing);
        CHECK_THAT(test::export_oob(s, request("md")), Contains("\n\n" + written + " of Third Corps: 2 batteries"));
    }
}

TEST_CASE("A damaged name (an invalid byte, control, bidi and invisible characters) is written as valid JSON, to a file and to the terminal") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    { test::make_campaign(db); }
    // "Le\xFFe", DEL, U+0085, U+202E, U+200B: bytes no name muster takes holds, from a file written by something else.
    test::raw_sql(db, "UPDATE leader SET name = CAST(X'4C65FF65207F20C28520E280AE20E2808B' AS TEXT) WHERE name = 'R. E. Lee'");
    const auto shown = test::run_muster("--db " + db + " oob --format json");
    REQUIRE(shown.code == 0);
    REQUIRE(test::run_muster("--db " + db + " export oob -o " + dir.file("o.json")).code == 0);
    for (const auto& text : {shown.out, test::file_bytes(dir.file("o.json"))}) {
        CHECK_NOTHROW(json::Document(text, "o.json"));
        CHECK_THAT(text, Contains(R"("name": "Le\uFFFDe \u007F \u0085 \u202E \u200B")"));
    }
}

TEST_CASE("A battery given a division before it arrives is shown where its totals count it - in every format") {
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));  // Pender: a placeholder
    s.forces().add_battery({"Pegram Battery", "Pender", "", ""});
    for (const char* format : {"text", "md", "csv", "html", "json", "pdf"}) {
        INFO(format);
        auto bytes = test::export_oob(s, request(format));
        if (std::string(format) == "pdf") {
            app::write_file(dir.file("x.pdf"), bytes);
            bytes = pdf_text(dir.file("x.pdf"));
        }
        CHECK_THAT(bytes, Contains("Pegram Battery"));
    }
}

TEST_CASE("A side's export leaves out every enemy division it has not seen - in every format") {
    test::TempDir dir;
    auto s = fixed_campaign(dir.file("c.db"));
    auto text_of = [&](const std::string& format, const std::string& viewer, bool labels) {
        auto r = request(format, std::nullopt, viewer);
        const auto bytes = labels ? test::export_labels(s, r, {}) : test::export_oob(s, r);
        if (format != "pdf") return bytes;
        app::write_file(dir.file("x.pdf"), bytes);
        return pdf_text(dir.file("x.pdf"));
    };
    for (const char* format : {"text", "md", "csv", "html", "json", "pdf"}) {
        INFO(format);
        const auto umpire = text_of(format, "umpire", false);
        const auto union_view = text_of(format, "union", false);
        CHECK_THAT(umpire, Contains("Hidden Longstreet"));
        CHECK_THAT(umpire, Contains("Kershaw Secret"));
        CHECK(union_view.find("Hidden Longstreet") == std::string::npos);
        CHECK(union_view.find("Kershaw Secret") == std::string::npos);
        CHECK(union_view.find("Kershaw") == std::string::npos);
        CHECK(union_view.find("Anderson") == std::string::npos);  // arrived, not revealed
        CHECK_THAT(union_view, Contains("Heth"));                   // not revealed, but it fought the Union
        CHECK_THAT(union_view, Contains("Pender"));            // revealed
        CHECK_THAT(union_view, Contains("Iron Brigade"));      // its own
    }
    for (const char* format : {"html", "pdf"}) {
        INFO("labels " << format);
        CHECK(text_of(format, "union", true).find("Kershaw Secret") == std::string::npos);
        CHECK_THAT(text_of(format, "umpire", true), Contains("Kershaw Secret"));
    }
}

TEST_CASE("The HTML renders in headless Chromium and a script-named brigade does not run") {
    test::TempDir dir;
    auto s = fixed_campaign(dir.file("c.db"));
    app::write_file(dir.file("oob.html"), test::export_oob(s, request("html")));
    const std::string chromium = "chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
                                 "--disable-background-networking --disable-component-update --disable-sync --user-data-dir=" +
                                 dir.file("profile");
    const auto dom = shell(chromium + " --dump-dom file://" + dir.file("oob.html") + " 2>/dev/null");
    REQUIRE_THAT(dom, Contains("Iron Brigade"));  // it rendered
    CHECK_THAT(dom, Contains("<title>Order of battle: Test</title>"));
    CHECK(dom.find("PWNED</title>") == std::string::npos);
    CHECK_THAT(dom, Contains("&lt;script&gt;document.title='PWNED'&lt;img"));
    CHECK(dom.find("<img src=\"x\"") == std::string::npos);
    shell(chromium + " --screenshot=" + dir.file("oob.png") + " --window-size=1000,800 file://" + dir.file("oob.html") + " 2>/dev/null");
    CHECK(std::filesystem::file_size(dir.file("oob.png")) > 10000);
}

namespace {

// What of a label sheet's HTML Chromium lays out past its room, hidden: each label whose lines
// run past its foot and each line whose text runs past its own box, by its text (a line cut by
// Chromium's ellipsis on one line shows that it is cut, and is not counted).
std::string clipped_in_chromium(const test::TempDir& dir, const std::string& html) {
    const auto probe = dir.file("probe.html");
    std::string page = test::file_bytes(html);
    page.insert(page.rfind("</body>"), "<pre id=\"clipped\"></pre><script>for (const e of document.querySelectorAll('.label, .label div.two'))"
                                       " if (e.scrollHeight > e.clientHeight + 1) document.getElementById('clipped').append('[' + e.textContent + ']');</script>");
    app::write_file(probe, page);
    const auto dom = shell("chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-component-update --user-data-dir=" + dir.file("profile") +
                           " --dump-dom file://" + probe + " 2>/dev/null");
    REQUIRE_THAT(dom, Contains("<pre id=\"clipped\">"));  // it rendered
    const auto from = dom.find("<pre id=\"clipped\">") + 18;
    return dom.substr(from, dom.find("</pre>", from) - from);
}

}  // namespace

TEST_CASE("An HTML order of battle stays as wide as its paper however long a name of no spaces - the name breaks in its cell") {
    test::TempDir dir;
    const auto db = test::quote(dir.file("c.db"));
    for (const std::string& command : std::vector<std::string>{"campaign new T --rules acw --date 1863-07-01", "add army A --side union --leader Meade --grade average",
                                      "add corps K --army A --leader Reynolds --grade average", "add division D --corps K",
                                      "add brigade " + std::string(100, 'Z') + " --division D --rating crack --stands 6 --leader " + std::string(72, 'W') + " --grade average"})
        REQUIRE(test::run_muster("--db " + db + " " + command).code == 0);
    const auto html = dir.file("oob.html"), probe = dir.file("probe.html");
    REQUIRE(test::run_muster("--db " + db + " export oob --format html -o " + test::quote(html)).code == 0);
    // Laid out 700 px wide (a sheet's printed width): is the page wider than that, and are the
    // short columns whole (their headings not broken within a word)?
    std::string page = test::file_bytes(html);
    page.insert(page.rfind("</body>"), "<pre id=\"width\"></pre><script>document.getElementById('width').append(document.documentElement.scrollWidth + ' ' + "
                                       "[...document.querySelectorAll('th')].map(e => e.getClientRects().length + ':' + (e.scrollHeight > 30 ? 'tall' : 'one')).join(','));</script>");
    app::write_file(probe, page);
    const auto dom = shell("chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-component-update --window-size=700,900 --user-data-dir=" +
                           dir.file("profile") + " --dump-dom file://" + probe + " 2>/dev/null");
    REQUIRE_THAT(dom, Contains("<pre id=\"width\">"));  // it rendered
    const auto from = dom.find("<pre id=\"width\">") + 16;
    const auto said = dom.substr(from, dom.find("</pre>", from) - from);
    INFO(said);
    CHECK(std::stoi(said) <= 700);
    CHECK(said.find("tall") == std::string::npos);  // no heading broken over lines
}

TEST_CASE("HTML labels printed by Chromium hold each line whole: a long name is set smaller, not cut off") {
    test::TempDir dir;
    const auto db = test::quote(dir.file("c.db"));
    // Names of a L'Ordre Mixte army: each line of its labels too wide for 60 mm at its size.
    const std::vector<std::string> names = {"Colberg Infantry Regiment", "1st Neumark Landwehr", "9th Reserve Infantry Regiment", "Guard Fusiliers"};
    for (const std::string command : {"campaign new T --rules napoleonic --date 1813-08-23 --seed 1", "add army Nord --side allies --leader Bernadotte --grade average",
                                      "add corps \"III Corps\" --army Nord --leader Bulow --grade exceptional", "add division Thümen --corps \"III Corps\""})
        REQUIRE(test::run_muster("--db " + db + " " + command).code == 0);
    for (const auto& name : names)
        REQUIRE(test::run_muster("--db " + db + " add brigade \"" + name + "\" --division Thümen --rating veteran_guard --stands 7 --leader \"Klux " + name.substr(0, 3) +
                                 "\" --grade exceptional").code == 0);
    for (const std::string size : {"60x20", "50x18", "40x15"}) {
        INFO(size);
        const auto html = dir.file("labels-" + size + ".html"), printed = dir.file("printed-" + size + ".pdf");
        REQUIRE(test::run_muster("--db " + db + " export labels --size " + size + " -o " + test::quote(html)).code == 0);
        shell("chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-component-update --no-pdf-header-footer --user-data-dir=" +
              dir.file("profile") + " --print-to-pdf=" + printed + " file://" + html + " 2>/dev/null");
        const auto text = shell("pdftotext -raw " + printed + " - 2>&1");  // each label's lines as they are, not laid out in columns
        REQUIRE_THAT(text, Contains("Bernadotte"));  // it printed
        for (const auto& name : names) CHECK_THAT(text, Contains(name));
        for (const char* line : {"7/4/3 Veteran Guard EXC", "Corps commander, III Corps", "Army commander, Nord"}) CHECK_THAT(text, Contains(line));
        CHECK(text.find("…") == std::string::npos);  // nothing cut with an ellipsis
        CHECK(clipped_in_chromium(dir, html).empty());
    }
}

namespace {

// Each page of a PDF, its line at the foot (the words whose boxes reach the height of the
// lowest word), in order: a line printed over another holds the words of both.
std::vector<std::string> page_feet(const std::string& pdf) {
    const auto boxes = shell("pdftotext -bbox " + test::quote(pdf) + " - 2>/dev/null");
    const std::regex word(R"re(<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="[0-9.]+" yMax="([0-9.]+)">([^<]*)</word>)re");
    std::vector<std::string> feet;
    for (size_t at = boxes.find("<page"); at != std::string::npos; at = boxes.find("<page", at + 1)) {
        const auto page = boxes.substr(at, boxes.find("</page>", at) - at);
        std::vector<std::tuple<double, double, double, std::string>> words;  // x, top, bottom, text
        for (std::sregex_iterator i(page.begin(), page.end(), word), end; i != end; ++i)
            words.emplace_back(std::stod((*i)[1]), std::stod((*i)[2]), std::stod((*i)[3]), (*i)[4]);
        double top = 0;
        for (const auto& w : words) top = std::max(top, std::get<1>(w));
        std::sort(words.begin(), words.end());
        std::string foot;
        for (const auto& [x, y0, y1, text] : words)
            if (y1 > top) foot += (foot.empty() ? "" : " ") + text;
        feet.push_back(foot);
    }
    return feet;
}

}  // namespace

TEST_CASE("HTML printed by Chromium says where it came from at the foot of every page, over nothing") {
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    for (int i = 0; i < 100; ++i) s.forces().add_brigade({"Wadsworth", "Brigade " + std::to_string(i), "veteran", 6, std::nullopt, "", "", {}});
    for (const std::string what : {"oob", "labels"}) {
        INFO(what);
        const auto html = dir.file(what + ".html"), printed = dir.file(what + ".pdf");
        app::write_file(html, what == "oob" ? test::export_oob(s, request("html")) : test::export_labels(s, request("html"), {60, 20, "a4"}));
        shell("chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-component-update --no-pdf-header-footer --user-data-dir=" +
              dir.file("profile") + " --print-to-pdf=" + printed + " file://" + html + " 2>/dev/null");
        const auto feet = page_feet(printed);
        REQUIRE(feet.size() >= 2);
        for (size_t page = 0; page < feet.size(); ++page) {
            INFO("page " << page + 1);
            CHECK(feet[page].rfind("muster 0.1.0 | Test | turn 1 | umpire&apos;s view", 0) == 0);
            CHECK(feet[page].find("Brigade") == std::string::npos);  // no line of the order of battle beneath it
            CHECK(feet[page].find("Total") == std::string::npos);
        }
    }
}

TEST_CASE("An order-of-battle PDF opens no page with a corps's or an army's total: it goes over with what it totals") {
    // Brigades added one by one to the first division move every page break down a line at a
    // time, past each total in turn.
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    s.forces().add_corps("Army of the Potomac", "XI Corps", {"Howard", "average"});
    for (const char* d : {"Barlow", "Steinwehr", "Schurz"}) {
        s.forces().add_division("XI Corps", d, "");
        for (int b = 1; b <= 4; ++b) s.forces().add_brigade({d, std::to_string(b) + "th Brigade", "veteran", 6, std::nullopt, "", "", {}});
    }
    int pages_seen = 0;
    for (int extra = 0; extra < 60; ++extra) {
        s.forces().add_brigade({"Wadsworth", "Extra " + std::to_string(extra), "veteran", 6, std::nullopt, "", "", {}});
        app::write_file(dir.file("oob.pdf"), test::export_oob(s, request("pdf")));
        const int pages = pdf_pages(dir.file("oob.pdf"));
        pages_seen = std::max(pages_seen, pages);
        for (int page = 2; page <= pages; ++page) {
            std::istringstream text(shell("pdftotext -f " + std::to_string(page) + " -l " + std::to_string(page) + " -layout " + test::quote(dir.file("oob.pdf")) + " - 2>/dev/null"));
            std::string first;
            for (std::string l; std::getline(text, l);)
                if (const auto t = std::string(trim(l)); !t.empty() && t.rfind("muster 0.1.0", 0) != 0) {
                    first = t;
                    break;
                }
            INFO("extra " << extra << ", page " << page << ": " << first);
            CHECK(first.rfind("Total of", 0) != 0);
        }
    }
    CHECK(pages_seen >= 2);  // the breaks were there to test
}

TEST_CASE("The PDF has its pages and its text holds every brigade") {
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    // Enough hand-entered brigades for several pages of labels: 100 labels at 39 a page.
    for (int i = 0; i < 100; ++i)
        s.forces().add_brigade({"Wadsworth", "Brigade " + std::to_string(i), "veteran", 6, std::nullopt, "", "", {}});
    app::write_file(dir.file("labels.pdf"), test::export_labels(s, request("pdf"), {60, 20, "a4"}));
    CHECK(pdf_pages(dir.file("labels.pdf")) == 3);
    app::write_file(dir.file("letter.pdf"), test::export_labels(s, request("pdf"), {90, 30, "letter"}));
    CHECK(pdf_pages(dir.file("letter.pdf")) == 7);  // 2 across, 8 down on Letter: 16 a page
    app::write_file(dir.file("oob.pdf"), test::export_oob(s, request("pdf")));
    CHECK(pdf_pages(dir.file("oob.pdf")) >= 2);
    const auto text = pdf_text(dir.file("oob.pdf"));
    for (int i = 0; i < 100; ++i) CHECK_THAT(text, Contains("Brigade " + std::to_string(i) + " "));
    CHECK_THAT(text, Contains("muster 0.1.0 | Test | turn 1 | umpire's view"));
    CHECK_THAT(pdf_text(dir.file("labels.pdf")), Contains("6/4/3 Veteran"));
}

namespace {

// The text of each page of a PDF, laid out (pdftotext ends every page with a form feed).
std::vector<std::string> page_texts(const std::string& file) {
    const auto text = pdf_text(file);
    std::vector<std::string> pages;
    for (size_t from = 0, end; (end = text.find('\f', from)) != std::string::npos; from = end + 1) pages.push_back(text.substr(from, end - from));
    return pages;
}

size_t count_of(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("HTML labels printed by Chromium show a name too long for two lines cut with an ellipsis, never silently") {
    test::TempDir dir;
    const auto db = test::quote(dir.file("c.db"));
    const std::string guards = "The Most Honourable and Ancient Regiment of Foot Guards of His Britannic Majesty King George the Third";
    // Names from one that fits two lines to the longest muster takes (200 characters), with
    // characters past ASCII and ones HTML escapes.
    const std::vector<std::string> names = {guards, guards + ", Second Battalion, Light Company detached",
                                            "Régiment d'infanterie légère & <chasseurs> " + std::string(120, 'x') + " end",
                                            std::string(200, 'W')};
    for (const std::string command : {"campaign new T --rules awi --date 1777-09-01 --seed 1", "add army Howe --side british --leader Howe --grade cautious",
                                      "add corps Column --army Howe --leader Cornwallis --grade aggressive", "add division Guards --corps Column"})
        REQUIRE(test::run_muster("--db " + db + " " + command).code == 0);
    for (const auto& name : names)
        REQUIRE(test::run_muster("--db " + db + " add brigade " + test::quote(name) + " --division Guards --rating crack --stands 8").code == 0);
    const auto squashed = [](std::string t) {  // a text without its spaces and line breaks: Chromium breaks the lines
        std::erase_if(t, [](char c) { return c == ' ' || c == '\n'; });
        return t;
    };
    for (const std::string size : {"60x20", "40x15"}) {
        INFO(size);
        const auto html = dir.file("labels-" + size + ".html"), printed = dir.file("printed-" + size + ".pdf");
        REQUIRE(test::run_muster("--db " + db + " export labels --size " + size + " -o " + test::quote(html)).code == 0);
        shell("chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-component-update --no-pdf-header-footer --user-data-dir=" +
              dir.file("profile") + " --print-to-pdf=" + printed + " file://" + html + " 2>/dev/null");
        const auto text = squashed(shell("pdftotext -raw " + printed + " - 2>&1"));
        REQUIRE_THAT(text, Contains("Cornwallis"));  // it printed
        for (const auto& name : names) {
            INFO(name);
            // Each name printed whole, or its beginning and an ellipsis: all that is kept shows.
            size_t kept = 0;
            while (kept < name.size() && text.find(squashed(name.substr(0, kept + 1))) != std::string::npos) ++kept;
            CHECK(kept >= 40);
            if (kept < name.size()) CHECK_THAT(text, Contains(squashed(name.substr(0, kept)) + "\u2026"));
        }
        CHECK(count_of(text, "Crack") == 4);  // and every label's last line is on it
        CHECK(clipped_in_chromium(dir, html).empty());
    }
}

TEST_CASE("Every page of a printed sheet says page N of M, the campaign, its date and turn, and the view") {
    test::TempDir dir;
    auto s = fixed_campaign(dir.file("c.db"));
    for (int i = 0; i < 120; ++i) s.forces().add_brigade({"Wadsworth", "Brigade " + std::to_string(i), "veteran", 6, std::nullopt, "", "", {}});
    s.season().next_turn();
    const auto c = s.current();
    REQUIRE(c.turn.text() == "turn 2");
    REQUIRE(c.date);
    for (const auto& [viewer, view] : std::vector<std::pair<std::string, std::string>>{{"umpire", "umpire's view"}, {"union", "view of the Union"}}) {
        app::write_file(dir.file("oob.pdf"), test::export_oob(s, request("pdf", std::nullopt, viewer)));
        app::write_file(dir.file("labels.pdf"), test::export_labels(s, request("pdf", std::nullopt, viewer), {}));
        for (const char* file : {"oob.pdf", "labels.pdf"}) {
            INFO(file << " as " << viewer);
            const auto pages = page_texts(dir.file(file));
            REQUIRE(pages.size() >= 2);
            REQUIRE(static_cast<int>(pages.size()) == pdf_pages(dir.file(file)));
            for (size_t i = 0; i < pages.size(); ++i) {
                INFO("page " << i + 1);
                CHECK_THAT(pages[i], Contains("page " + std::to_string(i + 1) + " of " + std::to_string(pages.size())));
                CHECK_THAT(pages[i], Contains("muster 0.1.0 | " + c.name + " | " + c.date->text() + " | turn 2 | " + view));
            }
        }
    }
}

TEST_CASE("A division's heading, its table and its totals are kept on one page, a corps's or army's heading with what comes first under it") {
    test::TempDir dir;
    app::Session s(dir.file("c.db"), app::Open::create);
    app::NewCampaign n;
    n.name = "G";
    n.sample = "gettysburg";
    s.create_campaign(n);
    s.season().next_turn();  // the divisions due on the first day arrive: pages of them
    app::write_file(dir.file("oob.pdf"), test::export_oob(s, request("pdf")));
    const auto pages = page_texts(dir.file("oob.pdf"));
    REQUIRE(pages.size() >= 2);
    size_t divisions = 0;
    for (size_t i = 0; i < pages.size(); ++i) {
        INFO("page " << i + 1 << ":\n" << pages[i]);
        // Each table's header ("... Label ...") with its division's "Total:" on the same page.
        CHECK(count_of(pages[i], "Label") == count_of(pages[i], "Total: "));
        divisions += count_of(pages[i], "Total: ");
        // Every page's text ends with a total (a division's, a corps's, an army's or a side's),
        // never with a heading whose contents went over to the next page.
        std::istringstream lines(pages[i]);
        std::string last;
        for (std::string line; std::getline(lines, line);)
            if (line.find_first_not_of(" \f") != std::string::npos && line.find("page " + std::to_string(i + 1) + " of") == std::string::npos) last = line;
        CHECK_THAT(last, Contains(" batteries") || Contains(" battery"));
    }
    CHECK(divisions >= 8);
}

TEST_CASE("The order of battle PDF names its theater once, under its title, and a division elsewhere its own") {
    test::TempDir dir;
    auto s = fixed_campaign(dir.file("c.db"));  // Heth, Pender and Anderson arrived in the east
    const auto oob_text = [&] {
        app::write_file(dir.file("oob.pdf"), test::export_oob(s, request("pdf")));
        return pdf_text(dir.file("oob.pdf"));
    };
    auto text = oob_text();
    CHECK(count_of(text, "Eastern Theater of Operations") == 1);
    CHECK(text.find("Eastern Theater of Operations") < text.find("Army of"));
    CHECK_THAT(text, Contains("Heth (Infantry, 1863, seen)"));
    s.forces().add_division("Third Corps", "Rodes", "");
    app::ArrivalRequest west;
    west.division = "Rodes";
    west.year = 1863;
    west.theater = "west";
    s.arrivals().arrive(west);
    text = oob_text();
    CHECK(count_of(text, "Eastern Theater of Operations") == 1);
    CHECK_THAT(text, Contains("Rodes (Infantry, 1863, Western Theater of Operations, hidden)"));
    CHECK(count_of(text, "Western Theater of Operations") == 1);
}

TEST_CASE("Labels name the brigadier when asked, never one the view hides, and so do the handout's when asked") {
    test::TempDir dir;
    auto s = fixed_campaign(dir.file("c.db"));  // Meredith leads the Iron Brigade; Kershaw the hidden Kershaw Secret
    const auto labels = [&](const std::string& format, const std::string& viewer, bool brigadier) {
        exporter::LabelSheet sheet;
        sheet.brigadier = brigadier;
        const auto bytes = test::export_labels(s, request(format, std::nullopt, viewer), sheet);
        if (format != "pdf") return bytes;
        app::write_file(dir.file("labels.pdf"), bytes);
        return pdf_text(dir.file("labels.pdf"));
    };
    for (const char* format : {"pdf", "html"}) {
        INFO(format);
        CHECK_THAT(labels(format, "umpire", true), Contains("Meredith"));
        CHECK(labels(format, "umpire", false).find("Meredith") == std::string::npos);
        const auto union_view = labels(format, "union", true);
        CHECK_THAT(union_view, Contains("Meredith"));
        CHECK(union_view.find("Kershaw") == std::string::npos);
    }
    CHECK_THAT(labels("html", "umpire", true), Contains("<div class=\"brigadier\" style=\"font-size: 2.85714mm\">Kershaw</div>"));
    // The handout: no brigadier unless asked for.
    for (const bool brigadier : {false, true}) {
        exporter::LabelSheet sheet;
        sheet.brigadier = brigadier;
        s.exports().write_handout("union", dir.file("handout"), [](const std::string&, std::uintmax_t) {}, {}, sheet);
        CHECK((pdf_text(dir.file("handout/labels.pdf")).find("Meredith") != std::string::npos) == brigadier);
    }
}

namespace {

// A page of a PDF rendered in grey at `dpi`: its width, height and one byte a pixel (255 white).
struct Grey {
    int width = 0, height = 0;
    std::string pixels;
    int at(int x, int y) const { return static_cast<unsigned char>(pixels[static_cast<size_t>(y * width + x)]); }
};

Grey render_page(const std::string& pdf, int page, int dpi) {
    const auto base = pdf + ".page";
    shell("pdftoppm -gray -r " + std::to_string(dpi) + " -f " + std::to_string(page) + " -l " + std::to_string(page) +
          " -singlefile " + test::quote(pdf) + " " + test::quote(base));
    std::ifstream in(base + ".pgm", std::ios::binary);
    std::string magic;
    Grey g;
    int max = 0;
    in >> magic >> g.width >> g.height >> max;
    in.get();
    g.pixels.assign(static_cast<size_t>(g.width * g.height), '\0');
    in.read(g.pixels.data(), static_cast<std::streamsize>(g.pixels.size()));
    REQUIRE(magic == "P5");
    return g;
}

// The share of pixels darker than white along a horizontal or vertical run, in points.
double inked(const Grey& g, double dpi, double x0, double y0, double x1, double y1) {
    const double k = dpi / 72.0;
    int dark = 0, all = 0;
    for (double t = 0; t <= 1; t += 0.002) {
        const int x = static_cast<int>((x0 + (x1 - x0) * t) * k), y = static_cast<int>((y0 + (y1 - y0) * t) * k);
        bool any = false;  // the line may fall on either pixel of its position
        for (int d = -1; d <= 1; ++d)
            any = any || (y0 == y1 ? g.at(x, y + d) : g.at(x + d, y)) < 245;
        dark += any;
        ++all;
    }
    return static_cast<double>(dark) / all;
}

}  // namespace

TEST_CASE("The label sheet's cut lines run along every label and nowhere else") {
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    // 100 labels: the brigades' and their corps and division leaders'.
    const int before = static_cast<int>(exporter::label_texts(s.rules(), s.forces().order_of_battle({std::nullopt, View::umpire()})).size());
    for (int i = before; i < 100; ++i)
        s.forces().add_brigade({"Wadsworth", "Brigade " + std::to_string(i), "veteran", 6, std::nullopt, "", "", {}});
    app::write_file(dir.file("labels.pdf"), test::export_labels(s, request("pdf"), {60, 20, "a4"}));
    REQUIRE(pdf_pages(dir.file("labels.pdf")) == 3);  // 39 a page (3 across, 13 down): 22 on the last
    const double mm = 72 / 25.4, left = 10 * mm, top = 20 * mm, w = 60 * mm, h = 20 * mm, dpi = 144;
    const auto first = render_page(dir.file("labels.pdf"), 1, 144);
    for (int r = 0; r <= 13; ++r) CHECK(inked(first, dpi, left + 2, top + r * h, left + 3 * w - 2, top + r * h) > 0.4);
    for (int c = 0; c <= 3; ++c) CHECK(inked(first, dpi, left + c * w, top + 2, left + c * w, top + 13 * h - 2) > 0.4);
    // The last page: seven full rows and one label in the eighth.
    const auto last = render_page(dir.file("labels.pdf"), 3, 144);
    for (int r = 0; r <= 7; ++r) CHECK(inked(last, dpi, left + 2, top + r * h, left + 3 * w - 2, top + r * h) > 0.4);
    CHECK(inked(last, dpi, left + 2, top + 8 * h, left + w - 2, top + 8 * h) > 0.4);         // under the last label
    CHECK(inked(last, dpi, left + w + 2, top + 8 * h, left + 3 * w - 2, top + 8 * h) == 0);  // no label there
    CHECK(inked(last, dpi, left + w, top + 7 * h + 2, left + w, top + 8 * h - 2) > 0.4);     // its right edge
    CHECK(inked(last, dpi, left + 3 * w, top + 7 * h + 2, left + 3 * w, top + 8 * h - 2) == 0);
    CHECK(inked(last, dpi, left + 2, top + 9 * h, left + 3 * w - 2, top + 9 * h) == 0);
}

TEST_CASE("What a killed muster left half written beside a file is cleared when the file is next written, another's at work is not") {
    test::TempDir dir;
    // A process that has ended: its number names no process now.
    const pid_t dead = ::fork();
    if (dead == 0) ::_exit(0);
    ::waitpid(dead, nullptr, 0);
    const auto target = dir.file("oob.txt");
    const auto stale = target + ".part-" + std::to_string(dead), live = target + ".part-" + std::to_string(::getppid());
    const auto stale_folder = dir.file("papers.part-" + std::to_string(dead));
    const auto fresh = target + ".part-" + std::to_string(dead) + "0";  // its process gone, but written a moment ago
    for (const auto& f : {stale, live, fresh}) app::write_file(f, std::string_view("half"));
    std::filesystem::create_directory(stale_folder);
    app::write_file(stale_folder + "/oob.pdf", std::string_view("half"));
    // Left an hour ago (a part being written on another machine sharing the folder is newer).
    const auto hour_ago = std::filesystem::file_time_type::clock::now() - std::chrono::hours(1);
    for (const auto& f : {stale, live, stale_folder}) std::filesystem::last_write_time(f, hour_ago);
    app::write_file(target, std::string_view("whole"));
    CHECK(test::file_bytes(target) == "whole");
    CHECK_FALSE(std::filesystem::exists(stale));
    CHECK(std::filesystem::exists(live));  // its muster may still be writing it
    CHECK(std::filesystem::exists(fresh));  // another machine's, perhaps
    CHECK(std::filesystem::exists(stale_folder));  // another stem's
    CHECK(app::part_of(dir.file("papers")) == dir.file("papers.part-" + std::to_string(::getpid())));
    CHECK_FALSE(std::filesystem::exists(stale_folder));  // a handout folder's, half made
}

TEST_CASE("A PDF is written page by page, and a write that fails leaves no file") {
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    for (int i = 0; i < 400; ++i)
        s.forces().add_brigade({"Wadsworth", "Brigade " + std::to_string(i), "veteran", 6, std::nullopt, "", "", {}});
    for (const bool labels : {false, true}) {
        INFO((labels ? "labels" : "order of battle"));
        // Pages reach the sink as they end: no piece is near the whole document.
        std::string whole;
        size_t largest = 0, pieces = 0;
        const Sink collect = [&](std::string_view piece) {
            whole.append(piece);
            largest = std::max(largest, piece.size());
            ++pieces;
        };
        if (labels) s.exports().labels(request("pdf").request, LabelFormat::pdf, {60, 20, "a4"}, collect);
        else s.exports().oob(request("pdf").request, OobFormat::pdf, collect);
        app::write_file(dir.file("streamed.pdf"), whole);
        REQUIRE(pdf_pages(dir.file("streamed.pdf")) >= 6);
        CHECK(pieces > 6);
        CHECK(largest * 2 < whole.size());
        // A sink that fails half way: the error comes out, and write_file leaves nothing.
        const auto target = dir.file(labels ? "labels.pdf" : "oob.pdf");
        size_t written = 0;
        CHECK_THROWS_WITH(app::write_file(target,
                                          [&](const Sink& out) {
                                              const Sink failing = [&](std::string_view piece) {
                                                  if (written > whole.size() / 2) throw Error("the disk is full");
                                                  written += piece.size();
                                                  out(piece);
                                              };
                                              if (labels) s.exports().labels(request("pdf").request, LabelFormat::pdf, {60, 20, "a4"}, failing);
                                              else s.exports().oob(request("pdf").request, OobFormat::pdf, failing);
                                          }),
                          Contains("the disk is full"));
        CHECK(written > 0);
        CHECK_FALSE(std::filesystem::exists(target));
        for (const auto& entry : std::filesystem::directory_iterator(dir.path()))
            CHECK(entry.path().filename().string().find(".part-") == std::string::npos);
    }
}

namespace {

// A word of a PDF page as poppler finds it, its box in points from the page's top left.
struct Word {
    int page = 0;
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    std::string text;
};

struct PdfWords {
    double width = 0, height = 0;
    std::vector<Word> words;  // in the order they were drawn
};

PdfWords pdf_words(const std::string& file) {
    const auto xml = shell("pdftotext -bbox -raw " + test::quote(file) + " - 2>&1");
    PdfWords out;
    int page = 0;
    const std::regex token("<page width=\"([0-9.]+)\" height=\"([0-9.]+)\">|<word xMin=\"([0-9.]+)\" yMin=\"([0-9.]+)\" "
                           "xMax=\"([0-9.]+)\" yMax=\"([0-9.]+)\">([^<]*)</word>");
    for (std::sregex_iterator it(xml.begin(), xml.end(), token), end; it != end; ++it) {
        const auto& m = *it;
        if (m[1].matched) {
            ++page;
            out.width = std::stod(m[1]);
            out.height = std::stod(m[2]);
        } else {
            out.words.push_back({page, std::stod(m[3]), std::stod(m[4]), std::stod(m[5]), std::stod(m[6]), m[7]});
        }
    }
    return out;
}

// The brigade tables of an order of battle: the words of each, from its header row (Brigade
// Stands Label State Rating Commander) up to its artillery line.
std::vector<std::vector<Word>> brigade_tables(const PdfWords& pdf) {
    std::vector<std::vector<Word>> out;
    for (size_t i = 0; i + 5 < pdf.words.size(); ++i) {
        if (pdf.words[i + 1].text != "Stands" || pdf.words[i + 5].text != "Commander") continue;
        out.emplace_back();
        for (size_t j = i; j < pdf.words.size() && pdf.words[j].text != "Artillery:"; ++j) out.back().push_back(pdf.words[j]);
    }
    return out;
}

// The heights of the words of a table's rows (not its header): one, where no cell was shrunk.
std::set<double> row_heights(const std::vector<Word>& table) {
    std::set<double> out;
    for (size_t j = 6; j < table.size(); ++j) out.insert(std::round((table[j].y1 - table[j].y0) * 100) / 100);
    return out;
}

}  // namespace

TEST_CASE("Printed sheets fit: no word of a long name overruns its column, its label or the page") {
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    const std::string long_division = "The Division of Major General Prinz Karl von Mecklenburg-Strelitz and of the Reserve "
                                      "of the Left Wing of the Grand Army";
    s.forces().add_division("Third Corps", long_division, "infantry");
    const std::vector<std::string> names = {
        "The Brigade of Brigadier General Johnston Pettigrew of North Carolina and Virginia",
        "Mecklenburg-Strelitz-Grenadier-Garde-Bataillon-Nummer-Eins-Zwei-Drei",  // one word, wider than its column
        "Iron Brigade"};
    const std::vector<std::string> brigadiers = {"Prinz Karl von Mecklenburg-Strelitz the Younger",
                                                 "Prinz Karl von Mecklenburg-Strelitz the Elder", "Prinz Karl von Mecklenburg-Strelitz"};
    for (size_t i = 0; i < names.size(); ++i)
        s.forces().add_brigade({long_division, names[i], "veteran", 6, std::nullopt, "", "", {brigadiers[i], "exceptional"}});
    s.forces().set_fog(long_division, Fog::seen);

    SECTION("the order of battle") {
        app::write_file(dir.file("oob.pdf"), test::export_oob(s, request("pdf")));
        const auto pdf = pdf_words(dir.file("oob.pdf"));
        REQUIRE(pdf.words.size() > 50);
        std::string all;
        for (const auto& w : pdf.words) {
            INFO(w.text << " on page " << w.page << " at " << w.x0 << "-" << w.x1);
            CHECK(w.x0 >= 36 - 0.5);
            CHECK(w.x1 <= pdf.width - 36 + 0.5);
            CHECK(w.y1 <= pdf.height);
            all += w.text;
        }
        // Nothing is cut: every letter of every name is printed (wrapped, maybe, not lost).
        std::string letters_of_names;
        for (const auto& n : names)
            for (char c : n)
                if (c != ' ') letters_of_names += c;
        CHECK_THAT(all, Contains("Mecklenburg-Strelitz"));
        CHECK_THAT(all, Contains("Younger"));
        CHECK_THAT(all, Contains("GrandArmy") || Contains("Grand"));
        // The brigade tables: the header row gives the columns' left edges; every word drawn
        // after it, up to the artillery line, lies inside one column, and none is shrunk.
        const auto tables = brigade_tables(pdf);
        REQUIRE(!tables.empty());
        for (const auto& table : tables) {
            std::vector<double> edges;
            for (size_t c = 0; c < 6; ++c) edges.push_back(table[c].x0);
            edges.push_back(pdf.width - 36);
            for (size_t j = 6; j < table.size(); ++j) {
                const auto& w = table[j];
                size_t column = 0;
                while (column + 1 < edges.size() - 1 && w.x0 >= edges[column + 1] - 0.5) ++column;
                INFO(w.text << " at " << w.x0 << "-" << w.x1 << " in column " << column << " ending at " << edges[column + 1]);
                CHECK(w.x1 <= edges[column + 1] + 0.5);
            }
            CHECK(row_heights(table).size() == 1);
        }
        // No two words overprint each other.
        for (size_t i = 0; i < pdf.words.size(); ++i)
            for (size_t j = i + 1; j < pdf.words.size(); ++j) {
                const auto &a = pdf.words[i], &b = pdf.words[j];
                if (a.page != b.page) continue;
                const bool overlap = a.x0 < b.x1 - 0.5 && b.x0 < a.x1 - 0.5 && a.y0 < b.y1 - 0.5 && b.y0 < a.y1 - 0.5;
                INFO(a.text << " and " << b.text);
                CHECK_FALSE(overlap);
            }
    }
    SECTION("the label sheet") {
        for (const auto& [w_mm, h_mm] : std::vector<std::pair<double, double>>{{60, 20}, {30, 10}}) {
            app::write_file(dir.file("labels.pdf"), test::export_labels(s, request("pdf"), {w_mm, h_mm, "a4"}));
            const auto pdf = pdf_words(dir.file("labels.pdf"));
            const double mm = 72 / 25.4, left = 10 * mm, top = 20 * mm, w = w_mm * mm, h = h_mm * mm;
            int on_labels = 0;
            for (const auto& word : pdf.words) {
                if (word.y0 < top || word.y0 > pdf.height - 36) continue;  // the provenance line and the page number
                ++on_labels;
                const double column = std::floor((word.x0 - left) / w), row = std::floor((word.y0 - top) / h);
                INFO(word.text << " at " << word.x0 << "-" << word.x1 << " x " << word.y0 << "-" << word.y1 << " on a " << w_mm << "x" << h_mm
                               << " sheet");
                CHECK(word.x1 <= left + (column + 1) * w + 0.5);
                CHECK(word.y1 <= top + (row + 1) * h + 0.5);
            }
            CHECK(on_labels > 10);
        }
    }
}

TEST_CASE("The brigade tables' columns are sized from what they hold: a long commander takes the room short names leave") {
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    const std::string stone = "Roy Stone of the 149th Pennsylvania Bucktails";  // wider than the Commander column had
    s.forces().add_brigade({"Wadsworth", "Iron Brigade", "veteran", 6, std::nullopt, "", "", {"Meredith", "average"}});
    s.forces().add_brigade({"Wadsworth", "Stone's Brigade", "veteran", 6, std::nullopt, "", "", {stone, "average"}});
    app::write_file(dir.file("oob.pdf"), test::export_oob(s, request("pdf")));
    const auto tables = brigade_tables(pdf_words(dir.file("oob.pdf")));
    REQUIRE(tables.size() == 1);
    // Every row on one line, at one size: the header's and the two brigades'.
    std::set<double> lines;
    for (const auto& w : tables[0]) lines.insert(w.y0);
    CHECK(lines.size() == 3);
    CHECK(row_heights(tables[0]).size() == 1);
    CHECK_THAT(pdf_text(dir.file("oob.pdf")), Contains(stone + ", Average"));
    // A brigade's name too long for any room: its column shrinks, but no other column's
    // heading or word is broken for it ("Command" over "er").
    s.forces().add_brigade({"Wadsworth", "The Brigade of the Gallant Men of the Old Northwest Who Held the Railroad Cut and the Ridge Beyond It", "veteran",
                            6, std::nullopt, "", "", {"Cutler", "average"}});
    s.forces().add_brigade({"Wadsworth", std::string(150, 'a'), "veteran", 6, std::nullopt, "", "", {"Doubleday", "average"}});  // one word
    app::write_file(dir.file("long.pdf"), test::export_oob(s, request("pdf")));
    const auto words = brigade_tables(pdf_words(dir.file("long.pdf")));
    REQUIRE(words.size() == 1);
    std::set<std::string> seen;
    for (const auto& w : words[0]) seen.insert(w.text);
    for (const char* whole : {"Commander", "Stands", "Rating", "Meredith,", "Average", "Pennsylvania", "Bucktails,"}) {
        INFO(whole);
        CHECK(seen.count(whole) == 1);
    }
}

TEST_CASE("Bad export and import input: a clear error, nothing written or imported") {
    test::TempDir dir;
    const auto path = dir.file("c.db");
    auto s = fixed_campaign(path);
    CHECK_THROWS_WITH(test::export_oob(s, request("text", std::string("prussia"))), Contains("unknown side \"prussia\""));
    auto r = request("text");
    r.request.battle = "Waterloo";
    CHECK_THROWS_WITH(test::export_oob(s, r), Contains("no battle named \"Waterloo\""));
    r.request.battle = "Gettysburg";
    const auto battle = test::export_oob(s, r);
    CHECK_THAT(battle, Contains("Heth"));
    CHECK(battle.find("Pender") == std::string::npos);  // did not fight there
    CHECK_THROWS_WITH(test::export_labels(s, request("pdf"), {300, 20, "a4"}), Contains("out of range"));
    CHECK_THROWS_WITH(app::write_file(dir.file("missing/oob.txt"), "x"), Contains("the folder " + dir.file("missing") + " does not exist"));
    CHECK_FALSE(std::filesystem::exists(dir.file("missing")));

    const auto before = test::dump(path);
    auto refuse = [&](const std::string& content) {
        {
            std::ofstream out(dir.file("in.json"), std::ios::binary | std::ios::trunc);
            out << content;
        }
        try {
            s.forces().import_oob(dir.file("in.json"));
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    CHECK_THAT(refuse("<html>"), Contains("not valid JSON at line 1, column 1"));
    CHECK_THAT(refuse(R"({"format": "muster-oob/1", "armies": [{"name": 1}]})"), Contains("$.armies[0].name: expected a string"));
    CHECK_THAT(refuse(R"({"format": "muster-oob/1", "armies": [{"name": "X", "side": "union", "corps": [{"name": "K", "divisions":
        [{"name": "D", "arm": "infantry", "status": "entered", "brigades": [{"name": "B", "rating": "elite", "start_stands": 6, "stands": 6}]}]}]}]})"),
               Contains("unknown rating \"elite\""));
    // One byte over the cap, as a sparse file: refused by its size before a byte is read.
    refuse("");
    std::filesystem::resize_file(dir.file("in.json"), app::k_max_oob_bytes + 1);
    try {
        s.forces().import_oob(dir.file("in.json"));
        FAIL("an OOB over the cap was read");
    } catch (const Error& e) {
        CHECK_THAT(e.what(), Contains("muster reads at most " + std::to_string(app::k_max_oob_bytes) + " bytes"));
    }
    CHECK(test::dump(path) == before);
}

TEST_CASE("A word given the width it was measured at, reached as a difference of edges, stays whole") {
    // A table's column is the difference of two edges summed from the widths before it: a
    // rounding short of what its heading measured ("Stands" was printed "Stand" over "s").
    exporter::Pdf::write(595.28, 841.89, "", [](std::string_view) {}, [](exporter::Pdf& pdf) {
        int broken = 0, tried = 0;
        for (const std::string word : {"Stands", "Label", "State", "Rating", "Commander", "Battalion", "10/10", "11/9/7"})
            for (const bool bold : {false, true})
                for (double edge = 0.01; edge < 480; edge += 0.37) {
                    const double need = pdf.text_width(word, 8.5, bold) + 8;
                    const double column = (edge + need) - edge;
                    broken += pdf.wrap(word, column - 8, 8.5, bold).size() != 1;
                    ++tried;
                }
        CHECK(tried > 10000);
        CHECK(broken == 0);
    });
}

TEST_CASE("A label line too long to read on one line takes two, whole: a despicable division leader's rule") {
    test::TempDir dir;
    const auto db = test::quote(dir.file("c.db"));
    for (const std::string command : {"campaign new G --sample gettysburg --seed 1", "reveal Wadsworth", "leader penalty Wadsworth"})
        REQUIRE(test::run_muster("--db " + db + " " + command).code == 0);
    for (const std::string size : {"60x20", "50x18"}) {  // (at 40x15, two lines of 4 points cannot hold it all: cut)
        INFO(size);
        const auto file = dir.file("labels-" + size + ".pdf");
        REQUIRE(test::run_muster("--db " + db + " export labels --side union --size " + size + " -o " + test::quote(file)).code == 0);
        const auto text = pdf_text(file);
        CHECK_THAT(text, Contains("his own division"));  // the rule's last words, not cut off
        CHECK(text.find("…") == std::string::npos);
        // The HTML's: on two lines at half size or less, so that they leave the grade's line on
        // the label; a line that fits keeps to one.
        const auto html = dir.file("labels-" + size + ".html");
        REQUIRE(test::run_muster("--db " + db + " export labels --side union --size " + size + " -o " + test::quote(html)).code == 0);
        const auto bytes = test::file_bytes(html);
        const auto rule = bytes.find("<div class=\"division two\" style=\"font-size: ");
        REQUIRE(rule != std::string::npos);
        CHECK(bytes.find(">Division commander, Wadsworth; must remain in command radius of at least one brigade of his own division</div>"
                         "<div class=\"effectiveness\" style=\"font-size: ", rule) != std::string::npos);
        CHECK_THAT(bytes, Contains("\">Corps commander, I Corps</div>"));
        CHECK(bytes.find(" two\"") == bytes.rfind(" two\""));  // only the rule takes two
    }
    // A small label's lines that fit at their size stay one line each; a name of doubled spaces
    // taken in two keeps each word once.
    REQUIRE(test::run_muster("--db " + db + " rename brigade \"Wadsworth/Iron Brigade\" \"Alpha  Bravo Charlie Delta Echo Foxtrot Golf Hotel India\"").code == 0);
    const auto small = dir.file("small.pdf");
    REQUIRE(test::run_muster("--db " + db + " export labels --side union --size 40x10 -o " + test::quote(small)).code == 0);
    const auto text = pdf_text(small);
    CHECK(std::regex_search(text, std::regex("\\d+/\\d+/\\d+ +Veteran")));  // "9/6/3  Veteran" on one line, not wrapped
    CHECK_FALSE(std::regex_search(text, std::regex("(^|\\s)t Golf")));  // the wrongly split "Foxtrot" / "t Golf"
    CHECK_THAT(text, Contains("Golf"));
}

namespace {

// An environment variable set for a scope, as it was after.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const std::string& value) : m_name(name) {
        if (const char* was = std::getenv(name)) m_was = was;
        ::setenv(name, value.c_str(), 1);
    }
    ~ScopedEnv() {
        if (m_was) ::setenv(m_name, m_was->c_str(), 1);
        else ::unsetenv(m_name);
    }

private:
    const char* m_name;
    std::optional<std::string> m_was;
};

}  // namespace

TEST_CASE("An order of battle PDF too big to hold while its columns are sized is laid out from a temporary file, whole") {
    // 6,000 divisions keep more than the 1 MB held in memory: the rest goes to a file in TMPDIR.
    const auto& rules = test::acw();
    const auto oob = test::generated_forces(6000, rules, {"union", "confederate"}, 1863, "east");
    const auto source = army::OobSource::of(oob);
    const exporter::Provenance p{k_date, Turn::first()};
    test::TempDir dir;
    const auto write = [&](const std::string& file) {
        app::write_file(file, [&](const Sink& out) { exporter::oob_pdf(rules, source, p, out); });
    };
    {
        // No such folder: refused, naming it, and no file written.
        const ScopedEnv tmp("TMPDIR", dir.file("gone"));
        CHECK_THROWS_WITH(write(dir.file("refused.pdf")), Contains(dir.file("gone") + ": cannot make the temporary file") &&
                                                              Contains("nothing was written"));
        CHECK_FALSE(std::filesystem::exists(dir.file("refused.pdf")));
    }
    const ScopedEnv tmp("TMPDIR", dir.path());
    write(dir.file("big.pdf"));
    // Every division's heading and its brigades' rows, once each and in order; no file left behind.
    const auto text = pdf_text(dir.file("big.pdf"));
    size_t at = 0;
    int found = 0;
    for (const auto& a : oob.armies)
        for (const auto& k : a.corps)
            for (const auto& d : k.divisions) {
                const auto heading = text.find(d.name + " (Infantry", at);
                if (heading == std::string::npos) break;
                const auto next = text.find(d.brigades.back().name + " ", heading);
                if (next == std::string::npos) break;
                CHECK(text.find(d.name + " (", heading + 1) == std::string::npos);
                at = next;
                ++found;
            }
    CHECK(found == 6000);
    CHECK_THAT(text, Contains("Totals by side"));
    std::vector<std::string> left;
    for (const auto& e : std::filesystem::directory_iterator(dir.path())) left.push_back(e.path().filename().string());
    CHECK(left == std::vector<std::string>{"big.pdf"});
}

TEST_CASE("A PDF's text is the text drawn: hostile bytes neither break the file nor leak into it") {
    test::TempDir dir;
    using namespace std::string_literals;
    // Bytes a PDF string must escape, bytes that are no UTF-8, a NUL, characters past the
    // Basic Multilingual Plane, letters DejaVu Sans has and one it has not.
    const std::vector<std::string> texts = {"Brigade (of) \\the) (Left", "Carriage\rReturn", "Bad \xff\xfe bytes \xc3", "Nul\0Byte"s,
                                            "Łódź Çà ßø", "Astral 𝔄 and 漢", "endstream endobj %%EOF"};
    const auto file = dir.file("hostile.pdf");
    app::write_file(file, [&](const Sink& out) {
        exporter::Pdf::write(595.28, 841.89, "(provenance) \\", out, [&](exporter::Pdf& pdf) {
            double y = 100;
            for (const auto& t : texts) {
                pdf.text(40, y, t, 12, y > 150);
                y += 20;
            }
            pdf.new_page();
            pdf.text(40, 100, "Second page", 12);
        });
    });
    // poppler reads it without complaint, both fonts embedded and mapped to text.
    const auto info = shell("pdfinfo " + test::quote(file) + " 2>&1");
    CHECK_THAT(info, Contains("Pages:           2"));
    CHECK_THAT(info, !Contains("Error"));
    const auto fonts = shell("pdffonts " + test::quote(file) + " 2>&1");
    CHECK_THAT(fonts, Contains("DejaVuSans ") && Contains("DejaVuSans-Bold ") && !Contains("Error"));
    CHECK(std::regex_search(fonts, std::regex("CID TrueType +Identity-H +yes yes yes")));
    const auto text = shell("pdftotext -raw " + test::quote(file) + " - 2>&1");
    CHECK_THAT(text, !Contains("Error"));
    // A byte that is no UTF-8 shows as the replacement character (as the JSON export writes it).
    for (const char* shown : {"Brigade (of) \\the) (Left", "Carriage", "Return", "Bad \uFFFD\uFFFD bytes \uFFFD", "Łódź Çà ßø", "Astral", "endstream endobj %%EOF",
                              "(provenance) \\", "page 1 of 2", "page 2 of 2", "Second page"})
        CHECK_THAT(text, Contains(shown));
    // The page renders: ink where the text is.
    shell("pdftoppm -gray -r 36 -f 1 -l 1 -singlefile " + test::quote(file) + " " + test::quote(dir.file("page")));
    const auto pgm = test::file_bytes(dir.file("page.pgm"));
    REQUIRE(pgm.size() > 1000);
    CHECK(std::count_if(pgm.begin() + 20, pgm.end(), [](char c) { return static_cast<unsigned char>(c) < 128; }) > 200);
}

namespace {

// wrap and cut as they are defined, each candidate line measured whole (n squared): what the
// writer's own, which carries each line's width on, must give.
std::vector<std::string> wrap_by_definition(exporter::Pdf& pdf, const std::string& s, double given, double size, bool bold) {
    const double width = given + 1e-6;
    const auto fits = [&](const std::string& t) { return pdf.text_width(t, size, bold) <= width; };
    if (fits(s)) return {s};
    const auto next = [](const std::string& t, size_t i) {
        ++i;
        while (i < t.size() && (static_cast<unsigned char>(t[i]) & 0xC0) == 0x80) ++i;
        return i;
    };
    std::vector<std::string> lines;
    std::string line;
    size_t i = 0;
    while (i < s.size()) {
        const size_t space = s.find(' ', i);
        const std::string word = s.substr(i, space == std::string::npos ? std::string::npos : space - i);
        i = space == std::string::npos ? s.size() : space + 1;
        if (word.empty()) continue;
        const std::string joined = line.empty() ? word : line + " " + word;
        if (fits(joined)) {
            line = joined;
            continue;
        }
        if (!line.empty()) lines.push_back(line);
        line.clear();
        for (size_t c = 0; c < word.size();) {
            size_t end = next(word, c);
            while (end < word.size() && fits(word.substr(c, next(word, end) - c))) end = next(word, end);
            line = word.substr(c, end - c);
            c = end;
            if (c < word.size()) {
                lines.push_back(line);
                line.clear();
            }
        }
    }
    if (!line.empty() || lines.empty()) lines.push_back(line);
    return lines;
}

std::string cut_by_definition(exporter::Pdf& pdf, const std::string& s, double width, double size, bool bold) {
    if (pdf.text_width(s, size, bold) <= width) return s;
    std::string kept;
    for (size_t c = 0; c < s.size();) {
        size_t end = c + 1;
        while (end < s.size() && (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80) ++end;
        if (pdf.text_width(kept + s.substr(c, end - c) + "…", size, bold) > width) break;
        kept += s.substr(c, end - c);
        c = end;
    }
    return kept + "…";
}

}  // namespace

TEST_CASE("Wrapping and cutting a text carry its width on, and give what measuring each candidate whole gives") {
    std::mt19937 random(7);
    const std::vector<std::string> pieces = {"a", "W", "i", " ", "  ", "é", "ß", "漢", "𝔄", "\xff", "\x80\x80", "\xc3", "-", "Brigade", "Mecklenburg-Strelitz"};
    exporter::Pdf::write(595.28, 841.89, "", [](std::string_view) {}, [&](exporter::Pdf& pdf) {
        int tried = 0;
        for (int n = 0; n < 3000; ++n) {
            std::string text;
            for (int k = static_cast<int>(random() % 40); k > 0; --k) text += pieces[random() % pieces.size()];
            const double width = 1 + static_cast<double>(random() % 3000) / 10, size = 4 + static_cast<double>(random() % 20) / 2;
            const bool bold = random() % 2 == 0;
            INFO("\"" << text << "\" in " << width << " at " << size);
            REQUIRE(pdf.wrap(text, width, size, bold) == wrap_by_definition(pdf, text, width, size, bold));
            REQUIRE(pdf.cut(text, width, size, bold) == cut_by_definition(pdf, text, width, size, bold));
            ++tried;
        }
        CHECK(tried == 3000);
    });
}
