// The map against the rest of the book (rule 9): every space reached from the
// start, every city card a city of the map, every quest space a space of it.
// The map's own errors (routes, rates, the start) are the resolver's
// (compiler/resolve/resolve_map.cpp).
#include <set>
#include <string>
#include <vector>

#include "compiler/check/checks.hpp"

namespace talebook {
namespace {

// The spaces a character can stand on from the start: every route is walked
// both ways (a place's `Exit` is entered against its arrow, with an opportunity).
std::vector<bool> reached(const WorldMap& map) {
  std::vector<std::vector<std::uint32_t>> next(map.spaces.size());
  std::vector<std::uint32_t> todo;
  for (std::uint32_t i = 0; i < map.spaces.size(); ++i) {
    for (const Route& r : map.spaces[i].routes)
      if (r.target < map.spaces.size()) {
        next[i].push_back(r.target);
        next[r.target].push_back(i);
      }
    if (map.spaces[i].start && todo.empty()) todo.push_back(i);
  }
  std::vector<bool> seen(map.spaces.size(), false);
  for (std::uint32_t i : todo)
    seen[i] = true;
  while (!todo.empty()) {
    const std::uint32_t at = todo.back();
    todo.pop_back();
    for (std::uint32_t n : next[at])
      if (!seen[n]) {
        seen[n] = true;
        todo.push_back(n);
      }
  }
  return seen;
}

// A quest space's condition spans the `Spaces:` line: its own name, where the line has it.
SourceRange narrowed(const CheckContext& c, const Condition& cond) {
  const std::string_view line = c.sources.text(cond.range);
  const std::size_t at = line.find(cond.id.view());
  if (at == std::string_view::npos) return cond.range;
  return {cond.range.file, cond.range.begin + static_cast<std::uint32_t>(at),
          cond.range.begin + static_cast<std::uint32_t>(at + cond.id.size())};
}

} // namespace

void check_map(CheckContext& c) {
  const WorldMap& map = c.book.map;
  if (map.spaces.empty() || map.fallback) return; // a translation's: checked in its source
  bool start = false;
  for (const Space& s : map.spaces)
    start = start || s.start;
  if (start) { // else TB0215 says it
    const std::vector<bool> seen = reached(map);
    for (std::size_t i = 0; i < map.spaces.size(); ++i)
      if (!seen[i] && !map.spaces[i].fallback)
        c.diagnostics.report(Code::unreached_space, map.spaces[i].header, {map.spaces[i].name});
  }
  std::set<std::string, std::less<>> cities, spaces;
  std::vector<std::string> city_names;
  for (const Space& s : map.spaces) {
    spaces.insert(s.name);
    if (s.terrain == "city" && cities.insert(s.name).second) city_names.push_back(s.name);
  }
  for (const Card& card : c.book.cards)
    if (card.kind == CardKind::City && !card.fallback && !cities.count(card.name))
      c.diagnostics.report_unknown(Code::city_card_off_map, card.header, card.name, city_names);
  std::vector<std::string> names(spaces.begin(), spaces.end());
  for (const Paragraph& p : c.book.paragraphs) {
    if (p.kind != ParagraphKind::Quest || p.fallback) continue;
    for (const Section& s : p.sections)
      for (const Condition& cond : s.conditions)
        if (cond.kind == ConditionKind::Space && !spaces.count(cond.id.view()))
          c.diagnostics.report_unknown(Code::quest_space_off_map, narrowed(c, cond), cond.id.view(),
                                       names);
  }
}

} // namespace talebook
