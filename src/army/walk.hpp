#pragma once
// An order of battle read one piece at a time, in order, so that what reads it never holds
// more than one division: the exports stream a campaign of any size this way.
#include "army/division.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace muster::army {

/// Hears an order of battle in order: each army (with its reserve, without its corps), each of
/// its corps (with its reserve, without its divisions), each division of that corps whole, and
/// the end of each corps and army.
class OobVisitor {
public:
    virtual ~OobVisitor() = default;
    virtual void army(const Army& a) = 0;
    virtual void corps(const Corps& k) = 0;
    virtual void division(const Division& d) = 0;
    /// A division the walk gives up once heard: the visitor may take what it holds, and leave it
    /// anything (the walk fills it anew, every field it reads, for the next). Heard as division()
    /// unless the visitor keeps it.
    virtual void take_division(Division& d) { division(d); }
    virtual void end_corps() = 0;
    virtual void end_army() = 0;
    /// Whether it reads the brigades and batteries of the army's hidden divisions: one that does
    /// not (a view of the enemy's) is given them empty, and a walk from the campaign does not read them.
    virtual bool reads_hidden_contents(const Army&) const { return true; }
};

/// An order of battle as a writer reads it: whose it is and as whom, and its forces, walked as
/// often as the writer asks (a PDF reads them more than once).
struct OobSource {
    std::string campaign;
    View view;
    std::function<void(OobVisitor&)> walk;
    /// One held in memory.
    static OobSource of(const OrderOfBattle& oob);
};

/// Walks `oob` for `v`.
void walk(const OrderOfBattle& oob, OobVisitor& v);

/// Runs `walk` on a second thread while `v` hears, on this one, each unit it walked, in the
/// order walked: reading the campaign and writing the export overlap, so an export takes about
/// the longer of the two, not their sum. Units wait for `v` in a ring of 256, copied (a division
/// given up, swapped) into slots kept from one unit to the next, so memory stays flat. A failure of either side
/// stops both and is thrown here once the walk has ended: the walk's, or else `v`'s. Where no
/// thread can be started, walks on this thread. `v.reads_hidden_contents` is asked from the
/// walk's thread: it must read only what `v` was made with.
void walk_beside(const std::function<void(OobVisitor&)>& walk, OobVisitor& v);

/// Builds an order of battle from what it hears.
class OobCollector : public OobVisitor {
public:
    explicit OobCollector(OrderOfBattle& into) : m_oob(into) {}
    void army(const Army& a) override;
    void corps(const Corps& k) override;
    void division(const Division& d) override;
    void end_corps() override {}
    void end_army() override {}

private:
    OrderOfBattle& m_oob;
};

/// A line of an order of battle as a list of its units shows it: an army, a corps, a division,
/// or a brigade with its stands. A list's lines come in the walk's order, each unit's under it.
struct OutlineLine {
    std::int64_t id = 0;
    std::string name;
    int depth = 0;    ///< 0 an army, 1 a corps, 2 a division, 3 a brigade
    int stands = -1;  ///< a brigade's
    bool operator==(const OutlineLine&) const = default;
};

/// Lists what it hears as lines (a view's list of units: what the GUI's navigator shows holds no
/// more, and a copy of a side's whole order of battle, leaders and all, took 20 MB at 10,000 divisions).
class OutlineCollector : public OobVisitor {
public:
    explicit OutlineCollector(std::vector<OutlineLine>& into) : m_lines(into) {}
    void army(const Army& a) override { m_lines.push_back({a.id, a.name, 0}); }
    void corps(const Corps& k) override { m_lines.push_back({k.id, k.name, 1}); }
    void division(const Division& d) override;
    void end_corps() override {}
    void end_army() override {}

private:
    std::vector<OutlineLine>& m_lines;
};

}  // namespace muster::army
