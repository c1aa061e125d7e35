// A real browser at a player's link: headless Chromium driven through ChromeDriver's WebDriver
// API. The player sees his side and not the enemy's hidden division, answers an exchange with a
// click, and sees the next turn come in after the organiser's `turn next`, without a reload.
// Screenshots at a desk's width and a phone's: build/tests/web/screenshots/.
#include "cli/campaign_file.hpp"
#include "web/served.hpp"

#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <thread>

using namespace muster;
using Catch::Matchers::Contains;

namespace {

// A port no one listens on now.
int free_port() {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
    socklen_t n = sizeof a;
    getsockname(fd, reinterpret_cast<sockaddr*>(&a), &n);
    close(fd);
    return ntohs(a.sin_port);
}

std::string json_string(const std::string& s) {
    std::string out = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

std::string base64_decode(const std::string& in) {
    static const std::string chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    int bits = 0, value = 0;
    for (const char c : in) {
        const auto at = chars.find(c);
        if (at == std::string::npos) continue;
        value = (value << 6) | static_cast<int>(at);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out += static_cast<char>((value >> bits) & 0xFF);
        }
    }
    return out;
}

// ChromeDriver on a free port, with one headless Chromium session.
class Browser {
public:
    Browser() {
        m_port = free_port();
        m_pid = fork();
        REQUIRE(m_pid >= 0);
        if (m_pid == 0) {
            const auto port = "--port=" + std::to_string(m_port);
            execlp("chromedriver", "chromedriver", port.c_str(), "--silent", static_cast<char*>(nullptr));
            _exit(127);
        }
        for (int i = 0; i < 200 && call("GET", "/status").find("\"ready\":true") == std::string::npos; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        const auto created = call("POST", "/session",
                                  R"({"capabilities":{"alwaysMatch":{"browserName":"chrome","goog:chromeOptions":{"binary":"/usr/bin/chromium",)"
                                  R"("args":["--headless=new","--no-sandbox","--disable-gpu","--disable-dev-shm-usage","--window-size=1200,900"]}}}})");
        std::smatch m;
        REQUIRE(std::regex_search(created, m, std::regex("\"sessionId\":\"([^\"]+)\"")));
        m_session = "/session/" + std::string(m[1]);
    }
    ~Browser() {
        if (!m_session.empty()) call("DELETE", m_session);
        kill(m_pid, SIGTERM);
        waitpid(m_pid, nullptr, 0);
    }
    std::string call(const std::string& method, const std::string& path, const std::string& body = "") const {
        const auto r = test::http_send(m_port,
                                       method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\n"
                                       "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body,
                                       30000);
        return r.body;
    }
    void go(const std::string& url) const { call("POST", m_session + "/url", "{\"url\":" + json_string(url) + "}"); }
    std::string source() const { return call("GET", m_session + "/source"); }
    void click(const std::string& css) const {
        const auto found = call("POST", m_session + "/element", "{\"using\":\"css selector\",\"value\":" + json_string(css) + "}");
        INFO(found);
        std::smatch m;
        REQUIRE(std::regex_search(found, m, std::regex("\"element-6066-11e4-[0-9a-f-]+\":\"([^\"]+)\"")));
        call("POST", m_session + "/element/" + std::string(m[1]) + "/click", "{}");
    }
    /// What a script returns, as the WebDriver's JSON answer holds it ("value":...).
    std::string run(const std::string& script) const {
        return call("POST", m_session + "/execute/sync", "{\"script\":" + json_string(script) + ",\"args\":[]}");
    }
    void size(int width, int height) const {
        call("POST", m_session + "/window/rect", "{\"width\":" + std::to_string(width) + ",\"height\":" + std::to_string(height) + "}");
    }
    void screenshot(const std::string& file) const {
        const auto r = call("GET", m_session + "/screenshot");
        const auto from = r.find("\"value\":\"");
        REQUIRE(from != std::string::npos);  // (a regex over the whole image would overflow the stack)
        const auto to = r.find('"', from + 9);
        std::filesystem::create_directories(std::filesystem::path(file).parent_path());
        std::ofstream(file, std::ios::binary) << base64_decode(r.substr(from + 9, to - from - 9));
    }
    // Waits up to `seconds` for the page to hold `text`, without reloading it.
    bool shows(const std::string& text, int seconds) const {
        for (int i = 0; i < seconds * 10; ++i) {
            if (source().find(text) != std::string::npos) return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        return false;
    }

private:
    int m_port = 0;
    int m_pid = -1;
    std::string m_session;
};

}  // namespace

TEST_CASE("In a real browser a player sees his side, answers an exchange, and the next turn comes in without a reload") {
    test::CampaignFile club;
    club.ok("campaign new G --sample gettysburg --seed 3");
    club.ok("camp new \"Fort Delaware\" --side union");
    club.ok("camp new \"Belle Isle\" --side confederate");
    club.ok("reveal Pickett");  // Heth stays hidden from the Union
    club.ok("battle report --name Gettysburg --captured \"Wadsworth/Iron Brigade=1@Belle Isle\" --captured \"Pickett/Garnett's Brigade=2@Fort Delaware\"");
    club.ok("exchange propose --from confederate --offer \"stands:Wadsworth/Iron Brigade=1\" --ask \"stands:Pickett/Garnett's Brigade=2\" --note \"Two for one\"");
    const auto link = test::link_path(club.ok("player add Meade --side union"));
    test::Served server(club.dir.file("c.db"));
    const auto base = "http://127.0.0.1:" + std::to_string(server.port()) + link;
    const Browser browser;
    const std::string shots = std::string(MUSTER_BUILD_DIR) + "/tests/web/screenshots/";

    browser.go(base + "oob");
    REQUIRE(browser.shows("Meade, the Union", 10));
    const auto oob = browser.source();
    CHECK_THAT(oob, Contains("Wadsworth") && Contains("Pickett"));
    CHECK(oob.find("Heth") == std::string::npos);
    browser.screenshot(shots + "oob_desktop.png");

    browser.go(base + "camps");
    REQUIRE(browser.shows("Two for one", 10));
    browser.screenshot(shots + "camps_desktop.png");
    browser.click("button[value=accept]");
    CHECK(browser.shows("Exchange #1 accepted by the Union", 10));
    CHECK_THAT(club.ok("exchange list"), Contains("[accepted]"));
    browser.screenshot(shots + "camps_answered.png");
    // The answer came to the form's address; the page says it is the camps' (a reload reads them,
    // it does not send the form again) and follows the campaign from there, not from the form's
    // address, which no page answers.
    CHECK_THAT(browser.run("return location.pathname"), Contains(link + "camps\""));
    club.ok("camp new Elmira --side union");
    CHECK(browser.shows("Elmira", 10));
    CHECK(browser.source().find("This link no longer answers") == std::string::npos);

    browser.go(base + "season");
    REQUIRE(browser.shows("Turn 1, 1863-07-01", 10));
    club.ok("turn next");
    CHECK(browser.shows("Turn 2, 1863-07-02", 15));  // the page's own script brought it in
    browser.screenshot(shots + "season_next_turn.png");

    browser.size(390, 844);
    browser.go(base + "oob");
    REQUIRE(browser.shows("Meade, the Union", 10));
    browser.screenshot(shots + "oob_phone.png");
    browser.go(base + "camps");
    REQUIRE(browser.shows("Propose an exchange", 10));
    browser.screenshot(shots + "camps_phone.png");
    // On a phone no list is wider than the screen: each row's cells stand under their columns' names.
    CHECK_THAT(browser.run("return [...document.querySelectorAll('table')].every(t => t.scrollWidth <= t.clientWidth + 1) && "
                           "document.querySelectorAll('td[data-label=Offers]').length > 0"),
               Contains("\"value\":true"));
    for (const char* png : {"oob_desktop", "camps_desktop", "camps_answered", "season_next_turn", "oob_phone", "camps_phone"})
        CHECK(std::filesystem::file_size(shots + png + ".png") > 5000);

    // Revoked, his open page stops asking and says so: asked on, its misses would count against
    // the address he may share with the other players.
    club.ok("player revoke Meade");
    CHECK(browser.shows("This link no longer answers", 10));
    const auto before = server.logged("GET /p/<link>/camps");
    std::this_thread::sleep_for(std::chrono::milliseconds(6500));  // two of its periods
    CHECK(server.logged("GET /p/<link>/camps") == before);
}
