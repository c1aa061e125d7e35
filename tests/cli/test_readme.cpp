// The README's tour of a season, run as written: each `muster` line of its shell block, in
// order, against a fresh data directory (the tour names no --db), each to succeed. The README
// cannot drift from what muster does. `muster serve` is left out: it serves until stopped.
#include "support.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>

using namespace muster;

namespace {

/// The lines of the shell block under `heading`, continuation lines joined, comments cut.
std::vector<std::string> shell_block(const std::string& markdown, const std::string& heading) {
    const auto at = markdown.find("\n" + heading + "\n");
    REQUIRE(at != std::string::npos);
    const auto begin = markdown.find("```sh\n", at);
    const auto end = markdown.find("```\n", begin + 6);
    REQUIRE(end != std::string::npos);
    std::istringstream in(markdown.substr(begin + 6, end - begin - 6));
    std::vector<std::string> lines;
    std::string line, joined;
    while (std::getline(in, line)) {
        if (const auto comment = line.find("  #"); comment != std::string::npos) line.erase(comment);
        while (!line.empty() && line.back() == ' ') line.pop_back();
        if (!line.empty() && line.back() == '\\') {
            joined += line.substr(0, line.size() - 1);
            continue;
        }
        lines.push_back(joined + line);
        joined.clear();
    }
    return lines;
}

}  // namespace

TEST_CASE("The README's tour of a season runs as written") {
    const auto lines = shell_block(test::file_bytes(std::string(MUSTER_SOURCE_DIR) + "/README.md"), "## A tour of a season");
    REQUIRE(lines.size() >= 9);  // the README promises ten lines, a command wrapped on two
    test::TempDir dir;
    int ran = 0;
    for (const auto& line : lines) {
        REQUIRE(line.rfind("muster ", 0) == 0);
        if (line.rfind("muster serve", 0) == 0) continue;
        INFO(line);
        // In a shell as a reader types it, `muster` being the binary built, in the scratch folder.
        const std::string script = "cd " + test::quote(dir.path()) + " && muster() { " + MUSTER_BINARY + " \"$@\"; } && " + line;
        const std::string cmd = "XDG_DATA_HOME=" + test::quote(dir.file("data")) + " sh -c " + test::quote(script) + " >" +
                                test::quote(dir.file("out")) + " 2>&1";
        const int status = std::system(cmd.c_str());
        INFO(test::file_bytes(dir.file("out")));
        REQUIRE(status == 0);
        ++ran;
    }
    CHECK(ran == static_cast<int>(lines.size()));
    // What the tour says it made is there.
    CHECK(test::file_bytes(dir.file("papers/union/oob.pdf")).rfind("%PDF", 0) == 0);
    CHECK(test::file_bytes(dir.file("papers/union/labels.pdf")).rfind("%PDF", 0) == 0);
}
