#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace muster {

/// "1st", "2nd", "3rd", "4th", "11th", "22nd"...
std::string ordinal(int n);
/// Joins parts with a separator.
std::string join(const std::vector<std::string>& parts, std::string_view sep);
/// "a", "a and b", "a, b and c".
std::string join_and(const std::vector<std::string>& parts);
/// Splits on a separator character; keeps empty parts.
std::vector<std::string> split(std::string_view text, char sep);
/// A name's possessive: "the Union's", "the Allies'".
std::string possessive(std::string_view name);
/// A word with its indefinite article, by its first letter: "a green", "an elite".
std::string a_or_an(std::string_view word);
/// Removes leading and trailing spaces and tabs.
std::string_view trim(std::string_view text);
/// Parses a whole decimal integer (optional sign); false on anything else or overflow.
bool parse_int(std::string_view text, int& out);
/// "1 battery", "2 batteries": a count with its noun, singular or plural.
std::string count_of(int n, std::string_view singular, std::string_view plural);
/// ASCII letters lower-cased ("Fresh" -> "fresh").
std::string lower(std::string_view text);
/// A word as a shell reads it back whole, for a command muster prints to type: as it is, in
/// double quotes where an apostrophe is all it needs ("O'Hara's"), else in single quotes.
std::string shell_word(std::string_view word);
/// A command's positional argument as a shell reads it back whole and the command takes it as
/// one: shell_word, after "--" where it begins with '-' (else the command reads an option).
std::string shell_positional(std::string_view word);
/// An option with its value as a shell reads them back and the command takes them: "--draft
/// Wagram", and "--draft=-h" where the value begins with '-' (else it reads as an option).
std::string shell_option(std::string_view option, std::string_view value);

}  // namespace muster
