// tbook_game FILE.tbook [PLAYERS] [ANSWERS] [SEED]: plays one game through
// the engine's Game value (talebook/engine/game.hpp), as an engine author's
// program would: each question answered at random (from SEED), until the game
// is over or ANSWERS answers (default 3000) are given; PLAYERS (default 3)
// play the Standard game to a winner. Prints the answers given, the turns,
// the whole time, and the time one answer takes (median, and the median of
// the last hundred: how an answer's cost grows with the game), then the time
// to restore the game from its save. A benchmark (tools/bench): it prints, it
// never fails a build.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <talebook/reader.hpp>

#include "talebook/engine/dice.hpp"
#include "talebook/engine/game.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: tbook_game FILE.tbook [PLAYERS] [ANSWERS] [SEED]\n");
    return 2;
  }
  const int players = argc > 2 ? std::atoi(argv[2]) : 3;
  const std::size_t most = argc > 3 ? std::strtoul(argv[3], nullptr, 10) : 3000;
  const std::uint64_t seed = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1;
  talebook::tbook::ReadError read_error;
  auto book = talebook::tbook::Book::open_file(argv[1], read_error);
  if (!book) {
    std::fprintf(stderr, "tbook_game: cannot read %s\n", argv[1]);
    return 2;
  }
  std::string error;
  talebook::engine::GameSetup setup;
  setup.seed = seed;
  setup.players = players;
  const auto begun = Clock::now();
  auto game = talebook::engine::Game::begin(*book, setup, error);
  if (!game) {
    std::fprintf(stderr, "tbook_game: %s\n", error.c_str());
    return 2;
  }
  talebook::engine::Dice chooser(seed ^ 0x9e3779b97f4a7c15u);
  std::vector<double> times;
  while (!game->over() && times.size() < most) {
    const auto n = static_cast<int>(game->question().options.size());
    const auto start = Clock::now();
    game->answer(static_cast<std::size_t>(chooser.below(n)));
    times.push_back(ms_since(start));
  }
  const double whole = ms_since(begun);
  std::size_t turns = 0;
  for (std::size_t at = 0; (at = game->transcript().find("== Turn ", at)) != std::string::npos;
       ++at)
    ++turns;
  const std::vector<double> last(times.end() - std::min<std::size_t>(100, times.size()),
                                 times.end());
  const auto restoring = Clock::now();
  auto restored = talebook::engine::Game::restore(*book, game->save(), error);
  const double restore = ms_since(restoring);
  std::printf("answers %zu, turns %zu, %s\n", times.size(), turns,
              game->over() ? "game over" : "stopped");
  std::printf("whole game: %.1f ms; one answer: median %.3f ms, last 100 median %.3f ms\n", whole,
              median(times), median(last));
  std::printf("restore: %.1f ms (%s)\n", restore, restored ? "same game" : error.c_str());
  return restored && restored->transcript() == game->transcript() ? 0 : 1;
}
