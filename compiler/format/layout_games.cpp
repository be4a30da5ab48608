// The game family's lines in one layout (docs/games.md): a card's `Scores:`
// and `Copies:` without blanks inside (`6/2/3`), its `Stopped by:` and
// `Bars:` lists and a tile's `Others:` tidied as the map's `Land:` lines.
// Headers, texts, titles and verdicts stay as written.
#include "compiler/format/format.hpp"

namespace talebook::format {

void game_edits(const Book& book, std::uint32_t file, std::string_view text,
                std::vector<Edit>& out) {
  for (const DeckCard& c : book.game.deck) {
    if (c.fallback || c.header.file != file) continue;
    if (c.scores_range.valid()) keyed_line(text, c.scores_range.begin, false, out);
    if (c.copies_range.valid()) keyed_line(text, c.copies_range.begin, false, out);
    if (c.stopped_line.valid()) keyed_line(text, c.stopped_line.begin, true, out);
    if (c.bars_line.valid()) keyed_line(text, c.bars_line.begin, true, out);
  }
  for (const StoryTileEntry& t : book.game.tiles)
    if (!t.fallback && t.header.file == file && t.others_range.valid() && !t.others.empty())
      keyed_line(text, t.others_range.begin, true, out);
}

} // namespace talebook::format
