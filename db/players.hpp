#pragma once
// The players' rows: who plays which side of a campaign at his own screen, by a secret link
// stored as its hash, and the orders and messages they send the umpire. Writes but `used` are
// called inside Store::run_operation.
#include "campaign/records.hpp"
#include "db/store.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace muster::db {

class Players {
public:
    explicit Players(const Store& store) : m_store(store) {}

    std::int64_t insert_player(std::int64_t campaign, const campaign::PlayerInfo& player, std::string_view token_hash);
    void revoke(std::int64_t player);
    /// Gives the player a new link (its token's hash), live again: the old link dies.
    void relink(std::int64_t player, std::string_view token_hash);
    /// The campaign's players, by name.
    std::vector<campaign::PlayerInfo> players(std::int64_t campaign) const;
    /// The player (of any campaign in the file) whose link's token hashes to `token_hash`,
    /// revoked or not.
    std::optional<campaign::PlayerInfo> by_token_hash(std::string_view token_hash) const;
    /// Notes that his link was used at `when`: outside any operation and undo, and only if the
    /// file is free at once (a busy file skips the note rather than keep the player waiting).
    void used(std::int64_t player, std::string_view when) const;
    std::int64_t insert_message(std::int64_t campaign, std::int64_t player, std::string_view side, Turn turn, std::string_view text,
                                std::string_view when);
    /// The campaign's messages, oldest first.
    std::vector<campaign::MessageInfo> messages(std::int64_t campaign) const;
    /// How many operations of `kind` the player made through his link, of those from `first`
    /// to before `end`.
    int operations_by(std::int64_t campaign, std::int64_t player, OperationKind kind, std::int64_t first, std::int64_t end) const;

private:
    const Store& m_store;
};

}  // namespace muster::db
