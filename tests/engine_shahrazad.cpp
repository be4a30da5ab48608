// Shahrazad in the engine (talebook/engine/shahrazad.hpp, shahrazad_game.hpp,
// docs/games.md): where a tile may go, replacing, and scoring table tests
// built from layouts worked out by hand from the rulebook
// (../shared/seeds/004, "Scoring").
//
// A layout is a list of (x, y, colour, number): column x, position y in half
// tiles (a tile fills [y, y + 2) of its column, y grows downwards). Each is
// drawn beside it: columns left to right, one text line a half tile, a tile
// written on the line of its top (R red, U blue, K black, Y yellow).
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include <talebook/engine/dice.hpp>
#include <talebook/engine/shahrazad.hpp>
#include <talebook/engine/shahrazad_game.hpp>

namespace {
namespace TALEBOOK_TEST_FILE { // this file's names (the unity build: tests/CMakeLists.txt)

using namespace talebook::engine::shahrazad;

namespace {

constexpr Colour R = Colour::red, U = Colour::blue, K = Colour::black, Y = Colour::yellow;

Laid tile(int x, int y, Colour colour, int number) {
  return {Place{x, y}, StoryTile{colour, number, ""}};
}

std::vector<Place> places_of(const std::vector<Laid>& tiles, const std::vector<bool>& up,
                             bool face_up) {
  std::vector<Place> out;
  for (std::size_t i = 0; i < tiles.size(); ++i)
    if (up[i] == face_up) out.push_back(tiles[i].place);
  std::sort(out.begin(), out.end());
  return out;
}

// A test table of verdicts, in the rulebook's ranges (0-9 ... 40+), with
// words of its own.
std::vector<Verdict> test_verdicts() {
  return {{0, "nonsense"}, {10, "worn"}, {20, "told well"}, {30, "a delight"}, {40, "a wonder"}};
}

// A test set of 22 tiles, numbered 0 to 21 once each, the colours in
// different numbers: red 7, blue 6, black 5, yellow 4.
std::vector<StoryTile> test_set() {
  std::vector<StoryTile> out;
  for (int n = lowest_number; n <= highest_number; ++n) {
    const Colour colour = n >= 17 && n != 18 ? Y : n % 3 == 0 ? R : n % 3 == 1 ? U : K;
    out.push_back({colour, n, "tale " + std::to_string(n)});
  }
  return out;
}

// Plays a game to its end as the engine's own player does (engine_move,
// engine_column).
ShahrazadGame played(std::uint64_t seed, int players, std::vector<std::string>* log = nullptr) {
  std::string error;
  auto game = ShahrazadGame::begin(test_set(), test_verdicts(), players, seed, error);
  REQUIRE(game);
  talebook::engine::Dice dice(seed * 31 + 7);
  while (game->phase() != ShahrazadGame::Phase::over) {
    if (game->phase() == ShahrazadGame::Phase::keeping) {
      REQUIRE(!game->columns_to_keep().empty());
      const int x = engine_column(*game);
      if (log) log->push_back("keep column " + std::to_string(x));
      REQUIRE(game->keep(x));
      continue;
    }
    const Move move = engine_move(*game, dice);
    if (log)
      log->push_back(std::to_string(game->player()) + ": " +
                     describe(move, game->hand(game->player()), game->tableau()));
    REQUIRE(game->play(move));
  }
  return *game;
}

} // namespace

TEST_CASE("shahrazad: six places around one tile and eight around two stacked",
          "[engine][shahrazad]") {
  Tableau table(column_limit(2));
  REQUIRE(table.places() == std::vector<Place>{{0, 0}}); // an empty table: the middle
  REQUIRE(table.place({0, 0}, {R, 5, ""}));
  // Above, below, and half offset up and down on each side.
  CHECK(table.places() == std::vector<Place>{{-1, -1}, {-1, 1}, {0, -2}, {0, 2}, {1, -1}, {1, 1}});
  REQUIRE(table.place({0, 2}, {U, 6, ""}));
  CHECK(table.places() ==
        std::vector<Place>{{-1, -1}, {-1, 1}, {-1, 3}, {0, -2}, {0, 4}, {1, -1}, {1, 1}, {1, 3}});
  // Not touching, and overlapping a tile of the column by half: refused.
  CHECK_FALSE(table.can_place({0, 6}));
  CHECK_FALSE(table.can_place({2, 0}));
  CHECK_FALSE(table.can_place({0, 1}));
  CHECK_FALSE(table.place({0, 2}, {K, 7, ""}));
  CHECK(table.tiles().size() == 2);
  CHECK(touching({0, 0}, {0, 2}));
  CHECK(touching({0, 0}, {1, -1}));
  CHECK(touching({0, 0}, {-1, 1}));
  CHECK_FALSE(touching({0, 0}, {1, 0}));
  CHECK_FALSE(touching({0, 0}, {0, 4}));
  CHECK_FALSE(touching({0, 0}, {2, 0}));
}

TEST_CASE("shahrazad: three tiles a column with two players and four solo", "[engine][shahrazad]") {
  CHECK(column_limit(2) == 3);
  CHECK(column_limit(1) == 4);
  for (int players : {1, 2}) {
    INFO(players << " players");
    Tableau table(column_limit(players));
    for (int y = 0; y < 2 * column_limit(players); y += 2)
      REQUIRE(table.place({0, y}, {R, y, ""}));
    CHECK(table.column_size(0) == column_limit(players));
    CHECK_FALSE(table.can_place({0, -2}));
    CHECK_FALSE(table.can_place({0, 2 * column_limit(players)}));
    for (Place p : table.places())
      CHECK(p.x != 0);
    // A column below the limit still takes a tile.
    CHECK(table.can_place({1, 1}));
  }
  // With two players a fourth is refused where solo takes it.
  Tableau two(column_limit(2)), solo(column_limit(1));
  for (Tableau* t : {&two, &solo})
    for (int y : {0, 2, 4})
      REQUIRE(t->place({0, y}, {U, y, ""}));
  CHECK_FALSE(two.place({0, 6}, {U, 9, ""}));
  CHECK(solo.place({0, 6}, {U, 9, ""}));
  // No limit to the number of columns: a zigzag of twenty.
  Tableau wide(column_limit(2));
  for (int x = 0; x < 20; ++x)
    REQUIRE(wide.place({x, x % 2}, {K, x, ""}));
  CHECK(wide.columns().size() == 20);
}

TEST_CASE("shahrazad: replacing swaps in place and the next turn places two",
          "[engine][shahrazad]") {
  std::string error;
  auto game = ShahrazadGame::begin(test_set(), test_verdicts(), 2, 5, error);
  REQUIRE(game);
  // The deal: one tile in the middle, two to each player, the rest the stack.
  CHECK(game->tableau().tiles().size() == 1);
  CHECK(game->tableau().tiles()[0].place == Place{0, 0});
  CHECK(game->hand(0).size() == 2);
  CHECK(game->hand(1).size() == 2);
  CHECK(game->stack_size() == 22 - 5);
  CHECK(game->player() == 0);
  CHECK(game->may_replace());
  // 2 tiles x 6 places, and 2 tiles x 1 tile to replace.
  CHECK(game->moves().size() == 2 * 6 + 2);
  CHECK_FALSE(game->play({Move::Kind::replace, 0, {1, 1}})); // no tile there
  CHECK_FALSE(game->play({Move::Kind::place, 0, {0, 4}}));   // touches nothing
  CHECK_FALSE(game->play({Move::Kind::place, 2, {0, 2}}));   // no third tile in hand

  const StoryTile middle = game->tableau().tiles()[0].tile;
  const StoryTile mine = game->hand(0)[1];
  REQUIRE(game->play({Move::Kind::replace, 1, {0, 0}}));
  CHECK(game->tableau().tiles()[0].tile.number == mine.number); // in the same space
  CHECK(game->hand(0).size() == 3);                             // the swapped tile and a draw
  CHECK(game->hand(0)[1].number == middle.number);
  CHECK(game->stack_size() == 22 - 6);
  CHECK(game->player() == 1);
  REQUIRE(game->play({Move::Kind::place, 0, {0, 2}}));
  // Player 0 must now place two tiles and cannot replace.
  CHECK(game->player() == 0);
  CHECK(game->to_place() == 2);
  CHECK_FALSE(game->may_replace());
  for (const Move& m : game->moves())
    CHECK(m.kind == Move::Kind::place);
  CHECK_FALSE(game->play({Move::Kind::replace, 0, {0, 0}}));
  REQUIRE(game->play({Move::Kind::place, 0, {0, -2}}));
  CHECK(game->player() == 0); // still their turn
  CHECK_FALSE(game->may_replace());
  REQUIRE(game->play({Move::Kind::place, 0, {1, 1}}));
  CHECK(game->player() == 1);
  CHECK(game->hand(0).size() == 2); // three, two placed, one drawn
  CHECK(game->tableau().tiles().size() == 4);
  // The turn after the two placements is an ordinary turn again.
  REQUIRE(game->play({Move::Kind::place, 0, {-1, 1}}));
  CHECK(game->to_place() == 1);
  CHECK(game->may_replace());

  // Once the stack is empty nobody replaces, and the round goes on until
  // every tile in hand is placed.
  talebook::engine::Dice dice(1);
  while (game->stack_size() > 0) {
    std::vector<Move> moves = game->moves();
    moves.erase(std::remove_if(moves.begin(), moves.end(),
                               [](const Move& m) { return m.kind == Move::Kind::replace; }),
                moves.end());
    REQUIRE(
        game->play(moves[static_cast<std::size_t>(dice.below(static_cast<int>(moves.size())))]));
  }
  int turns = 0;
  while (game->phase() == ShahrazadGame::Phase::playing) {
    CHECK_FALSE(game->may_replace());
    const std::vector<Move> moves = game->moves();
    REQUIRE(!moves.empty());
    for (const Move& m : moves)
      CHECK(m.kind == Move::Kind::place);
    REQUIRE(game->play(moves[0]));
    ++turns;
  }
  CHECK(turns == 4); // each player's two tiles
  CHECK(game->tableau().tiles().size() == 22);
  CHECK(game->rounds().size() == 1);
}

TEST_CASE("shahrazad: the deal refuses other player counts and too few tiles",
          "[engine][shahrazad]") {
  std::string error;
  CHECK_FALSE(ShahrazadGame::begin(test_set(), test_verdicts(), 3, 1, error));
  CHECK(error == "Shahrazad is played by one or two players, not 3");
  CHECK_FALSE(ShahrazadGame::begin(test_set(), test_verdicts(), 0, 1, error));
  const std::vector<StoryTile> all = test_set();
  const std::vector<StoryTile> four(all.begin(), all.begin() + 4);
  CHECK_FALSE(ShahrazadGame::begin(four, test_verdicts(), 2, 1, error));
  CHECK(error == "the deal needs 5 tiles, the set has 4");
  auto solo = ShahrazadGame::begin(four, test_verdicts(), 1, 1, error);
  REQUIRE(solo);
  CHECK(solo->players() == 1);
  CHECK(solo->tableau().column_limit() == 4);
  CHECK(solo->stack_size() == 1);
}

namespace {

// A layout and its scoring worked out by hand.
struct Worked {
  const char* name;
  std::vector<Laid> layout;
  std::vector<Place> flipped_1, flipped_2; // by check 1 and check 2
  std::array<int, colour_count> groups;    // red, blue, black, yellow
  int face_down, gaps, score;
};

const std::vector<Worked>& worked() {
  static const std::vector<Worked> table = {
      // 1. A clean path.           y   x=0  1    2    3
      //                            0   R1        R3
      //                            1        R2        U4
      // Check 1: every tile's right neighbours are higher (1<2, 2<3, 3<4).
      // Check 2: R1-R2-R3-U4 is a path from column 0 to column 3.
      // Red: R1-R2-R3 touch across the columns (half offsets): 3. Blue: 1.
      // 3 + 1 = 4, nothing face down, no gap.
      {"a clean path",
       {tile(0, 0, R, 1), tile(1, 1, R, 2), tile(2, 0, R, 3), tile(3, 1, U, 4)},
       {},
       {},
       {3, 1, 0, 0},
       0,
       0,
       4},
      // 2. A chain of lower numbers.  y   x=0  1    2
      //                               0   R5        K1
      //                               1        U3
      // Check 1, column 0: R5 touches U3, lower: R5 flipped. Column 1: U3
      // touches K1, lower: U3 flipped (it was face up when column 0 was
      // checked, so it flipped R5 all the same). Check 2: column 0 is face
      // down, so no path starts: K1 flipped. No group; 3 face down: -3.
      {"a chain of lower numbers flips all",
       {tile(0, 0, R, 5), tile(1, 1, U, 3), tile(2, 0, K, 1)},
       {{0, 0}, {1, 1}},
       {{2, 0}},
       {0, 0, 0, 0},
       3,
       0,
       -3},
      // 3. A gap in a column.  y   x=0  1
      //                        0   R1
      //                        1        R5
      //                        2   .
      //                        3        R6
      //                        4   R2
      // Check 1: R1 touches R5, R2 touches R6, both higher. Check 2: R1-R5
      // and R2-R6 are paths. Red: R1-R5-R6-R2 (R5 and R6 one above the
      // other): 4. Column 0 has one empty space between R1 and R2: 4 - 1 = 3.
      {"a gap in a column",
       {tile(0, 0, R, 1), tile(0, 4, R, 2), tile(1, 1, R, 5), tile(1, 3, R, 6)},
       {},
       {},
       {4, 0, 0, 0},
       0,
       1,
       3},
      // 4. A face-down column.  y   x=0  1    2
      //                         0   U2        K4
      //                         1        R9
      //                         2   U3        K5
      // Check 1: U2 and U3 touch R9, higher; R9 touches K4, lower: flipped.
      // Check 2: column 1 is wholly face down, so no path crosses it: U2, U3,
      // K4 and K5 flipped. The groups U2-U3 and K4-K5 score nothing; 5 face
      // down: -5.
      {"a face-down column scores no points",
       {tile(0, 0, U, 2), tile(0, 2, U, 3), tile(1, 1, R, 9), tile(2, 0, K, 4), tile(2, 2, K, 5)},
       {{1, 1}},
       {{0, 0}, {0, 2}, {2, 0}, {2, 2}},
       {0, 0, 0, 0},
       5,
       0,
       -5},
      // 5. Groups that tie.  y   x=0  1    2    3    4
      //                      0   R1        U3        R5
      //                      1        R2        R4
      // No flips (each right neighbour higher), one path. Red has two groups
      // of two, R1-R2 and R4-R5 (U3 between them): 2, once. Blue 1: 3.
      {"groups that tie score once",
       {tile(0, 0, R, 1), tile(1, 1, R, 2), tile(2, 0, U, 3), tile(3, 1, R, 4), tile(4, 0, R, 5)},
       {},
       {},
       {2, 1, 0, 0},
       0,
       0,
       3},
      // 6. Off the path.  y    x=0  1    2
      //                   -1        U7
      //                   0    R1        K3
      //                   1         U2
      //                   2              K6
      //                   3         Y5
      // Check 1, column 0: R1 touches U7 and U2, higher. Column 1: U7
      // touches K3, lower: flipped (one lower neighbour is enough); U2
      // touches K3 and K6, higher; Y5 touches K6, higher. Check 2: Y5
      // touches no tile of column 0, so no path reaches it from the left (a
      // path steps into the next column, not down its own from U2): flipped.
      // R1-U2-K3 and R1-U2-K6 are paths. Red 1, blue 1 (U7 face down),
      // black K3-K6 2: 4; 2 face down: 2.
      {"a tile on no path is flipped",
       {tile(0, 0, R, 1), tile(1, -1, U, 7), tile(1, 1, U, 2), tile(1, 3, Y, 5), tile(2, 0, K, 3),
        tile(2, 2, K, 6)},
       {{1, -1}},
       {{1, 3}},
       {1, 1, 2, 0},
       2,
       0,
       2},
      // 7. Four a column, solo.  y   x=0  1    2
      //                          0   R0        U8
      //                          1        R4
      //                          2   R1        K9
      //                          3        U5
      //                          4   R2        K10
      //                          5        U6
      //                          6   R3        Y11
      //                          7        U7
      // Every right neighbour is higher; every tile is on a path. Red: R0-R3
      // one above the other and R4 touching R0 and R1: 5. Blue: U5-U6-U7: 3
      // (U8 touches only R4 and K9: a group of 1). Black K9-K10: 2. Yellow
      // 1. 5 + 3 + 2 + 1 = 11.
      {"groups connect through the neighbouring columns",
       {tile(0, 0, R, 0), tile(0, 2, R, 1), tile(0, 4, R, 2), tile(0, 6, R, 3), tile(1, 1, R, 4),
        tile(1, 3, U, 5), tile(1, 5, U, 6), tile(1, 7, U, 7), tile(2, 0, U, 8), tile(2, 2, K, 9),
        tile(2, 4, K, 10), tile(2, 6, Y, 11)},
       {},
       {},
       {5, 3, 2, 1},
       0,
       0,
       11},
      // 8. Two spaces empty.  y   x=0  1
      //                       0   K2
      //                       1        K10
      //                       2   .
      //                       3        Y11
      //                       4   .
      //                       5        K12
      //                       6   K3
      // Check 1: K2 touches K10, K3 touches K12, higher. Check 2: Y11
      // touches no tile of column 0: flipped. Black: K2-K10 and K3-K12, two
      // groups of 2 (K10 and K12 are two apart, Y11 between them face
      // down): 2. 1 face down, 2 empty spaces in column 0: 2 - 1 - 2 = -1.
      {"two empty spaces and a tie",
       {tile(0, 0, K, 2), tile(0, 6, K, 3), tile(1, 1, K, 10), tile(1, 3, Y, 11),
        tile(1, 5, K, 12)},
       {},
       {{1, 3}},
       {0, 0, 2, 0},
       1,
       2,
       -1},
      // 9. One tile: a column alone is both the left-most and the right-most.
      {"one tile", {tile(0, 0, Y, 21)}, {}, {}, {0, 0, 0, 1}, 0, 0, 1},
      // 10. Nothing on the table.
      {"an empty table", {}, {}, {}, {0, 0, 0, 0}, 0, 0, 0},
  };
  return table;
}

} // namespace

TEST_CASE("shahrazad: scoring table of hand-worked layouts", "[engine][shahrazad]") {
  for (const Worked& w : worked()) {
    INFO(w.name);
    const Scoring s = score(w.layout);
    CHECK(s.flipped_1 == w.flipped_1);
    CHECK(s.flipped_2 == w.flipped_2);
    CHECK(s.groups == w.groups);
    CHECK(s.face_down == w.face_down);
    CHECK(s.gaps == w.gaps);
    CHECK(s.score == w.score);
    std::vector<Place> down = w.flipped_1;
    down.insert(down.end(), w.flipped_2.begin(), w.flipped_2.end());
    std::sort(down.begin(), down.end());
    CHECK(places_of(s.tiles, s.face_up, false) == down);
    // The order the tiles are listed in changes nothing.
    std::vector<Laid> reversed(w.layout.rbegin(), w.layout.rend());
    CHECK(score(reversed).score == w.score);
  }
}

TEST_CASE("shahrazad: round two keeps one column pushed together and sums the rounds",
          "[engine][shahrazad]") {
  // Round one: layout 3 (3 points). Column 0 stays: R1 and R2, the gap
  // between them closed; R5 and R6 go back to the stack.
  const Scoring gap = score(worked()[2].layout);
  REQUIRE(gap.score == 3);
  CHECK(round_two_follows(gap.score));
  const RoundTwo closed = round_two(gap, 0);
  REQUIRE(closed.table.size() == 2);
  CHECK(closed.table[0].place == Place{0, 0});
  CHECK(closed.table[0].tile.number == 1);
  CHECK(closed.table[1].place == Place{0, 2});
  CHECK(closed.table[1].tile.number == 2);
  CHECK(closed.rest.size() == 2);
  CHECK(closed.boxed.empty());

  // Round one: layout 6 (2 points; U7 and Y5 face down). Column 2 stays:
  // K3 and K6. U7 and Y5 leave the game; R1 and U2 are dealt again.
  const Scoring path = score(worked()[5].layout);
  REQUIRE(path.score == 2);
  const RoundTwo two = round_two(path, 2);
  REQUIRE(two.table.size() == 2);
  CHECK(two.table[0].place == Place{0, 0});
  CHECK(two.table[0].tile.number == 3);
  CHECK(two.table[1].tile.number == 6);
  REQUIRE(two.boxed.size() == 2);
  CHECK(two.boxed[0].number == 7);
  CHECK(two.boxed[1].number == 5);
  REQUIRE(two.rest.size() == 2);
  CHECK(two.rest[0].number == 1);
  CHECK(two.rest[1].number == 2);
  // Round two's table, played on from the kept column:
  //   y   x=-1  0
  //   -1  U2
  //   0         K3
  //   1   R1
  //   2         K6
  // Check 1: U2 touches K3, R1 touches K3 and K6: all higher. Both of
  // column -1 are on paths into column 0. Red 1, blue 1, black K3-K6 2: 4.
  std::vector<Laid> table = two.table;
  table.push_back(tile(-1, -1, U, 2));
  table.push_back(tile(-1, 1, R, 1));
  const Scoring round2 = score(table);
  CHECK(round2.face_down == 0);
  CHECK(round2.score == 4);
  // The final score: 2 + 4 = 6, "That didn't make any sense!".
  CHECK(path.score + round2.score == 6);
  CHECK(verdict(path.score + round2.score, test_verdicts()).from == 0);
  // Layout 7 twice, 11 + 11 = 22: the row from 20.
  CHECK(verdict(2 * score(worked()[6].layout).score, test_verdicts()).words == "told well");

  // A round one of zero or less ends the game.
  CHECK_FALSE(round_two_follows(0));
  CHECK_FALSE(round_two_follows(score(worked()[1].layout).score)); // -3
  CHECK(round_two_follows(1));
}

TEST_CASE("shahrazad: the King's verdict at every boundary", "[engine][shahrazad]") {
  const std::vector<std::pair<int, std::string>> table = {
      {0, "nonsense"},   {9, "nonsense"},   {10, "worn"},      {19, "worn"},
      {20, "told well"}, {29, "told well"}, {30, "a delight"}, {39, "a delight"},
      {40, "a wonder"},  {99, "a wonder"},  {-4, "nonsense"}, // below the table: its first row
  };
  for (const auto& [total, words] : table) {
    INFO(total);
    CHECK(verdict(total, test_verdicts()).words == words);
  }
  // A game gives the verdicts it was begun with.
  std::string error;
  CHECK_FALSE(ShahrazadGame::begin(test_set(), {}, 2, 1, error));
  CHECK(error == "the tile set has no verdicts");
}

TEST_CASE("shahrazad: a seeded game played twice ends the same", "[engine][shahrazad]") {
  for (int players : {1, 2}) {
    INFO(players << " players");
    std::vector<std::string> log1, log2;
    const ShahrazadGame a = played(3, players, &log1);
    const ShahrazadGame b = played(3, players, &log2);
    CHECK(log1 == log2);
    REQUIRE(a.rounds().size() == b.rounds().size());
    for (std::size_t r = 0; r < a.rounds().size(); ++r)
      CHECK(a.rounds()[r].score == b.rounds()[r].score);
    CHECK(a.total() == b.total());
    REQUIRE(a.tableau().tiles().size() == b.tableau().tiles().size());
    for (std::size_t i = 0; i < a.tableau().tiles().size(); ++i) {
      CHECK(a.tableau().tiles()[i].place == b.tableau().tiles()[i].place);
      CHECK(a.tableau().tiles()[i].tile.number == b.tableau().tiles()[i].tile.number);
    }
    // Another seed deals otherwise.
    std::vector<std::string> log3;
    played(4, players, &log3);
    CHECK(log3 != log1);
  }
}

TEST_CASE("shahrazad: games to their end over both rounds", "[engine][shahrazad]") {
  int went_on = 0, ended = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed)
    for (int players : {1, 2}) {
      INFO("seed " << seed << ", " << players << " players");
      const ShahrazadGame game = played(seed, players);
      CHECK(game.phase() == ShahrazadGame::Phase::over);
      REQUIRE(!game.rounds().empty());
      const Scoring& first = game.rounds()[0];
      CHECK(first.tiles.size() == 22); // every tile placed
      if (!round_two_follows(first.score)) {
        ++ended;
        CHECK(game.ended_early());
        CHECK(game.rounds().size() == 1);
        CHECK_FALSE(game.verdict());
        continue;
      }
      ++went_on;
      REQUIRE(game.rounds().size() == 2);
      // Round two holds the face-up tiles of round one, and only them.
      CHECK(game.rounds()[1].tiles.size() == static_cast<std::size_t>(22 - first.face_down));
      CHECK(game.total() == first.score + game.rounds()[1].score);
      REQUIRE(game.verdict());
      CHECK(game.verdict()->from == verdict(game.total(), test_verdicts()).from);
      CHECK(game.verdict()->words == verdict(game.total(), test_verdicts()).words);
      for (const Laid& laid : game.tableau().tiles())
        CHECK(game.tableau().column_size(laid.place.x) <= column_limit(players));
    }
  CHECK(went_on > 0); // seed 3 solo: 2 then 6
  CHECK(ended > 0);
  // A player who plays at random: round one mostly ends the game.
  std::string error;
  auto game = ShahrazadGame::begin(test_set(), test_verdicts(), 2, 9, error);
  REQUIRE(game);
  talebook::engine::Dice dice(9);
  while (game->phase() == ShahrazadGame::Phase::playing) {
    const std::vector<Move> moves = game->moves();
    REQUIRE(
        game->play(moves[static_cast<std::size_t>(dice.below(static_cast<int>(moves.size())))]));
  }
  if (game->phase() == ShahrazadGame::Phase::over) {
    CHECK(game->ended_early());
    CHECK(game->rounds()[0].score <= 0);
    CHECK(game->columns_to_keep().empty());
    CHECK_FALSE(game->keep(0));
  }
}

namespace {

// Answers every question with its first option, and counts them.
struct First : talebook::engine::Chooser {
  int asked = 0, columns = 0;
  int choose(const std::string& question, std::size_t count) override {
    ++asked;
    if (question == "Which column stays for round two?") ++columns;
    return count ? 0 : -1;
  }
};

} // namespace

TEST_CASE("shahrazad: a chooser plays a game to its end", "[engine][shahrazad]") {
  std::string error;
  auto game = ShahrazadGame::begin(test_set(), test_verdicts(), 1, 2, error);
  REQUIRE(game);
  First first;
  CHECK(game->play_with(first));
  CHECK(game->phase() == ShahrazadGame::Phase::over);
  CHECK(first.asked >= 21);
  CHECK(first.columns == (game->ended_early() ? 0 : 1));
  CHECK(describe({Move::Kind::place, 0, {1, -1}}, {{Colour::red, 7, "The Fisherman"}},
                 game->tableau()) == "place red 7 (The Fisherman) at column 1, position -1");
}

} // namespace TALEBOOK_TEST_FILE
} // namespace
