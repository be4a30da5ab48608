#include "talebook/engine/merchant_display.hpp"

#include <algorithm>
#include <functional>

namespace talebook::engine {

Direction turned(Direction d, int eighths) {
  return static_cast<Direction>(((static_cast<int>(d) + eighths) % 8 + 8) % 8);
}

Direction opposite(Direction d) {
  return turned(d, 4);
}

const char* direction_name(Direction d) {
  static const char* const names[] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
  return names[static_cast<int>(d)];
}

Box neighbour(Box box, Direction d) {
  static const int rows[] = {-1, -1, 0, 1, 1, 1, 0, -1};
  static const int columns[] = {0, 1, 1, 1, 0, -1, -1, -1};
  const int i = static_cast<int>(d);
  return {box.row + rows[i], box.column + columns[i]};
}

MerchantDisplay::MerchantDisplay(int rows, int columns)
    : rows_(rows), columns_(columns), cells_(static_cast<std::size_t>(rows * columns)) {}

bool MerchantDisplay::on(Box box) const {
  return box.row >= 0 && box.row < rows_ && box.column >= 0 && box.column < columns_;
}

void MerchantDisplay::set_product(Box box, std::uint32_t product) {
  if (on(box)) cell(box).product = product;
}

std::optional<std::uint32_t> MerchantDisplay::product_at(Box box) const {
  if (!on(box)) return std::nullopt;
  return cell(box).product;
}

std::optional<Box> MerchantDisplay::box_of(std::uint32_t product) const {
  for (int r = 0; r < rows_; ++r)
    for (int c = 0; c < columns_; ++c)
      if (cell({r, c}).product == product) return Box{r, c};
  return std::nullopt;
}

const Arrow* MerchantDisplay::arrow_at(Box box) const {
  if (!on(box) || !cell(box).arrow) return nullptr;
  return &*cell(box).arrow;
}

bool MerchantDisplay::pointed_into(Box box) const {
  for (int d = 0; d < 8; ++d) {
    const Box from = neighbour(box, static_cast<Direction>(d));
    const Arrow* a = arrow_at(from);
    if (a && neighbour(from, a->way.point) == box) return true;
  }
  return false;
}

bool MerchantDisplay::chain_leaves(Box box) const {
  for (int d = 0; d < 8; ++d) {
    const Box at = neighbour(box, static_cast<Direction>(d));
    const Arrow* a = arrow_at(at);
    if (a && neighbour(at, a->way.base) == box) return true;
  }
  return false;
}

std::vector<MerchantDisplay::Placement>
MerchantDisplay::placements(const std::vector<Orientation>& ways, bool paid,
                            const std::vector<std::uint32_t>& city) const {
  std::vector<Placement> out;
  for (int r = 0; r < rows_; ++r) {
    for (int c = 0; c < columns_; ++c) {
      const Box box{r, c};
      if (cell(box).product || cell(box).arrow) continue; // only empty boxes (23.2)
      for (const Orientation& way : ways) {
        const Box behind = neighbour(box, way.base);
        const Box ahead = neighbour(box, way.point);
        if (!on(behind) || !on(ahead)) continue;
        // Never at a counter's side or point (23.3).
        if (const Arrow* next = arrow_at(ahead); next && neighbour(ahead, next->way.base) != box)
          continue;
        Placement p{box, way, std::nullopt};
        if (const std::optional<std::uint32_t> product = cell(behind).product) {
          const bool ours = std::find(city.begin(), city.end(), *product) != city.end();
          // A free counter starts only from a product no chain leaves (23.3).
          if (ours && (paid || !chain_leaves(behind))) {
            p.starts = product;
            out.push_back(p);
          } else if (paid && pointed_into(behind)) {
            out.push_back(p); // the product box counts as an arrow pointing any way (23.2)
          }
        } else if (const Arrow* prev = arrow_at(behind);
                   paid && prev && neighbour(behind, prev->way.point) == box) {
          out.push_back(p);
        }
      }
    }
  }
  return out;
}

void MerchantDisplay::place(const Placement& placement, const Arrow& arrow) {
  if (!on(placement.box)) return;
  Arrow a = arrow;
  a.way = placement.way;
  cell(placement.box).arrow = a;
}

void MerchantDisplay::lay_wealth(std::uint32_t product, int wealth, std::uint32_t kind) {
  if (const std::optional<Box> box = box_of(product)) cell(*box).wealth.emplace_back(wealth, kind);
}

std::vector<MerchantDisplay::Segment> MerchantDisplay::segments() const {
  std::vector<Segment> out;
  for (int r = 0; r < rows_; ++r) {
    for (int c = 0; c < columns_; ++c) {
      const Box from{r, c};
      if (!cell(from).product) continue;
      for (int d = 0; d < 8; ++d) {
        Box at = neighbour(from, static_cast<Direction>(d));
        const Arrow* a = arrow_at(at);
        if (!a || neighbour(at, a->way.base) != from) continue;
        Segment s{from, from, {}};
        // Along the points, each arrow's base facing the one before; at most
        // every box once (a ring of arrows never reaches a product).
        while (s.arrows.size() <= cells_.size()) {
          s.arrows.push_back(at);
          const Box next = neighbour(at, a->way.point);
          if (!on(next)) break;
          if (cell(next).product) {
            s.to = next;
            out.push_back(s);
            break;
          }
          const Arrow* b = arrow_at(next);
          if (!b || neighbour(next, b->way.base) != at) break; // the chain is not finished
          at = next;
          a = b;
        }
      }
    }
  }
  return out;
}

std::vector<MerchantDisplay::Route>
MerchantDisplay::routes(const std::vector<std::uint32_t>& city) const {
  const std::vector<Segment> all = segments();
  auto in_city = [&](Box b) {
    const std::uint32_t p = *cell(b).product;
    return std::find(city.begin(), city.end(), p) != city.end();
  };
  std::vector<Route> out;
  constexpr std::size_t most = 64; // routes offered at once
  // Backwards from each product of the city along the segments that end in
  // it, each product box once on a route.
  std::vector<const Segment*> path; // last segment first
  std::function<void(Box)> back = [&](Box to) {
    for (const Segment& s : all) {
      if (s.to != to || out.size() >= most) continue;
      const bool seen = std::any_of(path.begin(), path.end(), [&](const Segment* p) {
        return p->from == s.from || p->to == s.from;
      });
      if (seen) continue;
      path.push_back(&s);
      const Box end = path.front()->to;
      if (s.from != end && !(in_city(s.from) && in_city(end))) {
        Route r;
        for (auto it = path.rbegin(); it != path.rend(); ++it) {
          r.products.push_back(*cell((*it)->from).product);
          r.arrows.insert(r.arrows.end(), (*it)->arrows.begin(), (*it)->arrows.end());
        }
        r.products.push_back(*cell(end).product);
        for (auto it = path.rbegin(); it != path.rend(); ++it)
          for (const auto& w : cell((*it)->from).wealth)
            r.wealth_counters += w.first;
        for (const auto& w : cell(end).wealth)
          r.wealth_counters += w.first;
        out.push_back(r);
      }
      back(s.from);
      path.pop_back();
    }
  };
  for (int r = 0; r < rows_; ++r)
    for (int c = 0; c < columns_; ++c)
      if (cell({r, c}).product && in_city({r, c})) back({r, c});
  return out;
}

std::vector<std::uint32_t> MerchantDisplay::cash_in(const Route& route) {
  std::vector<std::uint32_t> removed;
  for (const Box& b : route.arrows) {
    if (!on(b) || !cell(b).arrow) continue;
    removed.push_back(cell(b).arrow->kind);
    cell(b).arrow.reset();
  }
  for (std::uint32_t product : route.products) {
    const std::optional<Box> b = box_of(product);
    if (!b) continue;
    for (const auto& w : cell(*b).wealth)
      removed.push_back(w.second);
    cell(*b).wealth.clear();
  }
  return removed;
}

std::vector<std::string> MerchantDisplay::draw(const std::vector<std::string>& names) const {
  std::vector<std::vector<std::string>> boxes(static_cast<std::size_t>(rows_));
  std::vector<std::size_t> widths(static_cast<std::size_t>(columns_), 1);
  for (int r = 0; r < rows_; ++r) {
    for (int c = 0; c < columns_; ++c) {
      const Cell& x = cell({r, c});
      std::string text = ".";
      if (x.product) {
        text = *x.product < names.size() ? names[*x.product] : "?";
        for (const auto& w : x.wealth)
          text += " +" + std::to_string(w.first);
      } else if (x.arrow) {
        text = std::string(direction_name(x.arrow->way.base)) + ">" +
               direction_name(x.arrow->way.point);
      }
      boxes[static_cast<std::size_t>(r)].push_back(text);
    }
  }
  // Columns as wide as their widest box (counted in code points).
  auto width = [](const std::string& s) {
    return static_cast<std::size_t>(
        std::count_if(s.begin(), s.end(), [](char ch) { return (ch & 0xC0) != 0x80; }));
  };
  for (const auto& row : boxes)
    for (std::size_t c = 0; c < row.size(); ++c)
      widths[c] = std::max(widths[c], width(row[c]));
  std::vector<std::string> out;
  for (const auto& row : boxes) {
    std::string line;
    for (std::size_t c = 0; c < row.size(); ++c) {
      line += row[c];
      if (c + 1 < row.size()) line += std::string(widths[c] - width(row[c]), ' ') + " | ";
    }
    out.push_back(line);
  }
  return out;
}

} // namespace talebook::engine
