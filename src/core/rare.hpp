#pragma once
// An optional value kept on the heap: std::optional's use, a pointer's room. For what few of
// many records carry (a leader's former post, his company): an empty one costs 8 bytes, not the
// value's whole size in every record.
#include <memory>
#include <optional>

namespace muster {

template <class T>
class Rare {
public:
    Rare() = default;
    Rare(std::nullopt_t) {}
    Rare(T value) : m_value(std::make_unique<T>(std::move(value))) {}
    Rare(const Rare& other) : m_value(other ? std::make_unique<T>(*other) : nullptr) {}
    Rare(Rare&&) noexcept = default;
    Rare& operator=(const Rare& other) {
        if (this != &other) m_value = other ? std::make_unique<T>(*other) : nullptr;
        return *this;
    }
    Rare& operator=(Rare&&) noexcept = default;

    explicit operator bool() const { return m_value != nullptr; }
    bool has_value() const { return m_value != nullptr; }
    const T& operator*() const { return *m_value; }
    T& operator*() { return *m_value; }
    const T* operator->() const { return m_value.get(); }
    T* operator->() { return m_value.get(); }
    void reset() { m_value.reset(); }
    /// The value, or a T made by default where there is none: for reading.
    const T& value_or_default() const {
        static const T none{};
        return m_value ? *m_value : none;
    }

    friend bool operator==(const Rare& a, const Rare& b) { return a && b ? *a == *b : !a && !b; }

private:
    std::unique_ptr<T> m_value;
};

}  // namespace muster
