// Random play-throughs (talec simulate): many sessions of the reference
// engine, each answered by a chooser that picks uniformly at random, and
// what they reached, counted. The same seed gives the same counts.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <tuple>
#include <utility>

#include <talebook/reader.hpp>

#include "talebook/engine/observer.hpp"

namespace talebook::engine {

struct AutoplayOptions {
  std::uint64_t runs = 1000;
  std::uint64_t seed = 1;
  int turns = 20; // each game stops after this many turns (or at the character's death)
  // Each game is one encounter from this paragraph (Session::start_at), not turns.
  std::optional<std::uint32_t> from;
  // The Standard game for this many players (Session::set_players); 0: one
  // character, no victory.
  int players = 0;
};

struct PlayCounts {
  std::uint64_t runs = 0;
  std::uint64_t turns = 0;  // turns begun, over every run
  std::uint64_t deaths = 0; // runs that ended with the character's death
  std::uint64_t stuck = 0;  // runs stopped after too many questions within their turns
  std::map<std::uint32_t, std::uint64_t> paragraphs;                          // number -> reads
  std::map<std::pair<std::uint32_t, std::size_t>, std::uint64_t> sections;    // (paragraph, index)
  std::map<std::pair<std::uint32_t, std::size_t>, std::uint64_t> chart_lines; // (chart, line)
  std::map<std::tuple<char, std::uint32_t, std::uint32_t>, std::uint64_t>
      cells; // (matrix, row, option)
  // A book with a map: the turns that ended on each space (an index of tbook::Book::space).
  std::map<std::uint32_t, std::uint64_t> spaces;
  // (kind, paragraph if any, matrix letter or 0)
  std::map<std::tuple<DeadEnd, std::optional<std::uint32_t>, char>, std::uint64_t> dead_ends;
};

// The book must be of format 1.1 or later (resolved rows and treasure paragraphs).
PlayCounts autoplay(const tbook::Book& book, const AutoplayOptions& options);

// The stable id of a dead end ("no_section").
const char* dead_end_id(DeadEnd kind);

} // namespace talebook::engine
