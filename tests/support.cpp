#include "support.hpp"

#include "json/json.hpp"

#include <algorithm>
#include <cstdlib>
#include <array>
#include <filesystem>
#include <stdexcept>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace muster::test {

std::string template_text(const std::string& file) {
    return json::read_file(std::string(MUSTER_SOURCE_DIR) + "/templates/" + file, 1 << 24);
}

const rules::RuleSet& acw() {
    static const rules::RuleSet r = rules::load_rule_set(template_text("acw_fire_and_fury.json"), "acw_fire_and_fury.json");
    return r;
}

TempDir::TempDir() {
    char tmpl[] = "/tmp/muster-test-XXXXXX";
    const char* made = mkdtemp(tmpl);
    if (!made) throw std::runtime_error("cannot make a temporary folder");
    m_path = made;
}

TempDir::~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(m_path, ec);
}

std::string file_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string quote(const std::string& arg) {
    std::string out = "'";
    for (char c : arg) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

Run run_muster(const std::string& args, const std::string& env, const std::string& input) {
    static int counter = 0;
    const std::string base = "/tmp/muster_test_" + std::to_string(getpid()) + "_" + std::to_string(++counter);
    const std::string err_file = base + ".err", in_file = base + ".in";
    if (!input.empty()) std::ofstream(in_file) << input;
    const std::string cmd = env + " " + MUSTER_BINARY + " " + args + " 2>" + err_file + " <" + (input.empty() ? "/dev/null" : in_file);
    Run r;
    FILE* pipe = popen(cmd.c_str(), "r");
    if (!pipe) return r;
    std::array<char, 4096> buf{};
    size_t n = 0;
    while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.out.append(buf.data(), n);
    const int status = pclose(pipe);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream in(err_file);
    std::stringstream ss;
    ss << in.rdbuf();
    r.err = ss.str();
    std::remove(err_file.c_str());
    std::remove(in_file.c_str());
    return r;
}

std::string shell(const std::string& command) {
    std::string out;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return out;
    std::array<char, 4096> buf{};
    size_t n = 0;
    while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) out.append(buf.data(), n);
    pclose(pipe);
    return out;
}

std::string pdf_text(const std::string& file) { return shell("pdftotext -layout " + quote(file) + " - 2>&1"); }

int scaled(int n) {
    const char* down = std::getenv("MUSTER_TEST_SCALE_DOWN");
    const int d = down ? std::atoi(down) : 1;
    return d > 1 ? std::max(1, n / d) : n;
}

}  // namespace muster::test
