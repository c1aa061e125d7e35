#pragma once
// The campaign navigator: armies -> corps -> divisions -> brigades down the left of the
// workspace, as the view may read them, with a filter box (Ctrl+F). A click shows the unit in
// the order of battle.
#include "army/walk.hpp"
#include "core/record_list.hpp"
#include "core/words.hpp"

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace muster::gui {

class GuiApp;

class Navigator {
public:
    /// Draws into the current region: the filter, then the tree (only its lines on screen).
    void draw(GuiApp& app);

    // View state
    std::string filter;              ///< shows the units whose name holds it (any case), with their parents
    std::set<std::string> toggled;   ///< keys opened or closed by hand: armies and corps start open
    std::string selected;            ///< the key of the unit last clicked
    bool focus_filter = false;       ///< the filter takes the keyboard in the next frame (Ctrl+F)

    /// One line of the tree: what it shows points into the model (a rebuild at 33,000 divisions
    /// makes no string a line).
    struct Row {
        int depth = 0;
        NamedKind kind = NamedKind::army;
        std::int64_t id = 0;
        const std::string* name = nullptr;
        const std::string* division = nullptr;  ///< a brigade's division's name
        int stands = -1;                        ///< a brigade's
        bool leaf = false;
        bool open = false;
        size_t parent = 0;                      ///< the line of its army, corps or division (not an army's)
        std::string key() const;                ///< "a12", "k3", "d40", "b977": its id, kept across renames
        std::string ref() const;                ///< as the order of battle names it ("Division/Brigade")
    };
    const std::vector<Row>& rows() const { return m_rows; }
    /// The keys of a line's army, corps and division.
    std::vector<std::string> parents(const Row& row) const;

private:
    void rebuild(const RecordList<army::OutlineLine>& lines);
    std::vector<Row> m_rows;
    int m_revision = -1;
    std::string m_side, m_filter;
};

}  // namespace muster::gui
