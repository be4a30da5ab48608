// Scoring a Shahrazad table as the rulebook states it, in its order, and the
// King's verdict (talebook/engine/shahrazad.hpp, docs/games.md).
#include "talebook/engine/shahrazad.hpp"

#include <algorithm>
#include <map>
#include <numeric>

namespace talebook::engine::shahrazad {

namespace {

// The indices of the tiles, column by column from the left, each column from
// the top.
std::map<int, std::vector<std::size_t>> by_column(const std::vector<Laid>& tiles) {
  std::vector<std::size_t> order(tiles.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return tiles[a].place < tiles[b].place; });
  std::map<int, std::vector<std::size_t>> out;
  for (std::size_t i : order)
    out[tiles[i].place.x].push_back(i);
  return out;
}

// Check 1: each column from the left; a tile touching a lower-numbered tile
// of the column to its right is flipped. The tiles of the column to the right
// are still face up when a column is checked (they are checked after it).
void check_order(Scoring& s, const std::map<int, std::vector<std::size_t>>& columns) {
  for (const auto& [x, column] : columns) {
    const auto right = columns.find(x + 1);
    if (right == columns.end()) continue;
    for (std::size_t i : column)
      for (std::size_t j : right->second)
        if (touching(s.tiles[i].place, s.tiles[j].place) &&
            s.tiles[j].tile.number < s.tiles[i].tile.number) {
          s.face_up[i] = false;
          s.flipped_1.push_back(s.tiles[i].place);
          break;
        }
  }
}

// Check 2: a face-up tile stays face up when a path of face-up tiles reaches
// it from the left-most column (a tile of the column to its left that
// touches it and is reached) and goes on from it to the right-most column.
void check_paths(Scoring& s, const std::map<int, std::vector<std::size_t>>& columns) {
  if (columns.empty()) return;
  const int left = columns.begin()->first, right = columns.rbegin()->first;
  std::vector<bool> from_left(s.tiles.size()), to_right(s.tiles.size());
  auto reached = [&](std::size_t i, int next_x, const std::vector<bool>& by) {
    const auto next = columns.find(next_x);
    if (next == columns.end()) return false;
    return std::any_of(next->second.begin(), next->second.end(), [&](std::size_t j) {
      return by[j] && touching(s.tiles[i].place, s.tiles[j].place);
    });
  };
  for (const auto& [x, column] : columns)
    for (std::size_t i : column)
      from_left[i] = s.face_up[i] && (x == left || reached(i, x - 1, from_left));
  for (auto c = columns.rbegin(); c != columns.rend(); ++c)
    for (std::size_t i : c->second)
      to_right[i] = s.face_up[i] && (c->first == right || reached(i, c->first + 1, to_right));
  for (const auto& [x, column] : columns)
    for (std::size_t i : column)
      if (s.face_up[i] && !(from_left[i] && to_right[i])) {
        s.face_up[i] = false;
        s.flipped_2.push_back(s.tiles[i].place);
      }
}

// The largest group of face-up tiles of `colour` connected by touching.
int largest_group(const Scoring& s, Colour colour) {
  std::vector<bool> seen(s.tiles.size());
  int largest = 0;
  for (std::size_t start = 0; start < s.tiles.size(); ++start) {
    if (seen[start] || !s.face_up[start] || s.tiles[start].tile.colour != colour) continue;
    std::vector<std::size_t> todo = {start};
    seen[start] = true;
    int size = 0;
    while (!todo.empty()) {
      const std::size_t i = todo.back();
      todo.pop_back();
      ++size;
      for (std::size_t j = 0; j < s.tiles.size(); ++j)
        if (!seen[j] && s.face_up[j] && s.tiles[j].tile.colour == colour &&
            touching(s.tiles[i].place, s.tiles[j].place)) {
          seen[j] = true;
          todo.push_back(j);
        }
    }
    largest = std::max(largest, size);
  }
  return largest;
}

} // namespace

Scoring score(const std::vector<Laid>& tiles) {
  Scoring s;
  s.tiles = tiles;
  s.face_up.assign(tiles.size(), true);
  const auto columns = by_column(tiles);
  check_order(s, columns);
  check_paths(s, columns);
  for (std::size_t c = 0; c < colour_count; ++c) {
    s.groups[c] = largest_group(s, colours[c]);
    s.score += s.groups[c];
  }
  s.face_down = static_cast<int>(std::count(s.face_up.begin(), s.face_up.end(), false));
  // A column's empty spaces: the whole tiles' room between each tile and the
  // next below it (a half tile's room, which a connected table never has,
  // holds no tile and counts nothing).
  for (const auto& [x, column] : columns)
    for (std::size_t k = 1; k < column.size(); ++k)
      s.gaps += (tiles[column[k]].place.y - tiles[column[k - 1]].place.y - 2) / 2;
  s.score -= s.face_down + s.gaps;
  return s;
}

} // namespace talebook::engine::shahrazad
