// review_games (translation_games.hpp): a game book's cards, tiles and verdict
// table against the translation state, each reviewed as one block of units
// (translation_units_games.cpp).
#include <cstdlib>
#include <map>
#include <set>

#include "compiler/translate/translation_games.hpp"
#include "compiler/translate/translation_units.hpp"

namespace talebook {
namespace {

// The translation's header of a block, and its name for a diagnostic.
struct BlockPlace {
  SourceRange here, there;
  std::string_view kind;
  std::string name;
};

BlockPlace place(const Book& source, const Book& translation, const std::string& block) {
  BlockPlace p;
  if (block == "verdicts") {
    p.kind = "verdicts";
    if (!translation.game.verdict_headers.empty()) p.here = translation.game.verdict_headers[0];
    if (!source.game.verdict_headers.empty()) p.there = source.game.verdict_headers[0];
  } else if (block.rfind("deck ", 0) == 0) {
    const std::size_t i = std::strtoul(block.c_str() + 5, nullptr, 10) - 1;
    p.kind = "card";
    if (i < translation.game.deck.size()) {
      p.here = translation.game.deck[i].header;
      p.name = translation.game.deck[i].name;
    }
    if (i < source.game.deck.size()) p.there = source.game.deck[i].header;
  } else {
    const std::uint32_t number =
        static_cast<std::uint32_t>(std::strtoul(block.c_str() + 5, nullptr, 10));
    p.kind = "tile";
    for (const StoryTileEntry& t : translation.game.tiles)
      if (t.number == number && !t.fallback) {
        p.here = t.header;
        p.name = t.title;
      }
    for (const StoryTileEntry& t : source.game.tiles)
      if (t.number == number) p.there = t.header;
  }
  return p;
}

} // namespace

std::vector<GameBlockComparison> review_games(const TranslationPair& pair, Diagnostics& out,
                                              TranslationSummary& summary) {
  std::vector<GameBlockComparison> games;
  if (pair.source.game.empty()) return games;
  std::vector<TextUnit> source_units = text_units(pair.source, pair.sources);
  std::set<std::string> translated;
  for (const TextUnit& u : text_units(pair.translation, pair.sources))
    if (!u.block.empty()) translated.insert(u.block);
  std::map<std::string, std::vector<const TextUnit*>> blocks;
  for (const TextUnit& u : source_units) {
    if (u.block.empty()) continue;
    if (blocks.find(u.block) == blocks.end()) games.push_back({u.block, {}});
    blocks[u.block].push_back(&u);
  }
  // A state that records no unit of the game (written before games were reviewed, or by
  // hand) says nothing of its blocks: they count as unreviewed, without a warning each.
  bool any_recorded = false;
  for (const TextUnit& u : source_units)
    any_recorded |= !u.block.empty() && pair.state && pair.state->units.count(u.context);
  for (GameBlockComparison& g : games) {
    ++summary.game_blocks;
    if (!translated.count(g.block)) continue; // a fallback (TB0422) or missing (TB0421)
    ++summary.game_translated;
    g.state = ParagraphState::Unreviewed;
    if (!pair.state) { // no state file: TB0123 says so once
      ++summary.game_unreviewed;
      continue;
    }
    bool recorded = false, changed = false;
    for (const TextUnit* u : blocks[g.block]) {
      auto it = pair.state->units.find(u->context);
      if (it == pair.state->units.end()) continue;
      recorded = true;
      changed |= !(it->second == ReviewedUnit{normalized_unit_text(u->text), u->about});
    }
    const bool all_recorded = [&] {
      for (const TextUnit* u : blocks[g.block])
        if (!pair.state->units.count(u->context)) return false;
      return true;
    }();
    const BlockPlace p = place(pair.source, pair.translation, g.block);
    const std::vector<Arg> args = {arg::keyword(p.kind), arg::text(p.name)};
    if (!recorded) {
      ++summary.game_unreviewed;
      if (any_recorded) out.report(Code::unreviewed_game, p.here, args);
      continue;
    }
    if (!changed && all_recorded) {
      g.state = ParagraphState::Current;
      continue;
    }
    g.state = ParagraphState::Stale;
    ++summary.game_stale;
    Diagnostic& d = out.report(Code::stale_game, p.here, args);
    if (p.there.valid()) d.note(Code::source_game_block, p.there, {arg::keyword(p.kind)});
  }
  return games;
}

} // namespace talebook
