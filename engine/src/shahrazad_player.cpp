// The engine's own player of Shahrazad (talebook/engine/shahrazad_game.hpp).
#include <algorithm>
#include <utility>

#include "talebook/engine/shahrazad_game.hpp"

namespace talebook::engine::shahrazad {

Move engine_move(const ShahrazadGame& game, Dice& dice) {
  const std::vector<Move> moves = game.moves();
  std::vector<std::pair<int, std::size_t>> ranked;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    ShahrazadGame next = game;
    next.play(moves[i]);
    ranked.push_back({-score(next.tableau().tiles()).score, i});
  }
  std::stable_sort(ranked.begin(), ranked.end());
  if (ranked.empty()) return {};
  const std::size_t pick =
      dice.below(4) == 0 ? static_cast<std::size_t>(dice.below(3)) % ranked.size() : 0;
  return moves[ranked[pick].second];
}

int engine_column(const ShahrazadGame& game) {
  const std::vector<int> columns = game.columns_to_keep();
  if (columns.empty() || game.rounds().empty()) return 0;
  const Scoring& scored = game.rounds().back();
  int best = columns.front();
  std::size_t most = 0;
  for (int x : columns) {
    const std::size_t kept = round_two(scored, x).table.size();
    if (kept > most) {
      most = kept;
      best = x;
    }
  }
  return best;
}

} // namespace talebook::engine::shahrazad
