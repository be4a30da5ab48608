// The dice of an encounter: the encounter chart roll (rule 11.5), the award
// paragraph roll n-1/n/n+1 (rule 11.7) and Master skills (rule 12.2).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "talebook/engine/character.hpp"
#include "talebook/engine/paragraph.hpp"

namespace talebook::engine {

// Where the character stands: the Wild Area adds 2, a black number on the
// space adds itself (rule 11.5).
struct Space {
  bool wild = false;
  int number = 0;
  bool baghdad = false; // the Standard game's players (rule 5): where a game is won
  // In a book with a map (rule 9): the space of the book's map the character
  // stands on (tbook::Book::space); the fields above are its.
  std::optional<std::uint32_t> at;
};

// The modified encounter roll: the die plus the Destiny, Wild Area and space
// additions.
int encounter_roll(int die, const Character& character, const Space& space);
// The chart line a modified roll reads: rolls past the last line read the last.
std::size_t chart_line(int modified_roll, std::size_t lines);
// Rule 11.7: 1-2 -> n-1, 3-4 -> n, 5-6 -> n+1.
std::uint32_t award_paragraph(std::uint32_t option_number, int die);

// A paragraph among n-1, n, n+1 that lists one of the character's Master skills.
struct MasterChoice {
  std::uint32_t paragraph = 0;
  std::string skill; // the skill id
};
using ParagraphLookup = std::function<const Paragraph*(std::uint32_t)>;
std::vector<MasterChoice> master_choices(std::uint32_t option_number, const Character& character,
                                         const ParagraphLookup& lookup);

} // namespace talebook::engine
