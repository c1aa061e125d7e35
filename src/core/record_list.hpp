#pragma once
// A list of records read as one, held two ways: its own records (a roster read on its own), or
// records held elsewhere and pointed at, with any of its own besides (the GUI's model, whose
// roster points at the brigades, batteries and leaders of the order of battle beside it: each
// held once, not twice).
#include <algorithm>
#include <cstddef>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

namespace muster {

template <class T>
class RecordList {
public:
    using value_type = T;
    RecordList() = default;
    RecordList(std::vector<T> own) : m_own(std::move(own)) {}
    /// Records held elsewhere, which must stay where they are while the list is read, or
    /// among `own` (taken with them).
    static RecordList pointing_at(std::vector<const T*> at, std::vector<T> own = {}) {
        RecordList list;
        list.m_own = std::move(own);
        list.m_at = std::move(at);
        list.m_pointing = true;
        return list;
    }
    /// A copy holds its own copy of every record, wherever the first list's were: it may
    /// outlive what they point at.
    RecordList(const RecordList& other) : m_own(other.m_pointing ? std::vector<T>(other.begin(), other.end()) : other.m_own) {}
    RecordList& operator=(const RecordList& other) {
        if (this != &other) *this = RecordList(other);
        return *this;
    }
    RecordList(RecordList&&) noexcept = default;
    RecordList& operator=(RecordList&&) noexcept = default;

    std::size_t size() const { return m_pointing ? m_at.size() : m_own.size(); }
    bool empty() const { return size() == 0; }
    const T& operator[](std::size_t i) const { return m_pointing ? *m_at[i] : m_own[i]; }
    const T& front() const { return (*this)[0]; }
    const T& at(std::size_t i) const {
        if (i >= size()) throw std::out_of_range("record " + std::to_string(i) + " of " + std::to_string(size()));
        return (*this)[i];
    }

    /// Reads the list through a pointer to it: moving the list (unlike a vector) ends its
    /// iterators.
    class const_iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = T;
        using difference_type = std::ptrdiff_t;
        using pointer = const T*;
        using reference = const T&;
        const_iterator() = default;
        const_iterator(const RecordList* list, std::size_t i) : m_list(list), m_i(i) {}
        const T& operator*() const { return (*m_list)[m_i]; }
        const T* operator->() const { return &(*m_list)[m_i]; }
        const_iterator& operator++() {
            ++m_i;
            return *this;
        }
        const_iterator operator++(int) {
            auto was = *this;
            ++m_i;
            return was;
        }
        bool operator==(const const_iterator& o) const { return m_i == o.m_i; }

    private:
        const RecordList* m_list = nullptr;
        std::size_t m_i = 0;
    };
    const_iterator begin() const { return {this, 0}; }
    const_iterator end() const { return {this, size()}; }

    friend bool operator==(const RecordList& list, const std::vector<T>& records) {
        return list.size() == records.size() && std::equal(records.begin(), records.end(), list.begin());
    }

private:
    std::vector<T> m_own;
    std::vector<const T*> m_at;
    bool m_pointing = false;
};

}  // namespace muster
