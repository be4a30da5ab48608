// talec play and talec simulate over a Shahrazad tile set (docs/games.md):
// the engine's ShahrazadGame at the terminal, or played by its own player.
#include <iostream>
#include <map>

#include <nlohmann/json.hpp>

#include "talebook/engine/shahrazad_book.hpp"
#include "talebook/engine/shahrazad_game.hpp"
#include "tools/talec/play_family_parts.hpp"

namespace talec {
namespace {

using namespace talebook::engine::shahrazad;

std::string tile_words(const StoryTile& tile) {
  return std::string(colour_name(tile.colour)) + " " + std::to_string(tile.number) + " (" +
         tile.title + ")";
}

// The round's scoring as the rulebook counts it.
void say_scoring(talebook::engine::Console& console, const Scoring& s, int round) {
  console.blank();
  console.say("Round " + std::to_string(round) + " is scored:");
  console.say(draw(s.tiles, &s.face_up));
  console.say("flipped face down: " + std::to_string(s.flipped_1.size()) +
              " by the columns' check, " + std::to_string(s.flipped_2.size()) +
              " by the paths' check");
  std::string groups = "largest groups:";
  for (Colour c : colours)
    groups += std::string(" ") + colour_name(c) + " " +
              std::to_string(s.groups[static_cast<std::size_t>(c)]);
  console.say(groups);
  console.say("face down " + std::to_string(s.face_down) + ", gaps " + std::to_string(s.gaps) +
              ": round " + std::to_string(round) + " scores " + std::to_string(s.score));
}

// Answers the game's questions from the terminal, showing the table, the
// hand and (between the rounds) the scoring before each.
class Terminal : public talebook::engine::Chooser {
public:
  Terminal(talebook::engine::Console& console, const ShahrazadGame& game)
      : console_(console), game_(game) {}
  int choose(const std::string& question, std::size_t count) override {
    return choose_among(question, std::vector<std::string>(count), nullptr);
  }
  int choose_among(const std::string& question, const std::vector<std::string>& options,
                   const std::vector<std::uint32_t>*) override {
    console_.blank();
    if (game_.phase() == ShahrazadGame::Phase::keeping) {
      say_scoring(console_, game_.rounds().back(), 1);
    } else {
      console_.say(draw(game_.tableau().tiles()));
      std::string hand = "Player " + std::to_string(game_.player() + 1) + "'s hand:";
      for (const StoryTile& tile : game_.hand(game_.player()))
        hand += " " + tile_words(tile) + ";";
      hand.pop_back();
      console_.say(hand + " (" + std::to_string(game_.stack_size()) + " in the stack)");
    }
    return console_.choose(question, options);
  }

private:
  talebook::engine::Console& console_;
  const ShahrazadGame& game_;
};

} // namespace

int play_shahrazad(const talebook::tbook::Book& book, std::uint64_t seed, std::uint64_t players,
                   bool echo) {
  TileSet set = tile_set(book);
  std::string error;
  const std::size_t tiles = set.tiles.size();
  auto game = ShahrazadGame::begin(std::move(set.tiles), std::move(set.verdicts),
                                   players ? static_cast<int>(players) : 1, seed, error);
  if (!game) return usage_error("play", error);
  talebook::engine::Console console(std::cin, std::cout, echo);
  console.say("Shahrazad: " + std::to_string(tiles) + " story tiles, " +
              std::to_string(game->players()) + (game->players() == 1 ? " player" : " players") +
              ", seed " + std::to_string(seed));
  Terminal terminal(console, *game);
  if (!game->play_with(terminal)) return 0; // quit or end of input
  say_scoring(console, game->rounds().back(), game->round());
  console.blank();
  if (game->ended_early()) {
    console.say("Round one scored nothing: the King is angry, and the game is over.");
    return 0;
  }
  console.say("Total " + std::to_string(game->total()) +
              ". The King's verdict: " + game->verdict()->words);
  return 0;
}

std::string simulate_shahrazad(const talebook::tbook::Book& book, const FamilyRuns& runs,
                               std::string& error) {
  const TileSet set = tile_set(book);
  const int players = runs.players ? static_cast<int>(runs.players) : 1;
  std::uint64_t second = 0, early = 0;
  long long sum = 0;
  int best = 0, worst = 0;
  std::map<int, std::uint64_t> verdicts; // by the row's `from`
  for (std::uint64_t i = 0; i < runs.runs; ++i) {
    auto game = ShahrazadGame::begin(set.tiles, set.verdicts, players, runs.seed + i, error);
    if (!game) return {};
    talebook::engine::Dice dice(~(runs.seed + i)); // the player's, apart from the deal's
    while (game->phase() != ShahrazadGame::Phase::over) {
      if (game->phase() == ShahrazadGame::Phase::keeping)
        game->keep(engine_column(*game));
      else
        game->play(engine_move(*game, dice));
    }
    const int total = game->total();
    sum += total;
    best = i == 0 ? total : std::max(best, total);
    worst = i == 0 ? total : std::min(worst, total);
    if (game->ended_early()) {
      ++early;
      continue;
    }
    ++second;
    ++verdicts[game->verdict()->from];
  }
  const double mean = runs.runs ? double(sum) / double(runs.runs) : 0;
  if (runs.json) {
    nlohmann::json out = {{"game", "shahrazad"}, {"runs", runs.runs},   {"seed", runs.seed},
                          {"players", players},  {"round_two", second}, {"angry_king", early},
                          {"mean_total", mean},  {"best", best},        {"worst", worst}};
    nlohmann::json rows = nlohmann::json::array();
    for (const Verdict& v : set.verdicts)
      rows.push_back({{"from", v.from}, {"words", v.words}, {"games", verdicts[v.from]}});
    out["verdicts"] = rows;
    return out.dump(2) + "\n";
  }
  std::string out = "Shahrazad: " + std::to_string(runs.runs) + " games of " +
                    std::to_string(players) + (players == 1 ? " player" : " players") +
                    " by the engine's own player, seeds " + std::to_string(runs.seed) + " to " +
                    std::to_string(runs.seed + runs.runs - 1) + "\n";
  out += "round one scored nothing (the King is angry): " + std::to_string(early) + "\n";
  out += "round two played: " + std::to_string(second) + "\n";
  out += "totals: mean " + std::to_string(mean).substr(0, std::to_string(mean).find('.') + 3) +
         ", best " + std::to_string(best) + ", worst " + std::to_string(worst) + "\n";
  out += "the King's verdicts:\n";
  for (std::size_t r = 0; r < set.verdicts.size(); ++r) {
    const Verdict& v = set.verdicts[r];
    const std::string range =
        std::to_string(v.from) +
        (r + 1 < set.verdicts.size() ? "-" + std::to_string(set.verdicts[r + 1].from - 1) : "+");
    out += "  " + range + std::string(range.size() < 7 ? 7 - range.size() : 1, ' ') +
           std::to_string(verdicts[v.from]) + "  " + v.words + "\n";
  }
  return out;
}

} // namespace talec
