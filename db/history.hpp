#pragma once
// The campaign's history: the journal as each view may read it, the check of the whole file,
// and the backup.
#include "campaign/records.hpp"
#include "db/store.hpp"
#include "journal/journal.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace muster::db {

class History {
public:
    explicit History(const Store& store) : m_store(store) {}

    /// The journal as `viewer` may read it (the newest so many entries, or all), numbered for
    /// that view: a side's entries count 1, 2, ... over what it may read.
    std::vector<journal::Entry> journal_entries(std::int64_t campaign, const View& viewer, std::optional<int> newest = std::nullopt) const;
    /// A stretch of the journal by operation ids: first <= id < end.
    struct Span {
        std::int64_t first = 0, end = 0;
    };
    /// The operations of a turn: from its "Turn N begins" that stands (turn 1: the campaign's
    /// start) to the next turn's; none when the journal has no such beginning.
    std::optional<Span> turn_span(std::int64_t campaign, Turn turn) const;
    /// The players' loss submissions `viewer` may read whose lines still wait in a draft report,
    /// by their numbers in that view.
    std::vector<std::int64_t> submissions_waiting(std::int64_t campaign, const View& viewer) const;
    /// The entries of `span` as `viewer` may read them, numbered for that view.
    std::vector<journal::Entry> entries_in(std::int64_t campaign, const View& viewer, Span span) const;
    /// The stands in service of each side's brigades before the span's first operation and
    /// before its end (the sum of their moves made until then), in one pass over the moves.
    struct InService {
        int before = 0, after = 0;
    };
    std::map<std::string, InService> stands_in_service(std::int64_t campaign, Span span) const;
    /// Records what an arrival's preview (journal entry `operation`) was asked for.
    void record_preview(std::int64_t operation, std::int64_t division, const campaign::ArrivalAsked& asked);
    /// The division's newest preview with its rolls and what it was asked for; none if it has none.
    std::optional<campaign::Preview> newest_preview(std::int64_t campaign, std::int64_t division) const;
    /// Records what journal entry `operation` rolled for ("battle 12", "leader 40"): a recovery,
    /// a Fallen Leaders roll, a new commander's; done for real or a preview.
    void record_rolled_for(std::int64_t operation, const std::string& subject);
    /// The newest preview of what was rolled for `subject`, with the rolls it showed, unless a
    /// roll for it was done for real since (which took it or passed over it), or an undo since
    /// took back a step made before it; else none.
    std::optional<journal::Entry> preview_waiting(std::int64_t campaign, const std::string& subject) const;
    /// How many entries the campaign's journal has.
    int journal_size(std::int64_t campaign) const;

    /// integrity_check, foreign_key_check, the stand ledger of every brigade, and that each
    /// row's campaign matches its parent's.
    campaign::CheckReport check() const;
    /// The ids a rule set knows, by what they name.
    struct KnownIds {
        std::vector<std::string> sides, arms, theaters, ratings, grades, nationalities;
        int first_year = 1, last_year = 9999;
    };
    /// A value a campaign's row holds that its rule set does not know.
    struct UnknownId {
        std::string owner;  ///< "army", "division", "brigade", "leader", "camp", "exchange", "campaign" or "preview"
        std::string name;   ///< the owner's name ("Division/Brigade" for a brigade)
        std::string what;   ///< "the side", "the arm", "the theater", "the rating", "the grade", "the rolled grade"
        std::string value;
    };
    /// Every side, arm, theater, rating, leader's grade, nationality and year of the campaign's
    /// rows that is not among `known`, in SQL: the check reads no order of battle.
    std::vector<UnknownId> unknown_ids(std::int64_t campaign, const KnownIds& known) const;
    /// Refuses (Error, saying what to do next) a file SQLite's quick check finds damaged:
    /// `instead` says what was not done.
    void require_whole(const std::string& instead) const;
    /// A consistent copy via SQLite's online backup, written beside `dest` and renamed into
    /// place; refuses an existing `dest`, and a damaged file.
    void backup(const std::string& dest) const;

private:
    const Store& m_store;
};

}  // namespace muster::db
