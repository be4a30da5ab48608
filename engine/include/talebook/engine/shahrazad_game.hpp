// A game of Shahrazad for one or two players (docs/games.md): the deal, the
// turns (placing or replacing a tile, then drawing), the two rounds, their
// scores and the King's verdict. Every shuffle comes from the seed through
// the engine's dice, so a seed and the same choices give the same game.
//
// It is a value with a legal-moves API: moves() lists what the player whose
// turn it is may do, play() does one of them; between the rounds
// columns_to_keep() lists the columns that may stay and keep() keeps one.
// play_with() drives the same through a Chooser, asking a question at a time
// as the Standard game asks talec simulate's chooser.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "talebook/engine/console.hpp"
#include "talebook/engine/dice.hpp"
#include "talebook/engine/shahrazad.hpp"

namespace talebook::engine::shahrazad {

// One action of a turn: place the hand's tile `hand` at `place`, or swap it
// for the tile on the table at `place`.
struct Move {
  enum class Kind { place, replace };
  Kind kind = Kind::place;
  std::size_t hand = 0;
  Place place;
};
bool operator==(const Move& a, const Move& b);
// A move in words: "place red 7 (The Fisherman) at column 1, position 3" or
// "replace black 4 (...) at column 0, position 2 with red 7 (...)"; `hand` is
// the player's hand and `table` the table the move is played on.
std::string describe(const Move& move, const std::vector<StoryTile>& hand, const Tableau& table);

class ShahrazadGame {
public:
  enum class Phase { playing, keeping, over };

  // The tiles shuffled by the seed, one face up in the middle of the table
  // (column 0, row 0), two dealt to each player, the rest the draw stack.
  // `verdicts`: the King's, by score (the tile set's `@verdicts`). Null, with
  // a message in `error`, for a player count other than 1 or 2, fewer tiles
  // than the deal needs, or no verdicts.
  static std::optional<ShahrazadGame> begin(std::vector<StoryTile> tiles,
                                            std::vector<Verdict> verdicts, int players,
                                            std::uint64_t seed, std::string& error);

  Phase phase() const { return phase_; }
  int round() const { return round_; } // 1 or 2
  int players() const { return static_cast<int>(hands_.size()); }
  int player() const { return player_; } // whose turn it is, from 0 (the dealer)
  const std::vector<StoryTile>& hand(int player) const { return hands_[player]; }
  const Tableau& tableau() const { return table_; }
  std::size_t stack_size() const { return stack_.size(); }
  // The tiles still to place this turn: 1, or 2 on the turn after a replace.
  int to_place() const;
  // Whether the player may replace now: not in a turn after a replace, not
  // once the stack is empty.
  bool may_replace() const;

  // What the player whose turn it is may do now (nothing unless playing):
  // each tile of the hand at each place, then each tile of the hand for each
  // tile on the table (when replacing is allowed).
  std::vector<Move> moves() const;
  // Plays a move of moves(); false, and nothing changes, for another. A turn
  // ends when the player has replaced or placed what they had to; they draw
  // a tile (if the stack has one) and the next player with tiles plays. When
  // every tile is placed the round is scored.
  bool play(const Move& move);

  // Between the rounds: the columns (as they were scored) that hold a face-up
  // tile, left to right.
  std::vector<int> columns_to_keep() const;
  // Round two: the face-down tiles leave the game, the column `x` stays on
  // the table pushed together (as column 0 from row 0), the other face-up
  // tiles are shuffled into the stack and two dealt to each player; the
  // dealer plays first again. False, and nothing changes, for another column.
  bool keep(int x);

  // The scoring of each round played.
  const std::vector<Scoring>& rounds() const { return scores_; }
  // The sum of the rounds' scores.
  int total() const;
  // Round one scored zero or less: the game is over after it (the King is
  // angry, and perhaps it's best to start again); there is no verdict.
  bool ended_early() const { return ended_early_; }
  // After round two, the King's verdict on the total (a row of begin()'s).
  std::optional<Verdict> verdict() const;

  // Plays to the end with `chooser` answering "Which move?" (the options are
  // describe()'s words) and "Which column stays for round two?". False when
  // the chooser quits (any answer that is not an option).
  bool play_with(Chooser& chooser);

private:
  ShahrazadGame(int players, std::uint64_t seed);
  void deal(std::vector<StoryTile> tiles);
  void end_turn(bool replaced);
  void end_round();

  Dice dice_;
  Tableau table_;
  std::vector<StoryTile> stack_; // the top is the back
  std::vector<std::vector<StoryTile>> hands_;
  std::vector<bool> replaced_; // each player's last turn was a replace
  int player_ = 0;
  int placed_ = 0; // tiles placed this turn
  int round_ = 1;
  Phase phase_ = Phase::playing;
  bool ended_early_ = false;
  std::vector<Scoring> scores_;
  std::vector<Verdict> verdicts_;
};

// The engine's own player (talec simulate): the move that leaves the
// best-scoring table (ties: the first), the dice choosing among the three
// best one time in four, so a seed gives the same game; and, between the
// rounds, the column that keeps the most face-up tiles (ties: the left-most).
Move engine_move(const ShahrazadGame& game, Dice& dice);
int engine_column(const ShahrazadGame& game);

} // namespace talebook::engine::shahrazad
