// `muster serve` as players use it and as attackers try it: the real binary on a free port,
// spoken to over a socket.
#include "app/players.hpp"
#include "app/session.hpp"
#include "core/text.hpp"
#include "cli/campaign_file.hpp"
#include "web/served.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <catch2/catch.hpp>

#include <fstream>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <thread>

using namespace muster;
using Catch::Matchers::Contains;

namespace {

const char* const k_pages[] = {"oob", "season", "battles", "camps", "journal", "orders", "papers"};

// Gettysburg with Heth's division arrived and hidden from the Union, Pickett's seen; a camp each;
// one battle in which the Union took two of Pickett's stands; a player for each side.
struct Club : test::CampaignFile {
    std::string meade, lee;
    Club() {
        ok("campaign new G --sample gettysburg --seed 3");
        ok("camp new \"Fort Delaware\" --side union");
        ok("camp new \"Belle Isle\" --side confederate");
        ok("reveal Pickett");
        ok("battle report --name Gettysburg --loss \"Wadsworth/Iron Brigade=1\" --captured \"Pickett/Garnett's Brigade=2@Fort Delaware\"");
        meade = test::link_path(ok("player add Meade --side union"));
        lee = test::link_path(ok("player add Lee --side confederate"));
    }
    std::string db() const { return dir.file("c.db"); }
    std::string dump() const { return test::dump(db()); }
};

// What a camps page showed of its first exchange, as its answer form says it.
std::string seen(const std::string& page) {
    std::smatch m;
    REQUIRE(std::regex_search(page, m, std::regex("name=\"seen\" value=\"([0-9a-f]{16})\"")));
    return std::string(m[1]);
}

}  // namespace

TEST_CASE("A player's link shows every page of his side, with the security headers, and 304 for the page he has") {
    const Club club;
    test::Served server(club.db());
    for (const char* page : k_pages) {
        INFO(page);
        const auto r = server.get(club.meade + page);
        REQUIRE(r.status == 200);
        CHECK(r.headers.at("content-security-policy").find("script-src 'self'") != std::string::npos);
        CHECK(r.headers.at("x-frame-options") == "DENY");
        CHECK(r.headers.at("x-content-type-options") == "nosniff");
        CHECK(r.headers.at("referrer-policy") == "no-referrer");
        CHECK(r.headers.at("cache-control") == "no-store");
        CHECK_THAT(r.body, Contains("Meade, the Union"));
        CHECK(r.body.find("Heth") == std::string::npos);  // hidden from the Union, and its leaders
        CHECK(r.body.find("Pettigrew") == std::string::npos);
        CHECK(r.body.find("<script>") == std::string::npos);  // no inline script: the CSP would refuse it
        // The page he has: 304, no body.
        const auto again = server.get(club.meade + page, {{"If-None-Match", r.headers.at("etag")}});
        CHECK(again.status == 304);
        CHECK(again.body.empty());
        // HEAD: the GET's headers, its length too, and no body (the next answer follows at once).
        const auto head = server.send("HEAD " + club.meade + page + " HTTP/1.1\r\nHost: x\r\n\r\nGET " + club.meade + page +
                                      " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        CHECK(head.status == 200);
        CHECK(head.headers.at("content-length") == std::to_string(r.body.size()));
        CHECK(head.body.rfind("HTTP/1.1 200", 0) == 0);
    }
    CHECK_THAT(server.get(club.meade + "oob").body, Contains("Pickett") && Contains("Wadsworth"));
    // Another player of the side: the same page, his own name and form token.
    const auto hancock = test::link_path(club.ok("player add Hancock --side union"));
    const auto his = server.get(hancock + "orders").body;
    CHECK_THAT(his, Contains("Hancock, the Union") && !Contains("Meade, the Union"));
    CHECK(test::form_token(his) != test::form_token(server.get(club.meade + "orders").body));
    CHECK_THAT(server.get(club.lee + "oob").body, Contains("Heth") && Contains("Lee, the Confederates"));
    CHECK_THAT(server.get(club.meade + "battles").body, Contains("Gettysburg"));
    CHECK_THAT(server.get(club.meade + "camps").body, Contains("Fort Delaware") && Contains("2 stands of Pickett/Garnett&#39;s Brigade"));
    // His papers, made from his view.
    const auto oob = server.get(club.meade + "handout/oob.pdf");
    CHECK(oob.status == 200);
    CHECK(oob.headers.at("content-type") == "application/pdf");
    CHECK(oob.body.rfind("%PDF", 0) == 0);
    const auto papers = server.get(club.meade + "handout/papers.txt");
    CHECK_THAT(papers.body, Contains("Papers of the Union") && !Contains("Heth"));
    CHECK(server.get(club.meade + "handout/secret.pdf").status == 404);
    // His labels, and the same with each brigade's commander named, as the Papers page links them.
    CHECK_THAT(server.get(club.meade + "papers").body, Contains("href=\"handout/labels.pdf\"") && Contains("href=\"handout/labels-brigadier.pdf\""));
    test::TempDir pdfs;
    const auto labels_text = [&](const std::string& file) {
        const auto r = server.get(club.meade + "handout/" + file);
        REQUIRE(r.status == 200);
        CHECK(r.headers.at("content-type") == "application/pdf");
        std::ofstream(pdfs.file(file)) << r.body;
        return test::pdf_text(pdfs.file(file));
    };
    CHECK_THAT(labels_text("labels.pdf"), Contains("Iron Brigade") && !Contains("Meredith") && !Contains("Garnett"));
    CHECK_THAT(labels_text("labels-brigadier.pdf"), Contains("Iron Brigade") && Contains("Meredith") && !Contains("Garnett"));
    CHECK(server.get(club.lee + "handout/labels-brigadier.pdf").status == 200);
    CHECK(server.get(test::link_path(club.ok("player add Umpire --side umpire")) + "handout/labels-brigadier.pdf").status == 404);
    // Made once a change and kept (the same bytes asked again), made anew after one.
    const auto turn = server.get(club.meade + "handout/turn.txt").body;
    CHECK(server.get(club.meade + "handout/turn.txt").body == turn);
    CHECK(server.get(club.meade + "handout/oob.pdf").body == oob.body);
    club.ok("arrive Robinson");
    const auto after = server.get(club.meade + "handout/turn.txt").body;
    CHECK(after != turn);
    CHECK_THAT(after, Contains("Robinson arrived"));
    club.ok("undo");
    CHECK(server.get(club.meade + "handout/turn.txt").body == turn);
    // The page follows the campaign: a change the Union reads, a new ETag; the enemy's hidden
    // work, none.
    const auto journal = server.get(club.meade + "journal");
    club.ok("arrive Pender");  // the Confederates', hidden
    CHECK(server.get(club.meade + "journal", {{"If-None-Match", journal.headers.at("etag")}}).status == 304);
    club.ok("arrive Robinson");
    // The server renders the page anew on a thread of its own, serving the page as it was
    // meanwhile: asked again as the page's script does, the change comes.
    auto changed = server.get(club.meade + "journal", {{"If-None-Match", journal.headers.at("etag")}});
    for (int i = 0; i < 50 && changed.status == 304; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        changed = server.get(club.meade + "journal", {{"If-None-Match", journal.headers.at("etag")}});
    }
    CHECK(changed.status == 200);
    CHECK_THAT(changed.body, Contains("Robinson"));
    // The link itself, with or without its last slash, leads to the order of battle.
    for (const auto& bare : {club.meade, club.meade.substr(0, club.meade.size() - 1)}) {
        const auto r = server.get(bare);
        CHECK(r.status == 303);
        CHECK(r.headers.at("location") == club.meade + "oob");
    }
    // Muster's own stylesheet and script, and nothing from disk.
    CHECK(server.get("/static/muster.css").headers.at("content-type") == "text/css; charset=utf-8");
    CHECK_THAT(server.get("/static/muster.js").body, Contains("If-None-Match"));
    CHECK(server.get("/static/../../etc/passwd").status == 404);
    // When each link was last used; the log never holds one, however the path spells it.
    CHECK_THAT(club.ok("player list"), Contains("Meade") && !Contains("never  \n"));
    const auto link = club.meade.substr(3, 64), other = club.lee.substr(3, 64);
    std::string upper = link;
    for (auto& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    for (const auto& path : {"/" + club.meade + "oob", "/P/" + link + "/oob", club.meade + "../" + other + "/oob", "/muster" + club.meade,
                             "/p/" + upper + "/oob", "/x/%" + link.substr(0, 2) + link.substr(2) + "/"})
        server.get(path);
    // A request refused before it is read whole is logged too.
    CHECK(server.send("TRACE " + club.meade + "oob HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").status == 405);
    CHECK(server.send("GET " + club.meade + "oob HTTP/1.1\r\nHost: x\r\nRange: bytes=0-1\r\nConnection: close\r\n\r\n").status == 400);
    // A path that would forge a line of its own, by a Unicode line or paragraph separator, is one line.
    for (const char* separator : {"%E2%80%A8", "%E2%80%A9"}) server.get(std::string("/x") + separator + "1999-01-01T00:00:00Z%2010.9.9.9%20GET%20/p/x/oob%20200");
    const auto log = server.log();
    CHECK_THAT(log, Contains("GET /x\\u{2028}1999-01-01T00:00:00Z 10.9.9.9 GET /p/x/oob 200 404") && Contains("GET /x\\u{2029}1999"));
    CHECK(log.find("\xE2\x80\xA8") == std::string::npos);
    CHECK(log.find("\xE2\x80\xA9") == std::string::npos);
    CHECK_THAT(log, Contains("GET /p/<link>/oob 200") && Contains("TRACE /p/<link>/oob 405") && Contains("GET /p/<link>/oob 400"));
    // Each line begins with when, UTC.
    CHECK(std::regex_search(log, std::regex("(^|\n)\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ 127\\.0\\.0\\.1 GET /p/<link>/oob 200\n")));
    CHECK(log.find(link) == std::string::npos);
    CHECK(log.find(other) == std::string::npos);
    CHECK(log.find(upper) == std::string::npos);
    CHECK(log.find(link.substr(2)) == std::string::npos);
    // A long path is logged cut short, with its length: requests for such paths do not fill the log.
    server.get("/" + std::string(3000, 'z'));
    const auto longer = server.log(true);
    CHECK_THAT(longer, Contains("GET /" + std::string(199, 'z') + "... (3001 bytes) 404"));
    CHECK(longer.size() - log.size() < 400);
}

TEST_CASE("A player's journal writes a percentile roll of 100 as the tables and the command line do, 00") {
    const Club club;
    club.ok("leader replace \"Wadsworth/Iron Brigade\" --force --name Zook --rolls 00");
    CHECK_THAT(club.ok("journal --as union"), Contains("percentile  0,0       00  "));
    const test::Served server(club.db());
    const auto journal = server.get(club.meade + "journal").body;
    CHECK_THAT(journal, Contains("0,0 = 00"));
    CHECK(journal.find("= 100") == std::string::npos);
}

TEST_CASE("A page a player looks at is made anew as soon as the campaign changes: his script's first asking after it has the change") {
    const Club club;
    test::Served server(club.db());
    const auto journal = server.get(club.meade + "journal");
    REQUIRE(journal.status == 200);
    club.ok("arrive Robinson");  // the Union's, read by the Union
    // No request comes meanwhile: the server saw the change and made the page by itself. Were it
    // made only when asked, this asking would be given the page as it was (304).
    std::this_thread::sleep_for(std::chrono::seconds(2));
    const auto next = server.get(club.meade + "journal", {{"If-None-Match", journal.headers.at("etag")}});
    CHECK(next.status == 200);
    CHECK_THAT(next.body, Contains("Robinson"));
}

TEST_CASE("A page opened after its owner changes a division the side was shown has the change, though the side's journal does not tell of it") {
    const Club club;
    test::Served server(club.db());  // every page made before it listens, none asked for since
    club.ok("rename division Pickett \"Pickett's Division\"");  // the Confederates' own operation
    CHECK_THAT(club.ok("journal --as union"), !Contains("Pickett's Division"));
    CHECK_THAT(server.get(club.meade + "oob").body, Contains("Pickett&#39;s Division") || Contains("Pickett's Division"));
}

TEST_CASE("While another muster writes, forms wait on a thread of their own and are told to try again with what they typed - pages are still answered") {
    const Club club;
    test::Served server(club.db());
    const auto token = test::form_token(server.get(club.meade + "orders").body);
    SQLite::Database writer(club.db(), SQLite::OPEN_READWRITE);
    writer.exec("BEGIN IMMEDIATE");  // the organiser's long write
    // More forms at once than the server has threads, many times over: had each held one while
    // it waited for the campaign, the other side's pages would wait behind them, or be dropped.
    std::vector<test::Reply> replies(40);
    std::vector<std::thread> forms;
    for (size_t i = 0; i < replies.size(); ++i)
        // Waited for longer than the server's own wait for the lock (5 s), so that each form's
        // answer is read, however late a loaded machine schedules it.
        forms.emplace_back([&, i] { replies[i] = server.post(club.meade + "write", {{"token", token}, {"text", "Orders " + std::to_string(i)}}, 20000); });
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    for (int i = 0; i < 3; ++i) {
        CHECK(server.send("GET /static/muster.css HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 3000).status == 200);
        CHECK(server.send("GET " + club.lee + "season HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 3000).status == 200);
    }
    for (auto& f : forms) f.join();
    writer.exec("ROLLBACK");
    // Every one answered, refused with 503 and none written, each with its words given back.
    for (size_t i = 0; i < replies.size(); ++i) {
        INFO(i);
        CHECK(replies[i].status == 503);
        CHECK_THAT(replies[i].body, Contains("the campaign is busy") && Contains("Orders " + std::to_string(i) + "<"));
    }
    CHECK(server.post(club.meade + "write", {{"token", token}, {"text", "Orders again"}}).status == 200);
}

TEST_CASE("One link's forms hold at most two places among those waiting for the campaign - a player sending many at once turns no other player away") {
    const Club club;
    const test::Served server(club.db(), "--lock-wait 15000");
    const auto lee = test::form_token(server.get(club.lee + "orders").body);
    const auto meade = test::form_token(server.get(club.meade + "orders").body);
    SQLite::Database writer(club.db(), SQLite::OPEN_READWRITE);
    writer.exec("BEGIN IMMEDIATE");  // the organiser's write: the forms wait for it
    // More of one link's forms at once than the server lets wait in all, a wrong token's among them.
    std::vector<test::Reply> flood(20);
    std::vector<std::thread> threads;
    for (size_t i = 0; i < flood.size(); ++i)
        threads.emplace_back([&, i] { flood[i] = server.post(club.lee + "write", {{"token", i % 2 ? lee : std::string(64, '0')}, {"text", "Flood " + std::to_string(i)}}, 30000); });
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    test::Reply reply;
    threads.emplace_back([&] { reply = server.post(club.meade + "write", {{"token", meade}, {"text", "Orders through the flood"}}, 30000); });
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    writer.exec("ROLLBACK");
    for (auto& t : threads) t.join();
    INFO(reply.body);
    CHECK(reply.status == 200);
    CHECK_THAT(club.ok("player inbox"), Contains("Orders through the flood"));
    // Those of the flooding link past the one being written and its two places were answered at
    // once (busy, or their token refused), written none.
    CHECK(std::count_if(flood.begin(), flood.end(), [](const test::Reply& r) { return r.status == 200; }) <= 3);
    CHECK(std::count_if(flood.begin(), flood.end(), [](const test::Reply& r) { return r.status == 503; }) >= 7);
}

TEST_CASE("The umpire's link is told it sends no forms, not that its form was out of date") {
    const Club club;
    const test::Served server(club.db());
    const auto umpire = test::link_path(club.ok("player add Ump --side umpire"));
    const auto before = club.dump();
    const auto sent = server.post(umpire + "write", {{"token", std::string(64, '0')}, {"text", "x"}});
    CHECK(sent.status == 405);
    CHECK_THAT(sent.body, Contains("The umpire's link sends no forms: nothing was sent.") && !Contains("restarted"));
    CHECK(club.dump() == before);
}

TEST_CASE("A form waits for another muster's write lock as long as --lock-wait says, as every command does") {
    const Club club;
    SQLite::Database writer(club.db(), SQLite::OPEN_READWRITE);
    {
        // None: told at once that the campaign is busy, not after the 5 s a command waits unless told.
        const test::Served server(club.db(), "--lock-wait 0");
        const auto token = test::form_token(server.get(club.meade + "orders").body);
        writer.exec("BEGIN IMMEDIATE");
        const auto started = std::chrono::steady_clock::now();
        CHECK(server.post(club.meade + "write", {{"token", token}, {"text", "Orders at once"}}, 20000).status == 503);
        CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(3));
        writer.exec("ROLLBACK");
    }
    // Longer than 5 s: a write over in 6 s is waited for, and the form written.
    const test::Served server(club.db(), "--lock-wait 15000");
    const auto token = test::form_token(server.get(club.meade + "orders").body);
    writer.exec("BEGIN IMMEDIATE");
    test::Reply reply;
    std::thread form([&] { reply = server.post(club.meade + "write", {{"token", token}, {"text", "Orders after the wait"}}, 30000); });
    std::this_thread::sleep_for(std::chrono::seconds(6));
    writer.exec("ROLLBACK");
    form.join();
    CHECK(reply.status == 200);
    CHECK_THAT(club.ok("player inbox"), Contains("Orders after the wait"));
}

TEST_CASE("A form whose player went while it waited for the campaign is written, and logged as written") {
    const Club club;
    test::Served server(club.db());
    const auto token = test::form_token(server.get(club.meade + "orders").body);
    SQLite::Database writer(club.db(), SQLite::OPEN_READWRITE);
    writer.exec("BEGIN IMMEDIATE");  // the organiser's write, over within the server's wait for the lock
    // Sent whole, then the connection closed without reading the answer.
    const std::string body = "token=" + token + "&text=Gone+before+the+answer";
    server.send("POST " + club.meade + "write HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: " +
                    std::to_string(body.size()) + "\r\n\r\n" + body,
                300);
    writer.exec("ROLLBACK");
    // Logged with its status, sent or not (as libmicrohttpd finds the connection gone before or
    // after it hands the answer on), never as a request refused unread.
    for (int i = 0; i < 100 && !server.logged("POST /p/<link>/write 200"); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    CHECK(server.logged("POST /p/<link>/write 200") == 1);
    CHECK(server.logged("refused unread") == 0);
    CHECK_THAT(club.ok("player inbox"), Contains("Gone before the answer"));
}

TEST_CASE("A submission of losses refused is refused while another muster writes: it never waits for the write lock") {
    // A player sending a form with a name mistyped, again and again, holds up no change of the
    // umpire's: its lines are read before the lock is asked for.
    const Club club;
    const test::Served server(club.db());
    const auto token = test::form_token(server.get(club.meade + "orders").body);
    SQLite::Database writer(club.db(), SQLite::OPEN_READWRITE);
    writer.exec("BEGIN IMMEDIATE");  // the organiser's long write
    const auto started = std::chrono::steady_clock::now();
    const auto slip = server.post(club.meade + "losses", {{"token", token}, {"battle", "X"}, {"losses", "Wadsworth/Iron Brgade=1"}}, 20000);
    CHECK(slip.status == 422);
    CHECK_THAT(slip.body, Contains("did you mean Wadsworth/Iron Brigade"));
    CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(2));  // not the lock's wait (5 s)
    // One that is taken waits for the lock, as every change does.
    CHECK(server.post(club.meade + "losses", {{"token", token}, {"battle", "X"}, {"losses", "Wadsworth/Iron Brigade=1"}}, 20000).status == 503);
    writer.exec("ROLLBACK");
    CHECK(server.post(club.meade + "losses", {{"token", token}, {"battle", "X"}, {"losses", "Wadsworth/Iron Brigade=1"}}).status == 200);
}

TEST_CASE("Losses a player sends under a battle the umpire reports while the form waits for the write lock are refused as reported, not filed") {
    const Club club;
    const test::Served server(club.db());
    const auto token = test::form_token(server.get(club.meade + "orders").body);
    // Another muster writing the Union's battle of Culp's Hill, not yet committed as the form comes.
    SQLite::Database writer(club.db(), SQLite::OPEN_READWRITE);
    writer.exec("BEGIN IMMEDIATE");
    writer.exec("INSERT INTO battle (campaign_id, name, turn) VALUES (1, 'Culp''s Hill', 1)");
    writer.exec("INSERT INTO battle_division (battle_id, division_id, engaged, seen) SELECT last_insert_rowid(), id, 6, 1 FROM division WHERE name = 'Wadsworth'");
    test::Reply posted;
    std::thread form([&] {
        posted = server.post(club.meade + "losses", {{"token", token}, {"battle", "Culp's Hill"}, {"losses", "Wadsworth/Iron Brigade=1"}}, 20000);
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(500));  // it has read the campaign as it was, and waits for the lock
    writer.exec("COMMIT");
    form.join();
    CHECK(posted.status == 422);
    CHECK_THAT(posted.body, Contains("the battle of Culp&#39;s Hill is reported already: its losses are in it"));
    CHECK(SQLite::Database(club.db()).execAndGet("SELECT COUNT(*) FROM draft_line").getInt() == 0);
}

TEST_CASE("Losses under the beginning of a battle the side fought are refused as that battle's, not filed as a new battle") {
    const Club club;
    const test::Served server(club.db());
    const auto token = test::form_token(server.get(club.meade + "orders").body);
    const auto before = club.dump();
    for (const char* typed : {"Gettys", "gettysburg", "Gettysburg"}) {
        INFO(typed);
        const auto posted = server.post(club.meade + "losses", {{"token", token}, {"battle", typed}, {"losses", "Wadsworth/Iron Brigade=1"}});
        CHECK(posted.status == 422);
        CHECK_THAT(posted.body, Contains("Gettysburg") && Contains("reported already: its losses are in it"));
        CHECK(club.dump() == before);
    }
    // A name of its own is a battle not planned, filed under it.
    CHECK(server.post(club.meade + "losses", {{"token", token}, {"battle", "Gettysburg Station"}, {"losses", "Wadsworth/Iron Brigade=1"}}).status == 200);
}

TEST_CASE("An unknown, malformed or revoked link gets the same 404, and nothing else, and a new link replaces it") {
    const Club club;
    const test::Served server(club.db());
    const auto revoked = club.meade;
    const auto expected = server.get("/p/" + std::string(64, '0') + "/oob");
    REQUIRE(expected.status == 404);
    const auto same = [&](const std::string& path) {
        INFO(path);
        const auto r = server.get(path);
        CHECK(r.status == 404);
        CHECK(r.body == expected.body);
        CHECK(r.headers.count("etag") == 0);
    };
    same("/p/" + std::string(63, 'a') + "/oob");
    same("/p/" + std::string(65, 'a') + "/oob");
    std::string upper = club.meade;
    for (auto& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    same(upper + "oob");
    same(club.meade + "nothing-here");
    same(club.meade + "oob/extra.pdf");
    club.ok("player revoke Meade");
    same(revoked + "oob");
    same(revoked);
    CHECK(server.get(club.lee + "oob").status == 200);  // the other link lives
    CHECK(club.run("player revoke Meade").code == 1);
    CHECK(club.run("player revoke Nobody").code == 2);
    // Meade given a new link: it reads his side's pages, the revoked one still gets the 404.
    CHECK_THAT(club.run("player add Meade --side union").err, Contains("already exists (revoked: give him a new link instead, muster player link"));
    const auto anew = test::link_path(club.ok("player link Meade"));
    CHECK(anew != revoked);
    CHECK(server.get(anew + "oob").status == 200);
    same(revoked + "oob");
    // A link leaked and replaced before it was revoked: the old one dies at once.
    const auto again = test::link_path(club.ok("player link Meade"));
    same(anew + "oob");
    CHECK(server.get(again + "oob").status == 200);
    CHECK(club.run("player link Nobody").code == 2);
    // Undone, the new link dies and the one it replaced lives again, as undo does for any step.
    CHECK_THAT(club.ok("undo"), Contains("New link for player Meade (his old link is dead)"));
    same(again + "oob");
    CHECK(server.get(anew + "oob").status == 200);
    // The command printed to revoke a link is one the shell reads back whole, quotes and all.
    const auto hint = club.ok("player add \"O'Hara the 2nd\" --side union");
    CHECK_THAT(hint, Contains("muster player revoke \"O'Hara the 2nd\" kills it"));
    CHECK(club.run("player revoke 'O'\\''Hara the 2nd'").code == 0);
    // The umpire's link exists only if asked for, and reads every side.
    const auto umpire = test::link_path(club.ok("player add Ump --side umpire"));
    CHECK_THAT(server.get(umpire + "oob").body, Contains("Heth") && Contains("Wadsworth"));
}

TEST_CASE("A form refused for a damaged file does not tell the player where the server keeps it, and changes nothing") {
    const Club club;
    SQLite::Database(club.db(), SQLite::OPEN_READWRITE).exec("CREATE TRIGGER zap AFTER INSERT ON message BEGIN DELETE FROM move; END");
    const auto before = club.dump();
    const test::Served server(club.db());
    const auto page = server.get(club.meade + "orders").body;
    const auto sent = server.post(club.meade + "write", {{"token", test::form_token(page)}, {"text", "Hold the ridge."}});
    CHECK(sent.status == 422);
    CHECK_THAT(sent.body, Contains("Refused: the campaign database is damaged: it holds a trigger") && !Contains(club.db()) && !Contains(club.dir.file("")));
    CHECK(club.dump() == before);
}

TEST_CASE("Orders written for a turn the umpire has ended since are given back, not filed under the next") {
    const Club club;
    club.ok("campaign set --turn-length 7");
    const test::Served server(club.db());
    const auto page = server.get(club.meade + "orders").body;
    REQUIRE_THAT(page, Contains("For turn 1") && Contains("name=\"turn\" value=\"1\""));
    club.ok("turn next");
    const auto before = club.dump();
    const auto late = server.post(club.meade + "write", {{"token", test::form_token(page)}, {"turn", "1"}, {"text", "Orders for July 1"}});
    CHECK(late.status == 422);
    CHECK_THAT(late.body, Contains("the campaign is at turn 2 now, not at the turn your page showed (turn 1)") && Contains("Orders for July 1"));  // given back
    for (const std::string turn : {"x", "-1", "1e3", "99999999999"})
        CHECK_THAT(server.post(club.meade + "write", {{"token", test::form_token(page)}, {"turn", turn}, {"text", "Orders"}}).body, Contains("not a turn&#39;s number"));
    CHECK(club.dump() == before);
    const auto fresh = server.get(club.meade + "orders").body;
    const auto sent = server.post(club.meade + "write", {{"token", test::form_token(fresh)}, {"turn", "02"}, {"text", "Orders for July 1"}});  // 02 is turn 2
    CHECK(sent.status == 200);
    CHECK_THAT(club.ok("player inbox --turn 2"), Contains("Orders for July 1"));
}

TEST_CASE("Losses submitted for a division not on the planned field are taken, and the player is asked whether he meant it") {
    const Club club;
    club.ok("arrive Robinson");
    club.ok("battle plan \"Culp's Hill\"");
    club.ok("battle deploy \"Culp's Hill\" Wadsworth");
    const test::Served server(club.db());
    const auto token = test::form_token(server.get(club.meade + "orders").body);
    const auto sent = server.post(club.meade + "losses", {{"token", token}, {"battle", "Culp's Hill"},
                                                          {"losses", "Wadsworth/Iron Brigade=1\nRobinson/1st Brigade=1"}});
    CHECK(sent.status == 200);
    CHECK_THAT(sent.body, Contains("Robinson/1st Brigade: 1 stand lost (Robinson is not on the field planned for Culp&#39;s Hill: is it the one you meant?)"));
    CHECK_THAT(sent.body, !Contains("Wadsworth is not on the field"));
    // A field of none of his side's, and none of the enemy's he has seen: said alike.
    club.ok("battle plan \"Baltimore Pike\"");
    club.ok("battle deploy \"Baltimore Pike\" Rodes");  // hidden from the Union
    const auto far = server.post(club.meade + "losses", {{"token", token}, {"battle", "Baltimore Pike"}, {"losses", "Wadsworth/Iron Brigade=1"}});
    CHECK_THAT(far.body, Contains("Wadsworth is not on the field planned for Baltimore Pike"));
}

TEST_CASE("A request under a player's link for what is not there is refused and changes nothing - his link's use is noted only for what he read") {
    const Club club;
    const test::Served server(club.db());
    const auto before = club.dump();
    for (const char* path : {"no-such-page", "handout/no-such-paper.txt", "oob/x", "handout"}) {
        INFO(path);
        CHECK(server.get(club.meade + path).status == 404);
        CHECK(club.dump() == before);
    }
    CHECK_THAT(club.ok("player list"), Contains("never"));
    REQUIRE(server.get(club.meade + "oob").status == 200);
    CHECK(club.dump() != before);  // his use noted
}

TEST_CASE("A proposal that lapsed (its men freed) offers the side it was made to Refuse, not Accept") {
    const Club club;
    club.ok("exchange propose --from union --offer \"stands:Pickett/Garnett's Brigade=1\"");
    club.ok("camp liberate \"Fort Delaware\"");
    const test::Served server(club.db());
    const auto page = server.get(club.lee + "camps").body;
    CHECK_THAT(page, Contains("lapsed: ") && Contains("value=\"refuse\"") && !Contains("value=\"accept\""));
    const auto refused = server.post(club.lee + "exchange-answer", {{"token", test::form_token(page)}, {"exchange", "1"}, {"seen", seen(page)}, {"answer", "refuse"}});
    CHECK(refused.status == 200);
    CHECK_THAT(club.ok("exchange list"), Contains("[refused]"));
}

TEST_CASE("A refused form gives back what the player typed, escaped, to mend - a form taken is emptied") {
    const Club club;
    const test::Served server(club.db());
    const auto page = server.get(club.meade + "orders").body;
    const auto token = test::form_token(page);
    // One slip in three lines: the lines come back in the form, with the battle's name.
    const std::string lines = "Wadsworth/Iron Brigade=1\nWadsworth/Cutlers=1\n<b>&\"x\"";
    const auto refused = server.post(club.meade + "losses", {{"token", token}, {"battle", "Culp's \"Hill\""}, {"losses", lines}});
    CHECK(refused.status == 422);
    // A form of many slips: ten said, the rest counted.
    std::string many;
    for (int i = 0; i < 40; ++i) many += "Nowhere/Brigade " + std::to_string(i) + "=1\n";
    const auto slips = server.post(club.meade + "losses", {{"token", token}, {"battle", "X"}, {"losses", many}});
    CHECK_THAT(slips.body, Contains("40 lines refused: ") && Contains("Nowhere/Brigade 9=1") && !Contains("Nowhere/Brigade 10=1&quot;") && Contains("; ..."));
    // Both lines refused said at once, each with its own reason.
    CHECK_THAT(refused.body, Contains("2 lines refused: ") && Contains("no brigade &quot;Wadsworth/Cutlers&quot;") &&
                                 Contains("&quot;&lt;b&gt;&amp;&quot;x&quot;&quot; is not &quot;Division/Brigade=N&quot;"));
    CHECK_THAT(refused.body, Contains("required>Wadsworth/Iron Brigade=1\nWadsworth/Cutlers=1\n&lt;b&gt;&amp;&quot;x&quot;</textarea>"));
    CHECK_THAT(refused.body, Contains("value=\"Culp&#39;s &quot;Hill&quot;\" required>"));
    CHECK_THAT(refused.body, !Contains("<b>&"));
    CHECK_THAT(refused.body, Contains("required></textarea></label><button>Send</button>"));  // the other form stays empty
    // Bytes that are not UTF-8, and control characters, come back as U+FFFD: the page stays UTF-8.
    const auto raw = server.post(club.meade + "losses", {{"token", token}, {"battle", "X"}, {"losses", std::string("A\xFF\xFE\0B\x1b[31m\xC0\xBC\tC\r\nD", 17)}});
    CHECK(raw.status == 422);
    CHECK_THAT(raw.body, Contains("required>A\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD" "B\xEF\xBF\xBD[31m\xEF\xBF\xBD\xEF\xBF\xBD\tC\r\nD</textarea>"));
    for (const char bad : {'\xFF', '\0', '\x1b', '\xC0'}) CHECK(raw.body.find(bad) == std::string::npos);
    // A slip in a brigade's name: the nearest of the side's own in service offered.
    const auto slip = server.post(club.meade + "losses", {{"token", token}, {"battle", "X"}, {"losses", "Wadsworth/Iron Brgade=1"}});
    CHECK(slip.status == 422);
    CHECK_THAT(slip.body, Contains("did you mean Wadsworth/Iron Brigade"));
    // A form from before the server restarted: refused, its text kept.
    const auto stale = server.post(club.meade + "write", {{"token", "0000"}, {"text", "Advance at dawn"}});
    CHECK(stale.status == 403);
    CHECK_THAT(stale.body, Contains(">Advance at dawn</textarea>"));
    // Taken: the form is empty again, and the page as any other reading of it.
    const auto sent = server.post(club.meade + "write", {{"token", token}, {"text", "Advance at dawn"}});
    CHECK(sent.status == 200);
    CHECK_THAT(sent.body, !Contains(">Advance at dawn</textarea>") && Contains("required></textarea></label><button>Send</button>"));
    for (const auto* hole : {"<typed-", "<form-token>", "<player-name>"}) {
        CHECK_THAT(refused.body, !Contains(hole));
        CHECK_THAT(sent.body, !Contains(hole));
    }
}

TEST_CASE("A player whose link was used is undone and redone like any operation: his use goes with him") {
    const Club club;
    const auto link = test::link_path(club.ok("player add Hancock --side union"));
    {
        const test::Served server(club.db());
        REQUIRE(server.get(link + "oob").status == 200);  // his use noted, outside the journal
    }
    const auto listed = club.ok("player list");
    const auto hancock = listed.substr(listed.find("Hancock"), listed.find('\n', listed.find("Hancock")) - listed.find("Hancock"));
    CHECK(hancock.find("never") == std::string::npos);
    CHECK_THAT(hancock, Contains("Union"));  // his side as the rule set names it
    CHECK_THAT(club.ok("undo"), Contains("Added player Hancock (Union)"));
    CHECK(club.ok("player list").find("Hancock") == std::string::npos);
    CHECK_THAT(club.ok("redo"), Contains("Added player Hancock (Union)"));
    CHECK_THAT(club.ok("player list"), Contains("Hancock"));
    CHECK_THAT(club.ok("check"), Contains("ok:"));
}

TEST_CASE("A player withdraws his own proposal at his screen, and only his: the other side's page has no Withdraw and its form is refused") {
    const Club club;
    const test::Served server(club.db());
    auto page = server.get(club.meade + "camps").body;
    REQUIRE(server.post(club.meade + "exchange-propose", {{"token", test::form_token(page)}, {"offer", "stands:Pickett/Garnett's Brigade=1"}}).status == 200);
    page = server.get(club.meade + "camps").body;
    CHECK_THAT(page, Contains("value=\"withdraw\"") && !Contains("value=\"accept\""));
    const auto lee = server.get(club.lee + "camps").body;
    CHECK_THAT(lee, Contains("value=\"accept\"") && !Contains("value=\"withdraw\""));
    const auto before = club.dump();
    const auto theirs = server.post(club.lee + "exchange-answer", {{"token", test::form_token(lee)}, {"exchange", "1"}, {"answer", "withdraw"}});
    CHECK(theirs.status == 422);
    CHECK_THAT(theirs.body, Contains("only the Union may withdraw it"));
    CHECK(club.dump() == before);
    const auto withdrawn = server.post(club.meade + "exchange-answer", {{"token", test::form_token(page)}, {"exchange", "1"}, {"seen", seen(page)}, {"answer", "withdraw"}});
    CHECK(withdrawn.status == 200);
    CHECK_THAT(withdrawn.body, Contains("Exchange #1 withdrawn by the Union"));
    CHECK_THAT(club.ok("exchange list"), Contains("[withdrawn]"));
    CHECK_THAT(club.ok("journal --as confederate"), Contains("Exchange #1 withdrawn by the Union"));
    CHECK_THAT(server.get(club.lee + "camps").body, !Contains("value=\"accept\""));
    const auto odd = server.post(club.meade + "exchange-answer", {{"token", test::form_token(page)}, {"exchange", "1"}, {"answer", "<maybe>"}});
    CHECK(odd.status == 422);
    CHECK_THAT(odd.body, Contains("answer &quot;&lt;maybe&gt;&quot; is not one: expected accept or refuse, or withdraw for a proposal of yours"));
}

TEST_CASE("A server stopped after a form was written leaves the campaign whole in its one file, no write-ahead log beside it") {
    const Club club;
    {
        test::Served server(club.db());
        const auto page = server.get(club.meade + "orders").body;
        REQUIRE(server.post(club.meade + "write", {{"token", test::form_token(page)}, {"text", "Hold the ridge."}}).status == 200);
        server.get(club.lee + "oob");  // a reading thread's connection too, closed after the one that wrote
        server.log(true);  // stopped, as Ctrl+C stops it
    }
    CHECK_FALSE(std::filesystem::exists(club.db() + "-wal"));
    // The file alone, copied as an organiser would copy it, holds the message.
    const auto copy = club.dir.file("copy.db");
    std::filesystem::copy_file(club.db(), copy);
    CHECK_THAT(test::run_muster("--db " + test::quote(copy) + " player inbox").out, Contains("Hold the ridge."));
}

TEST_CASE("A player takes back a line he submitted with =0, and only one his side submitted") {
    const Club club;
    const test::Served server(club.db());
    const auto page = server.get(club.meade + "orders").body;
    CHECK_THAT(page, Contains("takes a line back"));
    const auto token = test::form_token(page);
    REQUIRE(server.post(club.meade + "losses", {{"token", token}, {"battle", "Culp's Hill"}, {"losses", "Wadsworth/Iron Brigade=2\nWadsworth/Cutler's Brigade=1"}})
                .status == 200);
    // Taken back: out of the draft, the rest kept, and told to his side as it was.
    const auto taken = server.post(club.meade + "losses", {{"token", token}, {"battle", "culp's hill"}, {"losses", "wadsworth/cutler=0"}});
    INFO(taken.body);
    CHECK(taken.status == 200);
    CHECK_THAT(taken.body, Contains("Wadsworth/Cutler&#39;s Brigade: taken back (was 1)"));
    CHECK_THAT(club.ok("battle draft \"Culp's Hill\""), !Contains("Cutler") && Contains("Wadsworth/Iron Brigade: 2 stands lost"));
    CHECK_THAT(club.ok("journal --as union"), Contains("Wadsworth/Cutler's Brigade: taken back (was 1)"));
    CHECK_THAT(club.ok("journal --as confederate"), !Contains("Cutler"));
    // His Orders page says what the take-back did: not that a later submission replaced it.
    const auto orders = server.get(club.meade + "orders").body;
    const auto listed = orders.find("taken back (was 1)");
    REQUIRE(listed != std::string::npos);
    CHECK(orders.find("its lines taken out of the draft, as the side asked (=0)", listed) < orders.find("</tr>", listed));
    // Nothing of his side's to take back (taken back already, or a battle he did not submit
    // in): refused whole, naming it, and the campaign as it was.
    const auto before = test::dump(club.db());
    for (const auto& [battle, losses] : std::vector<std::pair<std::string, std::string>>{{"Culp's Hill", "Wadsworth/Iron Brigade=1\nWadsworth/Cutler's Brigade=0"},
                                                                                         {"Wolf Hill", "Wadsworth/Iron Brigade=0"}}) {
        const auto refused = server.post(club.meade + "losses", {{"token", token}, {"battle", battle}, {"losses", losses}});
        INFO(refused.body);
        CHECK(refused.status == 422);
        CHECK_THAT(refused.body, Contains("nothing was submitted for Wadsworth/") && Contains("to take back"));
    }
    CHECK(test::dump(club.db()) == before);
}

TEST_CASE("Losses a player submitted that the umpire discards are told to his side as set aside, its own lines only, and to no other side") {
    const Club club;
    const test::Served server(club.db());
    const auto token = test::form_token(server.get(club.meade + "orders").body);
    REQUIRE(server.post(club.meade + "losses", {{"token", token}, {"battle", "Culp's Hill"}, {"losses", "Wadsworth/Iron Brigade=2"}}).status == 200);
    const auto union_before = club.ok("journal --as union"), confederate_before = club.ok("journal --as confederate");
    CHECK_THAT(club.ok("battle draft \"Culp's Hill\" --discard"), Contains("Discarded the draft report of Culp's Hill (1 line of losses and fates)"));
    const auto told = club.ok("journal --as union");
    CHECK_THAT(told, Contains("The umpire set aside the losses your players submitted, not reported: Wadsworth/Iron Brigade: 2 stands lost"));
    CHECK(told.find("Discarded the draft") == std::string::npos);
    CHECK(club.ok("journal --as confederate") == confederate_before);
    CHECK_THAT(server.get(club.meade + "journal").body, Contains("set aside the losses your players submitted"));
    // Undone, the draft is back as it was, and the side reads the undo as it read the discard.
    CHECK(union_before.find("set aside") == std::string::npos);
    club.ok("undo");
    CHECK_THAT(club.ok("journal --as union"), Contains("Undid #6 (draft discarded)"));
    CHECK_THAT(club.ok("battle draft \"Culp's Hill\""), Contains("Wadsworth/Iron Brigade: 2 stands lost"));
    // Written out, edited and reported as a file, the draft is cleared with it: the losses were
    // reported, not set aside, and the side is told nothing more than the battle.
    const auto file = club.dir.file("culps.json");
    // The file's "lost" is what the brigade lost but its prisoners: the player's number counts
    // them too, which the umpire is told as the file is written.
    CHECK_THAT(club.ok("battle draft \"Culp's Hill\" --write " + test::quote(file)),
               Contains("A player's number is his brigade's whole loss, captured ones too: where you give prisoners of one in the file, take them off "
                        "its \"lost\" (Wadsworth/Iron Brigade: 2 submitted by"));
    CHECK_THAT(club.ok("battle report " + test::quote(file)), Contains("the draft report of Culp's Hill is cleared"));
    const auto reported = club.ok("journal --as union");
    CHECK_THAT(reported.substr(reported.rfind("\n#")), Contains("battle  Battle of Culp's Hill: 1 division, 2 stands lost") && !Contains("set aside"));
}

TEST_CASE("An answer to an exchange that changed since the player's page showed it is refused, not given to what he did not read") {
    const Club club;
    const test::Served server(club.db());
    // The answer form's fingerprint of exchange #N as the page showed it.
    club.ok("exchange propose --from union --offer \"stands:Pickett/Garnett's Brigade=2\"");
    const auto page = server.get(club.lee + "camps").body;
    CHECK_THAT(page, Contains("2 stands of Pickett/Garnett&#39;s Brigade"));
    // Taken back, and proposed anew under the same number for one stand.
    club.ok("undo");
    const auto id = club.ok("exchange propose --from union --offer \"stands:Pickett/Garnett's Brigade=1\"");
    REQUIRE_THAT(id, Contains("Exchange #1 proposed"));
    const auto before = club.dump();
    const auto stale = server.post(club.lee + "exchange-answer", {{"token", test::form_token(page)}, {"exchange", "1"}, {"seen", seen(page)}, {"answer", "accept"}});
    CHECK(stale.status == 422);
    CHECK_THAT(stale.body, Contains("exchange #1 has changed since your page showed it: read it again, then answer"));
    CHECK(club.dump() == before);
    // A form that does not say what its page showed is refused alike, however it writes the number.
    for (const char* number : {"1", "01", "000000000000000001", "00000000000000000000000001"}) {
        INFO(number);
        const auto unsaid = server.post(club.lee + "exchange-answer", {{"token", test::form_token(page)}, {"exchange", number}, {"answer", "accept"}});
        CHECK(unsaid.status == 422);
        CHECK_THAT(unsaid.body, Contains("exchange #1 has changed since your page showed it"));
        CHECK(club.dump() == before);
    }
    // The proposer accepting his own, with any fingerprint: refused as not his to give.
    const auto proposer_token = test::form_token(server.get(club.meade + "camps").body);
    const auto unanswered = club.dump();
    const auto own = server.post(club.meade + "exchange-answer", {{"token", proposer_token}, {"exchange", "1"}, {"seen", seen(page)}, {"answer", "accept"}});
    CHECK_THAT(own.body, Contains("exchange #1 was proposed by the Union: only the Confederates"));
    CHECK(club.dump() == unanswered);
    // Read again, it is answered.
    const auto fresh = server.get(club.lee + "camps").body;
    CHECK(seen(fresh) != seen(page));
    CHECK(server.post(club.lee + "exchange-answer", {{"token", test::form_token(fresh)}, {"exchange", "1"}, {"seen", seen(fresh)}, {"answer", "accept"}}).status == 200);
    CHECK_THAT(club.ok("exchange list"), Contains("[accepted]") && Contains("1 stand of Pickett/Garnett's Brigade"));
    // The same form sent again (a second click) is told the exchange was answered, not that it changed.
    const auto again = server.post(club.lee + "exchange-answer", {{"token", test::form_token(fresh)}, {"exchange", "1"}, {"seen", seen(fresh)}, {"answer", "accept"}});
    CHECK(again.status == 422);
    CHECK_THAT(again.body, Contains("exchange #1 was already accepted"));
}

TEST_CASE("A form done in a file damaged where only the page after it reads says it was done, not that it failed") {
    const Club club;
    club.ok("arrive --due");
    club.ok("battle report --name \"McPherson Ridge\" --leader \"Archer:captured@Fort Delaware\" --battery \"Heth/Huger Artillery:captured@Fort Delaware\"");
    club.ok("exchange propose --from union --offer \"battery:Heth/Huger Artillery\"");
    const test::Served server(club.db());
    const auto page = server.get(club.meade + "camps").body;
    test::raw_sql(club.db(), "UPDATE prisoner SET leader_id = 999999 WHERE leader_id IS NOT NULL");  // the page reads the camps; a withdrawal does not
    const auto r = server.post(club.meade + "exchange-answer", {{"token", test::form_token(page)}, {"exchange", "1"}, {"seen", seen(page)}, {"answer", "withdraw"}});
    CHECK(r.status == 200);
    CHECK_THAT(r.body, Contains("Done: ") && Contains("withdrawn") && Contains("nothing needs sending again"));
    CHECK(r.body.find(club.db()) == std::string::npos);  // where the server keeps its file is not the player's
    CHECK(SQLite::Database(club.db()).execAndGet("SELECT status FROM exchange").getString() == "withdrawn");
}

TEST_CASE("A player's Orders page says what became of each submission: waiting, replaced or set aside, reported, taken back") {
    const Club club;
    const test::Served server(club.db());
    const auto token = test::form_token(server.get(club.meade + "orders").body);
    const auto submit = [&](const std::string& battle, const std::string& losses) {
        REQUIRE(server.post(club.meade + "losses", {{"token", token}, {"battle", battle}, {"losses", losses}}).status == 200);
    };
    // Each submission's state, newest first, as its row ends.
    const auto states = [&] {
        const auto page = server.get(club.meade + "orders").body;
        std::vector<std::string> out;
        for (auto at = page.find("<td data-label=\"State\">"); at != std::string::npos; at = page.find("<td data-label=\"State\">", at + 1)) {
            const auto from = page.find('>', at) + 1;
            out.push_back(page.substr(from, page.find("</td>", from) - from));
        }
        return out;
    };
    const std::string waiting = "waiting for the umpire", gone = "no longer waiting: replaced by a later submission, or set aside by the umpire (the journal says which)";
    submit("Culp's Hill", "Wadsworth/Iron Brigade=2");
    CHECK(states() == std::vector<std::string>{waiting});
    submit("culp's hill", "Wadsworth/Iron Brigade=3");  // replaces the first's only line
    CHECK(states() == std::vector<std::string>{waiting, gone});
    submit("Little Round Top", "Wadsworth/Cutler's Brigade=1");
    club.ok("battle draft \"Little Round Top\" --discard");
    CHECK(states() == std::vector<std::string>{gone, waiting, gone});
    // Reported from the draft: a battle the Union fought under its name stands for both.
    club.ok("battle report --draft \"Culp's Hill\"");
    CHECK(states() == std::vector<std::string>{gone, "reported: the battle of Culp&#39;s Hill", "reported: the battle of Culp&#39;s Hill"});
    // Taken back; the enemy's page lists none of it.
    submit("Pipe Creek", "Wadsworth/Cutler's Brigade=1");
    club.ok("undo --player");
    CHECK(states().front() == "taken back");
    CHECK_THAT(server.get(club.lee + "orders").body, Contains("No losses submitted."));
}

TEST_CASE("What a report by name leaves of a draft turns on each side's own lines: a side reads the same whether the enemy submitted too or not") {
    // The Union's Orders page states and its journal (times aside), after the Union's losses are
    // reported by name, with the Confederates' submission (they fought none of it) or without.
    const auto union_reads = [](bool enemy_submits) {
        const Club club;
        const test::Served server(club.db());
        const auto submit = [&](const std::string& link, const std::string& losses) {
            const auto token = test::form_token(server.get(link + "orders").body);
            REQUIRE(server.post(link + "losses", {{"token", token}, {"battle", "Pipe Creek"}, {"losses", losses}}).status == 200);
        };
        submit(club.meade, "Wadsworth/Iron Brigade=2\nWadsworth/Cutler's Brigade=1");
        if (enemy_submits) submit(club.lee, "Pickett/Kemper's Brigade=1");
        const auto reported = club.ok("battle report --name \"Pipe Creek\" --loss \"Wadsworth/Iron Brigade=2\"");
        // The umpire is told of a fighting side's line his report gives nothing for.
        CHECK_THAT(reported, Contains("not in this report, though a player of a side that fought it submitted them: "
                                      "Wadsworth/Cutler's Brigade: 1 stand lost, submitted by Meade (Union) (cleared with the draft"));
        if (enemy_submits) {
            // The Confederates' line stays, theirs to be told of; the Union's are replaced.
            CHECK_THAT(reported, Contains("the draft report of Pipe Creek is left holding 1 line this report does not take"));
            CHECK_THAT(club.ok("battle draft \"Pipe Creek\""), Contains("Pickett/Kemper's Brigade") && !Contains("Wadsworth"));
            club.ok("battle draft \"Pipe Creek\" --discard");
        } else {
            CHECK_THAT(reported, Contains("the draft report of Pipe Creek is cleared: this report replaces it"));
        }
        const auto page = server.get(club.meade + "orders").body;
        std::string states;
        for (auto at = page.find("<td data-label=\"State\">"); at != std::string::npos; at = page.find("<td data-label=\"State\">", at + 1))
            states += page.substr(at, page.find("</td>", at) - at) + "\n";
        return states + std::regex_replace(club.ok("journal --as union"), std::regex("\\d{4}-\\d\\d-\\d\\dT[0-9:]+Z"), "TIME");
    };
    const auto alone = union_reads(false);
    CHECK_THAT(alone, Contains("reported: the battle of Pipe Creek"));
    CHECK(union_reads(true) == alone);
}

TEST_CASE("Losses a player sends in under a battle recorded already wait as a draft that turn tells the umpire to look at and throw away, not to report") {
    const Club club;
    const test::Served server(club.db());
    club.ok("battle report --name \"Pipe Creek\" --loss \"Pickett/Garnett's Brigade=1\"");  // the Confederates alone: the Union cannot know it
    const auto token = test::form_token(server.get(club.meade + "orders").body);
    REQUIRE(server.post(club.meade + "losses", {{"token", token}, {"battle", "Pipe Creek"}, {"losses", "Wadsworth/Iron Brigade=1"}}).status == 200);
    const auto turn = club.ok("turn");
    CHECK_THAT(turn, Contains("a draft report of Pipe Creek waits, but the battle is recorded already (muster battle draft 'Pipe Creek' shows it; muster battle draft --discard 'Pipe Creek' throws it away)"));
    CHECK(turn.find("battle report --draft") == std::string::npos);  // which would be refused
    club.ok("battle draft \"Pipe Creek\" --discard");
    CHECK(club.ok("turn").find("Pipe Creek waits") == std::string::npos);
}

TEST_CASE("Players answer and propose exchanges, write to the umpire and submit losses, each journalled for their side") {
    const Club club;
    const test::Served server(club.db());
    // The Union offers Pickett's men back for nothing; the Confederates accept at their screen.
    auto page = server.get(club.meade + "camps").body;
    // What it holds is listed as an Offer line takes it, the stands counted: pasted, it is taken
    // whole, the code or the words beside it.
    CHECK_THAT(page, Contains("stands:Pickett/Garnett&#39;s Brigade=2  (2 stands of Pickett/Garnett&#39;s Brigade)"));
    const auto proposed = server.post(club.meade + "exchange-propose",
                                      {{"token", test::form_token(page)}, {"offer", "2 stands of Pickett/Garnett's Brigade"}, {"note", "Take them home"}});
    REQUIRE(proposed.status == 200);
    CHECK_THAT(proposed.body, Contains("Exchange #1 proposed to the Confederates"));
    CHECK_THAT(club.ok("player inbox"), Contains("#1 Union -> Confederate: offers") && Contains("; its note: \"Take them home\""));
    page = server.get(club.lee + "camps").body;
    CHECK_THAT(page, Contains("Take them home") && Contains("value=\"accept\""));
    const auto answered = server.post(club.lee + "exchange-answer", {{"token", test::form_token(page)}, {"exchange", "1"}, {"seen", seen(page)}, {"answer", "accept"}});
    CHECK(answered.status == 200);
    CHECK_THAT(club.ok("exchange list"), Contains("[accepted]"));
    // Orders to the umpire: in his inbox and the Union's journal, not the Confederates'.
    page = server.get(club.meade + "orders").body;
    const auto sent = server.post(club.meade + "write", {{"token", test::form_token(page)}, {"text", "Hold Cemetery Hill.\r\nSend Sykes up."}});
    CHECK(sent.status == 200);
    CHECK_THAT(club.ok("player inbox"), Contains("Meade (Union)") && Contains("    Hold Cemetery Hill.\n    Send Sykes up."));
    CHECK_THAT(club.ok("journal --as union"), Contains("Message from Meade (Union) to the umpire, turn 1: Hold Cemetery Hill."));
    CHECK_THAT(club.ok("journal --as confederate"), !Contains("Message from"));
    // The umpire's link reads it, its sender's side named as the rule set names it.
    CHECK_THAT(server.get(test::link_path(club.ok("player add Ump --side umpire")) + "orders").body,
               Contains("Meade (Union)") && !Contains("Meade (union)") && Contains("<h2>Received from the players</h2>"));
    CHECK_THAT(server.get(club.meade + "orders").body, Contains("<h2>Sent</h2>"));
    // Sent again (the page reloaded): refused, not doubled; losses sent again replace the first.
    const auto again = server.post(club.meade + "write", {{"token", test::form_token(page)}, {"text", "Hold Cemetery Hill.\r\nSend Sykes up."}});
    CHECK(again.status == 422);
    CHECK_THAT(again.body, Contains("sent already"));
    CHECK_THAT(server.get(club.lee + "orders").body, !Contains("Cemetery"));
    // Losses submitted: the umpire's draft to review.
    // Lines as a browser's text area sends them, ending in CR LF.
    const auto submitted = server.post(club.meade + "losses", {{"token", test::form_token(page)}, {"battle", "Culp's Hill"},
                                                               {"losses", "Wadsworth/Iron Brigade=2\r\nWadsworth/Cutler's Brigade=1\r\n"}});
    INFO(submitted.body);
    CHECK(submitted.status == 200);
    CHECK_THAT(club.ok("battle draft \"Culp's Hill\""), Contains("Wadsworth/Iron Brigade: 2 stands lost") && Contains("submitted by Meade") &&
                                                          Contains("Wadsworth/Cutler's Brigade: 1 stand lost"));
    // The brigade as people type it (any case, or a unique beginning), as the docs promise.
    const auto corrected = server.post(club.meade + "losses", {{"token", test::form_token(page)}, {"battle", "culp's hill"},
                                                               {"losses", "wadsworth/iron=3"}});
    CHECK(corrected.status == 200);
    CHECK_THAT(corrected.body, Contains("Wadsworth/Iron Brigade: 3 stands lost (was 2)"));
    // The same form sent again (a page reloaded) changes nothing, and says so.
    const auto unchanged = club.dump();
    const auto twice = server.post(club.meade + "losses", {{"token", test::form_token(page)}, {"battle", "culp's hill"}, {"losses", "wadsworth/iron=3"}});
    CHECK(twice.status == 422);
    CHECK_THAT(twice.body, Contains("these losses are submitted already for the battle of culp&#39;s hill") && Contains("nothing was changed"));
    CHECK(club.dump() == unchanged);
    // A line given without its number is told so.
    const auto bare = server.post(club.meade + "losses", {{"token", test::form_token(page)}, {"battle", "culp's hill"}, {"losses", "wadsworth/iron"}});
    CHECK_THAT(bare.body, Contains("no stands lost given"));
    // Its number given without its '=' is told so, not that the brigade is unknown.
    const auto spaced = server.post(club.meade + "losses", {{"token", test::form_token(page)}, {"battle", "culp's hill"}, {"losses", "wadsworth/iron 2"}});
    CHECK_THAT(spaced.body, Contains("no &#39;=&#39; before the stands lost: give &quot;Division/Brigade=N&quot; (Wadsworth/Iron Brigade=2, say)") &&
                                !Contains("no brigade"));
    const auto shapeless = server.post(club.meade + "losses", {{"token", test::form_token(page)}, {"battle", "culp's hill"}, {"losses", "Blah"}});
    CHECK_THAT(shapeless.body, Contains("&quot;Blah&quot; is not &quot;Division/Brigade=N&quot;") && !Contains("no brigade"));
    const auto draft = club.ok("battle draft \"Culp's Hill\"");
    CHECK_THAT(draft, Contains("Wadsworth/Iron Brigade: 3 stands lost") && !Contains("2 stands lost") && Contains("Cutler's Brigade: 1 stand lost"));
    CHECK_THAT(club.ok("player inbox"), Contains("Culp's Hill: 2 lines"));
    // His Orders page lists what he submitted, newest first; the enemy's lists none of it.
    const auto orders = server.get(club.meade + "orders").body;
    const auto listed = orders.find("<h2>Losses submitted</h2>");
    REQUIRE(listed != std::string::npos);
    CHECK(orders.find("Wadsworth/Iron Brigade: 3 stands lost", listed) < orders.find("Wadsworth/Iron Brigade: 2 stands lost", listed));
    CHECK_THAT(server.get(club.lee + "orders").body, Contains("No losses submitted.") && !Contains("Iron Brigade"));
    // A draft only the enemy made (its hidden division's losses) is not the Union's to learn of:
    // the answer names the battle as typed, while the umpire finds both in the one draft.
    const auto lee_page = server.get(club.lee + "orders").body;
    REQUIRE(server.post(club.lee + "losses", {{"token", test::form_token(lee_page)}, {"battle", "Secret Fight"}, {"losses", "Heth/Archer's Brigade=1"}})
                .status == 200);
    const auto typed = server.post(club.meade + "losses", {{"token", test::form_token(page)}, {"battle", "secret fight"}, {"losses", "Wadsworth/Iron Brigade=1"}});
    CHECK_THAT(typed.body, Contains("in the battle of secret fight submitted by Meade"));
    CHECK_THAT(club.ok("battle draft \"Secret Fight\""), Contains("Heth/Archer's Brigade") && Contains("Wadsworth/Iron Brigade"));
    // Refused with the reason, and nothing written: an enemy brigade, a hidden one, a battle
    // already reported, a message of control characters; the umpire's link acts for no side.
    const auto before = club.dump();
    const auto token = test::form_token(page);
    for (const auto& fields : std::vector<std::map<std::string, std::string>>{
             {{"token", token}, {"battle", "X"}, {"losses", "Pickett/Kemper's Brigade=1"}},
             {{"token", token}, {"battle", "X"}, {"losses", "Heth/Archer's Brigade=1"}},
             {{"token", token}, {"battle", "Gettysburg"}, {"losses", "Wadsworth/Iron Brigade=1"}},
             {{"token", token}, {"battle", "gETTYSBURG"}, {"losses", "Wadsworth/Iron Brigade=1"}},  // named in another case
             {{"token", token}, {"battle", "X"}, {"losses", "Wadsworth/Iron Brigade=99"}}}) {
        const auto r = server.post(club.meade + "losses", fields);
        CHECK(r.status == 422);
        CHECK_THAT(r.body, Contains("Refused: "));
    }
    // Hidden and missing brigades are refused alike.
    const auto hidden = server.post(club.meade + "losses", {{"token", token}, {"battle", "X"}, {"losses", "Heth/Archer's Brigade=1"}}).body;
    const auto missing = server.post(club.meade + "losses", {{"token", token}, {"battle", "X"}, {"losses", "Heth/Nobody's Brigade=1"}}).body;
    CHECK(std::regex_replace(hidden, std::regex("Archer&#39;s"), "X") == std::regex_replace(missing, std::regex("Nobody&#39;s"), "X"));
    CHECK(server.post(club.meade + "write", {{"token", token}, {"text", std::string("a\x1b[2Jb")}}).status == 422);
    CHECK(server.post(club.meade + "write", {{"token", token}, {"text", std::string(5000, 'x')}}).status == 422);
    // A form without its token, with another player's, or from an old run of the server: 403.
    CHECK(server.post(club.meade + "write", {{"text", "no token"}}).status == 403);
    CHECK(server.post(club.meade + "write", {{"token", test::form_token(server.get(club.lee + "orders").body)}, {"text", "theirs"}}).status == 403);
    CHECK(club.dump() == before);
    CHECK_THAT(club.ok("check"), Contains("ok: "));  // the players' rows keep every rule check knows
    // A slip of a planned battle's name: refused, suggesting it, not filed under a new draft.
    club.ok("battle plan \"Wolf Hill\"");
    // Both sides read the battle planned on their Battles page, by the name their losses go under.
    for (const auto& link : {club.meade, club.lee})
        CHECK_THAT(server.get(link + "battles").body, Contains("<h2>Wolf Hill</h2>\n<pre>Planned battle of Wolf Hill") && Contains("(planned, not yet fought)"));
    const auto planned = club.dump();
    const auto slip = server.post(club.meade + "losses", {{"token", token}, {"battle", "Wolf Hlil"}, {"losses", "Wadsworth/Iron Brigade=1"}});
    CHECK(slip.status == 422);
    CHECK_THAT(slip.body, Contains("no battle planned as &quot;Wolf Hlil&quot;: did you mean Wolf Hill?"));
    CHECK(club.dump() == planned);
    // Its name in another case, or a beginning only it has, is the plan's: filed under the
    // plan's spelling (which every side reads), never the player's.
    int stands = 0;
    for (const auto* typed : {"WOLF HILL", "wolf h"})  // each a new number: the same again would change nothing
        CHECK(server.post(club.meade + "losses", {{"token", token}, {"battle", typed}, {"losses", "Wadsworth/Iron Brigade=" + std::to_string(++stands)}}).status == 200);
    CHECK_THAT(club.ok("player inbox"), Contains("Wolf Hill: 1 line") && !Contains("WOLF") && !Contains("wolf h"));
    CHECK_THAT(club.ok("battle report --draft 'wolf hill' --division Pickett --preview"), Contains("Battle of Wolf Hill"));
    club.ok("battle draft 'Wolf Hill' --discard");
    // ...and of a battle it fought (reported already, which the right name is told).
    club.ok("battle report --name \"Spangler's Spring\" --loss \"Wadsworth/Iron Brigade=1\"");
    const auto fought = club.dump();
    const auto typo = server.post(club.meade + "losses", {{"token", token}, {"battle", "Spanglers Sprig"}, {"losses", "Wadsworth/Iron Brigade=1"}});
    CHECK(typo.status == 422);
    CHECK_THAT(typo.body, Contains("did you mean Spangler&#39;s Spring?"));
    CHECK(club.dump() == fought);
    // A player sends so many a turn (a form sent in a loop fills no one's reading); his side's
    // page shows the newest so many.
    for (int i = 1; i < app::k_max_messages_a_turn; ++i)
        REQUIRE(server.post(club.meade + "write", {{"token", token}, {"text", "Order " + std::to_string(i)}}).status == 200);
    const auto flood = server.post(club.meade + "write", {{"token", token}, {"text", "One too many"}});
    CHECK(flood.status == 422);
    CHECK_THAT(flood.body, Contains("you have sent the umpire 30 messages in turn 1, the most a player sends in a turn: write again next turn"));
    club.ok("turn next");
    for (int i = 0; i <= static_cast<int>(app::k_messages_shown) - app::k_max_messages_a_turn; ++i)
        REQUIRE(server.post(club.meade + "write", {{"token", token}, {"text", "Turn 2 order " + std::to_string(i)}}).status == 200);
    // The umpire reads a turn's messages alone if he likes.
    const auto first_turn = club.ok("player inbox --turn 1");
    CHECK_THAT(first_turn, Contains("Messages of turn 1 (") && Contains("Hold Cemetery Hill.") && !Contains("Turn 2 order"));
    CHECK_THAT(club.ok("player inbox --turn 2"), Contains("Turn 2 order 0") && !Contains("Hold Cemetery Hill."));
    CHECK_THAT(club.ok("player inbox"), Contains("Turn 2 order 0") && Contains("Hold Cemetery Hill."));
    CHECK_THAT(club.refused("player inbox --turn second", 2), Contains("\"second\" is not a turn"));
    CHECK_THAT(club.refused("player inbox --turn 9", 2), Contains("turn 9 has not begun: the campaign is at turn 2"));  // as turn report says
    // An exchange's number as no page gives it is said so, naming it.
    const auto letters = server.post(club.meade + "exchange-answer", {{"token", token}, {"exchange", "1e3"}, {"answer", "accept"}});
    CHECK(letters.status == 422);
    CHECK_THAT(letters.body, Contains("&quot;1e3&quot; is not an exchange&#39;s number") || Contains("\"1e3\" is not an exchange's number"));
    const auto huge = std::string(30, '9');
    CHECK_THAT(server.post(club.meade + "exchange-answer", {{"token", token}, {"exchange", huge}, {"answer", "accept"}}).body, Contains("no exchange #" + huge));
    // Losses submitted likewise: so many a turn, the newest so many shown.
    for (int i = 0; i < app::k_max_submissions_a_turn; ++i) {
        const auto sub = server.post(club.meade + "losses", {{"token", token}, {"battle", "Flood " + std::to_string(i)}, {"losses", "Wadsworth/Iron Brigade=1"}});
        INFO("submission " << i);
        REQUIRE(sub.status == 200);
    }
    const auto too_many = server.post(club.meade + "losses", {{"token", token}, {"battle", "Flood"}, {"losses", "Wadsworth/Iron Brigade=1"}});
    CHECK(too_many.status == 422);
    CHECK_THAT(too_many.body, Contains("you have submitted losses 30 times in turn 2, the most a player does in a turn"));
    CHECK_THAT(server.get(club.meade + "orders").body, Contains("1 earlier one is not shown.") && Contains("Turn 2 order 0") && !Contains("Hold Cemetery Hill."));
}

TEST_CASE("The organiser's undo does not take back what a player did through his link unless asked to") {
    const Club club;
    const test::Served server(club.db());
    club.ok("campaign set --date 1863-07-02");  // the organiser's own last step
    const auto page = server.get(club.meade + "orders").body;
    REQUIRE(server.post(club.meade + "write", {{"token", test::form_token(page)}, {"text", "Hold Cemetery Hill."}}).status == 200);
    // Refused, naming whose it is and how to take it back; nothing written.
    CHECK_THAT(club.refused("undo", 1), Contains("(message) was made by player Meade through his link") && Contains("undo --player") &&
                                            Contains("nothing was changed"));
    CHECK_THAT(club.ok("undo --preview"), Contains("Hold Cemetery Hill. [made by player Meade]"));
    // Asked to, it goes; then the organiser's own step undoes as before, and redo brings both back.
    CHECK_THAT(club.ok("undo --player"), Contains("Undid #") && Contains("Message from Meade"));
    CHECK_THAT(club.ok("undo --preview"), !Contains("made by player"));
    CHECK_THAT(club.ok("undo"), Contains("1863-07-02"));
    club.ok("redo");
    CHECK_THAT(club.ok("redo"), Contains("Message from Meade"));
    club.refused("undo", 1);  // done again, it is still his
    // ...and still his after his own player add is undone and done again.
    for (const char* step : {"undo --player", "undo", "undo", "undo"}) club.ok(step);
    CHECK(club.ok("player list").find("Meade") == std::string::npos);
    for (int i = 0; i < 4; ++i) club.ok("redo");
    CHECK_THAT(club.ok("undo --preview"), Contains("[made by player Meade]"));
    club.refused("undo", 1);
    // An exchange a player proposes is his too; the same proposal made at the CLI is not.
    const auto camps = server.get(club.meade + "camps").body;
    REQUIRE(server.post(club.meade + "exchange-propose", {{"token", test::form_token(camps)}, {"offer", "stands:Pickett/Garnett's Brigade=1"}})
                .status == 200);
    CHECK_THAT(club.refused("undo", 1), Contains("(exchange) was made by player Meade"));
    club.ok("undo --player");
    club.ok("exchange propose --from union --offer \"stands:Pickett/Garnett's Brigade=1\"");
    CHECK_THAT(club.ok("undo"), Contains("Undid #"));
}

TEST_CASE("Every request of the hostile corpus is refused, writes nothing, and the server serves on") {
    const Club club;
    test::Served server(club.db(), "--idle 1");
    const auto page = server.get(club.meade + "orders").body;
    const auto token = test::form_token(page);
    const auto link = club.meade;
    const auto post = [&](const std::string& path, const std::string& extra_headers, const std::string& body) {
        return "POST " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n" + extra_headers + "\r\n" + body;
    };
    const std::string form = "token=" + token + "&text=hello";
    std::string many_headers;
    for (int i = 0; i < 200; ++i) many_headers += "X-H" + std::to_string(i) + ": v\r\n";
    std::string one_header_repeated, many_fields = form;
    for (int i = 0; i < 150; ++i) one_header_repeated += "X-A: y\r\n";
    for (int i = 0; i < 64; ++i) many_fields += "&a=" + std::to_string(i);
    std::string chunked_big;
    for (int i = 0; i < 100; ++i) chunked_big += "400\r\n" + std::string(1024, 'a') + "\r\n";
    // A request smuggled after a body framed two ways: served, its page would follow the refusal.
    const std::string smuggled = "GET " + link + "oob HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    const std::string framed_twice = "POST " + link + "write HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n";
    const std::vector<std::pair<std::string, std::string>> corpus = {
        {"a token too short", "GET /p/abc/oob HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"},
        {"a token truncated by one", "GET " + link.substr(0, link.size() - 2) + "/oob HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"},
        {"a token with a NUL", "GET /p/" + std::string(30, 'a') + "%00" + std::string(31, 'a') + "/oob HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"},
        {"dot segments", "GET " + link + "../../../etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"},
        {"a page's name ended by an encoded NUL", "GET " + link + "oob%00anything HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"},
        {"a page's name after an encoded slash", "GET " + link + "handout%2foob.pdf HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"},
        {"encoded dot segments", "GET " + link + "%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"},
        {"a backslash path", "GET " + link + "..\\..\\x HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"},
        {"a double slash", "GET /p//" + link.substr(3) + "oob HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"},
        {"an absolute URI elsewhere", "GET http://evil.example/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"},
        {"a huge header", "GET " + link + "oob HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(64 * 1024, 'a') + "\r\nConnection: close\r\n\r\n"},
        {"two hundred headers", "GET " + link + "oob HTTP/1.1\r\nHost: x\r\n" + many_headers + "Connection: close\r\n\r\n"},
        {"one header a hundred and fifty times", "GET " + link + "oob HTTP/1.1\r\nHost: x\r\n" + one_header_repeated + "Connection: close\r\n\r\n"},
        {"a form of 66 fields", post(link + "write", "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: " + std::to_string(many_fields.size()) + "\r\n",
                                     many_fields)},
        {"a huge URL", "GET " + link + std::string(40000, 'a') + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"},
        {"PUT", "PUT " + link + "oob HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"},
        {"DELETE", "DELETE " + link + "oob HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"},
        {"TRACE", "TRACE " + link + "oob HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"},
        {"OPTIONS", "OPTIONS * HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"},
        {"CONNECT", "CONNECT evil.example:443 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"},
        {"a form as JSON", post(link + "write", "Content-Type: application/json\r\nContent-Length: 15\r\n", "{\"text\":\"hi\"}  ")},
        {"a form as multipart", post(link + "write", "Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 4\r\n", "--x-")},
        {"a body over the limit", post(link + "write", "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n",
                                       form + "&pad=" + std::string(100000 - form.size() - 5, 'a'))},
        {"a chunked body over the limit", post(link + "write", "Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n",
                                               chunked_big + "0\r\n\r\n")},
        {"a gzip body", post(link + "write", "Content-Type: application/x-www-form-urlencoded\r\nContent-Encoding: gzip\r\nContent-Length: " +
                                                   std::to_string(form.size()) + "\r\n", form)},
        {"ranges", "GET " + link + "handout/oob.pdf HTTP/1.1\r\nHost: x\r\nRange: bytes=0-1,2-3,4-5\r\nConnection: close\r\n\r\n"},
        {"a content length that lies", post(link + "write", "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 99999999999999999999\r\n", form)},
        {"both length and chunked", post(link + "write", "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n",
                                         "5\r\nhello\r\n0\r\n\r\n")},
        {"two lengths, a request after the shorter", framed_twice + "Content-Length: 6\r\nContent-Length: " + std::to_string(6 + smuggled.size()) +
                                                         "\r\n\r\ntext=a" + smuggled},
        {"a length and chunks, a request after the chunks", framed_twice + "Content-Length: " + std::to_string(11 + smuggled.size()) +
                                                                "\r\nTransfer-Encoding: chunked\r\n\r\n1\r\na\r\n0\r\n\r\n" + smuggled},
        {"a length and chunks folded onto a second line, a request after the length's body",
         framed_twice + "Content-Length: 6\r\nTransfer-Encoding: chunked\r\n x\r\n\r\ntext=a" + smuggled},
        {"a coding other than chunks", framed_twice + "Transfer-Encoding: gzip, chunked\r\nConnection: close\r\n\r\n1\r\na\r\n0\r\n\r\n"},
        {"chunks given twice", framed_twice + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n1\r\na\r\n0\r\n\r\n" + smuggled},
        {"a length whose name has a space before its colon, a request as its body",
         framed_twice + "Content-Length : " + std::to_string(smuggled.size()) + "\r\n\r\n" + smuggled},
        {"a header whose name is not a token", framed_twice + "Content-Length: 6\r\nX Odd: 1\r\n\r\ntext=a" + smuggled},
        {"two hosts", "GET " + link + "oob HTTP/1.1\r\nHost: x\r\nHost: evil.example\r\nConnection: close\r\n\r\n"},
        {"a bare LF request with a bad link", "GET /p/" + std::string(64, 'c') + "/oob HTTP/1.1\nHost: x\n\n"},
        {"not HTTP", "\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 hello"},
        {"a request line of garbage", "\x01\x02\x03 /\xff\xfe HTTP/9.9\r\n\r\n"},
        {"HTTP/1.0 without a host to an unknown path", "GET /admin HTTP/1.0\r\n\r\n"},
        {"a slow partial request left hanging", "GET " + link + "oob HTTP/1.1\r\nHost: x\r\nX-Slow: "},
    };
    const auto before = club.dump();
    // No request of the corpus is served a page, the smuggled ones least of all (each answer is
    // read only to its first end, so the log says whether one came after it).
    const auto served = server.logged("/oob 200");
    for (const auto& [what, raw] : corpus) {
        INFO(what);
        const auto r = server.send(raw, 3000);
        // Refused: an error status, or the connection closed without an answer; never a page,
        // and never the server's own failure (500; libmicrohttpd answers 505 to HTTP/9.9).
        CHECK((r.status == 0 || (r.status >= 400 && r.status != 500)));
        CHECK(r.body.find("Meade, the Union") == std::string::npos);
        std::this_thread::sleep_for(std::chrono::milliseconds(50));  // a request smuggled behind it has been answered by now
        CHECK(server.logged("/oob 200") == served);
    }
    CHECK(club.dump() == before);
    // What libmicrohttpd refused unread (headers past their room), and what was left hanging,
    // are logged too: probing shows in the log.
    const auto log = server.log();
    CHECK_THAT(log, Contains(" - /p/<link>/oob refused unread: malformed or too large\n"));
    CHECK_THAT(log, Contains(" - /p/<link>/oob abandoned by the client\n") || Contains(" - /p/<link>/oob cut off"));
    // Each refusal of a request's headers says what it refuses.
    CHECK_THAT(server.send(framed_twice + "Content-Length: 6\r\nX Odd: 1\r\n\r\ntext=a", 3000).body, Contains("A header's name is not a token"));
    CHECK_THAT(server.send("GET " + link + "oob HTTP/1.1\r\nHost: x\r\nHost: y\r\nConnection: close\r\n\r\n", 3000).body,
               Contains("The request names its host more than once"));
    // A form whose token is not this run's (a page made before the server restarted, or a form
    // not muster's) does nothing: its sender is given the page again, with a form that answers.
    for (const auto& body : {std::string("text=hello"), std::string(form).replace(6, 4, "0000")}) {
        INFO(body);
        const auto r = server.send(post(link + "write", "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: " + std::to_string(body.size()) + "\r\n", body), 3000);
        CHECK(r.status == 403);
        CHECK(r.body.find("this form was out of date (the server had restarted?): nothing was sent") != std::string::npos);
        CHECK(r.body.find("name=\"token\" value=\"" + form.substr(6, 32)) != std::string::npos);  // a form that answers
    }
    CHECK(club.dump() == before);
    // A request that comes slowly but whole is served; the server serves on.
    CHECK(server.send("GET " + link + "oob HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 3000, 20, 300).status == 200);
    CHECK(server.get(link + "oob").status == 200);
    WARN(corpus.size() << " hostile requests refused");
}

TEST_CASE("A request trickled in a byte at a time, never idle, is cut off when its time is up, and logged so") {
    const Club club;
    test::Served server(club.db(), "--idle 2 --request-time 2");
    // A byte every 0.2 s: never idle for the server's 2 s, but 100 bytes would take 20 s.
    const std::string slow = "GET " + club.meade + "oob HTTP/1.1\r\nHost: x\r\nX-Slow: " + std::string(100, 'a') + "\r\n\r\n";
    const auto sent = test::http_trickle(server.port(), slow, 200);
    CHECK(sent < slow.size() / 2);
    CHECK(sent > 5);  // it was not the idle timeout: the request kept coming for a while
    // A connection that sends its requests whole is not cut off between them (keep-alive).
    CHECK(server.get(club.meade + "oob").status == 200);
    // A form whose body trickles in is cut off alike, and logged as what it was, not as malformed.
    const std::string head = "POST " + club.meade + "write HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n";
    CHECK(test::http_trickle(server.port(), head + std::string(100, 'a'), 200, head.size()) < head.size() + 50);
    std::this_thread::sleep_for(std::chrono::milliseconds(200));  // logged as the connection closes
    CHECK_THAT(server.log(), Contains(" - /p/<link>/write cut off: idle, or not in whole in time\n") && !Contains("refused unread"));
}

TEST_CASE("Idle connections from many addresses, each within its own limit, crowding the server are closed, the longest waiting first, so a player is served") {
    const Club club;
    const test::Served server(club.db(), "--idle 60");
    // 1,100 connections asking nothing, 110 from each of ten addresses: more than the server
    // takes at once (1,024), none over the 128 of one address, none idle for the server's 60 s.
    std::vector<std::unique_ptr<test::Idle>> flood;
    size_t opened = 0;
    for (int from = 2; from <= 11; ++from) opened += flood.emplace_back(std::make_unique<test::Idle>(server.port(), 110, from))->size();
    REQUIRE(opened == 1100);
    const auto started = std::chrono::steady_clock::now();
    const auto reply = server.get(club.meade + "oob");
    CHECK(reply.status == 200);
    CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(10));
    CHECK(server.get(club.lee + "oob").status == 200);
    flood.clear();
    // A form whose headers are in and whose body is still coming is not idle: it is not cut in
    // a crowd, though it waits more than a second (a slow phone posting).
    const auto body = test::form_encode({{"token", test::form_token(server.get(club.meade + "orders").body)}, {"text", "Slowly sent"}});
    test::Reply posted;
    std::thread slow([&] {
        posted = server.send("POST " + club.meade + "write HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                             "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body,
                             15000, body.size() / 2, 3000);
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    for (int from = 2; from <= 11; ++from) flood.emplace_back(std::make_unique<test::Idle>(server.port(), 110, from));
    slow.join();
    CHECK(posted.status == 200);
    CHECK_THAT(club.ok("player inbox"), Contains("Slowly sent"));
}

TEST_CASE("Answers read slowly or not at all, crowding the server, are closed once they have been sending for seconds, so a player is served") {
    const Club club;
    const test::Served server(club.db(), "--idle 60 --request-time 60");
    // 1,100 connections, 110 from each of ten addresses, each asking for the order-of-battle
    // paper 200 times over at once and reading none of it: answers that never end, none idle to
    // the server for its 60 s, none over the 128 of one address.
    std::string asks;
    for (int i = 0; i < 200; ++i) asks += "GET " + club.lee + "handout/oob.pdf HTTP/1.1\r\nHost: x\r\n\r\n";
    std::vector<std::unique_ptr<test::Idle>> flood;
    for (int from = 2; from <= 11; ++from) flood.emplace_back(std::make_unique<test::Idle>(server.port(), 110, from, asks, 4096));
    std::this_thread::sleep_for(std::chrono::milliseconds(3500));  // each answer has been sending for over three seconds
    const auto started = std::chrono::steady_clock::now();
    CHECK(server.send("GET " + club.meade + "oob HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 20000).status == 200);
    CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(10));
}

TEST_CASE("A POST where no form is read is answered at its headers, and forms whose bodies never come crowding the server are closed past two an address, so a player is served") {
    const Club club;
    const test::Served server(club.db(), "--idle 60");
    const auto promised = [](const std::string& path) {
        return "POST " + path + " HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 60000\r\n\r\n";
    };
    // No link, an unknown one, a file: answered at once, the body they promise never waited for.
    for (const auto& [path, status] : std::vector<std::pair<std::string, int>>{
             {"/", 405}, {"/static/muster.css", 405}, {"/p/" + std::string(64, 'b') + "/write", 404}, {club.meade + "handout/oob.pdf", 405}}) {
        INFO(path);
        const auto started = std::chrono::steady_clock::now();
        CHECK(server.send(promised(path), 10000).status == status);
        CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(2));
    }
    // 1,100 forms to a player's page, 110 from each of ten addresses, whose bodies never come:
    // more than the server takes at once, none over the 128 of one address.
    std::vector<std::unique_ptr<test::Idle>> flood;
    for (int from = 2; from <= 11; ++from) flood.emplace_back(std::make_unique<test::Idle>(server.port(), 110, from, promised(club.lee + "write")));
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));  // each has been coming in for over a second
    const auto started = std::chrono::steady_clock::now();
    CHECK(server.get(club.meade + "oob").status == 200);
    CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(10));
}

TEST_CASE("Behind a proxy (--behind-proxy), the bad links of one client bar that client, not every player the proxy speaks for") {
    const Club club;
    const test::Served server(club.db(), "--behind-proxy");
    const auto from = [&](const std::string& path, const std::string& client) {
        return server.send("GET " + path + " HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: " + client + "\r\nConnection: close\r\n\r\n").status;
    };
    for (int i = 0; i < 25; ++i) from("/p/" + std::string(64, 'b') + "/oob", "198.51.100.7, 203.0.113.9");
    CHECK(from(club.meade + "oob", "203.0.113.9") == 429);          // the address the proxy saw, barred
    CHECK(from(club.meade + "oob", "198.51.100.7, 192.0.2.1") == 200);  // another: the first entry is the client's to forge
    CHECK(from(club.meade + "oob", "not an address") == 200);       // none given: the proxy's own, which the bad links were not
    // The header twice (the client's own, then the proxy's): the proxy's, the last, counts.
    CHECK(server.send("GET " + club.meade + "oob HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 192.0.2.1\r\nX-Forwarded-For: 203.0.113.9\r\n"
                      "Connection: close\r\n\r\n").status == 429);
}

TEST_CASE("Repeated bad links from one address are refused a while, good link or not") {
    const Club club;
    const test::Served server(club.db());
    // His own link mistyped after it ("oob/", a file of no kind served) is no guess at a link.
    for (const std::string typo : {"oob/", "handout/oob.doc", "oob//x"})
        for (int i = 0; i < 10; ++i) CHECK(server.get(club.meade + typo).status == 404);
    CHECK(server.get(club.meade + "oob").status == 200);
    for (int i = 0; i < 25; ++i) server.get("/p/" + std::string(64, 'b') + "/oob");
    const auto barred = server.get(club.meade + "oob");
    CHECK(barred.status == 429);
    CHECK(barred.headers.at("retry-after") == "600");
    // Not behind a proxy, a header naming another address changes nothing.
    CHECK(server.send("GET " + club.meade + "oob HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 192.0.2.1\r\nConnection: close\r\n\r\n").status == 429);
    CHECK(barred.body.find("Meade") == std::string::npos);
    CHECK(server.get("/p/" + std::string(64, 'b') + "/oob").status == 429);
}

TEST_CASE("serve listens on localhost, as 127.0.0.1") {
    const Club club;
    const auto said = test::shell("timeout 2 " MUSTER_BINARY " --db " + test::quote(club.db()) + " serve --listen localhost:0 2>&1");
    CHECK_THAT(said, Contains("Serving players on http://localhost:") && !Contains("expected ADDR:PORT"));
}

TEST_CASE("serve refuses a listen address, a certificate or limits that will not do, in one line") {
    const Club club;
    for (const auto& [args, says] : std::vector<std::pair<std::string, std::string>>{
             {"serve --listen nowhere", "listen address \"nowhere\" gives no port: expected ADDR:PORT"},
             {"serve --listen 127.0.0.1:99999", "listen address \"127.0.0.1:99999\": its port 99999 is past 65535: expected ADDR:PORT"},
             {"serve --listen 127.0.0.1:http", "its port \"http\" is not a number"},
             {"serve --listen 300.1.1.1:80", "\"300.1.1.1\" is not an IP address (muster looks up no host names but localhost)"},
             {"serve --listen foo:80", "\"foo\" is not an IP address"},
             {"serve --listen 8080", "listen address \"8080\" is a port alone: give the address too: expected ADDR:PORT (e.g. 127.0.0.1:8080"},
             {"serve --listen ::1:18080", "an IPv6 address is written in brackets, e.g. [::1]:8080"},
             {"serve --listen [::1]", "listen address \"[::1]\" gives no port"},
             {"serve --listen 127.0.0.1:0000099999", "its port 99999 is past 65535"},
             {"serve --cert /nonexistent.pem", "HTTPS needs both --cert and --key"},
             {"serve --cert /nonexistent.pem --key /nonexistent.key --listen 127.0.0.1:0", "certificate: /nonexistent.pem: cannot open the file"},
             {"serve --idle 0", "out of range"},
             {"serve --request-time 9999", "out of range"},
             {"player add X --side martians", "unknown side"},
             {"player add X --side union --base ftp://x", "is not an http:// or https:// address"},
             {"player add X --side union --base https://host/muster", "has a path (/muster): muster serve answers at the root"},
             {"player add X --side union --base http://h:99999", "'s port \"99999\" is not one: expected 1 to 65535"},
             {"player add X --side union --base http://h:0", "'s port \"0\" is not one"},
             {"player add X --side union --base http://h:", "'s port \"\" is not one"},
             {"player add X --side union --base http://user:pw@host", "holds a user or password"},
             {"player add X --side union --base http://:8080", "names no host"},
             {"player add X --side union --base http://h:+80", "'s port \"+80\" is not one"},
             {"player add X --side union --base http://h:80:90", "'s port \"80:90\" is not one"},
             {"player add X --side union --base http://[::1]x", "'s port \"x\" is not one"},
             {"player link Meade --base http://h:99999", "is not one: expected 1 to 65535"}}) {
        INFO(args);
        const auto r = club.run(args);
        CHECK(r.code == 2);
        CHECK_THAT(r.err, Contains(says));
    }
    CHECK(club.run("player add Meade --side union").code == 1);  // a name taken
}

TEST_CASE("A form is one media type and one value a field: a type that only begins like it, or a field given twice, is refused") {
    const Club club;
    const test::Served server(club.db());
    const auto token = test::form_token(server.get(club.meade + "orders").body);
    const auto post = [&](const std::string& type, const std::string& body) {
        return server.send("POST " + club.meade + "write HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: " + type +
                           "\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body);
    };
    const auto before = club.dump();
    CHECK(post("application/x-www-form-urlencodedX", "token=" + token + "&text=Hold").status == 415);
    CHECK(post("application/x-www-form-urlencoded", "token=bad&token=" + token + "&text=Hold").status == 400);
    CHECK(post("application/x-www-form-urlencoded", "token=" + token + "&text=Hold&text=Run").status == 400);
    CHECK(club.dump() == before);
    // The type in any case, with its parameters: taken.
    CHECK(post("Application/X-WWW-Form-Urlencoded; charset=UTF-8", "token=" + token + "&text=Hold+the+ridge").status == 200);
    CHECK_THAT(club.ok("player inbox"), Contains("Hold the ridge"));
}

TEST_CASE("A refused form changes nothing in the file, not even when the link was last used") {
    const Club club;
    const test::Served server(club.db());
    const auto before = club.dump();
    for (const auto& [fields, status] : std::vector<std::pair<std::map<std::string, std::string>, int>>{
             {{{"token", "not-his"}, {"text", "Hold the ridge."}}, 403},  // a form not his page's
             {{{"text", "Hold the ridge."}}, 403}}) {
        CHECK(server.post(club.meade + "write", fields).status == status);
        CHECK(club.dump() == before);
    }
    CHECK_THAT(club.ok("player list"), Contains("never"));
    // His reading is a use of his link, noted.
    CHECK(server.get(club.meade + "oob").status == 200);
    CHECK(club.dump() != before);
}

TEST_CASE("Over HTTPS (--cert, --key) a page comes with Strict-Transport-Security, and plain HTTP is not answered as a page") {
    const Club club;
    const auto cert = club.dir.file("cert.pem"), key = club.dir.file("key.pem");
    const auto made = test::shell("openssl req -x509 -newkey rsa:2048 -nodes -keyout " + test::quote(key) + " -out " + test::quote(cert) +
                                  " -days 2 -subj /CN=localhost 2>&1; echo \"exit $?\"");
    REQUIRE_THAT(made, Contains("exit 0"));
    const test::Served server(club.db(), "--cert " + test::quote(cert) + " --key " + test::quote(key));
    const auto url = "https://127.0.0.1:" + std::to_string(server.port()) + club.meade + "oob";
    const auto headers = test::shell("curl -sk --tlsv1.2 -D - -o /dev/null " + test::quote(url));
    CHECK_THAT(headers, Contains("HTTP/1.1 200") && Contains("Strict-Transport-Security: max-age=31536000") && Contains("Content-Security-Policy"));
    // Spoken to in plain HTTP, it serves no page.
    CHECK(server.get(club.meade + "oob").status != 200);
    // A key not the certificate's, or a device for either, is refused as such (not as a port taken).
    const auto other = club.dir.file("other.pem");
    REQUIRE_THAT(test::shell("openssl req -x509 -newkey rsa:2048 -nodes -keyout " + test::quote(other) + " -out " + test::quote(club.dir.file("other.crt")) +
                             " -days 2 -subj /CN=other 2>&1; echo \"exit $?\""),
                 Contains("exit 0"));
    for (const auto& [args, says] : std::vector<std::pair<std::string, std::string>>{
             {"--cert " + test::quote(cert) + " --key " + test::quote(other), "expected a PEM certificate and the PEM private key it was made for"},
             {"--cert /dev/null --key " + test::quote(key), "certificate: /dev/null: is a device, not a regular file"},
             {"--cert " + test::quote(cert) + " --key -", "key: give its file, not - (standard input)"}}) {
        const auto r = club.run("serve --listen 127.0.0.1:0 " + args);
        INFO(args);
        CHECK(r.code == 2);
        CHECK_THAT(r.err, Contains(says) && !Contains("port is taken"));
    }
}

TEST_CASE("A message as long as the form allows fits the server's limit in any script, one over the form's is refused as such") {
    // Each character four bytes of UTF-8, twelve as the form sends them (%XX each).
    const Club club;
    test::Served server(club.db());
    const auto token = test::form_token(server.get(club.meade + "orders").body);
    std::string widest;
    for (int i = 0; i < 4000; ++i) widest += "\xF0\x9D\x94\xB8";  // U+1D538, double-struck A
    CHECK(server.post(club.meade + "write", {{"token", token}, {"text", widest}}).status == 200);
    const auto over = server.post(club.meade + "write", {{"token", token}, {"text", widest + "\xF0\x9D\x94\xB8"}});
    CHECK(over.status == 422);
    CHECK_THAT(over.body, Contains("has 4001 characters, at most 4000"));
    // Orders pasted from a table keep their tabs.
    CHECK(server.post(club.meade + "write", {{"token", token}, {"text", "Corps\tOrders\r\nI\tHold the ridge"}}).status == 200);
    CHECK_THAT(club.ok("player inbox"), Contains("    Corps\\x09Orders\n    I\\x09Hold the ridge"));  // a terminal is shown each tab
    // Nothing but blanks and line ends is no message; blank lines around one are not kept.
    const auto before = club.dump();
    for (const char* blank : {" ", "\r\n", " \t\r\n \r\n\t", "\xC2\xA0\xE3\x80\x80", "\xE2\x80\x83\r\n\xE2\x80\x8B"}) {  // no-break, ideographic, em spaces, zero width
        const auto refused = server.post(club.meade + "write", {{"token", token}, {"text", blank}});
        CHECK(refused.status == 422);
        CHECK_THAT(refused.body, Contains("the message is empty"));
    }
    CHECK(club.dump() == before);
    CHECK(server.post(club.meade + "write", {{"token", token}, {"text", "\r\n\r\nAdvance at dawn.\r\n \r\n"}}).status == 200);
    CHECK_THAT(club.ok("journal --as union"), Contains("to the umpire, turn 1: Advance at dawn.\n"));
}

TEST_CASE("The Battles page shows a battle planned until it is fought, then as fought") {
    const Club club;
    test::Served server(club.db());
    club.ok("battle plan \"Wolf Hill\"");
    for (const auto& link : {club.meade, club.lee}) CHECK_THAT(server.get(link + "battles").body, Contains("<pre>Planned battle of Wolf Hill"));
    club.ok("battle report --name \"Wolf Hill\" --division Wadsworth --division Pickett --loss \"Wadsworth/Iron Brigade=1\"");
    for (const auto& link : {club.meade, club.lee}) {
        const auto fought = server.get(link + "battles").body;
        CHECK_THAT(fought, Contains("<h2>Wolf Hill</h2>") && !Contains("Planned battle of Wolf Hill") && !Contains("No battles fought"));
    }
}

TEST_CASE("A battle name a player typed is printed in the commands the umpire is told to run as one shell word, never code") {
    const Club club;
    const test::Served server(club.db());
    const auto token = test::form_token(server.get(club.meade + "orders").body);
    const std::string name = "Gap $(touch PWNED) `id` \"x\" 'y'";
    REQUIRE(server.post(club.meade + "losses", {{"token", token}, {"battle", name}, {"losses", "Wadsworth/Iron Brigade=1"}}).status == 200);
    const std::string word = "'Gap $(touch PWNED) `id` \"x\" '\\''y'\\'''";
    CHECK_THAT(club.ok("player inbox"), Contains("(muster battle draft " + word + ")"));
    CHECK_THAT(club.ok("battle draft " + test::quote(name)), Contains("Apply it with: muster battle report --draft " + word + "\n"));
    // Pasted into a shell, the word is the name, whole; nothing runs.
    CHECK(test::shell("cd " + test::quote(club.dir.path()) + " && printf '%s' " + word) == name);
    CHECK_FALSE(std::filesystem::exists(club.dir.file("PWNED")));
    // A name that begins as an option does: each command the umpire is told to run, run as
    // printed, takes it as the battle's name, not as --discard or --help.
    for (const std::string option : {"--discard", "-h"}) {
        INFO(option);
        REQUIRE(server.post(club.meade + "losses", {{"token", token}, {"battle", option}, {"losses", "Wadsworth/Iron Brigade=1"}}).status == 200);
        const auto inbox = club.ok("player inbox");
        const auto at = inbox.find("(muster battle draft -- " + option + ")");
        REQUIRE(at != std::string::npos);
        CHECK_THAT(club.ok("battle draft -- " + option), Contains("Draft report of " + option) && Contains("Apply it with: muster battle report --draft=" + option + "\n"));
        CHECK_THAT(club.ok("battle report --draft=" + option + " --preview"), Contains("Battle of " + option));
    }
}

TEST_CASE("A form whose link is revoked or replaced while it waits for the write lock does nothing, as a dead link") {
    const Club club;
    for (const bool relink : {false, true}) {
        INFO((relink ? "replaced" : "revoked"));
        app::Session s(club.db(), app::Open::existing);
        const auto link = test::link_path(club.ok("player add " + std::string(relink ? "Hancock" : "Sickles") + " --side union"));
        const auto token = link.substr(3, 64);
        const auto player = s.players().sign_in(token);
        REQUIRE(player);
        // Signed in, his form waiting its turn; the umpire acts first, from another muster.
        club.ok(std::string(relink ? "player link Hancock" : "player revoke Sickles"));
        const auto before = club.dump();
        CHECK_THROWS_WITH(s.players().on_behalf_of(*player, [&] { return s.players().send_message(*player, "Hold the line.").summary; }),
                          Contains("this link was revoked or replaced while its form waited: nothing was done"));
        CHECK(club.dump() == before);
    }
}

TEST_CASE("A player proposes a turn's most exchanges through his link, so a loop of proposals and withdrawals stops") {
    const Club club;
    app::Session s(club.db(), app::Open::existing);
    const auto player = s.players().sign_in(club.meade.substr(3, 64));
    REQUIRE(player);
    const auto as_meade = [&](const std::function<std::string()>& act) { return s.players().on_behalf_of(*player, act); };
    app::ExchangeProposal p{"union", "", {"stands:Pickett/Garnett's Brigade=2"}, {}, ""};
    for (int i = 0; i < app::k_max_proposals_a_turn; ++i) {
        const auto id = as_meade([&] { return std::to_string(s.prisoners().propose_exchange(p).row.id); });
        as_meade([&] { return s.prisoners().answer_exchange(std::stoll(id), "union", app::Answer::withdraw).summary; });
    }
    const auto before = club.dump();
    CHECK_THROWS_WITH(as_meade([&] { return std::to_string(s.prisoners().propose_exchange(p).row.id); }),
                      Contains("you have proposed 30 exchanges in turn 1, the most a player proposes in a turn"));
    CHECK(club.dump() == before);
    // The umpire, at his own muster, is not held to it.
    CHECK_THAT(club.ok("exchange propose --from union --offer \"stands:Pickett/Garnett's Brigade=2\""), Contains("proposed by the Union"));
}

TEST_CASE("A report by name of a battle a side did not fight leaves the draft holding what its players submitted, as it was") {
    const Club club;
    app::Session s(club.db(), app::Open::existing);
    const auto meade = s.players().sign_in(club.meade.substr(3, 64));
    REQUIRE(meade);
    const auto submit = [&](const std::string& battle, const std::string& losses) {
        return s.players().on_behalf_of(*meade, [&] { return join(s.players().submit_losses(*meade, battle, {losses}).lines, "\n"); });
    };
    submit("Foo", "Wadsworth/Iron Brigade=1");
    // Heth, hidden from the Union, fights a battle of that name alone: the Union's draft stays.
    CHECK_THAT(club.ok("battle report --name Foo --loss \"Heth/Archer's Brigade=1\""), !Contains("draft report of Foo is cleared"));
    CHECK_THAT(submit("Foo", "Wadsworth/Iron Brigade=2"), Contains("2 stands lost (was 1)"));
    // A battle the Union fought replaces its draft.
    submit("Bar", "Wadsworth/Iron Brigade=1");
    CHECK_THAT(club.ok("battle report --name Bar --loss \"Wadsworth/Iron Brigade=1\" --loss \"Heth/Archer's Brigade=1\""), Contains("the draft report of Bar is cleared"));
}
