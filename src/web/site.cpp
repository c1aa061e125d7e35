// The players' site: routing, the side's pages, the side's actions, and the link's guards.
#include "web/site.hpp"

#include "app/battles.hpp"
#include "app/exports.hpp"
#include "app/history.hpp"
#include "app/plans.hpp"
#include "app/players.hpp"
#include "app/prisoners.hpp"
#include "app/season.hpp"
#include "app/session.hpp"
#include "core/error.hpp"
#include "core/match.hpp"
#include "core/names.hpp"
#include "core/text.hpp"
#include "export/html.hpp"
#include "export/oob.hpp"
#include "web/assets.hpp"

#include <cctype>
#include <algorithm>
#include <malloc.h>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <thread>
#include <mutex>
#include <optional>
#include <set>

namespace muster::web {
namespace {

using exporter::html_escape;
using Clock = std::chrono::steady_clock;

// Where a form's token and the player's name go in a page as it is kept (one page for every
// player of a side): what no escaped text can hold.
constexpr std::string_view k_form_token = "<form-token>";
constexpr std::string_view k_player_name = "<player-name>";
// A side's labels with each brigade's commander named, beside the handout's own files.
constexpr const char* k_brigadier_labels = "labels-brigadier.pdf";
// What a player typed in a form's field, given back in it when the form is refused (a typo in
// one line of ten is mended, not typed again): each hole, and the field it holds.
constexpr std::pair<std::string_view, std::string_view> k_typed[] = {
    {"<typed-text>", "text"}, {"<typed-battle>", "battle"}, {"<typed-losses>", "losses"},
    {"<typed-offer>", "offer"}, {"<typed-ask>", "ask"},     {"<typed-note>", "note"}};
// An exchange as a side's page showed it, in 16 hex digits: its answer form carries it, and an
// answer to an exchange that has changed since (taken back and proposed anew under its number,
// withdrawn, answered) is refused, not given to what the player did not read.
std::string exchange_seen(const app::ExchangeView& x) {
    std::string text = std::to_string(x.row.number) + "\n" + x.row.proposer + "\n" + x.row.counterpart + "\n" + word(x.row.status) + "\n" + x.row.note + "\n" + x.lapsed;
    for (const auto* lines : {&x.offer, &x.ask}) {
        text += "\n--";
        for (const auto& l : *lines) text += "\n" + l;
    }
    return app::token_hash(text).substr(0, 16);
}

// A player's path, "/p/TOKEN[/PAGE[/FILE]]": the token 64 lower-case hex digits, a page of
// lower-case letters and hyphens (or none), a file "name.pdf" or "name.txt"; else none.
struct PlayerPath {
    std::string token, page, file;
};
std::optional<PlayerPath> player_path(std::string_view path) {
    const auto all = [](std::string_view s, auto ok) { return std::all_of(s.begin(), s.end(), ok); };
    if (path.rfind("/p/", 0) != 0 || path.size() < 67) return std::nullopt;
    PlayerPath out{std::string(path.substr(3, 64)), "", ""};
    if (!all(out.token, [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); })) return std::nullopt;
    auto rest = path.substr(67);
    if (rest.empty()) return out;
    if (rest[0] != '/') return std::nullopt;
    rest.remove_prefix(1);
    const auto slash = rest.find('/');
    out.page = std::string(rest.substr(0, slash));
    if (!all(out.page, [](char c) { return (c >= 'a' && c <= 'z') || c == '-'; })) return std::nullopt;
    if (slash == std::string_view::npos) return out;
    out.file = std::string(rest.substr(slash + 1));
    const auto dot = out.file.find('.');
    if (dot == std::string::npos || dot == 0 || !all(std::string_view(out.file).substr(0, dot), [](char c) { return (c >= 'a' && c <= 'z') || c == '-'; }) ||
        (out.file.substr(dot) != ".pdf" && out.file.substr(dot) != ".txt"))
        return std::nullopt;
    return out;
}
// Bad links from one address: this many in the window, and its requests are refused a while.
constexpr int k_bad_links = 20;
constexpr auto k_bad_window = std::chrono::minutes(10);
// How often the watcher looks for a change, and how long after a request a page counts as looked at
// (its script asks every 3 seconds).
constexpr auto k_watch_every = std::chrono::milliseconds(100);
constexpr auto k_watched_for = std::chrono::seconds(10);
// The newest journal entries a page shows.
constexpr size_t k_journal_rows = 200;

struct Page {
    const char* id;
    const char* title;
};
constexpr Page k_pages[] = {{"oob", "Order of battle"}, {"season", "Season"}, {"battles", "Battles"}, {"camps", "Camps and exchanges"},
                            {"journal", "Journal"},     {"orders", "Orders"}, {"papers", "Papers"}};

Response plain(int status, std::string text) {
    Response r;
    r.status = status;
    r.content_type = "text/plain; charset=utf-8";
    r.body = std::move(text);
    return r;
}

// Every unknown, malformed or revoked link, and every path that is not muster's, alike.
Response not_found() { return plain(404, "Not found.\n"); }

// application/x-www-form-urlencoded, at most 64 fields.
std::map<std::string, std::string> form_fields(const std::string& body) {
    const auto decode = [](std::string_view s) {
        std::string out;
        for (size_t i = 0; i < s.size(); ++i) {
            if (s[i] == '+') out += ' ';
            else if (s[i] == '%' && i + 2 < s.size() && std::isxdigit(static_cast<unsigned char>(s[i + 1])) &&
                     std::isxdigit(static_cast<unsigned char>(s[i + 2]))) {
                out += static_cast<char>(std::stoi(std::string(s.substr(i + 1, 2)), nullptr, 16));
                i += 2;
            } else out += s[i];
        }
        return out;
    };
    std::map<std::string, std::string> out;
    const auto pairs = split(body, '&');
    if (pairs.size() > 64) throw UsageError("the form has more than 64 fields");
    for (const auto& pair : pairs) {
        if (pair.empty()) continue;
        const auto eq = pair.find('=');
        const auto name = decode(std::string_view(pair).substr(0, eq));
        // One value a field: which of two would count is for no one to guess (token=bad&token=good).
        if (!out.emplace(name, eq == std::string::npos ? "" : decode(std::string_view(pair).substr(eq + 1))).second)
            throw UsageError("the form gives the field \"" + visible(name) + "\" twice");
    }
    return out;
}

// A text area's lines, which a browser sends ending in CR LF: each without its CR, trimmed.
std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    for (auto& line : split(text, '\n')) {
        if (line.ends_with('\r')) line.pop_back();
        const auto kept = std::string(trim(line));
        if (!kept.empty()) out.push_back(kept);
    }
    return out;
}

}  // namespace

const std::vector<std::pair<std::string, std::string>>& security_headers() {
    static const std::vector<std::pair<std::string, std::string>> headers = {
        {"Content-Security-Policy",
         "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; "
         "frame-ancestors 'none'; base-uri 'none'"},
        {"X-Frame-Options", "DENY"},
        {"X-Content-Type-Options", "nosniff"},
        {"Referrer-Policy", "no-referrer"},
        {"Cache-Control", "no-store"},
        {"Cross-Origin-Resource-Policy", "same-origin"}};
    return headers;
}

struct Site::Impl {
    std::string db_path;
    std::string secret;
    int lock_wait_ms = 5000;
    std::function<void(const std::string&)> failed;

    // A page as rendered for a view at a revision of its campaign, a form token's place kept.
    // Its text, where its holes are (the player's name, a form's token: in order, at offsets)
    // and where <main begins (a notice goes before it), found once when it is rendered.
    struct Page {
        std::string text;
        std::vector<std::pair<size_t, std::string_view>> holes;
        size_t main_at = 0;
    };
    struct Cached {
        std::int64_t revision = -1;
        std::shared_ptr<const Page> page;  // shared, not copied, by the requests that serve it
        std::string etag;
        bool rendering = false;  ///< the renderer is at it
        std::string error;       ///< why its last render failed, for whoever waits for it
        // Whom it is rendered for, and when a request last asked for it: the watcher renders anew
        // the pages players are looking at.
        campaign::PlayerInfo player;
        std::string page_id;
        Clock::time_point asked;
    };
    std::mutex cache_mutex;
    std::mutex writing;  // held by the form being written (the server writes one at a time)
    // A side's papers as made at a revision of its campaign (campaign, side, file -> revision,
    // bytes): made once a change, not once a request (a PDF costs milliseconds a copy).
    std::mutex papers_mutex;
    std::map<std::tuple<std::int64_t, std::string, std::string>, std::pair<std::int64_t, std::shared_ptr<const std::string>>> papers;
    std::condition_variable rendered;
    std::map<std::string, Cached> cache;
    // Each page as a link opens it, its holes filled (by the cache's key, the link and its
    // player's name, which fill them): made once a render, shared by every answer that sends it.
    // Under cache_mutex.
    std::map<std::tuple<std::string, std::string, std::string>, std::pair<std::shared_ptr<const Page>, std::shared_ptr<const std::string>>> opened;

    // Pages are rendered on threads of their own (one a core, two at least), so that no request
    // waits behind a render but one that needs the newest page or has none: the server's threads
    // each serve many connections, all of which a render on it would hold up. A page a request
    // waits for goes to the front of the queue, and one more thread renders only those, so that
    // it never waits for two long renders of pages nobody waits for.
    struct Job {
        std::string key;
        campaign::PlayerInfo player;
        std::string page;
        bool urgent = false;
    };
    std::deque<Job> jobs;
    std::condition_variable work;
    bool stopping = false;
    std::vector<std::thread> threads;

    // A page rendered now, on this thread, in `player`'s view (its revision and ETag with it).
    Cached made(const campaign::PlayerInfo& player, const std::string& page_id) {
        auto& s = session();
        for (const auto& c : s.campaigns())
            if (c.id == player.campaign_id) s.select_campaign(c.name);
        Cached out;
        out.player = player;
        out.page_id = page_id;
        out.revision = s.last_operation();
        auto page = std::make_shared<Page>();
        page->text = render(s, player, page_id);
        std::vector<std::string_view> holes{k_form_token, k_player_name};
        for (const auto& typed : k_typed) holes.push_back(typed.first);
        for (const auto hole : holes)
            for (size_t at = 0; (at = page->text.find(hole, at)) != std::string::npos; at += hole.size()) page->holes.emplace_back(at, hole);
        std::sort(page->holes.begin(), page->holes.end());
        page->main_at = page->text.find("<main");
        out.etag = "\"" + app::token_hash(page->text).substr(0, 32) + "\"";
        out.page = std::move(page);
        return out;
    }
    // A render's outcome kept for its page (a failed one keeps the page it had, saying why).
    void keep(const std::string& key, Cached fresh) {
        const std::lock_guard lock(cache_mutex);
        auto& c = cache[key];
        if (fresh.error.empty()) {
            c.player = std::move(fresh.player);
            c.page_id = std::move(fresh.page_id);
            c.revision = fresh.revision;
            c.page = std::move(fresh.page);
            c.etag = std::move(fresh.etag);
            c.error.clear();
        } else {
            c.error = fresh.error;
        }
        c.rendering = false;
        rendered.notify_all();
    }

    void render_jobs(bool urgent_only) {
        for (;;) {
            Job job;
            {
                std::unique_lock lock(cache_mutex);
                work.wait(lock, [&] { return stopping || (!jobs.empty() && (!urgent_only || jobs.front().urgent)); });
                if (stopping) return;
                job = std::move(jobs.front());
                jobs.pop_front();
            }
            Cached fresh;
            try {
                fresh = made(job.player, job.page);
            } catch (const std::exception& e) {
                fresh.error = e.what();
                if (failed) failed(e.what());
            }
            keep(job.key, std::move(fresh));
            // A render's working memory (megabytes, on this thread's heap) is given back, so the
            // server's memory stays what its cache holds.
            malloc_trim(0);
        }
    }

    // The watcher: when a campaign changes (whoever changed it: the organiser's GUI or CLI, or a
    // player's form), the pages players looked at in the last seconds are rendered anew at once,
    // so that the next to open one finds it made rather than waits for it.
    std::condition_variable stop_watching;
    void watch() {
        std::string trouble;  // what went wrong at the last look
        std::unique_lock lock(cache_mutex);
        while (!stop_watching.wait_for(lock, k_watch_every, [&] { return stopping; })) {
            std::set<std::int64_t> campaigns;
            for (const auto& [key, c] : cache) campaigns.insert(c.player.campaign_id);
            lock.unlock();
            std::map<std::int64_t, std::int64_t> now;
            try {
                for (const auto id : campaigns) now[id] = session().last_operation(id);
                trouble.clear();
            } catch (const std::exception& e) {
                // Said once, not ten times a second, while the file cannot be read.
                if (failed && trouble != e.what()) failed(e.what());
                trouble = e.what();
            }
            lock.lock();
            const auto recent = Clock::now() - k_watched_for;
            // A page whose last render failed waits for a request to ask again (it is told why).
            for (auto& [key, c] : cache) {
                const auto it = now.find(c.player.campaign_id);
                if (it != now.end() && c.page && c.error.empty() && c.revision < it->second && c.asked > recent)
                    want(c, key, c.player, c.page_id, false);
            }
        }
    }

    // The cache's key of a page in a player's view.
    static std::string key_of(const campaign::PlayerInfo& player, const std::string& page) {
        return std::to_string(player.campaign_id) + "|" + (player.umpire ? View::umpire() : View::of_side(player.side)).text() + "|" + page;
    }
    // Asks the renderers for a page unless they are at it; `urgent` (a request waits for it):
    // before every other. Under cache_mutex.
    void want(Cached& c, const std::string& key, const campaign::PlayerInfo& player, const std::string& page, bool urgent) {
        if (c.rendering) {
            const auto queued = std::find_if(jobs.begin(), jobs.end(), [&](const Job& j) { return j.key == key; });
            if (urgent && queued != jobs.end() && !queued->urgent) {
                auto job = std::move(*queued);
                jobs.erase(queued);
                job.urgent = true;
                jobs.push_front(std::move(job));
                work.notify_all();
            }
            return;
        }
        c.rendering = true;
        c.player = player;
        c.page_id = page;
        if (urgent) jobs.push_front({key, player, page, true});
        else jobs.push_back({key, player, page, false});
        work.notify_all();
    }

    Impl() {
        for (unsigned i = 0; i < std::max(2u, std::thread::hardware_concurrency()); ++i) threads.emplace_back([this] { render_jobs(false); });
        threads.emplace_back([this] { render_jobs(true); });
        threads.emplace_back([this] { watch(); });
    }
    ~Impl() {
        {
            const std::lock_guard lock(cache_mutex);
            stopping = true;
        }
        work.notify_all();
        stop_watching.notify_all();
        for (auto& t : threads) t.join();
    }

    // When each player's link was last noted as used: at most once a minute, not a write a request.
    std::mutex used_mutex;
    std::map<std::int64_t, Clock::time_point> noted;
    bool note_use(std::int64_t player) {
        const std::lock_guard lock(used_mutex);
        auto& last = noted[player];
        const auto now = Clock::now();
        if (last != Clock::time_point() && now - last < std::chrono::minutes(1)) return false;
        last = now;
        return true;
    }

    std::mutex bad_mutex;
    std::map<std::string, std::vector<Clock::time_point>> bad;  // address -> its recent bad links

    // This thread's session on the campaign file (the server's threads each keep one).
    app::Session& session() {
        thread_local std::map<const Impl*, std::unique_ptr<app::Session>> sessions;
        auto& s = sessions[this];
        if (!s) s = std::make_unique<app::Session>(db_path, app::Open::existing, lock_wait_ms);
        return *s;
    }

    bool barred(const std::string& address) {
        const std::lock_guard lock(bad_mutex);
        auto it = bad.find(address);
        if (it == bad.end()) return false;
        const auto now = Clock::now();
        std::erase_if(it->second, [&](Clock::time_point t) { return now - t > k_bad_window; });
        if (it->second.empty()) {
            bad.erase(it);
            return false;
        }
        return it->second.size() >= k_bad_links;
    }
    void bad_link(const std::string& address) {
        const std::lock_guard lock(bad_mutex);
        auto& times = bad[address];
        if (times.size() < 2 * k_bad_links) times.push_back(Clock::now());
        if (bad.size() > 100000) bad.clear();  // bounded: a flood of addresses forgets them all
    }

    std::string form_token(const std::string& link_token) const { return app::token_hash(secret + ":" + link_token).substr(0, 32); }

    Response handle(const Request& r);
    Response player_request(const Request& r, const std::string& token, const std::string& page, const std::string& file);
    std::string render(app::Session& s, const campaign::PlayerInfo& player, const std::string& page);
    /// The page, with `notice` before its <main>; `typed`: the fields of a form refused, given back.
    Response show(app::Session& s, const campaign::PlayerInfo& player, const std::string& page, const Request& r, const std::string& token,
                  const std::string& notice, int status, const std::map<std::string, std::string>* typed = nullptr);
    std::string act(app::Session& s, const campaign::PlayerInfo& player, const std::string& action, const std::map<std::string, std::string>& form);
    std::string act_for(app::Session& s, const campaign::PlayerInfo& player, const std::string& action, const std::map<std::string, std::string>& form);
};

Site::Site(std::string db_path, std::string secret, int lock_wait_ms, std::function<void(const std::string&)> failed) : m(std::make_unique<Impl>()) {
    m->db_path = std::move(db_path);
    m->secret = std::move(secret);
    m->lock_wait_ms = lock_wait_ms;
    m->failed = std::move(failed);
}
Site::~Site() = default;

void Site::prepare() {
    auto& s = m->session();
    // Every page as the umpire reads it, made here: a file damaged where a page reads (its camps,
    // its leaders) is refused before anyone is told to come, not answered 500 page by page.
    for (const auto& campaign : s.campaigns())
        for (const auto& p : k_pages) {
            campaign::PlayerInfo umpire;
            umpire.campaign_id = campaign.id;
            umpire.umpire = true;
            m->keep(Impl::key_of(umpire, p.id), m->made(umpire, p.id));
        }
    std::vector<std::string> keys;
    std::unique_lock lock(m->cache_mutex);
    for (const auto& campaign : s.campaigns()) {
        s.select_campaign(campaign.name);
        for (const auto& player : s.players().list()) {
            if (player.revoked) continue;
            for (const auto& p : k_pages) {
                const auto key = Impl::key_of(player, p.id);
                if (m->cache.count(key)) continue;  // a player of the same view had it asked
                m->want(m->cache[key], key, player, p.id, false);
                keys.push_back(key);
            }
        }
    }
    m->rendered.wait(lock, [&] { return std::none_of(keys.begin(), keys.end(), [&](const auto& k) { return m->cache[k].rendering; }); });
}

std::string Site::loggable(const std::string& path) {
    std::string out = path;
    if (out.rfind("/p/", 0) == 0) {
        const auto end = out.find('/', 3);
        out = "/p/<link>" + (end == std::string::npos ? std::string() : out.substr(end));
    }
    // A link anywhere else in it too ("//p/LINK", "/P/LINK", "/p/LINK/../LINK", "http://host/p/LINK",
    // percent-encoded): any run of 16 hex digits or more (a '%' among them) is blanked.
    std::string blanked;
    for (size_t i = 0; i < out.size();) {
        size_t j = i, digits = 0;
        while (j < out.size() && (std::isxdigit(static_cast<unsigned char>(out[j])) || out[j] == '%')) digits += out[j++] != '%';
        if (digits >= 16) blanked += "<link>";
        else blanked.append(out, i, std::max(j, i + 1) - i);
        i = std::max(j, i + 1);
    }
    return blanked;
}

Response Site::handle(const Request& r) {
    try {
        return m->handle(r);
    } catch (const BusyError&) {
        auto out = plain(503, "The campaign is busy: another change is being written. Try again in a moment.\n");
        out.headers.push_back({"Retry-After", "5"});
        return out;
    } catch (const std::exception& e) {
        if (m->failed) m->failed(e.what());
        return plain(500, "muster could not answer this request.\n");  // no detail: it may name what a side must not read
    }
}

bool Site::takes_form(const std::string& path) {
    try {
        const auto p = player_path(path);
        if (!p || !p->file.empty()) return false;
        const auto player = m->session().players().sign_in(p->token);
        return player && !player->umpire;  // the umpire's pages have no forms
    } catch (const std::exception&) {
        return true;  // a busy or damaged file: the request is read, and answered as handle answers it
    }
}

Response Site::Impl::handle(const Request& r) {
    const bool reading = r.method == "GET" || r.method == "HEAD";
    if (r.path == "/static/muster.css" || r.path == "/static/muster.js") {
        if (!reading) return plain(405, "Method not allowed.\n");
        Response out;
        out.content_type = r.path.ends_with(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8";
        out.body = r.path.ends_with(".css") ? std::string(k_stylesheet) : std::string(k_script);
        return out;
    }
    if (r.path == "/") {
        if (!reading) return plain(405, "Method not allowed.\n");
        return plain(200, "muster serves the players of a campaign. Open the link your umpire gave you.\n");
    }
    const auto path = player_path(r.path);
    if (!path) {
        // A link this server knows, mistyped after it (".../oob/"), is no guess at a link: its
        // player is not barred for it.
        if (r.path.rfind("/p/", 0) == 0 && !session().players().sign_in(std::string_view(r.path).substr(3, 64))) bad_link(r.remote);
        return not_found();
    }
    if (barred(r.remote)) {
        auto out = plain(429, "Too many unknown links from this address. Try again later.\n");
        out.headers.push_back({"Retry-After", "600"});
        return out;
    }
    if (!reading && r.method != "POST") return plain(405, "Method not allowed.\n");
    return player_request(r, path->token, path->page, path->file);
}

Response Site::Impl::player_request(const Request& r, const std::string& token, const std::string& page, const std::string& file) {
    auto& s = session();
    const auto player = s.players().sign_in(token);
    if (!player) {
        bad_link(r.remote);
        return not_found();
    }
    // The link's last use: a page or paper read, or a form that was taken (a refused request changes
    // nothing, not a byte).
    const auto note = [&] {
        if (note_use(player->id)) s.players().used(*player);
    };
    if (r.method == "POST") {
        if (!file.empty()) return plain(405, "Method not allowed.\n");
        if (player->umpire) return plain(405, "The umpire's link sends no forms: nothing was sent.\n");
        // The media type itself, whatever parameters follow it ("; charset=UTF-8"), any case.
        const auto type = r.headers.count("content-type") ? r.headers.at("content-type") : "";
        if (!same_ignoring_case(trim(std::string_view(type).substr(0, type.find(';'))), "application/x-www-form-urlencoded"))
            return plain(415, "Forms only: application/x-www-form-urlencoded.\n");
        std::map<std::string, std::string> form;
        try {
            form = form_fields(r.body);
        } catch (const UsageError& e) {
            return plain(400, std::string("Refused: ") + e.what() + ".\n");  // no form of muster's is so
        }
        const auto given = form.find("token");
        const bool stale = given == form.end() || given->second != form_token(token);
        static const std::map<std::string, std::string> back = {
            {"exchange-answer", "camps"}, {"exchange-propose", "camps"}, {"write", "orders"}, {"losses", "orders"}};
        const auto to = back.find(page);
        if (to == back.end()) return not_found();
        // A form of a page made before the server last started (or not muster's): the page again,
        // with a form that answers, so that its sender loses no more than the one send.
        if (stale)
            return show(s, *player, to->second, r, token, "Refused: this form was out of date (the server had restarted?): nothing was sent; send it again", 403,
                        &form);
        // Forms are written one at a time, each waiting for the campaign's write lock as long as
        // the session waits (the server gives them a thread of their own: pages are answered
        // meanwhile). Busy, the page answers with the form given back, to be sent again.
        const auto busy = [&]() -> Response {
            auto out = show(s, *player, to->second, r, token, "Refused: the campaign is busy (another change is being written): nothing was sent; send it again in a moment",
                            503, &form);
            out.headers.push_back({"Retry-After", "5"});
            return out;
        };
        if (r.busy) return busy();
        std::string said;
        bool refused = false;
        {
            const std::lock_guard turn(writing);
            try {
                said = act(s, *player, page, form);
                note();
            } catch (const BusyError&) {
                return busy();
            } catch (const Error& e) {
                if (!s.players().sign_in(token)) return not_found();  // revoked while it waited: as any dead link
                // Where the server keeps its file is not the player's to read ("PATH: the campaign
                // database is damaged: ...").
                std::string why = e.what();
                const auto path = s.db_path() + ": ";
                for (auto at = why.find(path); at != std::string::npos; at = why.find(path, at)) why.erase(at, path.size());
                said = "Refused: " + why;
                refused = true;
            }
        }
        if (refused) return show(s, *player, to->second, r, token, said, 422, &form);
        // Done: a page that cannot be made now does not make the player think it was not (he
        // would send it again).
        try {
            return show(s, *player, to->second, r, token, said, 200, nullptr);
        } catch (const BusyError&) {
            throw;
        } catch (const std::exception& e) {
            if (failed) failed(std::string("the page after a form was done could not be made: ") + e.what());
            return plain(200, "Done: " + said + "\nThe page could not be shown afterwards (the umpire's server says why): nothing needs sending again.\n");
        }
    }
    if (page.empty()) {
        note();
        Response out;
        out.status = 303;
        out.headers.push_back({"Location", "/p/" + token + "/oob"});  // from /p/TOKEN too, where "oob" would be /p/oob
        return out;
    }
    if (page == "handout" && !file.empty()) {
        if (player->umpire) return plain(404, "The umpire's link has no side's papers.\n");
        Response out;
        out.content_type = file.ends_with(".pdf") ? "application/pdf" : "text/plain; charset=utf-8";
        const auto key = std::tuple{player->campaign_id, player->side, file};
        const auto revision = s.last_operation();
        std::shared_ptr<const std::string> made;
        {
            const std::lock_guard lock(papers_mutex);
            if (const auto it = papers.find(key); it != papers.end() && it->second.first == revision) made = it->second.second;
        }
        if (!made) {
            auto bytes = std::make_shared<std::string>();
            bool found = false;
            // The labels naming each brigade's commander too, as `handout --brigadier` makes them.
            exporter::LabelSheet sheet;
            sheet.brigadier = file == k_brigadier_labels;
            s.exports().handout(player->side, [&](const std::string& name, const Producer& produce) {
                if (name != (sheet.brigadier ? std::string("labels.pdf") : file)) return;
                found = true;
                produce([&](std::string_view piece) { bytes->append(piece); });
            }, sheet);
            if (!found) return not_found();
            made = bytes;
            const std::lock_guard lock(papers_mutex);
            auto& kept = papers[key];
            if (!kept.second || kept.first <= revision) kept = {revision, made};  // never over what a newer revision made
        }
        note();
        out.shared = made;
        out.headers.push_back({"Content-Disposition", "attachment; filename=\"" + file + "\""});
        return out;
    }
    if (!file.empty()) return not_found();
    for (const auto& p : k_pages)
        if (page == p.id) {
            note();
            return show(s, *player, page, r, token, "", 200);
        }
    return not_found();
}

std::string Site::Impl::act(app::Session& s, const campaign::PlayerInfo& player, const std::string& action,
                            const std::map<std::string, std::string>& form) {
    return s.players().on_behalf_of(player, [&] { return act_for(s, player, action, form); });
}

std::string Site::Impl::act_for(app::Session& s, const campaign::PlayerInfo& player, const std::string& action,
                                const std::map<std::string, std::string>& form) {
    const auto field = [&](const char* name) { return form.count(name) ? form.at(name) : std::string(); };
    if (action == "exchange-answer") {
        const auto id = field("exchange");
        if (id.empty()) throw UsageError("no exchange given");
        if (!std::all_of(id.begin(), id.end(), [](char c) { return c >= '0' && c <= '9'; }))
            throw UsageError("\"" + visible(id) + "\" is not an exchange's number (as the page lists them: 1, 2, ...)");
        // "02" is #2: found, and held to what its page showed, as "2" is.
        const auto significant = id.substr(std::min(id.find_first_not_of('0'), id.size() - 1));
        if (significant.size() > 18) throw NotFoundError("no exchange #" + significant);  // beyond any number a campaign gives
        const auto number = std::stoll(significant);
        const auto answer = field("answer");
        if (answer != "accept" && answer != "refuse" && answer != "withdraw")
            throw UsageError("answer \"" + visible(answer) + "\" is not one: expected accept or refuse, or withdraw for a proposal of yours");
        // An enemy's open proposal is answered as his page showed it, whose form says what it showed
        // (`seen`: a form without it is refused too, as one of another page); his side's own is
        // withdrawn as it stands (nothing of his goes by it). An answer not his to give (accepting
        // his side's own proposal) is refused as that.
        if (answer != "withdraw") {
            const auto now = s.prisoners().exchanges(View::of_side(player.side));
            const auto x = std::find_if(now.begin(), now.end(), [&](const app::ExchangeView& v) { return v.row.number == number; });
            // One answered since is refused as answered (a form sent twice), below.
            if (x != now.end() && x->row.proposer != player.side && x->row.status == ExchangeStatus::proposed && exchange_seen(*x) != field("seen"))
                throw UsageError("exchange #" + std::to_string(number) + " has changed since your page showed it: read it again, then answer");
        }
        const auto done = s.prisoners().answer_exchange(number, player.side,
                                                        answer == "accept" ? app::Answer::accept : answer == "refuse" ? app::Answer::refuse : app::Answer::withdraw);
        return done.read_as(done.acted_by);  // as his side's journal reads it
    }
    if (action == "exchange-propose") {
        app::ExchangeProposal p;
        p.from = player.side;
        p.offer = lines_of(field("offer"));
        p.ask = lines_of(field("ask"));
        p.note = field("note");
        const auto v = s.prisoners().propose_exchange(p);
        return "Exchange #" + std::to_string(v.row.number) + " proposed to " + s.rules().the_side(v.row.counterpart) + ": " + v.balance;
    }
    if (action == "write") {
        // Written for the turn its page named: the turn moved on since, it is given back, not filed
        // under a turn he did not write it for. (A form naming none is filed under the turn now.)
        const auto turn = s.current().turn;
        if (const auto shown = field("turn"); !shown.empty()) {
            int number = 0;
            if (shown.find_first_not_of("0123456789") != std::string::npos || !parse_int(shown, number))
                throw UsageError("\"" + visible(shown) + "\" is not a turn's number (as the page gives it: 1, 2, ...)");
            if (number != turn.number())
                throw UsageError("the campaign is at " + turn.text() + " now, not at the turn your page showed (turn " + std::to_string(number) +
                                 "): your message is given back; send it again for " + turn.text() + ", as it stands or changed");
        }
        return s.players().send_message(player, field("text")).summary;
    }
    return s.players().submit_losses(player, field("battle"), lines_of(field("losses"))).summary;
}

Response Site::Impl::show(app::Session& s, const campaign::PlayerInfo& player, const std::string& page, const Request& r,
                          const std::string& token, const std::string& notice, int status, const std::map<std::string, std::string>* typed) {
    const auto key = Impl::key_of(player, page);
    const auto revision = s.last_operation();
    // The page at this revision or later. A page's script asking again (with the ETag it holds)
    // is given the page as it was while it is rendered anew, and has the new one on its next
    // asking; a page opened, or the answer to a form, waits for the newest.
    const bool newest = !notice.empty() || !r.headers.count("if-none-match");
    Impl::Cached cached;
    {
        std::unique_lock lock(cache_mutex);
        for (;;) {
            auto& c = cache[key];
            c.asked = Clock::now();
            if (c.revision >= revision) {
                cached = c;
                break;
            }
            if (!c.error.empty() && !c.rendering) {
                const auto why = c.error;
                c.error.clear();
                throw Error("the page could not be made: " + why);
            }
            want(c, key, player, page, newest || !c.page);
            if (c.page && !newest) {
                cached = c;
                break;
            }
            rendered.wait(lock);
        }
        if (cache.size() > 4096) std::erase_if(cache, [](const auto& kv) { return !kv.second.rendering; });
        if (opened.size() > 4096) opened.clear();
    }
    Response out;
    out.status = status;
    out.headers.push_back({"ETag", cached.etag});
    if (notice.empty() && r.method != "POST") {
        const auto it = r.headers.find("if-none-match");
        if (it != r.headers.end() && it->second == cached.etag) {
            out.status = 304;
            return out;
        }
    }
    // A page opened as it is (no notice, nothing typed back into it): the one this player's
    // answers share, made once this render.
    const bool plain_page = notice.empty() && !typed;
    const std::tuple<std::string, std::string, std::string> opened_key{key, token, player.name};
    if (plain_page) {
        const std::lock_guard lock(cache_mutex);
        if (const auto it = opened.find(opened_key); it != opened.end() && it->second.first == cached.page) {
            out.shared = it->second.second;
            return out;
        }
    }
    // The page with its holes filled, and the notice before its <main>, in one pass.
    const auto& page_text = cached.page->text;
    const auto filled = [&](std::string_view hole) {
        if (hole == k_form_token) return form_token(token);
        if (hole == k_player_name) return html_escape(player.name);
        for (const auto& [at, field] : k_typed)
            if (hole == at && typed)
                if (const auto it = typed->find(std::string(field)); it != typed->end()) return html_escape(as_typed_back(it->second));
        return std::string();
    };
    const std::string note = notice.empty() ? std::string()
                                            : "<p class=\"notice" + std::string(status >= 400 ? " refused" : "") + "\" role=\"status\">" +
                                                  html_escape(notice) + "</p>\n";
    out.body.reserve(page_text.size() + note.size() + 64 * cached.page->holes.size());
    size_t from = 0;
    const auto copy_to = [&](size_t to) {
        if (!note.empty() && from <= cached.page->main_at && cached.page->main_at < to) {
            out.body.append(page_text, from, cached.page->main_at - from);
            out.body += note;
            from = cached.page->main_at;
        }
        out.body.append(page_text, from, to - from);
    };
    for (const auto& [at, hole] : cached.page->holes) {
        copy_to(at);
        out.body += filled(hole);
        from = at + hole.size();
    }
    copy_to(page_text.size());
    if (plain_page) {
        out.shared = std::make_shared<const std::string>(std::move(out.body));
        const std::lock_guard lock(cache_mutex);
        opened[opened_key] = {cached.page, out.shared};
    }
    return out;
}

namespace {

// Beneath a list of the newest so many: how many earlier ones it leaves out, if any.
std::string not_shown(size_t all, size_t shown) {
    return all > shown ? "<p class=\"none\">" + count_of(static_cast<int>(all - shown), "earlier one is", "earlier ones are") + " not shown.</p>\n" : "";
}

std::string form_start(const std::string& action) {
    return "<form method=\"post\" action=\"" + action + "\"><input type=\"hidden\" name=\"token\" value=\"" + std::string(k_form_token) + "\">";
}

std::string table(const std::vector<std::string>& head, const std::vector<std::vector<std::string>>& rows, const std::string& empty) {
    if (rows.empty()) return "<p class=\"none\">" + html_escape(empty) + "</p>\n";
    // Each cell names its column (data-label): a phone's narrow screen stacks a row's cells
    // under their names (muster.css) instead of scrolling a wide table sideways.
    std::string out = "<table class=\"rows\"><thead><tr>";
    for (const auto& h : head) out += "<th>" + html_escape(h) + "</th>";
    out += "</tr></thead><tbody>\n";
    for (const auto& row : rows) {
        out += "<tr>";
        for (size_t i = 0; i < row.size(); ++i)
            out += (i < head.size() && !head[i].empty() ? "<td data-label=\"" + html_escape(head[i]) + "\">" : std::string("<td>")) + row[i] +
                   "</td>";  // cells come escaped
        out += "</tr>\n";
    }
    return out + "</tbody></table>\n";
}

std::string list_of(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& i : items) out += (out.empty() ? "" : "<br>") + html_escape(i);
    return out.empty() ? "nothing" : out;
}

}  // namespace

std::string Site::Impl::render(app::Session& s, const campaign::PlayerInfo& player, const std::string& page) {
    const auto viewer = player.umpire ? View::umpire() : View::of_side(player.side);
    const auto& rules = s.rules();
    const auto c = s.current();
    const auto* side = player.umpire ? nullptr : rules.find_side(player.side);
    const std::string view_name = side ? rules.the_side(side->id) : "the umpire";
    std::string title, main;
    for (const auto& p : k_pages)
        if (page == p.id) title = p.title;
    if (page == "oob") {
        const auto html = s.exports().oob({std::nullopt, viewer, std::nullopt}, OobFormat::html);
        const auto from = html.find("<body>"), to = html.rfind("</body>");
        main = "<div class=\"oob\">" + (from == std::string::npos || to == std::string::npos ? std::string() : html.substr(from + 6, to - from - 6)) + "</div>\n";
    } else if (page == "season") {
        const auto now = s.season().now();
        main = "<p class=\"big\">Turn " + std::to_string(now.turn.number()) + (now.date ? ", " + html_escape(now.date->text()) : "") + "</p>\n";
        if (now.turn_days) main += "<p>A turn lasts " + html_escape(count_of(*now.turn_days, "day", "days")) + ".</p>\n";
        // What is due: the side's own reinforcements (the enemy's are the umpire's secret).
        std::vector<std::vector<std::string>> rows;
        for (const auto& due : s.season().schedule())
            if (due.entry.status == DivisionStatus::placeholder && (viewer.is_umpire() || due.entry.side == viewer.side()))
                rows.push_back({html_escape(due.entry.division), html_escape(rules.side_name(due.entry.side)),
                                html_escape(due.entry.turn.text()), html_escape(text_or(due.date, ""))});
        main += "<h2>Reinforcements due</h2>\n" + table({rules.term_division, "Side", "Turn", "Date"}, rows, "None scheduled.");
    } else if (page == "battles") {
        // The battles planned and not yet fought (as the side reads them), whose names its
        // players give their losses under; then those fought, the newest first.
        for (const auto& plan : s.plans().list(viewer))
            if (!plan.reported())
                main += "<section><h2>" + html_escape(plan.plan.name) + "</h2>\n<pre>" + html_escape(app::plan_text(rules, plan)) + "</pre></section>\n";
        const auto battles = s.battles().list(viewer);
        if (battles.empty()) main += "<p class=\"none\">No battles fought.</p>\n";
        const auto summaries = s.battles().summaries(battles, viewer);  // one read of the campaign for all
        for (size_t i = battles.size(); i-- > 0;)
            if (summaries[i])
                main += "<section><h2>" + html_escape(battles[i].name) + "</h2>\n<pre>" + html_escape(app::summary_text(rules, *summaries[i])) +
                        "</pre></section>\n";
    } else if (page == "camps") {
        const auto prisoners = s.prisoners().overview(viewer);  // one read of the campaign for all three
        std::vector<std::vector<std::string>> rows;
        for (const auto& v : prisoners.camps)
            rows.push_back({html_escape(v.camp.name), html_escape(rules.side_name(v.camp.side) + (v.camp.liberated ? ", liberated" : "")), list_of(v.holds)});
        main = "<h2>Camps</h2>\n" + table({"Camp", "Side", "Holds"}, rows, "No camps.");
        rows.clear();
        for (const auto& x : prisoners.exchanges) {
            std::string answer;
            const auto button = [&](const char* a, const char* label) {
                answer += form_start("exchange-answer") + "<input type=\"hidden\" name=\"exchange\" value=\"" + std::to_string(x.row.number) +
                          "\"><input type=\"hidden\" name=\"seen\" value=\"" + exchange_seen(x) + "\"><button name=\"answer\" value=\"" + a + "\">" + label + "</button></form>";
            };
            if (!viewer.is_umpire() && x.row.status == ExchangeStatus::proposed) {
                if (x.row.counterpart == viewer.side()) {
                    if (x.lapsed.empty()) button("accept", "Accept");
                    button("refuse", "Refuse");  // lapsed or not: it can be turned down
                }
                if (x.row.proposer == viewer.side()) button("withdraw", "Withdraw");  // lapsed or not: it can be taken back
            }
            rows.push_back({"#" + std::to_string(x.row.number), html_escape(rules.side_name(x.row.proposer) + " to " + rules.side_name(x.row.counterpart)),
                            html_escape(word(x.row.status)) + (x.lapsed.empty() ? "" : "<br>lapsed: " + html_escape(x.lapsed)), list_of(x.offer),
                            list_of(x.ask), html_escape(x.balance) + (x.row.note.empty() ? "" : "<br>&ldquo;" + html_escape(x.row.note) + "&rdquo;"),
                            answer});
        }
        main += "<h2>Exchanges</h2>\n" + table({"No.", "Between", "State", "Offers", "Asks", "Weighs", "Answer"}, rows, "No exchanges proposed.");
        if (!viewer.is_umpire()) {
            std::vector<std::string> ours, theirs;
            for (const auto& h : prisoners.held) (h.holder == viewer.side() ? ours : theirs).push_back(h.spec + (h.kind == HeldKind::stands ? "=" + std::to_string(h.stands) : "") + "  (" + h.text + ")");  // as an Offer or Ask line takes it, whole
            main += "<h2>Propose an exchange</h2>\n" + form_start("exchange-propose") +
                    "<label>Offer (prisoners you hold, one a line)<textarea name=\"offer\" rows=\"3\" maxlength=\"2000\"><typed-offer></textarea></label>"
                    "<label>Ask (your men they hold, one a line)<textarea name=\"ask\" rows=\"3\" maxlength=\"2000\"><typed-ask></textarea></label>"
                    "<label>Note<input name=\"note\" maxlength=\"" + std::to_string(app::k_max_note_chars) + "\" value=\"<typed-note>\"></label><button>Propose</button></form>\n"
                    "<p class=\"hint\">Give stands as <code>stands:" + html_escape(rules.term_division + "/" + rules.term_brigade) +
                    "=N</code>, a leader as <code>leader:NAME</code>, a battery as <code>battery:Owner/Battery</code>, or paste a line of the lists below.</p>\n<h3>You hold</h3><p>" + list_of(ours) + "</p>\n<h3>They hold of yours</h3><p>" +
                    list_of(theirs) + "</p>\n";
        }
    } else if (page == "journal") {
        const auto entries = s.history().journal(viewer);
        std::vector<std::vector<std::string>> rows;
        for (size_t i = entries.size(); i-- > 0 && rows.size() < k_journal_rows;) {
            const auto& e = entries[i];
            std::string rolls;
            for (const auto& roll : e.rolls)
                rolls += "<li>" + html_escape(roll.roll.purpose + ": " + roll.roll.thrown.faces_text() + " = " + roll.roll.thrown.reading_text() +
                                              (roll.roll.result.empty() ? "" : ", " + roll.roll.result)) + "</li>";
            rows.push_back({"#" + std::to_string(e.id), html_escape(e.created_at), html_escape(word(e.kind)),
                            html_escape(e.summary) + (rolls.empty() ? "" : "<ul class=\"rolls\">" + rolls + "</ul>")});
        }
        main = (entries.size() > k_journal_rows ? "<p class=\"hint\">The newest " + std::to_string(k_journal_rows) + " of " +
                                                      std::to_string(entries.size()) + " entries.</p>\n"
                                                : std::string()) +
               table({"No.", "When", "What", "Summary"}, rows, "Nothing yet.");
    } else if (page == "orders") {
        if (!viewer.is_umpire())
            main = "<h2>Orders or a message to the umpire</h2>\n" + form_start("write") + "<input type=\"hidden\" name=\"turn\" value=\"" +
                   std::to_string(c.turn.number()) + "\">" + "<label>For " + html_escape(c.turn.text()) + "<textarea name=\"text\" rows=\"6\" maxlength=\"" +
                   std::to_string(app::k_max_message_chars) + "\" required><typed-text></textarea></label><button>Send</button></form>\n"
                   "<h2>Submit your losses in a battle</h2>\n" + form_start("losses") +
                   "<label>Battle<input name=\"battle\" maxlength=\"200\" value=\"<typed-battle>\" required></label>"
                   "<label>Stands lost (captured ones too), one " + html_escape(rules.brigade_noun()) + " a line: <code>" + html_escape(rules.term_division + "/" + rules.term_brigade) +
                   "=N</code> (<code>=0</code> takes a line back)<textarea name=\"losses\" rows=\"4\" maxlength=\"4000\" "
                   "required><typed-losses></textarea></label><button>Submit for the umpire's review</button></form>\n";
        std::vector<std::vector<std::string>> rows;
        // The newest so many, newest first.
        const auto sent = s.players().messages(viewer);
        for (auto it = sent.rbegin(); it != sent.rend() && rows.size() < app::k_messages_shown; ++it)
            rows.push_back({html_escape(it->turn.text()), html_escape(it->player + (viewer.is_umpire() ? " (" + rules.side_name(it->side) + ")" : "")),
                            "<div class=\"message\">" + html_escape(it->text) + "</div>"});
        main += std::string(viewer.is_umpire() ? "<h2>Received from the players</h2>\n" : "<h2>Sent</h2>\n") +
                table({"Turn", "From", "Message"}, rows, viewer.is_umpire() ? "Nothing received yet." : "Nothing sent yet.") + not_shown(sent.size(), rows.size());
        // The losses its players submitted, as its journal reads them, newest first, each with
        // what became of it: waiting for the umpire's review, reported, taken back.
        rows.clear();
        const auto submitted = s.players().submissions(viewer);
        for (auto it = submitted.rbegin(); it != submitted.rend() && rows.size() < app::k_messages_shown; ++it)
            rows.push_back({"#" + std::to_string(it->entry.id), html_escape(it->entry.created_at), html_escape(it->entry.summary), html_escape(it->state)});
        main += "<h2>Losses submitted</h2>\n" + table({"No.", "When", "Losses", "State"}, rows, "No losses submitted.") + not_shown(submitted.size(), rows.size());
    } else if (page == "papers") {
        main = viewer.is_umpire() ? "<p class=\"none\">Each side's papers are on its players' links.</p>\n"
                                  : "<ul class=\"papers\"><li><a href=\"handout/oob.pdf\">Order of battle (PDF)</a></li>"
                                    "<li><a href=\"handout/labels.pdf\">Labels (PDF)</a>, or <a href=\"handout/" + std::string(k_brigadier_labels) +
                                    "\">with each " + html_escape(rules.brigade_noun()) + "'s commander named</a></li>"
                                    "<li><a href=\"handout/papers.txt\">Papers for the next battle (text)</a></li>"
                                    "<li><a href=\"handout/turn.txt\">The report of this turn (text)</a></li>"
                                    "<li><a href=\"handout/last-turn.txt\">The report of the turn before (text)</a></li></ul>\n";
    }
    std::string nav;
    for (const auto& p : k_pages)
        nav += std::string("<a href=\"") + p.id + "\"" + (page == p.id ? " aria-current=\"page\"" : "") + ">" + p.title + "</a>";
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
           "<title>" + html_escape(title + ": " + c.name) + "</title>\n<link rel=\"stylesheet\" href=\"/static/muster.css\">\n"
           "<script src=\"/static/muster.js\" defer></script>\n</head>\n<body>\n<header><h1>" + html_escape(c.name) +
           "</h1><p class=\"view\">" + std::string(k_player_name) + ", " + html_escape(view_name) + "</p><nav>" + nav + "</nav></header>\n"
           "<main id=\"live\" data-page=\"" + page + "\">\n" + (page == "oob" ? std::string() : "<h1 class=\"page\">" + html_escape(title) + "</h1>\n") + main +
           "</main>\n</body>\n</html>\n";
}

}  // namespace muster::web
