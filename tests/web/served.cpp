#include "web/served.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <stdexcept>

#include <chrono>
#include <fstream>
#include <regex>
#include <sstream>
#include <thread>

namespace muster::test {
namespace {

// What the helpers need, or an exception saying what failed (they serve benchmarks too, outside
// any test framework).
void need(bool ok, const char* what) {
    if (!ok) throw std::runtime_error(std::string("served: ") + what);
}

}  // namespace

Served::Served(const std::string& db, const std::string& extra) {
    m_err = db + ".serve.log";
    const std::string out_file = db + ".serve.out";
    std::remove(out_file.c_str());
    m_pid = fork();
    need(m_pid >= 0, "cannot fork");
    if (m_pid == 0) {
        const std::string cmd = std::string("exec ") + MUSTER_BINARY + " --db '" + db + "' serve --listen 127.0.0.1:0 " + extra + " >'" + out_file +
                                "' 2>'" + m_err + "'";
        execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    // Its first line says where it listens.
    std::smatch m;
    for (int i = 0; i < 500 && !m_port; ++i) {
        std::ifstream in(out_file);
        std::string line;
        std::getline(in, line);
        if (std::regex_search(line, m, std::regex("https?://127\\.0\\.0\\.1:(\\d+)"))) m_port = std::stoi(m[1]);
        else std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (m_port <= 0) log(true);  // stopped, not left running
    need(m_port > 0, "muster serve did not say where it listens");
}

Served::~Served() { log(true); }

std::string Served::log(bool stop) {
    if (stop && m_pid > 0) {
        kill(m_pid, SIGTERM);
        int status = 0;
        waitpid(m_pid, &status, 0);
        m_pid = -1;
    }
    std::ifstream in(m_err);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

namespace {

// A connection to 127.0.0.1:`port` (from 127.0.0.`from`), or -1 when nothing listens there.
int connect_to(int port, int from = 1, int receive_buffer = 0) {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    need(fd >= 0, "no socket");
    if (receive_buffer) setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &receive_buffer, sizeof receive_buffer);  // before connect: the window offered
    if (from != 1) {
        sockaddr_in source{};
        source.sin_family = AF_INET;
        source.sin_addr.s_addr = htonl(INADDR_LOOPBACK - 1 + static_cast<std::uint32_t>(from));
        need(bind(fd, reinterpret_cast<sockaddr*>(&source), sizeof source) == 0, "cannot bind to a loopback address");
    }
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) return fd;
    close(fd);
    return -1;
}

}  // namespace

Idle::Idle(int port, int count, int from, const std::string& opening, int receive_buffer) {
    for (int i = 0; i < count; ++i)
        if (const int fd = connect_to(port, from, receive_buffer); fd >= 0) {
            m_fds.push_back(fd);
            if (!opening.empty()) ::send(fd, opening.data(), opening.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
        }
}

Idle::~Idle() {
    for (const int fd : m_fds) close(fd);
}

size_t http_trickle(int port, const std::string& raw, int every_ms, size_t whole_first) {
    const int fd = connect_to(port);
    need(fd >= 0, "cannot connect to the server");
    size_t sent = std::min(whole_first, raw.size());
    need(::send(fd, raw.data(), sent, MSG_NOSIGNAL) == static_cast<ssize_t>(sent), "cannot send the request's head");
    for (; sent < raw.size(); ++sent) {
        pollfd p{fd, POLLIN, 0};
        char byte;
        if (poll(&p, 1, every_ms) > 0 && recv(fd, &byte, 1, MSG_PEEK) <= 0) break;  // closed by the server
        if (::send(fd, raw.data() + sent, 1, MSG_NOSIGNAL) != 1) break;
    }
    close(fd);
    return sent;
}

Reply http_send(int port, const std::string& raw, int timeout_ms, size_t tail, int pause_ms) {
    Reply reply;
    const int fd = connect_to(port);
    if (fd < 0) return reply;  // nothing listening (yet): no answer
    const auto write_all = [&](std::string_view bytes) {
        while (!bytes.empty()) {
            const auto n = ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
            if (n <= 0) return;  // the server may close on a request it refuses
            bytes.remove_prefix(static_cast<size_t>(n));
        }
    };
    const auto head = raw.size() - std::min(tail, raw.size());
    write_all(std::string_view(raw).substr(0, head));
    if (pause_ms) std::this_thread::sleep_for(std::chrono::milliseconds(pause_ms));
    write_all(std::string_view(raw).substr(head));
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    char buffer[65536];
    size_t head_end = std::string::npos, whole = 0;
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - std::chrono::steady_clock::now()).count();
        if (left <= 0) break;
        pollfd p{fd, POLLIN, 0};
        if (poll(&p, 1, static_cast<int>(left)) <= 0) break;
        const auto n = recv(fd, buffer, sizeof buffer, 0);
        if (n <= 0) break;
        reply.raw.append(buffer, static_cast<size_t>(n));
        // A server that keeps the connection open (ChromeDriver does) is done when the body is
        // whole. (The head is looked for once, and its length read once: a page of megabytes
        // comes in many pieces.)
        if (head_end == std::string::npos) {
            head_end = reply.raw.find("\r\n\r\n");
            std::smatch length;
            if (head_end != std::string::npos &&
                std::regex_search(reply.raw.cbegin(), reply.raw.cbegin() + static_cast<std::ptrdiff_t>(head_end), length,
                                  std::regex("\r\n[Cc]ontent-[Ll]ength: *(\\d+)")))
                whole = head_end + 4 + std::stoull(length[1]);
        }
        if (whole && reply.raw.size() >= whole) break;
    }
    close(fd);
    const auto end = reply.raw.find("\r\n\r\n");
    if (reply.raw.rfind("HTTP/1.", 0) != 0 || end == std::string::npos) return reply;
    reply.status = std::stoi(reply.raw.substr(9, 3));
    std::istringstream lines(reply.raw.substr(0, end));
    std::string line;
    std::getline(lines, line);
    while (std::getline(lines, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const auto colon = line.find(':');
        if (colon == std::string::npos) continue;
        std::string name = line.substr(0, colon);
        for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        reply.headers[name] = line.substr(colon + 1 + (line.size() > colon + 1 && line[colon + 1] == ' ' ? 1 : 0));
    }
    reply.body = reply.raw.substr(end + 4);
    return reply;
}

Reply Served::get(const std::string& path, const std::map<std::string, std::string>& headers) const {
    std::string raw = "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n";
    for (const auto& [name, value] : headers) raw += name + ": " + value + "\r\n";
    return send(raw + "\r\n");
}

size_t Served::logged(const std::string& what) {
    const auto text = log();
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

Reply Served::post(const std::string& path, const std::map<std::string, std::string>& fields, int timeout_ms) const {
    const auto body = form_encode(fields);
    return send("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body,
                timeout_ms);
}

std::string link_path(const std::string& output) {
    std::smatch m;
    need(std::regex_search(output, m, std::regex("https?://[^/]+(/p/[0-9a-f]{64}/)")), "no link in what muster player add printed");
    return m[1];
}

std::string form_token(const std::string& page) {
    std::smatch m;
    return std::regex_search(page, m, std::regex("name=\"token\" value=\"([0-9a-f]+)\"")) ? std::string(m[1]) : std::string();
}

std::string form_encode(const std::map<std::string, std::string>& fields) {
    std::string out;
    for (const auto& [name, value] : fields) {
        if (!out.empty()) out += '&';
        for (const auto* part : {&name, &value}) {
            for (const unsigned char c : *part) {
                if (std::isalnum(c) || c == '-' || c == '_' || c == '.') out += static_cast<char>(c);
                else {
                    char hex[4];
                    std::snprintf(hex, sizeof hex, "%%%02X", c);
                    out += hex;
                }
            }
            if (part == &name) out += '=';
        }
    }
    return out;
}

}  // namespace muster::test
