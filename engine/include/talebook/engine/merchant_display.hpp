// The Merchant Display of rule 23 as the trade route counters lie on it: a
// grid of boxes, some of them the cities' products, where merchants place
// arrows that point from box to box (23.2, 23.3) and cash in the chains of
// arrows that join one product to another (23.4, 23.5). Geometry only: the
// book gives the grid, the session asks the players.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace talebook::engine {

// A side or a corner of a box, clockwise from the top.
enum class Direction : std::uint8_t { N, NE, E, SE, S, SW, W, NW };

Direction opposite(Direction d);
// `eighths` of a full turn clockwise (negative: anticlockwise).
Direction turned(Direction d, int eighths);
const char* direction_name(Direction d); // "N", "NE"...

struct Box {
  int row = 0, column = 0;
  bool operator==(const Box& o) const { return row == o.row && column == o.column; }
  bool operator!=(const Box& o) const { return !(*this == o); }
};

Box neighbour(Box box, Direction d);

// How a counter lies in its box: its base toward one side or corner, its
// point toward another.
struct Orientation {
  Direction base = Direction::W;
  Direction point = Direction::E;
};

// An arrow on the display.
struct Arrow {
  Orientation way;
  int wealth = 0;         // the value on its back (23.5), 0 for none
  std::uint32_t kind = 0; // what the cup knows it by (the session's counter group)
};

class MerchantDisplay {
public:
  MerchantDisplay() = default;
  MerchantDisplay(int rows, int columns);
  int rows() const { return rows_; }
  int columns() const { return columns_; }
  bool on(Box box) const;
  void set_product(Box box, std::uint32_t product);
  std::optional<std::uint32_t> product_at(Box box) const;
  std::optional<Box> box_of(std::uint32_t product) const;
  const Arrow* arrow_at(Box box) const;

  // A way to place a counter: its box and orientation, and what it does.
  struct Placement {
    Box box;
    Orientation way;
    // The product box its base faces when it starts a chain there; none when
    // it continues a chain (from an arrow, or a product box an arrow points into).
    std::optional<std::uint32_t> starts;
  };
  // Rules 23.2 and 23.3: every legal placement of a counter that may lie in
  // any of `ways`. It lies in an empty box; its base faces a product of
  // `city` (a start), or the point of an arrow, or a product box an arrow
  // points into (a chain continued: `paid` counters only; a free Bargaining
  // counter only starts a chain, from a product no chain leads away from);
  // it points into the display, and never at a counter's side or point.
  std::vector<Placement> placements(const std::vector<Orientation>& ways, bool paid,
                                    const std::vector<std::uint32_t>& city) const;
  void place(const Placement& placement, const Arrow& arrow);
  // Rule 23.5: a wealth counter laid wealth side up in a product's box.
  void lay_wealth(std::uint32_t product, int wealth, std::uint32_t kind);

  // A chain of arrows from one product box to another, through product boxes
  // that arrows point into (rule 23.4).
  struct Route {
    std::vector<std::uint32_t> products; // first to last
    std::vector<Box> arrows;
    int wealth_counters = 0; // the extra levels of wealth counters in its product boxes (23.5)
    // Wealth levels: its arrows and the product boxes between its ends,
    // and the wealth counters.
    int value() const {
      return static_cast<int>(arrows.size()) + static_cast<int>(products.size()) - 2 +
             wealth_counters;
    }
  };
  // The routes a merchant may cash in at a city with `city`'s products: to
  // one of them, not from the product they end in, not between two of them.
  std::vector<Route> routes(const std::vector<std::uint32_t>& city) const;
  // Removes the route's arrows and the wealth counters in its product boxes;
  // returns what the cup knows the removed counters by.
  std::vector<std::uint32_t> cash_in(const Route& route);

  // The display as text, one line per row: a product by name, an arrow as
  // "W>E" (its base, its point), "." an empty box.
  std::vector<std::string> draw(const std::vector<std::string>& product_names) const;

private:
  struct Cell {
    std::optional<std::uint32_t> product;
    std::optional<Arrow> arrow;
    std::vector<std::pair<int, std::uint32_t>> wealth; // 23.5: counters laid here
  };
  Cell& cell(Box box) { return cells_[static_cast<std::size_t>(box.row * columns_ + box.column)]; }
  const Cell& cell(Box box) const {
    return cells_[static_cast<std::size_t>(box.row * columns_ + box.column)];
  }
  bool pointed_into(Box box) const; // an arrow points into this box
  bool chain_leaves(Box box) const; // an arrow's base faces this box
  // The chains that leave product box `from` and reach another product box.
  struct Segment {
    Box from, to;
    std::vector<Box> arrows;
  };
  std::vector<Segment> segments() const;

  int rows_ = 0, columns_ = 0;
  std::vector<Cell> cells_;
};

} // namespace talebook::engine
