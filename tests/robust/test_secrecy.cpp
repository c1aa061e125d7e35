// Secrecy as a property: a random campaign of each rule set is built twice, once with the
// enemy's hidden divisions (added, arrived, filled by hand, commanders replaced, brigades
// disbanded and merged, fighting in battles kept hidden beside seen units, fighting battles of
// their own, rolled for at the table side beside seen units, their casualties returned,
// deployed and rolled up on the field of a planned battle, in its reserve and brought on; never
// revealed) and once without them. Everything the other
// side may read, from every reading command in every format, must be byte for byte the same:
// nothing it sees, no count, no number, no roll, may depend on what is hidden from it.
#include "app/battles.hpp"
#include "app/forces.hpp"
#include "app/history.hpp"
#include "app/leaders.hpp"
#include "app/model.hpp"
#include "app/plans.hpp"
#include "app/prisoners.hpp"
#include "app/table_side.hpp"
#include "battle/report.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "cli/campaign_file.hpp"
#include "db/db_support.hpp"
#include "dice/dice.hpp"
#include "export/oob.hpp"
#include "support.hpp"
#include "web/served.hpp"

#include <algorithm>
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <regex>
#include <set>

using namespace muster;
using Catch::Matchers::Contains;

namespace {

struct Sides {
    std::string viewer, enemy;
};

// A rule set as the script plays it: its words for a grade and a rating, its date, and a play
// table rolled for one unit at the table side (none: the rule set has no play tables).
struct Game {
    std::string rules, first_side, second_side, grade, rating, date, theater;
    play::Request table_request;
    std::string table;
};

const std::vector<Game>& games() {
    static const std::vector<Game> all = {
        {"acw", "union", "confederate", "average", "veteran", "1863-07-01", "east", {}, ""},
        {"awi", "american", "british", "competent", "regulars", "1777-09-11", "", {}, "disordered"},
        {"napoleonic", "french", "allies", "average", "average_line", "1809-07-05", "", {"", rules::Points{24}, {}, "", ""}, "musketry"}};  // 6 fire points
    return all;
}

// Builds one campaign from `seed`. With `hidden`, the enemy also has hidden divisions, and
// everything done to them; the script's choices never depend on them (their own dice, `h`).
// Returns what each step did, so both builds are seen to take the same steps; counts in
// `hidden_done` the hidden steps that were done (not refused), so the test is seen to do them.
std::vector<std::string> build(const std::string& path, const Game& game, std::uint64_t seed, const Sides& sides, bool hidden,
                               int& hidden_done) {
    app::Session s(path, app::Open::create);
    app::NewCampaign n;
    n.name = "Season";
    n.rules = game.rules;
    n.seed = seed;
    n.date = Day::read(game.date);
    if (!game.theater.empty()) n.theater = game.theater;
    s.create_campaign(n);
    for (const auto& side : {sides.viewer, sides.enemy}) {
        s.forces().add_army(side, side + " army", {side + " general", game.grade});
        s.forces().add_corps(side + " army", side + " corps", {});
        for (int i = 0; i < 4; ++i) s.forces().add_division(side + " corps", side + " division " + std::to_string(i), "");
        s.prisoners().add_camp(side, side + " camp");
    }
    const auto arrive = [&](const std::string& division) {
        app::ArrivalRequest r;
        r.division = division;
        s.arrivals().arrive(r);
    };
    std::vector<std::string> hidden_divisions;
    std::set<std::string> hidden_planned;  // those put in a battle's plan
    dice::SeededSource rng(seed), h(seed ^ 0x5eed);
    const auto pick = [](dice::SeededSource& r, size_t n) { return static_cast<size_t>(r.next() % n); };
    const auto active = [&](const std::string& side, bool seen_only) {
        std::vector<army::BrigadeRecord> out;
        for (const auto& b : s.forces().brigades())
            if (b.side == side && is_active(b.status) && b.stands > 0 &&
                !(seen_only && b.division.rfind("Hidden", 0) == 0))
                out.push_back(b);
        return out;
    };
    const auto add_hidden = [&] {
        const auto name = "Hidden " + std::to_string(hidden_divisions.size());
        s.forces().add_division(sides.enemy + " corps", name, "");
        hidden_divisions.push_back(name);
        arrive(name);
    };
    // A roll at the table side for `unit` in `battle`, adding what it costs to the battle's draft.
    const auto table_roll = [&](const std::string& battle, const army::BrigadeRecord& unit) {
        app::CampaignRoll r;
        r.table = game.table;
        r.request = game.table_request;
        r.battle = battle;
        r.unit = unit.ref();
        s.table_side().roll(r, {});
    };
    std::vector<std::string> log;
    int battles = 0, secret_battles = 0, arrived_viewer = 0, arrived_enemy = 0, table_battles = 0, planned = 0;
    // Undo reverses the newest operation: only one the viewer may know of, the same in both builds.
    bool undoable = false;
    for (int step = 0; step < 70; ++step) {
        const auto kind = pick(rng, 14);
        const bool touches_hidden = kind >= 8 && kind < 12;
        if (touches_hidden) undoable = false;
        if (touches_hidden && !hidden) continue;
        const auto before = s.last_operation();
        std::string what = std::to_string(step) + ": ";
        try {
            switch (kind) {
                case 0:
                    if (arrived_viewer < 4) arrive(sides.viewer + " division " + std::to_string(arrived_viewer++));
                    break;
                case 1:
                    if (arrived_enemy < 4) {
                        const auto name = sides.enemy + " division " + std::to_string(arrived_enemy++);
                        if (pick(rng, 2)) s.forces().set_fog(name, Fog::seen);  // revealed as a placeholder: its name only
                        arrive(name);
                        if (pick(rng, 2)) s.forces().set_fog(name, Fog::seen);
                    }
                    break;
                case 2: {
                    const auto mine = active(sides.viewer, false);
                    const auto theirs = active(sides.enemy, true);
                    if (mine.empty() || theirs.empty()) break;
                    const auto& a = mine[pick(rng, mine.size())];
                    const auto& b = theirs[pick(rng, theirs.size())];
                    battle::Report r;
                    r.name = "Battle " + std::to_string(++battles);
                    battle::add_loss_spec(r, a.ref() + "=" + std::to_string(1 + pick(rng, 2)));
                    battle::add_loss_spec(r, b.ref() + "=1");
                    if (b.stands > 2) battle::add_captured_spec(r, b.ref() + "=1@" + sides.viewer + " camp");
                    if (pick(rng, 3) == 0) battle::add_leader_spec(r, b.ref() + ":captured@" + sides.viewer + " camp");
                    if (pick(rng, 3) == 0) battle::add_leader_spec(r, a.ref() + ":wounded/1");
                    // Kept hidden, the enemy's hidden divisions may fight in it too: their losses,
                    // captured stands and fallen leaders are in the hidden build's report only.
                    if (pick(rng, 2)) {
                        r.engaged = Fog::hidden;
                        if (hidden)
                            for (const auto& x : s.forces().brigades())
                                if (x.division.rfind("Hidden", 0) == 0 && is_active(x.status) && x.stands > 2 && pick(h, 2)) {
                                    // Lost, never captured: the viewer would hold them in its camps,
                                    // which the game lets a captor know. (Their leaders fall in
                                    // the secret battles: one already fallen would refuse this one.)
                                    battle::add_loss_spec(r, x.ref() + "=" + std::to_string(1 + pick(h, 2)));
                                    break;
                                }
                    }
                    s.battles().report_battle(r, app::Mode::apply);
                    break;
                }
                case 3:
                    if (battles > 0) s.battles().recover("Battle " + std::to_string(1 + pick(rng, static_cast<size_t>(battles))), {}, app::Mode::apply);
                    break;
                case 4: {
                    for (const auto& side : {sides.viewer, sides.enemy}) {
                        const auto list = active(side, true);
                        if (!list.empty()) s.leaders().replace_leader(list[pick(rng, list.size())].ref(), std::nullopt, {}, app::Mode::apply, app::Displace::replace);
                    }
                    break;
                }
                case 5: {
                    const auto held = s.prisoners().held();
                    for (const auto& item : held)
                        if (item.holder == sides.viewer && !item.camp_liberated) {
                            const auto x = s.prisoners().propose_exchange(
                                {sides.viewer, "", {item.spec + (item.kind == HeldKind::stands ? "=1" : "")}, {}, ""});
                            s.prisoners().answer_exchange(x.row.id, sides.enemy, (pick(rng, 2)) ? app::Answer::accept : app::Answer::refuse);
                            break;
                        }
                    break;
                }
                case 6: {
                    const auto mine = active(sides.viewer, false);
                    if (mine.size() > 1) s.battles().merge_brigade(mine[0].ref(), mine[1].ref());
                    break;
                }
                case 7:
                    if (undoable) {
                        s.history().undo();
                        if (pick(rng, 2)) s.history().redo();  // done again, with its rolls
                    }
                    break;
                // What only the build with the enemy's hidden divisions does, with their own dice.
                case 8:
                    add_hidden();
                    break;
                case 9: {
                    const auto name = "Hidden " + std::to_string(hidden_divisions.size());
                    const bool own_corps = pick(h, 2);
                    if (own_corps) s.forces().add_corps(sides.enemy + " army", "Hidden corps " + name, {"Hidden general " + name, game.grade});
                    s.forces().add_division(own_corps ? "Hidden corps " + name : sides.enemy + " corps", name, "");
                    hidden_divisions.push_back(name);
                    s.forces().add_brigade({name, "Secret Brigade", game.rating, 6, std::nullopt, "", "", {"Secret " + name, game.grade}});
                    s.forces().add_battery({"Secret Battery", name, "", ""});
                    break;
                }
                case 10: {
                    std::vector<army::BrigadeRecord> list;
                    for (const auto& b : s.forces().brigades())
                        if (b.division.rfind("Hidden", 0) == 0 && is_active(b.status) && b.stands > 0) list.push_back(b);
                    if (list.empty()) break;
                    const auto& b = list[pick(h, list.size())];
                    switch (pick(h, 4)) {
                        case 0: s.leaders().replace_leader(b.ref(), std::nullopt, {}, app::Mode::apply, app::Displace::replace); break;
                        case 1: s.battles().disband_brigade(b.ref()); break;
                        case 2:
                            for (const auto& other : list)
                                if (other.id != b.id) {
                                    s.battles().merge_brigade(b.ref(), other.ref());
                                    break;
                                }
                            break;
                        case 3: s.forces().rename(NamedKind::brigade, b.ref(), b.name + " renamed"); break;
                    }
                    break;
                }
                case 11: {
                    // A battle of the enemy's hidden divisions alone, then its recovery: "Secret".
                    if (hidden_divisions.empty()) add_hidden();
                    std::vector<army::BrigadeRecord> list;
                    for (const auto& b : s.forces().brigades())
                        if (b.division.rfind("Hidden", 0) == 0 && is_active(b.status) && b.stands > 1) list.push_back(b);
                    if (list.empty()) break;
                    const auto& b = list[pick(h, list.size())];
                    battle::Report r;
                    r.name = "Secret Raid " + std::to_string(++secret_battles);
                    battle::add_loss_spec(r, b.ref() + "=1");
                    if (pick(h, 2)) battle::add_leader_spec(r, b.ref() + ":wounded/1");
                    s.battles().report_battle(r, app::Mode::apply);
                    if (pick(h, 2)) s.battles().recover(r.name, {}, app::Mode::apply);
                    break;
                }
                case 12: {
                    // A battle played at the table side: the enemy's hidden units rolled for
                    // first (in the hidden build), then a unit of each side the viewer sees; the
                    // draft applied, what was hidden kept hidden.
                    if (game.table.empty()) break;
                    const auto mine = active(sides.viewer, false);
                    const auto theirs = active(sides.enemy, true);
                    if (mine.empty() || theirs.empty()) break;
                    const auto name = "Table Battle " + std::to_string(++table_battles);
                    // (Not one in a battle's plan: a division is in one battle planned at a time.)
                    if (hidden)
                        for (const auto& x : s.forces().brigades())
                            if (x.division.rfind("Hidden", 0) == 0 && !hidden_planned.count(x.division) && is_active(x.status) && x.stands > 2 && pick(h, 2)) {
                                table_roll(name, x);
                                ++hidden_done;
                                break;
                            }
                    table_roll(name, mine[pick(rng, mine.size())]);
                    table_roll(name, theirs[pick(rng, theirs.size())]);
                    app::DraftReport kept;
                    kept.engaged = Fog::hidden;
                    s.battles().report_draft(name, kept, app::Mode::apply);
                    break;
                }
                case 13: {
                    // A battle planned: a division of the viewer's deployed (rolled up there if a
                    // placeholder), in the hidden build the enemy's hidden ones too (one rolled up
                    // on the field, one in reserve, maybe brought on), then reserves of both sides
                    // the viewer knows by name, one maybe brought on; maybe reported. The step ends
                    // with what the viewer may read, in both builds.
                    const auto name = "Planned " + std::to_string(++planned);
                    s.plans().plan(name, std::nullopt, "");
                    s.plans().deploy(name, {sides.viewer + " division " + std::to_string(pick(rng, 4))});
                    if (hidden) {
                        const auto field = "Hidden " + std::to_string(hidden_divisions.size());
                        s.forces().add_division(sides.enemy + " corps", field, "");
                        hidden_divisions.push_back(field);
                        const auto reserve = "Hidden " + std::to_string(hidden_divisions.size());
                        s.forces().add_division(sides.enemy + " corps", reserve, "");
                        hidden_divisions.push_back(reserve);
                        s.plans().deploy(name, {field});
                        s.plans().reserve(name, {reserve});
                        hidden_planned.insert({field, reserve});
                        if (pick(h, 2)) s.plans().arrive(name, reserve);
                        ++hidden_done;
                    }
                    const auto enemy = sides.enemy + " division " + std::to_string(pick(rng, 4));
                    s.plans().reserve(name, {enemy, sides.viewer + " division " + std::to_string(pick(rng, 4))});
                    if (pick(rng, 2)) s.plans().arrive(name, enemy);
                    const auto mine = active(sides.viewer, false);
                    if (pick(rng, 2) && !mine.empty()) {
                        battle::Report r;
                        r.name = name;
                        battle::add_loss_spec(r, mine[pick(rng, mine.size())].ref() + "=1");
                        s.battles().report_battle(r, app::Mode::apply);
                    }
                    break;
                }
            }
            what += "kind " + std::to_string(kind) + " done";
        } catch (const Error& e) {
            what += "kind " + std::to_string(kind) + " refused: " + e.what();
        }
        if (touches_hidden && what.find(" done") != std::string::npos) ++hidden_done;
        if (!touches_hidden) {
            // A plan's step refused half way may end on the enemy's hidden part: undo it not.
            undoable = kind != 7 && s.last_operation() != before && !(kind == 13 && what.find(" done") == std::string::npos);
            log.push_back(what);
        }
    }
    return log;
}

// Everything `viewer` may read of the campaign in `db`, from every reading command in every
// format, the journal's clock times blanked (the two builds ran at different moments).
std::string everything_seen(const std::string& db, const std::string& dir, const std::string& viewer) {
    std::string all;
    const auto run = [&](const std::string& args) {
        const auto r = test::run_muster("--db " + test::quote(db) + " " + args);
        INFO(args << "\n" << r.err);
        CHECK(r.code == 0);
        all += "$ " + args + "\n" + r.out;
    };
    for (const std::string command : {"journal", "camp list", "leader list", "exchange list", "battle list", "campaign show", "oob", "turn report"})
        run(command + " --as " + viewer);
    // The planned battles shown (or refused, a name never planned: its words and exit code).
    for (const std::string plan : {"Planned 1", "Planned 2", "Planned 3", "Planned", "Skirmish"}) {
        const auto r = test::run_muster("--db " + test::quote(db) + " battle show " + test::quote(plan) + " --as " + viewer);
        all += "$ battle show " + plan + "\n" + r.out + r.err + "exit " + std::to_string(r.code) + "\n";
    }
    for (const std::string format : {"text", "md", "csv", "html", "json", "pdf"}) {
        const auto file = dir + "/oob." + format;
        std::remove(file.c_str());
        run("export oob --as " + viewer + " --format " + format + " -o " + test::quote(file));
        all += format == "pdf" ? test::pdf_text(file) : test::file_bytes(file);
    }
    for (const std::string format : {"html", "pdf"}) {
        const auto file = dir + "/labels." + format;
        std::remove(file.c_str());
        run("export labels --as " + viewer + " --format " + format + " -o " + test::quote(file));
        all += format == "pdf" ? test::pdf_text(file) : test::file_bytes(file);
    }
    const auto brigadiers = dir + "/brigadiers.pdf";  // the labels with their brigadiers' names
    std::remove(brigadiers.c_str());
    run("export labels --brigadier --as " + viewer + " -o " + test::quote(brigadiers));
    all += test::pdf_text(brigadiers);
    const auto folder = dir + "/handout";
    run("handout --side " + viewer + " -o " + test::quote(folder));
    for (const std::string file : {"oob.pdf", "labels.pdf"}) all += test::pdf_text(folder + "/" + file);
    for (const std::string file : {"papers.txt", "turn.txt", "last-turn.txt"}) all += test::file_bytes(folder + "/" + file);
    return std::regex_replace(all, std::regex("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"), "<time>");
}

// What the GUI draws of the campaign in `db` for `viewer`: its view in the campaign model
// (the order of battle, leaders, camps, prisoners, exchanges, journal, the turn's report and
// the season's picture), written out field by field, clock times blanked.
std::string model_seen(const std::string& db, const std::string& viewer) {
    app::Session s(db, app::Open::existing);
    const auto model = app::load_model(s);
    const auto& seen = model.seen_by(View::of_side(viewer));
    REQUIRE(seen.viewer.side() == viewer);
    // The forces as the order-of-battle panel draws them for the side, and its list of units.
    std::string all = exporter::in_memory(exporter::oob_text, *model.rules, app::view_of(*model.rules, model.oob, {std::nullopt, seen.viewer}), {});
    for (const auto& line : seen.outline) all += std::to_string(line.depth) + " " + line.name + " " + std::to_string(line.stands) + "\n";
    for (const auto i : seen.leaders) {
        const auto& l = model.roster.leaders.at(i);
        const auto held = seen.held_leaders.find(i);
        const auto shown = held != seen.held_leaders.end() ? held->second : l.side == viewer ? l : l.as_enemy_sees();
        all += "leader " + shown.label() + "|" + shown.side + "|" + word(shown.rank) + "|" + shown.grade + "|" + word(shown.status) + "|" +
               shown.command.unit + "\n";
    }
    for (const auto& c : seen.camps) all += "camp " + c.camp.name + "|" + c.camp.side + "|" + join(c.holds, ";") + "\n";
    for (const auto& h : seen.held) all += "held " + h.camp + "|" + h.holder + "|" + h.owner + "|" + h.spec + "|" + h.text + "\n";
    for (const auto& x : seen.exchanges)
        all += "exchange " + x.row.proposer + "|" + x.row.counterpart + "|" + word(x.row.status) + "|" + join(x.offer, ";") + "|" +
               join(x.ask, ";") + "|" + x.balance + "|" + x.lapsed + "\n";
    for (const auto& e : seen.journal) {
        all += "entry " + std::to_string(e.id) + "|" + word(e.kind) + "|" + e.summary + "|" + std::to_string(e.undoable) + "\n";
        for (const auto& r : e.rolls) all += "  roll " + r.roll.purpose + "|" + r.roll.thrown.faces_text() + "|" + r.roll.result + "\n";
    }
    const auto series = [&](const char* what, const std::vector<app::Series>& list) {
        for (const auto& x : list) {
            all += std::string(what) + " " + x.name + "|" + x.side;
            for (const int v : x.values) all += "|" + std::to_string(v);
            all += "\n";
        }
    };
    all += "turn report " + seen.turn_report + "\n";
    for (const auto& p : seen.plans) {
        all += "plan " + p.plan.name + "|" + text_or(p.plan.date, "") + "|" + p.plan.place + "|" + std::to_string(p.reported()) + "|" +
               std::to_string(p.draft_lines.has_value());
        for (const auto* part : {&p.deployed, &p.reserve, &p.arrived}) {
            all += "|";
            for (const auto& l : *part) all += l.division + "," + l.side + "," + word(l.status) + "," + std::to_string(l.fog.has_value()) + ";";
        }
        all += "\n";
    }
    all += "battles " + join(seen.picture.battles, ";") + "\n";
    series("stands", seen.picture.stands);
    series("losses", seen.picture.losses);
    series("prisoners", seen.picture.prisoners);
    for (const auto& b : seen.picture.lines) {
        all += "line " + b.name + "|" + b.place + "|" + std::to_string(b.recovered);
        for (const auto& x : b.sides)
            all += "|" + x.side + ":" + std::to_string(x.known) + "," + std::to_string(x.divisions) + "," + std::to_string(x.casualties) + "," +
                   std::to_string(x.captured) + "," + std::to_string(x.returned) + "," + std::to_string(x.leaders) + "," + std::to_string(x.guns);
        all += "\n";
    }
    return all;
}

// What a player of `viewer` reads over HTTP: every page and paper of his link, and what the
// site answers him when he names the enemy's hidden units (refused, writing nothing). The form
// token, which each run of the server makes afresh, is blanked.
std::string served_seen(const std::string& db, const std::string& viewer) {
    const auto link = test::link_path(test::run_muster("--db " + test::quote(db) + " player add Probe --side " + viewer).out);
    const test::Served server(db);
    std::string all;
    for (const char* page : {"oob", "season", "battles", "camps", "journal", "orders", "papers", "handout/papers.txt", "handout/turn.txt", "handout/last-turn.txt"}) {
        const auto r = server.get(link + page);
        CHECK(r.status == 200);
        all += std::string("GET ") + page + " " + std::to_string(r.status) + "\n" + r.body;
    }
    for (const char* pdf : {"handout/oob.pdf", "handout/labels.pdf"}) {
        const auto r = server.get(link + pdf);
        const auto file = db + ".probe.pdf";
        std::ofstream(file, std::ios::binary) << r.body;
        all += std::string("GET ") + pdf + " " + std::to_string(r.status) + "\n" + test::pdf_text(file);
    }
    CHECK(all.find("Hidden") == std::string::npos);  // what the site shows of itself; below, the probes echo what is typed
    const auto token = test::form_token(server.get(link + "orders").body);
    for (const std::string losses : {"Hidden 0/Secret Brigade=1", "Hidden 1/1st Brigade=1", "Hidden 9/Nothing=1"})
        for (const std::string battle : {"Secret Raid 1", "Secret Rad 1", "Battle 1", "Batle 1", "Never Fought"}) {  // slips too: a name "did you mean" may offer
            const auto r = server.post(link + "losses", {{"token", token}, {"battle", battle}, {"losses", losses}});
            all += "POST losses " + battle + " " + losses + " " + std::to_string(r.status) + "\n" + r.body;
        }
    return std::regex_replace(std::regex_replace(all, std::regex("name=\"token\" value=\"[0-9a-f]+\""), "name=\"token\""),
                              std::regex("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"), "<time>");
}

// Probes: the enemy's secret battle by its name, a prefix, a misspelling and in other case,
// and a name that was never anyone's; a prisoner by a leader's number, which counts both
// sides' leaders; what each answers (its words and exit code) must not tell them apart.
std::string probes(const std::string& db, const std::string& dir, const std::string& viewer) {
    std::string all;
    for (const std::string name : {"Secret Raid 1", "Secret", "Secrat Raid 1", "secret raid 1", "Never Fought"})
        for (const auto& command : {"battle show " + test::quote(name) + " --as " + viewer,
                                          "export oob --as " + viewer + " --battle " + test::quote(name) + " -o " + test::quote(dir + "/probe.txt")}) {
            const auto r = test::run_muster("--db " + test::quote(db) + " " + command);
            all += "$ " + command + "\n" + r.out + r.err + "exit " + std::to_string(r.code) + "\n";
        }
    app::Session s(db, app::Open::existing);
    for (int n = 1; n <= 80; ++n)
        for (const std::string item : {"leader:#", "leader:leader #"})
            for (const bool offer : {true, false}) {
                const std::vector<std::string> items{item + std::to_string(n)};
                all += "propose " + items.front() + (offer ? " offered: " : " asked: ");
                try {
                    s.prisoners().propose_exchange({viewer, "", offer ? items : std::vector<std::string>{}, offer ? std::vector<std::string>{} : items, ""});
                    all += "proposed\n";
                } catch (const UsageError& e) {
                    all += std::string("usage: ") + e.what() + "\n";
                } catch (const Error& e) {
                    all += e.what() + std::string("\n");
                }
            }
    return all;
}

}  // namespace

TEST_CASE("A side's view of everything is byte-identical with and without the enemy's hidden divisions") {
    int hidden_steps = 0, secret_battles = 0, hidden_done = 0;
    // Six seeds: each rule set with each side the viewer; in the sanitizer build, one (of the
    // AWI, which has play tables: the table side rolls beside hidden units there too).
    int table_battles = 0, battles_seen = 0, plans_shown = 0;
    for (std::uint64_t seed = 13; seed < 13u + static_cast<std::uint64_t>(test::scaled(6)); ++seed) {
        const auto& game = games()[seed % 3];
        const Sides sides = seed % 2 ? Sides{game.first_side, game.second_side} : Sides{game.second_side, game.first_side};
        INFO("seed " << seed << ", " << game.rules << ", the " << sides.viewer << "'s view");
        test::TempDir dir;
        const auto with = dir.file("with.db"), without = dir.file("without.db");
        int done = 0;
        const auto steps_with = build(with, game, seed, sides, true, done);
        const auto steps_without = build(without, game, seed, sides, false, done);
        hidden_done += done;
        CHECK(steps_with == steps_without);  // every step the viewer may know of went the same way
        // The builds differ: the umpire sees the hidden divisions in one of them only.
        const auto umpire_with = test::run_muster("--db " + test::quote(with) + " oob").out;
        const auto umpire_without = test::run_muster("--db " + test::quote(without) + " oob").out;
        REQUIRE(umpire_with.find("Hidden") != std::string::npos);
        CHECK(umpire_without.find("Hidden") == std::string::npos);
        const auto battles = test::run_muster("--db " + test::quote(with) + " battle list").out;
        secret_battles += battles.find("Secret Raid 1") != std::string::npos;
        table_battles += battles.find("Table Battle 1") != std::string::npos;
        hidden_steps += static_cast<int>(test::run_muster("--db " + test::quote(with) + " journal").out.size() -
                                         test::run_muster("--db " + test::quote(without) + " journal").out.size());
        const auto seen_with = everything_seen(with, dir.path(), sides.viewer);
        const auto seen_without = everything_seen(without, dir.path(), sides.viewer);
        CHECK(seen_with.find("Hidden") == std::string::npos);
        CHECK(seen_with.find("Secret") == std::string::npos);
        CHECK(seen_with == seen_without);
        if (seen_with != seen_without && std::getenv("MUSTER_SECRECY_DIFF")) {  // to see the difference
            std::ofstream(std::string(std::getenv("MUSTER_SECRECY_DIFF")) + ".with." + std::to_string(seed)) << seen_with;
            std::ofstream(std::string(std::getenv("MUSTER_SECRECY_DIFF")) + ".without." + std::to_string(seed)) << seen_without;
            std::ofstream(std::string(std::getenv("MUSTER_SECRECY_DIFF")) + ".umpire." + std::to_string(seed))
                << test::run_muster("--db " + test::quote(with) + " journal").out;
        }
        CHECK(probes(with, dir.path(), sides.viewer) == probes(without, dir.path(), sides.viewer));
        // The GUI's side view, compared through the model it draws from.
        const auto model_with = model_seen(with, sides.viewer);
        CHECK(model_with.find("Hidden") == std::string::npos);
        CHECK(model_with == model_seen(without, sides.viewer));
        battles_seen += model_with.find("Battle 1") != std::string::npos;
        // A player of the side at his own screen, over HTTP.
        const auto served_with = served_seen(with, sides.viewer);
        CHECK(served_with == served_seen(without, sides.viewer));
        battles_seen += served_with.find("Battle 1") != std::string::npos;
        // ...and the view is not empty: it holds battles, prisoners, the enemy it has seen.
        battles_seen += seen_with.find("Battle 1") != std::string::npos;
        CHECK(seen_with.find(sides.enemy + " division") != std::string::npos);
        plans_shown += (seen_with.find("Planned battle of Planned") != std::string::npos || seen_with.find("As planned") != std::string::npos) &&
                       model_with.find("plan Planned") != std::string::npos;
    }
    CHECK(hidden_steps > 0);
    CHECK(secret_battles > 0);  // the probes had a secret battle to look for
    CHECK(table_battles > 0);   // the table side rolled beside hidden units
    CHECK(battles_seen > 0);    // ...and the views held battles the side fought, in every way it reads them
    CHECK(plans_shown > 0);     // ...and battles planned beside the enemy's hidden divisions
    WARN(hidden_done << " steps done to the enemy's hidden divisions");
    CHECK(hidden_done >= 10 * test::scaled(6));  // they were done, not refused
}

namespace {

// A campaign of two small armies: the Union's Wadsworth arrived, the Confederates' Heth not yet,
// a Union camp, a despicable Confederate corps leader.
const std::vector<std::string> k_small_war = {
    "campaign new T --rules acw --date 1863-07-01 --theater east --seed 7",
    "add army AoP --side union --leader Meade --grade average",
    "add corps \"I Corps\" --army AoP --leader Reynolds --grade average",
    "add division Wadsworth --corps \"I Corps\"",
    "add army ANV --side confederate --leader Lee --grade average",
    "add corps \"Third Corps\" --army ANV --leader Hill --grade despicable",
    "add division Heth --corps \"Third Corps\"",
    "camp new \"Fort Delaware\" --side union",
    "arrive Wadsworth"};

// What the campaign does in both builds, in the one with the enemy's hidden doings only, or in
// the one without them only (the same hidden doing at another moment), in order.
enum Build { both, with_hidden, without };
struct Step {
    Build build;
    std::string command;  ///< a muster command, or "submit SIDE|BATTLE|LOSSES": losses a player of SIDE submits over HTTP
    bool tried = false;   ///< the umpire tries it: done or refused, the side must not tell which
};

// Losses a player of `side` submits at his Orders page ("Wadsworth/1st Brigade=1"): 200 when
// taken.
int submit(const std::string& db, const std::string& side, const std::string& battle, const std::string& losses) {
    const auto link = test::link_path(test::run_muster("--db " + test::quote(db) + " player add \"Player of " + side + "\" --side " + side).out);
    const test::Served server(db);
    const auto token = test::form_token(server.get(link + "orders").body);
    return server.post(link + "losses", {{"token", token}, {"battle", battle}, {"losses", losses}}).status;
}

// A story played twice from `setup`, with and without its hidden steps: `viewer` must read
// everything alike (every command and export, the GUI model, the served pages), while the
// umpire's journals differ (the hidden steps were taken). MUSTER_SECRECY_DIFF=PREFIX writes the
// two readings where they differ.
void play_story(const std::vector<std::string>& setup, const std::vector<Step>& steps, const std::string& viewer) {
    test::TempDir dir;
    std::string seen[2];
    for (const bool hidden : {false, true}) {
        const auto db = dir.file(hidden ? "with.db" : "without.db");
        for (const auto& command : setup) REQUIRE(test::run_muster("--db " + test::quote(db) + " " + command).code == 0);
        for (const auto& step : steps) {
            if (step.build != both && (step.build == with_hidden) != hidden) continue;
            INFO(step.command);
            if (step.command.rfind("submit ", 0) == 0) {
                const auto bar = step.command.find('|'), last = step.command.rfind('|');
                REQUIRE(submit(db, step.command.substr(7, bar - 7), step.command.substr(bar + 1, last - bar - 1), step.command.substr(last + 1)) == 200);
                continue;
            }
            const auto r = test::run_muster("--db " + test::quote(db) + " " + step.command);
            INFO(r.err);
            if (!step.tried) REQUIRE(r.code == 0);
        }
        seen[hidden] = everything_seen(db, dir.path(), viewer) + model_seen(db, viewer) + served_seen(db, viewer);
    }
    const auto umpire = [&](const char* db) {
        return std::regex_replace(test::run_muster("--db " + test::quote(dir.file(db)) + " journal").out,
                                  std::regex("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"), "<time>");
    };
    CHECK(umpire("with.db") != umpire("without.db"));
    CHECK(seen[false] == seen[true]);
    if (seen[false] != seen[true] && std::getenv("MUSTER_SECRECY_DIFF")) {
        std::ofstream(std::string(std::getenv("MUSTER_SECRECY_DIFF")) + ".a") << seen[false];
        std::ofstream(std::string(std::getenv("MUSTER_SECRECY_DIFF")) + ".b") << seen[true];
    }
}

}  // namespace

TEST_CASE("What the enemy does out of sight does not show through a shared plan, a corps leader's attachment or a prisoner's fate") {
    // Each story is played twice, with and without its hidden steps; the Union's view of
    // everything must not tell the two apart.
    const std::vector<std::pair<std::string, std::vector<Step>>> stories = {
        {"a corps leader attached to a hidden division's leader, his grade revealed",
         {{with_hidden, "add division Pender --corps \"Third Corps\""}, {with_hidden, "arrive Pender"}, {both, "arrive Heth"}, {both, "reveal Heth"},
          {with_hidden, "leader attach Hill Pender"}, {both, "leader reveal Hill"}}},
        // Refused: else the plan would read open to the Union still, while its divisions could no
        // longer be deployed into it, and could be deployed elsewhere though it holds them.
        {"a plan every side reads, closed by a battle of the enemy's hidden division alone",
         {{with_hidden, "add division Pender --corps \"Third Corps\""}, {with_hidden, "arrive Pender"}, {both, "battle plan \"Big Fight\""},
          {with_hidden, "battle report --name \"Big Fight\" --loss \"Pender/1st Brigade=1\"", true}, {both, "battle deploy \"Big Fight\" Wadsworth", true},
          {both, "battle plan Other"}, {both, "battle deploy Other Wadsworth", true}}},
        // No enemy there, no enemy saw it, though it has seen the division elsewhere: not its
        // leaders' falls (their status, the labels naming them), nor the plan closed.
        {"a battle fought alone by a division the enemy has seen, its leaders falling there",
         {{both, "arrive Heth"}, {both, "reveal Heth"}, {both, "battle plan Raid"},
          {with_hidden, "battle report --name Raid --division Heth --leader \"Heth/1st Brigade:killed\" --leader Hill:wounded/2", true},
          {with_hidden, "battle report --name Solo --division Heth --leader \"Heth/1st Brigade:killed\" --leader Hill:wounded/2"}}},
        // Refused, both ways: the seen brigade would grow by stands the Union never saw, or be
        // merged into one it cannot read.
        {"a hidden brigade merged into a seen one, and a seen one into a hidden one",
         {{both, "arrive Heth"}, {both, "reveal Heth"}, {with_hidden, "add division Pender --corps \"Third Corps\""}, {with_hidden, "arrive Pender"},
          {both, "battle report --name Skirmish --loss \"Wadsworth/1st Brigade=1\" --loss \"Heth/1st Brigade=2\" --loss \"Heth/2nd Brigade=2\""},
          {both, "battle recover Skirmish"},
          {with_hidden, "brigade merge \"Pender/1st Brigade\" --into \"Heth/1st Brigade\"", true},
          {with_hidden, "brigade merge \"Heth/2nd Brigade\" --into \"Pender/2nd Brigade\"", true}}},
        // The same with the seen one hidden again first: the Union would read the merge once
        // Heth is revealed again.
        {"a hidden brigade merged into one seen before and hidden again, and such a one into a hidden one",
         {{both, "arrive Heth"}, {both, "reveal Heth"}, {with_hidden, "add division Pender --corps \"Third Corps\""}, {with_hidden, "arrive Pender"},
          {both, "battle report --name Skirmish --loss \"Wadsworth/1st Brigade=1\" --loss \"Heth/1st Brigade=2\" --loss \"Heth/2nd Brigade=2\""},
          {both, "battle recover Skirmish"}, {both, "reveal --hide Heth"},
          {with_hidden, "brigade merge \"Pender/1st Brigade\" --into \"Heth/1st Brigade\"", true},
          {with_hidden, "brigade merge \"Heth/2nd Brigade\" --into \"Pender/2nd Brigade\"", true}, {both, "reveal Heth"}}},
        // And with a division the Union knows by name alone (revealed as a placeholder): it
        // never read a brigade of it.
        {"a brigade of a division known by name alone merged with one seen before and hidden again",
         {{both, "arrive Heth"}, {both, "reveal Heth"}, {both, "add division Pender --corps \"Third Corps\""}, {both, "reveal Pender"}, {both, "arrive Pender"},
          {both, "battle report --name Skirmish --loss \"Wadsworth/1st Brigade=1\" --loss \"Heth/1st Brigade=2\" --loss \"Heth/2nd Brigade=2\""},
          {both, "battle recover Skirmish"}, {both, "reveal --hide Heth"}, {with_hidden, "battle report --name Solo --division Pender"},
          {with_hidden, "brigade merge \"Pender/1st Brigade\" --into \"Heth/1st Brigade\"", true},
          {with_hidden, "brigade merge \"Heth/2nd Brigade\" --into \"Pender/2nd Brigade\"", true}, {both, "reveal Heth"}}},
        {"prisoners of a hidden division freed after their brigade was disbanded and another grew past its start",
         {{both, "add division Pender --corps \"Third Corps\""}, {both, "arrive Pender"},
          {both, "battle report --name Skirmish --loss \"Wadsworth/1st Brigade=1\" --captured \"Pender/2nd Brigade=1@Fort Delaware\" "
                  "--captured \"Pender/3rd Brigade=1@Fort Delaware\" --keep-hidden"},
          {with_hidden, "brigade disband \"Pender/3rd Brigade\""}, {with_hidden, "brigade merge \"Pender/4th Brigade\" --into \"Pender/2nd Brigade\""},
          {both, "camp liberate \"Fort Delaware\""}}},
        {"prisoners of a hidden division, their units and leader renamed and replaced out of the captor's sight, then exchanged and freed",
         {{both, "add division Pender --corps \"Third Corps\""}, {both, "arrive Pender"},
          {both, "battle report --name Skirmish --loss \"Wadsworth/1st Brigade=1\" --captured \"Pender/2nd Brigade=1@Fort Delaware\" "
                  "--captured \"Pender/3rd Brigade=2@Fort Delaware\" --leader \"Pender/2nd Brigade:captured@Fort Delaware\" --keep-hidden"},
          {with_hidden, "rename leader \"Pender/2nd Brigade\" \"Micah Jenkins\""}, {with_hidden, "leader replace \"Pender/2nd Brigade\""},
          {with_hidden, "rename brigade \"Pender/3rd Brigade\" \"Scales' Brigade\""}, {with_hidden, "rename division Pender \"Pender's Division\""},
          {both, "exchange propose --from union --offer \"stands:Pender/3rd Brigade=1\""}, {both, "exchange accept 1 --side confederate"},
          {both, "camp liberate \"Fort Delaware\""}}},
        {"prisoners of a hidden division exchanged home to a brigade grown past its start",
         {{both, "add division Pender --corps \"Third Corps\""}, {both, "arrive Pender"},
          {both, "battle report --name Skirmish --loss \"Wadsworth/1st Brigade=1\" --captured \"Pender/2nd Brigade=1@Fort Delaware\" --keep-hidden"},
          {with_hidden, "brigade merge \"Pender/4th Brigade\" --into \"Pender/2nd Brigade\""},  // 14, and the one held: a label fields 15
          {both, "exchange propose --from union --offer \"stands:Pender/2nd Brigade=1\""}, {both, "exchange accept 1 --side confederate"}}},
        {"an enemy leader taken from a hidden division that arrived before or after the side's own",
         {{with_hidden, "add division Pender --corps \"Third Corps\""}, {with_hidden, "arrive Pender"},
          {both, "add division Doubleday --corps \"I Corps\""}, {both, "arrive Doubleday"},
          {without, "add division Pender --corps \"Third Corps\""}, {without, "arrive Pender"},
          {both, "battle report --name Skirmish --loss \"Wadsworth/1st Brigade=1\" --leader \"Pender/2nd Brigade:captured@Fort Delaware\" --keep-hidden"}}},
        {"an enemy camp made before or after the side's own",
         {{with_hidden, "camp new Libby --side confederate"}, {both, "camp new Elmira --side union"}, {without, "camp new Libby --side confederate"},
          {both, "arrive Heth"}, {both, "reveal Heth"},
          {both, "battle report --name Skirmish --captured \"Wadsworth/1st Brigade=1@Libby\" --captured \"Heth/1st Brigade=1@Elmira\""}}},
        // A camp's name is its side's own: the Union's new camp is not refused for the name of
        // one it cannot see, and each side's camp takes its enemy's prisoners by that name.
        {"an enemy camp holding none of the side's men, named as the side's new camp",
         {{with_hidden, "camp new \"ELMIRA\" --side confederate"}, {both, "camp new Elmira --side union"}, {both, "arrive Heth"}, {both, "reveal Heth"},
          {both, "battle report --name Skirmish --captured \"Heth/1st Brigade=1@Elmira\""}, {both, "camp liberate \"Elmira (Union)\""}}},
        {"a corps leader fallen and a reserve battery lost where only the enemy's hidden divisions fought",
         {{with_hidden, "add division Pender --corps \"Third Corps\""}, {with_hidden, "arrive Pender"},
          {with_hidden, "battle report --name Skirmish --keep-hidden --loss \"Wadsworth/1st Brigade=2\" --loss \"Pender/1st Brigade=1\" "
                        "--leader Hill:wounded/1 --battery \"Third Corps/1st Battery:wrecked\""},
          {without, "battle report --name Skirmish --keep-hidden --loss \"Wadsworth/1st Brigade=2\""}}},
        {"a corps leader wounded where only the enemy's hidden divisions fought, his corps seen",
         {{both, "arrive Heth"}, {both, "reveal Heth"}, {with_hidden, "add division Pender --corps \"Third Corps\""}, {with_hidden, "arrive Pender"},
          {with_hidden, "battle report --name Quiet --keep-hidden --loss \"Pender/1st Brigade=1\" --leader Hill:wounded/1"}}},
        {"a corps the side never reads, its leader's name one the side's names are drawn past",
         {{with_hidden, "add corps \"Second Corps\" --army ANV --leader Withers --grade average"}, {both, "arrive Heth"}, {both, "reveal Heth"}}},
        {"a reserve battery taken, numbered in its reserve after a hidden division's",
         {{with_hidden, "add division Pender --corps \"Third Corps\""}, {with_hidden, "arrive Pender"}, {both, "arrive Heth"}, {both, "reveal Heth"},
          {with_hidden, "battle report --name Skirmish --loss \"Wadsworth/1st Brigade=1\" --battery \"Third Corps/2nd Battery:captured@Fort Delaware\""},
          {without, "battle report --name Skirmish --loss \"Wadsworth/1st Brigade=1\" --battery \"Third Corps/1st Battery:captured@Fort Delaware\""},
          {both, "exchange propose --from union --offer \"battery:Third Corps/reserve battery lost at Skirmish\""}, {both, "exchange accept 1 --side confederate"}}},
        {"leaders the side saw wounded, out for a battle, when only the enemy's hidden divisions fought since",
         {{both, "arrive Heth"}, {both, "reveal Heth"},
          {both, "battle report --name Day1 --loss \"Heth/1st Brigade=1\" --leader \"Heth/1st Brigade:wounded/1\" --leader Hill:wounded/1"},
          {with_hidden, "add division Pender --corps \"Third Corps\""}, {with_hidden, "arrive Pender"},
          {with_hidden, "battle report --name Raid --keep-hidden --loss \"Pender/1st Brigade=1\""},
          {both, "leader return \"Heth/1st Brigade\"", true}, {both, "leader return Hill", true}}},
        {"a division seen under a name a hidden one bore before it was renamed: its arrival and its recovery's dice",
         {{with_hidden, "add division Ghost --corps \"Third Corps\""}, {with_hidden, "arrive Ghost"},
          {with_hidden, "battle report --name Raid --keep-hidden --loss \"Ghost/1st Brigade=3\""}, {with_hidden, "battle recover Raid"},
          {with_hidden, "rename division Ghost Phantom"},
          {both, "add division Ghost --corps \"Third Corps\""}, {both, "arrive Ghost"}, {both, "reveal Ghost"},
          {both, "battle report --name Fight --loss \"Ghost/1st Brigade=3\" --loss \"Wadsworth/1st Brigade=1\""}, {both, "battle recover Fight"}}},
        {"a division that fought hidden, revealed since: its battle, the plan every side reads that it could not close, a corps leader "
         "who fell there, a wounded leader's return",
         {{both, "add division Pender --corps \"Third Corps\""}, {both, "arrive Pender"}, {both, "arrive Heth"}, {both, "reveal Heth"},
          {both, "battle report --name Day1 --loss \"Heth/1st Brigade=1\" --leader \"Heth/1st Brigade:wounded/1\""},
          {both, "battle plan \"Big Fight\""}, {with_hidden, "battle report --name \"Big Fight\" --keep-hidden --division Pender --leader Hill:wounded/1", true},
          {with_hidden, "battle report --name Sideshow --keep-hidden --division Pender --leader Hill:wounded/1"},
          {both, "reveal Pender"}, {both, "leader return \"Heth/1st Brigade\"", true}}},
        {"a brigadier fallen with a division kept hidden beside one seen, his division revealed since",
         {{both, "add division Pender --corps \"Third Corps\""}, {both, "arrive Pender"}, {both, "arrive Heth"}, {both, "reveal Heth"},
          {with_hidden, "battle report --name Mixed --keep-hidden --division Wadsworth --division Heth --division Pender --loss \"Wadsworth/1st Brigade=1\" "
                        "--leader \"Pender/1st Brigade:wounded/2\""},
          {without, "battle report --name Mixed --keep-hidden --division Wadsworth --division Heth --loss \"Wadsworth/1st Brigade=1\""},
          {both, "reveal Pender"}}},
        {"a recovery that returns only the casualties of a division kept hidden, where the side lost none",
         {{both, "arrive Heth"},
          {both, "battle report --name P --keep-hidden --division Wadsworth --division Heth --captured \"Heth/1st Brigade=1@Fort Delaware\" "
                 "--loss \"Heth/1st Brigade=2\""},
          {with_hidden, "battle recover P"}}},
        {"a reserve battery taken where the side saw none of its corps, beside another of that reserve wrecked out of its sight",
         {{both, "add division Pender --corps \"Third Corps\""}, {both, "arrive Pender"}, {both, "arrive Heth"},
          {with_hidden, "battle report --name X --keep-hidden --division Wadsworth --division Heth --loss \"Wadsworth/1st Brigade=1\" "
                        "--battery \"Third Corps/2nd Battery:wrecked\" --battery \"Third Corps/1st Battery:captured@Fort Delaware\""},
          {without, "battle report --name X --keep-hidden --division Wadsworth --division Heth --loss \"Wadsworth/1st Brigade=1\" "
                    "--battery \"Third Corps/1st Battery:captured@Fort Delaware\""}}},
        {"a placeholder seen by name, arrived out of sight, then renamed or not",
         {{both, "add division Johnson --corps \"Third Corps\" --leader \"Edward Johnson\""}, {both, "reveal Johnson"},
          {with_hidden, "arrive Johnson"}, {with_hidden, "rename division Johnson Allegheny", true}}},
    };
    for (const auto& [story, steps] : stories) {
        INFO(story);
        play_story(k_small_war, steps, "union");
    }
}

TEST_CASE("A division the enemy knows by name only is not renamed out of its sight") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    for (const auto& command : k_small_war) REQUIRE(test::run_muster("--db " + test::quote(db) + " " + command).code == 0);
    const auto run = [&](const std::string& command) { return test::run_muster("--db " + test::quote(db) + " " + command); };
    REQUIRE(run("reveal Heth").code == 0);
    REQUIRE(run("arrive Heth").code == 0);  // hidden again, its name seen
    const auto before = run("oob --as union").out;
    const auto refused = run("rename division Heth Pettigrew");
    CHECK(refused.code == 1);
    CHECK_THAT(refused.err, Contains("which has read it"));
    CHECK(run("oob --as union").out == before);
    CHECK(run("reveal Heth").code == 0);  // seen whole: its new name is the enemy's to read
    CHECK(run("rename division Heth Pettigrew").code == 0);
    CHECK_THAT(run("oob --as union").out, Contains("Pettigrew"));
}

TEST_CASE("A unit's dice after its division is revealed do not go on from what it rolled while hidden") {
    // Heth/1st Brigade's commander replaced and put back out of the Union's sight, then the
    // brigade, revealed, gets a new commander whose grade the Union is shown.
    auto setup = k_small_war;
    setup.front() += " --leader-names off";
    setup.push_back("arrive Heth");
    play_story(setup,
               {{with_hidden, "leader replace \"Heth/1st Brigade\" --force"},
                {with_hidden, "leader assign \"former commander of Heth/1st Brigade\" \"Heth/1st Brigade\" --force"},
                {both, "reveal Heth"},
                {both, "leader replace \"Heth/1st Brigade\" --force"}, {both, "leader reveal \"Heth/1st Brigade\""},
                {both, "leader replace \"Heth/1st Brigade\" --force"}, {both, "leader reveal \"Heth/1st Brigade\""},
                {both, "leader replace \"Heth/1st Brigade\" --force"}, {both, "leader reveal \"Heth/1st Brigade\""}},
               "union");
}

TEST_CASE("A corps' or an army's new commander is rolled and named from what the enemy reads of it, and his dice go on from its first sight of it") {
    // The year of a division the enemy never saw: the leader table and the names that fit.
    play_story({"campaign new G --sample gettysburg --seed 3", "arrive --due", "reveal Pickett"},
               {{with_hidden, "add division Xtra --corps \"First Corps\""}, {with_hidden, "arrive Xtra --year 1865"},
                {both, "leader replace \"First Corps\" --force"}, {both, "leader reveal \"First Corps\""}},
               "union");
    // The nationality of a placeholder it never saw: the list the names are drawn from.
    play_story({"campaign new N --sample grossbeeren --seed 3", "arrive --due", "reveal Borstell", "reveal Durutte"},
               {{with_hidden, "add division Xtra --corps \"III Corps\""}, {with_hidden, "division nationality Xtra russian"},
                {both, "leader replace \"III Corps\" --force"}, {both, "leader replace \"Army of the North\" --force"}},
               "french");
    // A placeholder seen by name, arrived out of sight with a year of its own: the year, and its
    // name, are not the Union's to read.
    play_story({"campaign new G --sample gettysburg --seed 3", "arrive --due", "reveal Heth", "reveal Wadsworth", "reveal Anderson", "reveal Hood"},
               {{with_hidden, "arrive Anderson --year 1865"}, {with_hidden, "arrive Hood"},
                {both, "leader replace \"Third Corps\" --force"}, {both, "leader replace \"Army of Northern Virginia\" --force"}},
               "union");
    // Second Corps' commander replaced and put back while the Union saw none of its divisions:
    // once it sees Early, the corps' dice are its own from then on.
    play_story({"campaign new G --sample gettysburg --seed 3", "arrive --due", "reveal Wadsworth"},
               {{with_hidden, "leader replace \"Second Corps\" --force"}, {with_hidden, "leader assign Ewell \"Second Corps\" --force"},
                {both, "reveal Early"}, {both, "leader replace \"Second Corps\" --force"}, {both, "leader reveal \"Second Corps\""}},
               "union");
}

TEST_CASE("A corps leader's attachment the enemy reads outlasts a fall of either leader it did not see") {
    // Hill (despicable, his grade revealed by a penalty) attached to Heth, whom the Union has seen.
    const std::vector<std::string> setup = {"campaign new G --sample gettysburg --seed 3", "arrive --due", "reveal Heth", "reveal Wadsworth",
                                            "leader penalty Hill"};
    auto attached = setup;
    attached.push_back("leader attach Hill Heth");
    // Hill wounded with hidden Pender alone; back, or not: the Union reads the attachment all
    // along. (Heth's fall the Union sees: it has seen his division.)
    play_story(attached, {{with_hidden, "battle report --name Hx --division Pender --leader \"Hill:wounded/1\" --keep-hidden"}}, "union");
    play_story(attached, {{with_hidden, "battle report --name Hx --division Pender --leader \"Hill:wounded/1\" --keep-hidden"},
                          {with_hidden, "battle report --name Hz --division Pender --keep-hidden"},
                          {with_hidden, "leader return Hill"}},
               "union");
    // Attached already as the Union reads him, he is refused another attachment, and Heth a
    // replacement, as though he had not fallen.
    play_story(attached, {{with_hidden, "battle report --name Hx --division Pender --leader \"Hill:wounded/1\" --keep-hidden"},
                          {both, "leader attach Hill Pender", true}, {both, "leader replace Heth --force", true}},
               "union");
    // Attached after a fall the Union did not see: as though he had not fallen.
    play_story(setup, {{with_hidden, "battle report --name Hx --division Pender --leader \"Hill:wounded/1\" --keep-hidden"},
                       {both, "leader attach Hill Heth"}},
               "union");
    // His own side reads him out of play, and the attachment with him; back, in it again.
    test::TempDir dir;
    const auto db = dir.file("c.db");
    const auto run = [&](const std::string& command) { return test::run_muster("--db " + test::quote(db) + " " + command); };
    for (const auto& command : attached) REQUIRE(run(command).code == 0);
    REQUIRE(run("battle report --name Hx --division Pender --leader \"Hill:wounded/1\" --keep-hidden").code == 0);
    CHECK_THAT(run("oob --side confederate --as union").out, Contains("attached to Heth"));
    CHECK_THAT(run("oob --side confederate --as confederate").out, !Contains("attached to Heth"));
    CHECK(run("check").code == 0);
}

TEST_CASE("A brigade disbanded where the enemy sees it lets go of its commander then, not when he is given a unit out of its sight") {
    play_story({"campaign new G --sample gettysburg --seed 7", "arrive --due", "reveal Pickett", "brigade disband \"Pickett/Kemper's Brigade\""},
               {{with_hidden, "leader assign Kemper \"Heth/Pettigrew's Brigade\" --force"}}, "union");
}

TEST_CASE("A wounded leader's time out, as the enemy reads it, counts only battles it fought") {
    // Heth wounded where the Union saw him fall; then a battle of the Confederates alone, Heth's
    // division there: the Union's leader list counts none, nor does his return.
    play_story({"campaign new G --sample gettysburg --seed 3", "arrive --due", "reveal Heth", "reveal Wadsworth",
                "battle report --name S1 --division Heth --division Wadsworth --leader \"Heth:wounded/1\""},
               {{with_hidden, "battle report --name Hx --division Heth --keep-hidden"}, {both, "leader return Heth", true}}, "union");
}

TEST_CASE("A casualty roll in no battle, on a corps leader whose corps the enemy reads, is his side's to read") {
    // L'Ordre Mixte's Fallen Leaders table rolled for Reynier (VII Corps, whose Durutte the Allies
    // have seen): his side's journal tells it, and the Allies read him as before.
    play_story({"campaign new N --sample grossbeeren --seed 3", "reveal Durutte"}, {{with_hidden, "leader casualty Reynier --rolls 1+1"}}, "allies");
    // So is one after a battle the enemy saw him fight (his time out counts from that battle, but
    // he did not fall there): Thümen's brigadier, grievously wounded on a roll of 6.
    play_story({"campaign new N --sample grossbeeren --seed 3", "arrive Lecoq", "arrive Thümen",
                "battle report --name X --loss \"Lecoq/2nd Brigade=1\" --loss \"Thümen/2nd Brigade=1\""},
               {{with_hidden, "leader casualty \"Thümen/1st Brigade\" --rolls 3+3"}}, "french");
}

TEST_CASE("A leader who fell out of the enemy's sight still stands at the table for the enemy's fire") {
    // O. K. Pirch (Borstell/1st Brigade) is killed on a Fallen Leaders roll in no battle; the French,
    // who read him in play, roll a natural 11 firing on his brigade (seed 3): the Fallen Leaders
    // table is rolled for him as it would be were he alive, and the battle records his fall.
    play_story({"campaign new N --sample grossbeeren --seed 3", "arrive --due", "reveal Durutte", "reveal Borstell"},
               {{with_hidden, "leader casualty \"Borstell/1st Brigade\" --rolls 2+2"},
                {both, "table roll musketry --battle R2 --unit \"Borstell/1st Brigade\" --firer \"Durutte/Jarry's Brigade\" --points 9"},
                {both, "battle report --draft R2"}},
               "french");
}

TEST_CASE("A Main commander killed out of the enemy's sight still commands his unit at the table for it, not his Alternate") {
    // Breymann/1st Battalion's Main is killed in a battle Breymann fights alone while hidden
    // (losing no stand, which its strength, seen whole once revealed, would show); revealed, in a
    // close combat both sides roll, the Americans read the battalion under its Main, as before.
    play_story({"campaign new S --sample saratoga --seed 11", "arrive Breymann", "battle plan Next"},
               {{with_hidden, "battle report --name Clash --division Breymann --leader \"Breymann/1st Battalion:killed\" --keep-hidden"},
                {both, "reveal Breymann"},
                {both, "table roll close_combat --battle Next --unit \"Breymann/1st Battalion\" --defender \"Poor/1st New Hampshire\" --rolls 5,5"},
                {both, "battle report --draft Next"}},
               "american");
}

TEST_CASE("An amended report names the fall of a leader who fell out of the enemy's sight as it would any, and takes it back") {
    // Klux (Borstell/2nd Brigade) grievously wounded on a roll in no battle; the umpire then
    // amends Pz, where the French saw Borstell fight: wounded there, then killed, then not fallen.
    play_story({"campaign new N --sample grossbeeren --seed 3", "arrive --due", "reveal Durutte", "reveal Borstell",
                "battle report --name Pz --division Borstell --division Durutte --loss \"Borstell/1st Brigade=1\""},
               {{with_hidden, "leader casualty \"Borstell/2nd Brigade\" --rolls 3+3 --out-for 2"},
                {both, "battle amend Pz --leader \"Borstell/2nd Brigade:wounded/1\""},
                {both, "battle amend Pz --leader \"Borstell/2nd Brigade:killed\""},
                {both, "battle amend Pz --leader \"Borstell/2nd Brigade:none\""}},
               "french");
}

namespace {

// A table's text with each run of spaces one space: a row read whatever its columns' widths.
std::string spaced(std::string text) {
    text.erase(std::unique(text.begin(), text.end(), [](char a, char b) { return a == ' ' && b == ' '; }), text.end());
    return text;
}

}  // namespace

TEST_CASE("A leader killed out of the enemy's sight and wounded by its fire stays dead") {
    // The battle records the wound the enemy dealt him (it read him in play), but his graver
    // fate stands: no return from his wounds.
    test::TempDir dir;
    const auto db = dir.file("c.db");
    const auto run = [&](const std::string& command) { return test::run_muster("--db " + test::quote(db) + " " + command); };
    for (const auto* command : {"campaign new N --sample grossbeeren --seed 3", "arrive --due", "reveal Durutte", "reveal Borstell",
                                "leader casualty \"Borstell/1st Brigade\" --rolls 2+2"})
        REQUIRE(run(command).code == 0);
    REQUIRE(run("battle report --name R2 --division Durutte --division Borstell --leader \"O. K. Pirch:wounded/1\"").code == 0);
    CHECK_THAT(run("battle show R2").out, Contains("O. K. Pirch: wounded"));
    CHECK_THAT(spaced(run("leader list").out), Contains("O. K. Pirch Allies Brigade commander Average killed"));
    const auto back = run("leader return \"O. K. Pirch\"");
    CHECK(back.code == 1);
    CHECK_THAT(back.err, Contains("killed"));
    // The wound taken back out of R2's report, his death stands, unseen by the French again.
    REQUIRE(run("battle amend R2 --leader \"O. K. Pirch:none\"").code == 0);
    CHECK_THAT(spaced(run("leader list").out), Contains("O. K. Pirch Allies Brigade commander Average killed"));
    CHECK_THAT(spaced(run("leader list --as french").out), Contains("O. K. Pirch Allies Brigade commander not revealed active"));
}

TEST_CASE("A fall taken back out of a report gives a leader back what he was before it, a wound out of the enemy's sight too") {
    // Klux wounded on a roll in no battle, out for 3; the umpire adds a wound at Pz (out for
    // 1), then takes it back: his own side reads him wounded, out for 3, as before; the French, in
    // play, as before.
    test::TempDir dir;
    const auto db = dir.file("c.db");
    const auto run = [&](const std::string& command) { return test::run_muster("--db " + test::quote(db) + " " + command); };
    for (const auto* command : {"campaign new N --sample grossbeeren --seed 3", "arrive --due", "reveal Durutte", "reveal Borstell",
                                "battle report --name Pz --division Borstell --division Durutte --loss \"Borstell/1st Brigade=1\"",
                                "leader casualty \"Borstell/2nd Brigade\" --rolls 3+3 --out-for 3"})
        REQUIRE(run(command).code == 0);
    const auto before = run("leader list").out, french = run("leader list --as french").out;
    REQUIRE(run("battle amend Pz --leader \"Borstell/2nd Brigade:wounded/1\"").code == 0);
    REQUIRE(run("battle amend Pz --leader \"Borstell/2nd Brigade:killed\"").code == 0);
    CHECK_THAT(spaced(run("leader list").out), Contains("Klux Allies Brigade commander Average killed"));
    REQUIRE(run("battle amend Pz --leader \"Borstell/2nd Brigade:none\"").code == 0);
    CHECK(run("leader list").out == before);
    CHECK(run("leader list --as french").out == french);
    CHECK_THAT(run("leader return Klux").err, Contains("out for 3 battles"));
}

TEST_CASE("A leader who fell out of the enemy's sight takes the penalty the enemy chooses as though in play") {
    // Ewell, whose corps the Union reads through Early, is wounded in a battle hidden Johnson
    // fought alone; the penalty the Union then chooses for him is done as it would be were he in
    // play (refused, it would tell the Union of a battle it never saw).
    play_story({"campaign new G --sample gettysburg --seed 7", "arrive --due", "reveal Early"},
               {{with_hidden, "arrive Johnson"},
                {with_hidden, "battle report --name Raid --division Johnson --loss \"Johnson/1st Brigade=1\" --leader \"Ewell:wounded/1\" --keep-hidden"},
                {both, "leader penalty Ewell"}},
               "union");
}

TEST_CASE("A leader the enemy saw fall does not fall again out of its sight, his division hidden again since") {
    // Reynier and a brigadier of Durutte's are killed at V1, where the Allies saw Durutte fight;
    // Durutte is hidden again and fights alone, its report (or an amendment) naming the two
    // fallen again: refused (they are dead), else the Allies, Durutte revealed again, read both in
    // play.
    play_story({"campaign new N --sample grossbeeren --seed 3", "arrive --due", "reveal Durutte", "reveal Borstell",
                "battle report --name V1 --division Durutte --division Borstell --leader Reynier:killed --leader \"Durutte/Jarry's Brigade:killed\"",
                "reveal --hide Durutte"},
               {{with_hidden, "battle report --name Solo --division Durutte"},
                {with_hidden, "battle amend Solo --leader Reynier:wounded/1 --leader \"Durutte/Jarry's Brigade:wounded/1\"", true},
                {with_hidden, "battle report --name Solo2 --division Durutte --leader Reynier:killed", true},
                {both, "reveal Durutte"}},
               "allies");
    // Nor is V1 amended while Durutte is hidden: the Allies, never told, would read the amended
    // record (Jarry not fallen, the loss changed) once it is revealed.
    play_story({"campaign new N --sample grossbeeren --seed 3", "arrive --due", "reveal Durutte", "reveal Borstell",
                "battle report --name V1 --division Durutte --division Borstell --loss \"Durutte/Jarry's Brigade=1\" --leader \"Durutte/Jarry's Brigade:killed\"",
                "reveal --hide Durutte"},
               {{with_hidden, "battle report --name Solo --division Durutte"},
                {with_hidden, "battle amend V1 --leader \"Durutte/Jarry's Brigade:none\"", true},
                {with_hidden, "battle amend V1 --loss \"Durutte/Jarry's Brigade=3\"", true},
                {both, "reveal Durutte"}},
               "allies");
}

TEST_CASE("A leader the enemy saw wounded does not come back early on a battle his division fought alone, hidden again since") {
    // Jarry is wounded at V1 (out for 1), where the Allies saw Durutte fight; Durutte is hidden
    // again and fights alone: that battle does not count toward his return, else the Allies,
    // Durutte revealed again, would read him back in play.
    play_story({"campaign new N --sample grossbeeren --seed 3", "arrive --due", "reveal Durutte", "reveal Borstell",
                "battle report --name V1 --division Durutte --division Borstell --leader \"Durutte/Jarry's Brigade:wounded/1\"", "reveal --hide Durutte"},
               {{with_hidden, "battle report --name Solo --division Durutte"}, {both, "leader return Jarry", true}, {both, "reveal Durutte"}}, "allies");
}

TEST_CASE("A battle whose only enemy was a division kept hidden is, to the other side, a battle it fought alone") {
    // Klux is wounded at V1 (out for 1) before the French. Borstell then fights a French
    // division kept hidden: counted as a battle the enemy saw, it would bring him back, and close
    // the plan P, where without it Borstell fought alone.
    play_story({"campaign new N --sample grossbeeren --seed 3", "arrive --due", "reveal Durutte", "reveal Borstell",
                "battle report --name V1 --division Durutte --division Borstell --leader \"Borstell/2nd Brigade:wounded/1\"", "battle plan P"},
               {{with_hidden, "add division Secret --corps \"VII Corps\""},
                {with_hidden, "arrive Secret"},
                {with_hidden, "battle report --name Sk --division Borstell --division Secret --loss \"Borstell/1st Brigade=1\" --keep-hidden"},
                {without, "battle report --name Sk --division Borstell --loss \"Borstell/1st Brigade=1\" --keep-hidden"},
                {both, "leader return Klux", true},
                {with_hidden, "battle report --name P --division Borstell --division Secret --loss \"Borstell/1st Brigade=1\" --keep-hidden", true},
                {without, "battle report --name P --division Borstell --loss \"Borstell/1st Brigade=1\" --keep-hidden", true}},
               "allies");
}

TEST_CASE("A commander who fell out of the enemy's sight is replaced, where it reads his unit, as though in command and sound") {
    // Jenkins, made despicable by the Union's penalty, keeps his brigade while the Union reads him
    // in play: wounded in a battle Heth fought alone, he is still not replaced, with --force or
    // without; nor is Heth's division commander without --force.
    play_story(k_small_war,
               {{both, "arrive Heth"}, {both, "reveal Heth"}, {both, "leader penalty \"Heth/1st Brigade\""},
                {with_hidden, "battle report --name Solo --division Heth --leader \"Heth/1st Brigade:wounded/1\" --leader Withers:wounded/1"},
                {both, "leader replace \"Heth/1st Brigade\"", true},
                {both, "leader replace \"Heth/1st Brigade\" --force", true},
                {both, "leader replace Heth", true}},
               "union");
    // So too with Heth hidden again first: the Union reads Jenkins again once it is revealed.
    play_story(k_small_war,
               {{both, "arrive Heth"}, {both, "reveal Heth"}, {both, "leader penalty \"Heth/1st Brigade\""}, {both, "reveal --hide Heth"},
                {with_hidden, "battle report --name Solo --division Heth --leader \"Heth/1st Brigade:wounded/1\""},
                {both, "leader replace \"Heth/1st Brigade\"", true},
                {both, "leader replace \"Heth/1st Brigade\" --force", true},
                {both, "reveal Heth"}},
               "union");
}

TEST_CASE("A plan's draft reported holds the field the enemy sees whatever hidden rolls it holds: the hidden division's rolls alone do not stand for who fought") {
    // Durutte and Krafft, each seen, deployed to P1; the Allies' player submits Krafft's losses.
    // Out of the Allies' sight, hidden Lecoq is deployed there too and rolls at the table. The
    // draft reported (its divisions kept hidden) takes the planned field's seen divisions as
    // fighting, as without Lecoq's rolls: the Allies read the same battle, and the plan closed.
    const std::string modifiers = " --column disorder --override --modifier bad_going --modifier far_from_commander --modifier out_of_radius";
    play_story({"campaign new S --sample grossbeeren --seed 3", "arrive --due", "reveal Durutte", "reveal Krafft", "battle plan P1",
                "battle deploy P1 Durutte Krafft"},
               {{with_hidden, "battle deploy P1 Lecoq"},
                {with_hidden, "table roll manoeuvre --battle P1 --unit \"Lecoq/2nd Brigade\"" + modifiers},
                {both, "submit allies|P1|Krafft/Colberg Infantry Regiment=1"},
                {both, "battle report --draft P1 --keep-hidden"}},
               "allies");
}

TEST_CASE("A draft's rolls for a division the enemy has not seen do not show it fighting, beside rolls for seen ones, on a planned field or none") {
    // Hidden Lecoq rolls at the table beside seen Durutte and Krafft, and loses a stand; the
    // draft is reported as it stands (the divisions that fought seen, by default). Only the
    // report may show Lecoq fighting (--division): the rolls the Allies never saw do not.
    const std::string modifiers = " --column disorder --override --modifier bad_going --modifier far_from_commander --modifier out_of_radius";
    for (const bool planned : {true, false}) {
        INFO((planned ? "planned" : "no plan"));
        std::vector<std::string> setup{"campaign new S --sample grossbeeren --seed 3", "arrive --due", "reveal Durutte", "reveal Krafft"};
        std::vector<Step> steps;
        if (planned) {
            setup.insert(setup.end(), {"battle plan P1", "battle deploy P1 Durutte Krafft"});
            steps.push_back({with_hidden, "battle deploy P1 Lecoq"});
        }
        steps.insert(steps.end(), {{with_hidden, "table roll manoeuvre --battle P1 --unit \"Lecoq/2nd Brigade\"" + modifiers},
                                   {both, "table roll manoeuvre --battle P1 --unit \"Durutte/Jarry's Brigade\"" + modifiers},
                                   {both, "table roll manoeuvre --battle P1 --unit \"Krafft/Colberg Infantry Regiment\"" + modifiers},
                                   {both, "battle report --draft P1"}});
        play_story(setup, steps, "allies");
    }
    // The umpire is told who fought kept hidden, and how to show him fighting.
    test::CampaignFile c;
    c.ok("campaign new S --sample grossbeeren --seed 3");
    c.ok("arrive --due");
    c.ok("reveal Durutte");
    c.ok("reveal Krafft");
    for (const char* unit : {"Lecoq/2nd Brigade", "Durutte/Jarry's Brigade", "Krafft/Colberg Infantry Regiment"})
        c.ok("table roll manoeuvre --battle P1 --unit \"" + std::string(unit) + "\"" + modifiers);
    CHECK_THAT(c.ok("battle report --draft P1 --preview"),
               Contains("fought as the draft's lines say, but kept hidden from the enemy, which has not seen it: Lecoq (to show it fighting, give it with --division)"));
    CHECK_THAT(c.ok("battle report --draft P1 --division Lecoq"), !Contains("kept hidden"));
    CHECK_THAT(c.ok("battle show P1 --as allies"), Contains("Lecoq"));
}

TEST_CASE("A hidden division's roll against a seen enemy shows it fighting, whatever rolls or states the draft held before") {
    // Hidden Durutte charges seen Krafft's Colberg: made in the Allies' sight, it shows Durutte
    // fighting, though a roll or a state of Colberg's (or Durutte's own) came into the draft first.
    for (const std::string before : {"", "table roll manoeuvre --battle Zahna --unit \"Krafft/Colberg\" --rolls 3+4",
                                     "table state --battle Zahna --unit \"Krafft/Colberg\" disordered=yes",
                                     "table state --battle Zahna --unit \"Durutte/Devaux\" disordered=yes"}) {
        INFO(before);
        test::CampaignFile c;
        c.ok("campaign new A --sample grossbeeren --seed 1");
        c.ok("reveal Krafft");
        c.ok("camp new Torgau --side french");
        c.ok("battle plan Zahna");
        c.ok("battle deploy Zahna Durutte Krafft");
        if (!before.empty()) c.ok(before);
        c.ok("table roll charge --battle Zahna --unit \"Durutte/Devaux\" --defender \"Krafft/Colberg\" --rolls 6+6,1+1");
        CHECK_THAT(c.ok("battle report --draft Zahna"), !Contains("kept hidden"));
        CHECK_THAT(c.ok("battle show Zahna --as allies"), Contains("Durutte"));
    }
    // A state set again as it stands changes nothing, and says what a state set does.
    test::CampaignFile c;
    c.ok("campaign new A --sample grossbeeren --seed 1");
    c.ok("battle plan Zahna");
    c.ok("battle deploy Zahna Durutte Krafft");
    CHECK_THAT(c.ok("table state --battle Zahna --unit \"Krafft/Colberg\" disordered=yes"),
               Contains("State on the table in Zahna for Krafft/Colberg Infantry Regiment: disordered (on the table)"));
    const auto lines = [&] { return SQLite::Database(c.dir.file("c.db")).execAndGet("SELECT count(*) FROM draft_line").getInt(); };
    const int before = lines();
    CHECK_THAT(c.ok("table state --battle Zahna --unit \"Krafft/Colberg\" disordered=yes"), Contains(": no change"));
    CHECK(lines() == before);
}

TEST_CASE("A closed plan shows the enemy's divisions it saw fight there, not one kept hidden by its own rolls and revealed since") {
    // Sahr is deployed to Gross Beeren in both; out of the Allies' sight it rolls there, kept
    // hidden by the report; revealed after, the plan the Allies read is the one without the roll.
    play_story({"campaign new N --sample grossbeeren --seed 5", "arrive --due", "camp new Spandau --side allies", "camp new Torgau --side french",
                "battle plan 'Gross Beeren' --date 1813-08-23",
                "battle deploy 'Gross Beeren' Lecoq Sahr Borstell Krafft"},
               {{both, "table roll charge --battle 'Gross Beeren' --unit 'Lecoq/1st Brigade' --defender 'Borstell/1st Brigade' --rolls 6+6,1+1"},
                {with_hidden, "table roll manoeuvre --column good_order --battle 'Gross Beeren' --unit 'Sahr/2nd Brigade' --rolls 8"},
                {both, "battle report --draft 'Gross Beeren'"},
                {both, "reveal Sahr"}},
               "allies");
}

TEST_CASE("A draft begun out of the enemy's sight under another spelling of the battle's name does not move the dice of what it sees") {
    // Out of the Allies' sight, the umpire rolls for hidden Sahr, or the French player submits
    // its losses, under "SKIRMISH"; then Krafft is fired on under "Skirmish", which joins that
    // draft. Krafft's dice are the same as where no one began the draft first.
    for (const std::string hidden : {"table roll manoeuvre --battle SKIRMISH --unit \"Sahr/2nd Brigade\"", "submit french|SKIRMISH|Sahr/2nd Brigade=1"}) {
        INFO(hidden);
        play_story({"campaign new G --sample grossbeeren --seed 11", "arrive --due", "reveal Lecoq", "reveal Krafft"},
                   {{with_hidden, hidden},
                    {both, "table roll musketry --battle Skirmish --unit \"Krafft/1st Neumark Landwehr\" --firer \"Lecoq/1st Brigade\" --points 10"},
                    {both, "battle report --draft Skirmish"}},
                   "allies");
    }
}

TEST_CASE("A hidden unit's rolls in a plan thrown away do not move its dice in the next battle, nor does a recovery's preview tell what it did not see") {
    // L'Ordre Mixte: hidden Lecoq's 2nd Brigade rolls the Manoeuvre table in a plan whose draft
    // is thrown away; its roll in the next battle, which reveals it, read as if that never was.
    const std::string modifiers = " --column disorder --override --modifier bad_going --modifier far_from_commander --modifier out_of_radius";
    play_story({"campaign new S --sample grossbeeren --seed 3", "arrive --due", "battle plan P1", "battle plan P2"},
               {{with_hidden, "table roll manoeuvre --battle P1 --unit \"Lecoq/2nd Brigade\"" + modifiers},
                {with_hidden, "battle draft P1 --discard"},
                {both, "battle deploy P2 Lecoq Krafft"},
                {both, "table roll manoeuvre --battle P2 --unit \"Lecoq/2nd Brigade\"" + modifiers},
                {both, "battle report --draft P2 --division Krafft --division Lecoq"}},
               "allies");
    // A recovery previewed after a battle whose casualties the Union did not see (hidden Heth's)
    // is not the Union's to read: the recovery itself would not be.
    auto setup = k_small_war;
    setup.insert(setup.end(), {"arrive Heth", "camp new Libby --side confederate",
                               "battle report --name X --division Wadsworth --division Heth --captured \"Wadsworth/1st Brigade=1@Libby\" "
                               "--loss \"Heth/1st Brigade=3\" --keep-hidden"});
    play_story(setup, {{with_hidden, "battle recover X --preview"}}, "union");
}

TEST_CASE("A hidden division's recovery after a battle it fought alone does not move its dice in the recovery of the next") {
    // Heth fights Hx alone, out of the Union's sight, and the stand it lost comes back (seed 1's
    // roll: the campaign is as it was); then it fights V beside Wadsworth, still hidden, and is
    // revealed after V's recovery: its brigade's strength reads as if Hx never was.
    auto setup = k_small_war;
    setup.front() = std::regex_replace(setup.front(), std::regex("--seed 7"), "--seed 1");
    setup.push_back("arrive Heth");
    play_story(setup,
               {{with_hidden, "battle report --name Hx --division Heth --loss \"Heth/1st Brigade=1\" --keep-hidden"},
                {with_hidden, "battle recover Hx"},
                {both, "battle report --name V --division Wadsworth --division Heth --loss \"Heth/1st Brigade=1\" --loss \"Heth/2nd Brigade=1\" "
                       "--loss \"Wadsworth/1st Brigade=1\" --keep-hidden"},
                {both, "battle recover V"},
                {both, "reveal Heth"}},
               "union");
}

TEST_CASE("An alternate commander falling with his division kept hidden is not told to the enemy, in the report or amended in later") {
    // An alternate commands no unit: his fall was given no division, and read as one any
    // division of his side the enemy saw (Breymann) could tell.
    const std::vector<std::string> setup = {"campaign new S --sample saratoga --seed 3", "arrive Breymann", "arrive Specht", "arrive Learned", "reveal Breymann"};
    const std::string fought = "battle report --name Bemis --division Breymann --division Learned --keep-hidden --loss \"Learned/1st Battalion=1\"";
    for (const auto* fate : {"killed", "wounded/2"}) {
        INFO(fate);
        play_story(setup, {{with_hidden, fought + " --division Specht --leader \"Specht/3rd Battalion (alternate):" + fate + "\""}, {without, fought}}, "american");
        play_story(setup,
                   {{both, fought + " --division Specht --loss \"Specht/1st Battalion=1\""},
                    {with_hidden, std::string("battle amend Bemis --leader \"Specht/3rd Battalion (alternate):") + fate + "\""}},
                   "american");
    }
    // A report naming an alternate whose division it does not say fought is refused, as one naming its Main is.
    const test::CampaignFile c;
    for (const auto& command : setup) c.ok(command);
    CHECK_THAT(c.refused("battle report --name Y --division Learned --leader \"Specht/3rd Battalion (alternate):killed\"", 2),
               Catch::Matchers::Contains("is reported, but his brigade Specht is not among those that fought (Learned)"));
}

TEST_CASE("An alternate's fall an earlier muster stored with no division is read as his brigade's division's") {
    // Falls stored before muster gave an alternate's fall its division: the battle and the turn
    // read them through his brigade, so a fall in a division kept hidden stays untold.
    const std::vector<std::string> setup = {"campaign new S --sample saratoga --seed 3", "arrive Breymann", "arrive Specht", "arrive Learned", "reveal Breymann"};
    const std::string fought = "battle report --name Bemis --division Breymann --division Learned --keep-hidden --loss \"Learned/1st Battalion=1\"";
    const test::CampaignFile without, with;
    for (const auto& command : setup) {
        without.ok(command);
        with.ok(command);
    }
    without.ok(fought);
    with.ok(fought + " --division Specht --leader \"Specht/3rd Battalion (alternate):killed\"");
    test::raw_sql(with.dir.file("c.db"), "UPDATE battle_fallen SET division_id = NULL");
    for (const auto* command : {"battle show Bemis --as american", "turn report --as american", "leader list --as american", "oob --as american"})
        CHECK(with.ok(command) == without.ok(command));
    CHECK_THAT(with.ok("battle show Bemis"), Catch::Matchers::Contains("killed"));
}

TEST_CASE("A fall or a battery lost above the divisions is read where a division of its corps was seen there, by the name the leader fell under") {
    // A corps whose divisions are all hidden fights beside a division the Union sees: its
    // commander's wound and its reserve battery's loss would name a corps the Union never read.
    play_story(k_small_war,
               {{both, "arrive Heth"}, {both, "reveal Heth"},
                {with_hidden, "add corps \"Second Corps\" --army ANV --leader Ewell --grade average"},
                {with_hidden, "add division Rodes --corps \"Second Corps\""},
                {with_hidden, "add battery \"Corps Battery\" --corps \"Second Corps\""},
                {with_hidden, "arrive Rodes"},
                {with_hidden, "battle report --name Fight --division Wadsworth --division Heth --division Rodes --loss \"Wadsworth/1st Brigade=1\" "
                              "--loss \"Heth/1st Brigade=1\" --leader Ewell:wounded/1 --battery \"Second Corps/Corps Battery:wrecked\" --keep-hidden"},
                {without, "battle report --name Fight --division Wadsworth --division Heth --loss \"Wadsworth/1st Brigade=1\" --loss \"Heth/1st Brigade=1\" --keep-hidden"}},
               "union");
    // Brigadiers who fell where the Union saw them, replaced and renamed out of its sight since.
    play_story(k_small_war,
               {{both, "arrive Heth"}, {both, "reveal Heth"},
                {both, "battle report --name Fight --division Wadsworth --division Heth --loss \"Wadsworth/1st Brigade=1\" "
                       "--leader \"Heth/1st Brigade:wounded/1\" --leader \"Heth/2nd Brigade:killed\""},
                {both, "leader replace \"Heth/1st Brigade\""}, {both, "leader replace \"Heth/2nd Brigade\""},
                {with_hidden, "rename leader \"A. G. Jenkins\" \"Albert Jenkins\""},
                {with_hidden, "rename leader \"G. T. Anderson\" \"George Anderson\""}},
               "union");
    // Unnamed leaders: a replacement while the division was hidden numbers his predecessors'
    // posts ("former commander of Heth/1st Brigade (2)"), not what the Union read of the fall.
    auto unnamed = k_small_war;
    unnamed.front() += " --leader-names off";
    play_story(unnamed,
               {{both, "arrive Heth"}, {with_hidden, "leader replace \"Heth/1st Brigade\" --force"}, {both, "reveal Heth"},
                {both, "battle report --name Fight --division Wadsworth --division Heth --loss \"Wadsworth/1st Brigade=1\" --leader \"Heth/1st Brigade:wounded/1\""},
                {both, "leader replace \"Heth/1st Brigade\""}},
               "union");
}

TEST_CASE("A corps commander's grade, rolled, does not go on from the dice of a leader of a corps the enemy never reads who bore his name") {
    for (const auto* seed : {"3", "4", "6"}) {
        auto setup = k_small_war;
        setup.front() = std::regex_replace(setup.front(), std::regex("--seed 7"), std::string("--seed ") + seed);
        play_story(setup,
                   {{with_hidden, "add corps \"Second Corps\" --army ANV --leader Ewell"}, {with_hidden, "rename leader Ewell \"R. S. Ewell\""},
                    {both, "add corps \"Fourth Corps\" --army ANV --leader Ewell"}, {both, "add division Pender --corps \"Fourth Corps\""},
                    {both, "arrive Pender"}, {both, "reveal Pender"}, {both, "leader reveal Ewell"}},
                   "union");
    }
}

TEST_CASE("A leader who commanded nothing when he fell is not read by the enemy, and one it saw fall is named and passed over in name draws as he fell") {
    const std::vector<std::string> gettysburg = {"campaign new G --sample gettysburg --seed 11 --leader-names off", "arrive --due", "reveal Heth", "reveal Early"};
    // A commander displaced from a corps the Union never saw, falling beside Heth; a brigadier it
    // saw, displaced and given a hidden brigade then displaced again, amended in as fallen.
    play_story(gettysburg,
               {{with_hidden, "add corps \"Secret Cavalry Corps\" --army \"Army of Northern Virginia\""},
                {with_hidden, "leader replace \"Secret Cavalry Corps\" --force"}, {with_hidden, "leader replace \"Secret Cavalry Corps\" --force"},
                {with_hidden, "battle report --name Skirmish --loss \"Wadsworth/Iron Brigade=2\" --loss \"Heth/Archer's Brigade=1\" --keep-hidden "
                              "--leader \"former commander of Secret Cavalry Corps:wounded/1\""},
                {without, "battle report --name Skirmish --loss \"Wadsworth/Iron Brigade=2\" --loss \"Heth/Archer's Brigade=1\" --keep-hidden"},
                {both, "battle report --name Fight --loss \"Wadsworth/Cutler's Brigade=1\" --loss \"Early/1st Brigade=1\""},
                {both, "leader replace \"Early/1st Brigade\" --force"},
                {with_hidden, "leader assign \"former commander of Early/1st Brigade\" \"Pender/1st Brigade\" --force"},
                {with_hidden, "leader replace \"Pender/1st Brigade\" --force"},
                {without, "battle amend Fight --leader \"former commander of Early/1st Brigade:wounded/1\""},
                {with_hidden, "battle amend Fight --leader \"former commander of Pender/1st Brigade:wounded/1\""}},
               "union");
    // Archer, wounded where the Union saw him and displaced, renamed out of its sight: an
    // amendment and a capture name him as he fell, and a name drawn for a brigade it sees
    // passes over that name, not the new one.
    const std::vector<std::string> named = {"campaign new G --sample gettysburg --seed 11", "camp new Elmira --side union", "arrive --due", "reveal Heth"};
    play_story(named,
               {{both, "battle report --name Fight --loss \"Wadsworth/Iron Brigade=2\" --loss \"Heth/Archer's Brigade=1\" --leader \"Heth/Archer's Brigade:wounded/1\""},
                {both, "leader replace \"Heth/Archer's Brigade\""},
                {with_hidden, "rename leader Archer Hunton"},
                {both, "leader replace \"Heth/Pettigrew's Brigade\" --force"},
                {both, "battle amend Fight --leader \"#23:captured@Elmira\""}},
               "union");
}

TEST_CASE("Losses a player submitted and the umpire set aside are told to his side alike, whatever the enemy fought out of its sight under that name") {
    // The Union's losses wait in the draft of Bull Run; hidden Heth fights a battle of that name
    // alone. Thrown away, the draft's Union lines are told as set aside, as where no such battle
    // was: the Union fought none named so.
    play_story(k_small_war,
               {{both, "submit union|Bull Run|Wadsworth/1st Brigade=1"},
                {with_hidden, "arrive Heth"},
                {with_hidden, "battle report --name \"Bull Run\" --division Heth --loss \"Heth/1st Brigade=1\" --keep-hidden"},
                {both, "battle draft \"Bull Run\" --discard"}},
               "union");
    // The Confederates' players submit hidden Heth's losses into the Union's draft of Bull Run;
    // the battle reported with Wadsworth alone leaves that draft waiting (the Confederates fought
    // none of it), where without them it clears it: the Union's Orders page reads its
    // submission reported alike.
    play_story(k_small_war,
               {{both, "submit union|Bull Run|Wadsworth/1st Brigade=1"},
                {with_hidden, "arrive Heth"},
                {with_hidden, "submit confederate|Bull Run|Heth/1st Brigade=1"},
                {both, "battle report --name \"Bull Run\" --division Wadsworth --loss \"Wadsworth/1st Brigade=1\""}},
               "union");
}
