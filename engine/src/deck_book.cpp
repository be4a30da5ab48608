// The deck of "Da geht was ab im Morgenland" from a compiled book
// (talebook/engine/morgenland_book.hpp).
#include "talebook/engine/morgenland_book.hpp"

namespace talebook::engine::morgenland {

namespace {

std::vector<CardId> cards(const tbook::Book& book, tbook::Span refs) {
  std::vector<CardId> out;
  for (std::uint32_t i : refs)
    out.push_back(book.deck_card_ref(i));
  return out;
}

} // namespace

Deck deck(const tbook::Book& book) {
  Deck out;
  if (book.game() != tbook::GameKind::morgenland) return out;
  for (std::uint32_t i = 0; i < book.deck_card_count(); ++i) {
    const tbook::DeckCard c = book.deck_card(i);
    Card card;
    card.stack = c.deck_class;
    card.role = c.role;
    card.name = std::string(c.name);
    card.gloss = std::string(c.gloss);
    card.text = std::string(c.text);
    card.attack = static_cast<int>(c.attack);
    card.defence = static_cast<int>(c.defence);
    card.key = static_cast<int>(c.key);
    card.copies = static_cast<int>(c.copies);
    card.effect = {c.effect, static_cast<int>(c.effect_amount)};
    card.stopped_by = cards(book, c.stopped_by);
    card.bars = cards(book, c.bars);
    out.push_back(std::move(card));
  }
  return out;
}

} // namespace talebook::engine::morgenland
