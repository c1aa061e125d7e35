#pragma once
#include "core/error.hpp"
#include "rules/rule_set.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

namespace muster::dice {

using rules::Die;

/// The faces of one throw, one die's or two, kept in place: a throw allocates nothing, and is
/// small enough (16 bytes) to be handed back in registers.
class Faces {
public:
    static constexpr size_t k_most = 2;
    Faces() = default;
    Faces(std::initializer_list<int> faces) {
        for (int f : faces) push_back(f);
    }
    /// Adds a face; a throw has at most two (more are not kept).
    void push_back(int face) {
        const size_t n = size();
        if (n < k_most) m_faces[n] = face;
    }
    size_t size() const { return static_cast<size_t>(m_faces[0] != k_none) + static_cast<size_t>(m_faces[1] != k_none); }
    bool empty() const { return m_faces[0] == k_none; }
    int operator[](size_t i) const { return m_faces[i]; }
    const int* begin() const { return m_faces.data(); }
    const int* end() const { return m_faces.data() + size(); }
    bool operator==(const Faces& o) const { return m_faces == o.m_faces; }

private:
    // A place no face holds (faces are counted from 0): one not thrown.
    static constexpr int k_none = std::numeric_limits<int>::min();
    std::array<int, k_most> m_faces{k_none, k_none};
};

/// One throw of the dice: the faces as they lay and what they read.
struct Throw {
    Die die = Die::percentile;
    Faces faces;             ///< percentile: tens and units die, 0-9 each; 2d6: both dice
    int reading = 0;         ///< percentile 1-100 (0,0 reads 100), 2d6 2-12, d6 1-6, d10 1-10
    /// The faces as written: "4,4", "0,0", "3+5", "6".
    std::string faces_text() const;
    /// What they read as the tables write it: "44", "00" (percentile 100), "8".
    std::string reading_text() const { return die == Die::percentile && reading == 100 ? "00" : std::to_string(reading); }
};

/// Where rolls come from: a seeded generator, or dice the organiser rolled and typed in.
class Source {
public:
    virtual ~Source() = default;
    /// Throws the dice for `purpose` (named in errors, e.g. "2nd Brigade stands").
    virtual Throw roll(Die die, std::string_view purpose) = 0;
    /// Whether it reads a roll's purpose at all: where not, a caller that must put it into
    /// words first may pass none.
    virtual bool reads_purpose() const { return true; }
    /// The seeded generator this is, if it is one: a caller rolling many times may throw its
    /// dice directly (SeededSource::throw_into), the same throws without a call through this.
    virtual class SeededSource* seeded() { return nullptr; }
};

/// SplitMix64 over a counter: draw n (n = 1, 2, ...) is mix(seed + n * 0x9E3779B97F4A7C15).
/// A die of s faces takes draws until one falls below 2^64 - (2^64 mod s) and reads it mod s,
/// so a seed gives the same rolls with any compiler and standard library. Percentile dice
/// are two d10 faces 0-9 (tens, units); 2d6 is two d6.
class SeededSource final : public Source {
public:
    explicit SeededSource(std::uint64_t seed, std::uint64_t counter = 0) : m_seed(seed), m_counter(counter) {}
    Throw roll(Die die, std::string_view) override { return throw_die(die); }
    bool reads_purpose() const override { return false; }
    SeededSource* seeded() override { return this; }
    /// The next throw of a die (roll(), called directly).
    Throw throw_die(Die die) {
        Throw t;
        throw_into(die, t);
        return t;
    }
    /// The next throw of a die, written where it is kept: a throw handed back is copied through
    /// memory, which a caller rolling many times pays for on every roll.
    [[gnu::always_inline]] void throw_into(Die die, Throw& t) {  // inlined: a loop of throws pays no call
        t.die = die;
        switch (die) {
            case Die::d6: t.reading = face<6>() + 1; t.faces = {t.reading}; break;
            case Die::d10: t.reading = face<10>() + 1; t.faces = {t.reading}; break;
            case Die::two_d6: {
                const int a = face<6>() + 1, b = face<6>() + 1;
                t.faces = {a, b};
                t.reading = a + b;
                break;
            }
            case Die::percentile: {
                const int tens = face<10>(), units = face<10>();
                t.faces = {tens, units};
                t.reading = tens == 0 && units == 0 ? 100 : tens * 10 + units;
                break;
            }
        }
    }
    /// The next raw 64-bit draw (advances the counter).
    std::uint64_t next() {
        ++m_counter;
        std::uint64_t z = m_seed + m_counter * 0x9E3779B97F4A7C15ull;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    std::uint64_t seed() const { return m_seed; }
    /// How many raw draws have been taken: with the seed, where the sequence stands.
    std::uint64_t counter() const { return m_counter; }

    /// The seed of a named stream of the same campaign (an audience's dice): the campaign's
    /// seed mixed with the FNV-1a hash of the name, so each stream is its own sequence.
    static std::uint64_t stream_seed(std::uint64_t seed, std::string_view stream);

private:
    // A face 0 .. Sides-1, unbiased: 2^64 mod Sides computed as (2^64 - Sides) mod Sides; draws
    // at or above the limit are thrown away. Sides is a constant, so `%` is no division.
    template <std::uint64_t Sides>
    int face() {
        constexpr std::uint64_t limit = 0 - ((0 - Sides) % Sides);
        for (;;) {
            const std::uint64_t x = next();
            if (limit == 0 || x < limit) return static_cast<int>(x % Sides);
        }
    }
    std::uint64_t m_seed;
    std::uint64_t m_counter;
};

/// Thrown by TypedSource when it runs out: which roll comes next and what it is for, so a
/// front end can ask for it (physical dice, one field a roll).
class RollNeeded : public UsageError {
public:
    RollNeeded(const std::string& message, Die die, std::string purpose, size_t index)
        : UsageError(message), die(die), purpose(std::move(purpose)), index(index) {}
    Die die;
    std::string purpose;
    size_t index;  ///< 0-based number of the roll asked for
};

/// Rolls the organiser typed in, used in order. Each is checked against the die asked for;
/// a bad value or running out is a muster::UsageError naming the roll and its purpose.
class TypedSource : public Source {
public:
    explicit TypedSource(std::vector<std::string> rolls) : m_rolls(std::move(rolls)) {}
    Throw roll(Die die, std::string_view purpose) override;
    size_t used() const { return m_next; }
    /// Refuses typed rolls that were never used (they were meant for something).
    void require_all_used() const;

private:
    std::vector<std::string> m_rolls;
    size_t m_next = 0;
    bool m_last_two_d6 = false;  ///< the last roll taken was of 2d6 (its two dice may have been typed apart)
};

/// Reads one typed-in roll for a die: percentile "1"-"100" or "00" (reads 100); d6 "1"-"6";
/// d10 "1"-"10"; 2d6 a total "2"-"12" or two faces "3+4". Throws UsageError naming `what`.
Throw parse_typed(Die die, std::string_view text, std::string_view what);

/// Splits "34,78,00" into rolls; spaces allowed around commas.
std::vector<std::string> split_rolls(std::string_view text);

}  // namespace muster::dice
