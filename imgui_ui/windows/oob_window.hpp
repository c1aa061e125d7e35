#pragma once
#include "app/forces.hpp"
#include "army/division.hpp"
#include "view_choice.hpp"
#include "window.hpp"

#include <optional>
#include <set>
#include <string>
#include <variant>
#include <vector>

namespace muster::gui {

/// The order of battle as one clipped table, so 5,000 brigades stay smooth.
class OobWindow : public Forgetting<OobWindow> {
public:
    const char* title() const override { return "Order of battle"; }
    void draw(GuiApp& app) override;
    /// Renames the selected army, corps, division or brigade.
    void rename(GuiApp& app);
    /// Enters a historical brigade by hand into the selected division.
    void add_brigade(GuiApp& app);
    /// Reveals the selected division to the enemy, or hides it from it again.
    void set_fog(GuiApp& app);
    /// Disbands or destroys the selected brigade, or merges it into `merge_into`.
    enum class BrigadeEnd { disband, destroy, merge };
    void brigade_out(GuiApp& app, BrigadeEnd end);
    /// Selects a unit and scrolls to it, opening its army, corps and division (`key`: "d40",
    /// `parents`: their keys), as the navigator asks.
    void reveal(const std::string& key, NamedKind kind, const std::string& ref, const std::vector<std::string>& parents);

    // View state
    ViewChoice view;
    std::set<std::string> collapsed;  // keys of collapsed armies, corps, divisions
    std::optional<NamedKind> selected_kind;   // what the edit panel acts on
    std::string selected_ref;
    bool selected_open = false;               // a division that takes hand-entered brigades
    std::string new_name;
    app::BrigadeEntry entry;                  // the brigade being entered by hand
    std::string merge_into;                   // the brigade of its division the selected one merges into

    /// One line of the flattened tree: what it shows, pointed at in the order of battle the
    /// window shows. Its text is made only when the line is on screen (see `line`), so a
    /// campaign of 100,000 brigades is flattened without building a string for each.
    struct Row {
        int depth = 0;
        std::variant<const army::Army*, const army::Corps*, const army::Division*, const army::Brigade*, const army::Battery*> unit;
        const army::Division* division = nullptr;  // a brigade's
        const char* note = "";                     // after a reserve battery's name
        std::string key() const;                   // "a12", "k3", "d40", "b977", "t5"
    };
    const std::vector<Row>& rows() const { return m_rows; }
    /// What a line shows.
    struct Line {
        std::string key;  // collapses it; empty for a brigade or battery line
        std::string label;
        std::vector<std::string> cells;  // stands, label, state, rating, commander
        int state = -1;  // 0 fresh, 1 worn, 2 spent
        std::optional<NamedKind> kind;  // none: a battery
        std::string ref;   // its name; a brigade's "Division/Brigade"
        bool open = false; // a division that takes hand-entered brigades
    };
    Line line(const rules::RuleSet& rules, const Row& row) const;

private:
    void rebuild(GuiApp& app);
    army::OrderOfBattle m_view_oob;                // a view's part of the order of battle
    const army::OrderOfBattle* m_oob = nullptr;    // what the rows point into: the model's or m_view_oob
    std::vector<Row> m_rows;
    int m_revision = -1;
    ViewChoice m_view{-1};
    View m_viewer;
    size_t m_collapsed = 0;
    std::string m_scroll_to;  // the key of a line to bring into sight
    float m_row_height = 0;   // as the clipper measured it
};

}  // namespace muster::gui
