#pragma once
// What every GUI test shares: the driver of the real windows (driver.hpp), the panels, and where
// screenshots go for a person to look at (build/tests/gui/screenshots/).
#include "app/session_state.hpp"
#include "db/db_support.hpp"
#include "driver.hpp"
#include "navigator.hpp"
#include "support.hpp"
#include "windows/arrival_window.hpp"
#include "windows/battle_window.hpp"
#include "windows/campaigns_window.hpp"
#include "windows/export_window.hpp"
#include "windows/journal_window.hpp"
#include "windows/oob_window.hpp"
#include "windows/players_window.hpp"
#include "windows/prisoners_window.hpp"
#include "windows/season_window.hpp"
#include "windows/leaders_window.hpp"
#include "app/picture.hpp"
#include "windows/table_side_window.hpp"
#include "windows/tables_window.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>
#include <string>

namespace muster::test {

/// Where a screenshot named `name` is saved.
inline std::string shot(const std::string& name) {
    const std::string dir = std::string(MUSTER_GUI_SCREENSHOTS);
    std::filesystem::create_directories(dir);
    return dir + "/" + name + ".png";
}

inline int count_brigades(app::Session& s) { return static_cast<int>(s.forces().brigades().size()); }

// The test campaign with a date, a theater and turns of a week; Heth and Wadsworth fought at
// McPherson Ridge; Pender is due on turn 2.
inline void season_campaign(const std::string& db) {
    auto s = make_campaign(db);
    app::CampaignSettings c;
    c.date = Day::read("1863-07-01");
    c.theater = "east";
    c.turn_days = 7;
    s.change_settings(c);
    fight_and_propose(s);
    s.season().schedule_division("Pender", Turn::read(2), std::nullopt);
}

// Types "3" into a dice prompt's field until it asks no more (at most `most` rolls).
inline int roll_threes(Driver& d, const gui::DicePrompt& dice, const std::string& id, int most = 200) {
    int typed = 0;
    while (dice.asking() && typed < most) {
        REQUIRE(d.click(id + "/Roll"));
        d.type("3");
        d.press_enter();
        ++typed;
    }
    return typed;
}

}  // namespace muster::test
