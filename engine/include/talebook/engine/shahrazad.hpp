// Shahrazad, the story-tile game of the Arabian Nights (docs/games.md): its
// story tiles, the tiles on the table (the tableau) and where a new tile may
// go, and the scoring of a finished table, exactly as the rulebook states.
// The game itself, dealt and played for one or two players over two rounds,
// is talebook/engine/shahrazad_game.hpp.
//
// The table is a grid of columns whose tiles sit half a tile up or down from
// their neighbours': a Place is a column x and a vertical position y counted in
// half tiles (growing downwards), and a tile at (x, y) fills [y, y + 2) of its
// column. A tile touches the tiles right above and below it, (x, y - 2) and
// (x, y + 2), and the four at its sides, half offset: (x - 1, y - 1),
// (x - 1, y + 1), (x + 1, y - 1) and (x + 1, y + 1).
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include <talebook/kinds.hpp>

namespace talebook::engine::shahrazad {

// The four colours of the story tiles (the .tbook's list, talebook/kinds.def).
using Colour = tbook::TileColour;
constexpr std::size_t colour_count = 4;
constexpr std::array<Colour, colour_count> colours = {Colour::red, Colour::blue, Colour::black,
                                                      Colour::yellow};
// "red", "blue", "black", "yellow".
const char* colour_name(Colour colour);

// A story tile: a colour, a number from 0 to 21 and a title.
struct StoryTile {
  Colour colour = Colour::red;
  int number = 0;
  std::string title;
};
constexpr int lowest_number = 0;
constexpr int highest_number = 21;

// A space on the table: column x, position y in half tiles.
struct Place {
  int x = 0;
  int y = 0;
};
inline bool operator==(Place a, Place b) {
  return a.x == b.x && a.y == b.y;
}
inline bool operator!=(Place a, Place b) {
  return !(a == b);
}
// Left to right, then top to bottom.
inline bool operator<(Place a, Place b) {
  return a.x != b.x ? a.x < b.x : a.y < b.y;
}

// Same column and two half tiles apart, or neighbouring columns and half a
// tile apart.
bool touching(Place a, Place b);
// The six places that touch `p`: above, below, then left up, left down,
// right up, right down.
std::array<Place, 6> around(Place p);

// A tile on the table.
struct Laid {
  Place place;
  StoryTile tile;
};

// The most tiles a column may hold: three with two players, four solo.
int column_limit(int players);

// The tiles on the table, and the rules of placing a new one.
class Tableau {
public:
  explicit Tableau(int column_limit) : limit_(column_limit) {}
  int column_limit() const { return limit_; }
  // In the order they were laid.
  const std::vector<Laid>& tiles() const { return tiles_; }
  bool empty() const { return tiles_.empty(); }
  // The tile in exactly this place, or null.
  const Laid* at(Place p) const;
  // The tiles in column x.
  int column_size(int x) const;
  // The columns that hold a tile, left to right.
  std::vector<int> columns() const;
  // Whether a new tile may go here: on an empty table anywhere; else the
  // space is free (no tile of its column overlaps it), it touches a tile on
  // the table, and its column holds fewer tiles than the limit. There is no
  // limit to the number of columns.
  bool can_place(Place p) const;
  // Every place where a new tile may go, left to right and top to bottom.
  std::vector<Place> places() const;
  // Puts `tile` at `p`; false, and nothing changes, if it may not go there.
  bool place(Place p, StoryTile tile);
  // Replacing: swaps the tile at `p` for `tile`, in the same space, and gives
  // back the tile that was there; false, and nothing changes, when no tile
  // is at `p`.
  bool replace(Place p, StoryTile& tile);

private:
  int limit_;
  std::vector<Laid> tiles_;
};

// The table as text, a line a half tile (a tile shows on both of its lines)
// and a column of text a column of tiles, each tile as "red 7" ("red 7 down"
// when `face_up` says it is face down): what a player at the terminal sees.
std::string draw(const std::vector<Laid>& tiles, const std::vector<bool>* face_up = nullptr);

// Scoring a finished table, in the rulebook's order.
//
// 1. Columns left to right: a tile touching a lower-numbered tile in the
//    column to its right is flipped face down. A column's check looks only at
//    the column to its right, which is checked later, so every tile is
//    compared with the table as it was laid: a tile flipped here still counts
//    as the lower-numbered tile for the column on its left (which was checked
//    before it was flipped), and a flip never changes another check.
// 2. Paths: a face-up tile stays face up only if it lies on a path of
//    face-up tiles, one in each column, from the left-most column to the
//    right-most, each touching the next (so the path steps only into the
//    next column, never up or down its own). A whole column face down leaves
//    no path, and every tile is flipped.
// Then, for each colour, the largest group of face-up tiles of that colour
// connected by touching (through their own column and the neighbouring
// ones, as placement defines touching) scores a point a tile, one group
// only when groups tie; minus a point for each face-down tile and for each
// empty space in the middle of a column (a tile's room between the column's
// top and bottom tiles that holds no tile).
struct Scoring {
  std::vector<Laid> tiles;                // the table scored, in the order given
  std::vector<bool> face_up;              // for each of tiles, after both checks
  std::vector<Place> flipped_1;           // flipped by check 1, left to right, top to bottom
  std::vector<Place> flipped_2;           // flipped by check 2, in the same order
  std::array<int, colour_count> groups{}; // the largest group of each colour (0: none)
  int face_down = 0;
  int gaps = 0; // empty spaces in the middle of columns
  int score = 0;
};
Scoring score(const std::vector<Laid>& tiles);

// After round one: the game goes on to round two only when round one scored
// above zero (else the King is angry, and perhaps it's best to start again).
bool round_two_follows(int round_one_score);

// Round two's table from round one's: the face-down tiles leave the game, the
// column `x` stays (its face-up tiles pushed together, top to bottom, as
// column 0 from position 0), and the other face-up tiles are shuffled into
// the new stack. Empty `table` when no face-up tile is in column x.
struct RoundTwo {
  std::vector<Laid> table;      // the column kept
  std::vector<StoryTile> rest;  // to shuffle and deal, in round one's order
  std::vector<StoryTile> boxed; // the face-down tiles, out of the game
};
RoundTwo round_two(const Scoring& round_one, int x);

// A row of the King's verdicts: a tile set's `@verdicts` line (docs/games.md),
// from its score up to the next row's (the last with no end).
struct Verdict {
  int from = 0;
  std::string words;
};
// The row of `table` (rows in rising order, the first from 0, as talec check
// holds a tile set to) for `score`; a score below zero (which the scoring
// tiles cannot show) has the first row's. `table` is not empty.
const Verdict& verdict(int score, const std::vector<Verdict>& table);

} // namespace talebook::engine::shahrazad
