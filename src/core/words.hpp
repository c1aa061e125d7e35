#pragma once
// muster's own words as types. Each enum has exactly one table below that spells it, the
// spelling stored in the database, printed in exports and typed on the command line. Nothing
// else in the program spells these words; a typo is a compile error, not a silent mismatch.
// (The rule set's words, ratings, grades, arms, sides, stay data: validated ids.)
#include "core/error.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace muster {

/// A division's life: a placeholder until it arrives (generated) or is entered by hand.
enum class DivisionStatus { placeholder, arrived, entered };
/// A brigade (battalion) in service or gone.
enum class BrigadeStatus { active, destroyed, disbanded, merged };
/// A leader in command or fallen.
enum class LeaderStatus { active, killed, wounded, captured };
/// A battery in service or lost.
enum class BatteryStatus { active, wrecked, captured };
/// What befell a leader in a battle (a battle report's word).
enum class LeaderFate { killed, wounded, captured };
/// What befell a battery in a battle.
enum class BatteryFate { wrecked, captured };
/// An exchange of prisoners between two sides.
enum class ExchangeStatus { proposed, accepted, refused, withdrawn };
/// What a camp holds: stands of a brigade, a leader or a battery.
enum class HeldKind { stands, leader, battery };
/// A line of a draft battle report: a unit that fought, stands lost or captured, a leader's or
/// a battery's fate.
enum class DraftKind { engaged, lost, captured, leader, battery };
/// Which way an exchange line goes: offered by the proposer or asked of the counterpart.
enum class Direction { offer, ask };
/// A recorded change of a brigade's strength (the stand ledger).
enum class MoveKind { generated, edited, casualty, returned, captured, exchanged, freed, disbanded, merged };
/// A leader's rank: what he commands.
enum class Rank { brigadier, division, corps, army };
/// A unit a leader can command.
enum class UnitKind { brigade, division, corps, army };
/// A thing the organiser can name and rename.
enum class NamedKind { army, corps, division, brigade, leader, battery };
/// Where a campaign's dice come from.
enum class DiceMode { seeded, typed };
/// A setting turned on or off (`--leader-names off`).
enum class Switch { on, off };
/// A roll kept (its result applied) or discarded (a preview's).
enum class RollStatus { applied, discarded };
/// How a fraction of a returning stand is settled (a campaign setting).
enum class Rounding { down, half_up, roll };
/// Despicable leaders: the article's expansion, or by the book (played as average).
enum class Despicable { expanded, book };
/// One thing the organiser did: the journal's kinds of entry.
enum class OperationKind {
    create, add, rename, import, settings, arrival, preview, reveal, hide, battle, recovery, camp, liberation,
    exchange, exchange_accepted, exchange_refused, exchange_withdrawn, replace, fallen_leader, leader_return, disband, destroy, merge, undo,
    turn, schedule, assign, edit, table_roll, draft_discarded, attach, penalty, player, message, submission, redo, amend, plan, table_state
};
/// The formats an order of battle is written in.
enum class OobFormat { text, md, csv, html, json, pdf };
/// The formats a sheet of labels is written in.
enum class LabelFormat { html, pdf };
/// A division's fog of war: hidden from its enemy, or seen by it.
enum class Fog { hidden, seen };
/// A division's part in a battle planned before it is fought: on the field when it begins,
/// in reserve off the table, or arrived on the field from the reserve.
enum class PlanRole { deployed, reserve, arrived };
/// The formats a command prints a result in (a rolled division, the odds, a table roll).
enum class PrintFormat { text, json };
/// Where a side's artillery reserve sits: with each corps, or with the army.
enum class ReserveLevel { army, corps };
/// Whose roll a play table's modifier changes: either's (a single roll), the attacker's or the
/// defender's (a difference of two rolls).
enum class Party { either, attacker, defender };
/// A kind of play table: a roll with modifiers read against results, a grid of reference text,
/// ranges with fire points.
enum class PlayKind { roll, grid, ranges };
/// How a play table is laid out on the page: a row a score, a row a result, a row a column.
enum class PlayLayout { score_rows, result_rows, column_rows };
/// What the campaign knows of a unit at the table, that a play table's modifier or column may
/// read: its effectiveness state, rating, arm, the division's nationality, its commander's
/// grade, its superior's (the division commander's, or an outranking leader's attached to him),
/// whether it is a brigade or a battery, the campaign's year, and its state on the table.
enum class Fact { state, rating, arm, nationality, commander, superior, unit, year, disordered, low_ammo, formation, damaged, silenced, broken, off_field };
/// Whose facts a play table's modifier or column reads: the unit rolled for (on a table both
/// sides roll, the party's unit), or on a fire table the firer (the unit rolled for being its target).
enum class Whose { unit, firer };
/// A unit's state on the table during a battle, carried in the battle's draft.
enum class TableState { disordered, low_ammo, formation, damaged, silenced, broken, off_field };
/// A unit's effectiveness: Fresh, Worn or Spent, read from its label.
enum class State { fresh, worn, spent };

/// The arm of a unit type that makes batteries, not brigades: a rule set's unit types name it,
/// and its own arms may not.
inline constexpr std::string_view k_artillery = "artillery";

/// One spelling of a word.
template <class E>
struct Spelling {
    E value;
    std::string_view text;
};

/// The one table of a word: `what` names it in messages, `table` spells every value.
template <class E>
struct Vocabulary;

#define MUSTER_VOCABULARY(E, WHAT, ...)                                             \
    template <>                                                                     \
    struct Vocabulary<E> {                                                          \
        static constexpr std::string_view what = WHAT;                             \
        static constexpr auto table = std::to_array<Spelling<E>>({__VA_ARGS__});   \
    }

MUSTER_VOCABULARY(DivisionStatus, "division status",
                  {DivisionStatus::placeholder, "placeholder"}, {DivisionStatus::arrived, "arrived"},
                  {DivisionStatus::entered, "entered"});
MUSTER_VOCABULARY(BrigadeStatus, "brigade status",
                  {BrigadeStatus::active, "active"}, {BrigadeStatus::destroyed, "destroyed"},
                  {BrigadeStatus::disbanded, "disbanded"}, {BrigadeStatus::merged, "merged"});
MUSTER_VOCABULARY(LeaderStatus, "leader status",
                  {LeaderStatus::active, "active"}, {LeaderStatus::killed, "killed"}, {LeaderStatus::wounded, "wounded"},
                  {LeaderStatus::captured, "captured"});
MUSTER_VOCABULARY(BatteryStatus, "battery status",
                  {BatteryStatus::active, "active"}, {BatteryStatus::wrecked, "wrecked"},
                  {BatteryStatus::captured, "captured"});
MUSTER_VOCABULARY(LeaderFate, "leader fate",
                  {LeaderFate::killed, "killed"}, {LeaderFate::wounded, "wounded"}, {LeaderFate::captured, "captured"});
MUSTER_VOCABULARY(BatteryFate, "battery fate", {BatteryFate::wrecked, "wrecked"}, {BatteryFate::captured, "captured"});
MUSTER_VOCABULARY(ExchangeStatus, "exchange status",
                  {ExchangeStatus::proposed, "proposed"}, {ExchangeStatus::accepted, "accepted"},
                  {ExchangeStatus::refused, "refused"}, {ExchangeStatus::withdrawn, "withdrawn"});
MUSTER_VOCABULARY(HeldKind, "kind of prisoner",
                  {HeldKind::stands, "stands"}, {HeldKind::leader, "leader"}, {HeldKind::battery, "battery"});
MUSTER_VOCABULARY(DraftKind, "kind of draft line",
                  {DraftKind::engaged, "engaged"}, {DraftKind::lost, "lost"}, {DraftKind::captured, "captured"}, {DraftKind::leader, "leader"}, {DraftKind::battery, "battery"});
MUSTER_VOCABULARY(Direction, "exchange direction", {Direction::offer, "offer"}, {Direction::ask, "ask"});
MUSTER_VOCABULARY(MoveKind, "kind of move",
                  {MoveKind::generated, "generated"}, {MoveKind::edited, "edited"}, {MoveKind::casualty, "casualty"},
                  {MoveKind::returned, "returned"}, {MoveKind::captured, "captured"}, {MoveKind::exchanged, "exchanged"},
                  {MoveKind::freed, "freed"}, {MoveKind::disbanded, "disbanded"}, {MoveKind::merged, "merged"});
MUSTER_VOCABULARY(Rank, "leader rank",
                  {Rank::brigadier, "brigadier"}, {Rank::division, "division"}, {Rank::corps, "corps"}, {Rank::army, "army"});
MUSTER_VOCABULARY(UnitKind, "kind of unit",
                  {UnitKind::brigade, "brigade"}, {UnitKind::division, "division"}, {UnitKind::corps, "corps"},
                  {UnitKind::army, "army"});
MUSTER_VOCABULARY(NamedKind, "kind",
                  {NamedKind::army, "army"}, {NamedKind::corps, "corps"}, {NamedKind::division, "division"},
                  {NamedKind::brigade, "brigade"}, {NamedKind::leader, "leader"}, {NamedKind::battery, "battery"});
MUSTER_VOCABULARY(DiceMode, "dice", {DiceMode::seeded, "seeded"}, {DiceMode::typed, "typed"});
MUSTER_VOCABULARY(Switch, "setting", {Switch::on, "on"}, {Switch::off, "off"});
MUSTER_VOCABULARY(RollStatus, "roll status", {RollStatus::applied, "applied"}, {RollStatus::discarded, "discarded"});
MUSTER_VOCABULARY(Rounding, "rounding", {Rounding::down, "down"}, {Rounding::half_up, "half_up"}, {Rounding::roll, "roll"});
MUSTER_VOCABULARY(Despicable, "despicable leaders setting", {Despicable::expanded, "expanded"}, {Despicable::book, "book"});
MUSTER_VOCABULARY(OperationKind, "kind of operation",
                  {OperationKind::create, "create"}, {OperationKind::add, "add"}, {OperationKind::rename, "rename"},
                  {OperationKind::import, "import"}, {OperationKind::settings, "settings"},
                  {OperationKind::arrival, "arrival"}, {OperationKind::preview, "preview"},
                  {OperationKind::reveal, "reveal"}, {OperationKind::hide, "hide"}, {OperationKind::battle, "battle"},
                  {OperationKind::recovery, "recovery"}, {OperationKind::camp, "camp"},
                  {OperationKind::liberation, "liberation"}, {OperationKind::exchange, "exchange"},
                  {OperationKind::exchange_accepted, "exchange accepted"},
                  {OperationKind::exchange_refused, "exchange refused"},
                  {OperationKind::exchange_withdrawn, "exchange withdrawn"},
                  {OperationKind::replace, "replace"}, {OperationKind::fallen_leader, "fallen leader"},
                  {OperationKind::leader_return, "return"}, {OperationKind::disband, "disband"},
                  {OperationKind::destroy, "destroy"}, {OperationKind::merge, "merge"}, {OperationKind::undo, "undo"},
                  {OperationKind::turn, "turn"}, {OperationKind::schedule, "schedule"}, {OperationKind::assign, "assign"},
                  {OperationKind::table_roll, "table roll"}, {OperationKind::table_state, "table state"}, {OperationKind::draft_discarded, "draft discarded"},
                  {OperationKind::edit, "edit"}, {OperationKind::attach, "attach"}, {OperationKind::penalty, "penalty"},
                  {OperationKind::player, "player"}, {OperationKind::message, "message"}, {OperationKind::submission, "submission"},
                  {OperationKind::redo, "redo"}, {OperationKind::amend, "amend"}, {OperationKind::plan, "plan"});
MUSTER_VOCABULARY(OobFormat, "format",
                  {OobFormat::text, "text"}, {OobFormat::md, "md"}, {OobFormat::csv, "csv"}, {OobFormat::html, "html"},
                  {OobFormat::json, "json"}, {OobFormat::pdf, "pdf"});
MUSTER_VOCABULARY(LabelFormat, "label format", {LabelFormat::html, "html"}, {LabelFormat::pdf, "pdf"});
MUSTER_VOCABULARY(Fog, "fog of war", {Fog::hidden, "hidden"}, {Fog::seen, "seen"});
MUSTER_VOCABULARY(PlanRole, "part in a planned battle",
                  {PlanRole::deployed, "deployed"}, {PlanRole::reserve, "reserve"}, {PlanRole::arrived, "arrived"});
MUSTER_VOCABULARY(PrintFormat, "format", {PrintFormat::text, "text"}, {PrintFormat::json, "json"});
MUSTER_VOCABULARY(ReserveLevel, "reserve level", {ReserveLevel::army, "army"}, {ReserveLevel::corps, "corps"});
MUSTER_VOCABULARY(Party, "party", {Party::either, "either"}, {Party::attacker, "attacker"}, {Party::defender, "defender"});
MUSTER_VOCABULARY(PlayKind, "kind of play table", {PlayKind::roll, "roll"}, {PlayKind::grid, "grid"}, {PlayKind::ranges, "ranges"});
MUSTER_VOCABULARY(PlayLayout, "layout",
                  {PlayLayout::score_rows, "score_rows"}, {PlayLayout::result_rows, "result_rows"}, {PlayLayout::column_rows, "column_rows"});
MUSTER_VOCABULARY(Fact, "fact of the campaign",
                  {Fact::state, "state"}, {Fact::rating, "rating"}, {Fact::arm, "arm"}, {Fact::nationality, "nationality"},
                  {Fact::commander, "commander"}, {Fact::superior, "superior"}, {Fact::unit, "unit"}, {Fact::year, "year"},
                  {Fact::disordered, "disordered"}, {Fact::low_ammo, "low_ammo"}, {Fact::formation, "formation"},
                  {Fact::damaged, "damaged"}, {Fact::silenced, "silenced"}, {Fact::broken, "broken"}, {Fact::off_field, "off_field"});
MUSTER_VOCABULARY(Whose, "whose facts", {Whose::unit, "unit"}, {Whose::firer, "firer"});
MUSTER_VOCABULARY(TableState, "state on the table",
                  {TableState::disordered, "disordered"}, {TableState::low_ammo, "low_ammo"}, {TableState::formation, "formation"},
                  {TableState::damaged, "damaged"}, {TableState::silenced, "silenced"}, {TableState::broken, "broken"},
                  {TableState::off_field, "off_field"});
MUSTER_VOCABULARY(State, "state", {State::fresh, "Fresh"}, {State::worn, "Worn"}, {State::spent, "Spent"});

#undef MUSTER_VOCABULARY

/// How a value is stored and printed.
template <class E>
constexpr std::string_view spell(E value) {
    for (const auto& s : Vocabulary<E>::table)
        if (s.value == value) return s.text;
    return "?";  // unreachable for a value of the enum: every table spells every value
}

/// The value spelled `text`, or nullopt.
template <class E>
constexpr std::optional<E> find_word(std::string_view text) {
    for (const auto& s : Vocabulary<E>::table)
        if (s.text == text) return s.value;
    return std::nullopt;
}

/// Every spelling, "a, b or c", for messages.
template <class E>
std::string spellings() {
    std::string out;
    const auto& t = Vocabulary<E>::table;
    for (size_t i = 0; i < t.size(); ++i) out += (i == 0 ? "" : i + 1 == t.size() ? " or " : ", ") + std::string(t[i].text);
    return out;
}

/// The value spelled `text`; UsageError naming the word, the value and what was expected.
template <class E>
E parse_word(std::string_view text) {
    if (auto v = find_word<E>(text)) return *v;
    throw UsageError(std::string(Vocabulary<E>::what) + " \"" + std::string(text) + "\" is not valid: expected " + spellings<E>());
}

/// The spelling as a std::string (for building messages).
template <class E>
std::string word(E value) {
    return std::string(spell(value));
}

/// Whether a brigade, leader or battery is in service.
template <class Status>
constexpr bool is_active(Status s) {
    return s == Status::active;
}

/// The status a leader's fate leaves him in; the status a battery's leaves it in.
constexpr LeaderStatus status_after(LeaderFate f) {
    return f == LeaderFate::killed ? LeaderStatus::killed : f == LeaderFate::wounded ? LeaderStatus::wounded : LeaderStatus::captured;
}
constexpr BatteryStatus status_after(BatteryFate f) {
    return f == BatteryFate::wrecked ? BatteryStatus::wrecked : BatteryStatus::captured;
}

/// Whose view: the umpire (everything) or one side (its own forces, and what it has seen).
class View {
public:
    View() = default;
    static View umpire() { return {}; }
    static View of_side(std::string side) {
        View v;
        v.m_side = std::move(side);
        return v;
    }
    /// "umpire" or a side id.
    static View parse(std::string_view text) { return text == k_umpire ? umpire() : of_side(std::string(text)); }
    bool is_umpire() const { return !m_side; }
    /// The side; empty for the umpire.
    const std::string& side() const {
        static const std::string none;
        return m_side ? *m_side : none;
    }
    /// Whether this view sees everything of `side`.
    bool owns(std::string_view side) const { return !m_side || *m_side == side; }
    std::string text() const { return m_side ? *m_side : std::string(k_umpire); }
    bool operator==(const View&) const = default;
    static constexpr std::string_view k_umpire = "umpire";
    /// `--as side`: the view of the side --side names.
    static constexpr std::string_view k_named_side = "side";

private:
    std::optional<std::string> m_side;
};

/// Who may read an operation in the journal, and whose dice it rolls: every side, the umpire
/// only, or some sides (an operation of one side's forces; a battle: the sides that fought).
/// Each audience rolls its own stream of the campaign's seeded dice, so what a side may read
/// never depends on what it may not (an enemy's hidden arrival draws no number a side sees).
class Audience {
public:
    Audience() = default;  ///< the umpire only
    static Audience everyone() { return Audience(std::string(k_everyone)); }
    static Audience umpire_only() { return Audience(std::string()); }
    /// The sides given (ids of the rule set: a-z, 0-9, _ and -), in any order, repeats allowed.
    template <class Range>
    static Audience sides(const Range& ids) {
        std::vector<std::string> v(std::begin(ids), std::end(ids));
        std::sort(v.begin(), v.end());
        v.erase(std::unique(v.begin(), v.end()), v.end());
        std::string text;
        for (const auto& id : v) text += (text.empty() ? "" : ",") + id;
        return Audience(text);
    }
    static Audience side(const std::string& id) { return Audience(id); }
    /// As stored: "*" every side, "" the umpire only, else the side ids sorted, comma-separated.
    static Audience parse(std::string_view text) { return Audience(std::string(text)); }
    const std::string& text() const { return m_text; }
    bool is_everyone() const { return m_text == k_everyone; }
    /// Whether `viewer` may read it: the umpire reads everything.
    bool seen_by(const View& viewer) const {
        if (viewer.is_umpire() || is_everyone()) return true;
        std::string_view rest = m_text;
        while (!rest.empty()) {
            const auto comma = rest.find(',');
            if (rest.substr(0, comma) == viewer.side()) return true;
            rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
        }
        return false;
    }
    bool operator==(const Audience&) const = default;
    static constexpr std::string_view k_everyone = "*";

private:
    explicit Audience(std::string text) : m_text(std::move(text)) {}
    std::string m_text;
};

}  // namespace muster
