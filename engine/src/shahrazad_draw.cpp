// The table of Shahrazad drawn as text, for a player at the terminal
// (talebook/engine/shahrazad.hpp, talec play).
#include <algorithm>
#include <map>

#include "talebook/engine/shahrazad.hpp"

namespace talebook::engine::shahrazad {

namespace {

// `text` and blanks up to `width`, and at least one.
std::string padded(std::string text, std::size_t width) {
  text.append(text.size() < width ? width - text.size() : 1, ' ');
  return text;
}

} // namespace

std::string draw(const std::vector<Laid>& tiles, const std::vector<bool>* face_up) {
  if (tiles.empty()) return "(the table is empty)\n";
  int left = tiles.front().place.x, right = left;
  int top = tiles.front().place.y, bottom = top + 1;
  std::map<std::pair<int, int>, std::string> cells; // (x, half row) -> words
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    const Laid& laid = tiles[i];
    left = std::min(left, laid.place.x);
    right = std::max(right, laid.place.x);
    top = std::min(top, laid.place.y);
    bottom = std::max(bottom, laid.place.y + 1);
    std::string words =
        std::string(colour_name(laid.tile.colour)) + " " + std::to_string(laid.tile.number);
    if (face_up && i < face_up->size() && !(*face_up)[i]) words += " down";
    cells[{laid.place.x, laid.place.y}] = words;
    cells[{laid.place.x, laid.place.y + 1}] = words;
  }
  std::size_t width = std::string("column -00  ").size();
  for (const auto& cell : cells)
    width = std::max(width, cell.second.size() + 2);
  std::string out = padded("position", 10);
  for (int x = left; x <= right; ++x)
    out += padded("column " + std::to_string(x), width);
  while (out.back() == ' ')
    out.pop_back();
  out += '\n';
  for (int y = top; y <= bottom; ++y) {
    std::string line = padded(std::to_string(y), 10);
    for (int x = left; x <= right; ++x) {
      const auto cell = cells.find({x, y});
      line += padded(cell == cells.end() ? "." : cell->second, width);
    }
    while (!line.empty() && line.back() == ' ')
      line.pop_back();
    out += line + '\n';
  }
  return out;
}

} // namespace talebook::engine::shahrazad
