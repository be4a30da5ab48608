// Shahrazad's tile set from a compiled book (talebook/engine/shahrazad_book.hpp).
#include "talebook/engine/shahrazad_book.hpp"

namespace talebook::engine::shahrazad {

TileSet tile_set(const tbook::Book& book) {
  TileSet out;
  if (book.game() != tbook::GameKind::shahrazad) return out;
  for (std::uint32_t n = 0; n < book.story_tile_count(); ++n) {
    const tbook::StoryTile tile = book.story_tile(n);
    out.tiles.push_back({tile.colour, static_cast<int>(tile.number), std::string(tile.title)});
  }
  for (std::uint32_t i = 0; i < book.verdict_count(); ++i) {
    const tbook::Verdict verdict = book.verdict(i);
    out.verdicts.push_back({static_cast<int>(verdict.from), std::string(verdict.words)});
  }
  return out;
}

} // namespace talebook::engine::shahrazad
