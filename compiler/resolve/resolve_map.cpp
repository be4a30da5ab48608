// The map (rule 9): terrains and wealth levels become vocabulary ids, routes
// the indices of the spaces they lead to; what makes a map unplayable is an
// error here (one start space, a rate for every wealth level, places left by
// their `Exit` routes only).
#include <map>
#include <string>

#include "compiler/resolve/resolver_context.hpp"

namespace talebook::resolve {

namespace {

// The line of a map report that names no single space: the first `@map`, else the first space.
SourceRange map_line(const WorldMap& map) {
  if (!map.headers.empty()) return map.headers.front();
  return map.spaces.empty() ? SourceRange{} : map.spaces.front().header;
}

void resolve_rates(Resolver& r, WorldMap& map) {
  const Vocabulary& v = r.vocabulary;
  for (std::size_t i = 1; i < map.headers.size(); ++i)
    r.diagnostics.report(Code::map_twice, map.headers[i])
        .note(Code::first_defined, map.headers.front());
  std::map<std::string, SourceRange> given;
  for (MovementRate& rate : map.rates) {
    const VocabEntry* level = v.find(VocabKind::Wealth, rate.level);
    if (!level) {
      r.unknown(Code::unknown_wealth, rate.range, rate.level, v.names(VocabKind::Wealth));
      continue;
    }
    rate.level = level->id;
    auto [it, fresh] = given.emplace(level->id, rate.range);
    if (!fresh)
      r.diagnostics.report(Code::movement_rate_twice, rate.range, {level->name})
          .note(Code::first_defined, it->second);
  }
  for (const VocabEntry& level : v.entries(VocabKind::Wealth))
    if (!given.count(level.id))
      r.diagnostics.report(Code::movement_rate_missing, map_line(map), {level.name});
}

// A place of power is left by its `Exit` routes (its one-way arrow, 9.2), and only it has them.
void check_place_routes(Resolver& r, const Space& space) {
  const bool place = space.place.number != 0;
  bool exit = false;
  for (const Route& route : space.routes) {
    exit = exit || route.exit;
    if (route.exit && !place)
      r.diagnostics.report(Code::place_routes, route.range, {space.name, arg::keyword("exit")});
    if (!route.exit && place)
      r.diagnostics.report(
          Code::place_routes, route.range,
          {space.name, arg::keyword(route.kind == RouteKind::Sea ? "Sea" : "Land")});
  }
  if (place && !exit)
    r.diagnostics.report(Code::place_routes, space.header, {space.name, arg::keyword("none")});
}

} // namespace

void resolve_map(Resolver& r) {
  WorldMap& map = r.book.map;
  if (map.empty() || map.fallback) return; // a translation's: resolved in its source book
  const Vocabulary& v = r.vocabulary;
  std::map<std::string, std::uint32_t, std::less<>> index;
  std::vector<std::string> names;
  const Space* first_start = nullptr;
  int starts = 0;
  for (std::uint32_t i = 0; i < map.spaces.size(); ++i) {
    Space& space = map.spaces[i];
    auto [it, fresh] = index.emplace(space.name, i);
    if (fresh)
      names.push_back(space.name);
    else if (!space.fallback)
      r.diagnostics.report(Code::duplicate_space, space.header, {space.name})
          .note(Code::first_defined, map.spaces[it->second].header);
    if (space.start) {
      ++starts;
      if (!first_start)
        first_start = &space;
      else if (!space.fallback)
        r.diagnostics.report(Code::map_start, space.header, {starts})
            .note(Code::first_defined, first_start->header);
    }
  }
  if (starts == 0 && !map.spaces.empty()) r.diagnostics.report(Code::map_start, map_line(map), {0});
  for (Space& space : map.spaces) {
    if (space.fallback) continue; // a translation's: resolved in its source book
    if (space.terrain.empty())
      r.diagnostics.report(Code::space_terrain, space.header, {space.name, 0});
    else if (const VocabEntry* terrain = v.find(VocabKind::Terrain, space.terrain))
      space.terrain = terrain->id;
    else
      r.unknown(Code::unknown_terrain, space.terrain_range, space.terrain,
                v.names(VocabKind::Terrain));
    if (space.place.number != 0) {
      const Paragraph* p = r.book.paragraph(space.place.number);
      if (!p || p->kind != ParagraphKind::Place)
        r.diagnostics.report(Code::space_place_not_place, space.place.range,
                             {space.name, space.place.number});
    }
    check_place_routes(r, space);
    for (Route& route : space.routes) {
      auto it = index.find(route.to);
      if (it == index.end()) {
        r.unknown(Code::unknown_space, route.range, route.to, names);
        continue;
      }
      route.target = it->second;
      const Space& to = map.spaces[it->second];
      if (to.name == space.name)
        r.diagnostics.report(Code::route_to_self, route.range, {space.name});
      else if (to.place.number != 0 && space.place.number == 0)
        r.diagnostics.report(Code::place_routes, route.range, {to.name, arg::keyword("entered")});
    }
  }
  if (!map.spaces.empty() || !map.rates.empty()) resolve_rates(r, map);
}

} // namespace talebook::resolve
