// The game family's blocks (docs/games.md): what belongs to which game
// (TB0400), each card's header and lines against its stack (TB0403-TB0410),
// the names cards give each other (TB0405, TB0407). The tiles, verdicts and
// the manifest's counts are the checks' (compiler/check/check_games.cpp).
#include <algorithm>
#include <map>

#include "compiler/resolve/resolver_context.hpp"
#include "compiler/text/text.hpp"

namespace talebook::resolve {
namespace {

std::string_view game_word(GameKind game) {
  return game == GameKind::tales        ? "tales"
         : game == GameKind::morgenland ? "morgenland"
                                        : "shahrazad";
}

void misplaced(Resolver& r, SourceRange where, std::string_view block) {
  r.diagnostics.report(Code::game_block_misplaced, where,
                       {arg::keyword(game_word(r.book.game.game)), arg::keyword(block)});
}

// TB0400: each block that has no place in the book's game.
void check_places(Resolver& r) {
  const Book& b = r.book;
  const GameKind game = b.game.game;
  if (game != GameKind::morgenland)
    for (const DeckCard& c : b.game.deck)
      if (!c.fallback) misplaced(r, c.header, "card");
  if (game != GameKind::shahrazad) {
    for (const StoryTileEntry& t : b.game.tiles)
      if (!t.fallback) misplaced(r, t.header, "tile");
    if (!b.game.verdicts_fallback)
      for (SourceRange h : b.game.verdict_headers)
        misplaced(r, h, "verdicts");
  }
  if (game == GameKind::tales) return;
  for (const Paragraph& p : b.paragraphs)
    if (!p.fallback) misplaced(r, p.header(), "paragraph");
  for (const ReactionMatrix& m : b.matrices)
    if (!m.fallback) misplaced(r, m.header, "matrix");
  for (const Card& c : b.cards)
    if (!c.fallback) misplaced(r, c.header, "tales_card");
  if (!b.map.fallback)
    for (SourceRange h : b.map.headers)
      misplaced(r, h, "map");
  for (const Space& s : b.map.spaces)
    if (!s.fallback) misplaced(r, s.header, "space");
  if (!b.display.fallback)
    for (SourceRange h : b.display.headers)
      misplaced(r, h, "display");
}

bool role_allowed(DeckClass c, CardRole role) {
  switch (c) {
  case DeckClass::insignia:
  case DeckClass::vaguwam:
    return role == CardRole::none;
  case DeckClass::treasure:
    return role == CardRole::none || role == CardRole::cursed;
  case DeckClass::attack:
  case DeckClass::defence:
    return role == CardRole::none || (role >= CardRole::flying && role <= CardRole::ghost);
  case DeckClass::day:
    return role >= CardRole::sandstorm;
  }
  return false;
}

bool is_night(const DeckCard& c) {
  return c.deck_class == DeckClass::attack || c.deck_class == DeckClass::defence;
}

void line(Resolver& r, const DeckCard& c, SourceRange where, std::string_view how,
          std::string_view keyword) {
  r.diagnostics.report(Code::card_line, where, {c.name, arg::keyword(how), arg::text(keyword)});
}

// A card's header and lines against its stack and role.
void check_card(Resolver& r, const DeckCard& c) {
  if (c.role_range.valid() && (c.role == CardRole::none || !role_allowed(c.deck_class, c.role)))
    r.diagnostics.report(Code::card_role, c.role_range,
                         {c.name, arg::text(r.sources.text(c.role_range)), arg::keyword("role")});
  else if (c.deck_class == DeckClass::day && !c.role_range.valid())
    r.diagnostics.report(Code::card_role, c.header,
                         {c.name, arg::text(""), arg::keyword("missing")});
  if (!c.text_range.valid()) line(r, c, c.header, "missing", "Text:");
  if (is_night(c) && !c.has_scores)
    r.diagnostics.report(Code::night_without_scores, c.header, {c.name});
  if (!is_night(c) && c.has_scores) line(r, c, c.scores_range, "not_allowed", "Scores:");
  if (c.has_scores && (c.key < 1 || c.key > 6))
    r.diagnostics.report(Code::key_range, c.scores_range, {c.name, c.key});
  if (c.copies_range.valid() && (c.copies < 1 || c.copies > 99))
    r.diagnostics.report(Code::card_amount, c.copies_range,
                         {arg::keyword("copies"), arg::text(""), c.copies});
  const bool effect_allowed = c.deck_class == DeckClass::treasure || c.role == CardRole::event ||
                              c.role == CardRole::bazaar;
  const bool effect_required =
      c.role == CardRole::cursed || c.role == CardRole::event || c.role == CardRole::bazaar;
  if (c.effect_line.valid() && !effect_allowed)
    line(r, c, c.effect_line, "not_allowed", "Effect:");
  else if (!c.effect_line.valid() && effect_required)
    line(r, c, c.header, "missing", "Effect:");
  if (c.effect_line.valid()) {
    const CardEffectKind k = c.effect.kind;
    const std::string_view word = effect_kind_names[static_cast<std::size_t>(k)];
    const bool takes = k != CardEffectKind::skip && k != CardEffectKind::peek;
    if (takes && !c.effect_has_amount)
      r.diagnostics.report(Code::card_amount, c.effect_line,
                           {arg::keyword("needs"), arg::text(word)});
    else if (!takes && c.effect_has_amount)
      r.diagnostics.report(Code::card_amount, c.effect_line,
                           {arg::keyword("none"), arg::text(word)});
    else if (takes && (c.effect.amount < 1 || c.effect.amount > 3))
      r.diagnostics.report(Code::card_amount, c.effect_line,
                           {arg::keyword("range"), arg::text(word), c.effect.amount});
  }
  const bool flying = c.role == CardRole::flying, bars = c.role == CardRole::bars;
  if (c.stopped_line.valid() && !flying) line(r, c, c.stopped_line, "not_allowed", "Stopped by:");
  if (!c.stopped_line.valid() && flying) line(r, c, c.header, "missing", "Stopped by:");
  if (c.bars_line.valid() && !bars) line(r, c, c.bars_line, "not_allowed", "Bars:");
  if (!c.bars_line.valid() && bars) line(r, c, c.header, "missing", "Bars:");
}

bool english(std::string_view language) {
  return language == "en" || language.substr(0, 3) == "en-";
}

} // namespace

void resolve_games(Resolver& r) {
  GameContent& game = r.book.game;
  // A header that could not be read (TB0003) leaves no card or tile.
  std::erase_if(game.deck, [](const DeckCard& c) { return !c.header.valid(); });
  std::erase_if(game.tiles, [](const StoryTileEntry& t) { return !t.header.valid(); });
  for (DeckCard& c : game.deck) {
    if (!text::is_nfc(c.name)) c.name = r.book.keep(text::to_nfc(c.name));
    if (!text::is_nfc(c.text)) c.text = r.book.keep(text::to_nfc(c.text));
  }
  for (StoryTileEntry& t : game.tiles)
    if (!text::is_nfc(t.title)) t.title = r.book.keep(text::to_nfc(t.title));
  check_places(r);
  if (game.game != GameKind::morgenland) return;
  std::map<std::string_view, std::uint32_t> index;
  std::vector<std::string> names;
  for (std::uint32_t i = 0; i < game.deck.size(); ++i) {
    const DeckCard& c = game.deck[i];
    auto [at, fresh] = index.emplace(c.name, i);
    if (!fresh && !c.fallback)
      r.diagnostics.report(Code::duplicate_deck_card, c.name_range, {c.name})
          .note(Code::first_defined, game.deck[at->second].name_range);
    if (fresh) names.emplace_back(c.name);
  }
  const bool gloss_needed = !english(r.book.language);
  for (DeckCard& c : game.deck) {
    if (c.fallback) continue; // checked in its source book
    check_card(r, c);
    if (gloss_needed && !c.gloss_range.valid())
      r.diagnostics.report(Code::no_gloss, c.name_range, {c.name});
  }
  auto look_up = [&](CardName& n, bool report) {
    std::string nfc = text::is_nfc(n.name) ? std::string(n.name) : text::to_nfc(n.name);
    auto at = index.find(nfc);
    if (at != index.end())
      n.card = at->second;
    else if (report)
      r.unknown(Code::unknown_deck_card, n.range, n.name, names);
  };
  for (DeckCard& c : game.deck) {
    for (CardName& n : c.stopped_by)
      look_up(n, !c.fallback);
    for (CardName& n : c.bars)
      look_up(n, !c.fallback);
  }
  for (CardName& n : game.manifest.named)
    look_up(n, false); // the driver reports these in book.json (check_game_manifest)
}

} // namespace talebook::resolve
