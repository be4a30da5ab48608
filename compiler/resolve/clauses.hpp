// The clauses of a section whose text is a list (a quest's `Modifiers:`, a
// status's `Effects:`): split at semicolons, with their signed amounts.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/model/section.hpp"
#include "compiler/model/vocabulary.hpp"

namespace talebook::resolve {

// Whether one of the section's conditions is of `kind`.
bool has_condition(const Section& s, ConditionKind kind);

// Splits on any of the separators (ASCII or UTF-8 sequences) and on line
// ends; the pieces trimmed, empty ones dropped.
std::vector<std::string> split(std::string_view text, const std::vector<std::string>& seps);

// Clauses are separated by semicolons: `;`, the full-width `；` and the Arabic
// `؛` (a list's commas may be inside one: "+1 if you have Luck, or Piety").
extern const std::vector<std::string> clause_separators;

// A list's separators: `,`, the Chinese `，` and `、`, and the book's own
// (the vocabulary's punctuation `list`: the Arabic `،`).
std::vector<std::string> list_separators(const Vocabulary& v);

// The first signed number of the words: `+1`, `-1`, `−1`, full-width forms,
// and a blank after the sign as the rulebook prints it (`+ 1 to the die roll`).
std::optional<int> amount_of(std::string_view words);

} // namespace talebook::resolve
