#pragma once
// `muster serve`: the players' site on GNU libmicrohttpd, within hard limits: each connection's
// memory (request line and headers), a body's size however it is sent, the connections from one
// address and in all, how long a connection may sit idle, and how long a request may take to come
// in whole however steadily it trickles. TLS where a certificate is given.
#include "web/site.hpp"

#include <functional>
#include <ostream>
#include <string>

namespace muster::web {

struct ServeOptions {
    std::string listen = "127.0.0.1:8080";  ///< ADDR:PORT, [IPv6]:PORT; port 0: any free one
    std::string cert_file, key_file;        ///< both, for HTTPS (PEM)
    int per_address = 128;                  ///< connections at once from one address
    int idle_seconds = 10;                  ///< how long a connection may sit without a byte
    int request_seconds = 30;               ///< how long a request may take to come in whole
    /// Behind a reverse proxy on this machine: a request from it is known by the address its
    /// X-Forwarded-For gives last (the one the proxy saw), for the limits and the log.
    bool behind_proxy = false;
};

/// The largest request body (a form), in bytes: room for the longest a form takes (a message of
/// 4,000 characters), each character four bytes of UTF-8 sent as twelve (%XX each), and its
/// other fields.
inline constexpr size_t k_max_body = 64 * 1024;

/// Serves `site` until SIGINT or SIGTERM; says where it listens on `out` once it does, and logs
/// each request (its link blanked) on `log`. UsageError for a listen address or certificate
/// that will not do, Error when the port cannot be had.
void serve(const ServeOptions& options, Site& site, std::ostream& out, std::ostream& log);

}  // namespace muster::web
