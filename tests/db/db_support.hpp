#pragma once
#include <optional>
// Helpers for tests that look inside a campaign database with SQLite directly.
#include "app_support.hpp"

#include <string>

namespace muster::test {

/// Every row of every table, as text, in a fixed order. `with_journal` false leaves out the
/// journal, its side views and previews, the file's settings and the players' last use, which
/// undo and redo keep by design.
std::string dump(const std::string& db_path, bool with_journal = true);
/// Runs one SQL statement on the file, outside muster (to corrupt or lock it).
void raw_sql(const std::string& db_path, const std::string& sql);
/// The first value a query gives on the file, as text, outside muster.
std::string raw_sql_value(const std::string& db_path, const std::string& sql);

/// A division's arrival in the east in 1863, with the campaign's dice.
app::ArrivalRequest arrival(const std::string& division);

/// On make_campaign's campaign: Heth arrives, Wadsworth gets the Iron Brigade (Meredith), each
/// side opens a camp (Fort Delaware, Libby Prison), the battle of McPherson Ridge takes prisoners
/// of both (Heth/1st Brigade 1 lost and 2 captured, the Iron Brigade 1 captured), and the Union
/// proposes to exchange one of each.
void fight_and_propose(app::Session& s);
/// Its parts: Heth arrived, the Iron Brigade added, a camp on each side; then the battle.
void ready_to_fight(app::Session& s);
void fight(app::Session& s);

/// A new file holding one campaign of no forces, current (its dice seeded fresh where no seed is given).
app::Session empty_campaign(const std::string& db_path, const std::string& name, const std::string& rules = "acw",
                            std::optional<std::uint64_t> seed = std::nullopt);
/// A campaign "Test" (acw, seed 7) with a Confederate army, corps and two placeholder
/// divisions (Heth, Pender), and a Union army, corps and division (Wadsworth).
app::Session make_campaign(const std::string& db_path, std::uint64_t seed = 7);

}  // namespace muster::test
