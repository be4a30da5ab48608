// Shahrazad's story tiles and the table they are laid on: where a new tile
// may go, and replacing (talebook/engine/shahrazad.hpp).
#include "talebook/engine/shahrazad.hpp"

#include <algorithm>
#include <cstdlib>
#include <set>

namespace talebook::engine::shahrazad {

const char* colour_name(Colour colour) {
  return tbook::name_of(colour);
}

bool touching(Place a, Place b) {
  const int dx = std::abs(a.x - b.x), dy = std::abs(a.y - b.y);
  return (dx == 0 && dy == 2) || (dx == 1 && dy == 1);
}

std::array<Place, 6> around(Place p) {
  return {Place{p.x, p.y - 2},     Place{p.x, p.y + 2},     Place{p.x - 1, p.y - 1},
          Place{p.x - 1, p.y + 1}, Place{p.x + 1, p.y - 1}, Place{p.x + 1, p.y + 1}};
}

int column_limit(int players) {
  return players == 1 ? 4 : 3;
}

const Laid* Tableau::at(Place p) const {
  for (const Laid& laid : tiles_)
    if (laid.place == p) return &laid;
  return nullptr;
}

int Tableau::column_size(int x) const {
  return static_cast<int>(std::count_if(tiles_.begin(), tiles_.end(),
                                        [x](const Laid& laid) { return laid.place.x == x; }));
}

std::vector<int> Tableau::columns() const {
  std::set<int> xs;
  for (const Laid& laid : tiles_)
    xs.insert(laid.place.x);
  return {xs.begin(), xs.end()};
}

bool Tableau::can_place(Place p) const {
  if (tiles_.empty()) return true;
  bool touches = false;
  for (const Laid& laid : tiles_) {
    // A tile of the same column less than a whole tile away overlaps the space.
    if (laid.place.x == p.x && std::abs(laid.place.y - p.y) < 2) return false;
    touches = touches || touching(laid.place, p);
  }
  return touches && column_size(p.x) < limit_;
}

std::vector<Place> Tableau::places() const {
  if (tiles_.empty()) return {Place{}};
  std::set<Place> out;
  for (const Laid& laid : tiles_)
    for (Place p : around(laid.place))
      if (can_place(p)) out.insert(p);
  return {out.begin(), out.end()};
}

bool Tableau::place(Place p, StoryTile tile) {
  if (!can_place(p)) return false;
  tiles_.push_back({p, std::move(tile)});
  return true;
}

bool Tableau::replace(Place p, StoryTile& tile) {
  for (Laid& laid : tiles_)
    if (laid.place == p) {
      std::swap(laid.tile, tile);
      return true;
    }
  return false;
}

} // namespace talebook::engine::shahrazad
