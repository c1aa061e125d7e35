// The Players panel: a link made and copied, the inbox read, an exchange a player proposed
// answered for the side asked, a link revoked; a side's view does not show it.
#include "app/players.hpp"
#include "fixture.hpp"
#include "windows/battle_window.hpp"
#include "windows/campaigns_window.hpp"
#include "windows/leaders_window.hpp"
#include "windows/players_window.hpp"

#include <imgui.h>

using namespace muster;
using Catch::Matchers::Contains;

TEST_CASE("The players panel: a link made and copied once, the inbox read, a proposal answered for the side asked, a link revoked and made anew") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    std::string lee_token;
    test::season_campaign(db);  // the Union proposes exchange #1 to the Confederates
    {
        app::Session s(db, app::Open::existing);
        const auto lee = s.players().add("Lee", "confederate");
        lee_token = lee.token;
        s.players().send_message(lee.player, "Pettigrew needs shoes.\nSend them by Cashtown.");
    }
    test::Driver d(db);
    auto& s = *d.app.session();
    auto& w = d.show<gui::PlayersWindow>();
    CHECK(d.app.model().messages.size() == 1);
    // A link for Meade of the Union, at the club's address.
    REQUIRE(d.click("Players/Name"));
    d.type("Meade");
    REQUIRE(d.click("Players/Side"));
    REQUIRE(d.click("Players/Side/union"));
    CHECK(w.side == "union");
    REQUIRE(d.click("Players/Base"));
    d.ctrl_key('A');  // the whole address, replaced by what is typed
    d.type("http://192.168.1.20:8080/");
    REQUIRE(d.click("Players/Add"));
    INFO(w.error);
    CHECK(std::regex_match(w.link, std::regex("http://192\\.168\\.1\\.20:8080/p/[0-9a-f]{64}/")));
    CHECK_THAT(w.note, Contains("copy his link now"));
    d.frames(2);
    REQUIRE(d.click("Players/Copy"));
    d.frames(1);
    CHECK(std::string(ImGui::GetClipboardText() ? ImGui::GetClipboardText() : "") == w.link);
    // The link is the player's: it signs him in as the Union's Meade.
    const auto token = w.link.substr(w.link.size() - 65, 64);
    const auto meade = s.players().sign_in(token);
    REQUIRE(meade);
    CHECK(meade->name == "Meade");
    CHECK(meade->side == "union");
    CHECK(d.app.model().players.size() == 2);
    d.frame(test::shot("players"));
    // The Confederates' answer to the Union's proposal, given here for them.
    REQUIRE(d.click("Players/Exchange/1"));
    REQUIRE(d.click("Players/Accept"));
    INFO(w.error);
    CHECK_THAT(w.note, Contains("accepted by the Confederates"));
    // Lee's link revoked: it signs no one in.
    d.frames(2);
    REQUIRE(d.click("Players/Lee"));
    REQUIRE(d.click("Players/Revoke"));
    CHECK_THAT(w.note, Contains("Revoked player Lee's link"));
    CHECK(w.link.substr(w.link.size() - 65, 64) == token);  // Meade's, shown still
    CHECK(w.player == "Lee");  // still chosen, for a new one
    d.frames(2);
    for (const auto& p : d.app.model().players)
        if (p.name == "Lee") CHECK(p.revoked);
    CHECK_FALSE(s.players().sign_in(lee_token));
    // Revoked, his Revoke is not offered again (it would be refused as done already).
    const auto revoked_note = w.note;
    REQUIRE(d.click("Players/Revoke"));
    CHECK(w.error.empty());
    CHECK(w.note == revoked_note);
    // A new link for Lee: it signs him in, his old one still does not.
    REQUIRE(d.click("Players/Lee"));
    REQUIRE(d.click("Players/Relink"));
    INFO(w.error);
    CHECK_THAT(w.note, Contains("A new link for Lee"));
    REQUIRE(std::regex_match(w.link, std::regex("http://192\\.168\\.1\\.20:8080/p/[0-9a-f]{64}/")));
    const auto relinked = s.players().sign_in(w.link.substr(w.link.size() - 65, 64));
    REQUIRE(relinked);
    CHECK(relinked->name == "Lee");
    CHECK_FALSE(s.players().sign_in(lee_token));
    d.frames(2);
    for (const auto& p : d.app.model().players)
        if (p.name == "Lee") CHECK_FALSE(p.revoked);
    // Revoked again, the link on screen is his, dead: not left there to be copied and sent.
    REQUIRE(d.click("Players/Revoke"));
    CHECK(w.link.empty());
    // A refusal says why and changes nothing: no side chosen.
    const auto journal = s.history().journal().size();
    REQUIRE(d.click("Players/Name"));
    d.type("Nobody");
    w.side.clear();
    REQUIRE(d.click("Players/Add"));
    CHECK_THAT(w.error, Contains("choose the side"));
    CHECK(s.history().journal().size() == journal);
    d.frame(test::shot("players_after"));
    // A side's view: the panel is the umpire's work.
    d.app.set_viewer(View::of_side("union"));
    d.frames(2);
    CHECK_FALSE(d.click("Players/Add"));
}

TEST_CASE("Another file opened, the panels hold nothing of the one shown before: not a player's link made there, nor what was typed") {
    test::TempDir dir;
    const auto first = dir.file("first.db"), second = dir.file("second.db");
    test::season_campaign(first);
    test::season_campaign(second);
    test::Driver d(first);
    auto& w = d.show<gui::PlayersWindow>();
    REQUIRE(d.click("Players/Name"));
    d.type("Meade");
    REQUIRE(d.click("Players/Side"));
    REQUIRE(d.click("Players/Side/union"));
    REQUIRE(d.click("Players/Add"));
    INFO(w.error);
    REQUIRE_FALSE(w.link.empty());
    auto& leaders = d.show<gui::LeadersWindow>();
    leaders.error = "a refusal of the first file";
    d.app.open_database(second);
    d.frames(2);
    CHECK(w.link.empty());
    CHECK(w.name.empty());
    CHECK(w.note.empty());
    CHECK(leaders.error.empty());
    CHECK(w.open);  // its tab as it was
    d.show<gui::PlayersWindow>();
    d.frame(test::shot("players_after_another_file"));
    CHECK(d.app.model().players.empty());
}

TEST_CASE("A campaign created or started from a sample in the workspace is the one the panels then act on, after another was made current") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    test::Driver d(db);
    auto& campaigns = d.show<gui::CampaignsWindow>();
    CHECK_FALSE(d.app.run("campaign.use"));  // none chosen: said so
    CHECK(campaigns.error == "no campaign chosen: click one in the list, then Make current");
    campaigns.selected = "Test";
    REQUIRE(d.app.run("campaign.use"));  // the session holds the campaign chosen
    auto& prisoners = d.show<gui::PrisonersWindow>();
    campaigns.sample = "saratoga";
    campaigns.sample_name = "Saratoga B";
    REQUIRE(d.app.run("campaign.sample"));
    d.frames(3);
    REQUIRE(d.app.model().current);
    CHECK(d.app.model().current->name == "Saratoga B");
    prisoners.camp_name = "Quebec";
    prisoners.camp_side = "british";
    CHECK(d.app.run("camp.new"));
    CHECK(prisoners.error.empty());
    CHECK(d.app.run("turn.arrive_due"));
    d.frames(3);
    INFO(prisoners.error);
    const auto& camps = d.app.seen().camps;
    CHECK(std::any_of(camps.begin(), camps.end(), [](const auto& c) { return c.camp.name == "Quebec"; }));
    // So too a campaign created from scratch.
    campaigns.name = "Scratch";
    campaigns.rules = "awi";
    REQUIRE(d.app.run("campaign.create"));
    d.frames(3);
    CHECK(d.app.model().current->name == "Scratch");
    CHECK(campaigns.name.empty());  // the form is ready for another
    prisoners.camp_name = "Elmira";
    prisoners.camp_side = "american";
    CHECK(d.app.run("camp.new"));
    CHECK(prisoners.error.empty());
    d.frames(3);
    d.frame(test::shot("campaign_created_acted_on"));
    const auto& now = d.app.seen().camps;
    CHECK(std::any_of(now.begin(), now.end(), [](const auto& c) { return c.camp.name == "Elmira"; }));
}

TEST_CASE("Another campaign made current, the panels hold nothing of the one before - a battle chosen, a unit typed - and the campaigns panel says the change") {
    test::TempDir dir;
    const auto db = dir.file("c.db");
    test::season_campaign(db);
    {
        app::Session s(db, app::Open::existing);
        app::NewCampaign other;
        other.name = "Second";
        other.rules = "awi";
        s.create_campaign(other);  // made current
        s.use_campaign("Test");
    }
    test::Driver d(db);
    auto& battle = d.show<gui::BattleWindow>();
    battle.recovery_battle = "McPherson Ridge";
    auto& leaders = d.show<gui::LeadersWindow>();
    leaders.unit = "Wadsworth/Iron Brigade";
    leaders.physical.ticked = true;
    auto& campaigns = d.show<gui::CampaignsWindow>();
    campaigns.selected = "Second";
    REQUIRE(d.app.run("campaign.use"));
    d.frames(3);
    REQUIRE(d.app.model().current);
    CHECK(d.app.model().current->name == "Second");
    CHECK(battle.recovery_battle.empty());
    CHECK(leaders.unit.empty());
    CHECK_FALSE(leaders.physical.ticked);
    CHECK(campaigns.note == "Current campaign: Second");
    CHECK(campaigns.open);
    // The model read again of the same campaign forgets nothing.
    leaders.unit = "1st Battalion";
    d.app.changed();
    d.frames(3);
    CHECK(leaders.unit == "1st Battalion");
}
