// The game family of a book (format 1.7, docs/games.md): which game it is,
// the deck of "Da geht was ab im Morgenland", Shahrazad's story tiles and
// verdicts. A Book of Tales (its five sections left out) has none of them.
#include <stdexcept>
#include <string>

#include "book_data.hpp"

namespace talebook::tbook {

using namespace layout;

namespace {

void check_index(std::uint32_t index, std::uint32_t count, const char* what) {
  if (index >= count)
    throw std::out_of_range(std::string("talebook: no ") + what + " " + std::to_string(index));
}

} // namespace

GameKind Book::game() const {
  if (data_->count(SectionId::GAME) == 0) return GameKind::tales;
  return GameKind(data_->record<GameRecord>(SectionId::GAME, 0).game);
}

std::uint32_t Book::deck_card_count() const {
  return data_->count(SectionId::DECK);
}

DeckCard Book::deck_card(std::uint32_t index) const {
  check_index(index, deck_card_count(), "deck card");
  const DeckCardRecord r = data_->record<DeckCardRecord>(SectionId::DECK, index);
  DeckCard c;
  c.index = index;
  c.deck_class = DeckClass(r.deck_class);
  c.role = CardRole(r.role);
  c.name = data_->string(r.name);
  c.gloss = data_->string(r.gloss);
  c.text = data_->string(r.text);
  c.has_scores = c.deck_class == DeckClass::attack || c.deck_class == DeckClass::defence;
  c.attack = r.attack;
  c.defence = r.defence;
  c.key = r.key;
  c.copies = r.copies;
  c.effect = CardEffectKind(r.effect);
  c.effect_amount = r.effect_amount;
  c.stopped_by = {r.first_stopped_by, r.stopped_by_count};
  c.bars = {r.first_bars, r.bars_count};
  c.fallback = (r.flags & record_fallback) != 0;
  return c;
}

std::optional<std::uint32_t> Book::find_deck_card(std::string_view name) const {
  for (std::uint32_t i = 0; i < deck_card_count(); ++i)
    if (data_->string(data_->record<DeckCardRecord>(SectionId::DECK, i).name) == name) return i;
  return std::nullopt;
}

std::uint32_t Book::deck_card_ref(std::uint32_t index) const {
  check_index(index, data_->count(SectionId::DREF), "deck card name");
  return data_->record<DeckCardRefRecord>(SectionId::DREF, index).card;
}

std::uint32_t Book::story_tile_count() const {
  return data_->count(SectionId::TILE);
}

StoryTile Book::story_tile(std::uint32_t number) const {
  check_index(number, story_tile_count(), "story tile");
  const StoryTileRecord r = data_->record<StoryTileRecord>(SectionId::TILE, number);
  return {r.number, TileColour(r.colour), data_->string(r.title), (r.flags & record_fallback) != 0};
}

std::uint32_t Book::verdict_count() const {
  return data_->count(SectionId::VERD);
}

Verdict Book::verdict(std::uint32_t index) const {
  check_index(index, verdict_count(), "verdict");
  const VerdictRecord r = data_->record<VerdictRecord>(SectionId::VERD, index);
  Verdict v;
  v.index = index;
  v.from = r.from;
  v.open = r.open != 0;
  v.to = r.to; // none (UINT32_MAX) when open
  v.words = data_->string(r.words);
  v.fallback = (r.flags & record_fallback) != 0;
  return v;
}

std::optional<std::uint32_t> Book::verdict_for(std::uint32_t score) const {
  // From 0 without a gap, the last open (checked at open): the last whose
  // `from` is at most the score.
  std::uint32_t low = 0, high = verdict_count();
  if (high == 0) return std::nullopt;
  while (high - low > 1) {
    const std::uint32_t mid = low + (high - low) / 2;
    if (data_->record<VerdictRecord>(SectionId::VERD, mid).from <= score)
      low = mid;
    else
      high = mid;
  }
  return low;
}

} // namespace talebook::tbook
