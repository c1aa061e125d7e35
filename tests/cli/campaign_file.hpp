#pragma once
// The real binary on one campaign file in a folder of its own, for the CLI tests.
#include "support.hpp"

#include <catch2/catch.hpp>

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
};

}  // namespace muster::test
