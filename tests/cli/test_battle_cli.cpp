// The after-battle commands end to end: report from a file and from options, recovery,
// camps, exchange, liberation, leaders, brigades; refusals exit non-zero with one line.
#include "cli/campaign_file.hpp"
#include "db/db_support.hpp"

#include <catch2/catch.hpp>

#include <fstream>

using namespace muster;
using Catch::Matchers::Contains;

using Campaign = test::CampaignFile;

TEST_CASE("After the battle from the command line") {
    const Campaign campaign;
    const auto& dir = campaign.dir;
    const auto run = [&](const std::string& args) { return campaign.run(args); };
    const auto ok = [&](const std::string& args) { return campaign.ok(args); };
    ok("campaign new V --rules acw --seed 3 --men-per-stand 100");
    ok("add army ANV --side confederate");
    ok("add corps III --army ANV");
    ok("add division Heth --corps III");
    ok("add brigade Archer --division Heth --rating veteran --stands 8 --leader Archer --grade average");
    ok("add army AoP --side union");
    ok("add corps I --army AoP");
    ok("add division Wadsworth --corps I");
    ok("add brigade 'Iron Brigade' --division Wadsworth --rating veteran --stands 8 --leader Meredith --grade average");
    ok("camp new 'Fort Delaware' --side union");
    ok("camp new 'Libby Prison' --side confederate");

    std::ofstream(dir.file("report.json")) << R"({"format": "muster-battle/1",
        "battle": {"name": "Gettysburg", "date": "1863-07-01", "place": "Adams County"},
        "brigades": [{"brigade": "Heth/Archer", "lost": 3, "captured": 1, "camp": "Fort Delaware"},
                     {"brigade": "Wadsworth/Iron Brigade", "lost": 2, "captured": 2, "camp": "Libby Prison"}],
        "leaders": [{"leader": "Archer", "fate": "captured", "camp": "Fort Delaware"}]})";
    CHECK_THAT(ok("battle report " + dir.file("report.json") + " --preview"), Contains("PREVIEW"));
    // A FILE holds the whole report: an option beside it, which it would not read, is refused.
    for (const auto* beside : {" --division Heth", " --date 1863-07-02", " --place Cashtown", " --name Other"})
        CHECK_THAT(campaign.refused("battle report " + dir.file("report.json") + beside, 2), Contains("give the report as a FILE or as options"));
    const auto report = ok("battle report " + dir.file("report.json"));
    CHECK_THAT(report, Contains("Heth/Archer: from 8 to 4 stands (3 lost, 1 captured to Fort Delaware)"));
    CHECK_THAT(ok("battle list"), Contains("Gettysburg"));
    CHECK_THAT(ok("battle recover Gettysburg --rolls 50"), Contains("3 stands of 5 casualties returned"));
    CHECK_THAT(ok("oob"), Contains("Archer      6/8  8/6/4  Worn   Veteran  Archer, Average, captured"));
    const auto camps = ok("camp list");
    CHECK_THAT(camps, Contains("1 stand of Heth/Archer"));
    CHECK_THAT(camps, Contains("leader Archer\n"));
    CHECK_THAT(camps, Contains("2 stands of Wadsworth/Iron Brigade"));

    // An item named twice would send home twice what is held once (stands made out of nothing).
    for (const std::string twice : {"--offer 'stands:Heth/Archer=1' --offer 'stands:Heth/Archer=1'", "--offer leader:Archer --offer leader:Archer",
                                    "--ask 'stands:Wadsworth/Iron Brigade=1' --ask 'stands:Wadsworth/Iron Brigade=1'"})
        CHECK_THAT(campaign.refused("exchange propose --from union " + twice, 2), Contains("is named twice in the proposal"));
    // More than the camps hold does not fit what it names, as more lost than a brigade has.
    CHECK_THAT(campaign.refused("exchange propose --from union --offer 'stands:Heth/Archer=2'", 2), Contains("2 stands of Heth/Archer are not held by the Union (short by 1)"));
    CHECK_THAT(campaign.refused("exchange propose --from union --ask 'stands:Wadsworth/Iron Brigade=3'", 2),
               Contains("3 stands of Wadsworth/Iron Brigade are not held by the Confederates (short by 1)"));
    // Its note is shown as it is on each side's list and papers: one line, no character that acts on a terminal.
    for (const auto& [note, says] : std::vector<std::pair<std::string, std::string>>{
             {"'hi\nforged'", "the note is refused: control character U+000A at character 3"},
             {"'hi\tthere'", "the note is refused: control character U+0009 at character 3"},  // a tab, kept in a message's prose
             {"'hi\x1b[31m'", "the note is refused: control character U+001B at character 3"},
             {"'hi\u202e'", "the note is refused: bidirectional control U+202E at character 3"},
             {"'\xff'", "the note is refused: byte \\xFF is not valid UTF-8 at character 1"},
             {std::string(201, 'x'), "the note has 201 characters, at most 200"}})
        CHECK_THAT(campaign.refused("exchange propose --from union --offer leader:Archer --note " + note, 2), Contains(says));
    const auto proposal = ok("exchange propose --from union --offer 'stands:Heth/Archer=1' --offer leader:Archer "
                             "--ask 'stands:Wadsworth/Iron Brigade=2'");
    CHECK_THAT(proposal, Contains("offers 120 privates, asks 200"));
    // A note an earlier muster let in with control characters reads visibly.
    test::raw_sql(dir.file("c.db"), "UPDATE exchange SET note = 'hi' || char(27) || '[31m' || char(10) || 'forged' WHERE id = 1");
    const auto listed = ok("exchange list");
    CHECK_THAT(listed, Contains("#1 Union -> Confederate [proposed]"));  // the sides as the rule set names them
    CHECK_THAT(listed, Contains("\"hi\\x1B[31m\\x0Aforged\""));
    CHECK(listed.find('\x1b') == std::string::npos);
    test::raw_sql(dir.file("c.db"), "UPDATE exchange SET note = '' WHERE id = 1");
    {
        // A proposal an earlier muster stored with an item twice: accepting it takes each
        // holding once, so it is refused as short, and nothing moves.
        SQLite::Database db(dir.file("c.db"), SQLite::OPEN_READWRITE);
        db.exec("INSERT INTO exchange_item (exchange_id, direction, brigade_id, stands, leader_id, battery_id, known_as) "
                "SELECT exchange_id, direction, brigade_id, stands, leader_id, battery_id, known_as FROM exchange_item WHERE brigade_id IS NOT NULL AND direction = 'ask'");
    }
    CHECK_THAT(campaign.refused("exchange accept 1 --side confederate", 1), Contains("(short by 2)"));
    {
        SQLite::Database db(dir.file("c.db"), SQLite::OPEN_READWRITE);
        db.exec("DELETE FROM exchange_item WHERE id = (SELECT max(id) FROM exchange_item)");
    }
    const auto own = run("exchange accept 1 --side union");
    CHECK(own.code == 1);
    CHECK_THAT(own.err, Contains("only the Confederates may accept or refuse it"));
    CHECK_THAT(ok("exchange accept 1 --side confederate"), Contains("accepted by the Confederates"));
    CHECK(run("exchange accept 1 --side confederate").code == 1);
    CHECK_THAT(ok("check"), Contains("every ledger balances"));
    // Accepted, it reads as it was weighed then, whatever the men a stand since; undone and
    // redone, the same.
    CHECK_THAT(ok("exchange list"), Contains("offers 120 privates, asks 200"));
    ok("campaign set --men-per-stand 250");
    const auto listed_since = ok("exchange list");
    CHECK_THAT(listed_since, Contains("[accepted]") && Contains("offers 120 privates, asks 200"));
    ok("undo");  // the men a stand
    ok("undo");  // the acceptance
    CHECK_THAT(ok("exchange list"), Contains("[proposed]") && Contains("offers 120 privates, asks 200"));
    ok("redo");
    ok("redo");
    CHECK(ok("exchange list") == listed_since);

    ok("battle report --name Antietam --captured 'Heth/Archer=2@Fort Delaware' --leader 'Meredith:wounded/1'");
    // Previewed, it says who would go home and changes nothing, the journal included.
    const auto before = test::dump(dir.file("c.db"));
    CHECK_THAT(ok("camp liberate 'Fort Delaware' --preview"), Contains("PREVIEW (nothing stored)\n") && Contains("Liberation of Fort Delaware (Union): home: 2 stands of Heth/Archer") && !Contains("Liberated"));
    CHECK(test::dump(dir.file("c.db")) == before);
    CHECK_THAT(ok("camp liberate 'Fort Delaware'"), Contains("home: 2 stands of Heth/Archer"));
    CHECK(run("camp liberate 'Fort Delaware'").code == 1);
    CHECK(run("camp liberate 'Fort Delaware' --preview").code == 1);
    // Refused as the campaign stands (exit 1), not as a command mistyped.
    const auto unsent = run("battle report --name Later --captured Heth/Archer=1");
    CHECK(unsent.code == 1);
    CHECK_THAT(unsent.err, Contains("the captor has no open camp to take the prisoners (a liberated camp takes no more)"));
    // Named, it says where they may go instead; its name stays its own.
    const auto liberated = run("battle report --name Later --captured 'Heth/Archer=1@Fort Delaware'");
    CHECK(liberated.code == 2);  // an argument that does not fit what it names, as the manual's exit status says
    CHECK_THAT(liberated.err,
               Contains("camp Fort Delaware was liberated: it takes no more prisoners; send them to another camp of the captor's (muster camp new NAME --side union opens one; in the GUI, the Prisoners panel's New camp)"));
    CHECK_THAT(run("camp new 'Fort Delaware' --side union").err, Contains("already exists (liberated") && Contains("\"Fort Delaware II\" perhaps"));
    CHECK_THAT(run("leader return Meredith").err, Contains("out for 1 battle after Antietam"));
    CHECK_THAT(ok("leader list"), Contains("wounded (out for 1 battle, 0 fought since)"));
    CHECK_THAT(ok("leader replace Wadsworth/Iron\\ Brigade --year 1863 --rolls 95"), Contains("Exceptional [EXC] (replacing Meredith, wounded)"));
    CHECK_THAT(run("brigade merge 'Wadsworth/Iron Brigade' --into Heth/Archer").err, Contains("of different sides"));
    CHECK_THAT(ok("brigade disband Heth/Archer"), Contains("Disbanded Heth/Archer"));
    CHECK_THAT(ok("undo"), Contains("Undid"));
    CHECK_THAT(ok("check"), Contains("every ledger balances"));

    CHECK(run("battle report --name X --loss 'Heth/Archer=99'").code == 2);
    CHECK(run("battle report --loss 'Heth/Archer=1'").code == 2);
    CHECK_THAT(campaign.refused("battle report --name Nothing", 2), Contains("names no one who fought there"));
    CHECK_THAT(run("battle report --name X --leader 'Heth:eaten'").err, Contains("unknown fate \"eaten\""));
    // A camp is named after "@" in a report: a name with "@" or ":" could never be given there.
    CHECK_THAT(campaign.refused("camp new Camp@Ford --side union", 2), Contains("camp name \"Camp@Ford\" is refused: a \"@\""));
    CHECK_THAT(campaign.refused("camp new Camp:Sumter --side union", 2), Contains("a \":\""));
    // Nor one with "=": "X=1@C=2" would read as 1 stand of X to camp C=2, or 2 of a brigade X=1@C.
    CHECK_THAT(campaign.refused("camp new C=2 --side union", 2), Contains("camp name \"C=2\" is refused: a \"=\""));
    // An error echoing a huge value is cut short on its one line, saying how much more there was.
    const auto huge = campaign.refused("battle report --name X --leader " + std::string(100000, 'x') + ":killed", 2);
    CHECK(huge.size() < 2100);
    CHECK_THAT(huge, Contains("more bytes)"));
    // A wound costs a battle at least, wherever it is given.
    CHECK_THAT(campaign.refused("battle report --name X --loss Heth/Archer=1 --leader Archer:wounded/0", 2), Contains("\"0\" is not a number of battles from 1 to 100"));
    CHECK_THAT(campaign.refused("leader casualty Archer --out-for 0 --rolls 6", 2), Contains("out for 0 battles is out of range: a wounded leader misses 1 to 100"));
    CHECK_THAT(campaign.refused("battle report --name X --loss Heth/Archer=1 --leader 'Archer:killed@Fort Delaware'", 2),
               Contains("a camp takes only the captured (\"captured@Fort Delaware\"), not the killed"));
    // A place keeps the name rule, from a file as from the options (as a plan's does).
    std::ofstream(dir.file("place.json")) << R"({"format": "muster-battle/1", "battle": {"name": "P", "place": "Adams\u001b[2J"},
        "brigades": [{"brigade": "Heth/Archer", "lost": 1}]})";
    CHECK_THAT(campaign.refused("battle report " + dir.file("place.json"), 2), Contains("control character U+001B"));
    CHECK_THAT(campaign.refused("battle report --name P --loss Heth/Archer=1 --place " + std::string(300, 'x'), 2), Contains("place"));
    CHECK_THAT(ok("battle report --name P --loss Heth/Archer=1 --place 'Adams County/Cemetery Hill' --preview"), Contains("PREVIEW"));
    std::ofstream(dir.file("bad.json")) << "{\"format\": \"muster-battle/1\", \"battle\": {\"name\": 5}}";
    CHECK_THAT(run("battle report " + dir.file("bad.json")).err, Contains("$.battle.name: expected a string, found a number"));
}

TEST_CASE("A merge counts the stands of the brigade merged into that may still come back to it, and refuses what no label fields") {
    // Elite battalions field at most 12 stands (the AWI's effectiveness table).
    test::CampaignFile campaign;
    campaign.ok("campaign new S --sample saratoga --seed 3");
    campaign.ok("camp new Albany --side american");
    campaign.ok("battle report --name Skirmish --loss \"Advanced Corps/Grenadier Battalion=2\" --captured \"Advanced Corps/Grenadier Battalion=1\"");  // 10 to 7
    campaign.ok("add brigade Pickets --division \"Advanced Corps\" --rating elite --stands 5 --leader Pike --grade competent");
    // 12 in the field, and 2 lost at Skirmish and 1 held at Albany to come back: 15.
    const auto err = campaign.refused("brigade merge \"Advanced Corps/Pickets\" --into \"Advanced Corps/Grenadier Battalion\"", 1);
    CHECK_THAT(err, Contains("Advanced Corps/Grenadier Battalion would have 12 stands") && Contains("2 stands lost at Skirmish not yet returned") &&
                        Contains("1 stand held in camps") && Contains("15 in all") && Contains("muster battle recover Skirmish"));
    CHECK(campaign.run("brigade merge \"Advanced Corps/Pickets\" --into \"Advanced Corps/Grenadier Battalion\" --preview").code == 1);
    // Recovered (half come back: 1 of 2), 8 in the field, 13 merged with the one held: still too many.
    campaign.ok("battle recover Skirmish");
    CHECK_THAT(campaign.refused("brigade merge \"Advanced Corps/Pickets\" --into \"Advanced Corps/Grenadier Battalion\"", 1),
               Contains("1 stand held in camps") && Contains("14 in all"));
    // One that fits, with its own held stand, merges.
    campaign.ok("add brigade Scouts --division \"Advanced Corps\" --rating elite --stands 3 --label 3/2/1 --leader Scout --grade competent");
    CHECK_THAT(campaign.ok("brigade merge \"Advanced Corps/Scouts\" --into \"Advanced Corps/Grenadier Battalion\""), Contains("now 11"));
}

TEST_CASE("Options that say opposite things, or one thing twice, or what the command does not do, are refused, and nothing is written") {
    test::CampaignFile c;
    c.ok("campaign new G --sample gettysburg --seed 3");
    c.ok("arrive --due");
    for (const char* report : {"battle report --name X --loss \"Heth/Archer's Brigade=1\" --keep-hidden --reveal-engaged",
                               "battle report --name X --loss \"Heth/Archer's Brigade=1\" --reveal-engaged --keep-hidden"})
        CHECK_THAT(c.refused(report, 2), Contains("--reveal-engaged and --keep-hidden say opposite things of the divisions that fought: give one"));
    CHECK_THAT(c.refused("brigade merge \"Heth/Archer's Brigade\" \"Heth/Davis's Brigade\" --into \"Heth/Brockenbrough's Brigade\"", 2),
               Contains("the brigade that takes the stands is given twice, as a second word and by --into: give it once"));
    // Nothing given where something must be, or one thing two ways.
    CHECK_THAT(c.refused("campaign set", 2), Contains("no setting given: give one or more of --return-rate"));
    c.ok("add division Late --corps \"I Corps\"");
    CHECK_THAT(c.refused("schedule Late --turn 3 --date 1863-07-03", 2), Contains("the turn and the date both given: give one, the turn the division is due"));
    CHECK_THAT(c.refused("generate --rules acw --side union --despicable foo", 2), Contains("\"foo\" is not a despicable leaders setting: expected expanded or book"));
    // A format oob does not print is not offered, and typed, it says where it is.
    CHECK_THAT(c.ok("oob --help"), Contains("--format text|md|csv|html|json\n"));
    CHECK_THAT(c.refused("oob --format PDF", 2), Contains("--format: \"PDF\": a PDF goes to a file: muster export oob --format pdf -o FILE"));
}

TEST_CASE("An order of battle of one battle holds the divisions that fought there, and not the reserves of batteries from others") {
    test::CampaignFile campaign;
    campaign.ok("campaign new B --sample gettysburg --seed 42");
    campaign.ok("arrive --due");
    REQUIRE_THAT(campaign.ok("oob"), Contains("Army Artillery Reserve of Army of the Potomac"));
    campaign.ok("battle report --name \"McPherson Ridge\" --loss \"Heth/Archer's=2\" --loss \"Wadsworth/Iron=1\"");
    for (const char* view : {"", " --as union"}) {
        INFO(view);
        const auto out = campaign.dir.file("mr.txt");
        campaign.ok(std::string("export oob --battle \"McPherson Ridge\" --format text -o ") + out + view);
        const auto text = test::file_bytes(out);
        CHECK_THAT(text, Contains("Wadsworth") && !Contains("Robinson") && !Contains("Artillery reserve"));
        CHECK_THAT(text, Contains("Union: 2 brigades, 18/19 stands, 0 batteries"));
    }
}

TEST_CASE("A side that saw the enemy lose stands in a battle is told of their recovery, in its journal and turn report as in the battle") {
    test::CampaignFile c;
    c.ok("campaign new B --sample grossbeeren --seed 1");
    c.ok("battle report --name Skirmish --division Durutte --division Krafft --loss \"Krafft/Colberg=2\"");  // the French lost none
    c.ok("battle recover Skirmish");
    CHECK_THAT(c.ok("battle show Skirmish --as french"), Contains("casualties returned"));
    CHECK_THAT(c.ok("journal --as french"), Contains("recovery  Recovery after Skirmish: 1 stand of 2 casualties returned"));
    CHECK_THAT(c.ok("turn report --as french"), Contains("Casualties returned\n  Recovery after Skirmish"));
    // Kept hidden from the enemy, the same losses tell it nothing.
    test::CampaignFile hidden;
    hidden.ok("campaign new B --sample grossbeeren --seed 1");
    hidden.ok("battle report --name Skirmish --division Krafft --loss \"Krafft/Colberg=2\" --keep-hidden");
    hidden.ok("battle recover Skirmish");
    CHECK_THAT(hidden.ok("journal --as french"), !Contains("Recovery after"));
}

TEST_CASE("A camp overrun while it held no one is liberated too, and takes no more prisoners") {
    test::CampaignFile campaign;
    campaign.ok("campaign new D --rules acw --date 1863-07-01 --theater east");
    campaign.ok("camp new \"Belle Isle\" --side confederate");
    const auto before = test::dump(campaign.dir.file("c.db"));
    CHECK_THAT(campaign.ok("camp liberate \"Belle Isle\" --preview"), Contains("Liberation of Belle Isle (Confederate): it held no one, and takes no more prisoners"));
    CHECK(test::dump(campaign.dir.file("c.db")) == before);
    CHECK_THAT(campaign.ok("camp liberate \"Belle Isle\""), Contains("Liberated Belle Isle (Confederate): it held no one"));
    CHECK_THAT(campaign.ok("camp list"), Contains("Belle Isle") && Contains("liberated"));
    CHECK(campaign.run("camp liberate \"Belle Isle\"").code == 1);
    campaign.ok("undo");
    CHECK_THAT(campaign.ok("camp list"), !Contains("liberated"));
}

TEST_CASE("Nothing from the data reaches the terminal as a control sequence, and CSV keeps its CRLF") {
    test::TempDir dir;
    const std::string env = "XDG_DATA_HOME=" + dir.file("data");
    const std::string db = dir.file("c.db");
    auto run = [&](const std::string& args) { return test::run_muster("--db " + db + " " + args, env); };
    REQUIRE(run("campaign new V --rules acw --seed 3").code == 0);
    REQUIRE(run("add army ANV --side confederate").code == 0);
    REQUIRE(run("add corps III --army ANV").code == 0);
    REQUIRE(run("add division Heth --corps III").code == 0);
    REQUIRE(run("add brigade Archer --division Heth --rating veteran --stands 8 --leader Archer --grade average").code == 0);
    // A file written by something other than muster: names with a terminal escape, a CR and a bidi override.
    test::raw_sql(db, "UPDATE brigade SET name = 'Arch' || char(27) || ']0;PWNED' || char(7) || 'er' ; "
                      "UPDATE division SET name = 'He' || char(13) || 'th' || char(8238) || 'x'");
    for (const char* command : {"oob", "oob --format csv", "oob --format md", "journal", "leader list", "brigade merge Nobody --into None"}) {
        const auto r = run(command);
        INFO(command << "\n" << r.out << r.err);
        for (const std::string* text : {&r.out, &r.err}) {
            CHECK(text->find('\x1b') == std::string::npos);
            CHECK(text->find('\x07') == std::string::npos);
            CHECK(text->find("\xe2\x80\xae") == std::string::npos);
            for (size_t at = text->find('\r'); at != std::string::npos; at = text->find('\r', at + 1)) CHECK(text->substr(at, 2) == "\r\n");
        }
    }
    CHECK_THAT(run("oob").out, Contains("Arch\\x1B]0;PWNED\\x07er") && Contains("He\\x0Dth\\u{202E}x"));
    CHECK_THAT(run("oob --format csv").out, Contains("\r\n"));
}

TEST_CASE("A battle's summary per side and division, for the umpire and for each side") {
    const Campaign campaign;
    const auto& dir = campaign.dir;
    const auto run = [&](const std::string& args) { return campaign.run(args); };
    const auto ok = [&](const std::string& args) { return campaign.ok(args); };
    ok("campaign new V --rules acw --seed 3");
    ok("add army ANV --side confederate");
    ok("add corps III --army ANV");
    ok("add division Heth --corps III");
    ok("add brigade Archer --division Heth --rating veteran --stands 8 --leader Archer --grade average");
    ok("add division Pender --corps III");
    ok("add brigade Lane --division Pender --rating veteran --stands 7");
    ok("add army AoP --side union");
    ok("add corps I --army AoP");
    ok("add division Wadsworth --corps I");
    ok("add brigade 'Iron Brigade' --division Wadsworth --rating veteran --stands 8 --leader Meredith --grade average");
    ok("camp new 'Fort Delaware' --side union");
    ok("camp new 'Libby Prison' --side confederate");
    ok("battle report --name Gettysburg --date 1863-07-01 --loss Heth/Archer=3 --captured 'Wadsworth/Iron Brigade=2@Libby Prison' "
       "--leader 'Archer:captured@Fort Delaware'");
    const auto squeezed = [](std::string s) {  // the table's columns, one space apart
        std::string out;
        for (char c : s)
            if (c != ' ' || (!out.empty() && out.back() != ' ')) out += c;
        return out;
    };
    const auto umpire = squeezed(ok("battle show gettysburg"));
    CHECK_THAT(umpire, Contains("Battle of Gettysburg, 1863-07-01 (casualties not yet returned)"));
    CHECK_THAT(umpire, Contains("Confederate") && Contains("Union"));
    CHECK_THAT(umpire, Contains("Heth 8 3 0 0"));
    CHECK_THAT(umpire, Contains("Wadsworth 8 0 2 0"));
    CHECK_THAT(umpire, Contains("Leaders fallen: Archer: captured"));
    ok("battle recover Gettysburg --rolls 1");
    CHECK_THAT(ok("battle show Gettysburg"), Contains("(casualties returned)"));
    // Heth fought the Union: it has been seen, and the Union reads the whole battle.
    const auto union_view = ok("battle show Gettysburg --as union");
    CHECK_THAT(union_view, Contains("Heth") && Contains("Archer: captured"));
    CHECK_THAT(ok("oob --as union"), Contains("Heth"));

    // A report may keep the divisions that fought hidden: then the Union reads only its own part.
    ok("battle report --name Skirmish --loss Pender/Lane=1 --loss 'Wadsworth/Iron Brigade=1' --keep-hidden");
    CHECK_THAT(ok("battle show Skirmish"), Contains("Pender"));
    const auto kept = ok("battle show Skirmish --as union");
    CHECK(kept.find("Pender") == std::string::npos);
    CHECK(kept.find("Lane") == std::string::npos);
    CHECK_THAT(kept, Contains("Wadsworth"));
    CHECK(ok("oob --as union").find("Pender") == std::string::npos);
    CHECK(ok("battle list --as union").find("Skirmish") != std::string::npos);
    // Losses of one side alone (on the march, say): no enemy was there to see the division.
    ok("battle report --name 'Forced march' --loss Pender/Lane=1");
    CHECK(ok("oob --as union").find("Pender") == std::string::npos);
    CHECK(ok("battle list --as union").find("Forced march") == std::string::npos);

    // The Union's handout: its view of the armies, its labels, and its papers.
    CHECK_THAT(ok("handout --side Union -o " + dir.file("union")), Contains("oob.pdf") && Contains("labels.pdf") && Contains("papers.txt"));
    const auto papers = test::file_bytes(dir.file("union/papers.txt"));
    CHECK_THAT(papers, Contains("Papers of the Union, campaign V: turn 1") && Contains("\nPrinted by muster 0.1.0\n"));  // where it came from, as every paper says
    CHECK_THAT(test::file_bytes(dir.file("union/turn.txt")), Contains("\nPrinted by muster 0.1.0\n"));
    CHECK_THAT(ok("turn report --as union"), Contains("Seen by the Union\nPrinted by muster 0.1.0\n"));
    CHECK_THAT(papers, Contains("Battle of Skirmish"));              // its last battle
    CHECK(papers.find("Pender") == std::string::npos);              // kept hidden there
    CHECK_THAT(papers, Contains("Prisoners held by the Union\n  leader Archer (Fort Delaware)"));
    CHECK_THAT(papers, Contains("Men of the Union held by the enemy\n  2 stands of Wadsworth/Iron Brigade (Libby Prison)"));
    CHECK_THAT(test::pdf_text(dir.file("union/oob.pdf")), Contains("Heth") && Contains("Wadsworth"));
    CHECK(test::pdf_text(dir.file("union/oob.pdf")).find("Pender") == std::string::npos);
    CHECK(test::pdf_text(dir.file("union/labels.pdf")).find("Archer") == std::string::npos);  // its own labels only
    // Items named as people type them: any case, or a unique beginning.
    ok("exchange propose --from confederate --offer 'stands:wadsworth/iron=1' --ask leader:archer");
    ok("handout --side union -o " + dir.file("union"));
    CHECK_THAT(test::file_bytes(dir.file("union/papers.txt")),
               Contains("awaiting an answer from the Union\n  #1 from the Confederates: offers 1 stand of Wadsworth/Iron Brigade; asks leader Archer"));
    // Lapsed (its men freed), it still awaits an answer, which can only be a refusal: listed so
    // wherever proposals awaiting one are.
    ok("camp liberate 'Libby Prison'");
    ok("handout --side union -o " + dir.file("union"));
    const std::string lapsed = "(lapsed: 1 stand of Wadsworth/Iron Brigade is not held by the Confederates (short by 1); it can only be refused or withdrawn)";
    CHECK_THAT(test::file_bytes(dir.file("union/papers.txt")), Contains("asks leader Archer " + lapsed));
    CHECK_THAT(ok("turn report --as union"), Contains("asks leader Archer " + lapsed));
    CHECK_THAT(ok("player inbox"), Contains("asks leader Archer " + lapsed));

    const auto missing = run("battle show Gettysberg");
    CHECK(missing.code == 2);
    CHECK_THAT(missing.err, Contains("did you mean Gettysburg?"));
    CHECK(run("check").code == 0);
}

TEST_CASE("Leaders: every one numbered for the umpire, a replacement named, a returned leader put back in command") {
    const Campaign campaign;
    const auto run = [&](const std::string& args) { return campaign.run(args); };
    const auto ok = [&](const std::string& args) { return campaign.ok(args); };
    ok("campaign new V --rules acw --seed 3 --date 1863-06-01 --theater east");
    ok("add army ANV --side confederate");
    ok("add corps III --army ANV");
    ok("add division Heth --corps III");
    ok("add brigade Archer --division Heth --rating veteran --stands 8 --leader Archer --grade average");
    ok("add brigade Davis --division Heth --rating veteran --stands 8 --leader Davis --grade average");
    ok("add army AoP --side union");
    ok("add corps I --army AoP");
    ok("add division Wadsworth --corps I");
    ok("add brigade Cutler --division Wadsworth --rating veteran --stands 8 --leader Cutler --grade average");

    ok("battle report --name Cashtown --leader 'Archer:wounded/1'");
    CHECK_THAT(run("leader replace Heth/Archer --name Davis --rolls 40").err, Contains("a leader named \"Davis\" already exists"));
    CHECK_THAT(ok("leader replace Heth/Archer --name Fry --rolls 40"), Contains("New commander of Heth/Archer: Fry, ") && Contains("(replacing Archer, wounded)"));
    const auto list = ok("leader list");
    CHECK_THAT(list, Contains("No.") && Contains("Fry") && Contains("Archer"));
    // The umpire's list numbers every leader, and each number names him.
    size_t numbered = 0;
    for (size_t at = list.find('#'); at != std::string::npos; at = list.find('#', at + 1)) {
        const auto number = list.substr(at, list.find(' ', at) - at);
        CHECK(run("leader assign '" + number + "' Nowhere").err.find("no leader") == std::string::npos);
        ++numbered;
    }
    CHECK(numbered == 4);
    // A side's list has no numbers: they would count every side's leaders.
    CHECK(ok("leader list --as confederate").find('#') == std::string::npos);

    // Archer back from his wounds commands nothing; he is put back in command, of the division.
    ok("battle report --name Gettysburg --loss 'Heth/Davis=1'");
    CHECK_THAT(ok("leader return Archer"), Contains("no command: his post was filled"));
    CHECK_THAT(run("leader assign Archer Heth/Davis").err, Contains("is in command and sound") && Contains("--force"));
    CHECK_THAT(run("leader assign Archer Wadsworth").err, Contains("a leader commands his own side's units"));
    CHECK_THAT(run("leader assign Fry Heth").err, Contains("commands Heth/Archer"));
    CHECK_THAT(run("leader assign Cutler Heth").err, Contains("is of the Union and Heth of the Confederates"));
    CHECK_THAT(ok("leader assign archer heth"), Contains("Leader Archer takes command of Heth"));
    CHECK_THAT(ok("leader list"), Contains("Archer") && Contains("Division"));
    CHECK_THAT(ok("oob"), Contains("Archer"));
    CHECK_THAT(run("leader assign Archer Heth/Davis --force").err, Contains("commands Heth"));
    // Davis displaced by the organiser's choice commands nothing, and can be given a command again.
    CHECK_THAT(ok("leader replace Heth/Davis --force --name Lane --rolls 50"), Contains("by the organiser's choice"));
    CHECK_THAT(ok("leader list"), Contains("Davis"));
    ok("undo");
    CHECK_THAT(run("leader assign Cutler Wadsworth/Cutler").err, Contains("commands Wadsworth/Cutler"));
    CHECK_THAT(ok("check"), Contains("every ledger balances"));
    CHECK(run("leader assign '#999' Heth").err.find("no leader #999") != std::string::npos);

    // A replacement without --name draws one from the side's list, as the journal's rolls show;
    // a campaign that turns names off leaves him unnamed.
    const auto drawn = ok("leader replace Heth/Davis --force --rolls 50 --show-rolls");
    CHECK_THAT(drawn, Contains("name of the commander of Heth/Davis"));
    ok("undo");
    CHECK_THAT(ok("campaign set --leader-names OFF"), Contains("Leader names") && Contains("off"));
    CHECK(ok("leader replace Heth/Davis --force --rolls 50 --show-rolls").find("name of the commander") == std::string::npos);
    CHECK_THAT(ok("leader list"), Contains("commander of Heth/Davis"));
    CHECK_THAT(run("campaign set --leader-names maybe").err, Contains("expected on or off"));
}

TEST_CASE("A leader back from his wounds whose brigade went out of service is told so, not that his post was filled") {
    const Campaign c;
    c.ok("campaign new G --sample grossbeeren --seed 7");
    c.ok("battle report --name B1 --loss \"Durutte/Jarry's Brigade=6\" --leader Jarry:wounded/1");
    c.ok("brigade destroy \"Durutte/Jarry's Brigade\"");
    c.ok("battle report --name B2 --loss \"Durutte/Devaux's Brigade=1\"");
    const auto back = c.ok("leader return Jarry");
    CHECK_THAT(back, Contains("no command: his brigade, Durutte/Jarry's Brigade, is destroyed") && !Contains("post was filled"));
    CHECK_THAT(c.ok("journal"), Contains("Jarry's Brigade, is destroyed"));
}

TEST_CASE("A side answering an exchange is told what its journal reads, numbered as its journal numbers it, whatever the enemy did out of sight") {
    // The Union holds prisoners of Rodes, which it has never seen; in one campaign the
    // Confederates rename the division, a brigade and a battery, and merge a brigade, all hidden.
    std::string answers[2];
    for (const bool hidden_work : {false, true}) {
        const Campaign c;
        c.ok("campaign new G --sample gettysburg --seed 42");
        c.ok("camp new Elmira --side union");
        c.ok("camp new Libby --side confederate");
        c.ok("arrive Robinson");
        c.ok("arrive Rodes");
        c.ok("battle report --name 'Oak Ridge' --division Robinson --division Rodes --captured 'Robinson/2nd Brigade=1@Libby' "
             "--captured 'Rodes/2nd Brigade=1@Elmira' --captured 'Rodes/1st Brigade=1@Elmira' --battery 'Rodes/1st Battery:captured@Elmira' --keep-hidden");
        std::string division = "Rodes", brigade = "2nd Brigade", battery = "1st Battery";
        if (hidden_work) {
            c.ok("rename division Rodes 'Rodes Div'");
            c.ok("rename brigade 'Rodes Div/2nd Brigade' Doles");
            c.ok("rename battery 'Rodes Div/1st Battery' Carter");
            c.ok("brigade merge 'Rodes Div/1st Brigade' --into 'Rodes Div/3rd Brigade'");
            division = "Rodes Div", brigade = "Doles", battery = "Carter";
        }
        c.ok("exchange propose --from confederate --offer 'stands:Robinson/2nd Brigade=1' --ask 'stands:" + division + "/1st Brigade=1' --ask 'stands:" +
             division + "/" + brigade + "=1' --ask 'battery:" + division + "/" + battery + "'");
        answers[hidden_work] = c.ok("exchange accept 1 --side union");
        CHECK_THAT(answers[hidden_work], Contains("Entry #") && Contains(" of the journal of the Union, as it numbers its own (muster journal --as union)") &&
                                             Contains("home: 1 stand of Rodes/2nd Brigade"));
        // The entry it names is the answer's own, as the side's journal numbers it.
        const auto number = answers[hidden_work].substr(answers[hidden_work].find("Entry #") + 7);
        const auto journal = c.ok("journal --as union");
        CHECK_THAT(journal, Contains("\n#" + number.substr(0, number.find(' ')) + "  ") &&
                                Contains(answers[hidden_work].substr(0, answers[hidden_work].find('\n'))));
        const auto line = journal.substr(journal.find("\n#" + number.substr(0, number.find(' ')) + "  "));
        CHECK_THAT(line.substr(0, line.find('\n', 1)), Contains("exchange accepted"));
    }
    CHECK(answers[0] == answers[1]);
}

TEST_CASE("A unit's label carries its commander's grade mark only while he commands it") {
    const Campaign campaign;
    const auto ok = [&](const std::string& args) { return campaign.ok(args); };
    ok("campaign new V --rules acw --seed 3 --date 1863-06-01 --theater east");
    ok("add army ANV --side confederate");
    ok("add corps III --army ANV");
    ok("add division Pender --corps III");
    ok("add brigade Scales --division Pender --rating veteran --stands 8 --leader Scales --grade exceptional");
    ok("add brigade Lane --division Pender --rating veteran --stands 8 --leader Lane --grade exceptional");
    const auto label = [&](const std::string& brigade, bool brigadier) {
        const auto file = campaign.dir.file("labels.html");
        ok("export labels -o " + file + (brigadier ? " --brigadier" : ""));
        std::ifstream in(file);
        const std::string html((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const auto at = html.find("name\">" + brigade + "</div>");
        REQUIRE(at != std::string::npos);
        return html.substr(at, html.find("</div></div>", at) - at);
    };
    CHECK_THAT(label("Scales", false), Contains("EXC"));
    // Each way a brigadier leaves his command: his name and his mark go from the label together.
    ok("battle report --name Cashtown --loss Pender/Scales=1 --leader Scales:killed --loss Pender/Lane=1 --leader Lane:wounded/1");
    for (const char* brigade : {"Scales", "Lane"}) {
        INFO(brigade);
        CHECK(label(brigade, false).find("EXC") == std::string::npos);
        const auto with_brigadier = label(brigade, true);
        CHECK(with_brigadier.find("EXC") == std::string::npos);
        CHECK(with_brigadier.find(std::string("\"leader\">") + brigade) == std::string::npos);
    }
}

TEST_CASE("Labels carry a unit's Alternate beside its Main, and a stand for the army's commander as for the corps'") {
    const Campaign campaign;
    campaign.ok("campaign new S --sample saratoga --seed 2");
    campaign.ok("arrive Breymann");
    const auto file = campaign.dir.file("labels.html");
    const auto html = [&](bool brigadier) {
        campaign.ok("export labels -o " + file + (brigadier ? " --brigadier" : ""));
        std::ifstream in(file);
        return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    };
    CHECK_THAT(html(true), Contains("<div class=\"brigadier\" style=\"font-size: ") && Contains("\">Hanxleden; alternate Voit</div>") &&
                               Contains("Army commander, Burgoyne&#39;s Army"));
    CHECK_THAT(html(false), !Contains("alternate") && Contains("Army commander, Burgoyne&#39;s Army"));
    // The Main fallen, the Alternate commands: he alone is named.
    campaign.ok("battle report --name X --division Breymann --leader \"Breymann/1st Battalion:killed\"");
    CHECK_THAT(html(true), Contains("\">Voit</div>"));
}

TEST_CASE("A report of a planned battle says, in its preview too, which divisions it names that were not on the field") {
    // A player's losses for a division of his never deployed (Robinson) come into the report:
    // recorded as fighting there, so seen by the enemy, unless the umpire leaves them out.
    test::CampaignFile c;
    c.ok("campaign new G --sample gettysburg --seed 1");
    c.ok("arrive --due");
    c.ok("battle plan P");
    c.ok("battle deploy P Wadsworth Heth");
    // A report of nothing, its field all hidden from the enemy: says which to name.
    CHECK_THAT(c.refused("battle report --name P", 2),
               Contains("its planned field holds only divisions hidden from the enemy (Wadsworth, Heth): give each that fought with --division"));
    // Naming the divisions that fought, the umpire leaves Wadsworth out: said so.
    const std::string named = "battle report --name P --division Heth --division Robinson --loss 'Robinson/1st Brigade=1' --loss \"Heth/Archer's Brigade=1\"";
    const auto preview = c.ok(named + " --preview");
    CHECK_THAT(preview, Contains("PREVIEW") && Contains("the plan of P would be closed") &&
                            Contains("on its field but not in the report, so not recorded as fighting there: Wadsworth (to record them, give each among the divisions that fought)") &&
                            Contains("in the report but not on its field: Robinson (recorded as fighting there all the same; if it did not, leave it out)"));
    // Naming none, the plan's field the enemy has seen fought there; one kept hidden is named to
    // fight (it would be seen), else left out, as the report says.
    const std::string report = "battle report --name P --loss 'Robinson/1st Brigade=1' --loss \"Heth/Archer's Brigade=1\"";
    CHECK_THAT(c.ok(report + " --preview"), Contains("Battle of P: 2 divisions") && Contains("on its field but not in the report, so not recorded as fighting there: Wadsworth"));
    c.ok("reveal Wadsworth");
    CHECK_THAT(c.ok(report + " --preview"), Contains("Battle of P: 3 divisions") && !Contains("on its field but not in the report"));
    CHECK_THAT(c.ok(report), Contains("the plan of P is closed") && Contains("in the report but not on its field: Robinson") &&
                                 Contains("undo and report the battle without it") && Contains("Battle of P: 3 divisions"));
    CHECK_THAT(c.ok("battle show P"), Contains("Wadsworth"));
}

TEST_CASE("A brigade disbanded before its battle's recovery says the casualties it will not take back, one merged is refused until they returned") {
    test::CampaignFile c;
    c.ok("campaign new G --sample gettysburg --seed 1");
    c.ok("battle report --name B --loss \"Pickett/Garnett's Brigade=5\" --loss \"Pickett/Kemper's Brigade=4\"");
    // Its men are the other brigade's once merged: what would return to it would return to none.
    CHECK_THAT(c.refused("brigade merge \"Pickett/Garnett's Brigade\" --into \"Pickett/Armistead's Brigade\"", 1),
               Contains("brigade Pickett/Garnett's Brigade has 5 stands lost at B not yet returned: recover first (muster battle recover B), then merge"));
    // Previewed first: what it would say, the file untouched, as merge's preview is.
    const auto bytes = test::file_bytes(c.dir.file("c.db"));
    const auto preview = c.ok("brigade disband \"Pickett/Kemper's Brigade\" --preview");
    CHECK_THAT(preview, Contains("PREVIEW (nothing stored)") && Contains("Disbanded Pickett/Kemper's Brigade (") &&
                            Contains("Pickett/Kemper's Brigade: 4 stands lost at B not yet returned; disbanded, it takes none of them back"));
    CHECK_THAT(c.refused("brigade destroy \"Pickett/Kemper's Brigade\" --preview", 1), Contains("still has"));
    CHECK(test::file_bytes(c.dir.file("c.db")) == bytes);
    CHECK_THAT(c.ok("brigade disband \"Pickett/Kemper's Brigade\""),
               Contains("Pickett/Kemper's Brigade: 4 stands lost at B not yet returned; disbanded, it takes none of them back"));
    CHECK_THAT(c.refused("brigade disband \"Pickett/Kemper's Brigade\" --preview", 1), Contains("is already disbanded"));
    c.ok("battle recover B");
    CHECK_THAT(c.ok("brigade merge \"Pickett/Garnett's Brigade\" --into \"Pickett/Armistead's Brigade\""), Contains("Merged") && !Contains("not yet returned"));
    CHECK_THAT(c.ok("check"), Contains("every ledger balances"));
    // Returned, there is nothing left to say of them.
    c.ok("battle report --name C --loss \"Pickett/Armistead's Brigade=2\"");
    c.ok("battle recover C");
    CHECK_THAT(c.ok("brigade disband \"Pickett/Armistead's Brigade\""), !Contains("not yet returned"));
}

TEST_CASE("A battle whose only losses were prisoners says it had no casualties, to the umpire and to each side, before its recovery and after") {
    test::TempDir dir;
    const auto db = "--db " + test::quote(dir.file("c.db")) + " ";
    const auto cli = [&](const std::string& args) { return test::run_muster(db + args, test::k_env); };
    REQUIRE(cli("campaign new R --sample saratoga").code == 0);
    REQUIRE(cli("camp new Albany --side american").code == 0);
    REQUIRE(cli("battle report --name Ford --captured \"Hamilton/20th Foot=1@Albany\"").code == 0);
    REQUIRE(cli("battle report --name Mill --loss \"Hamilton/20th Foot=1\"").code == 0);
    const auto states = [&](const std::string& as) {
        const auto list = cli("battle list" + as).out;
        const auto shown = cli("battle show Ford" + as).out;
        return list + shown;
    };
    for (const auto* as : {"", " --as british"}) {
        INFO(as);
        const auto before = states(as);
        CHECK_THAT(before, Contains("Ford    1777-09-19         no casualties") && Contains("Mill    1777-09-19         casualties not yet returned"));
        CHECK_THAT(before, Contains("Battle of Ford, 1777-09-19 (no casualties)"));
    }
    REQUIRE(cli("battle recover Ford").code == 0);
    REQUIRE(cli("battle recover Mill").code == 0);
    for (const auto* as : {"", " --as british"}) {
        INFO(as);
        const auto after = states(as);
        CHECK_THAT(after, Contains("Ford    1777-09-19         no casualties") && Contains("Mill    1777-09-19         casualties returned"));
    }
}

TEST_CASE("Prisoners taken from a division kept hidden are named in the captor's camps, which the report tells the umpire") {
    const test::CampaignFile c;
    c.ok("campaign new G --sample gettysburg --seed 3");
    c.ok("camp new \"Fort Delaware\" --side union");
    const std::string report = "battle report --name Ridge --loss \"Wadsworth/Iron Brigade=1\" --captured \"Heth/Archer's Brigade=2@Fort Delaware\"";
    const std::string told = "kept hidden, yet taken prisoner, so named in the captor's camps though its reading of the battle counts none of them: "
                             "2 stands of Heth/Archer's Brigade to Fort Delaware";
    CHECK_THAT(c.ok(report + " --keep-hidden --preview"), Contains(told));
    CHECK_THAT(c.ok(report + " --preview"), !Contains("kept hidden"));  // seen fighting: the captor reads them in the battle too
    CHECK_THAT(c.ok(report + " --keep-hidden"), Contains(told));
    CHECK_THAT(c.ok("camp list --as union"), Contains("2 stands of Heth/Archer's Brigade"));
}

TEST_CASE("Stands lost by a division the enemy has seen, in a battle it does not read that division fight, are told the umpire to show in its order of battle") {
    const test::CampaignFile c;
    c.ok("campaign new G --sample gettysburg --seed 7");
    c.ok("arrive --due");
    c.ok("reveal Wadsworth");
    const std::string told = "shown to the Confederates all the same: stands lost here by divisions they have seen";
    // One side's alone, or kept hidden: the loss shows in the enemy's order of battle, the battle not.
    for (const std::string fog : {"", " --keep-hidden"}) {
        const auto said = c.ok("battle report --name Alone --loss \"Wadsworth/Cutler's Brigade=3\" --preview" + fog);
        CHECK_THAT(said, Contains(told) && Contains("(Wadsworth/Cutler's Brigade 3)"));
    }
    // A division the enemy has not seen, or one it reads fighting there: nothing to tell.
    CHECK_THAT(c.ok("battle report --name Alone --loss \"Robinson/1st Brigade=1\" --preview"), !Contains("shown to"));
    CHECK_THAT(c.ok("battle report --name Met --loss \"Wadsworth/Cutler's Brigade=3\" --loss \"Heth/Archer's Brigade=1\" --preview"), !Contains("shown to"));
    const auto before = c.ok("oob --as confederate");
    CHECK_THAT(c.ok("battle report --name Alone --loss \"Wadsworth/Cutler's Brigade=3\" --keep-hidden"), Contains(told));
    CHECK(c.ok("oob --as confederate") != before);  // as told
}

TEST_CASE("An amended fall of a leader above the divisions is told to the enemy that saw it, as his fall was") {
    test::CampaignFile c;
    c.ok("campaign new N --sample grossbeeren --seed 3");
    c.ok("arrive --due");
    c.ok("reveal Durutte");
    c.ok("reveal Borstell");
    c.ok("battle report --name V1 --division Durutte --division Borstell --leader Reynier:killed");
    CHECK_THAT(c.ok("leader list --as allies"), Contains("killed"));
    c.ok("battle amend V1 --leader Reynier:none");
    CHECK_THAT(c.ok("journal --as allies"), Contains("Battle of V1 amended: leader Reynier not fallen (was killed)"));
    CHECK_THAT(c.ok("journal --as french"), Contains("Battle of V1 amended: leader Reynier not fallen (was killed)"));
}

TEST_CASE("A merge says when the stands it moves take another rating, and its preview changes nothing") {
    const test::CampaignFile c;
    c.ok("campaign new G --sample gettysburg --seed 1");
    c.ok("add brigade Paul --division Robinson --rating crack --stands 6 --start 10");
    c.ok("add brigade Baxter --division Robinson --rating green --stands 2 --start 6");
    const std::string merge = "brigade merge Robinson/Baxter --into Robinson/Paul";
    const std::string rated = "the stands of Robinson/Baxter (Green) are Crack in Robinson/Paul now: the brigade merged into keeps its rating";
    const auto before = test::dump(c.dir.file("c.db"));
    CHECK_THAT(c.ok(merge + " --preview"), Contains("PREVIEW (nothing stored)") && Contains(rated) && Contains("(now 8)"));
    CHECK(test::dump(c.dir.file("c.db")) == before);
    CHECK_THAT(c.ok(merge), Contains(rated) && Contains("Merged 2 stands of Robinson/Baxter into Robinson/Paul (now 8)"));
    CHECK_THAT(c.ok("oob --side union"), Contains("Paul") && Contains("8/10"));
}

TEST_CASE("A battalion whose Main commander falls is led by its Alternate, as turn says, and leader assign makes the Alternate its commander") {
    const test::CampaignFile c;
    c.ok("campaign new S --sample saratoga --seed 5");
    c.ok("arrive --due");
    c.ok("camp new Albany --side american");
    c.ok("battle report --name Skirmish --leader 'Breymann/3rd Battalion:captured@Albany'");
    CHECK_THAT(c.ok("turn"), Contains("Breymann/3rd Battalion's commander, Huyn, is captured: its Alternate Prueschenk leads it until he is replaced "
                                      "(muster leader assign '#30' 'Breymann/3rd Battalion' makes him its commander; "
                                      "muster leader replace 'Breymann/3rd Battalion' rolls a new one)"));
    const auto before = test::dump(c.dir.file("c.db"), false);
    CHECK_THAT(c.ok("leader assign '#30' 'Breymann/3rd Battalion'"),
               Contains("Leader Prueschenk, its Alternate, takes command of Breymann/3rd Battalion (replacing Huyn, captured)"));
    CHECK_THAT(c.ok("leader list"), Contains("Breymann/3rd Battalion\n") && !Contains("Breymann/3rd Battalion (alternate)"));
    CHECK_THAT(c.ok("turn"), !Contains("Breymann/3rd Battalion's commander"));
    // Another brigade's Alternate is refused, as any leader holding a post.
    CHECK_THAT(c.refused("leader assign Speth 'Breymann/3rd Battalion' --force", 1), Contains("(alternate): a leader commands one unit"));
    c.ok("undo");
    CHECK(test::dump(c.dir.file("c.db"), false) == before);
}

TEST_CASE("Exchanges are numbered within their campaign: a file's other campaigns are neither counted nor answered by a player's number") {
    test::CampaignFile c;
    // Two campaigns in one file, each with prisoners to exchange.
    for (const char* name : {"East", "West"}) {
        c.ok(std::string("campaign new ") + name + " --rules acw --seed 3");
        c.ok("add army ANV --side confederate");
        c.ok("add corps III --army ANV");
        c.ok("add division Heth --corps III");
        c.ok("add brigade Archer --division Heth --rating veteran --stands 8 --leader Archer --grade average");
        c.ok("add army AoP --side union");
        c.ok("add corps I --army AoP");
        c.ok("add division Wadsworth --corps I");
        c.ok("add brigade 'Iron Brigade' --division Wadsworth --rating veteran --stands 8 --leader Meredith --grade average");
        c.ok("camp new 'Fort Delaware' --side union");
        c.ok("camp new 'Libby Prison' --side confederate");
        c.ok("battle report --name Ridge --captured 'Heth/Archer=2@Fort Delaware' --captured 'Wadsworth/Iron Brigade=2@Libby Prison'");
    }
    CHECK_THAT(c.ok("--campaign East exchange propose --from union --offer 'stands:Heth/Archer=1' --ask 'stands:Wadsworth/Iron Brigade=1'"), Contains("Exchange #1 proposed"));
    CHECK_THAT(c.ok("--campaign East exchange propose --from union --offer 'stands:Heth/Archer=1'"), Contains("Exchange #2 proposed"));
    // West's first is its #1, not the file's third, as each side reads it.
    CHECK_THAT(c.ok("--campaign West exchange propose --from confederate --offer 'stands:Wadsworth/Iron Brigade=1' --ask 'stands:Heth/Archer=1'"),
               Contains("Exchange #1 proposed"));
    for (const char* side : {"union", "confederate"}) {
        CHECK_THAT(c.ok(std::string("--campaign West exchange list --as ") + side), Contains("#1 ") && !Contains("#3"));
        CHECK_THAT(c.ok(std::string("--campaign West journal --as ") + side), Contains("Exchange #1 proposed") && !Contains("Exchange #3"));
    }
    CHECK_THAT(c.refused("--campaign West exchange accept 2 --side union", 2), Contains("no exchange #2 in campaign West"));
    CHECK_THAT(c.ok("--campaign West exchange accept 1 --side union"), Contains("Exchange #1 accepted by the Union"));
    CHECK_THAT(c.ok("--campaign East exchange list"), Contains("#1 ") && Contains("#2 ") && Contains("[proposed"));
    CHECK_THAT(c.ok("check"), Contains("every ledger balances"));
    // Undone, its number is the campaign's next again.
    c.ok("--campaign East undo");
    CHECK_THAT(c.ok("--campaign East exchange propose --from union --offer 'stands:Heth/Archer=1'"), Contains("Exchange #2 proposed"));
}

TEST_CASE("Stands come home to a brigade out of service are waiting on the umpire until merged back into the field") {
    test::CampaignFile c;
    c.ok("campaign new G --sample gettysburg --seed 1");
    c.ok("camp new 'Fort Delaware' --side union");
    c.ok("battle report --name B --captured \"Pickett/Kemper's Brigade=2@Fort Delaware\"");
    c.ok("brigade disband \"Pickett/Kemper's Brigade\"");
    CHECK_THAT(c.ok("turn"), !Contains("out of service"));
    c.ok("undo");
    // What disbanding leaves behind is said before, in its preview: the men held, the commander.
    CHECK_THAT(c.ok("brigade disband \"Pickett/Kemper's Brigade\" --preview"),
               Contains("Pickett/Kemper's Brigade: 2 stands of it held in camps come back to it disbanded, once freed or exchanged") &&
                   Contains("Pickett/Kemper's Brigade: its commander Kemper commands nothing after"));
    c.ok("brigade disband \"Pickett/Kemper's Brigade\"");
    c.ok("camp liberate 'Fort Delaware'");
    CHECK_THAT(c.ok("turn"), Contains("2 stands wait in 1 brigade out of service: Pickett/Kemper's Brigade (disbanded, 2) (muster brigade merge "
                                      "\"Pickett/Kemper's Brigade\" --into Division/Brigade puts them back in the field)"));
    CHECK_THAT(c.ok("turn --as confederate"), !Contains("out of service"));  // the umpire's work, as all that waits on him
    // Merged as the hint says, the brigade that takes them by --into or as a second word.
    CHECK_THAT(c.refused("brigade merge \"Pickett/Kemper's Brigade\"", 2), Contains("--into is required"));
    c.ok("brigade merge \"Pickett/Kemper's Brigade\" \"Pickett/Armistead's Brigade\"");
    CHECK_THAT(c.ok("turn"), !Contains("out of service"));
}

TEST_CASE("An exchange that cannot be weighed tells the umpire what to set, and a side only that the umpire has not") {
    test::CampaignFile c;
    c.ok("campaign new W --rules acw --seed 3 --date 1862-09-01 --theater east");
    c.ok("add army ANV --side confederate");
    c.ok("add corps I --army ANV");
    c.ok("add division Hood --corps I");
    c.ok("add brigade Law --division Hood --rating veteran --stands 6 --leader Law --grade average");
    c.ok("camp new Elmira --side union");
    c.ok("battle report --name B --captured Hood/Law=2@Elmira");
    c.ok("exchange propose --from union --offer stands:Hood/Law=1");
    CHECK_THAT(c.ok("exchange list"), Contains("stands cannot be weighed: set the campaign's men per stand (muster campaign set --men-per-stand N; in the GUI, the Campaigns panel's Men per stand)"));
    for (const char* side : {"union", "confederate"})
        CHECK_THAT(c.ok(std::string("exchange list --as ") + side), Contains("stands cannot be weighed: the umpire has not set the campaign's men per stand") && !Contains("muster "));
}

TEST_CASE("A brigade taken out of service says what becomes of its commander by his fate, a merge as a disbanding does") {
    test::CampaignFile c;
    c.ok("campaign new G --sample gettysburg --seed 1");
    c.ok("camp new 'Fort Delaware' --side union");
    const std::string kemper = "\"Pickett/Kemper's Brigade\"";
    // In the field, he is free for another command, whichever way his brigade goes.
    for (const std::string& how : {"brigade disband " + kemper + " --preview", "brigade merge " + kemper + " \"Pickett/Garnett's Brigade\" --preview"})
        CHECK_THAT(c.ok(how), Contains("Pickett/Kemper's Brigade: its commander Kemper commands nothing after (muster leader assign gives him another)"));
    c.ok("brigade merge " + kemper + " \"Pickett/Garnett's Brigade\"");
    CHECK_THAT(c.ok("undo"), Contains("Undid"));
    // Fallen, he is given no command he cannot take: killed, none at all; wounded or taken, one when he is back.
    c.ok("battle report --name B --loss " + kemper + "=8 --leader \"Kemper:wounded\"");
    const auto wounded = c.ok("brigade destroy " + kemper + " --preview");
    CHECK_THAT(wounded, Contains("Pickett/Kemper's Brigade: its commander Kemper (wounded) comes back to no command (muster leader assign gives him another once he is back)"));
    c.ok("undo");
    c.ok("battle report --name B --loss " + kemper + "=8 --leader \"Kemper:killed\"");
    CHECK_THAT(c.ok("brigade destroy " + kemper), Contains("is destroyed") && !Contains("Kemper commands") && !Contains("Kemper ("));
    CHECK_THAT(c.refused("leader assign Kemper \"Pickett/Garnett's Brigade\"", 1), Contains("killed"));
    // A commander with no name yet is called so, not "its commander commander of ...".
    test::CampaignFile g;
    g.ok("campaign new G --sample grossbeeren --seed 1");
    g.ok("camp new Spandau --side french");
    g.ok("battle report --name B --leader \"Krafft/1st Neumark Landwehr:captured\"");
    CHECK_THAT(g.ok("brigade disband \"Krafft/1st Neumark Landwehr\" --preview"),
               Contains("Krafft/1st Neumark Landwehr: its unnamed commander (captured) comes back to no command") && !Contains("commander commander"));
}

TEST_CASE("Two leaders held under one name are asked for by their own side once the umpire has renamed one, which their captor is told") {
    test::CampaignFile c;
    c.ok("campaign new G --sample gettysburg --seed 5");
    c.ok("camp new Libby --side confederate");
    test::raw_sql(c.dir.file("c.db"), "UPDATE leader SET name = 'Meredith' WHERE name = 'Cutler'");  // as a draw may give a second Meredith
    c.ok("battle report --name Ridge --leader \"Wadsworth/Iron Brigade:captured@Libby\" --leader \"Wadsworth/Cutler's Brigade:captured@Libby\"");
    CHECK_THAT(c.refused("exchange propose --from confederate --offer leader:Meredith", 2),
               Contains("2 held are called Meredith, whom the Confederates cannot tell apart: the Union may ask for the one it wants by his name"));
    CHECK_THAT(c.refused("exchange propose --from union --ask leader:Meredith", 2), Contains("the umpire must rename one of them"));
    c.ok("rename leader \"commander of Wadsworth/Cutler's Brigade\" Cutler");
    CHECK_THAT(c.ok("exchange propose --from union --ask leader:Cutler"), Contains("Exchange #1 proposed by the Union"));
    CHECK_THAT(c.ok("exchange accept 1 --side confederate"), Contains("Exchange #1 accepted"));
}

TEST_CASE("A liberation's preview says what the liberation does, the brigades its men take above their start relabelled too") {
    test::CampaignFile c;
    c.ok("campaign new G --sample gettysburg --seed 1");
    c.ok("camp new 'Fort Delaware' --side union");
    c.ok("battle report --name B --captured \"Pickett/Kemper's Brigade=2@Fort Delaware\"");
    const auto now = test::raw_sql_value(c.dir.file("c.db"), "SELECT stands FROM brigade WHERE name = 'Kemper''s Brigade'");
    c.ok("brigade relabel \"Pickett/Kemper's Brigade\" --stands " + now);  // its start is what it has now: the two freed take it above
    const auto bytes = test::file_bytes(c.dir.file("c.db"));
    const auto preview = c.ok("camp liberate 'Fort Delaware' --preview");
    CHECK(test::file_bytes(c.dir.file("c.db")) == bytes);
    CHECK_THAT(preview, Contains("Pickett/Kemper's Brigade is above its start of " + now + " with " + std::to_string(std::stoi(now) + 2) + " stands: labelled"));
    const auto done = c.ok("camp liberate 'Fort Delaware'");
    // Line for line what it said it would do.
    for (const auto* line : {"home: 2 stands of Pickett/Kemper's Brigade", "is above its start of"}) {
        INFO(line);
        CHECK_THAT(preview, Contains(line));
        CHECK_THAT(done, Contains(line));
    }
}

TEST_CASE("A division hidden again does not take back from the enemy the battle it saw it fight - its line, its fallen, the plan - and is not renamed while hidden") {
    const test::CampaignFile c;
    c.ok("campaign new G --sample gettysburg --seed 3");
    c.ok("arrive --due");
    c.ok("battle plan Ridge");
    c.ok("battle deploy Ridge Heth");
    c.ok("battle deploy Ridge Wadsworth");
    c.ok("battle report --name Ridge --division Heth --division Wadsworth --loss \"Heth/Archer's Brigade=2\" --leader \"Heth/Archer's Brigade:wounded\"");
    c.ok("add battery Pegram --division Heth");
    const auto as_union = [&] { return c.ok("battle show Ridge --as union") + c.ok("turn report --as union") + c.ok("battle list --as union"); };
    const auto seen = as_union();
    REQUIRE_THAT(seen, Contains("Heth      36       2") && Contains("Archer: wounded") && Contains("Confederate: Heth"));
    c.ok("reveal Heth --hide");
    CHECK(as_union() == seen);
    // Its name, and its brigades' and batteries', are what the enemy read there: kept until it is revealed.
    for (const std::string rename : {"rename division Heth 'Heth Two'", "rename brigade \"Heth/Archer's Brigade\" Archer2", "rename battery Heth/Pegram P2"})
        CHECK_THAT(c.refused(rename, 1), Contains("hidden from the enemy, which has read it") && Contains("reveal the division first"));
    CHECK(as_union() == seen);
    // Nor its corps, which the enemy reads through it alone (Pender, Third Corps' other, is a placeholder it never saw).
    CHECK_THAT(c.refused("rename corps 'Third Corps' '3rd Corps'", 1), Contains("is read by the enemy only through what it read of it before"));
    c.ok("reveal Pender");  // the enemy reads Third Corps through a division it sees now
    CHECK_THAT(c.ok("rename corps 'Third Corps' '3rd Corps'"), Contains("Renamed corps Third Corps to 3rd Corps"));
    c.ok("reveal Heth");
    CHECK_THAT(c.ok("rename division Heth 'Heth Two'"), Contains("Renamed division Heth to Heth Two"));
}

TEST_CASE("Casualties returned after a battle are the enemy's to read as it saw them return - in its sight then, or revealed since - hidden again or not") {
    const auto campaign = [](const test::CampaignFile& c) {
        c.ok("campaign new G --sample gettysburg --seed 3");
        c.ok("arrive --due");
        c.ok("battle report --name Ridge --division Heth --division Wadsworth --loss \"Heth/Archer's Brigade=2\"");
    };
    const auto as_union = [](const test::CampaignFile& c) {
        return c.ok("battle show Ridge --as union") + c.ok("turn report --as union") + c.ok("battle list --as union");  // (the journal is dated)
    };
    // Hidden, then recovered out of the Union's sight: it reads nothing of it, as if not recovered.
    const test::CampaignFile hidden, recovered_hidden;
    for (const auto* c : {&hidden, &recovered_hidden}) {
        campaign(*c);
        c->ok("reveal Heth --hide");
    }
    recovered_hidden.ok("battle recover Ridge");
    CHECK(as_union(recovered_hidden) == as_union(hidden));
    CHECK_THAT(recovered_hidden.ok("journal --as union"), !Contains("Recovery"));
    CHECK_THAT(as_union(recovered_hidden), Contains("casualties not yet returned") && Contains("Heth      36       2     0         0"));
    // Revealed, it reads them; hidden again, it still does.
    recovered_hidden.ok("reveal Heth");
    const auto revealed = recovered_hidden.ok("battle show Ridge --as union");
    CHECK_THAT(revealed, Contains("(casualties returned)") && Contains("Heth      36       2     0         1"));
    recovered_hidden.ok("reveal Heth --hide");
    CHECK(recovered_hidden.ok("battle show Ridge --as union") == revealed);
}

TEST_CASE("A reserve's battery captured where its captor saw no division of that corps is the captor's to read in the battle, as its camp holds it") {
    const test::CampaignFile c;
    c.ok("campaign new G --sample gettysburg --seed 3");
    c.ok("arrive --due");
    c.ok("add battery 'Reserve One' --corps 'First Corps'");
    c.ok("camp new 'Fort Delaware' --side union");
    c.ok("battle report --name Skirmish --division Heth --division Wadsworth --loss \"Heth/Archer's Brigade=1\" --battery \"First Corps/Reserve One:captured@Fort Delaware\"");
    const std::string held = "First Corps/reserve battery lost at Skirmish";
    CHECK_THAT(c.ok("camp list --as union"), Contains(held));
    CHECK_THAT(c.ok("battle show Skirmish --as union"), Contains("Batteries lost: " + held + ": captured"));
    CHECK_THAT(c.ok("journal --as union"), Contains("1 battery lost"));
    // Its own side reads it by its name.
    CHECK_THAT(c.ok("battle show Skirmish --as confederate"), Contains("First Corps/Reserve One: captured"));
    // The Union reads First Corps through that battery alone: it is not renamed out of its sight.
    CHECK_THAT(c.refused("rename corps 'First Corps' 'I Corps CSA'", 1), Contains("a battery of its reserve it took"));
}

TEST_CASE("Two sides' camps may bear one name, each found as the camp list names it or as the captor's of the prisoners sent to it") {
    test::CampaignFile campaign;
    campaign.ok("campaign new G --sample gettysburg --seed 3");
    campaign.ok("arrive --due");
    campaign.ok("camp new Elmira --side union");
    // A name is its side's own: another side's camp of it is no refusal, one of its own is.
    CHECK_THAT(campaign.ok("camp new ELMIRA --side confederate"), Contains("Opened camp ELMIRA (Confederate)"));
    CHECK_THAT(campaign.refused("camp new elmira --side union", 1), Contains("a camp of the Union side named \"Elmira\" already exists"));
    // Nor is a name taken that ends as a camp is named by its side: it would name two camps.
    for (const std::string name : {"Elmira (Union)", "elmira (UNION)", "Belle (confederate)"})
        CHECK_THAT(campaign.refused("camp new " + test::quote(name) + " --side confederate", 2), Contains("it ends as muster names a camp by its side"));
    CHECK_THAT(campaign.ok("camp new \"Fort (North)\" --side union"), Contains("Opened camp Fort (North) (Union)"));
    // Prisoners go to the captor's camp of the name: each side's men to the other's.
    campaign.ok("battle report --name Skirmish --captured \"Heth/Archer=1@Elmira\" --captured \"Wadsworth/Iron Brigade=2@elmira\"");
    const auto listed = campaign.ok("camp list");
    CHECK_THAT(listed, Contains("Elmira (Union): 1 holding\n  1 stand of Heth/Archer") &&
                           Contains("ELMIRA (Confederate): 1 holding\n  2 stands of Wadsworth/Iron Brigade"));
    // The captor's camp is found first, by any part of its name: not one of the prisoners' own
    // side that the name fits better.
    campaign.ok("camp new \"Belle Isle\" --side confederate");
    campaign.ok("camp new Belle --side union");
    CHECK_THAT(campaign.ok("battle report --name Other --captured \"Wadsworth/Iron Brigade=1@Belle\" --preview"), Contains("1 captured to Belle Isle"));
    CHECK_THAT(campaign.ok("battle report --name Other --captured \"Heth/Archer=1@belle\" --preview"), Contains("1 captured to Belle)"));
    // Where nothing says which, the camp is named as the list names it.
    CHECK_THAT(campaign.refused("camp liberate elmira", 2),
               Contains("camp \"elmira\" could be any of 2 (Elmira (Union), ELMIRA (Confederate)): give the camp as muster camp list names it, \"Elmira (Union)\""));
    CHECK_THAT(campaign.ok("camp liberate \"ELMIRA (confederate)\""), Contains("home: 2 stands of Wadsworth/Iron Brigade") && !Contains("Heth"));
    CHECK_THAT(campaign.ok("camp list"), Contains("ELMIRA (Confederate, liberated): holds no one") && Contains("Elmira (Union): 1 holding"));
    // The Union, whose own camp bears the name, reads which was freed.
    CHECK_THAT(campaign.ok("journal --as union"), Contains("Liberated ELMIRA (Confederate): home: 2 stands of Wadsworth/Iron Brigade"));
    CHECK_THAT(campaign.ok("check"), !Contains("named alike"));
}
