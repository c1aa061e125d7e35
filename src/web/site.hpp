#pragma once
// The players' site: every request, from whatever listens (web/server.hpp), answered from the
// app layer in the view of the side whose link it came by. Pages are plain HTML rendered here,
// with one stylesheet and one script of muster's own; nothing is read from disk but the
// campaign file.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace muster::web {

/// A request as the server read it, within its limits.
struct Request {
    std::string method;                         ///< "GET", "HEAD", "POST", ...
    std::string path;                           ///< decoded, without the query
    std::map<std::string, std::string> headers; ///< names in lower case
    std::string body;                           ///< a POST's form, application/x-www-form-urlencoded
    std::string remote;                         ///< the peer's address, as the socket gives it
    /// A form the server knows cannot be written now (the campaign was busy for a form before it
    /// and this one waited behind that): answered busy, its fields given back, without waiting.
    bool busy = false;
};

struct Response {
    int status = 200;
    std::string content_type = "text/html; charset=utf-8";
    std::string body;
    /// The body instead, where answers share it (a paper as made, a page as a player opens it):
    /// each connection sending it, however slowly, holds no copy of its own.
    std::shared_ptr<const std::string> shared;
    std::vector<std::pair<std::string, std::string>> headers;  ///< beyond the ones every response carries
};

/// The headers every response carries: a content security policy that allows only muster's
/// own stylesheet and script, no framing, no sniffing, no referrer (the link is the secret),
/// no caching.
const std::vector<std::pair<std::string, std::string>>& security_headers();

class Site {
public:
    /// `db_path`: the campaign file; `secret`: the key form tokens are made with (random per
    /// run); `lock_wait_ms`: how long a form waits for another muster's write lock (--lock-wait);
    /// `failed`: told what went wrong where a request failed unexpectedly (the client is told
    /// nothing of it).
    Site(std::string db_path, std::string secret, int lock_wait_ms, std::function<void(const std::string&)> failed = {});
    ~Site();
    /// Renders every page of every view a player's link opens, and returns once they are made:
    /// a server that does this before it listens never keeps its first players waiting.
    void prepare();
    /// Answers one request. Safe to call from many threads at once.
    Response handle(const Request& request);
    /// Whether a form posted to `path` is read: a page of a link this server knows. Any other
    /// POST is answered from its request line and headers (`handle`), its body never waited for.
    bool takes_form(const std::string& path);
    /// The request's path as it may be logged: a link's token blanked.
    static std::string loggable(const std::string& path);

private:
    struct Impl;
    std::unique_ptr<Impl> m;
};

}  // namespace muster::web
