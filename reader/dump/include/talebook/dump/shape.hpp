// The builders of every object of the book's JSON shape (talebook/dump/dump.hpp),
// shared by the two sides that print it: the reader's view of a .tbook
// (tbook_json) and the compiler's model (compiler/model/model_json.hpp). Each
// takes its values as the reader gives them, so the two sides differ only in
// where they read them; a key, a field left out or a kind's name is decided here
// once. (Keys print in order either way: nlohmann::json keeps them sorted.)
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "talebook/kinds.hpp"

namespace talebook::dump {

using json = nlohmann::json;

// An award: its kind and only the fields that kind uses.
struct AwardFields {
  tbook::AwardKind kind;
  std::int32_t amount;
  std::string id, name;
  tbook::WealthLimit limit;
  std::string limit_id, limit_name;
  tbook::AwardTerm term;
  tbook::AwardQualifier qualifier;
  std::uint32_t paragraph;
  std::uint32_t space = 0; // 1.6 MoveToSpace: an index of the map's spaces
};
json award(const AwardFields& a);

// One award code: {bracketed, awards}.
json award_group(bool bracketed, json awards);

// A quest modifier's fields (format 1.2).
struct ModifierFields { // a Modifier's, and an Effect's (1.5)
  int amount = 0;
  tbook::ConditionKind target = tbook::ConditionKind::NoSkill;
  std::string words;
  tbook::EffectKind effect = tbook::EffectKind::NoEncounters;
};

// A heading's condition: its kind, mandatory, and the fields its kind uses.
json condition(tbook::ConditionKind kind, bool mandatory, std::string_view id,
               std::string_view name, int roll_low, int roll_high, std::uint32_t paragraph,
               const ModifierFields& modifier = {});

// A section; `award` absent without an award code.
json section(json conditions, bool mandatory, std::string_view text, std::optional<json> award,
             bool fallback);

// A matrix reference of prose or a city result; a chart entry. `row`: the
// being's resolved row (absent when none); `sex` absent when unstated.
json matrix_ref(std::string_view being, char letter, std::optional<std::uint32_t> row);
json chart_entry(int roll, std::string_view being, std::string_view adjective, char matrix,
                 std::optional<std::uint32_t> row, tbook::BeingSex sex);

struct ParagraphFields {
  std::uint32_t number = 0;
  tbook::ParagraphKind kind = tbook::ParagraphKind::Award;
  std::string_view name, name_id, prose;
  json sections, refs, matrix_refs;
  std::optional<json> chart; // an encounter chart's entries
  bool fallback = false;
};
json paragraph(ParagraphFields p);

// A reaction matrix: its options (columns) and rows of cells.
json matrix_option(std::string_view id, std::string_view name);
json cell(tbook::CellKind kind, std::uint32_t number);
json matrix_row(std::string_view adjective, json cells);
json matrix(char letter, json options, json rows, bool fallback);

// A card: a character's matrix and decks, a terrain card's terrains, a city's
// results; only the kind's own are printed (the others may be left empty).
json terrain(std::string_view id, std::string_view name, std::uint32_t paragraph, bool illustrated);
json city_result(int roll, std::string_view text, json award_groups, json refs, json matrix_refs);
struct CardFields {
  tbook::CardKind kind = tbook::CardKind::Character;
  std::string_view name;
  char matrix = 0;
  json decks, terrains, results;
  bool fallback = false;
  std::uint32_t quest = 0; // 1.5: a city card's quest half (0: none)
  std::string_view quest_being;
};
json card(CardFields c);

// The map (1.6): a space with the moves out of it (the space they lead to, by
// name), and the movement rates of a wealth level.
json route(std::string_view to, tbook::RouteKind kind);
struct SpaceFields {
  std::string_view name, terrain_id, terrain_name;
  std::uint32_t black = 0;
  bool start = false, wild = false, fallback = false;
  std::uint32_t place = 0; // a place of power's paragraph (0: none)
  json routes;
  json products = json::array(); // 1.6: the names of its products (printed when it has any)
};
json space(SpaceFields s);
json movement_rate(std::string_view wealth_id, std::uint32_t land, std::uint32_t sea);

// The Merchant Display (1.6, rule 23): its grid, each product in its box (a
// translation's named as its source names it: "fallback"), and the trade
// route counters in the cup by shape and the wealth on their back.
json product(std::string_view name, std::uint32_t row, std::uint32_t column, bool fallback);
json counter_group(tbook::CounterShape shape, std::uint32_t count, std::uint32_t wealth);
json display(std::uint32_t rows, std::uint32_t columns, json products, json counters);

// The game family (1.7, docs/games.md): a deck card with only what it has
// (its role unless none, its gloss unless empty, a Night card's scores, its
// effect unless none, the names of `Stopped by:` and `Bars:` when it has
// them), a story tile, a verdict (its `to` unless open), and the game.
struct DeckCardFields {
  tbook::DeckClass deck_class = tbook::DeckClass::attack;
  tbook::CardRole role = tbook::CardRole::none;
  std::string_view name, gloss, text;
  bool has_scores = false;
  std::uint32_t attack = 0, defence = 0, key = 0, copies = 1;
  tbook::CardEffectKind effect = tbook::CardEffectKind::none;
  std::int64_t effect_amount = 0;
  json stopped_by = json::array(), bars = json::array(); // the names
  bool fallback = false;
};
json deck_card(DeckCardFields c);
json story_tile(std::uint32_t number, tbook::TileColour colour, std::string_view title,
                bool fallback);
json verdict(std::uint32_t from, std::uint32_t to, bool open, std::string_view words,
             bool fallback);
json game(tbook::GameKind kind, json deck, json tiles, json verdicts);

// The book: its vocabulary entries, paragraphs, matrices and cards; its map
// ("map": {spaces, rates}) and its Merchant Display ("display") when it has them.
json vocabulary_entry(tbook::VocabKind kind, std::string_view id, std::string_view name,
                      std::uint32_t order);
struct BookFields {
  std::string_view title, language, translates;
  json vocabulary, paragraphs, matrices, cards;
  json spaces = json::array(), rates = json::array();
  std::optional<json> display;
  std::optional<json> game; // 1.7: a game of the family's ("game")
};
json book(BookFields b);

} // namespace talebook::dump
