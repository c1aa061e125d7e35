#pragma once
// The real binary on one campaign file in a folder of its own, for the CLI tests.
#include "db/db_support.hpp"
#include "support.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

namespace muster::test {

/// `run` any command on the campaign file, `ok` one that must succeed (its output).
struct CampaignFile {
    TempDir dir;
    std::string env = "XDG_DATA_HOME=" + dir.file("data");
    Run run(const std::string& args) const { return run_muster("--db " + dir.file("c.db") + " " + args, env); }
    std::string ok(const std::string& args) const {
        const auto r = run(args);
        INFO(args << "\n" << r.err);
        REQUIRE(r.code == 0);
        return r.out;
    }
    /// A refused command: one line on stderr, the code, and the campaign exactly as before.
    std::string refused(const std::string& args, int code) const {
        const auto before = dump(dir.file("c.db"));
        const auto r = run(args);
        INFO(args << "\n" << r.out << r.err);
        CHECK(r.code == code);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
        CHECK(dump(dir.file("c.db")) == before);
        return r.err;
    }
};

}  // namespace muster::test
