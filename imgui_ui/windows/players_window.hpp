#pragma once
#include "window.hpp"

#include <cstdint>
#include <string>

namespace muster::gui {

/// The players at their own screens (muster serve): who plays which side and when each link
/// was last used; a link made (shown once, to copy) or revoked; and what the players sent:
/// their messages, the exchanges awaiting an answer (answered here for the side asked), the
/// losses they submitted (draft reports).
class PlayersWindow : public Forgetting<PlayersWindow> {
public:
    const char* title() const override { return "Players"; }
    bool umpire_only() const override { return true; }
    void draw(GuiApp& app) override;
    /// Makes a player of `side` named `name`; his link is `link` until the next.
    void add(GuiApp& app);
    /// Kills `player`'s link.
    void revoke(GuiApp& app);
    /// Gives `player` a new link (his old one dies): `link` until the next.
    void relink(GuiApp& app);
    /// Answers `exchange` for the side it was proposed to.
    void answer(GuiApp& app, bool accept);

    // View state
    std::string name;
    std::string side;
    std::string base = "http://127.0.0.1:8080";
    std::string player;        ///< the player chosen: to revoke, or to give a new link
    std::int64_t exchange = 0; ///< the proposal to answer
    std::string link;          ///< the link just made: shown once
    std::string link_of;       ///< whose it is
};

}  // namespace muster::gui
