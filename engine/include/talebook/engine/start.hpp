// A game that starts from a stated situation (`talec play --start`): a
// status, treasures, wealth, Destiny or Story given before the first turn,
// so that a writer (and a golden transcript) reaches a section that a random
// game seldom does.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <talebook/reader.hpp>

#include "talebook/engine/character.hpp"

namespace talebook::engine {

struct Start {
  std::optional<int> destiny;
  std::optional<int> story;
  std::optional<int> wealth;         // a Wealth level
  std::optional<std::string> status; // a vocabulary id; a normal status (rule 13.1)
  std::vector<HeldTreasure> treasures;
  std::vector<Opportunity> opportunities; // places of power you may enter (rule 9.2)
  std::optional<std::uint32_t> space;     // a space of the book's map (rule 9), by its index
  std::vector<std::string> masters;       // skills (vocabulary ids) held at Master
};

// Reads `key=value,key=value` (keys: destiny, story, wealth, status,
// treasure, enter, space, master; treasure, enter and master may repeat;
// master is a skill held at Master; enter is a place of
// power, by name or paragraph, the character has the opportunity to enter;
// space is a space of the book's map, by its name, where the character
// stands instead of the start space). A value is a number, or a vocabulary id or
// the book's own word for it (any case): `status=wounded`, `status=受伤`,
// `treasure=Seal of Sulayman` or a treasure's paragraph number. Nothing and
// a message in `error` when the text does not fit the book.
std::optional<Start> read_start(const tbook::Book& book, std::string_view text, std::string& error);
// Puts the stated situation on the character sheet.
void apply_start(const Start& start, Character& character);

// The paragraph a game starts at (`talec play --from`, `talec simulate
// --from`): `number` when it is a paragraph of the book, else nothing and a
// message in `error` that says which numbers the book has.
std::optional<std::uint32_t> read_from(const tbook::Book& book, std::uint64_t number,
                                       std::string& error);

} // namespace talebook::engine
