// muster serve under its players: 100 players (half a side each) read their side's pages of a
// campaign of 5,000 divisions: each opens a page, its script asks for it again every 3 seconds
// with the ETag it holds, and after four askings he opens the next (the players' first requests
// spread over the first 3 seconds), while the organiser writes every 2 seconds, on this
// machine's cores. A page opened waits for the newest render; one asked again is given the page
// as it was while it is rendered anew. Reported: latency p50 and p99,
// throughput, errors, and the server's resident memory over the run; the floor, measured in the
// same run, is the round trip of muster's own stylesheet (no campaign read), and each figure is
// also given as a ratio to it. The server makes every page its players' links open before it
// listens (the start's time is reported); the organiser's writes reveal and hide a division, so every
// side's order of battle changes and is rendered anew: the slow path, not a warm cache alone.
//
// MUSTER_BENCH_DIVISIONS (default 5000), MUSTER_BENCH_PLAYERS (100), MUSTER_BENCH_SECONDS (30).
#include "app/forces.hpp"
#include "app/players.hpp"
#include "app/prisoners.hpp"
#include "bench/generated_forces.hpp"
#include "export/oob.hpp"
#include "support.hpp"
#include "web/served.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <thread>

using namespace muster;
using Clock = std::chrono::steady_clock;

namespace {

int env_int(const char* name, int otherwise) {
    const char* v = std::getenv(name);
    return v ? std::atoi(v) : otherwise;
}

double ms_since(Clock::time_point t) { return std::chrono::duration<double, std::milli>(Clock::now() - t).count(); }

long rss_kb(int pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6);
    return 0;
}

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())))];
}

}  // namespace

int main() {
    app::sessions_one_thread_each();  // as muster serve runs
    const int divisions = env_int("MUSTER_BENCH_DIVISIONS", 5000);
    const int players = env_int("MUSTER_BENCH_PLAYERS", 100);
    const int seconds = env_int("MUSTER_BENCH_SECONDS", 30);
    test::TempDir dir;
    const auto db = dir.file("c.db");
    std::vector<std::string> links;
    {
        auto s = test::bench_campaign(db, divisions, dir.path());
        for (int i = 0; i < players; ++i)
            links.push_back("/p/" + s.players().add("Player " + std::to_string(i), i % 2 ? "confederate" : "union").token + "/");
    }
    const auto starting = Clock::now();
    const test::Served server(db);  // returns once it listens: its pages are made by then
    const double ready_ms = ms_since(starting);
    // The floor: muster's stylesheet, round trip by round trip, before the players come.
    std::vector<double> floor;
    for (int i = 0; i < 200; ++i) {
        const auto t = Clock::now();
        server.get("/static/muster.css");
        floor.push_back(ms_since(t));
    }
    const int pid = server.pid();
    const long rss_start = rss_kb(pid);
    std::atomic<bool> stop{false};
    std::mutex m;
    std::vector<double> latencies;
    std::map<std::string, std::vector<double>> by_page;
    long errors = 0, not_modified = 0;
    std::vector<long> rss;
    std::vector<std::thread> threads;
    const auto start = Clock::now();
    for (int i = 0; i < players; ++i)
        threads.emplace_back([&, i] {
            // A player opens a page, and its script asks for it again every 3 seconds with the
            // ETag it holds; after four askings he opens the next page.
            static const char* const pages[] = {"oob", "season", "journal", "camps"};
            std::string etag;
            std::vector<double> mine;
            std::map<std::string, std::vector<double>> mine_by_page;
            long bad = 0, same = 0;
            std::this_thread::sleep_for(std::chrono::milliseconds(3000 * i / players));
            for (int k = 0; !stop; ++k) {
                const std::string page = pages[(i + k / 5) % 4];
                const bool opened = k % 5 == 0;
                std::map<std::string, std::string> headers;
                if (!opened) headers["If-None-Match"] = etag;
                const auto t = Clock::now();
                const auto r = server.get(links[static_cast<size_t>(i)] + page, headers);
                mine.push_back(ms_since(t));
                mine_by_page[page + (opened ? " (opened)" : r.status == 304 ? " (304)" : " (asked again)")].push_back(mine.back());
                if (r.status == 200) etag = r.headers.count("etag") ? r.headers.at("etag") : "";
                else if (r.status == 304) ++same;
                else ++bad;
                std::this_thread::sleep_for(std::chrono::milliseconds(3000));  // as the pages' script asks
            }
            const std::lock_guard lock(m);
            latencies.insert(latencies.end(), mine.begin(), mine.end());
            for (const auto& [page, list] : mine_by_page) by_page[page].insert(by_page[page].end(), list.begin(), list.end());
            errors += bad;
            not_modified += same;
        });
    // The organiser: a change every 2 seconds that both sides' orders of battle show.
    int writes = 0;
    {
        app::Session s(db, app::Open::existing);
        while (ms_since(start) < seconds * 1000.0) {
            s.forces().set_fog("union division " + std::to_string(writes % 10), writes % 20 < 10 ? Fog::seen : Fog::hidden);
            ++writes;
            rss.push_back(rss_kb(pid));
            std::this_thread::sleep_for(std::chrono::milliseconds(2000));
        }
    }
    stop = true;
    for (auto& t : threads) t.join();
    const double elapsed = ms_since(start) / 1000.0;
    const double f50 = percentile(floor, 0.5), p50 = percentile(latencies, 0.5), p99 = percentile(latencies, 0.99);
    std::printf("muster serve: %d divisions, %d players polling, %d s, %d organiser writes\n", divisions, players, seconds, writes);
    std::printf("  requests      %zu (%.0f a second), %ld answered 304, %ld errors\n", latencies.size(),
                static_cast<double>(latencies.size()) / elapsed, not_modified, errors);
    std::printf("  latency       p50 %.2f ms, p99 %.2f ms, max %.2f ms\n", p50, p99, percentile(latencies, 1.0));
    for (const auto& [page, list] : by_page)
        std::printf("    %-22s %4zu requests, p50 %.2f ms, p99 %.2f ms\n", page.c_str(), list.size(), percentile(list, 0.5), percentile(list, 0.99));
    std::printf("  start         %.0f ms until it listens, every side's pages made\n", ready_ms);
    std::printf("  floor         %.2f ms (the stylesheet, p50); p50 %.1fx, p99 %.1fx the floor\n", f50, p50 / f50, p99 / f50);
    std::printf("  server memory %ld KB at start, %ld KB midway, %ld KB at the end\n", rss_start, rss.empty() ? 0 : rss[rss.size() / 2],
                rss.empty() ? 0 : rss.back());
    return errors == 0 ? 0 : 1;
}
