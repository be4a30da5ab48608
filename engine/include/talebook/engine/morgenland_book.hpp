// The deck of "Da geht was ab im Morgenland" from a compiled book (a .tbook
// whose game is morgenland, docs/games.md): what MorgenlandGame::begin takes.
#pragma once

#include <talebook/reader.hpp>

#include "talebook/engine/morgenland.hpp"

namespace talebook::engine::morgenland {

// The book's deck, a Card a block in source order (empty in a book of another game).
Deck deck(const tbook::Book& book);

} // namespace talebook::engine::morgenland
