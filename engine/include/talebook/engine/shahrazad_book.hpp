// Shahrazad's tile set from a compiled book (a .tbook whose game is
// shahrazad, docs/games.md): what ShahrazadGame::begin takes.
#pragma once

#include <vector>

#include <talebook/reader.hpp>

#include "talebook/engine/shahrazad.hpp"

namespace talebook::engine::shahrazad {

struct TileSet {
  std::vector<StoryTile> tiles;  // by number
  std::vector<Verdict> verdicts; // by score, the first from 0
};
// The book's story tiles and verdicts (both empty in a book of another game).
TileSet tile_set(const tbook::Book& book);

} // namespace talebook::engine::shahrazad
