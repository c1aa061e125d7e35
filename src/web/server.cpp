// `muster serve` on GNU libmicrohttpd: its limits set, each request read within them, answered
// by the site, and logged without its link.
#include "web/server.hpp"

#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/match.hpp"
#include "core/names.hpp"
#include "core/text.hpp"
#include "json/json.hpp"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <fstream>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>
#include <vector>

namespace muster::web {
namespace {

// A request from its first line on: its path as it came (libmicrohttpd's URI log), whether muster
// has begun reading it and has answered it, and its body so far.
struct Pending {
    std::string path;
    bool started = false;
    bool answered = false;
    std::string body;
    bool too_large = false;
    bool taken = false;              ///< a form handed to the writer (its connection suspended)
    std::optional<Response> made;    ///< the writer's answer to it, sent when the connection resumes
};

using Clock = std::chrono::steady_clock;

// Connections at once, from every address together.
constexpr size_t k_connection_limit = 1024;

std::string address_of(MHD_Connection* connection) {
    const auto* info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (!info || !info->client_addr) return "?";
    char text[INET6_ADDRSTRLEN] = {};
    if (info->client_addr->sa_family == AF_INET)
        inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(info->client_addr)->sin_addr, text, sizeof text);
    else if (info->client_addr->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6*>(info->client_addr)->sin6_addr, text, sizeof text);
    return text;
}

// The connections open, each with when its present request began to come in: at its accept, or
// when the connection's last answer was sent. MHD's idle timeout closes a connection that sends
// nothing; this closes one that trickles a request in a byte at a time, however steadily. The
// clock stops while an answer is made and sent (MHD's idle timeout watches that). Crowded, it
// closes those that have asked nothing longest, the forms still coming in from an address that
// sends more than two at once, then the answers longest in sending (run).
class Watch {
public:
    explicit Watch(int limit_seconds) : m_limit(std::chrono::seconds(limit_seconds)), m_thread([this] { run(); }) {}
    ~Watch() {
        {
            const std::lock_guard lock(m_mutex);
            m_stopping = true;
        }
        m_wake.notify_all();
        m_thread.join();
    }
    void opened(MHD_Connection* c) {
        const auto* info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        const std::lock_guard lock(m_mutex);
        if (info) m_open[c] = {info->connect_fd, Clock::now(), false, false, false, address_of(c)};
    }
    // MHD tells of a connection's close before it closes the socket: the descriptor is never
    // shut down once it may be another connection's.
    void closed(MHD_Connection* c) {
        const std::lock_guard lock(m_mutex);
        m_open.erase(c);
    }
    void answering(MHD_Connection* c, bool yes) {
        const std::lock_guard lock(m_mutex);
        if (const auto it = m_open.find(c); it != m_open.end()) {
            auto& open = it->second;  // its descriptor, its address and whether it was cut stay
            open.since = Clock::now();
            open.answering = open.asked = yes;
        }
    }
    // Whether this closed it (too slow, or crowded out): MHD then reads only that the peer went.
    bool was_cut(MHD_Connection* c) {
        const std::lock_guard lock(m_mutex);
        const auto it = m_open.find(c);
        return it != m_open.end() && it->second.cut;
    }
    // Its request line and headers are in (its body may still be coming).
    void asked(MHD_Connection* c) {
        const std::lock_guard lock(m_mutex);
        if (const auto it = m_open.find(c); it != m_open.end()) it->second.asked = true;
    }

private:
    struct Open {
        int fd;
        Clock::time_point since;  ///< when it began to wait for a request (opened, or its last answered)
        bool answering;
        bool asked;  ///< its request's line and headers are in: not idle, though its body may still be coming
        bool cut;    ///< shut down, and waiting for MHD to close it
        std::string address;  ///< the peer's
    };
    static void cut(Open& open) {
        shutdown(open.fd, SHUT_RDWR);  // MHD reads the end of it and closes the connection
        open.cut = true;               // once
    }
    void run() {
        std::unique_lock lock(m_mutex);
        while (!m_wake.wait_for(lock, std::chrono::milliseconds(250), [&] { return m_stopping; })) {
            const auto now = Clock::now();
            std::vector<Open*> waiting;  // for a request a second and more, the longest first
            std::map<std::string_view, std::vector<Open*>> forms;  // a body still coming a second and more, by address
            std::vector<Open*> slow_answers;  // answers sent for 3 seconds and more: read slowly, or not at all
            for (auto& [c, open] : m_open) {
                if (open.cut) continue;
                if (open.answering) {
                    if (now - open.since > std::chrono::seconds(3)) slow_answers.push_back(&open);
                    continue;
                }
                if (now - open.since > m_limit) cut(open);
                else if (now - open.since > std::chrono::seconds(1)) (open.asked ? forms[open.address] : waiting).push_back(&open);
            }
            // A form whose body is still coming is a player's, posting slowly (a phone): two at
            // once from an address are let be, the longest coming; more are a trickle holding
            // connections, as those that ask nothing.
            for (auto& [address, slow] : forms) {
                std::sort(slow.begin(), slow.end(), [](const Open* a, const Open* b) { return a->since < b->since; });
                waiting.insert(waiting.end(), slow.begin() + static_cast<std::ptrdiff_t>(std::min<size_t>(2, slow.size())), slow.end());
            }
            // Crowded (connections from many addresses, each within its own limit, that ask
            // nothing): those that have waited longest for a request are closed, down to half the
            // limit, so that a player's new connection is taken at once, not held in the queue
            // until the idle time frees one. A browser sends its request as it connects.
            // Then, were that not enough, the answers read slowest (many requests pipelined and
            // read a few bytes at a time hold their connections mid-answer): a player's page is
            // sent in well under their three seconds.
            const auto live = static_cast<size_t>(std::count_if(m_open.begin(), m_open.end(), [](const auto& o) { return !o.second.cut; }));
            if (live < k_connection_limit * 3 / 4) continue;
            const auto oldest_first = [](const Open* a, const Open* b) { return a->since < b->since; };
            std::sort(waiting.begin(), waiting.end(), oldest_first);
            std::sort(slow_answers.begin(), slow_answers.end(), oldest_first);
            waiting.insert(waiting.end(), slow_answers.begin(), slow_answers.end());
            for (size_t i = 0; i < waiting.size() && i < live - k_connection_limit / 2; ++i) cut(*waiting[i]);
        }
    }
    const Clock::duration m_limit;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::map<MHD_Connection*, Open> m_open;
    bool m_stopping = false;
    std::thread m_thread;  // last: it starts once the rest is made
};

// The forms taken, written one at a time by a thread of their own, each connection suspended
// until its answer is made: a form waiting for the campaign (another muster writing, as long
// as the session waits) holds none of the server's few threads, which answer pages meanwhile.
// Forms queued behind one answered busy are answered busy at once (the campaign was busy when
// they came), and past k_most_waiting a form is answered busy as it comes; so is one of a link
// that has k_most_a_link waiting already: a player sending many at once (or a stranger with his
// link) takes no other player's place.
class Forms {
public:
    explicit Forms(Site& site) : m_site(site), m_thread([this] { run(); }) {}
    ~Forms() { stop(); }
    static constexpr size_t k_most_waiting = 16, k_most_a_link = 2;
    /// Takes the form on `connection` (suspended here, from its request's handler) to be written;
    /// false: too many wait, and it is the caller's to answer.
    bool take(MHD_Connection* connection, Pending& pending, Request request) {
        const std::lock_guard lock(m_mutex);
        const auto link = std::string_view(request.path).substr(0, request.path.find('/', 3));  // "/p/TOKEN"
        const auto of_link = std::count_if(m_queue.begin(), m_queue.end(), [&](const Job& j) { return j.request.path.starts_with(link); });
        if (m_stopping || m_queue.size() >= k_most_waiting || static_cast<size_t>(of_link) >= k_most_a_link) return false;
        MHD_suspend_connection(connection);
        pending.taken = true;
        m_queue.push_back({connection, &pending, std::move(request), ++m_taken});
        m_wake.notify_one();
        return true;
    }
    /// Every form taken answered (those not yet written: busy), its connection resumed, and the
    /// thread ended: before the server stops (libmicrohttpd stops no suspended connection).
    void stop() {
        {
            const std::lock_guard lock(m_mutex);
            if (m_stopping) return;
            m_stopping = true;
        }
        m_wake.notify_all();
        m_thread.join();
        for (auto& job : m_queue) {
            Response busy;
            busy.status = 503;
            busy.content_type = "text/plain; charset=utf-8";
            busy.body = "The server is stopping: nothing was sent.\n";
            job.pending->made = std::move(busy);
            MHD_resume_connection(job.connection);
        }
        m_queue.clear();
    }

private:
    struct Job {
        MHD_Connection* connection;
        Pending* pending;
        Request request;
        std::uint64_t number;  ///< taken so many forms after the server started
    };
    void run() {
        std::unique_lock lock(m_mutex);
        for (;;) {
            m_wake.wait(lock, [&] { return m_stopping || !m_queue.empty(); });
            if (m_stopping) return;
            Job job = std::move(m_queue.front());
            m_queue.pop_front();
            job.request.busy = job.number <= m_busy_through;
            lock.unlock();
            auto made = m_site.handle(job.request);
            lock.lock();
            if (made.status == 503) m_busy_through = m_taken;  // those waiting came while it was busy
            job.pending->made = std::move(made);
            MHD_resume_connection(job.connection);  // its handler is called again, and sends the answer
        }
    }
    Site& m_site;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::deque<Job> m_queue;
    std::uint64_t m_taken = 0, m_busy_through = 0;
    bool m_stopping = false;
    std::thread m_thread;  // last: it starts once the rest is made
};

struct Context {
    Site* site;
    std::ostream* log;
    Watch* watch;
    Forms* forms;
    bool tls;           // served over HTTPS: browsers are told to come back only so
    bool behind_proxy;  // a loopback peer's X-Forwarded-For names the client
    std::mutex log_mutex;
};

MHD_Result collect_header(void* cls, MHD_ValueKind, const char* key, const char* value) {
    auto& headers = *static_cast<std::map<std::string, std::string>*>(cls);
    if (headers.size() >= 100) return MHD_NO;  // more is refused below
    std::string name(key ? key : "");
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    headers[name] = value ? value : "";
    return MHD_YES;
}

// What a request's headers say of how it is framed and read: each length, coding and host
// counted, and a name that is not a token ("Content-Length :" here, and perhaps Content-Length
// to a proxy). libmicrohttpd 0.9.75 itself drops a header of no name and ends a value at a NUL.
struct HeaderCheck {
    int lengths = 0, codings = 0, hosts = 0;
    bool odd_name = false;
    // Why the request is refused, or nothing.
    const char* refusal(const char* coding, const char* length) const {
        if (odd_name) return "A header's name is not a token (letters, digits and !#$%&'*+-.^_`|~).\n";
        if (hosts > 1) return "The request names its host more than once.\n";
        if (lengths > 1 || codings > 1 || (coding && (length || !same_ignoring_case(coding, "chunked"))))
            return "The request's length is given twice, or otherwise than by one Content-Length or chunks.\n";
        return nullptr;
    }
};

MHD_Result check_header(void* cls, MHD_ValueKind, const char* key, size_t key_size, const char*, size_t) {
    auto& c = *static_cast<HeaderCheck*>(cls);
    const std::string_view name(key ? key : "", key ? key_size : 0);
    if (same_ignoring_case(name, "Content-Length")) ++c.lengths;
    if (same_ignoring_case(name, "Transfer-Encoding")) ++c.codings;
    if (same_ignoring_case(name, "Host")) ++c.hosts;
    // libmicrohttpd 0.9.75 reads a header continued on a folded line (" x") as a longer name
    // ("Transfer-Encodingx"): a framing header so folded, which a proxy may read as chunks, is
    // a header whose name is not one.
    for (const std::string_view framing : {"Content-Length", "Transfer-Encoding"})
        c.odd_name = c.odd_name || (name.size() > framing.size() && same_ignoring_case(name.substr(0, framing.size()), framing));
    static constexpr std::string_view token_marks = "!#$%&'*+-.^_`|~";
    c.odd_name = c.odd_name || name.empty() || std::any_of(name.begin(), name.end(), [](unsigned char ch) {
                     return !std::isalnum(ch) && token_marks.find(static_cast<char>(ch)) == std::string_view::npos;
                 });
    return MHD_YES;
}

// Who asked: the peer, or behind a proxy on this machine (a loopback peer) the address its
// X-Forwarded-For gives last, the one the proxy saw (those before it are the client's to forge).
std::string client_of(const Context& context, MHD_Connection* connection) {
    auto peer = address_of(connection);
    if (!context.behind_proxy || (peer.rfind("127.", 0) != 0 && peer != "::1")) return peer;
    // The last of them, where the header comes more than once (a client's own, then the proxy's).
    const char* forwarded = nullptr;
    MHD_get_connection_values(
        connection, MHD_HEADER_KIND,
        [](void* cls, MHD_ValueKind, const char* key, const char* value) {
            if (key && same_ignoring_case(key, "X-Forwarded-For")) *static_cast<const char**>(cls) = value;
            return MHD_YES;
        },
        &forwarded);
    if (!forwarded) return peer;
    std::string_view list(forwarded);
    const auto last = trim(list.substr(list.rfind(',') == std::string_view::npos ? 0 : list.rfind(',') + 1));
    unsigned char bytes[sizeof(in6_addr)];
    const std::string address(last);
    if (inet_pton(AF_INET, address.c_str(), bytes) == 1 || inet_pton(AF_INET6, address.c_str(), bytes) == 1) return address;
    return peer;  // not an address: the peer's own
}

// The body is given for HEAD too: libmicrohttpd does not send it, and Content-Length is the GET's.
// It is sent from where it is kept, not copied: the answer's own, or one answers share, held
// until libmicrohttpd has sent it.
MHD_Result send(Context& context, MHD_Connection* connection, Response& r) {
    context.watch->answering(connection, true);
    auto* body = new std::shared_ptr<const std::string>(r.shared ? r.shared : std::make_shared<const std::string>(std::move(r.body)));
    auto* response = MHD_create_response_from_buffer_with_free_callback_cls(
        (*body)->size(), const_cast<char*>((*body)->data()), [](void* held) { delete static_cast<std::shared_ptr<const std::string>*>(held); }, body);
    if (!response) {
        delete body;
        return MHD_NO;
    }
    for (const auto& [name, value] : security_headers()) MHD_add_response_header(response, name.c_str(), value.c_str());
    if (context.tls) MHD_add_response_header(response, "Strict-Transport-Security", "max-age=31536000");
    if (r.status != 304) MHD_add_response_header(response, "Content-Type", r.content_type.c_str());
    for (const auto& [name, value] : r.headers) MHD_add_response_header(response, name.c_str(), value.c_str());
    if (r.status == 405) MHD_add_response_header(response, "Allow", "GET, HEAD, POST");
    const auto result = MHD_queue_response(connection, static_cast<unsigned>(r.status), response);
    MHD_destroy_response(response);
    return result;
}

Response refusal(int status, const char* text) {
    Response r;
    r.status = status;
    r.content_type = "text/plain; charset=utf-8";
    r.body = text;
    return r;
}

// The most of a request's path its log line keeps: a path of 30,000 bytes a request would fill
// the log by megabytes a second.
constexpr size_t k_logged_path = 200;

// One line of the log: when, UTC; who; the method; the path without its link, cut at
// k_logged_path bytes; how it was answered.
void log_line(Context& context, MHD_Connection* connection, std::string_view verb, const char* url, std::string_view answered) {
    auto path = Site::loggable(url ? url : "");
    if (path.size() > k_logged_path) path = path.substr(0, k_logged_path) + "... (" + std::to_string(path.size()) + " bytes)";
    const std::lock_guard lock(context.log_mutex);
    *context.log << utc_now("%Y-%m-%dT%H:%M:%SZ") << " " << client_of(context, connection) << " " << visible(verb.substr(0, 16)) << " " << visible(path) << " "
                 << answered << "\n";
    context.log->flush();
}

// Logs the request's line with its status, however it is answered or refused, and sends the answer.
MHD_Result answer(Context& context, MHD_Connection* connection, Pending& pending, const std::string& verb, const char* url, Response r) {
    pending.answered = true;
    log_line(context, connection, verb, url, std::to_string(r.status));
    return send(context, connection, r);
}

// The site's answer to a request in whole (or, `body` none, to its line and headers alone).
// The request as the site reads it; none where it sends too many headers.
std::optional<Request> request_of(Context& context, MHD_Connection* connection, const std::string& verb, const char* url, std::string body) {
    Request request;
    request.method = verb;
    request.path = url ? url : "";
    request.body = std::move(body);
    request.remote = client_of(context, connection);
    // Counted as sent: a header repeated is one name in the map, but each copy counts.
    const int sent = MHD_get_connection_values(connection, MHD_HEADER_KIND, nullptr, nullptr);
    if (sent >= 100) return std::nullopt;
    MHD_get_connection_values(connection, MHD_HEADER_KIND, collect_header, &request.headers);
    return request;
}

Response site_answer(Context& context, MHD_Connection* connection, const std::string& verb, const char* url, std::string body) {
    const auto request = request_of(context, connection, verb, url, std::move(body));
    return request ? context.site->handle(*request) : refusal(431, "Too many headers.\n");
}

MHD_Result on_request(void* cls, MHD_Connection* connection, const char* url, const char* method, const char*, const char* upload,
                      size_t* upload_size, void** state) {
    auto& context = *static_cast<Context*>(cls);
    const std::string verb(method ? method : "");
    if (!*state) *state = new Pending;  // (the URI log makes it first, but for a request it never saw)
    auto& pending = *static_cast<Pending*>(*state);
    if (!pending.started) {
        // First call: the request line and headers only. Refuse early what no body can save.
        pending.started = true;
        context.watch->asked(connection);  // its body may be coming: not one that asks nothing
        if (verb != "GET" && verb != "HEAD" && verb != "POST") return answer(context, connection, pending, verb, url, refusal(405, "Method not allowed.\n"));
        // A request framed two ways (two lengths, or a length and chunks), of two hosts, or with a
        // header that is none could be read by a proxy otherwise than here, the rest of its body
        // taken as another request: refused, and the connection closed after.
        HeaderCheck headers;
        MHD_get_connection_values_n(connection, MHD_HEADER_KIND, check_header, &headers);
        const char* length = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Content-Length");
        const char* coding = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Transfer-Encoding");
        if (const char* why = headers.refusal(coding, length)) {
            auto framed = refusal(400, why);
            framed.headers.emplace_back("Connection", "close");
            return answer(context, connection, pending, verb, url, framed);
        }
        if (length && (std::string_view(length).size() > 9 || std::strtoull(length, nullptr, 10) > k_max_body))
            return answer(context, connection, pending, verb, url, refusal(413, "The request is too large.\n"));
        for (const char* header : {"Content-Encoding", "Range"})
            if (MHD_lookup_connection_value(connection, MHD_HEADER_KIND, header))
                return answer(context, connection, pending, verb, url, refusal(400, "Encoded bodies and ranges are not accepted.\n"));
        // A form posted where none is read (no link, an unknown one, a file) is answered now: its
        // body, which may come a byte at a time to hold a connection, is never waited for.
        if (verb == "POST" && !context.site->takes_form(url ? url : "")) {
            auto now = site_answer(context, connection, verb, url, {});
            now.headers.emplace_back("Connection", "close");
            return answer(context, connection, pending, verb, url, now);
        }
        return MHD_YES;
    }
    if (*upload_size) {
        // A body, however it is sent (chunked too): kept up to the limit, the rest dropped.
        // libmicrohttpd answers a request only once its body has ended: one past the limit is
        // refused then (a chunk declared larger than it sends is cut off idle).
        if (pending.body.size() + *upload_size > k_max_body) pending.too_large = true;
        else pending.body.append(upload, *upload_size);
        *upload_size = 0;
        return MHD_YES;
    }
    if (pending.too_large) return answer(context, connection, pending, verb, url, refusal(413, "The request is too large.\n"));
    if (pending.taken) {
        // Resumed: the writer has made the form's answer (called again before, the request waits).
        if (!pending.made) return MHD_YES;
        auto made = std::move(*pending.made);
        pending.made.reset();
        return answer(context, connection, pending, verb, url, std::move(made));
    }
    context.watch->answering(connection, true);  // it is in whole: its clock stops while it is answered
    if (verb == "POST") {
        auto request = request_of(context, connection, verb, url, std::move(pending.body));
        if (!request) return answer(context, connection, pending, verb, url, refusal(431, "Too many headers.\n"));
        if (context.forms->take(connection, pending, *request)) return MHD_YES;
        request->busy = true;  // too many wait: answered busy now
        return answer(context, connection, pending, verb, url, context.site->handle(*request));
    }
    return answer(context, connection, pending, verb, url, site_answer(context, connection, verb, url, std::move(pending.body)));
}

// A path's %XX read as its byte, but for %00 and %2F: kept as written, so that a NUL does not end
// the path short of what was asked (and its log line hide the rest), nor an encoded slash read
// as one. Neither is in any path of muster's, so the request finds no page.
size_t unescape(void*, MHD_Connection*, char* text) {
    const auto hex = [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; };
    const auto value = [](char c) { return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10; };
    char* out = text;
    for (const char* in = text; *in;) {
        if (in[0] == '%' && hex(in[1]) && hex(in[2])) {
            const int byte = value(in[1]) * 16 + value(in[2]);
            if (byte != 0 && byte != '/') {
                *out++ = static_cast<char>(byte);
                in += 3;
                continue;
            }
        }
        *out++ = *in++;
    }
    *out = '\0';
    return static_cast<size_t>(out - text);
}

// A request's first line, as soon as libmicrohttpd has it: kept, so that one it refuses itself
// (headers past their room, malformed) or that is cut off before muster answers is logged too.
void* on_first_line(void*, const char* uri, MHD_Connection*) {
    auto* pending = new Pending;
    pending->path = uri ? uri : "";
    return pending;
}

void on_completed(void* cls, MHD_Connection* connection, void** state, MHD_RequestTerminationCode code) {
    auto& context = *static_cast<Context*>(cls);
    std::unique_ptr<Pending> pending(static_cast<Pending*>(*state));
    *state = nullptr;
    if (pending && !pending->answered && pending->made) {
        // A form written while its client waited, gone before its answer was sent.
        log_line(context, connection, "POST", pending->path.c_str(), std::to_string(pending->made->status) + ", unsent: the client had gone");
    } else if (pending && !pending->answered) {
        const char* how = code == MHD_REQUEST_TERMINATED_TIMEOUT_REACHED || context.watch->was_cut(connection) ? "cut off: idle, or not in whole in time"
                          : code == MHD_REQUEST_TERMINATED_DAEMON_SHUTDOWN ? "cut off: the server stopped"
                          : code == MHD_REQUEST_TERMINATED_CLIENT_ABORT || code == MHD_REQUEST_TERMINATED_READ_ERROR ? "abandoned by the client"
                                                                                                                     : "refused unread: malformed or too large";
        log_line(context, connection, "-", pending->path.c_str(), how);
    }
    context.watch->answering(connection, false);  // the next request's clock starts
}

void on_connection(void* cls, MHD_Connection* connection, void**, MHD_ConnectionNotificationCode code) {
    auto& watch = *static_cast<Context*>(cls)->watch;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) watch.opened(connection);
    else watch.closed(connection);
}

std::string read_file(const std::string& path, const char* what) {
    // A regular file of at most 1 MB, as muster reads every file: a pipe or a device is refused,
    // and standard input too (the certificate and the key cannot both be read from it).
    if (path == "-") throw UsageError(std::string(what) + ": give its file, not - (standard input)");
    try {
        return json::read_file(path, 1024 * 1024);
    } catch (const Error& e) {
        throw UsageError(std::string(what) + ": " + visible(e.what()));
    }
}

// "127.0.0.1:8080", "0.0.0.0:80", "[::1]:8080", "localhost:8080" (127.0.0.1: no name is looked up).
sockaddr_storage address_from(const std::string& listen, bool& v6) {
    // What is wrong with it, said before the form it takes.
    const auto refuse = [&](const std::string& why) {
        return UsageError("listen address \"" + visible(listen) + "\"" + why + ": expected ADDR:PORT (e.g. 127.0.0.1:8080, localhost:8080, 0.0.0.0:8080 or [::1]:8080)");
    };
    const auto digits = [](const std::string& t) { return !t.empty() && std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; }); };
    const auto colon = listen.rfind(':');
    if (digits(listen)) throw refuse(" is a port alone: give the address too");
    if (colon == std::string::npos || (listen.front() == '[' && listen.back() == ']')) throw refuse(" gives no port");
    std::string host = listen.substr(0, colon);
    if (std::count(host.begin(), host.end(), ':') > 0 && host.front() != '[')
        throw refuse(": an IPv6 address is written in brackets, e.g. [::1]:8080");
    if (same_ignoring_case(host, "localhost")) host = "127.0.0.1";
    auto port_text = listen.substr(colon + 1);
    if (!digits(port_text)) throw refuse(": its port \"" + visible(port_text) + "\" is not a number");
    port_text.erase(0, std::min(port_text.find_first_not_of('0'), port_text.size() - 1));  // 00080 is 80
    if (port_text.size() > 5 || std::stoi(port_text) > 65535) throw refuse(": its port " + visible(port_text) + " is past 65535");
    const auto port = std::stoi(port_text);
    const auto not_an_address = [&] { return refuse(": \"" + visible(host) + "\" is not an IP address (muster looks up no host names but localhost)"); };
    sockaddr_storage out{};
    v6 = host.size() > 2 && host.front() == '[' && host.back() == ']';
    if (v6) {
        auto& a = reinterpret_cast<sockaddr_in6&>(out);
        a.sin6_family = AF_INET6;
        a.sin6_port = htons(static_cast<std::uint16_t>(port));
        if (inet_pton(AF_INET6, host.substr(1, host.size() - 2).c_str(), &a.sin6_addr) != 1) throw not_an_address();
    } else {
        auto& a = reinterpret_cast<sockaddr_in&>(out);
        a.sin_family = AF_INET;
        a.sin_port = htons(static_cast<std::uint16_t>(port));
        if (inet_pton(AF_INET, host.c_str(), &a.sin_addr) != 1) throw not_an_address();
    }
    return out;
}

}  // namespace

void serve(const ServeOptions& options, Site& site, std::ostream& out, std::ostream& log) {
    if (options.cert_file.empty() != options.key_file.empty()) throw UsageError("HTTPS needs both --cert and --key");
    if (options.per_address < 1 || options.per_address > 10000)
        throw UsageError("connections from one address: " + std::to_string(options.per_address) + " is out of range: expected 1 to 10000");
    if (options.idle_seconds < 1 || options.idle_seconds > 600)
        throw UsageError("idle time " + std::to_string(options.idle_seconds) + " s is out of range: expected 1 to 600");
    if (options.request_seconds < 1 || options.request_seconds > 600)
        throw UsageError("request time " + std::to_string(options.request_seconds) + " s is out of range: expected 1 to 600");
    bool v6 = false;
    auto address = address_from(options.listen, v6);
    const bool tls = !options.cert_file.empty();
    const auto cert = tls ? read_file(options.cert_file, "certificate") : std::string();
    const auto key = tls ? read_file(options.key_file, "key") : std::string();
    // The signals that stop the server are taken by this thread alone: blocked before the
    // server's threads start, they inherit the mask.
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, nullptr);
    Watch watch(options.request_seconds);
    Forms forms(site);
    Context context{&site, &log, &watch, &forms, tls, options.behind_proxy, {}};
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME;
    if (v6) flags |= MHD_USE_IPv6;
    if (tls) flags |= MHD_USE_TLS;
    std::vector<MHD_OptionItem> items = {
        {MHD_OPTION_SOCK_ADDR, 0, &address},
        {MHD_OPTION_THREAD_POOL_SIZE, 4, nullptr},
        {MHD_OPTION_CONNECTION_LIMIT, k_connection_limit, nullptr},
        {MHD_OPTION_PER_IP_CONNECTION_LIMIT, options.per_address, nullptr},
        {MHD_OPTION_CONNECTION_TIMEOUT, options.idle_seconds, nullptr},  // seconds a connection may sit idle
        {MHD_OPTION_CONNECTION_MEMORY_LIMIT, 32 * 1024, nullptr},     // a request line and its headers must fit
        {MHD_OPTION_NOTIFY_COMPLETED, reinterpret_cast<intptr_t>(&on_completed), &context},
        {MHD_OPTION_URI_LOG_CALLBACK, reinterpret_cast<intptr_t>(&on_first_line), nullptr},
        {MHD_OPTION_NOTIFY_CONNECTION, reinterpret_cast<intptr_t>(&on_connection), &context},
        {MHD_OPTION_STRICT_FOR_CLIENT, 1, nullptr},
        {MHD_OPTION_UNESCAPE_CALLBACK, reinterpret_cast<intptr_t>(&unescape), nullptr}};
    if (tls) {
        items.push_back({MHD_OPTION_HTTPS_MEM_CERT, 0, const_cast<char*>(cert.c_str())});
        items.push_back({MHD_OPTION_HTTPS_MEM_KEY, 0, const_cast<char*>(key.c_str())});
        items.push_back({MHD_OPTION_HTTPS_PRIORITIES, 0, const_cast<char*>("NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2")});
    }
    items.push_back({MHD_OPTION_END, 0, nullptr});
    auto* daemon = MHD_start_daemon(flags, 0, nullptr, nullptr, &on_request, &context, MHD_OPTION_ARRAY, items.data(), MHD_OPTION_END);
    if (!daemon && tls) {
        // Which failed: the address, or the certificate and key? The address alone, tried plainly.
        if (auto* plain = MHD_start_daemon(flags & ~static_cast<unsigned>(MHD_USE_TLS), 0, nullptr, nullptr, &on_request, &context, MHD_OPTION_SOCK_ADDR,
                                           &address, MHD_OPTION_END)) {
            MHD_stop_daemon(plain);
            throw UsageError("cannot serve HTTPS with certificate " + visible(options.cert_file) + " and key " + visible(options.key_file) +
                             ": expected a PEM certificate and the PEM private key it was made for");
        }
    }
    if (!daemon) throw Error("cannot listen on " + options.listen + ": the port is taken, or the address is not this machine's");
    const auto* info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    const auto host = options.listen.substr(0, options.listen.rfind(':'));
    out << "Serving players on " << (tls ? "https" : "http") << "://" << host << ":" << (info ? info->port : 0) << " (Ctrl+C stops)\n";
    out.flush();
    int signal = 0;
    sigwait(&stop, &signal);
    forms.stop();  // the forms taken answered and resumed: libmicrohttpd stops no suspended connection
    MHD_stop_daemon(daemon);
    out << "Stopped.\n";
}

}  // namespace muster::web
