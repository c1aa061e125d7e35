// Players at their own screens: their links, their messages, the losses they submit.
#include "app/players.hpp"

#include "app/battles.hpp"
#include "app/history.hpp"
#include "app/plans.hpp"
#include "app/refs.hpp"
#include "app/session_state.hpp"
#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/match.hpp"
#include "core/names.hpp"
#include "core/text.hpp"
#include "db/battles.hpp"
#include "db/history.hpp"
#include "db/players.hpp"

#include <set>
#include <openssl/evp.h>
#include <sys/random.h>

#include <array>
#include <cerrno>

namespace muster::app {
namespace {

std::string hex_of(const unsigned char* bytes, size_t n) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string out;
    for (size_t i = 0; i < n; ++i) {
        out += digits[bytes[i] >> 4];
        out += digits[bytes[i] & 0xF];
    }
    return out;
}


bool well_formed(std::string_view token) {
    return token.size() == 64 && std::all_of(token.begin(), token.end(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

const campaign::PlayerInfo& named_player(const std::vector<campaign::PlayerInfo>& players, const std::string& name) {
    for (const auto& p : players)
        if (p.name == name) return p;
    std::vector<std::string> names;
    for (const auto& p : players) names.push_back(p.name);
    throw UsageError("no player named \"" + visible(name) + "\" in this campaign" +
                     (names.empty() ? " (it has none: muster player add)" : " (it has " + join(names, ", ") + ")"));
}

// A side's player acts for his side; the umpire's link reads, and does nothing a side does.
const std::string& side_of(const campaign::PlayerInfo& player) {
    if (player.umpire) throw UsageError("the umpire's link reads every side; a side's player sends and submits for his side");
    return player.side;
}

}  // namespace

std::string random_token() {
    std::array<unsigned char, 32> bytes{};
    size_t got = 0;
    while (got < bytes.size()) {
        const auto n = getrandom(bytes.data() + got, bytes.size() - got, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) throw Error("cannot read random bytes from the kernel");
        got += static_cast<size_t>(n);
    }
    return hex_of(bytes.data(), bytes.size());
}

std::string token_hash(std::string_view token) {
    std::array<unsigned char, 32> digest{};
    unsigned int n = 0;
    if (EVP_Digest(token.data(), token.size(), digest.data(), &n, EVP_sha256(), nullptr) != 1 || n != digest.size())
        throw Error("cannot hash a player's link");
    return hex_of(digest.data(), digest.size());
}

NewLink Players::add(const std::string& given_name, const std::string& side) {
    const auto name = require_name("player", given_name);
    const auto c = m_session.current();
    NewLink out;
    out.player.name = name;
    out.player.umpire = side == View::k_umpire;
    if (!out.player.umpire) out.player.side = side_id(m_session.rules(), side);
    out.player.created_at = utc_now("%Y-%m-%dT%H:%M:%SZ");
    out.token = random_token();
    auto& store = m_session.state().store;
    store.run_operation(c.id, OperationKind::player, [&](std::int64_t op) {
        store.set_audience(op, Audience::umpire_only());  // who plays, and how to reach them, is the umpire's
        for (const auto& p : db::Players(store).players(c.id))
            if (same_ignoring_case(p.name, name)) throw Error("a player named \"" + p.name + "\" already exists" +
                            (p.revoked ? " (revoked: give him a new link instead, muster player link or the Players panel's New link)" : ""));
        out.player.campaign_id = c.id;
        out.player.id = db::Players(store).insert_player(c.id, out.player, token_hash(out.token));
        return "Added player " + name + " (" + (out.player.umpire ? "the umpire" : m_session.rules().side_name(out.player.side)) + ")";
    });
    return out;
}

std::string link_base(std::string_view given, std::string_view what) {
    std::string base(trim(given));
    while (!base.empty() && base.back() == '/') base.pop_back();
    const auto said = std::string(what) + " \"" + visible(given) + "\"";
    if (base.rfind("http://", 0) != 0 && base.rfind("https://", 0) != 0) throw UsageError(said + " is not an http:// or https:// address");
    // A query, a fragment, a space or a control character would cut the link off or change it.
    if (base.find_first_of("?# \t\r\n\\\"<>") != std::string::npos ||
        std::any_of(base.begin(), base.end(), [](unsigned char c) { return c < 0x20 || c == 0x7f; }))
        throw UsageError(said + " holds a query, a fragment, a space or a character a link cannot: expected an address such as https://host:8443");
    // muster serve answers at the root of its address: its pages link /p/... and /static/...
    const auto host_at = base.find("//") + 2;
    if (const auto path = base.find('/', host_at); path != std::string::npos)
        throw UsageError(said + " has a path (" + visible(base.substr(path)) +
                         "): muster serve answers at the root of its address, so give it as scheme://host[:port] (a proxy in front passes paths on whole)");
    // A user and password would be printed in every link; a port no server listens on makes none that works.
    const std::string_view host = std::string_view(base).substr(host_at);
    if (host.find('@') != std::string_view::npos) throw UsageError(said + " holds a user or password (before '@'): a link carries none; give scheme://host[:port]");
    // host[:port], or [IPv6 address][:port]: the port whole digits, 1 to 65535.
    const auto name_ends = host.front() == '[' ? host.find(']') : host.find(':');
    if (host.empty() || host.front() == ':' || (host.front() == '[' && name_ends == std::string_view::npos))
        throw UsageError(said + " names no host: expected an address such as https://host:8443");
    const auto rest = name_ends == std::string_view::npos ? std::string_view() : host.substr(host.front() == '[' ? name_ends + 1 : name_ends);
    if (!rest.empty()) {
        const auto port = rest.substr(1);
        int number = 0;
        if (rest.front() != ':' || port.empty() || port.find_first_not_of("0123456789") != std::string_view::npos || !parse_int(port, number) || number < 1 ||
            number > 65535)
            throw UsageError(said + "'s port \"" + visible(rest.front() == ':' ? port : rest) + "\" is not one: expected 1 to 65535");
    }
    return base;
}

std::vector<campaign::PlayerInfo> Players::list() const {
    return db::Players(m_session.state().store).players(m_session.current().id);
}

Outcome Players::revoke(const std::string& name) {
    auto& store = m_session.state().store;
    return named_operation(m_session, OperationKind::player, [&](std::int64_t op, const Refs&, Outcome& out) {
        store.set_audience(op, Audience::umpire_only());
        const auto p = named_player(db::Players(store).players(m_session.current().id), name);  // a copy: the list is a temporary
        if (p.revoked) throw Error("player " + possessive(p.name) + " link is revoked already");
        db::Players(store).revoke(p.id);
        out.summary = "Revoked player " + possessive(p.name) + " link";
    });
}

NewLink Players::relink(const std::string& name) {
    auto& store = m_session.state().store;
    NewLink out;
    out.token = random_token();
    named_operation(m_session, OperationKind::player, [&](std::int64_t op, const Refs&, Outcome& done) {
        store.set_audience(op, Audience::umpire_only());
        out.player = named_player(db::Players(store).players(m_session.current().id), name);
        db::Players(store).relink(out.player.id, token_hash(out.token));
        done.summary = "New link for player " + out.player.name + (out.player.revoked ? " (his link was revoked)" : " (his old link is dead)");
        out.player.revoked = false;
    });
    return out;
}

std::optional<campaign::PlayerInfo> Players::sign_in(std::string_view token) {
    if (!well_formed(token)) return std::nullopt;
    auto player = db::Players(m_session.state().store).by_token_hash(token_hash(token));
    if (!player || player->revoked) return std::nullopt;
    player->token_hash = token_hash(token);
    for (const auto& c : m_session.campaigns())
        if (c.id == player->campaign_id) m_session.select_campaign(c.name);
    return player;
}

void Players::used(const campaign::PlayerInfo& player) const {
    db::Players(m_session.state().store).used(player.id, utc_now("%Y-%m-%dT%H:%M:%SZ"));
}

std::string Players::on_behalf_of(const campaign::PlayerInfo& player, const std::function<std::string()>& act) {
    auto& store = m_session.state().store;
    store.set_player(player.id, player.token_hash);
    try {
        auto out = act();
        store.set_player(std::nullopt);
        return out;
    } catch (...) {
        store.set_player(std::nullopt);
        throw;
    }
}

Outcome Players::send_message(const campaign::PlayerInfo& player, const std::string& typed) {
    const auto& side = side_of(player);
    const auto text = checked_prose("the message", typed, k_max_message_chars);
    auto& store = m_session.state().store;
    const auto c = m_session.current();
    Outcome out;
    out.operation = store.run_operation(c.id, OperationKind::message, [&](std::int64_t op) {
        store.set_audience(op, Audience::side(side));
        // The same words again from him this turn, as his last: a form sent twice (a page reloaded).
        const auto all = db::Players(store).messages(c.id);
        const auto last = std::find_if(all.rbegin(), all.rend(), [&](const campaign::MessageInfo& m) { return m.player == player.name; });
        if (last != all.rend() && last->turn == c.turn && last->text == text)
            throw UsageError("this message was sent already, at " + last->created_at + ": it is not sent twice");
        if (std::count_if(all.begin(), all.end(), [&](const campaign::MessageInfo& m) { return m.player == player.name && m.turn == c.turn; }) >=
            k_max_messages_a_turn)
            throw UsageError("you have sent the umpire " + std::to_string(k_max_messages_a_turn) + " messages in " + c.turn.text() +
                             ", the most a player sends in a turn: write again next turn");
        db::Players(store).insert_message(c.id, player.id, side, c.turn, text, utc_now("%Y-%m-%dT%H:%M:%SZ"));
        std::string first_line = text.substr(0, text.find('\n'));
        if (first_line.size() > 80) {  // cut between characters, not inside one
            size_t cut = 77;
            while (cut > 0 && (static_cast<unsigned char>(first_line[cut]) & 0xC0) == 0x80) --cut;
            first_line.replace(cut, std::string::npos, "...");
        }
        out.summary = "Message from " + player.name + " (" + m_session.rules().side_name(side) + ") to the umpire, " + c.turn.text() + ": " + first_line;
        return out.summary;
    });
    return out;
}

std::vector<campaign::MessageInfo> Players::messages(const View& viewer) const {
    auto all = db::Players(m_session.state().store).messages(m_session.current().id);
    if (!viewer.is_umpire()) std::erase_if(all, [&](const campaign::MessageInfo& m) { return m.side != viewer.side(); });
    return all;
}

namespace {

// How a submission's journal entry begins, naming its side and then its battle.
std::string submission_head(const std::string& the_side) { return "Losses of " + the_side + " in the battle of "; }

}  // namespace

std::vector<Players::Submission> Players::submissions(const View& viewer) const {
    const auto& r = m_session.rules();
    const auto c = m_session.current();
    const auto& store = m_session.state().store;
    // One snapshot: the journal, the drafts and the battles read as one.
    std::vector<std::int64_t> waiting;
    std::map<std::string, std::vector<campaign::BattleInfo>> fought;
    std::vector<journal::Entry> entries;
    store.read([&] {
        waiting = db::History(store).submissions_waiting(c.id, viewer);
        for (const auto& side : r.sides)
            if (viewer.is_umpire() || viewer.side() == side.id) fought[side.id] = db::Battles(store).battles_fought_by(c.id, side.id);
        entries = m_session.history().journal(viewer);
    });
    // A battle of the submission's name that its side fought stands for its losses, whether the
    // report took them from the draft or gave its own; one only the enemy fought is not the
    // side's to know of. (A submission names its battle after its side: submission_head.)
    const auto reported = [&](const std::string& summary) -> std::string {
        for (const auto& [side, battles] : fought) {
            const auto head = submission_head(r.the_side(side));
            if (summary.rfind(head, 0) != 0) continue;
            for (const auto& b : battles) {
                const auto end = head.size() + b.name.size();
                if (summary.size() > end && same_ignoring_case(summary.substr(head.size(), b.name.size()), b.name) &&
                    summary.compare(end, 14, " submitted by ") == 0)
                    return b.name;
            }
        }
        return "";
    };
    // A submission of take-backs alone ("=0" a line: "Ref: taken back (was 2)"), no line of
    // stands lost ("Ref: 2 stands lost"), waited for nothing: it took lines out of the draft.
    const auto takes_back_only = [](const std::string& summary) {
        for (auto at = summary.find(": "); at != std::string::npos; at = summary.find(": ", at + 2)) {
            auto digits = at + 2;
            while (digits < summary.size() && summary[digits] >= '0' && summary[digits] <= '9') ++digits;
            if (digits > at + 2 && summary.compare(digits, 6, " stand") == 0) return false;
        }
        return true;
    };
    std::vector<Submission> out;
    for (auto& e : entries) {
        if (e.kind != OperationKind::submission) continue;
        std::string state;
        if (e.undone_by) state = "taken back";
        else if (const auto battle = reported(e.summary); !battle.empty()) state = "reported: the battle of " + battle;
        else if (std::binary_search(waiting.begin(), waiting.end(), e.id)) state = "waiting for the umpire";
        else if (takes_back_only(e.summary)) state = "its lines taken out of the draft, as the side asked (=0)";
        else state = "no longer waiting: replaced by a later submission, or set aside by the umpire (the journal says which)";
        out.push_back({std::move(e), std::move(state)});
    }
    return out;
}

Outcome Players::submit_losses(const campaign::PlayerInfo& player, const std::string& given_battle, const std::vector<std::string>& losses) {
    const auto& side = side_of(player);
    const auto& r = m_session.rules();
    const auto the_side = r.the_side(side);
    const auto form = "\"" + r.term_division + "/" + r.term_brigade + "=N\"";
    auto battle = require_name("battle", given_battle);
    if (losses.empty()) throw UsageError("no losses given: one line a " + r.brigade_noun() + ", " + form);
    // A battle the side fought is reported already (in any case, as a battle is named); one it
    // did not fight is not its to know of. Looked at again under the write lock: the umpire may
    // report it while the form waits for the lock.
    std::vector<std::string> known;  // the battles it fought, and those planned (every side reads the plans)
    const auto fought = [&] {
        std::vector<std::string> names;
        for (const auto& b : m_session.battles().list(View::of_side(side))) {
            if (same_ignoring_case(b.name, battle)) throw UsageError("the battle of " + b.name + " is reported already: its losses are in it");
            names.push_back(b.name);
        }
        // Its name as names are found ("Bemis" for Bemis Heights) is that battle too, not a new one.
        if (const auto found = matching_names(battle, names); !found.empty())
            throw UsageError("\"" + visible(battle) + "\" is the battle of " + names[found.front()] +
                             ", reported already: its losses are in it (a battle not planned is filed under its own name: give one unlike the name of "
                             "a battle planned or fought)");
        return names;
    };
    known = fought();
    // A planned battle named as names are found (any case, a beginning only it has, its marks
    // left out) is called as its plan spells it, which every side reads: the losses wait in its
    // draft, and no spelling of the player's names the battle to the enemy.
    std::vector<std::string> planned;
    const auto plans = m_session.plans().list(View::of_side(side));
    for (const auto& p : plans)
        if (p.plan.open()) planned.push_back(p.plan.name);
    // A planned battle's field, as his side reads it: its divisions there (deployed, or arrived
    // from the reserve), his own whole.
    std::optional<std::set<std::string>> on_field;  // none: not planned
    if (const auto i = match_one(battle, planned, "planned battle"); i >= 0) {
        battle = planned[static_cast<size_t>(i)];
        on_field.emplace();
        for (const auto& p : plans)
            if (p.plan.open() && p.plan.name == battle)
                for (const auto* lines : {&p.deployed, &p.arrived})
                    for (const auto& d : *lines) on_field->insert(d.division);
    }
    // A slip of the name of a planned battle, or of one it fought, is refused, suggesting it:
    // filed apart, the losses would wait under a battle no one planned.
    known.insert(known.end(), planned.begin(), planned.end());
    if (std::none_of(known.begin(), known.end(), [&](const std::string& p) { return same_ignoring_case(p, battle); }))
        if (const auto near = did_you_mean(battle, known); !near.empty())
            throw UsageError("no battle planned as \"" + visible(battle) + "\"" + near +
                             " (a battle not planned is filed under its own name: give one unlike the name of a battle planned or fought)");
    // Each line's brigade of the side's own in service, and the stands it lost.
    struct Loss {
        const army::BrigadeRecord* brigade;
        int stands;
    };
    const auto read_losses = [&](const Refs& refs) {
        // Found among the side's own brigades in service only, as people type names (any case,
        // or a unique beginning): nothing of the enemy's is looked at.
        std::vector<const army::BrigadeRecord*> own;
        std::vector<std::string> refs_of_own;
        for (const auto& b : refs.brigades())
            if (b.side == side && is_active(b.status)) {
                own.push_back(&b);
                refs_of_own.push_back(b.ref());
            }
        std::vector<Loss> out;
        std::vector<std::string> refused;  // every line refused is said at once, not one a sending
        for (const auto& line : losses) try {
            const auto eq = line.rfind('=');
            const auto ref = std::string(trim(std::string_view(line).substr(0, eq == std::string::npos ? line.size() : eq)));
            const auto count = eq == std::string::npos ? std::string() : std::string(trim(std::string_view(line).substr(eq + 1)));
            const auto i = match_one(ref, refs_of_own, r.brigade_noun() + " of " + the_side);
            const army::BrigadeRecord* brigade = i < 0 ? nullptr : own[static_cast<size_t>(i)];
            if (!brigade && eq == std::string::npos) {
                // A line with no '=': its stands given after a space, or no line of the form at all.
                const auto space = ref.find_last_of(" \t");
                const auto stands = space == std::string::npos ? std::string() : ref.substr(space + 1);
                const auto j = !stands.empty() && std::all_of(stands.begin(), stands.end(), [](char ch) { return ch >= '0' && ch <= '9'; })
                                   ? match_one(std::string(trim(std::string_view(ref).substr(0, space))), refs_of_own, r.brigade_noun() + " of " + the_side)
                                   : -1;
                if (j >= 0)
                    throw UsageError("\"" + visible(line) + "\": no '=' before the stands lost: give " + form + " (" + own[static_cast<size_t>(j)]->ref() + "=" +
                                     stands + ", say)");
                throw UsageError("\"" + visible(line) + "\" is not " + form + ": no '=' before the stands lost" + did_you_mean(ref, refs_of_own));
            }
            if (!brigade)
                throw UsageError("\"" + visible(line) + "\": no " + r.brigade_noun() + " \"" + visible(ref) + "\" of " + the_side +
                                 " in service (give " + form + ", as your order of battle names it)" + did_you_mean(ref, refs_of_own));
            if (std::any_of(out.begin(), out.end(), [&](const Loss& l) { return l.brigade->id == brigade->id; }))
                throw UsageError(r.brigade_noun() + " " + brigade->ref() + " is given twice");
            if (eq == std::string::npos)
                throw UsageError("\"" + visible(line) + "\": no stands lost given: give " + form + " (" + brigade->ref() + "=1, say)");
            int n = 0;
            if (count.empty() || count.size() > 4 || !std::all_of(count.begin(), count.end(), [](char ch) { return ch >= '0' && ch <= '9'; }) ||
                (n = std::stoi(count)) > brigade->stands)
                throw UsageError("\"" + visible(line) + "\": stands lost must be 1 to " + std::to_string(brigade->stands) + ", the stands " + brigade->ref() +
                                 " has (or 0, to take back what you submitted for it)");
            out.push_back({brigade, n});
        } catch (const UsageError& e) {
            refused.emplace_back(e.what());
        }
        if (refused.size() == 1) throw UsageError(refused.front());
        if (!refused.empty()) {  // said whole up to ten; a form of a thousand slips is not said back a thousand times
            const auto said = std::vector(refused.begin(), refused.begin() + static_cast<long>(std::min<size_t>(refused.size(), 10)));
            throw UsageError(std::to_string(refused.size()) + " lines refused: " + join(said, "; ") + (refused.size() > said.size() ? "; ..." : ""));
        }
        return out;
    };
    // Read first without the write lock: a player's form refused (a name mistyped, sent again
    // and again) holds up no one's change, however large the campaign. Read again in the
    // change, as the campaign then stands.
    auto& store = m_session.state().store;
    store.read([&] { read_losses(Refs(db::Rosters(store).roster(m_session.current().id), r)); });
    return named_operation(m_session, OperationKind::submission, [&](std::int64_t op, const Refs& refs, Outcome& out) {
        fought();
        store.set_audience(op, Audience::side(side));
        const auto c = m_session.current();
        const auto turn = db::History(store).turn_span(c.id, c.turn);
        if (db::Players(store).operations_by(c.id, player.id, OperationKind::submission, turn ? turn->first : 0, op) >= k_max_submissions_a_turn)
            throw UsageError("you have submitted losses " + std::to_string(k_max_submissions_a_turn) + " times in " + c.turn.text() +
                             ", the most a player does in a turn: give the umpire the rest in a message");
        // Filed into the draft waiting under the battle's name as first spelled, in whatever case
        // typed (which the umpire reads); the player is told it as he typed it: another side's
        // draft is not his to learn of.
        std::string filed = battle;
        for (const auto& d : db::Battles(store).drafts(m_session.current().id))
            if (same_ignoring_case(d.battle, battle)) filed = d.battle;
        bool changed = false;
        for (const auto& [brigade, n] : read_losses(refs)) {
            campaign::DraftLine d;
            d.battle = filed;
            d.operation = op;
            d.kind = DraftKind::lost;
            d.brigade_id = brigade->id;
            d.stands = n;
            d.why = "submitted by " + player.name + " (" + r.side_name(side) + ")";
            // Submitted again (a correction, a form sent twice): the newest stands, not the sum;
            // 0 takes the line back.
            const auto was = db::Battles(store).take_submitted_loss(m_session.current().id, filed, brigade->id);
            changed = changed || was != n;
            if (n == 0) {
                if (!was)
                    throw UsageError("\"" + brigade->ref() + "=0\": nothing was submitted for " + brigade->ref() + " in the battle of " + battle +
                                     " to take back (0 takes back a line your side submitted, while the umpire has not applied it)");
                out.lines.push_back(brigade->ref() + ": taken back (was " + std::to_string(*was) + ")");
                continue;
            }
            db::Battles(store).insert_draft_line(m_session.current().id, d);
            // A division not on the planned field: a slip of its name, likely; taken, and said, as
            // the umpire is told it when he reports the battle.
            const bool off_field = on_field && !on_field->count(brigade->division);
            out.lines.push_back(brigade->ref() + ": " + count_of(n, "stand", "stands") + " lost" + (was ? " (was " + std::to_string(*was) + ")" : "") +
                                (off_field ? " (" + brigade->division + " is not on the field planned for " + battle + ": is it the one you meant?)" : ""));
        }
        // The same lines again (a form sent twice, a page reloaded) are refused, not filed anew.
        if (!changed)
            throw UsageError("these losses are submitted already for the battle of " + battle + ", as they stand, and wait for the umpire: nothing was changed");
        out.summary = submission_head(the_side) + battle + " submitted by " + player.name + " for the umpire to review: " +
                      join(out.lines, ", ");
    });
}

}  // namespace muster::app
