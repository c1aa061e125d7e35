#pragma once
// Physical dice at the table for any operation that rolls: the operation is tried with the
// rolls typed so far; where it runs short (dice::RollNeeded, nothing changed) the roll it needs
// next is asked for by its purpose, one field a roll, and the operation is tried again, until
// it is done. A roll can be taken back; the whole can be abandoned.
#include "app/outcome.hpp"
#include "rules/die.hpp"

#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

namespace muster::app {
class Session;
}

namespace muster::gui {

class GuiApp;

class DicePrompt {
public:
    using Operation = std::function<void(const std::vector<std::string>& rolls)>;
    /// Tries `operation` (named `what`, "Heth arrives") with no rolls yet and the session
    /// rolling the organiser's dice. True when it was done at once (it rolled nothing).
    bool start(app::Session& session, std::string what, Operation operation);
    /// Takes the typed roll (refused, naming the roll, if the die cannot show it) and tries the
    /// operation again. True when that finished it.
    bool enter(app::Session& session);
    /// Takes back the last roll: it is asked for again.
    void take_back();
    /// Abandons the operation: nothing of it was stored.
    void cancel();
    bool asking() const { return m_need.has_value(); }
    /// What the roll asked for is for ("" when none is asked).
    std::string purpose() const { return m_need ? m_need->purpose : std::string(); }
    const std::vector<std::string>& rolls() const { return m_rolls; }

    /// An action button of an operation that rolls: the action's id, its label and its mark.
    struct Button {
        const char* label;
        const char* action;
        const char* mark;
    };
    /// Draws the buttons on one line, disabled while dice are being asked.
    void buttons(GuiApp& app, std::initializer_list<Button> buttons) const;
    /// Draws what is being rolled, the rolls so far and the field for the next, running the
    /// actions `<id>.roll`, `<id>.take_back`, `<id>.cancel`; its items are marked `<id>/...`.
    void draw(GuiApp& app, const std::string& id);

    std::string typed;  ///< the field being typed

private:
    bool attempt(app::Session& session);
    struct Need {
        rules::Die die;
        std::string purpose;
        size_t index = 0;
    };
    Operation m_operation;
    std::string m_what;
    std::vector<std::string> m_rolls;
    std::vector<Need> m_asked;  // what each roll given was asked for, to ask it again on take-back
    std::optional<Need> m_need;
    bool m_refocus = false;  // a roll is asked (the first, the next, one taken back): the field takes the keyboard
};

/// Whether an operation's dice are the organiser's, asked roll by roll: the box ticked, or every
/// roll, where the campaign's dice are typed (it has none of its own to roll).
struct PhysicalDice {
    bool ticked = false;
    bool on(const GuiApp& app) const;
    /// The box, ticked and fixed where the campaign's dice are typed. True when it changed.
    bool draw(const GuiApp& app, const char* label);
};

/// A preview on screen (an arrival's, a recovery's, a new commander's) and the dice it rolled:
/// done for real, it rolls those dice again (the campaign's, or the physical ones typed, which lie
/// on the table), whatever the Physical dice box says by then, for muster refuses other dice than
/// its preview showed, unless the organiser discarded it: then it rolls anew.
class PreviewHeld {
public:
    /// A preview of `subject` was shown, rolled with `typed` (none: the campaign's dice).
    void shown(std::string subject, std::vector<std::string> typed) {
        m_subject = std::move(subject);
        m_typed = std::move(typed);
        m_discarded = false;
    }
    /// Done for real: the preview is taken.
    void done() { *this = {}; }
    /// The preview of `subject` discarded (shown here or not): done for real next, it rolls anew.
    void discard(std::string subject) {
        shown(std::move(subject), {});
        m_discarded = true;
    }
    /// Whether the preview of `subject` was discarded: done for real, it rolls anew.
    bool discarded(const std::string& subject) const { return m_discarded && m_subject == subject; }
    app::Previewed previewed(const std::string& subject) const { return discarded(subject) ? app::Previewed::discarded : app::Previewed::held; }
    /// The dice of the preview of `subject` held (none typed: the campaign's); none if none is.
    std::optional<std::vector<std::string>> dice_for(const std::string& subject) const {
        if (m_subject.empty() || m_subject != subject || m_discarded) return std::nullopt;
        return m_typed;
    }

private:
    std::string m_subject;
    std::vector<std::string> m_typed;
    bool m_discarded = false;
};

}  // namespace muster::gui
