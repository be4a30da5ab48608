// What a session reports to someone watching the game (talec simulate counts
// it): each turn, each paragraph read, each section applied, each chart line
// and matrix cell, and each place where play found nothing to go on with.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

namespace talebook::engine {

struct Character;

// Where an encounter stopped without the book saying what happens.
enum class DeadEnd : std::uint8_t {
  NoSection,        // an award paragraph with headings, none of which the character meets
  UncoveredRoll,    // a dice test whose rows do not cover the roll
  MissingParagraph, // a number the book does not have
  MissingMatrix,    // a matrix letter the book does not have
  MissingRow,       // a being with no row in its matrix
  NoReaction,       // a matrix row whose every cell is forbidden
  GoToLoop,         // `Go to` after `Go to`, past the engine's limit
};

class PlayObserver {
public:
  virtual ~PlayObserver() = default;
  virtual void turn(int /*number*/) {}
  // Every paragraph read: award paragraphs, charts, statuses and treasures read aloud.
  virtual void paragraph(std::uint32_t /*number*/) {}
  // A section applied (its index among the paragraph's sections).
  virtual void section(std::uint32_t /*paragraph*/, std::size_t /*index*/) {}
  virtual void chart_line(std::uint32_t /*chart*/, std::size_t /*line*/) {}
  virtual void cell(char /*matrix*/, std::uint32_t /*row*/, std::uint32_t /*option*/) {}
  // `where`: the paragraph (or the paragraph number missing), if any; `matrix`:
  // its letter, else 0.
  virtual void dead_end(DeadEnd /*kind*/, std::optional<std::uint32_t> /*where*/, char /*matrix*/) {
  }
  // The game ended with the character's death (with players: a character died).
  virtual void death() {}
  // A turn is over, its conditional skills and statuses rolled for (rule 7.5):
  // the character as the turn left it.
  virtual void turn_over(const Character& /*character*/) {}
  // In a book with a map (rule 9): the space the turn left the character on
  // (an index of tbook::Book::space), told just before turn_over.
  virtual void stands(std::uint32_t /*space*/) {}
};

} // namespace talebook::engine
