// Hidden stays hidden: over random campaigns, no side's export in any format names a
// division that side has not seen.
#include "db/db_support.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>

using namespace muster;

namespace {

std::string pdf_text(const std::string& bytes, const std::string& dir) {
    const auto path = dir + "/x.pdf";
    std::ofstream(path, std::ios::binary) << bytes;
    return test::pdf_text(path);
}

}  // namespace

TEST_CASE("Random campaigns: no side's export in any format shows an enemy division it has not seen") {
    int exports = 0, campaigns = 0;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        test::TempDir dir;
        auto s = test::empty_campaign(dir.file("c.db"), "Random " + std::to_string(seed), "acw", seed);
        dice::SeededSource rng(seed * 7919);
        const std::vector<std::string> sides{"union", "confederate"};
        std::vector<std::pair<std::string, std::string>> divisions;  // name, side
        for (const auto& side : sides) {
            s.forces().add_army(side, side + " army", {});
            s.forces().add_corps(side + " army", side + " corps", {});
            for (int i = 0; i < 6; ++i) {
                const std::string name = "Zq" + side.substr(0, 3) + std::to_string(seed) + "x" + std::to_string(i) + "Division";
                s.forces().add_division(side + " corps", name, "");
                divisions.emplace_back(name, side);
                if (rng.next() % 3) {
                    app::ArrivalRequest a;
                    a.division = name;
                    a.year = 1862 + static_cast<int>(rng.next() % 3);
                    a.theater = rng.next() % 2 ? "east" : "west";
                    s.arrivals().arrive(a);
                    if (rng.next() % 2) s.forces().set_fog(name, Fog::seen);
                }
            }
        }
        ++campaigns;
        const auto all = s.forces().order_of_battle({});
        auto hidden = [&](const std::string& name) {
            for (const auto& a : all.armies)
                for (const auto& k : a.corps)
                    for (const auto& d : k.divisions)
                        if (d.name == name) return d.hidden;
            return true;
        };
        for (const auto& viewer : sides)
            for (const char* format : {"text", "md", "csv", "html", "json", "pdf"}) {
                test::Export r;
                r.format = format;
                r.request.viewer = View::parse(viewer);
                auto out = test::export_oob(s, r);
                auto labels = std::string(format) == "pdf" || std::string(format) == "html" ? test::export_labels(s, r, {}) : "";
                if (std::string(format) == "pdf") {
                    out = pdf_text(out, dir.path());
                    labels = pdf_text(labels, dir.path());
                }
                exports += labels.empty() ? 1 : 2;
                for (const auto& [name, side] : divisions) {
                    INFO(format << " as " << viewer << ": " << name);
                    const bool may_see = side == viewer || !hidden(name);
                    if (!may_see) {
                        CHECK(out.find(name) == std::string::npos);
                        CHECK(labels.find(name) == std::string::npos);
                    }
                    if (side == viewer) CHECK(out.find(name) != std::string::npos);
                }
            }
    }
    WARN("random campaigns: " << campaigns << ", side exports searched: " << exports);
}

TEST_CASE("A placeholder revealed by name stays a name to the other side when it arrives, until revealed again") {
    test::TempDir dir;
    auto s = test::make_campaign(dir.file("c.db"));
    s.forces().set_fog("Heth", Fog::seen);  // the Union has heard of Heth: a name, nothing more
    s.forces().set_fog("Pender", Fog::seen);
    auto union_views = [&] {
        std::string all;
        for (const char* format : {"text", "md", "csv", "html", "json"})
            all += test::export_oob(s, {{std::nullopt, View::parse("union"), std::nullopt}, format});
        return all;
    };
    const auto before = union_views();
    CHECK(before.find("Heth") != std::string::npos);
    s.arrivals().arrive(test::arrival("Heth"));
    s.forces().add_brigade({"Pender", "Scales", "veteran", 7, std::nullopt, "", "", {"Scales", "average"}});  // filled by hand
    CHECK(union_views() == before);  // byte for byte: nothing tells the Union they came
    s.forces().set_fog("Heth", Fog::seen);
    const auto seen = test::export_oob(s, {{std::nullopt, View::parse("union"), std::nullopt}, "text"});
    CHECK(seen.find("1st Brigade") != std::string::npos);
    CHECK(seen.find("Scales") == std::string::npos);
}
