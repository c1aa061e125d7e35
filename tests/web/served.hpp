#pragma once
// The real `muster serve` on a free port, and an HTTP client on a raw socket: well-formed
// requests and every malformed one a hostile client sends.
#include <map>
#include <string>
#include <vector>

namespace muster::test {

/// An HTTP answer, or the connection closed without one (status 0).
struct Reply {
    int status = 0;
    std::map<std::string, std::string> headers;  ///< names in lower case
    std::string body;
    std::string raw;
};

/// Sends `raw` as it is to 127.0.0.1:`port` (after `pause_ms`, its last `tail` bytes), and reads
/// the answer until the server closes or `timeout_ms` passes.
Reply http_send(int port, const std::string& raw, int timeout_ms = 5000, size_t tail = 0, int pause_ms = 0);

/// `count` connections to 127.0.0.1:`port` from 127.0.0.`from` that send nothing (or `opening`
/// and nothing after it), held open until it is destroyed.
class Idle {
public:
    /// `count` connections from 127.0.0.`from`, each sending `opening`; reading nothing, each
    /// takes at most `receive_buffer` bytes of an answer (0: the system's default).
    Idle(int port, int count, int from, const std::string& opening = "", int receive_buffer = 0);
    ~Idle();
    Idle(const Idle&) = delete;
    Idle& operator=(const Idle&) = delete;
    size_t size() const { return m_fds.size(); }

private:
    std::vector<int> m_fds;
};

/// Sends `raw` to 127.0.0.1:`port` a byte every `every_ms` (its first `whole_first` bytes at
/// once), until it is all sent or the server closes the connection; returns how many bytes were
/// sent before it closed (all of them if it never did).
size_t http_trickle(int port, const std::string& raw, int every_ms, size_t whole_first = 0);

/// `muster --db DB serve --listen 127.0.0.1:0`, stopped (SIGTERM) when it goes.
class Served {
public:
    explicit Served(const std::string& db, const std::string& extra = "");
    ~Served();
    Served(const Served&) = delete;
    Served& operator=(const Served&) = delete;
    int port() const { return m_port; }
    int pid() const { return m_pid; }  ///< the server's process
    /// What it logged on its standard error so far (stopped first when `stop`).
    std::string log(bool stop = false);
    /// How many times its log so far holds `what` ("GET /p/<link>/oob 200").
    size_t logged(const std::string& what);
    Reply send(const std::string& raw, int timeout_ms = 5000, size_t tail = 0, int pause_ms = 0) const {
        return http_send(m_port, raw, timeout_ms, tail, pause_ms);
    }
    Reply get(const std::string& path, const std::map<std::string, std::string>& headers = {}) const;
    /// A form POSTed as application/x-www-form-urlencoded, waited for `timeout_ms`.
    Reply post(const std::string& path, const std::map<std::string, std::string>& fields, int timeout_ms = 5000) const;

private:
    int m_pid = -1;
    int m_port = 0;
    std::string m_err;
};

/// The path of a player's link printed by `muster player add` ("/p/<token>/").
std::string link_path(const std::string& player_add_output);
/// A page's form token (the hidden field "token"), or "" when it has none.
std::string form_token(const std::string& page);
/// application/x-www-form-urlencoded.
std::string form_encode(const std::map<std::string, std::string>& fields);

}  // namespace muster::test
