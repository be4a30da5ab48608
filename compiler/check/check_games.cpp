// The game family's sets (docs/games.md): Shahrazad's tile numbers and
// printed others (TB0412-TB0415, TB0419), the King's verdicts (TB0416-TB0418),
// and what a game's manifest states against its deck or tiles (TB0402,
// TB0405, TB0411). A card's own faults are the resolver's
// (compiler/resolve/resolve_games.cpp).
#include <algorithm>
#include <string>
#include <vector>

#include "compiler/check/checks.hpp"

namespace talebook {
namespace {

std::string list(std::vector<std::uint32_t> numbers) {
  std::sort(numbers.begin(), numbers.end());
  std::string out;
  for (std::uint32_t n : numbers)
    out += (out.empty() ? "" : ", ") + std::to_string(n);
  return out.empty() ? "none" : out;
}

void check_tiles(CheckContext& c) {
  const GameContent& game = c.book.game;
  const GameManifest& m = game.manifest;
  std::uint32_t total = static_cast<std::uint32_t>(game.tiles.size());
  if (m.has_tiles) {
    total = 0;
    for (std::uint32_t n : m.tiles)
      total += n == UINT32_MAX ? 0 : n;
  }
  std::vector<const StoryTileEntry*> by_number(total, nullptr);
  for (const StoryTileEntry& t : game.tiles) {
    if (!t.fallback && !t.others_range.valid())
      c.diagnostics.report(Code::tile_line, t.header, {t.number, arg::keyword("missing")});
    if (t.number >= total) {
      if (!t.fallback)
        c.diagnostics.report(Code::tile_number_range, t.number_range,
                             {t.number, total == 0 ? 0 : total - 1});
    } else if (by_number[t.number]) {
      if (!t.fallback)
        c.diagnostics.report(Code::duplicate_tile, t.number_range, {t.number})
            .note(Code::first_defined, by_number[t.number]->number_range);
    } else {
      by_number[t.number] = &t;
    }
  }
  if (!game.tiles.empty())
    for (std::uint32_t n = 0; n < total; ++n) {
      if (by_number[n]) continue;
      const StoryTileEntry* next = &game.tiles.back(); // the tile above the gap, or the last
      for (std::uint32_t k = n + 1; k < total; ++k)
        if (by_number[k]) {
          next = by_number[k];
          break;
        }
      c.diagnostics.report(Code::tile_gap, next->header, {n});
    }
  for (const StoryTileEntry& t : game.tiles) {
    if (t.fallback || !t.others_range.valid()) continue;
    std::vector<std::uint32_t> others;
    for (const StoryTileEntry& o : game.tiles)
      if (&o != &t && o.colour == t.colour && o.number != t.number) others.push_back(o.number);
    std::vector<std::uint32_t> printed = t.others;
    std::sort(printed.begin(), printed.end());
    std::sort(others.begin(), others.end());
    others.erase(std::unique(others.begin(), others.end()), others.end());
    if (printed != others)
      c.diagnostics.report(Code::tile_others, t.others_range,
                           {t.number, arg::text(list(t.others)),
                            arg::text(tile_colour_names[static_cast<std::size_t>(t.colour)]),
                            arg::text(list(others))});
  }
}

void check_verdicts(CheckContext& c) {
  const GameContent& game = c.book.game;
  if (game.verdicts_fallback) return; // checked in its source book
  if (game.verdict_headers.empty()) {
    if (!game.tiles.empty())
      c.diagnostics.report(Code::verdict_table, game.tiles.front().header, {arg::keyword("none")});
    return;
  }
  for (std::size_t i = 1; i < game.verdict_headers.size(); ++i)
    c.diagnostics.report(Code::verdict_table, game.verdict_headers[i], {arg::keyword("twice")});
  std::uint32_t next = 0;
  bool open = false;
  for (const Verdict& v : game.verdicts) {
    if (open) {
      c.diagnostics.report(Code::verdict_table, v.range, {arg::keyword("after_open")});
      continue;
    }
    if (!v.open && v.to < v.from) {
      c.diagnostics.report(Code::verdict_gap, v.scores_range,
                           {arg::keyword("backwards"), v.from, v.to});
      continue;
    }
    if (v.from > next)
      c.diagnostics.report(Code::verdict_gap, v.scores_range,
                           next == 0 ? std::vector<Arg>{arg::keyword("start"), v.from}
                                     : std::vector<Arg>{arg::keyword("gap"), next, v.from - 1});
    else if (v.from < next)
      c.diagnostics.report(Code::verdict_overlap, v.scores_range,
                           {v.from, v.open ? next - 1 : std::min(v.to, next - 1)});
    open = v.open;
    next = std::max(next, v.to + 1);
  }
  if (!open && !game.verdicts.empty())
    c.diagnostics.report(Code::verdict_table, game.verdicts.back().range,
                         {arg::keyword("open"), next});
}

} // namespace

void check_games(CheckContext& c) {
  if (c.book.game.game != GameKind::shahrazad) return;
  check_tiles(c);
  check_verdicts(c);
}

void check_game_manifest(const Book& book, Diagnostics& diagnostics,
                         const std::function<SourceRange(const std::string&)>& where) {
  const GameContent& game = book.game;
  const GameManifest& m = game.manifest;
  if (game.game == GameKind::morgenland && m.has_deck) {
    std::array<std::uint32_t, deck_class_count> counted{};
    for (const DeckCard& card : game.deck)
      counted[static_cast<std::size_t>(card.deck_class)] += card.copies;
    for (std::size_t k = 0; k < deck_class_count; ++k)
      if (m.deck[k] != UINT32_MAX && m.deck[k] != counted[k])
        diagnostics.report(Code::stack_count, where("/deck/" + std::string(deck_class_names[k])),
                           {arg::text(deck_class_names[k]), counted[k], m.deck[k]});
  }
  if (game.game == GameKind::morgenland && !m.named.empty()) {
    std::vector<std::string> names;
    for (const DeckCard& card : game.deck)
      names.emplace_back(card.name);
    for (std::size_t i = 0; i < m.named.size(); ++i)
      if (m.named[i].card == UINT32_MAX)
        diagnostics.report_unknown(Code::unknown_deck_card, where("/named/" + std::to_string(i)),
                                   m.named[i].name, names);
  }
  if (game.game == GameKind::shahrazad && m.has_tiles) {
    std::array<std::uint32_t, tile_colour_count> counted{};
    for (const StoryTileEntry& t : game.tiles)
      ++counted[static_cast<std::size_t>(t.colour)];
    for (std::size_t k = 0; k < tile_colour_count; ++k)
      if (m.tiles[k] != UINT32_MAX && m.tiles[k] != counted[k])
        diagnostics.report(Code::tile_count, where("/tiles/" + std::string(tile_colour_names[k])),
                           {arg::text(tile_colour_names[k]), counted[k], m.tiles[k]});
  }
}

} // namespace talebook
