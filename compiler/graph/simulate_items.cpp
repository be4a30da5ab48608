#include "compiler/graph/simulate_items.hpp"

#include <algorithm>

#include "compiler/graph/graph_reach.hpp"

namespace talebook::simulate {
namespace {

using talebook::engine::PlayCounts;

template <class Map, class Key> std::uint64_t count(const Map& map, const Key& key) {
  auto it = map.find(key);
  return it == map.end() ? 0 : it->second;
}

std::string one_line(std::string_view text) {
  std::string out(text.substr(0, text.find('\n')));
  while (!out.empty() && (out.back() == ' ' || out.back() == '\r'))
    out.pop_back();
  return out;
}

} // namespace

Items::Items(const SimulateRun& run) : run_(run) {
  const PlayCounts& c = run.counts;
  const talebook::BookGraph& g = run.graph;
  // What play can reach: the rules and every chart lead to, or (--from) the one paragraph.
  const talebook::GraphReach reach = run.options.from
                                         ? talebook::reach_from(g, run.book, *run.options.from)
                                         : talebook::reach_in_play(g, run.book);
  const std::uint8_t by = run.options.from ? talebook::reach_rules : talebook::reach_charts;
  for (std::size_t pi = 0; pi < run.book.paragraphs.size(); ++pi) {
    const talebook::Paragraph& p = run.book.paragraphs[pi];
    Item& item = add(What::Paragraph, p.header(), count(c.paragraphs, p.number));
    item.paragraph = p.number;
    item.kind = talebook::keyword(p.kind);
    item.reachable = reach.reached(g.paragraph(pi), by);
    for (std::size_t i = 0; i < p.sections.size(); ++i) {
      const talebook::Section& s = p.sections[i];
      // An `Effects:` section says what a held status or treasure does: the
      // engine enforces it every turn, and never applies it as a section; a
      // quest's `Spaces:` and `Modifiers:` say where and how its table is rolled.
      if (std::any_of(s.conditions.begin(), s.conditions.end(), [](const talebook::Condition& c) {
            return c.kind == talebook::ConditionKind::Effects ||
                   c.kind == talebook::ConditionKind::Spaces ||
                   c.kind == talebook::ConditionKind::Modifiers;
          }))
        continue;
      Item& section = add(What::Section, s.heading().valid() ? s.heading() : s.range(),
                          count(c.sections, std::pair{p.number, i}));
      section.paragraph = p.number;
      section.index = i;
      section.label = s.heading().valid() ? one_line(run.sources.text(s.heading())) : "";
    }
    if (!p.chart) continue;
    for (std::size_t i = 0; i < p.chart->entries.size(); ++i) {
      const talebook::ChartEntry& e = p.chart->entries[i];
      Item& line = add(What::ChartLine, e.range, count(c.chart_lines, std::pair{p.number, i}));
      line.paragraph = p.number;
      line.index = i;
      line.label = std::to_string(e.roll) + ". " + std::string(e.being) + " (" + e.matrix + ")";
    }
  }
  for (const talebook::ReactionMatrix& m : run.book.matrices)
    for (std::size_t r = 0; r < m.rows.size(); ++r)
      for (std::size_t k = 0; k < m.rows[r].cells.size(); ++k) {
        const talebook::MatrixCell& cell = m.rows[r].cells[k];
        if (cell.kind == talebook::CellKind::Forbidden) continue; // never an option
        Item& item = add(What::Cell, cell.range,
                         count(c.cells, std::tuple{m.letter, static_cast<std::uint32_t>(r),
                                                   static_cast<std::uint32_t>(k)}));
        item.matrix = m.letter;
        item.row = r;
        item.index = k;
        std::string option = k < m.option_ranges.size()
                                 ? std::string(run.sources.text(m.option_ranges[k]))
                                 : std::to_string(k + 1);
        item.label =
            std::string(1, m.letter) + " " + m.rows[r].adjective + " / " + option +
            (cell.kind == talebook::CellKind::Number ? " " + std::to_string(cell.number) : "");
      }
  // The map: the turns that ended on each space (rule 9).
  for (std::size_t i = 0; i < run.book.map.spaces.size(); ++i) {
    const talebook::Space& s = run.book.map.spaces[i];
    Item& item = add(What::Space, s.header, count(c.spaces, static_cast<std::uint32_t>(i)));
    item.index = i;
    item.label = s.name;
  }
}

// (the spaces of the map follow the cells: Items::Items)
std::pair<std::string, std::uint32_t> Items::where(std::uint32_t number) const {
  for (const Item& i : all)
    if (i.what == What::Paragraph && i.paragraph == number) return {i.file, i.line};
  return {"", 0};
}

Item& Items::add(What what, talebook::SourceRange range, std::uint64_t hits) {
  Item item;
  item.what = what;
  item.hits = hits;
  if (range.valid()) {
    const talebook::SourceFile& f = run_.sources.file(range.file);
    item.file = f.path();
    item.line = f.position(range.begin).line;
  }
  all.push_back(std::move(item));
  return all.back();
}

Tally tally(const Items& items, What what, const char* kind, bool reachable) {
  Tally t;
  for (const Item& i : items.all)
    if (i.what == what && (!kind || i.kind == kind) && (!reachable || i.reachable)) {
      ++t.total;
      t.hit += i.hits > 0;
    }
  return t;
}

} // namespace talebook::simulate
