// What the resolver's passes share (compiler/resolve/*.cpp): the book, its
// sources and vocabulary, and the reports of unknown names.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "compiler/resolve/resolver.hpp"

namespace talebook::resolve {

struct Resolver {
  Book& book;
  const SourceSet& sources;
  const Vocabulary& vocabulary;
  Diagnostics& diagnostics;
  // Where a `Words:` line that reads as prose joined the section above, after
  // its award group (TB0321, TB0322): no TB0320 or TB0043 there again.
  std::vector<std::uint32_t> glued;
  // Where the parser's second award groups (TB0043) start, sorted: no TB0320
  // for the text before one.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> rejected;

  // An unknown name with "did you mean" among `candidates`.
  Diagnostic& unknown(Code code, SourceRange where, std::string_view written,
                      const std::vector<std::string>& candidates);
  // An unknown name that could be of several kinds: the code is the kind of
  // the closest known name (unknown skill, status...), else `fallback`.
  struct NameGroup {
    Code code;
    std::vector<std::string> names;
  };
  void unknown_name(SourceRange where, std::string_view written, Code fallback,
                    const std::vector<NameGroup>& groups);
  // The names a heading may hold, by kind.
  std::vector<NameGroup> condition_groups() const;
};

void resolve_sections(Resolver& r, Paragraph& p); // headings and their names
// A line's `Words` that read like a heading's name (heading_like.cpp): one to
// three capitalised words, or in a script without capitals (Chinese, Arabic) a
// few words one run of which is a skill, status, wealth level or heading.
bool heading_like(const Resolver& r, std::string_view name);
// The skills and statuses that a few words (six at most) name as whole words,
// in any script and any case, by their vocabulary names in the order they
// stand: `Piety and Wisdom` names Piety and Wisdom (heading_like.cpp).
std::vector<std::string> names_in_words(const Resolver& r, std::string_view words);
void resolve_awards(Resolver& r, AwardCode& code);   // names in award items
void resolve_matrices(Resolver& r);                  // options, rows of charts and `Name (L)`
void resolve_matrix_refs(Resolver& r, Paragraph& p); // a paragraph's charts and `Name (L)`
void resolve_cards(Resolver& r);                     // terrains, city encounters, awards
void resolve_map(Resolver& r);                       // the map's terrains, rates and routes
void resolve_display(Resolver& r); // the Merchant Display, its counters, the cities' products
void resolve_games(Resolver& r);   // the game family's cards and tiles (resolve_games.cpp)
void resolve_quest(Resolver& r, Paragraph& p);   // a quest's spaces and modifiers
void resolve_effects(Resolver& r, Paragraph& p); // a status's or treasure's effects

} // namespace talebook::resolve
