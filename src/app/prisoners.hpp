#pragma once
// Prisoners of war: the captors' camps, exchanges by mutual consent, liberation.
#include "app/outcome.hpp"
#include "app/session.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace muster::app {

class Refs;

/// One side's proposal: prisoners it offers (it holds them) and asks for (the other side holds).
/// Items: "stands:REF=N" (N stands of a brigade), "leader:REF", "battery:REF".
struct ExchangeProposal {
    std::string from;
    std::string with;  ///< the other side; may be left out when the rule set has two sides
    std::vector<std::string> offer;
    std::vector<std::string> ask;
    std::string note;  ///< one line, at most k_max_note_chars characters; may be empty
};

/// The longest note on an exchange proposal, in characters (the served form's limit too).
inline constexpr size_t k_max_note_chars = 200;
/// The most exchanges a player proposes through his link in a turn: proposed and withdrawn in a
/// loop, they would fill the other side's journal and camps page.
inline constexpr int k_max_proposals_a_turn = 30;

/// A camp and what it holds, as lines ("3 stands of Heth/1st Brigade").
struct CampView {
    campaign::CampInfo camp;
    std::vector<std::string> holds;
};

/// A camp as a view names it: its name, with its side ("Elmira (Union)") where another camp the
/// view sees (`seen`) bears that name too, as camps of two sides may.
std::string camp_shown(const std::vector<CampView>& seen, const std::string& name, const std::string& side, const rules::RuleSet& rules);

/// One thing held in a camp, as the prisoners screen lists it.
struct HeldItem {
    std::string camp;
    bool camp_liberated = false;
    std::string holder;  ///< the captor side
    std::string owner;   ///< the prisoner's side
    HeldKind kind = HeldKind::stands;
    std::string spec;    ///< for an exchange item: "stands:Heth/1st Brigade" (add "=N"), "leader:...", "battery:..."
    std::string text;    ///< "3 stands of Heth/1st Brigade"
    int stands = 0;
};

/// A proposal with its lines and, where the rule set has a cartel, their values in privates.
struct ExchangeView {
    campaign::ExchangeInfo row;
    std::vector<std::string> offer;
    std::vector<std::string> ask;
    std::string balance;  ///< "offers 60 privates, asks 80: unbalanced by 20", or why it cannot be weighed
    std::string lapsed;   ///< for a proposal: why it can no longer be carried out (its men freed or exchanged); empty: it can
    /// A proposal that waits on an answer: one that lapsed too, which can still be refused or withdrawn.
    bool awaiting() const { return row.status == ExchangeStatus::proposed; }
    /// What a list of those awaiting an answer adds to a lapsed one ("; lapsed: ..."); none for one that has not.
    std::string lapsed_note() const { return lapsed.empty() ? "" : " (lapsed: " + lapsed + "; it can only be refused or withdrawn)"; }
};

/// How a proposal ends: the side it was made to accepts or refuses it, or its proposer withdraws it.
enum class Answer { accept, refuse, withdraw };

class Prisoners {
public:
    explicit Prisoners(Session& session) : m_session(session) {}

    /// Opens a camp; returns it as stored ("Elmira (union)").
    std::string add_camp(const std::string& side, const std::string& name);
    /// The camps and what they hold, as `viewer` may see them (see camps_of).
    std::vector<CampView> camps(const View& viewer = View::umpire()) const;
    /// Everything held in every camp, with the spec an exchange names it by (as `viewer` may see it).
    std::vector<HeldItem> held(const View& viewer = View::umpire()) const;
    /// Everyone held in the camp goes home; the camp is marked liberated.
    Outcome liberate(const std::string& camp, Mode mode = Mode::apply);

    ExchangeView propose_exchange(const ExchangeProposal& proposal);
    /// The other side accepts (everyone in it goes home, atomically) or refuses; or the proposer
    /// withdraws it, while it awaits the answer.
    Outcome answer_exchange(std::int64_t number, const std::string& side, Answer answer);
    /// The exchanges `viewer` is party to (the umpire: all of them).
    std::vector<ExchangeView> exchanges(const View& viewer = View::umpire()) const;
    /// All three at once, from one read of the campaign (a page that shows them all).
    struct Overview {
        std::vector<CampView> camps;
        std::vector<HeldItem> held;
        std::vector<ExchangeView> exchanges;
    };
    Overview overview(const View& viewer) const;

private:
    Session& m_session;
};

/// The camps, what they hold and the exchanges, as described from one roster (the GUI's
/// campaign model makes them from its snapshot) for one viewer. A side sees its own camps
/// whole, of the others' only its own men they hold (and nothing of a camp that holds none of
/// them), and the exchanges it is party to.
std::vector<CampView> camps_of(const Refs& refs, const View& viewer);
std::vector<HeldItem> held_of(const Refs& refs, const View& viewer);
std::vector<ExchangeView> exchanges_of(const Refs& refs, const rules::RuleSet& rules, const campaign::CampaignInfo& campaign,
                                       const View& viewer);

}  // namespace muster::app
