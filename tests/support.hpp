#pragma once
// Helpers shared by the tests: the shipped templates and running the real binary.
#include "rules/load.hpp"

#include <string>
#include <vector>

namespace muster::test {

/// The environment a command runs in that must not find the organiser's own campaigns.
inline const std::string k_env = "XDG_DATA_HOME=/tmp/muster-test-data-none";

/// The text of a template in the source tree's templates/ folder.
std::string template_text(const std::string& file);
/// The ACW rule set as shipped.
const rules::RuleSet& acw();

/// A fresh folder under /tmp, removed with everything in it when the test ends.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::string& path() const { return m_path; }
    std::string file(const std::string& name) const { return m_path + "/" + name; }

private:
    std::string m_path;
};

/// The bytes of a file ("" when missing).
std::string file_bytes(const std::string& path);
/// Shell-quotes one argument.
std::string quote(const std::string& arg);

/// The output and exit code of the muster binary run with `args` (a shell-quoted string).
struct Run {
    int code = -1;
    std::string out;
    std::string err;
};
/// `input`: what it reads on standard input (a file, so a pipe's end); none: /dev/null.
Run run_muster(const std::string& args, const std::string& env = "", const std::string& input = "");
/// What a shell command prints on its standard output.
std::string shell(const std::string& command);
/// The text of a PDF file, laid out (pdftotext -layout).
std::string pdf_text(const std::string& file);

/// A name the name rule refuses, and what its refusal says of it.
struct BadName {
    std::string name;
    std::string says;
};
/// The class of bad names: bytes that are not UTF-8, NUL and control characters (C0, DEL, C1),
/// terminal escapes, line breaks, bidi controls, the reference separator, blank and overlong.
std::vector<BadName> bad_names();

/// `n` repetitions of a long statistical or crash series, or fewer in a run that asks so: the
/// sanitizer build (MUSTER_TEST_SCALE_DOWN=D runs n / D, at least 1), which is there for memory
/// errors on the way, not for the statistics the full series proves.
int scaled(int n);

}  // namespace muster::test
