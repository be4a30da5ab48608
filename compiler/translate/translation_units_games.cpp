// The translatable units of a game book (docs/games.md): each card's name
// ("deck 3", renamed with the `Stopped by:` and `Bars:` lines that name it) and
// text ("deck 3 text"), each tile's title ("tile 7", by its number) and each
// verdict's words ("verdict 2", by order). A card, a tile and the verdict table
// are each reviewed as one block (TextUnit::block), like a paragraph.
#include "compiler/translate/translation_units_games.hpp"
#include "compiler/translate/translation_games.hpp"
#include "compiler/translate/translation_units.hpp"

namespace talebook {
namespace {

// A one-line unit: the text `range` holds, trimmed (empty: no span).
TextUnit line_unit(std::string context, SourceRange range, std::string block, std::string about,
                   const SourceSet& sources) {
  TextUnit unit = make_unit(std::move(context), range, sources);
  if (unit.text.empty()) unit.span = {};
  unit.block = std::move(block);
  unit.about = std::move(about);
  unit.one_line = true;
  return unit;
}

} // namespace

std::string game_block_of(const std::string& context) {
  if (context.rfind("deck ", 0) == 0) return context.substr(0, context.find(' ', 5));
  if (context.rfind("tile ", 0) == 0) return context;
  if (context.rfind("verdict ", 0) == 0) return "verdicts";
  return {};
}

void game_units(const Book& book, const SourceSet& sources, std::vector<TextUnit>& units) {
  const GameContent& game = book.game;
  for (std::size_t i = 0; i < game.deck.size(); ++i) {
    const DeckCard& card = game.deck[i];
    if (card.fallback) continue;
    const std::string block = "deck " + std::to_string(i + 1);
    const std::string about = card_text(card);
    const std::string kind(deck_class_names[static_cast<std::size_t>(card.deck_class)]);
    TextUnit name = line_unit(block, card.name_range, block, about, sources);
    name.notes.push_back("the name of card " + std::to_string(i + 1) + " of the deck (" + kind +
                         "; the Stopped by and Bars lines that name it are renamed with it)");
    for (const DeckCard& other : game.deck) {
      if (other.fallback) continue;
      for (const auto* names : {&other.stopped_by, &other.bars})
        for (const CardName& n : *names)
          if (n.card == i && n.range.valid()) name.also.push_back(n.range);
    }
    units.push_back(std::move(name));
    TextUnit text = line_unit(block + " text", card.text_range, block, about, sources);
    text.notes.push_back("the text of card " + std::to_string(i + 1) + " of the deck (" + kind +
                         "), on one line");
    units.push_back(std::move(text));
  }
  for (const StoryTileEntry& tile : game.tiles) {
    if (tile.fallback) continue;
    const std::string block = "tile " + std::to_string(tile.number);
    TextUnit title = line_unit(block, tile.title_range, block, tile_text(tile), sources);
    title.notes.push_back("the title of tile " + std::to_string(tile.number) + " (" +
                          std::string(tile_colour_names[static_cast<std::size_t>(tile.colour)]) +
                          ")");
    units.push_back(std::move(title));
  }
  if (game.verdicts_fallback) return;
  for (std::size_t i = 0; i < game.verdicts.size(); ++i) {
    const Verdict& v = game.verdicts[i];
    if (v.fallback) continue;
    TextUnit words = line_unit("verdict " + std::to_string(i + 1), v.words_range, "verdicts",
                               verdict_text(v), sources);
    words.notes.push_back("the King's verdict on a total of " + verdict_text(v));
    units.push_back(std::move(words));
  }
}

} // namespace talebook
