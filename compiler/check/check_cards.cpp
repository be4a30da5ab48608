// Cards: each number a card names is an encounter chart (rule 11.2).
#include <map>

#include "compiler/check/checks.hpp"
#include "compiler/text/text.hpp"

namespace talebook {
namespace {

void chart_ref(CheckContext& c, const Card& card, const ParagraphRef& ref) {
  const Paragraph* p = c.target(ref);
  if (p && p->kind != ParagraphKind::Chart)
    c.diagnostics
        .report(Code::card_not_chart, ref.range,
                {card.name, ref.number, arg::keyword(keyword(p->kind))})
        .note(Code::paragraph_defined, p->header(), {ref.number});
}

// Rule 22.1: a fate card's upside-down half names a quest paragraph.
void quest_half(CheckContext& c, const Card& card) {
  if (!card.quest_range.valid()) return;
  const Paragraph* quest = c.target(card.quest); // undefined: TB0011
  if (quest && quest->kind != ParagraphKind::Quest)
    c.diagnostics
        .report(Code::quest_half_not_quest, card.quest_range, {card.name, card.quest.number})
        .note(Code::paragraph_defined, quest->header(), {card.quest.number});
}

} // namespace

void check_cards(CheckContext& c) {
  std::map<std::pair<CardKind, std::string>, const Card*> seen;
  for (const Card& card : c.book.cards) {
    auto [it, fresh] = seen.emplace(std::make_pair(card.kind, text::name_key(card.name)), &card);
    if (!fresh)
      c.diagnostics
          .report(Code::duplicate_card, card.header,
                  {arg::keyword(to_string(card.kind)), card.name})
          .note(Code::first_defined, it->second->header);
    if (card.fallback) continue; // a translation's: checked in its source book
    switch (card.kind) {
    case CardKind::Character:
      if (card.decks.size() != 3)
        c.diagnostics.report(Code::character_decks, card.header, {card.name, card.decks.size()});
      for (const ParagraphRef& ref : card.decks)
        chart_ref(c, card, ref);
      break;
    case CardKind::Terrain:
      for (const TerrainEntry& t : card.terrains)
        chart_ref(c, card, t.paragraph);
      break;
    case CardKind::City: {
      bool rolls[7] = {};
      bool ok = card.results.size() == 6;
      for (const CityResult& r : card.results) {
        if (r.roll < 1 || r.roll > 6 || rolls[r.roll])
          ok = false;
        else
          rolls[r.roll] = true;
        for (const ParagraphRef& ref : r.refs)
          chart_ref(c, card, ref);
      }
      if (!ok) c.diagnostics.report(Code::city_results, card.header, {card.name});
      quest_half(c, card);
      break;
    }
    case CardKind::Special: // rule 10.2: what it does to you, to the other, or both
      if (card.results.empty())
        c.diagnostics.report(Code::special_card_lines, card.header,
                             {card.name, arg::keyword("none"), ""});
      for (const CityResult& r : card.results)
        for (const ParagraphRef& ref : r.refs)
          chart_ref(c, card, ref);
      quest_half(c, card);
      break;
    }
  }
}

} // namespace talebook
