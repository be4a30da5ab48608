// The game family (docs/games.md): the card deck of "Da geht was ab im
// Morgenland" (`@treasury`, `@night`, `@day`, `@vaguwam` blocks) and the
// story tiles of Shahrazad (`@tile`, `@verdicts`), in a book whose manifest
// names its game ("game": "morgenland" or "shahrazad").
// (part of the book model: compiler/model/model.hpp)
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/text/source.hpp"
#include "talebook/kinds.hpp"

namespace talebook {

// The enums are the .tbook's (talebook/kinds.hpp, kinds.def: one list each,
// shared with the reader), in the same order and with the same names.
// Which game a book is: the Book of Tales, or one of the family's.
using tbook::GameKind; // tales, morgenland, shahrazad

// ---- "Da geht was ab im Morgenland" ------------------------------------------

// The card's stack, from its header: `@treasury insignia|treasure`,
// `@night attack|defence`, `@day`, `@vaguwam`.
using tbook::DeckClass; // insignia, treasure, attack, defence, day, vaguwam
inline constexpr std::size_t deck_class_count = tbook::Kind<DeckClass>::count;

// What the rules make of a card, from the header's `(...)`: none, or one word.
// Treasures: cursed (Flaschengeist, Wein: acts on the one who robs it).
// Night: flying (stopped only by what `Stopped by:` names), archer (Wache
// mit Bogen), slave (Sklave), event (Ereignis), visitor (Dinarsad,
// Schehersad), ghost (Scheherbans Geist). Day (one is required): sandstorm,
// bazaar, bars (Sklavenstreik, Prinzen-Besuch, Hinrichtung: `Bars:`), court.
// (none, cursed, flying, archer, slave, event, visitor, ghost, sandstorm,
// bazaar, bars, court)
using tbook::CardRole;

// `Effect: draw 2`: what a treasure does when flipped (a cursed one: when
// robbed, to its robber), an event card when played, a bazaar's item.
// (none, draw, discard, skip, attack, key, peek.) Not `EffectKind`: that is a
// status's or treasure's effect of the Book of Tales (references.hpp).
using tbook::CardEffectKind;

struct CardEffect {
  CardEffectKind kind = CardEffectKind::none;
  std::int32_t amount = 0; // draw/discard N, attack/key +N; 0 for skip and peek
  SourceRange range;
};

// A card a line names (`Stopped by: Wache mit Bogen`, `Bars: Sklave`).
struct CardName {
  std::string_view name; // as written (Book::keep)
  SourceRange range;
  std::uint32_t card = UINT32_MAX; // resolved: its index in Book::deck
};

// One card of the deck (its `Copies:` alike).
struct DeckCard {
  DeckClass deck_class = DeckClass::attack;
  CardRole role = CardRole::none;
  std::string_view name;  // as written (Book::keep)
  std::string_view gloss; // the English gloss `[...]`, empty when none
  std::string_view text;  // `Text:`, empty when none
  bool has_scores = false;
  std::uint32_t attack = 0, defence = 0, key = 0; // `Scores: A/D/K`
  std::uint32_t copies = 1;                       // `Copies: n`
  CardEffect effect;
  std::vector<CardName> stopped_by; // `Stopped by:` (a flying card)
  std::vector<CardName> bars;       // `Bars:` (a day card that bars cards)
  SourceRange header, name_range, gloss_range, text_range, scores_range, copies_range;
  SourceRange range;                                // the block
  bool fallback = false;                            // a translation's: the source book's card
  SourceRange role_range;                           // the header's `(role)`, empty when none
  SourceRange effect_line, stopped_line, bars_line; // the lines, empty when none
  bool effect_has_amount = false;                   // `draw 2`, not `skip`
};

// ---- Shahrazad -----------------------------------------------------------------

using tbook::TileColour; // red, blue, black, yellow
inline constexpr std::size_t tile_colour_count = tbook::Kind<TileColour>::count;

// `@tile 7 red The Fisherman's Fourth Cast` and its `Others: 0, 3, 9` line:
// the other numbers of its colour, as the tile prints them.
struct StoryTileEntry {
  std::uint32_t number = 0;
  TileColour colour = TileColour::red;
  std::string_view title; // as written (Book::keep)
  std::vector<std::uint32_t> others;
  SourceRange header, number_range, colour_range, title_range, others_range;
  SourceRange range;
  bool fallback = false;
};

// A line of `@verdicts`: `10-19: words` or the open last one `40+: words`.
struct Verdict {
  std::uint32_t from = 0, to = 0; // to: the highest score, unless open
  bool open = false;              // `40+`
  std::string_view words;
  SourceRange range, scores_range, words_range;
  bool fallback = false;
};

// What the manifest states (book.json's "deck", "named" and "tiles"): the
// ranges point into book.json (empty when the book has no manifest).
struct GameManifest {
  bool has_deck = false;
  std::array<std::uint32_t, deck_class_count> deck{}; // by DeckClass
  std::array<SourceRange, deck_class_count> deck_ranges{};
  std::vector<CardName> named; // the cards the rules name
  bool has_tiles = false;
  std::array<std::uint32_t, tile_colour_count> tiles{}; // by TileColour
  std::array<SourceRange, tile_colour_count> tile_ranges{};
};

// The markup words, by their enum's order (ASCII in every language).
inline constexpr std::array<std::string_view, deck_class_count> deck_class_names = {
    "insignia", "treasure", "attack", "defence", "day", "vaguwam"};
inline constexpr std::array<std::string_view, 12> card_role_names = {
    "",        "cursed", "flying",    "archer", "slave", "event",
    "visitor", "ghost",  "sandstorm", "bazaar", "bars",  "court"};
inline constexpr std::array<std::string_view, 7> effect_kind_names = {
    "", "draw", "discard", "skip", "attack", "key", "peek"};
inline constexpr std::array<std::string_view, tile_colour_count> tile_colour_names = {
    "red", "blue", "black", "yellow"};

// What a game book holds besides (or instead of) paragraphs.
struct GameContent {
  GameKind game = GameKind::tales;
  std::vector<DeckCard> deck;               // in source order
  std::vector<StoryTileEntry> tiles;        // in source order
  std::vector<Verdict> verdicts;            // in source order, of every block
  std::vector<SourceRange> verdict_headers; // each `@verdicts` line
  GameManifest manifest;                    // what book.json states
  bool verdicts_fallback = false;           // a translation's: the source's verdicts
  bool empty() const { return deck.empty() && tiles.empty() && verdict_headers.empty(); }
};

} // namespace talebook
