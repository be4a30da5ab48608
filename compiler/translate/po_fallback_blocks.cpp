// fallback_blocks (po_fallback.hpp): the matrices and cards a translator
// filled, written into the translation from the source's.
#include <algorithm>
#include <cstdlib>

#include "compiler/translate/po_fallback.hpp"
#include "compiler/translate/po_words.hpp"
#include "compiler/translate/translation_units.hpp"
#include "talebook/kinds.hpp"

namespace talebook {
namespace {

struct BlockEdit {
  std::uint32_t begin, end;
  std::string text;
};

// The source's matrix or card named `block`, as its range and its kind of
// mechanics; none when the source has no such block.
struct SourceBlock {
  const ReactionMatrix* matrix = nullptr;
  const Card* card = nullptr;
  const DeckCard* deck_card = nullptr; // a game's card, tile or verdict table: game_block_of
  SourceRange range;
};

SourceBlock find_block(const Book& source, const std::string& block) {
  SourceBlock out;
  if (game_block_of(block) == block) {
    const GameContent& game = source.game;
    if (block == "verdicts" && !game.verdict_headers.empty() && !game.verdicts.empty()) {
      out.range = game.verdict_headers.front();
      out.range.end = game.verdicts.back().range.end;
    } else if (block.rfind("deck ", 0) == 0) {
      const std::size_t i = std::strtoul(block.c_str() + 5, nullptr, 10) - 1;
      if (i < game.deck.size()) out.deck_card = &game.deck[i];
      if (out.deck_card) out.range = out.deck_card->range;
    } else if (block.rfind("tile ", 0) == 0) {
      for (const StoryTileEntry& t : game.tiles)
        if (std::to_string(t.number) == block.substr(5)) out.range = t.range;
    }
    return out;
  }
  if (block.rfind("matrix ", 0) == 0 && block.size() == 8) {
    out.matrix = source.matrix(block[7]);
    if (out.matrix) out.range = out.matrix->range;
    return out;
  }
  const std::vector<std::string> ids = card_ids(source);
  for (std::size_t k = 0; k < ids.size(); ++k)
    if (ids[k] == block) {
      out.card = &source.cards[k];
      out.range = out.card->range;
    }
  return out;
}

// The block's text as the translation writes it (LF line ends): the filled
// units in place, its mechanics in the translation's words.
// What the translation calls the game's card `card` (an index into the deck):
// its own card's name, else the name the PO file gives it, else the source's.
std::string deck_name(std::uint32_t card, const Book& translation,
                      const std::map<std::string, std::map<std::string, std::string>>& all,
                      std::string_view source_name) {
  const std::vector<DeckCard>& deck = translation.game.deck;
  if (card < deck.size() && !deck[card].fallback) return std::string(deck[card].name);
  const std::string id = "deck " + std::to_string(card + 1);
  if (auto block = all.find(id); block != all.end())
    if (auto name = block->second.find(id); name != block->second.end()) return name->second;
  return std::string(source_name);
}

// A game's card as the translation writes it: without the English gloss, the
// cards its `Stopped by:` and `Bars:` lines name in the translation's words.
void deck_card_edits(const DeckCard& c, const SourceSet& sources, const Book& translation,
                     const std::map<std::string, std::map<std::string, std::string>>& all,
                     std::vector<BlockEdit>& edits) {
  if (c.gloss_range.valid() && c.name_range.valid()) {
    std::string_view file = sources.file(c.gloss_range.file).text();
    std::size_t close = file.find(']', c.gloss_range.end);
    if (close != std::string_view::npos && close < c.header.end)
      edits.push_back({c.name_range.end, static_cast<std::uint32_t>(close + 1), ""});
  }
  for (const auto* names : {&c.stopped_by, &c.bars})
    for (const CardName& n : *names)
      if (n.card != UINT32_MAX && n.range.valid())
        edits.push_back({n.range.begin, n.range.end, deck_name(n.card, translation, all, n.name)});
}

std::string block_text(const SourceBlock& b, const SourceSet& sources,
                       const std::vector<TextUnit>& units,
                       const std::map<std::string, std::map<std::string, std::string>>& all,
                       const std::string& block, const Book& translation, const Words& words,
                       const FallbackBooks& books, std::string& missing) {
  const std::map<std::string, std::string>& fills = all.at(block);
  std::vector<BlockEdit> edits;
  if (b.deck_card) deck_card_edits(*b.deck_card, sources, translation, all, edits);
  for (const TextUnit& u : units)
    if (auto fill = fills.find(u.context);
        fill != fills.end() && u.span.valid() && u.span.file == b.range.file &&
        u.span.begin >= b.range.begin && u.span.end <= b.range.end)
      edits.push_back({u.span.begin, u.span.end, fill->second});
  // A vocabulary word by id, in the translation's spelling.
  auto word = [&](VocabKind kind, const std::string& id, SourceRange r, const std::string& tail) {
    const VocabEntry* to = books.translation_vocabulary.by_id(kind, id);
    if (!to && missing.empty()) missing = std::string(sources.text(r));
    if (to) edits.push_back({r.begin, r.end, to->name + tail});
  };
  if (b.matrix)
    for (std::size_t i = 0; i < b.matrix->options.size() && i < b.matrix->option_ranges.size();
         ++i) {
      const std::string& note = i < b.matrix->option_notes.size() ? b.matrix->option_notes[i] : "";
      word(VocabKind::Option, b.matrix->options[i], b.matrix->option_ranges[i],
           note.empty() ? "" : "(" + note + ")");
    }
  if (b.card) {
    for (const TerrainEntry& t : b.card->terrains)
      if (t.name_range.valid()) word(VocabKind::Terrain, t.terrain, t.name_range, "");
    // A city card's results: their award groups in the translation's words.
    if ((b.card->kind == CardKind::City || b.card->kind == CardKind::Special) &&
        b.card->header.valid()) {
      SourceRange results{b.range.file, b.card->header.end, b.range.end};
      std::string now = translate_words(sources.text(results), words, missing);
      if (now != sources.text(results)) edits.push_back({results.begin, results.end, now});
    }
  }
  std::sort(edits.begin(), edits.end(),
            [](const BlockEdit& x, const BlockEdit& y) { return x.begin > y.begin; });
  std::string text(sources.text(b.range));
  std::uint32_t last = b.range.end + 1;
  for (const BlockEdit& e : edits)
    if (e.end <= last) { // never two over one place (a name inside the results)
      text.replace(e.begin - b.range.begin, e.end - e.begin, e.text);
      last = e.begin;
    }
  text.erase(std::remove(text.begin(), text.end(), '\r'), text.end());
  while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
    text.pop_back();
  return text;
}

} // namespace

std::string block_of(const std::string& context) {
  if (context.rfind("matrix ", 0) == 0 && context.size() > 8) return context.substr(0, 8);
  if (context.rfind("card ", 0) == 0) return context;
  return game_block_of(context);
}

bool fallback_block(const Book& source, const Book& translation, const std::string& block) {
  const SourceBlock b = find_block(source, block);
  if (game_block_of(block) == block) {
    const GameContent& game = translation.game;
    if (!b.range.valid()) return false;
    if (block == "verdicts") return game.verdicts_fallback;
    if (b.deck_card) {
      const std::size_t i = static_cast<std::size_t>(b.deck_card - source.game.deck.data());
      return i < game.deck.size() && game.deck[i].fallback;
    }
    for (const StoryTileEntry& t : game.tiles)
      if (t.fallback && std::to_string(t.number) == block.substr(5)) return true;
    return false;
  }
  if (b.matrix) {
    const ReactionMatrix* m = translation.matrix(b.matrix->letter);
    return m && m->fallback;
  }
  if (b.card)
    for (const Card& card : translation.cards)
      if (card.fallback && card.kind == b.card->kind && card.name == b.card->name) return true;
  return false;
}

std::vector<NewParagraph>
fallback_blocks(const std::map<std::string, std::map<std::string, std::string>>& fills,
                const SourceSet& sources, const Book& translation, const FallbackBooks& books,
                std::vector<UnwrittenParagraph>& unwritten) {
  std::vector<NewParagraph> out;
  const std::vector<TextUnit> units = text_units(books.source, sources);
  const Words words = word_table(books, translation);
  std::vector<std::pair<SourceBlock, const std::string*>> order;
  for (const auto& [block, texts] : fills)
    if (SourceBlock b = find_block(books.source, block); b.range.valid())
      order.push_back({b, &block});
  std::sort(order.begin(), order.end(), [](const auto& x, const auto& y) {
    return std::make_pair(x.first.range.file, x.first.range.begin) <
           std::make_pair(y.first.range.file, y.first.range.begin);
  });
  for (const auto& [b, block] : order) {
    const std::string mirror = mirror_of(sources, b.range.file, books);
    if (mirror.empty()) {
      unwritten.push_back({0, *block, {}});
      continue;
    }
    NewParagraph p;
    p.block = *block;
    p.path = mirror;
    std::string missing;
    p.text = block_text(b, sources, units, fills, *block, translation, words, books, missing);
    if (!missing.empty()) {
      unwritten.push_back({0, *block, missing});
      continue;
    }
    p.file = file_of(sources, mirror);
    if (p.file) p.at = static_cast<std::uint32_t>(sources.file(p.file).text().size());
    out.push_back(std::move(p));
  }
  return out;
}

} // namespace talebook
