// The map of the world (rule 9): its spaces, the routes between them and the
// movement rates by wealth (9.1, 16.1), as `@map` and `@space` blocks write them.
// (part of the book model: compiler/model/model.hpp)
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/model/references.hpp"
#include "compiler/text/source.hpp"

namespace talebook {

// `Land: Basra`, `Sea: Persian Gulf`, or a place of power's `Exit: Damascus`
// (its one-way arrow, 9.2: a land route that only an opportunity enters).
struct Route {
  RouteKind kind = RouteKind::Land;
  bool exit = false;
  std::string_view to; // the space as written (Book::keep)
  SourceRange range;
  std::uint32_t target = UINT32_MAX; // resolved: the index of the space in WorldMap::spaces
};

// A product of a city's `Products: Pearls, Dates` line (rule 23.1).
struct ProductRef {
  std::string_view name; // as written (Book::keep)
  SourceRange range;
  std::uint32_t product = UINT32_MAX; // resolved: its index in MerchantDisplay::products
};

// `@space Great Sand Sea (Desert, 2, wild)`.
struct Space {
  std::string name;
  std::string terrain; // vocabulary id (as written until resolved)
  SourceRange terrain_range;
  std::uint8_t black = 0; // the black number (11.5)
  SourceRange black_range;
  bool wild = false;  // the Wild Area (+2, 11.5)
  bool start = false; // where the characters start and win (Baghdad, rules 4.1, 5)
  ParagraphRef place; // a place of power's space: its paragraph (number 0: none)
  std::vector<Route> routes;
  std::vector<ProductRef> products; // its `Products:` line (a city's, rule 23.1)
  SourceRange products_line;        // that line, when it has one
  SourceRange header;
  SourceRange range;
  bool fallback = false; // a translation's: the source book's space
};

// `Poor: 3/2`: the land and sea rates a wealth level moves at (9.1).
struct MovementRate {
  std::string level; // vocabulary id (as written until resolved)
  std::uint8_t land = 0;
  std::uint8_t sea = 0;
  SourceRange range;
};

struct WorldMap {
  std::vector<Space> spaces;        // in source order
  std::vector<MovementRate> rates;  // in source order
  std::vector<SourceRange> headers; // each `@map` line (one is right: TB0221)
  bool fallback = false;            // a translation's without a map of its own: the source book's
  bool empty() const { return spaces.empty() && rates.empty() && headers.empty(); }
};

// A move out of a space: what the .tbook stores of the routes (ROUT).
struct Move {
  std::uint32_t to = 0; // an index of WorldMap::spaces
  RouteKind kind = RouteKind::Land;
};
// The moves out of each space (by index): every route of a resolved map both
// ways, a place's `Exit` a land move out and in (in only with an opportunity,
// 9.2: the engine's to hold); each once, in the order the routes are written.
std::vector<std::vector<Move>> space_moves(const WorldMap& map);

} // namespace talebook
