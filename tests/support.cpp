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

std::vector<BadName> bad_names() {
    return {
        {std::string("Heth\0Evil", 9), "a NUL character at character 5"},
        {"Heth\xff", "byte \\xFF is not valid UTF-8 at character 5"},
        {"\xc0\xafHeth", "byte \\xC0 is not valid UTF-8 at character 1"},        // an overlong "/"
        {"He\xed\xa0\x80th", "byte \\xED is not valid UTF-8 at character 3"},     // a surrogate
        {"Heth\xe2\x82", "byte \\xE2 is not valid UTF-8 at character 5"},         // cut short
        {"\x1b]0;PWNED\x07Heth", "control character U+001B at character 1"},
        {"Heth\nPender", "control character U+000A at character 5"},
        {"Heth\rPender", "control character U+000D at character 5"},
        {"He\tth", "control character U+0009 at character 3"},
        {"Heth\x7f", "control character U+007F at character 5"},
        {"Heth\xc2\x85", "control character U+0085 at character 5"},
        {"Heth\xe2\x80\xae" "evil", "bidirectional control U+202E at character 5"},
        {"\xe2\x81\xa6Heth", "bidirectional control U+2066 at character 1"},
        {"Heth/2nd Brigade", "a \"/\" at character 5"},
        {"Heth\u2028Pender", "line separator U+2028 at character 5"},
        {"Heth\u2029Pender", "line separator U+2029 at character 5"},
        {"Heth\u2215Pender", "U+2215 at character 5, which reads as a \"/\""},
        {"Heth\u2044Pender", "U+2044 at character 5, which reads as a \"/\""},
        {"Heth\uff0fPender", "U+FF0F at character 5, which reads as a \"/\""},
        {"\u00a0", "it is blank: spaces only"},
        {"\u3000", "it is blank: spaces only"},
        {"\u00a0Heth", "space U+00A0 at character 1 (a name does not begin or end with a space)"},
        {"Heth\u2003", "space U+2003 at character 5"},
        {" \u00a0 ", "it is blank: spaces only"},
        {"\ufeffHeth", "invisible character U+FEFF at character 1"},
        {"He\u200bth", "invisible character U+200B at character 3"},
        {"He\u00adth", "invisible character U+00AD at character 3"},
        {"\u3164", "invisible character U+3164 at character 1"},
        {"a\u2063b", "invisible character U+2063 at character 2"},
        {"a\u034fb", "invisible character U+034F at character 2"},
        // Look-alikes of a name in other bytes: a decomposed accent, a variation selector.
        {"Masse\u0301na", "combining accent U+0301 at character 6 (type the accented letter as one character"},
        {"Star\u2b50\ufe0f", "variation selector U+FE0F at character 6"},
        {"Mu\u1dc0rat", "combining accent U+1DC0 at character 3"},
        {"\u304b\u3099", "combining accent U+3099 at character 2"},
        {"Bra\u200dgg", "joiner U+200D at character 4 beside a plain letter"},
        {"Heth\u200c", "joiner U+200C at character 5 beside a plain letter"},
        {"Mu\u180brat", "invisible character U+180B at character 3"},
        {"Heth\U000E0041", "invisible character U+E0041 at character 5"},
        {"Heth\U000E0100", "variation selector U+E0100 at character 5"},
        {"\u2800", "it is blank: spaces only"},
        // The letter itself in other bytes, a space that looks plain, what Unicode's ignorables show: nothing.
        {"\u212Aemper", "U+212A at character 1, which is U+004B in other bytes"},
        {"\u2126mega", "U+2126 at character 1, which is U+03A9 in other bytes"},
        {"\u212Bngstr\u00f6m", "U+212B at character 1, which is U+00C5 in other bytes"},
        {"Robert\u00a0Lee", "space U+00A0 at character 7 (type a plain space"},
        {"Kem\u200aper", "space U+200A at character 4 (type a plain space"},
        {"Iron\u2800Brigade", "space U+2800 at character 5 (type a plain space"},
        {"Kem\u206aper", "invisible character U+206A at character 4"},
        {"Kem\u2065per", "invisible character U+2065 at character 4"},
        {"Kem\ufff0per", "invisible character U+FFF0 at character 4"},
        {"Kem\U000E0080per", "invisible character U+E0080 at character 4"},
        {"", "it is empty"},
        {"   ", "it is empty"},
        {std::string(201, 'x'), "201 characters, at most 200"},
        {std::string(1000, 'x'), "1000 characters, at most 200"},  // past what a stream of dice may be named by
        {std::string(67, 'x') + "\xc3\xa9\xc3\xa9" + std::string(132, 'x'), "201 characters, at most 200"},
    };
}

int scaled(int n) {
    const char* down = std::getenv("MUSTER_TEST_SCALE_DOWN");
    const int d = down ? std::atoi(down) : 1;
    return d > 1 ? std::max(1, n / d) : n;
}

}  // namespace muster::test
