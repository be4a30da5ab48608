#include "compiler/model/world_map.hpp"

#include <unordered_set>

namespace talebook {

std::vector<std::vector<Move>> space_moves(const WorldMap& map) {
  std::vector<std::vector<Move>> moves(map.spaces.size());
  // Each (from, to, kind) once: a route written under both of its spaces, or twice.
  std::unordered_set<std::uint64_t> seen;
  auto add = [&](std::uint32_t from, std::uint32_t to, RouteKind kind) {
    const std::uint64_t key = (std::uint64_t(from) << 33) | (std::uint64_t(to) << 1) |
                              std::uint64_t(kind == RouteKind::Sea);
    if (seen.insert(key).second) moves[from].push_back({to, kind});
  };
  for (std::uint32_t i = 0; i < map.spaces.size(); ++i)
    for (const Route& r : map.spaces[i].routes)
      if (r.target < map.spaces.size() && r.target != i) {
        const RouteKind kind = r.exit ? RouteKind::Land : r.kind;
        add(i, r.target, kind);
        add(r.target, i, kind);
      }
  return moves;
}

} // namespace talebook
