#include "talebook/engine/autoplay.hpp"

#include <ostream>
#include <sstream>

#include "talebook/engine/session.hpp"

namespace talebook::engine {
namespace {

// Answers every question at random and counts what the session reports.
class RandomPlayer : public Chooser, public PlayObserver {
public:
  RandomPlayer(std::uint64_t seed, int turns, PlayCounts& counts)
      : dice_(seed), turns_(turns), counts_(counts) {}

  int choose(const std::string& /*question*/, std::size_t count) override {
    if (turn_ > turns_) return -1; // the last turn is over
    if (++questions_ > max_questions()) {
      ++counts_.stuck;
      return -1;
    }
    return count == 0 ? -1 : dice_.below(static_cast<int>(count));
  }

  void turn(int number) override {
    turn_ = number;
    if (turn_ <= turns_) ++counts_.turns;
  }
  void paragraph(std::uint32_t number) override { ++counts_.paragraphs[number]; }
  void section(std::uint32_t paragraph, std::size_t index) override {
    ++counts_.sections[{paragraph, index}];
  }
  void chart_line(std::uint32_t chart, std::size_t line) override {
    ++counts_.chart_lines[{chart, line}];
  }
  void cell(char matrix, std::uint32_t row, std::uint32_t option) override {
    ++counts_.cells[{matrix, row, option}];
  }
  void dead_end(DeadEnd kind, std::optional<std::uint32_t> where, char matrix) override {
    ++counts_.dead_ends[{kind, where, matrix}];
  }
  void death() override { ++counts_.deaths; }
  void stands(std::uint32_t space) override { ++counts_.spaces[space]; }

private:
  // A turn asks a handful of questions; a game that asks far more is going round in circles.
  std::uint64_t max_questions() const { return 200 * (static_cast<std::uint64_t>(turns_) + 1); }

  Dice dice_;
  int turns_;
  int turn_ = 0;
  std::uint64_t questions_ = 0;
  PlayCounts& counts_;
};

} // namespace

const char* dead_end_id(DeadEnd kind) {
  switch (kind) {
  case DeadEnd::NoSection:
    return "no_section";
  case DeadEnd::UncoveredRoll:
    return "uncovered_roll";
  case DeadEnd::MissingParagraph:
    return "missing_paragraph";
  case DeadEnd::MissingMatrix:
    return "missing_matrix";
  case DeadEnd::MissingRow:
    return "missing_row";
  case DeadEnd::NoReaction:
    return "no_reaction";
  case DeadEnd::GoToLoop:
    return "go_to_loop";
  }
  return "unknown";
}

PlayCounts autoplay(const tbook::Book& book, const AutoplayOptions& options) {
  PlayCounts counts;
  std::ostream nowhere(nullptr); // the narration is not wanted
  Dice seeds(options.seed);
  for (std::uint64_t run = 0; run < options.runs; ++run) {
    // Each run has its own seeds, drawn in order from the one seed.
    const std::uint64_t game_seed = seeds.next();
    const std::uint64_t player_seed = seeds.next();
    std::istringstream no_input;
    Session session(book, no_input, nowhere, game_seed, false);
    RandomPlayer player(player_seed, options.turns, counts);
    session.automate(&player);
    session.observe(&player);
    if (options.from) session.start_at(*options.from);
    session.set_players(options.players);
    session.run();
    ++counts.runs;
  }
  return counts;
}

} // namespace talebook::engine
