// A translated game (docs/games.md) against its source: each card by its
// order, each tile by its number, the verdicts by their order keep every
// number, score, count, colour, role and effect (TB0420); no more of them
// than the source has (TB0421); what the translation lacks is the source's
// (fallback.cpp), each a warning (TB0422).
#include "compiler/translate/translation_games.hpp"

#include <algorithm>
#include <map>
#include <string>

namespace talebook {
namespace {

std::string names_text(const std::vector<CardName>& names) {
  std::string out;
  for (const CardName& n : names)
    out += (out.empty() ? "#" : ", #") +
           (n.card == UINT32_MAX ? std::string("?") : std::to_string(n.card + 1));
  return out;
}

} // namespace

// What a card's rules are, its words aside: `attack flying; 6/2/3; x1; ...`.
std::string card_text(const DeckCard& c) {
  std::string out = std::string(deck_class_names[static_cast<std::size_t>(c.deck_class)]);
  if (c.role != CardRole::none)
    out += " " + std::string(card_role_names[static_cast<std::size_t>(c.role)]);
  if (c.has_scores)
    out += "; " + std::to_string(c.attack) + "/" + std::to_string(c.defence) + "/" +
           std::to_string(c.key);
  out += "; x" + std::to_string(c.copies);
  if (c.effect_line.valid()) {
    out += "; " + std::string(effect_kind_names[static_cast<std::size_t>(c.effect.kind)]);
    if (c.effect_has_amount) out += " " + std::to_string(c.effect.amount);
  }
  if (!c.stopped_by.empty()) out += "; stopped by " + names_text(c.stopped_by);
  if (!c.bars.empty()) out += "; bars " + names_text(c.bars);
  return out;
}

std::string tile_text(const StoryTileEntry& t) {
  std::vector<std::uint32_t> others = t.others;
  std::sort(others.begin(), others.end());
  std::string out = std::string(tile_colour_names[static_cast<std::size_t>(t.colour)]) + "; others";
  for (std::uint32_t n : others)
    out += " " + std::to_string(n);
  return out;
}

std::string verdict_text(const Verdict& v) {
  return std::to_string(v.from) + (v.open ? "+" : "-" + std::to_string(v.to));
}

std::size_t compare_games(const Book& source, const Book& translation, Diagnostics& out,
                          std::size_t& fallbacks) {
  std::size_t differences = 0;
  auto differ = [&](SourceRange here, std::string_view kind, std::string what, std::string t,
                    std::string s, SourceRange there) {
    ++differences;
    Diagnostic& d = out.report(Code::game_differs, here,
                               {arg::keyword(kind), arg::text(what), arg::text(t), arg::text(s)});
    if (there.valid()) d.note(Code::source_game_block, there, {arg::keyword(kind)});
  };
  auto count = [&](SourceRange here, std::string_view kind, std::size_t t, std::size_t s) {
    ++differences;
    out.report(Code::game_count_differs, here, {arg::keyword(kind), t, s});
  };
  const GameContent& sg = source.game;
  const GameContent& tg = translation.game;
  std::size_t own = 0;
  for (std::size_t i = 0; i < tg.deck.size(); ++i) {
    const DeckCard& t = tg.deck[i];
    if (t.fallback) {
      ++fallbacks;
      out.report(Code::untranslated_game, t.header, {arg::keyword("card"), t.name});
      continue;
    }
    ++own;
    if (i >= sg.deck.size()) {
      if (own == sg.deck.size() + 1) count(t.header, "card", tg.deck.size(), sg.deck.size());
      continue;
    }
    const std::string tt = card_text(t), st = card_text(sg.deck[i]);
    if (tt != st) differ(t.header, "card", std::string(t.name), tt, st, sg.deck[i].header);
  }
  std::map<std::uint32_t, const StoryTileEntry*> tiles;
  for (const StoryTileEntry& s : sg.tiles)
    tiles.emplace(s.number, &s);
  for (const StoryTileEntry& t : tg.tiles) {
    if (t.fallback) {
      ++fallbacks;
      out.report(Code::untranslated_game, t.header, {arg::keyword("tile"), t.title});
      continue;
    }
    auto s = tiles.find(t.number);
    const std::string tt = tile_text(t);
    if (s == tiles.end())
      differ(t.number_range, "tile", std::to_string(t.number), tt, "none", {});
    else if (const std::string st = tile_text(*s->second); tt != st)
      differ(t.header, "tile", std::to_string(t.number), tt, st, s->second->header);
  }
  if (tg.verdicts_fallback) {
    ++fallbacks;
    out.report(Code::untranslated_game, tg.verdict_headers.front(), {arg::keyword("verdicts")});
  } else if (!tg.verdict_headers.empty()) {
    if (tg.verdicts.size() != sg.verdicts.size())
      count(tg.verdict_headers.front(), "verdicts", tg.verdicts.size(), sg.verdicts.size());
    for (std::size_t i = 0; i < std::min(tg.verdicts.size(), sg.verdicts.size()); ++i) {
      const std::string tt = verdict_text(tg.verdicts[i]), st = verdict_text(sg.verdicts[i]);
      if (tt != st)
        differ(tg.verdicts[i].scores_range, "verdicts", std::string(tg.verdicts[i].words), tt, st,
               sg.verdicts[i].scores_range);
    }
  }
  return differences;
}

} // namespace talebook
