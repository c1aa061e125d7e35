// Crash safety: a long series of operations (arrivals, battle reports, recoveries, exchanges,
// liberations, undos) runs in child muster processes, killed with SIGKILL at random moments,
// over and over. After each kill the database opens, passes integrity_check and muster check,
// and every operation in its journal is wholly there.
#include "db/store.hpp"
#include "db/battles.hpp"
#include "db/forces.hpp"
#include "db/history.hpp"
#include "db/leaders.hpp"
#include "db/prisoners.hpp"
#include "db/roster.hpp"
#include "db/season.hpp"
#include "db/db_support.hpp"
#include "support.hpp"

#include <SQLiteCpp/SQLiteCpp.h>
#include <catch2/catch.hpp>

#include "core/text.hpp"

#include <chrono>
#include <csignal>
#include <fstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace muster;

namespace {

// One child's work: each pass adds and rolls up a division, fights a battle with prisoners,
// recovers, proposes and answers an exchange, sometimes liberates or undoes. Names carry
// the child's pid, so every child starts fresh work on the same campaign.
std::string series(const std::string& db) {
    const std::string m = std::string(MUSTER_BINARY) + " --db " + db + " --lock-wait 2000 ";
    return "P=$$; i=0; while [ $i -lt 40 ]; do i=$((i+1)); D=\"D${P}_$i\"; "
           "" + m + "add division \"$D\" --corps Corps >/dev/null 2>&1; " +
           m + "arrive \"$D\" --year 1863 --theater east >/dev/null 2>&1; " +
           m + "camp new \"C${P}_$i\" --side union >/dev/null 2>&1; " +
           m + "battle report --name \"B${P}_$i\" --loss \"$D/1st Brigade=2\" --captured \"$D/1st Brigade=1@C${P}_$i\" "
               "--leader \"$D/2nd Brigade:wounded/1\" >/dev/null 2>&1; " +
           m + "battle recover \"B${P}_$i\" >/dev/null 2>&1; " +
           m + "exchange propose --from union --offer \"stands:$D/1st Brigade=1\" >/dev/null 2>&1; " +
           m + "exchange accept $(" + m + "exchange list 2>/dev/null | grep -c '^#') --side confederate >/dev/null 2>&1; " +
           "if [ $((i % 3)) -eq 0 ]; then " + m + "camp liberate \"C${P}_$i\" >/dev/null 2>&1; fi; " +
           "if [ $((i % 4)) -eq 0 ]; then " + m + "undo >/dev/null 2>&1; fi; "
           "done";
}

// Every journal entry's effects are there: an arrival's division has brigades, each
// brigade's 'generated' move is the arrival's; a battle's name is recorded; a recovery's
// battle is marked recovered.
void check_operations_whole(const std::string& db) {
    SQLite::Database d(db, SQLite::OPEN_READONLY);
    const int orphan_arrivals = d.execAndGet(
        "SELECT count(*) FROM operation o WHERE o.kind = 'arrival' AND o.undone_by IS NULL AND NOT EXISTS "
        "(SELECT 1 FROM move m WHERE m.operation_id = o.id AND m.kind = 'generated')").getInt();
    CHECK(orphan_arrivals == 0);
    const int brigades_without_arrival = d.execAndGet(
        "SELECT count(*) FROM brigade b WHERE NOT EXISTS (SELECT 1 FROM move m WHERE m.brigade_id = b.id AND m.kind = 'generated')").getInt();
    CHECK(brigades_without_arrival == 0);
    const int battles = d.execAndGet("SELECT count(*) FROM battle").getInt();
    const int battle_ops = d.execAndGet("SELECT count(*) FROM operation WHERE kind = 'battle' AND undone_by IS NULL").getInt();
    CHECK(battles == battle_ops);
    const int recovered = d.execAndGet("SELECT count(*) FROM battle WHERE recovered = 1").getInt();
    const int recovery_ops = d.execAndGet("SELECT count(*) FROM operation WHERE kind = 'recovery' AND undone_by IS NULL").getInt();
    CHECK(recovered == recovery_ops);
    const int unfinished = d.execAndGet("SELECT count(*) FROM operation WHERE summary = ''").getInt();
    CHECK(unfinished == 0);
}

}  // namespace

TEST_CASE("SIGKILL at random moments never leaves a campaign broken or half-written") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    {
        auto s = test::make_campaign(db);
        s.forces().add_corps("Army of Northern Virginia", "Corps", {});
    }
    dice::SeededSource rng(424242);
    const auto script = series(db);
    // How long one muster run takes here (a sanitizer build is much slower: a quarter of a
    // second only to start): kill moments are spread from half of that to twelve times it, so
    // kills land in start-up, mid-transaction and between operations of the first passes.
    const auto t0 = std::chrono::steady_clock::now();
    test::run_muster("--db " + db + " campaign show");
    const auto one_run = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - t0).count();
    // A fixed number of kills, however slow the machine (a count cut short by a clock would
    // fail a loaded machine): 120, about half a minute in a release build; the sanitizer run
    // asks for fewer (test::scaled), of the same kinds of moment.
    const int k_kills = test::scaled(120);
    int kills = 0, operations = 0;
    while (kills < k_kills) {
        const pid_t child = fork();
        REQUIRE(child >= 0);
        if (child == 0) {
            setpgid(0, 0);
            execl("/bin/sh", "sh", "-c", script.c_str(), static_cast<char*>(nullptr));
            _exit(127);
        }
        setpgid(child, child);
        // Early kills land in start-up, later ones mid-transaction, some between operations.
        const auto span = static_cast<std::uint64_t>(std::max<long long>(one_run, 1000));
        std::this_thread::sleep_for(std::chrono::microseconds(span / 2 + rng.next() % (span * 12)));
        kill(-child, SIGKILL);
        int status = 0;
        waitpid(child, &status, 0);
        ++kills;

        db::Store store(db, db::OpenMode::existing);
        const auto report = db::History(store).check();
        INFO(join(report.problems, "\n"));
        REQUIRE(report.ok());
        check_operations_whole(db);
        operations = static_cast<int>(store.last_operation(1));
    }
    WARN("kills survived: " << kills << ", journal entries written meanwhile: " << operations);
    // At least five operations a nine kills (100 in 180): the kills do not all land in start-up.
    CHECK(operations * 9 > kills * 5);
}

TEST_CASE("SIGKILL during the first campaign of a new file leaves no file, or the file with the whole campaign") {
    test::TempDir dir;
    const auto db = dir.file("n.db");
    dice::SeededSource rng(77);
    const auto t0 = std::chrono::steady_clock::now();
    REQUIRE(test::run_muster("--db " + db + " campaign new N --sample gettysburg --seed 1").code == 0);
    const auto one_run = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - t0).count();
    const auto whole = test::run_muster("--db " + db + " oob").out;
    int none = 0, made = 0;
    for (int i = 0; i < test::scaled(40); ++i) {
        for (const auto& e : std::filesystem::directory_iterator(dir.path())) std::filesystem::remove(e.path());
        const pid_t child = fork();
        REQUIRE(child >= 0);
        if (child == 0) {
            setpgid(0, 0);
            const auto command = std::string(MUSTER_BINARY) + " --db " + db + " campaign new N --sample gettysburg --seed 1 >/dev/null 2>&1";
            execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
            _exit(127);
        }
        setpgid(child, child);
        const auto span = static_cast<std::uint64_t>(std::max<long long>(one_run, 1000));
        std::this_thread::sleep_for(std::chrono::microseconds(rng.next() % (span + span / 2)));
        kill(-child, SIGKILL);
        int status = 0;
        waitpid(child, &status, 0);
        if (!std::filesystem::exists(db)) {
            ++none;
            continue;
        }
        // There, it is whole: the campaign, passing check; and a second campaign goes in.
        ++made;
        INFO("kill " << i);
        CHECK(test::run_muster("--db " + db + " oob").out == whole);
        CHECK(test::run_muster("--db " + db + " check").code == 0);
    }
    WARN(none << " kills left no file, " << made << " the whole campaign");
    CHECK(none > 0);
}
