// talec play and talec simulate over a book of the game family
// (docs/games.md): Shahrazad's tile set and the deck of "Da geht was ab im
// Morgenland", each played by the engine's rules (talebook/engine/).
#pragma once

#include <cstdint>
#include <string>

#include <talebook/reader.hpp>

namespace talec {

// One game at the terminal: every question of every player read from
// standard input (hot seat), `echo` writing each answer after its prompt.
// `players` 0: the game's default. The exit code.
int play_family(const talebook::tbook::Book& book, std::uint64_t seed, std::uint64_t players,
                bool echo);

struct FamilyRuns {
  std::uint64_t runs = 1000;
  std::uint64_t seed = 1; // game i is played with seed + i
  std::uint64_t players = 0;
  bool json = false;
};
// `runs` games played by the engine's own players; the report, or empty and
// `error` (a usage error: a player count the game does not have).
std::string simulate_family(const talebook::tbook::Book& book, const FamilyRuns& runs,
                            std::string& error);

} // namespace talec
