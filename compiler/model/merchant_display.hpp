// The Merchant Display (rule 23): the grid of boxes that `@display` draws, one
// line a row, each box a product of the cities or empty; and the trade route
// counters in the cup (`Counters:`), some with wealth on their back
// (`Wealth 1:`, `Wealth 2:`, rule 23.5). The cities' `Products:` lines name
// its products (compiler/model/world_map.hpp).
// (part of the book model: compiler/model/model.hpp)
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/text/source.hpp"
#include "talebook/kinds.hpp"

namespace talebook {

using tbook::CounterShape;

// The most counters of a shape a book may put in the cup (TB0060 above).
inline constexpr std::uint32_t max_counters = 999;

// A box of a row: a product as written, or empty (`.`).
struct DisplayBox {
  std::string_view product; // empty: an empty box (Book::keep)
  SourceRange range;
};

// One line of boxes, `Pearls | . | Dates`.
struct DisplayRow {
  std::vector<DisplayBox> boxes;
  SourceRange range;  // the line
  SourceRange header; // the `@display` line of its block
};

// `straight 10` of a `Counters:` or `Wealth 1:` line.
struct CounterCount {
  std::string shape; // as written; resolved: the CounterShape's id ("straight")
  SourceRange shape_range;
  std::uint32_t count = 0;
  SourceRange range;  // the shape and its count
  bool known = false; // resolved: `shape` is a shape of rule 23.2
};

// `Counters: straight 10, diagonal 6` (wealth 0), `Wealth 1: straight 2`.
struct CounterLine {
  std::uint32_t wealth =
      0;               // 0: the counters in the cup; 1, 2: those with that wealth on their back
  bool marked = false; // a `Wealth n:` line (`Wealth 0:` is TB0237)
  std::vector<CounterCount> counts;
  SourceRange range;  // the line
  SourceRange header; // the `@display` line of its block
};

// A product of the display, in its box (resolved: the first block's boxes).
struct Product {
  std::string name;
  std::uint32_t row = 0, column = 0;
  SourceRange range;     // its box
  bool fallback = false; // a translation's: named as its source book names it
};

struct MerchantDisplay {
  std::vector<SourceRange> headers; // each `@display` line (one is right: TB0231)
  std::vector<DisplayRow> rows;     // in source order, of every block
  std::vector<CounterLine> counters;
  // Resolved (compiler/resolve/resolve_display.cpp), from the first block.
  std::uint32_t row_count = 0, column_count = 0;
  std::vector<Product> products; // in display order: row by row
  bool fallback = false;         // a translation's without a display of its own: the source book's
  bool empty() const { return headers.empty(); }
  // The rows and counter lines of the first block (the others are TB0231).
  bool first_block(SourceRange header) const {
    return !headers.empty() && header.file == headers.front().file &&
           header.begin == headers.front().begin;
  }
};

// Counters of one shape with `wealth` on their back: what the .tbook stores
// (CNTR), by shape, then wealth.
struct CounterGroup {
  CounterShape shape = CounterShape::Straight;
  std::uint32_t count = 0;
  std::uint32_t wealth = 0;
};
// The groups of a resolved display: `Counters: straight 10` with `Wealth 1:
// straight 2` is {straight, 8, 0} and {straight, 2, 1}; no group of 0.
std::vector<CounterGroup> counter_groups(const MerchantDisplay& display);

} // namespace talebook
