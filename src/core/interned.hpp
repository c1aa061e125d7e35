#pragma once
// A short text that many records repeat: a rule set's word (a side, a grade, an arm, a rating).
// Held once in the process and pointed at, 8 bytes a record where a std::string takes 32: a
// campaign of 33,000 divisions holds such words in every brigade and leader. Read as the
// std::string it stands for. The texts are kept for the process's life: a rule set has few
// words, and a campaign's damaged or hostile rows can add no more than the rows they are in.
#include <compare>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

namespace muster {

class Interned {
public:
    Interned() : m_text(&none()) {}
    Interned(std::string_view text);
    Interned(const std::string& text) : Interned(std::string_view(text)) {}
    Interned(const char* text) : Interned(std::string_view(text)) {}

    const std::string& str() const { return *m_text; }
    operator const std::string&() const { return *m_text; }
    operator std::string_view() const { return *m_text; }
    bool empty() const { return m_text->empty(); }
    std::size_t size() const { return m_text->size(); }
    const char* c_str() const { return m_text->c_str(); }
    const char* data() const { return m_text->data(); }
    std::string::const_iterator begin() const { return m_text->begin(); }
    std::string::const_iterator end() const { return m_text->end(); }
    char front() const { return m_text->front(); }
    char operator[](std::size_t i) const { return (*m_text)[i]; }
    void clear() { m_text = &none(); }

    // The same text is the same pointer: compared by it.
    friend bool operator==(const Interned& a, const Interned& b) { return a.m_text == b.m_text; }
    friend bool operator==(const Interned& a, const std::string& b) { return *a.m_text == b; }
    friend bool operator==(const Interned& a, std::string_view b) { return *a.m_text == b; }
    friend bool operator==(const Interned& a, const char* b) { return *a.m_text == b; }
    friend std::strong_ordering operator<=>(const Interned& a, const Interned& b) { return a.str().compare(b.str()) <=> 0; }
    friend std::strong_ordering operator<=>(const Interned& a, std::string_view b) { return std::string_view(a.str()).compare(b) <=> 0; }

    friend std::string operator+(const std::string& a, const Interned& b) { return a + b.str(); }
    friend std::string operator+(std::string&& a, const Interned& b) { return std::move(a) + b.str(); }
    friend std::string operator+(const char* a, const Interned& b) { return a + b.str(); }
    friend std::string operator+(const Interned& a, const std::string& b) { return a.str() + b; }
    friend std::string operator+(const Interned& a, const char* b) { return a.str() + b; }
    friend std::string operator+(const Interned& a, char b) { return a.str() + b; }
    friend std::string operator+(const Interned& a, const Interned& b) { return a.str() + b.str(); }

private:
    static const std::string& none();
    const std::string* m_text;
};

}  // namespace muster
