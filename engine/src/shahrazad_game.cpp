// A game of Shahrazad for one or two players: the deal, the turns, the two
// rounds (talebook/engine/shahrazad_game.hpp, docs/games.md).
#include "talebook/engine/shahrazad_game.hpp"

#include <algorithm>
#include <numeric>
#include <set>

namespace talebook::engine::shahrazad {

namespace {

std::string tile_words(const StoryTile& tile) {
  std::string out = std::string(colour_name(tile.colour)) + " " + std::to_string(tile.number);
  if (!tile.title.empty()) out += " (" + tile.title + ")";
  return out;
}

std::string place_words(Place p) {
  return "column " + std::to_string(p.x) + ", position " + std::to_string(p.y);
}

// Fisher-Yates with the engine's dice.
void shuffle(std::vector<StoryTile>& tiles, Dice& dice) {
  for (std::size_t i = tiles.size(); i > 1; --i)
    std::swap(tiles[i - 1], tiles[static_cast<std::size_t>(dice.below(static_cast<int>(i)))]);
}

} // namespace

bool operator==(const Move& a, const Move& b) {
  return a.kind == b.kind && a.hand == b.hand && a.place == b.place;
}

std::string describe(const Move& move, const std::vector<StoryTile>& hand, const Tableau& table) {
  const std::string tile = move.hand < hand.size() ? tile_words(hand[move.hand]) : "?";
  if (move.kind == Move::Kind::place) return "place " + tile + " at " + place_words(move.place);
  const Laid* there = table.at(move.place);
  return "replace " + (there ? tile_words(there->tile) : "?") + " at " + place_words(move.place) +
         " with " + tile;
}

ShahrazadGame::ShahrazadGame(int players, std::uint64_t seed)
    : dice_(seed), table_(column_limit(players)), hands_(static_cast<std::size_t>(players)),
      replaced_(static_cast<std::size_t>(players)) {}

std::optional<ShahrazadGame> ShahrazadGame::begin(std::vector<StoryTile> tiles,
                                                  std::vector<Verdict> verdicts, int players,
                                                  std::uint64_t seed, std::string& error) {
  if (players < 1 || players > 2) {
    error = "Shahrazad is played by one or two players, not " + std::to_string(players);
    return std::nullopt;
  }
  if (tiles.size() < static_cast<std::size_t>(1 + 2 * players)) {
    error = "the deal needs " + std::to_string(1 + 2 * players) + " tiles, the set has " +
            std::to_string(tiles.size());
    return std::nullopt;
  }
  if (verdicts.empty()) {
    error = "the tile set has no verdicts";
    return std::nullopt;
  }
  ShahrazadGame game(players, seed);
  game.verdicts_ = std::move(verdicts);
  shuffle(tiles, game.dice_);
  game.table_.place(Place{}, tiles.back());
  tiles.pop_back();
  game.deal(std::move(tiles));
  return game;
}

// Two tiles to each player, one at a time from the top of the shuffled
// `tiles`, which then become the stack.
void ShahrazadGame::deal(std::vector<StoryTile> tiles) {
  stack_ = std::move(tiles);
  for (int round = 0; round < 2; ++round)
    for (auto& hand : hands_)
      if (!stack_.empty()) {
        hand.push_back(stack_.back());
        stack_.pop_back();
      }
  player_ = 0;
  placed_ = 0;
  std::fill(replaced_.begin(), replaced_.end(), false);
  phase_ = Phase::playing;
  if (std::all_of(hands_.begin(), hands_.end(), [](const auto& h) { return h.empty(); }))
    end_round();
}

int ShahrazadGame::to_place() const {
  return replaced_[static_cast<std::size_t>(player_)] ? 2 : 1;
}

bool ShahrazadGame::may_replace() const {
  return phase_ == Phase::playing && !replaced_[static_cast<std::size_t>(player_)] &&
         placed_ == 0 && !stack_.empty();
}

std::vector<Move> ShahrazadGame::moves() const {
  std::vector<Move> out;
  if (phase_ != Phase::playing) return out;
  const auto& hand = hands_[static_cast<std::size_t>(player_)];
  const std::vector<Place> places = table_.places();
  for (std::size_t h = 0; h < hand.size(); ++h)
    for (Place p : places)
      out.push_back({Move::Kind::place, h, p});
  if (may_replace())
    for (std::size_t h = 0; h < hand.size(); ++h)
      for (const Laid& laid : table_.tiles())
        out.push_back({Move::Kind::replace, h, laid.place});
  return out;
}

bool ShahrazadGame::play(const Move& move) {
  if (phase_ != Phase::playing) return false;
  auto& hand = hands_[static_cast<std::size_t>(player_)];
  if (move.hand >= hand.size()) return false;
  if (move.kind == Move::Kind::replace) {
    if (!may_replace() || !table_.replace(move.place, hand[move.hand])) return false;
    end_turn(true);
    return true;
  }
  if (!table_.place(move.place, hand[move.hand])) return false;
  hand.erase(hand.begin() + static_cast<std::ptrdiff_t>(move.hand));
  ++placed_;
  if (placed_ >= to_place() || hand.empty()) end_turn(false);
  return true;
}

// The player draws a tile, and the next player who holds tiles plays; when
// no one does, every tile is placed and the round is scored.
void ShahrazadGame::end_turn(bool replaced) {
  const auto me = static_cast<std::size_t>(player_);
  if (!stack_.empty()) {
    hands_[me].push_back(stack_.back());
    stack_.pop_back();
  }
  replaced_[me] = replaced;
  placed_ = 0;
  for (int step = 1; step <= players(); ++step) {
    const int next = (player_ + step) % players();
    if (!hands_[static_cast<std::size_t>(next)].empty()) {
      player_ = next;
      return;
    }
  }
  end_round();
}

void ShahrazadGame::end_round() {
  scores_.push_back(score(table_.tiles()));
  if (round_ == 1 && !round_two_follows(scores_.back().score)) {
    ended_early_ = true;
    phase_ = Phase::over;
  } else {
    phase_ = round_ == 1 ? Phase::keeping : Phase::over;
  }
}

std::vector<int> ShahrazadGame::columns_to_keep() const {
  if (phase_ != Phase::keeping) return {};
  const Scoring& s = scores_.back();
  std::set<int> xs;
  for (std::size_t i = 0; i < s.tiles.size(); ++i)
    if (s.face_up[i]) xs.insert(s.tiles[i].place.x);
  return {xs.begin(), xs.end()};
}

bool ShahrazadGame::keep(int x) {
  const std::vector<int> columns = columns_to_keep();
  if (std::find(columns.begin(), columns.end(), x) == columns.end()) return false;
  RoundTwo setup = round_two(scores_.back(), x);
  table_ = Tableau(table_.column_limit());
  for (Laid& laid : setup.table)
    table_.place(laid.place, std::move(laid.tile));
  round_ = 2;
  shuffle(setup.rest, dice_);
  deal(std::move(setup.rest));
  return true;
}

int ShahrazadGame::total() const {
  int sum = 0;
  for (const Scoring& s : scores_)
    sum += s.score;
  return sum;
}

std::optional<Verdict> ShahrazadGame::verdict() const {
  if (phase_ != Phase::over || ended_early_) return std::nullopt;
  return shahrazad::verdict(total(), verdicts_);
}

bool ShahrazadGame::play_with(Chooser& chooser) {
  while (phase_ != Phase::over) {
    std::vector<std::string> options;
    if (phase_ == Phase::keeping) {
      const std::vector<int> columns = columns_to_keep();
      for (int x : columns)
        options.push_back("column " + std::to_string(x));
      const int i = chooser.choose_among("Which column stays for round two?", options, nullptr);
      if (i < 0 || static_cast<std::size_t>(i) >= columns.size()) return false;
      keep(columns[static_cast<std::size_t>(i)]);
      continue;
    }
    const std::vector<Move> all = moves();
    const auto& hand = hands_[static_cast<std::size_t>(player_)];
    for (const Move& move : all)
      options.push_back(describe(move, hand, table_));
    const int i = chooser.choose_among("Which move?", options, nullptr);
    if (i < 0 || static_cast<std::size_t>(i) >= all.size()) return false;
    play(all[static_cast<std::size_t>(i)]);
  }
  return true;
}

} // namespace talebook::engine::shahrazad
