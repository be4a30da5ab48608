// Between and after Shahrazad's rounds: whether round two follows, its table,
// and the King's verdict (talebook/engine/shahrazad.hpp, docs/games.md).
#include "talebook/engine/shahrazad.hpp"

#include <algorithm>

namespace talebook::engine::shahrazad {

bool round_two_follows(int round_one_score) {
  return round_one_score > 0;
}

RoundTwo round_two(const Scoring& round_one, int x) {
  RoundTwo out;
  std::vector<Laid> kept;
  for (std::size_t i = 0; i < round_one.tiles.size(); ++i) {
    const Laid& laid = round_one.tiles[i];
    if (!round_one.face_up[i])
      out.boxed.push_back(laid.tile);
    else if (laid.place.x == x)
      kept.push_back(laid);
    else
      out.rest.push_back(laid.tile);
  }
  std::sort(kept.begin(), kept.end(),
            [](const Laid& a, const Laid& b) { return a.place.y < b.place.y; });
  for (std::size_t k = 0; k < kept.size(); ++k)
    out.table.push_back({Place{0, 2 * static_cast<int>(k)}, kept[k].tile});
  return out;
}

const Verdict& verdict(int score, const std::vector<Verdict>& table) {
  const Verdict* out = &table.front();
  for (const Verdict& row : table)
    if (score >= row.from) out = &row;
  return *out;
}

} // namespace talebook::engine::shahrazad
