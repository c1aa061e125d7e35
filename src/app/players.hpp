#pragma once
// Players at their own screens (`muster serve`): each plays a side of the campaign (or is the
// umpire, only if asked for) through a secret link, reads that side's view and does what a
// side may: answer and propose exchanges (Prisoners), send orders or a message to the umpire,
// submit its losses in a battle as a draft report for the umpire to review and apply.
#include "app/outcome.hpp"
#include "app/session.hpp"
#include "campaign/records.hpp"
#include "journal/journal.hpp"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace muster::app {

/// A player made, with the one copy of his link's secret there will ever be.
struct NewLink {
    campaign::PlayerInfo player;
    std::string token;  ///< 64 hex digits (256 random bits); stored only as its SHA-256
};

/// The longest message a player sends, in characters.
inline constexpr size_t k_max_message_chars = 4000;
/// The most messages a player sends the umpire in a turn: past it, he is told to wait for the
/// next (a link's form sent in a loop would fill the umpire's reading and the side's page).
inline constexpr int k_max_messages_a_turn = 30;
/// The most loss submissions a player makes in a turn (each is journalled and listed).
inline constexpr int k_max_submissions_a_turn = 30;
/// The newest messages, and loss submissions, a side's Orders page shows.
inline constexpr size_t k_messages_shown = 50;

class Players {
public:
    explicit Players(Session& session) : m_session(session) {}
    /// Makes a player of the current campaign for `side` (a side of the rule set, or "umpire"),
    /// journalled for the umpire alone; refused for a name already given.
    NewLink add(const std::string& name, const std::string& side);
    /// The current campaign's players, by name.
    std::vector<campaign::PlayerInfo> list() const;
    /// Kills a player's link, journalled for the umpire alone.
    Outcome revoke(const std::string& name);
    /// A new link for a player (one whose link was lost, leaked or revoked): the old one dies,
    /// the new one is live. Journalled for the umpire alone.
    NewLink relink(const std::string& name);
    /// The player a link's token names, in any campaign of the file: none for a token that is
    /// malformed, unknown or revoked, all alike. Selects his campaign for this session.
    std::optional<campaign::PlayerInfo> sign_in(std::string_view token);
    /// Notes that the player's link was used now (kept apart from the campaign and its undo).
    void used(const campaign::PlayerInfo& player) const;
    /// Runs `act`, whose operations are `player`'s, made through his link: the journal records
    /// whose they are, and the organiser's undo does not take them back unasked.
    std::string on_behalf_of(const campaign::PlayerInfo& player, const std::function<std::string()>& act);
    /// Orders or a message from a player of a side to the umpire, for the current turn: read by
    /// the umpire and that side.
    Outcome send_message(const campaign::PlayerInfo& player, const std::string& text);
    /// The messages `viewer` may read: the umpire all, a side its own.
    std::vector<campaign::MessageInfo> messages(const View& viewer) const;
    /// A side's losses in a battle not yet reported, added to its draft report for the umpire
    /// to review and apply (`muster battle report --draft`): each "Division/Brigade=N" a
    /// brigade of the player's side in service, N stands lost. Journalled for the umpire and
    /// that side.
    Outcome submit_losses(const campaign::PlayerInfo& player, const std::string& battle, const std::vector<std::string>& losses);
    /// A player's submission of losses as `viewer` reads it (the umpire all, a side its own),
    /// with what became of it.
    struct Submission {
        journal::Entry entry;
        std::string state;  ///< "waiting for the umpire", "reported: the battle of Culp's Hill", "taken back", ...
    };
    /// The submissions `viewer` may read, oldest first.
    std::vector<Submission> submissions(const View& viewer) const;

private:
    Session& m_session;
};

/// Where players reach muster serve, as the organiser gives it ("http://192.168.1.20:8080/"),
/// as a link begins: scheme://host[:port], no trailing slash. A UsageError naming `what` (the
/// option or field it was given in) for one that is not http(s), or holds a path, a query, a
/// fragment, a space or a character a link cannot.
std::string link_base(std::string_view given, std::string_view what);

/// 256 bits from the kernel's generator, as 64 lower-case hex digits (a link's token, a
/// server's secret).
std::string random_token();

/// The SHA-256 of a link's token, as 64 lower-case hex digits.
std::string token_hash(std::string_view token);

}  // namespace muster::app
